import Foundation

extension UIView {
    /// The value of a dimension of ``intrinsicContentSize`` that has no natural size.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Marks the view as needing layout; ``layoutIfNeeded()`` (called by the host once per
    /// frame on the window) then runs ``layoutSubviews()``.
    public func setNeedsLayout() {
        needsLayout = true
        subtreeNeedsLayout = true
        // Flag the path up to the root, stopping where it is already flagged.
        var v = storedSuperview
        while let view = v, !view.subtreeNeedsLayout {
            view.subtreeNeedsLayout = true
            v = view.storedSuperview
        }
    }

    /// Whether ``layoutSubviews()`` will run on the next layout pass.
    public var needsLayoutPass: Bool { needsLayout }

    /// Lays out this view (if needed) and then its subviews, top down, so a parent places
    /// its children before they lay out their own.
    public func layoutIfNeeded() {
        guard subtreeNeedsLayout else { return }   // nothing below needs layout
        subtreeNeedsLayout = false   // a call during this pass returns at once, as UIKit's does
        if needsLayout {
            needsLayout = false
            isLayingOutSubviews = true
            layoutSubviews()
            isLayingOutSubviews = false
        }
        // Iterates a copy: layoutSubviews of a child may add or remove siblings. Views removed
        // meanwhile are skipped; siblings added meanwhile wait for the next pass.
        for sub in subviews where sub.subtreeNeedsLayout && sub.superview === self { sub.layoutIfNeeded() }
        // Set again from what is still pending: the frames set above flagged this view on
        // their way up (a new frame asks its view for layout), though the loop then laid those
        // views out, and a window left flagged asked for one more frame (`needsFrame`). What a
        // child's layout asked of this view, or a sibling added meanwhile, keeps it flagged
        // for the next pass.
        var pending = needsLayout
        for sub in subviews where sub.subtreeNeedsLayout { pending = true; break }
        subtreeNeedsLayout = pending
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    public func sizeToFit() {
        let fit = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: fit)
    }
}
