import Foundation

/// Recognizes two fingers turning around each other. Continuous: it begins once they turned
/// ``threshold`` (0.07 radians, about 4°) **(project choice)**, changes as they turn, and ends
/// when one lifts.
///
/// ``rotation`` is in radians, clockwise positive (the window's y axis points down), measured
/// from the touch-down of the second finger and accumulated across turns (two full turns read
/// 4π). While the fingers are less than 1 point apart their angle is not measured
/// **(project choice)**, so the rotation never jumps or turns NaN. A third finger is ignored.
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UIRotationGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// The angle turned, in radians. Setting it measures on from that value; non-finite
    /// values are ignored.
    open var rotation: CGFloat {
        get { total }
        set {
            guard newValue.isFinite else { return }
            samples.shift(by: CGPoint(x: newValue - total, y: 0))   // the velocity goes on
            total = newValue
        }
    }
    /// How fast the rotation changes, in radians per second.
    open var velocity: CGFloat { samples.velocity.x }
    /// How far (radians) the fingers must turn for the rotation to begin **(project choice)**.
    public static let threshold: CGFloat = 0.07

    private var total: CGFloat = 0
    private var lastAngle: CGFloat?
    private var samples = MotionSamples()

    private var angle: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        guard hypot(b.x - a.x, b.y - a.y) >= 1 else { return nil }
        return atan2(b.y - a.y, b.x - a.x)
    }

    /// Follows the touches that went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where trackedTouches.count > 2 { ignore(touch, for: event) }
        guard trackedTouches.count == 2, storedState == .possible else { return }
        total = 0
        lastAngle = angle
        samples.removeAll()
        samples.record(.zero, at: touches.first?.timestamp ?? 0)
    }

    /// Follows the touches that moved.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard trackedTouches.count == 2, let now = angle else { return }
        if let last = lastAngle {
            var d = now - last
            if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
            total += d
        }
        lastAngle = now
        samples.record(CGPoint(x: total, y: 0), at: touches.first?.timestamp ?? 0)
        if storedState.isActive { return state = .changed }
        if storedState == .possible && abs(total) >= Self.threshold { state = .began }
    }

    /// Follows the touches that lifted.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endAsAFingerLifts()
    }

    /// Clears what it measured, for the next gesture.
    open override func reset() {
        super.reset()
        total = 0
        lastAngle = nil
        samples.removeAll()
    }
}
