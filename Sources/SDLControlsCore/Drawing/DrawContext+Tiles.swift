import Foundation

/// Quads and tiles: axis-aligned quads (rectangles with exact coverage), rounded rectangles,
/// capsules and circles from anti-aliased atlas tiles (with their triangle fallback for shapes
/// too large for tiles), and the composite tiles `compositing(_:)` merges small shapes into.
extension DrawContext {
    // MARK: Composite tiles

    /// Draws `body` with its small rounded shapes (those that are one tile each: thumbs,
    /// plates, their shadows and outlines) merged into one composite tile where they fit
    /// (``CompositeTileKey``): the pixels look the same, but the renderer blends them once
    /// instead of once per shape. Anything else drawn inside (text, rectangles, larger shapes)
    /// first draws what is held back, so the order of drawing is kept. Only where the host
    /// bakes colours into tiles (the software renderer); elsewhere `body` draws as is.
    func compositing(_ body: () -> Void) {
        compositingDepth += 1
        body()
        compositingDepth -= 1
        if compositingDepth == 0 { flushComposite() }
    }

    /// Draws the held-back layers: one composite tile when there are several and the host
    /// can place it, else each its own tile.
    private func flushComposite() {
        let n = pendingLayers.count
        guard n > 0 else { return }
        // Relative to the union of the layers' boxes, at (x0, y0).
        var x0 = Int32.max, y0 = Int32.max, x1 = Int32.min, y1 = Int32.min
        for k in 0..<n {
            let l = pendingLayers[k]
            x0 = min(x0, l.x); y0 = min(y0, l.y)
            x1 = max(x1, l.x &+ l.shape.width); y1 = max(y1, l.y &+ l.shape.height)
        }
        for k in 0..<n {
            pendingLayers[k].x = pendingLayers[k].x &- x0
            pendingLayers[k].y = pendingLayers[k].y &- y0
        }
        pendingLayers.width = x1 &- x0
        pendingLayers.height = y1 &- y0
        // Taken out first: the `quad`s below must not flush again.
        let layers = pendingLayers
        pendingLayers.removeAll()
        if n > 1, Int64(layers.width) * Int64(layers.height) <= DrawContext.compositeTileArea,
           let region = resources?.compositeTile(layers) {
            quad(Float(x0), Float(y0), Float(x1), Float(y1), region: region, color: SIMD4(255, 255, 255, 255))
            return
        }
        for k in 0..<n {
            let l = layers[k]
            emitTile(l.shape, x: Float(l.x &+ x0), y: Float(l.y &+ y0))
        }
    }

    /// Draws held-back layers before any other geometry, so the order of drawing is kept.
    func drawHeldLayersFirst() {
        if pendingLayers.count != 0 { flushComposite() }
    }

    /// One tile of a rounded shape with its top-left corner at (`x`, `y`) pixels. The key
    /// carries the colour; where colours are not baked the tile is a white mask tinted by the
    /// vertex colour.
    private func emitTile(_ key: ShapeTileKey, x: Float, y: Float) {
        var k = key
        var vc = SIMD4<UInt8>(255, 255, 255, 255)
        if !bakesColors {
            let c = key.color
            vc = SIMD4(UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF), UInt8(c >> 24))
            k.color = 0xFFFF_FFFF
        }
        let region = resources?.tile(k) ?? AtlasRegion(texture: .atlas, u0: white.u, v0: white.v, u1: white.u, v1: white.v)
        quad(x, y, x + Float(k.width), y + Float(k.height), region: region, color: vc)
    }

    // MARK: Quads

    /// A coordinate within 1/500 pixel of a whole pixel is that whole pixel (rounding noise
    /// from the scale and the phase must not create hairline strips).
    private static func snap(_ v: Float) -> Float {
        let r = v.pixelRounded()
        return abs(v - r) < 0.002 ? r : v
    }

    /// One axis-aligned quad: two triangles sharing a diagonal, which the software renderer
    /// recognizes and draws as a rectangle fill or copy.
    func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, region: AtlasRegion, color c: SIMD4<UInt8>) {
        drawHeldLayersFirst()
        let base = out.segmentBase(for: region.texture)
        out.reserve(vertices: 4, indices: 6)
        DrawContext.writeQuad(out.vertices + out.vertexCount, out.indices + out.indexCount, base: base,
                              x0, y0, x1, y1, region: region, color: c)
        out.commit(vertices: 4, indices: 6)
    }

    /// Writes one quad's four vertices at `v` and six indices (from `base`) at `i`, where room
    /// was reserved: the one vertex layout of every quad.
    static func writeQuad(_ v: UnsafeMutablePointer<DrawVertex>, _ i: UnsafeMutablePointer<Int32>, base: Int32,
                                  _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, region: AtlasRegion, color c: SIMD4<UInt8>) {
        v[0] = DrawVertex(x: x0, y: y0, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u0, v: region.v0)
        v[1] = DrawVertex(x: x1, y: y0, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u1, v: region.v0)
        v[2] = DrawVertex(x: x1, y: y1, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u1, v: region.v1)
        v[3] = DrawVertex(x: x0, y: y1, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u0, v: region.v1)
        i[0] = base; i[1] = base + 1; i[2] = base + 2
        i[3] = base; i[4] = base + 2; i[5] = base + 3
    }

    /// A solid quad (the white texel), alpha scaled by `coverage`.
    private func solidQuad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ c: SIMD4<UInt8>, coverage: Float = 1) {
        guard x1 > x0, y1 > y0 else { return }
        var color = c
        if coverage < 1 {
            let a = (Float(c.w) * coverage).pixelRounded()
            guard a >= 1 else { return }
            color.w = UInt8(a)
        }
        quad(x0, y0, x1, y1, region: AtlasRegion(texture: .atlas, u0: white.u, v0: white.v, u1: white.u, v1: white.v), color: color)
    }

    /// A rectangle in pixels with exact anti-aliasing: the whole-pixel interior as one quad,
    /// and a one-pixel strip at its coverage for each fractional edge (corners likewise).
    func fillPixelRect(_ ax0: Float, _ ay0: Float, _ ax1: Float, _ ay1: Float, _ c: SIMD4<UInt8>) {
        let x0 = DrawContext.snap(ax0), x1 = DrawContext.snap(ax1), y0 = DrawContext.snap(ay0), y1 = DrawContext.snap(ay1)
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let xs = Spans(x0, x1), ys = Spans(y0, y1)
        for j in 0..<ys.count {
            let y = ys[j]
            for i in 0..<xs.count {
                let x = xs[i]
                solidQuad(x.start, y.start, x.end, y.end, c, coverage: x.coverage * y.coverage)
            }
        }
    }

    /// Up to three pixel spans covering `a..<b` along one axis: a partial pixel, the whole
    /// pixels, a partial pixel (each with its coverage). A value type: no allocation.
    private struct Spans {
        typealias Span = (start: Float, end: Float, coverage: Float)
        private var s0: Span = (0, 0, 0), s1: Span = (0, 0, 0), s2: Span = (0, 0, 0)
        private(set) var count = 0

        init(_ a: Float, _ b: Float) {
            let ia = a.pixelRounded(.up), ib = b.pixelRounded(.down)
            if ia > ib {
                // Inside one pixel.
                let p = a.pixelRounded(.down)
                add((p, p + 1, b - a))
                return
            }
            if a < ia { add((ia - 1, ia, ia - a)) }
            if ib > ia { add((ia, ib, 1)) }
            if b > ib { add((ib, ib + 1, b - ib)) }
        }

        private mutating func add(_ s: Span) {
            switch count {
            case 0: s0 = s
            case 1: s1 = s
            default: s2 = s
            }
            count += 1
        }

        subscript(i: Int) -> Span { i == 0 ? s0 : (i == 1 ? s1 : s2) }
    }

    // MARK: Rounded shapes from tiles

    enum RoundStyle {
        case fill
        case stroke(Float)
        case blur(Float)
    }

    /// A rounded rectangle (radius in pixels), snapped to whole pixels, from atlas tiles and
    /// solid quads; shapes whose corners are too large for tiles fall back to triangles.
    func roundedShape(_ r: (x0: Float, y0: Float, x1: Float, y1: Float), radius: Float, style: RoundStyle,
                              color c: SIMD4<UInt8>) {
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite else { return }
        // The rounded rectangle in whole pixels.
        let X0 = r.x0.pixelRounded(), Y0 = r.y0.pixelRounded()
        let W = max(1, (r.x1 - r.x0).pixelRounded()), H = max(1, (r.y1 - r.y0).pixelRounded())
        let limit: Float = 16_777_216
        guard W < limit, H < limit, abs(X0) < limit, abs(Y0) < limit else { return }
        let rad = min(radius, min(W, H) / 2)
        // The box the tiles cover: the shape, plus room for a shadow's ramp.
        var pad: Float = 0, extent: Float = rad
        let tileStyle: ShapeTileKey.Style
        switch style {
        case .fill:
            tileStyle = .fill
        case .stroke(let w):
            let s = min(w, min(W, H) / 2)
            guard s > 0 else { return }
            tileStyle = .stroke(width16: Int32((s * 16).pixelRounded()))
            extent = max(rad, s)
        case .blur(let b):
            pad = (b / 2).pixelRounded(.up)
            tileStyle = .blur(blur16: Int32((b * 16).pixelRounded()))
            extent = pad + max(rad, b / 2)
        }
        let bx = X0 - pad, by = Y0 - pad, bw = Int32(W + 2 * pad), bh = Int32(H + 2 * pad)
        let T = max(1, Int32(min(extent, limit).pixelRounded(.up)))
        let small = Int64(bw) * Int64(bh) <= Int64(DrawContext.wholeTileArea)
        guard T <= DrawContext.maximumTileCorner || small else {
            trianglesForRoundedShape(X0, Y0, W, H, radius: rad, style: style, color: c)
            return
        }
        let radius16 = Int32((rad * 16).pixelRounded())
        let keyColor = DrawContext.pack(c)
        func key(w: Int32, h: Int32, shapeW: Int32, shapeH: Int32, mx: Bool, my: Bool) -> ShapeTileKey {
            ShapeTileKey(width: w, height: h, shapeWidth: shapeW, shapeHeight: shapeH, mirrorX: mx, mirrorY: my,
                         pad: Int32(pad), radius16: radius16, style: tileStyle, color: keyColor)
        }
        func tile(_ x: Float, _ y: Float, w: Int32, h: Int32, shapeW: Int32, shapeH: Int32, mx: Bool, my: Bool) {
            emitTile(key(w: w, h: h, shapeW: shapeW, shapeH: shapeH, mx: mx, my: my), x: x, y: y)
        }
        let fx1 = bx + Float(bw), fy1 = by + Float(bh), t = Float(T)
        let wide = 2 * T >= bh, tall = 2 * T >= bw
        // One tile for a shape whose corners meet, or a small rounded rectangle (sizes set
        // by layout, which stay put). Capsules use caps, which don't depend on the length:
        // a track or a fill whose length changes every frame reuses the same two tiles.
        if (wide && tall) || (small && !wide && !tall) {
            if compositingDepth > 0 && bakesColors {
                // Held back to be merged with the shapes drawn with it (``compositing(_:)``).
                // Only where tiles carry their colours anyway (the software renderer): elsewhere
                // tiles are white masks any colour reuses, and a fading thumb must not
                // rasterize a new composite every frame.
                // bx, by: whole pixels within ±2^24 (checked above), exact in Int32.
                let layer = CompositeTileKey.Layer(shape: key(w: bw, h: bh, shapeW: bw, shapeH: bh, mx: false, my: false),
                                                   x: Int32(bx), y: Int32(by))
                if !pendingLayers.append(layer) {
                    flushComposite()
                    pendingLayers.append(layer)
                }
                return
            }
            tile(bx, by, w: bw, h: bh, shapeW: bw, shapeH: bh, mx: false, my: false)
        } else if wide {
            // Left and right caps, the straight middle between them.
            tile(bx, by, w: T, h: bh, shapeW: 0, shapeH: bh, mx: false, my: false)
            tile(fx1 - t, by, w: T, h: bh, shapeW: 0, shapeH: bh, mx: true, my: false)
            band(bx + t, fx1 - t, by, fy1, horizontal: true, length: bh, pad: pad, radius: rad, style: tileStyle, color: c)
        } else if tall {
            tile(bx, by, w: bw, h: T, shapeW: bw, shapeH: 0, mx: false, my: false)
            tile(bx, fy1 - t, w: bw, h: T, shapeW: bw, shapeH: 0, mx: false, my: true)
            band(by + t, fy1 - t, bx, fx1, horizontal: false, length: bw, pad: pad, radius: rad, style: tileStyle, color: c)
        } else {
            tile(bx, by, w: T, h: T, shapeW: 0, shapeH: 0, mx: false, my: false)
            tile(fx1 - t, by, w: T, h: T, shapeW: 0, shapeH: 0, mx: true, my: false)
            tile(bx, fy1 - t, w: T, h: T, shapeW: 0, shapeH: 0, mx: false, my: true)
            tile(fx1 - t, fy1 - t, w: T, h: T, shapeW: 0, shapeH: 0, mx: true, my: true)
            if case .fill = tileStyle {
                // Solid between the corners: a cross of three quads.
                solidQuad(bx + t, by, fx1 - t, fy1, c)
                solidQuad(bx, by + t, bx + t, fy1 - t, c)
                solidQuad(fx1 - t, by + t, fx1, fy1 - t, c)
            } else {
                // The edges' profile (rows of equal coverage), and the centre.
                band(bx + t, fx1 - t, by, by + t, horizontal: true, length: bh, pad: pad, radius: rad, style: tileStyle, color: c)
                band(bx + t, fx1 - t, fy1 - t, fy1, horizontal: true, length: bh, pad: pad, radius: rad, style: tileStyle, color: c,
                     fromEnd: true)
                band(by + t, fy1 - t, bx, bx + t, horizontal: false, length: bw, pad: pad, radius: rad, style: tileStyle, color: c)
                band(by + t, fy1 - t, fx1 - t, fx1, horizontal: false, length: bw, pad: pad, radius: rad, style: tileStyle, color: c,
                     fromEnd: true)
                if case .blur = tileStyle { solidQuad(bx + t, by + t, fx1 - t, fy1 - t, c) }
            }
        }
    }

    /// The straight part of a rounded shape between two tiles: quads across it with the
    /// coverage of the shape's straight edge, one per run of equal alpha. `horizontal`
    /// bands run along x from `a` to `b` and cover rows `c0..<c1` of a box `length` pixels
    /// high (`fromEnd`: the rows are the box's last ones).
    private func band(_ a: Float, _ b: Float, _ c0: Float, _ c1: Float, horizontal: Bool, length: Int32, pad: Float, radius: Float,
                      style: ShapeTileKey.Style, color c: SIMD4<UInt8>, fromEnd: Bool = false) {
        guard b > a, c1 > c0 else { return }
        if case .fill = style {
            if horizontal { solidQuad(a, c0, b, c1, c) } else { solidQuad(c0, a, c1, b, c) }
            return
        }
        let rows = Int(c1 - c0)
        let boxLength = Int(length)
        let first = fromEnd ? boxLength - rows : 0
        profile.removeAll(keepingCapacity: true)
        for k in 0..<rows {
            let along = Double(first + k) + 0.5
            let cov = ShapeTileKey.coverage(px: horizontal ? 524_288 : along, py: horizontal ? along : 524_288,
                                            boxWidth: horizontal ? 0 : length, boxHeight: horizontal ? length : 0,
                                            pad: Int32(pad), radius: Double(radius), style: style)
            profile.append(UInt8((Double(c.w) * cov).pixelRounded()))
        }
        var k = 0
        while k < rows {
            let alpha = profile[k]
            var e = k + 1
            while e < rows && profile[e] == alpha { e += 1 }
            if alpha > 0 {
                var col = c
                col.w = alpha
                let s = c0 + Float(k), t = c0 + Float(e)
                if horizontal { solidQuad(a, s, b, t, col) } else { solidQuad(s, a, t, b, col) }
            }
            k = e
        }
    }

    /// The triangle path for rounded shapes too large for tiles.
    private func trianglesForRoundedShape(_ x: Float, _ y: Float, _ w: Float, _ h: Float, radius: Float, style: RoundStyle,
                                          color c: SIMD4<UInt8>) {
        switch style {
        case .fill:
            buildRoundedRectPath((x, y, x + w, y + h), radius: radius)
            fillConvexPath(color: c)
        case .stroke(let s):
            let hs = s / 2
            buildRoundedRectPath((x + hs, y + hs, x + w - hs, y + h - hs), radius: max(0, radius - hs))
            strokePath(color: c, thickness: s, closed: true)
        case .blur(let b):
            buildRoundedRectPath((x, y, x + w, y + h), radius: radius)
            fillConvexPath(color: c, fringe: b)
        }
    }
}
