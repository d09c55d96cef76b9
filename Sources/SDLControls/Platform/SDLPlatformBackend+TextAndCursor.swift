import SDLControlsSDL2
import Foundation

// The platform half between events: text input and the IME rectangle, hover and the cursor,
// shutting down; and keys and text as SDL reports them.
extension SDLPlatformBackend {
    /// SDL text input on while the window's first responder takes text (counted across
    /// hosts, so one host's field ending doesn't stop another's, and a game's own text input
    /// stays on); the IME rectangle follows the caret, set only when it moves.
    func syncTextInput(space: PointerSpace) {
        let input = window.firstResponder as? UIKeyInput
        if (input != nil) != textInputOwned {
            textInputOwned = input != nil
            if textInputOwned { SDLSharedState.beginTextInput() } else { SDLSharedState.endTextInput() }
            lastIMERect = nil
        }
        if let composing = input as? UITextInputComposing {
            var rect = space.windowRect(of: composing.caretRectInWindow)
            if lastIMERect.map({ $0.x != rect.x || $0.y != rect.y || $0.w != rect.w || $0.h != rect.h }) ?? true {
                SDL_SetTextInputRect(&rect)
                lastIMERect = rect
            }
        }
    }

    /// The pointer is at `location` with no button held (nil: it left the window): the
    /// window's hover follows, and the cursor. A location outside the window counts as left.
    func hover(at location: CGPoint?) {
        pointerWhereabouts = location.map { .at($0) } ?? .outsideWindow
        let inside = location.map { window.bounds.contains($0) } ?? false
        hoverLocation = inside ? location : nil
        window.sendHover(at: hoverLocation)
        updateCursor()
    }

    /// Turns cursor management on or off; with `showNow`, shows the UI's cursor or puts SDL's
    /// default back at once.
    func setManagesCursor(_ on: Bool, showNow: Bool) {
        guard on != managesCursor else { return }
        managesCursor = on
        guard showNow else { return }
        if on { updateCursor() } else { pointer.restoreDefault() }
    }

    /// Shows the cursor the hovered views ask for, while it manages the cursor and the
    /// pointer is over the window.
    func updateCursor() {
        guard managesCursor, window.hoverLocation != nil else { return }
        pointer.show(window.effectivePointerCursor)
    }

    /// Lets go of what it holds: capture and cursors (while the renderer's window exists),
    /// controllers, text input.
    func shutdown(windowExists: Bool) {
        if windowExists { pointer.shutdown() }   // capture released, default cursor back, cursors freed
        gameControllers.stop()
        if textInputOwned {
            textInputOwned = false
            SDLSharedState.endTextInput()
        }
    }
}

// Keys and text as SDL reports them.
extension SDLPlatformBackend {
    /// The modifier flags of SDL's `KMOD_*` bits.
    static func modifiers(_ mod: UInt16) -> UIKeyModifierFlags {
        var f: UIKeyModifierFlags = []
        let m = UInt32(mod)
        if m & KMOD_SHIFT.rawValue != 0 { f.insert(.shift) }
        if m & KMOD_CTRL.rawValue != 0 { f.insert(.control) }
        if m & KMOD_ALT.rawValue != 0 { f.insert(.alternate) }
        if m & KMOD_GUI.rawValue != 0 { f.insert(.command) }
        if m & KMOD_CAPS.rawValue != 0 { f.insert(.alphaShift) }
        return f
    }

    /// The text of an `SDL_TEXTEDITING_EXT` event: empty when null, at most
    /// ``maximumHeapTextBytes`` read (a composition is a few words; a pointer to something
    /// without an end is not read past that).
    static func string(fromHeapText text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        let count = strnlen(text, maximumHeapTextBytes)
        return text.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// The most bytes of an extended composition's text read.
    static let maximumHeapTextBytes = 64 * 1024

    /// The UTF-8 text in one of SDL's fixed-size, NUL-terminated event buffers (invalid
    /// bytes become U+FFFD).
    static func string<Buffer>(fromCText buffer: Buffer) -> String {
        withUnsafeBytes(of: buffer) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }

    /// The printable ASCII character of a key, or "" (text arrives as `SDL_TEXTINPUT`).
    static func characters(_ sym: SDL_Keycode) -> String {
        guard sym >= 0x20, sym < 0x7F, let s = Unicode.Scalar(UInt32(sym)) else { return "" }
        return String(Character(s))
    }
}
