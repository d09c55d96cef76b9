import Foundation

/// Views that show the game's progress, as declarations: a `UIProgressView` and a
/// `UIActivityIndicatorView`. They show a value and take none back (no binding: the user
/// can't change them), so each pushes what it is given when it differs from what it last
/// pushed, and returns nothing.
extension ImmediateUI {
    // MARK: Progress view

    /// A `UIProgressView` showing `value` (pinned to 0…1 as the view pins it), across the
    /// column (in a row it takes a share of the spare width, as a slider does). Like a label's
    /// text, the value is content, not a name: its identity is its place among the untitled
    /// progress views of its scope, so a download's bar that moves every frame keeps its
    /// view. The value is shown at once (no animation); a new value every frame moves the
    /// bar every frame.
    public func progress(_ value: Float) {
        progressView("", value: value, form: .none)
    }

    /// A `UIProgressView` showing `value`, its title above it (beside it in a row) and as its
    /// accessibility label. The title is its name, as a slider's.
    public func progress(_ title: String, value: Float) {
        progressView(title, value: value, form: .title)
    }

    private func progressView(_ title: String, value: Float, form: ImmediateNameForm) {
        guard isBuilding else { return }
        markFlexible()
        let inputs = ImmediateInputs(title: title, value: Double(value))
        if reuse(.progress, form, inputs) { return }
        let name = takeName(form == .title ? .title(title) : .none)
        let node = node(.progress, name) { key in
            let bar = UIProgressView(progressViewStyle: .default)
            let item = ImmediateItemView(control: bar, arrangement: .alone(fillsWidth: true))
            return ImmediateNode(kind: .progress, name: name, key: key, view: bar, item: item, container: nil, build: buildNumber)
        }
        let bar = unsafeDowncast(node.view, to: UIProgressView.self)
        let titleChanged = node.needsTitle(title)
        if place(node) || titleChanged, let item = node.item {
            node.shownTitle = title
            let beside = node.context == .row
            ImmediateUI.showTitle(title, of: bar, in: item,
                                  arrangement: title.isEmpty ? .alone(fillsWidth: true) : (beside ? .beside : .above))
        }
        // Pushed when the game's value changes, so a value set on the view directly stays
        // until then (as a label's text).
        if node.shownValue != Double(value) {
            node.shownValue = Double(value)
            bar.progress = value
        }
        remember(inputs, context: node.context)
    }

    // MARK: Activity indicator

    /// A medium `UIActivityIndicatorView` at the leading side, spinning while `isAnimating`
    /// (true by default: `ui.activity()` spins). Stopped, it hides, as the view does by
    /// default (``UIActivityIndicatorView/hidesWhenStopped``), and keeps its place, so what
    /// follows doesn't move when it starts or stops. Its identity is its place among the
    /// activity indicators of its scope (it has no name), unless ``id(_:)`` names it.
    public func activity(isAnimating: Bool = true) {
        guard isBuilding else { return }
        let inputs = ImmediateInputs(title: "", value: isAnimating ? 1 : 0)
        if reuse(.activity, .none, inputs) { return }
        let name = takeName(.none)
        let node = node(.activity, name) { key in
            let spinner = UIActivityIndicatorView(style: .medium)
            let item = ImmediateItemView(control: spinner, arrangement: .alone(fillsWidth: false))
            return ImmediateNode(kind: .activity, name: name, key: key, view: spinner, item: item, container: nil, build: buildNumber)
        }
        let spinner = unsafeDowncast(node.view, to: UIActivityIndicatorView.self)
        _ = place(node)
        if spinner.isAnimating != isAnimating {
            if isAnimating { spinner.startAnimating() } else { spinner.stopAnimating() }
        }
        remember(inputs, context: node.context)
    }
}
