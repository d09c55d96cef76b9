import Foundation

/// The look: the rounded background, dividers between unselected segments, the pressed
/// well, the raised selection plate (shadow, fill and outline as one composite), the
/// momentary keyboard cursor, and each segment's image and title (truncated to fit; a
/// disabled segment dims on its own).
extension UISegmentedControl {
    /// The default plate: white in light mode, a lighter grey in dark mode.
    static let plateColor = UIColor(light: UIColor(rgb: 0xFFFFFF), dark: UIColor(rgb: 0x636366))
    /// The plate's soft shadow (lighter than the theme's thumb shadow: the plate sits low).
    static let plateShadow = UIColor(light: UIColor(white: 0, alpha: 0.12), dark: UIColor(white: 0, alpha: 0.3))
    /// Lines between unselected segments.
    static let dividerColor = UIColor(light: UIColor(rgb: 0xC7C7CC), dark: UIColor(rgb: 0x48484A))
    /// Corner radius of the background.
    static let backgroundRadius: CGFloat = 9
    /// The plate's hairline outline.
    static let plateOutline = UIColor(white: 0, alpha: 0.04)

    /// Draws the control from its state into `ctx` (the body of `draw(_:)`).
    func drawContent(in ctx: DrawContext) {
        let b = bounds
        guard b.width > 0, b.height > 0 else { return }
        let enabled = isEnabled
        let radius = min(Self.backgroundRadius, b.height / 2)
        let plateRadius = max(0, radius - 2)
        ctx.fillRoundedRect(b, radius: radius, color: Theme.controlFill)

        let frames = segmentFrames()
        let plate = selectionPlateFrame(in: frames)
        let plateIndex = isMomentary ? (isHighlighted ? highlightedSegment : nil) : (frames.indices.contains(storedSelected) ? storedSelected : nil)
        let pressed = isHighlighted ? highlightedSegment : nil
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft

        // Pressed unselected segment: a slightly darker well.
        if let p = pressed, p != plateIndex, frames.indices.contains(p) {
            ctx.fillRoundedRect(frames[p].insetBy(dx: 2, dy: 2), radius: plateRadius, color: Theme.controlFillPressed)
        }

        // Dividers, hidden next to the plate and the pressed well.
        let settled = !isPlateAnimating
        for j in 0..<max(0, frames.count - 1) {
            if settled, let s = plateIndex, s == j || s == j + 1 { continue }
            if let p = pressed, p == j || p == j + 1 { continue }
            let x = rtl ? frames[j].minX : frames[j].maxX
            let inset = (b.height * 0.27).rounded()
            ctx.fill(CGRect(x: x - 0.5, y: b.minY + inset, width: 1, height: b.height - inset * 2), color: Self.dividerColor)
        }

        // The plate: raised, with a soft shadow; it shrinks a little while pressed.
        if var plate {
            if let p = pressed, p == plateIndex, !isMomentary { plate = plate.insetBy(dx: 1.5, dy: 1.5) }
            let fill = selectedSegmentTintColor ?? Self.plateColor
            // Shadow, fill and outline as one piece (one blend per pixel, one quad).
            ctx.compositing {
                if enabled {
                    ctx.fillShadow(plate.insetBy(dx: 0.5, dy: 0.5).offsetBy(dx: 0, dy: 1), radius: plateRadius, blur: 4, color: Self.plateShadow)
                }
                ctx.fillRoundedRect(plate, radius: plateRadius, color: fill)
                if enabled {
                    ctx.strokeRoundedRect(plate, radius: plateRadius, width: 0.5, color: Self.plateOutline)
                }
            }
        }

        // The momentary keyboard cursor.
        if isMomentary, isFocused, let k = keyboardSegment, frames.indices.contains(k) {
            ctx.strokeRoundedRect(frames[k].insetBy(dx: 2, dy: 2), radius: plateRadius, width: 1.5, color: tintColor)
        }

        // Content.
        for (i, s) in segments.enumerated() where frames[i].width > 0 {
            let selected = i == plateIndex
            let f = selected ? selectedFont : font
            let ink = selected ? selectedInk(ctx) : titleColor
            ctx.drawingDisabled(!s.isEnabled) {   // a disabled control dims as a whole
                let inner = frames[i].insetBy(dx: 6, dy: 0).offsetBy(dx: s.contentOffset.width, dy: s.contentOffset.height)
                var imgSize = s.image.map { imageSize($0, maxHeight: b.height - 10) } ?? .zero
                var title = s.title ?? ""
                let gap: CGFloat = imgSize.width > 0 && !title.isEmpty ? Self.imageTitleGap : 0
                if imgSize.width > inner.width {
                    imgSize = CGSize(width: inner.width, height: imgSize.height * inner.width / max(imgSize.width, 1))
                }
                var textSize = CGSize.zero
                // Laid out once when it fits (most titles), its size from the layout; truncated
                // and laid out again when not.
                var prepared = false
                if !title.isEmpty {
                    let room = inner.width - imgSize.width - gap
                    if let size = ctx.prepareText(title, font: f, color: ink) {
                        textSize = size
                        prepared = true
                    } else {
                        textSize = ctx.size(of: title, font: f)
                    }
                    if !(textSize.width <= room) {
                        title = truncated(title, font: f, width: room, ctx: ctx)
                        prepared = false
                        if !title.isEmpty, let size = ctx.prepareText(title, font: f, color: ink) {
                            textSize = size
                            prepared = true
                        } else {
                            textSize = title.isEmpty ? .zero : ctx.size(of: title, font: f)
                        }
                    }
                }
                let total = imgSize.width + gap + textSize.width
                var x = (inner.midX - total / 2).rounded()
                let titleY = (inner.midY - textSize.height / 2).rounded()
                // Image before the title in reading order. The prepared line survives drawing
                // the image (images don't lay out text).
                if rtl, !title.isEmpty {
                    if prepared { ctx.drawPreparedText(at: CGPoint(x: x, y: titleY)) }
                    x += textSize.width + gap
                    title = ""
                }
                if let image = s.image, imgSize.width > 0 {
                    ctx.drawImage(image, in: CGRect(x: x, y: (inner.midY - imgSize.height / 2).rounded(), width: imgSize.width, height: imgSize.height), tint: ink)
                    x += imgSize.width + gap
                }
                if !title.isEmpty, prepared {
                    ctx.drawPreparedText(at: CGPoint(x: x, y: titleY))
                }
            }
        }
    }

    /// The selected title colour: explicit, else the label colour on the default plate, else
    /// black or white, whichever reads on the custom plate.
    private func selectedInk(_ ctx: DrawContext) -> UIColor {
        if let c = selectedTitleColor { return c }
        guard let tint = selectedSegmentTintColor else { return titleColor }
        let c = tint.resolvedColor(with: ctx.style)
        let luminance = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
        return luminance > 0.6 ? .black : .white
    }

    /// `text` cut with an ellipsis to fit `width` (TextLayout's truncation: a few measurements
    /// near the answer, not one per character removed); empty when not even "…" fits.
    private func truncated(_ text: String, font: UIFont, width: CGFloat, ctx: DrawContext) -> String {
        guard width > 0 else { return "" }
        func fits(_ s: String) -> Bool { ctx.size(of: s, font: font).width <= width }
        let t = TextLayout.truncate(text, more: false, mode: .byTruncatingTail, fits: fits)
        return t == text || fits(t) ? t : ""
    }
}
