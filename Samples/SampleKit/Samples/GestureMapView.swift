import Foundation
import SDLControls

/// A map of square tiles that pans, zooms and turns: the view's own drawing follows
/// ``offset``, ``zoom`` and ``rotation`` (views have no transforms, so the tiles are drawn
/// already moved, scaled and turned, and clipped to the view by hand). A compass in the corner
/// points to the map's north; dropped markers stay where they were put on the map.
///
/// It has no gesture code of its own: ``GesturesSample`` attaches the recognizers and calls
/// ``pan(by:)``, ``zoom(by:around:)`` and ``rotate(by:around:)``.
@MainActor
final class GestureMapView: UIView {
    /// Where the map's origin is drawn, in points from the view's centre.
    private(set) var offset = CGPoint.zero
    /// Points on screen per map point, within ``zoomRange``.
    private(set) var zoom: CGFloat = 1
    /// How far the map is turned, radians, clockwise (the window's y axis points down).
    private(set) var rotation: CGFloat = 0
    /// Markers, in map points.
    private(set) var markers: [CGPoint] = []

    /// The zooms the map allows.
    static let zoomRange: ClosedRange<CGFloat> = 0.5...4
    /// A tile's side in map points.
    static let tileSize: CGFloat = 60
    /// The compass's diameter.
    static let compassSize: CGFloat = 56

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = GestureMapView.gridColor
        clipsToBounds = true   // the buttons on it, not its drawing: that is clipped in draw(_:)
    }

    // MARK: Moving the map

    /// Moves the map by `translation` (points).
    func pan(by translation: CGPoint) {
        guard translation.x.isFinite, translation.y.isFinite else { return }
        offset = CGPoint(x: offset.x + translation.x, y: offset.y + translation.y)
        setNeedsDisplay()
    }

    /// Zooms by `factor` (clamped to ``zoomRange``) keeping the map point under `point` (view
    /// coordinates) where it is, as a pinch does under the fingers.
    func zoom(by factor: CGFloat, around point: CGPoint) {
        guard factor.isFinite, factor > 0 else { return }
        let newZoom = min(Self.zoomRange.upperBound, max(Self.zoomRange.lowerBound, zoom * factor))
        let applied = newZoom / zoom
        let d = fromCentre(point)
        offset = CGPoint(x: d.x + (offset.x - d.x) * applied, y: d.y + (offset.y - d.y) * applied)
        zoom = newZoom
        setNeedsDisplay()
    }

    /// Turns the map by `angle` (radians, clockwise) around `point` (view coordinates).
    func rotate(by angle: CGFloat, around point: CGPoint) {
        guard angle.isFinite else { return }
        let d = fromCentre(point)
        let r = Self.rotated(CGPoint(x: offset.x - d.x, y: offset.y - d.y), by: angle)
        offset = CGPoint(x: d.x + r.x, y: d.y + r.y)
        rotation = remainder(rotation + angle, 2 * .pi)   // -π…π, so the status reads -180°…180°
        setNeedsDisplay()
    }

    /// Drops a marker on the map point under `point` (view coordinates).
    func dropMarker(at point: CGPoint) {
        markers.append(mapPoint(at: point))
        setNeedsDisplay()
    }

    /// Back to the start: origin in the middle, 1×, north up. Markers stay.
    func resetView() {
        offset = .zero
        zoom = 1
        rotation = 0
        setNeedsDisplay()
    }

    // MARK: Coordinates

    private var centre: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }

    private func fromCentre(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x - centre.x, y: p.y - centre.y) }

    private static func rotated(_ p: CGPoint, by a: CGFloat) -> CGPoint {
        CGPoint(x: p.x * cos(a) - p.y * sin(a), y: p.x * sin(a) + p.y * cos(a))
    }

    /// Where a map point is drawn (view coordinates).
    func viewPoint(of mapPoint: CGPoint) -> CGPoint {
        let r = Self.rotated(CGPoint(x: mapPoint.x * zoom, y: mapPoint.y * zoom), by: rotation)
        return CGPoint(x: centre.x + offset.x + r.x, y: centre.y + offset.y + r.y)
    }

    /// The map point drawn at `point` (view coordinates).
    func mapPoint(at point: CGPoint) -> CGPoint {
        let r = Self.rotated(CGPoint(x: point.x - centre.x - offset.x, y: point.y - centre.y - offset.y), by: -rotation)
        return CGPoint(x: r.x / zoom, y: r.y / zoom)
    }

    // MARK: Drawing

    static let gridColor = UIColor(light: UIColor(rgb: 0xC9D6C4), dark: UIColor(rgb: 0x22302A))
    static let landColors = [UIColor(light: UIColor(rgb: 0xE4EEDC), dark: UIColor(rgb: 0x2E4034)),
                             UIColor(light: UIColor(rgb: 0xD8E8CF), dark: UIColor(rgb: 0x344A3A))]
    static let waterColor = UIColor(light: UIColor(rgb: 0xBFDDF2), dark: UIColor(rgb: 0x1F3A52))

    /// Water runs along a diagonal band; the rest is land in a checkerboard.
    private static func color(ofTile i: Int, _ j: Int) -> UIColor {
        let band = (i - j) % 7
        if band == 3 || band == -4 { return waterColor }
        return landColors[(i + j) & 1]
    }

    /// The most tiles a row or column draws (a 60-point tile at half zoom fills 4,800 points).
    static let mostTilesAcross = 160

    /// The index of the tile at map coordinate `v`, kept far inside `Int` whatever the offset.
    private static func tile(_ v: CGFloat) -> Int {
        let t = (v / tileSize).rounded(.down)
        return t.isFinite ? Int(min(max(t, -1_000_000_000), 1_000_000_000)) : 0
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        // The tiles that can show: those under the view's corners, taken back to the map.
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                       CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)].map(mapPoint(at:))
        let size = Self.tileSize
        // A view larger than the most tiles across shows its top-left part tiled.
        let i0 = Self.tile(corners.map(\.x).min()!), i1 = min(Self.tile(corners.map(\.x).max()!), i0 + Self.mostTilesAcross)
        let j0 = Self.tile(corners.map(\.y).min()!), j1 = min(Self.tile(corners.map(\.y).max()!), j0 + Self.mostTilesAcross)
        // A one-point gap between tiles is the grid (the background shows through).
        let gap = 0.5 / zoom
        for j in j0...j1 {
            for i in i0...i1 {
                let x = CGFloat(i) * size, y = CGFloat(j) * size
                let quad = [CGPoint(x: x + gap, y: y + gap), CGPoint(x: x + size - gap, y: y + gap),
                            CGPoint(x: x + size - gap, y: y + size - gap), CGPoint(x: x + gap, y: y + size - gap)].map(viewPoint(of:))
                let clipped = Self.clip(quad, to: b)
                if clipped.count >= 3 { ctx.fillConvexPolygon(clipped, color: Self.color(ofTile: i, j)) }
            }
        }
        drawPin(ctx, at: viewPoint(of: .zero), radius: 9, color: .systemRed)   // the map's origin, "home"
        for m in markers { drawPin(ctx, at: viewPoint(of: m), radius: 7, color: .systemBlue) }
        drawCompass(ctx)
        ctx.strokeRoundedRect(b, radius: 0, width: 1, color: .separator)
    }

    /// A round pin with a white ring, drawn only when wholly inside the view (no clipped circles).
    private func drawPin(_ ctx: DrawContext, at p: CGPoint, radius: CGFloat, color: UIColor) {
        let r = CGRect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius)
        guard bounds.insetBy(dx: 2, dy: 2).contains(r) else { return }
        ctx.fillEllipse(in: r.insetBy(dx: -2, dy: -2), color: .white)
        ctx.fillEllipse(in: r, color: color)
    }

    /// The compass in the bottom-right corner: its needle's red end points to the map's north.
    private func drawCompass(_ ctx: DrawContext) {
        let s = Self.compassSize
        let frame = CGRect(x: bounds.maxX - s - 12, y: bounds.maxY - s - 12, width: s, height: s)
        guard bounds.contains(frame) else { return }
        let c = CGPoint(x: frame.midX, y: frame.midY)
        ctx.fillShadow(frame.offsetBy(dx: 0, dy: 1), radius: s / 2, blur: 4, color: Theme.shadow)
        ctx.fillEllipse(in: frame, color: .tertiarySystemBackground)
        ctx.strokeEllipse(in: frame.insetBy(dx: 1, dy: 1), width: 1, color: .separator)
        let north = Self.rotated(CGPoint(x: 0, y: -(s / 2 - 8)), by: rotation)
        let side = Self.rotated(CGPoint(x: 5, y: 0), by: rotation)
        let tip = CGPoint(x: c.x + north.x, y: c.y + north.y), tail = CGPoint(x: c.x - north.x, y: c.y - north.y)
        let left = CGPoint(x: c.x - side.x, y: c.y - side.y), right = CGPoint(x: c.x + side.x, y: c.y + side.y)
        ctx.fillConvexPolygon([tip, right, left], color: .systemRed)
        ctx.fillConvexPolygon([tail, left, right], color: .systemGray)
        ctx.fillEllipse(in: CGRect(x: c.x - 3, y: c.y - 3, width: 6, height: 6), color: .label)
    }

    /// A convex polygon clipped to a rectangle (Sutherland–Hodgman, one edge at a time).
    static func clip(_ polygon: [CGPoint], to r: CGRect) -> [CGPoint] {
        // Each edge: a test that a point is inside, and where a segment crosses it.
        typealias Edge = (inside: (CGPoint) -> Bool, cross: (CGPoint, CGPoint) -> CGPoint)
        func atX(_ x: CGFloat) -> (CGPoint, CGPoint) -> CGPoint {
            { a, b in CGPoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
        }
        func atY(_ y: CGFloat) -> (CGPoint, CGPoint) -> CGPoint {
            { a, b in CGPoint(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y) }
        }
        let edges: [Edge] = [({ $0.x >= r.minX }, atX(r.minX)), ({ $0.x <= r.maxX }, atX(r.maxX)),
                             ({ $0.y >= r.minY }, atY(r.minY)), ({ $0.y <= r.maxY }, atY(r.maxY))]
        var points = polygon
        for edge in edges {
            guard let last = points.last else { return [] }
            var out: [CGPoint] = []
            var previous = last
            for p in points {
                switch (edge.inside(previous), edge.inside(p)) {
                case (true, true): out.append(p)
                case (true, false): out.append(edge.cross(previous, p))
                case (false, true): out.append(edge.cross(previous, p)); out.append(p)
                case (false, false): break
                }
                previous = p
            }
            points = out
        }
        return points
    }
}
