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
    /// passes what it doesn't handle up the responder chain. Returns whether a responder
    /// other than the window and application was there to receive it.
    @discardableResult
    public func send(_ press: UIPress) -> Bool {
        if press.phase == .began { isFocusRingVisible = true }   // the last input was a key
        let event = UIPressesEvent(presses: [press], timestamp: press.timestamp)
        let receiver = firstResponder ?? self
        switch press.phase {
        case .began: receiver.pressesBegan([press], with: event)
        case .ended, .cancelled: receiver.pressesEnded([press], with: event)
        }
        return firstResponder != nil
    }

    /// Sends committed text to the first responder if it takes text. Returns whether it did.
    @discardableResult
    public func insertText(_ text: String) -> Bool {
        guard let input = firstResponder as? UIKeyInput else { return false }
        input.insertText(text)
        return true
    }

    /// Sends IME composition text to the first responder if it shows composition.
    @discardableResult
    public func setMarkedText(_ text: String?, selectedRange: NSRange) -> Bool {
        guard let input = firstResponder as? UITextInputComposing else { return false }
        input.setMarkedText(text, selectedRange: selectedRange)
        return true
    }
}
