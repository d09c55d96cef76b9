import Foundation

/// The target-action registry (rules B1–B11).
///
/// Three ways to register:
/// - typed method references, checked by the compiler (see ``TargetActionControl``);
/// - named actions (``ActionSelector``), which can travel the responder chain;
/// - closures, through ``UIAction``.
extension UIControl {
    // MARK: Named actions

    /// Registers a named action for `controlEvents`. A nil target sends the action up the
    /// responder chain (rule B12). The target is held weakly (B1). An empty mask registers
    /// nothing (B2). Adding the same (target, action) again merges the masks and moves the
    /// entry to the end (B3).
    public func addTarget(_ target: AnyObject?, action: ActionSelector, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        if controlEvents.contains(.valueChanged) { valueChangesSent &+= 1 }
        pruneDeadEntries()
        if let i = entries.firstIndex(where: { $0.selector == action && $0.hasTarget == (target != nil) && $0.target === target }) {
            let entry = entries.remove(at: i)
            entry.mask.formUnion(controlEvents)
            entries.append(entry)
            return
        }
        entries.append(ControlEntry(kind: .targetAction(action), target: target, mask: controlEvents))
    }

    /// Clears `controlEvents` from the matching entries (rule B7): those whose target is
    /// `target` (every entry when nil) and whose action is `action` (any when nil). Entries
    /// left with no events are removed. `removeTarget(nil, action: nil, for: .allEvents)`
    /// removes everything, `UIAction`s included.
    public func removeTarget(_ target: AnyObject?, action: ActionSelector?, for controlEvents: Event) {
        for entry in entries {
            switch entry.kind {
            case .targetAction(let selector):
                if let target, entry.target !== target { continue }
                if let action, selector != action { continue }
            case .action:
                // UIActions have no target or name: only a full wildcard reaches them.
                guard target == nil, action == nil else { continue }
            }
            entry.mask.subtract(controlEvents)
        }
        entries.removeAll { $0.mask.isEmpty || !$0.isAlive }
    }

    /// The action names `target` (nil: the responder-chain entries) has registered for
    /// `controlEvent`, or nil when there are none (rule B8). Typed entries are listed as
    /// ``ActionSelector/typedActionName``; `UIAction`s are not listed.
    public func actions(forTarget target: AnyObject?, forControlEvent controlEvent: Event) -> [String]? {
        pruneDeadEntries()
        let names = entries.compactMap { entry -> String? in
            guard let selector = entry.selector, entry.mask.contains(controlEvent) else { return nil }
            if let target { return entry.target === target ? selector.name : nil }
            return entry.hasTarget ? nil : selector.name
        }
        return names.isEmpty ? nil : names
    }

    /// Every live target once, plus one `NSNull()` when an entry has a nil target (rule B9).
    /// Targets that are not `Hashable` appear as their `ObjectIdentifier`. `UIAction`s are
    /// not listed.
    ///
    /// On Linux, `NSNull()` makes a new object each time, and those objects compare equal but
    /// hash by identity, so `allTargets.contains(NSNull())` is unreliable there; test with
    /// `allTargets.contains { $0.base is NSNull }` instead.
    public var allTargets: Set<AnyHashable> {
        pruneDeadEntries()
        var result = Set<AnyHashable>()
        var hasNilTarget = false
        for entry in entries where entry.selector != nil {
            if let target = entry.target {
                result.insert((target as? AnyHashable) ?? AnyHashable(ObjectIdentifier(target)))
            } else if !entry.hasTarget {
                hasNilTarget = true
            }
        }
        // Inserted once, not once per nil-target entry: distinct NSNull objects can hash
        // differently (see above), and the set would then hold several.
        if hasNilTarget { result.insert(AnyHashable(NSNull())) }
        return result
    }

    /// The union of every entry's and every `UIAction`'s events (rule B9).
    public var allControlEvents: Event {
        pruneDeadEntries()
        return entries.reduce(into: Event()) { $0.formUnion($1.mask) }
    }

    // MARK: UIActions (rule B10)

    /// Registers a closure action for `controlEvents`. An action with an identifier already
    /// present replaces it: masks merged, moved to the end.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        var mask = controlEvents
        if let i = entries.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            mask.formUnion(entries.remove(at: i).mask)
        }
        entries.append(ControlEntry(kind: .action(action), target: nil, mask: mask))
    }

    /// Clears `controlEvents` from the action with `action`'s identifier.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Clears `controlEvents` from the action with `identifier`; removes it when none are left.
    public func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        for entry in entries where entry.action?.identifier == identifier {
            entry.mask.subtract(controlEvents)
        }
        entries.removeAll { $0.mask.isEmpty }
    }

    /// Calls `body` with every registered `UIAction` and its events, in order.
    public func enumerateEventHandlers(_ body: (_ action: UIAction?, _ target: AnyObject?, _ selector: ActionSelector?, _ events: Event) -> Void) {
        pruneDeadEntries()
        for entry in entries {
            body(entry.action, entry.target, entry.selector, entry.mask)
        }
    }

    // MARK: Dispatch (rules B4–B6, B11, E1–E4)

    /// Sends the actions registered for `controlEvents`, with a nil event (rule B5). Each
    /// matching entry runs at most once (B4). When the mask holds the control's primary
    /// event, a separate ``Event/primaryActionTriggered`` dispatch follows (B11).
    public func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Dispatches `controlEvents` with a touch event (the tracking path).
    func sendActions(for controlEvents: Event, with event: UIEvent?) {
        guard !controlEvents.isEmpty else { return }
        if controlEvents.contains(.valueChanged) { valueChangesSent &+= 1 }
        pruneDeadEntries()
        // B6: a snapshot of the matched entries; later registry changes don't affect it.
        let matched = entries.filter { !$0.mask.isDisjoint(with: controlEvents) }
        if !matched.isEmpty {
            // The queue of the window the control is in now (the application's when in none);
            // a batched one keeps a frozen copy of the event (E2).
            ActionQueue.of(window).enqueue(PendingDelivery(control: self, controlEvents: controlEvents, entries: matched, event: event))
        }
        if let primary = primaryControlEvent, primary != .primaryActionTriggered, controlEvents.contains(primary) {
            primaryActionWillTrigger()
            sendActions(for: .primaryActionTriggered, with: event)
        }
    }

    /// Removes entries whose target went away (rule B1, project choice: pruned, not sent
    /// up the responder chain).
    func pruneDeadEntries() {
        if entries.contains(where: { !$0.isAlive }) {
            entries.removeAll { !$0.isAlive }
        }
    }
}

/// Typed target-action: the compiler checks the method's shape and the sender's type.
///
/// ```swift
/// final class Menu {
///     func startTapped(_ sender: UIButton) { … }
/// }
/// button.addTarget(menu, action: Menu.startTapped, for: .touchUpInside)
/// ```
///
/// The three shapes of rule B13 are accepted: `()`, `(Sender)` and `(Sender, UIEvent?)`,
/// where `Sender` is the control's own class. The target is held weakly. Swift closures
/// have no identity, so each call registers a new entry (rule B3's merging applies to named
/// actions only); remove typed entries with `removeTarget(target, action: nil, for:)`.
@MainActor
public protocol TargetActionControl: UIControl {}

extension UIControl: TargetActionControl {}

extension TargetActionControl {
    /// Registers `method(target)(sender)` for `controlEvents`.
    public func addTarget<Target: AnyObject>(_ target: Target, action method: @escaping (Target) -> (Self) -> Void, for controlEvents: Event) {
        addTypedTarget(target, for: controlEvents) { target, sender, _ in
            guard let sender = sender as? Self else { return false }
            method(target)(sender)
            return true
        }
    }

    /// Registers `method(target)(sender, event)` for `controlEvents`.
    public func addTarget<Target: AnyObject>(_ target: Target, action method: @escaping (Target) -> (Self, UIEvent?) -> Void, for controlEvents: Event) {
        addTypedTarget(target, for: controlEvents) { target, sender, event in
            guard let sender = sender as? Self else { return false }
            method(target)(sender, event)
            return true
        }
    }

    /// Registers `method(target)()` for `controlEvents`.
    public func addTarget<Target: AnyObject>(_ target: Target, action method: @escaping (Target) -> () -> Void, for controlEvents: Event) {
        addTypedTarget(target, for: controlEvents) { target, _, _ in
            method(target)()
            return true
        }
    }

    private func addTypedTarget<Target: AnyObject>(_ target: Target, for controlEvents: Event, _ call: @escaping @MainActor (Target, Any?, UIEvent?) -> Bool) {
        let typed = TypedAction { object, sender, event in
            guard let target = object as? Target else { return false }
            return call(target, sender, event)
        }
        addTarget(target, action: ActionSelector(typed: typed), for: controlEvents)
    }
}
