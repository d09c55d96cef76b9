import Foundation

/// A timer driven by the frame clock rather than a run loop: it fires during
/// ``UIApplication/advanceTime(to:)``, which the SDL host calls once a frame before
/// delivering actions (rule E1: "after the frame's input and timers are processed").
/// Controls use it for stepper autorepeat, caret blinking and animations.
@MainActor
public final class FrameTimer {
    /// When it fires next.
    public internal(set) var fireTime: TimeInterval
    /// The repeat interval; nil fires once.
    public var interval: TimeInterval?
    /// Whether it will still fire.
    public private(set) var isValid = true
    let handler: @MainActor (FrameTimer) -> Void

    init(fireTime: TimeInterval, interval: TimeInterval?, handler: @escaping @MainActor (FrameTimer) -> Void) {
        self.fireTime = fireTime
        self.interval = interval
        self.handler = handler
    }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        isValid = false
    }
}

extension UIApplication {
    /// Schedules `handler` to run `delay` seconds from ``currentTime``, then every
    /// `interval` seconds if given. Non-finite or negative values are treated as 0 (a
    /// repeating interval of 0 fires at most once per ``advanceTime(to:)``).
    @discardableResult
    public func scheduleTimer(after delay: TimeInterval, repeating interval: TimeInterval? = nil,
                              _ handler: @escaping @MainActor (FrameTimer) -> Void) -> FrameTimer {
        let d = delay.isFinite ? max(0, delay) : 0
        let i = interval.map { $0.isFinite ? max(0, $0) : 0 }
        let timer = FrameTimer(fireTime: currentTime + d, interval: i, handler: handler)
        timers.append(timer)
        return timer
    }

    /// Moves the clock to `time` and fires due timers in time order. A repeating timer that
    /// fell behind fires once per overdue interval up to a bound, then skips ahead, so a
    /// long stall (a breakpoint, a minimized window) can't cause a burst. Time never runs
    /// backwards: an earlier or non-finite `time` only fires what is already due.
    public func advanceTime(to time: TimeInterval) {
        if time.isFinite, time > currentTime { currentTime = time }
        var fired = 0
        while fired < 1000 {
            timers.removeAll { !$0.isValid }
            guard let next = timers.filter({ $0.fireTime <= currentTime }).min(by: { $0.fireTime < $1.fireTime }) else { break }
            fired += 1
            if let interval = next.interval {
                next.fireTime += max(interval, 0.001)
                // Skip ahead after falling more than 10 intervals behind.
                if currentTime - next.fireTime > max(interval, 0.001) * 10 { next.fireTime = currentTime + interval }
            } else {
                next.invalidate()
            }
            next.handler(next)
        }
        timers.removeAll { !$0.isValid }
    }

    /// The number of timers that will still fire.
    public var activeTimerCount: Int { timers.filter(\.isValid).count }
}
