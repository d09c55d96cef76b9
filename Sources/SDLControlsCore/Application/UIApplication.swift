import Foundation

/// The application object: the end of the responder chain, the registry of windows, and the
/// defaults of the windows' per-frame action queues (rules E1–E4).
///
/// ```swift
/// UIApplication.shared.actionDelivery = .batched      // the default
/// // … input for this frame …
/// UIApplication.shared.deliverPendingActions()         // the host calls this once a frame
/// ```
@MainActor
public final class UIApplication: UIResponder {
    /// The one application object.
    public static let shared = UIApplication()

    private override init() { super.init() }

    /// A responder after the application in the chain, as UIKit's app delegate is; a good
    /// home for app-wide named actions. Held weakly.
    public weak var delegate: UIResponder?

    /// The application, then its ``delegate``.
    public override var next: UIResponder? { delegate }

    /// Measures text for views that are in no window (a label sized before it is added): the
    /// measurer you set here; else the newest running host's window's
    /// ``UIWindow/hostTextMeasurer`` (its SDL_ttf fonts); else an estimate. Views in a window
    /// measure with their window's ``UIWindow/hostTextMeasurer`` when it has one. Hosts don't
    /// set this: each keeps its measurer in its own window, so two hosts can't overwrite each
    /// other's, and one shut down leaves the others'.
    public var textMeasurer: TextMeasuring {
        get {
            if let chosen = chosenTextMeasurer { return chosen }
            // Counting afresh each step (here and below): releasing a weak load's temporary
            // can run a window's deinit, which unregisters it and shortens `windowRefs`.
            var i = windowRefs.count
            while i > 0 {
                i -= 1
                if i < windowRefs.count, let m = windowRefs[i].value?.hostTextMeasurer { return m }
            }
            return estimatingMeasurer
        }
        set { chosenTextMeasurer = newValue }
    }
    /// The measurer set with ``textMeasurer`` (nil: none set; tests put it back to nil).
    package var chosenTextMeasurer: TextMeasuring?
    private let estimatingMeasurer = ApproximateTextMeasurer()

    // Unchecked: most controls' `draw(_:)` read it; removing `@exclusivity(unchecked)` costs
    // +0.24% instructions in B3 (callgrind, `controls-bench --quick`), measured 2026-11-28.
    /// The reading direction for views whose `semanticContentAttribute` is unspecified.
    @exclusivity(unchecked) public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection = .leftToRight

    // MARK: Windows

    private var windowRefs: [Weak<UIWindow>] = []
    private weak var storedKeyWindow: UIWindow?

    /// The live windows, oldest first.
    public var windows: [UIWindow] { windowRefs.compactMap(\.value) }

    /// The window that receives keys and text; set by ``UIWindow/makeKey()``.
    public var keyWindow: UIWindow? { storedKeyWindow }

    func register(_ window: UIWindow) {
        // Filter a copy: releasing a weak load's temporary can run another window's deinit,
        // which unregisters it, and must not find `windowRefs` mid-mutation.
        let refs = windowRefs
        windowRefs = refs.filter { $0.value != nil } + [Weak(window)]
    }

    func unregister(_ window: UIWindow) {
        let refs = windowRefs
        windowRefs = refs.filter { $0.value != nil && $0.value !== window }
    }

    func setKeyWindow(_ window: UIWindow) {
        storedKeyWindow = window
    }

    // MARK: Action delivery (section E)
    //
    // Each window queues its own controls' actions (``UIWindow/deliverPendingActions()``);
    // the application holds one more queue for controls in no window. The settings here are
    // the defaults every window takes unless it sets its own, and the queue calls here act on
    // every window's queue and that one, which is what a program with one window means.

    /// When actions run: queued to the end of the frame (the default) or at once. The default of
    /// every window whose own ``UIWindow/actionDelivery`` is nil, and of controls in no window.
    public var actionDelivery: ActionDelivery = .batched

    /// The most deliveries one flush makes of actions queued *during* it (by other actions);
    /// the rest wait for the next frame, so controls whose actions trigger each other cannot
    /// hang a frame (rule E3). What the frame's input queued before the flush is always
    /// delivered in full, so a flood of input adds no frames of latency **(project choice)**.
    /// `.max` means no limit; negative values act as 0. The default of every window whose own
    /// ``UIWindow/maximumDeliveriesPerFlush`` is nil.
    public var maximumDeliveriesPerFlush: Int = 10_000

    /// How deep immediate deliveries may nest (an action whose dispatch runs an action …)
    /// before further ones are queued instead, so mutual triggers cannot overflow the stack.
    /// For every window.
    public var maximumImmediateNesting: Int = 32

    /// Called after each delivered dispatch of any window, in delivery order (for logs and
    /// tests); the record names its frame and its sender.
    public var actionDeliveryObserver: ((ActionDeliveryRecord) -> Void)?

    /// The frame number of the key window (``UIWindow/frameNumber``), or, with no key window,
    /// of the queue of controls in no window. Each host counts its own window's frames.
    public var frameNumber: UInt64 { (keyWindow?.actionQueue ?? detachedQueue).frameNumber }

    /// The clock of timers scheduled while no window is key, and of views in no window.
    let detachedClock = FrameClock()

    /// Runs the completions of animation blocks that changed no view in a window while no
    /// window is key (on ``detachedClock``).
    lazy var detachedAnimator = ViewAnimator(clock: detachedClock)

    /// ``UIView/areAnimationsEnabled``.
    var animationsEnabled = true

    /// The queue of controls that are in no window (and what closed windows left).
    let detachedQueue = ActionQueue()
    /// The counts of windows that went away (their pending dispatches moved to ``detachedQueue``).
    private var retiredCounts = ActionQueueCounts()

    /// The object the last `sendAction` reached (for delivery records).
    weak var lastReceiver: AnyObject?

    /// `body` over every queue: the live windows' (oldest first), then the one of controls in
    /// no window.
    private func forEachQueue(_ body: (ActionQueue) -> Void) {
        for ref in windowRefs { if let w = ref.value { body(w.actionQueue) } }
        body(detachedQueue)
    }

    /// What happened to every dispatch queued so far, in every window (see
    /// ``ActionQueueCounts``); a window's own are ``UIWindow/actionQueueCounts``.
    public var actionQueueCounts: ActionQueueCounts {
        var sum = retiredCounts
        forEachQueue { sum = sum + $0.counts }
        return sum
    }

    /// Whether actions are waiting in any window. (A plain loop: an immediate-mode build asks
    /// every frame, and a closure here allocated.)
    public var hasPendingActions: Bool {
        if detachedQueue.pendingCount > 0 { return true }
        var i = 0
        while i < windowRefs.count {
            if let w = windowRefs[i].value, w.actionQueue.pendingCount > 0 { return true }
            i += 1
        }
        return false
    }

    /// How many dispatches are waiting, in every window.
    public var pendingActionCount: Int {
        var n = 0
        forEachQueue { n += $0.pendingCount }
        return n
    }

    /// Whether a queued dispatch sent by `control` waits (an immediate-mode build asks, to let
    /// a user change not yet delivered win).
    func hasPendingDelivery(from control: UIControl) -> Bool {
        if detachedQueue.holdsDelivery(from: control) { return true }
        var i = 0
        while i < windowRefs.count {
            if let w = windowRefs[i].value, w.actionQueue.holdsDelivery(from: control) { return true }
            i += 1
        }
        return false
    }

    /// Starts a new frame of the key window (``UIWindow/beginFrame()``), or of the queue of
    /// controls in no window when none is key. A host calls its own window's instead.
    public func beginFrame() {
        (keyWindow?.actionQueue ?? detachedQueue).frameNumber &+= 1
    }

    /// Delivers every window's queued actions, oldest window first, then those of controls in
    /// no window; each queue as ``UIWindow/deliverPendingActions()`` describes. A host's
    /// `update()` delivers only its own window's (and those of controls in no window). Returns
    /// how many dispatches were taken from the queues (delivered, or dropped because their
    /// control went away).
    ///
    /// **Lifetimes (project choice, after UIKit's weak-target rule B1 and E2):** the queue
    /// never keeps a control alive. A queued dispatch holds its control weakly, and its event
    /// snapshot holds the touches' views weakly. When the flush reaches a dispatch whose control
    /// has been freed (its scene or window went away, nothing else held it), the dispatch is
    /// dropped without running and counted in ``actionQueueCounts``. An entry whose target was
    /// freed is skipped (B1). A control that is alive still gets its actions, even after it left
    /// its window (the `touchCancel` of rule C8 arrives that way). So a handler never runs for a
    /// freed control; a closure that captures another object `unowned` can still outlive it:
    /// capture `[weak self]` in actions of objects that can go away.
    @discardableResult
    public func deliverPendingActions() -> Int {
        var taken = 0
        for window in windows { taken += window.deliverPendingActions() }
        taken += deliverDetachedActions()
        return taken
    }

    /// Delivers the actions of controls in no window (and those closed windows left).
    @discardableResult
    package func deliverDetachedActions() -> Int {
        detachedQueue.flush()
    }

    /// Drops every queued action of every window without running it (counted as discarded in
    /// ``actionQueueCounts``).
    public func discardPendingActions() {
        forEachQueue { $0.discard() }
    }

    /// A window is going away: what waits in its queue moves to the queue of controls in no
    /// window (delivered by the next flush, never lost), and its counts stay in the totals.
    func retire(_ queue: ActionQueue) {
        queue.handOver(to: detachedQueue)
        retiredCounts = retiredCounts + queue.counts
        queue.counts = ActionQueueCounts()
    }

    // MARK: Sending actions (rule B12)

    /// Sends a named or typed action to `target`, or up the responder chain when `target`
    /// is nil, and returns whether a receiver was found.
    ///
    /// With a nil target the search starts at the first responder of the sender's window
    /// (or of the key window), or at the sender when there is none, and walks ``UIResponder/next``
    /// asking ``UIResponder/target(forAction:withSender:)``. An explicit target that does not
    /// perform a named action is not searched past: the action is dropped and false returned.
    @discardableResult
    public func sendAction(_ action: ActionSelector, to target: AnyObject?, from sender: Any?, for event: UIEvent?) -> Bool {
        if let typed = action.typed {
            guard let target else { return false }
            let handled = typed.invoke(target, sender, event)
            if handled { lastReceiver = target }
            return handled
        }
        if let target {
            guard let performer = target as? ActionPerforming, let method = performer.actionMethod(for: action) else { return false }
            lastReceiver = performer
            method(sender: sender, event: event)
            return true
        }
        let senderView = sender as? UIView
        let start: UIResponder? = senderView?.window?.firstResponder
            ?? (senderView?.window == nil ? keyWindow?.firstResponder : nil)
            ?? (sender as? UIResponder)
            ?? keyWindow
        guard let found = start?.target(forAction: action, withSender: sender) as? ActionPerforming,
              let method = found.actionMethod(for: action)
        else { return false }
        lastReceiver = found
        method(sender: sender, event: event)
        return true
    }
}

/// When control actions run (section E).
public enum ActionDelivery: Sendable {
    /// Queued and delivered in one batch per frame by ``UIApplication/deliverPendingActions()``
    /// (the default, rule E1).
    case batched
    /// Run inside the event handling, when the event happens, as in UIKit (rule E4).
    case immediate
}

/// What one delivered dispatch was, for logs and tests.
@MainActor
public struct ActionDeliveryRecord {
    /// The frame it was delivered in.
    public let frame: UInt64
    /// The control that sent it.
    public let sender: UIControl
    /// The control events of the dispatch.
    public let controlEvents: UIControl.Event
    /// The event snapshot (nil for programmatic sends).
    public let event: UIEvent?
    /// How many registered entries the dispatch matched.
    public let entryCount: Int
    /// Who received each entry, in order ("Menu.save:", "Menu (typed method)",
    /// "UIAction(title)", "(nobody) save:"); filled only while an observer is set.
    public let receivers: [String]

    static func describe(_ receiver: AnyObject, _ selector: ActionSelector) -> String {
        let type = String(describing: Swift.type(of: receiver))
        return selector.isTyped ? "\(type) (typed method)" : "\(type).\(selector.name)"
    }
}

/// What happened to the dispatches queued since launch **(project choice)**, for tests,
/// fuzzers and overlays. Every queued dispatch ends in exactly one of delivered, dropped or
/// discarded, or is still pending:
/// `queued == delivered + dropped + discarded + UIApplication.shared.pendingActionCount`.
/// Immediate deliveries count as queued and delivered.
public struct ActionQueueCounts: Hashable, Sendable {
    /// Dispatches queued (or run at once in immediate mode).
    public var queued = 0
    /// Dispatches whose entries were run.
    public var delivered = 0
    /// Dispatches not run because their control had been freed before the flush.
    public var dropped = 0
    /// Dispatches thrown away by ``UIApplication/discardPendingActions()``.
    public var discarded = 0
    /// Creates zero counts.
    public init() {}

    /// The counts of two queues together.
    public static func + (a: ActionQueueCounts, b: ActionQueueCounts) -> ActionQueueCounts {
        var sum = a
        sum.queued += b.queued
        sum.delivered += b.delivered
        sum.dropped += b.dropped
        sum.discarded += b.discarded
        return sum
    }
}

/// One queued dispatch: the entries matched when the event happened and a snapshot of the event.
/// The control is held weakly: the queue never keeps a control alive (see
/// ``UIApplication/deliverPendingActions()``).
struct PendingDelivery {
    weak var control: UIControl?
    let controlEvents: UIControl.Event
    let entries: [ControlEntry]
    let event: UIEvent?
}
