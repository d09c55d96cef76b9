import Foundation

extension UIView {
    /// The timing curves of ``UIViewPropertyAnimator/init(duration:curve:animations:)``.
    public enum AnimationCurve: Int, Sendable {
        /// Slow at the start and end.
        case easeInOut = 0
        /// Slow at the start.
        case easeIn = 1
        /// Slow at the end.
        case easeOut = 2
        /// Even speed.
        case linear = 3

        var timing: CubicTimingCurve {
            switch self {
            case .easeInOut: return .easeInOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }
}

/// Where a property animator's animations end: at their end values, their start values, or
/// where they are.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// The end values (the model values set in the blocks).
    case end = 0
    /// The start values.
    case start = 1
    /// Where they are when stopped.
    case current = 2
}

/// A property animator's state.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: its animation blocks have not run (or ran to an end).
    case inactive = 0
    /// Started or paused: its animations are in flight.
    case active = 1
    /// Stopped with ``UIViewPropertyAnimator/stopAnimation(_:)`` (false): waits for
    /// ``UIViewPropertyAnimator/finishAnimation(at:)``.
    case stopped = 2
}

/// Animates changes to views that can be started, paused, scrubbed, reversed and stopped, as
/// UIKit's: the changes its blocks make are animated on the frame clock of the window of the
/// first view they change.
///
/// It is inactive until ``startAnimation()``, ``pauseAnimation()`` or setting
/// ``fractionComplete`` runs its blocks; then active (running or paused) until it reaches an
/// end, which runs its completions with the position reached (`.end`, or `.start` when
/// reversed: the properties then go back to their start values). ``stopAnimation(_:)`` leaves
/// the properties where they are. Calls UIKit rejects with an exception (finishing an animator
/// that isn't stopped, scrubbing one that runs) do nothing here.
@MainActor
open class UIViewPropertyAnimator {
    /// The length of the animations, seconds (NaN, infinite and negative values are 0).
    public let duration: TimeInterval
    /// The delay before running, seconds (set by ``startAnimation(afterDelay:)``).
    public private(set) var delay: TimeInterval = 0
    /// Whether it can be paused, scrubbed, reversed and stopped while running. True by
    /// default; false for ``runningPropertyAnimator(withDuration:delay:options:animations:completion:)``'s.
    /// Settable only while inactive.
    open var isInterruptible = true {
        didSet { if state != .inactive { isInterruptible = oldValue } }
    }
    /// Whether the animated views take touches while it runs (true by default).
    open var isUserInteractionEnabled = true
    /// Whether a paused animator follows ``fractionComplete`` linearly (true, the default)
    /// or along its curve.
    open var scrubsLinearly = true
    /// Whether reaching an end pauses it instead of finishing (completions then don't run).
    open var pausesOnCompletion = false
    /// Whether it runs toward its start. Setting it while running turns it around (not while
    /// active when it isn't interruptible).
    open var isReversed = false {
        didSet { if state == .active && !isInterruptible { isReversed = oldValue } }
    }
    /// Its state.
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether it is active and not paused.
    public var isRunning: Bool { state == .active && running }

    private let timing: AnimationTiming
    private var blocks: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// Its animations (held by the window's animator, which the group keeps this alive from while it runs).
    private weak var group: AnimationGroup?
    private weak var animator: ViewAnimator?
    private var running = false
    /// The fraction of time run, 0...1.
    private var time: Double = 0
    private var lastTick: Double?
    private var remainingDelay: Double = 0
    /// Start and end values of what a stopped animator animated.
    private var stopped: [(UIView, AnimatedProperty, AnimatedValue, AnimatedValue)] = []
    /// ``fractionComplete`` was set while paused: it is shown linearly (``scrubsLinearly``)
    /// until the animator runs again. Pausing alone shows the views where they were.
    private var scrubbed = false

    /// An animator with one of UIKit's curves.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = UIView.sanitizedDuration(duration)
        timing = .curve(curve.timing)
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator with a spring of `ratio` damping (1: no overshoot; 0, negative or NaN as
    /// for ``UIView/animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)``).
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = UIView.sanitizedDuration(duration)
        timing = .spring(SpringTimingCurve(dampingRatio: Double(ratio), initialVelocity: 0, duration: self.duration))
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator with a cubic Bézier curve through two control points (x clamped to 0...1).
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                animations: (() -> Void)? = nil) {
        self.duration = UIView.sanitizedDuration(duration)
        timing = .curve(CubicTimingCurve(Double(point1.x), Double(point1.y), Double(point2.x), Double(point2.y)))
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator that starts at once (after `delay`), with the curve of `options`, not
    /// interruptible, as UIKit's.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let curve = UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 0xF)) ?? .easeInOut
        let a = UIViewPropertyAnimator(duration: duration, curve: curve, animations: animations)
        a.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        if let completion { a.addCompletion(completion) }
        a.isInterruptible = false
        a.startAnimation(afterDelay: delay)
        return a
    }

    /// The fraction of the animation done, 0...1 (time, before the curve). Settable while
    /// paused or inactive (which pauses it first); values outside 0...1 are clamped, NaN
    /// is ignored.
    open var fractionComplete: CGFloat {
        get { CGFloat(time) }
        set {
            guard newValue.isFinite, isInterruptible || state == .inactive else { return }
            if state == .inactive { pauseAnimation() }
            guard state == .active, !running else { return }
            time = min(max(Double(newValue), 0), 1)
            scrubbed = true
            group?.fraction = time
            refresh()
        }
    }

    /// Adds animations: before it starts, they run with the others; while active, they run
    /// from where the properties are over the remaining time.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start `delayFactor` (0...1) of the remaining time later.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(max(Double(delayFactor), 0), 1) : 0
        guard state == .active, let group else {
            blocks.append((animation, factor))
            return
        }
        let start = time + factor * (1 - time)
        capture(animation, into: group, relativeStart: start, relativeDuration: 1 - start)
    }

    /// Adds a completion, run with the position reached when it finishes.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts or resumes it.
    open func startAnimation() {
        guard state != .stopped else { return }
        if state == .inactive { activate() }
        if scrubbed {
            // Scrubbed linearly: carry on from the place shown (the time whose curve gives it).
            if scrubsLinearly, case .curve(let c) = timing { time = c.time(forProgress: time) }
            scrubbed = false
        }
        running = true
        lastTick = nil
        // Kept alive by its group while it runs, as UIKit keeps a running animator (its
        // completions run even when nobody holds it, as with a discarded
        // `runningPropertyAnimator`); the group lives in the window's animator.
        group?.runningDriver = self
        scheduleTicks()
    }

    /// Starts it after `delay` seconds of the window's clock.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state == .inactive else { startAnimation(); return }
        self.delay = UIView.sanitizedDuration(delay)
        remainingDelay = self.delay
        startAnimation()
    }

    /// Pauses it where it is (activating it first when inactive).
    open func pauseAnimation() {
        guard state != .stopped, isInterruptible || state == .inactive else { return }
        if state == .inactive { activate() }
        running = false
        lastTick = nil
        group?.runningDriver = nil
        refresh()
    }

    /// Stops it where it is: with `withoutFinishing` true it becomes inactive and runs no
    /// completion; with false it becomes stopped and waits for ``finishAnimation(at:)``.
    /// Either way the properties keep their in-flight values.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        if let group, !withoutFinishing {
            // What finishAnimation(at:) may put back: each property's start and end values.
            stopped = group.animations.filter { !$0.isRemoved }.map { a in
                let end = a.view.animatedValue(a.property)
                return (a.view, a.property, end + a.delta, end)
            }
        }
        settle(at: .current)
        running = false
        group?.runningDriver = nil
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { reset() }
    }

    /// Finishes a stopped animator: the properties take their values at `finalPosition`
    /// and the completions run with it.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        if finalPosition != .current {
            UIView.performWithoutAnimation {
                for (view, property, start, end) in stopped { view.setAnimatedValue(property, finalPosition == .start ? start : end) }
            }
        }
        stopped.removeAll()
        complete(finalPosition)
    }

    // MARK: Engine

    /// The group's time fraction, for the window's animator.
    var timeFraction: Double { time }

    /// The progress at `f` of an animation's span: along the curve, or linear while paused
    /// and scrubbing linearly.
    func progress(ofFraction f: Double) -> Double {
        if !running, scrubbed, scrubsLinearly { return f }
        return timing.progress(fraction: f, duration: duration)
    }

    /// Runs the blocks into a new group on the animator of the window they change.
    private func activate() {
        state = .active
        time = isReversed ? 1 : 0
        let g = AnimationGroup(duration: max(duration, 1e-9), delay: 0,
                               options: isUserInteractionEnabled ? [.allowUserInteraction] : [], timing: timing)
        g.driver = self
        group = g
        let pending = blocks
        blocks.removeAll()
        var target: ViewAnimator?
        for b in pending {
            if let a = capture(b.animations, into: g, relativeStart: b.delayFactor, relativeDuration: 1 - b.delayFactor) { target = target ?? a }
        }
        let animator = target ?? UIApplication.shared.keyWindow?.viewAnimator ?? UIApplication.shared.detachedAnimator
        self.animator = animator
        animator.add(g)
    }

    /// Runs `block` collecting into `group`; returns the animator of the window it changed.
    @discardableResult
    private func capture(_ block: () -> Void, into group: AnimationGroup, relativeStart: Double, relativeDuration: Double) -> ViewAnimator? {
        // Inside `performWithoutAnimation` (or with animations off) its changes apply at once.
        let outerDisabled = AnimationCapture.current.map { $0.group == nil } ?? false
        let capture = AnimationCapture(group: UIView.areAnimationsEnabled && !outerDisabled ? group : nil)
        capture.keyframe = (relativeStart, relativeDuration)
        AnimationCapture.stack.append(capture)
        block()
        capture.closeRecords(from: 0)
        AnimationCapture.stack.removeLast()
        let animator = capture.window?.viewAnimator ?? self.animator
        guard capture.group != nil else { return animator }
        (animator ?? UIApplication.shared.detachedAnimator).commit(capture, into: group)
        refresh()
        return animator
    }

    private func scheduleTicks() {
        guard let animator, let group, !group.isOver else { return }
        if !animator.groups.contains(where: { $0 === group }) { animator.add(group) } else { animator.wake() }
    }

    /// One frame of the window's clock: moves the time fraction; at an end, pauses or finishes.
    func advance(to now: Double) {
        guard running, state == .active else { return }
        guard let last = lastTick else {
            lastTick = now
            // No time to run (a duration of 0, NaN or less) and no delay: done at this update.
            if duration <= 0, remainingDelay <= 0 {
                time = isReversed ? 0 : 1
                let position: UIViewAnimatingPosition = isReversed ? .start : .end
                settle(at: position)
                complete(position)
            }
            return
        }
        var dt = max(0, now - last)
        lastTick = now
        if remainingDelay > 0 {
            let used = min(remainingDelay, dt)
            remainingDelay -= used
            dt -= used
        }
        let step = duration > 0 ? dt / duration : 1
        time = min(max(time + (isReversed ? -step : step), 0), 1)
        let atEnd = isReversed ? time <= 0 : time >= 1
        guard atEnd else { return }
        if pausesOnCompletion {
            running = false
            lastTick = nil
            group?.runningDriver = nil
            return
        }
        let position: UIViewAnimatingPosition = isReversed ? .start : .end
        settle(at: position)
        complete(position)
    }

    /// Gives the animated properties their values at `position` as model values and ends the
    /// group's animations (without running its completions).
    private func settle(at position: UIViewAnimatingPosition) {
        guard let group else { return }
        let f = group.fraction
        var values: [(UIView, AnimatedProperty, AnimatedValue)] = []
        if position != .end {
            for a in group.animations where !a.isRemoved {
                // Start: the model plus the whole change back; current: plus what remains.
                let offset = position == .start ? a.delta : a.offset(groupFraction: f)
                values.append((a.view, a.property, a.view.animatedValue(a.property) + offset))
            }
        }
        group.completions.removeAll()
        animator?.finish(group, finished: true)
        self.group = nil
        UIView.performWithoutAnimation {
            for (view, property, value) in values { view.setAnimatedValue(property, value) }
        }
    }

    private func complete(_ position: UIViewAnimatingPosition) {
        state = .inactive
        running = false
        reset()
        let done = completions
        completions.removeAll()
        for c in done { c(position) }
    }

    private func reset() {
        scrubbed = false
        group?.runningDriver = nil
        group = nil
        lastTick = nil
        remainingDelay = 0
        time = 0
    }

    /// The views show the group at its current fraction (when scrubbed or paused).
    private func refresh() {
        guard let group else { return }
        group.fraction = time
        animator?.refreshOffsets(of: group)
    }
}

extension UIView {
    /// Sets a property's model value from animation space (a property animator finishing at
    /// its start or where it is).
    func setAnimatedValue(_ p: AnimatedProperty, _ v: AnimatedValue) {
        func finite(_ x: Double) -> CGFloat { x.isFinite ? CGFloat(x) : 0 }
        switch p {
        case .center: center = CGPoint(x: finite(v[0]), y: finite(v[1]))
        case .size: bounds = CGRect(origin: storedBoundsOrigin, size: CGSize(width: max(0, finite(v[0])), height: max(0, finite(v[1]))))
        case .boundsOrigin: bounds = CGRect(origin: CGPoint(x: finite(v[0]), y: finite(v[1])), size: storedFrame.size)
        case .transform:
            var c = TransformComponents()
            c.scaleX = finite(v[0]); c.scaleY = finite(v[1]); c.shear = finite(v[2]); c.rotation = finite(v[3])
            c.tx = finite(v[4]); c.ty = finite(v[5])
            transform = c.transform
        case .alpha: alpha = finite(v[0])
        case .backgroundColor: backgroundColor = UIView.color(from: v)
        case .cornerRadius: cornerRadius = finite(v[0])
        case .borderWidth: borderWidth = finite(v[0])
        case .borderColor: borderColor = UIView.color(from: v)
        }
    }
}
