import Foundation
import Testing
@testable import SDLControls

/// Controller prompts through real SDL: virtual controllers of each maker plugged in and out
/// set the kind the window draws prompts for, from SDL's own controller type; a press on
/// another controller turns the prompts to it; an embedded host learns of a controller the game
/// opened before it from its first input; the prompt's pixels appear and go with the controller;
/// input scripts plug controllers in and out (`pad add`, `pad remove`) and record hot-plug.
@MainActor
struct ControllerPromptHostTests {
    init() {
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
    }

    /// USB ids SDL knows each maker's controllers by.
    static let xboxOne = (vendor: UInt16(0x045e), product: UInt16(0x02ea))
    static let dualSense = (vendor: UInt16(0x054c), product: UInt16(0x0ce6))
    static let switchPro = (vendor: UInt16(0x057e), product: UInt16(0x2009))

    @Test func hotPlugSetsTheKindFromSDLsControllerType() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        #expect(host.window.gameControllerType == nil)
        let xbox = try VirtualController(vendor: Self.xboxOne.vendor, product: Self.xboxOne.product)
        defer { xbox.detach() }
        host.pollEvents()
        #expect(host.window.gameControllerType == .xbox)
        let ps = try VirtualController(vendor: Self.dualSense.vendor, product: Self.dualSense.product)
        defer { ps.detach() }
        host.pollEvents()
        #expect(host.window.gameControllerType == .playStation, "the controller plugged in last")
        let nintendo = try VirtualController(vendor: Self.switchPro.vendor, product: Self.switchPro.product)
        defer { nintendo.detach() }
        host.pollEvents()
        #expect(host.window.gameControllerType == .nintendo)
        let unknown = try VirtualController()
        defer { unknown.detach() }
        host.pollEvents()
        #expect(host.window.gameControllerType == .generic, "a controller SDL has no type for")
        #expect(host.window.connectedGameControllers.map(\.type) == [.xbox, .playStation, .nintendo, .generic])
        // A press on the Xbox pad: the prompts are its.
        xbox.set(SDL_CONTROLLER_BUTTON_X, true)
        host.pollEvents()
        #expect(host.window.gameControllerType == .xbox)
        xbox.set(SDL_CONTROLLER_BUTTON_X, false)
        // Unplugged: the last connected of those left.
        xbox.detach()
        host.pollEvents()
        #expect(host.window.gameControllerType == .generic)
        unknown.detach()
        nintendo.detach()
        ps.detach()
        host.pollEvents()
        #expect(host.window.gameControllerType == nil)
        #expect(host.window.connectedGameControllers.isEmpty)
    }

    @Test func nintendoButtonsReportedByPositionDrawAsGeneric() {
        // SDL's default reports Nintendo's face buttons by label: A is south in SDL's names.
        #expect(SDLGameControllerInput.controllerType(SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO) == .nintendo)
        SDL_SetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, "0")
        defer { SDL_SetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, "1") }
        #expect(SDLGameControllerInput.controllerType(SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR) == .generic,
                "by position the printed letters are wrong; the positions are right")
        #expect(SDLGameControllerInput.controllerType(SDL_CONTROLLER_TYPE_XBOXONE) == .xbox)
        #expect(SDLGameControllerInput.controllerType(SDL_CONTROLLER_TYPE_PS3) == .playStation)
        #expect(SDLGameControllerInput.controllerType(SDL_CONTROLLER_TYPE_VIRTUAL) == .generic)
        #expect(SDLGameControllerInput.controllerType(SDL_GameControllerType(rawValue: 9999)) == .generic,
                "a type SDL adds later")
    }

    @Test func anEmbeddedHostLearnsOfTheGamesControllerFromItsFirstInput() throws {
        try withGameWindow(subsystems: SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) { window, renderer in
            // The game opens its controller, and drains SDL's events, before the HUD exists.
            let pad = try VirtualController(vendor: Self.dualSense.vendor, product: Self.dualSense.product)
            defer { pad.detach() }
            let controller = try #require(SDL_GameControllerOpen(pad.deviceIndex))
            defer { SDL_GameControllerClose(controller) }
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 {}
            let ui = try SDLHost(embeddingWindow: window, renderer: renderer)
            defer { ui.shutdown() }
            #expect(ui.window.gameControllerType == nil, "the ADDED event went by before the host")
            pad.set(SDL_CONTROLLER_BUTTON_Y, true)
            while SDL_PollEvent(&e) != 0 { ui.handle(e) }
            #expect(ui.window.gameControllerType == .playStation)
            #expect(ui.openGameControllers.isEmpty, "still the game's to open")
        }
    }

    @Test func promptPixelsComeAndGoWithTheController() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 60), scale: 2)
        defer { host.shutdown() }
        let prompt = UIControllerPromptView(button: .south, title: "Select")
        prompt.frame = CGRect(x: 10, y: 10, width: 150, height: 30)
        host.window.backgroundColor = .white
        host.window.addSubview(prompt)
        func greenPixels() -> Int {
            host.update()
            host.renderFrame()
            // Xbox's A is green: green well above red and blue.
            return host.readPixels().pixels.filter { p in
                let r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                return g > 150 && g > r + 60 && g > b + 60
            }.count
        }
        func darkPixels() -> Int {
            host.readPixels().pixels.filter { p in (p >> 16) & 0xFF < 80 && (p >> 8) & 0xFF < 80 && p & 0xFF < 80 }.count
        }
        #expect(greenPixels() == 0)
        #expect(darkPixels() == 0, "nothing drawn, the title hidden")
        let pad = try VirtualController(vendor: Self.xboxOne.vendor, product: Self.xboxOne.product)
        defer { pad.detach() }
        host.pollEvents()
        #expect(greenPixels() > 20, "the A glyph in Xbox green")
        #expect(darkPixels() > 200, "the button's dark disc and the title")
        pad.detach()
        host.pollEvents()
        #expect(greenPixels() == 0)
        #expect(darkPixels() == 0)
    }

    @Test func aScriptPlugsInAControllerThatDrivesTheUI() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let buttons = buttonColumn(host, 2)
        var taps = 0
        buttons[1].addAction(UIAction { _ in taps += 1 }, for: .primaryActionTriggered)
        let script = try InputScript(parsing: """
        0 pad add playStation 7
        1 pad down dpadDown 7
        1 pad up dpadDown 7
        2 pad down dpadDown 7
        2 pad up dpadDown 7
        3 pad down south 7
        3 pad up south 7
        4 pad remove 7
        """)
        let player = InputScriptPlayer(script: script, host: host)
        var kinds: [UIGameControllerType?] = []
        host.run(frames: script.lastFrame + 2) { frame in
            kinds.append(host.window.gameControllerType)
            player.pushEvents(forFrame: frame)
            return true
        }
        #expect(player.error == nil)
        #expect(kinds.first == .some(nil), "nothing plugged in before the script")
        #expect(kinds.contains(.playStation), "SDL reported the plugged-in DualSense")
        #expect(host.window.gameControllerType == nil, "unplugged at the end")
        #expect(taps == 1, "the script's presses came from that controller and reached the UI")
        #expect(host.openGameControllers.isEmpty)
    }

    @Test func aPlayerUnplugsWhatItPluggedInWhenItGoes() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let before = SDL_NumJoysticks()
        do {
            let player = InputScriptPlayer(script: try InputScript(parsing: "0 pad add xbox 1\n0 pad add nintendo 2\n0 pad remove 9"), host: host)
            player.pushEvents(forFrame: 0)
            #expect(SDL_NumJoysticks() == before + 2, "a remove of a number never added does nothing")
            host.pollEvents()
            #expect(host.window.gameControllerType == .nintendo)
        }
        #expect(SDL_NumJoysticks() == before, "the player is gone: its controllers are unplugged")
        host.pollEvents()
        #expect(host.window.gameControllerType == nil)
    }

    @Test func hotPlugIsRecordedAndReplaysToTheSameKinds() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let recorder = InputScriptRecorder(host: host)
        let pad = try VirtualController(vendor: Self.switchPro.vendor, product: Self.switchPro.product)
        defer { pad.detach() }
        var e = SDL_Event()
        var frame = 0
        func pump() {
            while SDL_PollEvent(&e) != 0 {
                recorder.record(e, frame: frame)
                host.handle(e)
            }
            frame += 1
        }
        pump()
        pad.set(SDL_CONTROLLER_BUTTON_A, true)
        pump()
        pad.detach()
        pump()
        let text = recorder.script.text
        let id = Int(pad.instanceID)
        #expect(text.contains("pad add nintendo \(id)"), "\(text)")
        #expect(text.contains("pad down south \(id)"))
        #expect(text.contains("pad remove \(id)"))
        #expect(try InputScript(parsing: text).entries.map(\.event).contains(.controllerAdded(.nintendo, controller: id)))
    }

    @Test func aScriptsNumbersItNeverPluggedInReachNoDevice() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let player = InputScriptPlayer(script: try InputScript(parsing: "0 pad add xbox 1\n0 pad down south\n0 pad up south\n0 pad down south 1"), host: host)
        let events = [player.sdlEvents(for: .controller(.buttonDown(.south), controller: 0))]
        #expect(events[0][0].cbutton.which == 0, "before any pad add, a number is sent as itself (a recorded instance id)")
        player.pushEvents(forFrame: 0)
        var e = SDL_Event()
        var which: [SDL_JoystickID] = []
        while SDL_PollEvent(&e) != 0 {
            if SDL_EventType(e.type) == SDL_CONTROLLERBUTTONDOWN { which.append(e.cbutton.which) }
        }
        #expect(which.count == 2)
        #expect(which[0] == InputScriptPlayer.unpluggedIDBase, "controller 0 was never plugged in: no device's id")
        #expect(which[1] != InputScriptPlayer.unpluggedIDBase && which[1] < InputScriptPlayer.unpluggedIDBase, "controller 1 is the Xbox pad")
    }
}
