import Foundation

extension UIView {
    /// The view's transform, applied about its ``center`` (UIKit's default anchor point):
    /// scales, turns and moves the view and its subviews where they are drawn, hit-tested and
    /// converted, without changing ``bounds`` or ``center``. Touches reach the view in its own
    /// (untransformed) coordinates, so a control tracks along its own axes however it is
    /// turned. A transform that can't be inverted (a zero scale) or has a NaN or infinite
    /// value draws the view as nothing and is never hit. Animatable.
    public var transform: CGAffineTransform {
        get { viewMotion?.transform ?? .identity }
        set {
            let old = viewMotion?.transform ?? .identity
            guard newValue != old else { return }
            noteAnimatableChange(.transform, from: animatedValue(.transform))
            let m = motionStorage
            m.transform = newValue
            m.transformComponents = TransformComponents(newValue)
            invalidateDrawnArea()
        }
    }

    /// Whether the model transform is something other than the identity.
    var hasTransform: Bool {
        guard let m = viewMotion else { return false }
        return !m.transform.isIdentity
    }

    /// The box around the bounds turned by `t` about the centre, in the superview.
    func transformedFrame(_ t: CGAffineTransform) -> CGRect {
        let f = storedFrame
        let half = CGRect(x: -f.width / 2, y: -f.height / 2, width: f.width, height: f.height)
        let r = half.applying(t)
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else {
            return CGRect(x: f.midX, y: f.midY, width: 0, height: 0)
        }
        return CGRect(x: r.minX + f.midX, y: r.minY + f.midY, width: r.width, height: r.height)
    }

    /// `p` (this view's bounds coordinates) in the superview's bounds coordinates.
    func pointToSuperview(_ p: CGPoint) -> CGPoint {
        let f = storedFrame, bo = storedBoundsOrigin
        if let m = viewMotion, !m.transform.isIdentity {
            let t = m.transform
            let local = CGPoint(x: p.x - bo.x - f.width / 2, y: p.y - bo.y - f.height / 2).applying(t)
            return CGPoint(x: local.x + f.midX, y: local.y + f.midY)
        }
        return CGPoint(x: p.x + f.minX - bo.x, y: p.y + f.minY - bo.y)
    }

    /// `q` (the superview's bounds coordinates) in this view's bounds coordinates; nil when
    /// the transform can't be inverted (the view covers no area).
    func pointFromSuperview(_ q: CGPoint) -> CGPoint? {
        let f = storedFrame, bo = storedBoundsOrigin
        if let m = viewMotion, !m.transform.isIdentity {
            let t = m.transform
            guard t.isInvertible else { return nil }
            let local = CGPoint(x: q.x - f.midX, y: q.y - f.midY).applying(t.inverted())
            return CGPoint(x: local.x + bo.x + f.width / 2, y: local.y + bo.y + f.height / 2)
        }
        return CGPoint(x: q.x - f.minX + bo.x, y: q.y - f.minY + bo.y)
    }

    /// The in-flight values of a view's animatable properties: what is drawn this frame, while
    /// the view's own properties already hold the values animations are going to
    /// (Core Animation's presentation layer).
    public struct Presentation: Equatable, Sendable {
        /// The in-flight centre, in the superview.
        public var center: CGPoint
        /// The in-flight bounds.
        public var bounds: CGRect
        /// The in-flight transform.
        public var transform: CGAffineTransform
        /// The in-flight alpha, 0...1.
        public var alpha: CGFloat
        /// The in-flight background colour (resolved for the view's style).
        public var backgroundColor: UIColor?
        /// The in-flight corner radius.
        public var cornerRadius: CGFloat
        /// The in-flight border width.
        public var borderWidth: CGFloat
        /// The in-flight border colour.
        public var borderColor: UIColor?
        /// The box around the in-flight bounds turned by the in-flight transform, placed at
        /// the in-flight centre (the same as `frame` when nothing animates).
        public var frame: CGRect {
            let half = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
            let r = transform.isIdentity ? half : half.applying(transform)
            guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else {
                return CGRect(x: center.x, y: center.y, width: 0, height: 0)
            }
            return CGRect(x: r.minX + center.x, y: r.minY + center.y, width: r.width, height: r.height)
        }
    }

    /// The in-flight values of the view's animatable properties as of the window clock's last
    /// advance (the model values when nothing animates). Play the role of
    /// `layer.presentation()` in UIKit code.
    public func presentation() -> Presentation {
        guard let m = viewMotion, !m.animations.isEmpty else {
            return Presentation(center: center, bounds: bounds, transform: transform, alpha: alpha, backgroundColor: backgroundColor,
                                cornerRadius: cornerRadius, borderWidth: borderWidth, borderColor: borderColor)
        }
        let c = presentationValue(.center), s = presentationValue(.size), o = presentationValue(.boundsOrigin)
        let t = presentationValue(.transform)
        var parts = TransformComponents()
        parts.scaleX = CGFloat(t[0]); parts.scaleY = CGFloat(t[1]); parts.shear = CGFloat(t[2])
        parts.rotation = CGFloat(t[3]); parts.tx = CGFloat(t[4]); parts.ty = CGFloat(t[5])
        // Finite parts can still compose past Double's range (a huge shear turned): then the
        // in-flight transform reads as the model's, as any in-flight value that isn't finite.
        var inFlight = m.offset(.transform) == .zero ? m.transform : parts.transform
        if ![inFlight.a, inFlight.b, inFlight.c, inFlight.d, inFlight.tx, inFlight.ty].allSatisfy({ $0.isFinite }) {
            inFlight = m.transform
        }
        func colour(_ p: AnimatedProperty, _ model: UIColor?) -> UIColor? {
            m.offset(p) == .zero ? model : UIView.color(from: presentationValue(p))
        }
        return Presentation(center: CGPoint(x: c[0], y: c[1]),
                            bounds: CGRect(x: o[0], y: o[1], width: max(0, s[0]), height: max(0, s[1])),
                            transform: inFlight,
                            alpha: CGFloat(min(max(presentationValue(.alpha)[0], 0), 1)),
                            backgroundColor: colour(.backgroundColor, backgroundColor),
                            cornerRadius: CGFloat(max(0, presentationValue(.cornerRadius)[0])),
                            borderWidth: CGFloat(max(0, presentationValue(.borderWidth)[0])),
                            borderColor: colour(.borderColor, borderColor))
    }
}
