import Foundation
@testable import SDLControlsCore

/// Records each state a recognizer's targets were told about, in order.
@MainActor
final class GestureLog {
    private(set) var states: [UIGestureRecognizer.State] = []
    /// A value read in each action (a translation, a scale …), in order.
    private(set) var values: [CGPoint] = []
    private let read: (UIGestureRecognizer) -> CGPoint

    init(_ recognizer: UIGestureRecognizer, read: @escaping (UIGestureRecognizer) -> CGPoint = { $0.location(in: nil) }) {
        self.read = read
        recognizer.addTarget(self, action: GestureLog.record)
    }

    private func record(_ r: UIGestureRecognizer) {
        states.append(r.state)
        values.append(read(r))
    }
}

/// A view that records the touch phases it is given.
@MainActor
final class PhaseRecordingView: UIView {
    private(set) var phases: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("cancelled") }
}

/// A delegate whose answers the test sets.
@MainActor
final class ScriptedGestureDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var simultaneous = false
    var receives = true
    var requiresFailureOf: UIGestureRecognizer?
    private(set) var askedToBegin = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        askedToBegin += 1
        return shouldBegin
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        other === requiresFailureOf
    }
}

/// Touches played into a window at explicit times, with its frame clock kept in step (so
/// recognizers' timers fire as they would in a running host).
@MainActor
struct GestureFinger {
    let window: UIWindow
    var time: TimeInterval = 1

    mutating func advance(by dt: TimeInterval) {
        time += dt
        window.frameClock.advanceTime(to: time)
    }

    mutating func down(_ p: CGPoint, id: Int64 = 1, type: UITouch.TouchType = .direct, buttons: UIEvent.ButtonMask = []) {
        advance(by: 0.01)
        window.send(TouchSample(id: id, phase: .began, location: p, timestamp: time, type: type, buttonMask: buttons))
    }

    mutating func move(_ p: CGPoint, id: Int64 = 1, type: UITouch.TouchType = .direct, buttons: UIEvent.ButtonMask = []) {
        advance(by: 0.01)
        window.send(TouchSample(id: id, phase: .moved, location: p, timestamp: time, type: type, buttonMask: buttons))
    }

    mutating func up(_ p: CGPoint, id: Int64 = 1, type: UITouch.TouchType = .direct, buttons: UIEvent.ButtonMask = []) {
        advance(by: 0.01)
        window.send(TouchSample(id: id, phase: .ended, location: p, timestamp: time, type: type, buttonMask: buttons))
    }

    mutating func tap(_ p: CGPoint, id: Int64 = 1) {
        down(p, id: id)
        up(p, id: id)
    }

    /// A one-finger drag in `steps` moves (10 ms apart), without lifting.
    mutating func drag(from a: CGPoint, to b: CGPoint, steps: Int = 5, id: Int64 = 1) {
        down(a, id: id)
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps)
            move(CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), id: id)
        }
    }
}

/// A delegate that runs a closure when asked whether to begin.
@MainActor
final class MutatingBeginDelegate: UIGestureRecognizerDelegate {
    var onShouldBegin: (UIGestureRecognizer) -> Void = { _ in }
    var answer = true
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        onShouldBegin(gestureRecognizer)
        return answer
    }
}

/// A view that removes itself from its superview when a touch begins on it.
@MainActor
final class SelfRemovingView: UIView {
    var began = 0, ended = 0, cancelled = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        began += 1
        removeFromSuperview()
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { ended += 1 }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { cancelled += 1 }
}

/// Seeded randomness for the gesture suites (the generator the drawing suites use).
extension TestRandom: RandomNumberGenerator {}

/// A vertical list 2,000 points tall (its content records touch phases) in a 300-point scroll
/// view at the window's top-left corner.
@MainActor
func makeScrollingList(in window: UIWindow, delaysContentTouches: Bool) -> (UIScrollView, PhaseRecordingView) {
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    scroll.contentSize = CGSize(width: 300, height: 2000)
    scroll.delaysContentTouches = delaysContentTouches
    let content = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 2000))
    scroll.addSubview(content)
    window.addSubview(scroll)
    return (scroll, content)
}
