import Testing
import Foundation
@testable import SDLControlsCore

/// `DrawContext.compositing(_:)` with resources that do and don't bake colours into tiles.
@MainActor
struct CompositingTests {
    /// Resources that hand out regions and count what was asked for.
    final class Resources: DrawResources {
        let bakesColors: Bool
        var tiles = 0, composites = 0
        init(bakesColors: Bool) { self.bakesColors = bakesColors }
        var whiteTexel: (u: Float, v: Float) { (0, 0) }
        var resourceGeneration: UInt64 { 1 }
        func tile(_ key: ShapeTileKey) -> AtlasRegion? {
            tiles += 1
            return AtlasRegion(texture: .atlas, u0: 0.1, v0: 0.1, u1: 0.2, v1: 0.2)
        }
        func compositeTile(_ key: CompositeTileKey) -> AtlasRegion? {
            composites += 1
            return AtlasRegion(texture: .atlas, u0: 0.3, v0: 0.3, u1: 0.4, v1: 0.4)
        }
        func layoutGlyphs(_ text: String, font: UIFont, scale: CGFloat, color: UInt32, into run: inout GlyphRun) -> Bool { false }
        func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)? { nil }
        func size(of text: String, font: UIFont) -> CGSize { CGSize(width: CGFloat(text.count) * 8, height: 16) }
        func metrics(of font: UIFont) -> FontMetrics { FontMetrics(ascender: 12, descender: 4, lineHeight: 16) }
    }

    final class Thumb: UIView {
        override func draw(_ rect: CGRect) {
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            let r = CGRect(x: 4, y: 4, width: 20, height: 20)
            ctx.compositing {
                ctx.fillShadow(r.offsetBy(dx: 0, dy: 2), radius: 9, blur: 4, color: UIColor(white: 0, alpha: 0.3))
                ctx.fillEllipse(in: r, color: .white)
                ctx.strokeEllipse(in: r, width: 0.5, color: .gray)
            }
        }
    }

    private func draw(bakesColors: Bool) -> (Resources, vertices: Int) {
        let window = makeTestWindow(size: CGSize(width: 60, height: 40))
        let thumb = Thumb(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        window.addSubview(thumb)
        let resources = Resources(bakesColors: bakesColors)
        window.buildDrawList(into: DrawList(), scale: 1, resources: resources)
        return (resources, thumb.drawCache?.geometry.vertexCount ?? -1)
    }

    @Test func whereTilesCarryTheirColoursTheLayersAreOneComposite() {
        let (r, vertices) = draw(bakesColors: true)
        #expect(r.composites == 1 && r.tiles == 0)
        #expect(vertices == 4, "one quad")
    }

    @Test func whereTilesAreTintedMasksEachLayerIsItsOwnTile() {
        let (r, vertices) = draw(bakesColors: false)
        #expect(r.composites == 0 && r.tiles == 3)
        #expect(vertices == 12, "three quads")
    }
}
