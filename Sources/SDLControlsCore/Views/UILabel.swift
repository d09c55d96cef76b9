import Foundation

/// A view that draws read-only text: one line or several, aligned, wrapped and truncated.
///
/// Measurement comes from `textMeasurer` (SDL_ttf under the SDL host),
/// so `sizeThatFits` and truncation match what is drawn.
@MainActor
open class UILabel: UIView {
    /// The text; nil draws nothing.
    @exclusivity(unchecked) open var text: String? { didSet { if oldValue != text { contentChanged() } } }
    /// The font.
    @exclusivity(unchecked) open var font: UIFont = .systemFont(ofSize: UIFont.labelFontSize) { didSet { if oldValue != font { contentChanged() } } }
    /// The text colour.
    @exclusivity(unchecked) open var textColor: UIColor = .label { didSet { if oldValue != textColor { setNeedsDisplay() } } }
    /// Horizontal alignment; natural follows the layout direction.
    @exclusivity(unchecked) open var textAlignment: NSTextAlignment = .natural { didSet { if oldValue != textAlignment { setNeedsDisplay() } } }
    /// The most lines to draw; 0 means no limit. Negative values act as 0.
    @exclusivity(unchecked) open var numberOfLines: Int = 1 { didSet { if oldValue != numberOfLines { contentChanged() } } }
    /// How lines are wrapped and the last line truncated.
    @exclusivity(unchecked) open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { if oldValue != lineBreakMode { contentChanged() } } }
    /// Whether the label draws dimmed, as a disabled control's label.
    @exclusivity(unchecked) open var isEnabled: Bool = true { didSet { if oldValue != isEnabled { setNeedsDisplay() } } }

    @exclusivity(unchecked) private var cachedLines: (width: CGFloat, lines: [String])?
    /// The drawn layout (lines, each line's width, the line height) for the current bounds:
    /// kept until the text, font, size or measurement changes, so redrawing a label (a new
    /// colour, a move, a fade) measures nothing.
    @exclusivity(unchecked) private var cachedDrawLayout: (width: CGFloat, lines: [String], widths: [CGFloat], lineHeight: CGFloat)?

    /// Creates a label; labels take no touches by default, as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    private func contentChanged() {
        cachedLines = nil
        cachedDrawLayout = nil
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }

    /// Labels are accessibility elements with static-text traits; the label defaults to the text.
    open override var isAccessibilityElement: Bool {
        get { storedIsAccessibilityElement ?? true }
        set { storedIsAccessibilityElement = newValue }
    }

    /// The text unless set otherwise.
    open override var accessibilityLabel: String? {
        get { storedAccessibilityLabel ?? text }
        set { storedAccessibilityLabel = newValue }
    }

    /// `.staticText` (plus `.notEnabled` when dimmed) unless set otherwise.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { storedAccessibilityTraits ?? (isEnabled ? [.staticText] : [.staticText, .notEnabled]) }
        set { storedAccessibilityTraits = newValue }
    }

    /// The size of the text laid out within `size` (a non-positive or infinite width means
    /// unlimited).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let maxWidth = size.width.isFinite && size.width > 0 ? size.width : .greatestFiniteMagnitude
        let lines = layoutLines(width: maxWidth)
        let m = measurer
        let lineHeight = m.metrics(of: font).lineHeight
        let width = lines.map { m.size(of: $0, font: font).width }.max() ?? 0
        return CGSize(width: min(width.rounded(.up), maxWidth), height: lineHeight * CGFloat(max(lines.count, text?.isEmpty == false ? 1 : 0)))
    }

    /// The text's natural size on one line (or wrapped to the current width when multi-line).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: numberOfLines == 1 ? 0 : bounds.width, height: 0))
    }

    /// The lines as drawn at the current width (wrapped and truncated); for tests and layout.
    public var displayedLines: [String] { layoutLines(width: bounds.width) }

    open override func draw(_ rect: CGRect) {
        // No room, no text (layout treats width 0 as "unlimited" only when measuring).
        guard bounds.width > 0, bounds.height > 0, let ctx = UIGraphicsGetCurrentContext() else { return }
        let layout: (width: CGFloat, lines: [String], widths: [CGFloat], lineHeight: CGFloat)
        if let c = cachedDrawLayout, c.width == bounds.width {
            layout = c
        } else {
            let m = measurer
            let f = font
            let lineHeight = m.metrics(of: f).lineHeight
            // One line that fits: measured once, no line breaking (most labels and titles).
            if let t = text, !t.isEmpty, !t.utf8.contains(10), case let w = m.size(of: t, font: f).width, w <= bounds.width {
                layout = (bounds.width, [t], [w], lineHeight)
            } else {
                let lines = layoutLines(width: bounds.width)
                layout = (bounds.width, lines, lines.map { m.size(of: $0, font: f).width }, lineHeight)
            }
            cachedDrawLayout = layout
        }
        let lines = layout.lines
        guard !lines.isEmpty else { return }
        let lineHeight = layout.lineHeight
        let total = lineHeight * CGFloat(lines.count)
        var y = ((bounds.height - total) / 2).rounded(.down)   // vertically centered, as UIKit
        let color = textColor   // a label that is not enabled fades as a layer (drawsDisabledDimmed)
        let align = textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection)
        for (line, w) in zip(lines, layout.widths) {
            let x: CGFloat
            switch align {
            case .center: x = ((bounds.width - w) / 2).rounded(.down)
            case .right: x = bounds.width - w
            default: x = 0
            }
            ctx.drawText(line, font: font, color: color, at: CGPoint(x: x, y: y))
            y += lineHeight
        }
    }

    var measurer: TextMeasuring { textMeasurer }

    /// A label that is not enabled draws dimmed, by the one mechanism disabled controls use.
    override var drawsDisabledDimmed: Bool { !isEnabled }

    override func textMetricsChanged() {
        cachedLines = nil
        cachedDrawLayout = nil
        super.textMetricsChanged()
    }

    func layoutLines(width: CGFloat) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        if let c = cachedLines, c.width == width { return c.lines }
        let lines = TextLayout.lines(text, font: font, width: width, maxLines: max(0, numberOfLines), mode: lineBreakMode, measurer: measurer)
        cachedLines = (width, lines)
        return lines
    }

    open override var frame: CGRect {
        didSet { if oldValue.size != frame.size { cachedLines = nil; cachedDrawLayout = nil } }
    }
}

/// Line breaking and truncation shared by labels and buttons.
@MainActor
public enum TextLayout {
    /// The ellipsis used for truncation.
    public static let ellipsis = "…"

    /// Breaks `text` into lines no wider than `width`, at most `maxLines` (0: unlimited),
    /// truncating the last line per `mode`. Explicit newlines always break.
    public static func lines(_ text: String, font: UIFont, width: CGFloat, maxLines: Int, mode: NSLineBreakMode,
                             measurer: TextMeasuring) -> [String] {
        let limit = width > 0 ? width : .greatestFiniteMagnitude
        func fits(_ s: String) -> Bool { measurer.size(of: s, font: font).width <= limit }
        // One line that fits needs no breaking and no truncation (most labels and titles).
        if !text.utf8.contains(10), fits(text) { return [text] }
        var result: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let single = maxLines == 1
        outer: for paragraph in paragraphs {
            if single || mode == .byClipping || mode == .byTruncatingHead || mode == .byTruncatingMiddle
                || (mode == .byTruncatingTail && maxLines == 1) {
                result.append(paragraph)
                if single { break outer }
                continue
            }
            var remaining = Substring(paragraph)
            if remaining.isEmpty { result.append("") }
            while !remaining.isEmpty {
                if maxLines > 0 && result.count == maxLines { break outer }
                if fits(String(remaining)) {
                    result.append(String(remaining))
                    break
                }
                // The longest prefix that fits, preferring a word boundary.
                var lo = 1, hi = remaining.count, best = 1
                while lo <= hi {
                    let mid = (lo + hi) / 2
                    if fits(String(remaining.prefix(mid))) { best = mid; lo = mid + 1 } else { hi = mid - 1 }
                }
                var cut = best
                if mode != .byCharWrapping {
                    let prefix = remaining.prefix(best + 1)
                    if let space = prefix.lastIndex(where: { $0 == " " }), space > remaining.startIndex {
                        cut = remaining.distance(from: remaining.startIndex, to: space)
                    }
                }
                let line = remaining.prefix(cut)
                result.append(String(line).trimmingCharacters(in: .whitespaces))
                remaining = remaining.dropFirst(cut).drop(while: { $0 == " " })
            }
        }
        if maxLines > 0 && result.count > maxLines { result = Array(result.prefix(maxLines)) }
        // Truncate the last line if text remains or it is too wide.
        let consumedAll = result.joined(separator: " ").count >= text.replacingOccurrences(of: "\n", with: " ").count
        if let last = result.last, mode != .byClipping, !fits(last) || !consumedAll {
            result[result.count - 1] = truncate(last, more: !consumedAll, mode: mode, fits: fits)
        }
        return result
    }

    static func truncate(_ line: String, more: Bool, mode: NSLineBreakMode, fits: (String) -> Bool) -> String {
        if !more && fits(line) { return line }
        let chars = Array(line)
        var lo = 0, hi = chars.count, best = 0
        func candidate(_ n: Int) -> String {
            switch mode {
            case .byTruncatingHead: return ellipsis + String(chars.suffix(n))
            case .byTruncatingMiddle:
                let head = (n + 1) / 2
                return String(chars.prefix(head)) + ellipsis + String(chars.suffix(n - head))
            default: return String(chars.prefix(n)).trimmingCharacters(in: .whitespaces) + ellipsis
            }
        }
        while lo <= hi {
            let mid = (lo + hi) / 2
            if fits(candidate(mid)) { best = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return candidate(best)
    }
}
