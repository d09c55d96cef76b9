import Testing
import Foundation
@testable import SDLControlsCore

/// Resizable images: cap insets cleaned where they enter, slices placed along each axis
/// (caps kept in points, interior tiled or stretched, bad sizes scaled down together).
struct ResizableImageTests {
    private let image = UIImage(url: URL(fileURLWithPath: "/nonexistent/panel.png"), name: nil,
                                size: CGSize(width: 12, height: 12), scale: 1)

    @Test func aResizableImageKeepsItsFileAndCleansItsInsets() {
        let r = image.resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: -3, bottom: .nan, right: .infinity))
        #expect(r.capInsets == UIEdgeInsets(top: 4, left: 0, bottom: 0, right: 0), "negative, NaN and infinite insets count as 0")
        #expect(r.resizingMode == .tile, "tiled by default, as UIKit")
        #expect(r.url == image.url && r.size == image.size && r.scale == image.scale)
        #expect(image.capInsets == .zero, "the original is unchanged")
        let s = image.resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), resizingMode: .stretch)
        #expect(s.resizingMode == .stretch)
        #expect(s != image && s != r, "slicing is part of an image's identity")
        #expect(s == image.resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), resizingMode: .stretch))
    }

    private func near(_ a: [Float]?, _ b: [Float]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-3 }
    }

    /// Collects the pieces of every part of an axis.
    private func pieces(_ a: ImageSlices) -> [[Float]] {
        var out: [[Float]] = []
        for part in 0..<3 { a.forEachPiece(of: part) { d0, d1, t0, t1 in out.append([d0, d1, t0, t1]) } }
        return out
    }

    @Test(arguments: [1, 2, 3] as [Float])
    func capsKeepTheirSizeInPointsAndTheInteriorTilesWithTheLastTileCut(scale: Float) {
        // 12 points: caps of 4, an interior of 4 points, drawn over 30 points.
        let a = ImageSlices(from: 10, to: 10 + 30 * scale, length: 12, caps: (4, 4), pixelsPerPoint: scale,
                            imagePixels: 12 * scale, tiled: true)
        let p = pieces(a)
        let third: Float = 1.0 / 3, twoThirds: Float = 2.0 / 3
        let first: [Float] = [10, 10 + 4 * scale, 0, third], lastCap: [Float] = [10 + 26 * scale, 10 + 30 * scale, twoThirds, 1]
        #expect(near(p.first, first), "the first cap: 4 points, a third of the image")
        #expect(near(p.last, lastCap))
        let interior = p.dropFirst().dropLast()
        #expect(interior.count == 6, "22 points of interior in tiles of 4: five whole and one cut")
        #expect(interior.allSatisfy { abs($0[2] - third) < 1e-3 }, "every tile starts at the interior's start")
        let last = interior.last!
        #expect(abs(last[1] - last[0] - 2 * scale) < 1e-4, "the last tile is 2 points")
        #expect(abs(last[3] - 0.5) < 1e-3, "and shows half the interior")
    }

    @Test func stretchedAndOnePixelInteriorsAreOnePiece() {
        let stretched = ImageSlices(from: 0, to: 100, length: 12, caps: (4, 4), pixelsPerPoint: 1, imagePixels: 12, tiled: false)
        #expect(pieces(stretched).count == 3)
        let third: Float = 1.0 / 3, twoThirds: Float = 2.0 / 3
        let middle: [Float] = [4, 96, third, twoThirds]
        #expect(near(pieces(stretched)[1], middle))
        // A one-pixel interior stretches even when tiled, as UIKit documents.
        let thin = ImageSlices(from: 0, to: 100, length: 9, caps: (4, 4), pixelsPerPoint: 1, imagePixels: 9, tiled: true)
        #expect(pieces(thin).count == 3 && thin.tileLength == 0)
    }

    @Test func capsLargerThanTheImageOrTheRoomAreScaledDownTogether() {
        // Insets of 10 and 30 on a 20-point image: scaled to 5 and 15.
        let over = ImageSlices(from: 0, to: 200, length: 20, caps: (10, 30), pixelsPerPoint: 1, imagePixels: 20, tiled: true)
        let starts: [Float] = [0, 5, 185]
        #expect(pieces(over).map { $0[0] } == starts, "caps of 5 and 15 points, the seam between them stretched")
        #expect(pieces(over)[1][2] == pieces(over)[1][3], "the interior is the one column where the caps meet")
        #expect(over.cuts.0 == 0 && over.cuts.1 == 5 && over.cuts.2 == 185 && over.cuts.3 == 200)
        // Caps of 4 + 4 drawn into 6 points: 3 and 3.
        let tight = ImageSlices(from: 0, to: 6, length: 12, caps: (4, 4), pixelsPerPoint: 1, imagePixels: 12, tiled: true)
        #expect(tight.cuts.0 == 0 && tight.cuts.1 == 3 && tight.cuts.2 == 3 && tight.cuts.3 == 6)
        #expect(pieces(tight).count == 2)
        // No room at all, or a room that runs backwards: nothing is drawn.
        let none = ImageSlices(from: 5, to: 5, length: 12, caps: (4, 4), pixelsPerPoint: 1, imagePixels: 12, tiled: true)
        #expect(pieces(none).isEmpty)
    }

    @Test func tilesAreBoundedForAHugeRoom() {
        let a = ImageSlices(from: 0, to: 1e7, length: 12, caps: (4, 4), pixelsPerPoint: 1, imagePixels: 12, tiled: true)
        #expect(a.tileCount == 2_499_998, "9,999,992 pixels of interior in tiles of 4: counted without drawing")
        // drawImage stretches an axis when tiles would pass the bound: the count it checks.
        #expect(a.tileCount > ImageSlices.maximumTiles)
    }
}
