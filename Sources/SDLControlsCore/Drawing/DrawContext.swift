import Foundation

/// Draws shapes, text and images for one view, in the view's own coordinates (points).
///
/// Views draw into it from `UIView.draw(_:)` (get it with ``UIGraphicsGetCurrentContext()``).
/// Output is geometry in the view's own pixel space, cached by the view and translated by
/// whole pixels when drawn, so a view that only moves is not tessellated again.
///
/// How shapes become geometry (one path per kind of shape):
/// - **Rectangles** are axis-aligned quads with exact coverage: a pixel-aligned edge needs no
///   fringe; a fractional edge gets a one-pixel strip at its coverage. The software
///   renderer fills quads as rectangles.
/// - **Rounded rectangles, capsules and circles** (fills, strokes, shadows) snap to whole
///   pixels and are drawn from anti-aliased tiles in the host's atlas (``ShapeTileKey``): a
///   small shape is one tile; a larger one is four corner tiles (or two caps) and solid
///   quads between them. Shapes too large for tiles are tessellated as triangles. A raised
///   part's small shapes (a thumb's shadow, fill and outline) drawn inside `compositing(_:)`
///   become one composite tile (``CompositeTileKey``): one quad, one blend per pixel.
/// - **Other shapes** (polygons, slanted lines, ellipses) are triangles with a one-pixel
///   feathered fringe; arcs come from cached unit-circle tables with a tolerance near 0.3
///   pixels, and lines at most a pixel wide use three vertices per point.
/// - **Text** is one quad per glyph from the host's glyph cache (whole shaped runs for text
///   that needs shaping).
@MainActor
public final class DrawContext {
    /// Where geometry goes: the view's block, reused between views.
    let out = GeometryBuffer(vertexCapacity: 256, indexCapacity: 512)

    /// Pixels per point.
    @exclusivity(unchecked) public private(set) var scale: CGFloat = 1
    @exclusivity(unchecked) private var fscale: Float = 1
    /// The fractional part of the view's origin in output pixels: local pixel = point × scale
    /// + phase. The whole part is added when the cached block is drawn.
    @exclusivity(unchecked) var phase = SIMD2<Float>(0, 0)
    /// Opacity multiplied into every colour (the product of ancestors' alpha).
    @exclusivity(unchecked) var opacity: CGFloat = 1
    /// Dimming of a disabled control's subtree (see ``Dimming``); nil when not dimmed.
    @exclusivity(unchecked) var dimming: Dimming?
    /// A further alpha factor for the colours of the shapes drawn inside ``withAlpha(_:_:)``.
    @exclusivity(unchecked) private var alphaFactor: CGFloat = 1
    /// The interface style colours resolve for.
    @exclusivity(unchecked) public private(set) var style: UIUserInterfaceStyle = .light
    /// The host's resources (text, images); nil when drawing without a host. Set for one
    /// drawing pass, which holds them (not reference-counted here: read for every shape).
    @exclusivity(unchecked) public private(set) unowned(unsafe) var resources: DrawResources?
    @exclusivity(unchecked) var white: (u: Float, v: Float) = (0, 0)
    @exclusivity(unchecked) private var bakesColors = false

    // Scratch, reused between shapes, so tessellation allocates nothing in steady state.
    @exclusivity(unchecked) private var path: [SIMD2<Float>] = []
    @exclusivity(unchecked) private var normals: [SIMD2<Float>] = []
    @exclusivity(unchecked) private var glyphRun = GlyphRun()
    /// The vertex colour of the line in `glyphRun` (see ``prepareText(_:font:color:)``).
    @exclusivity(unchecked) private var preparedColor = SIMD4<UInt8>(0, 0, 0, 0)
    /// Unit quarter circles by segment count (index n: n + 1 points from 0 to π/2).
    @exclusivity(unchecked) private var arcTables: [[SIMD2<Float>]] = []
    @exclusivity(unchecked) private var profile: [UInt8] = []
    /// Whole-shape tiles held back inside ``compositing(_:)``, at their positions in the view's
    /// pixels, to be drawn as one composite tile.
    @exclusivity(unchecked) private var pendingLayers = CompositeTileKey()
    @exclusivity(unchecked) private var compositingDepth = 0

    /// The largest tile side (pixels) for rounded shapes; larger curves use triangles.
    static let maximumTileCorner: Int32 = 64
    /// Shapes with at most this many pixels are one tile.
    static let wholeTileArea: Int32 = 4096
    /// Composites (``compositing(_:)``) with at most this many pixels are one tile.
    static let compositeTileArea: Int64 = 16_384

    init() {}

    /// What the window being drawn measures text with (``UIView/textMeasurer`` of every view
    /// in it), found once per pass: asking each label's view for it loads its window through
    /// a weak reference, a slow retain and release every time.
    @exclusivity(unchecked) private(set) unowned(unsafe) var windowMeasurer: TextMeasuring?

    /// Starts a drawing pass over a window with `resources` and the window's text `measurer`,
    /// both held by the caller until ``endPass()``; the context is then the current one
    /// (``UIGraphicsGetCurrentContext()``).
    func beginPass(resources: DrawResources?, measurer: TextMeasuring) {
        self.resources = resources
        windowMeasurer = measurer
        white = resources?.whiteTexel ?? (0, 0)
        bakesColors = resources?.bakesColors ?? false
        DrawContext.current = self
    }

    /// Ends the pass: no current context, and no host's resources kept (the context is shared
    /// by every window; a host that shuts down is not referred to from here).
    func endPass() {
        resources = nil
        windowMeasurer = nil
        DrawContext.current = nil
    }

    /// Starts one view's drawing within the pass.
    func begin(phase: SIMD2<Float>, scale: CGFloat, opacity: CGFloat, dimming: Dimming?, style: UIUserInterfaceStyle) {
        self.phase = phase
        self.scale = scale
        fscale = Float(scale)
        self.opacity = opacity
        self.dimming = dimming
        self.style = style
        alphaFactor = 1
        out.removeAll()
        glyphRun.quads.removeAll(keepingCapacity: true)   // nothing prepared by another view
        pendingLayers.removeAll()
        compositingDepth = 0
    }

    // MARK: Public drawing API (view coordinates, points)

    /// Fills a rectangle.
    public func fill(_ rect: CGRect, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        let r = pixels(rect)
        fillPixelRect(r.x0, r.y0, r.x1, r.y1, c)
    }

    /// Fills a rectangle with rounded corners (the radius is clamped to half the short side;
    /// at half, the shape is a capsule or a circle).
    public func fillRoundedRect(_ rect: CGRect, radius: CGFloat, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        let r = pixels(rect)
        let rad = Float(max(0, radius.isFinite ? radius : 0) * scale)
        if rad < 0.5 {
            fillPixelRect(r.x0, r.y0, r.x1, r.y1, c)
        } else {
            roundedShape(r, radius: rad, style: .fill, color: c)
        }
    }

    /// Fills an ellipse (a circle in a square rectangle).
    public func fillEllipse(in rect: CGRect, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        let r = pixels(rect)
        if abs((r.x1 - r.x0) - (r.y1 - r.y0)) < 0.5 {
            roundedShape(r, radius: min(r.x1 - r.x0, r.y1 - r.y0) / 2, style: .fill, color: c)
        } else {
            buildEllipsePath(r)
            fillConvexPath(color: c)
        }
    }

    /// Strokes the inside edge of a rounded rectangle with a line `width` points wide.
    public func strokeRoundedRect(_ rect: CGRect, radius: CGFloat, width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0, width.isFinite, rect.width > 0, rect.height > 0 else { return }
        let r = pixels(rect)
        let w = Float(width * scale)
        let rad = Float(max(0, radius.isFinite ? radius : 0) * scale)
        roundedShape(r, radius: rad, style: .stroke(w), color: c)
    }

    /// Strokes the inside edge of an ellipse.
    public func strokeEllipse(in rect: CGRect, width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0, width.isFinite, rect.width > 0, rect.height > 0 else { return }
        let r = pixels(rect)
        let w = Float(width * scale)
        if abs((r.x1 - r.x0) - (r.y1 - r.y0)) < 0.5 {
            roundedShape(r, radius: min(r.x1 - r.x0, r.y1 - r.y0) / 2, style: .stroke(w), color: c)
        } else {
            let h = w / 2
            buildEllipsePath((r.x0 + h, r.y0 + h, r.x1 - h, r.y1 - h))
            strokePath(color: c, thickness: w, closed: true)
        }
    }

    /// A soft shadow under a rounded rectangle: `blur` points of falloff centred on its edge.
    public func fillShadow(_ rect: CGRect, radius: CGFloat, blur: CGFloat, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        // At most 2^24 pixels: a blur wider than any window shows nothing more, and tile sizes
        // and fringes stay exact in Int32 and finite (a hostile 1e30 trapped before).
        let b = Float(min(max(1 / scale, blur.isFinite ? blur : 0) * scale, 16_777_216))
        let rad = Float(max(0, radius.isFinite ? radius : 0) * scale)
        roundedShape(pixels(rect), radius: rad, style: .blur(b), color: c)
    }

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
    @inline(__always)
    private func drawHeldLayersFirst() {
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

    /// Fills a convex polygon given in view points (for custom shapes: arrows, checkmarks).
    public func fillConvexPolygon(_ points: [CGPoint], color: UIColor) {
        guard let c = rgba(color), points.count >= 3 else { return }
        path.removeAll(keepingCapacity: true)
        for p in points where p.x.isFinite && p.y.isFinite { appendPathPoint(pixel(p)) }
        fillConvexPath(color: c)
    }

    /// A straight line `width` points wide with anti-aliased edges and square ends.
    public func strokeLine(from a: CGPoint, to b: CGPoint, width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0, width.isFinite, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let pa = pixel(a), pb = pixel(b)
        let w = Float(width * scale), h = w / 2
        if pa.y == pb.y || pa.x == pb.x {
            // Horizontal or vertical: a rectangle with exact coverage.
            fillPixelRect(min(pa.x, pb.x) - h, min(pa.y, pb.y) - h, max(pa.x, pb.x) + h, max(pa.y, pb.y) + h, c)
            return
        }
        path.removeAll(keepingCapacity: true)
        path.append(pa)
        path.append(pb)
        strokePath(color: c, thickness: w, closed: false)
    }

    /// Draws one line of text with its top-left at `point`; returns the size drawn, in points
    /// (the same width ``size(of:font:)`` measures).
    @discardableResult
    public func drawText(_ text: String, font: UIFont, color: UIColor, at point: CGPoint) -> CGSize {
        guard point.x.isFinite, point.y.isFinite, let size = prepareText(text, font: font, color: color) else { return .zero }
        drawPreparedText(at: point)
        return size
    }

    /// Lays out one line of `text` for ``drawPreparedText(at:)`` and returns its size in
    /// points (the size ``size(of:font:)`` measures); nil when nothing would be drawn (empty
    /// text, a transparent colour, no host, a full atlas). A control that places text by its
    /// width (centred, right-aligned) measures and draws it with one layout this way.
    func prepareText(_ text: String, font: UIFont, color: UIColor) -> CGSize? {
        guard !text.isEmpty, let c = rgba(color), let resources else { return nil }
        let key = bakesColors ? DrawContext.pack(c) : 0xFFFF_FFFF
        guard resources.layoutGlyphs(text, font: font, scale: scale, color: key, into: &glyphRun) else { return nil }
        preparedColor = bakesColors ? SIMD4<UInt8>(255, 255, 255, 255) : c
        return CGSize(width: CGFloat(glyphRun.width) / scale, height: CGFloat(glyphRun.height) / scale)
    }

    /// Draws the line ``prepareText(_:font:color:)`` laid out last, its top-left at `point`.
    func drawPreparedText(at point: CGPoint) {
        guard point.x.isFinite, point.y.isFinite else { return }
        // Whole pixels: glyphs rasterized at pixel size stay crisp.
        let p = pixel(point)
        let x0 = p.x.pixelRounded(), y0 = p.y.pixelRounded()
        let vc = preparedColor
        let quads = glyphRun.quads
        guard !quads.isEmpty else { return }
        drawHeldLayersFirst()
        // Glyphs sharing a texture (all of a line, as a rule) are written as one batch: one
        // segment check, one reservation and one commit per run, not per glyph.
        var k = 0
        while k < quads.count {
            let texture = quads[k].region.texture
            var e = k + 1
            while e < quads.count && quads[e].region.texture == texture { e += 1 }
            let n = e - k
            var base = out.segmentBase(for: texture)
            out.reserve(vertices: 4 * n, indices: 6 * n)
            var v = out.vertices + out.vertexCount, i = out.indices + out.indexCount
            for q in quads[k..<e] {
                DrawContext.writeQuad(v, i, base: base, x0 + q.x0, y0 + q.y0, x0 + q.x1, y0 + q.y1, region: q.region, color: vc)
                v += 4
                i += 6
                base += 4
            }
            out.commit(vertices: 4 * n, indices: 6 * n)
            k = e
        }
    }

    /// Draws an image stretched into `rect`, tinted by `tint` (white keeps its colours).
    public func drawImage(_ image: UIImage, in rect: CGRect, tint: UIColor = .white) {
        guard let c = rgba(tint), let resources, let tex = resources.texture(for: image) else { return }
        let r = pixels(rect)
        quad(r.x0, r.y0, r.x1, r.y1, region: AtlasRegion(texture: tex.handle, u0: 0, v0: 0, u1: 1, v1: 1), color: c)
    }

    /// Measures one line of text in points (the host's measurer, else an estimate).
    public func size(of text: String, font: UIFont) -> CGSize {
        (resources ?? UIApplication.shared.textMeasurer).size(of: text, font: font)
    }

    // MARK: Colours

    /// How a disabled control's subtree is faded: the whole control at `opacity` over what
    /// lies behind it, as one layer. Colours are mixed with the `backdrop` (the nearest
    /// opaque background behind the control) instead of made translucent, so overlapping
    /// parts (a thumb on its track) don't show through each other; their own alpha is kept.
    /// Without an opaque backdrop, alpha is multiplied instead.
    struct Dimming: Hashable {
        var opacity: CGFloat
        var backdrop: (red: CGFloat, green: CGFloat, blue: CGFloat)?
        static func == (a: Dimming, b: Dimming) -> Bool {
            a.opacity == b.opacity && a.backdrop?.red == b.backdrop?.red && a.backdrop?.green == b.backdrop?.green
                && a.backdrop?.blue == b.backdrop?.blue
        }
        func hash(into h: inout Hasher) { h.combine(opacity) }
    }

    /// Draws what `body` draws with every colour's alpha multiplied by `alpha` (fades and
    /// cross-fades without creating a colour per frame).
    func withAlpha(_ alpha: CGFloat, _ body: () -> Void) {
        let saved = alphaFactor
        alphaFactor = saved * min(1, max(0, alpha.isFinite ? alpha : 0))
        body()
        alphaFactor = saved
    }

    /// A colour as drawn here: resolved for the style, dimmed, times the opacity; nil when
    /// fully transparent.
    func rgba(_ color: UIColor) -> SIMD4<UInt8>? {
        var c = color.resolvedComponents(with: style)   // not resolvedColor: that allocates a UIColor per fill
        if let d = dimming {
            let k = d.opacity
            if let b = d.backdrop {
                c = (c.red * k + b.red * (1 - k), c.green * k + b.green * (1 - k), c.blue * k + b.blue * (1 - k), c.alpha)
            } else {
                c.alpha *= k
            }
        }
        let a = c.alpha * opacity * alphaFactor
        guard a > 0.5 / 255 else { return nil }
        return SIMD4(UIColor.byte(c.red), UIColor.byte(c.green), UIColor.byte(c.blue), UIColor.byte(a))
    }

    /// ARGB8888 of a colour.
    static func pack(_ c: SIMD4<UInt8>) -> UInt32 {
        UInt32(c.w) << 24 | UInt32(c.x) << 16 | UInt32(c.y) << 8 | UInt32(c.z)
    }

    // MARK: Coordinates

    func pixel(_ p: CGPoint) -> SIMD2<Float> {
        SIMD2(Float(p.x) * fscale + phase.x, Float(p.y) * fscale + phase.y)
    }

    func pixels(_ r: CGRect) -> (x0: Float, y0: Float, x1: Float, y1: Float) {
        let a = pixel(r.origin)
        return (a.x, a.y, a.x + Float(r.width) * fscale, a.y + Float(r.height) * fscale)
    }

    /// A coordinate within 1/500 pixel of a whole pixel is that whole pixel (rounding noise
    /// from the scale and the phase must not create hairline strips).
    @inline(__always)
    private static func snap(_ v: Float) -> Float {
        let r = v.pixelRounded()
        return abs(v - r) < 0.002 ? r : v
    }

    // MARK: Quads

    /// One axis-aligned quad: two triangles sharing a diagonal, which the software renderer
    /// recognizes and draws as a rectangle fill or copy.
    @inline(__always)
    private func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, region: AtlasRegion, color c: SIMD4<UInt8>) {
        drawHeldLayersFirst()
        let base = out.segmentBase(for: region.texture)
        out.reserve(vertices: 4, indices: 6)
        DrawContext.writeQuad(out.vertices + out.vertexCount, out.indices + out.indexCount, base: base,
                              x0, y0, x1, y1, region: region, color: c)
        out.commit(vertices: 4, indices: 6)
    }

    /// Writes one quad's four vertices at `v` and six indices (from `base`) at `i`, where room
    /// was reserved: the one vertex layout of every quad.
    @inline(__always)
    private static func writeQuad(_ v: UnsafeMutablePointer<DrawVertex>, _ i: UnsafeMutablePointer<Int32>, base: Int32,
                                  _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, region: AtlasRegion, color c: SIMD4<UInt8>) {
        v[0] = DrawVertex(x: x0, y: y0, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u0, v: region.v0)
        v[1] = DrawVertex(x: x1, y: y0, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u1, v: region.v0)
        v[2] = DrawVertex(x: x1, y: y1, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u1, v: region.v1)
        v[3] = DrawVertex(x: x0, y: y1, r: c.x, g: c.y, b: c.z, a: c.w, u: region.u0, v: region.v1)
        i[0] = base; i[1] = base + 1; i[2] = base + 2
        i[3] = base; i[4] = base + 2; i[5] = base + 3
    }

    /// A solid quad (the white texel), alpha scaled by `coverage`.
    @inline(__always)
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
    private func roundedShape(_ r: (x0: Float, y0: Float, x1: Float, y1: Float), radius: Float, style: RoundStyle,
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

    // MARK: Triangle paths

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
    private func buildRoundedRectPath(_ r: (x0: Float, y0: Float, x1: Float, y1: Float), radius: Float) {
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

    private func buildEllipsePath(_ r: (x0: Float, y0: Float, x1: Float, y1: Float)) {
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
    private func appendPathPoint(_ p: SIMD2<Float>) {
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
    private func fillConvexPath(color c: SIMD4<UInt8>, fringe: Float = 1) {
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
    private func strokePath(color c: SIMD4<UInt8>, thickness: Float, closed: Bool) {
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

/// The context of the view being drawn, valid inside `UIView.draw(_:)` (nil elsewhere),
/// as UIKit's function of the same name.
@MainActor
public func UIGraphicsGetCurrentContext() -> DrawContext? {
    DrawContext.current
}

extension DrawContext {
    static var current: DrawContext?
}
