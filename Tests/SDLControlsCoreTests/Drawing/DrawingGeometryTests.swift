import Testing
import Foundation
@testable import SDLControlsCore

/// A view that draws one thing with the context, for inspecting the geometry it makes.
@MainActor
private final class ShapeView: UIView {
    var shape: (DrawContext) -> Void = { _ in }
    override func draw(_ rect: CGRect) {
        if let ctx = UIGraphicsGetCurrentContext() { shape(ctx) }
    }
}

/// The geometry the drawing system makes: light, pixel-aligned where it can be,
/// cached per view in its own pixel space.
@MainActor
struct DrawingGeometryTests {
    let window = makeTestWindow(size: CGSize(width: 200, height: 200))

    /// Draws `shape` in a view at `origin` and returns the window's assembled geometry.
    private func geometry(origin: CGPoint = CGPoint(x: 10, y: 10), scale: CGFloat = 1,
                          _ shape: @escaping (DrawContext) -> Void) -> (vertices: [DrawVertex], indices: [Int32], commands: [DrawCommand]) {
        let v = ShapeView(frame: CGRect(origin: origin, size: CGSize(width: 120, height: 120)))
        v.shape = shape
        window.addSubview(v)
        defer { v.removeFromSuperview() }
        let list = DrawList()
        window.buildDrawList(into: list, scale: scale, resources: nil)
        return list.assembled()
    }

    /// The assembled triangles (each command's indices made absolute).
    private func triangles(_ list: DrawList, within band: PixelRect? = nil,
                           largestTurned: Float? = nil) -> [(DrawVertex, DrawVertex, DrawVertex)] {
        var out: [(DrawVertex, DrawVertex, DrawVertex)] = []
        list.assemble(maxVertices: Int.max / 4, within: band, largestTurnedTriangle: largestTurned) { c, v, i in
            for k in stride(from: c.indexStart, to: c.indexStart + c.indexCount, by: 3) {
                let a = Int(i[k]), b = Int(i[k + 1]), d = Int(i[k + 2])
                out.append((v[c.vertexStart + a], v[c.vertexStart + b], v[c.vertexStart + d]))
            }
        }
        return out
    }

    /// The colour of the last triangle drawn over (x, y), nil where none is.
    private func colour(at x: Float, _ y: Float, in tris: [(DrawVertex, DrawVertex, DrawVertex)]) -> [UInt8]? {
        func side(_ p: DrawVertex, _ q: DrawVertex) -> Float { (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x) }
        for (a, b, c) in tris.reversed() {
            let s0 = side(a, b), s1 = side(b, c), s2 = side(c, a)
            if (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0), s0 != 0 || s1 != 0 || s2 != 0 {
                return [a.r, a.g, a.b]
            }
        }
        return nil
    }

    /// With a band, no assembled vertex leaves it; blocks inside it come out exactly as
    /// without one (only blocks that reach outside pay for cutting); and every point inside
    /// the band is covered by the same colour as without it, for a huge upright shape and for
    /// a turned, zoomed one.
    @Test func assemblingWithinABandKeepsEveryVertexInsideAndCoversTheSamePointsInside() {
        let small = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 20))
        small.backgroundColor = .systemBlue
        small.cornerRadius = 6
        let huge = UIView(frame: CGRect(x: -4e6, y: 40, width: 8e6, height: 8e6))
        huge.backgroundColor = .systemRed
        huge.cornerRadius = 1e6
        let turned = UIView(frame: CGRect(x: 150, y: 150, width: 100, height: 20))
        turned.backgroundColor = .systemGreen
        turned.cornerRadius = 4
        turned.transform = CGAffineTransform(rotationAngle: .pi / 24).scaledBy(x: 64, y: 64)
        for v in [small, huge, turned] { window.addSubview(v) }
        defer { for v in [small, huge, turned] { v.removeFromSuperview() } }
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let band = PixelRect(x: -100, y: -100, width: 400, height: 400)
        let free = triangles(list), banded = triangles(list, within: band)
        #expect(free.contains { $0.0.x < -1e5 }, "the huge shape reaches far outside without a band")
        func inside(_ v: DrawVertex) -> Bool { v.x >= -100 && v.x <= 300 && v.y >= -100 && v.y <= 300 }
        #expect(banded.allSatisfy { inside($0.0) && inside($0.1) && inside($0.2) })
        // The small view's block comes first (drawn first) and is untouched.
        let smallCount = free.prefix { $0.0.b > $0.0.r && $0.0.b > $0.0.g }.count
        #expect(smallCount > 0)
        func same(_ p: (DrawVertex, DrawVertex, DrawVertex), _ q: (DrawVertex, DrawVertex, DrawVertex)) -> Bool {
            p.0 == q.0 && p.1 == q.1 && p.2 == q.2
        }
        #expect(zip(free.prefix(smallCount), banded.prefix(smallCount)).allSatisfy(same))
        // Split for a rasterizer that can't take large turned triangles: none is left larger
        // than the limit, scaled by its texture coordinates (a fill samples one texel near
        // the atlas's corner, and weighs at least 1/1024).
        let limit: Float = 100
        let split = triangles(list, within: band, largestTurned: limit)
        func area(_ t: (DrawVertex, DrawVertex, DrawVertex)) -> Float {
            abs((t.1.x - t.0.x) * (t.2.y - t.0.y) - (t.1.y - t.0.y) * (t.2.x - t.0.x)) / 2
        }
        func weighted(_ t: (DrawVertex, DrawVertex, DrawVertex)) -> Float {
            area(t) * max(1.0 / 1024, t.0.u, t.0.v, t.1.u, t.1.v, t.2.u, t.2.v)
        }
        let turnedGreen = split.filter { $0.0.g > $0.0.r && $0.0.g > $0.0.b }
        #expect(turnedGreen.count > triangles(list, within: band).filter { $0.0.g > $0.0.r && $0.0.g > $0.0.b }.count,
                "the turned view is split")
        #expect(turnedGreen.allSatisfy { weighted($0) <= limit })
        let smallBlue = split.filter { $0.0.b > $0.0.r && $0.0.b > $0.0.g }
        #expect(smallBlue.count == smallCount, "an upright block inside the band is left whole")
        // Sample the band (off the pixel grid, so no sample sits on a shared edge).
        var differing = 0, covered = 0
        for y in stride(from: Float(-99.37), to: 300, by: 9.1) {
            for x in stride(from: Float(-99.61), to: 300, by: 9.3) {
                let a = colour(at: x, y, in: free), b = colour(at: x, y, in: banded), c = colour(at: x, y, in: split)
                if a != b || a != c { differing += 1 }
                if b != nil { covered += 1 }
            }
        }
        #expect(differing == 0)
        #expect(covered > 100, "the samples see the shapes")
    }

    /// A region of the window assembled alone (moved by a whole-pixel offset, with the band
    /// moved alike) gives the same triangles as the whole window, moved: far-reaching upright
    /// and turned blocks are cut at the same window lines and split along the same grid,
    /// so a texture region drawn again matches the window drawn at once.
    @Test func assemblingMovedWithItsBandGivesTheSameTrianglesMoved() {
        // A circle 40,000 points across whose top edge crosses the band.
        let huge = UIView(frame: CGRect(x: 200 - 2e4, y: 100, width: 4e4, height: 4e4))
        huge.backgroundColor = UIColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.5)
        huge.cornerRadius = 2e4
        let turned = UIView(frame: CGRect(x: 150, y: 150, width: 100, height: 20))
        turned.backgroundColor = .systemGreen
        turned.transform = CGAffineTransform(rotationAngle: .pi / 24).scaledBy(x: 64, y: 64)
        for v in [huge, turned] { window.addSubview(v) }
        defer { for v in [huge, turned] { v.removeFromSuperview() } }
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let band = PixelRect(x: -100, y: -100, width: 500, height: 400)
        func corners(offsetX: Int32, offsetY: Int32) -> [[Float]] {
            var out: [[Float]] = []
            let moved = PixelRect(x: band.x &+ offsetX, y: band.y &+ offsetY, width: band.width, height: band.height)
            list.assemble(maxVertices: Int.max / 4, offsetX: offsetX, offsetY: offsetY, within: moved, largestTurnedTriangle: 20) { c, v, i in
                for k in c.indexStart..<c.indexStart + c.indexCount {
                    let p = v[c.vertexStart + Int(i[k])]
                    out.append([p.x - Float(offsetX), p.y - Float(offsetY), Float(p.a)])
                }
            }
            return out
        }
        let whole = corners(offsetX: 0, offsetY: 0), region = corners(offsetX: -37, offsetY: -81)
        #expect(whole.count == region.count && whole.count > 100, "\(whole.count) and \(region.count) corners")
        let worst = zip(whole, region).map { max(abs($0[0] - $1[0]), abs($0[1] - $1[1]), abs($0[2] - $1[2])) }.max() ?? .infinity
        #expect(worst < 0.01, "largest difference \(worst)")
    }

    /// Colour components become bytes as `rounded()` would round them (without its library
    /// call): every 1/255 step, every half step between, and 10,000 values spread between.
    @Test func colourComponentsRoundAsRoundedDoes() {
        var values: [CGFloat] = (0...510).map { CGFloat($0) / 510 }
        // Spread evenly and reproducibly: multiples of the golden ratio, fractional parts.
        for k in 1...10_000 { values.append((CGFloat(k) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)) }
        for v in values {
            #expect(UIColor.byte(v) == UInt8((v * 255).rounded()), "\(v)")
        }
        #expect(UIColor.byte(.nan) == 0 && UIColor.byte(-1) == 0 && UIColor.byte(7) == 255 && UIColor.byte(.infinity) == 255)
    }

    /// Whether every triangle pair is an axis-aligned quad (what the software renderer fills
    /// or copies as a rectangle).
    private func allQuads(_ g: (vertices: [DrawVertex], indices: [Int32], commands: [DrawCommand])) -> Bool {
        guard g.indices.count % 6 == 0 else { return false }
        for c in g.commands {
            for q in stride(from: 0, to: c.indexCount, by: 6) {
                let ids = (0..<6).map { Int(g.indices[c.indexStart + q + $0]) + c.vertexStart }
                let vs = ids.map { g.vertices[$0] }
                guard ids[0] == ids[3], ids[2] == ids[4], Set(vs.map(\.x)).count == 2, Set(vs.map(\.y)).count == 2 else { return false }
            }
        }
        return true
    }

    @Test func aPixelAlignedRectangleIsOneQuadWithoutFringe() {
        let g = geometry { $0.fill(CGRect(x: 5, y: 6, width: 30, height: 12), color: .systemBlue) }
        #expect(g.vertices.count == 4 && g.indices.count == 6)
        #expect(g.vertices.allSatisfy { $0.a == 255 }, "no transparent fringe on edges that lie on pixel boundaries")
        #expect(Set(g.vertices.map(\.x)) == [15, 45] && Set(g.vertices.map(\.y)) == [16, 28])
    }

    @Test func aFractionalRectangleGetsStripsAtItsCoverage() {
        let g = geometry { $0.fill(CGRect(x: 5.5, y: 6, width: 10, height: 4), color: UIColor(white: 0, alpha: 1)) }
        #expect(allQuads(g), "still only axis-aligned quads")
        // Covered area, weighted by alpha, equals the rectangle's area.
        var covered: Double = 0
        for q in stride(from: 0, to: g.vertices.count, by: 4) {
            let vs = g.vertices[q..<q + 4]
            let w = Double(vs.map(\.x).max()! - vs.map(\.x).min()!), h = Double(vs.map(\.y).max()! - vs.map(\.y).min()!)
            covered += w * h * Double(vs.first!.a) / 255
        }
        #expect(abs(covered - 40) < 0.2)
        #expect(g.vertices.contains { $0.a > 100 && $0.a < 155 }, "the half-covered columns at half alpha")
    }

    @Test func aCapsuleIsCapsAndOneQuadOnePath() {
        // The one capsule path: a rounded rectangle whose radius is half its height.
        let g = geometry { $0.fillRoundedRect(CGRect(x: 0, y: 0, width: 90, height: 20), radius: 10, color: .systemGreen) }
        #expect(allQuads(g))
        #expect(g.vertices.count == 12, "left cap, middle, right cap")
        let xs = g.vertices.map(\.x), ys = g.vertices.map(\.y)
        #expect(xs.min() == 10 && xs.max() == 100 && ys.min() == 10 && ys.max() == 30, "nothing pokes out of the shape")
        // A radius larger than half the height is the same capsule.
        let same = geometry { $0.fillRoundedRect(CGRect(x: 0, y: 0, width: 90, height: 20), radius: 400, color: .systemGreen) }
        #expect(same.vertices == g.vertices)
    }

    @Test func aSmallCircleIsOneTile() {
        let g = geometry { $0.fillEllipse(in: CGRect(x: 0, y: 0, width: 28, height: 28), color: .white) }
        #expect(g.vertices.count == 4 && allQuads(g))
    }

    @Test func aLargeRoundedRectangleIsCornersAndSolidQuads() {
        let g = geometry { $0.fillRoundedRect(CGRect(x: 0, y: 0, width: 110, height: 100), radius: 12, color: .white) }
        #expect(allQuads(g))
        #expect(g.vertices.count == 7 * 4, "four corner tiles and a cross of three quads")
    }

    @Test func strokesAndShadowsAreQuadsToo() {
        let stroke = geometry { $0.strokeRoundedRect(CGRect(x: 0, y: 0, width: 110, height: 100), radius: 12, width: 1, color: .black) }
        #expect(allQuads(stroke) && !stroke.vertices.isEmpty)
        let shadow = geometry { $0.fillShadow(CGRect(x: 10, y: 10, width: 28, height: 28), radius: 14, blur: 5, color: .black) }
        #expect(allQuads(shadow) && shadow.vertices.count == 4, "a small soft shadow is one tile")
    }

    @Test func thinSlantedLinesUseThreeVerticesPerPoint() {
        let thin = geometry { $0.strokeLine(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 40, y: 30), width: 0.75, color: .black) }
        #expect(thin.vertices.count == 6 && thin.indices.count == 12)
        let thick = geometry { $0.strokeLine(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 40, y: 30), width: 3, color: .black) }
        #expect(thick.vertices.count == 8)
    }

    @Test func axisAlignedLinesAreRectangles() {
        // Square ends reach half the width past each point: 0.5...39.5 covers 0...40.
        let g = geometry { $0.strokeLine(from: CGPoint(x: 0.5, y: 4.5), to: CGPoint(x: 39.5, y: 4.5), width: 1, color: .black) }
        #expect(g.vertices.count == 4 && g.vertices.allSatisfy { $0.a == 255 }, "a 1-point line centred on a pixel row is that row")
    }

    @Test func arcToleranceIsAboutAThirdOfAPixel() {
        for r: Float in [3, 10, 40, 200] {
            let n = DrawContext.arcSegments(radius: r)
            let sagitta = r * (1 - cos(Float.pi / 4 / Float(n)))
            #expect(sagitta <= 0.3 + 1e-4, "radius \(r): \(n) segments")
        }
        // Huge and odd radii stay bounded (no trap converting an infinite quotient).
        #expect(DrawContext.arcSegments(radius: 1e30) <= 64)
        #expect(DrawContext.arcSegments(radius: .infinity) == 2)
        #expect(DrawContext.arcSegments(radius: .nan) == 2)
    }

    @Test func hugeShapesFallBackToTrianglesWithoutTrapping() {
        let g = geometry { $0.fillRoundedRect(CGRect(x: 0, y: 0, width: 1_000, height: 1_000), radius: 400, color: .white) }
        #expect(!g.vertices.isEmpty && !allQuads(g), "corners too large for tiles are tessellated")
        let h = geometry { $0.fillRoundedRect(CGRect(x: -1e9, y: 0, width: 3e9, height: 40), radius: 20, color: .white) }
        _ = h   // no trap for coordinates far outside Int32
    }

    // MARK: View-local caches

    @Test func movingAContainerRetessellatesNothing() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        for i in 0..<5 {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 30, y: 10, width: 24, height: 24))
            v.backgroundColor = .systemBlue
            v.cornerRadius = 6
            container.addSubview(v)
        }
        window.addSubview(container)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 2, resources: nil)
        let before = list.vertices
        container.frame.origin = CGPoint(x: 7, y: 3)   // whole points: whole pixels
        let stats = window.buildDrawList(into: list, scale: 2, resources: nil)
        #expect(stats.rebuilt && stats.viewsRedrawn == 0, "cached geometry is translated, not rebuilt")
        let after = list.vertices
        #expect(after.count == before.count)
        #expect(zip(before, after).allSatisfy { $1.x == $0.x + 14 && $1.y == $0.y + 6 })
        // A move by a fraction of a pixel changes how shapes meet the pixel grid: rebuilt.
        container.frame.origin = CGPoint(x: 7.25, y: 3)
        #expect(window.buildDrawList(into: list, scale: 2, resources: nil).viewsRedrawn > 0)
    }

    @Test func scrollingByBoundsOriginRetessellatesNothing() {
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        scroller.clipsToBounds = true
        scroller.backgroundColor = .white
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 300))
        content.backgroundColor = .systemGray4
        scroller.addSubview(content)
        window.addSubview(scroller)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        scroller.bounds.origin = CGPoint(x: 0, y: 40)   // a pure content offset change
        let stats = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(stats.rebuilt && stats.viewsRedrawn == 0)
        #expect(list.vertices.contains { $0.y == -40 }, "the content moved up by the offset")
    }

    @Test func changedPixelsAreOnlyThoseOfTheChangedView() {
        var views: [UIView] = []
        for i in 0..<6 {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 30, y: 10, width: 20, height: 20))
            v.backgroundColor = .systemBlue
            window.addSubview(v)
            views.append(v)
        }
        _ = window.prepareDrawing(scale: 1, resources: nil)
        window.damage.clear()
        views[2].backgroundColor = .systemRed
        _ = window.prepareDrawing(scale: 1, resources: nil)
        #expect(window.damage.rects == [PixelRect(x: 60, y: 10, width: 20, height: 20)])
        window.damage.clear()
        views[4].frame.origin.y = 170   // a move: old and new place
        _ = window.prepareDrawing(scale: 1, resources: nil)
        #expect(window.damage.area == 800 && window.damage.rects.count == 2)
        window.damage.clear()
        views[4].frame.origin.y = 120   // a short move: old and new cover a quarter of their box or more: the box
        _ = window.prepareDrawing(scale: 1, resources: nil)
        #expect(window.damage.rects == [PixelRect(x: 120, y: 120, width: 20, height: 70)])
        window.damage.clear()
        views[0].removeFromSuperview()
        _ = window.prepareDrawing(scale: 1, resources: nil)
        #expect(window.damage.rects == [PixelRect(x: 0, y: 10, width: 20, height: 20)])
    }

    /// Crowded changes (every control of a grid row) become the box around them, so each
    /// later change costs one test; scattered ones (one control in ten) stay apart, so only
    /// they are drawn again.
    @Test func crowdedDamageBecomesOneBoxAndScatteredDamageStaysApart() {
        var crowded = DamageRegion()
        for i in 0..<64 { crowded.add(PixelRect(x: Int32(i * 64), y: 0, width: 60, height: 22)) }
        #expect(crowded.rects == [PixelRect(x: 0, y: 0, width: 63 * 64 + 60, height: 22)])
        var grid = DamageRegion(), most = 0
        for i in 0..<1_000 {
            grid.add(PixelRect(x: Int32(i % 64 * 64), y: Int32(i / 64 * 26), width: 60, height: 22))
            most = max(most, grid.rects.count)
        }
        #expect(most == 1 && grid.rects.count == 1)
        var scattered = DamageRegion()
        for row in 0..<16 {
            for col in stride(from: row % 10, to: 64, by: 10) {
                scattered.add(PixelRect(x: Int32(col * 64), y: Int32(row * 26), width: 60, height: 22))
            }
        }
        let changed = (0..<16).reduce(0) { n, row in n + stride(from: row % 10, to: 64, by: 10).underestimatedCount }
        #expect(scattered.rects.count == changed, "one rectangle per changed control")
        #expect(scattered.area == changed * 60 * 22)
    }

    /// However many rectangles come, in any order, normalizing leaves rectangles that neither
    /// overlap nor touch, each added one inside one of them, at most `maximumRects`.
    @Test(arguments: [1, 2, 3, 4])
    func normalizedDamageIsDisjointAndCoversEveryChange(seed: UInt64) {
        var rng = TestRandom(seed: seed)
        var d = DamageRegion()
        var added: [PixelRect] = []
        for _ in 0..<rng.int(40...900) {
            let r = PixelRect(x: Int32(rng.int(0...3_000)), y: Int32(rng.int(0...1_500)),
                              width: Int32(rng.int(1...(seed == 4 ? 400 : 40))), height: Int32(rng.int(1...30)))
            d.add(r)
            added.append(r)
        }
        d.normalize()
        #expect(d.rects.count <= DamageRegion.maximumRects)
        for (i, a) in d.rects.enumerated() {
            let grown = PixelRect(x: a.x - 1, y: a.y - 1, width: a.width + 2, height: a.height + 2)
            for b in d.rects[(i + 1)...] { #expect(!grown.intersects(b), "\(a) and \(b) touch") }
        }
        for r in added { #expect(d.rects.contains { $0.contains(r) }, "\(r) is covered") }
    }

    @Test func damageMergesAndStaysSmall() {
        var d = DamageRegion()
        d.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        d.add(PixelRect(x: 10, y: 0, width: 10, height: 10))   // touching: merged
        #expect(d.rects == [PixelRect(x: 0, y: 0, width: 20, height: 10)])
        d.add(PixelRect(x: 2, y: 2, width: 3, height: 3))       // inside: nothing new
        #expect(d.rects.count == 1)
        for i in 0..<20 { d.add(PixelRect(x: Int32(100 + i * 20), y: 100, width: 5, height: 5)) }
        #expect(d.rects.count <= DamageRegion.maximumRects)
        #expect(d.rects.contains { $0.contains(PixelRect(x: 480, y: 100, width: 5, height: 5)) })
        d.setFull()
        #expect(d.isFull && !d.isEmpty)
        d.clear()
        #expect(d.isEmpty)
    }

    @Test func occupancyCoversWhatIsDrawnAndLittleElse() {
        let left = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 150))
        left.backgroundColor = .white
        let right = UIView(frame: CGRect(x: 140, y: 10, width: 50, height: 150))
        right.backgroundColor = .white
        window.addSubview(left)
        window.addSubview(right)
        _ = window.prepareDrawing(scale: 1, resources: nil)
        let rects = window.occupancy.rects
        #expect(rects.count == 2, "two columns, not one box around both")
        #expect(rects.contains { $0.contains(PixelRect(x: 10, y: 10, width: 50, height: 150)) })
        #expect(rects.contains { $0.contains(PixelRect(x: 140, y: 10, width: 50, height: 150)) })
        #expect(window.occupancy.area < 200 * 200)
    }

    // MARK: Dimming

    @Test func hugeShadowBlursAndStrokesDrawBoundedGeometryWithoutTrapping() {
        for blur in [CGFloat(1e30), 1e12, 3e7, .greatestFiniteMagnitude, .infinity, .nan] {
            let g = geometry { ctx in
                ctx.fillShadow(CGRect(x: 10, y: 10, width: 28, height: 28), radius: 14, blur: blur, color: .black)
                ctx.compositing {
                    ctx.fillShadow(CGRect(x: 10, y: 10, width: 28, height: 28), radius: 14, blur: blur, color: .black)
                    ctx.fillEllipse(in: CGRect(x: 10, y: 10, width: 28, height: 28), color: .white)
                }
            }
            #expect(g.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e8 && abs($0.y) < 1e8 }, "blur \(blur)")
        }
        let g = geometry { $0.strokeRoundedRect(CGRect(x: 10, y: 10, width: 28, height: 28), radius: 6, width: 1e30, color: .black) }
        #expect(g.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func disabledControlsFadeAsOneLayerOverTheirBackdrop() {
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        panel.backgroundColor = .white
        let slider = UISlider(frame: CGRect(x: 10, y: 10, width: 150, height: 34))
        slider.minimumTrackTintColor = .black
        slider.value = 1
        panel.addSubview(slider)
        window.addSubview(panel)
        slider.isEnabled = false
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        // Black at 0.38 over white is an opaque grey, not translucent black.
        let expected = UInt8((255 * (1 - Theme.disabledAlpha)).rounded())
        #expect(list.vertices.contains { $0.r == expected && $0.g == expected && $0.b == expected && $0.a == 255 })
        #expect(!list.vertices.contains { $0.r == 0 && $0.g == 0 && $0.b == 0 && $0.a > 0 && $0.a < 255 })
    }

    @Test func aDisabledPartFadesByTheRuleAControlFadesByAndNeverTwice() {
        let ink = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        let part = geometry { ctx in ctx.drawingDisabled(true) { ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10), color: ink) } }
        let faded = UInt8((255 * Theme.disabledAlpha).rounded())
        #expect(Set(part.vertices.map(\.a)) == [faded], "a disabled part fades to the disabled alpha")
        let enabled = geometry { ctx in ctx.drawingDisabled(false) { ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10), color: ink) } }
        #expect(Set(enabled.vertices.map(\.a)) == [255])

        // A stepper at its minimum fades its minus half; disabled, it fades as a whole and
        // the minus half is not faded a second time.
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        panel.backgroundColor = .white
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 94, height: 32))
        panel.addSubview(stepper)
        window.addSubview(panel)
        let enabledList = DrawList()
        window.buildDrawList(into: enabledList, scale: 1, resources: nil)
        #expect(enabledList.vertices.contains { $0.a == faded }, "the minus half at the minimum is faded")
        stepper.isEnabled = false
        let disabledList = DrawList()
        window.buildDrawList(into: disabledList, scale: 1, resources: nil)
        let twice = UInt8((255 * Theme.disabledAlpha * Theme.disabledAlpha).rounded())
        #expect(!disabledList.vertices.contains { $0.a == twice }, "nothing is faded twice")
    }

    @Test func aButtonWithItsOwnDisabledDesignFadesItsImageAndABorrowedTitleColourByTheSameRule() {
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.setImage(UIImage(url: URL(fileURLWithPath: "/nonexistent.png"), name: nil, size: CGSize(width: 8, height: 8), scale: 1), for: .normal)
        button.setTitleColor(.systemRed, for: .normal)
        window.addSubview(button)
        #expect(!button.imageView.drawsDisabledDimmed)
        #expect(!button.titleLabel.drawsDisabledDimmed)
        button.isEnabled = false
        #expect(button.imageView.drawsDisabledDimmed, "the image fades as the control would")
        #expect(button.imageView.alpha == 1, "not by a second route")
        #expect(button.titleLabel.drawsDisabledDimmed, "a colour set for the normal state fades when disabled")
        #expect(!button.drawsDisabledDimmed, "the button's own grey design is not faded again")
        button.setTitleColor(.systemGreen, for: .disabled)
        #expect(!button.titleLabel.drawsDisabledDimmed, "a colour set for the disabled state is used as given")
        #expect(button.titleLabel.textColor == .systemGreen)
        button.isEnabled = true
        #expect(!button.imageView.drawsDisabledDimmed && !button.titleLabel.drawsDisabledDimmed)

        let custom = UIButton(type: .custom)
        custom.setTitle("Go", for: .normal)
        custom.isEnabled = false
        #expect(custom.drawsDisabledDimmed, "a custom button fades as a whole")
        #expect(!custom.titleLabel.drawsDisabledDimmed)
    }

    // MARK: Frames on demand

    @Test func aWindowNeedsAFrameOnlyAfterAChange() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .systemBlue
        window.addSubview(v)
        #expect(window.needsFrame)
        window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
        #expect(!window.needsFrame)
        v.backgroundColor = .systemRed
        #expect(window.needsFrame)
        window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
        v.setNeedsLayout()
        #expect(window.needsFrame)
    }

    @Test func theClockTellsWhenItsNextTimerFires() {
        let clock = FrameClock()
        #expect(clock.nextFireTime == nil)
        clock.advanceTime(to: 1)
        let later = clock.scheduleTimer(after: 2) { _ in }
        clock.scheduleTimer(after: 0.5, repeating: 1) { _ in }
        #expect(clock.nextFireTime == 1.5)
        clock.advanceTime(to: 1.6)
        #expect(clock.nextFireTime == 2.5, "the repeating timer's next firing")
        later.invalidate()
        #expect(clock.nextFireTime == 2.5)
    }
}
