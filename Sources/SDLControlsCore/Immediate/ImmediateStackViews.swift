import Foundation

/// The stacks of an ``ImmediateView``: its column and its rows. Plain `UIStackView`s, except
/// that a tap on their empty space is not theirs: it goes to what is behind them.
class ImmediateStackView: UIStackView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// A row of an ``ImmediateView``: a horizontal stack in which the items without a natural
/// width (sliders, text fields, spacers) share the spare width equally, so
/// `ui.row { ui in ui.slider("R", …); ui.slider("G", …) }` gives two equal sliders and
/// `ui.row { ui in ui.spacer(); ui.button("OK"); ui.spacer() }` centres the button.
/// (`UIStackView` gives all of it to the first such view; UIKit would need equal-width
/// constraints, which this project has no engine for.) When the items do not fit, the stack's
/// own rule (compression resistance) stands.
final class ImmediateRowView: ImmediateStackView {
    override func layoutSubviews() {
        super.layoutSubviews()
        spreadFlexibleItems()
    }

    private func spreadFlexibleItems() {
        var flexible = 0, used: CGFloat = 0, last: UIView?
        for view in arrangedSubviews where !view.isHidden {
            if let last { used += resolvedSpacing(after: last) }
            let width = view.intrinsicSizeForLayout.width
            if width < 0 { flexible += 1 } else { used += width }
            last = view
        }
        let rect = arrangementRect
        guard flexible > 1, rect.width - used > 0 else { return }
        let share = ((rect.width - used) / CGFloat(flexible)).rounded(.down)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        // Frames set here mark the stack for layout again; that request is our own.
        let wasFlagged = needsLayout
        defer { if !wasFlagged { needsLayout = false } }
        var x: CGFloat = 0
        for view in arrangedSubviews where !view.isHidden {
            let natural = view.intrinsicSizeForLayout.width
            let width = natural < 0 ? share : natural
            var frame = view.frame
            frame.origin.x = rtl ? rect.maxX - x - width : rect.minX + x
            frame.size.width = width
            if view.frame != frame { view.frame = frame }
            x += width + resolvedSpacing(after: view)
        }
    }
}

/// One group of the inset-grouped style, as a settings screen on iOS draws it: a rounded
/// plate in the cell colour with a hairline between cells, starting at the cells' text.
final class ImmediateSectionView: ImmediateStackView {
    /// iOS's corner radius of an inset-grouped section.
    static let cornerRadius: CGFloat = 10

    override init(frame: CGRect) {
        super.init(frame: frame)
        axis = .vertical
        alignment = .fill
        backgroundColor = .secondarySystemGroupedBackground
        cornerRadius = ImmediateSectionView.cornerRadius
    }

    /// Cells moved: the separators follow.
    override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsDisplay()
    }

    /// The separators: one hairline (one pixel) under every visible cell but the last, from
    /// the cell's leading margin to the section's trailing edge.
    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let hairline = 1 / max(1, ctx.scale)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var last: UIView?
        for view in arrangedSubviews where !view.isHidden { last = view }
        for view in arrangedSubviews where !view.isHidden && view !== last {
            let inset = ImmediateView.cellInsets.left
            let f = view.frame
            let x = rtl ? f.minX : f.minX + inset
            ctx.fill(CGRect(x: x, y: f.maxY - hairline, width: max(0, f.width - inset), height: hairline), color: .separator)
        }
    }
}
