import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Where an embedded UI meets the game's SDL loop: duplicates SDL makes of a press, the wheel
/// under a logical size, a host made while the game's render target is bound, and controller
/// events given to two hosts. Events go through SDL (pushed, then polled) as a game's do.
@MainActor
struct EmbeddingBoundaryTests {
    private func button(_ ui: SDLHost, _ frame: CGRect) -> (UIButton, () -> Int) {
        let b = UIButton(configuration: .filled())
        b.setTitle("Go", for: .normal)
        b.frame = frame
        ui.window.addSubview(b)
        var taps = 0
        b.addAction(UIAction { _ in taps += 1 }, for: .primaryActionTriggered)
        return (b, { taps })
    }

    /// A list of ten rows, `frame.height` each.
    private func list(_ ui: SDLHost, _ frame: CGRect) -> UIScrollView {
        let s = UIScrollView(frame: frame)
        s.contentSize = CGSize(width: frame.width, height: frame.height * 10)
        ui.window.addSubview(s)
        return s
    }

    // MARK: Screenshots

    /// The docs' advice: a screenshot taken after `render()` and before presenting holds the
    /// game's scene with the HUD over it.
    @Test func aScreenshotBetweenRenderAndPresentHoldsTheSceneAndTheHUD() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        let plate = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
        plate.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        ui.window.addSubview(plate)
        ui.update()
        SDL_SetRenderDrawColor(game.renderer, 255, 0, 0, 255)   // the game's scene: red
        SDL_RenderClear(game.renderer)
        ui.render()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ui.screenshot(to: path)
        SDL_RenderPresent(game.renderer)
        let loaded = try #require(IMG_Load(path))
        defer { SDL_FreeSurface(loaded) }
        let surface = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        defer { SDL_FreeSurface(surface) }
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            surface.pointee.pixels.load(fromByteOffset: y * Int(surface.pointee.pitch) + x * 4, as: UInt32.self)
        }
        #expect(pixel(200, 150) & 0xFFFFFF == 0xFF0000, "the scene")
        #expect(pixel(50, 40) & 0xFFFFFF == 0x0000FF, "the HUD over it")
    }

    // MARK: Presses SDL duplicates

    /// SDL sends a left click made from a finger just before the finger's own events (and, when
    /// the game asks for it, a finger made from a click). The duplicate makes no second touch,
    /// but a game acting on every unconsumed click must not also act on a tap the UI took.
    @Test func aDuplicateOfAPressIsConsumedExactlyWhenTheUITakesThePress() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        let (_, taps) = button(ui, CGRect(x: 20, y: 20, width: 100, height: 40))
        ui.update()
        let touchMouse = SDLPlatformBackend.touchMouseID

        // A tap on the button: SDL's order for SDL_HINT_TOUCH_MOUSE_EVENTS.
        let moveTo = handled(ui, SDLEvents.mouseMotion(ui, x: 50, y: 30, which: touchMouse))
        let clickDown = handled(ui, SDLEvents.mouseButton(ui, down: true, x: 50, y: 30, which: touchMouse))
        let fingerDown = handled(ui, SDLEvents.finger(ui, SDL_FINGERDOWN, id: 1, x: 50 / 320, y: 30 / 240))
        let clickMove = handled(ui, SDLEvents.mouseMotion(ui, x: 52, y: 31, which: touchMouse))
        let fingerMove = handled(ui, SDLEvents.finger(ui, SDL_FINGERMOTION, id: 1, x: 52 / 320, y: 31 / 240))
        let clickUp = handled(ui, SDLEvents.mouseButton(ui, down: false, x: 52, y: 31, which: touchMouse))
        let fingerUp = handled(ui, SDLEvents.finger(ui, SDL_FINGERUP, id: 1, x: 52 / 320, y: 31 / 240))
        ui.update()
        #expect(taps() == 1, "one tap, one action: the duplicate made no touch")
        #expect(fingerDown && fingerMove && fingerUp)
        #expect(clickDown && clickMove && clickUp, "the click made from the tap is the UI's too")
        #expect(!moveTo, "the pointer moved there before the press: hover, never consumed")
        #expect(ui.window.activeTouchCount == 0)

        // A tap on empty space: the game's, duplicate and all.
        #expect(!handled(ui, SDLEvents.mouseButton(ui, down: true, x: 250, y: 200, which: touchMouse)))
        #expect(!handled(ui, SDLEvents.finger(ui, SDL_FINGERDOWN, id: 2, x: 250 / 320, y: 200 / 240)))
        #expect(!handled(ui, SDLEvents.mouseButton(ui, down: false, x: 250, y: 200, which: touchMouse)))
        #expect(!handled(ui, SDLEvents.finger(ui, SDL_FINGERUP, id: 2, x: 250 / 320, y: 200 / 240)))

        // A finger SDL made from a click (SDL_HINT_MOUSE_TOUCH_EVENTS), sent before the click.
        let mouseTouch = SDLPlatformBackend.mouseTouchID
        let madeDown = handled(ui, SDLEvents.finger(ui, SDL_FINGERDOWN, id: 0, x: 50 / 320, y: 30 / 240, touchID: mouseTouch))
        let realDown = handled(ui, SDLEvents.mouseButton(ui, down: true, x: 50, y: 30))
        let madeUp = handled(ui, SDLEvents.finger(ui, SDL_FINGERUP, id: 0, x: 50 / 320, y: 30 / 240, touchID: mouseTouch))
        let realUp = handled(ui, SDLEvents.mouseButton(ui, down: false, x: 50, y: 30))
        ui.update()
        #expect(madeDown && realDown && madeUp && realUp)
        #expect(taps() == 2, "the click tapped once more; its duplicate finger did nothing")
    }

    // MARK: The wheel under a logical size

    /// SDL converts motion and button positions for a logical size, not the wheel's own
    /// position (2.26): the wheel scrolls what the pointer was last reported over, nothing
    /// when that is a letterbox bar, and before any motion it reads its own position in
    /// window units.
    @Test func theWheelScrollsWhatThePointerIsOverUnderALogicalSize() throws {
        let game = try EmbeddedGame(width: 320, height: 240)
        defer { game.close() }
        SDL_RenderSetLogicalSize(game.renderer, 160, 80)   // scale 2, viewport (0, 40, 320, 160): bars of 40 pixels
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        ui.fixedTimeStep = 1.0 / 60   // a glide ends within the 60 updates after each wheel
        let s = list(ui, CGRect(x: 0, y: 0, width: 100, height: 60))
        ui.update()
        ui.render()

        // No motion yet: window (150, 100) is game units (75, 30), on the list.
        #expect(handled(ui, SDLEvents.wheel(ui, y: -1, mouseX: 150, mouseY: 100)), "the wheel over the list is the UI's")
        for _ in 0..<60 { ui.update() }
        let scrolled = s.contentOffset.y
        #expect(scrolled > 0)

        // The pointer moves into the bar above the picture: the wheel there is the game's,
        // whatever its own (unconverted) position would hit.
        _ = handled(ui, SDLEvents.mouseMotion(ui, x: 10, y: 5))
        #expect(ui.hoverLocation == nil)
        #expect(!handled(ui, SDLEvents.wheel(ui, y: -1, mouseX: 10, mouseY: 5)))
        for _ in 0..<60 { ui.update() }
        #expect(s.contentOffset.y == scrolled)

        // Back over the list (window (20, 60) = game units (10, 10)).
        _ = handled(ui, SDLEvents.mouseMotion(ui, x: 20, y: 60))
        #expect(handled(ui, SDLEvents.wheel(ui, y: -1, mouseX: 20, mouseY: 60)))
        for _ in 0..<60 { ui.update() }
        #expect(s.contentOffset.y > scrolled)

        // The pointer leaves the window: the wheel is the game's.
        _ = handled(ui, SDLEvents.window(ui, SDL_WINDOWEVENT_LEAVE))
        #expect(!handled(ui, SDLEvents.wheel(ui, y: -1, mouseX: 20, mouseY: 60)))
    }

    // MARK: A host made while the game's target is bound

    /// A bound target stands for the whole window: a host made then (a menu opened in the
    /// middle of the game's post-processing pass) is laid out for the window, draws into the
    /// target, and leaves the target's own viewport and scale as the game set them.
    @Test func aHostMadeWhileTheGamesTargetIsBoundIsLaidOutForTheWindow() throws {
        let game = try EmbeddedGame(width: 320, height: 240)
        defer { game.close() }
        let target = try #require(SDL_CreateTexture(game.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                    Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 320, 240))
        defer { SDL_DestroyTexture(target) }
        SDL_SetRenderTarget(game.renderer, target)
        SDL_RenderSetScale(game.renderer, 2, 2)
        var viewport = SDL_Rect(x: 4, y: 6, w: 100, h: 80)
        SDL_RenderSetViewport(game.renderer, &viewport)

        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        #expect(ui.window.bounds.size == CGSize(width: 320, height: 240))
        #expect(SDL_GetRenderTarget(game.renderer) == target, "the game's target is bound again")
        var sx: Float = 0, sy: Float = 0, after = SDL_Rect()
        SDL_RenderGetScale(game.renderer, &sx, &sy)
        SDL_RenderGetViewport(game.renderer, &after)
        #expect(sx == 2 && sy == 2)
        #expect(after.x == viewport.x && after.y == viewport.y && after.w == viewport.w && after.h == viewport.h)

        // A post-processing loop: the target bound for update and render, unbound to present.
        let (b, _) = button(ui, CGRect(x: 20, y: 20, width: 100, height: 40))
        SDL_RenderSetScale(game.renderer, 1, 1)
        SDL_RenderSetViewport(game.renderer, nil)
        for _ in 0..<2 {
            SDL_SetRenderTarget(game.renderer, target)
            SDL_SetRenderDrawColor(game.renderer, 0, 0, 0, 255)
            SDL_RenderClear(game.renderer)
            ui.update()
            ui.render()
            #expect(b.bounds.width == 100 && ui.window.bounds.width == 320)
            SDL_SetRenderTarget(game.renderer, nil)
        }
        SDL_SetRenderTarget(game.renderer, target)
        let frame = ui.readPixels()
        SDL_SetRenderTarget(game.renderer, nil)
        let centre = frame.pixels[30 * frame.width + 70]
        #expect(centre & 0x00FF_FFFF != 0, "the button is drawn into the game's target")
    }

    // MARK: Two hosts, one controller

    /// Controller events name no window; with both hosts given every event (as the README
    /// says), one press acts in one window: the focused one's, else the oldest host's.
    @Test func aControllerPressGivenToTwoHostsActsInOneWindow() throws {
        let a = try EmbeddedGame()
        defer { a.close() }
        let other = try EmbeddedGame()
        defer { other.close() }
        let uiA = try SDLHost(embeddingWindow: a.window, renderer: a.renderer)
        defer { uiA.shutdown() }
        let uiB = try SDLHost(embeddingWindow: other.window, renderer: other.renderer)
        defer { uiB.shutdown() }
        let (ba, tapsA) = button(uiA, CGRect(x: 20, y: 20, width: 100, height: 40))
        let (bb, tapsB) = button(uiB, CGRect(x: 20, y: 20, width: 100, height: 40))
        uiA.update(); uiB.update()
        uiA.window.setFocusedView(ba)
        uiB.window.setFocusedView(bb)
        uiA.update(); uiB.update()
        #expect(SDL_GetKeyboardFocus() == nil, "hidden windows: none has keyboard focus")
        var consumed: [Bool] = []
        for down in [true, false] {
            var e = SDLEvents.controllerButton(down: down, SDL_CONTROLLER_BUTTON_A)
            SDL_PushEvent(&e)
            var out = SDL_Event()
            while SDL_PollEvent(&out) != 0 { consumed += [uiA.handle(out), uiB.handle(out)] }
        }
        uiA.update(); uiB.update()
        #expect(tapsA() == 1 && tapsB() == 0, "the oldest host's window acts")
        #expect(consumed == [true, false, true, false])

        // The first host gone, the other one takes the controller.
        uiA.shutdown()
        for down in [true, false] {
            var e = SDLEvents.controllerButton(down: down, SDL_CONTROLLER_BUTTON_A)
            SDL_PushEvent(&e)
            var out = SDL_Event()
            while SDL_PollEvent(&out) != 0 { _ = uiA.handle(out); _ = uiB.handle(out) }
        }
        uiB.update()
        #expect(tapsB() == 1)
    }
}
