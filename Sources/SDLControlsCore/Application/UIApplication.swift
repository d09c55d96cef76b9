import Foundation

/// The application object: the end of the responder chain, the registry of windows, and
/// the owner of the per-frame action queue (rules E1–E4).
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

    /// Measures text for views that are in no window (a label sized before it is added).
    /// An SDL host installs its SDL_ttf measurer here while it runs and puts back the
    /// previous one when it shuts down; until then an estimate is used. Views in a window
    /// measure with their window's ``UIWindow/hostTextMeasurer`` when it has one.
    public var textMeasurer: TextMeasuring = ApproximateTextMeasurer()

    /// The reading direction for views whose `semanticContentAttribute` is unspecified.
    /// (Unchecked: most controls' `draw(_:)` read it, and a checked read is a runtime call.)
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

    /// When actions run: queued to the end of the frame (the default) or at once.
    public var actionDelivery: ActionDelivery = .batched

    /// The most deliveries one ``deliverPendingActions()`` makes of actions queued *during*
    /// the flush (by other actions); the rest wait for the next frame, so controls whose
    /// actions trigger each other cannot hang a frame (rule E3). What the frame's input queued
    /// before the flush is always delivered in full, so a flood of input adds no frames of
    /// latency **(project choice)**. `.max` means no limit; negative values act as 0.
    public var maximumDeliveriesPerFlush: Int = 10_000

    /// How deep immediate deliveries may nest (an action whose dispatch runs an action …)
    /// before further ones are queued instead, so mutual triggers cannot overflow the stack.
    public var maximumImmediateNesting: Int = 32

    /// Called after each delivered dispatch, in delivery order (for logs and tests).
    public var actionDeliveryObserver: ((ActionDeliveryRecord) -> Void)?

    /// A counter the host bumps once per frame (``beginFrame()``); delivery records carry it.
    public private(set) var frameNumber: UInt64 = 0

    /// The clock of timers scheduled while no window is key, and of views in no window.
    let detachedClock = FrameClock()

    var pending: [PendingDelivery] = []
    /// The object the last `sendAction` reached (for delivery records).
    weak var lastReceiver: AnyObject?
    var pendingHead = 0
    var isFlushing = false
    var immediateDepth = 0

    /// What happened to every dispatch queued so far (see ``ActionQueueCounts``).
    public private(set) var actionQueueCounts = ActionQueueCounts()

    /// Whether actions are waiting for ``deliverPendingActions()``.
    public var hasPendingActions: Bool { pendingHead < pending.count }

    /// How many dispatches are waiting.
    public var pendingActionCount: Int { pending.count - pendingHead }

    /// Whether a queued dispatch sent by `control` waits for ``deliverPendingActions()``
    /// (an immediate-mode build asks, to let a user change not yet delivered win).
    func hasPendingDelivery(from control: UIControl) -> Bool {
        var i = pendingHead
        while i < pending.count {
            if pending[i].control === control { return true }
            i += 1
        }
        return false
    }

    /// Starts a new frame: bumps ``frameNumber``. The SDL host calls this before input.
    public func beginFrame() {
        frameNumber &+= 1
    }

    /// Delivers queued actions in the order their events happened (rule E1). Actions that
    /// queue more actions are delivered in the same flush, after what was already queued
    /// (E3), up to ``maximumDeliveriesPerFlush`` of those. A call made from inside an action
    /// while flushing does nothing (the outer flush continues). Returns how many dispatches
    /// were taken from the queue (delivered, or dropped because their control went away).
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
        guard !isFlushing else { return 0 }
        isFlushing = true
        defer { isFlushing = false }
        var delivered = 0
        // Saturating: `.max` is the natural way to say "no limit".
        let extra = max(0, maximumDeliveriesPerFlush)
        let (sum, overflow) = (pending.count - pendingHead).addingReportingOverflow(extra)
        let limit = overflow ? Int.max : sum
        while pendingHead < pending.count, delivered < limit {
            let item = pending[pendingHead]
            pendingHead += 1
            delivered += 1
            deliver(item)
        }
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        } else if pendingHead > 1024 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        return delivered
    }

    /// Drops every queued action without running it (counted as discarded in
    /// ``actionQueueCounts``).
    public func discardPendingActions() {
        actionQueueCounts.discarded += pending.count - pendingHead
        pending.removeAll()
        pendingHead = 0
    }

    func enqueue(_ item: PendingDelivery) {
        actionQueueCounts.queued += 1
        switch actionDelivery {
        case .batched:
            pending.append(item)
        case .immediate:
            if immediateDepth >= maximumImmediateNesting {
                // Queued after all: freeze the live event, as batched deliveries do (E2).
                pending.append(PendingDelivery(control: item.control, controlEvents: item.controlEvents,
                                               entries: item.entries, event: item.event?.snapshot()))
                return
            }
            immediateDepth += 1
            defer { immediateDepth -= 1 }
            deliver(item)
        }
    }

    private func deliver(_ item: PendingDelivery) {
        // The control went away while its dispatch waited: drop it (see deliverPendingActions).
        guard let control = item.control else {
            actionQueueCounts.dropped += 1
            return
        }
        actionQueueCounts.delivered += 1
        let observing = actionDeliveryObserver != nil
        var receivers: [String] = []
        for entry in item.entries {
            switch entry.kind {
            case .targetAction(let selector):
                // E2: the weak target is checked now; a target that went away is skipped (B1).
                if entry.hasTarget && entry.target == nil { continue }
                lastReceiver = nil
                control.sendAction(selector, to: entry.target, for: item.event)
                if observing {
                    receivers.append(lastReceiver.map { ActionDeliveryRecord.describe($0, selector) } ?? "(nobody) \(selector.name)")
                }
            case .action(let action):
                action.perform(sender: control)
                if observing {
                    let name = !action.title.isEmpty ? action.title : (action.hasGeneratedIdentifier ? "" : action.identifier.rawValue)
                    receivers.append(name.isEmpty ? "UIAction" : "UIAction(\(name))")
                }
            }
        }
        actionDeliveryObserver?(ActionDeliveryRecord(
            frame: frameNumber, sender: control, controlEvents: item.controlEvents, event: item.event,
            entryCount: item.entries.count, receivers: receivers))
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
