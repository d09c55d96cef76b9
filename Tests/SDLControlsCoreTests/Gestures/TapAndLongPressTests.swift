import Testing
import Foundation
@testable import SDLControlsCore

/// The tap and long-press recognizers' thresholds and timing.
@MainActor
struct TapAndLongPressTests {
    let window = makeTestWindow()

    private func panel() -> PhaseRecordingView {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        return v
    }

    @Test func aTapThatMovesMoreThanTenPointsFails() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 50, y: 50))
        f.move(CGPoint(x: 59, y: 50))
        f.up(CGPoint(x: 59, y: 50))
        #expect(log.states == [.recognized], "9 points is still a tap")
        f.advance(by: 1)
        f.down(CGPoint(x: 50, y: 50))
        f.move(CGPoint(x: 61, y: 50))
        f.up(CGPoint(x: 61, y: 50))
        #expect(log.states == [.recognized])
        #expect(v.phases.suffix(3) == ["began", "moved", "ended"], "a failed tap leaves the view its touch")
    }

    @Test func aRecognizedTapCancelsTheViewsTouchInsteadOfEndingIt() {
        let v = panel()
        v.addGestureRecognizer(UITapGestureRecognizer())
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(v.phases == ["began", "cancelled"])
    }

    @Test func withoutCancelsTouchesInViewTheViewKeepsItsTouch() {
        let v = panel()
        let tap = UITapGestureRecognizer()
        tap.cancelsTouchesInView = false
        v.addGestureRecognizer(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(v.phases == ["began", "ended"])
    }

    @Test func aDoubleTapNeedsTwoTapsWithinTheMultiTapInterval() {
        let v = panel()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        let log = GestureLog(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: 0.1)
        f.tap(CGPoint(x: 52, y: 50))
        #expect(log.states == [.recognized])
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: window.multiTapInterval + 0.05)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states == [.recognized], "too slow: the first tap's wait failed it")
    }

    @Test func aDoubleTapHoldsTheFirstTapsEndFromTheViewUntilItFails() {
        let v = panel()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(v.phases == ["began"], "delaysTouchesEnded: the end waits")
        f.advance(by: window.multiTapInterval + 0.05)
        #expect(v.phases == ["began", "ended"], "the double tap failed: the view gets its end")
    }

    @Test func aSingleTapThatRequiresTheDoubleTapToFailWaitsForIt() {
        let v = panel()
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        let singles = GestureLog(single), doubles = GestureLog(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(singles.states.isEmpty, "waiting for the double tap")
        f.advance(by: window.multiTapInterval + 0.05)
        #expect(singles.states == [.recognized] && doubles.states.isEmpty)
        f.advance(by: 1)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: 0.1)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: 1)
        #expect(doubles.states == [.recognized])
        #expect(singles.states == [.recognized], "the double tap recognized: the single tap failed")
    }

    @Test func aTwoFingerTapNeedsBothFingers() {
        let v = panel()
        v.isMultipleTouchEnabled = true
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(log.states.isEmpty)
        f.advance(by: 1)
        f.down(CGPoint(x: 50, y: 50), id: 1)
        f.down(CGPoint(x: 90, y: 50), id: 2)
        f.up(CGPoint(x: 50, y: 50), id: 1)
        f.up(CGPoint(x: 90, y: 50), id: 2)
        #expect(log.states == [.recognized])
    }

    @Test func aRightClickTapNeedsTheSecondaryButtonMask() {
        let v = panel()
        let right = UITapGestureRecognizer()
        right.buttonMaskRequired = .secondary
        let left = UITapGestureRecognizer()
        v.addGestureRecognizer(right)
        v.addGestureRecognizer(left)
        right.delaysTouchesEnded = false
        let rights = GestureLog(right), lefts = GestureLog(left)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 50, y: 50), type: .indirectPointer, buttons: .secondary)
        f.up(CGPoint(x: 50, y: 50), type: .indirectPointer, buttons: .secondary)
        #expect(rights.states == [.recognized] && lefts.states.isEmpty)
        f.advance(by: 1)
        f.down(CGPoint(x: 50, y: 50), type: .indirectPointer, buttons: .primary)
        f.up(CGPoint(x: 50, y: 50), type: .indirectPointer, buttons: .primary)
        #expect(rights.states == [.recognized] && lefts.states == [.recognized])
    }

    @Test func aLongPressBeginsAfterHalfASecondChangesAndEnds() {
        let v = panel()
        let press = UILongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        v.addGestureRecognizer(press)
        let log = GestureLog(press)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 50, y: 50))
        f.advance(by: 0.45)
        #expect(log.states.isEmpty)
        f.advance(by: 0.1)
        #expect(log.states == [.began])
        #expect(v.phases == ["began", "cancelled"])
        f.move(CGPoint(x: 90, y: 50))
        f.up(CGPoint(x: 90, y: 50))
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test func aLongPressThatMovesOrLiftsEarlyFails() {
        let v = panel()
        let press = UILongPressGestureRecognizer()
        v.addGestureRecognizer(press)
        let log = GestureLog(press)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 50, y: 50))
        f.move(CGPoint(x: 65, y: 50))
        f.advance(by: 1)
        f.up(CGPoint(x: 65, y: 50))
        f.down(CGPoint(x: 50, y: 50))
        f.advance(by: 0.2)
        f.up(CGPoint(x: 50, y: 50))
        f.advance(by: 1)
        #expect(log.states.isEmpty)
        #expect(v.phases == ["began", "moved", "ended", "began", "ended"])
    }

    @Test func badSettingsAreClampedToSafeValues() {
        let tap = UITapGestureRecognizer()
        tap.numberOfTapsRequired = -3
        tap.numberOfTouchesRequired = 0
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = .nan
        press.allowableMovement = -.infinity
        #expect(press.minimumPressDuration == 0 && press.allowableMovement == 0)
    }

    @Test func aSingleTapDoesNotPreventADoubleTapUnlessItWaitsForIt() {
        let v = panel()
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        let singles = GestureLog(single), doubles = GestureLog(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        f.advance(by: 0.1)
        f.tap(CGPoint(x: 50, y: 50))
        #expect(singles.states.first == .recognized, "the first tap is a single tap at once")
        #expect(doubles.states == [.recognized], "and the double tap still comes")
    }
}
