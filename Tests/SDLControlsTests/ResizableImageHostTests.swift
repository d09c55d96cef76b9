import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Resizable images drawn through SDL: corners at their size in points at 1× and 2×, the
/// interior tiled or stretched, and a resizable button background.
@MainActor
struct ResizableImageHostTests {
    private static let red: UInt32 = 0xFF0000, green: UInt32 = 0x00FF00, blue: UInt32 = 0x0000FF, yellow: UInt32 = 0xFFFF00

    /// A 12 × 12 picture: red 4 × 4 corners, green edges, and a 4 × 4 interior whose left
    /// half is blue and right half yellow (written as a PNG).
    private func writePanel() throws -> String {
        var pixels = [UInt32](repeating: 0, count: 144)
        for y in 0..<12 {
            for x in 0..<12 {
                let edgeX = x < 4 || x >= 8, edgeY = y < 4 || y >= 8
                let c: UInt32 = edgeX && edgeY ? Self.red : (edgeX || edgeY ? Self.green : (x < 6 ? Self.blue : Self.yellow))
                pixels[y * 12 + x] = 0xFF00_0000 | c
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("panel-\(UUID().uuidString).png").path
        try savePNG((width: 12, height: 12, pixels: pixels), to: path)
        return path
    }

    private func pixel(_ f: (width: Int, height: Int, pixels: [UInt32]), _ x: CGFloat, _ y: CGFloat, scale: CGFloat) -> UInt32 {
        f.pixels[Int(y * scale) * f.width + Int(x * scale)] & 0xFFFFFF
    }

    /// Draws `image` in a 40 × 30-point image view at (10, 10) and returns the frame.
    private func draw(_ image: UIImage, scale: CGFloat) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let host = try makeHeadlessHost(size: CGSize(width: 80, height: 60), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let view = UIImageView(frame: CGRect(x: 10, y: 10, width: 40, height: 30))
        view.image = image
        host.window.addSubview(view)
        host.update()
        host.renderFrame()
        return host.readPixels()
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func cornersKeepTheirSizeAndTheInteriorTiles(scale: CGFloat) throws {
        let path = try writePanel()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try #require(UIImage(contentsOfFile: path)).resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        let f = try draw(image, scale: scale)
        // Corners: 4 points from each corner of the view, whatever its size.
        for (x, y) in [(10.5, 10.5), (13.5, 13.5), (49.5, 39.5), (46.5, 36.5), (49.5, 10.5), (10.5, 39.5)] as [(CGFloat, CGFloat)] {
            #expect(pixel(f, x, y, scale: scale) == Self.red, "corner at \(x), \(y)")
        }
        #expect(pixel(f, 14.5, 11, scale: scale) == Self.green, "just past the corner: the top edge")
        #expect(pixel(f, 11, 20, scale: scale) == Self.green, "the left edge")
        // The interior: 4-point tiles, blue then yellow, from the interior's start.
        #expect(pixel(f, 15, 20, scale: scale) == Self.blue)
        #expect(pixel(f, 17, 20, scale: scale) == Self.yellow)
        #expect(pixel(f, 19, 20, scale: scale) == Self.blue, "the next tile")
        #expect(pixel(f, 45, 20, scale: scale) == Self.yellow, "the last tile, cut at the cap")
        #expect(pixel(f, 5, 5, scale: scale) == 0xFFFFFF && pixel(f, 55, 45, scale: scale) == 0xFFFFFF, "nothing outside")
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aStretchedInteriorIsScaledAcross(scale: CGFloat) throws {
        let path = try writePanel()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try #require(UIImage(contentsOfFile: path))
            .resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), resizingMode: .stretch)
        let f = try draw(image, scale: scale)
        #expect(pixel(f, 10.5, 10.5, scale: scale) == Self.red && pixel(f, 49.5, 39.5, scale: scale) == Self.red)
        // 32 points of interior: the left half blue, the right half yellow.
        #expect(pixel(f, 19, 25, scale: scale) == Self.blue)
        #expect(pixel(f, 28, 25, scale: scale) == Self.blue)
        #expect(pixel(f, 31, 25, scale: scale) == Self.yellow)
        #expect(pixel(f, 44, 25, scale: scale) == Self.yellow)
    }

    /// A button's background image, resizable: its corners stay 4 points at any button size.
    @Test func aButtonsResizableBackgroundKeepsItsCorners() throws {
        let path = try writePanel()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try #require(UIImage(contentsOfFile: path)).resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 80), scale: 1)
        defer { host.shutdown() }
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 10, y: 10, width: 150, height: 44)
        button.setBackgroundImage(image, for: .normal)
        host.window.addSubview(button)
        host.update()
        host.renderFrame()
        let f = host.readPixels()
        #expect(pixel(f, 11, 11, scale: 1) == Self.red && pixel(f, 158, 52, scale: 1) == Self.red)
        #expect(pixel(f, 15, 11, scale: 1) == Self.green, "the top edge right after the 4-point corner")
    }

    /// Geometry: a stretched image is at most 9 quads; a tiled one a quad per cap and tile.
    @Test func aStretchedImageIsNineQuadsAndATiledOneAQuadPerTile() throws {
        let path = try writePanel()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try #require(UIImage(contentsOfFile: path))
        let insets = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        func imageVertices(_ image: UIImage) throws -> Int {
            let host = try makeHeadlessHost(size: CGSize(width: 80, height: 60), scale: 1)
            defer { host.shutdown() }
            let view = UIImageView(frame: CGRect(x: 10, y: 10, width: 40, height: 30))
            view.image = image
            host.window.addSubview(view)
            host.update()
            host.renderFrame()
            let list = DrawList()
            host.window.collectDrawList(into: list)
            let a = list.assembled()
            return a.commands.filter { $0.texture != .atlas }.reduce(0) { $0 + $1.vertexCount }
        }
        #expect(try imageVertices(plain) == 4, "not resizable: one quad")
        #expect(try imageVertices(plain.resizableImage(withCapInsets: insets, resizingMode: .stretch)) == 9 * 4)
        // 40 × 30 points: an interior of 32 × 22 in 4-point tiles is 8 × 6 tiles; edges 8 + 8 + 6 + 6;
        // four corners.
        #expect(try imageVertices(plain.resizableImage(withCapInsets: insets)) == (48 + 28 + 4) * 4)
    }
}

/// Template images: only their alpha is drawn, in the image view's tint colour.
@MainActor
struct TemplateImageHostTests {
    @Test(arguments: [1, 2] as [CGFloat])
    func aTemplateImageDrawsItsShapeInTheTintColour(scale: CGFloat) throws {
        // Opaque colours in the middle, a clear border a pixel wide.
        var pixels = [UInt32](repeating: 0, count: 8 * 8)
        for y in 1..<7 { for x in 1..<7 { pixels[y * 8 + x] = x < 4 ? 0xFFFF_0000 : 0xFF00_00FF } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icon-\(UUID().uuidString).png").path
        try savePNG((width: 8, height: 8, pixels: pixels), to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = try #require(UIImage(contentsOfFile: path))
        let template = original.withRenderingMode(.alwaysTemplate)
        #expect(template != original && template.renderingMode == .alwaysTemplate && original.renderingMode == .automatic)
        let host = try makeHeadlessHost(size: CGSize(width: 100, height: 40), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let icon = UIImageView(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
        icon.image = template
        icon.tintColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let plain = UIImageView(frame: CGRect(x: 40, y: 0, width: 32, height: 32))
        plain.image = original
        host.window.addSubview(icon)
        host.window.addSubview(plain)
        host.update(); host.renderFrame()
        func at(_ x: CGFloat, _ y: CGFloat) -> UInt32 {
            let f = host.readPixels()
            return f.pixels[Int(y * scale) * f.width + Int(x * scale)] & 0xFF_FFFF
        }
        #expect(at(8, 16) == 0x00FF00 && at(24, 16) == 0x00FF00, "both colours take the tint")
        #expect(at(1, 1) == 0xFFFFFF, "the clear border stays clear")
        #expect(at(48, 16) == 0xFF0000 && at(64, 16) == 0x0000FF, "the original keeps its colours")
        icon.tintColor = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
        host.update(); host.renderFrame()
        #expect(at(8, 16) == 0xFF00FF, "a new tint redraws it")
        icon.imageTintColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        host.update(); host.renderFrame()
        #expect(at(24, 16) == 0x000000, "imageTintColor wins over tintColor")
    }
}
