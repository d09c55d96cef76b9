import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Text at glyph level: one rule measures and draws, glyphs are rasterized once,
/// text that needs shaping is drawn whole, and the atlas grows from small.
@MainActor
struct GlyphTextTests {
    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func measuredWidthIsTheDrawnWidthAtEveryScale(scale: Double) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 60), scale: CGFloat(scale))
        defer { host.shutdown() }
        let resources = host.drawResources
        let fonts = [UIFont.systemFont(ofSize: 12), .systemFont(ofSize: 17, weight: .semibold), .systemFont(ofSize: 23)]
        for font in fonts {
            for text in ["Score 12,340", "Wavy To AV", "Ωμέγα Привет", "…", "i"] {
                // Measured before anything laid it out (glyph and kerning tables cold: the general
                // path), then again below (printable ASCII from the warm tables): the same width.
                let cold = resources.size(of: text, font: font).width
                var run = GlyphRun()
                if !resources.layoutGlyphs(text, font: font, scale: CGFloat(scale), color: 0xFFFF_FFFF, into: &run) {
                    // The atlas filled up: grow it, as a frame does, and lay the line out again.
                    host.backend.atlas.reset(recreateTexture: false, grow: true)
                    host.backend.glyphs.atlasDidReset()
                    #expect(resources.layoutGlyphs(text, font: font, scale: CGFloat(scale), color: 0xFFFF_FFFF, into: &run))
                }
                let measured = resources.size(of: text, font: font).width
                #expect(abs(measured * CGFloat(scale) - CGFloat(run.width)) < 0.001, "\(text) at \(scale)×")
                #expect(cold == measured, "\(text) at \(scale)×: cold \(cold), warm \(measured)")
            }
        }
    }

    @Test func aLabelDrawsWithinItsMeasuredWidth() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 40), scale: 2)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 5, width: 280, height: 30))
        label.text = "Measured = drawn"
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        let width = label.sizeThatFits(.zero).width
        let inkRight = darkInk(host).right
        // Ink ends inside the advance width (the last glyph's side bearing at most a pixel past it).
        #expect(inkRight <= Int(((10 + width) * 2).rounded(.up)) + 1)
        #expect(inkRight >= Int(((10 + width) * 2) * 0.9))
    }

    @Test func labelsWhoseTextChangesEveryFrameRasterizeNothingOnceItsGlyphsAreKnown() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 640, height: 200))
        defer { host.shutdown() }
        let labels = (0..<40).map { i -> UILabel in
            let l = UILabel(frame: CGRect(x: CGFloat(i % 8) * 80, y: CGFloat(i / 8) * 30, width: 78, height: 28))
            host.window.addSubview(l)
            return l
        }
        for frame in 0..<120 {
            for (i, l) in labels.enumerated() { l.text = "\(i): \(frame * 7919 % 100_000)" }
            host.update()
            host.renderFrame()
            if frame >= 20 {
                #expect(host.counters.glyphRunsRasterized == 0, "frame \(frame): every digit was seen")
                #expect(host.counters.atlasResets == 0 && host.counters.textureUploads == 0)
            }
        }
    }

    @Test func aLineLaidOutAgainComesBackTheSameUntilTheAtlasChanges() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 60))
        defer { host.shutdown() }
        let resources = host.drawResources, font = UIFont.systemFont(ofSize: 15)
        func layout(_ text: String, color: UInt32 = 0xFF00_0000) -> GlyphRun {
            var run = GlyphRun()
            #expect(resources.layoutGlyphs(text, font: font, scale: 1, color: color, into: &run))
            return run
        }
        let first = layout("Level 3")
        let again = layout("Level 3")   // from the recently laid-out lines
        #expect(first.quads == again.quads && first.width == again.width && first.height == again.height)
        #expect(layout("Level 4").quads != first.quads, "another text")
        #expect(layout("Level 3", color: 0xFFFF_0000).quads != first.quads, "another colour (baked into the glyphs)")
        #expect(layout("Level 3").quads == first.quads)
        // The atlas doubles: every region moves, and a kept line must not be reused.
        host.backend.atlas.reset(recreateTexture: false, grow: true)
        host.backend.glyphs.atlasDidReset()
        let after = layout("Level 3")
        #expect(after.quads.count == first.quads.count && after.width == first.width)
        #expect(after.quads != first.quads, "regions in the new atlas")
    }

    @Test func textThatNeedsShapingIsDrawnWhole() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 40))
        defer { host.shutdown() }
        var run = GlyphRun()
        let font = UIFont.systemFont(ofSize: 17)
        #expect(host.drawResources.layoutGlyphs("مرحبا", font: font, scale: 1, color: 0xFFFF_FFFF, into: &run))
        #expect(run.quads.count == 1, "one shaped run")
        #expect(abs(host.drawResources.size(of: "مرحبا", font: font).width - CGFloat(run.width)) < 0.001)
        #expect(host.drawResources.layoutGlyphs("Latin", font: font, scale: 1, color: 0xFFFF_FFFF, into: &run))
        #expect(run.quads.count == 5, "one quad per glyph")
    }

    @Test func theAtlasStartsSmallAndGrowsWhenAFrameNeedsMore() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 1200, height: 800))
        defer { host.shutdown() }
        host.pixelCaching = .never
        host.update()
        host.renderFrame()
        #expect(host.counters.textureBytes == 256 * 256 * 4)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 1200, height: 800))
        label.font = .systemFont(ofSize: 140)
        label.numberOfLines = 0
        label.text = "ABCDEFGHIJ KLMNOPQRST UVWXYZabcd efghijklmn"
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        #expect(host.counters.atlasResets >= 1, "grown during the frame, which was then built again")
        #expect(host.counters.textureBytes > 256 * 256 * 4)
        host.update()
        host.renderFrame()
        #expect(host.counters.atlasResets == 0 && host.counters.glyphRunsRasterized == 0, "steady again")
    }
}

/// A label of one line is laid out once when drawn and placed by that layout's width: the
/// ink of right-aligned and centred text sits where the alignment puts it.
@MainActor
struct LabelAlignmentTests {
    private func inkExtent(_ alignment: NSTextAlignment, scale: CGFloat) throws -> (left: Int, right: Int, width: CGFloat) {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 40), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 5, width: 280, height: 30))
        label.text = "Aligned text"
        label.textAlignment = alignment
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        let ink = darkInk(host)
        return (ink.left, ink.right, label.sizeThatFits(.zero).width)
    }

    @Test(arguments: [1.0, 2.0])
    func rightAlignedTextEndsAtTheRightEdge(scale: Double) throws {
        let s = CGFloat(scale)
        let ink = try inkExtent(.right, scale: s)
        let edge = Int(290 * s)
        #expect(ink.right <= edge + 1)
        #expect(ink.right >= edge - Int(2 * s) - 1)
        #expect(ink.left >= Int((290 - ink.width) * s) - 2)
    }

    @Test(arguments: [1.0, 2.0])
    func centredTextIsCentred(scale: Double) throws {
        let s = CGFloat(scale)
        let ink = try inkExtent(.center, scale: s)
        let middle = CGFloat(ink.left + ink.right + 1) / 2
        #expect(abs(middle - 150 * s) <= 2 * s)
        #expect(ink.left > Int(10 * s) + 20)
    }

    @Test func textWiderThanTheLabelStillBreaksOrTruncates() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 120, height: 40))
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 5, width: 60, height: 30))
        label.text = "A line far wider than its label"
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        let right = darkInk(host).right
        #expect(right >= 40)          // something is drawn
        #expect(right <= 70 + 1)      // nothing past the label's right edge: it was truncated
    }
}

/// The leftmost and rightmost pixel columns of dark ink (blue below 128) in the host's last
/// frame: text drawn on white. (Int.max, -1) when there is none.
@MainActor
func darkInk(_ host: SDLHost) -> (left: Int, right: Int) {
    let px = host.readPixels()
    var left = Int.max, right = -1
    for y in 0..<px.height {
        for x in 0..<px.width where px.pixels[y * px.width + x] & 0xFF < 128 {
            left = min(left, x)
            right = max(right, x)
        }
    }
    return (left, right)
}
