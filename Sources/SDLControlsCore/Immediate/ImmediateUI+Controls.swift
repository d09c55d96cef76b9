import Foundation

/// The standard controls as declarations. Each one finds its node (identity rule), shows its
/// title, places its item, applies the binding rules (see ``ImmediateView``) and reports
/// whether the user changed or fired it since the last build.
extension ImmediateUI {
    // MARK: Label

    /// Static text, a `UILabel` in the system font at 17 points (one line, truncated). A
    /// label's text is content, not a name: its identity is its place among the labels of its
    /// scope, so a score or a timer that changes every frame updates one `UILabel` instead of
    /// making a new one **(project choice: labels hold no state a user could lose)**.
    public func label(_ text: String) {
        guard isBuilding else { return }
        let inputs = ImmediateInputs(title: text)
        if reuse(.label, .none, inputs) { return }
        let name = takeName(.none)
        let node = node(.label, name) { key in
            let label = UILabel()
            label.font = ImmediateItemView.titleFont
            let item = ImmediateItemView(control: label, arrangement: .alone(fillsWidth: false))
            return ImmediateNode(kind: .label, name: name, key: key, view: label, item: item, container: nil, build: buildNumber)
        }
        if node.shownTitle != text {
            node.shownTitle = text
            unsafeDowncast(node.view, to: UILabel.self).text = text
        }
        _ = place(node)
        remember(inputs, context: node.context)
    }

    // MARK: Button

    /// A button (`UIButton`). Returns true in the build after its primary action was
    /// delivered, once per tap: two taps delivered in one frame return true in two successive
    /// builds. In the inset-grouped style it is an action row (the tinted title of a whole
    /// cell, as iOS's settings show them); elsewhere a tinted plate.
    @discardableResult
    public func button(_ title: String) -> Bool {
        guard isBuilding else { return false }
        let inputs = ImmediateInputs(title: title)
        if reuse(.button, .title, inputs) { return false }
        let name = takeName(.title(title))
        let node = node(.button, name) { key in
            let button = UIButton(type: .system)
            let item = ImmediateItemView(control: button, arrangement: .fill)
            let node = ImmediateNode(kind: .button, name: name, key: key, view: button, item: item, container: nil, build: buildNumber)
            node.observe(button, events: .primaryActionTriggered, log: deliveryLog)
            return node
        }
        let button = unsafeDowncast(node.view, to: UIButton.self)
        if node.needsTitle(title) {
            node.shownTitle = title
            button.setTitle(title, for: .normal)
        }
        if place(node), let item = node.item { ImmediateUI.style(button, item, for: node.context ?? .cell) }
        remember(inputs, context: node.context)
        return takeOneDelivery(node)
    }

    /// An action row in a cell; a tinted plate elsewhere (across the column, natural in a row).
    static func style(_ button: UIButton, _ item: ImmediateItemView, for context: ImmediateContext) {
        switch context {
        case .cell:
            button.configuration = nil
            button.contentEdgeInsets = UIEdgeInsets(top: 11, left: ImmediateView.cellInsets.left, bottom: 11, right: ImmediateView.cellInsets.right)
            button.contentHorizontalAlignment = .leading
            button.titleLabel.font = ImmediateItemView.titleFont
            item.arrangement = .fill
        case .column, .row:
            if button.storedFocusEffect is UIFocusHaloEffect { button.focusEffect = UIFocusEffect.effect() }   // was a cell's
            button.configuration = .tinted()
            button.contentHorizontalAlignment = .center
            button.titleLabel.font = .systemFont(ofSize: UIFont.systemFontSize, weight: .medium)
            item.arrangement = .alone(fillsWidth: context == .column)
        }
    }

    // MARK: Toggle

    /// A `UISwitch` with its title beside it (the title is its accessibility label). Returns
    /// true when the user switched it since the last build; then `isOn` holds the new state.
    @discardableResult
    public func toggle(_ title: String, isOn: inout Bool) -> Bool {
        guard isBuilding else { return false }
        var inputs = ImmediateInputs(title: title, value: isOn ? 1 : 0)
        if reuse(.toggle, .title, inputs) { return false }
        let name = takeName(.title(title))
        let node = node(.toggle, name) { key in
            let control = UISwitch()
            let item = ImmediateItemView(control: control, arrangement: .beside)
            let node = ImmediateNode(kind: .toggle, name: name, key: key, view: control, item: item, container: nil, build: buildNumber)
            node.observe(control, events: .valueChanged, log: deliveryLog)
            return node
        }
        let control = unsafeDowncast(node.view, to: UISwitch.self)
        if node.needsTitle(title), let item = node.item {
            node.shownTitle = title
            ImmediateUI.showTitle(title, of: control, in: item, arrangement: title.isEmpty ? .alone(fillsWidth: false) : .beside)
        }
        _ = place(node)
        let changed = bind(node, control, &isOn, shown: { control.isOn }) { control.isOn = $0 }
        inputs.value = isOn ? 1 : 0   // the user's change, written back
        remember(inputs, context: node.context)
        return changed
    }

    /// Shows a title beside or above a control and makes it the control's accessibility label.
    static func showTitle(_ title: String, of control: UIView, in item: ImmediateItemView, arrangement: ImmediateItemView.Arrangement) {
        item.setTitle(title)
        item.arrangement = arrangement
        control.accessibilityLabel = title.isEmpty ? nil : title
    }

    // MARK: Slider

    /// A `UISlider` over `range`, its title above it (beside it in a row). Returns true when
    /// the user moved it since the last build (continuously while dragging); then `value` holds
    /// the new value. A `value` outside the range is shown clamped and left as it is.
    @discardableResult
    public func slider(_ title: String, value: inout Float, in range: ClosedRange<Float>) -> Bool {
        guard isBuilding else { return false }
        markFlexible()
        var inputs = ImmediateInputs(title: title, value: Double(value), lower: Double(range.lowerBound), upper: Double(range.upperBound))
        if reuse(.slider, .title, inputs) { return false }
        let name = takeName(.title(title))
        let node = node(.slider, name) { key in
            let control = UISlider()
            let item = ImmediateItemView(control: control, arrangement: .above)
            let node = ImmediateNode(kind: .slider, name: name, key: key, view: control, item: item, container: nil, build: buildNumber)
            node.observe(control, events: .valueChanged, log: deliveryLog)
            return node
        }
        let control = unsafeDowncast(node.view, to: UISlider.self)
        let titleChanged = node.needsTitle(title)
        if place(node) || titleChanged, let item = node.item {
            node.shownTitle = title
            let beside = node.context == .row
            ImmediateUI.showTitle(title, of: control, in: item,
                                  arrangement: title.isEmpty ? .alone(fillsWidth: true) : (beside ? .beside : .above))
        }
        let rangeChanged = control.minimumValue != range.lowerBound || control.maximumValue != range.upperBound
        if rangeChanged {
            // Lower bound first unless it would pass the old maximum (each setter moves the
            // other bound past itself, which would lose the old one).
            if range.lowerBound > control.maximumValue {
                control.maximumValue = range.upperBound
                control.minimumValue = range.lowerBound
            } else {
                control.minimumValue = range.lowerBound
                control.maximumValue = range.upperBound
            }
        }
        // A new range may allow a value the old one clamped: it is considered again.
        let changed = bind(node, control, &value, shown: { control.value }, limitsChanged: rangeChanged) { wanted in
            // Shown clamped, as the setter clamps; NaN is ignored, as the setter ignores it.
            if !wanted.isNaN, min(max(wanted, control.minimumValue), control.maximumValue) != control.value { control.value = wanted }
        }
        inputs.value = Double(value)
        remember(inputs, context: node.context)
        return changed
    }

    // MARK: Stepper

    /// A `UIStepper` over `range` by `step`, its title beside it and the value between them
    /// (with as many decimals as `step` has). Returns true when the user stepped it since the
    /// last build; then `value` holds the new value. An invalid step (not positive) keeps the
    /// last valid one, as `UIStepper` does.
    @discardableResult
    public func stepper(_ title: String, value: inout Double, in range: ClosedRange<Double>, step: Double) -> Bool {
        guard isBuilding else { return false }
        var inputs = ImmediateInputs(title: title, value: value, lower: range.lowerBound, upper: range.upperBound, step: step)
        if reuse(.stepper, .title, inputs) { return false }
        let name = takeName(.title(title))
        let node = node(.stepper, name) { key in
            let control = UIStepper()
            let item = ImmediateItemView(control: control, arrangement: .beside)
            let node = ImmediateNode(kind: .stepper, name: name, key: key, view: control, item: item, container: nil, build: buildNumber)
            node.observe(control, events: .valueChanged, log: deliveryLog)
            return node
        }
        let control = unsafeDowncast(node.view, to: UIStepper.self)
        if node.needsTitle(title), let item = node.item {
            node.shownTitle = title
            ImmediateUI.showTitle(title, of: control, in: item, arrangement: title.isEmpty ? .alone(fillsWidth: false) : .beside)
            if title.isEmpty { item.setDetail(nil) }
            node.shownValue = nil
        }
        _ = place(node)
        // UIStepper's bound setters move the other bound past themselves, so either order works.
        let rangeChanged = control.minimumValue != range.lowerBound || control.maximumValue != range.upperBound
        if control.minimumValue != range.lowerBound { control.minimumValue = range.lowerBound }
        if control.maximumValue != range.upperBound { control.maximumValue = range.upperBound }
        if control.stepValue != step { control.stepValue = step }
        let changed = bind(node, control, &value, shown: { control.value }, limitsChanged: rangeChanged) { wanted in
            if !wanted.isNaN, min(max(wanted, control.minimumValue), control.maximumValue) != control.value { control.value = wanted }
        }
        if node.shownValue != control.value, node.shownTitle?.isEmpty == false, let item = node.item {
            node.shownValue = control.value
            item.setDetail(ImmediateUI.format(control.value, step: control.stepValue))
        }
        inputs.value = value
        remember(inputs, context: node.context)
        return changed
    }

    /// A stepper's value with the decimals its step needs ("3", "0.25").
    static func format(_ value: Double, step: Double) -> String {
        var decimals = 0
        var scaled = step
        while decimals < 6, scaled.isFinite, abs(scaled - scaled.rounded()) > 1e-9 * max(1, abs(scaled)) {
            scaled *= 10
            decimals += 1
        }
        if decimals == 0, value.isFinite, abs(value) < 1e15 { return String(Int64(value.rounded())) }
        return String(format: "%.*f", decimals, value)
    }

    // MARK: Segmented control

    /// A `UISegmentedControl` of `items`, across the column (natural width in a row).
    /// `selection` is the selected index (`UISegmentedControl.noSegment` for none; another
    /// index out of range is not shown). Returns true when the user picked a segment since the
    /// last build; then `selection` holds it. Its items are its name.
    @discardableResult
    public func segmented(_ items: [String], selection: inout Int) -> Bool {
        guard isBuilding else { return false }
        var inputs = ImmediateInputs(title: "", value: Double(selection), items: items)
        if reuse(.segmented, .items, inputs) { return false }
        let name = takeName(.items(items))
        let node = node(.segmented, name) { key in
            let control = UISegmentedControl(items: items)
            let item = ImmediateItemView(control: control, arrangement: .alone(fillsWidth: true))
            let node = ImmediateNode(kind: .segmented, name: name, key: key, view: control, item: item, container: nil, build: buildNumber)
            node.shownItems = items
            node.observe(control, events: .valueChanged, log: deliveryLog)
            return node
        }
        let control = unsafeDowncast(node.view, to: UISegmentedControl.self)
        let itemsChanged = node.isNamedByKey && node.shownItems != items
        if itemsChanged {
            node.shownItems = items
            // Segments both lists have are retitled in place and only the rest is added or
            // removed, as UIKit's segment methods do: a selection that still exists stays (a
            // pick the user made this frame included).
            let kept = min(control.numberOfSegments, items.count)
            for i in 0..<kept where control.titleForSegment(at: i) != items[i] { control.setTitle(items[i], forSegmentAt: i) }
            while control.numberOfSegments > items.count { control.removeSegment(at: control.numberOfSegments - 1, animated: false) }
            for i in kept..<items.count { control.insertSegment(withTitle: items[i], at: i, animated: false) }
        }
        if place(node), let item = node.item {
            item.arrangement = .alone(fillsWidth: node.context != .row)
        }
        // An index the control refuses (out of range) leaves it as it is, as its setter does;
        // more items may allow it: it is considered again.
        let changed = bind(node, control, &selection, shown: { control.selectedSegmentIndex }, limitsChanged: itemsChanged) {
            control.selectedSegmentIndex = $0
        }
        inputs.value = Double(selection)
        remember(inputs, context: node.context)
        return changed
    }

    // MARK: Text field

    /// A `UITextField` showing `placeholder` while empty (its accessibility label). Returns
    /// true when the user edited the text since the last build (typing, paste, delete, a
    /// committed composition: `editingChanged`); then `text` holds it. While the field is
    /// editing, its text wins. A pushed text is cleaned as the field cleans any text (one line,
    /// bounded length) and the variable is left as it is. Borderless in a cell, rounded
    /// elsewhere; it takes the spare width of a row.
    @discardableResult
    public func textField(_ placeholder: String, text: inout String) -> Bool {
        guard isBuilding else { return false }
        markFlexible()
        var inputs = ImmediateInputs(title: placeholder, text: text)
        if reuse(.textField, .title, inputs) { return false }
        let name = takeName(.title(placeholder))
        let node = node(.textField, name) { key in
            let field = UITextField()
            let item = ImmediateItemView(control: field, arrangement: .alone(fillsWidth: true))
            item.setContentHuggingPriority(UILayoutPriority(1), for: .horizontal)
            let node = ImmediateNode(kind: .textField, name: name, key: key, view: field, item: item, container: nil, build: buildNumber)
            node.observe(field, events: .editingChanged, log: deliveryLog)
            return node
        }
        let field = unsafeDowncast(node.view, to: UITextField.self)
        if node.needsTitle(placeholder) {
            node.shownTitle = placeholder
            field.placeholder = placeholder
        }
        if place(node) {
            field.borderStyle = node.context == .cell ? .none : .roundedRect
            // A cell's ring is inside the cell (set by its item); elsewhere, the field's own.
            if node.context != .cell, field.storedFocusEffect is UIFocusHaloEffect { field.focusEffect = UIFocusEffect.effect() }
        }
        // The field cleans what it is given (one line, bounded length); the binding remembers
        // the text it pushed, so a cleaned text is pushed once and never written back.
        let changed = bind(node, field, &text, shown: { field.text ?? "" }, holding: field.isEditing) { field.text = $0 }
        inputs.text = text
        remember(inputs, context: node.context)
        return changed
    }
}
