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

    /// A controller with a USB vendor and product id (0, 0: one SDL has no type for); SDL
    /// reads its type from them (Microsoft 0x045e / 0x02ea is an Xbox One controller).
    init(vendor: UInt16 = 0, product: UInt16 = 0) throws {
        var desc = SDL_VirtualJoystickDesc()
        desc.vendor_id = vendor
        desc.product_id = product
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
/// repeat timing on a fixed host clock, embedded mode; SDL events at their extremes or
/// unknown, controllers unplugged or window focus lost mid-hold, and the keyboard through SDL.
@MainActor
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
        try withGameWindow(subsystems: SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) { window, renderer in
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
            @MainActor func pump() {
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

    // MARK: SDL controller events at the edges

    private func button(_ e: SDL_GameControllerButton, _ down: Bool, which: SDL_JoystickID = 0) -> SDL_Event {
        SDLEvents.controllerButton(down: down, e, which: which)
    }

    /// SDL axis values at the extremes: −32768 is full up (SDL: negative y is up), 32767
    /// full down; both consumed when they move focus.
    @Test func axisExtremesMoveFocus() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let col = buttonColumn(host, 3)
        host.window.setFocusedView(col[1])
        #expect(handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, -32768)))
        #expect(host.window.focusedView === col[0])
        #expect(handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 0)))
        #expect(handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 32767)))
        #expect(host.window.focusedView === col[1])
        #expect(handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 0)))
        // In the dead zone: 0.49 of full tilt.
        #expect(!handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 16000)))
        #expect(host.window.focusedView === col[1])
        host.update()
    }

    /// Bad input: an unknown axis, unknown button numbers, and samples of controllers never
    /// opened are safe and (for unknowns) not consumed.
    @Test func unknownAxesAndButtonsAreIgnored() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let col = buttonColumn(host, 3)
        host.window.setFocusedView(col[0])
        var odd = SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 32767)
        odd.caxis.axis = 77
        #expect(!handled(host, odd))
        odd.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_MAX.rawValue)
        #expect(!handled(host, odd))
        #expect(host.window.focusedView === col[0])
        for raw in [UInt8(SDL_CONTROLLER_BUTTON_MAX.rawValue), 100, 255] {
            var b = button(SDL_CONTROLLER_BUTTON_A, true)
            b.cbutton.button = raw
            #expect(!handled(host, b))
            b.type = SDL_CONTROLLERBUTTONUP.rawValue
            #expect(!handled(host, b))
        }
        // Device events for indexes and ids that don't exist.
        #expect(!handled(host, SDLEvents.controllerDevice(added: true, 999)))
        #expect(!handled(host, SDLEvents.controllerDevice(added: false, -5)))
        #expect(host.openGameControllers.isEmpty)
        host.update()
    }

    /// Huge numbers of events in one frame (bad input): all handled, focus still valid.
    @Test func thousandsOfControllerEventsInOneFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let col = buttonColumn(host, 5)
        host.window.setFocusedView(col[2])
        for i in 0..<10_000 {
            let v: Int16 = i.isMultiple(of: 2) ? 32767 : -32768
            _ = host.handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTX, v, which: SDL_JoystickID(i % 7)))
            _ = host.handle(button(SDL_CONTROLLER_BUTTON_DPAD_UP, i.isMultiple(of: 3), which: SDL_JoystickID(i % 5)))
        }
        for w in 0..<7 { _ = host.handle(SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTX, 0, which: SDL_JoystickID(w))) }
        for w in 0..<5 { _ = host.handle(button(SDL_CONTROLLER_BUTTON_DPAD_UP, false, which: SDL_JoystickID(w))) }
        host.update()
        host.renderFrame()
        #expect(host.window.focusedView != nil)
    }

    // MARK: Hot-plug and lost focus mid-hold

    /// SDL_CONTROLLERDEVICEADDED / REMOVED are handled: a controller unplugged while its stick
    /// is held stops repeating, and its later samples' releases are not the UI's.
    @Test func stickHeldWhenTheControllerIsRemoved() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var t: TimeInterval = 1
        host.clock = { t }
        let col = buttonColumn(host, 6)
        host.window.setFocusedView(col[0])
        host.update()
        #expect(handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 32767, which: 3)))
        #expect(host.window.focusedView === col[1])
        #expect(!handled(host, SDLEvents.controllerDevice(added: false, 3)))
        t = 3
        host.update()
        #expect(host.window.focusedView === col[1], "no repeat after the unplug")
        #expect(!handled(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 0, which: 3)))
    }

    /// A real virtual pad unplugged while A is held on a button, and another pad still
    /// repeating: the other controller's hold is unaffected.
    @Test func unplugOneOfTwoPadsMidHold() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var t: TimeInterval = 1
        host.clock = { t }
        let col = buttonColumn(host, 8, gap: 35)
        let p1 = try VirtualController()
        defer { p1.detach() }
        let p2 = try VirtualController()
        defer { p2.detach() }
        host.pollEvents()
        #expect(host.openGameControllers.count == 2)
        host.window.setFocusedView(col[0])
        host.update()
        p1.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)
        host.pollEvents()
        #expect(host.window.focusedView === col[1])
        p2.set(SDL_CONTROLLER_BUTTON_A, true)
        host.pollEvents()
        p2.detach()
        host.pollEvents()
        #expect(host.openGameControllers == [Int(p1.instanceID)])
        t = 1.4
        host.update()
        #expect(host.window.focusedView === col[2], "pad 1 still repeats")
        t = 1.5
        host.update()
        #expect(host.window.focusedView === col[3])
        p1.set(SDL_CONTROLLER_BUTTON_DPAD_DOWN, false)
        host.pollEvents()
        t = 3
        host.update()
        #expect(host.window.focusedView === col[3])
    }

    /// Window focus lost while the stick is held: the repeat stops (as touches are cancelled).
    @Test func focusLostMidStickHold() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var t: TimeInterval = 1
        host.clock = { t }
        let col = buttonColumn(host, 6)
        host.window.setFocusedView(col[0])
        host.update()
        push(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTX, 0))
        push(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 32767))
        #expect(host.window.focusedView === col[1])
        push(host, SDLEvents.window(host, SDL_WINDOWEVENT_FOCUS_LOST))
        t = 3
        host.update()
        #expect(host.window.focusedView === col[1])
        // The stick is still tilted: the next motion sample counts as a fresh press.
        push(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 32000))
        #expect(host.window.focusedView === col[2])
    }

    // MARK: Repeat, activation, editing and the keyboard through SDL

    /// Repeat timing with the stick on a fixed host clock (README: 0.4 s then every 0.1 s).
    @Test func stickRepeatsOnTheHostClock() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var t: TimeInterval = 5
        host.clock = { t }
        let col = buttonColumn(host, 8, gap: 28)
        host.window.setFocusedView(col[0])
        host.update()
        push(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 30000))
        #expect(host.window.focusedView === col[1])
        func frame(_ time: TimeInterval) -> UIView? { t = time; host.update(); return host.window.focusedView }
        #expect(frame(5.39) === col[1])
        #expect(frame(5.4) === col[2])
        #expect(frame(5.5) === col[3])
        // Easing back to 0.35 of tilt: still held (hysteresis, release at 0.3).
        push(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 11500))
        #expect(frame(5.6) === col[4])
        push(host, SDLEvents.controllerAxis(SDL_CONTROLLER_AXIS_LEFTY, 9000))
        #expect(frame(6.5) === col[4])
    }

    /// The activation order through SDL for a stepper and a segmented control, A vs a click.
    @Test func aOnStepperAndSegmentedMatchesAClickThroughSDL() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let clicked = UIStepper(frame: CGRect(x: 20, y: 20, width: 94, height: 32))
        let activated = UIStepper(frame: CGRect(x: 20, y: 80, width: 94, height: 32))
        host.window.addSubview(clicked)
        host.window.addSubview(activated)
        let cLog = DeliveredEvents(clicked), aLog = DeliveredEvents(activated)
        push(host, SDLEvents.mouseButton(host, down: true, x: 100, y: 36))
        push(host, SDLEvents.mouseButton(host, down: false, x: 100, y: 36))
        host.update()
        host.window.setFocusedView(activated)
        push(host, button(SDL_CONTROLLER_BUTTON_A, true))
        push(host, button(SDL_CONTROLLER_BUTTON_A, false))
        host.update()
        #expect(!cLog.names.isEmpty && aLog.names == cLog.names, "click \(cLog.names) A \(aLog.names)")
        #expect(clicked.value == activated.value)
    }

    /// A on a text field begins editing and B (east) ends it, through SDL: SDL text input
    /// starts and stops with the session.
    @Test func aAndBOnATextFieldThroughSDL() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        host.window.addSubview(field)
        #expect(handled(host, button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)))
        #expect(handled(host, button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, false)))
        #expect(host.window.focusedView === field && !field.isEditing)
        host.update()
        #expect(SDL_IsTextInputActive() == SDL_FALSE, "passing over a field raises no keyboard")
        #expect(handled(host, button(SDL_CONTROLLER_BUTTON_A, true)))
        #expect(handled(host, button(SDL_CONTROLLER_BUTTON_A, false)))
        host.update()
        #expect(field.isEditing)
        #expect(SDL_IsTextInputActive() == SDL_TRUE, "editing starts SDL text input (the on-screen keyboard on a Deck)")
        push(host, SDLEvents.text(host, "hi"))
        #expect(field.text == "hi")
        #expect(handled(host, button(SDL_CONTROLLER_BUTTON_B, true)))
        #expect(handled(host, button(SDL_CONTROLLER_BUTTON_B, false)))
        host.update()
        #expect(!field.isEditing)
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
    }

    /// Keyboard through SDL on a standalone host: Tab / Shift+Tab in reading order, arrows by
    /// geometry, Return activates with a tap's events in the frame's batch.
    @Test func keyboardFocusThroughSDL() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 300))
        defer { host.shutdown() }
        var grid: [[UIButton]] = []
        for r in 0..<2 {
            var row: [UIButton] = []
            for c in 0..<3 {
                let b = UIButton(type: .system)
                b.setTitle("r\(r)c\(c)", for: .normal)
                // Mixed heights on one visual line.
                let h: CGFloat = c == 1 ? 60 : 24
                b.frame = CGRect(x: 10 + CGFloat(c) * 120, y: 40 + CGFloat(r) * 120 - h / 2, width: 100, height: h)
                host.window.addSubview(b)
                row.append(b)
            }
            grid.append(row)
        }
        func key(_ sc: SDL_Scancode, mod: UInt16 = 0) -> Bool {
            let d = handled(host, SDLEvents.key(host, down: true, scancode: sc, mod: mod))
            _ = handled(host, SDLEvents.key(host, down: false, scancode: sc, mod: mod))
            return d
        }
        #expect(!key(SDL_SCANCODE_DOWN), "an arrow with nothing focused is the game's")
        var order: [UIView?] = []
        for _ in 0..<6 {
            #expect(key(SDL_SCANCODE_TAB))
            order.append(host.window.focusedView)
        }
        #expect(order.map { ($0 as? UIButton)?.currentTitle ?? "nil" } == ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2"])
        #expect(key(SDL_SCANCODE_TAB, mod: UInt16(KMOD_LSHIFT.rawValue)))
        #expect(host.window.focusedView === grid[1][1])
        #expect(key(SDL_SCANCODE_UP))
        #expect(host.window.focusedView === grid[0][1])
        #expect(key(SDL_SCANCODE_LEFT))
        #expect(host.window.focusedView === grid[0][0])
        #expect(!key(SDL_SCANCODE_LEFT), "the edge")
        let log = DeliveredEvents(grid[0][0])
        #expect(key(SDL_SCANCODE_RETURN))
        #expect(log.names.isEmpty, "batched: delivered by update()")
        host.update()
        #expect(log.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    /// Embedded: keyboard navigation is off by default; the controller is on.
    @Test func embeddedHostLeavesTabToTheGameButTakesTheDpad() throws {
        try withGameWindow { window, renderer in
            let ui = try SDLHost(embeddingWindow: window, renderer: renderer)
            defer { ui.shutdown() }
            let b = UIButton(type: .system)
            b.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
            ui.window.addSubview(b)
            var tab = SDL_Event()
            tab.type = SDL_KEYDOWN.rawValue
            tab.key.windowID = SDL_GetWindowID(window)
            tab.key.keysym.scancode = SDL_SCANCODE_TAB
            tab.key.state = UInt8(SDL_PRESSED)
            #expect(!ui.handle(tab))
            #expect(ui.window.focusedView == nil)
            #expect(ui.handle(button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, true)))
            #expect(ui.handle(button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, false)))
            #expect(ui.window.focusedView === b)
            #expect(!ui.handle(button(SDL_CONTROLLER_BUTTON_Y, true)))
            #expect(!ui.handle(button(SDL_CONTROLLER_BUTTON_Y, false)))
            ui.update()
        }
    }
}
