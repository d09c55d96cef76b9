import Foundation

/// What an animation block being run is collecting: the views' properties it changed, with
/// the values they had before. Lives only while the block runs (set and cleared by the
/// `UIView.animate…` call), so two hosts never see each other's.
@MainActor
final class AnimationCapture {
    struct Record {
        let view: UIView
        let property: AnimatedProperty
        /// The model value before the block changed it.
        let from: AnimatedValue
        /// The in-flight offset the property had then.
        let offset: AnimatedValue
        var to: AnimatedValue?
        let relativeStart: Double
        let relativeDuration: Double
    }

    /// The group changes join; nil while animations are disabled (changes apply at once).
    let group: AnimationGroup?
    var records: [Record] = []
    /// The keyframe being collected (relative start and duration), inside `addKeyframe`.
    var keyframe: (start: Double, duration: Double) = (0, 1)
    /// Records from this index on belong to the open keyframe.
    var keyframeFirstRecord = 0
    /// The window of the first view the block changed: its animator runs the group.
    weak var window: UIWindow?
    struct NotedKey: Hashable { let view: ObjectIdentifier; let property: Int }
    /// The properties recorded since the block or the open keyframe began (a set: one block
    /// may change thousands of views).
    var noted = Set<NotedKey>()

    init(group: AnimationGroup?) { self.group = group }

    /// The innermost block being run, or nil outside animation blocks.
    static var current: AnimationCapture? { stack.last }
    static var stack: [AnimationCapture] = []

    /// Notes that `property` of `view` is about to change from `from` (its model value).
    func note(_ view: UIView, _ property: AnimatedProperty, from: AnimatedValue) {
        guard let w = view.storedWindow else { return }
        if window == nil { window = w }
        guard group != nil else { return }
        // The first change of each property in the block (or keyframe) holds its start value.
        guard noted.insert(NotedKey(view: ObjectIdentifier(view), property: property.rawValue)).inserted else { return }
        records.append(Record(view: view, property: property, from: from, offset: view.viewMotion?.offset(property) ?? .zero,
                              to: nil, relativeStart: keyframe.start, relativeDuration: keyframe.duration))
    }

    /// Fixes the end values of the records from `first` on (a block or a keyframe ended).
    func closeRecords(from first: Int) {
        for k in first..<records.count where records[k].to == nil {
            records[k].to = records[k].view.animatedValue(records[k].property)
        }
    }
}

extension UIView {
    /// Options for animating views, with UIKit's names and bits.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        /// Creates options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out the views whose size changed inside the block before it ends, so their
        /// subviews move with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// The animating views take touches (at their model geometry). Without it, hit-testing
        /// skips a view while any of its animations runs, and its subviews with it.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// A property that is taken over (alpha, colours, corner radius, border width) starts
        /// from its in-flight value instead of the earlier animation's target.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Runs for ever (the completion runs only if the animation is taken over or its view
        /// leaves the window).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs forward, then backward (then shows the model value, as UIKit).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A block inside another's uses its own duration, not the outer block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A block inside another's uses its own curve, not the outer block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Accepted for source compatibility; content is drawn from the model each frame anyway.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Accepted for source compatibility (view-to-view transitions are not implemented).
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A block inside another's uses its own options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Slow at the start and end (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Accepted; drawn as a cross-dissolve (3-D flips are not drawn here).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Accepted; drawn as a cross-dissolve.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Accepted; drawn as a cross-dissolve.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Accepted; drawn as a cross-dissolve.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// The view's old look fades out as its new look fades in.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Accepted; drawn as a cross-dissolve.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Accepted; drawn as a cross-dissolve.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The host's frame rate (animations follow the window's frame clock).
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// Accepted; animations follow the window's frame clock.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// Accepted; animations follow the window's frame clock.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve its bits name.
        var curve: CubicTimingCurve {
            switch (rawValue >> 16) & 0xF {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }

        var transitionBits: UInt { (rawValue >> 20) & 0xF }
    }

    /// Options for keyframe animations, with UIKit's names and bits.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        /// Creates options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// See ``UIView/AnimationOptions/layoutSubviews``.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// See ``UIView/AnimationOptions/allowUserInteraction``.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// See ``UIView/AnimationOptions/beginFromCurrentState``.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// See ``UIView/AnimationOptions/repeat``.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// See ``UIView/AnimationOptions/autoreverse``.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// See ``UIView/AnimationOptions/overrideInheritedDuration``.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// See ``UIView/AnimationOptions/overrideInheritedOptions``.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Straight lines between keyframes at even speed within each (the one mode drawn).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Accepted; run as linear.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Accepted; run as linear.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Accepted; run as linear.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// Accepted; run as linear.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// A duration or delay as animations use it: NaN, infinite and negative values are 0
    /// (the change applies at once), values are capped at a year.
    nonisolated static func sanitizedDuration(_ d: Double) -> Double {
        guard d.isFinite, d > 0 else { return 0 }
        return min(d, 365 * 24 * 3600)
    }

    // MARK: Animating

    /// Animates the changes `animations` makes to views' `frame`, `bounds`, `center`,
    /// `transform`, `alpha`, `backgroundColor`, `cornerRadius`, `borderWidth` and
    /// `borderColor`.
    ///
    /// The properties take their new values at once (reading them returns them, hit-testing
    /// uses them); what is drawn moves from the old values to the new over `duration`
    /// seconds of the window's frame clock, starting at the frame time of the clock's next
    /// advance (the host's next `update()`), after `delay`. Read the in-flight values with
    /// ``presentation()``. `completion` runs once, with `true` when the animations ran to
    /// their ends, `false` when one was taken over or its view left its window. A duration
    /// of 0 or less (or NaN or infinite) applies the changes at once and runs the completion
    /// at the next advance with `true`. Views in no window change at once.
    ///
    /// A property that is already animating never jumps. `frame`, `bounds`, `center` and
    /// `transform` blend, as UIKit's have since iOS 8: the new animation's change adds to the
    /// running one's and both complete with `true`. `alpha`, `backgroundColor`,
    /// `cornerRadius`, `borderWidth` and `borderColor` are taken over: the running animation
    /// ends (its completion gets `false`) and the new one starts from the in-flight value with
    /// ``AnimationOptions/beginFromCurrentState``, from the earlier target without it.
    /// Setting an animating property outside a block moves the animation's end with it.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let group = AnimationGroup(duration: duration, delay: delay, options: options, timing: .curve(options.curve))
        run(group, animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds with the default
    /// ease-in-out curve (see ``animate(withDuration:delay:options:animations:completion:)``).
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes over `duration` seconds.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes `animations` makes with a damped spring that settles within
    /// `duration`: `dampingRatio` 1 reaches the end without overshooting, smaller values
    /// overshoot and oscillate (0, negative and NaN ratios use 1 for NaN and negatives and
    /// 0.05 for 0, so the spring always settles); `velocity` is the initial speed in whole
    /// changes per second. The last frame lands exactly on the new values.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions = [], animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let spring = SpringTimingCurve(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity),
                                       duration: sanitizedDuration(duration))
        let group = AnimationGroup(duration: duration, delay: delay, options: options, timing: .spring(spring))
        run(group, animations: animations, completion: completion)
    }

    /// Runs a keyframe animation: the block adds keyframes with
    /// ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``, each animating its
    /// changes over its part of `duration`, at even speed (every calculation mode is run as
    /// linear). A property changed by several keyframes goes through each value in turn.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let viewOptions = AnimationOptions(rawValue: options.rawValue & 0x3FF | AnimationOptions.curveLinear.rawValue)
        let group = AnimationGroup(duration: duration, delay: delay, options: viewOptions, timing: .curve(.linear), isKeyframes: true)
        run(group, animations: animations, completion: completion)
    }

    /// Adds a keyframe inside ``animateKeyframes(withDuration:delay:options:animations:completion:)``'s
    /// block: the changes `animations` makes run from `frameStartTime` for `frameDuration`,
    /// both fractions (0...1) of the whole duration (values outside are clamped; NaN is 0).
    /// Outside a keyframe block the changes apply at once.
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let capture = AnimationCapture.current, let group = capture.group, group.isKeyframes else {
            animations()
            return
        }
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let start = unit(frameStartTime)
        let length = min(unit(frameDuration), 1 - start)
        capture.closeRecords(from: capture.keyframeFirstRecord)
        let saved = capture.keyframe
        let savedNoted = capture.noted
        capture.keyframe = (start, length)
        capture.keyframeFirstRecord = capture.records.count
        capture.noted = []
        animations()
        capture.closeRecords(from: capture.keyframeFirstRecord)
        capture.keyframe = saved
        capture.keyframeFirstRecord = capture.records.count
        capture.noted = savedNoted
    }

    /// Changes a view's content with a transition: with ``AnimationOptions/transitionCrossDissolve``
    /// (and, drawn the same way, the flip and curl options) the view's old look fades out
    /// while its new one fades in over `duration`. The changes `animations` makes are
    /// applied at once, not animated one by one. A view in no window changes at once.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let group = AnimationGroup(duration: duration, delay: 0, options: options, timing: .curve(options.curve))
        let dissolves = options.transitionBits != 0 && group.duration > 0 && areAnimationsEnabled
            && AnimationCapture.current.map { $0.group != nil } ?? true
        if dissolves, let window = view.storedWindow, let snapshot = view.dissolveSnapshot(group: group) {
            if let old = view.viewMotion?.dissolve { window.viewAnimator.finishDissolve(old, finished: false) }
            if !options.contains(.allowUserInteraction) {
                // No touches while it runs, as for every animation without the option.
                snapshot.blocksTouches = true
                view.motionStorage.blockingCount += 1
            }
            view.motionStorage.dissolve = snapshot
            group.dissolveView = view
            view.invalidateDrawnArea()
            // Running before the block: a block that takes the view out of the window ends the
            // transition (its completion then gets false, once).
            if let completion { group.completions.append(completion) }
            window.viewAnimator.add(group)
            performWithoutAnimation { animations?() }
            return
        }
        // Nothing to fade: the changes apply at once and the completion runs at the next frame.
        group.duration = 0
        run(group, disabled: true, in: view.storedWindow, animations: animations ?? {}, completion: completion)
    }

    /// Draws `view`'s current picture (as the last frame drew it) over this view, fading out
    /// over `duration` seconds of the window's clock: a view about to be removed can leave
    /// while its picture fades (the view itself is gone at once, with its touches and focus).
    /// Call it before removing `view`; `view` must be this view or inside it and drawn. Does
    /// nothing when animations are off or `duration` isn't positive.
    public func fadeOutPicture(of view: UIView, duration: TimeInterval) {
        guard let window = storedWindow, view.storedWindow === window, view === self || view.isDescendant(of: self),
              UIView.areAnimationsEnabled, AnimationCapture.current.map({ $0.group != nil }) ?? true else { return }
        let group = AnimationGroup(duration: duration, delay: 0, options: [.curveEaseOut, .allowUserInteraction],
                                   timing: .curve(.easeOut))
        guard group.duration > 0, let picture = view.dissolveSnapshot(group: group) else { return }
        motionStorage.ghosts.append(picture)
        group.ghostHost = self
        invalidateDrawnArea()
        window.viewAnimator.add(group)
    }

    /// Runs `actionsWithoutAnimation` with animations off: its changes apply at once, even
    /// inside another animation block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        AnimationCapture.stack.append(AnimationCapture(group: nil))
        defer { AnimationCapture.stack.removeLast() }
        actionsWithoutAnimation()
    }

    /// Whether animation blocks animate. When false, their changes apply at once and their
    /// completions run at the next frame with `true`. Process-wide, as in UIKit; true at start.
    public static var areAnimationsEnabled: Bool { UIApplication.shared.animationsEnabled }

    /// Turns animations on or off for every window (see ``areAnimationsEnabled``).
    public static func setAnimationsEnabled(_ enabled: Bool) {
        UIApplication.shared.animationsEnabled = enabled
    }

    /// The duration of the animation block being run, or 0 outside one (or while
    /// animations are off).
    public static var inheritedAnimationDuration: TimeInterval {
        AnimationCapture.current?.group?.duration ?? 0
    }

    /// Runs an animation block into `group` and starts what it changed.
    /// `window`: where the group runs when the block changes no view in one (a transition's view).
    private static func run(_ group: AnimationGroup, disabled: Bool = false, in window: UIWindow? = nil, animations: () -> Void,
                            completion: ((Bool) -> Void)?) {
        let outer = AnimationCapture.current
        let enabled = !disabled && areAnimationsEnabled && (outer.map { $0.group != nil } ?? true)
        if enabled, let outerGroup = outer?.group, !group.options.contains(.overrideInheritedOptions) {
            // A block inside another's inherits its duration and curve, as UIKit's.
            if !group.options.contains(.overrideInheritedDuration) { group.duration = outerGroup.duration }
            if !group.options.contains(.overrideInheritedCurve), !group.isKeyframes { group.timing = outerGroup.timing }
        }
        let capture = AnimationCapture(group: enabled ? group : nil)
        AnimationCapture.stack.append(capture)
        animations()
        if enabled, group.options.contains(.layoutSubviews) {
            var laidOut = Set<ObjectIdentifier>()
            for r in capture.records where r.property == .size && laidOut.insert(ObjectIdentifier(r.view)).inserted {
                r.view.layoutIfNeeded()
            }
        }
        capture.closeRecords(from: 0)
        AnimationCapture.stack.removeLast()
        if let completion { group.completions.append(completion) }
        let window = capture.window ?? window
        let animator = window?.viewAnimator ?? UIApplication.shared.keyWindow?.viewAnimator ?? UIApplication.shared.detachedAnimator
        if enabled { animator.commit(capture, into: group) }
        animator.add(group)
    }
}

extension ViewAnimator {
    /// Turns what a block changed into running animations of `group`.
    func commit(_ capture: AnimationCapture, into group: AnimationGroup) {
        // A group ended while its block ran (a property animator stopped from inside its own
        // block) takes no animations: nothing would ever end them.
        guard !group.isOver else { return }
        for r in capture.records {
            guard let to = r.to, r.view.storedWindow != nil else { continue }
            let view = r.view
            var from = r.from
            let viewMotion = view.motionStorage
            if r.property == .backgroundColor || r.property == .borderColor {
                // To or from no colour: fade the other end's hue.
                let lane = r.property == .backgroundColor ? 0 : 1
                var target = to
                if from[7] < 0, to[7] < 0 { continue }
                if from[7] < 0 { from = to; from[3] = 0 }
                if target[7] < 0 { target = from; target[3] = 0; viewMotion.clearColorHue[lane] = target }
                if !r.property.isAdditive {
                    takeOver(view, r.property, except: group)
                }
                let start = group.options.contains(.beginFromCurrentState) ? from + r.offset : from
                add(view, r.property, delta: start - target, group: group, record: r)
                continue
            }
            if !r.property.isAdditive {
                takeOver(view, r.property, except: group)
                if group.options.contains(.beginFromCurrentState) { from += r.offset }
            }
            var delta = from - to
            if r.property == .transform {
                // A turn goes the short way round (as Core Animation's): the change of angle
                // within a half turn either way.
                let turn = delta[3].remainder(dividingBy: 2 * .pi)
                delta[3] = turn == -.pi ? .pi : turn
            }
            guard delta != .zero, group.duration > 0 else { continue }
            add(view, r.property, delta: delta, group: group, record: r)
        }
    }

    private func add(_ view: UIView, _ property: AnimatedProperty, delta: AnimatedValue, group: AnimationGroup,
                     record r: AnimationCapture.Record) {
        guard group.duration > 0, delta != .zero else { return }
        let a = PropertyAnimation(view: view, property: property, delta: delta, group: group,
                                  relativeStart: r.relativeStart, relativeDuration: r.relativeDuration)
        let m = view.motionStorage
        m.animations.append(a)
        m.count(a, 1)
        // Until the first tick the view shows where it was (the animation hasn't started).
        m.offsets[property.rawValue] += delta
        group.animations.append(a)
        view.motionDidChange(property)
    }

    /// Ends the animations of `property` on `view` that belong to other groups.
    private func takeOver(_ view: UIView, _ property: AnimatedProperty, except group: AnimationGroup) {
        guard let m = view.viewMotion else { return }
        for a in m.animations where a.property == property && a.group !== group {
            if let owner = a.view.storedWindow?.viewAnimator { owner.remove(a) } else { remove(a) }
        }
    }

    /// Ends a cross-dissolve early or at its end.
    func finishDissolve(_ d: DissolveSnapshot, finished: Bool) {
        if !finished { d.group.finishedAtEnd = false }
        finish(d.group, finished: d.group.finishedAtEnd)
    }
}

extension UIView {
    /// Called when an animation of `property` moved or ended: what is drawn changes.
    func motionDidChange(_ property: AnimatedProperty) {
        switch property {
        case .center, .transform, .boundsOrigin, .alpha: invalidateDrawnArea()
        case .size, .backgroundColor, .cornerRadius, .borderWidth, .borderColor: setNeedsDisplay()
        }
    }

    /// Notes a change of an animatable property for the animation block being run.
    @inline(__always)
    func noteAnimatableChange(_ property: AnimatedProperty, from: AnimatedValue) {
        guard let capture = AnimationCapture.current else { return }
        capture.note(self, property, from: from)
    }
}
