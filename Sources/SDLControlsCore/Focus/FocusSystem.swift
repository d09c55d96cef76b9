import Foundation

/// The focus and controller state of one window (each window has its own, so two hosts never
/// share focus). The behaviour lives in `UIWindow+FocusEngine.swift` and
/// `UIWindow+GameController.swift`.
@MainActor
final class FocusSystem {
    /// Whether the focused view shows its focus (see ``UIWindow/isFocusRingVisible``).
    var isRingVisible = false
    /// Which inputs move and use focus (see ``UIWindow/focusNavigation``).
    var navigation: FocusNavigation = .all
    /// The view whose preferred focus ``UIView/updateFocusIfNeeded()`` moves focus to.
    weak var pendingUpdate: UIView?
    /// How many focus updates are running inside one another (a `didUpdateFocus` that moves
    /// focus starts one inside the first; see `UIWindow.updateFocus`).
    var updateDepth = 0
    /// The most focus updates that may run inside one another: a redirect from
    /// `didUpdateFocus` works, two views that send focus to each other stop there.
    static let maximumUpdateDepth = 8

    /// Controllers with something held, by ``UIGameControllerInput/controller``.
    var controllers: [Int: ControllerState] = [:]
    var backHandler: (@MainActor () -> Bool)?
    var startHandler: (@MainActor () -> Bool)?
    var repeatDelay: TimeInterval = 0.4
    var repeatInterval: TimeInterval = 0.1
    var stickPressThreshold: Double = 0.5
    var stickReleaseThreshold: Double = 0.3
    /// Connected controllers and their families, oldest first
    /// (``UIWindow/gameControllerConnected(_:type:)``).
    var connectedControllers: [(id: Int, type: UIGameControllerType)] = []
    /// The controller prompts are drawn for: the last connected one to press a button or
    /// tilt a stick, else the last to connect.
    var promptController: Int?

    func controller(_ id: Int) -> ControllerState {
        if let c = controllers[id] { return c }
        let c = ControllerState()
        controllers[id] = c
        return c
    }
}

/// What one controller is holding.
@MainActor
final class ControllerState {
    /// Buttons whose press the UI used: their release is reported as used too.
    var usedButtons: Set<UIGameControllerInput.Button> = []
    /// The D-pad button that is repeating and its timer.
    var dpadButton: UIGameControllerInput.Button?
    var dpadRepeat: FrameTimer?
    /// The left stick's position and the direction it is held in (nil: centred).
    var stickX: Double = 0
    var stickY: Double = 0
    var stickHeading: UIFocusHeading?
    var stickRepeat: FrameTimer?
    /// Whether the UI used the stick's current hold (its motion and release count as used).
    var stickUsed = false

    var isIdle: Bool { usedButtons.isEmpty && dpadButton == nil && stickHeading == nil }

    func cancel() {
        dpadRepeat?.invalidate()
        dpadRepeat = nil
        dpadButton = nil
        stickRepeat?.invalidate()
        stickRepeat = nil
        stickHeading = nil
        stickUsed = false
        stickX = 0
        stickY = 0
        usedButtons.removeAll()
    }
}
