import SDLControlsSDL2
import Foundation

/// Questions a game asks before it dispatches input, as Dear ImGui's `WantCaptureMouse`,
/// `WantCaptureKeyboard` and `WantTextInput`. ``SDLHost/handle(_:)`` answers exactly, event by
/// event, whether the UI consumed what it was given; these answer for the current state,
/// for a game that routes input itself (polls the mouse, reads the keyboard state, decides
/// whether to show its own cursor) **(project choice of names)**.
extension SDLHost {
    /// Whether a press (click or touch) at `location`, in UI points (``window``'s
    /// coordinates), would be taken by a view, so ``handle(_:)`` would report it consumed:
    /// hit-testing finds a view other than the bare root window (a root window with a
    /// background colour takes presses too), or a gesture recognizer there would take it (its
    /// delegate's `shouldReceive` is asked with a provisional finger touch at `location`).
    /// False after ``shutdown()``.
    public func wantsPress(at location: CGPoint) -> Bool {
        guard !isShutDown else { return false }
        return platform.wantsPress(at: location)
    }

    /// ``wantsPress(at:)`` for a mouse position as SDL reports it in a mouse event (window
    /// units, or logical units when the game set a logical size): see ``location(ofMouseX:y:)``.
    /// Recognizers' delegates are asked with a provisional mouse touch.
    public func wantsPress(atMouseX x: Int32, y: Int32) -> Bool {
        guard !isShutDown else { return false }
        place(reading: .always)
        return platform.wantsPress(at: location(ofMouseX: x, y: y), type: .indirectPointer)
    }

    /// Whether the UI wants the pointer now (ImGui's `WantCaptureMouse`): a view owns a
    /// touch or the mouse button that is down, or the mouse hovers over a view that would take
    /// a press (``hoverLocation``). A game hides its own cursor or skips its mouse-look then.
    public var wantsPointer: Bool {
        guard !isShutDown else { return false }
        if platform.activeContactIDs.contains(where: { platform.contactIsOwned($0) }) { return true }
        return hoverLocation.map { wantsPress(at: $0) } ?? false
    }

    /// Whether the UI wants the keyboard now (ImGui's `WantCaptureKeyboard`): a responder is
    /// first responder (a text field is editing, the date picker reads its arrows), or
    /// keyboard navigation is on (``focusNavigation``) and a view has focus, so Space, Return
    /// and the arrows act on it. Keys the UI does not use still reach the game through
    /// ``handle(_:)``; a game that reads the keyboard state directly skips it while this is true.
    public var wantsKeyboard: Bool {
        guard !isShutDown else { return false }
        if window.firstResponder != nil { return true }
        guard focusNavigation.contains(.keyboard), let focused = window.focusedView else { return false }
        return focused.window === window && focused.canBecomeFocused && !focused.isHidden
    }

    /// Whether a text responder is first responder (ImGui's `WantTextInput`): SDL text input
    /// is on for it, and typed characters go to it (`SDL_TEXTINPUT` is consumed).
    public var wantsTextInput: Bool {
        guard !isShutDown else { return false }
        return window.firstResponder is UIKeyInput
    }
}
