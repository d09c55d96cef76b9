import Foundation

/// Insets for each edge of a rectangle, in points: positive values shrink the rectangle.
public struct UIEdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: CGFloat
    /// Inset from the left edge.
    public var left: CGFloat
    /// Inset from the bottom edge.
    public var bottom: CGFloat
    /// Inset from the right edge.
    public var right: CGFloat

    /// Creates insets from the four edge values.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Creates the same inset on all four edges.
    public init(all value: CGFloat) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// The total horizontal inset (left + right).
    public var horizontal: CGFloat { left + right }
    /// The total vertical inset (top + bottom).
    public var vertical: CGFloat { top + bottom }
}

/// Insetting rectangles by edge insets, as UIKit's `CGRect.inset(by:)`.
extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`). Never returns a negative size.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(
            x: r.minX + insets.left,
            y: r.minY + insets.top,
            width: max(0, r.width - insets.horizontal),
            height: max(0, r.height - insets.vertical)
        )
    }
}
