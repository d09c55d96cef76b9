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
    private(set) var pending: [PendingDelivery] = []
    private var pendingHead = 0
    private(set) var isFlushing = false
    private var immediateDepth = 0
    /// What happened to every dispatch this queue took.
    var counts = ActionQueueCounts()
    /// Bumped once a frame by the window's host (``UIWindow/beginFrame()``).
    var frameNumber: UInt64 = 0

    var pendingCount: Int { pending.count - pendingHead }

    /// Whether a dispatch sent by `control` waits here.
    func holdsDelivery(from control: UIControl) -> Bool {
        var i = pendingHead
        while i < pending.count {
            if pending[i].control === control { return true }
            i += 1
        }
        return false
    }

    /// Queues `item` (batched), or delivers it at once (immediate) unless immediate deliveries
    /// already nest ``UIApplication/maximumImmediateNesting`` deep: then it is queued after
    /// all, its event frozen (E2).
    func enqueue(_ item: PendingDelivery, delivery: ActionDelivery) {
        let nestingLimit = UIApplication.shared.maximumImmediateNesting
        counts.queued += 1
        switch delivery {
        case .batched:
            pending.append(item)
        case .immediate:
            if immediateDepth >= nestingLimit {
                pending.append(PendingDelivery(control: item.control, controlEvents: item.controlEvents,
                                               entries: item.entries, event: item.event?.snapshot()))
                return
            }
            immediateDepth += 1
            defer { immediateDepth -= 1 }
            counts.delivered += item.control == nil ? 0 : 1
            counts.dropped += item.control == nil ? 1 : 0
            deliver(item)
        }
    }

    /// Delivers what waits, in order (E1), plus up to `extraLimit` dispatches that those
    /// queue while the flush runs (E3). A call from inside the flush does nothing. Returns
    /// how many dispatches were taken (delivered or dropped).
    func flush(extraLimit: Int) -> Int {
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
            if item.control == nil { counts.dropped += 1 } else { counts.delivered += 1 }
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

    /// Runs one dispatch's entries (rule B10 for actions, B12 for target-action) and reports
    /// it to ``UIApplication/actionDeliveryObserver``. A dispatch whose control went away is
    /// dropped (see ``UIApplication/deliverPendingActions()``).
    private func deliver(_ item: PendingDelivery) {
        guard let control = item.control else { return }
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
