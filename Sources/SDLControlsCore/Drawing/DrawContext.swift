// DrawContext: its state, the drawing pass, the public drawing API for shapes and images,
// colours and coordinates. Quads and tiles are in DrawContext+Tiles.swift, triangle paths in
// DrawContext+Paths.swift, text in DrawContext+Text.swift.
import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +2.2%
// instructions in B3, +1.5% in E, +0.6% in IM (callgrind, `controls-bench --quick --only` the
// scenario), measured 2026-11-28.

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
    /// drawing pass, which holds them (not reference-counted here: read for every shape; a
    /// checked `unowned` read costs +0.5% of the UI side of E's changing grid, callgrind,
    /// 2026-11-29).
    @exclusivity(unchecked) public private(set) unowned(unsafe) var resources: DrawResources?
    @exclusivity(unchecked) var white: (u: Float, v: Float) = (0, 0)
    @exclusivity(unchecked) var bakesColors = false

    // Scratch, reused between shapes, so tessellation allocates nothing in steady state.
    @exclusivity(unchecked) var path: [SIMD2<Float>] = []
    @exclusivity(unchecked) var normals: [SIMD2<Float>] = []
    @exclusivity(unchecked) var glyphRun = GlyphRun()
    /// The vertex colour of the line in `glyphRun` (see ``prepareText(_:font:color:)``).
    @exclusivity(unchecked) var preparedColor = SIMD4<UInt8>(0, 0, 0, 0)
    /// Unit quarter circles by segment count (index n: n + 1 points from 0 to π/2).
    @exclusivity(unchecked) var arcTables: [[SIMD2<Float>]] = []
    @exclusivity(unchecked) var profile: [UInt8] = []
    /// Whole-shape tiles held back inside ``compositing(_:)``, at their positions in the view's
    /// pixels, to be drawn as one composite tile.
    @exclusivity(unchecked) var pendingLayers = CompositeTileKey()
    @exclusivity(unchecked) var compositingDepth = 0

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
    @exclusivity(unchecked) private(set) unowned var windowMeasurer: TextMeasuring?

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

    /// Fills a convex polygon given in view points (for custom shapes: arrows, checkmarks).
    public func fillConvexPolygon(_ points: [CGPoint], color: UIColor) {
        guard let c = rgba(color), points.count >= 3 else { return }
        path.removeAll(keepingCapacity: true)
        for p in points where p.x.isFinite && p.y.isFinite { appendPathPoint(pixel(p)) }
        fillConvexPath(color: c)
    }

    /// Strokes the outline of a closed polygon given in view points, the line `width` points
    /// wide and centred on the edges, its corners mitred (for custom shapes: a triangle).
    public func strokePolygon(_ points: [CGPoint], width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0, width.isFinite else { return }
        path.removeAll(keepingCapacity: true)
        for p in points where p.x.isFinite && p.y.isFinite { appendPathPoint(pixel(p)) }
        if path.count > 2, DrawContext.coincide(path[0], path[path.count - 1]) { path.removeLast() }
        strokePath(color: c, thickness: Float(width * scale), closed: true)   // nothing under 3 points
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

    /// Draws an image into `rect`, tinted by `tint` (white keeps its colours): stretched, or
    /// for a resizable image (``UIImage/resizableImage(withCapInsets:resizingMode:)``) in
    /// nine slices, its caps kept at their size in points.
    public func drawImage(_ image: UIImage, in rect: CGRect, tint: UIColor = .white) {
        guard let c = rgba(tint), let resources, let tex = resources.texture(for: image) else { return }
        let r = pixels(rect)
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite, r.x1 > r.x0, r.y1 > r.y0 else { return }
        let caps = image.capInsets, size = image.size
        guard caps != .zero, size.width > 0, size.height > 0 else {
            quad(r.x0, r.y0, r.x1, r.y1, region: AtlasRegion(texture: tex.handle, u0: 0, v0: 0, u1: 1, v1: 1), color: c)
            return
        }
        let tile = image.resizingMode == .tile
        var across = ImageSlices(from: r.x0, to: r.x1, length: size.width, caps: (caps.left, caps.right),
                                 pixelsPerPoint: fscale, imagePixels: Float(tex.pixelWidth), tiled: tile)
        var down = ImageSlices(from: r.y0, to: r.y1, length: size.height, caps: (caps.top, caps.bottom),
                               pixelsPerPoint: fscale, imagePixels: Float(tex.pixelHeight), tiled: tile)
        // Tiles in both directions fill the interior: past ``ImageSlices/maximumTiles`` of
        // them, the axis with more tiles is stretched instead.
        while across.tileCount * down.tileCount > ImageSlices.maximumTiles {
            if across.tileCount >= down.tileCount { across.tileLength = 0 } else { down.tileLength = 0 }
        }
        for row in 0..<3 {
            down.forEachPiece(of: row) { y0, y1, v0, v1 in
                for column in 0..<3 {
                    across.forEachPiece(of: column) { x0, x1, u0, u1 in
                        quad(x0, y0, x1, y1, region: AtlasRegion(texture: tex.handle, u0: u0, v0: v0, u1: u1, v1: v1), color: c)
                    }
                }
            }
        }
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

    /// Draws what `body` draws faded as a disabled part of a control (a segment, a stepper
    /// half at its limit), by the one rule every disabled thing fades by: a ``Dimming`` at
    /// ``Theme/disabledAlpha``. A disabled control dims as a whole
    /// (``UIView/drawsDisabledDimmed``); its parts then draw as they are, not dimmed twice.
    func drawingDisabled(_ disabled: Bool, _ body: () -> Void) {
        guard disabled, dimming == nil else { return body() }
        dimming = Dimming(opacity: Theme.disabledAlpha, backdrop: nil)
        body()
        dimming = nil
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
