import Foundation

/// Layout: where the text, caret, selection and composition go, horizontal scrolling, hit
/// testing of clicks, the caret's blink, and the border.
///
/// Cost is bounded whatever the text: the layout keeps a scroll *anchor* (the first drawn
/// grapheme boundary) and measures only spans that start there and end near the visible
/// part — never the text from its start on each frame. Positions are found by binary search
/// over measured spans, at most ``UITextField/layoutSpanLimit`` UTF-16 units long, and
/// widths are cached until the text changes. Nothing is measured when the caret only blinks.
///
/// Drawing is simple for right-to-left text: runs are drawn and measured in logical order.
extension UITextField {
    /// Width of the caret bar.
    static let caretWidth: CGFloat = 2
    /// Space between the last glyph and a caret after it, so the caret never touches the
    /// glyph (text leaves room for it when it scrolls).
    static let caretGap: CGFloat = 1
    /// Corner radius of the `.roundedRect` border.
    static let roundedCornerRadius: CGFloat = Theme.cornerRadius
    /// The clear button's diameter.
    static let clearButtonSize: CGFloat = 19
    /// Placeholder text colour (UIKit's `placeholderText`).
    static let placeholderColor = UIColor.tertiaryLabel
    /// Graphemes stepped per measurement when scanning for an edge (then binary search).
    static let scanChunk = 16

    var resolvedFont: UIFont { font ?? UITextField.defaultFont }
    var measurer: TextMeasuring { textMeasurer }

    func setUpSubviews() {
        contentView.clipsToBounds = true
        for v in [contentView, textLabel, placeholderLabel, selectionView, markedUnderlineView, caretView] {
            v.isUserInteractionEnabled = false
        }
        textLabel.lineBreakMode = .byClipping
        textLabel.textAlignment = .left
        placeholderLabel.lineBreakMode = .byTruncatingTail
        selectionView.isHidden = true
        markedUnderlineView.isHidden = true
        caretView.isHidden = true
        contentView.addSubview(selectionView)
        contentView.addSubview(placeholderLabel)
        contentView.addSubview(textLabel)
        contentView.addSubview(markedUnderlineView)
        contentView.addSubview(caretView)
        addSubview(contentView)
    }

    // MARK: Rectangles

    /// Padding between the border and the text for each style: UIKit's 7 points inside a
    /// rounded rectangle; 6 inside a line or bezel (project choice); none without a border.
    var horizontalPadding: CGFloat {
        switch borderStyle {
        case .none: return 0
        case .line, .bezel: return 6
        case .roundedRect: return 7
        }
    }

    /// Whether the clear button shows now (by mode, editing state and text).
    var isClearButtonShown: Bool {
        guard !storage.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        case .always: return true
        }
    }

    func defaultTextRect(forBounds bounds: CGRect) -> CGRect {
        let pad = horizontalPadding
        // Not insetBy: it answers .null (an infinite origin) for a field narrower than its padding.
        var r = CGRect(x: bounds.minX + pad, y: bounds.minY, width: max(0, bounds.width - 2 * pad), height: bounds.height)
        if isClearButtonShown {
            let clear = clearButtonRect(forBounds: bounds)
            if effectiveUserInterfaceLayoutDirection == .rightToLeft {
                let x = max(r.minX, clear.maxX + 4)
                r = CGRect(x: x, y: r.minY, width: r.maxX - x, height: r.height)
            } else {
                r.size.width = min(r.width, clear.minX - 4 - r.minX)
            }
        }
        if r.width < 0 { r.size.width = 0 }
        return r
    }

    func defaultClearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let d = min(UITextField.clearButtonSize, max(0, bounds.height - 4))
        let inset = max(horizontalPadding - 2, 4)
        let y = bounds.minY + ((bounds.height - d) / 2).rounded(.down)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            return CGRect(x: bounds.minX + inset, y: y, width: d, height: d)
        }
        return CGRect(x: bounds.maxX - inset - d, y: y, width: d, height: d)
    }

    func naturalSize() -> CGSize {
        let f = resolvedFont
        let m = measurer
        let line = m.metrics(of: f).lineHeight
        // Measure at most layoutSpanLimit units: a huge text is wider than any screen anyway.
        let shown = storage.utf16.count > UITextField.layoutSpanLimit
            ? String(storage[..<UITextField.index(UITextField.roundedDown(UITextField.layoutSpanLimit, in: storage), in: storage)])
            : storage
        let shownText = isSecureTextEntry ? String(repeating: UITextField.secureBullet, count: shown.count) : shown
        let textWidth = max(m.size(of: shownText, font: f).width, m.size(of: placeholder ?? "", font: f).width)
        var width = textWidth + 2 * horizontalPadding + UITextField.caretWidth + UITextField.caretGap
        if clearButtonMode != .never { width += UITextField.clearButtonSize + 6 }
        let height: CGFloat
        switch borderStyle {
        case .none: height = line + 2
        case .line, .bezel: height = line + 10
        case .roundedRect: height = max(34, line + 14)
        }
        return CGSize(width: width.rounded(.up), height: height.rounded(.up))
    }

    // MARK: Display text

    /// Rebuilds the composed and displayed strings after the text, composition, secure
    /// mode or font changed.
    func refreshDisplayIfNeeded() {
        guard displayVersion != contentVersion else { return }
        displayVersion = contentVersion
        widthCache.removeAll(keepingCapacity: true)
        composedMarkedRange = nil
        var composed = storage
        if let marked = storedMarkedText, !marked.isEmpty {
            // The composition stands in for the selection until it is committed.
            let r = selectedRange
            let lo = UITextField.index(r.location, in: storage), hi = UITextField.index(r.location + r.length, in: storage)
            composed = String(storage[..<lo]) + marked + String(storage[hi...])
            composedMarkedRange = NSRange(location: r.location, length: marked.utf16.count)
        }
        composedText = composed
        displayText = isSecureTextEntry ? String(repeating: UITextField.secureBullet, count: composed.count) : composed
    }

    /// The display offset of text offset `offset`.
    func displayOffset(forTextOffset offset: Int) -> Int {
        var o = offset
        if let m = composedMarkedRange {
            let r = selectedRange
            if o >= r.location + r.length { o = o - r.length + m.length } else if o > r.location { o = r.location }
        }
        return composedToDisplay(o)
    }

    func composedToDisplay(_ o: Int) -> Int {
        isSecureTextEntry ? UITextField.graphemeCount(upTo: o, in: composedText) : UITextField.roundedDown(o, in: composedText)
    }

    /// The text offset drawn at display offset `d` (no composition is showing).
    func textOffset(forDisplayOffset d: Int) -> Int {
        isSecureTextEntry ? UITextField.offset(ofGrapheme: d, in: storage) : UITextField.roundedDown(d, in: storage)
    }

    /// Where the caret is drawn, as a display offset: the IME's cursor while composing.
    var displayCaret: Int {
        if let m = composedMarkedRange {
            let c = UITextField.roundedUp(m.location + min(markedSelection.location, m.length), in: composedText)
            return composedToDisplay(c)
        }
        return displayOffset(forTextOffset: selectionFocus)
    }

    // MARK: Measuring

    /// The width of display text `a..<b` (offsets on grapheme boundaries), cached.
    func measure(_ a: Int, _ b: Int) -> CGFloat {
        guard b > a else { return 0 }
        let key = (Int64(a) << 32) | Int64(b)
        if let w = widthCache[key] { return w }
        let s = displayText
        let piece = s[UITextField.index(a, in: s)..<UITextField.index(b, in: s)]
        var w = measurer.size(of: String(piece), font: resolvedFont).width
        if !w.isFinite || w < 0 { w = 0 }
        if widthCache.count > 4_096 { widthCache.removeAll(keepingCapacity: true) }
        widthCache[key] = w
        return w
    }

    /// The boundary `a` nearest before `p` with `a..<p` at least `width` wide, and how much
    /// wider than `width` it is. Stops at the start of the text (returns (0, 0): everything
    /// before `p` fits) or after ``UITextField/layoutSpanLimit`` units.
    func anchor(endingAt p: Int, width: CGFloat) -> (anchor: Int, offset: CGFloat) {
        let s = displayText
        guard width > 0, width.isFinite, p > 0 else { return (p, 0) }
        var found: [Int] = [p]   // boundaries going back from p
        var checked = 0          // found[0...checked] are known narrower than width
        var i = UITextField.index(p, in: s)
        while i > s.startIndex {
            for _ in 0..<UITextField.scanChunk where i > s.startIndex && p - found[found.count - 1] <= UITextField.layoutSpanLimit {
                i = s.index(before: i)
                found.append(i.utf16Offset(in: s))
            }
            let a = found[found.count - 1]
            let atLimit = p - a > UITextField.layoutSpanLimit
            if measure(a, p) >= width {
                var lo = checked + 1, hi = found.count - 1
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if measure(found[mid], p) >= width { hi = mid } else { lo = mid + 1 }
                }
                return (found[lo], max(0, measure(found[lo], p) - width))
            }
            if a == 0 { return (0, 0) }
            if atLimit { return (a, 0) }
            checked = found.count - 1
        }
        return (0, 0)
    }

    /// The first boundary `b` after `a` with `a..<b` at least `width` wide (the grapheme
    /// that crosses the edge is included), else the end of the text or of the span limit.
    func runEnd(from a: Int, width: CGFloat) -> Int {
        let s = displayText
        let n = s.utf16.count
        guard width > 0, width.isFinite, a < n else { return min(a, n) }
        var found: [Int] = [a]
        var checked = 0
        var i = UITextField.index(a, in: s)
        while i < s.endIndex {
            for _ in 0..<UITextField.scanChunk where i < s.endIndex && found[found.count - 1] - a <= UITextField.layoutSpanLimit {
                i = s.index(after: i)
                found.append(i.utf16Offset(in: s))
            }
            let b = found[found.count - 1]
            if measure(a, b) >= width {
                var lo = checked + 1, hi = found.count - 1
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if measure(a, found[mid]) >= width { hi = mid } else { lo = mid + 1 }
                }
                return found[lo]
            }
            if b >= n || b - a > UITextField.layoutSpanLimit { return b }
            checked = found.count - 1
        }
        return n
    }

    /// The x (content-view points) of display offset `d`; offsets beyond the drawn run
    /// answer just outside the content view.
    func xPosition(ofDisplayOffset d: Int) -> CGFloat {
        let width = contentView.bounds.width
        if d >= scrollAnchor {
            if d > visibleRunEnd { return width + 1 }
            return textOriginX + measure(scrollAnchor, d) - scrollOffset
        }
        if scrollAnchor - d > UITextField.layoutSpanLimit { return -1 }
        return max(-1, textOriginX - measure(d, scrollAnchor) - scrollOffset)
    }

    /// The display offset nearest content-view x. Left of the content view while scrolled
    /// (a drag past the edge) gives the boundary before the anchor, right of it the one
    /// after the drawn run, so dragging scrolls.
    func displayOffset(atContentX x: CGFloat, characterUnder: Bool = false) -> Int {
        let s = displayText
        let a = scrollAnchor, end = visibleRunEnd
        let target = x - textOriginX + scrollOffset
        if target <= 0 {
            return x < 0 && a > 0 ? UITextField.boundary(before: a, in: s) : a
        }
        if target >= measure(a, end) {
            return x > contentView.bounds.width && end < s.utf16.count ? UITextField.boundary(after: end, in: s) : end
        }
        var found: [Int] = []
        var i = UITextField.index(a, in: s)
        let e = UITextField.index(end, in: s)
        while i < e {
            found.append(i.utf16Offset(in: s))
            i = s.index(after: i)
        }
        found.append(end)
        var lo = 0, hi = found.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if measure(a, found[mid]) >= target { hi = mid } else { lo = mid + 1 }
        }
        if lo > 0 {
            let left = measure(a, found[lo - 1]), right = measure(a, found[lo])
            // The start of the character the point is on (what a double click selects the word
            // of), or the boundary nearest it (where a click puts the caret).
            if characterUnder { return right > target ? found[lo - 1] : found[lo] }
            if target - left < right - target { return found[lo - 1] }
        }
        return found[lo]
    }

    /// The text offset nearest a point in the field's coordinates; with `characterUnder`, the
    /// start of the character the point is on.
    func textOffset(at point: CGPoint, characterUnder: Bool = false) -> Int {
        layoutIfNeeded()
        let x = point.x.isFinite ? point.x - contentView.frame.minX : 0
        return textOffset(forDisplayOffset: displayOffset(atContentX: x, characterUnder: characterUnder))
    }

    // MARK: Layout pass

    func layoutTextField() {
        refreshDisplayIfNeeded()
        let b = bounds
        let rect = isEditing ? editingRect(forBounds: b) : textRect(forBounds: b)
        contentView.frame = rect
        let width = contentView.bounds.width, height = contentView.bounds.height
        let f = resolvedFont
        let metrics = measurer.metrics(of: f)
        let lineHeight = min(metrics.lineHeight, max(height, 0))
        let lineTop = ((height - metrics.lineHeight) / 2).rounded(.down)
        updateScroll(width: width)

        // The text: only the visible run, shifted by the scroll. Not editing, text that does
        // not fit ends in an ellipsis, as in UIKit, instead of a letter cut in half.
        let s = displayText
        let runStart = UITextField.index(scrollAnchor, in: s), runStop = UITextField.index(visibleRunEnd, in: s)
        let runWidth = measure(scrollAnchor, visibleRunEnd)
        let truncates = !isEditing && (visibleRunEnd < s.utf16.count || runWidth > width)
        textLabel.text = String(s[runStart..<runStop])
        textLabel.font = f
        textLabel.textColor = storedTextColorResolved   // a disabled field fades as a whole
        textLabel.lineBreakMode = truncates ? .byTruncatingTail : .byClipping
        textLabel.frame = truncates ? CGRect(x: 0, y: 0, width: width, height: height)
            : CGRect(x: textOriginX - scrollOffset, y: 0, width: runWidth + 1, height: height)

        // The placeholder, while there is nothing else to show.
        placeholderLabel.text = placeholder
        placeholderLabel.font = f
        placeholderLabel.textAlignment = textAlignment
        placeholderLabel.textColor = UITextField.placeholderColor
        placeholderLabel.isHidden = !s.isEmpty || (placeholder ?? "").isEmpty
        placeholderLabel.frame = placeholderRect(forBounds: b).offsetBy(dx: -rect.minX, dy: -rect.minY)

        func clampedX(_ x: CGFloat) -> CGFloat { min(max(x, 0), width) }
        let range = selectedRange
        // The selection highlight (editing only; the composition replaces it).
        if isEditing, range.length > 0, composedMarkedRange == nil {
            let x0 = clampedX(xPosition(ofDisplayOffset: displayOffset(forTextOffset: range.location)))
            let x1 = clampedX(xPosition(ofDisplayOffset: displayOffset(forTextOffset: range.location + range.length)))
            selectionView.frame = CGRect(x: x0, y: lineTop, width: max(0, x1 - x0), height: lineHeight)
            selectionView.backgroundColor = tintColor.withAlphaComponent(0.28)
            selectionView.isHidden = false
        } else {
            selectionView.isHidden = true
        }

        // The composition's underline.
        if let m = composedMarkedRange {
            let x0 = clampedX(xPosition(ofDisplayOffset: composedToDisplay(m.location)))
            let x1 = clampedX(xPosition(ofDisplayOffset: composedToDisplay(m.location + m.length)))
            let y = min(lineTop + metrics.ascender + 2, height - 1.5)
            markedUnderlineView.frame = CGRect(x: x0, y: y, width: max(0, x1 - x0), height: 1.5)
            markedUnderlineView.backgroundColor = storedTextColorResolved
            markedUnderlineView.isHidden = false
        } else {
            markedUnderlineView.isHidden = true
        }

        // The caret: after the last glyph it keeps a gap (updateScroll leaves room for it).
        let caret = displayCaret
        let gap = caret > 0 && caret >= s.utf16.count ? UITextField.caretGap : 0
        let cx = min(max(xPosition(ofDisplayOffset: caret) + gap, 0), max(0, width - UITextField.caretWidth))
        caretView.frame = CGRect(x: cx, y: lineTop, width: UITextField.caretWidth, height: lineHeight)
        caretView.backgroundColor = tintColor
        updateCaretVisibility()
    }

    private var storedTextColorResolved: UIColor { textColor ?? .label }

    /// Scrolls so the caret is visible while editing; shows the start otherwise. Short text
    /// (it fits) is placed by the alignment instead. Room for the caret and its gap is kept
    /// after the text.
    func updateScroll(width: CGFloat) {
        let n = displayText.utf16.count
        let avail = max(0, width - UITextField.caretWidth - UITextField.caretGap)
        let full = n <= UITextField.layoutSpanLimit ? measure(0, n) : .infinity
        if full <= avail {
            scrollAnchor = 0
            scrollOffset = 0
            switch textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection) {
            case .center: textOriginX = ((avail - full) / 2).rounded(.down)
            case .right: textOriginX = avail - full
            default: textOriginX = 0
            }
            visibleRunEnd = n
            return
        }
        textOriginX = 0
        var a = UITextField.roundedDown(min(scrollAnchor, n), in: displayText)
        var s = scrollOffset.isFinite ? max(0, scrollOffset) : 0
        if isEditing {
            let c = displayCaret
            if c < a || (c == a && s > 0) {
                // Moving left past the edge: bring the caret a third of the way in.
                (a, s) = anchor(endingAt: c, width: avail / 3)
            } else if c - a > UITextField.layoutSpanLimit {
                (a, s) = anchor(endingAt: c, width: avail)
            } else {
                let x = measure(a, c) - s
                if x > avail { (a, s) = anchor(endingAt: c, width: avail) }
                else if x < 0 { (a, s) = anchor(endingAt: c, width: avail / 3) }
            }
            // No empty space after the end of scrolled text (after deleting at the end).
            if a > 0 || s > 0, n - a <= UITextField.layoutSpanLimit, measure(a, n) - s < avail {
                (a, s) = anchor(endingAt: n, width: avail)
            }
        } else {
            a = 0
            s = 0
        }
        scrollAnchor = a
        scrollOffset = s
        visibleRunEnd = runEnd(from: a, width: s + width)
    }

    // MARK: Caret

    /// Whether the caret bar is drawn now (editing, no selection, and in the blink's on phase).
    var isCaretVisible: Bool { !caretView.isHidden }

    func updateCaretVisibility() {
        let wanted = isEditing && isEnabled && (selectedRange.length == 0 || composedMarkedRange != nil)
        caretView.isHidden = !(wanted && caretBlinkOn)
    }

    /// Shows the caret and restarts its blink (each edit or move).
    func restartCaretBlink() {
        caretBlinkTimer?.invalidate()
        caretBlinkTimer = nil
        caretBlinkOn = true
        if isEditing {
            caretBlinkTimer = frameClock.scheduleTimer(after: UITextField.caretBlinkInterval,
                                                                 repeating: UITextField.caretBlinkInterval) { [weak self] timer in
                guard let self else { timer.invalidate(); return }
                self.caretBlinkOn.toggle()
                self.updateCaretVisibility()
            }
        }
        updateCaretVisibility()
    }

    func caretRectInWindowPoints() -> CGRect {
        layoutIfNeeded()
        let r = caretView.convert(caretView.bounds, to: nil)
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return .zero }
        return r
    }

    // MARK: Drawing

    func drawTextField() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let r = borderRect(forBounds: bounds)
        // A disabled field fades as a whole (drawsDisabledDimmed), so its colours are as enabled.
        // While editing the border takes the tint: the field shows where typing goes.
        let editingInk: UIColor = tintColor
        switch borderStyle {
        case .none:
            break
        case .line:
            ctx.withAlpha(isEditing ? 0.9 : 1) { ctx.strokeRoundedRect(r, radius: 0, width: 1, color: isEditing ? editingInk : UITextField.lineInk) }
        case .bezel:
            ctx.fill(r, color: Theme.fieldFill)
            ctx.withAlpha(isEditing ? 0.9 : 1) { ctx.strokeRoundedRect(r, radius: 0, width: 1, color: isEditing ? editingInk : Theme.fieldBorder) }
            // The bevel: a darker inner top edge, as if the field were sunk into the panel.
            ctx.fill(CGRect(x: r.minX + 1, y: r.minY + 1, width: max(0, r.width - 2), height: 1.5),
                     color: UITextField.bevelShade)
        case .roundedRect:
            let radius = UITextField.roundedCornerRadius
            ctx.fillRoundedRect(r, radius: radius, color: Theme.fieldFill)
            if isEditing {
                ctx.withAlpha(0.9) { ctx.strokeRoundedRect(r, radius: radius, width: 1.5, color: editingInk) }
            } else {
                ctx.strokeRoundedRect(r, radius: radius, width: 1, color: Theme.fieldBorder)
            }
        }
        if isClearButtonShown {
            let b = clearButtonRect(forBounds: bounds)
            let fill = isClearButtonHighlighted ? UITextField.clearButtonPressedFill : UITextField.clearButtonFill
            ctx.fillEllipse(in: b, color: fill)
            let inset = (b.width * 0.33).rounded()
            let ink = Theme.fieldFill
            ctx.strokeLine(from: CGPoint(x: b.minX + inset, y: b.minY + inset), to: CGPoint(x: b.maxX - inset, y: b.maxY - inset),
                           width: 1.6, color: ink)
            ctx.strokeLine(from: CGPoint(x: b.maxX - inset, y: b.minY + inset), to: CGPoint(x: b.minX + inset, y: b.maxY - inset),
                           width: 1.6, color: ink)
        }
    }


    /// The `.line` border.
    static let lineInk = UIColor(light: UIColor(white: 0.45, alpha: 1), dark: UIColor(white: 0.6, alpha: 1))
    /// The `.bezel` inner top edge.
    static let bevelShade = UIColor(light: UIColor(white: 0, alpha: 0.12), dark: UIColor(white: 0, alpha: 0.45))
    /// The clear button's circle.
    static let clearButtonFill = UIColor(light: UIColor(rgb: 0xB4B4BA), dark: UIColor(rgb: 0x8E8E93))
    /// The clear button's circle while pressed.
    static let clearButtonPressedFill = UIColor(light: UIColor(rgb: 0x8E8E93), dark: UIColor(rgb: 0xB4B4BA))
}
