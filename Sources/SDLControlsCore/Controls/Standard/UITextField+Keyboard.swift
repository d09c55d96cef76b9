import Foundation

/// Keys while editing. Printable keys insert nothing here: their text arrives through
/// `insertText` (SDL_TEXTINPUT), so layouts and IMEs work; the field only swallows them so
/// that Space and letters don't reach the window's focus keys.
///
/// | Keys | Does |
/// |------|------|
/// | ← / → | previous / next grapheme; collapses a selection to its edge |
/// | Ctrl or Alt + ← / → | previous word start / next word end |
/// | Cmd + ←/→, Home / End, ↑ / ↓ | start / end of the text |
/// | Shift + any of those | extends the selection |
/// | Backspace / Delete | the selection, or one grapheme; Ctrl/Alt: a word; Cmd: to the start / end |
/// | Ctrl/Cmd + A, C, X, V | select all, copy, cut, paste |
/// | Return, keypad Enter | Return (editingDidEndOnExit, then resign); repeats ignored |
/// | Escape | ends editing (resigns: editingDidEnd only) **(project choice; UIKit leaves Escape to the app)** |
/// | Tab, Shift+Tab | passed up: focus moves to the next / previous control (with keyboard navigation on) |
/// | Function keys, Insert, Print Screen, modifiers alone, other Ctrl/Cmd shortcuts | passed up, unused: the game's or app's |
///
/// Every key in the table but the last two rows is used (the SDL host reports it consumed),
/// even when it changes nothing (Left at the start of the text). Left and right swap in
/// right-to-left layouts. While an IME composition is showing, the IME owns the keys: the
/// field swallows them all (Escape too: the IME cancels its composition).
extension UITextField {
    /// Handles a key going down; returns false to pass it up the responder chain.
    func handleKeyDown(_ key: UIKey, isRepeat: Bool) -> Bool {
        guard isEditing, isEnabled else { return false }
        let mods = key.modifierFlags
        let shift = mods.contains(.shift)
        let command = mods.contains(.command)
        let control = mods.contains(.control)
        let wordMod = control || mods.contains(.alternate)
        // AltGr, which SDL reports on Windows as Ctrl with right Alt: a key typed with Ctrl and
        // Alt together types its character (SDL_TEXTINPUT brings it), as desktop fields take
        // it, and runs no shortcut (AltGr+A is "ą" in Polish, AltGr+V "@" in Czech).
        let altGr = control && mods.contains(.alternate) && !command
        let code = key.keyCode

        if code == .keyboardTab {
            // Focus moves from this field even when it was clicked rather than tabbed into.
            if mods.isDisjoint(with: [.control, .alternate, .command]), let window, window.focusNavigation.contains(.keyboard),
               window.focusedView !== self {
                window.setFocusedView(self)
            }
            return false
        }
        if storedMarkedText != nil { return true }   // the IME is composing: its keys
        if code == .keyboardEscape {
            // Ends editing, asking the delegate; used even when it refuses (the field had it).
            if !isRepeat { _ = resignFirstResponder() }
            return true
        }

        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch code {
        case .keyboardLeftArrow, .keyboardRightArrow:
            let backward = (code == .keyboardLeftArrow) != rtl
            let unit: TextUnit = command ? .all : (wordMod ? .word : .grapheme)
            moveCaret(backward: backward, unit: unit, extend: shift)
            return true
        case .keyboardHome, .keyboardUpArrow:
            moveCaret(backward: true, unit: .all, extend: shift)
            return true
        case .keyboardEnd, .keyboardDownArrow:
            moveCaret(backward: false, unit: .all, extend: shift)
            return true
        case .keyboardDeleteOrBackspace:
            deleteFromUser(forward: false, unit: command ? .all : (wordMod ? .word : .grapheme))
            return true
        case .keyboardDeleteForward:
            deleteFromUser(forward: true, unit: command ? .all : (wordMod ? .word : .grapheme))
            return true
        case .keyboardReturnOrEnter, .keypadEnter:
            // With Alt, Ctrl or Command it is the game's (Alt+Enter toggles full screen).
            if !mods.isDisjoint(with: [.alternate, .control, .command]) { return false }
            if !isRepeat { performReturn() }
            return true
        default:
            break
        }
        if (control || command) && !altGr {
            switch code {
            case .keyboardA: selectAllText(); return true
            case .keyboardC: copySelection(); return true
            case .keyboardX: cutSelection(); return true
            case .keyboardV: pasteFromPasteboard(); return true
            default: return false   // an application shortcut: pass it up
            }
        }
        // Keys that type (letters, digits, Space, punctuation, the keypad): their text comes
        // through insertText; swallowing them keeps Space from activating anything.
        let raw = code.rawValue
        let typing = (0x04...0x38).contains(raw) && code != .keyboardEscape && code != .keyboardTab
        return typing || (0x54...0x63).contains(raw) || !key.characters.isEmpty
    }

    /// Moves the caret (or, extending, the selection's moving end) by `unit`.
    func moveCaret(backward: Bool, unit: TextUnit, extend: Bool) {
        let range = selectedRange
        if !extend, range.length > 0, unit == .grapheme {
            // Without Shift, an arrow collapses a selection to the edge it points at.
            let edge = backward ? range.location : range.location + range.length
            setSelection(anchor: edge, focus: edge)
            return
        }
        let from = selectionFocus
        let to = backward ? position(before: from, by: unit) : position(after: from, by: unit)
        setSelection(anchor: extend ? selectionAnchor : to, focus: to)
    }
}
