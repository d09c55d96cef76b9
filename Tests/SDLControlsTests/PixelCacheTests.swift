import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// The cached UI pixels: the same pixels as drawing directly, redrawn only where
/// views changed, and every fallback (no cache, resets, 2×, a game's own render target).
@MainActor
struct PixelCacheTests {
    /// A scene with opaque, translucent, rounded, text and control content.
    static func buildScene(in window: UIWindow) -> (label: UILabel, slider: UISlider, badge: UIView) {
        HostRenderingTests.buildScene(in: window)
        let slider = UISlider(frame: CGRect(x: 20, y: 150, width: 200, height: 34))
        slider.value = 0.3
        window.addSubview(slider)
        let label = UILabel(frame: CGRect(x: 20, y: 190, width: 200, height: 24))
        label.text = "Level 1"
        window.addSubview(label)
        let badge = UIView(frame: CGRect(x: 240, y: 150, width: 50, height: 50))
        badge.backgroundColor = UIColor(red: 0, green: 0.4, blue: 1, alpha: 0.5)
        badge.cornerRadius = 12
        window.addSubview(badge)
        return (label, slider, badge)
    }


    private func frames(_ host: SDLHost, _ n: Int) {
        for _ in 0..<n {
            host.update()
            host.renderFrame()
        }
    }

    /// Renders the current state again without the cache (everything drawn directly).
    private func directPixels(_ host: SDLHost) -> [UInt32] {
        let policy = host.pixelCaching
        host.pixelCaching = .never
        frames(host, 1)
        let pixels = host.readPixels().pixels
        host.pixelCaching = policy
        return pixels
    }

    @Test(arguments: [1.0, 2.0])
    func cachedPixelsAreTheDirectlyDrawnPixels(scale: Double) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: CGFloat(scale))
        defer { host.shutdown() }
        host.pixelCaching = .always
        let scene = Self.buildScene(in: host.window)
        frames(host, 3)
        #expect(host.counters.compositeCopies > 0 && host.counters.geometrySubmissions == 0, "a still frame copies cached pixels")
        // A few views change: only they are drawn again, into the cache.
        scene.slider.value = 0.8
        scene.label.text = "Level 2"
        frames(host, 1)
        #expect(host.counters.redrawnRects >= 1)
        #expect(host.counters.redrawnPixels < Int(320 * 240 * scale * scale) / 4, "only the changed rectangles")
        let cached = host.readPixels().pixels
        let direct = directPixels(host)
        // Layers composed in the cache round a little differently where several translucent
        // edges overlap (a thumb's shadow, edge and outline): a few levels on a few pixels.
        // Wrong alpha handling would be off by tens of levels across every translucent pixel.
        let d = pixelDifference(cached, direct, tolerance: 2)
        #expect(d.worst <= 8)
        let off = d.over
        #expect(Double(off) / Double(cached.count) < 0.005, "\(off) pixels differ by more than 2")
    }

    /// Frames that visit only what changed, composited through the cache's damaged
    /// rectangles, show what a frame drawn from scratch shows: random moves, hides, fades,
    /// reorders, reparentings into a clipping panel, scrolls, value changes and resets of the
    /// renderer's targets or device, at 1× and 2×.
    @Test(arguments: [1.0, 2.0])
    func incrementalFramesShowWhatAFullRedrawShows(scale: Double) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: CGFloat(scale))
        defer { host.shutdown() }
        host.pixelCaching = .always
        let scene = Self.buildScene(in: host.window)
        let panel = UIView(frame: CGRect(x: 150, y: 20, width: 140, height: 110))
        panel.backgroundColor = .secondarySystemBackground
        panel.clipsToBounds = true
        host.window.addSubview(panel)
        let chip = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 30))
        chip.backgroundColor = .systemOrange
        chip.cornerRadius = 8
        panel.addSubview(chip)
        let pinned = UISwitch(frame: CGRect(x: 70, y: 60, width: 51, height: 31))
        panel.addSubview(pinned)   // stays in the panel: every scroll moves it
        frames(host, 3)
        var state: UInt64 = 0x5EED &* UInt64(scale * 7)
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let movable: [UIView] = [scene.label, scene.slider, scene.badge, chip]
        var partialFrames = 0, fewestVisits = Int.max
        for frame in 0..<64 {
            for k in 0..<(1 + next(3)) {
                let v = movable[next(movable.count)]
                // Every kind of change in turn, on a view picked at random.
                switch (frame + k * 3) % 8 {
                case 0: v.frame.origin = CGPoint(x: CGFloat(next(260)), y: CGFloat(next(200)))
                case 1: v.isHidden.toggle()
                case 2: v.alpha = [0.0, 0.4, 1, 1][next(4)]
                case 3: (next(2) == 0 ? panel : host.window).addSubview(v)
                case 4: panel.bounds.origin = CGPoint(x: CGFloat(next(40)) - 20, y: CGFloat(next(40)) - 20)
                case 5: scene.slider.value = Float(next(11)) / 10
                case 6: scene.label.text = "Level \(next(100))"
                default: v.superview?.sendSubviewToBack(v)
                }
            }
            if frame % 16 == 15 {
                // A reset while changes wait to be drawn.
                var e = SDL_Event()
                e.type = (frame % 32 == 15 ? SDL_RENDER_TARGETS_RESET : SDL_RENDER_DEVICE_RESET).rawValue
                host.handle(e)
            }
            frames(host, 1)
            let incremental = host.readPixels().pixels
            partialFrames += host.counters.redrawnRects > 0 ? 1 : 0
            fewestVisits = min(fewestVisits, host.counters.viewsVisited)
            // From scratch: every view visited and drawn (directly), then the cache filled
            // again, so the next frame's changes go through its damaged rectangles.
            host.window.setNeedsFullRedraw()
            frames(host, 2)
            let full = host.readPixels().pixels
            // A few levels where translucent edges overlap (as cached against direct above); a
            // stale or missing view is off by far more over many pixels.
            let (off, worst) = pixelDifference(incremental, full, tolerance: 2)
            guard worst <= 8, Double(off) / Double(full.count) < 0.005 else {
                Issue.record("frame \(frame) at \(scale)×: \(off) pixels differ, by up to \(worst)")
                return
            }
        }
        #expect(partialFrames > 16, "changes went through the cache's damaged rectangles")
        #expect(fewestVisits < 8, "frames visited only what changed")
    }

    /// A translucent rounded shape far larger than the window, seen through a small clipping
    /// panel (so the cache holds just the panel's rectangle), draws the same cached as
    /// directly, turned or not: its geometry is cut at one band around the window whichever
    /// target it is drawn into (a band around each target bent the shape differently).
    @Test(arguments: [0, 0.3] as [CGFloat])
    func aShapeReachingFarPastTheWindowDrawsTheSameCachedAndDirect(turn: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: 1)
        defer { host.shutdown() }
        host.pixelCaching = .always
        host.window.backgroundColor = .white
        let panel = UIView(frame: CGRect(x: 40, y: 30, width: 120, height: 90))
        panel.clipsToBounds = true
        let huge = UIView(frame: CGRect(x: -6000, y: -9000, width: 12000, height: 12000))
        huge.backgroundColor = UIColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.45)
        huge.cornerRadius = 5000
        huge.transform = CGAffineTransform(rotationAngle: turn)
        panel.addSubview(huge)
        host.window.addSubview(panel)
        frames(host, 3)
        #expect(host.counters.compositeCopies > 0, "the panel is drawn from the cache")
        let cached = host.readPixels().pixels
        let direct = directPixels(host)
        let d = pixelDifference(cached, direct, tolerance: 2)
        #expect(d.worst <= 8 && d.over == 0, "worst \(d.worst), \(d.over) pixels over 2")
    }

    @Test func oneChangedViewRedrawsOnlyItsRectangle() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var views: [UIView] = []
        for i in 0..<10 {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 30, y: 10, width: 24, height: 24))
            v.backgroundColor = .systemBlue
            v.cornerRadius = 6
            host.window.addSubview(v)
            views.append(v)
        }
        frames(host, 3)
        views[3].backgroundColor = .systemRed
        frames(host, 1)
        let c = host.counters
        #expect(c.viewsRedrawn == 1)
        #expect(c.redrawnRects == 1 && c.redrawnPixels == 24 * 24)
        #expect(c.compositeCopies >= 1)
        let px = host.readPixels()
        #expect((px.pixels[20 * px.width + 100] >> 16) & 0xFF > 200, "the changed view is red in the frame")
    }

    @Test func mostOfTheUIChangingDrawsDirectlyThenCachesAgain() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var views: [UIView] = []
        for i in 0..<10 {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 30, y: 10, width: 24, height: 24))
            v.backgroundColor = .systemBlue
            host.window.addSubview(v)
            views.append(v)
        }
        frames(host, 3)
        for v in views { v.backgroundColor = .systemGreen }
        frames(host, 1)
        #expect(host.counters.compositeCopies == 0 && host.counters.geometrySubmissions == 1, "drawn where it goes")
        #expect(host.counters.redrawnRects == 0)
        frames(host, 1)   // calm again: the cache is filled
        frames(host, 1)
        #expect(host.counters.compositeCopies >= 1 && host.counters.geometrySubmissions == 0)
    }

    @Test(arguments: [SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET])
    func resetsDrawTheCacheAgain(event: SDL_EventType) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        host.pixelCaching = .always
        _ = Self.buildScene(in: host.window)
        frames(host, 3)
        let before = host.readPixels().pixels
        var e = SDL_Event()
        e.type = event.rawValue
        push(host, e)
        frames(host, 3)
        #expect(host.counters.geometrySubmissions == 0, "cached again")
        #expect(pixelDifference(before, host.readPixels().pixels).worst <= 1)
    }

    @Test func anEmptyUICachesNothing() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 640, height: 480))
        defer { host.shutdown() }
        frames(host, 3)
        #expect(host.counters.textureBytes <= 256 * 256 * 4, "the atlas alone: no window-sized cache")
        #expect(host.counters.compositeCopies == 0)
    }

    @Test func gridControlsStayUnderFiftyOneVerticesEach() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 640, height: 100))
        defer { host.shutdown() }
        host.pixelCaching = .never
        var count = 0
        for kind in 0..<6 {
            for i in 0..<8 {
                let f = CGRect(x: CGFloat(i) * 64 + 2, y: CGFloat(kind) * 13 + 2, width: 60, height: 22)
                let v: UIView
                switch kind {
                case 0:
                    let b = UIButton(configuration: .tinted())
                    b.setTitle("B\(i)", for: .normal)
                    v = b
                case 1: v = UISlider()
                case 2: v = UISwitch()
                case 3: v = UIStepper()
                case 4: v = UISegmentedControl(items: ["A", "B"])
                default:
                    let l = UILabel()
                    l.text = "L\(i)"
                    v = l
                }
                v.frame = f
                host.window.addSubview(v)
                count += 1
            }
        }
        frames(host, 1)
        #expect(host.counters.vertices > 0)
        #expect(Double(host.counters.vertices) / Double(count) <= 51)
    }

    // MARK: Embedded

    /// A game's SDL setup: a hidden window and a software renderer.
    private func gameRenderer() throws -> (window: OpaquePointer, renderer: OpaquePointer) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        #expect(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
        // Called outside #require: the macro splits the call, and the C string made for a
        // literal argument would be freed before SDL reads it (AddressSanitizer found it).
        let created = SDL_CreateWindow("game", 0, 0, 200, 100, SDL_WINDOW_HIDDEN.rawValue)
        let window = try #require(created)
        let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        return (window, renderer)
    }

    @Test func translucentUIOverTheSceneIsTheSameCachedOrDirect() throws {
        let game = try gameRenderer()
        defer { SDL_DestroyRenderer(game.renderer); SDL_DestroyWindow(game.window); SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        #expect(ui.cachesPixels, "the software renderer caches")
        let samples = translucentPanelSamples(ui, renderer: game.renderer)
        // Frame 1 draws directly; later frames composite the cache in straight alpha.
        #expect(ui.counters.compositeCopies >= 1)
        for s in samples {
            #expect(isHalfBlueOverRed(s), "half blue over red: \(String(s, radix: 16))")
        }
    }

    @Test func drawsIntoTheGamesOwnRenderTargetAndPutsItBack() throws {
        let game = try gameRenderer()
        defer { SDL_DestroyRenderer(game.renderer); SDL_DestroyWindow(game.window); SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        let hud = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        hud.backgroundColor = .systemBlue
        ui.window.addSubview(hud)
        let scene = try #require(SDL_CreateTexture(game.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                   Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 200, 100))
        defer { SDL_DestroyTexture(scene) }
        for frame in 0..<4 {
            SDL_SetRenderTarget(game.renderer, scene)
            var viewport = SDL_Rect(x: 0, y: 0, w: 150, h: 90)
            SDL_RenderSetViewport(game.renderer, &viewport)
            var clip = SDL_Rect(x: 0, y: 0, w: 140, h: 80)
            SDL_RenderSetClipRect(game.renderer, &clip)
            SDL_SetRenderDrawColor(game.renderer, 0, 200, 0, 255)
            SDL_RenderClear(game.renderer)
            ui.update()
            ui.render()
            #expect(SDL_GetRenderTarget(game.renderer) == scene, "frame \(frame): the game's target is current again")
            var gotViewport = SDL_Rect(), gotClip = SDL_Rect()
            SDL_RenderGetViewport(game.renderer, &gotViewport)
            SDL_RenderGetClipRect(game.renderer, &gotClip)
            #expect(gotViewport.w == 150 && gotViewport.h == 90 && gotClip.w == 140 && gotClip.h == 80)
            SDL_RenderSetViewport(game.renderer, nil)
            var pixel: UInt32 = 0
            var r = SDL_Rect(x: 30, y: 30, w: 1, h: 1)
            SDL_RenderReadPixels(game.renderer, &r, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixel, 4)
            #expect(pixel & 0xFF > 200, "frame \(frame): the HUD is in the game's texture")
            var green: UInt32 = 0
            var g = SDL_Rect(x: 100, y: 60, w: 1, h: 1)
            SDL_RenderReadPixels(game.renderer, &g, SDL_PIXELFORMAT_ARGB8888.rawValue, &green, 4)
            #expect((green >> 8) & 0xFF == 200, "the scene elsewhere is untouched")
            SDL_SetRenderTarget(game.renderer, nil)
            SDL_RenderCopy(game.renderer, scene, nil, nil)
            SDL_RenderPresent(game.renderer)
        }
    }
}
