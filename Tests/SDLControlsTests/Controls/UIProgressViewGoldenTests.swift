import Foundation
import Testing
@testable import SDLControls

/// UIProgressView through SDL (dummy video, software renderer) at 1x and 2x: the fill covers
/// the fraction of the track it should, from the leading edge, in the tint colour; a bar in
/// flight is drawn where the clock has it; `ui.progress` draws one; and golden images of both
/// styles in light and dark.
@MainActor
struct UIProgressViewGoldenTests {
    /// The pixel at point `p` of a frame drawn at `scale`.
    private func pixel(_ frame: (width: Int, height: Int, pixels: [UInt32]), _ p: CGPoint, scale: CGFloat) -> UInt32 {
        let x = Int((p.x * scale).rounded(.down)), y = Int((p.y * scale).rounded(.down))
        return frame.pixels[y * frame.width + x]
    }

    private static func rgb(_ argb: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int((argb >> 16) & 0xFF), Int((argb >> 8) & 0xFF), Int(argb & 0xFF))
    }

    /// Pixels of the middle row of `rect` (points) that are mostly blue and mostly red.
    private func blueAndRed(in frame: (width: Int, height: Int, pixels: [UInt32]), _ rect: CGRect, scale: CGFloat) -> (blue: Int, red: Int) {
        let y = Int((rect.midY * scale).rounded(.down))
        var blue = 0, red = 0
        for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
            let c = Self.rgb(frame.pixels[y * frame.width + x])
            if c.b > 200 && c.r < 60 { blue += 1 }
            if c.r > 200 && c.b < 60 { red += 1 }
        }
        return (blue, red)
    }

    @Test(arguments: [CGFloat(1), 2])
    func theFillCoversItsFractionOfTheTrackFromTheLeadingEdge(scale: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 260, height: 80), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        var bars: [UIProgressView] = []
        for (row, (fraction, rtl)) in [(Float(0.3), false), (0.75, false), (0.3, true)].enumerated() {
            let bar = UIProgressView(progressViewStyle: .default)
            bar.frame = CGRect(x: 30, y: 10 + CGFloat(row) * 20, width: 200, height: 4)
            bar.progressTintColor = UIColor(rgb: 0x0000FF)
            bar.trackTintColor = UIColor(rgb: 0xFF0000)
            bar.progress = fraction
            if rtl { bar.semanticContentAttribute = .forceRightToLeft }
            host.window.addSubview(bar)
            bars.append(bar)
        }
        host.update()
        host.renderFrame()
        let frame = host.readPixels()
        let width = Int(200 * scale)
        for (bar, expected) in zip(bars, [0.3, 0.75, 0.3]) {
            let (blue, red) = blueAndRed(in: frame, bar.frame, scale: scale)
            #expect(abs(Double(blue) - expected * Double(width)) <= 2, "\(expected): \(blue) of \(width) pixels filled")
            #expect(abs(Double(red) - (1 - expected) * Double(width)) <= 2, "the rest is track: \(red)")
        }
        // Leading edge: the left for the first two, the right in the right-to-left one.
        #expect(Self.rgb(pixel(frame, CGPoint(x: 40, y: 12), scale: scale)).b > 200)
        #expect(Self.rgb(pixel(frame, CGPoint(x: 220, y: 12), scale: scale)).r > 200)
        #expect(Self.rgb(pixel(frame, CGPoint(x: 40, y: 52), scale: scale)).r > 200)
        #expect(Self.rgb(pixel(frame, CGPoint(x: 220, y: 52), scale: scale)).b > 200)
    }

    @Test(arguments: [CGFloat(1), 2])
    func theDefaultLookIsTheTintOverALightTrackAndTheBarHasNoTrack(scale: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 260, height: 60), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let plain = UIProgressView(progressViewStyle: .default)
        plain.frame = CGRect(x: 30, y: 10, width: 200, height: 4)
        plain.progress = 0.5
        let bar = UIProgressView(progressViewStyle: .bar)
        bar.frame = CGRect(x: 30, y: 30, width: 200, height: 2.5)
        bar.progress = 0.5
        host.window.addSubview(plain)
        host.window.addSubview(bar)
        host.update()
        host.renderFrame()
        let frame = host.readPixels()
        let blue = UInt32(0xFF00_7AFF)
        #expect(pixel(frame, CGPoint(x: 80, y: 12), scale: scale) | 0xFF00_0000 == blue, "the fill in the system blue")
        let track = Self.rgb(pixel(frame, CGPoint(x: 180, y: 12), scale: scale))
        #expect(track.r == 0xE5 && track.g == 0xE5 && track.b == 0xEA, "a light grey track: \(track)")
        #expect(pixel(frame, CGPoint(x: 80, y: 31), scale: scale) | 0xFF00_0000 == blue)
        #expect(pixel(frame, CGPoint(x: 180, y: 31), scale: scale) | 0xFF00_0000 == 0xFFFF_FFFF, "the bar's track is clear")
    }

    @Test func anAnimatedChangeIsDrawnInFlightOnTheFramesOfTheClock() throws {
        let host = try makeGoldenHost(size: CGSize(width: 260, height: 30), scale: 1)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let bar = UIProgressView(progressViewStyle: .default)
        bar.frame = CGRect(x: 30, y: 10, width: 200, height: 4)
        bar.progressTintColor = UIColor(rgb: 0x0000FF)
        bar.trackTintColor = UIColor(rgb: 0xFF0000)
        host.window.addSubview(bar)
        host.update()
        host.renderFrame()
        bar.setProgress(1, animated: true)
        var filled: [Int] = []
        for _ in 0..<20 {
            host.update()
            host.renderFrame()
            filled.append(blueAndRed(in: host.readPixels(), bar.frame, scale: 1).blue)
        }
        #expect(filled.first! < 100 && filled.last! >= 199, "from empty to full: \(filled)")
        #expect(filled == filled.sorted(), "only forward")
        #expect(Set(filled).count > 8, "in steps, frame by frame")
    }

    @Test(arguments: [CGFloat(1), 2])
    func anImmediateProgressDeclarationDrawsABar(scale: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 240, height: 80), scale: scale)
        defer { host.shutdown() }
        let view = ImmediateView(frame: host.window.bounds, style: .plain)
        view.backgroundColor = .white
        host.window.addSubview(view)
        var bar: UIProgressView?
        host.update()
        view.build { ui in
            ui.progress(0.5)
            bar = ui.last(UIProgressView.self)
        }
        host.renderFrame()
        let made = try #require(bar)
        let r = made.convert(made.bounds, to: nil)
        #expect(r.height == 4 && r.width > 200)
        let frame = host.readPixels()
        #expect(pixel(frame, CGPoint(x: r.minX + r.width * 0.25, y: r.midY), scale: scale) | 0xFF00_0000 == 0xFF00_7AFF)
        #expect(Self.rgb(pixel(frame, CGPoint(x: r.minX + r.width * 0.75, y: r.midY), scale: scale)).b == 0xEA)
    }

    // MARK: Golden images

    /// Two panels (light left, dark right); rows: empty, 30%, full, a custom tint and track,
    /// right to left, the bar style at 60%, a thick (12-point) bar.
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 180, y: 0, width: 180, height: 150))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            let rows: [(Float, UIProgressView.Style)] = [(0, .default), (0.3, .default), (1, .default), (0.55, .default),
                                                         (0.3, .default), (0.6, .bar), (0.45, .default)]
            for (i, (value, kind)) in rows.enumerated() {
                let bar = UIProgressView(progressViewStyle: kind)
                bar.frame = CGRect(x: 14, y: 10 + CGFloat(i) * 18, width: 152, height: UIProgressView.naturalHeight(for: kind))
                bar.progress = value
                switch i {
                case 3:
                    bar.progressTintColor = .systemOrange
                    bar.trackTintColor = UIColor.systemOrange.withAlphaComponent(0.25)
                case 4: bar.semanticContentAttribute = .forceRightToLeft
                case 6: bar.frame.size.height = 12
                default: break
                }
                panel.addSubview(bar)
            }
        }
    }

    @Test func stylesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 150), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uiprogressview-styles-1x")
    }

    @Test func stylesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 150), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uiprogressview-styles-2x")
    }
}
