import Foundation

/// Touch routing: turns contact samples into UITouch life cycles delivered to views.
///
/// - A touch is hit-tested once, when it begins, and belongs to that view until it ends
///   (rule C11). Touches no view takes are remembered so their later samples are ignored.
/// - A second touch on a view that already has one is not delivered unless the view has
///   `isMultipleTouchEnabled` (C11). A view with `isExclusiveTouch` that has a touch blocks
///   new touches elsewhere in the window and gets none while others are active (C11).
/// - A pointer touch carries the buttons it holds (``TouchSample/buttonMask``); the event's
///   ``UIEvent/buttonMask`` is their union. A touch that begins without the primary button
///   (a right or middle click) is delivered to the view hit-tested like any other, but
///   controls don't track it, scroll views don't drag with it and focus doesn't follow it.
/// - tapCount counts taps on the same view within ``UIWindow/multiTapInterval`` and
///   ``UIWindow/multiTapDistance`` of the previous tap's end (C12).
///
/// Bad samples have documented, safe outcomes:
/// - NaN or infinite location: a `.began` or `.moved` sample is dropped; an `.ended` keeps
///   the last good location. NaN timestamps reuse the last good one.
/// - A finite location beyond ±``UIView/maximumCoordinate`` is clamped to it (far outside
///   any view), so no later conversion of a touch location can trap.
/// - `.moved`/`.ended`/`.cancelled` for an id that is not down: ignored.
/// - `.began` for an id already down: the old touch is cancelled first, then a new one begins.
/// - `.stationary`: ignored.
extension UIWindow {
    /// Feeds one contact sample (see ``TouchSample``).
    public func send(_ sample: TouchSample) {
        inputGeneration &+= 1
        var sample = sample
        let valid = sample.location.x.isFinite && sample.location.y.isFinite
        if valid {
            sample.location = CGPoint(x: UIView.sanitizedCoordinate(sample.location.x), y: UIView.sanitizedCoordinate(sample.location.y))
        }
        let time = sample.timestamp.isFinite ? sample.timestamp : lastTimestamp
        lastTimestamp = time
        touchEvent.modifierFlags = sample.modifierFlags
        switch sample.phase {
        case .stationary:
            return
        case .began:
            guard valid else { return }
            if let stale = activeTouches[sample.id] {
                end(stale, phase: .cancelled, at: time)
            }
            begin(sample, at: time)
        case .moved:
            guard valid, let touch = activeTouches[sample.id] else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = sample.location
            touch.phase = .moved
            touch.timestamp = time
            touch.buttonMask = sample.buttonMask
            touchEvent.timestamp = time
            guard let view = touch.view else { return }
            refreshEventTouches()
            if scrollTouchMoved(touch) { return }   // a scroll view has it (UIWindow+ScrollTouches.swift)
            view.touchesMoved([touch], with: touchEvent)
        case .ended, .cancelled:
            guard let touch = activeTouches[sample.id] else { return }
            if valid {
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = sample.location
            }
            touch.buttonMask = sample.buttonMask
            end(touch, phase: sample.phase, at: time)
        }
    }

    /// Feeds several samples in order.
    public func send(_ samples: [TouchSample]) {
        for s in samples { send(s) }
    }

    /// Cancels every touch in the window as the system does when the window loses focus or
    /// the app goes to the background: views get `touchesCancelled` with the window's
    /// event, so controls run `cancelTracking(with:)` and send `.touchCancel` (rule C7).
    /// A touch that is being delivered its last phase right now (this is called from inside
    /// `touchesEnded`) is not cancelled as well.
    public func cancelAllTouches() {
        inputGeneration &+= 1
        let touches = touchOrder
        for touch in touches where activeTouches[touch.contactID] === touch && !(touch.isEnding && touch.view != nil) {
            end(touch, phase: .cancelled, at: lastTimestamp)
        }
    }

    /// The live touch of contact `id`, if it is down (its `view` is nil when no view took it).
    public func touch(forContactID id: Int64) -> UITouch? {
        activeTouches[id]
    }

    /// The number of contacts currently down in this window (taken by a view or not).
    public var activeTouchCount: Int { activeTouches.count }

    private func begin(_ sample: TouchSample, at time: TimeInterval) {
        let touch = UITouch(contactID: sample.id, type: sample.type, location: sample.location, timestamp: time, window: self)
        touch.buttonMask = sample.buttonMask
        touch.initialButtonMask = sample.buttonMask
        activeTouches[sample.id] = touch
        touchOrder.append(touch)
        touchEvent.timestamp = time
        refreshEventTouches()
        var target = hitTest(convert(sample.location, from: nil), with: touchEvent)
        if let view = target, isBlocked(view, newTouch: touch) { target = nil }
        touch.view = target
        // A touch hides the focus ring; focus follows it to a focusable view, or clears. A
        // right or middle click leaves focus alone (it presses nothing).
        if touch.isPrimaryPress { focusFollowTouch(on: target) }
        guard let view = target else { return }
        // Taps are counted among primary presses: a right or middle click is a tap of its own
        // and breaks a run (a right click then a click is no double tap).
        touch.tapCount = touch.isPrimaryPress ? tapCount(for: view, at: sample.location, time: time) : 1
        // Inside scroll views the content's touchesBegan may wait (UIWindow+ScrollTouches.swift).
        if scrollTouchBegan(touch, on: view) { return }
        view.touchesBegan([touch], with: touchEvent)
    }

    private func end(_ touch: UITouch, phase: UITouch.Phase, at time: TimeInterval) {
        touch.phase = phase
        touch.timestamp = time
        touchEvent.timestamp = time
        refreshEventTouches()
        // A touch a scroll view took (or whose content never got it) ends there instead.
        let view = scrollTouchEnded(touch) ? touch.view : nil
        if phase == .ended, let view {
            lastTap = touch.isPrimaryPress ? (Weak(view), touch.locationInWindow, time, touch.tapCount) : nil
        }
        if let view {
            if phase == .ended {
                view.touchesEnded([touch], with: touchEvent)
            } else {
                view.touchesCancelled([touch], with: touchEvent)
            }
        }
        // A control that got this touch up the responder chain from a subview, which has since
        // moved out of it, is not reached by the end: its tracking is cancelled here (nil
        // event, as rule C8's), so every tracked touch ends once **(project choice)**.
        if let control = touch.trackingControl, control.trackingTouch === touch {
            control.handleTouchesCancelled([touch], with: nil)
        }
        // Remove after delivery, so the event still lists the touch while it is handled.
        if activeTouches[touch.contactID] === touch { activeTouches[touch.contactID] = nil }
        touchOrder.removeAll { $0 === touch }
        refreshEventTouches()
    }

    func refreshEventTouches() {
        touchEvent.touchList = touchOrder
        var mask: UIEvent.ButtonMask = []
        for t in touchOrder { mask.formUnion(t.buttonMask) }
        touchEvent.buttonMask = mask
    }

    /// Rule C11: busy single-touch views and exclusive-touch views.
    private func isBlocked(_ view: UIView, newTouch: UITouch) -> Bool {
        for other in touchOrder where other !== newTouch {
            guard let otherView = other.view else { continue }
            if otherView === view && !view.isMultipleTouchEnabled { return true }
            if otherView !== view && (otherView.isExclusiveTouch || view.isExclusiveTouch) { return true }
        }
        return false
    }

    /// Rule C12.
    private func tapCount(for view: UIView, at location: CGPoint, time: TimeInterval) -> Int {
        guard let last = lastTap, last.view.value === view else { return 1 }
        let dt = time - last.time
        let dx = location.x - last.location.x, dy = location.y - last.location.y
        guard dt >= 0, dt <= multiTapInterval, (dx * dx + dy * dy).squareRoot() <= multiTapDistance else { return 1 }
        return last.count + 1
    }
}
