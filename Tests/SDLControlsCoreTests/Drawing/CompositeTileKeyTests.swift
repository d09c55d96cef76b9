import Testing
import Foundation
@testable import SDLControlsCore

/// The composite tile key: layers in fixed slots, a folded hash, and a raster that is the
/// layers' own rasters laid over one another.
struct CompositeTileKeyTests {
    static func shape(_ w: Int32, _ h: Int32, pad: Int32 = 0, radius: Double, style: ShapeTileKey.Style, color: UInt32) -> ShapeTileKey {
        ShapeTileKey(width: w, height: h, shapeWidth: w, shapeHeight: h, mirrorX: false, mirrorY: false, pad: pad,
                     radius16: Int32(radius * 16), style: style, color: color)
    }

    static func raster(_ draw: (UnsafeMutablePointer<UInt32>, Int) -> Void, _ w: Int, _ h: Int) -> [UInt32] {
        var px = [UInt32](repeating: 0xDEAD_BEEF, count: w * h)
        px.withUnsafeMutableBufferPointer { draw($0.baseAddress!, w) }
        return px
    }

    @Test func oneLayerIsThatShapesOwnTile() {
        let s = Self.shape(20, 14, radius: 5, style: .fill, color: 0xCC33_6699)
        var key = CompositeTileKey()
        _ = key.append(.init(shape: s, x: 0, y: 0))
        key.width = 20; key.height = 14
        #expect(Self.raster(key.rasterize, 20, 14) == Self.raster(s.rasterize, 20, 14))
    }

    @Test func layersAreLaidOverOneAnother() {
        // A soft shadow, offset down, under an opaque white circle.
        let shadow = Self.shape(26, 26, pad: 3, radius: 10, style: .blur(blur16: 80), color: 0x4D00_0000)
        let fill = Self.shape(22, 22, radius: 11, style: .fill, color: 0xFFFF_FFFF)
        var key = CompositeTileKey()
        key.append(.init(shape: shadow, x: 0, y: 3))
        key.append(.init(shape: fill, x: 2, y: 0))
        key.width = 26; key.height = 29
        let px = Self.raster(key.rasterize, 26, 29)
        let sh = Self.raster(shadow.rasterize, 26, 26), fi = Self.raster(fill.rasterize, 22, 22)
        for y in 0..<29 {
            for x in 0..<26 {
                let below = (y >= 3) ? sh[(y - 3) * 26 + x] : 0
                let above = (x >= 2 && x < 24 && y < 22) ? fi[y * 22 + x - 2] : 0
                // Source over, straight alpha, in doubles.
                let sa = Double(above >> 24) / 255, da = Double(below >> 24) / 255
                let a = sa + da * (1 - sa)
                let got = px[y * 26 + x]
                #expect(abs(Int(got >> 24) - Int((a * 255).rounded())) <= 1, "alpha at \(x),\(y)")
                if a > 0.05 {
                    let grey = (Double(above & 0xFF) / 255 * sa + Double(below & 0xFF) / 255 * da * (1 - sa)) / a
                    // The reference starts from 8-bit layer rasters; the composite from exact coverage.
                    #expect(abs(Int(got & 0xFF) - Int((grey * 255).rounded())) <= 2, "colour at \(x),\(y)")
                } else if a == 0 {
                    #expect(got == 0, "transparent outside every layer")
                }
            }
        }
        // The centre is the white fill, opaque.
        #expect(px[11 * 26 + 13] == 0xFFFF_FFFF)
    }

    @Test func itHoldsFourLayersAndHashesByItsFields() {
        let s = Self.shape(8, 8, radius: 4, style: .fill, color: 0xFF00_0000)
        var key = CompositeTileKey()
        for k in 0..<4 {
            let added = key.append(.init(shape: s, x: Int32(k), y: 0))
            #expect(added)
        }
        let fifth = key.append(.init(shape: s, x: 9, y: 9))
        #expect(!fifth, "a fifth layer is refused")
        #expect(key.count == 4 && key[3].x == 3)
        key.width = 11; key.height = 8
        var moved = key
        moved[2].y = 1
        #expect(moved != key)
        #expect(moved.fold != key.fold)
        var recoloured = key
        recoloured[0].shape.color = 0xFF00_0001
        #expect(recoloured.fold != key.fold)
        let same = key
        #expect(same == key && same.hashValue == key.hashValue)
        #expect(CompositeTileKey().count == 0 && CompositeTileKey().pixelCount == 0)
        // Emptied and reused (as the drawing context does): what was in the slots before is ignored.
        var reused = key
        reused.removeAll()
        _ = reused.append(.init(shape: s, x: 2, y: 2))
        reused.width = 10; reused.height = 10
        var fresh = CompositeTileKey()
        _ = fresh.append(.init(shape: s, x: 2, y: 2))
        fresh.width = 10; fresh.height = 10
        #expect(reused == fresh && reused.fold == fresh.fold && reused.hashValue == fresh.hashValue)
    }
}
