import Foundation

/// Layout margins and the safe area.
///
/// Margins are the space a view's layout keeps clear inside its edges: a ``UIStackView``
/// with ``UIStackView/isLayoutMarginsRelativeArrangement`` arranges inside them, and custom
/// `layoutSubviews()` code can read them. The default is 8 points on every side, as in UIKit.
/// The safe area is the whole view on a desktop window: ``safeAreaInsets`` is zero.
extension UIView {
    /// UIKit's default margins: 8 points on every side.
    static let defaultLayoutMargins = UIEdgeInsets(all: 8)

    /// The margins on the physical edges. Setting them (NaN or infinite values become 0)
    /// lays the view out again; ``directionalLayoutMargins`` follows.
    public var layoutMargins: UIEdgeInsets {
        get {
            guard let attributes = layoutAttributes else { return UIView.defaultLayoutMargins }
            if let directional = attributes.directionalMargins { return directional.edgeInsets(for: effectiveUserInterfaceLayoutDirection) }
            return attributes.margins
        }
        set {
            let value = newValue.sanitized
            guard layoutAttributes?.directionalMargins != nil || value != layoutMargins else { return }
            writableLayoutAttributes.margins = value
            writableLayoutAttributes.directionalMargins = nil
            layoutMarginsChanged()
        }
    }

    /// The margins on the leading and trailing edges, which swap sides in right-to-left
    /// layouts. Setting them lays the view out again; ``layoutMargins`` follows.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            if let directional = layoutAttributes?.directionalMargins { return directional }
            return layoutMargins.directional(for: effectiveUserInterfaceLayoutDirection)
        }
        set {
            let value = newValue.sanitized
            guard value != layoutAttributes?.directionalMargins else { return }
            writableLayoutAttributes.directionalMargins = value
            layoutMarginsChanged()
        }
    }

    /// Whether the view's margins grow to keep its content clear of its superview's margins
    /// where the view lies close to the superview's edges. False by default.
    public var preservesSuperviewLayoutMargins: Bool {
        get { layoutAttributes?.preservesSuperviewLayoutMargins ?? false }
        set {
            guard newValue != preservesSuperviewLayoutMargins else { return }
            writableLayoutAttributes.preservesSuperviewLayoutMargins = newValue
            layoutMarginsChanged()
        }
    }

    /// The margins layout uses: ``layoutMargins``, grown where
    /// ``preservesSuperviewLayoutMargins`` asks to respect the superview's margins.
    var effectiveLayoutMargins: UIEdgeInsets {
        var m = layoutMargins
        guard preservesSuperviewLayoutMargins, let sup = superview else { return m }
        let s = sup.effectiveLayoutMargins
        let f = storedFrame, b = sup.bounds
        m.left = max(m.left, s.left - (f.minX - b.minX))
        m.top = max(m.top, s.top - (f.minY - b.minY))
        m.right = max(m.right, s.right - (b.maxX - f.maxX))
        m.bottom = max(m.bottom, s.bottom - (b.maxY - f.maxY))
        return m
    }

    /// The insets of the area not covered by system bars and rounded corners: zero, since a
    /// desktop window has none **(project choice: no safe-area sources exist here)**.
    public var safeAreaInsets: UIEdgeInsets { .zero }

    private func layoutMarginsChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSizeIfArranging()
        for sub in subviews where sub.preservesSuperviewLayoutMargins { sub.setNeedsLayout() }
    }

    /// Stack views measure their margins into their natural size.
    private func invalidateIntrinsicContentSizeIfArranging() {
        if let stack = self as? UIStackView, stack.isLayoutMarginsRelativeArrangement { stack.arrangedContentDidChange() }
    }
}
