import SDLControlsSDL2
import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +3.2%
// instructions in B3 (callgrind, `controls-bench --quick --only` the scenario), measured
// 2026-11-28.

/// Lays out and measures lines of text for drawing, with one rule for both, so the width a
/// view measures is the width it draws at every scale.
///
/// - **Text that needs no shaping** (Latin, Greek, Cyrillic, CJK, common punctuation and
///   symbols, each character found in the main font or a fallback) is laid out glyph by
///   glyph: hinted advances plus kerning, at the pixel size the text is drawn at. Each glyph
///   is rasterized once per colour (see ``DrawResources/bakesColors``) into the atlas, so
///   labels whose text changes every frame reuse the glyphs already there: no new
///   rasterization and no atlas reset in steady state.
/// - **Text that needs shaping** (Arabic, Hebrew, Devanagari, Thai, combining marks, emoji
///   sequences, control characters, ...) is rasterized as whole runs by SDL_ttf (HarfBuzz
///   where SDL_ttf was built with it), one per font of the fallback chain, and kept per
///   (text, font, size, colour); its width is SDL_ttf's.
@MainActor
final class GlyphCache {
    /// A glyph's advance and which face of the chain provides it.
    struct Metrics {
        var advance: Int32
        /// Index in the chain: 0 the main font, then fallbacks; -1 when no font has it.
        var face: Int32
    }

    /// A rasterized glyph: its pixels and where they sit relative to the pen position and
    /// the line's top.
    struct Image {
        var region: AtlasRegion
        var x0: Int32, y0: Int32, width: Int32, height: Int32
        /// No ink (a space): nothing to draw.
        var empty: Bool
    }

    /// The main font at one pixel size and its fallback chain.
    final class Chain {
        let pixelSize: Int
        let mainPath: String
        /// Open faces (index 0 the main font), nil until first used or when a file fails.
        var faces: [OpaquePointer?]
        let ascent: Int32
        /// Below the baseline, positive (SDL_ttf reports it negative).
        let descent: Int32
        let height: Int32
        @exclusivity(unchecked) var asciiMetrics = [Metrics](repeating: Metrics(advance: -1, face: -1), count: 128)
        @exclusivity(unchecked) var otherMetrics: [UInt32: Metrics] = [:]
        /// Kerning of ASCII pairs (127: not looked up yet).
        @exclusivity(unchecked) var asciiKerning = [Int8](repeating: 127, count: 128 * 128)
        @exclusivity(unchecked) var otherKerning: [UInt64: Int32] = [:]
        @exclusivity(unchecked) var images: [UInt64: Image] = [:]
        /// Glyph images of ASCII in the colours used recently: the common case needs no hashing.
        @exclusivity(unchecked) var tables: [ImageTable] = []
        @exclusivity(unchecked) var atlasGeneration: UInt64 = 0
        /// When it was last asked for (``GlyphCache/chain(path:pixelSize:)``), to let go of the
        /// least recently used size first.
        @exclusivity(unchecked) var lastUse: UInt64 = 0
        /// Digits of one width (``UIFont/Traits/monospacedDigits``): each digit's advance is the
        /// widest digit's, its glyph centred in it (``digitShift``), with no kerning next to it.
        let tabularDigits: Bool
        /// How far each digit's glyph moves right to sit centred in the common width.
        private(set) var digitShift = [Int32](repeating: 0, count: 10)

        func table(for color: UInt32) -> ImageTable {
            for t in tables where t.color == color { return t }
            let t = ImageTable(color: color)
            if tables.count >= 8 { tables.removeFirst() }
            tables.append(t)
            return t
        }

        init(mainPath: String, pixelSize: Int, main: OpaquePointer, fallbackCount: Int, tabularDigits: Bool) {
            self.mainPath = mainPath
            self.pixelSize = pixelSize
            faces = [main] + [OpaquePointer?](repeating: nil, count: fallbackCount)
            ascent = TTF_FontAscent(main)
            descent = -TTF_FontDescent(main)
            height = TTF_FontHeight(main)
            self.tabularDigits = tabularDigits
            guard tabularDigits else { return }
            // The fonts SDL_ttf opens can't be asked for their tabular figures (no OpenType
            // features), so every digit is given the widest digit's advance here, where both
            // measuring and layout read advances: one rule for both.
            var advances = [Int32](repeating: -1, count: 10)
            for d in 0..<10 where TTF_GlyphIsProvided32(main, UInt32(0x30 + d)) != 0 {
                var adv: Int32 = 0
                TTF_GlyphMetrics32(main, UInt32(0x30 + d), nil, nil, nil, nil, &adv)
                advances[d] = adv
            }
            guard let widest = advances.max(), widest >= 0, !advances.contains(-1) else { return }
            for d in 0..<10 {
                asciiMetrics[0x30 + d] = Metrics(advance: widest, face: 0)
                digitShift[d] = (widest - advances[d]) / 2
                for other in 0..<128 {
                    asciiKerning[(0x30 + d) * 128 + other] = 0
                    asciiKerning[other * 128 + 0x30 + d] = 0
                }
            }
        }

        /// Whether `v` is a digit whose glyph this chain moves (tabular digits only).
        @inline(__always)
        func isTabularDigit(_ v: UInt32) -> Bool { tabularDigits && v >= 0x30 && v <= 0x39 }
    }

    /// ASCII glyph images in one colour.
    final class ImageTable {
        let color: UInt32
        @exclusivity(unchecked) var images = [Image?](repeating: nil, count: 128)
        init(color: UInt32) { self.color = color }
    }

    private struct ChainKey: Hashable {
        var path: String
        var pixelSize: Int
        var tabularDigits: Bool
    }

    private struct RunKey: Hashable {
        var text: String
        var path: String
        var pixelSize: Int
        var color: UInt32
    }

    private let fonts: FontLibrary
    @exclusivity(unchecked) private var chains: [ChainKey: Chain] = [:]
    @exclusivity(unchecked) private var lastChain: (key: ChainKey, chain: Chain)?
    @exclusivity(unchecked) private var runs: [RunKey: (region: AtlasRegion, width: Int32, height: Int32)] = [:]
    @exclusivity(unchecked) private var runsGeneration: UInt64 = 0
    private var runBytes = 0
    private var pixelBuffer: [UInt32] = []
    /// Whole runs (text that needs shaping) rasterized, and glyphs rasterized; reset by the host.
    @exclusivity(unchecked) var runsRasterized = 0
    @exclusivity(unchecked) var glyphsRasterized = 0

    init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// How many pixel sizes keep their fonts open at once. Each size holds a FreeType face
    /// and a file descriptor per font of the chain (0.5–3 MB with a CJK fallback): text whose
    /// size animates (a zoom) would otherwise open a new set every frame until memory or
    /// descriptors run out. A UI uses a handful of sizes; the least recently used beyond this
    /// are closed and reopened when needed again.
    static let maximumOpenSizes = 24
    /// The sum of the squares of the pixel sizes kept open: a face's glyph caches grow with
    /// the square of its size, so at most two 1,000-pixel sizes (or 24 of up to 288) stay
    /// open at once.
    static let maximumOpenSizeArea = 2_000_000
    @exclusivity(unchecked) private var useCounter: UInt64 = 0
    /// How many times sizes were closed: holders of chains forget them when it changes.
    private(set) var sizesClosed = 0

    /// Marks `chain` as used now (for holders that keep chains of their own, so a size they
    /// use every frame is not the one closed).
    func touch(_ chain: Chain) {
        useCounter &+= 1
        chain.lastUse = useCounter
    }

    /// The pixel sizes that have chains (and open fonts) now.
    var openPixelSizes: Set<Int> { Set(chains.keys.map(\.pixelSize)) }

    /// The chain for `path` at `pixelSize` (with digits of one width when `tabularDigits`);
    /// nil when the main font can't be opened.
    func chain(path: String, pixelSize requested: Int, tabularDigits: Bool = false) -> Chain? {
        let pixelSize = FontLibrary.clampedPixelSize(requested)
        let key = ChainKey(path: path, pixelSize: pixelSize, tabularDigits: tabularDigits)
        useCounter &+= 1
        if let last = lastChain, last.key == key {
            last.chain.lastUse = useCounter
            return last.chain
        }
        if let c = chains[key] {
            c.lastUse = useCounter
            lastChain = (key, c)
            return c
        }
        if !fonts.isOpen(pixelSize: pixelSize) { closeLeastRecentSizes(making: pixelSize) }
        guard let main = fonts.font(path: path, pixelSize: pixelSize) else { return nil }
        let c = Chain(mainPath: path, pixelSize: pixelSize, main: main, fallbackCount: fonts.fallbacks.count,
                      tabularDigits: tabularDigits)
        c.lastUse = useCounter
        chains[key] = c
        lastChain = (key, c)
        return c
    }

    /// Before opening `newSize`: closes the fonts of the least recently used pixel sizes until
    /// the open ones and the new one fit ``maximumOpenSizes`` and ``maximumOpenSizeArea``, and
    /// forgets their chains (their glyph images stay in the atlas until it resets). A chain
    /// let go of loses its faces, so a stale reference draws nothing rather than reach a
    /// closed font.
    private func closeLeastRecentSizes(making newSize: Int) {
        var lastUse: [Int: UInt64] = [:]
        for c in chains.values { lastUse[c.pixelSize] = max(lastUse[c.pixelSize] ?? 0, c.lastUse) }
        var count = 1, area = newSize * newSize
        var closing = Set<Int>()
        for (size, _) in lastUse.sorted(by: { $0.value > $1.value }) {
            if count < GlyphCache.maximumOpenSizes, area + size * size <= GlyphCache.maximumOpenSizeArea {
                count += 1
                area += size * size
            } else {
                closing.insert(size)
            }
        }
        guard !closing.isEmpty else { return }
        for (key, c) in chains where closing.contains(key.pixelSize) {
            for i in c.faces.indices { c.faces[i] = nil }
            chains[key] = nil
        }
        if let last = lastChain, closing.contains(last.key.pixelSize) { lastChain = nil }
        for size in closing { fonts.close(pixelSize: size) }
        sizesClosed += 1
    }

    // MARK: Measuring

    /// The width and height (pixels) of one line, by the same rule as ``layout``.
    func measure(_ text: String, chain: Chain) -> (width: Int, height: Int) {
        if let w = simpleWidth(text, chain: chain) { return (w, Int(chain.height)) }
        var w = 0
        var h: Int32 = 0
        for seg in fonts.segments(of: text, mainPath: chain.mainPath, pixelSize: chain.pixelSize) {
            var sw: Int32 = 0, sh: Int32 = 0
            TTF_SizeUTF8(seg.font, seg.text, &sw, &sh)
            w += Int(sw)
            h = max(h, sh)
        }
        return (w, Int(max(h, chain.height)))
    }

    /// The glyph-by-glyph width, or nil when the text needs shaping.
    func simpleWidth(_ text: String, chain: Chain) -> Int? {
        if let w = GlyphCache.printableASCIIWidth(text, metrics: chain.asciiMetrics, kerning: chain.asciiKerning) { return w }
        var pen = 0
        var previous: (scalar: UInt32, face: Int32)?
        for s in text.unicodeScalars {
            guard let v = GlyphCache.displayed(s.value) else { continue }
            guard GlyphCache.needsNoShaping(v), let m = metrics(v, chain), m.face >= 0 else { return nil }
            if let p = previous, p.face == m.face { pen += Int(kerning(p.scalar, v, face: m.face, chain)) }
            pen += Int(m.advance)
            previous = (v, m.face)
        }
        return pen
    }

    /// The width of printable ASCII text whose glyphs and kerning pairs are all known and come
    /// from the main font, read straight from the chain's tables over the UTF-8 bytes; nil
    /// otherwise (the general path then looks up, and remembers, what is missing). Most
    /// titles and labels are such text, and the general path decoded scalars and called a
    /// lookup per character. Nonisolated: closures written in main-actor code check the
    /// executor each time they run.
    nonisolated private static func printableASCIIWidth(_ text: String, metrics: [Metrics], kerning: [Int8]) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard !bytes.isEmpty else { return 0 }
            return metrics.withUnsafeBufferPointer { metrics -> Int? in
                kerning.withUnsafeBufferPointer { kerning -> Int? in
                    var pen = 0
                    var previous = -1
                    for b in bytes {
                        guard b >= 0x20, b <= 0x7E else { return nil }
                        let v = Int(b)
                        let m = metrics[v]
                        guard m.face == 0, m.advance >= 0 else { return nil }
                        if previous >= 0 {
                            let k = kerning[previous &* 128 &+ v]
                            guard k != 127 else { return nil }
                            pen &+= Int(k)
                        }
                        pen &+= Int(m.advance)
                        previous = v
                    }
                    return pen
                }
            }
        }
    }

    // MARK: Layout

    /// Lays out one line into `run` (quads relative to the line's top-left); false when
    /// nothing can be drawn (the atlas is full: the host grows or resets it and builds the
    /// frame again).
    func layout(_ text: String, chain: Chain, color: UInt32, atlas: TextureAtlas, into run: inout GlyphRun) -> Bool {
        run.quads.removeAll(keepingCapacity: true)
        if chain.atlasGeneration != atlas.generation {
            chain.images.removeAll(keepingCapacity: true)
            chain.tables.removeAll(keepingCapacity: true)
            chain.atlasGeneration = atlas.generation
        }
        let table = chain.table(for: color)
        var pen: Int32 = 0
        var previous: (scalar: UInt32, face: Int32)?
        var simple = true
        for s in text.unicodeScalars {
            guard let v = GlyphCache.displayed(s.value) else { continue }
            guard GlyphCache.needsNoShaping(v), let m = metrics(v, chain), m.face >= 0 else { simple = false; break }
            if let p = previous, p.face == m.face { pen += kerning(p.scalar, v, face: m.face, chain) }
            guard let image = image(v, face: m.face, chain: chain, table: table, atlas: atlas) else { return false }
            if !image.empty {
                let shift = chain.isTabularDigit(v) ? chain.digitShift[Int(v) - 0x30] : 0
                let x = Float(pen + image.x0 + shift), y = Float(image.y0)
                run.quads.append(GlyphQuad(x0: x, y0: y, x1: x + Float(image.width), y1: y + Float(image.height), region: image.region))
            }
            pen += m.advance
            previous = (v, m.face)
        }
        if simple {
            run.width = Float(pen)
            run.height = Float(chain.height)
            return true
        }
        run.quads.removeAll(keepingCapacity: true)
        guard let whole = shapedRun(text, chain: chain, color: color, atlas: atlas) else { return false }
        run.quads.append(GlyphQuad(x0: 0, y0: 0, x1: Float(whole.width), y1: Float(whole.height), region: whole.region))
        run.width = Float(whole.width)
        run.height = Float(chain.height)
        return true
    }

    // MARK: Glyphs

    /// A character as text is displayed (`String.displayText`, which SDL_ttf's runs get too):
    /// a tab is a space, other control characters are nothing (nil). Laid out here in the same
    /// pass, so text with a control character is measured and drawn glyph by glyph like the
    /// same text without it, not by SDL_ttf's rule.
    @inline(__always)
    static func displayed(_ v: UInt32) -> UInt32? {
        guard v < 0x20 || v == 0x7F else { return v }
        return v == 0x09 ? 0x20 : nil
    }

    /// Characters drawn glyph by glyph: scripts without contextual shaping, reordering or
    /// combining (project choice: a conservative list; anything else goes to SDL_ttf whole).
    static func needsNoShaping(_ v: UInt32) -> Bool {
        switch v {
        case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF: return true
        case 0x2010...0x2027, 0x2030...0x205E: return true      // punctuation (no zero-width or bidi controls)
        case 0x20A0...0x20CF, 0x2100...0x214F, 0x2190...0x21FF, 0x2200...0x22FF, 0x2460...0x24FF, 0x2500...0x25FF: return true
        case 0x3000...0x303F, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xFF01...0xFFEF: return true
        default: return false
        }
    }

    private func metrics(_ v: UInt32, _ chain: Chain) -> Metrics? {
        if v < 128 {
            let m = chain.asciiMetrics[Int(v)]
            if m.advance >= 0 || m.face == -2 { return m.face == -2 ? nil : m }
        } else if let m = chain.otherMetrics[v] {
            return m.face == -2 ? nil : m
        }
        var found = Metrics(advance: 0, face: -2)
        for i in 0..<chain.faces.count {
            guard let f = face(i, chain) else { continue }
            if TTF_GlyphIsProvided32(f, v) != 0 {
                var adv: Int32 = 0
                TTF_GlyphMetrics32(f, v, nil, nil, nil, nil, &adv)
                found = Metrics(advance: adv, face: Int32(i))
                break
            }
        }
        if v < 128 { chain.asciiMetrics[Int(v)] = found } else { chain.otherMetrics[v] = found }
        return found.face == -2 ? nil : found
    }

    private func face(_ i: Int, _ chain: Chain) -> OpaquePointer? {
        if let f = chain.faces[i] { return f }
        guard i > 0, i - 1 < fonts.fallbacks.count else { return nil }
        let f = fonts.font(path: fonts.fallbacks[i - 1], pixelSize: chain.pixelSize)
        chain.faces[i] = f
        return f
    }

    private func kerning(_ a: UInt32, _ b: UInt32, face: Int32, _ chain: Chain) -> Int32 {
        if chain.isTabularDigit(a) || chain.isTabularDigit(b) { return 0 }
        if a < 128 && b < 128 && face == 0 {
            let k = chain.asciiKerning[Int(a) * 128 + Int(b)]
            if k != 127 { return Int32(k) }
        } else if let k = chain.otherKerning[UInt64(a) << 32 | UInt64(b)] {
            return k
        }
        var k: Int32 = 0
        if let f = self.face(Int(face), chain) { k = TTF_GetFontKerningSizeGlyphs32(f, a, b) }
        if a < 128 && b < 128 && face == 0 {
            chain.asciiKerning[Int(a) * 128 + Int(b)] = Int8(clamping: max(-126, min(126, k)))
        } else {
            chain.otherKerning[UInt64(a) << 32 | UInt64(b)] = k
        }
        return k
    }

    private func image(_ v: UInt32, face: Int32, chain: Chain, table: ImageTable, atlas: TextureAtlas) -> Image? {
        if v < 128, let img = table.images[Int(v)] { return img }
        let color = table.color
        let key = UInt64(v) << 32 | UInt64(color)
        if let img = chain.images[key] {
            if v < 128 { table.images[Int(v)] = img }
            return img
        }
        guard let f = self.face(Int(face), chain) else { return nil }
        var img = Image(region: AtlasRegion(texture: .atlas, u0: 0, v0: 0, u1: 0, v1: 0), x0: 0, y0: 0, width: 0, height: 0, empty: true)
        var minx: Int32 = 0
        TTF_GlyphMetrics32(f, v, &minx, nil, nil, nil, nil)
        if let raw = TTF_RenderGlyph32_Blended(f, v, SDL_Color(r: 255, g: 255, b: 255, a: 255)) {
            defer { SDL_FreeSurface(raw) }
            var s = raw
            var converted: UnsafeMutablePointer<SDL_Surface>?
            if raw.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue {
                converted = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
                if let c = converted { s = c }
            }
            defer { if let c = converted { SDL_FreeSurface(c) } }
            // Crop to the ink, bake the colour.
            let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch) / 4
            let src = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            var cx0 = w, cy0 = h, cx1 = -1, cy1 = -1
            for y in 0..<h {
                for x in 0..<w where src[y * pitch + x] >> 24 != 0 {
                    cx0 = min(cx0, x); cx1 = max(cx1, x); cy0 = min(cy0, y); cy1 = max(cy1, y)
                }
            }
            if cx1 >= cx0 && cy1 >= cy0 {
                let iw = cx1 - cx0 + 1, ih = cy1 - cy0 + 1
                pixelBuffer.removeAll(keepingCapacity: true)
                pixelBuffer.reserveCapacity(iw * ih)
                let ca = color >> 24, rgb = color & 0x00FF_FFFF
                for y in cy0...cy1 {
                    for x in cx0...cx1 {
                        let a = src[y * pitch + x] >> 24
                        let alpha = (a * ca + 127) / 255
                        pixelBuffer.append(alpha == 0 ? 0 : alpha << 24 | rgb)
                    }
                }
                guard let region = atlas.place(width: Int32(iw), height: Int32(ih), pixels: pixelBuffer, pitch: Int32(iw)) else {
                    return nil
                }
                // Fallback faces share the main font's baseline.
                let dy = face == 0 ? 0 : max(0, chain.ascent - TTF_FontAscent(f))
                img = Image(region: region, x0: min(0, minx) + Int32(cx0), y0: Int32(cy0) + dy, width: Int32(iw), height: Int32(ih),
                            empty: false)
                glyphsRasterized += 1
            }
        }
        chain.images[key] = img
        if v < 128 { table.images[Int(v)] = img }
        return img
    }

    // MARK: Whole runs

    private func shapedRun(_ text: String, chain: Chain, color: UInt32, atlas: TextureAtlas) -> (region: AtlasRegion, width: Int32, height: Int32)? {
        if runsGeneration != atlas.generation {
            runs.removeAll(keepingCapacity: true)
            runBytes = 0
            runsGeneration = atlas.generation
        }
        let key = RunKey(text: text, path: chain.mainPath, pixelSize: chain.pixelSize, color: color)
        if let r = runs[key] { return r }
        let segments = fonts.segments(of: text, mainPath: chain.mainPath, pixelSize: chain.pixelSize)
        var surfaces: [(UnsafeMutablePointer<SDL_Surface>, ascent: Int32)] = []
        defer { for s in surfaces { SDL_FreeSurface(s.0) } }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        var width: Int32 = 0
        var height = chain.height
        for seg in segments {
            guard let raw = TTF_RenderUTF8_Blended(seg.font, seg.text, white) else { continue }
            var s = raw
            if raw.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue,
               let conv = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) {
                SDL_FreeSurface(raw)
                s = conv
            }
            let a = TTF_FontAscent(seg.font)
            surfaces.append((s, a))
            width += s.pointee.w
            height = max(height, s.pointee.h + max(0, chain.ascent - a))
        }
        guard width > 0, height > 0 else { return nil }
        let w = min(width, 4094), h = min(height, 4094)
        // Compose the segments on a shared baseline, colour baked.
        pixelBuffer.removeAll(keepingCapacity: true)
        pixelBuffer.append(contentsOf: repeatElement(0, count: Int(w) * Int(h)))
        let ca = color >> 24, rgb = color & 0x00FF_FFFF
        var x: Int32 = 0
        for (s, a) in surfaces {
            let dy = max(0, chain.ascent - a)
            let pitch = Int(s.pointee.pitch) / 4
            let src = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            for row in 0..<Int(s.pointee.h) where Int32(row) + dy < h {
                for col in 0..<Int(s.pointee.w) where x + Int32(col) < w {
                    let alpha = ((src[row * pitch + col] >> 24) * ca + 127) / 255
                    pixelBuffer[(row + Int(dy)) * Int(w) + Int(x) + col] = alpha == 0 ? 0 : alpha << 24 | rgb
                }
            }
            x += s.pointee.w
        }
        guard let region = atlas.place(width: w, height: h, pixels: pixelBuffer, pitch: w) else { return nil }
        runsRasterized += 1
        let r = (region, w, h)
        // Bounded: a long stream of distinct shaped texts starts the table afresh rather than
        // growing without end (their pixels live in the atlas, which resets when full).
        runBytes += text.utf8.count + 64
        if runBytes > 1 << 20 {
            runs.removeAll(keepingCapacity: false)
            runBytes = 0
        }
        runs[key] = r
        return r
    }

    /// Forgets every glyph image and run (the atlas was reset); metrics stay.
    func atlasDidReset() {
        for c in chains.values {
            c.images.removeAll(keepingCapacity: true)
            c.tables.removeAll(keepingCapacity: true)
        }
        runs.removeAll(keepingCapacity: true)
        runBytes = 0
    }

    /// Forgets everything (fonts were closed).
    func removeAll() {
        chains.removeAll()
        lastChain = nil
        runs.removeAll()
        runBytes = 0
    }
}
