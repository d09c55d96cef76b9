import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Nothing shared between hosts, nothing left behind, and bad calls (out-of-order, repeated or
/// after shutdown) that are safe, through real SDL.
@MainActor
struct HostLifecycleTests {
    private func field(in host: SDLHost) -> UITextField {
        let f = UITextField(frame: CGRect(x: 10, y: 10, width: 150, height: 30))
        f.borderStyle = .roundedRect
        host.window.addSubview(f)
        return f
    }

    private func click(_ host: SDLHost, _ x: Int32, _ y: Int32) -> Bool {
        let taken = handled(host, SDLEvents.mouseButton(host, down: true, x: x, y: y))
        _ = handled(host, SDLEvents.mouseButton(host, down: false, x: x, y: y))
        return taken
    }

    // MARK: Ending editing

    @Test func aPressIntoTheGameEndsEditingWhenEmbedded() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        let f = field(in: ui)
        #expect(click(ui, 50, 25), "the field takes the click")
        ui.update()
        #expect(f.isEditing && SDL_IsTextInputActive() == SDL_TRUE)
        #expect(!handled(ui, SDLEvents.key(ui, down: true, scancode: SDL_SCANCODE_F5)), "keys the field doesn't use are the game's")
        _ = handled(ui, SDLEvents.key(ui, down: false, scancode: SDL_SCANCODE_F5))
        #expect(handled(ui, SDLEvents.key(ui, down: true, scancode: SDL_SCANCODE_RIGHT)), "the caret's")
        _ = handled(ui, SDLEvents.key(ui, down: false, scancode: SDL_SCANCODE_RIGHT))
        #expect(!click(ui, 250, 200), "the click is the game's…")
        ui.update()
        #expect(!f.isEditing, "…and ends editing")
        #expect(!handled(ui, SDLEvents.key(ui, down: true, scancode: SDL_SCANCODE_RIGHT)), "the arrows are the game's again")
        _ = handled(ui, SDLEvents.key(ui, down: false, scancode: SDL_SCANCODE_RIGHT))
        // A touch does the same.
        #expect(click(ui, 50, 25))
        ui.update()
        #expect(f.isEditing)
        #expect(!handled(ui, SDLEvents.finger(ui, SDL_FINGERDOWN, id: 4, x: 0.9, y: 0.9)))
        _ = handled(ui, SDLEvents.finger(ui, SDL_FINGERUP, id: 4, x: 0.9, y: 0.9))
        #expect(!f.isEditing)
    }

    @Test func aStandaloneHostKeepsEditingAsUIKitDoes() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        #expect(!host.endsEditingOnPressOutsideUI)
        let f = field(in: host)
        #expect(click(host, 50, 25))
        #expect(!click(host, 250, 200))
        #expect(f.isEditing)
        host.endsEditingOnPressOutsideUI = true
        #expect(!click(host, 250, 200))
        #expect(!f.isEditing)
        // A press on a view that is not the field (a panel) does not end editing.
        let panel = UIView(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        panel.backgroundColor = .systemGray
        host.window.addSubview(panel)
        #expect(click(host, 50, 25))
        #expect(click(host, 250, 50))
        #expect(f.isEditing)
        #expect(host.window.endEditing(false))
        #expect(!f.isEditing)
    }

    // MARK: Hosts one after the other, side by side

    @Test func aHostCreatedAfterAnotherShutDownWorksAtOnce() throws {
        let first = try makeHeadlessHost()
        var t1: TimeInterval = 5_000
        first.clock = { t1 }
        first.update()
        t1 += 1_000
        first.update()
        let pasteboard = UIPasteboard.general.backend
        #expect(pasteboard != nil, "SDL's clipboard while a host runs")
        first.shutdown()
        #expect(UIPasteboard.general.backend == nil, "disconnected with the last host")

        let second = try makeHeadlessHost()
        defer { second.shutdown() }
        var t2: TimeInterval = 0
        second.clock = { t2 }
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 94, height: 32))
        second.window.addSubview(stepper)
        var changes = 0
        stepper.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        second.update()
        #expect(handled(second, SDLEvents.mouseButton(second, down: true, x: 80, y: 26)), "+ held")
        for _ in 0..<20 {
            t2 += 0.1
            second.update()
        }
        #expect(changes > 5, "autorepeat fires on the new host's clock at once (\(changes))")
        _ = handled(second, SDLEvents.mouseButton(second, down: false, x: 80, y: 26))
        #expect(UIPasteboard.general.backend != nil)
        UIPasteboard.general.string = "kept"
        #expect(UIPasteboard.general.string == "kept", "through SDL's clipboard")
    }

    @Test func twoHostsSideBySideEachHaveTheirOwnInputTimeAndFocus() throws {
        let a = try makeHeadlessHost()
        let b = try makeHeadlessHost()
        defer { a.shutdown(); b.shutdown() }
        #expect(a.sdlWindowID != b.sdlWindowID)
        a.fixedTimeStep = 0.5
        b.fixedTimeStep = 0.01
        let buttonA = UIButton(type: .system), buttonB = UIButton(type: .system)
        buttonA.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        buttonB.frame = buttonA.frame
        a.window.addSubview(buttonA)
        b.window.addSubview(buttonB)
        var tapsA = 0, tapsB = 0
        buttonA.addAction(UIAction { _ in tapsA += 1 }, for: .primaryActionTriggered)
        buttonB.addAction(UIAction { _ in tapsB += 1 }, for: .primaryActionTriggered)
        // One poll for the process, every event to both hosts: each takes its own window's.
        func dispatch(_ event: SDL_Event) -> (Bool, Bool) {
            var e = event
            SDL_PushEvent(&e)
            var out = SDL_Event()
            var answers = (false, false)
            while SDL_PollEvent(&out) != 0 {
                let ra = a.handle(out), rb = b.handle(out)
                if out.type == event.type { answers = (ra, rb) }
            }
            return answers
        }
        #expect(dispatch(SDLEvents.mouseButton(a, down: true, x: 40, y: 25)) == (true, false))
        #expect(dispatch(SDLEvents.mouseButton(a, down: false, x: 40, y: 25)) == (true, false))
        #expect(dispatch(SDLEvents.key(b, down: true, scancode: SDL_SCANCODE_TAB)) == (false, true))
        _ = dispatch(SDLEvents.key(b, down: false, scancode: SDL_SCANCODE_TAB))
        #expect(b.window.focusedView === buttonB)
        #expect(a.window.focusedView === buttonA, "the click focused A's button; B's Tab didn't move it")
        #expect(a.window.isFocusRingVisible == false && b.window.isFocusRingVisible)
        for _ in 0..<4 {
            a.update()
            b.update()
        }
        #expect(tapsA == 1 && tapsB == 0)
        #expect(a.window.frameClock.currentTime == 1.5 && abs(b.window.frameClock.currentTime - 0.03) < 1e-9,
                "each host's time is its own")
        // Text input: A's field editing keeps SDL text input on while B's field stops.
        let fa = field(in: a), fb = field(in: b)
        fa.frame.origin.y = 60
        fb.frame.origin.y = 60
        #expect(fa.becomeFirstResponder() && fb.becomeFirstResponder())
        a.update()
        b.update()
        #expect(a.wantsTextInput && b.wantsTextInput)
        #expect(fb.resignFirstResponder())
        b.update()
        #expect(SDL_IsTextInputActive() == SDL_TRUE, "A's field still edits")
        #expect(dispatch(SDLEvents.text(a, "ok")) == (true, false))
        #expect(fa.text == "ok")
        // The newest host is key; when it shuts down the other becomes key.
        #expect(b.window.isKeyWindow)
        b.shutdown()
        #expect(a.window.isKeyWindow)
        #expect(SDL_IsTextInputActive() == SDL_TRUE)
        #expect(UIPasteboard.general.backend != nil, "A still runs: the clipboard stays")
        #expect(fa.resignFirstResponder())
        a.update()
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
    }

    // MARK: Leaving SDL as the game had it

    @Test(arguments: [Int32(0), Int32(IMG_INIT_PNG.rawValue), Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue),
                      Int32(IMG_INIT_JPG.rawValue)])
    /// In a child process: SDL_image's and SDL_ttf's init counts are process-wide, and other
    /// suites' hosts running at the same time would move them.
    func embeddedShutdownLeavesSDLImageAndTTFAsTheGameHadThem(gameFlags: Int32) async {
        await #expect(processExitsWith: .success) { [gameFlags] in
            await MainActor.run {
                func check(_ ok: Bool, _ code: Int32) { if !ok { exit(code) } }
                check(SDLSharedState.liveHosts.isEmpty, 10)
                guard let game = try? EmbeddedGame() else { exit(11) }
                defer { game.close() }
                if gameFlags != 0 { check(IMG_Init(gameFlags) == gameFlags, 12) }
                defer { IMG_Quit() }
                let ttfBefore = TTF_WasInit()
                let textInputBefore = SDL_IsTextInputActive()
                check(IMG_Init(0) == gameFlags, 13)
                guard let ui = try? SDLHost(embeddingWindow: game.window, renderer: game.renderer) else { exit(14) }
                check(IMG_Init(0) & Int32(IMG_INIT_PNG.rawValue) != 0, 15)   // the UI loads PNG while it runs
                check(TTF_WasInit() == ttfBefore + 1, 16)
                // It runs a frame with text and an image.
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
                label.text = "HUD"
                ui.window.addSubview(label)
                ui.update()
                ui.render()
                ui.shutdown()
                check(IMG_Init(0) == gameFlags, 17)                   // IMG_Init's flags are as the game had them
                check(TTF_WasInit() == ttfBefore, 18)
                check(SDL_WasInit(SDL_INIT_VIDEO) != 0, 19)           // the game's SDL stays up
                check(SDL_IsTextInputActive() == textInputBefore, 20) // the game's text input is untouched
            }
        }
    }

    @Test func aGamesOwnTextInputStaysOn() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        SDL_StartTextInput()   // the game's chat box
        defer { SDL_StopTextInput() }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        let f = field(in: ui)
        #expect(f.becomeFirstResponder())
        ui.update()
        #expect(f.resignFirstResponder())
        ui.update()
        #expect(SDL_IsTextInputActive() == SDL_TRUE, "the UI did not turn the game's text input off")
    }

    @Test func aHeadlessHostPutsBackTheHintsItSet() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")   // what the other embedded tests rely on
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
        SDL_ResetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH)
        defer { SDL_ResetHint(SDL_HINT_RENDER_DRIVER) }
        let host = try makeHeadlessHost()
        #expect(String(cString: SDL_GetHint(SDL_HINT_RENDER_DRIVER)) == "opengl", "put back once the renderer exists")
        #expect(String(cString: SDL_GetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH)) == "1", "held while the host runs")
        #expect(host.rendererDescription.hasPrefix("software"))
        host.shutdown()
        #expect(SDL_GetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH) == nil, "put back with the last host")
        #expect(String(cString: SDL_GetHint(SDL_HINT_VIDEODRIVER)) == "dummy")
    }

    // MARK: Bad calls

    @Test func shutdownTwiceAndEveryCallAfterItAreSafeNoOps() throws {
        let game = try EmbeddedGame()   // keeps SDL's event queue up after the host is gone
        defer { game.close() }
        let host = try makeHeadlessHost()
        let f = field(in: host)
        #expect(f.becomeFirstResponder())
        host.update()
        host.shutdown()
        host.shutdown()
        #expect(host.isShutDown)
        #expect(!host.handle(SDLEvents.mouseButton(host, down: true, x: 50, y: 25)))
        host.update()
        host.render()
        host.renderFrame()
        #expect(host.run(frames: 3) == 0)
        #expect(host.readPixels().pixels.isEmpty)
        #expect(throws: SDLControlsError.self) { try host.screenshot(to: "/tmp/never.png") }
        #expect(!host.wantsPointer && !host.wantsKeyboard && !host.wantsTextInput && !host.wantsPress(at: CGPoint(x: 50, y: 25)))
        // pollEvents takes nothing from the game's queue.
        var e = SDL_Event()
        e.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&e)
        #expect(!host.pollEvents())
        var out = SDL_Event()
        var found = false
        while SDL_PollEvent(&out) != 0 { if out.type == SDL_USEREVENT.rawValue { found = true } }
        #expect(found)
    }

    @Test func aWindowDestroyedBeforeShutdownStopsTheHostSafely() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        var logged: [String] = []
        ui.log = { logged.append($0) }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "HUD"
        ui.window.addSubview(label)
        ui.update()
        ui.render()
        let id = ui.sdlWindowID
        game.close()   // the game tears down first
        var e = SDLEvents.mouseButton(ui, down: true, x: 5, y: 5)
        e.button.windowID = id
        #expect(!ui.handle(e))
        ui.update()
        ui.render()
        #expect(logged.count == 1, "said once: \(logged)")
        ui.shutdown()
        #expect(ui.isShutDown)
    }

    @Test func eventsForUnknownWindowsAndBeforeTheFirstUpdate() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = GreenTarget()
        host.window.addSubview(c)
        // Before any update(): the click lands, the frame's update delivers it.
        #expect(handled(host, SDLEvents.mouseButton(host, down: true, x: 30, y: 55)))
        #expect(handled(host, SDLEvents.mouseButton(host, down: false, x: 30, y: 55)))
        host.update()
        #expect(c.taps == 1)
        for id: UInt32 in [9_999, host.sdlWindowID &+ 1] {
            var e = SDLEvents.mouseButton(host, down: true, x: 30, y: 55)
            e.button.windowID = id
            #expect(!host.handle(e))
            var k = SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB)
            k.key.windowID = id
            #expect(!host.handle(k))
        }
    }

    @Test func closingOneOfTwoWindowsStopsOnlyItsHostsLoop() throws {
        let a = try makeHeadlessHost()
        let b = try makeHeadlessHost()
        defer { a.shutdown(); b.shutdown() }
        let close = SDLEvents.window(b, SDL_WINDOWEVENT_CLOSE)
        #expect(!a.handle(close), "not A's window")
        #expect(!b.handle(close), "shared: the game sees it too")
        #expect(!b.pollEvents(), "B's loop stops")
        #expect(a.pollEvents(), "A's goes on")
    }

    @Test func renderWithoutUpdateLaysOutAndDraws() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        host.window.addSubview(GreenTarget())
        SDL_SetRenderDrawColor(host.renderer, 0, 0, 0, 255)
        SDL_RenderClear(host.renderer)
        host.render()
        #expect(greenBox(host.readPixels()) != nil)
    }
}
