import Foundation
import SDLControls

/// One row of the sample list: title, description and a chevron; highlights while pressed.
@MainActor
final class SampleRow: UIControl {
    let info: SampleInfo

    init(info: SampleInfo) {
        self.info = info
        super.init(frame: .zero)
        accessibilityLabel = info.title
        accessibilityHint = info.summary
    }

    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }
    override var primaryControlEvent: Event? { .touchUpInside }
    override var focusRingCornerRadius: CGFloat { 12 }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        ctx.fillRoundedRect(b, radius: 12, color: isHighlighted ? Theme.controlFillPressed : .secondarySystemBackground)
        ctx.drawText(info.title, font: .systemFont(ofSize: 17, weight: .semibold), color: .label, at: CGPoint(x: 16, y: 12))
        let summaryFont = UIFont.systemFont(ofSize: 13)
        let summary = TextLayout.lines(info.summary, font: summaryFont, width: b.width - 56, maxLines: 1,
                                       mode: .byTruncatingTail, measurer: textMeasurer).first ?? ""
        ctx.drawText(summary, font: summaryFont, color: .secondaryLabel, at: CGPoint(x: 16, y: 36))
        let cx = b.maxX - 22, cy = b.midY
        ctx.strokeLine(from: CGPoint(x: cx - 4, y: cy - 6), to: CGPoint(x: cx + 1, y: cy), width: 2, color: .tertiaryLabel)
        ctx.strokeLine(from: CGPoint(x: cx + 1, y: cy), to: CGPoint(x: cx - 4, y: cy + 6), width: 2, color: .tertiaryLabel)
    }
}

/// The launcher's first screen: every sample as a row.
@MainActor
final class SampleListView: UIView {
    let rows: [SampleRow]
    let heading = UILabel()

    init(onOpen: @escaping @MainActor (SampleInfo) -> Void) {
        rows = SampleCatalog.all.map(SampleRow.init)
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        heading.text = "Pick a sample"
        heading.font = .systemFont(ofSize: 15)
        heading.textColor = .secondaryLabel
        addSubview(heading)
        for row in rows {
            addSubview(row)
            row.addAction(UIAction(title: row.info.title) { [info = row.info] _ in onOpen(info) }, for: .primaryActionTriggered)
        }
    }

    override func layoutSubviews() {
        let margin: CGFloat = 20
        heading.frame = CGRect(x: margin, y: 12, width: bounds.width - 2 * margin, height: 22)
        // Two columns when there is room.
        let columns = bounds.width >= 760 ? 2 : 1
        let gap: CGFloat = 12
        let width = (bounds.width - 2 * margin - CGFloat(columns - 1) * gap) / CGFloat(columns)
        for (i, row) in rows.enumerated() {
            let col = i % columns, line = i / columns
            row.frame = CGRect(x: margin + CGFloat(col) * (width + gap), y: 44 + CGFloat(line) * 74, width: width, height: 62)
        }
    }
}
