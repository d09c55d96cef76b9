import Foundation

/// How a window shares its touches between gesture recognizers and views, as UIKit does:
///
/// - When a touch begins, the recognizers attached to the view it hit and to every superview
///   up to the window take it, innermost first, if they are enabled, not done with a gesture
///   (`ended`, `cancelled` and `failed` ones take touches again once reset), their touch type
///   matches (``UIGestureRecognizer/requiresExclusiveTouchType``) and their delegate's
///   `shouldReceive` agrees. They see each phase of the touch before the view does.
/// - A recognizer leaving `possible` waits while a recognizer it must wait for
///   (``UIGestureRecognizer/require(toFail:)``, the delegate's and the subclass's failure
///   requirements) may still recognize, and fails if that one recognizes. It fails if a
///   recognizer sharing a touch is already under way and they may not recognize together, or
///   if ``UIView/gestureRecognizerShouldBegin(_:)`` of its view, of the views its touches
///   hit or of the controls between, or its delegate, says no. Once it begins or recognizes, every other recognizer that
///   shares a touch with it and is still `possible` fails, unless a delegate lets the two
///   recognize together.
/// - A recognizer that begins or recognizes with ``UIGestureRecognizer/cancelsTouchesInView``
///   cancels its touches in their views: a view that had the touch gets `touchesCancelled`
///   (a control `cancelTracking` and `touchCancel`), and nothing more of it; a view whose
///   touch was held back never gets it.
/// - While a recognizer with ``UIGestureRecognizer/delaysTouchesBegan`` is `possible`, the
///   view's `touchesBegan` (and what follows) waits; when it fails, the view gets the touch;
///   when it recognizes, the view never does (even without `cancelsTouchesInView`).
///   While one with ``UIGestureRecognizer/delaysTouchesEnded`` (the default) may still
///   recognize, the view's `touchesEnded` waits (a double tap holds the first tap's end).
///   What the recognizers decide reaches views before the touch that made them decide does.
///   A touch a recognizer ignores is neither held nor cancelled by it.
/// - Views and delegates run code while asked: every loop here looks touches and recognizers
///   up again after calling out, and a recognizer taken off (or whose view left) while it was
///   being decided is simply over.
/// - Targets are called once per change, after the input or timer that caused it was handled;
///   a recognizer whose gesture is over goes back to `possible` (``UIGestureRecognizer/reset()``)
///   once none of its touches is down.
@MainActor
final class GestureArena {
    unowned(unsafe) let window: UIWindow
    /// Nesting of input being handled: actions run and holds are released when it returns to 0.
    private var depth = 0
    /// Changes whose targets are still to be called, in order.
    private var queued: [(UIGestureRecognizer, UIGestureRecognizer.State)] = []
    /// Recognizers that took a touch since they were last reset.
    private var engaged: [UIGestureRecognizer] = []
    /// Touches whose view is still owed `touchesBegan` or `touchesEnded`.
    var heldTouches: [UITouch] = []
    /// Whether `settle()` is running (it is not re-entered).
    private var settling = false

    init(window: UIWindow) { self.window = window }

    /// Runs `body` as one piece of input: targets are called and holds released after it.
    func handling<T>(_ body: () -> T) -> T {
        depth += 1
        let result = body()
        depth -= 1
        if depth == 0 { settle() }
        return result
    }

    // MARK: Touches

    /// The recognizers that would take a touch beginning on `hit` (innermost view first).
    func recognizers(for touch: UITouch, hit: UIView) -> [UIGestureRecognizer] {
        var list: [UIGestureRecognizer] = []
        var v: UIView? = hit
        while let view = v {
            if let storage = view.gestureStorage {
                for r in storage.recognizers where accepts(r, touch) { list.append(r) }
            }
            v = view.superview
        }
        return list
    }

    private func accepts(_ r: UIGestureRecognizer, _ touch: UITouch) -> Bool {
        guard r.isEnabled, !r.storedState.isTerminal, r.accepts(touch) else { return false }
        if r.requiresExclusiveTouchType, let type = r.touchType, type != touch.type { return false }
        if let delegate = r.delegate {
            guard delegate.gestureRecognizer(r, shouldReceive: window.touchEvent),
                  delegate.gestureRecognizer(r, shouldReceive: touch) else { return false }
        }
        return true
    }

    /// A touch began on `hit`: the recognizers take it and see its `touchesBegan`; the view's
    /// `touchesBegan` is held (`heldBegan`) while a `delaysTouchesBegan` one is undecided.
    func touchBegan(_ touch: UITouch, hit: UIView?) {
        guard let hit else { return }
        let list = recognizers(for: touch, hit: hit)
        guard !list.isEmpty else { return }
        touch.recognizers = list
        touch.recognizerSequences = list.map(\.sequence)
        touch.isTakenByGestureRecognizers = true
        for r in list {
            r.trackedTouches.append(touch)
            if !r.hasSeenTouches {
                r.hasSeenTouches = true
                engaged.append(r)
            }
            if r.touchType == nil { r.touchType = touch.type }
            if !r.hitViews.contains(where: { $0.value === hit }) { r.hitViews.append(Weak(hit)) }
            r.arenaWindow = window
        }
        let event = window.touchEvent
        for r in list where receives(r, touch) {
            r.touchesBegan([touch], with: event)
        }
        if holdsBegan(touch) {
            touch.heldBegan = true
            if !heldTouches.contains(where: { $0 === touch }) { heldTouches.append(touch) }
        }
    }

    /// The touch moved: its recognizers see it.
    func touchMoved(_ touch: UITouch) {
        guard !touch.recognizers.isEmpty else { return }
        let event = window.touchEvent
        for r in touch.recognizers where receives(r, touch) {
            r.touchesMoved([touch], with: event)
        }
    }

    /// The touch ended or was cancelled (its phase says which): its recognizers see it, then
    /// stop following it. Returns whether the view's `touchesEnded` must wait.
    func touchEnded(_ touch: UITouch) -> Bool {
        if touch.phase == .cancelled { touch.heldBegan = false }   // the view never had it
        guard !touch.recognizers.isEmpty else { return false }
        let event = window.touchEvent
        for r in touch.recognizers where receives(r, touch) {
            if touch.phase == .cancelled {
                r.touchesCancelled([touch], with: event)
            } else {
                r.touchesEnded([touch], with: event)
            }
        }
        for r in touch.recognizers {
            if let i = r.trackedTouches.firstIndex(where: { $0 === touch }) {
                r.lastLocationInWindow = r.centroidInWindow
                r.trackedTouches.remove(at: i)
            }
        }
        if touch.phase == .ended, touch.heldBegan || holdsEnd(touch) {
            touch.heldEnd = true
            if !heldTouches.contains(where: { $0 === touch }) { heldTouches.append(touch) }
            return true
        }
        return false
    }

    /// Whether recognizer `r` is still given `touch`.
    private func receives(_ r: UIGestureRecognizer, _ touch: UITouch) -> Bool {
        r.isEnabled && !r.storedState.isTerminal && r.trackedTouches.contains(where: { $0 === touch })
            && !touch.ignoringRecognizers.contains(where: { $0.value === r })
    }

    /// Whether `touch` belongs to `r`'s current gesture: `r` took it, has not been reset since,
    /// and doesn't ignore it.
    private func isInGesture(_ r: UIGestureRecognizer, of touch: UITouch) -> Bool {
        guard let i = touch.recognizers.firstIndex(where: { $0 === r }) else { return false }
        return r.sequence == touch.recognizerSequences[i] && !touch.ignoringRecognizers.contains(where: { $0.value === r })
    }

    /// Whether `r` may still recognize the gesture `touch` is part of.
    private func isUndecided(_ r: UIGestureRecognizer, for touch: UITouch) -> Bool {
        r.storedState == .possible && r.isEnabled && r.view != nil && isInGesture(r, of: touch)
    }

    /// Whether a recognizer still holds `touch`'s beginning (`delaysTouchesBegan`) or its end
    /// (`delaysTouchesEnded`) from its view.
    private func holdsBegan(_ touch: UITouch) -> Bool {
        touch.recognizers.contains { $0.delaysTouchesBegan && isUndecided($0, for: touch) }
    }

    private func holdsEnd(_ touch: UITouch) -> Bool {
        touch.recognizers.contains { $0.delaysTouchesEnded && isUndecided($0, for: touch) }
    }

    // MARK: State changes

    /// A recognizer asks for `newState` (a transition its state machine allows).
    func recognizer(_ r: UIGestureRecognizer, requests newState: UIGestureRecognizer.State) {
        r.arenaWindow = window
        if !engaged.contains(where: { $0 === r }) { engaged.append(r) }   // reset once over (hover, wheel)
        handling {
            switch newState {
            case .began where r.storedState == .possible, .ended where r.storedState == .possible:
                attempt(r, newState, mayWait: true)
            case .failed:
                fail(r)
            default:
                r.applyState(newState)
                queued.append((r, newState))
            }
        }
    }

    /// What ``tryToBegin(_:)`` found.
    enum BeginAnswer { case began, waiting, refused }

    /// For a recognizer driven from outside its touch methods (a scroll view's pan, a wheel
    /// pan, a hover): begins it now if nothing stands in its way, says so if it must wait for
    /// another to fail (it stays `possible` and may try again with the next input), or fails it.
    func tryToBegin(_ r: UIGestureRecognizer) -> BeginAnswer {
        r.arenaWindow = window
        if !engaged.contains(where: { $0 === r }) { engaged.append(r) }   // reset once over
        return handling {
            guard r.storedState == .possible else { return r.storedState.isActive ? .began : .refused }
            attempt(r, .began, mayWait: false)
            if r.storedState == .began { return .began }
            return r.storedState == .possible ? .waiting : .refused
        }
    }

    /// Tries to take `r` out of `possible` to `newState` (began, or ended = recognized).
    private func attempt(_ r: UIGestureRecognizer, _ newState: UIGestureRecognizer.State, mayWait: Bool) {
        let peers = self.peers(of: r)
        // Already under way, another that can't share prevents it.
        for o in peers where o !== r && (o.storedState.isActive || (o.storedState == .ended && o.trackedTouches.contains(where: { !$0.isEnding }))) {
            if !simultaneous(r, o) && o.canPrevent(r) && r.canBePrevented(by: o) { return fail(r) }
        }
        for o in requirements(of: r, peers: peers) {
            switch o.storedState {
            case .possible:
                guard o.hasSeenTouches || o.pendingState != nil, !waits(o, on: r, visited: []) else { continue }
                if mayWait {
                    r.pendingState = newState
                    if !waiting.contains(where: { $0 === r }) { waiting.append(r) }
                }
                return
            case .began, .changed, .ended:
                return fail(r)
            case .cancelled, .failed:
                continue
            }
        }
        let gesture = r.sequence
        let allowed = shouldBegin(r)
        // A delegate or view asked may have taken the recognizer off, or its view out of the
        // window (it was reset then): this gesture is over, nothing more to decide.
        guard r.sequence == gesture, r.view?.window === window else { return }
        guard allowed else { return fail(r) }
        waiting.removeAll { $0 === r }
        r.applyState(newState)
        queued.append((r, newState))
        if r.delaysTouchesBegan {
            // The beginnings it held are its own now: the views never get those touches, even
            // when it doesn't cancel touches in views.
            for t in r.trackedTouches where t.heldBegan && isInGesture(r, of: t) {
                t.heldBegan = false
                t.gestureCancelledView = true
            }
        }
        for o in peers where o !== r && o.storedState == .possible {
            if requirements(of: o, peers: self.peers(of: o)).contains(where: { $0 === r }) { fail(o); continue }
            if !simultaneous(r, o) && r.canPrevent(o) && o.canBePrevented(by: r) { fail(o) }
        }
        for w in waiting where w !== r && w.storedState == .possible && w.failureRequirements.contains(where: { $0.value === r }) {
            fail(w)
        }
        if r.cancelsTouchesInView && !r.isDrivenExternally { cancelViews(of: r) }
    }

    /// Recognizers waiting for others to fail.
    private var waiting: [UIGestureRecognizer] = []

    /// Fails `r` (if it has not begun) and lets those waiting for it go on.
    func fail(_ r: UIGestureRecognizer) {
        // One taken off its view, or whose view left, was reset: it has nothing to fail.
        guard r.storedState == .possible, r.view?.window === window else { return }
        r.applyState(.failed)
        waiting.removeAll { $0 === r }
        let candidates = waiting
        for w in candidates where w.storedState == .possible {
            guard let pending = w.pendingState else { continue }
            w.pendingState = nil
            attempt(w, pending, mayWait: true)
        }
    }

    /// The recognizers sharing a touch with `r` (itself included).
    private func peers(of r: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = [r]
        for t in r.trackedTouches {
            for o in t.recognizers where !result.contains(where: { $0 === o }) { result.append(o) }
        }
        return result
    }

    /// The recognizers `r` must wait for.
    private func requirements(of r: UIGestureRecognizer, peers: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
        // Recognizers in another window never share a touch with this one: not waited for.
        var result = r.failureRequirements.compactMap(\.value).filter { $0.view?.window === window }
        for o in peers where o !== r && !result.contains(where: { $0 === o }) {
            if r.shouldRequireFailure(of: o) || o.shouldBeRequiredToFail(by: r)
                || r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: o) == true
                || o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: r) == true {
                result.append(o)
            }
        }
        return result
    }

    /// Whether `o` requires `r` to fail, directly or through others: `r` waiting for `o` would
    /// then deadlock, so that requirement is set aside and the first to complete goes ahead.
    private func waits(_ o: UIGestureRecognizer, on r: UIGestureRecognizer, visited: [ObjectIdentifier]) -> Bool {
        guard !visited.contains(ObjectIdentifier(o)) else { return false }
        for req in requirements(of: o, peers: peers(of: o)) {
            if req === r || waits(req, on: r, visited: visited + [ObjectIdentifier(o)]) { return true }
        }
        return false
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// The delegate, the recognizer's view and the views its touches hit must all agree.
    private func shouldBegin(_ r: UIGestureRecognizer) -> Bool {
        if let delegate = r.delegate, !delegate.gestureRecognizerShouldBegin(r) { return false }
        guard let view = r.view else { return false }
        if !view.gestureRecognizerShouldBegin(r) { return false }
        var asked: [ObjectIdentifier] = [ObjectIdentifier(view)]
        for hit in r.hitViews {
            // The hit view, and the controls between it and the recognizer's view (a button's
            // label may be what was hit; the button keeps its tap).
            var v = hit.value
            var isHit = true
            while let cur = v, cur !== view {
                if (isHit || cur is UIControl) && !asked.contains(ObjectIdentifier(cur)) {
                    asked.append(ObjectIdentifier(cur))
                    if !cur.gestureRecognizerShouldBegin(r) { return false }
                }
                isHit = false
                v = cur.superview
            }
        }
        return true
    }

    /// `r` recognized with `cancelsTouchesInView`: every touch it has (and the held ends of
    /// those it had in this gesture) is cancelled in its view.
    private func cancelViews(of r: UIGestureRecognizer) {
        var touches = r.trackedTouches
        for t in heldTouches where !touches.contains(where: { $0 === t }) && isInGesture(r, of: t) {
            touches.append(t)
        }
        for t in touches { window.cancelViewDelivery(of: t) }
    }


    // MARK: Settling

    /// Calls the queued targets, gives views the touches no recognizer holds any more, and
    /// resets recognizers whose gesture is over and whose touches lifted.
    func settle() {
        guard !settling else { return }
        settling = true
        defer { settling = false }
        var rounds = 0
        repeat {
            rounds += 1
            while !queued.isEmpty {
                let (r, state) = queued.removeFirst()
                r.sendActionsReporting(state)
            }
            releaseHolds()
            var i = 0
            while i < engaged.count {
                let r = engaged[i]
                if r.storedState.isTerminal && r.trackedTouches.allSatisfy({ $0.isEnding }) {
                    engaged.remove(at: i)
                    r.forceReset()
                } else if r.view == nil {
                    engaged.remove(at: i)
                    r.forceReset()   // taken off its view: ready for the next one
                } else {
                    i += 1
                }
            }
        } while !queued.isEmpty && rounds < 16
    }

    /// Delivers held `touchesBegan` and `touchesEnded` that nothing delays any more. Views run
    /// code as they get them (one may remove itself, or another view with a held touch), so
    /// each touch is looked up again by identity after every delivery.
    func releaseHolds() {
        guard !heldTouches.isEmpty else { return }   // every touch sample asks: usually nothing held
        for t in heldTouches {
            guard heldTouches.contains(where: { $0 === t }) else { continue }   // dropped meanwhile
            if !t.gestureCancelledView, t.heldBegan, !holdsBegan(t) {
                t.heldBegan = false
                window.deliverHeldBegan(t)
            }
            if !t.gestureCancelledView, !t.heldBegan, t.heldEnd, !holdsEnd(t) {
                t.heldEnd = false
                heldTouches.removeAll { $0 === t }
                window.deliverEnd(t)
            }
            if t.gestureCancelledView || (!t.heldBegan && !t.heldEnd) { heldTouches.removeAll { $0 === t } }
        }
    }

    // MARK: Leaving

    /// `r` was taken off its view: it stops following touches and nobody waits for it.
    func forget(_ r: UIGestureRecognizer) {
        handling {
            for t in window.touchOrder + heldTouches {
                if let i = t.recognizers.firstIndex(where: { $0 === r }) {
                    t.recognizers.remove(at: i)
                    t.recognizerSequences.remove(at: i)
                }
            }
            engaged.removeAll { $0 === r }
            waiting.removeAll { $0 === r }
            queued.removeAll { $0.0 === r }
            let stuck = waiting
            for w in stuck where w.failureRequirements.contains(where: { $0.value === r }) {
                w.failureRequirements.removeAll { $0.value === r }
                if let pending = w.pendingState {
                    w.pendingState = nil
                    attempt(w, pending, mayWait: true)
                }
            }
        }
    }

    /// `view` is leaving the window: its recognizers and its subviews' end their gestures
    /// (cancelled if under way, failed if not) without calling targets, and its held touches
    /// are dropped (a view that had a touch gets `touchesCancelled` with a nil event, rule C8).
    func viewWillLeave(_ view: UIView) {
        handling {
            for r in engaged where r.view.map({ $0 === view || $0.isDescendant(of: view) }) == true {
                forget(r)
                r.forceReset()
            }
            var i = 0
            while i < heldTouches.count {
                let t = heldTouches[i]
                if let owner = t.view, owner === view || owner.isDescendant(of: view) {
                    heldTouches.remove(at: i)
                    t.heldBegan = false
                    t.heldEnd = false
                    window.dropHeld(t)
                } else {
                    i += 1
                }
            }
        }
    }

    /// Every touch is being cancelled (the window lost focus): gestures waiting between touches
    /// (a double tap's pause) fail, and held ends become cancellations.
    func cancelAll() {
        handling {
            // Taken out of waiting first, so failing one doesn't let another that waits for it
            // recognize: the order they were added in must not matter.
            let between = engaged.filter { $0.storedState == .possible && $0.trackedTouches.isEmpty && $0.hasSeenTouches }
            for r in between {
                r.pendingState = nil
                waiting.removeAll { $0 === r }
            }
            for r in between { fail(r) }
            for t in heldTouches where t.heldEnd { window.cancelViewDelivery(of: t) }
        }
    }
}
