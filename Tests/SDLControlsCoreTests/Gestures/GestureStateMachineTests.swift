import Testing
import Foundation
@testable import SDLControlsCore

/// The recognizer's state machine, its targets and its reset, through touches sent to a window.
@MainActor
struct GestureStateMachineTests {
    let window = makeTestWindow()

    private func panel() -> PhaseRecordingView {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        return v
    }

    @Test func aContinuousGestureReportsBeganChangedEndedThenRestsInPossible() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50))
        f.up(CGPoint(x: 150, y: 50))
        #expect(log.states.first == .began)
        #expect(log.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(log.states.last == .ended)
        #expect(pan.state == .possible, "reset once its touches lifted")
    }

    @Test func aDiscreteGestureReportsOnlyRecognized() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(log.states == [.recognized])
        #expect(log.values == [CGPoint(x: 40, y: 40)], "location(in:) is where the tap was, in its action")
    }

    @Test func transitionsUIKitDoesNotAllowAreIgnored() {
        let r = UIGestureRecognizer()
        r.state = .changed
        #expect(r.state == .possible)
        r.state = .began
        #expect(r.state == .began)
        r.state = .possible
        #expect(r.state == .began, "only a reset returns to possible")
    }

    @Test func typedClosureAndNamedActionsAreAllCalled() {
        final class Screen: UIResponder {
            var typed = 0, named = 0
            func tapped(_ t: UITapGestureRecognizer) { typed += 1 }
            override func actionMethod(for action: ActionSelector) -> ActionMethod? {
                action == "tapped:" ? ActionMethod { [unowned self] (_: Any?) in named += 1 } : nil
            }
        }
        let v = panel()
        let screen = Screen()
        var closure = 0
        let tap = UITapGestureRecognizer(target: screen, action: Screen.tapped)
        tap.addTarget(screen, action: "tapped:")
        tap.addHandler { _ in closure += 1 }
        v.addGestureRecognizer(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(screen.typed == 1 && screen.named == 1 && closure == 1)
        tap.removeTarget(screen, action: nil)
        f.advance(by: 1)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(screen.typed == 1 && screen.named == 1 && closure == 2, "removeTarget(screen, nil) removes its typed and named actions")
    }

    @Test func aTargetThatWentAwayIsNotCalled() {
        final class Target { var calls = 0; func hit(_ r: UIGestureRecognizer) { calls += 1 } }
        let v = panel()
        var target: Target? = Target()
        let tap = UITapGestureRecognizer()
        tap.addTarget(target!, action: Target.hit)
        v.addGestureRecognizer(tap)
        weak let gone = target
        target = nil
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(gone == nil, "held weakly")
    }

    @Test func disablingAGestureUnderWayCancelsIt() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 120, y: 50))
        pan.isEnabled = false
        f.move(CGPoint(x: 140, y: 50))
        f.up(CGPoint(x: 140, y: 50))
        #expect(log.states.last == .cancelled)
        #expect(!log.states.contains(.ended))
    }

    @Test func aRecognizerAddedToASecondViewMovesThere() {
        let a = panel()
        let b = PhaseRecordingView(frame: CGRect(x: 300, y: 300, width: 100, height: 100))
        window.addSubview(b)
        let tap = UITapGestureRecognizer()
        a.addGestureRecognizer(tap)
        b.addGestureRecognizer(tap)
        #expect(tap.view === b)
        #expect(a.gestureRecognizers == nil)
        #expect(b.gestureRecognizers?.count == 1)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(log.states.isEmpty, "no longer on the first view")
        f.advance(by: 1)
        f.tap(CGPoint(x: 350, y: 350))
        #expect(log.states == [.recognized])
    }

    @Test func aRecognizerRemovedInItsOwnActionStopsWithoutAnotherCall() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        var calls = 0
        pan.addHandler { p in
            calls += 1
            p.view?.removeGestureRecognizer(p)
        }
        v.addGestureRecognizer(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50))
        f.up(CGPoint(x: 150, y: 50))
        #expect(calls == 1)
        #expect(pan.view == nil && pan.state == .possible)
        #expect(v.phases.last == "cancelled", "the view's touch was cancelled when the pan began, and nothing more")
    }

    @Test func aRecognizerFreedByItsTargetDuringItsActionIsSafe() {
        let v = panel()
        var tap: UITapGestureRecognizer? = UITapGestureRecognizer()
        var fired = false
        tap!.addHandler { t in
            fired = true
            t.view?.gestureRecognizers = nil
        }
        v.addGestureRecognizer(tap!)
        weak let weakTap = tap
        tap = nil
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(fired)
        #expect(weakTap == nil, "freed once no view or touch holds it")
        f.advance(by: 1)
        f.tap(CGPoint(x: 40, y: 40))
        #expect(v.phases.suffix(2) == ["began", "ended"])
    }

    @Test func numberOfTouchesAndLocationOfTouchFollowTheFingers() {
        let v = panel()
        let pinch = UIPinchGestureRecognizer()
        v.addGestureRecognizer(pinch)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100), id: 1)
        f.down(CGPoint(x: 200, y: 100), id: 2)
        #expect(pinch.numberOfTouches == 2)
        #expect(window.touchEvent.touches(for: pinch)?.count == 2)
        #expect(pinch.location(ofTouch: 1, in: v) == CGPoint(x: 200, y: 100))
        #expect(pinch.location(in: nil) == CGPoint(x: 150, y: 100))
        #expect(pinch.location(ofTouch: 7, in: nil) == CGPoint(x: 150, y: 100), "an index out of range gives the centroid")
        f.up(CGPoint(x: 100, y: 100), id: 1)
        f.up(CGPoint(x: 200, y: 100), id: 2)
    }

    @Test func aRecognizerTakenOffMidGestureWorksWhenAddedAgain() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50))
        v.removeGestureRecognizer(pan)
        f.up(CGPoint(x: 150, y: 50))
        #expect(pan.state == .possible)
        v.addGestureRecognizer(pan)
        f.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50))
        f.up(CGPoint(x: 150, y: 50))
        #expect(log.states.filter { $0 == .began }.count == 2)
        #expect(log.states.last == .ended)
    }

    @Test func aTypedActionMayTakeAnyRecognizerOrItsOwnClass() {
        @MainActor final class Screen {
            var log: [String] = []
            func any(_ r: UIGestureRecognizer) { log.append("any \(r.state)") }
            func own(_ p: UIPanGestureRecognizer) { log.append("own \(p.translation(in: nil).x)") }
        }
        let v = panel()
        let screen = Screen()
        let pan = UIPanGestureRecognizer(target: screen, action: Screen.any)
        pan.addTarget(screen, action: Screen.own)
        v.addGestureRecognizer(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 70, y: 50), steps: 1)
        f.up(CGPoint(x: 70, y: 50))
        #expect(screen.log == ["any began", "own 20.0", "any ended", "own 20.0"])
    }
}
