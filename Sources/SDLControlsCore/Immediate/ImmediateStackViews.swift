import Foundation

/// The stacks of an ``ImmediateView``: its column and its rows. Plain `UIStackView`s, except
/// that a tap on their empty space is not theirs: it goes to what is behind them.
class ImmediateStackView: UIStackView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
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
