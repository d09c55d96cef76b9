import SDLControlsSDL2
import Foundation

/// The renderer half of the host: turns the core's ``DrawList`` into batched
/// `SDL_RenderGeometry` calls and owns every texture (text atlas, images).
///
/// Implemented:
/// - one `SDL_RenderGeometry` per draw command (texture + clip); the core merges
///   everything that shares the atlas and clip, so a typical frame is one submission;
/// - `SDL_RenderSetClipRect` only where commands change clip;
/// - anti-aliasing comes from the geometry's feathered edges: no MSAA needed;
/// - the game's coordinate system (`RenderPlacement.swift`): the host reads the logical size,
///   scale, viewport and render target each frame, submits in output pixels at scale 1 inside
///   the viewport where the UI goes, and puts back draw colour, blend mode, scale, viewport and
///   clip exactly (`RenderStateSnapshot`); the render target is not changed;
/// - text rasterized at the output's pixels per point (crisp under a logical size);
/// - device and targets resets: all textures recreated, geometry rebuilt.
/// Not implemented: rotated or transformed views (the core has no transforms); a scale that
/// differs by axis (the smaller is used); clipping the UI to the game's own clip rectangle.
@MainActor
final class SDLRenderBackend: DrawResources {
    let renderer: OpaquePointer
    let atlas: TextAtlas
    let images: ImageCache
    private let fonts: FontLibrary
    /// Measured sizes of lines of text, bounded in bytes (``measureCacheByteLimit``), not entries:
    /// a few 100,000-character labels changing can't grow it without bound.
    private var measureCache: [MeasureKey: CGSize] = [:]
    /// Bytes the cache's keys hold (UTF-8 plus a fixed overhead per entry).
    private(set) var measureCacheBytes = 0
    /// The most bytes the measurement cache keeps before it starts afresh **(project choice)**.
    static let measureCacheByteLimit = 4 << 20
    private var metricsCache: [UIFont: FontMetrics] = [:]
    private var resetCount: UInt64 = 0

    private struct MeasureKey: Hashable {
        var text: String
        var font: UIFont
    }

    init(renderer: OpaquePointer, fonts: FontLibrary) {
        self.renderer = renderer
        self.fonts = fonts
        atlas = TextAtlas(renderer: renderer, fonts: fonts)
        images = ImageCache(renderer: renderer)
        precondition(MemoryLayout<DrawVertex>.size == MemoryLayout<SDL_Vertex>.size
                     && MemoryLayout<DrawVertex>.offset(of: \DrawVertex.u) == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.tex_coord),
                     "DrawVertex must match SDL_Vertex")
    }

    // MARK: DrawResources

    var whiteTexel: (u: Float, v: Float) { atlas.whiteTexel }
    var resourceGeneration: UInt64 { atlas.generation &+ resetCount << 32 }

    func textRun(_ text: String, font: UIFont, scale: CGFloat) -> TextRun? {
        atlas.run(text, font: font, scale: scale)
    }

    func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)? {
        images.texture(for: image)
    }

    func size(of text: String, font: UIFont) -> CGSize {
        let key = MeasureKey(text: text, font: font)
        if let s = measureCache[key] { return s }
        let pixelSize = Int(font.pointSize.rounded())   // UIFont keeps pointSize in 1...1000
        var w = 0   // Int: many long segments add up past Int32
        var h: Int32 = 0
        for seg in fonts.segments(of: text, mainPath: fonts.path(for: font), pixelSize: pixelSize) {
            var sw: Int32 = 0, sh: Int32 = 0
            TTF_SizeUTF8(seg.font, seg.text, &sw, &sh)
            w += Int(sw)
            h = max(h, sh)
        }
        if h == 0 { h = Int32(saturating: metrics(of: font).lineHeight) }
        let size = CGSize(width: CGFloat(w), height: CGFloat(h))
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

    func metrics(of font: UIFont) -> FontMetrics {
        if let m = metricsCache[font] { return m }
        guard let f = fonts.font(path: fonts.path(for: font), pixelSize: Int(font.pointSize.rounded())) else {
            return ApproximateTextMeasurer().metrics(of: font)
        }
        let m = FontMetrics(ascender: CGFloat(TTF_FontAscent(f)), descender: CGFloat(-TTF_FontDescent(f)),
                            lineHeight: CGFloat(TTF_FontHeight(f)))
        metricsCache[font] = m
        return m
    }

    // MARK: Resets

    /// Recreates every texture (after `SDL_RENDER_TARGETS_RESET` / `SDL_RENDER_DEVICE_RESET`).
    func recreateTextures() {
        resetCount &+= 1
        atlas.reset(recreateTexture: true)
        images.reset()
    }

    // MARK: Submission

    /// Submits `list`, filling the GPU-side counters.
    func submit(_ list: DrawList, counters: inout FrameCounters) {
        guard !list.commands.isEmpty else { return }
        var savedClip = SDL_Rect()
        let clipWasOn = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        SDL_RenderGetClipRect(renderer, &savedClip)
        var lastClip: PixelRect?? = .none
        var lastTexture: TextureHandle?
        list.vertices.withUnsafeBufferPointer { vbuf in
            vbuf.withMemoryRebound(to: SDL_Vertex.self) { sdlVertices in
                list.indices.withUnsafeBufferPointer { ibuf in
                    for command in list.commands where command.indexCount > 0 {
                        if lastClip == nil || lastClip! != command.clip {
                            if let c = command.clip {
                                var r = SDL_Rect(x: c.x, y: c.y, w: c.width, h: c.height)
                                SDL_RenderSetClipRect(renderer, &r)
                            } else {
                                SDL_RenderSetClipRect(renderer, nil)
                            }
                            lastClip = .some(command.clip)
                        }
                        if command.clip?.width == 0 || command.clip?.height == 0 { continue }
                        let tex = command.texture == .atlas ? atlas.texture : images.sdlTexture(for: command.texture)
                        guard let tex else { continue }
                        if let lt = lastTexture, lt != command.texture { counters.textureSwitches += 1 }
                        lastTexture = command.texture
                        SDL_RenderGeometry(renderer, tex, sdlVertices.baseAddress, Int32(sdlVertices.count),
                                           ibuf.baseAddress! + command.indexStart, Int32(command.indexCount))
                        counters.geometrySubmissions += 1
                        counters.indices += command.indexCount
                    }
                }
            }
        }
        counters.vertices += list.vertices.count
        if clipWasOn { SDL_RenderSetClipRect(renderer, &savedClip) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    func destroy() {
        atlas.destroy()
        images.reset()
    }
}
