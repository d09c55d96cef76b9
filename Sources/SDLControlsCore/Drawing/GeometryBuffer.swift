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

    /// Appends `segment` of `source` translated by (`dx`, `dy`), its indices offset by
    /// `indexBase` (the position of its first vertex in the command that will draw it), with
    /// positions clamped to `clamp` when given (see ``DrawList/assemble(maxVertices:offsetX:offsetY:within:_:)``).
    func append(_ segment: Segment, of source: GeometryBuffer, dx: Float, dy: Float, indexBase: Int32,
                clamp: (x0: Float, y0: Float, x1: Float, y1: Float)? = nil) {
        let n = segment.vertexCount, m = segment.indexCount
        reserve(vertices: n, indices: m)
        let src = source.vertices + segment.vertexStart
        let dst = vertices + vertexCount
        if let c = clamp {
            for k in 0..<n {
                var v = src[k]
                v.x = Swift.min(Swift.max(v.x + dx, c.x0), c.x1)
                v.y = Swift.min(Swift.max(v.y + dy, c.y0), c.y1)
                dst[k] = v
            }
        } else {
            for k in 0..<n {
                var v = src[k]
                v.x += dx
                v.y += dy
                dst[k] = v
            }
        }
        let si = source.indices + segment.indexStart
        let di = indices + indexCount
        for k in 0..<m { di[k] = si[k] &+ indexBase }
        vertexCount += n
        indexCount += m
    }

    /// Appends `segment` of `source` mapped by `p` (turned, scaled, moved, faded).
    func append(_ segment: Segment, of source: GeometryBuffer, placement p: ItemPlacement, indexBase: Int32,
                clamp: (x0: Float, y0: Float, x1: Float, y1: Float)? = nil) {
        let n = segment.vertexCount, m = segment.indexCount
        reserve(vertices: n, indices: m)
        let src = source.vertices + segment.vertexStart
        let dst = vertices + vertexCount
        let fades = p.fade < 1
        for k in 0..<n {
            var v = src[k]
            var x = p.a * v.x + p.c * v.y + p.tx, y = p.b * v.x + p.d * v.y + p.ty
            if let c = clamp {
                x = Swift.min(Swift.max(x, c.x0), c.x1)
                y = Swift.min(Swift.max(y, c.y0), c.y1)
            }
            v.x = x
            v.y = y
            if fades { v.a = UInt8(Float(v.a) * p.fade + 0.5) }
            dst[k] = v
        }
        let si = source.indices + segment.indexStart
        let di = indices + indexCount
        for k in 0..<m { di[k] = si[k] &+ indexBase }
        vertexCount += n
        indexCount += m
    }

    /// Bytes of storage held.
    var storageBytes: Int {
        vertexCapacity * MemoryLayout<DrawVertex>.stride + indexCapacity * 4 + segments.capacity * MemoryLayout<Segment>.stride
    }
}
