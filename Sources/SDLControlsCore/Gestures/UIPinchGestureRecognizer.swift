import Foundation

/// Recognizes two fingers moving apart or together. Continuous: it begins once their distance
/// changed by ``threshold`` (8 points) **(project choice)**, changes as they move, and ends
/// when one lifts.
///
/// ``scale`` is the distance now over the distance when the second finger went down (the
/// movement that crossed the threshold included, as UIKit's). Distances under 1 point count as
/// 1 point **(project choice)**, so two fingers put down on the same spot give a large but
/// finite scale, never NaN. A third finger is ignored.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UIPinchGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// The fingers' distance over their distance at touch-down. Setting it (say to 1 after
    /// applying it) measures from here on; non-finite or non-positive values are ignored.
    open var scale: CGFloat {
        get { currentScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            let old = currentScale
            baseDistance = max(distance, 1) / newValue
            lastScale = newValue
            samples.scale(by: old > 0 ? newValue / old : 1)   // the velocity, relative, goes on
        }
    }
    /// How fast the scale changes, per second.
    open var velocity: CGFloat { samples.velocity.x }
    /// How much (points) the fingers' distance must change for the pinch to begin **(project choice)**.
    public static let threshold: CGFloat = 8

    private var baseDistance: CGFloat = 1
    private var startDistance: CGFloat = 0
    private var samples = MotionSamples()

    private var distance: CGFloat {
        let down = trackedTouches.prefix(2)
        guard down.count == 2 else { return startDistance }
        let a = down[down.startIndex].locationInWindow, b = down[down.startIndex + 1].locationInWindow
        return hypot(b.x - a.x, b.y - a.y)
    }

    private var currentScale: CGFloat {
        guard trackedTouches.count >= 2 else { return storedState == .possible ? 1 : lastScale }
        let s = max(distance, 1) / max(baseDistance, 1e-6)
        return s.isFinite ? s : 1
    }
    private var lastScale: CGFloat = 1

    /// Follows the touches that went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where trackedTouches.count > 2 { ignore(touch, for: event) }
        guard trackedTouches.count == 2, storedState == .possible else { return }
        startDistance = distance
        baseDistance = max(startDistance, 1)
        samples.removeAll()
        samples.record(CGPoint(x: 1, y: 0), at: touches.first?.timestamp ?? 0)
    }

    /// Follows the touches that moved.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard trackedTouches.count == 2 else { return }
        lastScale = currentScale
        samples.record(CGPoint(x: lastScale, y: 0), at: touches.first?.timestamp ?? 0)
        if storedState.isActive { return state = .changed }
        if storedState == .possible && abs(distance - startDistance) >= Self.threshold { state = .began }
    }

    /// Follows the touches that lifted.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endAsAFingerLifts()
    }

    /// Clears what it measured, for the next gesture.
    open override func reset() {
        super.reset()
        baseDistance = 1
        startDistance = 0
        lastScale = 1
        samples.removeAll()
    }
}
