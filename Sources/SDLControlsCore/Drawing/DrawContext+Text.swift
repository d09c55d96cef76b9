import Foundation

/// Text: one line laid out from the host's glyph cache (one quad per glyph, whole shaped runs
/// for text that needs shaping), drawn at whole pixels, and measured.
extension DrawContext {
    /// Draws one line of text with its top-left at `point`; returns the size drawn, in points
    /// (the same width ``size(of:font:)`` measures).
    @discardableResult
    public func drawText(_ text: String, font: UIFont, color: UIColor, at point: CGPoint) -> CGSize {
        guard point.x.isFinite, point.y.isFinite, let size = prepareText(text, font: font, color: color) else { return .zero }
        drawPreparedText(at: point)
        return size
    }

    /// Draws one line of `text` centred in `rect` at whole points, laid out once (measuring
    /// first with ``size(of:font:)`` would lay it out twice).
    @discardableResult
    func drawText(_ text: String, font: UIFont, color: UIColor, centredIn rect: CGRect) -> CGSize {
        guard let size = prepareText(text, font: font, color: color) else { return .zero }
        drawPreparedText(at: CGPoint(x: (rect.midX - size.width / 2).rounded(), y: (rect.midY - size.height / 2).rounded()))
        return size
    }

    /// Lays out one line of `text` for ``drawPreparedText(at:)`` and returns its size in
    /// points (the size ``size(of:font:)`` measures); nil when nothing would be drawn (empty
    /// text, a transparent colour, no host, a full atlas). A control that places text by its
    /// width (centred, right-aligned) measures and draws it with one layout this way.
    func prepareText(_ text: String, font: UIFont, color: UIColor) -> CGSize? {
        guard !text.isEmpty, let c = rgba(color), let resources else { return nil }
        let key = bakesColors ? DrawContext.pack(c) : 0xFFFF_FFFF
        guard resources.layoutGlyphs(text, font: font, scale: scale, color: key, into: &glyphRun) else { return nil }
        preparedColor = bakesColors ? SIMD4<UInt8>(255, 255, 255, 255) : c
        return CGSize(width: CGFloat(glyphRun.width) / scale, height: CGFloat(glyphRun.height) / scale)
    }

    /// Draws the line ``prepareText(_:font:color:)`` laid out last, its top-left at `point`.
    func drawPreparedText(at point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        // Whole pixels: glyphs rasterized at pixel size stay crisp.
        let p = pixel(point)
        let x0 = p.x.pixelRounded(), y0 = p.y.pixelRounded()
        let vc = preparedColor
        let quads = glyphRun.quads
        guard !quads.isEmpty else { return }
        drawHeldLayersFirst()
        // Glyphs sharing a texture (all of a line, as a rule) are written as one batch: one
        // segment check, one reservation and one commit per run, not per glyph.
        var k = 0
        while k < quads.count {
            let texture = quads[k].region.texture
            var e = k + 1
            while e < quads.count && quads[e].region.texture == texture { e += 1 }
            let n = e - k
            var base = out.segmentBase(for: texture)
            out.reserve(vertices: 4 * n, indices: 6 * n)
            var v = out.vertices + out.vertexCount, i = out.indices + out.indexCount
            for q in quads[k..<e] {
                DrawContext.writeQuad(v, i, base: base, x0 + q.x0, y0 + q.y0, x0 + q.x1, y0 + q.y1, region: q.region, color: vc)
                v += 4
                i += 6
                base += 4
            }
            out.commit(vertices: 4 * n, indices: 6 * n)
            k = e
        }
    }

    /// Measures one line of text in points (the host's measurer, else an estimate).
    public func size(of text: String, font: UIFont) -> CGSize {
        (resources ?? UIApplication.shared.textMeasurer).size(of: text, font: font)
    }
}
