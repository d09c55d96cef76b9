import Foundation

/// Horizontal alignment of text, as UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    /// Left edge.
    case left = 0
    /// Centered.
    case center = 1
    /// Right edge.
    case right = 2
    /// Justified (drawn as natural: lines are not stretched).
    case justified = 3
    /// Leading edge for the view's layout direction.
    case natural = 4

    /// Resolves natural and justified to left or right for a layout direction.
    public func resolved(for direction: UIUserInterfaceLayoutDirection) -> NSTextAlignment {
        switch self {
        case .natural, .justified: return direction == .rightToLeft ? .right : .left
        default: return self
        }
    }
}

/// How text that does not fit is broken or shortened, as UIKit's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    /// Wrap at word boundaries.
    case byWordWrapping = 0
    /// Wrap at character boundaries.
    case byCharWrapping = 1
    /// Cut off at the edge.
    case byClipping = 2
    /// Replace the start with an ellipsis.
    case byTruncatingHead = 3
    /// Replace the end with an ellipsis.
    case byTruncatingTail = 4
    /// Replace the middle with an ellipsis.
    case byTruncatingMiddle = 5
}
