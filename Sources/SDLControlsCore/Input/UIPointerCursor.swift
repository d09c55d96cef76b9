import Foundation

/// The system cursors a view can ask for while the pointer hovers over it
/// (``UIView/pointerCursor``). The SDL host shows them with `SDL_CreateSystemCursor` when
/// it manages the cursor (`SDLHost.managesCursor`) **(project choice: UIKit on iPadOS shapes
/// the pointer with `UIPointerStyle`; desktop tools expect the platform's cursors, as AppKit's
/// `NSCursor` offers them)**.
public enum UIPointerCursor: Int, CaseIterable, Hashable, Sendable {
    /// The arrow: the default everywhere.
    case arrow
    /// The I-beam over text that can be edited or selected.
    case iBeam
    /// A pointing hand, over links.
    case pointingHand
    /// A crosshair, for picking a point.
    case crosshair
    /// A double arrow pointing left and right, for resizing sideways.
    case resizeLeftRight
    /// A double arrow pointing up and down, for resizing vertically.
    case resizeUpDown
    /// Four arrows, for moving.
    case resizeAll
    /// A slashed circle: the action is not allowed here.
    case notAllowed
    /// Busy.
    case wait
}
