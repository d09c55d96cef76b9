import Foundation

/// What kind of element a view is, for assistive technology and UI tests.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt64
    /// Creates traits from raw bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Activating it performs an action.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// Activating it opens a link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// It is an image.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// It is currently selected (a selected segment, an on switch).
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// It is disabled.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 4)
    /// It is text that does not change.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 5)
    /// It is a heading.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 6)
    /// Its value is adjusted by increment/decrement (slider, stepper).
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 7)
    /// It accepts text (a text field).
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes often (a timer).
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// It is a search field.
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    /// It is a toggle (switch).
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 11)
    /// It is a tab (segment).
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 12)
}
