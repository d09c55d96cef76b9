import Foundation

/// One sample of game controller input, platform-neutral: a button going down or up, or an
/// axis moving. The SDL host makes these from `SDL_CONTROLLERBUTTONDOWN/UP` and
/// `SDL_CONTROLLERAXISMOTION`; tests and other platforms can make them directly and feed them
/// to ``UIWindow/send(_:)-(UIGameControllerInput)``, which answers whether the UI used them.
///
/// Buttons are named as SDL's game controller mapping reports them, by position on the Xbox
/// layout: ``Button/south`` is A on an Xbox pad and Cross on a PlayStation pad,
/// ``Button/east`` is B / Circle **(project choice; UIKit has no type for this, the
/// GameController framework's names differ)**. Nintendo controllers are the exception SDL
/// makes by default (its `SDL_GAMECONTROLLER_USE_BUTTON_LABELS` hint): their buttons are
/// reported by label, so ``Button/south`` is the button printed A, at the right, which is
/// where a Nintendo player expects "confirm". ``UIGameControllerType`` draws each button as
/// printed. What the window does with each is in `UIWindow+GameController.swift`.
public struct UIGameControllerInput: Hashable, Sendable {
    /// A controller button. Raw values are SDL's `SDL_GameControllerButton`.
    public enum Button: Int, Hashable, Sendable, CaseIterable {
        /// The bottom face button (A, Cross): activates the focused control.
        case south = 0
        /// The right face button (B, Circle): ends editing, otherwise "back".
        case east = 1
        /// The left face button (X, Square): not used by the UI.
        case west = 2
        /// The top face button (Y, Triangle): not used by the UI.
        case north = 3
        /// Back / View / Select / Share: not used by the UI.
        case back = 4
        /// The guide (home) button: not used by the UI.
        case guide = 5
        /// Start / Menu / Options: the game's (``UIWindow/controllerStartHandler``).
        case start = 6
        /// Pressing the left stick: not used by the UI.
        case leftStick = 7
        /// Pressing the right stick: not used by the UI.
        case rightStick = 8
        /// The left shoulder (LB, L1): the previous segment, page or step of a focused
        /// adjustable control.
        case leftShoulder = 9
        /// The right shoulder (RB, R1): the next segment, page or step.
        case rightShoulder = 10
        /// D-pad up: moves focus up.
        case dpadUp = 11
        /// D-pad down: moves focus down.
        case dpadDown = 12
        /// D-pad left: moves focus left, or adjusts a focused adjustable control.
        case dpadLeft = 13
        /// D-pad right: moves focus right, or adjusts a focused adjustable control.
        case dpadRight = 14
        /// An extra button (Xbox Series share, Switch Pro capture …): not used by the UI.
        case misc1 = 15
        /// Back paddle 1: not used by the UI.
        case paddle1 = 16
        /// Back paddle 2: not used by the UI.
        case paddle2 = 17
        /// Back paddle 3: not used by the UI.
        case paddle3 = 18
        /// Back paddle 4: not used by the UI.
        case paddle4 = 19
        /// A touchpad click (PS4/PS5): not used by the UI.
        case touchpad = 20
    }

    /// A controller axis. Raw values are SDL's `SDL_GameControllerAxis`.
    public enum Axis: Int, Hashable, Sendable, CaseIterable {
        /// Left stick, horizontal: −1 (left) … 1 (right). Moves focus like the D-pad.
        case leftX = 0
        /// Left stick, vertical: −1 (up) … 1 (down), as SDL reports it.
        case leftY = 1
        /// Right stick, horizontal: not used by the UI.
        case rightX = 2
        /// Right stick, vertical: not used by the UI.
        case rightY = 3
        /// Left trigger: 0 (released) … 1. Not used by the UI.
        case leftTrigger = 4
        /// Right trigger: 0 … 1. Not used by the UI.
        case rightTrigger = 5
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case buttonDown(Button)
        /// A button went up.
        case buttonUp(Button)
        /// An axis moved to a value: sticks −1…1, triggers 0…1. Values outside are clamped
        /// and NaN counts as 0 (centred) where the window reads it.
        case axisMoved(Axis, value: Double)
    }

    /// Which controller: SDL's joystick instance id, or any number a game uses to tell
    /// controllers apart. Each controller's held directions repeat on their own.
    public var controller: Int
    /// What happened.
    public var kind: Kind
    /// When it happened, in seconds of the host's clock (the one that drives the window's
    /// ``UIView/frameClock``); repeats are timed from it.
    public var timestamp: TimeInterval

    /// Creates a sample.
    public init(controller: Int = 0, kind: Kind, timestamp: TimeInterval) {
        self.controller = controller
        self.kind = kind
        self.timestamp = timestamp
    }

    /// A button going down.
    public static func buttonDown(_ button: Button, controller: Int = 0, timestamp: TimeInterval) -> UIGameControllerInput {
        UIGameControllerInput(controller: controller, kind: .buttonDown(button), timestamp: timestamp)
    }

    /// A button going up.
    public static func buttonUp(_ button: Button, controller: Int = 0, timestamp: TimeInterval) -> UIGameControllerInput {
        UIGameControllerInput(controller: controller, kind: .buttonUp(button), timestamp: timestamp)
    }

    /// An axis moving to `value`.
    public static func axis(_ axis: Axis, _ value: Double, controller: Int = 0, timestamp: TimeInterval) -> UIGameControllerInput {
        UIGameControllerInput(controller: controller, kind: .axisMoved(axis, value: value), timestamp: timestamp)
    }
}
