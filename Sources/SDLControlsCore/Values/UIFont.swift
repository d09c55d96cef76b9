import Foundation

/// A font request: a family name (or the system UI font), a size in points and a weight.
///
/// The core only names fonts; the SDL host maps them to font files (see its font
/// configuration). Measurements come from ``TextMeasuring``.
public struct UIFont: Hashable, Sendable {
    /// The weight of a font, as UIKit's `UIFont.Weight` (−1 ultra light … 1 black).
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        /// The numeric weight.
        public var rawValue: CGFloat
        /// Creates a weight from its numeric value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Orders weights from light to heavy.
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
        /// Ultra light.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin.
        public static let thin = Weight(rawValue: -0.6)
        /// Light.
        public static let light = Weight(rawValue: -0.4)
        /// Regular (the default).
        public static let regular = Weight(rawValue: 0)
        /// Medium.
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold.
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold.
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy.
        public static let heavy = Weight(rawValue: 0.56)
        /// Black.
        public static let black = Weight(rawValue: 0.62)

        /// Whether a renderer should pick the bold face for this weight.
        public var isBold: Bool { rawValue >= Weight.semibold.rawValue }
    }

    /// The name used for the system UI font.
    public static let systemFontName = ".SystemUI"

    /// The family or file name; ``systemFontName`` for the system font.
    public let fontName: String
    /// The size in points; always finite and at least 1.
    public let pointSize: CGFloat
    /// The weight.
    public let weight: Weight

    /// A font by name; returns nil when the name is empty (as UIKit returns nil for an unknown name).
    public init?(name: String, size: CGFloat) {
        guard !name.isEmpty else { return nil }
        self.init(fontName: name, pointSize: size, weight: .regular)
    }

    private init(fontName: String, pointSize: CGFloat, weight: Weight) {
        self.fontName = fontName
        // A NaN, infinite or tiny size would make text layout meaningless: clamp it.
        self.pointSize = pointSize.isFinite ? min(max(pointSize, 1), 1000) : UIFont.systemFontSize
        self.weight = weight
    }

    /// The system font at a size and weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(fontName: systemFontName, pointSize: size, weight: weight)
    }

    /// The bold system font at a size.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        systemFont(ofSize: size, weight: .bold)
    }

    /// The same font at another size.
    public func withSize(_ size: CGFloat) -> UIFont {
        UIFont(fontName: fontName, pointSize: size, weight: weight)
    }

    /// The default size of control text.
    public static let systemFontSize: CGFloat = 17
    /// The default size of label text.
    public static let labelFontSize: CGFloat = 17
    /// The default size of small text.
    public static let smallSystemFontSize: CGFloat = 12

    /// Whether this is the system font.
    public var isSystemFont: Bool { fontName == UIFont.systemFontName }
}
