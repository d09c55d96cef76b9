import SDLControlsSDL2
import Foundation

/// The mouse's side effects in SDL: system cursors and mouse capture, for one host.
///
/// - **Cursors.** When the host manages the cursor (``SDLHost/managesCursor``), the cursor
///   the hovered views ask for (``UIWindow/effectivePointerCursor``: the I-beam over text
///   fields, the arrow elsewhere) is shown with `SDL_SetCursor`. The arrow is SDL's default
///   cursor; every other system cursor is created with `SDL_CreateSystemCursor` the first
///   time it is needed, at most once per host, and freed at shutdown, after SDL's default
///   cursor is put back if one of ours is showing. Drivers without system cursors (the dummy
///   driver) create none, once, and show nothing.
/// - **Capture.** While a mouse button pressed on a view is held, the mouse is captured
///   (`SDL_CaptureMouse`), so a drag that leaves the window keeps getting motion and its
///   release. It is released when the last button lifts, when touches are cancelled (focus
///   lost), and at shutdown, never left behind. The host captures only when nobody holds a
///   capture already (SDL's own auto-capture while a button is down, or a game's): then it
///   neither captures nor releases, so it never takes a capture away from the game.
@MainActor
final class SDLPointer {
    /// The SDL calls this type makes, replaceable so tests can watch them (the dummy video
    /// driver has neither system cursors nor capture).
    struct Calls {
        var createSystemCursor: (SDL_SystemCursor) -> OpaquePointer? = { SDL_CreateSystemCursor($0) }
        var freeCursor: (OpaquePointer) -> Void = { SDL_FreeCursor($0) }
        var setCursor: (OpaquePointer?) -> Void = { SDL_SetCursor($0) }
        var currentCursor: () -> OpaquePointer? = { SDL_GetCursor() }
        var defaultCursor: () -> OpaquePointer? = { SDL_GetDefaultCursor() }
        /// `SDL_CaptureMouse`: 0 on success.
        var captureMouse: (Bool) -> Int32 = { SDL_CaptureMouse($0 ? SDL_TRUE : SDL_FALSE) }
        /// Whether the window holds a capture now (`SDL_WINDOW_MOUSE_CAPTURE`).
        var windowHasCapture: (OpaquePointer) -> Bool = { SDL_GetWindowFlags($0) & SDL_WINDOW_MOUSE_CAPTURE.rawValue != 0 }
    }

    var calls = Calls()
    /// Cursors created so far, by kind (nil: creation failed, don't try again).
    private var cursors: [UIPointerCursor: OpaquePointer?] = [:]
    /// The cursor this host last showed, if it showed one.
    private(set) var shown: UIPointerCursor?
    /// Whether this host holds SDL's mouse capture.
    private(set) var capturing = false

    /// Shows `cursor`, creating it the first time. Does nothing when it is already shown.
    func show(_ cursor: UIPointerCursor) {
        guard cursor != shown else { return }
        if cursor == .arrow {
            calls.setCursor(calls.defaultCursor())
            shown = cursor
            return
        }
        let made: OpaquePointer?
        if let known = cursors[cursor] {
            made = known
        } else {
            made = calls.createSystemCursor(SDLPointer.systemCursor(for: cursor))
            cursors[cursor] = made
        }
        guard let made else { return }   // the driver has no such cursor: leave SDL's as it is
        calls.setCursor(made)
        shown = cursor
    }

    /// Puts SDL's default cursor back if one of this host's cursors is showing, and forgets
    /// what was shown (the host stopped managing the cursor).
    func restoreDefault() {
        if let current = calls.currentCursor(), cursors.values.contains(where: { $0 == current }) {
            calls.setCursor(calls.defaultCursor())
        }
        shown = nil
    }

    /// The number of SDL cursors this host has created and not freed.
    var createdCursorCount: Int { cursors.values.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// A button went down on a view: capture the mouse unless a capture is already held.
    func beginCapture(window: OpaquePointer) {
        guard !capturing, !calls.windowHasCapture(window) else { return }
        capturing = calls.captureMouse(true) == 0
    }

    /// The last button lifted, or touches were cancelled: release the capture this host took.
    func endCapture() {
        guard capturing else { return }
        capturing = false
        _ = calls.captureMouse(false)
    }

    /// Shutdown: releases the capture, puts the default cursor back and frees every cursor.
    func shutdown() {
        endCapture()
        restoreDefault()
        for case let c? in cursors.values { calls.freeCursor(c) }
        cursors.removeAll()
    }

    static func systemCursor(for cursor: UIPointerCursor) -> SDL_SystemCursor {
        switch cursor {
        case .arrow: return SDL_SYSTEM_CURSOR_ARROW
        case .iBeam: return SDL_SYSTEM_CURSOR_IBEAM
        case .pointingHand: return SDL_SYSTEM_CURSOR_HAND
        case .crosshair: return SDL_SYSTEM_CURSOR_CROSSHAIR
        case .resizeLeftRight: return SDL_SYSTEM_CURSOR_SIZEWE
        case .resizeUpDown: return SDL_SYSTEM_CURSOR_SIZENS
        case .resizeAll: return SDL_SYSTEM_CURSOR_SIZEALL
        case .notAllowed: return SDL_SYSTEM_CURSOR_NO
        case .wait: return SDL_SYSTEM_CURSOR_WAIT
        }
    }
}
