import Foundation

/// Places one declaration's control with its title (and a value, for steppers), the way a
/// settings screen on iOS shows them: the title beside the control (switches, steppers; a
/// slider in a row) or above it (sliders in a column), or the control alone. In a cell of the
/// inset-grouped style it adds the cell's margins and minimum height.
///
/// Sizes come from the subviews' `intrinsicContentSize`; a control without an intrinsic
/// width (a slider) makes the item flexible, so a stack gives it the spare width.
final class ImmediateItemView: UIView {
    enum Arrangement: Equatable {
        /// The control fills the whole item (a button in a cell is the cell).
        case fill
        /// The control alone in the content area: stretched across it, or at its natural
        /// width on the leading side.
        case alone(fillsWidth: Bool)
        /// Title on the leading side, the control (and a value before it) on the trailing side.
        case beside
        /// Title on top, the control under it across the content width.
        case above
    }

    /// The title font and the gaps of an iOS cell.
    static let titleFont = UIFont.systemFont(ofSize: 17)
    static let titleGap: CGFloat = 16
    static let detailGap: CGFloat = 8
    static let aboveGap: CGFloat = 2

    let control: UIView
    private(set) var titleLabel: UILabel?
    private(set) var detailLabel: UILabel?

    var arrangement: Arrangement {
        didSet { if oldValue != arrangement { contentChanged() } }
    }
    /// Margins around the content (a cell's), zero elsewhere.
    var insets: UIEdgeInsets = .zero {
        didSet { if oldValue != insets { contentChanged() } }
    }
    /// The least height (a cell's 44 points).
    var minimumHeight: CGFloat = 0 {
        didSet { if oldValue != minimumHeight { contentChanged() } }
    }
    /// A width the declaration gave it (``ImmediateUI/width(_:)``); nil: its natural width.
    var widthRule: ImmediateWidth? {
        didSet { if oldValue != widthRule { contentChanged() } }
    }
    /// The size used for a dimension the control has no intrinsic size in (custom views):
    /// their frame when they were created **(project choice: UIKit would need constraints)**.
    var sizeWithoutIntrinsic: CGSize?

    init(control: UIView, arrangement: Arrangement) {
        self.control = control
        self.arrangement = arrangement
        super.init(frame: .zero)
        addSubview(control)
    }

    // MARK: Content

    /// Shows `title` (nothing when empty). Returns without work when it is unchanged.
    func setTitle(_ title: String) {
        if let label = titleLabel {
            if label.text != title { label.text = title }   // the label invalidates our size
            label.isHidden = title.isEmpty
            return
        }
        guard !title.isEmpty else { return }
        let label = UILabel()
        label.font = ImmediateItemView.titleFont
        label.isAccessibilityElement = false   // the control carries the title as its label
        label.text = title
        titleLabel = label
        addSubview(label)
        contentChanged()
    }

    /// Shows `detail` (a stepper's value) before the control; nil removes it.
    func setDetail(_ detail: String?) {
        guard let detail else {
            if let label = detailLabel { label.removeFromSuperview(); detailLabel = nil; contentChanged() }
            return
        }
        if let label = detailLabel {
            if label.text != detail { label.text = detail }
            return
        }
        let label = UILabel()
        label.font = ImmediateItemView.titleFont
        label.textColor = .secondaryLabel
        label.isAccessibilityElement = false
        label.text = detail
        detailLabel = label
        addSubview(label)
        contentChanged()
    }

    private var hasTitle: Bool { titleLabel.map { !$0.isHidden } ?? false }

    private func contentChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The sizes of the control, title and value the last layout placed (see
    /// ``subviewIntrinsicContentSizeDidChange(_:)``).
    private var laidOutSizes: (control: CGSize, title: CGSize, detail: CGSize)?

    /// A subview's natural size changed (a new title, a wider value): lay out again, and tell
    /// the stack only when this item's own natural size changed, so a stepper's value ticking
    /// from 3 to 4 doesn't lay out the whole column. A new text of the size the last layout
    /// placed ("Item 0" → "Item 1", a counter) changes no frame: nothing lays out, only the
    /// label redraws.
    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        if let laid = laidOutSizes, !needsLayoutPass, laid.control == controlSize(),
           laid.title == ImmediateItemView.size(of: titleLabel), laid.detail == ImmediateItemView.size(of: detailLabel) {
            return
        }
        setNeedsLayout()
        guard let old = cachedIntrinsicSize else { invalidateIntrinsicContentSize(); return }
        cachedIntrinsicSize = nil
        if intrinsicSizeForLayout != old { invalidateIntrinsicContentSize() }
    }

    // MARK: Sizes

    /// Whether the control is still this item's subview. A view declared with `custom` belongs
    /// to the game, which may move it elsewhere: then the item neither measures nor places it
    /// (measuring it could reach this item again through the view's new ancestors, and placing
    /// it would move a view the item no longer holds).
    private var holdsControl: Bool { control.superview === self }

    /// Whether the control has no natural width (it takes the spare width), whatever
    /// ``widthRule`` says: a declaration asks before this build's rule is applied.
    var hasNoNaturalWidth: Bool { controlSize().width == UIView.noIntrinsicMetric }

    private func controlSize() -> CGSize {
        guard holdsControl else { return .zero }
        var s = control.intrinsicSizeForLayout
        if let fallback = sizeWithoutIntrinsic {
            if s.width == UIView.noIntrinsicMetric { s.width = fallback.width }
            if s.height == UIView.noIntrinsicMetric { s.height = fallback.height }
        }
        return s
    }

    private static func size(of label: UILabel?) -> CGSize {
        guard let label, !label.isHidden else { return .zero }
        return label.intrinsicSizeForLayout
    }

    override var intrinsicContentSize: CGSize {
        let c = controlSize()
        let flexible = c.width == UIView.noIntrinsicMetric
        let ch = max(0, c.height)
        let t = ImmediateItemView.size(of: titleLabel), d = ImmediateItemView.size(of: detailLabel)
        var width: CGFloat, height: CGFloat
        switch arrangement {
        case .fill, .alone:
            width = c.width
            height = ch
        case .beside:
            width = t.width + (t.width > 0 ? ImmediateItemView.titleGap : 0) + d.width + (d.width > 0 ? ImmediateItemView.detailGap : 0) + max(0, c.width)
            height = max(t.height, d.height, ch)
        case .above:
            width = max(t.width, max(0, c.width))
            height = t.height + (t.height > 0 ? ImmediateItemView.aboveGap : 0) + ch
        }
        if case .fill = arrangement {} else { height += insets.top + insets.bottom }
        if case .fill = arrangement {} else if !flexible { width += insets.left + insets.right }
        let natural = flexible ? UIView.noIntrinsicMetric : width.rounded(.up)
        return CGSize(width: widthRule.map { $0.width(natural: natural) } ?? natural, height: max(minimumHeight, height.rounded(.up)))
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let natural = intrinsicSizeForLayout
        return CGSize(width: natural.width < 0 ? size.width : natural.width, height: natural.height)
    }

    // MARK: Layout

    /// A control that is a whole cell (a button row) shows focus just inside its edge, rounded
    /// as the group, as a focused list cell does; outside, the ring would cover the separators
    /// and the neighbouring rows and reach past the group's sides. Set again only when the
    /// cell's size changed.
    private func ringInsideCell() {
        ringInsideCell(shape: control.bounds)
    }

    /// The same ring for a control that is not the whole cell: `shape` is the cell in the
    /// control's coordinates. A text field alone in a cell is borderless: a ring around its
    /// text line sat a point and a half from the text, half outside the row.
    private func ringInsideCell(shape: CGRect) {
        guard holdsControl else { return }
        if let h = control.storedFocusEffect as? UIFocusHaloEffect, h.position == .inside, h.shape == shape { return }
        let halo = UIFocusHaloEffect(roundedRect: shape, cornerRadius: ImmediateSectionView.cornerRadius, curve: .continuous)
        halo.position = .inside
        control.focusEffect = halo
    }

    override func layoutSubviews() {
        let b = bounds
        let content = b.inset(by: insets)
        let c = controlSize()
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        // Frames are computed left to right and mirrored for right-to-left layouts.
        func put(_ view: UIView, _ r: CGRect) {
            guard view.superview === self else { return }
            view.frame = rtl ? CGRect(x: b.maxX - (r.maxX - b.minX), y: r.minY, width: r.width, height: r.height) : r
        }
        func centred(_ height: CGFloat) -> CGFloat { (content.midY - height / 2).rounded() }
        let controlHeight = c.height < 0 ? content.height : min(c.height, max(content.height, 0))
        laidOutSizes = (c, ImmediateItemView.size(of: titleLabel), ImmediateItemView.size(of: detailLabel))
        switch arrangement {
        case .fill:
            put(control, b)
            if insets != .zero { ringInsideCell() }
        case .alone(let fills):
            let w = fills || c.width < 0 ? content.width : min(c.width, content.width)
            put(control, CGRect(x: content.minX, y: centred(controlHeight), width: max(0, w), height: controlHeight))
            if insets != .zero, control is UITextField {
                let f = control.frame
                ringInsideCell(shape: CGRect(x: b.minX - f.minX, y: b.minY - f.minY, width: b.width, height: b.height))
            }
        case .beside:
            let t = ImmediateItemView.size(of: titleLabel), d = ImmediateItemView.size(of: detailLabel)
            var trailing = content.maxX
            var controlX: CGFloat
            if c.width < 0 {
                // A flexible control (a slider in a row) takes what the title leaves.
                controlX = content.minX + t.width + (t.width > 0 ? ImmediateItemView.titleGap : 0)
                put(control, CGRect(x: controlX, y: centred(controlHeight), width: max(0, content.maxX - controlX), height: controlHeight))
            } else {
                controlX = trailing - c.width
                put(control, CGRect(x: controlX, y: centred(controlHeight), width: c.width, height: controlHeight))
            }
            trailing = controlX
            if let detail = detailLabel {
                let x = trailing - ImmediateItemView.detailGap - d.width
                put(detail, CGRect(x: x, y: centred(d.height), width: d.width, height: d.height))
                trailing = x
            }
            if let title = titleLabel {
                let w = max(0, min(t.width, trailing - (t.width > 0 ? ImmediateItemView.titleGap : 0) - content.minX))
                put(title, CGRect(x: content.minX, y: centred(t.height), width: w, height: t.height))
            }
        case .above:
            let t = ImmediateItemView.size(of: titleLabel)
            let gap = t.height > 0 ? ImmediateItemView.aboveGap : 0
            let total = t.height + gap + max(0, c.height)
            let top = (content.midY - total / 2).rounded()
            if let title = titleLabel { put(title, CGRect(x: content.minX, y: top, width: content.width, height: t.height)) }
            put(control, CGRect(x: content.minX, y: top + t.height + gap, width: content.width, height: max(0, c.height)))
        }
    }

    /// Taps on the item's empty space are not the item's: they go to what is behind it.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}
