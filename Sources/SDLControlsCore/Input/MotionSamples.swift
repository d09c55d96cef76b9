import Foundation

/// Recent (time, position) samples of something a touch moves (a finger, a pan's centroid, a
/// pinch's scale), and the velocity they give: what a scroll view flings with and what a
/// gesture recognizer reports.
struct MotionSamples {
    /// Recent samples, oldest first.
    private(set) var samples: [(time: TimeInterval, value: CGPoint)] = []

    /// The time window (seconds) the velocity is measured over.
    static let window: TimeInterval = 0.1
    /// Samples closer in time than this (seconds) came in one batch: a frame's events are
    /// stamped as they are handled, microseconds apart (or with the frame's time in fixed
    /// step), and after a stalled frame SDL queues all that happened meanwhile together.
    /// Their spacing says nothing of the speed, so a batch counts as one sample, at its newest
    /// value: measured over a few microseconds, a slow drag through a hitch flung content at
    /// the top speed, and in fixed step a flick lifted within one frame coasted not at all.
    static let sameBatch: TimeInterval = 0.001

    /// Adds a sample. Non-finite values and times are dropped; a time earlier than the last
    /// sample's (a clock that went back) starts the samples afresh, so velocities stay finite.
    mutating func record(_ value: CGPoint, at time: TimeInterval) {
        guard value.x.isFinite, value.y.isFinite, time.isFinite else { return }
        if let last = samples.last, time < last.time { samples.removeAll() }
        if let last = samples.last, samples.count > 1, time - last.time < MotionSamples.sameBatch {
            samples[samples.count - 1] = (time, value)   // the same batch
            return
        }
        samples.append((time, value))
        // Keep a handful, dropping what is older than the window (always two at least).
        while samples.count > 2, time - samples[1].time > MotionSamples.window { samples.removeFirst() }
        if samples.count > 16 { samples.removeFirst(samples.count - 16) }
    }

    /// Moves every sample by `offset` (the value was re-based: a pan's translation set back to
    /// zero), so the velocity goes on unchanged.
    mutating func shift(by offset: CGPoint) {
        for i in samples.indices {
            samples[i].value.x += offset.x
            samples[i].value.y += offset.y
        }
    }

    /// Scales every sample by `factor` (a pinch's scale re-based), keeping the velocity relative.
    mutating func scale(by factor: CGFloat) {
        guard factor.isFinite else { return samples.removeAll() }
        for i in samples.indices { samples[i].value.x *= factor }
    }

    /// Forgets every sample.
    mutating func removeAll() { samples.removeAll() }

    /// The velocity (units per second) at the last sample: measured over the last
    /// ``window`` seconds, or from the sample before the last batch when that is older (a
    /// stalled frame; something that rested, then lifted where it was, has none). Zero with no
    /// sample before the last batch.
    var velocity: CGPoint {
        guard samples.count > 1, let last = samples.last else { return .zero }
        var first = samples[samples.count - 2]
        for s in samples where last.time - s.time <= MotionSamples.window {
            if last.time - s.time >= MotionSamples.sameBatch { first = s }
            break
        }
        guard last.time - first.time > 0 else { return .zero }
        let dt = CGFloat(last.time - first.time)
        let v = CGPoint(x: (last.value.x - first.value.x) / dt, y: (last.value.y - first.value.y) / dt)
        return v.x.isFinite && v.y.isFinite ? v : .zero
    }
}
