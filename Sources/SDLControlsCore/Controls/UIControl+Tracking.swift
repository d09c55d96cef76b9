import Foundation

/// The touch plumbing behind the tracking methods (rules C2–C9). Read in order: a touch
/// goes down (`handleTouchesBegan`), moves, and lifts or is cancelled; each step calls the
/// overridable hook and then sends control events through `sendActions(for:with:)`.
extension UIControl {
    func handleTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // One tracked touch at a time; others (multiple-touch controls) are ignored.
        guard trackingTouch == nil, let touch = touches.first(where: { $0.phase == .began }) ?? touches.first else { return }
        guard beginTracking(touch, with: event) else { return }   // C3: nothing for this touch
        if touch.phase == .cancelled || touch.phase == .ended {
            // The hook ended the touch itself (it removed the control from its window, or
            // cancelled every touch): close the accepted touch at once, so the control is not
            // left tracking a touch that will never come back. Nothing was sent, so neither is
            // touchCancel (the base cancelTracking sends it only while tracking).
            cancelTracking(with: nil)
            finishTracking()
            return
        }
        trackingTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown, with: event)                   // C2
        // An immediate-mode touchDown action may have cancelled tracking already.
        if touch.tapCount >= 2, trackingTouch === touch {
            sendActions(for: .touchDownRepeat, with: event)
        }
    }

    func handleTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        let keepTracking = continueTracking(touch, with: event)
        // The hook may have cancelled tracking itself (cancelTracking, or removing the control
        // from its window): that was this touch's one ending.
        guard isTracking, trackingTouch === touch else { return }
        guard keepTracking else {
            // C5: tracking ends at once. endTracking is still called (project choice), so
            // every tracked touch ends in exactly one of endTracking or cancelTracking.
            trackingTouch = nil   // a cancel from inside endTracking finds nothing to cancel
            endTracking(touch, with: event)
            finishTracking()
            return
        }
        let inside = isInsideSlop(touch)
        let changed = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if changed {
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)
            // An immediate-mode action may have cancelled tracking: nothing more for this move.
            guard trackingTouch === touch else { return }
        }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)   // C4
    }

    func handleTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        let inside = isInsideSlop(touch)
        if inside != isTouchInside {
            isTouchInside = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)    // C6
            // An immediate-mode action may have cancelled tracking: then it is not also ended.
            guard trackingTouch === touch else { return }
        }
        // Cleared before endTracking, so a cancel caused from inside it (the control removing
        // itself from its window) finds nothing to cancel: the touch ends exactly once.
        trackingTouch = nil
        endTracking(touch, with: event)
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
