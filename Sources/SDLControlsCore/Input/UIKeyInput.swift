import Foundation

/// A responder that takes typed text, as UIKit's `UIKeyInput`. When the first responder of
/// the key window adopts it, the SDL host turns text input on (`SDL_StartTextInput`) and
/// sends it committed text.
@MainActor
public protocol UIKeyInput: AnyObject {
    /// Whether there is any text to delete.
    var hasText: Bool { get }
    /// Inserts committed text at the caret (typed characters, a finished IME composition).
    func insertText(_ text: String)
    /// Deletes one character (grapheme) before the caret.
    func deleteBackward()
}

/// A text responder that shows input-method composition (marked) text inline, and tells
/// the host where its caret is so the IME candidate window sits next to it.
@MainActor
public protocol UITextInputComposing: UIKeyInput {
    /// Shows `text` as the uncommitted composition (nil or empty clears it); `selectedRange`
    /// is the IME's cursor within it, in UTF-16 units.
    func setMarkedText(_ text: String?, selectedRange: NSRange)
    /// Ends composition, keeping nothing (the committed text arrives through `insertText`).
    func unmarkText()
    /// The caret rectangle in window points.
    var caretRectInWindow: CGRect { get }
}

extension UIWindow {
    /// Sends a key press to the first responder (or the window when there is none), which
    /// passes what it doesn't handle up the responder chain. Returns whether the UI used the
    /// press: false when it travelled the whole chain unhandled (see
    /// ``UIResponder/pressesBegan(_:with:)``), true when any responder on the way kept it.
    ///
    /// **A held key belongs to whoever took its first key-down** **(project choice)**: the
    /// key's repeats and its key-up are reported used exactly when that first key-down was,
    /// so a game never sees a lone key-up, or repeats of a key it never saw go down. Repeats of
    /// a key the UI did not take are not delivered to the UI at all (a Backspace the game
    /// holds does not start deleting in a text field clicked meanwhile); a key-up is always
    /// delivered. A repeat or key-up of a key this window never saw go down counts as a first
    /// key-down and a free key-up respectively.
    ///
    /// A key-down shows the focus ring (``isFocusRingVisible``) when keyboard focus
    /// navigation is on (``focusNavigation``), except one that a text field being edited
    /// takes while focus stays on it: typing shows no ring, as on iOS.
    @discardableResult
    public func send(_ press: UIPress) -> Bool {
        inputGeneration &+= 1
        let code = press.key?.keyCode
        switch press.phase {
        case .began:
            if press.isRepeat, let code, let owned = heldKeys[code] {
                guard owned else { return false }   // the game's key: its repeats are the game's
                deliver(press)
                return true
            }
            // The last input was a key: the ring shows, unless the key went to a field being
            // edited and focus stayed there (typing, the caret, Return ending editing show no
            // ring, as on iOS; Tab out of the field does).
            let editing = firstResponder is UIKeyInput
            let focusBefore = storedFocusedView
            if focusNavigation.contains(.keyboard), !editing { isFocusRingVisible = true }
            let used = deliver(press)
            if focusNavigation.contains(.keyboard), editing, storedFocusedView !== focusBefore { isFocusRingVisible = true }
            if let code { heldKeys[code] = used }
            return used
        case .ended, .cancelled:
            let owned = code.flatMap { heldKeys.removeValue(forKey: $0) } ?? false
            deliver(press)
            return owned
        }
    }

    /// Runs `press` through the responder chain from the first responder; returns whether a
    /// responder handled it (it did not reach the end of the chain).
    @discardableResult
    private func deliver(_ press: UIPress) -> Bool {
        press.reachedEndOfChain = false
        let event = UIPressesEvent(presses: [press], timestamp: press.timestamp)
        let receiver = firstResponder ?? self
        switch press.phase {
        case .began: receiver.pressesBegan([press], with: event)
        case .ended, .cancelled: receiver.pressesEnded([press], with: event)
        }
        return !press.reachedEndOfChain
    }

    /// Sends committed text to the first responder if it takes text. Returns whether it did.
    @discardableResult
    public func insertText(_ text: String) -> Bool {
        inputGeneration &+= 1
        guard let input = firstResponder as? UIKeyInput else { return false }
        input.insertText(text)
        return true
    }

    /// Sends IME composition text to the first responder if it shows composition.
    @discardableResult
    public func setMarkedText(_ text: String?, selectedRange: NSRange) -> Bool {
        inputGeneration &+= 1
        guard let input = firstResponder as? UITextInputComposing else { return false }
        input.setMarkedText(text, selectedRange: selectedRange)
        return true
    }
}
