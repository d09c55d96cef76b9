import Foundation
import SDLControls

/// A rotary knob: a custom UIControl that tracks a touch, turns the angle around its centre
/// into a value and sends valueChanged while dragged (its primary action follows).
@MainActor
final class RotaryKnob: UIControl {
    /// 0…1.
    private(set) var value: CGFloat = 0.5
    private var lastAngle: CGFloat = 0

    override var primaryControlEvent: Event? { .valueChanged }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var accessibilityValue: String? {
        get { "\(Int((value * 100).rounded()))%" }
        set {}
    }
    override var focusRingCornerRadius: CGFloat { bounds.width / 2 }

    func setValue(_ v: CGFloat) {
        let c = v.isFinite ? min(1, max(0, v)) : value
        if c != value {
            value = c
            setNeedsDisplay()
        }
    }

    private func angle(of touch: UITouch) -> CGFloat {
        let p = touch.location(in: self)
        return atan2(p.y - bounds.midY, p.x - bounds.midX)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        lastAngle = angle(of: touch)
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let a = angle(of: touch)
        var delta = a - lastAngle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        lastAngle = a
        let old = value
        setValue(value + delta / (1.5 * .pi))
        if value != old { sendActions(for: .valueChanged) }
        return true
    }

    override func accessibilityIncrement() {
        setValue(value + 0.05)
        sendActions(for: .valueChanged)
    }

    override func accessibilityDecrement() {
        setValue(value - 0.05)
        sendActions(for: .valueChanged)
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        ctx.fillShadow(b.insetBy(dx: 2, dy: 2).offsetBy(dx: 0, dy: 2), radius: b.width / 2, blur: 6, color: Theme.shadow)
        ctx.fillEllipse(in: b.insetBy(dx: 2, dy: 2), color: isHighlighted ? Theme.controlFillPressed : Theme.controlFill)
        // Disabled, the tinted parts turn grey.
        let ink: UIColor = isEnabled ? tintColor : .systemGray
        ctx.strokeEllipse(in: b.insetBy(dx: 2, dy: 2), width: 4, color: ink.withAlphaComponent(0.35))
        // The pointer: -135° … +135°.
        let a = (-0.75 + 1.5 * value) * .pi - .pi / 2
        let r = b.width / 2 - 12
        let c = CGPoint(x: b.midX, y: b.midY)
        ctx.strokeLine(from: c, to: CGPoint(x: c.x + cos(a) * r, y: c.y + sin(a) * r), width: 5, color: ink)
        ctx.fillEllipse(in: CGRect(x: c.x - 7, y: c.y - 7, width: 14, height: 14), color: ink)
    }
}
