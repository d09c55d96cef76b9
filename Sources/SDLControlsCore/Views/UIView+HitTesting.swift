import Foundation

extension UIView {
    /// The alpha below which a view is treated as invisible for touches (rule C1).
    public static let minimumHitTestAlpha: CGFloat = 0.01

    /// Whether this view is visible and interactive enough to be hit-tested at all.
    /// A view animating without `allowUserInteraction` is skipped with its subviews (UIKit's
    /// rule for animations).
    var isHitTestable: Bool {
        !isHidden && isUserInteractionEnabled && alpha >= UIView.minimumHitTestAlpha && canReceiveTouches
            && (viewMotion.map { $0.blockingCount == 0 } ?? true)
    }

    /// UIKit's hit-testing: front-most subview first, then this view.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isHitTestable, point.x.isFinite, point.y.isFinite, self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            // `point` is in this view's bounds coordinates, where `sub.frame` lives.
            // (Inline for the common view without a transform: this runs per subview per touch.)
            let p: CGPoint
            if sub.viewMotion == nil {
                p = CGPoint(x: point.x - sub.storedFrame.minX + sub.storedBoundsOrigin.x,
                            y: point.y - sub.storedFrame.minY + sub.storedBoundsOrigin.y)
            } else {
                guard let q = sub.pointFromSuperview(point) else { continue }   // a flattened view is never hit
                p = q
            }
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }
}
