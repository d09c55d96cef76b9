import Foundation

extension UIView {
    /// Ends editing in this view or its subviews, as UIKit's `endEditing(_:)`: finds the
    /// window's first responder in this view's subtree (this view included) and asks it to
    /// resign. A text field asks its delegate first (`textFieldShouldEndEditing`), which may
    /// refuse; with `force` it is not asked, and the field stops editing anyway (sending
    /// editingDidEnd). A first responder that is not a text field and refuses to resign
    /// (``UIResponder/canResignFirstResponder``) stops being first responder when `force` is true.
    ///
    /// Returns true when nothing in the subtree is first responder any more (also when nothing
    /// was, as UIKit answers), false when the first responder stayed. `window.endEditing(false)`
    /// ends editing anywhere in the window. The SDL host can call it for games when a press
    /// lands on no view (`SDLHost.endsEditingOnPressOutsideUI`).
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        if force {
            if let field = responder as? UITextField {
                field.forceEndEditing()
            } else if !responder.resignFirstResponder(), window.firstResponder === responder {
                window.setFirstResponder(nil)
            }
        } else {
            _ = responder.resignFirstResponder()
        }
        return window.firstResponder !== responder
    }
}
