import Foundation

/// The family of a game controller, which decides what is printed on its buttons: the
/// letters, shapes and colours a button prompt (``UIControllerPromptView``) draws.
/// UIKit has no such type (a GameController-framework app reads `GCController`'s product
/// category) **(project choice)**.
///
/// The SDL host reports each controller's family from SDL's controller type when the
/// controller connects (``UIWindow/gameControllerConnected(_:type:)``); a window with no host
/// is told by the game.
public enum UIGameControllerType: String, Hashable, Sendable, CaseIterable {
    /// Xbox 360, Xbox One and Xbox Series controllers: A, B, X and Y in green, red, blue and
    /// yellow; LB and RB; View and Menu.
    case xbox
    /// PlayStation 3, 4 and 5 controllers: cross, circle, square and triangle; L1 and R1;
    /// Share and Options.
    case playStation
    /// Nintendo Switch Pro controllers and Joy-Cons: A, B, X and Y; L and R; − and +. With
    /// SDL's default (`SDL_GAMECONTROLLER_USE_BUTTON_LABELS` on) SDL reports these face
    /// buttons by their labels, so ``UIGameControllerInput/Button/south`` is the button
    /// printed A (at the right), and its prompt shows A.
    case nintendo
    /// Any other controller (one SDL has no type for, a virtual device, Stadia, Luna,
    /// Shield): face buttons drawn by position, a filled dot at the pressed button's place in
    /// a diamond of four, and the other buttons by their generic names.
    case generic

    /// The short name printed on (or spoken for) `button` on this kind of controller: "A",
    /// "Cross", "LB", "L1", "Menu", "Plus" … Used as a prompt's accessibility label.
    public func name(of button: UIGameControllerInput.Button) -> String {
        switch button {
        case .south, .east, .west, .north: return faceName(button)
        case .back: return ["View", "Share", "Minus", "Select"][index]
        case .guide: return ["Xbox", "PS", "Home", "Guide"][index]
        case .start: return ["Menu", "Options", "Plus", "Start"][index]
        case .leftStick: return ["LS", "L3", "LS", "L3"][index]
        case .rightStick: return ["RS", "R3", "RS", "R3"][index]
        case .leftShoulder: return ["LB", "L1", "L", "L"][index]
        case .rightShoulder: return ["RB", "R1", "R", "R"][index]
        case .dpadUp: return "D-pad up"
        case .dpadDown: return "D-pad down"
        case .dpadLeft: return "D-pad left"
        case .dpadRight: return "D-pad right"
        case .misc1: return ["Share", "Mute", "Capture", "Misc"][index]
        case .paddle1: return "P1"
        case .paddle2: return "P2"
        case .paddle3: return "P3"
        case .paddle4: return "P4"
        case .touchpad: return "Touchpad"
        }
    }

    private var index: Int {
        switch self {
        case .xbox: 0
        case .playStation: 1
        case .nintendo: 2
        case .generic: 3
        }
    }

    private func faceName(_ button: UIGameControllerInput.Button) -> String {
        let k = button == .south ? 0 : button == .east ? 1 : button == .west ? 2 : 3
        switch self {
        case .xbox, .nintendo: return ["A", "B", "X", "Y"][k]
        case .playStation: return ["Cross", "Circle", "Square", "Triangle"][k]
        case .generic: return ["Bottom button", "Right button", "Left button", "Top button"][k]
        }
    }
}
