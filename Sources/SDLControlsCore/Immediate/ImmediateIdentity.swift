import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.5%
// instructions in IM (callgrind, `controls-bench --quick --only` the scenario), measured
// 2026-11-28.

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

/// A key given to `ui.id`. Integers and strings, the keys of nearly every loop, are held as
/// they are: comparing them needs no dynamic cast, as an `AnyHashable` of them would (at
/// every declaration of a loop of a thousand). Other keys are held as `AnyHashable`.
@usableFromInline
enum ImmediateKey: Hashable {
    case int(Int)
    case string(String)
    case other(AnyHashable)
    /// A key not equal to itself (a floating-point NaN, say `ui.id(item.score)` before a
    /// score exists), by its type: as itself it would match nothing, and its controls would
    /// be made again every build, dropping their touches and edits.
    case unequalToItself(ObjectIdentifier)

    /// `key`, as an integer or string when it is one (decided at compile time where the
    /// caller's key type is known: ``ImmediateUI/id(_:)`` is inlinable).
    @inlinable
    init<Key: Hashable>(_ key: Key) {
        if let i = key as? Int {
            self = .int(i)
        } else if let s = key as? String {
            self = .string(s)
        } else if key != key {
            self = .unequalToItself(ObjectIdentifier(Key.self))
        } else {
            self = .other(AnyHashable(key))
        }
    }
}

/// What a declaration is (part of its identity).
enum ImmediateKind: Hashable {
    case label, button, toggle, slider, stepper, segmented, textField, progress, activity, row, spacer
    /// A custom view, by its type.
    case custom(ObjectIdentifier)
}

/// The name part of a declaration's identity.
enum ImmediateName: Hashable {
    /// Labels, untitled progress views, activity indicators, rows, spacers and custom views.
    case none
    /// The title or placeholder.
    case title(String)
    /// A segmented control's items.
    case items([String])
    /// A key given with `ui.id(key)` before the declaration.
    case key(ImmediateKey)

    /// Compared case by case: the derived comparison first copied both names into a tuple
    /// (two outlined copies of the enum) at every declaration compared.
    static func == (a: ImmediateName, b: ImmediateName) -> Bool {
        switch a {
        case .none:
            if case .none = b { return true }
        case .title(let x):
            if case .title(let y) = b { return x == y }
        case .items(let x):
            if case .items(let y) = b { return x == y }
        case .key(let x):
            if case .key(let y) = b { return x == y }
        }
        return false
    }
}

/// What a declaration's name is made of (see `ImmediateUI.reuse`).
enum ImmediateNameForm: UInt8 {
    case none, title, items, key
}

extension ImmediateName {
    var form: ImmediateNameForm {
        switch self {
        case .none: .none
        case .title: .title
        case .items: .items
        case .key: .key
        }
    }
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
    var key: ImmediateKey
    var occurrence: Int
}

/// What a declaration was given in the build that last looked at its control: its title
/// (label text, placeholder) and values. A build in which nothing could have changed a control
/// (see `ImmediateUI.isQuiet`) and the same inputs needs to do nothing but place it.
struct ImmediateInputs: Equatable {
    var title: String
    /// A text field's text.
    var text: String = ""
    var value: Double = 0
    var lower: Double = 0
    var upper: Double = 0
    var step: Double = 0
    var items: [String]? = nil

    /// What an entry holds before its first build looked at its control: equal to no inputs
    /// (its value is NaN). A sentinel rather than an optional: destroying and comparing
    /// `ImmediateInputs?` went through the runtime's generic value witnesses, a measurable
    /// share of a build in which every value changes.
    static let unknown = ImmediateInputs(title: "", value: .nan)
}

/// One declaration of a scope's sequence: its identity, its node and the still-frame cache.
/// Entries lie side by side in one array, so a build that changes nothing reads them in order
/// and never touches a node or a control (each elsewhere in memory: a cache miss apiece,
/// which is most of what re-declaring a thousand controls would cost).
struct ImmediateEntry {
    let kind: ImmediateKind
    let name: ImmediateName
    let nameForm: ImmediateNameForm
    /// Kept alive by `ImmediateUI.nodes`, which holds every node a sequence holds.
    unowned let node: ImmediateNode
    /// The view placed in a container (kept alive by the node).
    let placed: Unmanaged<UIView>
    /// Where the view was placed by the build that cached `inputs`.
    var context: ImmediateContext?
    /// The inputs of the last build that looked at the control; ``ImmediateInputs/unknown``:
    /// look this time.
    var inputs = ImmediateInputs.unknown

    init(kind: ImmediateKind, name: ImmediateName, node: ImmediateNode) {
        self.kind = kind
        self.name = name
        nameForm = name.form
        self.node = node
        placed = .passUnretained(node.placed)
    }
}

/// A scope: the root of a build or one `ui.id(key) { }`. Keeps last build's declaration
/// sequence for the fast path. While a build follows last build's sequence nothing is copied:
/// the cursor walks `previous`. Only at the first difference is the prefix copied into
/// `current`, which then collects the rest and becomes `previous` at the end. Buffers are
/// swapped and reused, so no build allocates once their capacity is reached.
@MainActor
final class ImmediateScope {
    let id: Int
    let key: ImmediateScopeKey?
    /// The build this scope was last entered in.
    @exclusivity(unchecked) var lastBuild: UInt64 = 0

    /// Declarations made directly in this scope, in order: last build's, and (out of sync) this build's.
    @exclusivity(unchecked) var previous: [ImmediateEntry] = []
    @exclusivity(unchecked) var current: [ImmediateEntry] = []
    @exclusivity(unchecked) var cursor = 0
    /// Whether this build's declarations so far are exactly last build's first ones.
    @exclusivity(unchecked) var inSync = true
    /// Occurrences of (kind, name) so far this build; filled once out of sync.
    var counts: [ImmediateCountKey: Int] = [:]

    /// Child `ui.id` scopes, the same way.
    @exclusivity(unchecked) var previousChildren: [ImmediateScope] = []
    @exclusivity(unchecked) var currentChildren: [ImmediateScope] = []
    @exclusivity(unchecked) var childCursor = 0
    @exclusivity(unchecked) var childrenInSync = true
    var childCounts: [ImmediateKey: Int] = [:]

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
        if inSync {
            // Last build's sequence, or its beginning when fewer were declared.
            if cursor < previous.count { previous.removeSubrange(cursor...) }
        } else {
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
            // `previous` now holds this build's sequence at the same indices: the last
            // declaration can still be reached (`ui.lastView` after a `ui.id` block).
            inSync = true
        }
        if childrenInSync {
            if childCursor < previousChildren.count { previousChildren.removeSubrange(childCursor...) }
        } else {
            swap(&previousChildren, &currentChildren)
            currentChildren.removeAll(keepingCapacity: true)
        }
    }

    /// Whether the next entry of last build's sequence has this kind and name (in sync only).
    func nextMatches(kind: ImmediateKind, name: ImmediateName) -> Bool {
        inSync && cursor < previous.count && previous[cursor].kind == kind && previous[cursor].name == name
    }

    /// This build's entry at `index` (last build's while in sync, the copy once not).
    func entry(_ index: Int) -> ImmediateEntry {
        inSync ? previous[index] : current[index]
    }

    /// Caches what the declaration at `index` was given and where it was placed.
    func remember(_ index: Int, _ inputs: ImmediateInputs, context: ImmediateContext?) {
        if inSync {
            previous[index].inputs = inputs
            previous[index].context = context
        } else {
            current[index].inputs = inputs
            current[index].context = context
        }
    }

    /// Leaves the fast path: copies the sequence followed so far into `current` and counts
    /// its occurrences, once.
    func fallOutOfSync() {
        guard inSync else { return }
        inSync = false
        current.removeAll(keepingCapacity: true)
        for i in 0..<cursor {
            let entry = previous[i]
            current.append(entry)
            counts[ImmediateCountKey(kind: entry.kind, name: entry.name), default: 0] += 1
        }
    }

    /// The occurrence of (kind, name) for the declaration being made (out of sync only).
    func takeOccurrence(kind: ImmediateKind, name: ImmediateName) -> Int {
        let key = ImmediateCountKey(kind: kind, name: name)
        let n = counts[key, default: 0]
        counts[key] = n + 1
        return n
    }

    /// The child scope of last build's sequence that is next, when it has this key.
    func nextChildInSequence(_ key: ImmediateKey) -> ImmediateScope? {
        guard childrenInSync, childCursor < previousChildren.count else { return nil }
        let child = previousChildren[childCursor]
        guard let k = child.key, k.key == key else { return nil }
        childCursor += 1
        return child
    }

    /// Leaves the children's fast path: copies and counts the children followed so far.
    func childrenFallOutOfSync() {
        guard childrenInSync else { return }
        childrenInSync = false
        currentChildren.removeAll(keepingCapacity: true)
        for i in 0..<childCursor {
            let child = previousChildren[i]
            currentChildren.append(child)
            if let k = child.key { childCounts[k.key, default: 0] += 1 }
        }
    }
}

/// A declaration's width rule (``ImmediateUI/width(_:)``, ``ImmediateUI/minimumWidth(_:)``).
struct ImmediateWidth: Equatable {
    enum Kind { case fixed, minimum }
    let kind: Kind
    let points: CGFloat

    /// Nil for a width that is negative, NaN or infinite (ignored: the natural width).
    init?(_ kind: Kind, _ points: CGFloat) {
        guard points.isFinite, points >= 0 else { return nil }
        self.kind = kind
        self.points = min(points, UIView.maximumCoordinate)
    }

    /// The item's width for its natural width `natural` (negative: it takes spare width).
    func width(natural: CGFloat) -> CGFloat {
        switch kind {
        case .fixed: return points
        case .minimum: return natural < 0 ? natural : max(natural, points)
        }
    }
}
