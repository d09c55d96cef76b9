import SDLControlsSDL2
import Foundation

/// The renderer half of the host: owns every texture (the atlas of tiles and glyphs,
/// images, the cached UI pixels) and turns the core's draw lists into SDL calls.
///
/// Implemented:
/// - one entry point, ``renderUI(_:scale:log:)``, that ``SDLHost/render()`` calls: it
///   brings the views' cached geometry up to date and draws it through ``UICompositor``,
///   which reuses the UI's pixels from a cached render target (redrawing only changed
///   rectangles) where that pays, and draws straight to the current target otherwise;
/// - geometry submitted with `SDL_RenderGeometry`, one call per texture and clip change,
///   assembled from the views' caches in a bounded buffer (per-command vertex offset);
/// - the software renderer gets quads it fills as rectangles and tiles it copies untinted
///   (``bakesColors``); accelerated renderers get the same geometry with white tiles
///   tinted by vertex colour and linear filtering;
/// - text measured and drawn by one rule (``GlyphCache``), at the output's pixels per point
///   (crisp under a game's logical size);
/// - an atlas that starts at 256² and doubles when a frame needs more (then resets at its
///   largest), so a still UI uploads nothing;
/// - the game's coordinate system (`RenderPlacement.swift`): the host reads the logical size,
///   scale, viewport and render target each frame, submits in output pixels at scale 1 inside
///   the viewport where the UI goes, and puts back draw colour, blend mode, scale, viewport,
///   clip and target exactly (`RenderStateSnapshot`), so a game's own drawing is unaffected;
/// - device and targets resets: every texture recreated, everything drawn again.
/// Not implemented: rotated or transformed views (the core has no transforms); a scale that
/// differs by axis (the smaller is used); clipping the UI to the game's own clip rectangle.
@MainActor
final class SDLRenderBackend: DrawResources {
    let renderer: OpaquePointer
    let atlas: TextureAtlas
    let glyphs: GlyphCache
    let images: ImageCache
    let compositor: UICompositor
    private let fonts: FontLibrary
    /// Whether the renderer is SDL's software renderer.
    let isSoftware: Bool
    /// Measured sizes of lines of text, bounded in bytes (``measureCacheByteLimit``), not entries:
    /// a few 100,000-character labels changing can't grow it without bound.
    @exclusivity(unchecked) private var measureCache: [MeasureKey: CGSize] = [:]
    /// Bytes the cache's keys hold (UTF-8 plus a fixed overhead per entry).
    private(set) var measureCacheBytes = 0
    /// The most bytes the measurement cache keeps before it starts afresh **(project choice)**.
    static let measureCacheByteLimit = 4 << 20
    private var resetCount: UInt64 = 0
    private var glyphRun = GlyphRun()

    private struct MeasureKey: Hashable {
        var text: String
        var font: UIFont
    }

    init(renderer: OpaquePointer, fonts: FontLibrary) {
        self.renderer = renderer
        self.fonts = fonts
        var info = SDL_RendererInfo()
        let software = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        isSoftware = software
        atlas = TextureAtlas(renderer: renderer, linearFiltering: !software)
        glyphs = GlyphCache(fonts: fonts)
        images = ImageCache(renderer: renderer)
        compositor = UICompositor(renderer: renderer, isSoftware: software)
        precondition(MemoryLayout<DrawVertex>.size == MemoryLayout<SDL_Vertex>.size
                     && MemoryLayout<DrawVertex>.offset(of: \DrawVertex.u) == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.tex_coord),
                     "DrawVertex must match SDL_Vertex")
    }

    /// Pixels per point the UI is drawn at: text is measured at this scale, so the width a
    /// view measures is the width it draws. Set by the host when the window's density changes.
    var pixelScale: CGFloat = 1 {
        didSet {
            guard pixelScale != oldValue else { return }
            measureCache.removeAll(keepingCapacity: true)
            recentChains.removeAll()
        }
    }

    // MARK: DrawResources

    var whiteTexel: (u: Float, v: Float) { atlas.whiteTexel }
    var resourceGeneration: UInt64 { atlas.generation &+ resetCount << 32 }
    var bakesColors: Bool { isSoftware }

    func tile(_ key: ShapeTileKey) -> AtlasRegion? {
        atlas.tile(key)
    }

    func compositeTile(_ key: CompositeTileKey) -> AtlasRegion? {
        atlas.compositeTile(key)
    }

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
    private struct RecentRun {
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
    /// Recently laid-out short lines, direct-mapped by a cheap hash of text, font and colour
    /// (a collision just replaces the slot). Chains live until the glyph cache closes their
    /// size or ``destroy()`` runs; both empty this, so an identifier stays unique while kept.
    /// Bounded: 256 slots of at most ``recentRunBytes`` bytes of text each.
    @exclusivity(unchecked) private var recentRuns = [RecentRun](repeating: RecentRun(), count: 256)
    /// The longest text (UTF-8 bytes) kept in ``recentRuns``: titles and labels, not paragraphs.
    static let recentRunBytes = 64

    /// The glyph chains of the last few fonts asked for: a UI uses a handful of fonts, and
    /// comparing a font is cheaper than finding its file and hashing it.
    @exclusivity(unchecked) private var recentChains: [(font: UIFont, scale: CGFloat, chain: GlyphCache.Chain)] = []

    private func chain(_ font: UIFont, _ scale: CGFloat) -> GlyphCache.Chain? {
        for c in recentChains where c.scale == scale && c.font == font {
            glyphs.touch(c.chain)
            return c.chain
        }
        let closed = glyphs.sizesClosed
        let found = glyphs.chain(path: fonts.path(for: font), pixelSize: pixelSize(font, scale))
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

    // MARK: Resets

    /// Recreates every texture (after `SDL_RENDER_TARGETS_RESET` / `SDL_RENDER_DEVICE_RESET`).
    func recreateTextures() {
        resetCount &+= 1
        atlas.reset(recreateTexture: true)
        glyphs.atlasDidReset()
        images.reset()
        compositor.invalidate(destroyTarget: true)
    }

    // MARK: Drawing

    /// What one ``renderUI(_:scale:log:)`` did.
    struct FrameResult {
        var stats = DrawStats()
        var counters = FrameCounters()
        var timings = RenderTimings()
    }

    /// Draws `window` into the current render target at `scale` pixels per point: updates
    /// the cached geometry (rebuilding the frame once more if the atlas had to grow or
    /// reset), then lets the compositor draw or reuse pixels. Render state is left for the
    /// caller to restore.
    func renderUI(_ window: UIWindow, scale: CGFloat, log: (String) -> Void) -> FrameResult {
        var result = FrameResult()
        atlas.uploads = 0
        atlas.uploadedBytes = 0
        atlas.piecesRasterized = 0
        glyphs.runsRasterized = 0
        glyphs.glyphsRasterized = 0
        images.uploads = 0
        images.uploadedBytes = 0
        let atlasGeneration = atlas.generation
        let buildStart = RenderTimings.threadCPUTime()
        var stats = window.prepareDrawing(scale: scale, resources: self)
        var attempts = 0
        while atlas.overflowed && attempts < 4 {
            // The atlas filled up mid-build: grow it (or start it afresh at its largest) and
            // build the frame once more.
            attempts += 1
            atlas.reset(recreateTexture: false, grow: true)
            glyphs.atlasDidReset()
            window.setNeedsFullRedraw()
            compositor.invalidate(destroyTarget: false)
            stats = window.prepareDrawing(scale: scale, resources: self)
            if atlas.overflowed && !atlas.canGrow {
                log("the pieces of one frame exceed the \(atlas.side)px atlas; some are not drawn")
                break
            }
        }
        let buildEnd = RenderTimings.threadCPUTime()
        var c = FrameCounters()
        compositor.draw(window, stats: stats, backend: self, counters: &c)
        let end = RenderTimings.threadCPUTime()
        c.atlasResets = Int(truncatingIfNeeded: atlas.generation &- atlasGeneration)
        c.glyphRunsRasterized = glyphs.runsRasterized + glyphs.glyphsRasterized
        c.textureUploads = atlas.uploads + images.uploads
        c.uploadedBytes = atlas.uploadedBytes + images.uploadedBytes
        c.textureBytes = atlas.textureBytes + images.textureBytes + compositor.textureBytes
        c.cachedPixelBytes = compositor.textureBytes
        c.drawListRebuilt = stats.rebuilt
        c.viewsRedrawn = stats.viewsRedrawn
        result.stats = stats
        result.counters = c
        // Build: updating caches and collecting what to draw; submit: drawing and compositing.
        result.timings.build = buildEnd - buildStart + compositor.lastCollectTime
        result.timings.submit = end - buildEnd - compositor.lastCollectTime
        return result
    }

    /// Submits `list` to the current render target, each command clipped to its own clip
    /// and `limit` (when given), everything moved by (`offsetX`, `offsetY`) pixels (drawing a
    /// region of the window into its own texture; `limit` is in the moved coordinates).
    func submit(_ list: DrawList, limit: PixelRect?, offsetX: Int32 = 0, offsetY: Int32 = 0, counters: inout FrameCounters) {
        guard !list.isEmpty else { return }
        var lastClip: PixelRect?? = .none
        var lastTexture: TextureHandle?
        let renderer = self.renderer
        // SDL's software rasterizer computes edge functions in 32-bit fixed point and overflows
        // (reading texels far outside the texture) on triangles more than about 23,000 pixels
        // across; a hostile frame makes such shapes. Nothing is drawn outside the viewport, so
        // every vertex stays within `guardBand` pixels of it (vertices are viewport-relative).
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        let g = SDLRenderBackend.guardBand
        let band = PixelRect(x: -g, y: -g, width: max(0, viewport.w) &+ 2 * g, height: max(0, viewport.h) &+ 2 * g)
        list.assemble(offsetX: offsetX, offsetY: offsetY, within: band) { command, vertices, indices in
            var clip = command.clip
            if let limit { clip = clip.map { $0.intersection(limit) } ?? limit }
            if lastClip == nil || lastClip! != clip {
                if let c = clip {
                    var r = SDL_Rect(x: c.x, y: c.y, w: c.width, h: c.height)
                    SDL_RenderSetClipRect(renderer, &r)
                } else {
                    SDL_RenderSetClipRect(renderer, nil)
                }
                lastClip = .some(clip)
            }
            if let c = clip, c.isEmpty { return }
            let tex = command.texture == .atlas ? atlas.texture : images.sdlTexture(for: command.texture)
            guard let tex else { return }
            if let lt = lastTexture, lt != command.texture { counters.textureSwitches += 1 }
            lastTexture = command.texture
            _ = vertices.withMemoryRebound(to: SDL_Vertex.self) { v in
                SDL_RenderGeometry(renderer, tex, v.baseAddress! + command.vertexStart, Int32(command.vertexCount),
                                   indices.baseAddress! + command.indexStart, Int32(command.indexCount))
            }
            counters.geometrySubmissions += 1
            counters.vertices += command.vertexCount
            counters.indices += command.indexCount
        }
    }

    /// How far (pixels) geometry may reach outside the viewport before its vertices are pulled
    /// in (see ``submit(_:limit:offsetX:offsetY:counters:)``): wider than any shadow or focus
    /// ring, small enough that a 16,384-pixel target plus the band stays inside the software
    /// rasterizer's range.
    static let guardBand: Int32 = 1024

    func destroy() {
        recentChains.removeAll()
        // Its chains go with the glyph cache: identifiers of dead chains must not match.
        for i in recentRuns.indices { recentRuns[i] = RecentRun() }
        atlas.destroy()
        images.reset()
        compositor.invalidate(destroyTarget: true)
        glyphs.removeAll()
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
