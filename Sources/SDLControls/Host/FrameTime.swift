import Foundation

/// The host's time for input and timers: a clock, or a fixed step per update (see
/// ``SDLHost/fixedTimeStep``).
struct FrameTime {
    /// Seconds on a monotonic clock since the host started.
    var clock: () -> TimeInterval
    /// The fixed step, when set: finite and positive.
    private(set) var fixedStep: TimeInterval?
    /// While a step is set: the time it was set at and the updates since (time = start +
    /// steps × step, so it doesn't drift).
    private var fixedStart: TimeInterval = 0
    private var fixedSteps = 0

    init(clock: @escaping () -> TimeInterval) {
        self.clock = clock
    }

    /// The time of input and timers now.
    func now() -> TimeInterval {
        guard let step = fixedStep else { return clock() }
        return fixedStart + Double(fixedSteps) * step
    }

    /// Sets the step (values that are not finite or not positive turn it off); time continues
    /// from `current`, the window's time now.
    mutating func setFixedStep(_ step: TimeInterval?, current: TimeInterval) {
        let valid = step.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        guard valid != fixedStep else { return }
        fixedStart = fixedStep.map { fixedStart + Double(fixedSteps) * $0 } ?? current
        fixedSteps = 0
        fixedStep = valid
    }

    /// One update done: the next frame's input and update are one step later.
    mutating func advance() {
        if fixedStep != nil { fixedSteps += 1 }
    }
}
