import Foundation

/// The touch plumbing behind the tracking methods (rules C2–C9). Read in order: a touch
/// goes down (`handleTouchesBegan`), moves, and lifts or is cancelled; each step calls the
/// overridable hook and then sends control events through `sendActions(for:with:)`.
extension UIControl {
    func handleTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // One tracked touch at a time; others (multiple-touch controls) are ignored.
        guard trackingTouch == nil, let touch = touches.first(where: { $0.phase == .began }) ?? touches.first else { return }
        guard beginTracking(touch, with: event) else { return }   // C3: nothing for this touch
        trackingTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown, with: event)                   // C2
        if touch.tapCount >= 2 {
            sendActions(for: .touchDownRepeat, with: event)
        }
    }

    func handleTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        guard continueTracking(touch, with: event) else {
            // C5: tracking ends at once. endTracking is still called (project choice), so
            // every tracked touch ends in exactly one of endTracking or cancelTracking.
            endTracking(touch, with: event)
            finishTracking()
            return
        }
        guard isTracking else { return }   // the hook may have cancelled tracking itself
        let inside = isInsideSlop(touch)
        let changed = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if changed {
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)
        }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)   // C4
    }

    func handleTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        let inside = isInsideSlop(touch)
        if inside != isTouchInside {
            isTouchInside = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)    // C6
        }
        endTracking(touch, with: event)
        trackingTouch = nil
        isTracking = false
        isHighlighted = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside, with: event)
        isTouchInside = false
    }

    func handleTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        cancelTracking(with: event)   // C7 (C8: event is nil when the control left its window)
        // An override that forgot super must not leave the control stuck tracking.
        finishTracking()
    }

    /// Clears the tracking state without sending anything.
    func finishTracking() {
        trackingTouch = nil
        isTracking = false
        isHighlighted = false
        isTouchInside = false
    }

    /// Whether the touch is within the bounds grown by ``touchSlopMargin`` (rule C4).
    func isInsideSlop(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -UIControl.touchSlopMargin, dy: -UIControl.touchSlopMargin)
            .contains(touch.location(in: self))
    }
}
