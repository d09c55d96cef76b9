import Foundation
import SDLControls

/// A volume dial: a custom control drawn once, upright, and turned with ``UIView/transform``
/// to show its value. A drag turns it by the angle the finger sweeps around its centre, so the
/// grip stays under the finger; turning redraws nothing (the cached drawing is placed turned).
/// Sends valueChanged while dragged (its primary action follows).
@MainActor
final class VolumeDial: UIControl {
    /// 0…1; at 0.5 the dial is upright (its transform is the identity).
    private(set) var value: CGFloat = 0.5
    /// The dial's travel: 270°, from −135° (value 0) to +135° (value 1), 0° pointing up.
    static let sweep: CGFloat = 1.5 * .pi
    private var lastAngle: CGFloat?

    /// The turn that shows `value`.
    static func angle(for value: CGFloat) -> CGFloat { (value - 0.5) * sweep }

    override var primaryControlEvent: Event? { .valueChanged }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var accessibilityValue: String? {
        get { "\(Int((value * 100).rounded()))%" }
        set {}
    }
    override var focusRingCornerRadius: CGFloat { bounds.width / 2 }

    /// Sets the value and turns the dial to it: at once, or over a short ease-out (keys and
    /// controllers step it; a drag follows the finger exactly).
    func setValue(_ v: CGFloat, animated: Bool) {
        let c = v.isFinite ? min(1, max(0, v)) : value
        guard c != value else { return }
        value = c
        let turn = { self.transform = CGAffineTransform(rotationAngle: VolumeDial.angle(for: c)) }
        if animated {
            UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: turn)
        } else {
            turn()
        }
    }

    /// The finger's angle around the dial's centre, measured in the superview: there the
    /// centre doesn't move as the dial turns under the finger.
    private func angle(of touch: UITouch) -> CGFloat? {
        let p = touch.location(in: superview)
        let dx = p.x - center.x, dy = p.y - center.y
        guard dx * dx + dy * dy >= 12 * 12 else { return nil }   // too near the centre to tell a direction
        return atan2(dy, dx)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        lastAngle = angle(of: touch)
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let a = angle(of: touch) else { return true }
        guard let last = lastAngle else {
            lastAngle = a
            return true
        }
        var delta = a - last
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        lastAngle = a
        let old = value
        setValue(value + delta / VolumeDial.sweep, animated: false)
        if value != old { sendActions(for: .valueChanged) }
        return true
    }

    override func accessibilityIncrement() {
        setValue(value + 0.1, animated: true)
        sendActions(for: .valueChanged)
    }

    override func accessibilityDecrement() {
        setValue(value - 0.1, animated: true)
        sendActions(for: .valueChanged)
    }

    /// Drawn upright, the grip at the top; the transform turns it. (``UIControl`` redraws it when
    /// its state changes.)
    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        let face = b.insetBy(dx: 4, dy: 4)
        ctx.fillShadow(face.offsetBy(dx: 0, dy: 2), radius: face.width / 2, blur: 6, color: Theme.shadow)
        ctx.fillEllipse(in: face, color: isHighlighted ? Theme.controlFillPressed : Theme.thumbFill)
        ctx.strokeEllipse(in: face, width: 1, color: Theme.fieldBorder)
        ctx.strokeEllipse(in: face.insetBy(dx: 10, dy: 10), width: 1, color: Theme.trackFill)
        let ink: UIColor = isEnabled ? tintColor : .systemGray
        ctx.fillRoundedRect(CGRect(x: b.midX - 3, y: face.minY + 8, width: 6, height: 20), radius: 3, color: ink)
    }
}

/// The scale around a ``VolumeDial``: ticks along its 270° travel, lit up to its value. It
/// doesn't turn; it redraws when the value changes.
@MainActor
final class DialScale: UIView {
    /// 0…1.
    var value: CGFloat = 0 { didSet { if oldValue != value { setNeedsDisplay() } } }
    static let ticks = 28

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        let outer = min(bounds.width, bounds.height) / 2 - 2
        let lit = Int((value * CGFloat(DialScale.ticks - 1)).rounded())
        for i in 0..<DialScale.ticks {
            let t = CGFloat(i) / CGFloat(DialScale.ticks - 1)
            let a = VolumeDial.angle(for: t)
            let long = i % 9 == 0
            let inner = outer - (long ? 11 : 7)
            // 0° points up; positive angles turn clockwise (y points down), as transforms do.
            let from = CGPoint(x: c.x + sin(a) * inner, y: c.y - cos(a) * inner)
            let to = CGPoint(x: c.x + sin(a) * outer, y: c.y - cos(a) * outer)
            ctx.strokeLine(from: from, to: to, width: 3, color: i <= lit ? tintColor : .systemGray4)
        }
    }
}

/// A rounded panel with a title, a caption and a body the sample lays out.
@MainActor
final class MotionCard: UIView {
    let titleLabel = UILabel()
    let captionLabel = UILabel()
    let body = LayoutView()
    /// The body's height.
    let bodyHeight: CGFloat
    static let padding: CGFloat = 16

    init(title: String, caption: String, bodyHeight: CGFloat) {
        self.bodyHeight = bodyHeight
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        cornerRadius = 14
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        captionLabel.text = caption
        captionLabel.font = .systemFont(ofSize: 13)
        captionLabel.textColor = .secondaryLabel
        captionLabel.numberOfLines = 0
        for v in [titleLabel, captionLabel, body] { addSubview(v) }
    }

    /// The height the card needs at a width.
    func height(forWidth width: CGFloat) -> CGFloat {
        let inner = max(0, width - 2 * MotionCard.padding)
        let title = titleLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        let caption = captionLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        return MotionCard.padding + title + 2 + caption + 14 + bodyHeight + MotionCard.padding
    }

    override func layoutSubviews() {
        let p = MotionCard.padding
        let inner = max(0, bounds.width - 2 * p)
        let title = titleLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        titleLabel.frame = CGRect(x: p, y: p, width: inner, height: title)
        let caption = captionLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        captionLabel.frame = CGRect(x: p, y: titleLabel.frame.maxY + 2, width: inner, height: caption)
        // A card taller than it needs (its row's other card is taller) centres its body below the text.
        let top = captionLabel.frame.maxY + 14
        let room = bounds.height - p - top
        body.frame = CGRect(x: p, y: top + max(0, ((room - bodyHeight) / 2).rounded(.down)), width: inner, height: bodyHeight)
    }
}

/// A plain container that lays out its subviews with a closure, and measures its height at a
/// width with another (for a scroll view's content).
@MainActor
final class LayoutView: UIView {
    var onLayout: ((CGRect) -> Void)?
    var onMeasure: ((CGFloat) -> CGFloat)?
    override func layoutSubviews() { onLayout?(bounds) }

    override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                          verticalFittingPriority: UILayoutPriority) -> CGSize {
        guard let onMeasure else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                 verticalFittingPriority: verticalFittingPriority)
        }
        return CGSize(width: targetSize.width, height: onMeasure(targetSize.width))
    }
}

/// The square the property animator moves: a star on a rounded plate, so its turn shows.
@MainActor
final class MotionToken: UIView {
    let star = UILabel()
    static let side: CGFloat = 48
    static let startColor = UIColor.systemBlue
    static let endColor = UIColor.systemPink
    static let startRadius: CGFloat = 12

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = MotionToken.startColor
        cornerRadius = MotionToken.startRadius
        star.text = "★"
        star.font = .systemFont(ofSize: 24)
        star.textColor = .white
        star.textAlignment = .center
        star.isAccessibilityElement = false   // decoration
        addSubview(star)
    }

    override func layoutSubviews() { star.frame = bounds }
}

/// The slide-in menu's panel: a title, a line of help and a column of buttons.
@MainActor
final class MenuPanel: UIView {
    let titleLabel = UILabel()
    let helpLabel = UILabel()
    let buttons: [UIButton]
    /// The hairline along the panel's open edge.
    private let edge = UIView()

    init(titles: [String]) {
        buttons = titles.enumerated().map { i, title in
            let b = UIButton(configuration: i == 0 ? .filled() : .gray())
            b.setTitle(title, for: .normal)
            return b
        }
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        titleLabel.text = "Menu"
        titleLabel.font = .systemFont(ofSize: 22, weight: .bold)
        helpLabel.text = "It slid in on a spring. Tap outside or pick an item to close it."
        helpLabel.font = .systemFont(ofSize: 13)
        helpLabel.textColor = .secondaryLabel
        helpLabel.numberOfLines = 0
        edge.backgroundColor = .separator
        for v in [titleLabel, helpLabel, edge] as [UIView] + buttons { addSubview(v) }
    }

    override func layoutSubviews() {
        let b = bounds
        let inner = max(0, b.width - 40)
        let title = titleLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        titleLabel.frame = CGRect(x: 20, y: 22, width: inner, height: title)
        let help = helpLabel.sizeThatFits(CGSize(width: inner, height: 0)).height
        helpLabel.frame = CGRect(x: 20, y: titleLabel.frame.maxY + 6, width: inner, height: help)
        var y = helpLabel.frame.maxY + 20
        for button in buttons {
            button.frame = CGRect(x: 20, y: y, width: inner, height: 44)
            y += 54
        }
        edge.frame = CGRect(x: b.width - 1, y: 0, width: 1, height: b.height)
    }
}
