import Foundation

/// Insets for each edge of a rectangle that follow the reading direction: `leading` is the
/// left edge in left-to-right layouts and the right edge in right-to-left ones.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: CGFloat
    /// Inset from the leading edge.
    public var leading: CGFloat
    /// Inset from the bottom edge.
    public var bottom: CGFloat
    /// Inset from the trailing edge.
    public var trailing: CGFloat

    /// Creates insets from the four edge values.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The insets with NaN or infinite values replaced by 0.
    var sanitized: NSDirectionalEdgeInsets {
        func fix(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return NSDirectionalEdgeInsets(top: fix(top), leading: fix(leading), bottom: fix(bottom), trailing: fix(trailing))
    }

    /// The same insets on physical edges for a layout direction.
    func edgeInsets(for direction: UIUserInterfaceLayoutDirection) -> UIEdgeInsets {
        direction == .rightToLeft
            ? UIEdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}

extension UIEdgeInsets {
    /// The same insets on reading-direction edges for a layout direction.
    func directional(for direction: UIUserInterfaceLayoutDirection) -> NSDirectionalEdgeInsets {
        direction == .rightToLeft
            ? NSDirectionalEdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
            : NSDirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }

    /// The insets with NaN or infinite values replaced by 0 (the boundary for insets set in
    /// public properties: margins, content insets).
    var sanitized: UIEdgeInsets {
        func fix(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return UIEdgeInsets(top: fix(top), left: fix(left), bottom: fix(bottom), right: fix(right))
    }
}
