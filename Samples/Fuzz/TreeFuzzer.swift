// TreeFuzzer: its options and state, the run and its segments, and the tree mutations;
// the events it pushes are in TreeFuzzer+Events.swift.
import Foundation
import SDLControls

/// What `--tree` selects: the launcher's samples (the default), or a tree built for one kind
/// of input. `all` stands for every tree but the samples.
enum FuzzTree: String, CaseIterable {
    case samples, scroll, immediate, controller, text, all

    static let builtTrees: [FuzzTree] = [.scroll, .immediate, .controller, .text]
}

/// Feeds seeded SDL events to one of the fuzzer's own trees (``FuzzScene``) on headless hosts,
/// mutates the tree between frames and from inside actions, and checks the invariants: the
/// touch and queue checks after every frame, and the focus rule right after every `update()`.
///
/// Like ``EventFuzzer`` the run is cut into segments, each with a fresh host (1×, 2× or
/// 0.25×) and tree, in batched or immediate delivery (alternating), ending with every
/// contact lifted. Pointer input mixes coherent strokes (a press, many moves along a path, a
/// lift; flings: a few fast moves, then the lift; holds: a press kept for dozens of frames)
/// with chaotic events.
@MainActor
final class TreeFuzzer {
    struct Options {
        var tree: FuzzTree = .scroll
        var seed: UInt64 = 1
        var events = 10_000
        var render = false
        var segmentEvents = 2_500
        var deliveries: [ActionDelivery] = [.batched, .immediate]
        var verbose = false
    }

    let options: Options
    var rng: SeededRandom
    let checker = InvariantChecker()
    var report = EventFuzzer.Report()
    private(set) var host: SDLHost!
    private(set) var scene: FuzzScene!
    private(set) var windowID: UInt32 = 0
    private var time: TimeInterval = 0
    private(set) var frame = 0
    var pressedFingers: Set<[Int64]> = []
    var pressedButtons: Set<UInt8> = []
    var heldControllerButtons: [(which: Int32, button: UInt8)] = []
    var parked: [UIView] = []
    private var mutationDepth = 0
    /// Frames that ended with something focused (for --verbose: focus is being exercised).
    private var focusedFrames = 0
    /// Visible controls, found once a frame.
    var targetCache: [UIView]?

    /// A coherent gesture in progress: contact 0 is the left mouse button, 1...4 fingers of
    /// touch device 1.
    struct Stroke {
        var contact: Int
        var at: CGPoint
        var velocity: CGPoint
        var steps: Int
        var jitter: CGFloat
        /// The view the stroke began on, if aimed at one.
        weak var target: UIView?
    }
    var strokes: [Stroke] = []
    /// Animations, transforms and property animators in flight (TreeFuzzer+Motion.swift).
    lazy var motion = MotionState(ledger: MotionLedger(checker: checker))

    init(options: Options) {
        self.options = options
        // Mixing the tree's name into the seed keeps trees from replaying each other's choices.
        let salt = UInt64(FuzzTree.allCases.firstIndex(of: options.tree) ?? 0) &* 0x9E37_79B9
        rng = SeededRandom(seed: options.seed ^ salt)
    }

    func run() -> EventFuzzer.Report {
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")   // the dummy window never has focus
        FrameWatchdog.shared.start()
        let start = DispatchTime.now().uptimeNanoseconds
        let before = UIApplication.shared.actionQueueCounts
        var segment = 0
        while report.events < options.events {
            runSegment(segment)
            segment += 1
            if options.verbose {
                FileHandle.standardError.write(Data("\(options.tree) segment \(segment): \(report.events) events, \(report.frames) frames\n".utf8))
            }
        }
        FrameWatchdog.shared.stop()
        let after = UIApplication.shared.actionQueueCounts
        report.counts.queued = after.queued - before.queued
        report.counts.delivered = after.delivered - before.delivered
        report.counts.dropped = after.dropped - before.dropped
        report.counts.discarded = after.discarded - before.discarded
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        report.motionActions = motion.actions
        report.motionCompletions = motion.ledger.completions
        report.violationCount = checker.violationCount
        report.violations = checker.violations
        return report
    }

    // MARK: Segments

    private func runSegment(_ index: Int) {
        let delivery = options.deliveries[index % options.deliveries.count]
        let scale = rng.pick(FuzzHost.scales)
        time = 0
        do {
            host = try FuzzHost.make(scale: scale) { [unowned self] in time }
        } catch {
            checker.fail("could not create a headless host: \(error)")
            report.events = options.events
            return
        }
        windowID = SDL_GetWindowID(host.sdlWindow)
        beginMotionSegment(scale: scale)
        UIApplication.shared.actionDelivery = delivery
        checker.attach()
        checker.onProbe = { [unowned self] control in
            if rng.chance(0.02) { mutate(preferring: control) }
        }
        pressedFingers.removeAll()
        pressedButtons.removeAll()
        heldControllerButtons.removeAll()
        strokes.removeAll()
        parked.removeAll()
        scene = FuzzScene.make(options.tree, fuzzer: self)
        host.window.addSubview(scene.root)
        scene.root.frame = host.window.bounds
        // Recognizers from the start, so strokes meet them (mutations add and remove more).
        let views = allViews()
        for _ in 0..<4 where !views.isEmpty { mutateGestures(on: rng.pick(views)) }
        report.segments += 1
        let budget = min(options.segmentEvents, options.events - report.events)
        var sent = 0
        frame = 0
        let name = "seed \(options.seed) \(options.tree) segment \(index) (\(delivery), \(scale)x)"
        while sent < budget {
            checker.context = "\(name) frame \(frame)"
            checker.probeControls(in: host.window)
            let n = min(budget - sent, rng.int(0...rng.pick(scene.eventsPerFrame)))
            for _ in 0..<n { scene.pushEvent() }
            sent += n
            report.events += n
            runFrame()
            if rng.chance(0.03) { heal() }
            if host.window.focusedView != nil { focusedFrames += 1 }
            if rng.chance(scene.mutationChance) {
                for _ in 0..<rng.int(1...3) { mutate(preferring: nil) }
                checker.checkFocusInWindow(host.window)
            }
        }
        checker.context = "\(name) end"
        if options.verbose {
            let f = "\(focusedFrames) frames focused"
            let scrolls = allViews().compactMap { $0 as? UIScrollView }.map { "\($0.contentOffset)" }.joined(separator: " ")
            FileHandle.standardError.write(Data("  focused \(f), controllers \(host.openGameControllers), offsets \(scrolls), controls \(visibleControls().count)\n".utf8))
        }
        liftEverything()
        runFrame()
        time += 1   // a second on: recognizers waiting (a double tap's pause) give views their held ends
        runFrame()
        if host.window.activeTouchCount != 0 {
            checker.fail("\(host.window.activeTouchCount) contact(s) still down after every finger and the mouse lifted")
        }
        checker.checkSettled(window: host.window)
        // As the launcher closes: cancel what is left, deliver what that queued, then check.
        host.window.cancelAllTouches()
        UIApplication.shared.deliverPendingActions()
        checker.afterClose()
        checker.detach()
        UIApplication.shared.discardPendingActions()
        endMotionSegment()
        scene.close()
        unplugVirtualControllers()
        scene.root.removeFromSuperview()
        scene = nil
        parked.removeAll()
        targetCache = nil
        host.shutdown()
        host = nil
    }

    /// One frame: the queued SDL events, `update()`, the focus check, the tree's own per-frame
    /// work (a build, text set), drawing, then the frame checks.
    private func runFrame() {
        time += rng.chance(0.01) ? rng.pick([0, 0.6, 5, 60]) : 1.0 / 60
        motionFrameBegan(time: time)
        checker.beforeFrame()
        targetCache = nil
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            host.handle(event)
            if event.type == SDL_TEXTEDITING_EXT.rawValue { SDL_free(event.editExt.text) }
        }
        host.update()
        checker.checkFocus(window: host.window)
        scene.afterUpdate(frame: frame)
        checker.checkFocusInWindow(host.window)
        motionFrameEnded(time: time)
        if options.render { host.renderFrame() }
        checkMotionDrawing(rendered: options.render)
        report.frames += 1
        if options.render, report.frames % 53 == 0 {
            checker.checkIncrementalDrawing(host: host, turned: viewsAreTurned()) { host.renderFrame() }
        }
        frame += 1
        checker.afterFrame(window: host.window)
        FrameWatchdog.shared.beat(checker.context)
    }

    // MARK: Tree mutations (through the public API)

    func allViews() -> [UIView] {
        var out: [UIView] = []
        func walk(_ v: UIView) {
            if v !== scene.root { out.append(v) }
            for s in v.subviews { walk(s) }
        }
        walk(scene.root)
        return out
    }

    /// Undoes what mutations hid, faded, made inert, disabled or took away, now and then, so
    /// long runs keep a tree to work on.
    private func heal() {
        for (view, parent) in scene.anchors where view.superview !== parent { parent.addSubview(view) }
        for v in allViews() {
            v.isHidden = false
            if !(v.alpha >= 0.5) { v.alpha = 1 }
            v.isUserInteractionEnabled = true
            (v as? UIControl)?.isEnabled = true
            healMotion(v)
        }
        settleMotion()   // TreeFuzzer+Motion.swift
    }

    /// One change to the tree. Half of them aim at what holds focus (or an ancestor of it)
    /// or at a view a stroke holds, since that is where focus and touches must be given up.
    func mutate(preferring preferred: UIView?) {
        guard host != nil, scene != nil, mutationDepth < 3 else { return }
        mutationDepth += 1
        defer { mutationDepth -= 1 }
        let views = allViews()
        guard !views.isEmpty else { return }
        var v = preferred ?? rng.pick(views)
        if preferred == nil, rng.chance(0.5) {
            if let f = host.window.focusedView, f.isDescendant(of: scene.root), f !== scene.root {
                v = f
                // Sometimes an ancestor: hiding or disabling it must take focus away too.
                while rng.chance(0.3), let s = v.superview, s !== scene.root { v = s }
            } else if let held = heldTargets.randomElement(using: &rng), held.isDescendant(of: scene.root) {
                v = held
            }
        }
        report.mutations += 1
        if rng.chance(0.25), scene.mutate(v) { return }
        switch rng.int(0...16) {
        case 0:
            if v.superview != nil, parked.count < 16 {
                parked.append(v)
                if let stack = v.superview as? UIStackView, rng.chance(0.5) { stack.removeArrangedSubview(v) }
                v.removeFromSuperview()
            }
        case 1:
            if !parked.isEmpty {
                let p = parked.removeLast()
                let container = rng.pick(views + [scene.root])
                if !container.isDescendant(of: p) {
                    if let stack = container as? UIStackView, rng.chance(0.7) {
                        stack.insertArrangedSubview(p, at: rng.int(0...stack.arrangedSubviews.count))
                    } else {
                        container.insertSubview(p, at: rng.int(-1...container.subviews.count + 1))
                    }
                }
            }
        case 2: (v as? UIControl)?.isEnabled.toggle()
        case 3: v.isHidden.toggle()
        case 4: v.alpha = rng.pick([0, 0.005, 0.0099, 0.01, 0.5, 1, 1, .nan, -1])
        case 5: v.isUserInteractionEnabled.toggle()
        case 6:
            // Focus asked for anywhere, wanted or not (a hidden or disabled view must refuse).
            host.window.setFocusedView(rng.chance(0.8) ? v : nil)
        case 7:
            if let field = v as? UITextField {
                if field.isFirstResponder { _ = field.resignFirstResponder() } else { _ = field.becomeFirstResponder() }
            } else {
                _ = v.becomeFirstResponder()
            }
        case 8:
            if let scroll = v as? UIScrollView ?? v.superview as? UIScrollView {
                scroll.contentOffset = CGPoint(x: rng.chance(0.8) ? CGFloat(rng.int(-200...3000)) : rng.pick(Hostile.doubles),
                                               y: rng.chance(0.8) ? CGFloat(rng.int(-200...3000)) : rng.pick(Hostile.doubles))
            }
        case 9: (v as? UIControl)?.sendActions(for: rng.pick([.valueChanged, .primaryActionTriggered, .touchUpInside]))
        case 10: scene.setHostileText(on: v)
        case 11:
            // Back to showing: keeps long runs from ending with everything hidden.
            v.isHidden = false
            v.alpha = 1
            v.isUserInteractionEnabled = true
            (v as? UIControl)?.isEnabled = true
        case 12: v.frame = CGRect(x: rng.int(-50...900), y: rng.int(-50...600), width: rng.int(0...600), height: rng.int(0...200))
        case 13: mutateGestures(on: v)   // TreeFuzzer+Gestures.swift
        case 14, 15: mutateMotion(on: v)   // TreeFuzzer+Motion.swift
        default: v.setNeedsLayout()
        }
    }
}
