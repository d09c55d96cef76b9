import Foundation

/// One queue of control dispatches (rules E1–E4) and the frame counter its records carry.
///
/// Every window has one (``UIWindow/deliverPendingActions()``), so two hosts in one process
/// each deliver their own window's actions in their own `update()`; the application keeps one
/// more for controls that are in no window. A dispatch goes to the queue of its control's
/// window when it is sent and stays there: a control that moves to another window before the
/// flush has that action delivered by the window it was sent in **(project choice)**.
@MainActor
final class ActionQueue {
    /// The window whose queue this is (nil: the application's, for controls in no window); its
    /// settings, or the application's, decide how the queue delivers.
    weak var window: UIWindow?
    private(set) var pending: [PendingDelivery] = []
    private var pendingHead = 0
    private(set) var isFlushing = false
    private var immediateDepth = 0
    /// What happened to every dispatch this queue took.
    var counts = ActionQueueCounts()
    /// Bumped once a frame by the window's host (``UIWindow/beginFrame()``).
    var frameNumber: UInt64 = 0

    var pendingCount: Int { pending.count - pendingHead }

    /// The queue a control in `window` sends to: the window's own, or the application's for
    /// controls in no window.
    static func of(_ window: UIWindow?) -> ActionQueue { window?.actionQueue ?? UIApplication.shared.detachedQueue }

    /// When this queue's dispatches run: its window's setting, else the application's.
    var delivery: ActionDelivery { window?.actionDelivery ?? UIApplication.shared.actionDelivery }

    /// The most deliveries a flush makes of dispatches queued during it (rule E3).
    var extraLimit: Int { window?.maximumDeliveriesPerFlush ?? UIApplication.shared.maximumDeliveriesPerFlush }

    /// Whether a dispatch sent by `control` waits here.
    func holdsDelivery(from control: UIControl) -> Bool {
        var i = pendingHead
        while i < pending.count {
            if pending[i].control === control { return true }
            i += 1
        }
        return false
    }

    /// Queues `item` with a frozen copy of its event (batched, rule E2), or delivers it at once
    /// with the live event (immediate, E4) unless immediate deliveries already nest
    /// ``UIApplication/maximumImmediateNesting`` deep: then it is queued after all.
    func enqueue(_ item: PendingDelivery) {
        counts.queued += 1
        guard delivery == .immediate, immediateDepth < UIApplication.shared.maximumImmediateNesting else {
            pending.append(PendingDelivery(control: item.control, controlEvents: item.controlEvents,
                                           entries: item.entries, event: item.event?.snapshot()))
            return
        }
        immediateDepth += 1
        defer { immediateDepth -= 1 }
        deliver(item)
    }

    /// Delivers what waits, in order (E1), plus up to ``extraLimit`` dispatches that those
    /// queue while the flush runs (E3). A call from inside the flush does nothing. Returns
    /// how many dispatches were taken (delivered or dropped).
    func flush() -> Int {
        guard !isFlushing else { return 0 }
        isFlushing = true
        defer { isFlushing = false }
        var taken = 0
        // Saturating: `.max` is the natural way to say "no limit".
        let (sum, overflow) = pendingCount.addingReportingOverflow(max(0, extraLimit))
        let limit = overflow ? Int.max : sum
        while pendingHead < pending.count, taken < limit {
            let item = pending[pendingHead]
            pendingHead += 1
            taken += 1
            deliver(item)
        }
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        } else if pendingHead > 1024 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        return taken
    }

    /// Runs one dispatch's entries (rule B10 for actions, B12 for target-action), counts it and
    /// reports it to ``UIApplication/actionDeliveryObserver``. A dispatch whose control went
    /// away is dropped (see ``UIApplication/deliverPendingActions()``).
    private func deliver(_ item: PendingDelivery) {
        guard let control = item.control else {
            counts.dropped += 1
            return
        }
        counts.delivered += 1
        let app = UIApplication.shared
        let observing = app.actionDeliveryObserver != nil
        var receivers: [String] = []
        for entry in item.entries {
            switch entry.kind {
            case .targetAction(let selector):
                // E2: the weak target is checked now; a target that went away is skipped (B1).
                if entry.hasTarget && entry.target == nil { continue }
                app.lastReceiver = nil
                control.sendAction(selector, to: entry.target, for: item.event)
                if observing {
                    receivers.append(app.lastReceiver.map { ActionDeliveryRecord.describe($0, selector) } ?? "(nobody) \(selector.name)")
                }
            case .action(let action):
                action.perform(sender: control)
                if observing {
                    let name = !action.title.isEmpty ? action.title : (action.hasGeneratedIdentifier ? "" : action.identifier.rawValue)
                    receivers.append(name.isEmpty ? "UIAction" : "UIAction(\(name))")
                }
            }
        }
        app.actionDeliveryObserver?(ActionDeliveryRecord(
            frame: frameNumber, sender: control, controlEvents: item.controlEvents, event: item.event,
            entryCount: item.entries.count, receivers: receivers))
    }

    /// Drops everything waiting (counted as discarded).
    func discard() {
        counts.discarded += pendingCount
        pending.removeAll()
        pendingHead = 0
    }

    /// Takes what waits here into `other`, in order (a window going away hands its queue to
    /// the application's, so no action is lost), with the counts that go with it.
    func handOver(to other: ActionQueue) {
        let moving = pending[pendingHead...]
        other.pending.append(contentsOf: moving)
        other.counts.queued += moving.count
        counts.queued -= moving.count
        pending.removeAll()
        pendingHead = 0
    }
}
