import Foundation

/// Recognizes the pointer hovering over its view (no button held): it begins when the
/// pointer enters, changes as it moves, and ends when it leaves. While a button is held the
/// hover stays where the press began (see ``UIWindow/hoverLocation``). Fingers never hover. ``UIGestureRecognizer/location(in:)`` is
/// the pointer's location.
@MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UIHoverGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// Hover recognizers take no touches.
    override func accepts(_ touch: UITouch) -> Bool { false }

    /// The pointer is over the view at `location` (window points), or left it (nil).
    func hover(at location: CGPoint?) {
        guard isEnabled else { return }
        if let location {
            lastLocationInWindow = location
            if storedState == .possible {
                // Begins now or tries again with the next move: one that waited could begin
                // after the pointer left, with nothing to end it.
                _ = view?.window?.gestureArena.tryToBegin(self)
            } else if storedState.isActive {
                state = .changed
            }
        } else if storedState.isActive {
            state = .ended
        }
    }
}
