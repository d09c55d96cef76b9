import SDLControlsSDL2
import Foundation

/// Puts the UI's pixels on the current render target, reusing them between frames.
///
/// The UI is drawn into cached render-target textures, one per occupied region of the
/// window (``OccupancyGrid``: a HUD down both sides is two columns; an empty UI is none);
/// each frame they are copied over whatever is on the current target (the game's scene).
/// When nothing changed those copies are the whole cost; when a few views changed only their
/// damaged rectangles are cleared and drawn again into the cache first, all of a region's in
/// one clear and one batch of geometry (see ``DrawList/select(from:clippedTo:)``). When most of the UI
/// changed (or the cache is new) drawing straight to the current target is cheaper than
/// drawing into the cache and copying, so that frame draws directly and the cache is rebuilt
/// on the next calmer frame.
///
/// Fallbacks: no render targets (`SDL_RenderTargetSupported`), regions larger than the
/// renderer's largest texture or together more than ``maximumPixels``, or ``Policy/never``:
/// every frame is drawn directly. `SDL_RENDER_TARGETS_RESET` invalidates the cache and
/// `SDL_RENDER_DEVICE_RESET` recreates it (the host calls ``invalidate(destroyTarget:)``).
/// Any pixel density works (the cache is in output pixels). The game's render target,
/// viewport, clip, scale and logical size are put back after drawing into the cache.
///
/// Alpha: drawing into a transparent target leaves premultiplied colour. Renderers with
/// custom blend modes composite it with (one, one − source alpha); the software renderer
/// has none, so each redrawn rectangle is read back and converted to straight alpha, which
/// its ordinary blend composites exactly.
@MainActor
final class UICompositor {
    /// When to cache the UI's pixels.
    enum Policy: Sendable {
        /// Wherever render targets work: measured to pay with the software renderer and with
        /// OpenGL (Mesa llvmpipe); see the README's Performance.
        case automatic
        /// Whenever the renderer supports render targets.
        case always
        /// Never: draw the geometry every frame.
        case never
    }

    /// The most pixels the cache may hold (64 MiB): larger UIs draw directly.
    static let maximumPixels = 4096 * 4096
    /// The most regions cached separately; more are merged into their bounding box.
    static let maximumRegions = 16

    /// One cached region: window pixels `rect`, held by `texture`.
    private struct Region {
        var rect: PixelRect
        var texture: OpaquePointer
    }

    var policy: Policy = .automatic
    let renderer: OpaquePointer
    let isSoftware: Bool
    private let targetsSupported: Bool
    private let maximumSide: Int32
    private var regions: [Region] = []
    private var regionsValid = false
    private var premultipliedComposite = false
    /// The window's blocks, collected again only when what is drawn where changes.
    private let list = DrawList()
    /// The blocks that draw into the rectangles being drawn again, picked from ``list``.
    private let partial: DrawList
    /// The damaged rectangles inside one region, and the same in the region's texture as SDL
    /// rectangles (both kept: no allocation per frame).
    private var regionRects: [PixelRect] = []
    private var localRects: [SDL_Rect] = []
    private var convertBuffer: [UInt32] = []
    /// 65536 × 255 / alpha, rounded: un-premultiplying by one multiply and a shift.
    private let reciprocal: [UInt32] = UICompositor.reciprocals()
    /// CPU time the last ``draw`` spent collecting cached geometry (counted as building).
    private(set) var lastCollectTime: Double = 0
    /// Whether the last frame drew straight to the current target.
    private(set) var lastFrameWasDirect = true

    private static func reciprocals() -> [UInt32] {
        var table = [UInt32](repeating: 0, count: 256)
        for a in 1..<256 {
            let n: Int = (255 << 16) + a / 2
            table[a] = UInt32(n / a)
        }
        return table
    }

    init(renderer: OpaquePointer, isSoftware: Bool) {
        self.renderer = renderer
        self.isSoftware = isSoftware
        partial = DrawList(sharingAssemblyStorageWith: list)
        targetsSupported = SDL_RenderTargetSupported(renderer) == SDL_TRUE
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0, info.max_texture_height > 0 {
            maximumSide = min(info.max_texture_width, info.max_texture_height)
        } else {
            maximumSide = 16384
        }
    }

    /// Whether this renderer caches the UI's pixels under the current policy.
    var cachesPixels: Bool {
        guard targetsSupported else { return false }
        switch policy {
        case .automatic: return true
        case .always: return true
        case .never: return false
        }
    }

    /// Bytes of the cached pixels.
    var textureBytes: Int { regions.reduce(0) { $0 + $1.rect.area * 4 } }

    /// The cached pixels are stale (`destroyTarget`: the textures are gone too, after a
    /// device reset).
    func invalidate(destroyTarget: Bool) {
        regionsValid = false
        if destroyTarget { destroyRegions() }
    }

    private func destroyRegions() {
        for r in regions { SDL_DestroyTexture(r.texture) }
        regions.removeAll()
        regionsValid = false
    }

    /// Draws the window's UI (its caches brought up to date by `prepareDrawing`) onto the
    /// current render target and clears its damage.
    func draw(_ window: UIWindow, stats: DrawStats, backend: SDLRenderBackend, counters: inout FrameCounters) {
        lastCollectTime = 0
        defer { window.damage.clear() }
        guard cachesPixels, cacheRegions(for: window.occupancy, whileAnimating: window.isAnimatingViews) else {
            regionsValid = false
            drawDirect(window, backend: backend, counters: &counters)
            return
        }
        let damage = window.damage
        let occupied = window.occupancy
        var damagedArea = 0
        for r in damage.rects {
            for o in occupied.rects { damagedArea += r.intersection(o).area }
        }
        // Most of the UI changing (by area, or most views drawn again): drawing it into the
        // cache and copying costs more than drawing it where it goes.
        let large = damage.isFull || damagedArea * 2 > max(1, occupied.area)
            || (stats.rebuilt && stats.viewsRedrawn * 2 > max(1, stats.viewsDrawn))
        if !regionsValid {
            if large {
                drawDirect(window, backend: backend, counters: &counters)
                return
            }
            collectBlocks(window)
            for region in regions {
                regionRects.removeAll(keepingCapacity: true)
                regionRects.append(region.rect)
                redraw(regionRects, into: region, window: window, backend: backend, counters: &counters)
            }
            regionsValid = true
        } else if large {
            regionsValid = false
            drawDirect(window, backend: backend, counters: &counters)
            return
        } else if !damage.isEmpty {
            collectBlocks(window)
            for region in regions {
                regionRects.removeAll(keepingCapacity: true)
                for r in damage.rects {
                    let c = r.intersection(region.rect)
                    if !c.isEmpty { regionRects.append(c) }
                }
                redraw(regionRects, into: region, window: window, backend: backend, counters: &counters)
            }
        }
        lastFrameWasDirect = false
        for region in regions {
            var src = SDL_Rect(x: 0, y: 0, w: region.rect.width, h: region.rect.height)
            var dst = SDL_Rect(x: region.rect.x, y: region.rect.y, w: region.rect.width, h: region.rect.height)
            SDL_RenderCopy(renderer, region.texture, &src, &dst)
            counters.compositeCopies += 1
        }
    }

    /// Brings ``list`` up to date with the window's last drawing pass.
    private func collectBlocks(_ window: UIWindow) {
        let t0 = RenderTimings.threadCPUTime()
        window.collectDrawList(into: list)
        lastCollectTime += RenderTimings.threadCPUTime() - t0
    }

    /// Every view, straight onto the current target.
    private func drawDirect(_ window: UIWindow, backend: SDLRenderBackend, counters: inout FrameCounters) {
        lastFrameWasDirect = true
        collectBlocks(window)
        backend.submit(list, limit: nil, counters: &counters)
        counters.redrawnPixels += window.occupancy.area
    }

    /// Clears `rects` (window pixels inside the region, not overlapping) of the region's
    /// texture and draws what meets them again, clipped to them. One clear for all of them,
    /// then one batch of geometry: blocks wholly inside their rectangle need no clip, so a
    /// hundred scattered changed controls cost an accelerated renderer a few calls, not a
    /// clipped call (a flush of its state) per rectangle.
    private func redraw(_ rects: [PixelRect], into region: Region, window: UIWindow, backend: SDLRenderBackend,
                        counters: inout FrameCounters) {
        guard !rects.isEmpty else { return }
        let saved = RenderStateSnapshot(renderer: renderer)   // the game's target comes back after
        var output = SDL_Rect()
        SDL_RenderGetViewport(renderer, &output)   // the window's, for the geometry's band
        SDL_SetRenderTarget(renderer, region.texture)
        counters.renderTargetSwitches += 2
        let ox = -region.rect.x, oy = -region.rect.y
        localRects.removeAll(keepingCapacity: true)
        for rect in rects {
            localRects.append(SDL_Rect(x: rect.x &+ ox, y: rect.y &+ oy, w: rect.width, h: rect.height))
            counters.redrawnPixels += rect.area
        }
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderFillRects(renderer, localRects, Int32(localRects.count))
        counters.cacheClears += 1
        counters.redrawnRects += rects.count
        let t0 = RenderTimings.threadCPUTime()
        partial.select(from: list, clippedTo: rects)
        lastCollectTime += RenderTimings.threadCPUTime() - t0
        backend.submit(partial, limit: nil, offsetX: ox, offsetY: oy, output: output, counters: &counters)
        SDL_RenderSetClipRect(renderer, nil)
        if !premultipliedComposite {
            for r in localRects { straightenAlpha(PixelRect(x: r.x, y: r.y, width: r.w, height: r.h), of: region.texture) }
        }
        saved.restore()
    }

    /// Makes the cached textures match the occupied rectangles (reusing them when nothing
    /// moved); false when the cache can't be had (too large, or no texture).
    ///
    /// While views animate and the occupied area has left the regions, no regions are made
    /// (the UI is drawn directly): the moving area would make new textures frame after frame,
    /// and a picture that changes every frame gains nothing from a cache. They are made again
    /// once the animations end.
    private func cacheRegions(for occupancy: OccupancyGrid, whileAnimating animating: Bool) -> Bool {
        // Kept while they still hold everything drawn and aren't mostly empty: text whose
        // width changes every frame moves the occupied edge by a cell now and then, and
        // recreating (and redrawing) the cache for that would cost more than copying a
        // little empty space. Allocation-free in the common case.
        let current = occupancy.rects
        if !regions.isEmpty, current.count <= UICompositor.maximumRegions {
            var held = true
            var wantedArea = 0
            for r in current where !r.isEmpty {
                wantedArea += r.area
                var inside = false
                for region in regions where region.rect.contains(r) { inside = true; break }
                if !inside { held = false; break }
            }
            if held && wantedArea * 2 >= textureBytes / 4 { return true }
        } else if regions.isEmpty && current.allSatisfy(\.isEmpty) {
            return true
        }
        if animating {
            destroyRegions()
            return false
        }
        var wanted = current.filter { !$0.isEmpty }
        if wanted.count > UICompositor.maximumRegions {
            var all = wanted[0]
            for r in wanted { all = all.union(r) }
            wanted = [all]
        }
        destroyRegions()
        guard wanted.reduce(0, { $0 + $1.area }) <= UICompositor.maximumPixels,
              wanted.allSatisfy({ $0.width <= maximumSide && $0.height <= maximumSide }) else { return false }
        let premultiplied = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                                       SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        for rect in wanted {
            guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                            rect.width, rect.height) else {
                destroyRegions()
                return false
            }
            SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest)
            premultipliedComposite = !isSoftware && SDL_SetTextureBlendMode(t, premultiplied) == 0
            if !premultipliedComposite { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND) }
            regions.append(Region(rect: rect, texture: t))
        }
        regionsValid = false
        return true
    }

    /// Converts a rectangle of the cache from premultiplied to straight alpha (read back,
    /// divide, write back), in strips of at most 64 Ki pixels.
    private func straightenAlpha(_ rect: PixelRect, of target: OpaquePointer) {
        guard !rect.isEmpty else { return }
        let w = Int(rect.width)
        let rowsPerStrip = max(1, (1 << 16) / w)
        if convertBuffer.count < w * rowsPerStrip { convertBuffer = [UInt32](repeating: 0, count: w * rowsPerStrip) }
        var y = rect.y
        let bottom = rect.y + rect.height
        convertBuffer.withUnsafeMutableBufferPointer { buffer in
            reciprocal.withUnsafeBufferPointer { inv in
                let p = buffer.baseAddress!
                while y < bottom {
                    let h = min(Int32(rowsPerStrip), bottom - y)
                    var r = SDL_Rect(x: rect.x, y: y, w: rect.width, h: h)
                    guard SDL_RenderReadPixels(renderer, &r, SDL_PIXELFORMAT_ARGB8888.rawValue, p, rect.width * 4) == 0 else { return }
                    for i in 0..<(w * Int(h)) {
                        let v = p[i]
                        let a = v >> 24
                        if a == 255 { continue }
                        if a == 0 { p[i] = 0; continue }
                        let k = inv[Int(a)]
                        let red = min(255, (((v >> 16) & 0xFF) * k + 0x8000) >> 16)
                        let green = min(255, (((v >> 8) & 0xFF) * k + 0x8000) >> 16)
                        let blue = min(255, ((v & 0xFF) * k + 0x8000) >> 16)
                        p[i] = a << 24 | red << 16 | green << 8 | blue
                    }
                    SDL_UpdateTexture(target, &r, p, rect.width * 4)
                    y += h
                }
            }
        }
    }
}
