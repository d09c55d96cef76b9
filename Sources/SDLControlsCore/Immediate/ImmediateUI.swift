import Foundation

// `@exclusivity(unchecked)`, `unowned(unsafe)` and `@inline(__always)` in this file: removing
// them costs +2.2% of the instructions outside the SDL libraries in IM (callgrind,
// `controls-bench --quick --only` the scenario), measured 2026-11-29.

/// The declaration context of an ``ImmediateView`` build: the object passed to the closure
/// of ``ImmediateView/build(_:)``, on which controls are declared.
///
/// One per view, reused by every build, so declaring allocates nothing once the controls
/// exist. Controls: `label`, `button`, `toggle`, `slider`, `stepper`, `segmented`,
/// `textField` (in `ImmediateUI+Controls.swift`); progress: `progress`, `activity` (in
/// `ImmediateUI+Indicators.swift`); layout: ``row(_:)``, ``spacer()``;
/// identity: ``id(_:_:)``, ``id(_:)``; retained views: ``custom(_:update:)`` (in
/// `ImmediateUI+Custom.swift`); the control behind a declaration: ``lastView``, ``last(_:)``,
/// ``configure(_:_:)``. The identity rule and the binding rules are in ``ImmediateView``'s
/// documentation.
@MainActor
public final class ImmediateUI {
    unowned let view: ImmediateView
    /// The number of the build running or last run.
    @exclusivity(unchecked) private(set) var buildNumber: UInt64 = 0
    @exclusivity(unchecked) private(set) var isBuilding = false

    // Identity.
    var nodes: [ImmediateNodeKey: ImmediateNode] = [:]
    var scopes: [ImmediateScopeKey: ImmediateScope] = [:]
    let rootScope = ImmediateScope(id: 0, key: nil)
    /// The scope declarations go to now. Unowned (no retain per declaration): the root scope
    /// and `scopes` keep every scope of a build alive until its end.
    @exclusivity(unchecked) unowned(unsafe) var scope: ImmediateScope
    private var nextScopeID = 1
    @exclusivity(unchecked) private var declaredNodes = 0
    @exclusivity(unchecked) private var declaredScopes = 0
    /// The name given with `id(_:)` for the next declaration.
    @exclusivity(unchecked) var pendingName: ImmediateName?
    /// Whether ``pendingName`` is set (a flag is cheaper to test than the optional enum).
    @exclusivity(unchecked) var hasPendingName = false
    /// The width ``width(_:)`` or ``minimumWidth(_:)`` gave the next declaration. A
    /// declaration given a width takes the full path (widths are rare: a HUD's few numbers),
    /// so the fast path pays one flag for them (``hasPendingWidth``).
    @exclusivity(unchecked) private(set) var pendingWidth: ImmediateWidth?
    @exclusivity(unchecked) private(set) var hasPendingWidth = false

    /// The transition ``transition(_:)`` gave the next declaration (rare: a flag guards it).
    @exclusivity(unchecked) var pendingTransition: ImmediateTransition?
    @exclusivity(unchecked) var hasPendingTransition = false
    /// Transitions of the placed views that were given one, by view.
    var transitions: [ObjectIdentifier: ImmediateTransition] = [:]
    /// Nodes created this build with a transition (their appearance runs at its end).
    var appearing: [ImmediateNode] = []

    func setPendingWidth(_ width: ImmediateWidth?) {
        pendingWidth = width
        hasPendingWidth = width != nil
    }
    /// The width the last placed declaration was given (remembered for the fast path).
    @exclusivity(unchecked) var placedWidth: ImmediateWidth?
    /// Where the last declaration of this build is: its scope and its index in the scope's
    /// sequence (no reference to the node itself, which a still build never touches).
    @exclusivity(unchecked) unowned(unsafe) var lastScope: ImmediateScope?
    @exclusivity(unchecked) var lastIndex = 0

    // Placement.
    /// The top-level column (plain) or the column of groups (inset-grouped).
    let column: ImmediateContainer
    private var sections: [ImmediateContainer] = []
    @exclusivity(unchecked) private var sectionCursor = 0
    /// The group being filled (inset-grouped); nil after a spacer and at the start.
    @exclusivity(unchecked) private var openSection: ImmediateContainer?
    /// The row being filled; nil at the top level.
    /// Unowned: its row node keeps it while the row's declarations are made.
    @exclusivity(unchecked) unowned(unsafe) var row: ImmediateContainer?
    private var usedContainers: [ImmediateContainer] = []
    /// Whether the plain column holds a spacer (then it grows to the view's height).
    private(set) var columnHasSpacer = false

    /// Deliveries to any node since the last build began (see ``ImmediateDeliveryLog``).
    let deliveryLog = ImmediateDeliveryLog()
    /// Whether this build reads the nodes' delivery counts (something was delivered).
    @exclusivity(unchecked) private var checksDeliveries = false
    /// Whether actions were queued and not delivered when this build began (a build before
    /// `update()`): only then are controls looked for in the queue.
    @exclusivity(unchecked) private var checksQueue = false
    /// Whether nothing could have changed a control since the last build: nothing delivered
    /// or queued, no input given to the window since, no touch down and no key held. Then a
    /// declaration with last build's inputs only needs placing (the still-frame fast path).
    /// Bound properties set on a control directly (not through its declaration) are not
    /// noticed by such a build **(project choice)**.
    @exclusivity(unchecked) private(set) var isQuiet = false
    /// The window and its input count as the last build saw them.
    @exclusivity(unchecked) private var seenWindow: ObjectIdentifier?
    @exclusivity(unchecked) private var seenInputGeneration: UInt64 = 0

    init(view: ImmediateView) {
        self.view = view
        scope = rootScope
        column = ImmediateContainer(stack: view.column, context: view.style == .plain ? .column : .cell)
    }

    // MARK: Build

    /// Starts a build; false when one is already running (nested builds do nothing).
    func begin() -> Bool {
        guard !isBuilding else { return false }
        isBuilding = true
        buildNumber &+= 1
        checksDeliveries = deliveryLog.count > 0
        deliveryLog.count = 0
        checksQueue = UIApplication.shared.hasPendingActions
        let window = view.window
        let windowID = window.map(ObjectIdentifier.init)
        let generation = window?.inputGeneration ?? 0
        isQuiet = !checksDeliveries && !checksQueue && windowID == seenWindow && generation == seenInputGeneration
            && !(window?.isHoldingInput ?? false)
        seenWindow = windowID
        seenInputGeneration = generation
        declaredNodes = 0
        declaredScopes = 0
        pendingName = nil
        hasPendingName = false
        setPendingWidth(nil)
        pendingTransition = nil
        hasPendingTransition = false
        lastScope = nil
        scope = rootScope
        rootScope.enter(build: buildNumber)
        column.begin()
        usedContainers.append(column)
        sectionCursor = 0
        openSection = nil
        row = nil
        return true
    }

    /// Ends a build: puts the stacks in this build's order where they differ from the last,
    /// removes what was not declared (touches cancelled, focus given up) and keeps this
    /// build's sequences for the next one's fast path.
    func end() {
        pendingName = nil
        hasPendingName = false
        setPendingWidth(nil)
        lastScope = nil
        rootScope.leave()
        if view.style == .insetGrouped {
            while sections.count > sectionCursor { sections.removeLast() }   // their views are stale in the column
        }
        var settled = true
        var i = 0
        while settled && i < usedContainers.count {
            settled = usedContainers[i].isSettled
            i += 1
        }
        if !settled { arrangeContainers() }
        i = 0
        while i < usedContainers.count {
            usedContainers[i].finish()
            i += 1
        }
        usedContainers.removeAll(keepingCapacity: true)
        if declaredNodes != nodes.count { removeUndeclaredNodes() }
        runAppearances()
        if declaredScopes != scopes.count { scopes = scopes.filter { $0.value.lastBuild == buildNumber } }
        if column.hasSpacer != columnHasSpacer {
            columnHasSpacer = column.hasSpacer
            view.setNeedsLayout()
        }
        isBuilding = false
    }

    /// Moves and removals of a build that changed the layout. Every container is put in order
    /// before anything leaves the window, so a control that moved (into a row, out of one, to
    /// another group) keeps its touch, focus and editing even when its old row is removed.
    private func arrangeContainers() {
        let placed = usedContainers.map(\.placed)
        var keeping = Set<ObjectIdentifier>()
        for views in placed {
            for view in views { keeping.insert(ObjectIdentifier(view)) }
        }
        var stale: [UIView] = []
        for (container, views) in zip(usedContainers, placed) where !container.isSettled {
            container.arrange(views, keeping: keeping, stale: &stale)
        }
        // Leaving the window cancels a tracked touch (rule C8), ends editing and drops focus.
        for view in stale where !keeping.contains(ObjectIdentifier(view)) {
            willRemove(view)
            view.removeFromSuperview()
        }
    }

    /// Removes the nodes this build did not declare: those in no sequence of a scope entered
    /// this build (sequences hold exactly this build's declarations once scopes are left).
    private func removeUndeclaredNodes() {
        var declared = Set<ObjectIdentifier>()
        var entered = [rootScope]
        entered += scopes.values.filter { $0.lastBuild == buildNumber }
        for s in entered {
            for entry in s.previous { declared.insert(ObjectIdentifier(entry.node)) }
        }
        let gone = nodes.filter { !declared.contains(ObjectIdentifier($0.value)) }
        for (key, node) in gone {
            nodes[key] = nil
            willRemove(node.placed)
            transitions[ObjectIdentifier(node.placed)] = nil
            node.placed.removeFromSuperview()
        }
    }

    // MARK: Identity

    /// The name of the declaration being made: the pending `id(_:)` key, else `fallback`.
    @inline(__always)
    func takeName(_ fallback: @autoclosure () -> ImmediateName) -> ImmediateName {
        guard hasPendingName, let name = pendingName else { return fallback() }
        pendingName = nil
        hasPendingName = false
        return name
    }

    /// The node for a declaration of `kind` and `name` in the current scope: last build's
    /// (the next one in sequence without hashing, else by key) or a new one from `make`.
    func node(_ kind: ImmediateKind, _ name: ImmediateName, make: (ImmediateNodeKey) -> ImmediateNode) -> ImmediateNode {
        let s = scope
        let node: ImmediateNode
        if s.nextMatches(kind: kind, name: name) {
            node = s.previous[s.cursor].node
            if hasPendingTransition { takeTransition(for: node, created: false) }
            lastIndex = s.cursor
            s.cursor += 1
        } else {
            s.fallOutOfSync()
            let key = ImmediateNodeKey(scope: s.id, kind: kind, name: name, occurrence: s.takeOccurrence(kind: kind, name: name))
            if let existing = nodes[key] {
                node = existing
                if hasPendingTransition { takeTransition(for: node, created: false) }
            } else {
                node = make(key)
                nodes[key] = node
                if hasPendingTransition { takeTransition(for: node, created: true) }
            }
            lastIndex = s.current.count
            s.current.append(ImmediateEntry(kind: kind, name: name, node: node))
        }
        lastScope = s
        declaredNodes += 1
        return node
    }

    /// The still-frame fast path: when nothing could have changed a control since the last
    /// build, and the next declaration of last build's sequence has this kind, name and the
    /// same `inputs` and goes to the same kind of container, it is placed and that is all
    /// (neither its node nor its control is read). Returns false to take the full path.
    ///
    /// `form` says what the declaration's name is when no `ui.id(_:)` key names it: its title
    /// or its items, which `inputs` hold, so equal inputs mean an equal name and the name is
    /// neither made nor compared; or none (labels).
    @inline(__always)
    func reuse(_ kind: ImmediateKind, _ form: ImmediateNameForm, _ inputs: ImmediateInputs) -> Bool {
        guard isQuiet, !hasPendingWidth, !hasPendingTransition else { return false }
        let s = scope
        let i = s.cursor
        guard s.inSync, i < s.previous.count, s.previous[i].kind == kind else { return false }
        if hasPendingName {
            guard let name = pendingName, s.previous[i].name == name else { return false }
        } else {
            guard s.previous[i].nameForm == form else { return false }
        }
        guard s.previous[i].inputs == inputs else { return false }
        let target = target()
        guard s.previous[i].context == target.context else { return false }
        if hasPendingName {
            pendingName = nil
            hasPendingName = false
        }
        s.cursor += 1
        declaredNodes += 1
        lastScope = s
        lastIndex = i
        target.place(s.previous[i].placed)
        return true
    }

    /// Caches the inputs of the declaration just made (see ``reuse(_:_:_:)``).
    @inline(__always)
    func remember(_ inputs: ImmediateInputs, context: ImmediateContext?) {
        guard placedWidth == nil else {
            // Given a width: not cached, so the build that drops the width takes the full path too.
            lastScope?.remember(lastIndex, .unknown, context: context)
            return
        }
        lastScope?.remember(lastIndex, inputs, context: context)
    }

    /// The node of the last declaration this build.
    var lastNode: ImmediateNode? {
        guard let s = lastScope else { return nil }
        return s.entry(lastIndex).node
    }

    /// Whether the last declaration's control was created by this build.
    var isNewNode: Bool { lastNode?.createdBuild == buildNumber }

    // MARK: Placement

    /// Where a declaration made now is placed: the current row, the plain column, or the open
    /// group (opening the next one when none is open).
    func target() -> ImmediateContainer {
        if let row { return row }
        if view.style == .plain { return column }
        if let open = openSection { return open }
        let section: ImmediateContainer
        if sectionCursor < sections.count {
            section = sections[sectionCursor]
        } else {
            section = ImmediateContainer(stack: ImmediateSectionView(), context: .cell)
            sections.append(section)
        }
        sectionCursor += 1
        column.place(section.stack)
        section.begin()
        usedContainers.append(section)
        openSection = section
        return section
    }

    // MARK: Layout declarations

    /// Lays out the declarations `content` makes side by side, in one row (in the inset-grouped
    /// style, one cell). Items keep their natural widths from the leading edge; sliders, text
    /// fields and spacers share the spare width equally. A row is layout only: it opens no
    /// identity scope, so wrapping declarations in a row (or not) keeps their controls.
    public func row(_ content: (ImmediateUI) -> Void) {
        guard isBuilding else { return }
        let name = takeName(.none)
        let node = node(.row, name) { key in
            let stack = ImmediateRowView()
            stack.axis = .horizontal
            stack.alignment = .center
            stack.spacing = UIStackView.spacingUseSystem
            let item = ImmediateItemView(control: stack, arrangement: .alone(fillsWidth: true))
            return ImmediateNode(kind: .row, name: name, key: key, view: stack, item: item,
                                 container: ImmediateContainer(stack: stack, context: .row), build: buildNumber)
        }
        _ = place(node)
        let (rowScope, rowIndex) = (lastScope, lastIndex)
        guard let inner = node.container else { return }
        inner.begin()
        usedContainers.append(inner)
        let saved = row
        row = inner
        content(self)
        row = saved
        // With nothing to take the spare width, a filler keeps the items at their widths.
        if !inner.hasFlexibleItem { inner.place(inner.filler) }
        (lastScope, lastIndex) = (rowScope, rowIndex)
    }

    /// Flexible space. In a row it shares the spare width with the row's other flexible items
    /// (pushing what follows to the trailing edge; two spacers centre what is between them).
    /// In the plain style's column it takes the height the view has beyond its content (when
    /// several do, the first takes it, as a `UIStackView` gives it). In the inset-grouped
    /// style's column it ends the group: what follows starts a new one.
    public func spacer() {
        guard isBuilding else { return }
        setPendingWidth(nil)   // (a spacer's width is the spare width)
        let name = takeName(.none)
        let node = node(.spacer, name) { key in
            ImmediateNode(kind: .spacer, name: name, key: key, view: ImmediateSpacerView(), item: nil, container: nil, build: buildNumber)
        }
        if row == nil && view.style == .insetGrouped {
            openSection = nil   // a section break; the spacer itself is not shown
            return
        }
        let target = target()
        if target.context == .row { target.hasFlexibleItem = true } else { target.hasSpacer = true }
        target.place(node.placed)
    }

    // MARK: Identity declarations

    /// An identity scope for `content`'s declarations, as Dear ImGui's `PushID`: use it in
    /// loops (`ui.id(item.id) { … }`) so each item's controls follow the item when the list is
    /// reordered, items come and go, or two items have the same titles. Scopes nest. Two
    /// scopes with the same key in one scope are distinct (first, second, …). Keys of up to
    /// three words (`Int`, `String`, `UUID`) cost no allocation.
    @inlinable
    public func id(_ key: some Hashable, _ content: (ImmediateUI) -> Void) {
        scoped(ImmediateKey(key), content)
    }

    /// ``id(_:_:)`` with its key made.
    @usableFromInline
    func scoped(_ anyKey: ImmediateKey, _ content: (ImmediateUI) -> Void) {
        guard isBuilding else { return }
        pendingName = nil
        hasPendingName = false
        setPendingWidth(nil)   // (a width is for a declaration, not a scope)
        let parent = scope
        var child: ImmediateScope?
        if let next = parent.nextChildInSequence(anyKey) {
            child = next
        } else {
            parent.childrenFallOutOfSync()
            let occurrence = parent.childCounts[anyKey, default: 0]
            parent.childCounts[anyKey] = occurrence + 1
            let scopeKey = ImmediateScopeKey(parent: parent.id, key: anyKey, occurrence: occurrence)
            if let existing = scopes[scopeKey] {
                child = existing
            } else {
                let made = ImmediateScope(id: nextScopeID, key: scopeKey)
                nextScopeID += 1
                scopes[scopeKey] = made
                child = made
            }
            if let child { parent.currentChildren.append(child) }
        }
        guard let child else { return }
        declaredScopes += 1
        child.enter(build: buildNumber)
        scope = child
        content(self)
        child.leave()
        scope = parent
    }

    /// Names the next declaration with `key` instead of its title, so its control is kept when
    /// the title changes: `ui.id("pause").button(paused ? "Resume" : "Pause")`. The key is the
    /// declaration's name in the identity rule; it applies to the declaration that follows at
    /// once and is forgotten after it (or at the end of the build).
    @inlinable
    public func id(_ key: some Hashable) -> ImmediateUI {
        named(ImmediateKey(key))
    }

    /// ``id(_:)`` with its key made.
    @usableFromInline
    func named(_ key: ImmediateKey) -> ImmediateUI {
        if isBuilding {
            pendingName = .key(key)
            hasPendingName = true
        }
        return self
    }

    // MARK: Widths

    /// Gives the next declaration's item exactly `points` of width, whatever its content: a
    /// label whose number changes keeps its place and its neighbours theirs
    /// (`ui.width(90).label("Score \(score)")`); longer text is truncated, shorter text sits on
    /// the leading side; a slider gets that width instead of a share of the spare width. Like
    /// ``id(_:)`` it applies to the declaration that follows at once, and chains with it
    /// (`ui.width(120).id("fps").label(fps)`). A width that is negative, NaN or infinite is
    /// ignored (the item keeps its natural width); a huge one is clamped to
    /// `UIView.maximumCoordinate`. Widths shape items in a row: in a column every item spans
    /// the column, as before.
    @discardableResult
    public func width(_ points: CGFloat) -> ImmediateUI {
        if isBuilding { setPendingWidth(ImmediateWidth(.fixed, points)) }
        return self
    }

    /// Gives the next declaration's item at least `points` of width: its natural width when
    /// wider (a score that grows past it pushes its neighbours, one that shrinks below it
    /// doesn't). Items that take the spare width (sliders, text fields in a row) are not
    /// changed by it. Bad values as ``width(_:)``.
    @discardableResult
    public func minimumWidth(_ points: CGFloat) -> ImmediateUI {
        if isBuilding { setPendingWidth(ImmediateWidth(.minimum, points)) }
        return self
    }

    // MARK: The control behind a declaration

    /// The retained view behind the last declaration of this build (the `UISwitch` of a
    /// toggle, the `UILabel` of a label, the row's `UIStackView`, a custom view); nil before
    /// the first declaration. Customise it freely (tint, configuration, accessibility); set the
    /// properties the declaration binds (values, titles, ranges) through the declaration only
    /// (see ``ImmediateView``, "Bindings").
    public var lastView: UIView? { isBuilding ? lastNode?.view : nil }

    /// The control behind the last declaration as `type`, or nil when it is another kind.
    /// `ui.last(UISlider.self)?.minimumTrackTintColor = .systemOrange`
    public func last<V: UIView>(_ type: V.Type) -> V? {
        lastView as? V
    }

    /// Runs `body` on the control behind the last declaration when this build created it (so
    /// once per control), and when it is a `V`: the place for one-time customisation.
    public func configure<V: UIView>(_ type: V.Type, _ body: (V) -> Void) {
        guard isBuilding, isNewNode, let view = lastNode?.view as? V else { return }
        body(view)
    }

    // MARK: Bindings

    /// The binding rules, the same for every control (see ``ImmediateView``, "Bindings"). The
    /// node remembers what the variable and the control held when they last agreed; then:
    /// 1. neither moved since: nothing is done (a value the control cleaned or clamped when it
    ///    was pushed is not pushed again, and the variable is not rewritten with it), unless
    ///    `limitsChanged` (this build gave the control another range or other items, which may
    ///    now allow the value it cleaned: it is considered again, as by rule 3);
    /// 2. the control moved while the user acted on it (an action delivered since the last
    ///    build, a touch tracked, a text field editing (`holding`), or an action queued and not
    ///    yet delivered by a build called before `update()`): the control's value (`read`) is
    ///    written to `value`;
    /// 3. else, `value` differs from the control: while the user holds it, the user's value
    ///    wins and is written back; otherwise `value` is pushed with `push` (a setter, which
    ///    sends no action) and the variable is left as it is.
    /// Returns true when an action was delivered since the last build and the user moved the
    /// value since the last true (a press that moves nothing reports nothing).
    @inline(__always)
    func bind<Control: UIControl, Value: Equatable>(_ node: ImmediateNode, _ control: Control, _ value: inout Value,
                                                    shown read: () -> Value, holding: Bool? = nil, limitsChanged: Bool = false,
                                                    push: (Value) -> Void) -> Bool {
        let delivered = takeDeliveries(node)
        let shown = read()
        let synced: ImmediateBinding<Value>
        if let existing = node.binding as? ImmediateBinding<Value> {
            synced = existing
        } else {
            synced = ImmediateBinding(shown)
            node.binding = synced
        }
        func holds() -> Bool {
            holding ?? control.isTracking || (checksQueue && UIApplication.shared.hasPendingDelivery(from: control))
        }
        if value != synced.value || shown != synced.shown || limitsChanged {
            var agreed = shown
            let userHolds = holds()
            if shown != synced.shown && (delivered || userHolds) {
                value = shown
                synced.moved = true
            } else if value != shown {
                if userHolds {
                    value = shown
                } else {
                    push(value)
                    agreed = read()   // as the control cleaned or clamped it
                }
            }
            synced.value = value
            synced.shown = agreed
        }
        return synced.report(delivered, holds)
    }

    /// Whether the node's action was delivered since the last build (value controls: however
    /// many times, the value is read once).
    @inline(__always)
    func takeDeliveries(_ node: ImmediateNode) -> Bool {
        checksDeliveries && node.takeDeliveries()
    }

    /// One delivery of the node's action (buttons: one `true` per tap); more left over are
    /// reported by the next builds.
    @inline(__always)
    func takeOneDelivery(_ node: ImmediateNode) -> Bool {
        guard checksDeliveries, node.takeOneDelivery() else { return false }
        if node.signal.deliveries > 0 { deliveryLog.count += 1 }
        return true
    }

    /// Places a node's view where declarations go now. Returns true when the node is placed
    /// in another kind of container than before (or for the first time): then its looks
    /// (margins, arrangement, button style) must be set for it.
    @inline(__always)
    func place(_ node: ImmediateNode) -> Bool {
        placedWidth = pendingWidth
        if hasPendingWidth { setPendingWidth(nil) }
        if let item = node.item, item.widthRule != placedWidth { item.widthRule = placedWidth }
        let target = target()
        target.place(node.placed)
        guard node.context != target.context else { return false }
        applyItemContext(node, target.context)
        return true
    }

    /// The kind of container the current declaration is placed in.
    var currentContext: ImmediateContext {
        if row != nil { return .row }
        return view.style == .plain ? .column : .cell
    }

    /// Marks the row being filled as having an item that takes its spare width.
    func markFlexible() {
        if hasPendingWidth, pendingWidth?.kind == .fixed { return }   // given a width: not flexible
        row?.hasFlexibleItem = true
    }

    /// Sets the margins and least height of a node's item for where it is placed.
    func applyItemContext(_ node: ImmediateNode, _ context: ImmediateContext) {
        guard node.context != context else { return }
        node.context = context
        guard let item = node.item else { return }
        item.insets = context == .cell ? ImmediateView.cellInsets : .zero
        item.minimumHeight = context == .cell ? ImmediateView.cellMinimumHeight : 0
    }
}
