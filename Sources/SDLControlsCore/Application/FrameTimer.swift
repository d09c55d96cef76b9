import Foundation

/// A timer driven by a ``FrameClock`` rather than a run loop: it fires during
/// ``FrameClock/advanceTime(to:)``, which the SDL host calls once a frame before delivering
/// actions (rule E1: "after the frame's input and timers are processed"). Controls use it
/// for stepper autorepeat and caret blinking; their animations share one per clock
/// (`ControlAnimator`).
@MainActor
public final class FrameTimer {
    /// When it fires next, in its clock's seconds.
    public internal(set) var fireTime: TimeInterval
    /// The repeat interval; nil fires once.
    public var interval: TimeInterval?
    /// Whether it will still fire.
    public private(set) var isValid = true
    let handler: @MainActor (FrameTimer) -> Void
    /// The ``FrameClock/advanceTime(to:)`` pass that last fired it, and how often it fired in it.
    var lastPass: UInt64 = 0
    var firingsThisPass = 0

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

/// The time and timers of one view tree: every ``UIWindow`` has its own
/// (``UIView/frameClock`` of the window), so two hosts in one process, or a host created after another
/// shut down, never see each other's time **(project choice; UIKit has one run loop)**.
///
/// Time only moves when ``advanceTime(to:)`` is called: the SDL host calls it once a frame
/// with its clock (wall time, or a fixed step for deterministic runs); tests call it
/// directly. Views reach their window's clock through ``UIView/frameClock``.
@MainActor
public final class FrameClock {
    /// The current time in seconds, as last set by ``advanceTime(to:)``. Starts at 0.
    public private(set) var currentTime: TimeInterval = 0
    private var timers: [FrameTimer] = []
    /// Counts ``advanceTime(to:)`` passes (animations started during one begin in the next).
    private(set) var pass: UInt64 = 0
    /// The controls' own animations on this clock (`Animation/ControlAnimator.swift`): one
    /// timer steps them all.
    lazy var controlAnimator = ControlAnimator(clock: self)

    /// Creates a clock at time 0 with no timers.
    public init() {}

    /// Schedules `handler` to run `delay` seconds from ``currentTime``, then every
    /// `interval` seconds if given. Non-finite or negative values are treated as 0; a
    /// repeating interval of 0 fires once per ``advanceTime(to:)``.
    @discardableResult
    public func scheduleTimer(after delay: TimeInterval, repeating interval: TimeInterval? = nil,
                              _ handler: @escaping @MainActor (FrameTimer) -> Void) -> FrameTimer {
        let d = delay.isFinite ? max(0, delay) : 0
        let i = interval.map { $0.isFinite ? max(0, $0) : 0 }
        let timer = FrameTimer(fireTime: currentTime + d, interval: i, handler: handler)
        timers.append(timer)
        return timer
    }

    /// Schedules `handler` to run `delay` seconds after `time`, an input's timestamp (a press's
    /// down), once. Input is stamped with the host's clock as this clock is, but this clock only
    /// moves once a frame, so a press can arrive ahead of it (before the first frame): timing from
    /// the press keeps a long press from firing early. A stamp more than a second ahead of the
    /// clock (a bad one) counts as a second ahead.
    @discardableResult
    func scheduleTimer(after delay: TimeInterval, from time: TimeInterval, _ handler: @escaping @MainActor (FrameTimer) -> Void) -> FrameTimer {
        let d = delay.isFinite ? max(0, delay) : 0
        let start = time.isFinite ? min(max(time, currentTime), currentTime + 1) : currentTime
        return scheduleTimer(after: start - currentTime + d, handler)
    }

    /// The most times one timer fires to catch up in one ``advanceTime(to:)``; after a
    /// longer stall (a breakpoint, a minimized window) it skips ahead instead of bursting.
    public static let maximumCatchUpFirings = 10

    /// Moves the clock to `time` and fires due timers in time order. A repeating timer that
    /// fell behind fires once per overdue interval, at most ``maximumCatchUpFirings`` times,
    /// then skips ahead. Time never runs backwards: an earlier or non-finite `time` only
    /// fires what is already due.
    public func advanceTime(to time: TimeInterval) {
        if time.isFinite, time > currentTime { currentTime = time }
        pass &+= 1
        // Bounded: each timer fires at most maximumCatchUpFirings times a pass, and handlers
        // that schedule new due timers can't run for ever.
        var budget = max(1000, (timers.count + 1) * FrameClock.maximumCatchUpFirings)
        while budget > 0, let next = nextDueTimer() {
            budget -= 1
            if next.lastPass != pass { next.lastPass = pass; next.firingsThisPass = 0 }
            next.firingsThisPass += 1
            if let interval = next.interval {
                next.fireTime += interval
                if interval == 0 || next.firingsThisPass >= FrameClock.maximumCatchUpFirings {
                    // Caught up as far as allowed (a 0 interval: once a pass): next due after now.
                    next.fireTime = max(next.fireTime, currentTime + interval)
                    next.firingsThisPass = .max
                }
            } else {
                next.invalidate()
            }
            next.handler(next)
        }
        timers.removeAll { !$0.isValid }
    }

    /// The earliest valid timer that is due and may still fire this pass (no allocation).
    private func nextDueTimer() -> FrameTimer? {
        var best: FrameTimer?
        for t in timers where t.isValid && t.fireTime <= currentTime && !(t.lastPass == pass && t.firingsThisPass == .max) {
            if best == nil || t.fireTime < best!.fireTime { best = t }
        }
        return best
    }

    /// The number of timers that will still fire.
    public var activeTimerCount: Int { timers.reduce(0) { $0 + ($1.isValid ? 1 : 0) } }

    /// When the next timer fires (clock time), or nil when none is scheduled: a run loop with
    /// nothing else to do can sleep until then **(project choice)**.
    public var nextFireTime: TimeInterval? {
        var t: TimeInterval?
        for timer in timers where timer.isValid { t = min(t ?? timer.fireTime, timer.fireTime) }
        return t
    }
}

extension UIApplication {
    /// The clock ``currentTime``, ``scheduleTimer(after:repeating:_:)`` and
    /// ``advanceTime(to:)`` act on: the key window's ``UIView/frameClock``, or the
    /// application's own clock when there is no key window.
    public var frameClock: FrameClock { keyWindow?.frameClock ?? detachedClock }

    /// The current time of ``frameClock``.
    public var currentTime: TimeInterval { frameClock.currentTime }

    /// Schedules a timer on ``frameClock`` (see ``FrameClock/scheduleTimer(after:repeating:_:)``).
    /// Views should use their own ``UIView/frameClock``.
    @discardableResult
    public func scheduleTimer(after delay: TimeInterval, repeating interval: TimeInterval? = nil,
                              _ handler: @escaping @MainActor (FrameTimer) -> Void) -> FrameTimer {
        frameClock.scheduleTimer(after: delay, repeating: interval, handler)
    }

    /// Advances ``frameClock`` (the key window's) and the application's own clock, which
    /// holds timers of views that are in no window. See ``FrameClock/advanceTime(to:)``.
    public func advanceTime(to time: TimeInterval) {
        if let key = keyWindow?.frameClock, key !== detachedClock { key.advanceTime(to: time) }
        detachedClock.advanceTime(to: time)
    }

    /// The number of timers on ``frameClock`` that will still fire.
    public var activeTimerCount: Int { frameClock.activeTimerCount }
}

extension UIView {
    /// The clock this view's timers and animations run on: its window's (every window has
    /// its own, which its host advances once a frame), or the application's own while the
    /// view is in no window.
    public var frameClock: FrameClock { window?.ownFrameClock ?? UIApplication.shared.detachedClock }
}
