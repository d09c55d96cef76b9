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

    /// Converts a rectangle from this view's coordinates to `view`'s (the window's when nil):
    /// the smallest rectangle around its four corners converted, as UIKit's (the same
    /// rectangle moved when no transform lies between the two views).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        if !hasTransformBetween(self, view) { return CGRect(origin: convert(rect.origin, to: view), size: rect.size) }
        return UIView.boundingBox(rect) { convert($0, to: view) }
    }

    /// Converts a rectangle from `view`'s coordinates (the window's when nil) to this view's
    /// (see ``convert(_:to:)-(CGRect,_)``).
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        if !hasTransformBetween(self, view) { return CGRect(origin: convert(rect.origin, from: view), size: rect.size) }
        return UIView.boundingBox(rect) { convert($0, from: view) }
    }

    private static func boundingBox(_ rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        CGRect.box(map(CGPoint(x: rect.minX, y: rect.minY)), map(CGPoint(x: rect.maxX, y: rect.minY)),
                   map(CGPoint(x: rect.minX, y: rect.maxY)), map(CGPoint(x: rect.maxX, y: rect.maxY)))
    }

    /// Whether a view on either chain up to the root has a transform.
    private func hasTransformBetween(_ a: UIView, _ b: UIView?) -> Bool {
        func chain(_ v: UIView?) -> Bool {
            var v = v
            while let view = v {
                if view.hasTransform { return true }
                v = view.superview
            }
            return false
        }
        return chain(a) || chain(b)
    }

    /// The offset that takes a point in this view to its root's coordinates (for a window:
    /// window coordinates, where touches arrive and drawing lands), when no view on the way
    /// has a transform. Each step up takes off the view's own bounds origin (its scroll
    /// offset) and adds its frame origin, which is in its superview's bounds coordinates.
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
        var q = p
        var view = self
        while let sup = view.superview {
            q = view.pointToSuperview(q)
            view = sup
        }
        return CGPoint(x: q.x - view.storedBoundsOrigin.x, y: q.y - view.storedBoundsOrigin.y)
    }

    func convertFromRoot(_ p: CGPoint, root: UIView) -> CGPoint {
        // Views in different trees share no space: UIKit treats each as window coordinates.
        guard hasTransformBetween(self, nil) else {
            let o = offsetToRoot
            return CGPoint(x: p.x - o.x, y: p.y - o.y)
        }
        var chain: [UIView] = []
        var v: UIView = self
        while let sup = v.superview { chain.append(v); v = sup }
        var q = CGPoint(x: p.x + v.storedBoundsOrigin.x, y: p.y + v.storedBoundsOrigin.y)
        for view in chain.reversed() {
            // A transform that can't be inverted leaves the point where it is (Core Graphics
            // returns such a transform unchanged when asked for its inverse).
            q = view.pointFromSuperview(q) ?? q
        }
        return q
    }
}
