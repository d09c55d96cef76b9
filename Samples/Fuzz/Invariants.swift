import Foundation
import SDLControls

/// Checks the touch and action invariants after every frame, through the public API only.
///
/// - Every touch a control tracks ends in exactly one `touchUpInside`, `touchUpOutside` or
///   `touchCancel`. Seen through `actionDeliveryObserver`: a probe `UIAction` on every control
///   makes every touch dispatch a delivery, and only deliveries that ran the probe count (the
///   record's receivers name it). In batched delivery the records come in the order the events
///   happened, so the order is checked too: drags and `touchDownRepeat` only between a
///   `touchDown` and its end, no second `touchDown` before the end. In immediate delivery a
///   dispatch caused inside another finishes (and is reported) first, so there only the counts
///   are checked, whenever no contact is down. Keyboard activation sends its events with no
///   `UIEvent`: it is not a touch.
/// - When no contact is down in the window, no control is tracking, and no control that a
///   touch highlighted is still highlighted.
/// - Every queued dispatch is delivered, dropped (its control was freed) or discarded:
///   `queued == delivered + dropped + discarded + pending`, the observer saw every delivery,
///   and everything queued before a frame began is out of the queue when it ends (what a
///   frame queues after its flush, in layout or the sample's own update, waits one frame).
/// - After every `SDLHost.update()` (which drops focus from a view that can no longer hold it,
///   once a frame): the window's `focusedView` is nil or a view in the window, not hidden, not
///   faded below `UIView.minimumHitTestAlpha`, taking touches along with its ancestors, and
///   enabled if it is a control; the first responder, if a view, is in the window. A view
///   removed from the window loses both at once, so after any change between updates the
///   focused view and first responder are still in the window (``checkFocusInWindow(_:)``).
@MainActor
final class InvariantChecker {
    /// What the checker knows about one probed control.
    private final class Probe {
        weak var control: UIControl?
        /// Touch-downs minus ends delivered; nil while unknown (probed mid-touch).
        var balance: Int?
        /// A touch ever began on it (then a lingering highlight is a bug).
        var touched = false
        init(_ control: UIControl, known: Bool) { self.control = control; balance = known ? 0 : nil }
    }

    private var probes: [ObjectIdentifier: Probe] = [:]
    private(set) var violations: [String] = []
    private(set) var violationCount = 0
    private var observed = 0
    private var baseDelivered = 0
    /// Dispatches queued when the current frame began.
    private var queuedBeforeFrame = 0
    /// Where the run is, for messages (seed, segment, frame).
    var context = ""
    /// Called inside some probe deliveries: mutations while actions run.
    var onProbe: ((UIControl) -> Void)?
    static let probeID = UIAction.Identifier("controls-fuzz-probe")
    static let probeReceiver = "UIAction(controls-fuzz-probe)"

    func fail(_ message: String) {
        violationCount += 1
        if violations.count < 50 { violations.append("\(context): \(message)") }
    }

    /// Starts observing deliveries (call after creating a launcher: closing one clears the observer).
    func attach() {
        observed = 0
        baseDelivered = UIApplication.shared.actionQueueCounts.delivered
        UIApplication.shared.actionDeliveryObserver = { [weak self] record in self?.observe(record) }
    }

    /// Puts a probe on every control in `window` that has none yet.
    func probeControls(in window: UIWindow) {
        func walk(_ v: UIView) {
            if let c = v as? UIControl, probes[ObjectIdentifier(c)]?.control !== c {
                // Probed while tracking: its state is unknown until no touch is down.
                probes[ObjectIdentifier(c)] = Probe(c, known: !c.isTracking)
                c.addAction(UIAction(identifier: Self.probeID) { [weak self, weak c] _ in
                    if let self, let c { self.onProbe?(c) }
                }, for: .allTouchEvents)
            }
            for s in v.subviews { walk(s) }
        }
        walk(window)
    }

    private func observe(_ record: ActionDeliveryRecord) {
        observed += 1
        let c = record.sender
        guard let probe = probes[ObjectIdentifier(c)], probe.control === c, let balance = probe.balance,
              record.receivers.contains(Self.probeReceiver) else { return }
        let e = record.controlEvents
        let name = String(describing: type(of: c))
        let ordered = UIApplication.shared.actionDelivery == .batched
        let isTouch = record.event?.type == .touches
        var b = balance
        if e.contains(.touchCancel) {
            if ordered, b != 1 { fail("\(name): touchCancel while not tracking") }
            b -= 1
        }
        if isTouch {   // keyboard activation and other programmatic sends have no touch event
            if e.contains(.touchDown) {
                if ordered, b != 0 { fail("\(name): touchDown while already tracking") }
                b += 1
                probe.touched = true
            }
            if ordered, b != 1, !e.intersection([.touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit]).isEmpty {
                fail("\(name): \(e) while not tracking")
            }
            if !e.intersection([.touchUpInside, .touchUpOutside]).isEmpty {
                if ordered, b != 1 { fail("\(name): \(e) while not tracking") }
                b -= 1
            }
        }
        probe.balance = b
    }

    /// The checks after the launcher closed: nothing left pending, every dispatch accounted for.
    func afterClose() {
        let app = UIApplication.shared
        let c = app.actionQueueCounts
        if app.pendingActionCount != 0 { fail("\(app.pendingActionCount) actions still pending after the launcher closed") }
        if c.queued != c.delivered + c.dropped + c.discarded {
            fail("queue accounting after close: queued \(c.queued) != delivered \(c.delivered) + dropped \(c.dropped) + discarded \(c.discarded)")
        }
    }

    /// Call just before running a frame.
    func beforeFrame() {
        queuedBeforeFrame = UIApplication.shared.actionQueueCounts.queued
    }

    /// The checks after a frame. A frame that saw `SDL_QUIT` (`quit`) stopped before its
    /// `update()`, as the launcher's loop does, so what was pending stays pending: the
    /// launcher's `close()` delivers it (``afterClose()`` checks that).
    func afterFrame(window: UIWindow, quit: Bool = false) {
        let app = UIApplication.shared
        let c = app.actionQueueCounts
        if c.queued != c.delivered + c.dropped + c.discarded + app.pendingActionCount {
            fail("queue accounting: queued \(c.queued) != delivered \(c.delivered) + dropped \(c.dropped) + discarded \(c.discarded) + pending \(app.pendingActionCount)")
        }
        if c.delivered - baseDelivered != observed {
            fail("the observer saw \(observed) deliveries, the queue counts \(c.delivered - baseDelivered)")
        }
        if !quit, c.delivered + c.dropped + c.discarded < queuedBeforeFrame {
            fail("\(queuedBeforeFrame - c.delivered - c.dropped - c.discarded) actions queued before the frame still pending after it")
        }
        probes = probes.filter { $0.value.control != nil }
        // A touch whose end a recognizer still holds (a double tap's first tap) is not over yet.
        guard window.activeTouchCount == 0, !app.hasPendingActions, !window.isHoldingTouchesForRecognizers else { return }
        checkSettled(window: window)
    }

    /// No contact is down and nothing is queued: nothing may be tracking, every touch a
    /// control began has ended exactly once, and no touch left a highlight behind.
    func checkSettled(window: UIWindow) {
        func walk(_ v: UIView) {
            if let c = v as? UIControl, c.isTracking { fail("\(type(of: c)) tracking with no touch down") }
            for s in v.subviews { walk(s) }
        }
        walk(window)
        for probe in probes.values {
            guard let c = probe.control else { continue }
            guard let b = probe.balance else {
                probe.balance = 0   // what it was tracking when probed has ended: known from now on
                continue
            }
            if b != 0 {
                fail("\(type(of: c)): \(b > 0 ? "\(b) touch(es) began and never ended" : "\(-b) more end(s) than touches") ")
                probe.balance = 0
            }
            if probe.touched, c.isHighlighted, c.window === window {
                fail("\(type(of: c)) still highlighted after its touch ended")
            }
        }
    }

    /// The focus rule after `update()`: what holds focus could take it now (the rule of the
    /// window's internal `canTakeFocus`, through the public API).
    func checkFocus(window: UIWindow) {
        if let v = window.focusedView {
            if let why = Self.whyUnfocusable(v, in: window) { fail("focusedView \(type(of: v)) \(why) after an update") }
        }
        checkFocusInWindow(window)
    }

    /// What must hold at any time, not only after `update()`: focus and first responder never
    /// name a view outside the window.
    func checkFocusInWindow(_ window: UIWindow) {
        if let v = window.focusedView, v.window !== window {
            fail("focusedView \(type(of: v)) is not in the window")
        }
        if let r = window.firstResponder as? UIView, r.window !== window {
            fail("firstResponder \(type(of: r)) is not in the window")
        }
    }

    /// Why `view` can't hold focus in `window`, or nil when it can.
    static func whyUnfocusable(_ view: UIView, in window: UIWindow) -> String? {
        if view.window !== window { return "is not in the window" }
        if view === window { return "is the window itself" }
        if let c = view as? UIControl, !c.isEnabled { return "is a disabled control" }
        if !view.canBecomeFocused { return "can't become focused" }
        var v: UIView? = view
        while let cur = v {
            let who = cur === view ? "is" : "has an ancestor (\(type(of: cur)))"
            if cur.isHidden { return "\(who) hidden" }
            if cur.alpha < UIView.minimumHitTestAlpha { return "\(who) faded to alpha \(cur.alpha)" }
            if !cur.isUserInteractionEnabled { return "\(who) not taking touches" }
            v = cur.superview
        }
        return nil
    }

    /// The frame just drawn (by `draw`, which draws the current state again) shows what a frame
    /// drawn from scratch shows: the drawing pass visits only what changed and the pixel cache
    /// redraws only damaged rectangles, and neither may leave a stale pixel. Skipped when the
    /// frame left work for the next one (a view changed while it was drawn, or layout is
    /// pending): that frame draws it. Cached and direct drawing round translucent overlapping
    /// edges a few levels apart, so only a larger difference is a stale pixel. With `turned`
    /// (a view was turned or sheared) diagonal edges of translucent fills, whose every pixel
    /// is partly covered, round further apart all along the edges, in lines up to three pixels
    /// thick: then only areas count, differing pixels whose 5 × 5 neighbourhood differs.
    func checkIncrementalDrawing(host: SDLHost, turned: Bool = false, draw: () -> Void) {
        guard !host.window.needsFrame else { return }
        let incremental = host.readPixels().pixels
        host.window.setNeedsFullRedraw()
        draw()   // every view visited and drawn (directly)
        draw()   // the pixel cache filled again, from scratch
        let (width, _, full) = host.readPixels()
        guard incremental.count == full.count else { return fail("frame size changed while drawing again") }
        var worst = 0, off = 0
        var differs = turned ? [Bool](repeating: false, count: full.count) : []
        for i in full.indices where incremental[i] != full[i] {
            var d = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                d = max(d, abs(Int((incremental[i] >> UInt32(shift)) & 0xFF) - Int((full[i] >> UInt32(shift)) & 0xFF)))
            }
            worst = max(worst, d)
            if d > 8 {
                off += 1
                if turned { differs[i] = true }
            }
        }
        if turned, worst > 8, width > 0 {
            var inside = 0
            let height = differs.count / width
            for i in differs.indices where differs[i] {
                let x = i % width, y = i / width
                guard x >= 2, x < width - 2, y >= 2, y < height - 2 else { continue }
                var area = true
                for dy in -2...2 where area {
                    for dx in -2...2 where !differs[i + dy * width + dx] { area = false; break }
                }
                if area { inside += 1 }
            }
            if inside > 0 {
                fail("the frame differs from one drawn from scratch (views turned): \(off) pixels by more than 8, \(inside) of them inside areas, by up to \(worst)")
            }
            return
        }
        if worst > 8 { fail("the frame differs from one drawn from scratch: \(off) pixels by more than 8, by up to \(worst)") }
    }

    /// After a launcher closed: its controls are gone or out of the window; forget them.
    func detach() {
        UIApplication.shared.actionDeliveryObserver = nil
        probes.removeAll()
    }
}

/// The motion invariants (the motion itself is started in TreeFuzzer+Motion.swift), checked
/// through the public API and the draw list:
///
/// - Every completion handed to `UIView.animate…`, `UIView.transition` and
///   `UIViewPropertyAnimator.addCompletion` runs at most once.
/// - A completion whose call can end (not `.repeat`) runs by the end of the few frames after
///   the clock passes its end: the call's group starts at the next frame's time at the latest,
///   so the end is that time plus the delay plus the duration (twice with `.autoreverse`; a
///   block inside another's may run for the outer one's duration, so the longer counts). A
///   call whose animations were taken over, or whose views left, completes earlier (with
///   false): the bound holds either way. A call made while animations were off
///   (`setAnimationsEnabled(false)`, `performWithoutAnimation`) completes at the next frame
///   with `true`. A property animator that runs (not paused, not pausing on completion)
///   finishes within its delay and duration after the next frame; `finishAnimation(at:)` runs
///   its completions at once with the position given.
/// - `presentation()` of an animated view is finite when its model values are, even when it
///   animates from a NaN or infinite transform, or from one near `greatestFiniteMagnitude`
///   (an in-flight value that isn't finite reads as the model value).
/// - No vertex of the window's draw list is NaN or infinite, and every index names a vertex
///   of its command.
@MainActor
final class MotionLedger {
    /// One call whose completion is awaited.
    final class Call {
        let id: Int
        let what: String
        /// Times its completion ran.
        var runs = 0
        /// Seconds from its start to its end (delay and duration); nil when it may never end
        /// (`.repeat`, a paused animator).
        var span: Double?
        /// The clock time it started by (the next frame's); nil until that frame.
        var start: Double?
        /// Frames run since the clock passed its end.
        var overdue = 0
        /// Its completion must say `true` (made while animations were off).
        var mustFinish = false
        /// The last value its completion got (a property animator's position as its raw value).
        var result: Int?
        init(id: Int, what: String) { self.id = id; self.what = what }
    }

    private let checker: InvariantChecker
    private var nextID = 0
    private(set) var pending: [ObjectIdentifier: Call] = [:]
    /// Completions that ran (for --verbose).
    private(set) var completions = 0
    /// Frames a completion may take after the clock passed its call's end.
    static let graceFrames = 3

    init(checker: InvariantChecker) { self.checker = checker }

    /// A call about to be made; its completion must call ``completed(_:result:)``.
    func begin(_ what: @autoclosure () -> String, span: Double?) -> Call {
        nextID += 1
        let call = Call(id: nextID, what: what())
        call.span = span
        pending[ObjectIdentifier(call)] = call
        return call
    }

    /// The completion of `call` ran, with `result` (1/0 for finished, or a position).
    func completed(_ call: Call, result: Int) {
        call.runs += 1
        call.result = result
        completions += 1
        if call.runs > 1 { checker.fail("the completion of \(call.what) ran \(call.runs) times") }
        if call.mustFinish, result != 1 { checker.fail("the completion of \(call.what), made with animations off, got false") }
        pending[ObjectIdentifier(call)] = nil
    }

    /// Re-times a call (a property animator started, paused or reversed): it ends `span`
    /// seconds after the next frame, or maybe never (nil).
    func retime(_ call: Call, span: Double?) {
        guard call.runs == 0 else { return }
        call.span = span
        call.start = nil
        call.overdue = 0
    }

    /// A frame began at clock `time` (before its events and update): calls made before it
    /// start by now.
    func frameBegan(time: Double) {
        for call in pending.values where call.start == nil { call.start = time }
    }

    /// A frame's update ran at clock `time`: calls past their end must have completed within
    /// ``graceFrames`` frames.
    func frameEnded(time: Double) {
        var late: [Call] = []
        for call in pending.values {
            guard let span = call.span, let start = call.start, time >= start + span else { continue }
            call.overdue += 1
            if call.overdue > MotionLedger.graceFrames { late.append(call) }
        }
        for call in late.sorted(by: { $0.id < $1.id }) {
            checker.fail("the completion of \(call.what) has not run \(MotionLedger.graceFrames) frames after its end (started by clock \(call.start!), span \(call.span!), now \(time))")
            pending[ObjectIdentifier(call)] = nil
        }
    }

    /// The segment's host is closing: what has not completed never will (its window goes).
    func endSegment() {
        pending.removeAll()
    }

    /// The presentation of `view` is finite, unless a model value is not.
    func checkPresentation(of view: UIView) {
        let p = view.presentation()
        let t = p.transform
        let values = [p.center.x, p.center.y, p.bounds.minX, p.bounds.minY, p.bounds.width, p.bounds.height,
                      t.a, t.b, t.c, t.d, t.tx, t.ty, p.alpha, p.cornerRadius, p.borderWidth]
        guard values.contains(where: { !$0.isFinite }) else {
            if !(0...1).contains(p.alpha) { checker.fail("presentation() of \(type(of: view)) has alpha \(p.alpha)") }
            return
        }
        let m = view.transform
        let model = [view.center.x, view.center.y, view.bounds.minX, view.bounds.minY, view.bounds.width, view.bounds.height,
                     m.a, m.b, m.c, m.d, m.tx, m.ty, view.alpha, view.cornerRadius, view.borderWidth]
        guard !model.contains(where: { !$0.isFinite }) else { return }
        checker.fail("presentation() of \(type(of: view)) is not finite for a finite model: center \(p.center), bounds \(p.bounds), transform \(t), alpha \(p.alpha), corner radius \(p.cornerRadius), border \(p.borderWidth)")
    }

    /// Every vertex of `list` (as assembled for drawing) is finite and every index in range.
    func checkDrawList(_ list: DrawList) {
        var bad = 0, badIndices = 0
        var example = ""
        list.assemble { command, vertices, indices in
            for k in command.vertexStart..<command.vertexStart + command.vertexCount {
                let v = vertices[k]
                if !(v.x.isFinite && v.y.isFinite && v.u.isFinite && v.v.isFinite) {
                    if bad == 0 { example = "(\(v.x), \(v.y)) uv (\(v.u), \(v.v))" }
                    bad += 1
                }
            }
            for k in command.indexStart..<command.indexStart + command.indexCount {
                let i = Int(indices[k])
                if i < 0 || i >= command.vertexCount { badIndices += 1 }
            }
        }
        if bad > 0 { checker.fail("\(bad) vertices of the draw list are not finite, e.g. \(example)") }
        if badIndices > 0 { checker.fail("\(badIndices) indices of the draw list name no vertex of their command") }
    }
}

/// Frames keep coming: a thread that ends the process, naming where the fuzzer was, when no
/// frame has finished for ``limit`` seconds while a tree is fuzzed (a frame that never ends:
/// a hang).
final class FrameWatchdog: @unchecked Sendable {
    static let shared = FrameWatchdog()
    /// No frame takes this long (the slowest hostile-text frames take well under a second).
    static let limit: Double = 120
    private let lock = NSLock()
    private var context = ""
    private var last = DispatchTime.now().uptimeNanoseconds
    private var watching = false
    private var thread: Thread?

    /// Starts watching (a tree's run begins).
    func start() {
        lock.lock()
        defer { lock.unlock() }
        watching = true
        last = DispatchTime.now().uptimeNanoseconds
        guard thread == nil else { return }
        let t = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 5)
                lock.lock()
                let idle = watching ? Double(DispatchTime.now().uptimeNanoseconds - last) / 1e9 : 0
                let at = context
                lock.unlock()
                if idle > FrameWatchdog.limit {
                    FileHandle.standardError.write(Data("controls-fuzz: no frame finished in \(Int(idle)) s (a hang) at \(at)\n".utf8))
                    exit(1)
                }
            }
        }
        thread = t
        t.start()
    }

    /// Stops watching (a tree's run ended; other modes don't report frames).
    func stop() {
        lock.lock()
        watching = false
        lock.unlock()
    }

    /// A frame finished at `context`.
    func beat(_ context: String) {
        lock.lock()
        self.context = context
        last = DispatchTime.now().uptimeNanoseconds
        lock.unlock()
    }
}
