// TreeFuzzer's motion: `UIView.animate` in every overload (delays, options, springs,
// keyframes, transitions) with hostile durations, transforms, property animators driven
// through every state, fading pictures, animations turned off; on random views of the tree,
// from inside animation blocks and from their own completions (which start more, or remove
// the view or its superview). MotionLedger (Invariants.swift) checks what comes back.
import Foundation
import SDLControls

/// What the motion mutations keep between calls (one per ``TreeFuzzer``).
@MainActor
final class MotionState {
    /// A property animator being driven, and the completions it still owes.
    final class Driven {
        let animator: UIViewPropertyAnimator
        var calls: [MotionLedger.Call] = []
        init(_ animator: UIViewPropertyAnimator) { self.animator = animator }
    }

    /// An animation block of the fuzzer's being run: whether it animates, and for how long.
    struct Block {
        var enabled: Bool
        var duration: Double
    }

    let ledger: MotionLedger
    var animators: [Driven] = []
    /// The fuzzer's animation blocks being run, innermost last (a call inside one inherits its
    /// duration, or doesn't animate when it doesn't).
    var blocks: [Block] = []
    /// How deep motion mutations nest (inside blocks, completions run at once).
    var depth = 0
    /// Frames left with animations turned off (then turned on again).
    var disabledFrames = 0
    /// Views the motion changed this segment, and whether a NaN or infinite transform was set
    /// on them (their presentation may then be NaN while an animation from it runs).
    var views: [ObjectIdentifier: WeakView] = [:]
    /// Whether motion started this segment (the draw list is checked from then on).
    var active = false
    /// A view was turned or sheared this segment (pictures of it may still fade: a
    /// cross-dissolve, a fading picture, an immediate panel's transition).
    var turned = false
    /// The segment's pixels per point (the update-only draw-list build).
    var scale: CGFloat = 1
    let list = DrawList()
    /// Views given animations that may run long (repeating, or longer than a few seconds),
    /// and views holding long fading pictures: ``TreeFuzzer/settleMotion()`` ends them.
    var long: [WeakView] = []
    /// Counts for the report.
    var actions = 0

    init(ledger: MotionLedger) { self.ledger = ledger }
}

/// A weak reference, for tables of views.
@MainActor
final class WeakView {
    weak var view: UIView?
    init(_ view: UIView) { self.view = view }
}

extension TreeFuzzer {
    // MARK: The mutation

    /// Starts, changes or stops motion on `view` (a mutation; also run inside animation blocks
    /// and from completions).
    func mutateMotion(on view: UIView) {
        guard host != nil, motion.depth < 3 else { return }
        motion.depth += 1
        defer { motion.depth -= 1 }
        motion.active = true
        motion.actions += 1
        note(view)
        switch rng.int(0...21) {
        case 0...4: animatePlain(view)
        case 5, 6: animateSpring(view)
        case 7, 8: animateKeyframes(view)
        case 9, 10: transition(view)
        case 11: setTransforms(view)
        case 12...14: driveAnimator(on: view)
        case 15: fadeOutPicture(view)
        case 16: removeMidFlight(view)
        case 17: withoutAnimation(view)
        case 18: animationsOff(view)
        case 19: if !scene.mutateMotion() { animatePlain(view) }
        case 20: if rng.chance(0.04) { burst() } else { animatePlain(view) }
        default:
            // Addressed to no keyframe block: applies at once.
            UIView.addKeyframe(withRelativeStartTime: rng.pick(Self.fractions), relativeDuration: rng.pick(Self.fractions)) { [weak self, weak view] in
                if let self, let view { self.changeAnimatable(view) }
            }
        }
    }

    // MARK: Values

    static let durations: [Double] = [0, 0.05, 0.1, 0.2, 0.25, 0.3, 0.5, 1, 2, 1.0 / 60]
    static let hostileDurations: [Double] = [.nan, -1, -0.0, .infinity, -.infinity, 1e300, 1e-300, .leastNonzeroMagnitude, 1e6,
                                             .greatestFiniteMagnitude, 0, 365 * 24 * 3600 + 1]
    static let fractions: [Double] = [0, 0.25, 0.5, 0.75, 1, 0, 0.5, -1, 2, .nan, .infinity, -.infinity, 1e-300]
    static let dampings: [CGFloat] = [1, 0.5, 0.2, 0.05, 0, -1, .nan, 100, 1e9, .infinity, -.infinity, 1e-9]
    static let velocities: [CGFloat] = [0, 0.5, 5, -5, 1e9, -1e9, .nan, .infinity]

    func randomDuration() -> Double { rng.chance(0.85) ? rng.pick(Self.durations) : rng.pick(Self.hostileDurations) }
    func randomDelay() -> Double { rng.chance(0.7) ? 0 : rng.chance(0.8) ? rng.pick([0.05, 0.1, 0.5, 1]) : rng.pick(Self.hostileDurations) }

    func randomOptions() -> UIView.AnimationOptions {
        if rng.chance(0.03) { return UIView.AnimationOptions(rawValue: UInt(truncatingIfNeeded: rng.next())) }
        var o: UIView.AnimationOptions = []
        let flags: [(UIView.AnimationOptions, Double)] = [
            (.layoutSubviews, 0.2), (.allowUserInteraction, 0.4), (.beginFromCurrentState, 0.4), (.repeat, 0.04),
            (.autoreverse, 0.1), (.overrideInheritedDuration, 0.1), (.overrideInheritedCurve, 0.1), (.allowAnimatedContent, 0.05),
            (.showHideTransitionViews, 0.05), (.overrideInheritedOptions, 0.1),
        ]
        for (flag, p) in flags where rng.chance(p) { o.insert(flag) }
        o.insert(UIView.AnimationOptions(rawValue: UInt(rng.int(0...3)) << 16))                     // curve
        if rng.chance(0.1) { o.insert(UIView.AnimationOptions(rawValue: UInt(rng.int(0...7)) << 20)) }   // transition
        if rng.chance(0.1) { o.insert(rng.pick([.preferredFramesPerSecond30, .preferredFramesPerSecond60, .preferredFramesPerSecondDefault])) }
        return o
    }

    private func hostileCGFloat(_ usual: [CGFloat]) -> CGFloat {
        rng.chance(0.9) ? rng.pick(usual) : CGFloat(rng.pick(Hostile.doubles))
    }

    func randomTransform(_ depth: Int = 0) -> CGAffineTransform {
        switch rng.int(0...8) {
        case 0: return .identity
        case 1: return CGAffineTransform(rotationAngle: hostileCGFloat([.pi / 4, .pi / 2, .pi, -.pi / 3, 2 * .pi, 0.1, 1e9]))
        case 2:
            let s: [CGFloat] = [1, 0.5, 2, 0, -1, -0.5, 1e-9, 1e6, 0.001]
            return CGAffineTransform(scaleX: hostileCGFloat(s), y: hostileCGFloat(s))
        case 3:
            let t: [CGFloat] = [0, 10, -40, 300, -900, 0.5, 5000]
            return CGAffineTransform(translationX: hostileCGFloat(t), y: hostileCGFloat(t))
        case 4, 5:
            guard depth < 2 else { return .identity }
            return randomTransform(depth + 1).concatenating(randomTransform(depth + 1))
        case 6:
            guard depth < 2 else { return .identity }
            let t = randomTransform(depth + 1)
            switch rng.int(0...3) {
            case 0: return t.inverted()
            case 1: return t.rotated(by: hostileCGFloat([.pi / 6, -1, 3]))
            case 2: return t.scaledBy(x: hostileCGFloat([2, 0.5, -1, 0]), y: hostileCGFloat([2, 0.5, 1]))
            default: return t.translatedBy(x: hostileCGFloat([10, -20, 100]), y: hostileCGFloat([0, 30]))
            }
        case 7:
            let v: [CGFloat] = [0, 1, -1, 0.5, 2, 0.7071, 100]
            return CGAffineTransform(hostileCGFloat(v), hostileCGFloat(v), hostileCGFloat(v), hostileCGFloat(v),
                                     hostileCGFloat([0, 20, -50]), hostileCGFloat([0, 20, -50]))
        default: return CGAffineTransform(rotationAngle: CGFloat.random(in: -4...4, using: &rng)).scaledBy(x: 1.2, y: 0.8)
        }
    }

    private func randomColor() -> UIColor? {
        if rng.chance(0.2) { return nil }
        func c() -> CGFloat { rng.chance(0.95) ? CGFloat.random(in: 0...1, using: &rng) : CGFloat(rng.pick(Hostile.doubles)) }
        return UIColor(red: c(), green: c(), blue: c(), alpha: rng.chance(0.7) ? 1 : c())
    }

    private func randomFrame() -> CGRect {
        if rng.chance(0.1) {
            return CGRect(x: rng.pick(Hostile.doubles), y: rng.pick(Hostile.doubles), width: rng.pick(Hostile.doubles), height: rng.pick(Hostile.doubles))
        }
        return CGRect(x: rng.int(-50...900), y: rng.int(-50...600), width: rng.int(0...600), height: rng.int(0...200))
    }

    // MARK: What blocks change

    /// Sets `view`'s transform (hostile ones too), noting turned views and checking the
    /// view's presentation from now on.
    func assign(_ t: CGAffineTransform, to view: UIView) {
        note(view)
        if t.b != 0 || t.c != 0 { motion.turned = true }   // (NaN too)
        view.transform = t
    }

    /// `view`'s presentation is checked every frame from now on.
    func note(_ view: UIView) {
        let key = ObjectIdentifier(view)
        if motion.views[key]?.view !== view { motion.views[key] = WeakView(view) }
    }

    /// Changes one to four animatable properties of `view` (in a block or not), sometimes of
    /// another view, sometimes with motion started inside.
    func changeAnimatable(_ view: UIView, depth: Int = 0) {
        note(view)
        for _ in 0..<rng.int(1...4) {
            switch rng.int(0...17) {
            case 0: view.frame = randomFrame()
            case 1: view.center = CGPoint(x: CGFloat(rng.int(-100...1000)), y: CGFloat(rng.int(-100...700)))
            case 2: view.bounds = CGRect(origin: rng.chance(0.8) ? .zero : CGPoint(x: rng.int(-30...30), y: rng.int(-30...30)),
                                         size: CGSize(width: rng.int(0...500), height: rng.int(0...300)))
            case 3, 4, 5: assign(randomTransform(), to: view)
            case 6: assign(view.transform.concatenating(randomTransform(1)), to: view)
            case 7: view.alpha = rng.pick([0, 0.2, 0.5, 1, 1, .nan, -1, 2])
            case 8: view.backgroundColor = randomColor()
            case 9: view.cornerRadius = rng.pick([0, 4, 12, 40, .nan, -3, 1e9, .infinity])
            case 10: view.borderWidth = rng.pick([0, 1, 3, 10, .nan, -1, 1e9])
            case 11: view.borderColor = randomColor()
            case 12:
                if let scroll = view as? UIScrollView {
                    scroll.contentOffset = CGPoint(x: rng.chance(0.9) ? CGFloat(rng.int(-100...2000)) : rng.pick(Hostile.doubles),
                                                   y: rng.chance(0.9) ? CGFloat(rng.int(-100...2000)) : rng.pick(Hostile.doubles))
                } else {
                    view.bounds.origin = CGPoint(x: rng.int(-20...20), y: rng.int(-20...20))
                }
            case 13: if rng.chance(0.5) { view.layoutIfNeeded() } else { view.setNeedsLayout() }
            case 14:
                if depth < 2, let other = allViews().randomElement(using: &rng) { changeAnimatable(other, depth: depth + 1) }
            case 15: mutateMotion(on: rng.chance(0.7) ? view : (allViews().randomElement(using: &rng) ?? view))
            case 16: if rng.chance(0.3) { mutate(preferring: view) }
            default:
                let d = UIView.inheritedAnimationDuration
                if !(d.isFinite && d >= 0) { checker.fail("UIView.inheritedAnimationDuration is \(d) inside a block") }
            }
        }
    }

    /// A block changing `view`, run as the fuzzer's block `block` (calls inside inherit it).
    private func block(_ view: UIView, _ context: MotionState.Block) -> () -> Void {
        { [weak self, weak view] in
            guard let self, let view else { return }
            self.motion.blocks.append(context)
            self.changeAnimatable(view)
            self.motion.blocks.removeLast()
        }
    }

    // MARK: Calls and their completions

    /// Sanitized as animations sanitize durations and delays.
    static func sane(_ d: Double) -> Double { d.isFinite && d > 0 ? min(d, 365 * 24 * 3600) : 0 }

    /// Whether a block run now animates, and the duration its calls run for at most: a block
    /// inside an animating one may inherit the outer duration (the longer counts).
    private func blockContext(duration: Double) -> MotionState.Block {
        let enabled = UIView.areAnimationsEnabled && (motion.blocks.last?.enabled ?? true)
        var d = Self.sane(duration)
        if enabled, let outer = motion.blocks.last { d = max(d, outer.duration) }
        return MotionState.Block(enabled: enabled, duration: enabled ? d : 0)
    }

    /// The ledger's record of a call about to be made on `view` in `context`.
    private func track(_ what: @autoclosure () -> String, of view: UIView, context: MotionState.Block, delay: Double,
                       options: UIView.AnimationOptions, canRepeat: Bool = true) -> MotionLedger.Call {
        var span: Double? = Self.sane(delay) + (options.contains(.autoreverse) ? 2 : 1) * context.duration
        if !context.enabled { span = 0 }
        else if canRepeat, options.contains(.repeat) { span = nil }
        noteLong(view, span: span)
        let call = motion.ledger.begin(what(), span: span)
        call.mustFinish = !context.enabled
        return call
    }

    /// Remembers `view` when what it is given may run longer than a few seconds (nil: for ever).
    func noteLong(_ view: UIView, span: Double?) {
        if span.map({ $0 > 3 }) ?? true, motion.long.count < 64 { motion.long.append(WeakView(view)) }
    }

    /// A completion that reports to the ledger, then now and then starts more motion on the
    /// view, removes it or its superview, or changes the tree.
    private func completion(_ call: MotionLedger.Call, _ view: UIView?, followUp: Bool = true) -> (Bool) -> Void {
        { [weak self, weak view] finished in
            guard let self else { return }
            self.motion.ledger.completed(call, result: finished ? 1 : 0)
            if followUp { self.followUp(view) }
        }
    }

    private func followUp(_ view: UIView?) {
        guard host != nil, scene != nil, let view else { return }
        switch rng.int(0...19) {
        case 0...4: mutateMotion(on: view)   // the next animation of the same view
        case 5: park(view)
        case 6: if let s = view.superview { park(s) }
        case 7: mutate(preferring: view)
        default: break
        }
    }

    /// Takes `view` out of the tree (parked: a later mutation may put it back).
    func park(_ view: UIView) {
        guard view.superview != nil, view !== scene.root, view !== host.window, parked.count < 16 else { return }
        parked.append(view)
        if let stack = view.superview as? UIStackView, rng.chance(0.5) { stack.removeArrangedSubview(view) }
        view.removeFromSuperview()
    }

    private func describe(_ name: String, _ duration: Double, _ delay: Double, _ options: UIView.AnimationOptions, _ view: UIView) -> String {
        "\(name)(duration \(duration), delay \(delay), options 0x\(String(options.rawValue, radix: 16))) of \(type(of: view))"
    }

    // MARK: The overloads

    private func animatePlain(_ view: UIView) {
        let duration = randomDuration()
        let overload = rng.int(0...3)
        let delay = overload == 0 ? randomDelay() : 0
        let options = overload == 0 ? randomOptions() : []
        let context = blockContext(duration: duration)
        let animations = block(view, context)
        guard overload != 3 else {
            noteLong(view, span: context.duration)
            UIView.animate(withDuration: duration, animations: animations)
            return
        }
        let call = track(describe("animate", duration, delay, options, view), of: view, context: context, delay: delay, options: options)
        let done = completion(call, view)
        switch overload {
        case 0: UIView.animate(withDuration: duration, delay: delay, options: options, animations: animations, completion: done)
        default: UIView.animate(withDuration: duration, animations: animations, completion: done)
        }
    }

    private func animateSpring(_ view: UIView) {
        let duration = randomDuration(), delay = randomDelay(), options = randomOptions()
        let damping = rng.pick(Self.dampings), velocity = rng.pick(Self.velocities)
        let context = blockContext(duration: duration)
        let call = track(describe("animate(spring \(damping), \(velocity))", duration, delay, options, view), of: view, context: context,
                         delay: delay, options: options)
        UIView.animate(withDuration: duration, delay: delay, usingSpringWithDamping: damping, initialSpringVelocity: velocity,
                       options: options, animations: block(view, context), completion: completion(call, view))
    }

    private func animateKeyframes(_ view: UIView) {
        let duration = randomDuration(), delay = randomDelay()
        var options: UIView.KeyframeAnimationOptions = []
        if rng.chance(0.03) {
            options = UIView.KeyframeAnimationOptions(rawValue: UInt(truncatingIfNeeded: rng.next()))
        } else {
            let flags: [(UIView.KeyframeAnimationOptions, Double)] = [
                (.layoutSubviews, 0.2), (.allowUserInteraction, 0.4), (.beginFromCurrentState, 0.3), (.repeat, 0.04),
                (.autoreverse, 0.1), (.overrideInheritedDuration, 0.1), (.overrideInheritedOptions, 0.1),
            ]
            for (flag, p) in flags where rng.chance(p) { options.insert(flag) }
            options.insert(UIView.KeyframeAnimationOptions(rawValue: UInt(rng.int(0...4)) << 10))   // calculation mode
        }
        let viewOptions = UIView.AnimationOptions(rawValue: options.rawValue & 0x3FF)
        let context = blockContext(duration: duration)
        let call = track(describe("animateKeyframes", duration, delay, viewOptions, view), of: view, context: context, delay: delay, options: viewOptions)
        let frames = rng.int(0...4)
        let others = allViews()
        UIView.animateKeyframes(withDuration: duration, delay: delay, options: options, animations: { [weak self, weak view] in
            guard let self, let view else { return }
            self.motion.blocks.append(context)
            defer { self.motion.blocks.removeLast() }
            for _ in 0..<frames {
                let target = self.rng.chance(0.8) ? view : (others.randomElement(using: &self.rng) ?? view)
                UIView.addKeyframe(withRelativeStartTime: self.rng.pick(Self.fractions), relativeDuration: self.rng.pick(Self.fractions)) {
                    self.changeAnimatable(target)
                }
            }
            if self.rng.chance(0.3) { self.changeAnimatable(view) }   // outside any keyframe: the whole duration
        }, completion: completion(call, view))
    }

    private func transition(_ view: UIView) {
        let duration = randomDuration()
        var options = randomOptions()
        if rng.chance(0.8) {
            options.remove(UIView.AnimationOptions(rawValue: 0xF << 20))
            options.insert(rng.chance(0.6) ? .transitionCrossDissolve : UIView.AnimationOptions(rawValue: UInt(rng.int(0...7)) << 20))
        }
        let context = blockContext(duration: duration)
        var done: ((Bool) -> Void)?
        if rng.chance(0.9) {
            // Without a transition it runs at once (even repeating); the dissolve's own
            // duration isn't inherited, but the longer is allowed.
            let dissolves = (options.rawValue >> 20) & 0xF != 0
            let call = track(describe("transition", duration, 0, options, view), of: view, context: context, delay: 0, options: options, canRepeat: dissolves)
            if !dissolves { call.span = 0 }
            done = completion(call, view)
        }
        // The changes apply at once (not animated): calls inside don't animate.
        let animations: (() -> Void)? = rng.chance(0.1) ? nil : { [weak self, weak view] in
            guard let self, let view else { return }
            self.motion.blocks.append(MotionState.Block(enabled: false, duration: 0))
            defer { self.motion.blocks.removeLast() }
            self.changeAnimatable(view)
            if self.rng.chance(0.3) { self.scene.setHostileText(on: view) }
        }
        UIView.transition(with: view, duration: duration, options: options, animations: animations, completion: done)
    }

    /// Transforms set outright (not in a block), on the view and sometimes its subviews.
    private func setTransforms(_ view: UIView) {
        let apply = { [self] in
            assign(randomTransform(), to: view)
            if rng.chance(0.3) { for s in view.subviews where rng.chance(0.5) { assign(randomTransform(), to: s) } }
        }
        if rng.chance(0.3) { UIView.performWithoutAnimation(apply) } else { apply() }
    }

    private func fadeOutPicture(_ view: UIView) {
        let holder = rng.chance(0.5) ? view : (view.superview ?? view)
        let target = rng.chance(0.9) ? view : (allViews().randomElement(using: &rng) ?? view)   // maybe not inside: nothing
        let duration = randomDuration()
        noteLong(holder, span: Self.sane(duration))
        holder.fadeOutPicture(of: target, duration: duration)
        if target !== holder, rng.chance(0.7) { park(target) }
    }

    /// An animation, then its view (or its superview) leaves at once, or leaves and comes back.
    private func removeMidFlight(_ view: UIView) {
        if rng.chance(0.7) { animatePlain(view) } else { animateKeyframes(view) }
        switch rng.int(0...3) {
        case 0, 1: park(view)
        case 2: if let s = view.superview { park(s) }
        default:
            if let s = view.superview, let i = s.subviews.firstIndex(where: { $0 === view }) {
                view.removeFromSuperview()
                s.insertSubview(view, at: i)
            }
        }
    }

    private func withoutAnimation(_ view: UIView) {
        UIView.performWithoutAnimation {
            motion.blocks.append(MotionState.Block(enabled: false, duration: 0))
            defer { motion.blocks.removeLast() }
            switch rng.int(0...3) {
            case 0: animatePlain(view)
            case 1: animateSpring(view)
            case 2: transition(view)
            default: changeAnimatable(view)
            }
        }
    }

    /// Animations off for every window: calls apply at once and complete next frame with
    /// true. Turned on again at once, or after a few frames.
    private func animationsOff(_ view: UIView) {
        UIView.setAnimationsEnabled(false)
        if UIView.areAnimationsEnabled { checker.fail("setAnimationsEnabled(false) left areAnimationsEnabled true") }
        switch rng.int(0...3) {
        case 0: animatePlain(view)
        case 1: animateKeyframes(view)
        case 2: driveAnimator(on: view)
        default: transition(view)
        }
        if rng.chance(0.2) {
            motion.disabledFrames = rng.int(1...10)
        } else {
            UIView.setAnimationsEnabled(true)
        }
    }

    /// A thousand and more animations at once, on the tree's views.
    private func burst() {
        let views = allViews()
        guard !views.isEmpty else { return }
        for _ in 0..<rng.int(1000...1500) {
            let v = rng.pick(views)
            note(v)
            let duration = rng.pick([0, 0.05, 0.2, 0.5, 1.0]), delay = rng.chance(0.8) ? 0 : 0.1
            let options: UIView.AnimationOptions = rng.chance(0.3) ? [.beginFromCurrentState, .allowUserInteraction] : []
            let context = blockContext(duration: duration)
            let call = track("burst animate(duration \(duration), delay \(delay)) of \(type(of: v))", of: v, context: context, delay: delay, options: options)
            let alpha = CGFloat(rng.int(2...10)) / 10, dx = CGFloat(rng.int(-20...20)), angle = CGFloat(rng.int(-3...3)) / 10
            let kind = rng.int(0...3)
            UIView.animate(withDuration: duration, delay: delay, options: options, animations: { [weak self, weak v] in
                guard let self, let v else { return }
                switch kind {
                case 0: v.alpha = alpha
                case 1: v.center.x += dx
                case 2: self.assign(CGAffineTransform(rotationAngle: angle), to: v)
                default: v.backgroundColor = UIColor(red: alpha, green: 0.5, blue: 1 - alpha, alpha: 1)
                }
            }, completion: completion(call, v, followUp: rng.chance(0.01)))
        }
    }

    // MARK: Property animators

    private func driveAnimator(on view: UIView) {
        if motion.animators.isEmpty || (motion.animators.count < 8 && rng.chance(0.3)) {
            makeAnimator(on: view)
            return
        }
        let d = rng.pick(motion.animators)
        let a = d.animator
        switch rng.int(0...16) {
        case 0, 1: a.startAnimation()
        case 2: a.startAnimation(afterDelay: randomDelay())
        case 3: a.pauseAnimation()
        case 4, 5: a.fractionComplete = CGFloat(rng.pick(Self.fractions + [0.999, 0.001]))
        case 6: a.isReversed.toggle()
        case 7, 8: a.stopAnimation(rng.chance(0.4))
        case 9, 10: finish(d, at: rng.pick([.start, .end, .current]))
        case 11: a.pausesOnCompletion.toggle()
        case 12:
            let context = MotionState.Block(enabled: UIView.areAnimationsEnabled, duration: a.duration)
            if rng.chance(0.5) {
                a.addAnimations(block(view, context))
            } else {
                a.addAnimations(block(view, context), delayFactor: CGFloat(rng.pick(Self.fractions)))
            }
        case 13: addCompletion(to: d, view: view)
        case 14:
            a.isInterruptible.toggle()
            a.scrubsLinearly.toggle()
        case 15: a.isUserInteractionEnabled.toggle()
        default:
            // Let go of it: running, paused or stopped (its completions never come).
            if rng.chance(0.5) { a.stopAnimation(rng.chance(0.5)) }
            motion.animators.removeAll { $0 === d }
            for call in d.calls { motion.ledger.retime(call, span: nil) }
            return
        }
        checkAnimator(a)
        retime(d)
    }

    private func makeAnimator(on view: UIView) {
        let duration = randomDuration()
        let context = MotionState.Block(enabled: true, duration: Self.sane(duration))
        // The block's context is taken when it runs (activation may come later).
        let animations: () -> Void = { [weak self, weak view] in
            guard let self, let view else { return }
            self.motion.blocks.append(MotionState.Block(enabled: UIView.areAnimationsEnabled, duration: context.duration))
            defer { self.motion.blocks.removeLast() }
            self.changeAnimatable(view)
        }
        let given = rng.chance(0.8) ? animations : nil
        let a: UIViewPropertyAnimator
        switch rng.int(0...4) {
        case 0, 1: a = UIViewPropertyAnimator(duration: duration, curve: rng.pick([.easeInOut, .easeIn, .easeOut, .linear]), animations: given)
        case 2: a = UIViewPropertyAnimator(duration: duration, dampingRatio: rng.pick(Self.dampings), animations: given)
        case 3:
            func p() -> CGPoint { CGPoint(x: hostileCGFloat([0, 0.25, 0.5, 1, 1.5, -0.5]), y: hostileCGFloat([0, 0.5, 1, 2, -1])) }
            a = UIViewPropertyAnimator(duration: duration, controlPoint1: p(), controlPoint2: p(), animations: given)
        default:
            // Running at once, not interruptible, its completion tracked.
            let delay = randomDelay(), options = randomOptions()
            let done = motion.ledger.begin(describe("runningPropertyAnimator", duration, delay, options, view), span: nil)
            a = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: duration, delay: delay, options: options, animations: animations,
                                                               completion: { [weak self, weak view] position in
                guard let self else { return }
                self.motion.ledger.completed(done, result: position.rawValue)
                self.followUp(view)
            })
            let d = MotionState.Driven(a)
            d.calls.append(done)
            motion.animators.append(d)
            checkAnimator(a)
            retime(d)
            return
        }
        let d = MotionState.Driven(a)
        motion.animators.append(d)
        if rng.chance(0.7) { addCompletion(to: d, view: view) }
        if rng.chance(0.3) { a.addAnimations(block(view, context), delayFactor: CGFloat(rng.pick(Self.fractions))) }
        switch rng.int(0...5) {
        case 0, 1, 2: a.startAnimation()
        case 3: a.startAnimation(afterDelay: randomDelay())
        case 4: a.fractionComplete = CGFloat(rng.pick(Self.fractions))
        default: break   // inactive until a later mutation
        }
        checkAnimator(a)
        retime(d)
    }

    private func addCompletion(to d: MotionState.Driven, view: UIView) {
        let call = motion.ledger.begin("a completion of UIViewPropertyAnimator(duration \(d.animator.duration)) of \(type(of: view))", span: nil)
        d.calls.append(call)
        d.animator.addCompletion { [weak self, weak view] position in
            guard let self else { return }
            self.motion.ledger.completed(call, result: position.rawValue)
            self.followUp(view)
        }
    }

    /// `finishAnimation(at:)` in any state: a stopped animator becomes inactive and runs its
    /// completions at once with `position`; in any other state nothing happens.
    private func finish(_ d: MotionState.Driven, at position: UIViewAnimatingPosition) {
        let a = d.animator
        let wasStopped = a.state == .stopped
        let before = a.state
        let owed = d.calls.filter { $0.runs == 0 }
        a.finishAnimation(at: position)
        if wasStopped {
            for call in owed where call.runs != 1 || call.result != position.rawValue {
                checker.fail("finishAnimation(at: \(position)) of a stopped animator: \(call.what) ran \(call.runs) times, last with \(call.result.map(String.init) ?? "nothing")")
            }
        } else if a.state != before {
            checker.fail("finishAnimation(at:) of a \(before) animator changed its state to \(a.state)")
        }
    }

    /// What a property animator reports must be legal whatever was done to it.
    private func checkAnimator(_ a: UIViewPropertyAnimator) {
        let f = a.fractionComplete
        if !(f.isFinite && f >= 0 && f <= 1) { checker.fail("UIViewPropertyAnimator.fractionComplete is \(f)") }
        if a.isRunning, a.state != .active { checker.fail("UIViewPropertyAnimator running in state \(a.state)") }
        if !(a.duration.isFinite && a.duration >= 0) || !(a.delay.isFinite && a.delay >= 0) {
            checker.fail("UIViewPropertyAnimator duration \(a.duration), delay \(a.delay)")
        }
    }

    /// The completions a running animator owes come within its delay and duration; a paused,
    /// stopped or inactive one, or one that pauses at its end, may never finish.
    private func retime(_ d: MotionState.Driven) {
        d.calls.removeAll { $0.runs > 0 }
        let a = d.animator
        let runs = a.state == .active && a.isRunning && !a.pausesOnCompletion
        for call in d.calls { motion.ledger.retime(call, span: runs ? a.delay + a.duration : nil) }
    }

    // MARK: Frames

    /// At the start of a frame (its clock time set): calls made before it start by now; a
    /// few frames with animations off end.
    func motionFrameBegan(time: Double) {
        motion.ledger.frameBegan(time: time)
        if motion.disabledFrames > 0 {
            motion.disabledFrames -= 1
            if motion.disabledFrames == 0 { UIView.setAnimationsEnabled(true) }
        }
    }

    /// After a frame's update: completions due, and the presentation of every view motion
    /// changed.
    func motionFrameEnded(time: Double) {
        guard motion.active else { return }
        motion.ledger.frameEnded(time: time)
        var gone: [ObjectIdentifier] = []
        for (key, entry) in motion.views {
            guard let v = entry.view else { gone.append(key); continue }
            motion.ledger.checkPresentation(of: v)
        }
        for key in gone { motion.views[key] = nil }
    }

    /// The draw list has no NaN or infinite vertex: the host's own after it drew, or (update-
    /// only) one built now and then.
    func checkMotionDrawing(rendered: Bool) {
        guard motion.active else { return }
        if rendered {
            guard host.window.isAnimatingViews || frame % 8 == 0 else { return }
            host.window.collectDrawList(into: motion.list)
        } else {
            guard frame % 20 == 0 else { return }
            host.window.buildDrawList(into: motion.list, scale: motion.scale, resources: nil)
        }
        motion.ledger.checkDrawList(motion.list)
    }

    /// Whether a view was drawn turned or sheared this segment, for the incremental-drawing
    /// check (pictures of it may fade for as long as a transition lasts, up to a year).
    func viewsAreTurned() -> Bool { motion.turned }

    /// Now and then (when the fuzzer heals the tree): views given long or repeating
    /// animations leave the window and come back at once (their animations end, completing
    /// with false), and paused or stopped property animators are finished. Rendering runs do
    /// it every time: while anything animates, every frame is drawn in full by the software
    /// rasterizer, so a run that never stops animating is several times slower.
    func settleMotion() {
        guard motion.active, options.render || rng.chance(0.1) else { return }
        for entry in motion.long {
            guard let v = entry.view, let s = v.superview, v.window != nil,
                  let i = s.subviews.firstIndex(where: { $0 === v }) else { continue }
            let arranged = (s as? UIStackView)?.arrangedSubviews.firstIndex { $0 === v }
            v.removeFromSuperview()
            if let stack = s as? UIStackView, let k = arranged {
                stack.insertArrangedSubview(v, at: min(k, stack.arrangedSubviews.count))
            } else {
                s.insertSubview(v, at: i)
            }
        }
        motion.long.removeAll()
        for d in motion.animators {
            switch d.animator.state {
            case .active where !d.animator.isRunning:
                if rng.chance(0.5) { d.animator.startAnimation() } else { d.animator.stopAnimation(rng.chance(0.5)) }
            case .stopped: finish(d, at: rng.pick([.start, .end, .current]))
            default: break
            }
            if d.animator.state == .stopped { finish(d, at: .end) }
            retime(d)
        }
    }

    /// Healing: a transform that hides the view for good (not finite, flattened) goes, and so
    /// does a zoom that covers the window (drawn by the software rasterizer pixel by pixel, it
    /// would make rendering runs slow for as long as it stays).
    func healMotion(_ view: UIView) {
        let t = view.transform
        let det = abs(t.a * t.d - t.b * t.c)
        if !(det >= 1e-6 && det <= 16) || rng.chance(0.3) { assign(.identity, to: view) }
    }

    func beginMotionSegment(scale: CGFloat) {
        motion.scale = scale
        motion.active = false
        motion.views.removeAll()
        motion.blocks.removeAll()
        motion.list.reset()
        motion.turned = false
        motion.long.removeAll()
    }

    /// Before the segment's host closes: animations back on, the animators let go, nothing
    /// more awaited.
    func endMotionSegment() {
        motion.disabledFrames = 0
        UIView.setAnimationsEnabled(true)
        motion.animators.removeAll()
        motion.ledger.endSegment()
        motion.views.removeAll()
        motion.list.reset()
    }
}
