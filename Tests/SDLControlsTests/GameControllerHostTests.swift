import SDLControls
import Foundation
import Testing
@testable import SDLControls

extension SDLEvents {
    static func controllerButton(down: Bool, _ button: SDL_GameControllerButton, which: SDL_JoystickID = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = down ? SDL_CONTROLLERBUTTONDOWN.rawValue : SDL_CONTROLLERBUTTONUP.rawValue
        e.cbutton.which = which
        e.cbutton.button = UInt8(button.rawValue)
        e.cbutton.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        return e
    }

    static func controllerAxis(_ axis: SDL_GameControllerAxis, _ value: Int16, which: SDL_JoystickID = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.which = which
        e.caxis.axis = UInt8(axis.rawValue)
        e.caxis.value = value
        return e
    }

    static func controllerDevice(added: Bool, _ which: Int32) -> SDL_Event {
        var e = SDL_Event()
        e.type = added ? SDL_CONTROLLERDEVICEADDED.rawValue : SDL_CONTROLLERDEVICEREMOVED.rawValue
        e.cdevice.which = which
        return e
    }
}

/// A virtual game controller (SDL's virtual joystick driver), standing in for a device. The
/// joystick subsystem must be up (a host, or the game, initialized it).
@MainActor
final class VirtualController {
    /// SDL's instance id for the device (what controller events carry).
    let instanceID: SDL_JoystickID
    private var attached = true

    init() throws {
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        desc.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        desc.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        let index = SDL_JoystickAttachVirtualEx(&desc)
        guard index >= 0 else { throw SDLControlsError.initializationFailed("virtual joystick: \(String(cString: SDL_GetError()))") }
        instanceID = SDL_JoystickGetDeviceInstanceID(index)
    }

    /// The device index now (indexes shift as other devices go).
    var deviceIndex: Int32 {
        (0..<SDL_NumJoysticks()).first { SDL_JoystickGetDeviceInstanceID($0) == instanceID } ?? -1
    }

    /// Presses or releases a button; SDL reports it at the next event pump.
    func set(_ button: SDL_GameControllerButton, _ down: Bool) {
        if let joystick = SDL_JoystickFromInstanceID(instanceID) {
            SDL_JoystickSetVirtualButton(joystick, Int32(button.rawValue), down ? 1 : 0)
        }
    }

    /// Unplugs it (once).
    func detach() {
        guard attached else { return }
        attached = false
        let index = deviceIndex
        if index >= 0 { SDL_JoystickDetachVirtual(index) }
    }
}

/// Game controllers through real SDL: hot-plug with virtual devices, buttons and the stick
/// moving focus, consumed answers from `handle(_:)`, activation compared with a real click,
/// repeat timing on a fixed host clock, embedded mode.
@MainActor
@Suite(.serialized)
struct GameControllerHostTests {
    init() {
        // The dummy video driver never gives a window keyboard focus; without this SDL drops
        // controller events as "background" input.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
    }

    @Test func hotPlugOpensAndClosesEachController() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let buttons = buttonColumn(host, 4)
        host.window.setFocusedView(buttons[0])
        #expect(host.openGameControllers.isEmpty)
        let first = try VirtualController()
        defer { first.detach() }
        host.pollEvents()
        #expect(host.openGameControllers == [Int(first.instanceID)], "SDL_CONTROLLERDEVICEADDED opened it")
        let second = try VirtualController()
        host.pollEvents()
        #expect(host.openGameControllers == [Int(first.instanceID), Int(second.instanceID)].sorted())
        // The device itself: the D-pad of the second controller moves focus.
        second.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)
        host.pollEvents()
        #expect(host.window.focusedView === buttons[1])
        // Unplugged while held: closed, and the held direction never repeats.
        let id = Int(second.instanceID)
        second.detach()
        host.pollEvents()
        #expect(host.openGameControllers == [Int(first.instanceID)])
        #expect(!host.openGameControllers.contains(id))
        host.update()
        host.window.frameClock.advanceTime(to: host.window.frameClock.currentTime + 2)
        #expect(host.window.focusedView === buttons[1])
        first.detach()
        host.pollEvents()
        #expect(host.openGameControllers.isEmpty)
    }

    @Test func controllersPresentAtStartAreOpenedAndShutdownClosesThem() throws {
        // Plugged in before the host starts (SDL reports it with an ADDED event all the same).
        #expect(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }
        let pad = try VirtualController()
        defer { pad.detach() }
        let host = try makeHeadlessHost()
        host.pollEvents()
        #expect(host.openGameControllers == [Int(pad.instanceID)])
        host.shutdown()
        #expect(host.openGameControllers.isEmpty)
        #expect(SDL_GameControllerFromInstanceID(pad.instanceID) == nil, "closed: nobody holds it open")
    }

    @Test func consumedAnswersFromHandle() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let buttons = buttonColumn(host, 2)
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        host.window.addSubview(slider)
        func handle(_ e: SDL_Event) -> Bool { host.handle(e) }
        // Nothing focused: A and B are the game's; the D-pad takes focus.
        #expect(!handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_A)))
        #expect(!handle(SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_A)))
        #expect(!handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_B)))
        #expect(handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_DOWN)))
        #expect(handle(SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_DPAD_DOWN)))
        #expect(host.window.focusedView === buttons[0])
        // A focused button.
        #expect(handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_A)))
        #expect(handle(SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_A)))
        #expect(!handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_X)), "X is the game's")
        #expect(!handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_UP)), "the top edge")
        // The stick moves focus; its motion while held and its release are consumed.
        #expect(handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 30000)))
        #expect(host.window.focusedView === buttons[1])
        #expect(handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTX, 2000)))
        #expect(handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 0)))
        #expect(!handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTX, 0)))
        #expect(!handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_RIGHTX, 32767)), "the right stick is the game's")
        #expect(!handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767)))
        // A focused slider: left/right and the shoulders adjust it.
        #expect(handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_DOWN)))
        #expect(host.window.focusedView === slider)
        #expect(handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)))
        #expect(handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER)))
        #expect(abs(slider.value - 0.2) < 0.0001)
        // Start: the game's hook.
        #expect(!handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_START)))
        var started = false
        host.window.controllerStartHandler = { started = true; return true }
        #expect(handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_START)))
        #expect(started)
        // Device events are shared.
        #expect(!handle(SDLEvents.controllerDevice(added: false, 99)))
        // An out-of-range button or axis from a newer SDL is ignored.
        var odd = SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_A)
        odd.cbutton.button = 200
        #expect(!handle(odd))
        host.update()
    }

    @Test func aFocusedButtonDisabledLosesFocusAtTheNextFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let buttons = buttonColumn(host, 3)
        for _ in 0..<2 {
            push(host, SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_DOWN))
            push(host, SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_DPAD_DOWN))
        }
        host.update()
        #expect(host.window.focusedView === buttons[1] && buttons[1].isFocused)
        buttons[1].isEnabled = false
        host.update()
        #expect(host.window.focusedView == nil, "as when the focused button is removed")
        #expect(!buttons[1].isFocused && buttons[1].state == .disabled, "no ring on a disabled button")
        #expect(!host.handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_A)), "nothing focused: A is the game's")
        push(host, SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_DOWN))
        push(host, SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_DPAD_DOWN))
        #expect(host.window.focusedView === buttons[0], "the D-pad starts over at the preferred view")
        host.update()
    }

    @Test func aSendsTheEventsOfARealClickInTheSameFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let clicked = UISwitch(frame: CGRect(x: 20, y: 20, width: 51, height: 31))
        let activated = UISwitch(frame: CGRect(x: 20, y: 80, width: 51, height: 31))
        host.window.addSubview(clicked)
        host.window.addSubview(activated)
        let clickLog = DeliveredEvents(clicked)
        let aLog = DeliveredEvents(activated)
        push(host, SDLEvents.mouseButton(host, down: true, x: 40, y: 35))
        push(host, SDLEvents.mouseButton(host, down: false, x: 40, y: 35))
        host.update()
        host.window.setFocusedView(activated)
        push(host, SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_A))
        push(host, SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_A))
        #expect(aLog.names.isEmpty, "batched like a click: delivered by update()")
        host.update()
        #expect(clickLog.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        #expect(aLog.names == clickLog.names)
        #expect(clicked.isOn && activated.isOn)
    }

    @Test func repeatsFollowTheHostClock() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var t: TimeInterval = 1
        host.clock = { t }
        let buttons = buttonColumn(host, 6)
        host.window.setFocusedView(buttons[0])
        host.update()
        #expect(host.handle(SDLEvents.controllerButton(down: true, SDL_CONTROLLER_BUTTON_DPAD_DOWN)))
        func frame(_ time: TimeInterval) -> UIView? {
            t = time
            host.update()
            return host.window.focusedView
        }
        #expect(frame(1.2) === buttons[1])
        #expect(frame(1.399) === buttons[1])
        #expect(frame(1.4) === buttons[2], "0.4 s after the press")
        #expect(frame(1.5) === buttons[3], "then every 0.1 s")
        #expect(frame(1.55) === buttons[3])
        #expect(frame(1.6) === buttons[4])
        // Focus lost: held input is dropped, as touches are.
        host.handle(SDLEvents.window(host, SDL_WINDOWEVENT_FOCUS_LOST))
        #expect(frame(3) === buttons[4])
        #expect(!host.handle(SDLEvents.controllerButton(down: false, SDL_CONTROLLER_BUTTON_DPAD_DOWN)),
                "its release is no longer the UI's")
    }

    @Test func anEmbeddedHostLeavesControllersToTheGame() throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        #expect(SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) }
        // Called outside #require: the macro splits the call, and the C string made for a
        // literal argument would be freed before SDL reads it (AddressSanitizer found it).
        let created = SDL_CreateWindow("game", 0, 0, 200, 120, SDL_WINDOW_HIDDEN.rawValue)
        let window = try #require(created)
        defer { SDL_DestroyWindow(window) }
        let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(renderer) }
        let ui = try SDLHost(embeddingWindow: window, renderer: renderer)
        defer { ui.shutdown() }
        let pause = UIButton(type: .system)
        pause.setTitle("Pause", for: .normal)
        pause.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        ui.window.addSubview(pause)
        var paused = 0
        pause.addAction(UIAction { _ in paused += 1 }, for: .primaryActionTriggered)
        // The game opens its controller; the UI opens nothing.
        let pad = try VirtualController()
        defer { pad.detach() }
        let controller = try #require(SDL_GameControllerOpen(pad.deviceIndex))
        defer { SDL_GameControllerClose(controller) }
        var consumed: [String] = []
        func pump() {
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 {
                let used = ui.handle(e)
                switch SDL_EventType(e.type) {
                case SDL_CONTROLLERBUTTONDOWN: consumed.append("down \(e.cbutton.button) \(used)")
                case SDL_CONTROLLERDEVICEADDED: consumed.append("added \(used)")
                default: break
                }
            }
        }
        pump()
        #expect(ui.openGameControllers.isEmpty)
        pad.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)   // takes focus: the HUD's
        pump()
        pad.set(SDL_CONTROLLER_BUTTON_A, true)           // presses Pause
        pump()
        pad.set(SDL_CONTROLLER_BUTTON_X, true)           // the game's
        pump()
        ui.update()
        #expect(consumed.filter { $0.hasPrefix("down") } == ["down 12 true", "down 0 true", "down 2 false"])
        #expect(paused == 1)
        #expect(ui.window.focusedView === pause)
    }
}
