import Foundation

/// How strongly a layout preference holds, from 1 (weakest) to 1000 (required), as in
/// UIKit. Views use priorities for content hugging and compression resistance; stack views
/// read them to decide which arranged view grows or shrinks first.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority, 1...1000 (values are not clamped, as in UIKit).
    public var rawValue: Float

    /// Creates a priority from its raw value.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// Creates a priority from its raw value (UIKit's unlabelled initializer).
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: must hold.
    public static let required = UILayoutPriority(rawValue: 1000)
    /// 750: the priority with which a control resists being squeezed by default.
    public static let defaultHigh = UILayoutPriority(rawValue: 750)
    /// 250: the priority with which a view hugs its content by default.
    public static let defaultLow = UILayoutPriority(rawValue: 250)
    /// 50: the level fitting-size computations use for the dimension being minimized.
    public static let fittingSizeLevel = UILayoutPriority(rawValue: 50)

    /// Orders priorities by raw value.
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }

    /// A priority raised by `b` (`.defaultHigh + 1`).
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(rawValue: a.rawValue + b) }

    /// A priority lowered by `b` (`.required - 1`).
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(rawValue: a.rawValue - b) }
}

/// UIKit's constraint class, here only as the namespace of ``Axis``: Auto Layout constraints
/// are out of scope for this project **(project choice)**. Lay views out with
/// ``UIStackView``, ``UIView/autoresizingMask`` and `layoutSubviews()`.
public enum NSLayoutConstraint {
    /// The two axes of a layout: stack views stack along one, and hugging and compression
    /// resistance priorities are set per axis.
    public enum Axis: Int, Sendable {
        /// Left to right (or right to left).
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
}
