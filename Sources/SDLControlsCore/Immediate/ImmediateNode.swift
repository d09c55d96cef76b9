import Foundation

// `@exclusivity(unchecked)`, `unowned(unsafe)` and `@inline(__always)` in this file: removing
// them costs +0.65% of the instructions outside the SDL libraries in IM (callgrind,
// `controls-bench --quick --only` the scenario), measured 2026-11-29.

/// Where a declaration's view is placed, which decides how it looks.
enum ImmediateContext: Equatable {
    /// A row of its own in an inset-grouped section: cell margins, at least 44 points tall.
    case cell
    /// In the plain style's column: no margins, the column's width.
    case column
    /// In a row: no margins, natural width.
    case row
}

/// The count of a node's delivered actions (see ``ImmediateNode/signal``).
@MainActor
final class ImmediateSignal {
    @exclusivity(unchecked) var deliveries = 0
}

/// How many actions were delivered to any node of one view since its last build began. A
/// build in which it is 0 reads no node's own count: one load instead of one per declaration.
@MainActor
final class ImmediateDeliveryLog {
    @exclusivity(unchecked) var count = 0
}

/// What a bound variable and its control held when the binding last made them agree: the
/// variable's value and the control's (which differ when the control cleaned or clamped a
/// pushed value). See `ImmediateUI.bind`.
@MainActor
final class ImmediateBinding<Value: Equatable> {
    @exclusivity(unchecked) var value: Value
    @exclusivity(unchecked) var shown: Value
    /// The user moved the value since the binding last reported true.
    @exclusivity(unchecked) var moved = false

    init(_ shown: Value) {
        value = shown
        self.shown = shown
    }

    /// What the declaration returns: true once per delivered change that moved the value.
    /// A move whose interaction ends with no action (a cancelled touch) is forgotten.
    @inline(__always)
    func report(_ delivered: Bool, _ holds: () -> Bool) -> Bool {
        guard moved else { return false }
        if delivered {
            moved = false
            return true
        }
        if !holds() { moved = false }
        return false
    }
}

/// One declaration's retained side: its control (or view) and the item view that places it,
/// kept from build to build while the declaration's identity is declared.
@MainActor
final class ImmediateNode {
    let kind: ImmediateKind
    let name: ImmediateName
    let key: ImmediateNodeKey
    /// The view placed in a container: the item view, or for a spacer the spacer itself.
    let placed: UIView
    /// The item view (title, control, detail), nil for spacers.
    let item: ImmediateItemView?
    /// The retained control or view behind the declaration.
    let view: UIView
    /// For rows: the container of their declarations.
    let container: ImmediateContainer?
    /// The build that created it.
    let createdBuild: UInt64
    /// How it was last placed (looks are configured for it).
    @exclusivity(unchecked) var context: ImmediateContext?
    /// Actions delivered since the last build read them, counted by the node's `UIAction`.
    /// A box of its own, so the action holds no reference to the node (no weak reference,
    /// which would put every retain of the node on the runtime's slow path).
    let signal = ImmediateSignal()
    /// For bound values: what the variable and the control held when they last agreed (an
    /// `ImmediateBinding` of the value's type).
    @exclusivity(unchecked) var binding: AnyObject?
    /// The title (label text, placeholder) the control shows; nil until first shown.
    @exclusivity(unchecked) var shownTitle: String?
    /// A segmented control's items as shown.
    @exclusivity(unchecked) var shownItems: [String]?
    /// A stepper's value as its detail label shows it.
    @exclusivity(unchecked) var shownValue: Double?
    /// A custom declaration that could not host the view it was given (the panel itself, or a
    /// view another declaration hosts): an empty view stands in and the declaration does nothing.
    @exclusivity(unchecked) var standsIn = false

    /// Whether the declaration's name is a key given with `ui.id(_:)` (then its title can
    /// change while the control stays; otherwise the title is the name and cannot).
    var isNamedByKey: Bool {
        if case .key = name { return true }
        return false
    }

    /// Whether `title` must be shown: the first time, or a new title of a key-named node.
    @inline(__always)
    func needsTitle(_ title: String) -> Bool {
        guard let shown = shownTitle else { return true }
        return isNamedByKey && shown != title
    }

    init(kind: ImmediateKind, name: ImmediateName, key: ImmediateNodeKey, view: UIView, item: ImmediateItemView?,
         container: ImmediateContainer?, build: UInt64) {
        self.kind = kind
        self.name = name
        self.key = key
        self.view = view
        self.item = item
        self.placed = item ?? view
        self.container = container
        self.createdBuild = build
    }

    /// The identifier of the action each node registers on its control.
    static let actionIdentifier = UIAction.Identifier("immediate")

    /// Registers the one `UIAction` that counts deliveries of `events`. It only counts: the
    /// build reads the control's current value, so the action adds no behaviour of its own
    /// and runs in the same queue, order and mode as every other action of the control.
    func observe(_ control: UIControl, events: UIControl.Event, log: ImmediateDeliveryLog) {
        control.addAction(UIAction(identifier: ImmediateNode.actionIdentifier) { [signal, log] _ in
            signal.deliveries += 1
            log.count += 1
        }, for: events)
    }

    /// Takes one delivery (buttons: one `true` per tap).
    func takeOneDelivery() -> Bool {
        guard signal.deliveries > 0 else { return false }
        signal.deliveries -= 1
        return true
    }

    /// Takes all deliveries (value controls: the value is read once, however many changes).
    func takeDeliveries() -> Bool {
        guard signal.deliveries > 0 else { return false }
        signal.deliveries = 0
        return true
    }
}

/// A stack that declarations are placed in, in order: the plain style's column, a section of
/// the inset-grouped style, or a row.
///
/// A build lists the views placed here (``place(_:)``) and compares them with the stack's
/// arranged subviews as it goes; the stack is touched only where they differ. A view that is
/// in no stack yet (a new control) is inserted at once, so it is in the window for the rest
/// of the build; moves and removals wait for the end of the build (``arrange(keeping:stale:)``),
/// when it is known which views were declared anywhere: a view declared in another container
/// is moved there (staying in the window, so its touch, focus and editing survive), and only
/// views declared nowhere leave the window.
@MainActor
final class ImmediateContainer {
    let stack: UIStackView
    /// How views placed here look.
    let context: ImmediateContext
    /// How many views were placed this build.
    @exclusivity(unchecked) private(set) var count = 0
    /// Whether every view placed so far is where the stack already has it. While it is, the
    /// placed views are the stack's first ``count`` arranged subviews and nothing is recorded.
    @exclusivity(unchecked) private(set) var inOrder = true
    /// This build's views once out of order (a buffer reused from build to build). Unretained:
    /// every placed view is kept alive by its node or container until the build has ended.
    @exclusivity(unchecked) private var outOfOrder: [Unmanaged<UIView>] = []
    /// Whether something placed this build takes the row's spare width (rows only).
    @exclusivity(unchecked) var hasFlexibleItem = false
    /// Whether a spacer was placed this build (the plain column grows to the view's height).
    @exclusivity(unchecked) var hasSpacer = false
    /// Fills the spare width of a row with no flexible item, so items keep their natural widths.
    lazy var filler: UIView = ImmediateSpacerView()

    /// The stack's arranged subviews as this build found them (one read per build, not one
    /// per declaration; refreshed after each change this container makes).
    @exclusivity(unchecked) private var arranged: [UIView] = []

    init(stack: UIStackView, context: ImmediateContext) {
        self.stack = stack
        self.context = context
    }

    func begin() {
        arranged = stack.arrangedSubviews
        count = 0
        inOrder = true
        hasFlexibleItem = false
        hasSpacer = false
    }

    /// Places `view` next: nothing to do when the stack already has it there (the still frame).
    @inline(__always)
    func place(_ view: UIView) {
        let index = count
        count += 1
        if inOrder {
            if index < arranged.count, arranged[index] === view { return }
            if view.superview == nil {
                // New: into the window now, in order.
                insert(view, at: index)
                return
            }
            // Out of order from here: record what was placed so far, then this.
            inOrder = false
            outOfOrder.removeAll(keepingCapacity: true)
            for i in 0..<index { outOfOrder.append(.passUnretained(arranged[i])) }
            outOfOrder.append(.passUnretained(view))
            return
        }
        outOfOrder.append(.passUnretained(view))
        // New: into the window now (the end of the build puts it in order).
        if view.superview == nil { insert(view, at: arranged.count) }
    }

    /// Ends the build for this container: the snapshot is let go, so the stack's array is not
    /// shared (and copied) when it next changes.
    func finish() {
        arranged = []
    }

    private func insert(_ view: UIView, at index: Int) {
        arranged = []   // so the stack's array is not shared while it changes (no copy)
        stack.insertArrangedSubview(view, at: index)
        arranged = stack.arrangedSubviews
    }

    /// Places a view that the still-frame fast path knows by its address.
    @inline(__always)
    func place(_ placed: Unmanaged<UIView>) {
        if inOrder {
            let index = count
            if index < arranged.count, Unmanaged.passUnretained(arranged[index]).toOpaque() == placed.toOpaque() {
                count += 1
                return
            }
        }
        place(placed.takeUnretainedValue())
    }

    /// Whether the stack arranges exactly this build's views, in order.
    var isSettled: Bool { inOrder && count == stack.arrangedSubviews.count }

    /// This build's views, in order.
    var placed: [UIView] {
        inOrder ? Array(stack.arrangedSubviews.prefix(count)) : outOfOrder.map { $0.takeUnretainedValue() }
    }

    /// Ends a build that changed something: views declared nowhere this build (not in
    /// `keeping`) stop being arranged but stay subviews, in the window, and are added to
    /// `stale` (removed from the window once every container is arranged); then the placed
    /// views are put in order, taking views declared here from other stacks.
    func arrange(_ views: [UIView], keeping: Set<ObjectIdentifier>, stale: inout [UIView]) {
        for view in stack.arrangedSubviews where !keeping.contains(ObjectIdentifier(view)) {
            stack.removeArrangedSubview(view)
            stale.append(view)
        }
        for (index, view) in views.enumerated() {
            let arranged = stack.arrangedSubviews
            if index < arranged.count, arranged[index] === view { continue }
            stack.insertArrangedSubview(view, at: index)
        }
        inOrder = true
        outOfOrder.removeAll(keepingCapacity: true)
        arranged = []   // the next build reads it again
    }
}

/// A spacer: no natural size, so a stack gives it the spare room (it has no hugging at all).
final class ImmediateSpacerView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}
