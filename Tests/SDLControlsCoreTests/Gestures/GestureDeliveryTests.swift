import Testing
import Foundation
@testable import SDLControlsCore

/// UIKit's delivery rules: recognizers before views, cancelling, delays, failure requirements,
/// recognizing together, and the tree changing underneath.
@MainActor
struct GestureDeliveryTests {
    let window = makeTestWindow()

    private func panel(_ frame: CGRect = CGRect(x: 0, y: 0, width: 400, height: 400), in parent: UIView? = nil) -> PhaseRecordingView {
        let v = PhaseRecordingView(frame: frame)
        v.isMultipleTouchEnabled = true
        (parent ?? window).addSubview(v)
        return v
    }

    @Test func recognizersOnAncestorsSeeTouchesThatBeginOnSubviews() {
        let outer = panel()
        let inner = panel(CGRect(x: 50, y: 50, width: 100, height: 100), in: outer)
        let tap = UITapGestureRecognizer()
        outer.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 60, y: 60))
        #expect(log.states == [.recognized])
        #expect(inner.phases == ["began", "cancelled"])
        #expect(window.touch(forContactID: 1) == nil)
    }

    @Test func delaysTouchesBeganHoldsTheViewsTouchUntilTheRecognizerFails() {
        let v = panel()
        let swipe = UISwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        v.addGestureRecognizer(swipe)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100))
        #expect(v.phases.isEmpty)
        f.move(CGPoint(x: 100, y: 130))   // downwards: not a right swipe, it fails
        #expect(v.phases == ["began", "moved"], "the held beginning first, then the move that decided")
        f.up(CGPoint(x: 100, y: 130))
        #expect(v.phases == ["began", "moved", "ended"])
        f.advance(by: 1)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 2)
        f.up(CGPoint(x: 200, y: 100))
        #expect(v.phases == ["began", "moved", "ended"], "a swipe that recognized: the view never sees that touch")
    }

    @Test func aTapLiftedWhileItsBeganWasHeldReachesTheViewBeganThenEnded() {
        let v = panel()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesBegan = true
        v.addGestureRecognizer(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(v.phases.isEmpty)
        f.advance(by: window.multiTapInterval + 0.05)
        #expect(v.phases == ["began", "ended"])
    }

    @Test func onlyOneOfTwoRecognizersSharingATouchRecognizesUnlessADelegateAllowsBoth() {
        let v = panel()
        let pinch = UIPinchGestureRecognizer(), rotation = UIRotationGestureRecognizer()
        v.addGestureRecognizer(pinch)
        v.addGestureRecognizer(rotation)
        func twoFingerTwist(_ f: inout GestureFinger) {
            f.down(CGPoint(x: 100, y: 200), id: 1)
            f.down(CGPoint(x: 200, y: 200), id: 2)
            f.move(CGPoint(x: 250, y: 260), id: 2)   // farther and turned
            f.move(CGPoint(x: 260, y: 280), id: 2)
            f.up(CGPoint(x: 260, y: 280), id: 2)
            f.up(CGPoint(x: 100, y: 200), id: 1)
        }
        let pinches = GestureLog(pinch), rotations = GestureLog(rotation)
        var f = GestureFinger(window: window)
        twoFingerTwist(&f)
        #expect(pinches.states.contains(.began) != rotations.states.contains(.began), "exactly one of them")
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneous = true
        pinch.delegate = delegate
        f.advance(by: 1)
        twoFingerTwist(&f)
        #expect(pinches.states.filter { $0 == .began }.count + rotations.states.filter { $0 == .began }.count == 3)
    }

    @Test func aDelegateThatRefusesATouchOrABeginningKeepsTheRecognizerOut() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        let delegate = ScriptedGestureDelegate()
        tap.delegate = delegate
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        delegate.receives = false
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states.isEmpty && delegate.askedToBegin == 0)
        delegate.receives = true
        delegate.shouldBegin = false
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states.isEmpty && delegate.askedToBegin == 1)
        #expect(v.phases.suffix(2) == ["began", "ended"], "a refused recognizer cancels nothing")
    }

    @Test func aDelegatesFailureRequirementMakesOneWaitForTheOther() {
        let v = panel()
        let pan = UIPanGestureRecognizer(), swipe = UISwipeGestureRecognizer()
        let delegate = ScriptedGestureDelegate()
        delegate.requiresFailureOf = swipe
        pan.delegate = delegate
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(swipe)
        let pans = GestureLog(pan), swipes = GestureLog(swipe)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 4)
        f.up(CGPoint(x: 200, y: 100))
        #expect(swipes.states == [.recognized] && pans.states.isEmpty)
        f.advance(by: 1)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 200), steps: 4)   // down: the swipe fails
        f.up(CGPoint(x: 100, y: 200))
        #expect(pans.states.first == .began && pans.states.last == .ended)
    }

    @Test func aCycleOfFailureRequirementsDoesNotDeadlock() {
        let v = panel()
        let a = UITapGestureRecognizer(), b = UITapGestureRecognizer()
        a.require(toFail: b)
        b.require(toFail: a)
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        let logA = GestureLog(a), logB = GestureLog(b)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: 1)
        #expect(logA.states.count + logB.states.count == 1, "one goes ahead, the other fails")
        #expect(a.state == .possible && b.state == .possible)
    }

    @Test func aViewRemovedMidGestureEndsItsTouchesOnceAndItsRecognizersReset() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        pan.cancelsTouchesInView = false
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100))
        v.removeFromSuperview()
        f.move(CGPoint(x: 220, y: 100))
        f.up(CGPoint(x: 220, y: 100))
        #expect(pan.state == .possible)
        #expect(!log.states.contains(.ended))
        #expect(v.phases.filter { $0 == "cancelled" || $0 == "ended" }.count == 1)
    }

    @Test func aDelegateThatChangesTheTreeWhileAskedIsSafe() {
        final class Wrecker: UIGestureRecognizerDelegate {
            weak var victim: UIView?
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                victim?.removeFromSuperview()
                return true
            }
        }
        let outer = panel()
        let inner = panel(CGRect(x: 0, y: 0, width: 100, height: 100), in: outer)
        let tap = UITapGestureRecognizer()
        let wrecker = Wrecker()
        wrecker.victim = inner
        tap.delegate = wrecker
        outer.addGestureRecognizer(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(inner.superview == nil)
        #expect(inner.phases.filter { $0 != "began" }.count == 1, "the inner view's touch ended once")
        #expect(window.activeTouchCount == 0)
    }

    @Test func cancellingAllTouchesCancelsGesturesUnderWayAndFlushesHeldEnds() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100))
        window.cancelAllTouches()
        #expect(log.states.last == .cancelled)
        pan.view?.removeGestureRecognizer(pan)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        window.cancelAllTouches()
        #expect(v.phases.suffix(2) == ["began", "cancelled"], "the held end became a cancel")
    }

    @Test func aTouchTheViewCannotTakeStillReachesItsRecognizers() {
        let v = panel()
        v.isMultipleTouchEnabled = false
        let pinch = UIPinchGestureRecognizer()
        v.addGestureRecognizer(pinch)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100), id: 1)
        f.down(CGPoint(x: 200, y: 100), id: 2)
        #expect(window.touch(forContactID: 2)?.view == nil)
        #expect(pinch.numberOfTouches == 2)
        f.move(CGPoint(x: 260, y: 100), id: 2)
        #expect(pinch.state == .began)
        f.up(CGPoint(x: 260, y: 100), id: 2)
        f.up(CGPoint(x: 100, y: 100), id: 1)
    }

    @Test func interactionsAreToldWhenTheyMove() {
        final class Probe: UIInteraction {
            weak var view: UIView?
            var log: [String] = []
            func willMove(to view: UIView?) { log.append("will \(view == nil ? "nil" : "view")") }
            func didMove(to view: UIView?) {
                self.view = view
                log.append("did \(view == nil ? "nil" : "view")")
            }
        }
        let a = panel(), b = panel()
        let probe = Probe()
        a.addInteraction(probe)
        a.addInteraction(probe)
        #expect(a.interactions.count == 1)
        b.addInteraction(probe)
        #expect(a.interactions.isEmpty && b.interactions.count == 1 && probe.view === b)
        b.removeInteraction(probe)
        #expect(probe.log == ["will view", "did view", "will nil", "did nil", "will view", "did view", "will nil", "did nil"])
    }

    @Test func aRecognizerItsDelegateTakesOffWhileAskedToBeginIsReadyForItsNextView() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        let delegate = MutatingBeginDelegate()
        delegate.onShouldBegin = { r in r.view?.removeGestureRecognizer(r) }
        tap.delegate = delegate
        v.addGestureRecognizer(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(tap.state == .possible, "detached recognizer should be reset, is \(tap.state)")
        delegate.onShouldBegin = { _ in }
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states == [.recognized], "re-added recognizer works again")
    }

    @Test func aRecognizerWhoseViewLeavesWhileItIsAskedToBeginCallsNoTarget() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        let delegate = MutatingBeginDelegate()
        delegate.onShouldBegin = { r in r.view?.removeFromSuperview() }
        tap.delegate = delegate
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(tap.state == .possible, "state after: \(tap.state); log \(log.states)")
        delegate.onShouldBegin = { _ in }
        window.addSubview(v)
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states.last == .recognized && log.states.count >= 1, "log \(log.states), state \(tap.state)")
    }

    @Test func aRecognizerWhoseViewLeftWhileItWasAskedWorksWhenTheViewIsBack() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        let delegate = MutatingBeginDelegate()
        delegate.onShouldBegin = { r in r.view?.removeFromSuperview() }
        tap.delegate = delegate
        v.addGestureRecognizer(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        delegate.onShouldBegin = { _ in }
        window.addSubview(v)
        let log = GestureLog(tap)
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states == [.recognized, .recognized], "log \(log.states), state \(tap.state)")
    }

    @Test func inACycleOfFailureRequirementsTheFirstToCompleteGoesAhead() {
        let v = panel()
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = 0.1
        let tap = UITapGestureRecognizer()
        press.require(toFail: tap)
        tap.require(toFail: press)
        v.addGestureRecognizer(press)
        v.addGestureRecognizer(tap)
        let presses = GestureLog(press), taps = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 50, y: 50))
        f.advance(by: 0.3)
        #expect(presses.states == [.began], "the long press completed first (0.1 s): it should begin; got \(presses.states)")
        f.up(CGPoint(x: 50, y: 50))
        #expect(taps.states.isEmpty, "taps: \(taps.states); presses: \(presses.states)")
    }

    @Test(arguments: [false, true])
    func cancellingAllTouchesBetweenADoubleTapsTapsFailsWhatWaitsForItInAnyOrder(doubleFirst: Bool) {
        let v = panel()
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        if doubleFirst {
            v.addGestureRecognizer(double)
            v.addGestureRecognizer(single)
        } else {
            v.addGestureRecognizer(single)
            v.addGestureRecognizer(double)
        }
        let singles = GestureLog(single)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        window.cancelAllTouches()
        f.advance(by: 1)
        #expect(singles.states.isEmpty, "doubleFirst=\(doubleFirst): single got \(singles.states)")
        #expect(v.phases == ["began", "cancelled"], "phases \(v.phases)")
    }

    @Test func aTouchARecognizerIgnoresIsNeverWithdrawnWhenItRecognizes() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        pan.delaysTouchesBegan = true
        v.addGestureRecognizer(pan)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100), id: 1)
        f.down(CGPoint(x: 200, y: 200), id: 2)   // ignored by the pan
        #expect(v.phases == ["began"], "the ignored touch reaches its view at once")
        f.move(CGPoint(x: 130, y: 100), id: 1)   // pan begins
        f.up(CGPoint(x: 200, y: 200), id: 2)
        f.up(CGPoint(x: 130, y: 100), id: 1)
        #expect(v.phases == ["began", "ended"], "and ends there: only touch 1 was the pan's")
    }

    @Test func aViewThatRemovesItselfWhenItsHeldTouchArrivesEndsItOnce() {
        let v = SelfRemovingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let swipe = UISwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        window.addGestureRecognizer(swipe)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100))
        f.move(CGPoint(x: 100, y: 130))   // swipe fails: the view gets began, removes itself
        f.up(CGPoint(x: 100, y: 130))
        #expect(v.began == 1)
        #expect(v.ended + v.cancelled == 1)
    }

    @Test func aViewRemovedAfterARecognizerCancelledItsTouchGetsNoSecondCancel() {
        let outer = panel()
        let inner = PhaseRecordingView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        outer.addSubview(inner)
        outer.addGestureRecognizer(UIPanGestureRecognizer())
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 150, y: 100))
        #expect(inner.phases == ["began", "cancelled"])
        inner.removeFromSuperview()
        f.up(CGPoint(x: 150, y: 100))
        #expect(inner.phases == ["began", "cancelled"], "one cancel only: \(inner.phases)")
    }

    @Test func aViewRemovedBeforeItEverGotAWithheldTouchGetsNoCancel() {
        let outer = panel()
        let inner = PhaseRecordingView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        outer.addSubview(inner)
        let pan = UIPanGestureRecognizer()
        pan.delaysTouchesBegan = true
        outer.addGestureRecognizer(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 150, y: 100))
        #expect(inner.phases.isEmpty)
        inner.removeFromSuperview()
        f.up(CGPoint(x: 150, y: 100))
        #expect(inner.phases.isEmpty, "never began, so no cancel: \(inner.phases)")
    }

    @Test func aRecognizedGestureKeepsTheBeginningItHeldEvenWithoutCancellingTouches() {
        let v = panel()
        let swipe = UISwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        swipe.cancelsTouchesInView = false
        v.addGestureRecognizer(swipe)
        let log = GestureLog(swipe)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 2)
        f.up(CGPoint(x: 200, y: 100))
        #expect(log.states == [.recognized])
        #expect(v.phases.isEmpty, "recognized: the held began is discarded: \(v.phases)")
    }

    @Test func tenFingersWithNaNAndBackwardTimesLeaveEveryRecognizerAtRestAndEveryTouchEnded() {
        let v = panel()
        let pan = UIPanGestureRecognizer(), pinch = UIPinchGestureRecognizer(), rot = UIRotationGestureRecognizer()
        let tap = UITapGestureRecognizer(), press = UILongPressGestureRecognizer(), swipe = UISwipeGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneous = true
        for r in [pan, pinch, rot, tap, press, swipe] as [UIGestureRecognizer] {
            r.delegate = delegate
            v.addGestureRecognizer(r)
        }
        var values: [CGFloat] = []
        pan.addHandler { p in let t = p.translation(in: nil), vel = p.velocity(in: nil); values += [t.x, t.y, vel.x, vel.y] }
        pinch.addHandler { p in values += [p.scale, p.velocity] }
        rot.addHandler { r in values += [r.rotation, r.velocity] }
        var rng = TestRandom(seed: 7)
        var time: TimeInterval = 5
        for round in 0..<20 {
            for id in 0..<10 {
                let p = CGPoint(x: CGFloat.random(in: 0...400, using: &rng), y: CGFloat.random(in: 0...400, using: &rng))
                window.send(TouchSample(id: Int64(id), phase: .began, location: id == 3 ? CGPoint(x: 100, y: 100) : p, timestamp: time, type: .direct, buttonMask: []))
            }
            for step in 0..<30 {
                time += (step % 7 == 3) ? -0.05 : 0.008
                window.frameClock.advanceTime(to: time)
                for id in 0..<10 {
                    let nan = (step + id) % 11 == 0
                    let p = nan ? CGPoint(x: CGFloat.nan, y: 5) : CGPoint(x: CGFloat.random(in: 0...400, using: &rng), y: CGFloat.random(in: 0...400, using: &rng))
                    window.send(TouchSample(id: Int64(id), phase: .moved, location: p, timestamp: step % 5 == 0 ? .nan : time, type: .direct, buttonMask: []))
                }
            }
            for id in (0..<10).shuffled(using: &rng) {
                window.send(TouchSample(id: Int64(id), phase: (id + round) % 4 == 0 ? .cancelled : .ended, location: CGPoint(x: 100, y: 100), timestamp: time, type: .direct, buttonMask: []))
            }
            time += 1
            window.frameClock.advanceTime(to: time)
        }
        #expect(values.allSatisfy { $0.isFinite }, "non-finite values \(values.filter { !$0.isFinite }.count)")
        for r in [pan, pinch, rot, tap, press, swipe] as [UIGestureRecognizer] {
            #expect(r.state == .possible, "\(type(of: r)) stuck in \(r.state)")
        }
        let began = v.phases.filter { $0 == "began" }.count
        let finished = v.phases.filter { $0 == "ended" || $0 == "cancelled" }.count
        #expect(began == finished, "began \(began) vs finished \(finished)")
        #expect(window.activeTouchCount == 0 && !window.isHoldingTouchesForRecognizers)
    }

    @Test func aHeldEndReachesItsViewBeforeTheNextTouchBegins() {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let v = panel()
        v.addGestureRecognizer(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 80, y: 120))
        f.advance(by: 0.1)
        f.down(CGPoint(x: 300, y: 120))
        #expect(v.phases == ["began", "ended", "began"], "\(v.phases)")
        f.up(CGPoint(x: 300, y: 120))
    }
}
