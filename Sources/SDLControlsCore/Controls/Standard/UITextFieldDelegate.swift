import Foundation

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate`. Every
/// method is optional: the protocol extension supplies UIKit's defaults (allow everything,
/// ignore the notifications).
///
/// Ranges are `NSRange`s in UTF-16 units of the field's text, as in UIKit.
///
/// Optional the Swift way: a class's conformance uses the methods that class declares, so a
/// method declared only in a subclass of the conforming class is never called (UIKit's
/// optional Objective-C methods are found at run time). Declare each method you need in the
/// class that conforms, and override it in subclasses.
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether the field may begin editing (become first responder). Default true.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// The field began editing (before editingDidBegin is sent).
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether the field may end editing (resign). Default true. A field removed from its
    /// window or disabled ends editing without asking.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// The field ended editing (before editingDidEnd is sent).
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Whether a user edit may replace `range` of the text with `string` (empty for
    /// deletions). Default true. Returning false drops the edit: no change, no editingChanged.
    /// Setting `text` in code does not ask.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// Whether the clear button may empty the field. Default true. (The clear button asks
    /// only this, not `textField(_:shouldChangeCharactersIn:replacementString:)`, as UIKit.)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// Whether Return does its default: send editingDidEndOnExit and resign. Default true.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    /// Allows editing to begin.
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    /// Allows editing to end.
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// Allows every edit.
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    /// Allows clearing.
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    /// Allows Return's default behaviour.
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
