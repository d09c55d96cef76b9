import Foundation

/// One axis of a resizable image drawn in nine slices: where its two caps and its interior
/// go (output pixels) and which part of the texture each takes (0…1), with the interior
/// tiled or stretched.
struct ImageSlices {
    /// The most interior tiles one image draws: past it an axis is stretched instead, so a
    /// tiny tile over a huge view costs a bounded number of quads.
    static let maximumTiles = 4096

    /// Output pixels: the start, the end of the first cap, the start of the second, the end.
    var cuts: (Float, Float, Float, Float)
    /// Texture coordinates at the same four places.
    var texture: (Float, Float, Float, Float)
    /// Output pixels one interior tile takes; 0 when the interior is stretched.
    var tileLength: Float

    /// The axis from `start` to `end` (output pixels) of an image `length` points long, whose
    /// `caps` (points) keep their size, drawn at `pixelsPerPoint`; `imagePixels` is the
    /// texture's size on this axis. Caps that add up to more than the image, or to more than
    /// the room they are drawn in, are scaled down together.
    init(from start: Float, to end: Float, length: CGFloat, caps: (CGFloat, CGFloat), pixelsPerPoint: Float,
         imagePixels: Float, tiled: Bool) {
        var a = Float(caps.0), b = Float(caps.1)
        let l = Float(length)
        if a + b > l, a + b > 0 {
            let f = l / (a + b)
            a *= f
            b *= f
        }
        var da = a * pixelsPerPoint, db = b * pixelsPerPoint
        let room = end - start
        if da + db > room, da + db > 0 {
            let f = max(0, room) / (da + db)
            da *= f
            db *= f
        }
        cuts = (start, start + da, end - db, end)
        // The inner cuts sit a 256th of a texel past the boundary: a renderer that turns a
        // coordinate into a texel by truncating (SDL's software one copying a quad as a
        // rectangle) would otherwise land on the texel before when the division rounds down.
        let nudge = imagePixels > 0 ? 1 / (256 * imagePixels) : 0
        texture = (0, min(1, a / l + nudge), min(1, 1 - b / l + nudge), 1)
        // An interior of a pixel or less is stretched even when tiled (a one-pixel column
        // repeated is the same stretched); so is one too small to draw.
        let interior = l - a - b
        let tile = interior * pixelsPerPoint
        tileLength = tiled && interior / l * imagePixels > 1 && tile >= 1 ? tile : 0
    }

    /// Interior tiles along this axis (1 when stretched).
    var tileCount: Int {
        guard tileLength > 0 else { return 1 }
        let n = ((cuts.2 - cuts.1) / tileLength).rounded(.up)
        return n.isFinite ? Int(min(max(n, 1), Float(Int32.max))) : 1
    }

    /// Calls `body` with the output span and texture span of each piece of `part` (0: the
    /// first cap, 1: the interior, tile by tile, the last one cut; 2: the second cap).
    /// Empty pieces are skipped.
    func forEachPiece(of part: Int, _ body: (Float, Float, Float, Float) -> Void) {
        switch part {
        case 0:
            if cuts.1 > cuts.0 { body(cuts.0, cuts.1, texture.0, texture.1) }
        case 2:
            if cuts.3 > cuts.2 { body(cuts.2, cuts.3, texture.2, texture.3) }
        default:
            guard cuts.2 > cuts.1 else { return }
            guard tileLength > 0 else { return body(cuts.1, cuts.2, texture.1, texture.2) }
            let n = tileCount
            for k in 0..<n {
                let s = cuts.1 + Float(k) * tileLength
                let e = min(s + tileLength, cuts.2)
                guard e > s else { break }
                body(s, e, texture.1, texture.1 + (texture.2 - texture.1) * (e - s) / tileLength)
            }
        }
    }
}
