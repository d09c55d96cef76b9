import Foundation

/// The animations one call made (one `UIView.animate` block, one keyframe animation, one
/// property animator's blocks) with their timing and completion. It starts at the frame time
/// of the window clock's next advance after it was made, and its completion runs once, when
/// every animation in it has ended (`true`) or when one was taken over or removed (`false`).
@MainActor
final class AnimationGroup {
    var duration: Double
    var delay: Double
    let options: UIView.AnimationOptions
    var timing: AnimationTiming
    /// Keyframe animations' segments run linearly within the group's time.
    let isKeyframes: Bool
    /// The clock time it started at (nil until its animator's next tick).
    var startTime: Double?
    /// Animations still running.
    var animations: [PropertyAnimation] = []
    var completions: [(Bool) -> Void] = []
    /// False once an animation in it was taken over by another or its view left its window.
    var finishedAtEnd = true
    /// The property animator driving it, when one does (its fraction replaces the clock's).
    weak var driver: UIViewPropertyAnimator?
    /// The driver while it runs: a running animator is kept alive by its animations.
    var runningDriver: UIViewPropertyAnimator?
    /// Its completion ran (or it was dropped): it takes no further part.
    var isOver = false
    /// The fraction of time the group has run, as of the last tick.
    var fraction: Double = 0
    /// The view a cross-dissolve transition of this group fades (its ``ViewMotion/dissolve``).
    var dissolveView: UIView?
    /// The view a removed view's picture fades out over (its ``ViewMotion/ghosts``).
    var ghostHost: UIView?
    /// The clock pass it was added in: it starts at a later one.
    var addedInPass: UInt64 = 0
    /// Animations taken off it (``PropertyAnimation/isRemoved``) and not yet dropped.
    var removedCount = 0

    init(duration: Double, delay: Double, options: UIView.AnimationOptions, timing: AnimationTiming, isKeyframes: Bool = false) {
        self.duration = UIView.sanitizedDuration(duration)
        self.delay = UIView.sanitizedDuration(delay)
        self.options = options
        self.timing = timing
        self.isKeyframes = isKeyframes
    }

    /// The progress (after the curve) at `localFraction` of an animation's own span.
    func progress(ofLocalFraction f: Double) -> Double {
        if let driver { return driver.progress(ofFraction: f) }
        if isKeyframes { return f }
        return timing.progress(fraction: f, duration: duration)
    }

    /// The fraction of the group's time at clock `time`, and whether it has ended: the delay
    /// holds it at 0, `autoreverse` runs it forward then back, `repeat` forever.
    func fraction(at time: Double) -> (fraction: Double, ended: Bool) {
        guard let start = startTime else { return (0, false) }
        let elapsed = time - start - delay
        guard elapsed > 0 else { return (0, false) }
        guard duration > 0 else { return (1, true) }
        let cycle = options.contains(.autoreverse) ? 2 * duration : duration
        var t = elapsed
        if options.contains(.repeat) {
            t = elapsed.truncatingRemainder(dividingBy: cycle)
        } else if elapsed >= cycle {
            return (options.contains(.autoreverse) ? 0 : 1, true)
        }
        if t > duration { t = cycle - t }   // on the way back
        return (min(max(t / duration, 0), 1), false)
    }
}

/// The animations of one window (``UIWindow/viewAnimator``): it ticks on the window's
/// ``FrameClock`` once per advance while anything runs, writes in-flight values into the
/// views' ``ViewMotion`` and runs completions. Nothing runs, and the clock has no timer for
/// it, when no animation does (or only paused property animators), so a host drawing on
/// demand sleeps again.
@MainActor
final class ViewAnimator {
    unowned let clock: FrameClock
    private(set) var groups: [AnimationGroup] = []
    private var timer: FrameTimer?
    /// Completions due, run at the end of the tick.
    private var dueCompletions: [(completion: (Bool) -> Void, finished: Bool)] = []

    init(clock: FrameClock) { self.clock = clock }

    /// Whether any group is running or waiting to start.
    var isActive: Bool { !groups.isEmpty }

    /// Starts `group` at the clock's next advance (not the one running now, when it is made by
    /// a timer or a completion during one).
    func add(_ group: AnimationGroup) {
        guard !group.isOver || !group.completions.isEmpty else { return }
        group.addedInPass = clock.pass
        groups.append(group)
        scheduleTick()
    }

    /// Makes sure the next clock advance ticks (a paused property animator resumed).
    func wake() { scheduleTick() }

    private func scheduleTick() {
        guard timer == nil else { return }
        timer = clock.scheduleTimer(after: 0, repeating: 0) { [unowned self] _ in self.tick() }
    }

    /// Ends `animation` early (taken over, or its view left): its group completes with false
    /// when nothing else of it runs. Constant time in the group's size (the group drops its
    /// removed animations at the next tick).
    func remove(_ animation: PropertyAnimation) {
        guard !animation.isRemoved else { return }
        animation.isRemoved = true
        let view = animation.view
        if let m = view.viewMotion, let i = m.animations.firstIndex(where: { $0 === animation }) {
            m.animations.remove(at: i)
            m.count(animation, -1)
            recomputeOffsets(of: view)
            view.motionDidChange(animation.property)
        }
        let group = animation.group
        group.removedCount += 1
        group.finishedAtEnd = false
        scheduleTick()
    }

    /// One frame: starts the groups made before this clock advance at its time, moves every
    /// running animation, ends the finished ones, then runs their completions (which may start
    /// new groups: those start next frame, so a chain of zero-length animations advances a
    /// link per frame).
    func tick() {
        let now = clock.currentTime
        let pass = clock.pass
        var k = 0
        while k < groups.count {
            let group = groups[k]
            if group.isOver { groups.remove(at: k); continue }
            if group.addedInPass == pass { k += 1; continue }   // made during this advance: next one
            group.dropRemovedAnimations()
            if group.startTime == nil { group.startTime = now }
            let state: (fraction: Double, ended: Bool)
            if let driver = group.driver {
                driver.advance(to: now)
                if group.isOver { groups.remove(at: k); continue }
                state = (driver.timeFraction, false)
            } else {
                state = group.fraction(at: now)
            }
            group.fraction = state.fraction
            if let v = group.dissolveView, let d = v.viewMotion?.dissolve, d.group === group {
                d.opacity = 1 - group.progress(ofLocalFraction: state.fraction)
                v.invalidateDrawnArea()
            }
            if let host = group.ghostHost, let m = host.viewMotion {
                for g in m.ghosts where g.group === group { g.opacity = 1 - group.progress(ofLocalFraction: state.fraction) }
                host.invalidateDrawnArea()
            }
            if state.ended || (group.animations.isEmpty && group.driver == nil && group.dissolveView == nil && group.ghostHost == nil) {
                finish(group, finished: group.finishedAtEnd)
                groups.remove(at: k)
                continue
            }
            k += 1
        }
        // Groups that move with time: a paused property animator's stay where they are (its
        // views are not drawn again, and with nothing else running the clock may sleep).
        if groups.contains(where: { $0.movesWithTime }) {
            // Offsets of every view with running animations, from nothing.
            for group in groups {
                for a in group.animations where !a.isRemoved { a.view.viewMotion?.offsets[a.property.rawValue] = .zero }
            }
            for group in groups {
                let moves = group.movesWithTime
                for a in group.animations where !a.isRemoved {
                    guard let m = a.view.viewMotion else { continue }
                    m.offsets[a.property.rawValue] += a.offset(groupFraction: group.fraction)
                    if moves { a.view.motionDidChange(a.property) }
                }
            }
        }
        // Completions may start groups: those start at the next tick (the timer, still
        // valid, fires once per clock advance), so a chain advances a link per frame.
        runDueCompletions()
        if !groups.contains(where: { $0.movesWithTime || $0.addedInPass == pass }), let t = timer {
            t.invalidate()
            timer = nil
        }
    }

    /// Ends `group`: its views drop its animations (and draw their model values, with their
    /// other animations still in flight), and its completions are due.
    func finish(_ group: AnimationGroup, finished: Bool) {
        guard !group.isOver else { return }
        group.isOver = true
        var views: [ObjectIdentifier: UIView] = [:]
        for a in group.animations where !a.isRemoved {
            a.isRemoved = true
            let view = a.view
            guard let m = view.viewMotion, let i = m.animations.firstIndex(where: { $0 === a }) else { continue }
            m.animations.remove(at: i)
            m.count(a, -1)
            views[ObjectIdentifier(view)] = view
            view.motionDidChange(a.property)
        }
        for view in views.values { recomputeOffsets(of: view) }
        group.animations.removeAll()
        group.runningDriver = nil
        if let v = group.dissolveView {
            if let m = v.viewMotion, let d = m.dissolve, d.group === group {
                m.dissolve = nil
                if d.blocksTouches { m.blockingCount -= 1 }
            }
            v.invalidateDrawnArea()
            group.dissolveView = nil
        }
        if let host = group.ghostHost {
            host.viewMotion?.ghosts.removeAll { $0.group === group }
            // The next pass finds its picture gone and redraws where it was.
            host.invalidateDrawnArea()
            group.ghostHost = nil
        }
        for c in group.completions { dueCompletions.append((c, finished)) }
        group.completions.removeAll()
    }

    func runDueCompletions() {
        guard !dueCompletions.isEmpty else { return }
        let due = dueCompletions
        dueCompletions.removeAll()
        for entry in due { entry.completion(entry.finished) }
    }

    /// `view` left this animator's window: its animations end where they are going (at their
    /// model values), and their groups complete with false at the next tick.
    func viewLeft(_ view: UIView) {
        guard let m = view.viewMotion else { return }
        for a in m.animations { remove(a) }
        if let d = m.dissolve { finishDissolve(d, finished: false) }
        for g in m.ghosts { finishDissolve(g, finished: false) }
    }
}

extension AnimationGroup {
    /// Whether time moves it (not a paused property animator).
    var movesWithTime: Bool { driver.map { $0.isRunning } ?? true }

    /// Forgets the animations taken off it since the last tick.
    func dropRemovedAnimations() {
        guard removedCount > 0 else { return }
        animations.removeAll { $0.isRemoved }
        removedCount = 0
    }
}

extension ViewAnimator {
    /// Recomputes the offsets of the views `group` animates (a property animator scrubbed).
    func refreshOffsets(of group: AnimationGroup) {
        var views: [ObjectIdentifier: UIView] = [:]
        for a in group.animations where !a.isRemoved { views[ObjectIdentifier(a.view)] = a.view }
        for view in views.values { recomputeOffsets(of: view) }
    }

    /// The offsets of `view` from its running animations at their groups' fractions.
    func recomputeOffsets(of view: UIView) {
        guard let m = view.viewMotion else { return }
        for k in m.offsets.indices { m.offsets[k] = .zero }
        for a in m.animations {
            m.offsets[a.property.rawValue] += a.offset(groupFraction: a.group.fraction)
            view.motionDidChange(a.property)
        }
    }
}
