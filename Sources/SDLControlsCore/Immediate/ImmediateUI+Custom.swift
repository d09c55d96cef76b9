import Foundation

/// Views of your own in a build: ``ImmediateUI/custom(_:update:)`` hosts any view, and
/// ``ImmediateUI/custom(_:keyPath:value:update:)`` binds a control's value with the binding
/// rules; both find or make the view's node (a stand-in when the view can't be hosted) and
/// place it.
extension ImmediateUI {
    /// Hosts a view of your own (any `UIView` or `UIControl` subclass): `make` creates it in
    /// the first build that declares it, and `update` runs on it in every build (including the
    /// first). Returns whether it sent `primaryActionTriggered`, `valueChanged` or
    /// `editingChanged` since the last build (always false for views that are not controls).
    /// Its identity has the view's type as kind and no name. It is sized by its
    /// `intrinsicContentSize`; a dimension without one keeps the frame `make` gave it
    /// **(project choice)**, except a width of 0: then the view takes the width it is offered
    /// (the column's, or in a row a share of the spare width, as a slider does), so a plain
    /// `UIView()` or a nested ``ImmediateView`` spans the column. To bind a value with the binding rules, use
    /// ``custom(_:keyPath:value:update:)``. Declaring this panel itself, or a view it is inside,
    /// does nothing and returns false (hosting it would take the panel out of its window), and so
    /// does a second declaration of a view another declaration of this panel hosts (one view
    /// can be in one place). The view stays yours: moved elsewhere with `addSubview` or
    /// `removeFromSuperview`, it is no longer measured or placed by the panel (its row takes no
    /// room) **(project choice)**.
    @discardableResult
    public func custom<V: UIView>(_ make: @autoclosure () -> V, update: (V) -> Void = { _ in }) -> Bool {
        guard isBuilding else { return false }
        let node = customNode(V.self, make)
        guard !node.standsIn, let view = node.view as? V else { return false }   // see `customNode`
        update(view)
        return takeDeliveries(node)
    }

    /// Hosts a control of your own whose value at `keyPath` is bound to `value` with the
    /// binding rules of the standard controls: a user change (`valueChanged`,
    /// `primaryActionTriggered` or `editingChanged` delivered since the last build) is written
    /// back and returns true; while the control tracks a touch or is first responder (a field
    /// being edited) its value wins; otherwise a different `value` is pushed with the key
    /// path's setter. A value your control refused or clamped is pushed again when `value`
    /// changes; the binding can't see your control's limits, so after changing them in
    /// `update`, set the control's value there too if it should follow.
    /// `ui.custom(RotaryKnob(), keyPath: \.level, value: &volume)`
    @discardableResult
    public func custom<V: UIControl, Value: Equatable>(_ make: @autoclosure () -> V, keyPath: ReferenceWritableKeyPath<V, Value>,
                                                       value: inout Value, update: (V) -> Void = { _ in }) -> Bool {
        guard isBuilding else { return false }
        let node = customNode(V.self, make)
        guard !node.standsIn, let control = node.view as? V else { return false }   // see `customNode`
        update(control)
        return bind(node, control, &value, shown: { control[keyPath: keyPath] },
                    holding: control.isTracking || control.isFirstResponder) { control[keyPath: keyPath] = $0 }
    }

    private func customNode<V: UIView>(_ type: V.Type, _ make: () -> V) -> ImmediateNode {
        let name = takeName(.none)
        let kind = ImmediateKind.custom(ObjectIdentifier(V.self))
        let panel = self.view
        let node = node(kind, name) { key in
            var view: UIView = make()
            // The panel itself, or a view it is inside: hosting it would take the panel out of
            // its window. A view another declaration of this panel hosts: hosting it again
            // would take it from that one's item (and its removal would take the view along).
            // An empty view stands in, and the declaration does nothing.
            var standsIn = false
            if view === panel || view.isAncestor(of: panel) || hosts(view) {
                view = UIView()
                standsIn = true
            }
            let item = ImmediateItemView(control: view, arrangement: .alone(fillsWidth: false))
            // No intrinsic width and none given by `make`: the view takes the width it is
            // offered (a column's, a row's spare), as a filling stack would stretch it.
            let given = view.frame.size
            item.sizeWithoutIntrinsic = CGSize(width: given.width > 0 ? given.width : UIView.noIntrinsicMetric, height: given.height)
            let node = ImmediateNode(kind: kind, name: name, key: key, view: view, item: item, container: nil, build: buildNumber)
            node.standsIn = standsIn
            if let control = view as? UIControl, !standsIn {
                node.observe(control, events: [.primaryActionTriggered, .valueChanged, .editingChanged], log: deliveryLog)
            }
            return node
        }
        if row != nil, let item = node.item, item.hasNoNaturalWidth { markFlexible() }
        _ = place(node)
        return node
    }

    /// Whether a node of this panel hosts `view` (a custom view declared again: made once per
    /// node, so this runs only when a node is made).
    private func hosts(_ view: UIView) -> Bool {
        for node in nodes.values where node.view === view { return true }
        return false
    }
}
