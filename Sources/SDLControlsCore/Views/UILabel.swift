import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +1.5%
// instructions in B3, +0.5% in E, +0.4% in IM (callgrind, `controls-bench --quick --only` the
// scenario), measured 2026-11-28.

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

    @exclusivity(unchecked) private var cachedLines: (width: CGFloat, maxLines: Int, lines: [String])?
    /// The drawn layout (lines, each line's width, the line height) for the current bounds:
    /// kept until the text, font, size or measurement changes, so redrawing a label (a new
    /// colour, a move, a fade) measures nothing.
    private struct DrawLayout {
        var isValid = false
        var size = CGSize.zero
        var lines: [String] = []
        var widths: [CGFloat] = []
        var lineHeight: CGFloat = 0

        /// Forgets the layout but keeps the arrays' storage: a label whose text changes every
        /// frame lays out again without allocating.
        mutating func invalidate() {
            isValid = false
            lines.removeAll(keepingCapacity: true)
            widths.removeAll(keepingCapacity: true)
        }
    }
    @exclusivity(unchecked) private var drawLayout = DrawLayout()

    /// Creates a label; labels take no touches by default, as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    private func contentChanged() {
        cachedLines = nil
        drawLayout.invalidate()
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
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
        let m = measurer
        let lineHeight = m.metrics(of: font).lineHeight
        if let t = text, !t.isEmpty, let w = TextLayout.oneLineWidth(t, font: font, fitting: maxWidth, measurer: m) {
            return CGSize(width: min(w.rounded(.up), maxWidth), height: lineHeight)   // no line arrays
        }
        let lines = layoutLines(width: maxWidth, maxLines: max(0, numberOfLines))
        let width = lines.map { m.size(of: $0, font: font).width }.max() ?? 0
        return CGSize(width: min(width.rounded(.up), maxWidth), height: lineHeight * CGFloat(max(lines.count, text?.isEmpty == false ? 1 : 0)))
    }

    /// The text's natural size on one line (or wrapped to the current width when multi-line).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: numberOfLines == 1 ? 0 : bounds.width, height: 0))
    }

    /// At a width whose priority beats the label's hugging and compression resistance, a
    /// multi-line label wraps to that width and answers the height the lines need; otherwise
    /// the natural size (see ``UIView/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``).
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        let width = targetSize.width.isFinite ? max(0, targetSize.width) : 0
        guard numberOfLines != 1, width > 0, horizontalFittingPriority > contentHuggingPriority(for: .horizontal),
              horizontalFittingPriority > contentCompressionResistancePriority(for: .horizontal) else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                 verticalFittingPriority: verticalFittingPriority)
        }
        let wrapped = sizeThatFits(CGSize(width: width, height: 0))
        return CGSize(width: width, height: fitted(wrapped.height, target: targetSize.height, priority: verticalFittingPriority, axis: .vertical))
    }

    /// Baselines of the first and last drawn lines (text is centred vertically, as drawn).
    override func textBaselines(forHeight height: CGFloat) -> (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        let metrics = measurer.metrics(of: font)
        let count = CGFloat(max(1, displayedLines.count))
        let top = ((height - metrics.lineHeight * count) / 2).rounded(.down)
        let first = top + metrics.ascender
        return (first, height - (first + metrics.lineHeight * (count - 1)))
    }

    /// The lines as drawn in the current bounds (wrapped and truncated); for tests and layout.
    /// As in UIKit, only the lines that fit the label's height are shown (at least one), and
    /// the last shown line is truncated per ``lineBreakMode`` when text remains: so a label
    /// lays out what it shows, not all of a 100,000-character text.
    public var displayedLines: [String] { layoutLines(width: bounds.width, maxLines: visibleLineLimit) }

    /// ``numberOfLines``, further limited to the lines that fit the bounds' height (at least
    /// one; half a point of rounding is forgiven).
    private var visibleLineLimit: Int {
        let wanted = max(0, numberOfLines)
        let lineHeight = measurer.metrics(of: font).lineHeight
        guard bounds.height > 0, lineHeight > 0 else { return wanted }
        let fitting = max(1, Int(min((bounds.height + 0.5) / lineHeight, 1_000_000)))
        return wanted == 0 ? fitting : min(wanted, fitting)
    }

    /// Draws the lines that fit the bounds, the last one truncated by ``lineBreakMode``,
    /// vertically centred as UIKit centres a label's text.
    open override func draw(_ rect: CGRect) {
        // No room, no text (layout treats width 0 as "unlimited" only when measuring).
        guard bounds.width > 0, bounds.height > 0, let ctx = UIGraphicsGetCurrentContext() else { return }
        let color = textColor   // a label that is not enabled fades as a layer (drawsDisabledDimmed)
        let align = textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection)
        // One short line that fits (most labels and titles): laid out once, its width from
        // the layout, no separate measuring and no line breaking.
        if let t = text, !t.isEmpty, TextLayout.isShortLine(t),
           let size = ctx.prepareText(t, font: font, color: color), size.width <= bounds.width {
            ctx.drawPreparedText(at: CGPoint(x: alignedX(width: size.width, align), y: ((bounds.height - size.height) / 2).rounded(.down)))
            return
        }
        if !drawLayout.isValid || drawLayout.size != bounds.size {
            drawLayout.invalidate()
            let m = ctx.windowMeasurer ?? measurer   // the same measurer, found once per pass
            let f = font
            // One line that fits: measured once, no line breaking (most labels and titles).
            if let t = text, !t.isEmpty, let w = TextLayout.oneLineWidth(t, font: f, fitting: bounds.width, measurer: m) {
                drawLayout.lines.append(t)
                drawLayout.widths.append(w)
            } else {
                for line in layoutLines(width: bounds.width, maxLines: visibleLineLimit) {
                    drawLayout.lines.append(line)
                    drawLayout.widths.append(m.size(of: line, font: f).width)
                }
            }
            drawLayout.size = bounds.size
            drawLayout.lineHeight = m.metrics(of: f).lineHeight
            drawLayout.isValid = true
        }
        let layout = drawLayout
        let lines = layout.lines
        guard !lines.isEmpty else { return }
        let lineHeight = layout.lineHeight
        let total = lineHeight * CGFloat(lines.count)
        var y = ((bounds.height - total) / 2).rounded(.down)   // vertically centered, as UIKit
        for (line, w) in zip(lines, layout.widths) {
            ctx.drawText(line, font: font, color: color, at: CGPoint(x: alignedX(width: w, align), y: y))
            y += lineHeight
        }
    }

    /// Where a line `width` points wide starts under `align` (already resolved for direction).
    private func alignedX(width: CGFloat, _ align: NSTextAlignment) -> CGFloat {
        switch align {
        case .center: return ((bounds.width - width) / 2).rounded(.down)
        case .right: return bounds.width - width
        default: return 0
        }
    }

    var measurer: TextMeasuring { textMeasurer }

    /// A label that is not enabled draws dimmed, by the one mechanism disabled controls use.
    override var drawsDisabledDimmed: Bool { !isEnabled }

    override func textMetricsChanged() {
        cachedLines = nil
        drawLayout.invalidate()
        super.textMetricsChanged()
    }

    func layoutLines(width: CGFloat, maxLines: Int) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        if let c = cachedLines, c.width == width, c.maxLines == maxLines { return c.lines }
        let lines = TextLayout.lines(text, font: font, width: width, maxLines: maxLines, mode: lineBreakMode, measurer: measurer)
        cachedLines = (width, maxLines, lines)
        return lines
    }

    /// As ``UIView/frame``; a new size drops the laid-out lines, which depend on the width.
    open override var frame: CGRect {
        didSet { if oldValue.size != frame.size { cachedLines = nil; drawLayout.invalidate() } }
    }
}

/// Line breaking and truncation shared by labels, segmented controls and custom controls: the one
/// truncation routine.
///
/// Cost is near-linear in the text that is laid out: the longest prefix that fits a line is
/// found by galloping (doubling from a guess, then bisecting) over grapheme boundaries, so a
/// line of L characters costs O(log L) measurements of about L characters, and the rest of
/// the text is never measured whole. Lines are cut only at grapheme boundaries (emoji with
/// ZWJ, flags and combining marks stay whole). Lines end at every newline character (LF,
/// CR, CRLF, U+2028, …).
@MainActor
public enum TextLayout {
    /// The ellipsis used for truncation.
    public static let ellipsis = "…"

    /// Text up to this many UTF-8 bytes is measured whole before breaking: one line that fits
    /// then costs one measurement. Longer text never is, so a 100,000-character label is
    /// measured only near where its lines end.
    static let shortText = 256

    /// Whether `text` may hold a line break (U+000A…U+000D, U+0085, U+2028, U+2029: every
    /// newline kind breaks). A cheap byte scan, so one-line text skips line breaking; it may
    /// answer true for text without one (other U+20xx characters), never false for text with one.
    ///
    /// Nonisolated, with a plain loop: a closure passed from main-actor code to `contains(where:)`
    /// inherits the main actor and checks the executor on every byte (most of the cost of
    /// drawing a changed label, measured with callgrind).
    /// The bytes are scanned in place (`withUTF8`): the UTF-8 view's iterator cost several
    /// times as much per byte.
    nonisolated static func mayBreakLines(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for b in bytes where (b >= 0x0A && b <= 0x0D) || b == 0xC2 || b == 0xE2 { return true }
            return false
        }
    }

    /// Whether `text` is short (at most ``shortText`` bytes) and holds no line break: a line
    /// that, if it fits, needs no breaking and no truncation.
    static func isShortLine(_ text: String) -> Bool {
        text.utf8.count <= shortText && !mayBreakLines(text)
    }

    /// The width of `text` when it is one short line that fits in `width` (most labels and
    /// titles): one measurement and no line breaking; nil when it must be broken or truncated.
    /// The one test of that case, for measuring, drawing and ``lines(_:font:width:maxLines:mode:measurer:)``.
    static func oneLineWidth(_ text: String, font: UIFont, fitting width: CGFloat, measurer: TextMeasuring) -> CGFloat? {
        guard isShortLine(text) else { return nil }
        let w = measurer.size(of: text, font: font).width
        return w <= width ? w : nil
    }

    /// Breaks `text` into lines no wider than `width`, at most `maxLines` (0: unlimited),
    /// truncating the last line per `mode`. Explicit newlines always break.
    public static func lines(_ text: String, font: UIFont, width: CGFloat, maxLines: Int, mode: NSLineBreakMode,
                             measurer: TextMeasuring) -> [String] {
        let limit = width > 0 ? width : .greatestFiniteMagnitude
        func fits(_ s: String) -> Bool { measurer.size(of: s, font: font).width <= limit }
        if oneLineWidth(text, font: font, fitting: limit, measurer: measurer) != nil { return [text] }
        let guess = firstGuess(width: limit, font: font)
        var result: [String] = []
        // Whether text is left that no line shows (the last line then gets an ellipsis).
        var more = false
        let single = maxLines == 1
        let wraps = !single && (mode == .byWordWrapping || mode == .byCharWrapping || mode == .byTruncatingTail)
        var rest = Substring(text)
        outer: while true {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let paragraph = rest[..<end]
            let isLast = end == rest.endIndex
            if maxLines > 0 && result.count == maxLines { more = true; break }
            if !wraps {
                result.append(String(paragraph))
            } else if paragraph.isEmpty {
                result.append("")
            } else {
                var remaining = paragraph
                while !remaining.isEmpty {
                    if maxLines > 0 && result.count == maxLines { more = true; break outer }
                    let (_, cutIndex, whole) = longestFittingPrefix(remaining, guess: guess, fits: fits)
                    if whole {
                        result.append(String(remaining))
                        break
                    }
                    var cut = cutIndex
                    if mode != .byCharWrapping {
                        // Prefer the last space up to one grapheme past what fits (a space may overhang).
                        let window = remaining[..<(cut < remaining.endIndex ? remaining.index(after: cut) : cut)]
                        if let space = window.lastIndex(of: " "), space > remaining.startIndex { cut = space }
                    }
                    result.append(String(trimmingSpaces(remaining[..<cut])))
                    remaining = remaining[cut...].drop(while: { $0 == " " })
                }
            }
            if isLast { break }
            rest = rest[rest.index(after: end)...]
            if single { more = true; break }
        }
        if let last = result.last, mode != .byClipping, more || !fits(last) {
            // `more: true` also for a line that is too wide: it gets an ellipsis either way,
            // and truncate need not measure the whole line again.
            result[result.count - 1] = truncate(last, more: true, mode: mode, fits: fits)
        }
        return result
    }

    /// `line` cut with an ellipsis per `mode` (tail, head or middle; other modes cut the tail)
    /// to the most graphemes that fit. Returned as is when it fits and `more` is false;
    /// just the ellipsis when nothing else fits.
    public static func truncate(_ line: String, more: Bool, mode: NSLineBreakMode, fits: (String) -> Bool) -> String {
        if !more && fits(line) { return line }
        // Grapheme boundaries, found once: a candidate is built from slices of `line` (a short
        // one fits a String's inline storage, so trying it allocates nothing).
        var bounds: [String.Index] = []   // bounds[k]: after k graphemes
        bounds.reserveCapacity(line.utf8.count + 1)   // one allocation: never more graphemes than bytes
        bounds.append(line.startIndex)
        var i = line.startIndex
        while i < line.endIndex {
            i = line.index(after: i)
            bounds.append(i)
        }
        let count = bounds.count - 1
        func candidate(_ n: Int) -> String {
            switch mode {
            case .byTruncatingHead:
                var s = ellipsis
                s += line[bounds[count - n]...]
                return s
            case .byTruncatingMiddle:
                let head = (n + 1) / 2
                var s = String(line[..<bounds[head]])
                s += ellipsis
                s += line[bounds[count - (n - head)]...]
                return s
            default:
                var s = String(trimmingSpaces(line[..<bounds[n]]))
                s += ellipsis
                return s
            }
        }
        // Gallop from a small count: only text near the answer is measured, never all of a
        // 100,000-character line over and over.
        let best = largestFitting(upTo: count, guess: 16) { fits(candidate($0)) }
        return candidate(best)
    }

    /// `text` without the spaces and tabs at either end (Unicode space separators and
    /// U+0009, as Foundation's `CharacterSet.whitespaces`), whole graphemes only. No
    /// Foundation call: bridging to `NSString` allocated on every truncation candidate.
    nonisolated static func trimmingSpaces(_ text: Substring) -> Substring {
        func isSpace(_ c: Character) -> Bool {
            c.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    /// A first guess of how many graphemes fill `width`: about half an em each.
    static func firstGuess(width: CGFloat, font: UIFont) -> Int {
        let g = width / max(1, font.pointSize * 0.5)
        return g.isNaN ? 1 << 16 : Int(max(4, min(65_536, g)))
    }

    /// The largest `n` in 0...`count` with `fits(n)` (assumed true at 0 and monotonic), found
    /// by doubling from `guess` and then bisecting: O(log n) calls, all near the answer.
    static func largestFitting(upTo count: Int, guess: Int, fits: (Int) -> Bool) -> Int {
        guard count > 0 else { return 0 }
        var lo = 0, hi = count + 1          // fits(lo); hi is the first known not to fit
        var probe = min(max(1, guess), count)
        while true {
            if fits(probe) {
                lo = probe
                if probe == count { return count }
                probe = min(count, probe * 2)
            } else {
                hi = probe
                break
            }
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The longest prefix of `text` that fits (at least one grapheme): its grapheme count,
    /// the index where it ends, and whether it is all of `text`. Grapheme boundaries are found
    /// only as far as the search goes, so a short line of a huge paragraph costs little.
    static func longestFittingPrefix(_ text: Substring, guess: Int, fits: (String) -> Bool) -> (count: Int, end: String.Index, whole: Bool) {
        var bounds: [String.Index] = [text.startIndex]   // bounds[k]: after k graphemes
        // Extends `bounds` to n graphemes, or to the end; returns how many are known.
        func reach(_ n: Int) -> Int {
            while bounds.count <= n, let last = bounds.last, last < text.endIndex {
                bounds.append(text.index(after: last))
            }
            return bounds.count - 1
        }
        var lo = 0, hi: Int?
        var probe = max(1, guess)
        while hi == nil {
            let n = min(probe, reach(probe))
            if fits(String(text[..<bounds[n]])) {
                lo = n
                if bounds[n] == text.endIndex { return (n, text.endIndex, true) }
                probe = n * 2
            } else {
                hi = n
            }
        }
        var h = hi!
        while h - lo > 1 {
            let mid = lo + (h - lo) / 2
            if fits(String(text[..<bounds[mid]])) { lo = mid } else { h = mid }
        }
        let n = max(1, lo)   // at least one grapheme per line, even when it is too wide
        _ = reach(n)
        return (n, bounds[n], bounds[n] == text.endIndex)
    }
}
