import Foundation

/// Helpers that play touches into a window as a person would, for UI tests of games.
///
/// They build ``TouchSample``s and feed them through ``UIWindow/send(_:)``, the same path
/// the SDL host uses. Without an explicit `time`, each sample advances a private clock by
/// ``simulationStep`` seconds. That is shorter than the multi-tap interval, so two
/// `simulateTap(at:)` calls in a row on one view count as a double tap (the second sends
/// touchDownRepeat); pass times more than ``multiTapInterval`` apart to get two single taps.
///
/// ```swift
/// window.simulateTap(at: CGPoint(x: 40, y: 20))
/// UIApplication.shared.deliverPendingActions()
/// ```
extension UIWindow {
    /// Seconds the simulation clock advances per sample when no time is given.
    public static let simulationStep: TimeInterval = 0.05

    private func nextTime(_ time: TimeInterval?) -> TimeInterval {
        if let time {
            simulationClock = time
        } else {
            simulationClock += UIWindow.simulationStep
        }
        return simulationClock
    }

    /// Puts contact `id` down at `point` (window points).
    public func simulateTouchDown(at point: CGPoint, id: Int64 = 0, time: TimeInterval? = nil, type: UITouch.TouchType = .direct) {
        send(TouchSample(id: id, phase: .began, location: point, timestamp: nextTime(time), type: type))
    }

    /// Moves contact `id` to `point`.
    public func simulateTouchMove(to point: CGPoint, id: Int64 = 0, time: TimeInterval? = nil, type: UITouch.TouchType = .direct) {
        send(TouchSample(id: id, phase: .moved, location: point, timestamp: nextTime(time), type: type))
    }

    /// Lifts contact `id` at `point`.
    public func simulateTouchUp(at point: CGPoint, id: Int64 = 0, time: TimeInterval? = nil, type: UITouch.TouchType = .direct) {
        send(TouchSample(id: id, phase: .ended, location: point, timestamp: nextTime(time), type: type))
    }

    /// A tap: down and up at `point`.
    public func simulateTap(at point: CGPoint, id: Int64 = 0, time: TimeInterval? = nil) {
        simulateTouchDown(at: point, id: id, time: time)
        simulateTouchUp(at: point, id: id, time: time.map { $0 + 0.05 })
    }

    /// A drag from `start` to `end` in `steps` moves, then a lift at `end`.
    public func simulateDrag(from start: CGPoint, to end: CGPoint, steps: Int = 4, id: Int64 = 0) {
        simulateTouchDown(at: start, id: id)
        let n = max(1, steps)
        for i in 1...n {
            let f = CGFloat(i) / CGFloat(n)
            simulateTouchMove(to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f), id: id)
        }
        simulateTouchUp(at: end, id: id)
    }
}
