import Testing
import Foundation
@testable import SDLControlsCore

/// Recognizers, their views and their timers across two windows (two hosts).
@MainActor
struct GestureWindowTests {
    let window = makeTestWindow()

    @Test func aRecognizerMovedToAnotherWindowMidGestureStopsThereAndWorksHere() {
        let other = makeTestWindow()
        let a = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(a)
        let b = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        other.addSubview(b)
        let press = UILongPressGestureRecognizer()
        a.addGestureRecognizer(press)
        let log = GestureLog(press)
        var fa = GestureFinger(window: window)
        var fb = GestureFinger(window: other)
        fa.down(CGPoint(x: 50, y: 50))
        fa.advance(by: 0.2)
        b.addGestureRecognizer(press)
        fa.advance(by: 0.5)
        #expect(log.states.isEmpty)
        fa.up(CGPoint(x: 50, y: 50))
        #expect(a.phases == ["began", "ended"])
        fb.time = fa.time
        fb.down(CGPoint(x: 50, y: 50))
        fb.advance(by: 0.6)
        #expect(log.states == [.began])
        fb.up(CGPoint(x: 50, y: 50))
        #expect(log.states == [.began, .ended])
        #expect(b.phases == ["began", "cancelled"])
    }

    @Test func aViewMovedToAnotherWindowBetweenTapsGetsItsHeldEndAsACancel() {
        let other = makeTestWindow()
        let a = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(a)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        a.addGestureRecognizer(dbl)
        let log = GestureLog(dbl)
        var fa = GestureFinger(window: window)
        fa.tap(CGPoint(x: 50, y: 50))
        #expect(a.phases == ["began"])
        other.addSubview(a)
        #expect(a.phases == ["began", "cancelled"])
        fa.advance(by: 1)
        var fb = GestureFinger(window: other)
        fb.time = fa.time
        fb.advance(by: 1)
        #expect(log.states.isEmpty)
        #expect(!window.isHoldingTouchesForRecognizers && !other.isHoldingTouchesForRecognizers)
        fb.tap(CGPoint(x: 50, y: 50))
        fb.tap(CGPoint(x: 50, y: 50))
        #expect(log.states == [.ended])
    }

    @Test func aRequirementOnARecognizerInAnotherWindowIsNotWaitedFor() {
        let other = makeTestWindow()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(a)
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        other.addSubview(b)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        a.addGestureRecognizer(dbl)
        let single = UITapGestureRecognizer()
        single.require(toFail: dbl)
        b.addGestureRecognizer(single)
        let log = GestureLog(single)
        var fa = GestureFinger(window: window)
        fa.tap(CGPoint(x: 50, y: 50))   // double tap waiting in A
        var fb = GestureFinger(window: other)
        fb.time = fa.time
        fb.tap(CGPoint(x: 50, y: 50))
        fa.advance(by: 1)
        fb.time = fa.time
        fb.advance(by: 0.01)
        #expect(log.states == [.ended], "\(log.states) single=\(single.state) dbl=\(dbl.state)")
        fb.advance(by: 0.01)
        fb.tap(CGPoint(x: 50, y: 50))
        fb.advance(by: 1)
        #expect(log.states == [.ended, .ended], "next tap: \(log.states) single=\(single.state)")
    }
}
