import Foundation
import SDLControls

/// One row of the sample list: title, description (wrapped, never cut) and a chevron;
/// highlights while pressed and shows the hover look under the pointer.
@MainActor
final class SampleRow: UIControl {
    let info: SampleInfo
    let titleLabel = UILabel()
    let summaryLabel = UILabel()
    static let padding = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 40)

    init(info: SampleInfo) {
        self.info = info
        super.init(frame: .zero)
        accessibilityLabel = info.title
        accessibilityHint = info.summary
        titleLabel.text = info.title
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        summaryLabel.text = info.summary
        summaryLabel.font = .systemFont(ofSize: 13)
        summaryLabel.textColor = .secondaryLabel
        summaryLabel.numberOfLines = 0
        addSubview(titleLabel)
        addSubview(summaryLabel)
    }

    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }
    override var primaryControlEvent: Event? { .touchUpInside }
    override var focusRingCornerRadius: CGFloat { 12 }
    override func hoverHighlightRect(at location: CGPoint) -> CGRect? { bounds }
    override func stateDidChange() {
        super.stateDidChange()
        setNeedsDisplay()
    }

    /// The row's height at a width: the title, then the description wrapped to the width.
    override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                          verticalFittingPriority: UILayoutPriority) -> CGSize {
        let p = SampleRow.padding
        let textWidth = max(0, targetSize.width - p.left - p.right)
        let title = titleLabel.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        let summary = summaryLabel.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        return CGSize(width: targetSize.width, height: p.top + title + 4 + summary + p.bottom)
    }

    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 62) }

    override func layoutSubviews() {
        let p = SampleRow.padding
        let width = max(0, bounds.width - p.left - p.right)
        let title = titleLabel.sizeThatFits(CGSize(width: width, height: 0)).height
        titleLabel.frame = CGRect(x: p.left, y: p.top, width: width, height: title)
        let summary = summaryLabel.sizeThatFits(CGSize(width: width, height: 0)).height
        summaryLabel.frame = CGRect(x: p.left, y: titleLabel.frame.maxY + 4, width: width, height: summary)
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        ctx.fillRoundedRect(b, radius: 12, color: isHighlighted ? Theme.controlFillPressed : .secondarySystemBackground)
        let cx = b.maxX - 22, cy = b.midY
        ctx.strokeLine(from: CGPoint(x: cx - 4, y: cy - 6), to: CGPoint(x: cx + 1, y: cy), width: 2, color: .tertiaryLabel)
        ctx.strokeLine(from: CGPoint(x: cx + 1, y: cy), to: CGPoint(x: cx - 4, y: cy + 6), width: 2, color: .tertiaryLabel)
    }
}

/// The launcher's first screen: every sample as a row, in one column (two when there is
/// room), in a scroll view so no sample is out of reach on a small window.
@MainActor
final class SampleListView: UIView {
    let rows: [SampleRow]
    let heading = UILabel()
    let stack = UIStackView()
    private(set) lazy var scrolling = ScrollingContent(stack)
    private var columns = 0

    init(onOpen: @escaping @MainActor (SampleInfo) -> Void) {
        rows = SampleCatalog.all.map(SampleRow.init)
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        heading.text = "Pick a sample"
        heading.font = .systemFont(ofSize: 15)
        heading.textColor = .secondaryLabel
        stack.axis = .vertical
        stack.spacing = 12
        stack.setCustomSpacing(10, after: heading)
        scrolling.insets = UIEdgeInsets(top: 12, left: 20, bottom: 20, right: 20)
        addSubview(scrolling)
        for row in rows {
            row.addAction(UIAction(title: row.info.title) { [info = row.info] _ in onOpen(info) }, for: .primaryActionTriggered)
        }
    }

    /// The scroll view the rows are in.
    var scrollView: UIScrollView { scrolling.scroll }

    override func layoutSubviews() {
        // Two columns when there is room: pairs of rows in equal-width rows of a vertical stack.
        let wanted = bounds.width >= 1100 ? 2 : 1
        if wanted != columns {
            columns = wanted
            for v in stack.arrangedSubviews {
                stack.removeArrangedSubview(v)
                v.removeFromSuperview()
            }
            stack.addArrangedSubview(heading)
            stack.setCustomSpacing(10, after: heading)
            var i = 0
            while i < rows.count {
                let line = UIStackView(arrangedSubviews: Array(rows[i..<min(rows.count, i + columns)]))
                line.spacing = 12
                line.distribution = .fillEqually
                line.alignment = .fill
                if line.arrangedSubviews.count < columns { line.addArrangedSubview(UIView()) }   // keeps the last row half width
                stack.addArrangedSubview(line)
                i += columns
            }
        }
        scrolling.frame = bounds
    }
}
