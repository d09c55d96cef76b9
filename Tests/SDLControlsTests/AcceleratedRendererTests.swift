import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// The render drivers named by `SDLCONTROLS_RENDER_DRIVERS` (for example
/// `opengl,opengles2`): the accelerated renderers these tests run on. Empty, and the suite
/// skipped, unless set: SDL has one video driver per process, and the other suites use the
/// dummy one. `.ci/accelerated-check.sh` runs this suite alone under `xvfb-run`, where Mesa's
/// software OpenGL gives SDL real `opengl` and `opengles2` renderers.
let requestedRenderDrivers: [String] = (ProcessInfo.processInfo.environment["SDLCONTROLS_RENDER_DRIVERS"] ?? "")
    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }

/// A game embedding the UI on SDL's `opengl` and `opengles2` renderers draws what the software
/// renderer draws: the software goldens match within 8 levels a channel, directly drawn
/// and cached frames alike; incremental frames equal a full redraw; a changing frame submits a
/// few calls; resets, logical size and the game's own render target work.
@Suite(.serialized, .enabled(if: !requestedRenderDrivers.isEmpty, "set SDLCONTROLS_RENDER_DRIVERS and run under a display"))
@MainActor
struct AcceleratedRendererTests {
    /// How far an accelerated renderer's pixels may be from the software renderer's goldens,
    /// per channel, and the share of pixels allowed past it. Measured on Mesa 22.3 (llvmpipe):
    /// at most 6 levels anywhere, on about 2% of the pixels (antialiased edges: OpenGL and SDL's
    /// software rasterizer round coverage and blending a little differently); no pixel further.
    static let acceleratedTolerance = 8
    static let acceleratedDifferentFraction = 0.0
    /// Between two frames of the same renderer (cached against drawn directly): premultiplied
    /// compositing rounds once more than blending straight onto the scene.
    static let sameRendererTolerance = 3

    /// A game's window and renderer of `driver`, sized `width` × `height`.
    @MainActor
    final class Game {
        let window: OpaquePointer
        let renderer: OpaquePointer
        let driver: String

        init(driver: String, width: Int32, height: Int32) throws {
            self.driver = driver
            #expect(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
            let videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
            guard videoDriver != "dummy" else {
                throw SDLControlsError.initializationFailed("the dummy video driver has no \(driver) renderer: run this suite alone under a display")
            }
            var index: Int32 = -1
            for i in 0..<SDL_GetNumRenderDrivers() {
                var info = SDL_RendererInfo()
                if SDL_GetRenderDriverInfo(i, &info) == 0, String(cString: info.name) == driver { index = i }
            }
            guard index >= 0 else { throw SDLControlsError.initializationFailed("SDL has no \(driver) render driver here") }
            let created = SDL_CreateWindow("accelerated", 0, 0, width, height, SDL_WINDOW_SHOWN.rawValue)
            let w = try #require(created)
            guard let r = SDL_CreateRenderer(w, index, SDL_RENDERER_ACCELERATED.rawValue) else {
                SDL_DestroyWindow(w)
                throw SDLControlsError.initializationFailed("SDL_CreateRenderer(\(driver)): " + String(cString: SDL_GetError()))
            }
            window = w
            renderer = r
            var info = SDL_RendererInfo()
            SDL_GetRendererInfo(r, &info)
            #expect(String(cString: info.name) == driver)
        }

        /// The game's frame: its scene (a white clear, as a standalone host's background),
        /// then the UI over it.
        func frame(_ ui: SDLHost) -> (width: Int, height: Int, pixels: [UInt32]) {
            SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
            SDL_RenderClear(renderer)
            ui.update()
            ui.render()
            let pixels = ui.readPixels()
            SDL_RenderPresent(renderer)
            return pixels
        }

        func destroy() {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
        }
    }

    /// A host over `game`, with the golden hosts' fixed time step.
    private func embed(_ game: Game) throws -> SDLHost {
        let app = UIApplication.shared
        app.actionDelivery = .batched
        app.discardPendingActions()
        app.delegate = nil
        app.userInterfaceLayoutDirection = .leftToRight
        app.chosenTextMeasurer = nil
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        ui.fixedTimeStep = 1.0 / 60
        ui.log = { _ in }
        return ui
    }

    /// Pixels with a colour channel more than `tolerance` apart, as a share of all, and the
    /// largest difference (a window's read-back alpha is left out).
    private func difference(_ a: (width: Int, height: Int, pixels: [UInt32]), _ b: (width: Int, height: Int, pixels: [UInt32]),
                            tolerance: Int) -> (fraction: Double, worst: Int) {
        guard a.width == b.width, a.height == b.height, !a.pixels.isEmpty else { return (1, 255) }
        let d = pixelDifference(a.pixels, b.pixels, tolerance: tolerance, ignoringAlpha: true)
        return (Double(d.over) / Double(a.pixels.count), d.worst)
    }

    /// Runs `body` with a game of `driver` (`width` × `height`) and the UI embedded in it, and
    /// tears both down after; `beforeEmbedding` sets the game's render state first.
    private func withGame(_ driver: String, _ width: Int32, _ height: Int32, beforeEmbedding: (Game) -> Void = { _ in },
                          _ body: (Game, SDLHost) throws -> Void) throws {
        let game = try Game(driver: driver, width: width, height: height)
        defer { game.destroy() }
        beforeEmbedding(game)
        let ui = try embed(game)
        defer { ui.shutdown() }
        try body(game, ui)
    }

    private func expectMatchesSoftwareGolden(_ frame: (width: Int, height: Int, pixels: [UInt32]), _ name: String, _ what: String,
                                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = try #require(loadARGB(goldenFolder.appendingPathComponent(name + ".png").path))
        let d = difference(frame, golden, tolerance: Self.acceleratedTolerance)
        #expect(d.fraction <= Self.acceleratedDifferentFraction,
                "\(what): \(Int(d.fraction * 10_000)) in 10,000 pixels differ from \(name) by more than \(Self.acceleratedTolerance) (up to \(d.worst))",
                sourceLocation: sourceLocation)
        if d.fraction > Self.acceleratedDifferentFraction {
            try? savePNG(frame, to: FileManager.default.temporaryDirectory.appendingPathComponent("accelerated-\(name).png").path)
        }
    }

    @Test(arguments: requestedRenderDrivers)
    func sceneMatchesTheSoftwareGoldenDrawnDirectlyAndFromTheCache(driver: String) throws {
        try withGame(driver, 300, 140) { game, ui in
            #expect(ui.cachesPixels, "\(driver) has render targets: the UI's pixels are cached")
            HostRenderingTests.buildScene(in: ui.window)
            let direct = game.frame(ui)
            #expect(ui.counters.compositeCopies == 0, "the first frame draws directly")
            try expectMatchesSoftwareGolden(direct, "host-scene-1x", "\(driver), drawn directly")
            _ = game.frame(ui)
            let cached = game.frame(ui)
            #expect(ui.counters.compositeCopies >= 1 && ui.counters.geometrySubmissions == 0, "a still frame copies the cache")
            try expectMatchesSoftwareGolden(cached, "host-scene-1x", "\(driver), from the cache")
            let d = difference(direct, cached, tolerance: Self.sameRendererTolerance)
            #expect(d.fraction == 0, "\(driver): cached and direct differ by up to \(d.worst)")
        }
    }

    @Test(arguments: requestedRenderDrivers)
    func logicalSizeDrawsAt2xAsTheSoftwareGolden(driver: String) throws {
        // A 600 × 280 window with a 300 × 140 logical size: the UI is laid out in the game's
        // 300 × 140 units and rasterized at the output's two pixels per unit.
        try withGame(driver, 600, 280, beforeEmbedding: { game in SDL_RenderSetLogicalSize(game.renderer, 300, 140) }) { game, ui in
            HostRenderingTests.buildScene(in: ui.window)
            let direct = game.frame(ui)
            #expect(ui.placement.pixelsPerPoint == 2 && ui.window.bounds.width == 300)
            try expectMatchesSoftwareGolden(direct, "host-scene-2x", "\(driver) at 2x, drawn directly")
            _ = game.frame(ui)
            try expectMatchesSoftwareGolden(game.frame(ui), "host-scene-2x", "\(driver) at 2x, from the cache")
            var w: Int32 = 0, h: Int32 = 0
            SDL_RenderGetLogicalSize(game.renderer, &w, &h)
            #expect(w == 300 && h == 140, "the game's logical size is put back")
        }
    }

    @Test(arguments: requestedRenderDrivers)
    func controlGoldensMatch(driver: String) throws {
        try withGame(driver, 300, 250) { game, ui in
            UISwitchGoldenTests.populate(ui)
            _ = game.frame(ui)
            _ = game.frame(ui)
            try expectMatchesSoftwareGolden(game.frame(ui), "uiswitch-states-1x", "\(driver): switches")
        }
    }

    /// Controls in a grid over the game's scene, some over a translucent rounded panel (whose
    /// block reaches across every changed rectangle, so it is drawn clipped to each).
    private func grid(in ui: SDLHost, panel: Bool) -> (sliders: [UISlider], labels: [UILabel]) {
        if panel {
            let p = UIView(frame: CGRect(x: 4, y: 4, width: 420, height: 200))
            p.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.35)
            p.cornerRadius = 18
            ui.window.addSubview(p)
        }
        var sliders: [UISlider] = [], labels: [UILabel] = []
        for i in 0..<80 {
            // Apart by more than a slider's shadow: without the panel, each changed control's
            // rectangle is drawn again with no neighbour's geometry reaching into it.
            let f = CGRect(x: 8 + CGFloat(i % 8) * 78, y: 8 + CGFloat(i / 8) * 30, width: 72, height: 22)
            if i % 2 == 0 {
                let s = UISlider(frame: f)
                ui.window.addSubview(s)
                sliders.append(s)
            } else {
                let l = UILabel(frame: f)
                l.text = "Value \(i)"
                ui.window.addSubview(l)
                labels.append(l)
            }
        }
        return (sliders, labels)
    }

    /// Changes one control in ten, draws the frame (the cache's changed rectangles drawn
    /// again), then the same frame from scratch (drawn directly, then the cache filled whole
    /// again) and compares the incremental frame with the rebuilt cache's: exactly equal.
    private func changeOneInTen(_ game: Game, _ ui: SDLHost, _ controls: (sliders: [UISlider], labels: [UILabel]),
                                steps: Int, _ check: (FrameCounters) -> Void = { _ in }) {
        for _ in 0..<3 { _ = game.frame(ui) }
        for step in 1...steps {
            for (i, s) in controls.sliders.enumerated() where i % 10 == step % 10 { s.value = Float(step % 5) / 4 }
            for (i, l) in controls.labels.enumerated() where i % 10 == step % 10 { l.text = "Value \(step * 7 + i)" }
            let incremental = game.frame(ui)
            #expect(ui.counters.redrawnRects > 0, "\(game.driver), step \(step): drawn into the cache")
            check(ui.counters)
            ui.window.setNeedsFullRedraw()
            let direct = game.frame(ui)
            let rebuilt = game.frame(ui)
            #expect(ui.counters.redrawnRects > 0 && ui.counters.compositeCopies > 0, "the cache filled again")
            let d = difference(incremental, rebuilt, tolerance: 0)
            #expect(d.fraction == 0, "\(game.driver), step \(step): incremental against the cache rebuilt, up to \(d.worst)")
            let e = difference(incremental, direct, tolerance: Self.sameRendererTolerance)
            #expect(e.fraction == 0, "\(game.driver), step \(step): against drawing directly, up to \(e.worst)")
        }
    }

    /// One control in ten changing, frame after frame: each incremental frame shows what a
    /// full redraw shows, and costs one clear and one geometry call (no call per rectangle).
    @Test(arguments: requestedRenderDrivers)
    func changingFramesEqualAFullRedrawInAFewCalls(driver: String) throws {
        try withGame(driver, 640, 310) { game, ui in
            var calls: [Int] = []
            changeOneInTen(game, ui, grid(in: ui, panel: false), steps: 6) { c in
                calls.append(c.drawCalls)
                #expect(c.geometrySubmissions == 1 && c.cacheClears == 1, "\(driver): \(c)")
            }
            // 8 changed controls: one clear, their geometry in one batch, the cache's copies (one
            // per cached region).
            #expect(calls.allSatisfy { $0 <= 6 }, "\(driver): draw calls per changing frame \(calls)")
        }
    }

    /// The same over a translucent panel whose block reaches across every changed rectangle:
    /// drawn clipped to each, blended once, exactly as the cache rebuilt from scratch.
    @Test(arguments: requestedRenderDrivers)
    func changingFramesOverATranslucentPanelEqualAFullRedraw(driver: String) throws {
        try withGame(driver, 640, 310) { game, ui in
            changeOneInTen(game, ui, grid(in: ui, panel: true), steps: 6) { c in
                #expect(c.geometrySubmissions > 1, "\(driver): the panel is drawn clipped, apart from the batch")
            }
        }
    }

    @Test(arguments: requestedRenderDrivers)
    func targetAndDeviceResetsDrawTheSameFrame(driver: String) throws {
        try withGame(driver, 300, 140) { game, ui in
            HostRenderingTests.buildScene(in: ui.window)
            for _ in 0..<3 { _ = game.frame(ui) }
            let before = game.frame(ui)
            for type in [SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET] {
                var e = SDL_Event()
                e.type = type.rawValue
                ui.handle(e)
                let after = game.frame(ui)
                let d = difference(before, after, tolerance: Self.sameRendererTolerance)
                #expect(d.fraction == 0, "\(driver): after \(type == SDL_RENDER_DEVICE_RESET ? "a device" : "a targets") reset, up to \(d.worst)")
                for _ in 0..<2 { _ = game.frame(ui) }
                #expect(difference(before, game.frame(ui), tolerance: Self.sameRendererTolerance).fraction == 0, "\(driver): cached again")
            }
        }
    }

    @Test(arguments: requestedRenderDrivers)
    func drawsIntoTheGamesRenderTargetAndPutsItBack(driver: String) throws {
        try withGame(driver, 300, 140) { game, ui in
            HostRenderingTests.buildScene(in: ui.window)
            let scene = try #require(SDL_CreateTexture(game.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                       Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 300, 140))
            defer { SDL_DestroyTexture(scene) }
            for frame in 0..<3 {
                SDL_SetRenderTarget(game.renderer, scene)
                SDL_SetRenderDrawColor(game.renderer, 255, 255, 255, 255)
                SDL_RenderClear(game.renderer)
                ui.update()
                ui.render()
                #expect(SDL_GetRenderTarget(game.renderer) == scene, "the game's target is put back")
                let pixels = ui.readPixels()
                try expectMatchesSoftwareGolden(pixels, "host-scene-1x", "\(driver), frame \(frame) into the game's target")
                SDL_SetRenderTarget(game.renderer, nil)
                SDL_RenderCopy(game.renderer, scene, nil, nil)
                SDL_RenderPresent(game.renderer)
            }
        }
    }

    /// Translucent UI over the game's scene composites the same cached or drawn directly:
    /// the cache holds premultiplied colour, composited with (one, one − source alpha).
    @Test(arguments: requestedRenderDrivers)
    func translucentUIOverTheSceneIsTheSameCachedOrDirect(driver: String) throws {
        try withGame(driver, 200, 100) { game, ui in
            let samples = translucentPanelSamples(ui, renderer: game.renderer)
            #expect(ui.counters.compositeCopies >= 1)
            for s in samples {
                #expect(isHalfBlueOverRed(s), "\(driver): half blue over red: \(String(s, radix: 16))")
            }
        }
    }
}
