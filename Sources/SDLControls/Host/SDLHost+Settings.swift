import SDLControlsSDL2
import Foundation

// The host's settings and readings that belong to one of its halves: each forwards to the
// half that owns it (the platform half for input, the renderer half for placement).
extension SDLHost {
    // MARK: Input (the platform half)

    /// Where the mouse is (UI points, in ``window``'s coordinates), nil before it moves and
    /// after it leaves the window; also updated while a button is held. No touch is sent for
    /// hover; the window's hovered views are ``/SDLControlsCore/UIWindow/hoverLocation``'s.
    public var hoverLocation: CGPoint? { platform.hoverLocation }

    /// Whether the host shows the cursor the hovered views ask for (the I-beam over a text
    /// field, the arrow elsewhere; ``/SDLControlsCore/UIView/pointerCursor``) with `SDL_SetCursor`. True for
    /// standalone and headless hosts, false for embedded ones **(project choice)**: a game
    /// owns its cursor (it may hide it, or draw its own), so the UI never changes it unless
    /// the game turns this on; a game drawing its own cursor reads ``cursor``. Turning it off
    /// puts SDL's default cursor back if the UI's is showing.
    public var managesCursor: Bool {
        get { platform.managesCursor }
        set { platform.setManagesCursor(newValue, showNow: isUsable) }
    }

    /// The cursor the UI wants now (``/SDLControlsCore/UIWindow/effectivePointerCursor``), whether or not the
    /// host shows it (``managesCursor``).
    public var cursor: UIPointerCursor { window.effectivePointerCursor }

    /// How far (points) one notch of the mouse wheel scrolls: SDL's wheel values are
    /// multiplied by it. 40 by default; NaN and infinite values become 40, negative ones 0,
    /// at most 10,000.
    public var wheelScrollDistance: CGFloat {
        get { platform.wheelScrollDistance }
        set { platform.wheelScrollDistance = newValue }
    }

    /// Whether a press (click or touch) that no view takes, one that goes to the game, ends
    /// editing in the window (``/SDLControlsCore/UIView/endEditing(_:)`` without force, so a text field's
    /// delegate may refuse). True for embedded hosts, false otherwise **(project choice; UIKit
    /// ends editing only when told)**: a player who clicks back into the game gets the arrow
    /// keys back.
    public var endsEditingOnPressOutsideUI: Bool {
        get { platform.endsEditingOnPressOutsideUI }
        set { platform.endsEditingOnPressOutsideUI = newValue }
    }

    /// Which inputs move and use focus (``/SDLControlsCore/UIWindow/focusNavigation`` of ``window``). Standalone
    /// and headless hosts start with ``/SDLControlsCore/FocusNavigation/all``; embedded hosts with
    /// ``/SDLControlsCore/FocusNavigation/gameController`` only **(project choice)**: games bind Tab, the arrows,
    /// Space and Return, and send every key through ``handle(_:)``, so the keyboard moves
    /// focus only when the game asks for it. An editing text field gets its keys either way.
    public var focusNavigation: FocusNavigation {
        get { window.focusNavigation }
        set { window.focusNavigation = newValue }
    }

    /// The game controllers this host has open (SDL joystick instance ids, ascending). A
    /// standalone or headless host opens every controller SDL reports and closes it when it
    /// is unplugged; an embedded host leaves controllers to the game (empty).
    public var openGameControllers: [Int] { platform.gameControllers.opened.keys.map { Int($0) }.sorted() }

    // MARK: Placement (the renderer half)

    /// What one UI point is and how the UI sits over the game's render state (see
    /// ``LayoutSpace``); ``LayoutSpace/automatic`` by default. Takes effect at once.
    public var layoutSpace: LayoutSpace {
        get { backend.layoutSpace }
        set {
            guard newValue != backend.layoutSpace else { return }
            backend.layoutSpace = newValue
            place(reading: .never)
        }
    }

    /// Where the UI is on the window's output, from ``layoutSpace`` and the game's render
    /// state as last read (by ``update()``, ``render()`` and pointer events).
    public var placement: Placement { backend.placement }

    /// Output pixels per window point (2 on a HiDPI display), whatever ``layoutSpace`` is.
    public var pixelScale: CGFloat { backend.windowPointsPlacement.pixelsPerPoint }

    /// The SDL window's size in window points (``window``'s bounds in
    /// ``LayoutSpace/windowPoints``; see ``placement`` for the UI's size in other spaces).
    public var windowSizeInPoints: CGSize { backend.windowPointsPlacement.size }

    /// The renderer SDL chose ("opengl", "software", …) and whether it is accelerated.
    public var rendererDescription: String { backend.rendererDescription }

    /// SDL window units (mouse coordinates, window sizes) per window point: 1, or the forced
    /// scale of a headless host.
    public var windowUnitsPerPoint: CGFloat { backend.placementState.forcedScale ?? 1 }

    /// The UI point (in ``window``'s coordinates) of a mouse position as SDL reports it in a
    /// mouse event (`event.button.x`, `event.motion.x`, …): window units, or whole logical
    /// units when the game set a logical size. In window points a logical position stands
    /// for the middle of its logical unit, the best guess SDL's rounding leaves.
    public func location(ofMouseX x: Int32, y: Int32) -> CGPoint {
        backend.pointerSpace.location(ofMouseX: x, y: y)
    }

    /// The UI point of a finger position as SDL reports it (`event.tfinger.x` / `y`, 0…1
    /// across the renderer's viewport).
    public func location(ofFingerX x: Float, y: Float) -> CGPoint {
        backend.pointerSpace.location(ofFingerX: x, y: y)
    }

    /// The SDL window coordinates of a UI point (what a mouse event carries before SDL's
    /// logical-size conversion): input scripts push these.
    func windowCoordinates(of point: CGPoint) -> (x: Int32, y: Int32) {
        backend.pointerSpace.windowCoordinates(of: point)
    }

    /// A finger position normalized to the window's output of a UI point.
    func normalizedWindowPosition(of point: CGPoint) -> (x: Float, y: Float) {
        backend.pointerSpace.normalizedWindowPosition(of: point)
    }

    // MARK: Screenshots (the renderer half)

    /// The current render target's pixels as ARGB8888, row by row, with its size: the whole
    /// target, whatever viewport or scale the game set. Empty after ``shutdown()``.
    public func readPixels() -> (width: Int, height: Int, pixels: [UInt32]) {
        guard isUsable else { return (0, 0, []) }
        return backend.readPixels()
    }

    /// Writes the current frame to a PNG file (SDL2_image). Throws after ``shutdown()``.
    public func screenshot(to path: String) throws {
        guard isUsable else { throw SDLControlsError.screenshotFailed("the host was shut down") }
        try backend.writePNG(to: path)
    }
}
