import Foundation

/// A piece of an anti-aliased rounded shape, rasterized once into the host's atlas and then
/// drawn as one axis-aligned textured quad: a whole small shape, a cap (two rounded
/// corners) or a corner. Rounded rectangles, capsules, circles, their strokes and their soft
/// shadows are drawn from tiles, pixel-aligned, so every straight edge lands on a pixel
/// boundary (no fringe to blend) and the software renderer copies each piece with one blit
/// instead of rasterizing dozens of small triangles.
///
/// The tile shows a window of a *box*: a rectangle `shapeWidth` × `shapeHeight` pixels
/// (0 means unbounded: the window sits at one end of a very long box) holding a rounded
/// rectangle inset by `pad` on every side with corner radius `radius16 / 16`. The window is
/// the box's top-left `width` × `height` pixels, mirrored when `mirrorX` / `mirrorY` is set,
/// so one set of rules covers all four corners. Coverage per pixel comes from the signed
/// distance to the shape at the pixel's centre: a fill is solid inside, a stroke is a band
/// `style` wide just inside the edge, a shadow ramps linearly across `blur` pixels centred on
/// the edge.
public struct ShapeTileKey: Hashable, Sendable {
    /// What the tile shows of the rounded rectangle.
    public enum Style: Hashable, Sendable {
        /// The filled shape.
        case fill
        /// A band just inside the edge, `width16 / 16` pixels wide.
        case stroke(width16: Int32)
        /// A soft shadow: coverage ramps from 1 to 0 across `blur16 / 16` pixels centred on the edge.
        case blur(blur16: Int32)
    }

    /// Tile width in pixels.
    public var width: Int32
    /// Tile height in pixels.
    public var height: Int32
    /// The box's width in pixels; 0 for unbounded.
    public var shapeWidth: Int32
    /// The box's height in pixels; 0 for unbounded.
    public var shapeHeight: Int32
    /// Whether the window is the box's right end (mirrored).
    public var mirrorX: Bool
    /// Whether the window is the box's bottom end (mirrored).
    public var mirrorY: Bool
    /// Inset of the rounded rectangle from the box, in whole pixels (room for a shadow's ramp).
    public var pad: Int32
    /// Corner radius in 1/16 pixel.
    public var radius16: Int32
    /// Fill, stroke or shadow.
    public var style: Style
    /// The colour baked into the pixels as ARGB (straight alpha), or opaque white for a mask
    /// that the vertex colour tints.
    public var color: UInt32

    /// Creates a key.
    public init(width: Int32, height: Int32, shapeWidth: Int32, shapeHeight: Int32, mirrorX: Bool, mirrorY: Bool,
                pad: Int32, radius16: Int32, style: Style, color: UInt32) {
        self.width = width; self.height = height; self.shapeWidth = shapeWidth; self.shapeHeight = shapeHeight
        self.mirrorX = mirrorX; self.mirrorY = mirrorY; self.pad = pad; self.radius16 = radius16
        self.style = style; self.color = color
    }

    /// Pixels the tile holds.
    public var pixelCount: Int { Int(width) * Int(height) }

    /// Hashes the fields packed into two words (tiles are looked up for every rounded shape
    /// drawn, so this is on the tessellation path).
    public func hash(into hasher: inout Hasher) {
        func u16(_ v: Int32) -> UInt64 { UInt64(UInt16(truncatingIfNeeded: v)) }
        let (kind, param): (UInt64, Int32)
        switch style {
        case .fill: (kind, param) = (0, 0)
        case .stroke(let w): (kind, param) = (1, w)
        case .blur(let b): (kind, param) = (2, b)
        }
        hasher.combine(u16(width) | u16(height) << 16 | u16(shapeWidth) << 32 | u16(shapeHeight) << 48)
        hasher.combine(UInt64(color) << 32 | u16(radius16) << 16 | u16(param) ^ u16(pad) << 8
                       ^ kind << 30 ^ (mirrorX ? 1 << 28 : 0) ^ (mirrorY ? 1 << 29 : 0))
    }

    /// Writes the tile's pixels (ARGB8888, straight alpha) row by row; `pitch` is in pixels.
    public func rasterize(into pixels: UnsafeMutablePointer<UInt32>, pitch: Int) {
        let a = Double(color >> 24) / 255
        let rgb = color & 0x00FF_FFFF
        for j in 0..<Int(height) {
            for i in 0..<Int(width) {
                let c = coverage(x: i, y: j)
                let alpha = UInt32((a * c * 255).rounded())
                pixels[j * pitch + i] = alpha == 0 ? 0 : (alpha << 24) | rgb
            }
        }
    }

    /// Coverage (0...1) of the tile's pixel (`x`, `y`).
    public func coverage(x: Int, y: Int) -> Double {
        let px = mirrorX ? Double(width) - 0.5 - Double(x) : Double(x) + 0.5
        let py = mirrorY ? Double(height) - 0.5 - Double(y) : Double(y) + 0.5
        return ShapeTileKey.coverage(px: px, py: py, boxWidth: shapeWidth, boxHeight: shapeHeight, pad: pad,
                                     radius: Double(radius16) / 16, style: style)
    }

    /// Coverage at a point of a box (pixels, from its top-left corner).
    public static func coverage(px: Double, py: Double, boxWidth: Int32, boxHeight: Int32, pad: Int32, radius: Double,
                                style: Style) -> Double {
        // An unbounded side: a box so long that the point is far from its other end.
        let big = 1_048_576.0
        let w = boxWidth > 0 ? Double(boxWidth) : big
        let h = boxHeight > 0 ? Double(boxHeight) : big
        let p = Double(pad)
        let d = signedDistance(px: px, py: py, x0: p, y0: p, x1: w - p, y1: h - p, radius: radius)
        switch style {
        case .fill:
            return clamp01(0.5 - d)
        case .stroke(let w16):
            let s = Double(w16) / 16
            let inner = signedDistance(px: px, py: py, x0: p + s, y0: p + s, x1: w - p - s, y1: h - p - s,
                                       radius: max(0, radius - s))
            return max(0, clamp01(0.5 - d) - clamp01(0.5 - inner))
        case .blur(let b16):
            let b = max(1, Double(b16) / 16)
            return clamp01(0.5 - d / b)
        }
    }

    /// Signed distance from a point to a rounded rectangle (negative inside).
    static func signedDistance(px: Double, py: Double, x0: Double, y0: Double, x1: Double, y1: Double, radius: Double) -> Double {
        guard x1 > x0, y1 > y0 else { return .greatestFiniteMagnitude }
        let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2
        let r = min(max(0, radius), hw, hh)
        let qx = abs(px - (x0 + hw)) - (hw - r)
        let qy = abs(py - (y0 + hh)) - (hh - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }

    private static func clamp01(_ v: Double) -> Double { min(1, max(0, v)) }
}

/// Up to four whole shape tiles stacked in one tile: a raised control part (a soft shadow
/// under a fill under a thin outline) composited once when it is rasterized, so the renderer
/// blends its pixels once instead of once per layer, and the view emits one quad instead of
/// three. Layers are in drawing order; each is a ``ShapeTileKey`` whose window is its whole
/// box, placed with its top-left corner at (`x`, `y`) in the composite.
public struct CompositeTileKey: Hashable, Sendable {
    /// One layer and where its box sits in the composite (pixels from its top-left corner).
    public struct Layer: Hashable, Sendable {
        /// The layer's shape; its colour is baked (ARGB, straight alpha).
        public var shape: ShapeTileKey
        /// Left edge of the layer's box in the composite.
        public var x: Int32
        /// Top edge of the layer's box in the composite.
        public var y: Int32

        /// Creates a layer.
        public init(shape: ShapeTileKey, x: Int32, y: Int32) {
            self.shape = shape; self.x = x; self.y = y
        }

        /// What an empty slot holds.
        static let unused = Layer(shape: ShapeTileKey(width: 0, height: 0, shapeWidth: 0, shapeHeight: 0, mirrorX: false, mirrorY: false,
                                                      pad: 0, radius16: 0, style: .fill, color: 0), x: 0, y: 0)
    }

    /// The most layers a composite holds.
    public static let maximumLayers = 4

    /// Composite width in pixels.
    public var width: Int32 = 0
    /// Composite height in pixels.
    public var height: Int32 = 0
    // Fixed slots, not an array: keys are built while drawing, which must not allocate.
    // Slots past `count` are ignored (by equality and hashing too).
    private var l0 = Layer.unused, l1 = Layer.unused, l2 = Layer.unused, l3 = Layer.unused
    /// How many layers it holds.
    public private(set) var count = 0

    /// An empty composite.
    public init() {}

    /// Removes every layer and the size, keeping nothing.
    public mutating func removeAll() {
        count = 0
        width = 0
        height = 0
    }

    /// The same size and the same layers in the same order.
    public static func == (a: CompositeTileKey, b: CompositeTileKey) -> Bool {
        guard a.count == b.count, a.width == b.width, a.height == b.height else { return false }
        switch a.count {
        case 0: return true
        case 1: return a.l0 == b.l0
        case 2: return a.l0 == b.l0 && a.l1 == b.l1
        case 3: return a.l0 == b.l0 && a.l1 == b.l1 && a.l2 == b.l2
        default: return a.l0 == b.l0 && a.l1 == b.l1 && a.l2 == b.l2 && a.l3 == b.l3
        }
    }

    /// The layer at `index` (0 is drawn first), `0..<count`.
    public subscript(index: Int) -> Layer {
        get {
            precondition(index >= 0 && index < count, "no layer \(index) of \(count)")
            switch index {
            case 0: return l0
            case 1: return l1
            case 2: return l2
            default: return l3
            }
        }
        set {
            switch index {
            case 0: l0 = newValue
            case 1: l1 = newValue
            case 2: l2 = newValue
            default: l3 = newValue
            }
        }
    }

    /// Adds a layer on top; false (and unchanged) when it already holds ``maximumLayers``.
    /// The size is not changed: set ``width`` and ``height`` to cover every layer.
    @discardableResult
    public mutating func append(_ layer: Layer) -> Bool {
        guard count < CompositeTileKey.maximumLayers else { return false }
        count += 1
        self[count - 1] = layer
        return true
    }

    /// Pixels the tile holds.
    public var pixelCount: Int { Int(width) * Int(height) }

    /// The fields folded into one word by multiply-and-xor: composites are looked up every
    /// time a thumb or plate is drawn, and hashing each field separately cost more than
    /// drawing the layers one by one.
    public var fold: UInt64 {
        func u16(_ v: Int32) -> UInt64 { UInt64(UInt16(truncatingIfNeeded: v)) }
        func mix(_ h: UInt64, _ l: Layer) -> UInt64 {
            let t = l.shape
            let (kind, param): (UInt64, Int32)
            switch t.style {
            case .fill: (kind, param) = (0, 0)
            case .stroke(let w): (kind, param) = (1, w)
            case .blur(let b): (kind, param) = (2, b)
            }
            let a = (h ^ (u16(t.width) | u16(t.height) << 16 | u16(l.x) << 32 | u16(l.y) << 48)) &* 0xFF51_AFD7_ED55_8CCD
            return (a ^ (UInt64(t.color) << 32 | u16(t.radius16) << 16 | u16(param) ^ u16(t.pad) << 8 ^ kind << 30)) &* 0xC4CE_B9FE_1A85_EC53
        }
        var h = (u16(width) | u16(height) << 16 | UInt64(count) << 32) &* 0x9E37_79B9_7F4A_7C15
        if count > 0 { h = mix(h, l0) }
        if count > 1 { h = mix(h, l1) }
        if count > 2 { h = mix(h, l2) }
        if count > 3 { h = mix(h, l3) }
        return h ^ h >> 29
    }

    /// Hashes ``fold``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fold)
    }

    /// Writes the composite's pixels (ARGB8888, straight alpha), each layer's coverage times
    /// its colour laid over the layers below ("source over").
    public func rasterize(into pixels: UnsafeMutablePointer<UInt32>, pitch: Int) {
        for j in 0..<Int(height) {
            for i in 0..<Int(width) {
                // Premultiplied while compositing.
                var a = 0.0, r = 0.0, g = 0.0, b = 0.0
                for k in 0..<count {
                    let layer = self[k]
                    let lx = i - Int(layer.x), ly = j - Int(layer.y)
                    guard lx >= 0, ly >= 0, lx < Int(layer.shape.width), ly < Int(layer.shape.height) else { continue }
                    let c = layer.shape.color
                    let la = Double(c >> 24) / 255 * layer.shape.coverage(x: lx, y: ly)
                    guard la > 0 else { continue }
                    r = Double(c >> 16 & 0xFF) / 255 * la + r * (1 - la)
                    g = Double(c >> 8 & 0xFF) / 255 * la + g * (1 - la)
                    b = Double(c & 0xFF) / 255 * la + b * (1 - la)
                    a = la + a * (1 - la)
                }
                let alpha = UInt32((a * 255).rounded())
                guard alpha > 0 else { pixels[j * pitch + i] = 0; continue }
                func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v / a * 255).rounded()))) }
                pixels[j * pitch + i] = alpha << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
            }
        }
    }
}

/// Where a tile, glyph or run sits in a host texture: texture coordinates 0...1.
public struct AtlasRegion: Hashable, Sendable {
    /// The texture (usually ``TextureHandle/atlas``).
    public var texture: TextureHandle
    /// Left texture coordinate.
    public var u0: Float
    /// Top texture coordinate.
    public var v0: Float
    /// Right texture coordinate.
    public var u1: Float
    /// Bottom texture coordinate.
    public var v1: Float

    /// Creates a region.
    public init(texture: TextureHandle, u0: Float, v0: Float, u1: Float, v1: Float) {
        self.texture = texture; self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1
    }
}
