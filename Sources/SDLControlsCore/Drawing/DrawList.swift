import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +2.2% of the
// instructions outside the SDL libraries in S, +0.5% in B3 (callgrind, `controls-bench --quick
// --only` the scenario), measured 2026-11-29.

/// One vertex of the draw list, in pixels. Its memory layout is the same as SDL's
/// `SDL_Vertex` (position, RGBA8 colour, texture coordinate), so a host can submit the
/// array without converting it.
public struct DrawVertex: Hashable, Sendable {
    /// Position x, in output pixels.
    public var x: Float
    /// Position y, in output pixels.
    public var y: Float
    /// Colour red (multiplies the texture).
    public var r: UInt8
    /// Colour green.
    public var g: UInt8
    /// Colour blue.
    public var b: UInt8
    /// Colour alpha.
    public var a: UInt8
    /// Texture coordinate u, 0...1.
    public var u: Float
    /// Texture coordinate v, 0...1.
    public var v: Float

    /// Creates a vertex.
    @inlinable
    public init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float, v: Float) {
        self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
    }

    /// The vertex a fraction `t` of the way from `p` to `q` (every attribute interpolated).
    static func between(_ p: DrawVertex, _ q: DrawVertex, at t: Float) -> DrawVertex {
        let t = t.isFinite ? Swift.min(Swift.max(t, 0), 1) : 0
        @inline(__always) func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(clamping: Int((Float(a) + (Float(b) - Float(a)) * t).rounded()))
        }
        return DrawVertex(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t,
                          r: mix(p.r, q.r), g: mix(p.g, q.g), b: mix(p.b, q.b), a: mix(p.a, q.a),
                          u: p.u + (q.u - p.u) * t, v: p.v + (q.v - p.v) * t)
    }
}

/// A texture the host owns, named by a small integer. ``atlas`` is the shared texture that
/// holds a white texel (for shapes), shape tiles and glyphs, so most frames use it alone.
public struct TextureHandle: Hashable, Sendable {
    /// The host's id.
    public var rawValue: Int
    /// Creates a handle.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The shared shape-and-text atlas.
    public static let atlas = TextureHandle(rawValue: 0)
}

/// A clip rectangle in whole output pixels.
public struct PixelRect: Hashable, Sendable {
    /// Left edge.
    public var x: Int32
    /// Top edge.
    public var y: Int32
    /// Width.
    public var width: Int32
    /// Height.
    public var height: Int32
    /// Creates a rectangle.
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The whole pixels covered by `rect` (edges rounded), saturating at `Int32`'s range
    /// instead of trapping for a rectangle too large or too far away.
    package init(rounding rect: CGRect) {
        func edge(_ v: CGFloat) -> Int64 { Int64(Int32(saturating: v.rounded())) }
        let x0 = edge(rect.minX), y0 = edge(rect.minY), x1 = edge(rect.maxX), y1 = edge(rect.maxY)
        self.init(x: Int32(x0), y: Int32(y0), width: Int32(clamping: x1 - x0), height: Int32(clamping: y1 - y0))
    }

    /// The empty rectangle.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Pixels covered.
    public var area: Int { Int(width) * Int(height) }

    /// The overlap of two rectangles (zero size when they don't overlap).
    public func intersection(_ o: PixelRect) -> PixelRect {
        // In Int64: an edge of x + width can pass Int32.max.
        let x0 = max(Int64(x), Int64(o.x)), y0 = max(Int64(y), Int64(o.y))
        let x1 = min(Int64(x) + Int64(width), Int64(o.x) + Int64(o.width))
        let y1 = min(Int64(y) + Int64(height), Int64(o.y) + Int64(o.height))
        return PixelRect(x: Int32(clamping: x0), y: Int32(clamping: y0), width: Int32(clamping: x1 - x0), height: Int32(clamping: y1 - y0))
    }

    // Always inlined: as a call it costs +0.9% of the instructions outside the SDL libraries of
    // E's changing grid (callgrind, `controls-bench --quick --only E --scenario
    // grid-1000-changing`), measured 2026-11-29.
    /// The smallest rectangle holding both (an empty one adds nothing).
    @inline(__always)
    public func union(_ o: PixelRect) -> PixelRect {
        if o.isEmpty { return self }
        if isEmpty { return o }
        let x0 = min(Int64(x), Int64(o.x)), y0 = min(Int64(y), Int64(o.y))
        let x1 = max(Int64(x) + Int64(width), Int64(o.x) + Int64(o.width))
        let y1 = max(Int64(y) + Int64(height), Int64(o.y) + Int64(o.height))
        return PixelRect(x: Int32(clamping: x0), y: Int32(clamping: y0), width: Int32(clamping: x1 - x0), height: Int32(clamping: y1 - y0))
    }

    /// Whether the two share at least one pixel.
    public func intersects(_ o: PixelRect) -> Bool {
        !isEmpty && !o.isEmpty && Int64(x) < Int64(o.x) + Int64(o.width) && Int64(o.x) < Int64(x) + Int64(width)
            && Int64(y) < Int64(o.y) + Int64(o.height) && Int64(o.y) < Int64(y) + Int64(height)
    }

    /// Whether `o` lies wholly inside.
    public func contains(_ o: PixelRect) -> Bool {
        o.isEmpty || (Int64(o.x) >= Int64(x) && Int64(o.y) >= Int64(y)
                      && Int64(o.x) + Int64(o.width) <= Int64(x) + Int64(width)
                      && Int64(o.y) + Int64(o.height) <= Int64(y) + Int64(height))
    }
}

/// A run of geometry drawn with one texture and one clip rectangle: one geometry
/// submission. Its indices count from its own first vertex (``vertexStart``), so blocks of
/// cached geometry are appended with one copy each and no per-index rebasing pass.
public struct DrawCommand: Hashable, Sendable {
    /// The texture.
    public var texture: TextureHandle
    /// The clip rectangle; nil draws unclipped.
    public var clip: PixelRect?
    /// First index in the assembled indices.
    public var indexStart: Int
    /// Number of indices (a multiple of 3).
    public var indexCount: Int
    /// First vertex of this command in the assembled vertices: its indices count from here.
    public var vertexStart: Int
    /// Number of vertices the command uses.
    public var vertexCount: Int
}

/// The output of drawing a window, in the spirit of Dear ImGui's ImDrawData: which cached
/// blocks of geometry to draw, in order, each with its translation and clip.
///
/// Geometry is stored once, in each view's cache, in the view's own pixel coordinates; the
/// list holds references and integer translations, and ``DrawList/assemble(maxVertices:offsetX:offsetY:within:largestTurnedTriangle:_:)`` copies
/// the blocks into bounded reusable buffers (translated, indices offset per command) for the
/// host to submit with `SDL_RenderGeometry`. A new command starts only when the texture or
/// the clip changes, or the buffer is full.
public final class DrawList {
    struct Item {
        let cache: ViewDrawCache
        let segment: Int
        let dx: Float, dy: Float
        /// Index into ``placements`` when the block is turned, scaled, moved by a fraction of a
        /// pixel or faded as it is drawn (a transform or an animation); −1 when it is only
        /// translated by `dx`, `dy`.
        var placement: Int32 = -1
        let clip: PixelRect?
        /// Window pixels the view's block covers (clipped), grown to ``PixelRect/blockArea``:
        /// the drawing pass's structure hash covers it, so it stays true while the list does.
        let area: PixelRect
    }

    @exclusivity(unchecked) var items: [Item] = [] {
        didSet { index.invalidate() }   // (appends too: an index of other blocks would be wrong)
    }
    /// Which blocks lie in which tile (see ``BlockIndex``), for ``select(from:clippedTo:)``.
    @exclusivity(unchecked) var index = BlockIndex()
    @exclusivity(unchecked) var clipStack: [PixelRect] = []
    /// The placements of the items that have one (``Item/placement``).
    @exclusivity(unchecked) var placements: [ItemPlacement] = []
    /// The blocks meeting one rectangle, while ``select(from:clippedTo:)`` runs (kept: no
    /// allocation per frame).
    @exclusivity(unchecked) private var met: [Item] = []
    /// Vertices the items hold.
    public var vertexCount: Int { items.reduce(0) { $0 + $1.cache.geometry.segments[$1.segment].vertexCount } }
    /// Indices the items hold.
    public var indexCount: Int { items.reduce(0) { $0 + $1.cache.geometry.segments[$1.segment].indexCount } }

    /// The window structure (see `UIWindow.drawStructure`) this list holds every block of,
    /// when it was collected for the whole window; nil after a partial collection or a reset.
    @exclusivity(unchecked) package var collectedStructure: UInt64?

    /// Assembly storage, reused (no allocation once grown).
    private let scratch: GeometryBuffer

    /// Creates an empty list.
    public init() { scratch = GeometryBuffer() }

    /// Creates an empty list that assembles in `other`'s storage: two lists never assembled
    /// at once (a window's list and the part of it picked for a redraw) keep one buffer as
    /// large as the larger of their assemblies, not two.
    package init(sharingAssemblyStorageWith other: DrawList) { scratch = other.scratch }

    /// Empties the list, keeping its storage (no allocation in steady state).
    public func reset() {
        collectedStructure = nil
        items.removeAll(keepingCapacity: true)   // (forgets the index: see `items`)
        clipStack.removeAll(keepingCapacity: true)
        placements.removeAll(keepingCapacity: true)
    }

    /// Whether the list draws nothing.
    public var isEmpty: Bool { items.isEmpty }

    /// The clip currently applied to new geometry.
    public var currentClip: PixelRect? { clipStack.last }

    /// Clips following geometry to `rect` (intersected with the current clip).
    public func pushClip(_ rect: PixelRect) {
        clipStack.append(currentClip.map { $0.intersection(rect) } ?? rect)
    }

    /// Restores the previous clip.
    public func popClip() {
        _ = clipStack.popLast()
    }

    /// Appends every segment of a view's cached block, translated by whole pixels.
    func append(_ cache: ViewDrawCache, dx: Int32, dy: Int32, clip: PixelRect?, area: PixelRect) {
        let geometry = cache.geometry
        for s in geometry.segments.indices where geometry.segments[s].indexCount > 0 {
            items.append(Item(cache: cache, segment: s, dx: Float(dx), dy: Float(dy), clip: clip, area: area))
        }
    }

    /// Appends every segment of a view's cached block, drawn through `placement`.
    func append(_ cache: ViewDrawCache, placement: ItemPlacement, clip: PixelRect?, area: PixelRect) {
        let geometry = cache.geometry
        let index = Int32(placements.count)
        placements.append(placement)
        for s in geometry.segments.indices where geometry.segments[s].indexCount > 0 {
            items.append(Item(cache: cache, segment: s, dx: 0, dy: 0, placement: index, clip: clip, area: area))
        }
    }

    /// The window pixels an item's block covers before clipping.
    @inline(__always)
    func bounds(of item: Item) -> PixelRect {
        if item.placement >= 0 { return placements[Int(item.placement)].bounds }
        let lb = item.cache.localBounds
        return PixelRect(x: lb.x &+ Int32(saturating: item.dx), y: lb.y &+ Int32(saturating: item.dy), width: lb.width, height: lb.height)
    }

    /// Makes this list what drawing `rects` again needs, for a compositor that cleared them:
    /// for each rectangle in turn, the blocks of `full` that put pixels in it, in order, each
    /// clipped to it. A block lying wholly inside its rectangle (and its own clip) keeps no
    /// clip: its pixels are the same either way, and blocks without a clip merge into one
    /// command across rectangles, so a frame that changed a hundred scattered controls submits
    /// their geometry as one batch instead of one clipped batch per rectangle. Blocks that
    /// draw nothing inside their rectangle are left out.
    ///
    /// The rectangles must not overlap (a block in two of them would be drawn twice where
    /// they meet); damage regions are kept that way.
    package func select(from full: DrawList, clippedTo rects: [PixelRect]) {
        reset()
        guard !rects.isEmpty, !full.items.isEmpty else { return }
        if !full.index.isBuilt { full.index.build(full.items) }
        for r in rects where !r.isEmpty {
            met.removeAll(keepingCapacity: true)
            full.index.select(full.items, meeting: r, into: &met)
            for item in met {
                let bounds = full.bounds(of: item)
                let clip = item.clip.map { $0.intersection(r) } ?? r
                guard bounds.intersects(clip) else { continue }
                var placement: Int32 = -1
                if item.placement >= 0 {
                    placement = Int32(placements.count)
                    placements.append(full.placements[Int(item.placement)])
                }
                items.append(Item(cache: item.cache, segment: item.segment, dx: item.dx, dy: item.dy, placement: placement,
                                  clip: clip.contains(bounds) ? nil : clip, area: item.area))
            }
        }
    }

    /// The commands ``DrawList/assemble(maxVertices:offsetX:offsetY:within:largestTurnedTriangle:_:)`` would hand out (texture and clip changes and
    /// full buffers start new ones), without copying any geometry.
    public func commandCount(maxVertices: Int = DrawList.defaultMaxVertices) -> Int {
        let limit = max(1024, maxVertices)
        var count = 0, inBuffer = 0
        var last: (TextureHandle, PixelRect?)?
        for item in items {
            let seg = item.cache.geometry.segments[item.segment]
            if inBuffer + seg.vertexCount > limit { inBuffer = 0; last = nil }
            if last == nil || last!.0 != seg.texture || last!.1 != item.clip { count += 1 }
            last = (seg.texture, item.clip)
            inBuffer += seg.vertexCount
        }
        return count
    }

    /// Vertices per assembled buffer unless told otherwise (1.25 MiB of vertices).
    public static let defaultMaxVertices = 1 << 16

    /// Copies the list into one reusable buffer, at most `maxVertices` vertices at a time,
    /// and hands each command to `body` with the buffer's vertices (output pixels) and
    /// indices (counting from the command's ``DrawCommand/vertexStart``). Consecutive blocks
    /// that share texture and clip merge into one command. Allocates nothing once the buffer
    /// has grown.
    ///
    /// `offsetX` / `offsetY` move everything (vertices and clips) by whole pixels: drawing
    /// into a texture that holds one region of the window.
    ///
    /// `within` (in the moved coordinates), when given, is a band no vertex leaves.
    /// Renderers that rasterize in 32-bit fixed point (SDL's software renderer) overflow on
    /// triangles tens of thousands of pixels across. A block that reaches outside the band has
    /// its triangles cut to it, with colours and texture coordinates interpolated along the
    /// cuts: what lies inside draws as before, wherever the band is (pulling vertices in
    /// instead bends every triangle but an upright rectangle's, and the bend moves with the
    /// band: a texture region drawn alone would not match the window drawn at once).
    ///
    /// `largestTurnedTriangle` (square pixels, for texture coordinates up to 1), when given,
    /// also splits the triangles of turned blocks, and of blocks cut at the band, until none
    /// is larger: SDL's software renderer multiplies a triangle's area by its texel
    /// coordinates in 32 bits, and reads outside the texture when that overflows (a label
    /// turned and zoomed far). Upright blocks inside the band don't need it (that renderer
    /// copies their quads as rectangles).
    public func assemble(maxVertices: Int = DrawList.defaultMaxVertices, offsetX: Int32 = 0, offsetY: Int32 = 0,
                         within band: PixelRect? = nil, largestTurnedTriangle: Float? = nil,
                         _ body: (DrawCommand, UnsafeBufferPointer<DrawVertex>, UnsafeBufferPointer<Int32>) -> Void) {
        let ox = Float(offsetX), oy = Float(offsetY)
        let cut = band.map { (x0: Float($0.x), y0: Float($0.y), x1: Float($0.x) + Float($0.width), y1: Float($0.y) + Float($0.height)) }
        let largest = largestTurnedTriangle.map { $0 > 0 ? $0 : 1 } ?? .infinity
        let limit = max(1024, maxVertices)
        let buffer = scratch
        buffer.removeAll()
        var open: DrawCommand?
        func emit(_ c: DrawCommand) {
            guard c.indexCount > 0 else { return }
            body(c, UnsafeBufferPointer(start: buffer.vertices, count: buffer.vertexCount),
                 UnsafeBufferPointer(start: buffer.indices, count: buffer.indexCount))
        }
        for item in items {
            let geometry = item.cache.geometry
            let seg = geometry.segments[item.segment]
            let placement: ItemPlacement? = item.placement >= 0 ? placements[Int(item.placement)] : nil
            // Whether the block reaches outside the band (by its pixel bounds, moved), and
            // whether a turned one is cut (and split); only such blocks pay for either.
            var outside = false, cutting = false
            if cut != nil || largest < .infinity {
                let b = bounds(of: item)
                let x0 = Float(b.x) + ox, y0 = Float(b.y) + oy, x1 = x0 + Float(b.width), y1 = y0 + Float(b.height)
                if let c = cut { outside = !(x0 >= c.x0 && y0 >= c.y0 && x1 <= c.x1 && y1 <= c.y1) }
                // A triangle inside a box covers at most half of it.
                cutting = outside || ((placement?.isTurned ?? false) && (x1 - x0) * (y1 - y0) / 2 > largest)
            }
            let most = cutting ? max(seg.vertexCount, GeometryBuffer.cutVertexBound(seg)) : seg.vertexCount
            if buffer.vertexCount + most > limit, buffer.vertexCount > 0 {
                if let c = open { emit(c) }
                open = nil
                buffer.removeAll()
            }
            let clip = item.clip.map { PixelRect(x: $0.x &+ offsetX, y: $0.y &+ offsetY, width: $0.width, height: $0.height) }
            if let c = open, c.texture != seg.texture || c.clip != clip {
                emit(c)
                open = nil
            }
            if open == nil {
                open = DrawCommand(texture: seg.texture, clip: clip, indexStart: buffer.indexCount, indexCount: 0,
                                   vertexStart: buffer.vertexCount, vertexCount: 0)
            }
            let base = Int32(buffer.vertexCount - open!.vertexStart)
            if cutting {
                let unbounded: GeometryBuffer.Band = (-.infinity, -.infinity, .infinity, .infinity)
                let added = buffer.appendCut(seg, of: geometry, placement: placement ?? ItemPlacement(tx: item.dx, ty: item.dy),
                                             indexBase: base,
                                             band: cut ?? unbounded, largestTriangle: largest, offset: (ox, oy))
                open!.indexCount += added.indices
                open!.vertexCount += added.vertices
                continue
            }
            if let placement {
                buffer.append(seg, of: geometry, placement: placement, indexBase: base, offset: (ox, oy))
            } else {
                buffer.append(seg, of: geometry, dx: item.dx + ox, dy: item.dy + oy, indexBase: base)
            }
            open!.indexCount += seg.indexCount
            open!.vertexCount += seg.vertexCount
        }
        if let c = open { emit(c) }
    }

    /// The assembled vertices, indices and commands in one piece (allocates; for tests and
    /// tools, not per frame). Each command's indices count from its own first vertex.
    public func assembled() -> (vertices: [DrawVertex], indices: [Int32], commands: [DrawCommand]) {
        var vs: [DrawVertex] = [], ids: [Int32] = [], cmds: [DrawCommand] = []
        assemble(maxVertices: Int.max / 4) { c, v, i in
            var out = c
            out.vertexStart = vs.count
            out.indexStart = ids.count
            vs.append(contentsOf: v[c.vertexStart..<c.vertexStart + c.vertexCount])
            ids.append(contentsOf: i[c.indexStart..<c.indexStart + c.indexCount])
            cmds.append(out)
        }
        return (vs, ids, cmds)
    }

    /// Every vertex of the list in output pixels (allocates; for tests).
    public var vertices: [DrawVertex] { assembled().vertices }
}

/// How a block is drawn when it is more than translated by whole pixels: the map from its
/// cached pixels to window pixels (x' = a·x + c·y + tx, y' = b·x + d·y + ty), an opacity
/// applied to its vertices, and the window pixels it then covers.
struct ItemPlacement: Equatable {
    var a: Float = 1, b: Float = 0, c: Float = 0, d: Float = 1
    var tx: Float = 0, ty: Float = 0
    /// Multiplies every vertex's alpha (a fading view or an ancestor's).
    var fade: Float = 1
    /// Window pixels covered (the mapped block's bounds, rounded out).
    var bounds = PixelRect.zero

    /// Whether it only moves (no scale, turn or fade).
    var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 && fade >= 1 }

    /// Whether it turns or shears (its quads are no longer upright).
    var isTurned: Bool { b != 0 || c != 0 }

    /// `vertex` placed: its position mapped then moved by `offset`, its alpha faded.
    @inline(__always)
    func map(_ vertex: DrawVertex, offset: (x: Float, y: Float) = (0, 0)) -> DrawVertex {
        var v = vertex
        v.x = (a * vertex.x + c * vertex.y + tx) + offset.x
        v.y = (b * vertex.x + d * vertex.y + ty) + offset.y
        if fade < 1 { v.a = UInt8(Float(v.a) * fade + 0.5) }
        return v
    }

    /// The window pixels `local` (cached pixels) covers once mapped, rounded out; empty when
    /// the map flattens it or a value is not finite.
    func mapped(_ local: PixelRect) -> PixelRect {
        guard !local.isEmpty else { return .zero }
        let x0 = Float(local.x), y0 = Float(local.y), x1 = x0 + Float(local.width), y1 = y0 + Float(local.height)
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        @inline(__always) func corner(_ x: Float, _ y: Float) {
            let px = a * x + c * y + tx, py = b * x + d * y + ty
            minX = Swift.min(minX, px); maxX = Swift.max(maxX, px)
            minY = Swift.min(minY, py); maxY = Swift.max(maxY, py)
        }
        corner(x0, y0); corner(x1, y0); corner(x0, y1); corner(x1, y1)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else { return .zero }
        // Within ±2^24 pixels, as the tessellator's shapes: areas of damage and occupancy stay
        // far inside Int.
        let limit: Float = 16_777_216
        minX = Swift.max(minX, -limit); minY = Swift.max(minY, -limit)
        maxX = Swift.min(maxX, limit); maxY = Swift.min(maxY, limit)
        guard maxX > minX, maxY > minY else { return .zero }
        let fx = minX.pixelRounded(.down), fy = minY.pixelRounded(.down)
        return PixelRect(x: Int32(saturating: fx), y: Int32(saturating: fy),
                         width: Int32(saturating: maxX.pixelRounded(.up) - fx), height: Int32(saturating: maxY.pixelRounded(.up) - fy))
    }
}
