import Foundation

/// A window's own action queue and frame counter (rules E1–E4). A host delivers its window's
/// actions once a frame, so with two hosts each `update()` runs only its own window's actions,
/// after its own layout and timers, and counts its own frames. The settings default to the
/// application's (``UIApplication/actionDelivery``, ``UIApplication/maximumDeliveriesPerFlush``).
extension UIWindow {
    /// This window's frame counter: its host bumps it once a frame (``beginFrame()``), and the
    /// delivery records of its actions carry it.
    public var frameNumber: UInt64 { actionQueue.frameNumber }

    /// Starts a new frame of this window: bumps ``frameNumber``. The SDL host calls this at the
    /// start of each `update()`.
    public func beginFrame() {
        actionQueue.frameNumber &+= 1
    }

    /// Delivers this window's queued actions in the order their events happened (rule E1).
    /// Actions that queue more actions are delivered in the same flush, after what was already
    /// queued (E3), up to ``maximumDeliveriesPerFlush`` of those. A call made from inside an
    /// action of this flush does nothing (the outer flush continues). Returns how many
    /// dispatches were taken (delivered, or dropped because their control went away; see
    /// ``UIApplication/deliverPendingActions()`` for lifetimes).
    @discardableResult
    public func deliverPendingActions() -> Int {
        actionQueue.flush()
    }

    /// Drops this window's queued actions without running them (counted as discarded).
    public func discardPendingActions() {
        actionQueue.discard()
    }

    /// Moves what waits in this window's queue to the queue of controls in no window (its
    /// host is shutting down): delivered by the next flush, never lost.
    package func handOverPendingActions() {
        UIApplication.shared.retire(actionQueue)
    }

    /// Whether this window's actions wait for ``deliverPendingActions()``.
    public var hasPendingActions: Bool { actionQueue.pendingCount > 0 }

    /// How many of this window's dispatches wait.
    public var pendingActionCount: Int { actionQueue.pendingCount }

    /// What happened to every dispatch this window's controls queued (see ``ActionQueueCounts``).
    public var actionQueueCounts: ActionQueueCounts { actionQueue.counts }
}
