import SDLControlsSDL2
import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.6%
// instructions in B3, +0.2% in E (callgrind, `controls-bench --quick --only` the scenario),
// measured 2026-11-28.

/// The renderer half of the host. Does:
/// - read the game's render state and place the UI on it (``place(reading:)``, giving the
///   host a placement and the platform half a ``PointerSpace``: values);
/// - draw the window's draw lists with `SDL_RenderGeometry` (``draw(_:log:)``), reusing
///   cached pixels through ``UICompositor``, then put the game's render state back exactly;
/// - own every texture: the atlas of tiles and glyphs, images, the cached UI pixels;
/// - measure text by the rule it draws it with, at the placement's pixels per point;
/// - clear, present and read back a frame; recreate everything after a device reset.
/// Does not: take events, know about cursors, text input or controllers (the platform half),
/// or decide when to draw (the host). Not drawn: transformed views, a scale that differs by
/// axis (the smaller is used), the game's clip rectangle. The DocC article "Performance" and
/// `RenderPlacement.swift` say how it submits and where the UI goes.
@MainActor
final class SDLRenderBackend: DrawResources {
    let renderer: OpaquePointer
    /// The window the renderer draws to.
    let sdlWindow: OpaquePointer
    let atlas: TextureAtlas
    let glyphs: GlyphCache
    let images: ImageCache
    let compositor: UICompositor
    let fonts: FontLibrary
    /// Whether the renderer is SDL's software renderer.
    let isSoftware: Bool
    /// The renderer SDL chose ("opengl", "software", …) and whether it is accelerated.
    let rendererDescription: String
    /// The game's render state as last read, and where the UI goes on it.
    private(set) var placementState: RenderPlacementState
    /// Measured sizes of lines of text, bounded in bytes (``measureCacheByteLimit``), not entries:
    /// a few 100,000-character labels changing can't grow it without bound.
    @exclusivity(unchecked) var measureCache: [MeasureKey: CGSize] = [:]
    /// Bytes the cache's keys hold (UTF-8 plus a fixed overhead per entry).
    var measureCacheBytes = 0
    /// The most bytes the measurement cache keeps before it starts afresh **(project choice)**.
    static let measureCacheByteLimit = 4 << 20
    private(set) var resetCount: UInt64 = 0
    /// Recently laid-out short lines, direct-mapped by a cheap hash of text, font and colour
    /// (a collision just replaces the slot). Chains live until the glyph cache closes their
    /// size or ``destroy()`` runs; both empty this, so an identifier stays unique while kept.
    /// Bounded: 256 slots of at most ``recentRunBytes`` bytes of text each.
    @exclusivity(unchecked) var recentRuns = [RecentRun](repeating: RecentRun(), count: 256)
    /// The longest text (UTF-8 bytes) kept in ``recentRuns``: titles and labels, not paragraphs.
    static let recentRunBytes = 64
    /// The glyph chains of the last few fonts asked for: a UI uses a handful of fonts, and
    /// comparing a font is cheaper than finding its file and hashing it.
    @exclusivity(unchecked) var recentChains: [(font: UIFont, scale: CGFloat, chain: GlyphCache.Chain)] = []

    struct MeasureKey: Hashable {
        var text: String
        var font: UIFont
    }

    init(renderer: OpaquePointer, window: OpaquePointer, fonts: FontLibrary, forcedScale: CGFloat?) {
        self.renderer = renderer
        sdlWindow = window
        self.fonts = fonts
        placementState = RenderPlacementState(forcedScale: forcedScale)
        var info = SDL_RendererInfo()
        let known = SDL_GetRendererInfo(renderer, &info) == 0
        let software = known && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        isSoftware = software
        if known {
            let accelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
            let vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
            rendererDescription = String(cString: info.name) + (accelerated ? " (accelerated" : " (software") + (vsync ? ", vsync)" : ")")
        } else {
            rendererDescription = ""
        }
        atlas = TextureAtlas(renderer: renderer, linearFiltering: !software)
        glyphs = GlyphCache(fonts: fonts)
        images = ImageCache(renderer: renderer)
        compositor = UICompositor(renderer: renderer, isSoftware: software)
        precondition(MemoryLayout<DrawVertex>.size == MemoryLayout<SDL_Vertex>.size
                     && MemoryLayout<DrawVertex>.offset(of: \DrawVertex.u) == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.tex_coord),
                     "DrawVertex must match SDL_Vertex")
    }

    // MARK: Placement

    /// When ``place(reading:)`` reads the game's render state.
    enum StateRead {
        /// Read it now.
        case always
        /// Only if the game may have changed it since the last read: pointer events of one
        /// batch were all converted by SDL with the state the game left after its last frame.
        case ifStale
        /// Don't read it: place the UI again with the last state (the layout space changed).
        case never
    }

    /// What placing the UI gave: the host fits the window to it.
    struct PlacementChange {
        /// Where the UI is now.
        var placement: SDLHost.Placement
        /// Whether the placement moved or resized (everything is drawn again).
        var moved: Bool
        /// Whether text is now measured at another scale.
        var textScaleChanged: Bool
    }

    /// What one UI point is; set by the host, applied by the next ``place(reading:)``.
    var layoutSpace: SDLHost.LayoutSpace {
        get { placementState.layoutSpace }
        set { placementState.layoutSpace = newValue }
    }

    /// Where the UI is on the window's output (``SDLHost/placement``).
    var placement: SDLHost.Placement { placementState.placement }
    /// The placement in window points, whatever the layout space.
    var windowPointsPlacement: SDLHost.Placement { placementState.windowPoints }
    /// How SDL's positions become UI points with the state as last read.
    var pointerSpace: PointerSpace { placementState.pointerSpace }

    /// The window changed size or display: its state is read again even under a game's
    /// render target.
    func windowDidChange() { placementState.isStale = true }

    /// The game runs next and may change its render state: pointer events read it again.
    func handOverToGame() { placementState.isCurrent = false }

    /// Reads the game's render state (when `reading` says) and places the UI on it.
    func place(reading: StateRead) -> PlacementChange {
        let before = placementState.placement
        switch reading {
        case .always: placementState.read(renderer: renderer, window: sdlWindow)
        case .ifStale where !placementState.isCurrent: placementState.read(renderer: renderer, window: sdlWindow)
        case .ifStale, .never: placementState.place()
        }
        let p = placementState.placement
        let scaleChanged = pixelScale != p.pixelsPerPoint
        // Text is measured at the scale it is drawn at (the placement's, a game's logical
        // scale included), so a view's measured width is its drawn width.
        pixelScale = p.pixelsPerPoint
        return PlacementChange(placement: p, moved: p != before, textScaleChanged: scaleChanged)
    }

    /// Pixels per point the UI is drawn at: text is measured at this scale, so the width a
    /// view measures is the width it draws. Follows the placement.
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

    // MARK: Resets

    /// Recreates every texture (after `SDL_RENDER_TARGETS_RESET` / `SDL_RENDER_DEVICE_RESET`).
    func recreateTextures() {
        resetCount &+= 1
        atlas.reset(recreateTexture: true)
        glyphs.atlasDidReset()
        images.reset()
        compositor.invalidate(destroyTarget: true)
    }

    // MARK: Frames

    /// Draws the UI into the current render target where the placement puts it, and puts the
    /// game's render state back exactly (see ``SDLHost/render()``). A bound render target
    /// stands for the window's whole output: the UI is drawn scaled by the target's size
    /// over the output's (the smaller ratio when they differ by axis).
    func draw(_ window: UIWindow, log: (String) -> Void) -> FrameResult {
        let saved = RenderStateSnapshot(renderer: renderer)   // leaves scale 1
        let placement = placementState.placement, state = placementState.windowState
        var pixelsPerPoint = placement.pixelsPerPoint
        var viewport: CGRect? = placement.space == .gameUnits ? state.viewport : nil
        if saved.target != nil {
            var tw: Int32 = 0, th: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &tw, &th)
            let o = state.outputSize
            let k = o.width > 0 && o.height > 0 ? min(CGFloat(tw) / o.width, CGFloat(th) / o.height) : 1
            if k.isFinite, k > 0 {
                pixelsPerPoint = min(max(pixelsPerPoint * k, SDLHost.pixelsPerPointRange.lowerBound), SDLHost.pixelsPerPointRange.upperBound)
                viewport = viewport.map { CGRect(x: $0.minX * k, y: $0.minY * k, width: $0.width * k, height: $0.height * k) }
            }
        }
        if var r = viewport.map({ SDL_Rect(x: Int32(saturating: $0.minX.rounded()), y: Int32(saturating: $0.minY.rounded()),
                                           w: Int32(saturating: $0.width.rounded()), h: Int32(saturating: $0.height.rounded())) }) {
            SDL_RenderSetViewport(renderer, &r)
        } else {
            SDL_RenderSetViewport(renderer, nil)
        }
        let frame = renderUI(window, scale: pixelsPerPoint, log: log)
        saved.restore()
        handOverToGame()
        return frame
    }

    /// Clears the current render target to a colour.
    func clear(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        SDL_SetRenderDrawColor(renderer, red, green, blue, alpha)
        SDL_RenderClear(renderer)
    }

    /// Shows the frame.
    func present() {
        SDL_RenderPresent(renderer)
    }

    /// The current render target's pixels as ARGB8888, row by row, with its size: the whole
    /// target, whatever viewport or scale the game set.
    func readPixels() -> (width: Int, height: Int, pixels: [UInt32]) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0 else { return (0, 0, []) }
        var pixels = [UInt32](repeating: 0, count: Int(w) * Int(h))
        let saved = RenderStateSnapshot(renderer: renderer)   // SDL reads the viewport: read it all
        SDL_RenderSetViewport(renderer, nil)
        pixels.withUnsafeMutableBytes { raw in
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, raw.baseAddress, w * 4)
        }
        saved.restore()
        return (Int(w), Int(h), pixels)
    }

    /// Writes the current frame to a PNG file (SDL2_image).
    func writePNG(to path: String) throws {
        let shot = readPixels()
        let w = shot.width, h = shot.height
        var pixels = shot.pixels
        guard w > 0, h > 0 else { throw SDLControlsError.screenshotFailed("the renderer has no output") }
        let result: Int32 = pixels.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4),
                                                                   SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard result == 0 else { throw SDLControlsError.screenshotFailed("\(path): \(sdlError())") }
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
        c.viewsVisited = stats.viewsVisited
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
    func submit(_ list: DrawList, limit: PixelRect?, offsetX: Int32 = 0, offsetY: Int32 = 0, output: SDL_Rect? = nil,
                counters: inout FrameCounters) {
        guard !list.isEmpty else { return }
        var lastClip: PixelRect?? = .none
        var lastTexture: TextureHandle?
        let renderer = self.renderer
        // SDL's software rasterizer computes edge functions in 32-bit fixed point and overflows
        // (reading texels far outside the texture) on triangles more than about 23,000 pixels
        // across; a hostile frame makes such shapes. Nothing is drawn outside the window's
        // output (the viewport, or `output` when drawing one region of it into a texture), so
        // every vertex stays within `guardBand` pixels of that. The band is the output's
        // whichever target is drawn: a block is then cut alike for a region and for the
        // whole window, and a region drawn again matches the window drawn from scratch.
        var viewport = SDL_Rect()
        if let output { viewport = output } else { SDL_RenderGetViewport(renderer, &viewport) }
        let g = SDLRenderBackend.guardBand
        let band = PixelRect(x: offsetX &- g, y: offsetY &- g, width: max(0, viewport.w) &+ 2 * g,
                             height: max(0, viewport.h) &+ 2 * g)
        list.assemble(offsetX: offsetX, offsetY: offsetY, within: band,
                      largestTurnedTriangle: isSoftware ? SDLRenderBackend.largestSoftwareTriangle : nil) { command, vertices, indices in
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

    /// How far (pixels) geometry may reach outside the window's output before its triangles
    /// are cut (see ``submit(_:limit:offsetX:offsetY:output:counters:)``): wider than any
    /// shadow or focus ring, small enough that a 16,384-pixel output plus the band stays
    /// inside the software rasterizer's range.
    static let guardBand: Int32 = 1024

    /// The largest triangle (square pixels, for texture coordinates up to 1) of a turned or
    /// cut block given to SDL's software renderer. It finds a texel by multiplying a texel
    /// coordinate by the triangle's area in its fixed point (8 × the area in pixels) in 32
    /// bits: with textures up to 16,384 texels a side, triangles up to 16,384 px² stay
    /// inside; half that leaves room for rounding. Upright quads inside the band, copied as
    /// rectangles, never reach that code.
    static let largestSoftwareTriangle: Float = 8192

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

