import Foundation

/// Touch routing: turns contact samples into UITouch life cycles delivered to views.
///
/// - A touch is hit-tested once, when it begins, and belongs to that view until it ends
///   (rule C11). Touches no view takes are remembered so their later samples are ignored.
/// - Gesture recognizers on the hit view and its superviews see each phase before the view;
///   one that recognizes can cancel the view's touch or hold back its beginning or end
///   (`Gestures/GestureArena.swift`). Their targets run once the sample was handled.
/// - A second touch on a view that already has one is not delivered unless the view has
///   `isMultipleTouchEnabled` (C11), though its recognizers still get it (a pinch). A view
///   with `isExclusiveTouch` that has a touch blocks new touches elsewhere in the window and
///   gets none while others are active (C11).
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
        // Recognizers' targets run, and views get the touches they no longer hold, once the
        // sample was handled (GestureArena.swift).
        gestureArena.handling { route(sample) }
    }

    private func route(_ sample: TouchSample) {
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
            refreshEventTouches()
            gestureArena.touchMoved(touch)   // recognizers first
            gestureArena.releaseHolds()      // then what they decided, before this move
            guard activeTouches[sample.id] === touch else { return }
            // Scroll views drag with it even when its content left or is held back
            // (UIWindow+ScrollTouches.swift); true means the content doesn't get the move.
            if touch.scrollTracking != nil, scrollTouchMoved(touch) { return }
            guard let view = touch.view, !touch.heldBegan, !touch.gestureCancelledView else { return }
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
        gestureArena.handling {
            for touch in touches where activeTouches[touch.contactID] === touch && !(touch.isEnding && touch.view != nil) {
                end(touch, phase: .cancelled, at: lastTimestamp)
            }
            gestureArena.cancelAll()
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
        let hit = hitTest(convert(sample.location, from: nil), with: touchEvent)
        var target = hit
        var recognizerHit = hit
        if let view = hit, let block = blocking(view, newTouch: touch) {
            target = nil
            // A busy view without multiple touch doesn't get a second touch, but its
            // recognizers do (a pinch); an exclusive touch elsewhere keeps it from everything.
            if block == .exclusive { recognizerHit = nil }
        }
        touch.view = target
        // A touch hides the focus ring; focus follows it to a focusable view, or clears. A
        // right or middle click leaves focus alone (it presses nothing).
        if touch.isPrimaryPress { focusFollowTouch(on: target) }
        if let view = target {
            // Taps are counted among primary presses: a right or middle click is a tap of its own
            // and breaks a run (a right click then a click is no double tap).
            touch.tapCount = touch.isPrimaryPress ? tapCount(for: view, at: sample.location, time: time) : 1
        }
        gestureArena.touchBegan(touch, hit: recognizerHit)   // recognizers first
        // What the recognizers just decided reaches views before this touch does (a double
        // tap that failed on this down gives the first tap's end to its button first).
        gestureArena.releaseHolds()
        guard let view = target, !touch.gestureCancelledView else { return }
        if touch.heldBegan {
            // Scroll views still watch a touch a recognizer holds back from their content
            // (they may drag with it); the content waits for the recognizer.
            _ = scrollTouchBegan(touch, on: view)
            return
        }
        deliverBegan(touch)
    }

    /// Gives the touch's view `touchesBegan` (through the scroll views around it, if any).
    private func deliverBegan(_ touch: UITouch) {
        guard let view = touch.view else { return }
        // Inside scroll views the content's touchesBegan may wait (UIWindow+ScrollTouches.swift).
        if scrollTouchBegan(touch, on: view) { return }
        touch.viewBegan = true
        view.touchesBegan([touch], with: touchEvent)
    }

    private func end(_ touch: UITouch, phase: UITouch.Phase, at time: TimeInterval) {
        touch.phase = phase
        touch.timestamp = time
        touchEvent.timestamp = time
        refreshEventTouches()
        let held = gestureArena.touchEnded(touch)   // recognizers first
        // Scroll views see the end now (a drag ends with the finger); a touch a scroll view
        // took (or whose content never got it) ends there instead of in the content.
        let viewGetsIt: Bool
        if let tracking = touch.scrollTracking {
            // Content still held back by a recognizer gets its beginning, then this end, later.
            viewGetsIt = (scrollTouchEnded(touch) || (touch.heldBegan && tracking.content == .pending)) && touch.view != nil
        } else {
            viewGetsIt = (touch.viewBegan || touch.heldBegan) && touch.view != nil
        }
        if phase == .ended, viewGetsIt, let view = touch.view {
            lastTap = touch.isPrimaryPress ? (Weak(view), touch.locationInWindow, time, touch.tapCount) : nil
        }
        touch.endGoesToView = viewGetsIt
        gestureArena.releaseHolds()   // what the recognizers decided, this touch's held phases included
        if !held { deliverEnd(touch) }
        // Remove after delivery, so the event still lists the touch while it is handled.
        if activeTouches[touch.contactID] === touch { activeTouches[touch.contactID] = nil }
        touchOrder.removeAll { $0 === touch }
        refreshEventTouches()
    }

    /// Gives the touch's view its last phase (unless a recognizer cancelled it there): when it
    /// lifts, or when the recognizers that held its end are decided.
    func deliverEnd(_ touch: UITouch) {
        if touch.endGoesToView, !touch.gestureCancelledView, !touch.viewFinished, let view = touch.view {
            touch.viewFinished = true
            if touch.phase == .ended {
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
    }

    /// A `delaysTouchesBegan` recognizer failed: the view gets the touch now. One that lifted
    /// meanwhile begins in its view just before its held end.
    func deliverHeldBegan(_ touch: UITouch) {
        guard !touch.gestureCancelledView, let view = touch.view else { return }
        let isDown = activeTouches[touch.contactID] === touch && !touch.isEnding
        if let tracking = touch.scrollTracking {
            // Inside scroll views the content gets it as they allow: now, or when their own
            // delay is over (its timer delivers it), never once a drag took it.
            if isDown {
                if tracking.delayTimer == nil { deliverPendingContent(touch) }
                return
            }
            guard tracking.content == .pending else { return }
            tracking.content = .delivered
        } else if isDown {
            deliverBegan(touch)
            return
        }
        let phase = touch.phase
        touch.phase = .began
        touch.viewBegan = true
        view.touchesBegan([touch], with: touchEvent)
        if touch.phase == .began { touch.phase = phase }
    }

    /// A recognizer recognized with `cancelsTouchesInView`: the touch's view gets
    /// `touchesCancelled` if it had the touch (a control sends `touchCancel`), and nothing more
    /// of it; content inside scroll views that was still waiting never gets it.
    func cancelViewDelivery(of touch: UITouch) {
        guard !touch.gestureCancelledView else { return }
        touch.gestureCancelledView = true
        touch.heldBegan = false
        if let tracking = touch.scrollTracking {
            tracking.delayTimer?.invalidate()
            tracking.delayTimer = nil
            switch tracking.content {
            case .pending:
                tracking.content = .withheld
            case .delivered:
                tracking.content = .cancelled
                touch.viewFinished = true
                cancel(touch, in: touch.view)
            case .withheld, .cancelled:
                break
            }
        } else if touch.viewBegan, !touch.viewFinished {
            touch.viewFinished = true
            cancel(touch, in: touch.view)
        }
        if let control = touch.trackingControl, control.trackingTouch === touch {
            control.handleTouchesCancelled([touch], with: nil)
        }
    }

    /// Tells `view` the touch was cancelled, reporting the cancelled phase while it does.
    private func cancel(_ touch: UITouch, in view: UIView?) {
        guard let view else { return }
        let phase = touch.phase
        touch.phase = .cancelled
        refreshEventTouches()
        view.touchesCancelled([touch], with: touchEvent)
        if touch.phase == .cancelled { touch.phase = phase }
    }

    /// A held touch whose view is leaving the window: a view that had it gets
    /// `touchesCancelled` with a nil event (rule C8), and it is forgotten.
    func dropHeld(_ touch: UITouch) {
        let view = touch.view
        touch.view = nil
        if touch.viewBegan, !touch.viewFinished, let view {
            touch.viewFinished = true
            touch.phase = .cancelled
            view.touchesCancelled([touch], with: nil)
        }
    }

    func refreshEventTouches() {
        touchEvent.touchList = touchOrder
        var mask: UIEvent.ButtonMask = []
        for t in touchOrder { mask.formUnion(t.buttonMask) }
        touchEvent.buttonMask = mask
    }

    private enum Blocking { case busy, exclusive }

    /// Rule C11: busy single-touch views and exclusive-touch views.
    private func blocking(_ view: UIView, newTouch: UITouch) -> Blocking? {
        var result: Blocking?
        for other in touchOrder where other !== newTouch {
            guard let otherView = other.view else { continue }
            if otherView !== view && (otherView.isExclusiveTouch || view.isExclusiveTouch) { return .exclusive }
            if otherView === view && !view.isMultipleTouchEnabled { result = .busy }
        }
        return result
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
