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
    /// edges a few levels apart, so only a larger difference is a stale pixel.
    func checkIncrementalDrawing(host: SDLHost, draw: () -> Void) {
        guard !host.window.needsFrame else { return }
        let incremental = host.readPixels().pixels
        host.window.setNeedsFullRedraw()
        draw()   // every view visited and drawn (directly)
        draw()   // the pixel cache filled again, from scratch
        let full = host.readPixels().pixels
        guard incremental.count == full.count else { return fail("frame size changed while drawing again") }
        var worst = 0, off = 0
        for i in full.indices where incremental[i] != full[i] {
            var d = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                d = max(d, abs(Int((incremental[i] >> UInt32(shift)) & 0xFF) - Int((full[i] >> UInt32(shift)) & 0xFF)))
            }
            worst = max(worst, d)
            if d > 8 { off += 1 }
        }
        if worst > 8 { fail("the frame differs from one drawn from scratch: \(off) pixels by more than 8, by up to \(worst)") }
    }

    /// After a launcher closed: its controls are gone or out of the window; forget them.
    func detach() {
        UIApplication.shared.actionDeliveryObserver = nil
        probes.removeAll()
    }
}
