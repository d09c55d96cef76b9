import Testing
import Foundation
@testable import SDLControlsCore

/// Recognizers a game writes by subclassing, as the article shows.
@MainActor
struct CustomGestureRecognizerTests {
    let window = makeTestWindow()

    final class Checkmark: UIGestureRecognizer {
        var points: [CGPoint] = []
        var resets = 0
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            points.append(location(in: view))
            if points.count > 200 { state = .failed }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            state = points.count >= 3 ? .recognized : .failed
        }
        override func reset() {
            super.reset()
            points.removeAll()
            resets += 1
        }
    }

    final class RecognizeOnDown: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .recognized }
    }

    final class NeverDecides: UIGestureRecognizer {}

    @Test func theArticlesSubclassRecognizesCancelsItsViewOnceAndResetsOncePerGesture() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let r = Checkmark()
        v.addGestureRecognizer(r)
        let log = GestureLog(r)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 100, y: 100), steps: 4)
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states == [.ended])
        #expect(r.resets == 1 && r.points.isEmpty && r.state == .possible)
        #expect(v.phases == ["began", "moved", "moved", "moved", "moved", "cancelled"], "\(v.phases)")
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended])
        #expect(r.resets == 2)
        #expect(v.phases.suffix(2) == ["began", "ended"])
    }

    @Test func aSubclassThatRecognizesOnTheDownKeepsTheTouchFromItsView() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let r = RecognizeOnDown()
        v.addGestureRecognizer(r)
        let log = GestureLog(r)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended])
        #expect(v.phases.isEmpty, "\(v.phases)")
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended, .ended])
        #expect(r.state == .possible)
    }

    @Test func aTargetThatSetsTheStateReadsBackWhatItSet() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let press = UILongPressGestureRecognizer()
        v.addGestureRecognizer(press)
        var seen: [UIGestureRecognizer.State] = []
        var afterSet: UIGestureRecognizer.State?
        press.addHandler { p in
            seen.append(p.state)
            if p.state == .began {
                p.state = .ended
                afterSet = p.state
            }
        }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 10, y: 10))
        f.advance(by: 0.6)
        #expect(seen == [.began, .ended])
        #expect(afterSet == .ended, "state read after setting it in the action: \(String(describing: afterSet))")
        f.move(CGPoint(x: 60, y: 60))
        f.up(CGPoint(x: 60, y: 60))
        #expect(seen == [.began, .ended])
        #expect(press.state == .possible)
    }

    @Test func aSubclassThatNeverDecidesHoldsItsTouchesEndsButBlocksNoOtherRecognizer() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let r = NeverDecides()
        v.addGestureRecognizer(r)
        let tap = UITapGestureRecognizer()
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended], "others are not blocked")
        v.removeGestureRecognizer(tap)
        let before = v.phases.count
        f.advance(by: 1)
        f.tap(CGPoint(x: 200, y: 200), id: 2)
        f.advance(by: 5)
        f.tap(CGPoint(x: 100, y: 100), id: 3)
        f.advance(by: 5)
        // UIKit's behaviour too: a recognizer that stays possible holds its touches' ends.
        #expect(Array(v.phases.dropFirst(before)) == ["began", "began"] && window.isHoldingTouchesForRecognizers && r.state == .possible)
    }

    /// A recognizer with an initializer of its own, as a game writes one.
    final class FingersDown: UIGestureRecognizer {
        let fingers: Int
        init(fingers: Int) {
            self.fingers = fingers
            super.init(target: nil, action: nil)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            if numberOfTouches == fingers { state = .recognized }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            if state == .possible { state = .failed }
        }
    }

    @Test func aSubclassWithItsOwnInitializerRecognizesAndTakesActions() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        v.isMultipleTouchEnabled = true
        window.addSubview(v)
        let three = FingersDown(fingers: 3)
        var heard: [Int] = []
        three.addHandler { r in heard.append(r.fingers) }
        v.addGestureRecognizer(three)
        var f = GestureFinger(window: window)
        for id in 1...3 { f.down(CGPoint(x: 50 * CGFloat(id), y: 50), id: Int64(id)) }
        for id in 1...3 { f.up(CGPoint(x: 50 * CGFloat(id), y: 50), id: Int64(id)) }
        #expect(heard == [3])
        #expect(three.state == .possible)
    }

}
