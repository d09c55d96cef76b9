import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Drawing through SDL_Renderer: batching, counters, caching, clipping, resets, golden images.
@MainActor
struct HostRenderingTests {
    /// A small scene: a panel, a button, a label, a circle and a line.
    static func buildScene(in window: UIWindow) {
        let panel = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 120))
        panel.backgroundColor = .secondarySystemBackground
        panel.cornerRadius = 14
        panel.borderWidth = 1
        panel.borderColor = .separator
        window.addSubview(panel)
        let button = UIButton(configuration: .filled())
        button.setTitle("Play", for: .normal)
        button.frame = CGRect(x: 16, y: 16, width: 100, height: 40)
        panel.addSubview(button)
        let label = UILabel(frame: CGRect(x: 16, y: 70, width: 170, height: 24))
        label.text = "Score 12,340"
        panel.addSubview(label)
        let dot = UIView(frame: CGRect(x: 230, y: 20, width: 60, height: 60))
        dot.backgroundColor = .systemOrange
        dot.cornerRadius = 30
        window.addSubview(dot)
    }

    @Test func sceneMatchesGoldenAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 300, height: 140), scale: 1)
        defer { host.shutdown() }
        Self.buildScene(in: host.window)
        try expectMatchesGolden(host, "host-scene-1x")
    }

    @Test func sceneMatchesGoldenAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 300, height: 140), scale: 2)
        defer { host.shutdown() }
        Self.buildScene(in: host.window)
        #expect(host.pixelScale == 2)
        #expect(host.readPixels().width == 600, "2x renders 600 pixels for 300 points")
        try expectMatchesGolden(host, "host-scene-2x")
    }

    @Test func sceneAfterDeviceResetMatchesTheSameGolden() throws {
        let host = try makeGoldenHost(size: CGSize(width: 300, height: 140), scale: 1)
        defer { host.shutdown() }
        Self.buildScene(in: host.window)
        host.update()
        host.renderFrame()
        let before = host.backend.resourceGeneration
        var e = SDL_Event()
        e.type = SDL_RENDER_DEVICE_RESET.rawValue
        push(host, e)
        #expect(host.backend.resourceGeneration != before, "textures were recreated")
        host.update()
        host.renderFrame()
        #expect(host.counters.drawListRebuilt, "geometry rebuilt against the new textures")
        #expect(host.counters.glyphRunsRasterized > 0, "text rasterized again into the new atlas")
        try expectMatchesGolden(host, "host-scene-1x")
    }

    @Test func targetsResetAlsoRecreatesTextures() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        Self.buildScene(in: host.window)
        host.update()
        host.renderFrame()
        let before = host.backend.resourceGeneration
        var e = SDL_Event()
        e.type = SDL_RENDER_TARGETS_RESET.rawValue
        host.handle(e)
        #expect(host.backend.resourceGeneration != before)
    }

    @Test func steadyFrameIsOneSubmissionWithNoRasterizationOrUploads() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 140))
        defer { host.shutdown() }
        Self.buildScene(in: host.window)
        host.update()
        host.renderFrame()
        #expect(host.counters.glyphRunsRasterized >= 2, "first frame rasterizes the glyphs of the title and the label")
        #expect(host.counters.textureUploads >= 2)
        #expect(host.counters.geometrySubmissions == 1, "shapes and text share the atlas: one SDL_RenderGeometry")
        let first = host.counters
        #expect(first.vertices > 0 && first.indices > 0 && first.indices % 3 == 0)
        host.update()
        host.renderFrame()   // the cache of the UI's pixels is filled
        host.update()
        host.renderFrame()
        let c = host.counters
        #expect(c.geometrySubmissions == 0, "nothing changed: the cached pixels are copied, no geometry is drawn")
        #expect(c.compositeCopies >= 1 && c.compositeCopies <= 2)
        #expect(c.redrawnPixels == 0)
        #expect(c.glyphRunsRasterized == 0)
        #expect(c.textureUploads == 0)
        #expect(!c.drawListRebuilt, "nothing changed: no view was visited")
    }

    @Test func withoutPixelCachingASteadyFrameIsOneSubmission() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 140))
        defer { host.shutdown() }
        host.pixelCaching = .never
        #expect(!host.cachesPixels)
        Self.buildScene(in: host.window)
        for _ in 0..<3 {
            host.update()
            host.renderFrame()
        }
        let c = host.counters
        #expect(c.geometrySubmissions == 1, "every frame draws the cached geometry in one SDL_RenderGeometry")
        #expect(c.compositeCopies == 0)
        #expect(c.textureSwitches == 0)
        #expect(!c.drawListRebuilt && c.viewsRedrawn == 0)
    }

    @Test func changingOneViewRebuildsOnlyThatView() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var views: [UIView] = []
        for i in 0..<10 {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 20, y: 0, width: 18, height: 18))
            v.backgroundColor = .systemBlue
            host.window.addSubview(v)
            views.append(v)
        }
        host.update()
        host.renderFrame()
        views[3].backgroundColor = .systemRed
        host.update()
        host.renderFrame()
        #expect(host.counters.drawListRebuilt)
        #expect(host.counters.viewsRedrawn == 1, "other views reuse their cached geometry")
    }

    @Test func clippingSplitsBatchesOnlyThere() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let clip = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        clip.clipsToBounds = true
        clip.backgroundColor = .systemGray
        let inner = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        inner.backgroundColor = .systemGreen
        clip.addSubview(inner)
        host.window.addSubview(clip)
        let after = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        after.backgroundColor = .systemRed
        host.window.addSubview(after)
        host.update()
        host.renderFrame()
        #expect(host.counters.geometrySubmissions == 3, "unclipped, clipped child, unclipped again")
        // The clipped child does not paint outside its parent.
        let px = host.readPixels()
        let outside = px.pixels[100 * px.width + 70]   // (70, 100): inside inner's frame, outside clip
        #expect(outside & 0x00FF_FFFF == 0x00FF_FFFF, "white background, not green")
        let inside = px.pixels[40 * px.width + 40]
        #expect((inside >> 8) & 0xFF > 150 && (inside >> 16) & 0xFF < 120, "green inside the clip")
    }

    @Test func screenshotWritesAPNG() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 64, height: 32))
        defer { host.shutdown() }
        host.update()
        host.renderFrame()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdlcontrols-shot-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try host.screenshot(to: path)
        let loaded = loadARGB(path)
        #expect(loaded?.width == 64 && loaded?.height == 32)
        #expect(throws: SDLControlsError.self) { try host.screenshot(to: "/nonexistent-dir/x.png") }
    }

    @Test func embeddedModeRestoresRenderStateAndDrawsOverTheScene() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        #expect(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        // Called outside #require: the macro splits the call, and the C string made for a
        // literal argument would be freed before SDL reads it (AddressSanitizer found it).
        let created = SDL_CreateWindow("game", 0, 0, 200, 100, SDL_WINDOW_HIDDEN.rawValue)
        let window = try #require(created)
        defer { SDL_DestroyWindow(window) }
        let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(renderer) }
        let ui = try SDLHost(embeddingWindow: window, renderer: renderer)
        defer { ui.shutdown() }
        #expect(ui.mode == .embedded)
        let hud = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        hud.backgroundColor = .systemBlue
        ui.window.addSubview(hud)
        // The game's scene and its render state.
        SDL_SetRenderDrawColor(renderer, 200, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_SetRenderDrawColor(renderer, 1, 2, 3, 4)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_ADD)
        var clip = SDL_Rect(x: 0, y: 0, w: 150, h: 90)
        SDL_RenderSetClipRect(renderer, &clip)
        SDL_RenderSetScale(renderer, 1, 1)
        ui.update()
        ui.render()
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetRenderDrawColor(renderer, &r, &g, &b, &a)
        #expect((r, g, b, a) == (1, 2, 3, 4))
        var blend = SDL_BLENDMODE_NONE
        SDL_GetRenderDrawBlendMode(renderer, &blend)
        #expect(blend == SDL_BLENDMODE_ADD)
        var gotClip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &gotClip)
        #expect(gotClip.w == 150 && gotClip.h == 90)
        // The HUD is drawn over the game's red scene; the scene shows elsewhere.
        let px = ui.readPixels()
        #expect(px.pixels[30 * px.width + 30] & 0xFF > 200, "blue HUD")
        #expect((px.pixels[80 * px.width + 120] >> 16) & 0xFF == 200, "the game's red scene is untouched")
        // A click on the scene is not consumed; on the HUD it is.
        #expect(!ui.handle(SDLEvents.mouseButton(ui, down: true, x: 120, y: 80)))
        ui.handle(SDLEvents.mouseButton(ui, down: false, x: 120, y: 80))
        #expect(ui.handle(SDLEvents.mouseButton(ui, down: true, x: 30, y: 30)), "the HUD view takes the click")
        #expect(ui.handle(SDLEvents.mouseButton(ui, down: false, x: 30, y: 30)))
    }

    @Test func embeddingRequiresTheGameToHaveInitializedSDL() throws {
        #expect(throws: SDLControlsError.self) {
            _ = try SDLHost(embeddingWindow: OpaquePointer(bitPattern: 0x1)!, renderer: OpaquePointer(bitPattern: 0x1)!)
        }
    }
}
