import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1) through two control points, as Core
/// Animation's `CAMediaTimingFunction`: maps the fraction of time elapsed to the fraction of
/// the change applied.
struct CubicTimingCurve: Equatable {
    let x1: Double, y1: Double, x2: Double, y2: Double

    /// Control points; x values are clamped to 0...1 (the curve must be a function of
    /// time), non-finite values become the linear curve's.
    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func unit(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : fallback }
        func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? min(max(v, -1e3), 1e3) : fallback }
        self.x1 = unit(x1, 0); self.y1 = finite(y1, 0); self.x2 = unit(x2, 1); self.y2 = finite(y2, 1)
    }

    static let linear = CubicTimingCurve(0, 0, 1, 1)
    static let easeInOut = CubicTimingCurve(0.42, 0, 0.58, 1)
    static let easeIn = CubicTimingCurve(0.42, 0, 1, 1)
    static let easeOut = CubicTimingCurve(0, 0, 0.58, 1)

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The time fraction whose progress is `p` (0...1): the curve read backwards (its
    /// progress only grows when both control points' y lie in 0...1; otherwise the first match).
    func time(forProgress p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if progress(at: mid) < p { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The progress at time fraction `x` (0...1).
    func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1, x2 == y2 { return x }
        // Newton's method on x(t) = x, falling back to bisection (x(t) is monotonic).
        var t = x
        for _ in 0..<8 {
            let e = CubicTimingCurve.bezier(t, x1, x2) - x
            if abs(e) < 1e-7 { return CubicTimingCurve.bezier(t, y1, y2) }
            let d = CubicTimingCurve.slope(t, x1, x2)
            if abs(d) < 1e-6 { break }
            t -= e / d
            if !(0...1).contains(t) { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<40 {
            let v = CubicTimingCurve.bezier(t, x1, x2)
            if abs(v - x) < 1e-7 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return CubicTimingCurve.bezier(t, y1, y2)
    }
}

/// A damped spring from 0 to 1 that settles within a duration, as UIKit's spring animations:
/// the damping ratio says how much it overshoots (1: not at all; smaller: more), the initial
/// velocity is in whole changes per second. Its stiffness is chosen so the remaining motion
/// is below 0.1% of the change when the duration ends; the last frame lands exactly on 1.
struct SpringTimingCurve: Equatable {
    let damping: Double
    let velocity: Double
    let omega: Double

    /// The smallest damping ratio used: 0, negative or NaN ratios (which would never settle)
    /// use 1 for NaN and negatives, this for 0.
    static let minimumDamping = 0.05

    init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        var z = dampingRatio
        if z.isNaN || z < 0 { z = 1 }
        z = min(max(z, SpringTimingCurve.minimumDamping), 100)
        damping = z
        velocity = initialVelocity.isFinite ? min(max(initialVelocity, -1e4), 1e4) : 0
        let d = duration.isFinite && duration > 0 ? duration : 1
        let settle = log(1000.0)
        // The slowest decay rate of the motion's envelope: ζω below critical damping, the
        // slower root above it.
        let rate = z <= 1 ? z : z - (z * z - 1).squareRoot()
        omega = settle / (rate * d)
    }

    /// The progress at `t` seconds after the start (overshoots past 1 when under-damped).
    func progress(atTime t: Double) -> Double {
        guard t > 0 else { return 0 }
        let z = damping, w = omega, v0 = velocity
        let y: Double
        if abs(z - 1) < 1e-9 {
            y = exp(-w * t) * (1 + (w - v0) * t)
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            y = exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c1 = (-v0 - r2) / (r1 - r2)
            y = c1 * exp(r1 * t) + (1 - c1) * exp(r2 * t)
        }
        let p = 1 - y
        return p.isFinite ? p : 1
    }
}

/// How an animation's progress follows time.
enum AnimationTiming: Equatable {
    case curve(CubicTimingCurve)
    case spring(SpringTimingCurve)

    /// The progress when `fraction` of `duration` has elapsed.
    func progress(fraction: Double, duration: Double) -> Double {
        switch self {
        case .curve(let c): return c.progress(at: fraction)
        case .spring(let s):
            if fraction >= 1 { return 1 }
            return s.progress(atTime: fraction * duration)
        }
    }
}
