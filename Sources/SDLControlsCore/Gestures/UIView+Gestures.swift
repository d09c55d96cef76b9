import Foundation

/// Attaching recognizers and interactions to a view.
extension UIView {
    /// The recognizers attached to this view, in the order they were added; nil when none.
    /// Setting it removes the old ones and adds the new ones.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get {
            guard let list = gestureStorage?.recognizers, !list.isEmpty else { return nil }
            return list
        }
        set {
            for r in gestureStorage?.recognizers ?? [] { removeGestureRecognizer(r) }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

    /// Attaches `gestureRecognizer`: touches that begin in this view or its subviews reach it.
    /// A recognizer attached to another view moves here (it leaves that view first, its
    /// gesture cancelled or failed); adding it again to this view does nothing.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.view === self, gestureStorage?.recognizers.contains(where: { $0 === gestureRecognizer }) == true { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        if gestureRecognizer.storedState != .possible { gestureRecognizer.forceReset() }   // a fresh start here
        let storage = gestureStorage ?? ViewGestureStorage()
        gestureStorage = storage
        storage.recognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer` (nothing happens if it isn't attached here). A gesture under
    /// way ends without another call to its targets, even from inside its own action
    /// **(project choice)**, and its touches go on to their views.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let storage = gestureStorage, let i = storage.recognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        storage.recognizers.remove(at: i)
        (window ?? gestureRecognizer.arenaWindow)?.gestureArena.forget(gestureRecognizer)
        gestureRecognizer.view = nil
        gestureRecognizer.arenaWindow = nil
        gestureRecognizer.forceReset()
    }

    /// The interactions added to this view, in order.
    public var interactions: [UIInteraction] {
        get { gestureStorage?.interactions ?? [] }
        set {
            for i in interactions { removeInteraction(i) }
            for i in newValue { addInteraction(i) }
        }
    }

    /// Adds `interaction` (it is told ``UIInteraction/willMove(to:)`` and
    /// ``UIInteraction/didMove(to:)``). An interaction on another view is removed from it
    /// first; adding it twice to this view does nothing.
    public func addInteraction(_ interaction: UIInteraction) {
        if gestureStorage?.interactions.contains(where: { $0 === interaction }) == true { return }
        if let old = interaction.view, old !== self { old.removeInteraction(interaction) }
        interaction.willMove(to: self)
        let storage = gestureStorage ?? ViewGestureStorage()
        gestureStorage = storage
        storage.interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` (told it moves to nil); nothing happens if it isn't here.
    public func removeInteraction(_ interaction: UIInteraction) {
        guard let storage = gestureStorage, let i = storage.interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storage.interactions.remove(at: i)
        interaction.didMove(to: nil)
    }
}

extension UIView {
    /// Tells this view's hover recognizers where the pointer is (window points), or that it left.
    func updateHoverRecognizers(_ location: CGPoint?) {
        guard let storage = gestureStorage else { return }
        for case let hover as UIHoverGestureRecognizer in storage.recognizers { hover.hover(at: location) }
    }
}

extension UIWindow {
    /// Whether a press of `type` beginning at `location` (window points) would be taken by a
    /// gesture recognizer: one attached to the view hit there or to a superview (the window's
    /// own included) that is enabled, free for a new touch and whose delegate's `shouldReceive`
    /// agrees. The delegate is asked with a provisional touch: at `location`, of `type`, its
    /// `view` the view hit there, as the real press's will be. Embedding hosts answer "wants
    /// press" with it.
    package func recognizersWouldTakePress(at location: CGPoint, type: UITouch.TouchType) -> Bool {
        guard location.x.isFinite, location.y.isFinite, let hit = hitTest(convert(location, from: nil), with: nil) else { return false }
        let probe = UITouch(contactID: -1, type: type, location: location, timestamp: lastTimestamp, window: self)
        probe.view = hit
        return !gestureArena.recognizers(for: probe, hit: hit).isEmpty
    }
}

extension UIWindow {
    /// Whether a touch that lifted is still owed to its view because a recognizer holds its
    /// end (a double tap's first tap): its control may still be tracking it. Checkers that wait
    /// for input to settle wait for this too.
    package var isHoldingTouchesForRecognizers: Bool { !gestureArena.heldTouches.isEmpty }
}
