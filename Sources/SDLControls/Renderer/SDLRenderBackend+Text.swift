import SDLControlsSDL2
import Foundation

// Text for the renderer half: lines laid out into glyph quads (with a memo of recent short
// lines) and measured by the same rule, at the placement's pixels per point.
extension SDLRenderBackend {
    func layoutGlyphs(_ text: String, font: UIFont, scale: CGFloat, color: UInt32, into run: inout GlyphRun) -> Bool {
        guard let chain = chain(font, scale) else { return false }
        // A short line laid out lately (a control redrawn for its state draws the same titles
        // again): its quads are copied, the glyph and kerning lookups skipped.
        let bytes = text.utf8.count
        guard bytes <= SDLRenderBackend.recentRunBytes else {
            return glyphs.layout(text, chain: chain, color: color, atlas: atlas, into: &run)
        }
        let id = ObjectIdentifier(chain)
        // The chain's address, not `hashValue` (a full Hasher run per line).
        var h = UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(color) &* 0xC2B2_AE3D_27D4_EB4F
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let slot = Int(truncatingIfNeeded: (h ^ h >> 32) % UInt64(recentRuns.count))
        let generation = atlas.generation
        // Compared field by field in place: binding the slot to a local copied it (its text and
        // quads retained and released) for every line drawn.
        if recentRuns[slot].chain == id, recentRuns[slot].generation == generation, recentRuns[slot].color == color,
           recentRuns[slot].text == text {
            run.replace(with: recentRuns[slot].run)
            return true
        }
        guard glyphs.layout(text, chain: chain, color: color, atlas: atlas, into: &run) else { return false }
        recentRuns[slot].keep(run, text: text, chain: id, color: color, generation: generation)
        return true
    }

    /// One line laid out lately: what it was laid out for and its quads (`chain` nil: an
    /// empty slot).
    struct RecentRun {
        var text = ""
        var chain: ObjectIdentifier?
        var color: UInt32 = 0
        /// The atlas generation its regions belong to (older: invalid).
        var generation: UInt64 = 0
        var run = GlyphRun()

        /// Replaces what the slot holds, in place: its array keeps its capacity (no
        /// allocation once warm).
        mutating func keep(_ laidOut: GlyphRun, text: String, chain: ObjectIdentifier, color: UInt32, generation: UInt64) {
            self.text = text
            self.chain = chain
            self.color = color
            self.generation = generation
            run.replace(with: laidOut)
        }
    }

    private func chain(_ font: UIFont, _ scale: CGFloat) -> GlyphCache.Chain? {
        for c in recentChains where c.scale == scale && c.font == font {
            glyphs.touch(c.chain)
            return c.chain
        }
        let closed = glyphs.sizesClosed
        let found = glyphs.chain(path: fonts.path(for: font), pixelSize: pixelSize(font, scale),
                                 tabularDigits: font.traits.contains(.monospacedDigits))
        if glyphs.sizesClosed != closed {
            // The glyph cache let go of some sizes' chains: forget every reference to them
            // (a new chain could even reuse a released one's address, which recent runs key by).
            recentChains.removeAll(keepingCapacity: true)
            for i in recentRuns.indices { recentRuns[i] = RecentRun() }
        }
        guard let chain = found else { return nil }
        if recentChains.count >= 6 { recentChains.removeFirst() }
        recentChains.append((font, scale, chain))
        return chain
    }

    func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)? {
        images.texture(for: image)
    }

    private func pixelSize(_ font: UIFont, _ scale: CGFloat) -> Int {
        max(1, min(2000, Int((font.pointSize * (scale.isFinite && scale > 0 ? scale : 1)).rounded())))
    }

    /// The size of one line in points: its width drawn at ``pixelScale``, over the scale.
    func size(of text: String, font: UIFont) -> CGSize {
        // Short text that needs no shaping is measured glyph by glyph (a few array lookups),
        // faster than hashing it for a cache.
        if text.utf8.count <= 48, let chain = chain(font, pixelScale), let w = glyphs.simpleWidth(text, chain: chain) {
            return CGSize(width: CGFloat(w) / pixelScale, height: CGFloat(chain.height) / pixelScale)
        }
        let key = MeasureKey(text: text, font: font)
        if let s = measureCache[key] { return s }
        let size: CGSize
        if let chain = chain(font, pixelScale) {
            let m = glyphs.measure(text, chain: chain)
            size = CGSize(width: CGFloat(m.width) / pixelScale, height: CGFloat(m.height) / pixelScale)
        } else {
            size = ApproximateTextMeasurer().size(of: text, font: font)
        }
        let cost = text.utf8.count + 64
        if measureCacheBytes + cost > SDLRenderBackend.measureCacheByteLimit {
            measureCache.removeAll(keepingCapacity: false)
            measureCacheBytes = 0
        }
        if cost <= SDLRenderBackend.measureCacheByteLimit {
            measureCache[key] = size
            measureCacheBytes += cost
        }
        return size
    }

    /// The main font's metrics at ``pixelScale``, in points: found through the same recent
    /// chains as measuring (a label measures its text and asks its font's metrics together;
    /// a dictionary keyed by font hashed the font's name for every label, and a one-entry
    /// memo missed whenever two fonts alternated).
    func metrics(of font: UIFont) -> FontMetrics {
        guard let chain = chain(font, pixelScale) else { return ApproximateTextMeasurer().metrics(of: font) }
        return FontMetrics(ascender: CGFloat(chain.ascent) / pixelScale, descender: CGFloat(chain.descent) / pixelScale,
                           lineHeight: CGFloat(chain.height) / pixelScale)
    }

}

private extension GlyphRun {
    /// Becomes a copy of `other`, keeping this run's storage (no allocation once warm).
    mutating func replace(with other: GlyphRun) {
        quads.removeAll(keepingCapacity: true)
        quads.append(contentsOf: other.quads)
        width = other.width
        height = other.height
    }
}
