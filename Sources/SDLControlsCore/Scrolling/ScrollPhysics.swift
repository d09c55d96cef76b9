import Foundation

/// The motion of one axis of a scroll view, as closed-form functions of time, so a scroll
/// lands in the same place whatever the frame rate and a test on a fixed clock can predict it.
///
/// - **Coasting** (after a flick): the velocity decays by ``UIScrollView/decelerationRate``
///   every millisecond, as UIKit defines the rate: `v(t) = v0 · rate^(1000 t)`, so the
///   content travels `-v0 / (1000 · ln rate)` points in all.
/// - **Bouncing** (past an edge, or back from a rubber-banded drag, or to a page): a critically
///   damped spring towards the target, `d(t) = (d0 + (v0 + ω d0) t) e^(−ω t)`, which settles
///   without oscillating. Its stiffness is ``springFrequency``.
/// - **Rubber band** (dragging past an edge): the content follows the finger less and less,
///   `f(x) = (1 − 1 / (x · c / d + 1)) · d` for an overshoot `x` and a view length `d`, with
///   `c` = ``rubberBandCoefficient``; it never passes one view length.
/// - **Gliding** (wheel notches, keys, animated `setContentOffset`): an exponential approach to
///   a target that may move while it runs, with time constant ``glideTimeConstant``.
///
/// The constants are this project's measurements of iOS's feel **(project choice; UIKit
/// documents only the deceleration rates)**.
enum ScrollPhysics {
    /// ω of the bounce spring, per second: a bounce back settles in about half a second.
    static let springFrequency: CGFloat = 15
    /// How stiff the rubber band is (iOS feels like 0.55).
    static let rubberBandCoefficient: CGFloat = 0.55
    /// Below this speed (points per second) coasting stops.
    static let minimumVelocity: CGFloat = 5
    /// A spring or glide this close (points) to its target, and this slow, snaps onto it.
    static let settleDistance: CGFloat = 0.5
    /// The time constant of a glide, in seconds (a 40-point wheel notch settles in ~0.25 s).
    static let glideTimeConstant: CGFloat = 0.06
    /// Release speeds are capped (points per second): a wild flick still stops on screen soon.
    static let maximumVelocity: CGFloat = 8000

    // MARK: Coasting

    /// The position `t` seconds into a coast from `x0` at `v0` points per second.
    static func coastPosition(x0: CGFloat, v0: CGFloat, rate: CGFloat, t: CGFloat) -> CGFloat {
        let k = 1000 * log(rate)          // negative
        return x0 + v0 * (exp(k * t) - 1) / k
    }

    /// The velocity `t` seconds into a coast.
    static func coastVelocity(v0: CGFloat, rate: CGFloat, t: CGFloat) -> CGFloat {
        v0 * exp(1000 * log(rate) * t)
    }

    /// Where a coast from `x0` at `v0` comes to rest.
    static func coastDestination(x0: CGFloat, v0: CGFloat, rate: CGFloat) -> CGFloat {
        x0 - v0 / (1000 * log(rate))
    }

    /// How long a coast lasts until its speed falls below ``minimumVelocity``.
    static func coastDuration(v0: CGFloat, rate: CGFloat) -> CGFloat {
        let speed = abs(v0)
        guard speed > minimumVelocity else { return 0 }
        return log(minimumVelocity / speed) / (1000 * log(rate))
    }

    /// When a coast from `x0` at `v0` first reaches `bound`, or nil if it never does.
    static func coastTime(toReach bound: CGFloat, x0: CGFloat, v0: CGFloat, rate: CGFloat) -> CGFloat? {
        guard v0 != 0 else { return nil }
        let k = 1000 * log(rate)
        // exp(k t) = 1 + (bound - x0) k / v0
        let e = 1 + (bound - x0) * k / v0
        guard e > 0, e <= 1 else { return nil }
        return log(e) / k
    }

    // MARK: Spring

    /// The displacement from the target and the velocity `t` seconds into a critically damped
    /// spring that started at displacement `d0` with velocity `v0`.
    static func spring(d0: CGFloat, v0: CGFloat, t: CGFloat, omega: CGFloat = springFrequency) -> (d: CGFloat, v: CGFloat) {
        let a = d0, b = v0 + omega * d0
        let e = exp(-omega * t)
        return ((a + b * t) * e, (b - omega * (a + b * t)) * e)
    }

    // MARK: Rubber band

    /// How far content dragged `overshoot` points past an edge is shown past it, for a view
    /// `length` points long along that axis.
    static func rubberBand(_ overshoot: CGFloat, length: CGFloat) -> CGFloat {
        guard overshoot > 0, length > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandCoefficient / length + 1)) * length
    }

    /// `value` kept in `range`, or rubber-banded past its ends when `bounces`.
    static func banded(_ value: CGFloat, in range: ClosedRange<CGFloat>, length: CGFloat, bounces: Bool) -> CGFloat {
        if value < range.lowerBound {
            return bounces ? range.lowerBound - rubberBand(range.lowerBound - value, length: length) : range.lowerBound
        }
        if value > range.upperBound {
            return bounces ? range.upperBound + rubberBand(value - range.upperBound, length: length) : range.upperBound
        }
        return value
    }

    // MARK: Glide

    /// One step of a glide from `position` towards `target` over `dt` seconds.
    static func glide(from position: CGFloat, to target: CGFloat, dt: CGFloat) -> CGFloat {
        guard dt > 0 else { return position }
        return target + (position - target) * exp(-dt / glideTimeConstant)
    }
}
