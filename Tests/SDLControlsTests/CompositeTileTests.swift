import SDLControls
import Foundation
import Testing
@testable import SDLControls
@testable import SDLControlsCore

/// Composite tiles: a raised part's shadow, fill and outline drawn as one tile
/// look like the three drawn one by one, emit one quad, and keep the order of drawing.
@MainActor
struct CompositeTileTests {
    /// Draws a thumb like the slider's: shadow, fill and outline, merged or not.
    final class Thumb: UIView {
        var merged = true
        override func draw(_ rect: CGRect) {
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            let thumb = CGRect(x: 6, y: 4, width: 28, height: 28)
            let parts = {
                ctx.fillShadow(thumb.insetBy(dx: 1, dy: 1).offsetBy(dx: 0, dy: 2), radius: 12, blur: 5, color: UIColor(white: 0, alpha: 0.3))
                ctx.fillEllipse(in: thumb, color: .white)
                ctx.strokeEllipse(in: thumb, width: 0.5, color: UIColor(white: 0, alpha: 0.12))
            }
            if merged { ctx.compositing(parts) } else { parts() }
        }
    }

    @Test(arguments: [1.0, 2.0])
    func aMergedThumbIsOneQuadAndLooksLikeItsLayers(scale: Double) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 100, height: 40), scale: CGFloat(scale))
        defer { host.shutdown() }
        host.window.backgroundColor = UIColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1)
        let merged = Thumb(frame: CGRect(x: 0, y: 0, width: 50, height: 40))
        let separate = Thumb(frame: CGRect(x: 50, y: 0, width: 50, height: 40))
        separate.merged = false
        host.window.addSubview(merged)
        host.window.addSubview(separate)
        host.update()
        host.renderFrame()
        #expect(merged.drawCache?.geometry.vertexCount == 4, "one quad")
        #expect(separate.drawCache?.geometry.vertexCount == 12, "three quads")
        let px = host.readPixels()
        let half = px.width / 2
        var worst: UInt32 = 0, inked = 0
        for y in 0..<px.height {
            for x in 0..<half {
                let a = px.pixels[y * px.width + x], b = px.pixels[y * px.width + x + half]
                for shift in [0, 8, 16] as [UInt32] {
                    let ca = a >> shift & 0xFF, cb = b >> shift & 0xFF
                    worst = max(worst, ca > cb ? ca - cb : cb - ca)
                }
                if a != px.pixels[0] { inked += 1 }
            }
        }
        #expect(inked > Int(500 * scale * scale), "the thumb was drawn")
        // SDL's 8-bit blend truncates by up to about a level per layer it blends.
        #expect(worst <= 4, "composited once vs blended three times: rounding only (worst \(worst))")
    }

    /// Something other than a small rounded shape drawn inside the scope draws what is held
    /// back first: a rectangle over a circle stays over it.
    final class Ordered: UIView {
        override func draw(_ rect: CGRect) {
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            ctx.compositing {
                ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20), color: .systemRed)
                ctx.fill(CGRect(x: 5, y: 5, width: 10, height: 10), color: .systemBlue)
                ctx.fillEllipse(in: CGRect(x: 8, y: 8, width: 4, height: 4), color: .systemGreen)
            }
        }
    }

    @Test func drawingInsideKeepsTheOrder() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 20, height: 20))
        defer { host.shutdown() }
        host.window.addSubview(Ordered(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        host.update()
        host.renderFrame()
        let px = host.readPixels()
        func rgb(_ x: Int, _ y: Int) -> UInt32 { px.pixels[y * px.width + x] & 0xFF_FFFF }
        let blue = UIColor.systemBlue.resolvedComponents(with: .light)
        let p = rgb(6, 6)
        #expect(abs(Int(p & 0xFF) - Int(UIColor.byte(blue.blue))) <= 2 && abs(Int(p >> 16) - Int(UIColor.byte(blue.red))) <= 2,
                "the rectangle is over the red circle: \(String(p, radix: 16))")
        let g = rgb(10, 10)
        #expect(g >> 8 & 0xFF > 150 && g >> 16 & 0xFF < 100, "the green dot is over the rectangle: \(String(g, radix: 16))")
        let r = rgb(2, 10)
        #expect(r >> 16 & 0xFF > 200, "the red circle outside the rectangle: \(String(r, radix: 16))")
    }

    @Test func theSliderSwitchAndSegmentedControlDrawTheirRaisedPartsAsComposites() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 60))
        defer { host.shutdown() }
        let slider = UISlider(frame: CGRect(x: 10, y: 10, width: 120, height: 34))
        let toggle = UISwitch(frame: CGRect(x: 150, y: 10, width: 51, height: 31))
        let segmented = UISegmentedControl(items: ["A", "B"])
        segmented.frame = CGRect(x: 220, y: 10, width: 160, height: 32)
        segmented.selectedSegmentIndex = 0
        for v in [slider, toggle, segmented] as [UIView] { host.window.addSubview(v) }
        host.update()
        host.renderFrame()
        let before = host.backend.atlas.compositeCount
        #expect(before == 3, "one composite each: \(before)")
        // Moving values reuses them: no new pieces once every position was seen.
        slider.value = 0.7
        toggle.isOn = true
        segmented.selectedSegmentIndex = 1
        host.update()
        host.renderFrame()
        #expect(host.backend.atlas.compositeCount == before, "same thumbs and plate, elsewhere")
    }
}
