import Foundation

/// Draws shapes, text and images for one view, in the view's own coordinates (points).
///
/// Views draw into it from `UIView.draw(_:)` (get it with ``UIGraphicsGetCurrentContext()``).
/// Shapes are tessellated into triangles with a one-pixel feathered fringe, so edges are
/// anti-aliased at any scale without multisampling. Everything samples the shared atlas
/// (a white texel for shapes, rasterized text) unless it is an image.
@MainActor
public final class DrawContext {
    // Output for the current view: vertices/indices relative to the block's first vertex,
    // split into segments by texture.
    var vertices: [DrawVertex] = []
    var indices: [Int32] = []
    var segments: [(texture: TextureHandle, indexStart: Int, indexCount: Int)] = []

    /// Pixels per point.
    public private(set) var scale: CGFloat = 1
    /// The view's origin in window pixels.
    var origin: CGPoint = .zero
    /// Opacity multiplied into every colour (the product of ancestors' alpha).
    var opacity: CGFloat = 1
    /// The interface style colours resolve for.
    public private(set) var style: UIUserInterfaceStyle = .light
    /// The host's resources (text, images); nil when drawing without a host.
    public private(set) var resources: DrawResources?
    var white: (u: Float, v: Float) = (0, 0)
    // Scratch buffers reused between shapes, so tessellation allocates nothing in steady state.
    private var path: [SIMD2<Float>] = []
    private var normals: [SIMD2<Float>] = []
    private var edgeNormals: [SIMD2<Float>] = []

    init() {}

    func begin(origin: CGPoint, scale: CGFloat, opacity: CGFloat, style: UIUserInterfaceStyle, resources: DrawResources?) {
        self.origin = origin
        self.scale = scale
        self.opacity = opacity
        self.style = style
        self.resources = resources
        self.white = resources?.whiteTexel ?? (0, 0)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        segments.removeAll(keepingCapacity: true)
    }

    // MARK: Public drawing API (view coordinates, points)

    /// Fills a rectangle.
    public func fill(_ rect: CGRect, color: UIColor) {
        fillRoundedRect(rect, radius: 0, color: color)
    }

    /// Fills a rectangle with rounded corners (the radius is clamped to half the short side).
    public func fillRoundedRect(_ rect: CGRect, radius: CGFloat, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        buildRoundedRectPath(pixels(rect), radius: Float(radius * scale))
        fillConvexPath(color: c, fringe: 1)
    }

    /// Fills a circle.
    public func fillEllipse(in rect: CGRect, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        buildEllipsePath(pixels(rect))
        fillConvexPath(color: c, fringe: 1)
    }

    /// Strokes the inside edge of a rounded rectangle with a line `width` points wide.
    public func strokeRoundedRect(_ rect: CGRect, radius: CGFloat, width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0, rect.width > 0, rect.height > 0 else { return }
        let inset = rect.insetBy(dx: width / 2, dy: width / 2)
        guard inset.width >= 0, inset.height >= 0 else { return }
        buildRoundedRectPath(pixels(inset), radius: Float(max(0, radius - width / 2) * scale))
        strokeClosedPath(color: c, thickness: Float(width * scale))
    }

    /// Strokes the inside edge of an ellipse.
    public func strokeEllipse(in rect: CGRect, width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0, rect.width > 0, rect.height > 0 else { return }
        buildEllipsePath(pixels(rect.insetBy(dx: width / 2, dy: width / 2)))
        strokeClosedPath(color: c, thickness: Float(width * scale))
    }

    /// A soft shadow under a rounded rectangle: `blur` points of falloff around it.
    public func fillShadow(_ rect: CGRect, radius: CGFloat, blur: CGFloat, color: UIColor) {
        guard let c = rgba(color), rect.width > 0, rect.height > 0 else { return }
        let b = Float(max(1 / scale, blur) * scale)
        buildRoundedRectPath(pixels(rect), radius: Float(radius * scale))
        fillConvexPath(color: c, fringe: b)
    }

    /// Fills a convex polygon given in view points (for custom shapes: arrows, checkmarks).
    public func fillConvexPolygon(_ points: [CGPoint], color: UIColor) {
        guard let c = rgba(color), points.count >= 3 else { return }
        path.removeAll(keepingCapacity: true)
        for p in points { path.append(pixel(p)) }
        fillConvexPath(color: c, fringe: 1)
    }

    /// A straight line `width` points wide with anti-aliased edges and square ends.
    public func strokeLine(from a: CGPoint, to b: CGPoint, width: CGFloat, color: UIColor) {
        guard let c = rgba(color), width > 0 else { return }
        path.removeAll(keepingCapacity: true)
        path.append(pixel(a))
        path.append(pixel(b))
        strokeOpenPath(color: c, thickness: Float(width * scale))
    }

    /// Draws one line of text with its top-left at `point`; returns the size drawn, in points.
    @discardableResult
    public func drawText(_ text: String, font: UIFont, color: UIColor, at point: CGPoint) -> CGSize {
        guard !text.isEmpty, let c = rgba(color), let resources,
              let run = resources.textRun(text, font: font, scale: scale) else { return .zero }
        // Snap to whole pixels: text rasterized at pixel scale stays crisp.
        let p = pixel(point)
        let x0 = p.x.rounded(), y0 = p.y.rounded()
        quad(x0: x0, y0: y0, x1: x0 + Float(run.pixelWidth), y1: y0 + Float(run.pixelHeight),
             u0: run.u0, v0: run.v0, u1: run.u1, v1: run.v1, color: c, texture: run.texture)
        return CGSize(width: CGFloat(run.pixelWidth) / scale, height: CGFloat(run.pixelHeight) / scale)
    }

    /// Draws an image stretched into `rect`, tinted by `tint` (white keeps its colours).
    public func drawImage(_ image: UIImage, in rect: CGRect, tint: UIColor = .white) {
        guard let c = rgba(tint), let resources, let tex = resources.texture(for: image) else { return }
        let a = pixel(rect.origin), b = pixel(CGPoint(x: rect.maxX, y: rect.maxY))
        quad(x0: a.x, y0: a.y, x1: b.x, y1: b.y, u0: 0, v0: 0, u1: 1, v1: 1, color: c, texture: tex.handle)
    }

    /// Measures one line of text in points (the host's measurer, else an estimate).
    public func size(of text: String, font: UIFont) -> CGSize {
        (resources ?? UIApplication.shared.textMeasurer).size(of: text, font: font)
    }

    // MARK: Internals

    func rgba(_ color: UIColor) -> SIMD4<UInt8>? {
        let c = color.resolvedComponents(with: style)   // not resolvedColor: that allocates a UIColor per fill
        let a = c.alpha * opacity
        guard a > 0 else { return nil }
        return SIMD4(UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()),
                     UInt8((c.blue * 255).rounded()), UInt8((a * 255).rounded()))
    }

    func pixel(_ p: CGPoint) -> SIMD2<Float> {
        SIMD2(Float(p.x * scale + origin.x), Float(p.y * scale + origin.y))
    }

    func pixels(_ r: CGRect) -> (x0: Float, y0: Float, x1: Float, y1: Float) {
        let a = pixel(r.origin)
        return (a.x, a.y, a.x + Float(r.width * scale), a.y + Float(r.height * scale))
    }

    private func useTexture(_ texture: TextureHandle, indexCount: Int) {
        if let last = segments.last, last.texture == texture {
            segments[segments.count - 1].indexCount += indexCount
        } else {
            segments.append((texture, indices.count, indexCount))
        }
    }

    private func vertex(_ p: SIMD2<Float>, _ c: SIMD4<UInt8>, alpha: UInt8? = nil) -> DrawVertex {
        DrawVertex(x: p.x, y: p.y, r: c.x, g: c.y, b: c.z, a: alpha ?? c.w, u: white.u, v: white.v)
    }

    private func quad(x0: Float, y0: Float, x1: Float, y1: Float, u0: Float, v0: Float, u1: Float, v1: Float,
                      color c: SIMD4<UInt8>, texture: TextureHandle) {
        let base = Int32(vertices.count)
        vertices.append(DrawVertex(x: x0, y: y0, r: c.x, g: c.y, b: c.z, a: c.w, u: u0, v: v0))
        vertices.append(DrawVertex(x: x1, y: y0, r: c.x, g: c.y, b: c.z, a: c.w, u: u1, v: v0))
        vertices.append(DrawVertex(x: x1, y: y1, r: c.x, g: c.y, b: c.z, a: c.w, u: u1, v: v1))
        vertices.append(DrawVertex(x: x0, y: y1, r: c.x, g: c.y, b: c.z, a: c.w, u: u0, v: v1))
        useTexture(texture, indexCount: 6)
        indices.append(contentsOf: [base, base + 1, base + 2, base, base + 2, base + 3])
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
        let segs = DrawContext.arcSegments(radius: rad)
        let corners: [(SIMD2<Float>, Float)] = [
            (SIMD2(r.x1 - rad, r.y0 + rad), -.pi / 2),   // top right: from up to right
            (SIMD2(r.x1 - rad, r.y1 - rad), 0),          // bottom right
            (SIMD2(r.x0 + rad, r.y1 - rad), .pi / 2),    // bottom left
            (SIMD2(r.x0 + rad, r.y0 + rad), .pi),        // top left
        ]
        for (c, start) in corners {
            for i in 0...segs {
                let a = start + Float(i) / Float(segs) * (.pi / 2)
                appendPathPoint(SIMD2(c.x + cos(a) * rad, c.y + sin(a) * rad))
            }
        }
        // A radius of exactly half the side makes the last point meet the first.
        if path.count > 3, let first = path.first, let last = path.last, DrawContext.coincide(first, last) {
            path.removeLast()
        }
    }

    /// Appends a point unless it coincides with the previous one: a zero-length edge has no
    /// normal, and would turn into a miter spike (capsules, whose arcs meet end to end).
    private func appendPathPoint(_ p: SIMD2<Float>) {
        if let last = path.last, DrawContext.coincide(last, p) { return }
        path.append(p)
    }

    static func coincide(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Bool {
        let d = a - b
        return (d * d).sum() < 1e-4
    }

    private func buildEllipsePath(_ r: (x0: Float, y0: Float, x1: Float, y1: Float)) {
        path.removeAll(keepingCapacity: true)
        let rx = (r.x1 - r.x0) / 2, ry = (r.y1 - r.y0) / 2
        let cx = r.x0 + rx, cy = r.y0 + ry
        let n = DrawContext.arcSegments(radius: max(rx, ry)) * 4
        for i in 0..<n {
            let a = Float(i) / Float(n) * 2 * .pi
            path.append(SIMD2(cx + cos(a) * rx, cy + sin(a) * ry))
        }
    }

    /// Segments per quarter circle: enough that the chord error stays under ~0.08 px, and at
    /// least 4, because a coarse polygon's vertices poke out of the anti-aliased edge as
    /// visible bumps on small dots.
    static func arcSegments(radius: Float) -> Int {
        guard radius > 0.5 else { return 2 }
        let step = 2 * acos(max(-1, min(1, 1 - 0.08 / radius)))
        // A huge radius makes 1 - 0.08 / radius round to 1 in Float, so step is 0 and the
        // quotient infinite: clamp before converting.
        return Int(max(4, min(40, ((Float.pi / 2) / step).rounded(.up))))
    }

    /// Outward unit normals per vertex of a closed path (miter-averaged), in `normals`.
    private func computeNormals(closed: Bool) -> Bool {
        let n = path.count
        normals.removeAll(keepingCapacity: true)
        // Orientation: normals must point outward whatever the winding.
        var area: Float = 0
        for i in 0..<n {
            let a = path[i], b = path[(i + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        let sign: Float = area >= 0 ? 1 : -1
        edgeNormals.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let a = path[i], b = path[(i + 1) % n]
            var d = b - a
            let len = (d * d).sum().squareRoot()
            if len > 1e-6 { d /= len }
            edgeNormals.append(SIMD2(d.y, -d.x) * sign)
        }
        for i in 0..<n {
            let prev = closed ? edgeNormals[(i + n - 1) % n] : edgeNormals[max(0, i - 1)]
            let next = (closed || i < n - 1) ? edgeNormals[i] : edgeNormals[n - 2]
            var m = (prev + next) * 0.5
            let d2 = (m * m).sum()
            // Miter: scale so the offset edge stays parallel; cap sharp corners.
            if d2 > 1e-6 { m /= max(d2, 0.25) }
            normals.append(m)
        }
        return true
    }

    /// ImGui-style anti-aliased convex fill: an opaque core inset by half the fringe and a
    /// transparent ring outside it.
    private func fillConvexPath(color c: SIMD4<UInt8>, fringe: Float) {
        let n = path.count
        guard n >= 3, computeNormals(closed: true) else { return }
        let base = Int32(vertices.count)
        let h = fringe / 2
        for i in 0..<n {
            vertices.append(vertex(path[i] - normals[i] * h, c))
            vertices.append(vertex(path[i] + normals[i] * h, c, alpha: 0))
        }
        let start = indices.count
        for i in 2..<n {
            indices.append(base)
            indices.append(base + Int32((i - 1) * 2))
            indices.append(base + Int32(i * 2))
        }
        for i in 0..<n {
            let j = (i + 1) % n
            let ii = base + Int32(i * 2), jj = base + Int32(j * 2)
            indices.append(contentsOf: [ii, jj, jj + 1, ii, jj + 1, ii + 1])
        }
        useTexture(.atlas, indexCount: indices.count - start)
    }

    /// A band `thickness` pixels wide along a closed path with a one-pixel fringe both sides.
    private func strokeClosedPath(color c: SIMD4<UInt8>, thickness: Float) {
        strokePath(color: c, thickness: thickness, closed: true)
    }

    private func strokeOpenPath(color c: SIMD4<UInt8>, thickness: Float) {
        strokePath(color: c, thickness: thickness, closed: false)
    }

    private func strokePath(color c: SIMD4<UInt8>, thickness: Float, closed: Bool) {
        let n = path.count
        guard n >= 2 else { return }
        if !closed {
            // Square ends: extend the open line by half its width at both ends.
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
        } else {
            guard computeNormals(closed: true) else { return }
        }
        // Thin lines: keep a one-pixel core and fade alpha instead of thinning geometry.
        var color = c
        var half = (thickness - 1) / 2
        if half < 0 {
            color.w = UInt8(Float(c.w) * max(0, thickness))
            half = 0
        }
        let base = Int32(vertices.count)
        for i in 0..<n {
            let p = path[i], m = normals[i]
            vertices.append(vertex(p + m * (half + 1), color, alpha: 0))
            vertices.append(vertex(p + m * half, color))
            vertices.append(vertex(p - m * half, color))
            vertices.append(vertex(p - m * (half + 1), color, alpha: 0))
        }
        let start = indices.count
        let segmentsCount = closed ? n : n - 1
        for i in 0..<segmentsCount {
            let a = base + Int32(i * 4), b = base + Int32(((i + 1) % n) * 4)
            for k in 0..<3 {
                let a0 = a + Int32(k), a1 = a + Int32(k + 1), b0 = b + Int32(k), b1 = b + Int32(k + 1)
                indices.append(contentsOf: [a0, b0, b1, a0, b1, a1])
            }
        }
        useTexture(.atlas, indexCount: indices.count - start)
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
