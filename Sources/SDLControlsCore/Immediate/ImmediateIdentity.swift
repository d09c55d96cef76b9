import Foundation

// Identity of immediate-mode declarations: which retained control a declaration gets.
//
// The rule (also in ImmediateView's documentation): a declaration is identified by
// (scope, kind, name, occurrence).
// - scope: the `ui.id(key) { }` scopes around it (rows are layout only and open none);
// - kind: label, button, toggle, ..., row, spacer, or custom with the view's type;
// - name: the key given with `ui.id(key)` right before it, else its title (items of a
//   segmented control, placeholder of a text field); labels, rows, spacers and custom views
//   have none;
// - occurrence: how many declarations of the same scope, kind and name came before it in
//   this build.
//
// Finding a node costs no hashing while a scope declares what it declared last build (the
// fast path compares the next node of last build's sequence); after the first difference the
// scope counts occurrences in a dictionary and looks nodes up by key.

/// What a declaration is (part of its identity).
enum ImmediateKind: Hashable {
    case label, button, toggle, slider, stepper, segmented, textField, row, spacer
    /// A custom view, by its type.
    case custom(ObjectIdentifier)
}

/// The name part of a declaration's identity.
enum ImmediateName: Hashable {
    /// Labels, rows, spacers and custom views.
    case none
    /// The title or placeholder.
    case title(String)
    /// A segmented control's items.
    case items([String])
    /// A key given with `ui.id(key)` before the declaration.
    case key(AnyHashable)
}

/// A node's full identity, for the dictionary of nodes.
struct ImmediateNodeKey: Hashable {
    var scope: Int
    var kind: ImmediateKind
    var name: ImmediateName
    var occurrence: Int
}

/// (kind, name): what occurrences are counted by within one scope.
struct ImmediateCountKey: Hashable {
    var kind: ImmediateKind
    var name: ImmediateName
}

/// An `ui.id(key) { }` scope's identity in its parent: the key and its occurrence.
struct ImmediateScopeKey: Hashable {
    var parent: Int
    var key: AnyHashable
    var occurrence: Int
}

/// A scope: the root of a build or one `ui.id(key) { }`. Keeps last build's declaration
/// sequence for the fast path. Buffers are swapped and reused, so a build that declares
/// what the last one did allocates nothing.
@MainActor
final class ImmediateScope {
    let id: Int
    let key: ImmediateScopeKey?
    /// The build this scope was last entered in.
    var lastBuild: UInt64 = 0

    /// Nodes declared directly in this scope, in order: last build's and this build's.
    var previous: [ImmediateNode] = []
    var current: [ImmediateNode] = []
    var cursor = 0
    /// Whether this build's declarations so far are exactly last build's first ones.
    var inSync = true
    /// Occurrences of (kind, name) so far this build; filled once out of sync.
    var counts: [ImmediateCountKey: Int] = [:]

    /// Child `ui.id` scopes, the same way.
    var previousChildren: [ImmediateScope] = []
    var currentChildren: [ImmediateScope] = []
    var childCursor = 0
    var childrenInSync = true
    var childCounts: [AnyHashable: Int] = [:]

    init(id: Int, key: ImmediateScopeKey?) {
        self.id = id
        self.key = key
    }

    /// Starts this scope's part of a build.
    func enter(build: UInt64) {
        lastBuild = build
        cursor = 0
        inSync = true
        if !counts.isEmpty { counts.removeAll(keepingCapacity: true) }
        childCursor = 0
        childrenInSync = true
        if !childCounts.isEmpty { childCounts.removeAll(keepingCapacity: true) }
    }

    /// Ends this scope's part of a build: this build's sequences become "last build's".
    func leave() {
        if inSync && cursor == previous.count && current.count == previous.count {
            // The same nodes in the same order: keep `previous`, empty `current`.
            current.removeAll(keepingCapacity: true)
        } else {
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
        }
        if childrenInSync && childCursor == previousChildren.count && currentChildren.count == previousChildren.count {
            currentChildren.removeAll(keepingCapacity: true)
        } else {
            swap(&previousChildren, &currentChildren)
            currentChildren.removeAll(keepingCapacity: true)
        }
    }

    /// The node of last build's sequence that is next, when the sequence is still followed
    /// and it has this kind and name.
    @inline(__always)
    func nextInSequence(kind: ImmediateKind, name: ImmediateName) -> ImmediateNode? {
        guard inSync, cursor < previous.count else { return nil }
        let node = previous[cursor]
        guard node.kind == kind, node.name == name else { return nil }
        cursor += 1
        return node
    }

    /// Leaves the fast path: counts the occurrences declared so far, once.
    func fallOutOfSync() {
        guard inSync else { return }
        inSync = false
        for node in current {
            counts[ImmediateCountKey(kind: node.kind, name: node.name), default: 0] += 1
        }
    }

    /// The occurrence of (kind, name) for the declaration being made (out of sync only).
    func takeOccurrence(kind: ImmediateKind, name: ImmediateName) -> Int {
        let key = ImmediateCountKey(kind: kind, name: name)
        let n = counts[key, default: 0]
        counts[key] = n + 1
        return n
    }
}
