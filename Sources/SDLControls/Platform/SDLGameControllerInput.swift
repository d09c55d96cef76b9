import SDLControlsSDL2
import Foundation

/// Game controllers through SDL's GameController API: SDL events in, the core's
/// ``UIGameControllerInput`` out (what the window does with it is in the core's
/// `UIWindow+GameController.swift`).
///
/// Handled:
/// - `SDL_CONTROLLERDEVICEADDED` / `SDL_CONTROLLERDEVICEREMOVED`: hot-plug, any number of
///   controllers. A standalone or headless host initializes `SDL_INIT_GAMECONTROLLER` and
///   opens every controller SDL reports (those present at start arrive as ADDED events too),
///   and closes it when it is removed or the host shuts down. An embedded host opens
///   nothing: the game owns its controllers and passes their events to ``SDLHost/handle(_:)``.
///   Device events are shared: reported as not consumed. A removed controller's held
///   directions stop repeating, in both modes.
/// - `SDL_CONTROLLERBUTTONDOWN` / `UP` → button samples; `SDL_CONTROLLERAXISMOTION` → axis
///   samples (sticks −32768…32767 to −1…1, triggers 0…32767 to 0…1). Consumed when the UI
///   used them (the table in `UIWindow+GameController.swift`). The controller is SDL's
///   joystick instance id; timestamps come from the host clock.
/// - Window focus lost, minimized, hidden, or the app going to the background: held
///   directions stop repeating (with the touches, in `SDLPlatformBackend`).
///
/// - Each controller's kind (``UIGameControllerType``, from SDL's controller type) goes to the
///   window when it is added, or when the first input from a controller the window never saw
///   added arrives (an embedded host made after the game opened it), so button prompts
///   (``UIControllerPromptView``) draw the buttons printed on it; its removal goes too. In
///   both modes.
///
/// Not handled: raw `SDL_JOYSTICK*` events of devices SDL has no controller mapping for,
/// rumble, LEDs, gyro and touchpad sensors, and `SDL_CONTROLLERDEVICEREMAPPED`.
///
/// Controller events carry no window. With two hosts given every event (as the README's
/// "Two windows" says), one press must act in one window: the host whose window has keyboard
/// focus takes button and axis events, as keys go to the focused window; when no host's
/// window has it (none is focused, or a headless run), the oldest live host does. The others
/// report them as not consumed (`SDLPlatformBackend.takesControllerInput`).
///
/// SDL ignores controller events while none of the process's windows has keyboard focus
/// unless `SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS` is "1" (the headless tests set it: the
/// dummy video driver never gives a window focus).
@MainActor
final class SDLGameControllerInput {
    /// Whether this host opens and closes controllers itself (not when embedded).
    let opensControllers: Bool
    /// The controllers this host opened, by joystick instance id.
    private(set) var opened: [SDL_JoystickID: OpaquePointer] = [:]
    private var subsystemStarted = false

    init(opensControllers: Bool) {
        self.opensControllers = opensControllers
    }

    /// Initializes SDL's game controller subsystem for a host that owns its controllers.
    /// A failure is logged, not thrown: controllers are optional.
    func start(log: (String) -> Void) {
        guard opensControllers, !subsystemStarted else { return }
        guard SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0 else {
            log("game controllers unavailable: \(sdlError())")
            return
        }
        subsystemStarted = true
    }

    /// Closes what this host opened and quits the subsystem it started.
    func stop() {
        for controller in opened.values { SDL_GameControllerClose(controller) }
        opened.removeAll()
        if subsystemStarted {
            SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER)
            subsystemStarted = false
        }
    }

    /// Handles one controller event; returns whether the UI consumed it.
    /// `takesInput`: whether this window acts on buttons and sticks now (see the overview).
    func handle(_ event: SDL_Event, window: UIWindow, time: TimeInterval, takesInput: Bool) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_CONTROLLERDEVICEADDED:
            // `which` is a device index here.
            let index = event.cdevice.which
            guard SDL_IsGameController(index) == SDL_TRUE else { return false }
            let instance = SDL_JoystickGetDeviceInstanceID(index)
            if instance >= 0 {
                window.gameControllerConnected(Int(instance), type: Self.controllerType(SDL_GameControllerTypeForIndex(index)))
            }
            guard opensControllers, subsystemStarted, let controller = SDL_GameControllerOpen(index) else { return false }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller))
            if opened[id] == nil {
                opened[id] = controller
            } else {
                SDL_GameControllerClose(controller)   // opened twice: give back the extra reference
            }
            return false
        case SDL_CONTROLLERDEVICEREMOVED:
            // `which` is an instance id here.
            let id = event.cdevice.which
            window.gameControllerDisconnected(Int(id))
            if let controller = opened.removeValue(forKey: id) { SDL_GameControllerClose(controller) }
            return false
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            registerIfUnknown(event.cbutton.which, window: window)
            guard takesInput else { return false }
            let b = event.cbutton
            guard let button = UIGameControllerInput.Button(rawValue: Int(b.button)) else { return false }
            let down = SDL_EventType(event.type) == SDL_CONTROLLERBUTTONDOWN
            return window.send(UIGameControllerInput(controller: Int(b.which), kind: down ? .buttonDown(button) : .buttonUp(button),
                                                     timestamp: time))
        case SDL_CONTROLLERAXISMOTION:
            registerIfUnknown(event.caxis.which, window: window)
            guard takesInput else { return false }
            let a = event.caxis
            guard let axis = UIGameControllerInput.Axis(rawValue: Int(a.axis)) else { return false }
            return window.send(.axis(axis, Self.normalized(a.value), controller: Int(a.which), timestamp: time))
        default:
            return false
        }
    }

    /// Tells the window about a controller it hears from but never saw connect (an embedded
    /// host made after the game opened it), when SDL knows the device.
    private func registerIfUnknown(_ instance: SDL_JoystickID, window: UIWindow) {
        guard !window.knowsGameController(Int(instance)) else { return }
        if let controller = SDL_GameControllerFromInstanceID(instance) {
            window.gameControllerConnected(Int(instance), type: Self.controllerType(SDL_GameControllerGetType(controller)))
        } else if let index = (0..<SDL_NumJoysticks()).first(where: { SDL_JoystickGetDeviceInstanceID($0) == instance }),
                  SDL_IsGameController(index) == SDL_TRUE {
            window.gameControllerConnected(Int(instance), type: Self.controllerType(SDL_GameControllerTypeForIndex(index)))
        }
    }

    /// The kind of controller SDL's type is, for prompts. A Nintendo controller whose face
    /// buttons SDL reports by position (the game set `SDL_GAMECONTROLLER_USE_BUTTON_LABELS`
    /// to "0") is drawn as generic: its printed letters no longer match SDL's names, its
    /// positions do.
    static func controllerType(_ type: SDL_GameControllerType) -> UIGameControllerType {
        switch type {
        case SDL_CONTROLLER_TYPE_XBOX360, SDL_CONTROLLER_TYPE_XBOXONE:
            return .xbox
        case SDL_CONTROLLER_TYPE_PS3, SDL_CONTROLLER_TYPE_PS4, SDL_CONTROLLER_TYPE_PS5:
            return .playStation
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_LEFT,
             SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR:
            return SDL_GetHintBoolean(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, SDL_TRUE) == SDL_TRUE ? .nintendo : .generic
        default:
            return .generic
        }
    }

    /// SDL's axis value as −1…1 (−32768 and −32767 both become −1).
    static func normalized(_ value: Int16) -> Double {
        max(-1, Double(value) / 32767)
    }
}
