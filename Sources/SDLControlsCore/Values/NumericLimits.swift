import Foundation

// The limits where numbers enter the UI, in one place (README "Limits").
//
// Numbers from outside (SDL events, input scripts, files, public geometry setters) are made
// finite and bounded where they enter, so inner code can assume finite, bounded values. The
// conversions to integers below saturate instead of trapping, for the few places where a
// value that was never checked (a product or sum of checked ones) becomes an integer.

extension UIView {
    /// The largest magnitude, in points, that a view's frame and bounds values keep
    /// (2^24 = 16,777,216) **(project choice)**. `frame`, `bounds` and `center` clamp to it;
    /// NaN and infinite values become 0.
    ///
    /// Why 2^24: `Float` vertices represent every whole point up to it; points times the
    /// largest pixel scale (8) stay far inside `Int32`, so clip rectangles and SDL calls never
    /// overflow; and it is thousands of times wider than any screen. Code may convert a view's
    /// geometry to `Int` without checking it.
    nonisolated public static let maximumCoordinate: CGFloat = 16_777_216

    /// `value` made finite and bounded for geometry: NaN and infinite become 0, finite
    /// values are clamped to ±``maximumCoordinate``.
    nonisolated package static func sanitizedCoordinate(_ value: CGFloat) -> CGFloat {
        guard value.isFinite else { return 0 }
        return min(max(value, -maximumCoordinate), maximumCoordinate)
    }

    /// A length for drawing (corner radius, border width): NaN, infinite and negative
    /// values become 0, large ones ``maximumCoordinate``.
    nonisolated package static func sanitizedLength(_ value: CGFloat) -> CGFloat {
        guard value.isFinite, value > 0 else { return 0 }
        return min(value, maximumCoordinate)
    }
}

extension FixedWidthInteger {
    /// Converts a floating value that was never range-checked without trapping: NaN
    /// becomes 0, values beyond the type's range its minimum or maximum, others are
    /// truncated toward zero (round first when that matters).
    @inlinable
    package init<F: BinaryFloatingPoint>(saturating value: F) {
        if value.isNaN {
            self = 0
        } else if value <= F(Self.min) {
            self = Self.min
        } else if value >= F(Self.max) {
            // F(Self.max) rounds up to a power of two for wide types: at or above it is out of range.
            self = Self.max
        } else {
            self = Self(value)
        }
    }
}

extension Int32 {
    /// ``init(saturating:)-(F)`` for the pair drawing converts every frame (pixel rectangles from
    /// points), with its bounds as constants: the generic one turns `Int32.min` and `.max` into
    /// the floating type through the standard library's generic conversion at run time, which
    /// was a seventh of a frame that redraws a thousand controls. Same results. Always inlined:
    /// as a call it costs +1.1% of the instructions outside the SDL libraries of the immediate
    /// panel with every value changing (callgrind, `controls-bench --quick --only IM
    /// --scenario immediate-1000-changing`), measured 2026-11-29.
    @inlinable @inline(__always)
    package init(saturating value: CGFloat) {
        if value.isNaN {
            self = 0
        } else if value <= -2_147_483_648 {
            self = .min
        } else if value >= 2_147_483_647 {
            self = .max
        } else {
            self = Int32(value)
        }
    }

    /// The same for `Float` (vertex coordinates: a redrawn view's pixel bounds), through the
    /// `CGFloat` one: every `Float` is exactly a `CGFloat`, so the results are the same.
    @inlinable @inline(__always)
    package init(saturating value: Float) {
        self.init(saturating: CGFloat(value))
    }
}
