import Foundation
import Testing
@testable import SDLControls

/// UIActivityIndicatorView through SDL (dummy video, software renderer) at 1x and 2x: eight
/// spokes with gaps between them, the bright one stepping clockwise on the host's clock;
/// nothing drawn while stopped and hidden; `ui.activity()` draws one; and golden images of
/// both styles in light and dark.
@MainActor
struct UIActivityIndicatorViewGoldenTests {
    /// How dark the pixel at point `p` is over white (0: white, 255: black).
    private func ink(_ frame: (width: Int, height: Int, pixels: [UInt32]), _ p: CGPoint, scale: CGFloat) -> Int {
        let x = Int((p.x * scale).rounded(.down)), y = Int((p.y * scale).rounded(.down))
        let c = frame.pixels[y * frame.width + x]
        return 255 - Int((c >> 8) & 0xFF)   // green: a black spoke over white
    }

    /// The point `radius` points from `centre`, `turns` of a full turn clockwise from the top.
    private func point(_ centre: CGPoint, _ radius: CGFloat, turns: CGFloat) -> CGPoint {
        let a = 2 * CGFloat.pi * turns
        return CGPoint(x: centre.x + radius * sin(a), y: centre.y - radius * cos(a))
    }

    @Test(arguments: [CGFloat(1), 2])
    func theSpinnerDrawsEightSpokesWithGapsAndTheBrightOneSteps(scale: CGFloat) throws {
        let host = try makeGoldenHost(size: CGSize(width: 100, height: 60), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let medium = UIActivityIndicatorView(style: .medium)
        medium.frame.origin = CGPoint(x: 10, y: 10)
        medium.color = .black
        let large = UIActivityIndicatorView(style: .large)
        large.frame.origin = CGPoint(x: 50, y: 10)
        large.color = .black
        for s in [medium, large] {
            host.window.addSubview(s)
            s.startAnimating()
        }
        host.update()
        host.renderFrame()
        let spinners = [(medium, CGFloat(7)), (large, CGFloat(12.5))]
        /// The darkness at the middle of each spoke, top first, clockwise.
        func spokes(_ spinner: UIActivityIndicatorView, _ mid: CGFloat, offset: CGFloat = 0) -> [Int] {
            let frame = host.readPixels()
            let centre = CGPoint(x: spinner.frame.midX, y: spinner.frame.midY)
            return (0..<8).map { ink(frame, point(centre, mid, turns: (CGFloat($0) + offset) / 8), scale: scale) }
        }
        for (spinner, mid) in spinners {
            let ink = spokes(spinner, mid), gaps = spokes(spinner, mid, offset: 0.5)
            #expect(ink.allSatisfy { $0 > 40 }, "eight spokes: \(ink)")
            #expect(gaps.allSatisfy { $0 < 20 }, "with gaps between them: \(gaps)")
            #expect(ink[0] == ink.max() && ink[0] > 200, "the top one brightest at the start: \(ink)")
            #expect(ink[1] == ink.min(), "the one after it faintest (it trails the furthest): \(ink)")
            #expect(spokes(spinner, 0).allSatisfy { $0 < 20 }, "an empty centre")
        }
        // Eight frames of 1/60 s: one step (an eighth of a second) on.
        for _ in 0..<8 {
            host.update()
            host.renderFrame()
        }
        for (spinner, mid) in spinners {
            let stepped = spokes(spinner, mid)
            #expect(stepped[1] == stepped.max() && stepped[0] < stepped[1], "one spoke on, clockwise: \(stepped)")
            #expect(stepped[2] == stepped.min(), "the faintest one step on too: \(stepped)")
        }
    }

    @Test(arguments: [CGFloat(1), 2])
    func aStoppedIndicatorDrawsNothingUntilItStarts(scale: CGFloat) throws {
        let host = try makeGoldenHost(size: CGSize(width: 60, height: 60), scale: scale)
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.frame.origin = CGPoint(x: 10, y: 10)
        spinner.color = .black
        host.window.addSubview(spinner)
        host.update()
        host.renderFrame()
        #expect(host.readPixels().pixels.allSatisfy { $0 | 0xFF00_0000 == 0xFFFF_FFFF }, "hidden while stopped")
        spinner.startAnimating()
        host.update()
        host.renderFrame()
        #expect(host.readPixels().pixels.contains { $0 | 0xFF00_0000 != 0xFFFF_FFFF }, "drawn once started")
    }

    @Test(arguments: [CGFloat(1), 2])
    func anImmediateActivityDeclarationDrawsASpinner(scale: CGFloat) throws {
        let host = try makeGoldenHost(size: CGSize(width: 120, height: 60), scale: scale)
        defer { host.shutdown() }
        let view = ImmediateView(frame: host.window.bounds, style: .plain)
        view.backgroundColor = .white
        host.window.addSubview(view)
        var spinner: UIActivityIndicatorView?
        host.update()
        view.build { ui in
            ui.activity()
            spinner = ui.last(UIActivityIndicatorView.self)
        }
        host.renderFrame()
        let made = try #require(spinner)
        #expect(made.isAnimating)
        let r = made.convert(made.bounds, to: nil)
        let frame = host.readPixels()
        let top = ink(frame, CGPoint(x: r.midX, y: r.midY - 7), scale: scale)
        #expect(top > 60, "the top spoke in the default grey: \(top)")
    }

    // MARK: Golden images

    /// Two panels (light left, dark right); in each: medium and large spinning (one step on),
    /// a stopped one shown (`hidesWhenStopped` false), a tinted one and a large white one on a
    /// dark plate.
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 160, y: 0, width: 160, height: 100))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            let medium = UIActivityIndicatorView(style: .medium)
            medium.frame.origin = CGPoint(x: 12, y: 12)
            let large = UIActivityIndicatorView(style: .large)
            large.frame.origin = CGPoint(x: 48, y: 4)
            let stopped = UIActivityIndicatorView(style: .medium)
            stopped.frame.origin = CGPoint(x: 100, y: 12)
            stopped.hidesWhenStopped = false
            let tinted = UIActivityIndicatorView(style: .medium)
            tinted.frame.origin = CGPoint(x: 12, y: 60)
            tinted.color = .systemOrange
            let plate = UIView(frame: CGRect(x: 44, y: 50, width: 45, height: 45))
            plate.backgroundColor = UIColor(white: 0.15, alpha: 1)
            plate.cornerRadius = 10
            let white = UIActivityIndicatorView(style: .large)
            white.frame.origin = CGPoint(x: 4, y: 4)
            white.color = .white
            plate.addSubview(white)
            for v in [medium, large, stopped, tinted, plate] { panel.addSubview(v) }
            for s in [medium, large, tinted, white] { s.startAnimating() }
        }
        // One step on (8 frames of 1/60 s): the second spoke is the bright one.
        for _ in 0..<8 {
            host.update()
            host.renderFrame()
        }
    }

    @Test func stylesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 320, height: 100), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uiactivityindicatorview-styles-1x")
    }

    @Test func stylesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 320, height: 100), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uiactivityindicatorview-styles-2x")
    }
}
