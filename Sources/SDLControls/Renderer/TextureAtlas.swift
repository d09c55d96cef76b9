import SDLControlsSDL2
import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.3%
// instructions in E, +0.2% in B3 (callgrind, `controls-bench --quick --only` the scenario),
// measured 2026-11-28.

/// One texture holding every small piece the UI draws from: a white block (plain fills
/// sample it), shape tiles, glyphs, and whole runs of text that needs shaping.
///
/// - It starts small (``initialSide`` pixels a side) and doubles when a frame's pieces
///   don't fit, up to ``maximumSide``; past that it is emptied and refilled. Either way its
///   ``generation`` changes, which tells the draw traversal to rebuild geometry, and the host
///   builds the frame again. A still UI, or text that changes among glyphs already placed,
///   never fills it again: steady frames upload nothing.
/// - Packing is by shelves with one pixel of padding.
@MainActor
final class TextureAtlas {
    /// The side of a new atlas, in pixels.
    static let initialSide: Int32 = 256
    /// The largest side it grows to (or the renderer's maximum texture size when smaller).
    static let maximumSide: Int32 = 4096
    /// Top-left white block (fills sample its centre).
    static let whiteBlock: Int32 = 4

    private(set) var texture: OpaquePointer?
    private(set) var side: Int32
    private let largestSide: Int32
    @exclusivity(unchecked) private(set) var generation: UInt64 = 1
    /// Set when a piece did not fit; the host grows or resets the atlas and builds the frame again.
    @exclusivity(unchecked) private(set) var overflowed = false
    private let renderer: OpaquePointer
    @exclusivity(unchecked) private var shelves: [(y: Int32, height: Int32, x: Int32)] = []
    @exclusivity(unchecked) private var nextShelfY: Int32 = TextureAtlas.whiteBlock + 1
    @exclusivity(unchecked) private var tiles: [ShapeTileKey: AtlasRegion] = [:]
    @exclusivity(unchecked) private var composites: [CompositeTileKey: AtlasRegion] = [:]
    /// Recently used composites by their folded key (most lookups end here).
    @exclusivity(unchecked) private var recentComposites = [(key: CompositeTileKey, region: AtlasRegion)?](repeating: nil, count: 64)
    private var pixelBuffer: [UInt32] = []
    /// Whether the texture samples linearly (accelerated renderers; the software renderer's
    /// scaled copies are fastest with nearest sampling, and tiles are drawn unscaled).
    let linearFiltering: Bool

    // Counters, reset by the host each frame.
    @exclusivity(unchecked) var uploads = 0
    @exclusivity(unchecked) var uploadedBytes = 0
    @exclusivity(unchecked) var piecesRasterized = 0
    /// Times the atlas doubled.
    private(set) var growths = 0

    init(renderer: OpaquePointer, linearFiltering: Bool) {
        self.renderer = renderer
        self.linearFiltering = linearFiltering
        var info = SDL_RendererInfo()
        var limit = TextureAtlas.maximumSide
        if SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0, info.max_texture_height > 0 {
            limit = min(limit, info.max_texture_width, info.max_texture_height)
        }
        largestSide = max(64, limit)
        side = min(TextureAtlas.initialSide, largestSide)
        createTexture()
    }

    /// Texture bytes this atlas holds.
    var textureBytes: Int { texture == nil ? 0 : Int(side) * Int(side) * 4 }

    var whiteTexel: (u: Float, v: Float) {
        let c = Float(TextureAtlas.whiteBlock) / 2 / Float(side)
        return (c, c)
    }

    /// Whether it can still grow.
    var canGrow: Bool { side < largestSide }

    /// Empties the atlas (every region becomes invalid): after a device reset, or when full
    /// at its largest size. `grow` doubles it first when it can.
    func reset(recreateTexture: Bool, grow: Bool = false) {
        tiles.removeAll(keepingCapacity: true)
        composites.removeAll(keepingCapacity: true)
        for i in recentComposites.indices { recentComposites[i] = nil }
        for i in recentKeys.indices { recentKeys[i] = nil }
        shelves.removeAll(keepingCapacity: true)
        nextShelfY = TextureAtlas.whiteBlock + 1
        overflowed = false
        generation &+= 1
        var recreate = recreateTexture
        if grow && canGrow {
            side = min(largestSide, side * 2)
            growths += 1
            recreate = true
        }
        if recreate {
            if let texture { SDL_DestroyTexture(texture) }
            texture = nil
            createTexture()
        } else if texture != nil {
            clearTexture()
        }
    }

    private func createTexture() {
        guard let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                          Int32(SDL_TEXTUREACCESS_STATIC.rawValue), side, side) else {
            texture = nil
            return
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(tex, linearFiltering ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
        texture = tex
        clearTexture()
        uploadedBytes += textureBytes
    }

    /// Transparent everywhere, then the white block.
    private func clearTexture() {
        guard let tex = texture else { return }
        let rows: Int32 = 32
        let zero = [UInt32](repeating: 0, count: Int(side) * Int(rows))
        zero.withUnsafeBytes { raw in
            var y: Int32 = 0
            while y < side {
                var r = SDL_Rect(x: 0, y: y, w: side, h: min(rows, side - y))
                SDL_UpdateTexture(tex, &r, raw.baseAddress, side * 4)
                y += rows
            }
        }
        let white = [UInt32](repeating: 0xFFFF_FFFF, count: Int(TextureAtlas.whiteBlock * TextureAtlas.whiteBlock))
        white.withUnsafeBytes { raw in
            var r = SDL_Rect(x: 0, y: 0, w: TextureAtlas.whiteBlock, h: TextureAtlas.whiteBlock)
            SDL_UpdateTexture(tex, &r, raw.baseAddress, TextureAtlas.whiteBlock * 4)
        }
        uploads += 1
    }

    /// Recently used tiles by a cheap hash of their key: most lookups end here without
    /// hashing the whole key (rounded shapes look tiles up every time they are drawn).
    @exclusivity(unchecked) private var recentKeys = [ShapeTileKey?](repeating: nil, count: 512)
    @exclusivity(unchecked) private var recentRegions = [AtlasRegion](repeating: AtlasRegion(texture: .atlas, u0: 0, v0: 0, u1: 0, v1: 0),
                                                                      count: 512)

    private static func slot(_ k: ShapeTileKey) -> Int {
        var h = UInt32(bitPattern: k.width) &* 73_856_093 ^ UInt32(bitPattern: k.height) &* 19_349_663
        h ^= UInt32(bitPattern: k.radius16) &* 83_492_791 ^ k.color &* 2_654_435_761
        h ^= UInt32(bitPattern: k.shapeWidth &+ k.shapeHeight &* 7) ^ (k.mirrorX ? 0x9E37 : 0) ^ (k.mirrorY ? 0x7F4A_0000 : 0)
        if case .fill = k.style {} else { h ^= 0x5555_5555 }
        return Int((h ^ h >> 15) & 511)
    }

    /// The region of a shape tile, rasterizing and uploading it on first use.
    func tile(_ key: ShapeTileKey) -> AtlasRegion? {
        let slot = TextureAtlas.slot(key)
        if let k = recentKeys[slot], k == key { return recentRegions[slot] }
        if let r = tiles[key] {
            recentKeys[slot] = key
            recentRegions[slot] = r
            return r
        }
        guard let region = rasterizeAndPlace(width: key.width, height: key.height, key.rasterize) else { return nil }
        tiles[key] = region
        recentKeys[slot] = key
        recentRegions[slot] = region
        piecesRasterized += 1
        return region
    }

    /// Composites placed since the atlas was last emptied.
    var compositeCount: Int { composites.count }

    /// The region of a composite of stacked shape tiles, rasterizing and uploading it on first use.
    func compositeTile(_ key: CompositeTileKey) -> AtlasRegion? {
        let slot = Int(truncatingIfNeeded: key.fold & 63)
        if let k = recentComposites[slot], k.key == key { return k.region }
        if let r = composites[key] {
            recentComposites[slot] = (key, r)
            return r
        }
        guard key.count > 0, let region = rasterizeAndPlace(width: key.width, height: key.height, key.rasterize) else { return nil }
        composites[key] = region
        recentComposites[slot] = (key, region)
        piecesRasterized += 1
        return region
    }

    /// Rasterizes a `width` × `height` piece into the reused pixel buffer (`draw` gets the
    /// pixels and the pitch) and places it; nil for an empty size or when it doesn't fit.
    private func rasterizeAndPlace(width: Int32, height: Int32, _ draw: (UnsafeMutablePointer<UInt32>, Int) -> Void) -> AtlasRegion? {
        guard width > 0, height > 0 else { return nil }
        let w = Int(width), h = Int(height)
        pixelBuffer.removeAll(keepingCapacity: true)
        pixelBuffer.append(contentsOf: repeatElement(0, count: w * h))
        pixelBuffer.withUnsafeMutableBufferPointer { draw($0.baseAddress!, w) }
        return place(width: width, height: height, pixels: pixelBuffer, pitch: width)
    }

    /// Places `pixels` (ARGB8888, `pitch` pixels a row) in the atlas and uploads them;
    /// nil (and ``overflowed``) when there is no room.
    func place(width: Int32, height: Int32, pixels: [UInt32], pitch: Int32) -> AtlasRegion? {
        pixels.withUnsafeBytes { place(width: width, height: height, bytes: $0.baseAddress!, pitch: pitch) }
    }

    /// Places raw ARGB8888 rows (`pitch` in pixels).
    func place(width: Int32, height: Int32, bytes: UnsafeRawPointer, pitch: Int32) -> AtlasRegion? {
        guard texture != nil, width > 0, height > 0 else { return nil }
        guard width <= side - 2, height <= side - 2, let origin = allocate(width: width, height: height) else {
            overflowed = true
            return nil
        }
        var rect = SDL_Rect(x: origin.x, y: origin.y, w: width, h: height)
        SDL_UpdateTexture(texture, &rect, bytes, pitch * 4)
        uploads += 1
        uploadedBytes += Int(width) * Int(height) * 4
        let s = Float(side)
        return AtlasRegion(texture: .atlas, u0: Float(origin.x) / s, v0: Float(origin.y) / s,
                           u1: Float(origin.x + width) / s, v1: Float(origin.y + height) / s)
    }

    /// Shelf packing with one pixel of padding.
    private func allocate(width: Int32, height: Int32) -> (x: Int32, y: Int32)? {
        let w = width + 1, h = height + 1
        for i in shelves.indices where shelves[i].height >= h && shelves[i].height <= h + h / 3 + 2
            && shelves[i].x + w <= side {
            let x = shelves[i].x
            shelves[i].x += w
            return (x, shelves[i].y)
        }
        guard nextShelfY + h <= side, w <= side else { return nil }
        shelves.append((nextShelfY, h, w))
        defer { nextShelfY += h }
        return (0, nextShelfY)
    }

    func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
    }
}
