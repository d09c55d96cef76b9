import Foundation

// `rounded(_:)` on Float and Double calls into the C library on x86-64 (whose baseline has no
// rounding instruction): a call per coordinate, about 3% of tessellating a changing frame.
// These give the same results (the sign of a zero aside) from a truncating conversion.
// `@inline(__always)` on them: removing it costs +3.5% instructions in B3, +3.4% in E, +1.8% in
// IM (callgrind, `controls-bench --quick --only` the scenario), measured 2026-11-28.

extension Float {
    /// `rounded(rule)` for the rules drawing uses (`.toNearestOrAwayFromZero`, `.up`, `.down`,
    /// `.towardZero`), inlined; NaN and infinities come back unchanged, as from `rounded(_:)`.
    /// Through `Double` (both conversions are exact for whole results).
    @inline(__always)
    func pixelRounded(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Float {
        Float(Double(self).pixelRounded(rule))
    }
}

extension Double {
    /// `rounded(rule)` for the rules drawing uses, inlined: the one implementation.
    @inline(__always)
    func pixelRounded(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Double {
        // From 2^52 up every Double is a whole number (and NaN fails the comparison).
        guard abs(self) < 4_503_599_627_370_496 else { return self }
        let t = Double(Int64(self))
        let d = self - t
        switch rule {
        case .up: return d > 0 ? t + 1 : t
        case .down: return d < 0 ? t - 1 : t
        case .towardZero: return t
        case .toNearestOrAwayFromZero: return d >= 0.5 ? t + 1 : (d <= -0.5 ? t - 1 : t)
        default: return rounded(rule)
        }
    }
}

extension CGFloat {
    /// `rounded(rule)` for the rules drawing uses, inlined (see the `Double` one).
    @inline(__always)
    func pixelRounded(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> CGFloat {
        CGFloat(Double(self).pixelRounded(rule))
    }
}
