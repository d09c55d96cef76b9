import Foundation

/// One registration on a control: a target-action pair or a UIAction, with its event mask.
/// Entries are objects so a queued dispatch keeps exactly what was matched (rule B6).
@MainActor
final class ControlEntry {
    enum Kind {
        case targetAction(ActionSelector)
        case action(UIAction)
    }

    let kind: Kind
    /// Held weakly: a control never keeps its target alive (rule B1).
    weak var target: AnyObject?
    /// False for a nil target (responder-chain entry), which never "goes away".
    let hasTarget: Bool
    var mask: UIControl.Event

    init(kind: Kind, target: AnyObject?, mask: UIControl.Event) {
        self.kind = kind
        self.target = target
        self.hasTarget = target != nil
        self.mask = mask
    }

    /// Whether the entry can still be delivered: its target (if it had one) is alive.
    var isAlive: Bool { !hasTarget || target != nil }

    var selector: ActionSelector? {
        if case .targetAction(let s) = kind { return s }
        return nil
    }

    var action: UIAction? {
        if case .action(let a) = kind { return a }
        return nil
    }
}
