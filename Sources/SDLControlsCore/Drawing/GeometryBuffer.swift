import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +3.1%
// instructions in B3, +2.1% in E, +0.9% in IM; `@inline(__always)` on its reserve, segment and
// commit steps: +0.6% of the instructions outside the SDL libraries in E, +0.3% in B3
// (callgrind, `controls-bench --quick --only` the scenario), measured 2026-11-28 and 29.

/// Vertices and indices in manually managed storage, split into segments by texture.
///
/// Tessellation writes through raw pointers reserved once per primitive, so the per-vertex
/// loops carry no array bounds, copy-on-write or exclusivity checks; storage grows
/// geometrically and is kept, so steady frames allocate nothing.
final class GeometryBuffer {
    /// A run of geometry with one texture. Its indices count from its ``vertexStart``.
    struct Segment: Hashable {
        var texture: TextureHandle
        var vertexStart: Int
        var vertexCount: Int
        var indexStart: Int
        var indexCount: Int
    }

    @exclusivity(unchecked) private(set) var vertices: UnsafeMutablePointer<DrawVertex>
    @exclusivity(unchecked) private(set) var vertexCount = 0
    @exclusivity(unchecked) private(set) var vertexCapacity: Int
    @exclusivity(unchecked) private(set) var indices: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private(set) var indexCount = 0
    @exclusivity(unchecked) private(set) var indexCapacity: Int
    @exclusivity(unchecked) var segments: [Segment] = []

    init(vertexCapacity: Int = 0, indexCapacity: Int = 0) {
        self.vertexCapacity = vertexCapacity
        self.indexCapacity = indexCapacity
        vertices = .allocate(capacity: max(1, vertexCapacity))
        indices = .allocate(capacity: max(1, indexCapacity))
    }

    deinit {
        vertices.deallocate()
        indices.deallocate()
    }

    /// Empties the buffer, keeping its storage.
    func removeAll() {
        vertexCount = 0
        indexCount = 0
        segments.removeAll(keepingCapacity: true)
    }

    /// Makes room for `v` more vertices and `i` more indices.
    @inline(__always)
    func reserve(vertices v: Int, indices i: Int) {
        if vertexCount + v > vertexCapacity { growVertices(to: vertexCount + v) }
        if indexCount + i > indexCapacity { growIndices(to: indexCount + i) }
    }

    private func growVertices(to needed: Int) {
        let capacity = max(needed, vertexCapacity * 2, 16)
        let fresh = UnsafeMutablePointer<DrawVertex>.allocate(capacity: capacity)
        fresh.update(from: vertices, count: vertexCount)
        vertices.deallocate()
        vertices = fresh
        vertexCapacity = capacity
    }

    private func growIndices(to needed: Int) {
        let capacity = max(needed, indexCapacity * 2, 24)
        let fresh = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        fresh.update(from: indices, count: indexCount)
        indices.deallocate()
        indices = fresh
        indexCapacity = capacity
    }

    /// Starts or continues the segment for `texture`; returns the vertex index the new
    /// geometry's indices count from (relative to the segment's first vertex).
    @inline(__always)
    func segmentBase(for texture: TextureHandle) -> Int32 {
        if let last = segments.last, last.texture == texture {
            return Int32(vertexCount - last.vertexStart)
        }
        segments.append(Segment(texture: texture, vertexStart: vertexCount, vertexCount: 0, indexStart: indexCount, indexCount: 0))
        return 0
    }

    /// Records `v` vertices and `i` indices written after ``reserve(vertices:indices:)`` into
    /// the last segment.
    @inline(__always)
    func commit(vertices v: Int, indices i: Int) {
        vertexCount += v
        indexCount += i
        let last = segments.count - 1
        segments[last].vertexCount += v
        segments[last].indexCount += i
    }

    /// Replaces this buffer's contents with `other`'s, sizing storage to fit (a cache keeps
    /// no more than it needs, and no allocation happens while the size stays the same).
    func copy(from other: GeometryBuffer) {
        if other.vertexCount > vertexCapacity || vertexCapacity > 2 * other.vertexCount + 32 {
            vertices.deallocate()
            vertexCapacity = other.vertexCount
            vertices = .allocate(capacity: max(1, vertexCapacity))
        }
        if other.indexCount > indexCapacity || indexCapacity > 2 * other.indexCount + 48 {
            indices.deallocate()
            indexCapacity = other.indexCount
            indices = .allocate(capacity: max(1, indexCapacity))
        }
        vertices.update(from: other.vertices, count: other.vertexCount)
        indices.update(from: other.indices, count: other.indexCount)
        vertexCount = other.vertexCount
        indexCount = other.indexCount
        // Element by element while the count is unchanged (a redraw of the same view):
        // `removeAll` + `append(contentsOf:)` went through the array's generic replace path.
        if segments.count == other.segments.count {
            for k in segments.indices { segments[k] = other.segments[k] }
        } else {
            segments.removeAll(keepingCapacity: true)
            segments.append(contentsOf: other.segments)
        }
    }

    /// A rectangle of window pixels, as the assembler's band.
    typealias Band = (x0: Float, y0: Float, x1: Float, y1: Float)

    /// Appends `segment` of `source` translated by (`dx`, `dy`), its indices offset by
    /// `indexBase` (the position of its first vertex in the command that will draw it).
    func append(_ segment: Segment, of source: GeometryBuffer, dx: Float, dy: Float, indexBase: Int32) {
        append(segment, of: source, placement: ItemPlacement(tx: dx, ty: dy), indexBase: indexBase)
    }

    /// Appends `segment` of `source` mapped by `p` (scaled, moved, faded; blocks that reach
    /// far go through ``appendCut(_:of:placement:indexBase:band:largestTriangle:offset:)``).
    ///
    /// `offset` (whole pixels) moves the result after mapping, not inside the map: a block
    /// placed far away maps its vertices with the same rounding whichever texture region it
    /// is drawn into, so a region drawn alone matches the whole window drawn at once.
    func append(_ segment: Segment, of source: GeometryBuffer, placement p: ItemPlacement, indexBase: Int32,
                offset: (x: Float, y: Float) = (0, 0)) {
        let n = segment.vertexCount, m = segment.indexCount
        reserve(vertices: n, indices: m)
        let src = source.vertices + segment.vertexStart
        let dst = vertices + vertexCount
        if p.isTranslation {
            for k in 0..<n {
                var v = src[k]
                v.x = (v.x + p.tx) + offset.x
                v.y = (v.y + p.ty) + offset.y
                dst[k] = v
            }
        } else {
            for k in 0..<n { dst[k] = p.map(src[k], offset: offset) }
        }
        let si = source.indices + segment.indexStart
        let di = indices + indexCount
        for k in 0..<m { di[k] = si[k] &+ indexBase }
        vertexCount += n
        indexCount += m
    }

    /// About the most corners ``appendCut(_:of:placement:indexBase:band:largestTriangle:offset:)``
    /// adds for `segment` when it only cuts to the band: a triangle cut by a rectangle is a
    /// polygon of at most 7 corners.
    static func cutVertexBound(_ segment: Segment) -> Int { segment.indexCount / 3 * 7 }

    /// Appends the triangles of `segment`, mapped by `p`, each cut to `band` (window pixels)
    /// and, when `largestTriangle` (square pixels, for texture coordinates up to 1; more for
    /// smaller ones) is finite, into the cells of a grid of squares no larger than it: the parts outside the band are dropped, and new corners get
    /// interpolated colours and texture coordinates, so what lies inside draws as the whole
    /// triangle would. The grid is the window's (`offset` moves it with the vertices), not
    /// the triangle's, so two triangles that share an edge are cut at the same points along
    /// it (no cracks where a rasterizer rounds corners to pixels), and a region drawn into a
    /// texture of its own is cut as the whole window is. For turned blocks that reach far outside the output or are large
    /// (see ``DrawList/assemble(maxVertices:offsetX:offsetY:within:largestTurnedTriangle:_:)``).
    /// Returns the vertices and indices added.
    @discardableResult
    func appendCut(_ segment: Segment, of source: GeometryBuffer, placement p: ItemPlacement, indexBase: Int32,
                   band: Band, largestTriangle: Float = .infinity, offset: (x: Float, y: Float) = (0, 0)) -> (vertices: Int, indices: Int) {
        let triangles = segment.indexCount / 3
        let src = source.vertices + segment.vertexStart
        let si = source.indices + segment.indexStart
        let firstVertex = vertexCount, firstIndex = indexCount
        func emit(_ poly: UnsafeMutablePointer<DrawVertex>, _ n: Int) {
            guard n >= 3 else { return }
            reserve(vertices: n, indices: 3 * (n - 2))
            let base = Int32(vertexCount - firstVertex) &+ indexBase
            let dst = vertices + vertexCount
            for k in 0..<n { dst[k] = poly[k] }
            let di = indices + indexCount
            for k in 0..<(n - 2) {
                di[3 * k] = base
                di[3 * k + 1] = base &+ Int32(k + 1)
                di[3 * k + 2] = base &+ Int32(k + 2)
            }
            vertexCount += n
            indexCount += 3 * (n - 2)
        }
        // Four polygons of at most 11 corners (a triangle, cut by the band's four sides, then
        // a row's two and a column's two): on the stack.
        withUnsafeTemporaryAllocation(of: DrawVertex.self, capacity: 44) { scratch in
            let a = scratch.baseAddress!, b = a + 11, row = a + 22, cell = a + 33
            for t in 0..<triangles {
                // Indices are local to the segment; a bad one (never made by the tessellator)
                // drops its triangle rather than reading outside the block.
                let i0 = Int(si[3 * t]), i1 = Int(si[3 * t + 1]), i2 = Int(si[3 * t + 2])
                guard i0 >= 0, i1 >= 0, i2 >= 0, i0 < segment.vertexCount, i1 < segment.vertexCount,
                      i2 < segment.vertexCount else { continue }
                a[0] = p.map(src[i0], offset: offset); a[1] = p.map(src[i1], offset: offset); a[2] = p.map(src[i2], offset: offset)
                var n = 3
                n = Self.cut(a, n, into: b, x: true, at: band.x0, keep: .above)
                n = Self.cut(b, n, into: a, x: true, at: band.x1, keep: .below)
                n = Self.cut(a, n, into: b, x: false, at: band.y0, keep: .above)
                n = Self.cut(b, n, into: a, x: false, at: band.y1, keep: .below)
                guard n >= 3 else { continue }
                var minX = a[0].x, maxX = a[0].x, minY = a[0].y, maxY = a[0].y
                var texel = Self.smallestTexelWeight
                for k in 0..<n {
                    minX = Swift.min(minX, a[k].x); maxX = Swift.max(maxX, a[k].x)
                    minY = Swift.min(minY, a[k].y); maxY = Swift.max(maxY, a[k].y)
                    texel = Swift.max(texel, a[k].u, a[k].v)
                }
                // The polygon, and so each triangle of its fan, covers at most its box; the
                // limit is for texture coordinates up to 1, and scales with the largest used
                // (a fill's texel near the atlas's corner needs no splitting).
                let largest = largestTriangle / texel
                guard largest.isFinite, (maxX - minX) * (maxY - minY) > largest else { emit(a, n); continue }
                // The grid's side: the largest power of two whose square fits (its cells'
                // triangles are smaller still). Powers of two nest, so a coarser grid's lines
                // are among a finer one's.
                var side: Float = 1
                while side * side * 4 <= largest, side < 65_536 { side *= 2 }
                var y = ((minY - offset.y) / side).rounded(.down) * side + offset.y
                while y < maxY {
                    var m = Self.cut(a, n, into: b, x: false, at: y, keep: .above)
                    m = Self.cut(b, m, into: row, x: false, at: y + side, keep: .below)
                    if m >= 3 {
                        var x = ((minX - offset.x) / side).rounded(.down) * side + offset.x
                        while x < maxX {
                            var c = Self.cut(row, m, into: b, x: true, at: x, keep: .above)
                            c = Self.cut(b, c, into: cell, x: true, at: x + side, keep: .below)
                            emit(cell, c)
                            x += side
                        }
                    }
                    y += side
                }
            }
        }
        return (vertexCount - firstVertex, indexCount - firstIndex)
    }

    /// The least weight a triangle's texture coordinates give its area when deciding whether
    /// to split it (texels of a 1,024-texel texture's first row and column).
    static let smallestTexelWeight: Float = 1.0 / 1024

    private enum Keep { case above, below }

    /// One Sutherland–Hodgman cut of the convex polygon `input` (`count` corners) by the line
    /// x = `at` (or y = `at`), keeping the side `keep`; writes at most `count + 1` corners to
    /// `output`. A crossing is interpolated from the edge's lesser end whichever way the
    /// polygon runs, and lies exactly on the line, so neighbours cut their shared edge alike.
    private static func cut(_ input: UnsafeMutablePointer<DrawVertex>, _ count: Int, into output: UnsafeMutablePointer<DrawVertex>,
                            x: Bool, at line: Float, keep: Keep) -> Int {
        guard count > 0 else { return 0 }
        @inline(__always) func distance(_ v: DrawVertex) -> Float {
            let d = (x ? v.x : v.y) - line
            return keep == .above ? d : -d
        }
        var n = 0
        var previous = input[count - 1]
        var ps = distance(previous)
        for k in 0..<count {
            let current = input[k]
            let cs = distance(current)
            if (cs >= 0) != (ps >= 0) {
                let forward = previous.x < current.x || (previous.x == current.x && previous.y < current.y)
                var v = forward ? DrawVertex.between(previous, current, at: ps / (ps - cs))
                                : DrawVertex.between(current, previous, at: cs / (cs - ps))
                if x { v.x = line } else { v.y = line }
                output[n] = v
                n += 1
            }
            if cs >= 0 {
                output[n] = current
                n += 1
            }
            previous = current
            ps = cs
        }
        return n
    }

    /// Bytes of storage held.
    var storageBytes: Int {
        vertexCapacity * MemoryLayout<DrawVertex>.stride + indexCapacity * 4 + segments.capacity * MemoryLayout<Segment>.stride
    }
}
