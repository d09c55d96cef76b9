import Foundation

extension UIView {
    /// The alpha below which a view is treated as invisible for touches (rule C1).
    public static let minimumHitTestAlpha: CGFloat = 0.01

    /// Whether this view is visible and interactive enough to be hit-tested at all.
    var isHitTestable: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= UIView.minimumHitTestAlpha && canReceiveTouches
    }

    /// UIKit's hit-testing: front-most subview first, then this view.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isHitTestable, point.x.isFinite, point.y.isFinite, self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            // `point` is in this view's bounds coordinates, where `sub.frame` lives.
            let p = CGPoint(
                x: point.x - sub.storedFrame.minX + sub.storedBoundsOrigin.x,
                y: point.y - sub.storedFrame.minY + sub.storedBoundsOrigin.y)
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }
}
