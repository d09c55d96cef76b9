import Foundation

/// The layout attributes of one view that most views leave at their defaults, kept out of
/// line so a plain view stays small: allocated by the first setter that changes one.
@MainActor
final class ViewLayoutAttributes {
    var horizontalHugging: UILayoutPriority?
    var verticalHugging: UILayoutPriority?
    var horizontalCompressionResistance: UILayoutPriority?
    var verticalCompressionResistance: UILayoutPriority?
    var autoresizingMask: UIView.AutoresizingMask = []
    var autoresizesSubviews = true
    /// The margins as last set: physical (``UIView/layoutMargins``) unless `directionalMargins`
    /// is set (``UIView/directionalLayoutMargins``), which then wins and follows the direction.
    var margins = UIView.defaultLayoutMargins
    var directionalMargins: NSDirectionalEdgeInsets?
    var preservesSuperviewLayoutMargins = false
}

extension UIView {
    /// ``layoutAttributes``, allocated on first use by a setter.
    var writableLayoutAttributes: ViewLayoutAttributes {
        if let attributes = layoutAttributes { return attributes }
        let attributes = ViewLayoutAttributes()
        layoutAttributes = attributes
        return attributes
    }
}
