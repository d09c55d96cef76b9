import Testing
import Foundation
@testable import SDLControlsCore

/// The hover recognizer follows the pointer while no button is held.
@MainActor
struct HoverGestureTests {
    @Test func hoverBeginsOnEnterChangesOnMoveAndEndsOnExit() {
        let window = makeTestWindow()
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(card)
        let hover = UIHoverGestureRecognizer()
        card.addGestureRecognizer(hover)
        let log = GestureLog(hover) { $0.location(in: card) }
        window.sendHover(at: CGPoint(x: 50, y: 50))
        #expect(log.states.isEmpty)
        window.sendHover(at: CGPoint(x: 120, y: 130))
        window.sendHover(at: CGPoint(x: 140, y: 130))
        window.sendHover(at: CGPoint(x: 300, y: 300))
        #expect(log.states == [.began, .changed, .ended])
        #expect(log.values.prefix(2) == [CGPoint(x: 20, y: 30), CGPoint(x: 40, y: 30)])
        window.sendHover(at: CGPoint(x: 150, y: 150))
        window.sendHover(at: nil)
        #expect(log.states == [.began, .changed, .ended, .began, .ended], "leaving the window ends it too")
        #expect(hover.state == .possible)
    }

    @Test func aHoverRecognizerTakesNoTouches() {
        let window = makeTestWindow()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(card)
        let hover = UIHoverGestureRecognizer()
        card.addGestureRecognizer(hover)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 50, y: 50))
        #expect(window.touch(forContactID: 1)?.gestureRecognizers == nil)
        f.up(CGPoint(x: 50, y: 50))
    }

    @Test func aHoverThatMustWaitDoesNotBeginAfterThePointerLeft() {
        let window = makeTestWindow()
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(v)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let hover = UIHoverGestureRecognizer()
        hover.require(toFail: double)
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(hover)
        let hovers = GestureLog(hover)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        window.sendHover(at: CGPoint(x: 60, y: 60))
        window.sendHover(at: CGPoint(x: 300, y: 300))   // left
        f.advance(by: 1)
        #expect(hover.state == .possible, "hover \(hover.state) log \(hovers.states)")
    }
}
