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
        #expect(v.phases == ["began"])
        f.up(CGPoint(x: 100, y: 130))
        #expect(v.phases == ["began", "ended"])
        f.advance(by: 1)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 2)
        f.up(CGPoint(x: 200, y: 100))
        #expect(v.phases == ["began", "ended"], "a swipe that recognized: the view never sees that touch")
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
}
