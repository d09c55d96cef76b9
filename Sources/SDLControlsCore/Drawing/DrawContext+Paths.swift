import Foundation

/// Triangle paths: polygons, slanted lines, ellipses and rounded shapes too large for tiles,
/// built as point paths (arcs from cached unit-circle tables) and tessellated into triangles
/// with a one-pixel feathered fringe.
extension DrawContext {
    /// Points of a unit quarter circle split into `n` segments (cached per `n`).
    private func unitArc(_ n: Int) -> [SIMD2<Float>] {
        while arcTables.count <= n { arcTables.append([]) }
        if arcTables[n].isEmpty {
            arcTables[n] = (0...n).map { i in
                let a = Float(i) / Float(n) * (.pi / 2)
                return SIMD2(cos(a), sin(a))
            }
        }
        return arcTables[n]
    }

    /// Segments per quarter circle keeping the chord within about 0.3 pixels of the arc.
    static func arcSegments(radius: Float) -> Int {
        guard radius > 0.5, radius.isFinite else { return 2 }
        let step = 2 * acos(max(-1, min(1, 1 - 0.3 / radius)))
        // A huge radius makes 1 - 0.3 / radius round to 1 in Float, so step is 0 and the
        // quotient infinite: clamp before converting.
        return Int(max(3, min(64, ((Float.pi / 2) / step).pixelRounded(.up))))
    }

    /// Corner arcs of a rounded rectangle, clockwise on screen (y down).
    func buildRoundedRectPath(_ r: (x0: Float, y0: Float, x1: Float, y1: Float), radius: Float) {
        path.removeAll(keepingCapacity: true)
        let rad = max(0, min(radius, (r.x1 - r.x0) / 2, (r.y1 - r.y0) / 2))
        if rad < 0.5 {
            path.append(SIMD2(r.x0, r.y0)); path.append(SIMD2(r.x1, r.y0))
            path.append(SIMD2(r.x1, r.y1)); path.append(SIMD2(r.x0, r.y1))
            return
        }
        let table = unitArc(DrawContext.arcSegments(radius: rad))
        let n = table.count - 1
        // Quadrants: top right (from up to right), bottom right, bottom left, top left.
        let centres = [SIMD2(r.x1 - rad, r.y0 + rad), SIMD2(r.x1 - rad, r.y1 - rad),
                       SIMD2(r.x0 + rad, r.y1 - rad), SIMD2(r.x0 + rad, r.y0 + rad)]
        for q in 0..<4 {
            for i in 0...n {
                let u = table[i]
                // Rotate the unit quarter (0 → π/2) into quadrant q, starting at -π/2.
                let d: SIMD2<Float>
                switch q {
                case 0: d = SIMD2(u.y, -u.x)
                case 1: d = SIMD2(u.x, u.y)
                case 2: d = SIMD2(-u.y, u.x)
                default: d = SIMD2(-u.x, -u.y)
                }
                appendPathPoint(centres[q] + d * rad)
            }
        }
        if path.count > 3, let first = path.first, let last = path.last, DrawContext.coincide(first, last) {
            path.removeLast()
        }
    }

    func buildEllipsePath(_ r: (x0: Float, y0: Float, x1: Float, y1: Float)) {
        path.removeAll(keepingCapacity: true)
        let rx = (r.x1 - r.x0) / 2, ry = (r.y1 - r.y0) / 2
        guard rx > 0, ry > 0 else { return }
        let cx = r.x0 + rx, cy = r.y0 + ry
        let table = unitArc(DrawContext.arcSegments(radius: max(rx, ry)))
        let n = table.count - 1
        for q in 0..<4 {
            for i in 0..<n {
                let u = table[i]
                let d: SIMD2<Float>
                switch q {
                case 0: d = SIMD2(u.x, u.y)
                case 1: d = SIMD2(-u.y, u.x)
                case 2: d = SIMD2(-u.x, -u.y)
                default: d = SIMD2(u.y, -u.x)
                }
                path.append(SIMD2(cx + d.x * rx, cy + d.y * ry))
            }
        }
    }

    /// Appends a point unless it coincides with the previous one: a zero-length edge has no
    /// normal, and would turn into a miter spike.
    func appendPathPoint(_ p: SIMD2<Float>) {
        if let last = path.last, DrawContext.coincide(last, p) { return }
        path.append(p)
    }

    static func coincide(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool {
        let d = a - b
        return (d * d).sum() < 1e-4
    }

    /// Outward miter normals per vertex of the closed path, in `normals`.
    private func computeNormals() {
        let n = path.count
        normals.removeAll(keepingCapacity: true)
        var area: Float = 0
        for i in 0..<n {
            let a = path[i], b = path[(i + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        // Normals point outward whatever the winding.
        let sign: Float = area >= 0 ? 1 : -1
        var prev = edgeNormal(n - 1, sign)
        for i in 0..<n {
            let next = edgeNormal(i, sign)
            var m = (prev + next) * 0.5
            let d2 = (m * m).sum()
            // Miter: scale so the offset edge stays parallel; cap sharp corners.
            if d2 > 1e-6 { m /= max(d2, 0.25) }
            normals.append(m)
            prev = next
        }
    }

    private func edgeNormal(_ i: Int, _ sign: Float) -> SIMD2<Float> {
        let a = path[i], b = path[(i + 1) % path.count]
        var d = b - a
        let len = (d * d).sum().squareRoot()
        if len > 1e-6 { d /= len }
        return SIMD2(d.y, -d.x) * sign
    }

    /// Anti-aliased convex fill: an opaque core inset by half the fringe and a transparent
    /// ring outside it (`fringe` pixels wide in all; wider for shadows).
    func fillConvexPath(color c: SIMD4<UInt8>, fringe: Float = 1) {
        let n = path.count
        guard n >= 3 else { return }
        computeNormals()
        drawHeldLayersFirst()
        let base = out.segmentBase(for: .atlas)
        out.reserve(vertices: 2 * n, indices: 3 * (n - 2) + 6 * n)
        let v = out.vertices + out.vertexCount
        let h = fringe / 2
        let (wu, wv) = white
        for i in 0..<n {
            let p = path[i], m = normals[i] * h
            v[2 * i] = DrawVertex(x: p.x - m.x, y: p.y - m.y, r: c.x, g: c.y, b: c.z, a: c.w, u: wu, v: wv)
            v[2 * i + 1] = DrawVertex(x: p.x + m.x, y: p.y + m.y, r: c.x, g: c.y, b: c.z, a: 0, u: wu, v: wv)
        }
        var ip = out.indices + out.indexCount
        for i in 2..<n {
            ip[0] = base; ip[1] = base + Int32((i - 1) * 2); ip[2] = base + Int32(i * 2)
            ip += 3
        }
        for i in 0..<n {
            let j = (i + 1) % n
            let a = base + Int32(i * 2), b = base + Int32(j * 2)
            ip[0] = a; ip[1] = b; ip[2] = b + 1
            ip[3] = a; ip[4] = b + 1; ip[5] = a + 1
            ip += 6
        }
        out.commit(vertices: 2 * n, indices: 3 * (n - 2) + 6 * n)
    }

    /// A band `thickness` pixels wide along the path (closed, or open with square ends),
    /// with a one-pixel fringe both sides. Lines up to a pixel wide use three vertices per
    /// point: a centre line at the coverage and the two fringes.
    func strokePath(color c: SIMD4<UInt8>, thickness: Float, closed: Bool) {
        let n = path.count
        guard n >= 2, thickness > 0 else { return }
        if closed {
            guard n >= 3 else { return }
            computeNormals()
        } else {
            // Square ends: extend the line by half its width at both ends.
            var d = path[1] - path[0]
            let len = (d * d).sum().squareRoot()
            guard len > 1e-6 else { return }
            d /= len
            path[0] -= d * (thickness / 2)
            path[1] += d * (thickness / 2)
            let nrm = SIMD2(d.y, -d.x)
            normals.removeAll(keepingCapacity: true)
            normals.append(nrm)
            normals.append(nrm)
        }
        let thin = thickness <= 1
        let perPoint = thin ? 3 : 4
        var color = c
        let half = thin ? 0 : (thickness - 1) / 2
        if thin { color.w = UInt8((Float(c.w) * thickness).pixelRounded()) }
        let segs = closed ? n : n - 1
        drawHeldLayersFirst()
        let base = out.segmentBase(for: .atlas)
        out.reserve(vertices: perPoint * n, indices: segs * (perPoint - 1) * 6)
        let v = out.vertices + out.vertexCount
        let (wu, wv) = white
        for i in 0..<n {
            let p = path[i], m = normals[i]
            let o = perPoint * i
            if thin {
                v[o] = DrawVertex(x: p.x + m.x, y: p.y + m.y, r: c.x, g: c.y, b: c.z, a: 0, u: wu, v: wv)
                v[o + 1] = DrawVertex(x: p.x, y: p.y, r: color.x, g: color.y, b: color.z, a: color.w, u: wu, v: wv)
                v[o + 2] = DrawVertex(x: p.x - m.x, y: p.y - m.y, r: c.x, g: c.y, b: c.z, a: 0, u: wu, v: wv)
            } else {
                let a = p + m * (half + 1), b = p + m * half, d = p - m * half, e = p - m * (half + 1)
                v[o] = DrawVertex(x: a.x, y: a.y, r: c.x, g: c.y, b: c.z, a: 0, u: wu, v: wv)
                v[o + 1] = DrawVertex(x: b.x, y: b.y, r: c.x, g: c.y, b: c.z, a: c.w, u: wu, v: wv)
                v[o + 2] = DrawVertex(x: d.x, y: d.y, r: c.x, g: c.y, b: c.z, a: c.w, u: wu, v: wv)
                v[o + 3] = DrawVertex(x: e.x, y: e.y, r: c.x, g: c.y, b: c.z, a: 0, u: wu, v: wv)
            }
        }
        var ip = out.indices + out.indexCount
        for i in 0..<segs {
            let a = base + Int32(i * perPoint), b = base + Int32(((i + 1) % n) * perPoint)
            for k in 0..<Int32(perPoint - 1) {
                ip[0] = a + k; ip[1] = b + k; ip[2] = b + k + 1
                ip[3] = a + k; ip[4] = b + k + 1; ip[5] = a + k + 1
                ip += 6
            }
        }
        out.commit(vertices: perPoint * n, indices: segs * (perPoint - 1) * 6)
    }
}
