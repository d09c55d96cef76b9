import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// A control drawn in pure green that counts the taps it gets.
@MainActor
final class GreenTarget: UIControl {
    var taps = 0
    init() {
        super.init(frame: CGRect(x: 10, y: 40, width: 40, height: 30))
        backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        addAction(UIAction { [unowned self] _ in taps += 1 }, for: .touchUpInside)
    }
}

/// The pixels of `px` that are (nearly) pure green: their bounding box in output pixels.
func greenBox(_ px: (width: Int, height: Int, pixels: [UInt32])) -> CGRect? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<px.height {
        for x in 0..<px.width {
            let p = px.pixels[y * px.width + x]
            let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
            if g > 230, r < 25, b < 25 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
    }
    guard maxX >= 0 else { return nil }
    return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

/// The render state a game can read back, to check the UI put it back exactly.
struct ReadBackState: Equatable {
    var logicalW: Int32 = 0, logicalH: Int32 = 0
    var scaleX: Float = 0, scaleY: Float = 0
    var viewport = [Int32](), viewportPixels = [Int32](), clip = [Int32](), clipOn = false
    var target: OpaquePointer?

    @MainActor
    init(_ renderer: OpaquePointer) {
        SDL_RenderGetLogicalSize(renderer, &logicalW, &logicalH)
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        var r = SDL_Rect()
        SDL_RenderGetViewport(renderer, &r)
        viewport = [r.x, r.y, r.w, r.h]
        SDL_RenderGetClipRect(renderer, &r)
        clip = [r.x, r.y, r.w, r.h]
        clipOn = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderGetViewport(renderer, &r)
        viewportPixels = [r.x, r.y, r.w, r.h]
        SDL_RenderSetScale(renderer, scaleX, scaleY)
        target = SDL_GetRenderTarget(renderer)
    }
}

/// The game's coordinate system (README "Embedding in your game"): with a
/// logical size, a scale, a viewport or a render target, at 1× and 2×, in window points and in
/// game units, a click and a touch land on the control where it is drawn, and the game's
/// render state is put back exactly.
@MainActor
struct CoordinateSystemTests {
    /// What the game set before the UI draws.
    enum GameState: String, CaseIterable, Sendable {
        case nothing
        case logicalSize          // 160×120 on 320×240 points: scale 2 (4 at 2×)
        case letterboxedLogical   // 200×100: scale 1.6 (3.2), bars above and below
        case scale                // SDL_RenderSetScale(2, 2)
        case viewport             // a 200×150 viewport at (40, 30) pixels
        case scaledViewport       // scale 2 and a 100×80-unit viewport at (20, 10) units

        func apply(_ renderer: OpaquePointer, density: CGFloat) {
            let d = Int32(density)
            switch self {
            case .nothing: break
            case .logicalSize: SDL_RenderSetLogicalSize(renderer, 160, 120)
            case .letterboxedLogical: SDL_RenderSetLogicalSize(renderer, 200, 100)
            case .scale: SDL_RenderSetScale(renderer, 2, 2)
            case .viewport:
                var r = SDL_Rect(x: 40 * d, y: 30 * d, w: 200 * d, h: 150 * d)
                SDL_RenderSetViewport(renderer, &r)
            case .scaledViewport:
                SDL_RenderSetScale(renderer, 2, 2)
                var r = SDL_Rect(x: 20 * d, y: 10 * d, w: 100 * d, h: 80 * d)
                SDL_RenderSetViewport(renderer, &r)
            }
        }
    }

    struct Case: CustomStringConvertible, Sendable {
        let state: GameState
        let space: SDLHost.LayoutSpace
        let density: CGFloat
        var description: String { "\(state) \(space) \(Int(density))x" }
    }

    nonisolated static let cases: [Case] = GameState.allCases.flatMap { state in
        [SDLHost.LayoutSpace.windowPoints, .gameUnits].flatMap { space in [1, 2].map { Case(state: state, space: space, density: $0) } }
    }

    /// One game frame: clear to black, the UI over it.
    private func frame(_ host: SDLHost) {
        SDL_SetRenderDrawColor(host.renderer, 0, 0, 0, 255)
        SDL_RenderClear(host.renderer)
        host.update()
        host.render()
    }

    @Test(arguments: cases)
    func clicksAndTouchesLandOnTheDrawnControl(_ c: Case) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: c.density)
        defer { host.shutdown() }
        host.layoutSpace = c.space
        let target = GreenTarget()
        host.window.addSubview(target)
        c.state.apply(host.renderer, density: c.density)
        let before = ReadBackState(host.renderer)
        frame(host)
        #expect(ReadBackState(host.renderer) == before, "\(c): the game's render state is put back exactly")

        // Drawn where the placement says, at the output's resolution.
        let box = try #require(greenBox(host.readPixels()), "\(c): the control is drawn")
        let p = host.placement
        let expected = CGRect(x: p.origin.x + 10 * p.pixelsPerPoint, y: p.origin.y + 40 * p.pixelsPerPoint,
                              width: 40 * p.pixelsPerPoint, height: 30 * p.pixelsPerPoint)
        #expect(abs(box.minX - expected.minX) <= 1.5 && abs(box.minY - expected.minY) <= 1.5, "\(c): drawn at \(box), expected \(expected)")
        #expect(abs(box.width - expected.width) <= 2 && abs(box.height - expected.height) <= 2, "\(c): drawn \(box), expected \(expected)")
        switch (c.space, c.state) {
        case (.windowPoints, _):
            #expect(p.pixelsPerPoint == c.density && p.origin == .zero, "\(c)")
        case (.gameUnits, .nothing):
            #expect(p.pixelsPerPoint == 1 && p.origin == .zero, "\(c): the game draws in output pixels")
        case (.gameUnits, .logicalSize):
            #expect(p.size == CGSize(width: 160, height: 120) && p.pixelsPerPoint == 2 * c.density, "\(c)")
        case (.gameUnits, .letterboxedLogical):
            #expect(p.size == CGSize(width: 200, height: 100) && abs(p.pixelsPerPoint - 1.6 * c.density) < 0.001, "\(c)")
            #expect(p.origin == CGPoint(x: 0, y: 40 * c.density), "\(c): inside the letterbox")
        case (.gameUnits, .scale):
            #expect(p.size == CGSize(width: 160 * c.density, height: 120 * c.density) && p.pixelsPerPoint == 2, "\(c)")
        case (.gameUnits, .viewport):
            #expect(p.origin == CGPoint(x: 40 * c.density, y: 30 * c.density) && p.size == CGSize(width: 200 * c.density, height: 150 * c.density), "\(c)")
        case (.gameUnits, .scaledViewport):
            #expect(p.origin == CGPoint(x: 40 * c.density, y: 20 * c.density) && p.pixelsPerPoint == 2, "\(c)")
        default:
            break
        }

        // A click on the drawn control's middle lands on it; one below it goes to the game.
        // (The dummy driver has no HiDPI: window units are output pixels.)
        let cx = Int32(box.midX), cy = Int32(box.midY)
        #expect(handled(host, SDLEvents.mouseButton(host, down: true, x: cx, y: cy)), "\(c): the control takes the click")
        #expect(handled(host, SDLEvents.mouseButton(host, down: false, x: cx, y: cy)))
        host.update()
        #expect(target.taps == 1, "\(c): touchUpInside")
        let below = Int32(box.maxY + box.height / 2)
        #expect(!handled(host, SDLEvents.mouseButton(host, down: true, x: cx, y: below)), "\(c): below the control is the game's")
        _ = handled(host, SDLEvents.mouseButton(host, down: false, x: cx, y: below))
        #expect(host.wantsPress(atMouseX: cx, y: cy) || c.state == .logicalSize || c.state == .letterboxedLogical,
                "\(c): wantsPress agrees (mouse coordinates in window units)")

        // A finger, normalized to the window as a touch screen reports it (SDL maps it into the viewport).
        let out = host.readPixels()
        let fx = Float((box.midX) / CGFloat(out.width)), fy = Float((box.midY) / CGFloat(out.height))
        #expect(handled(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: fx, y: fy)), "\(c): the control takes the touch")
        #expect(handled(host, SDLEvents.finger(host, SDL_FINGERUP, id: 1, x: fx, y: fy)))
        host.update()
        #expect(target.taps == 2, "\(c): touchUpInside from the finger")
        #expect(ReadBackState(host.renderer) == before, "\(c): input changed no render state")
    }

    @Test func automaticFollowsTheLogicalSize() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        #expect(host.layoutSpace == .automatic)
        host.update()
        #expect(host.placement.space == .windowPoints && host.window.bounds.size == CGSize(width: 320, height: 240))
        SDL_RenderSetLogicalSize(host.renderer, 160, 90)
        host.update()
        #expect(host.placement.space == .gameUnits, "a pixel-art game's HUD is in its units")
        #expect(host.window.bounds.size == CGSize(width: 160, height: 90))
        SDL_RenderSetLogicalSize(host.renderer, 0, 0)   // cleared again (0×0 is SDL's "none")
        host.update()
        #expect(host.placement.space == .windowPoints && host.window.bounds.size == CGSize(width: 320, height: 240))
    }

    @Test func textIsRasterizedAtTheOutputResolution() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        let label = UILabel(frame: CGRect(x: 4, y: 4, width: 150, height: 30))
        label.text = "Score"
        host.window.addSubview(label)
        SDL_RenderSetLogicalSize(host.renderer, 160, 120)   // 2 output pixels per logical unit
        frame(host)
        #expect(host.placement.pixelsPerPoint == 2)
        #expect(host.counters.glyphRunsRasterized == 5, "each glyph of \"Score\" at 2 pixels per point")
        let sharp = host.backend.atlas.generation
        // The same text in window points at 1× is rasterized again at half the size.
        host.layoutSpace = .windowPoints
        frame(host)
        #expect(host.placement.pixelsPerPoint == 1)
        #expect(host.counters.glyphRunsRasterized == 5, "each glyph again at the new pixel size")
        #expect(host.backend.atlas.generation == sharp)
    }

    /// A render target stands for the window: drawn into it and copied over the window (whole
    /// or scaled), the UI and its hit-testing line up.
    @Test(arguments: [(CGFloat(1), CGFloat(1)), (1, 0.5), (2, 1), (2, 0.5)])
    func aRenderTargetStandsForTheWindow(density: CGFloat, targetRatio: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: density)
        defer { host.shutdown() }
        let target = GreenTarget()
        host.window.addSubview(target)
        let r = host.renderer
        let tw = Int32(320 * density * targetRatio), th = Int32(240 * density * targetRatio)
        let texture = try #require(SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), tw, th))
        defer { SDL_DestroyTexture(texture) }
        host.update()
        SDL_SetRenderTarget(r, texture)
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255)
        SDL_RenderClear(r)
        let before = ReadBackState(r)
        host.render()
        #expect(ReadBackState(r) == before, "the target stays bound, its state put back")
        SDL_SetRenderTarget(r, nil)
        SDL_RenderCopy(r, texture, nil, nil)   // the game stretches its canvas over the window
        let box = try #require(greenBox(host.readPixels()))
        #expect(abs(box.minX - 10 * density) <= 2 && abs(box.minY - 40 * density) <= 2 && abs(box.width - 40 * density) <= 3, "at \(box)")
        let cx = Int32(box.midX), cy = Int32(box.midY)
        #expect(handled(host, SDLEvents.mouseButton(host, down: true, x: cx, y: cy)))
        #expect(handled(host, SDLEvents.mouseButton(host, down: false, x: cx, y: cy)))
        host.update()
        #expect(target.taps == 1)
    }

    @Test func anEmbeddedGameWithALogicalSize() throws {
        let game = try EmbeddedGame(width: 640, height: 360)
        defer { game.close() }
        SDL_RenderSetLogicalSize(game.renderer, 320, 180)
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        let target = GreenTarget()
        ui.window.addSubview(target)
        #expect(ui.window.bounds.size == CGSize(width: 320, height: 180), "laid out in the game's units from the start")
        let before = ReadBackState(game.renderer)
        SDL_SetRenderDrawColor(game.renderer, 0, 0, 0, 255)
        SDL_RenderClear(game.renderer)
        ui.update()
        ui.render()
        #expect(ReadBackState(game.renderer) == before)
        let px = ui.readPixels()
        let box = try #require(greenBox(px))
        #expect(abs(box.minX - 20) <= 1 && abs(box.minY - 80) <= 1 && abs(box.width - 80) <= 2 && abs(box.height - 60) <= 2,
                "2 output pixels per logical unit: \(box)")
        #expect(handled(ui, SDLEvents.mouseButton(ui, down: true, x: 60, y: 110)))
        #expect(handled(ui, SDLEvents.mouseButton(ui, down: false, x: 60, y: 110)))
        ui.update()
        #expect(target.taps == 1)
        #expect(ui.hoverLocation == CGPoint(x: 30, y: 55), "the release tells where the pointer is, in the game's units")
        _ = handled(ui, SDLEvents.mouseMotion(ui, x: 400, y: 300))
        _ = handled(ui, SDLEvents.mouseMotion(ui, x: 60, y: 110))
        #expect(ui.hoverLocation == CGPoint(x: 30, y: 55), "hover in the game's units")
        #expect(ui.wantsPointer)
        _ = handled(ui, SDLEvents.mouseMotion(ui, x: 400, y: 300))
        #expect(!ui.wantsPointer)
    }

    /// Viewport and clip are kept by SDL in pixels and read back divided by the scale and
    /// rounded down; the UI puts back the same pixels *and* the same read-back values.
    @Test(arguments: [0, 1, 2, 3])
    func fractionalScalesViewportsAndClipsArePutBackExactly(_ setup: Int) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 333, height: 211))
        defer { host.shutdown() }
        host.window.addSubview(GreenTarget())
        let r = host.renderer
        var clip = SDL_Rect(x: 7, y: 9, w: 51, h: 37)
        switch setup {
        case 0:   // letterbox at a fractional scale, with the game's clip
            SDL_RenderSetLogicalSize(r, 200, 100)
            SDL_RenderSetClipRect(r, &clip)
        case 1:   // a fractional scale and a viewport set in its units
            SDL_RenderSetScale(r, 1.37, 1.37)
            var vp = SDL_Rect(x: 11, y: 13, w: 150, h: 100)
            SDL_RenderSetViewport(r, &vp)
            SDL_RenderSetClipRect(r, &clip)
        case 2:   // a scale that differs by axis
            SDL_RenderSetScale(r, 3, 1.5)
            var vp = SDL_Rect(x: 5, y: 5, w: 90, h: 120)
            SDL_RenderSetViewport(r, &vp)
        default:  // integer scale on
            SDL_RenderSetIntegerScale(r, SDL_TRUE)
            SDL_RenderSetLogicalSize(r, 160, 90)
        }
        for space in [SDLHost.LayoutSpace.windowPoints, .gameUnits, .automatic] {
            host.layoutSpace = space
            let before = ReadBackState(host.renderer)
            frame(host)
            _ = host.readPixels()
            #expect(ReadBackState(host.renderer) == before, "setup \(setup), \(space)")
        }
    }

    /// Input scripts are in UI points: replayed through SDL (which applies the logical size
    /// to the pushed mouse events, as to a real mouse) they land where they say, and the
    /// recorder writes UI points back.
    @Test(arguments: [SDLHost.LayoutSpace.gameUnits, .windowPoints])
    func scriptsReplayAndRecordInUIPoints(_ space: SDLHost.LayoutSpace) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        host.layoutSpace = space
        let target = GreenTarget()
        host.window.addSubview(target)
        SDL_RenderSetLogicalSize(host.renderer, 200, 100)   // scale 1.6, letterboxed
        frame(host)
        let script = try InputScript(parsing: "0 mouse down 30 55\n1 mouse up 30 55\n2 finger down 1 20 50\n3 finger up 1 20 50\n")
        let player = InputScriptPlayer(script: script, host: host)
        let recorder = InputScriptRecorder(host: host)
        for f in 0..<4 {
            player.pushEvents(forFrame: f)
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 {
                recorder.record(e, frame: f)
                host.handle(e)
            }
            frame(host)
        }
        #expect(target.taps == 2, "\(space): the click and the touch landed")
        let recorded = recorder.script.entries.compactMap { entry -> CGPoint? in
            switch entry.event {
            case .mouse(_, let p), .finger(_, _, let p): return p
            default: return nil
            }
        }
        #expect(recorded.count == 4)
        for p in recorded {
            #expect(abs(p.x - 30) <= 1.5 || abs(p.x - 20) <= 1.5, "\(space): recorded \(p)")
        }
    }

    @Test func badRenderStatesAreSafe() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        host.window.addSubview(GreenTarget())
        host.layoutSpace = .gameUnits
        // A viewport wholly outside the window: drawn nowhere, hit nowhere.
        var outside = SDL_Rect(x: 5000, y: -4000, w: 100, h: 100)
        SDL_RenderSetViewport(host.renderer, &outside)
        frame(host)
        #expect(greenBox(host.readPixels()) == nil)
        #expect(!handled(host, SDLEvents.mouseButton(host, down: true, x: 30, y: 55)))
        _ = handled(host, SDLEvents.mouseButton(host, down: false, x: 30, y: 55))
        // A degenerate logical size: clamped pixels per point, still drawn and hit-tested alike.
        SDL_RenderSetViewport(host.renderer, nil)
        SDL_RenderSetLogicalSize(host.renderer, 1, 100_000)
        frame(host)
        #expect(SDLHost.pixelsPerPointRange.contains(host.placement.pixelsPerPoint))
        // A zero or negative scale.
        SDL_RenderSetLogicalSize(host.renderer, 0, 0)
        SDL_RenderSetScale(host.renderer, 0, -3)
        frame(host)
        #expect(host.placement.pixelsPerPoint == 1)
        SDL_RenderSetScale(host.renderer, .nan, .infinity)
        frame(host)
        #expect(host.placement.pixelsPerPoint == 1)
        SDL_RenderSetScale(host.renderer, 1, 1)
    }
}
