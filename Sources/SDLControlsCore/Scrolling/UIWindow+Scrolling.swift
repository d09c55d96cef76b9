import Foundation

/// The window's entry points for scrolling that is not a drag: a wheel or trackpad over a
/// point, and keys that no responder used.
extension UIWindow {
    /// Scrolls the scroll view under `location` (window points) by `delta`, the distance the
    /// content offset should move in points (positive `y` shows content further down, as a
    /// wheel turned towards the user does on most systems; the host converts its wheel's sign
    /// and notches to points). `isPrecise` deltas (a trackpad, a high-resolution wheel) apply at
    /// once; notched ones glide there smoothly on the frame clock and add up.
    ///
    /// The scroll view is the nearest one, from the view hit-tested at `location` outwards,
    /// that can scroll along the delta's axes (so a sideways wheel over a vertical list reaches
    /// a horizontal scroll view around it). Returns whether one took the delta: the host's
    /// "consumed" answer. Non-finite or zero input does nothing and returns false.
    @discardableResult
    public func sendScroll(_ delta: CGPoint, at location: CGPoint, isPrecise: Bool) -> Bool {
        inputGeneration &+= 1
        guard delta.x.isFinite, delta.y.isFinite, location.x.isFinite, location.y.isFinite, delta != .zero else { return false }
        var v = hitTest(convert(location, from: nil), with: nil)
        return gestureArena.handling {
            while let view = v {
                // A pan recognizer that takes scrolls, nearer the pointer, comes first (the
                // scroll view's own pan is its dragging, not a wheel pan).
                if let storage = view.gestureStorage {
                    for case let pan as UIPanGestureRecognizer in storage.recognizers where !pan.isDrivenExternally
                        && pan.takeScroll(delta, precise: isPrecise, at: location, time: frameClock.currentTime) {
                        return true
                    }
                }
                if let scroll = view as? UIScrollView, scroll.applyScrollDelta(delta, isPrecise: isPrecise) { return true }
                v = view.superview
            }
            return false
        }
    }

    /// Scrolls for a navigation key that reached the window unused (Page Up/Down, Home/End, and
    /// arrows that moved no focus): the scroll views enclosing the focused view (or the first
    /// responder) get it first, nearest first; then, for Page Up/Down and Home/End, or for any
    /// of them when nothing is focused, every visible scroll view in the window from the
    /// front-most back **(project choice: UIKit leaves it to the focused scroll view)**.
    /// Returns whether one scrolled.
    func scrollForKey(_ key: UIKey) -> Bool {
        switch key.keyCode {
        case .keyboardPageUp, .keyboardPageDown, .keyboardHome, .keyboardEnd,
             .keyboardUpArrow, .keyboardDownArrow, .keyboardLeftArrow, .keyboardRightArrow:
            break
        default:
            return false
        }
        if let start = storedFocusedView ?? (storedFirstResponder as? UIView), start.window === self {
            var v: UIView? = start
            while let view = v {
                if let scroll = view as? UIScrollView, scroll.isVisibleInWindow, scroll.handleScrollKey(key) { return true }
                v = view.superview
            }
            // Arrows stay with the focused view's surroundings; page keys reach the main list.
            switch key.keyCode {
            case .keyboardPageUp, .keyboardPageDown, .keyboardHome, .keyboardEnd: break
            default: return false
            }
        }
        return scrollFrontMost(self, key: key)
    }

    private func scrollFrontMost(_ view: UIView, key: UIKey) -> Bool {
        guard !view.isHidden, view.alpha >= UIView.minimumHitTestAlpha else { return false }
        for sub in view.subviews.reversed() where scrollFrontMost(sub, key: key) { return true }
        if let scroll = view as? UIScrollView, scroll.isUserInteractionEnabled { return scroll.handleScrollKey(key) }
        return false
    }
}
