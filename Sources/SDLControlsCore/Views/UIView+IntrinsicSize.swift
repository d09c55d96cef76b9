import Foundation

/// Natural sizes and how firmly a view keeps them, as UIKit's layout reads them.
///
/// There is no Auto Layout engine here **(project choice)**: ``UIStackView`` reads
/// ``UIView/intrinsicContentSize`` and these priorities directly. Hugging says how much a view
/// resists growing past its natural size, compression resistance how much it resists
/// shrinking below it; when space is left over or missing, the view with the lowest priority
/// gives first. UIKit's defaults for views made in code: hugging 250 and compression
/// resistance 750 on both axes, except `UISwitch` and `UIStepper`, which hug at 750.
extension UIView {
    /// The priority with which the view resists growing beyond its intrinsic size along `axis`.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let stored = axis == .horizontal ? layoutAttributes?.horizontalHugging : layoutAttributes?.verticalHugging
        return stored ?? defaultContentHuggingPriority
    }

    /// Sets the priority with which the view resists growing beyond its intrinsic size.
    /// A stack view that contains the view lays out again.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard contentHuggingPriority(for: axis) != priority else { return }
        if axis == .horizontal { writableLayoutAttributes.horizontalHugging = priority } else { writableLayoutAttributes.verticalHugging = priority }
        superview?.setNeedsLayout()
    }

    /// The priority with which the view resists shrinking below its intrinsic size along `axis`.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let stored = axis == .horizontal ? layoutAttributes?.horizontalCompressionResistance : layoutAttributes?.verticalCompressionResistance
        return stored ?? .defaultHigh
    }

    /// Sets the priority with which the view resists shrinking below its intrinsic size.
    /// A stack view that contains the view lays out again.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard contentCompressionResistancePriority(for: axis) != priority else { return }
        if axis == .horizontal {
            writableLayoutAttributes.horizontalCompressionResistance = priority
        } else {
            writableLayoutAttributes.verticalCompressionResistance = priority
        }
        superview?.setNeedsLayout()
    }

    /// Tells layout that ``intrinsicContentSize`` changed. Call it when something that
    /// changes the natural size changes (the standard controls do, from their setters): the
    /// superview lays out again, and a stack view passes the change on, since its own
    /// natural size depends on its arranged subviews.
    public func invalidateIntrinsicContentSize() {
        cachedIntrinsicSize = nil
        (self as? UIStackView)?.constrainedFittingCache = nil
        superview?.subviewIntrinsicContentSizeDidChange(self)
    }

    /// ``intrinsicContentSize``, read once until ``invalidateIntrinsicContentSize()``:
    /// stacks re-read thousands of views per layout, and a label measures text to answer.
    var intrinsicSizeForLayout: CGSize {
        if let size = cachedIntrinsicSize { return size }
        let size = intrinsicContentSize
        cachedIntrinsicSize = size
        return size
    }

    /// Forgets the cached natural sizes of this subtree (its text measurer changed).
    func invalidateIntrinsicSizesOfSubtree() {
        if cachedIntrinsicSize != nil || self is UIStackView { invalidateIntrinsicContentSize() }
        for sub in subviews { sub.invalidateIntrinsicSizesOfSubtree() }
    }

    /// A target for ``systemLayoutSizeFitting(_:)``: the smallest size the content allows.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)

    /// A target for ``systemLayoutSizeFitting(_:)``: the largest size the content allows.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size closest to `targetSize` that the content allows, with both dimensions at
    /// ``UILayoutPriority/fittingSizeLevel`` (the content wins where it has a natural size).
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The base answer of ``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``.
    func defaultSystemLayoutSizeFitting(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        let natural = intrinsicSizeForLayout
        return CGSize(width: fitted(natural.width, target: target.width, priority: horizontal, axis: .horizontal),
                      height: fitted(natural.height, target: target.height, priority: vertical, axis: .vertical))
    }

    /// One dimension of a fitting size: the target when its priority beats the view's hugging
    /// (growing) or compression resistance (shrinking), else the natural length.
    func fitted(_ natural: CGFloat, target: CGFloat, priority: UILayoutPriority, axis: NSLayoutConstraint.Axis) -> CGFloat {
        let target = target.isFinite ? max(0, target) : 0
        guard natural != UIView.noIntrinsicMetric else { return target }
        if target > natural { return priority > contentHuggingPriority(for: axis) ? target : natural }
        if target < natural { return priority > contentCompressionResistancePriority(for: axis) ? target : natural }
        return natural
    }

    /// The distance from the top of the view to the first baseline that stands for it (see
    /// ``forFirstBaselineLayout``) when it is `height` tall; the bottom edge for views without text.
    func firstBaselineFromTop(forHeight height: CGFloat) -> CGFloat {
        let target = forFirstBaselineLayout
        if target === self || !target.isDescendant(of: self) {
            return textBaselines(forHeight: height)?.firstFromTop ?? height
        }
        layoutIfNeeded()
        let top = target.convert(CGPoint.zero, to: self).y - bounds.minY
        return top + target.firstBaselineFromTop(forHeight: target.bounds.height)
    }

    /// The distance from the bottom of the view to the last baseline that stands for it (see
    /// ``forLastBaselineLayout``) when it is `height` tall; 0 for views without text.
    func lastBaselineFromBottom(forHeight height: CGFloat) -> CGFloat {
        let target = forLastBaselineLayout
        if target === self || !target.isDescendant(of: self) {
            return textBaselines(forHeight: height)?.lastFromBottom ?? 0
        }
        layoutIfNeeded()
        let bottom = target.convert(CGPoint(x: 0, y: target.bounds.height), to: self).y - bounds.minY
        return (height - bottom) + target.lastBaselineFromBottom(forHeight: target.bounds.height)
    }
}

extension UIView {
    /// Forgets the cached natural size of every view in this subtree and lays it out again:
    /// something any of them may show measures differently now (a host refused an image's
    /// file, so it measures zero). Rare; a loop, not a recursion, over the subtree.
    package func invalidateIntrinsicSizesInSubtree() {
        var pending: [UIView] = [self]
        while let v = pending.popLast() {
            v.invalidateIntrinsicContentSize()
            v.setNeedsLayout()
            pending.append(contentsOf: v.subviews)
        }
    }
}
