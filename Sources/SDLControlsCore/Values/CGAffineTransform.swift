import Foundation

/// A 2-D affine transform, as Core Graphics defines it: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). Foundation on Linux has no `CGAffineTransform`, so the
/// library defines it with Core Graphics' names, initializers and operations.
///
/// Transforms compose as Core Graphics' do: `t1.concatenating(t2)` applies `t1` first, then
/// `t2`; `t.scaledBy(x:y:)`, `t.rotated(by:)` and `t.translatedBy(x:y:)` apply the new step
/// first, then `t`.
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// Row 1, column 1 (x scale when there is no rotation).
    public var a: CGFloat
    /// Row 1, column 2.
    public var b: CGFloat
    /// Row 2, column 1.
    public var c: CGFloat
    /// Row 2, column 2 (y scale when there is no rotation).
    public var d: CGFloat
    /// Translation along x.
    public var tx: CGFloat
    /// Translation along y.
    public var ty: CGFloat

    /// A transform from its six values.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// A transform from its six values, in Core Graphics' order.
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity: maps every point to itself.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The identity.
    public init() { self = .identity }

    /// A translation.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale about the origin.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin; positive turns clockwise on screen
    /// (y points down), as in UIKit.
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), k = cos(angle)
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation applied before this transform.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before this transform.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation applied before this transform.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant of the linear part: 0 for a transform that flattens the plane.
    var determinant: CGFloat { a * d - b * c }

    /// Whether every value is finite and the plane is not flattened (the inverse exists).
    var isInvertible: Bool {
        let det = determinant
        return det.isFinite && abs(det) > 1e-12 && tx.isFinite && ty.isFinite
    }

    /// The inverse; a transform that can't be inverted (a zero scale, a NaN) is returned
    /// unchanged, as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        guard isInvertible else { return self }
        let det = determinant
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The transform's values, for debugging.
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

/// Points mapped by affine transforms, as in Core Graphics.
extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

/// Sizes mapped by affine transforms, as in Core Graphics.
extension CGSize {
    /// The size mapped by `t`'s linear part (no translation), as Core Graphics does.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

/// Rectangles mapped by affine transforms, as in Core Graphics.
extension CGRect {
    /// The smallest rectangle holding the four corners of this one mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if t.b == 0, t.c == 0 {
            // Axis-aligned: two corners are enough (and a zero scale gives an empty rectangle).
            let p0 = CGPoint(x: minX, y: minY).applying(t), p1 = CGPoint(x: maxX, y: maxY).applying(t)
            return CGRect(x: min(p0.x, p1.x), y: min(p0.y, p1.y), width: abs(p1.x - p0.x), height: abs(p1.y - p0.y))
        }
        return CGRect.box(CGPoint(x: minX, y: minY).applying(t), CGPoint(x: maxX, y: minY).applying(t),
                          CGPoint(x: minX, y: maxY).applying(t), CGPoint(x: maxX, y: maxY).applying(t))
    }

    /// The smallest rectangle holding four points (no arrays: frames of turned views are read
    /// by layout and conversions often).
    static func box(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> CGRect {
        let x0 = min(min(a.x, b.x), min(c.x, d.x)), x1 = max(max(a.x, b.x), max(c.x, d.x))
        let y0 = min(min(a.y, b.y), min(c.y, d.y)), y1 = max(max(a.y, b.y), max(c.y, d.y))
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A transform taken apart into what animations interpolate: scale, shear, rotation and
/// translation, so a half-way frame of a quarter turn is the view turned by an eighth at
/// full size, not a shrunken blend of two matrices (as Core Animation interpolates).
struct TransformComponents: Equatable {
    var scaleX: CGFloat = 1
    var scaleY: CGFloat = 1
    var shear: CGFloat = 0
    var rotation: CGFloat = 0
    var tx: CGFloat = 0
    var ty: CGFloat = 0

    static let identity = TransformComponents()

    /// `t` as rotation · shear · scale (+ translation). A transform with a zero x scale keeps
    /// rotation 0 and carries the rest as y scale and shear.
    init(_ t: CGAffineTransform) {
        tx = t.tx; ty = t.ty
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        guard sx > 1e-12, sx.isFinite else {
            scaleX = 0; rotation = 0
            scaleY = t.d; shear = t.c
            return
        }
        rotation = atan2(t.b, t.a)
        scaleX = sx
        let ca = t.a / sx, sa = t.b / sx
        // Columns of the matrix with the rotation taken out: [[sx, m], [0, sy]].
        let m = ca * t.c + sa * t.d
        scaleY = -sa * t.c + ca * t.d
        shear = m
    }

    init() {}

    /// Back to a matrix.
    var transform: CGAffineTransform {
        let k = cos(rotation), s = sin(rotation)
        // R · [[scaleX, shear], [0, scaleY]] in Core Graphics' row-vector layout.
        return CGAffineTransform(a: k * scaleX, b: s * scaleX, c: k * shear - s * scaleY, d: s * shear + k * scaleY, tx: tx, ty: ty)
    }

    static func + (l: TransformComponents, r: TransformComponents) -> TransformComponents {
        var o = l
        o.scaleX += r.scaleX; o.scaleY += r.scaleY; o.shear += r.shear; o.rotation += r.rotation; o.tx += r.tx; o.ty += r.ty
        return o
    }

    static func - (l: TransformComponents, r: TransformComponents) -> TransformComponents {
        var o = l
        o.scaleX -= r.scaleX; o.scaleY -= r.scaleY; o.shear -= r.shear; o.rotation -= r.rotation; o.tx -= r.tx; o.ty -= r.ty
        return o
    }

    static func * (l: TransformComponents, k: CGFloat) -> TransformComponents {
        var o = l
        o.scaleX *= k; o.scaleY *= k; o.shear *= k; o.rotation *= k; o.tx *= k; o.ty *= k
        return o
    }
}
