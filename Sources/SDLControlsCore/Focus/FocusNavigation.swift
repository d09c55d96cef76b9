import Foundation

/// Which inputs move and use focus **(project choice; UIKit has no such switch)**. A game
/// that binds Tab, the arrows and Space to its own actions turns keyboard navigation off, so
/// those keys reach the game; a game that plays with the D-pad passes controller input to the
/// UI only while its menus are open, or turns controller navigation off.
///
/// | Input | With the option on | With it off |
/// |---|---|---|
/// | ``keyboard`` | Tab / Shift+Tab move focus; Space and Return activate the focused view; the arrows adjust an adjustable focused control or move focus; a key-down shows the focus ring | none of these: the keys pass up the chain unused |
/// | ``gameController`` | the D-pad and left stick move focus or adjust; A activates; the shoulders step an adjustable control | none of these: the input is unused |
///
/// Either way the first responder keeps its own keys: an editing text field types, moves its
/// caret, ends editing on Return and Escape; the controller's B ends editing; the date
/// picker reads its arrows while it is first responder. The window's back and start
/// handlers (``UIWindow/controllerBackHandler``, ``UIWindow/controllerStartHandler``) are
/// the game's own hooks and always run. Focus set in code (``UIWindow/setFocusedView(_:)``,
/// ``UIWindow/moveFocus(_:)``) and focus that follows a touch work either way.
public struct FocusNavigation: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Tab, Space, Return and the arrow keys (see the table).
    public static let keyboard = FocusNavigation(rawValue: 1 << 0)
    /// The D-pad, the left stick, A and the shoulder buttons (see the table).
    public static let gameController = FocusNavigation(rawValue: 1 << 1)
    /// Every input: the default of a window, and of standalone and headless SDL hosts.
    public static let all: FocusNavigation = [.keyboard, .gameController]
}

extension UIWindow {
    /// Which inputs move and use focus in this window (see ``FocusNavigation``); ``FocusNavigation/all``
    /// by default. The SDL host sets it per mode (embedded: controller only). Turning
    /// controller navigation off stops held directions from repeating.
    public var focusNavigation: FocusNavigation {
        get { focusSystem.navigation }
        set {
            let old = focusSystem.navigation
            focusSystem.navigation = newValue
            if old.contains(.gameController), !newValue.contains(.gameController) { cancelGameControllerInput() }
        }
    }
}
