import Foundation

extension UIView {
    /// Converts a point from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inWindow = convertToRoot(point)
        guard let view else { return inWindow }
        return view.convertFromRoot(inWindow, root: rootView)
    }

    /// Converts a point from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return convertFromRoot(point, root: rootView) }
        return convertFromRoot(view.convertToRoot(point), root: view.rootView)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The offset that takes a point in this view to its root's coordinates (for a window:
    /// window coordinates, where touches arrive and drawing lands). Each step up takes off
    /// the view's own bounds origin (its scroll offset) and adds its frame origin, which is
    /// in its superview's bounds coordinates.
    var offsetToRoot: CGPoint {
        var dx: CGFloat = 0, dy: CGFloat = 0
        var view = self
        while let sup = view.superview {
            dx += view.storedFrame.minX - view.storedBoundsOrigin.x
            dy += view.storedFrame.minY - view.storedBoundsOrigin.y
            view = sup
        }
        // The root's own bounds origin scrolls its content (as the draw traversal does).
        dx -= view.storedBoundsOrigin.x
        dy -= view.storedBoundsOrigin.y
        return CGPoint(x: dx, y: dy)
    }

    var rootView: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    func convertToRoot(_ p: CGPoint) -> CGPoint {
        let o = offsetToRoot
        return CGPoint(x: p.x + o.x, y: p.y + o.y)
    }

    func convertFromRoot(_ p: CGPoint, root: UIView) -> CGPoint {
        // Views in different trees share no space: UIKit treats each as window coordinates.
        let o = offsetToRoot
        return CGPoint(x: p.x - o.x, y: p.y - o.y)
    }
}
