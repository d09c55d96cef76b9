import Foundation

/// A font request: a family name (or the system UI font), a size in points, a weight and, for
/// the system font, traits (italic, monospaced, monospaced digits).
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

        /// UIKit's nine named weights, light to heavy: a font family's faces are chosen by the
        /// nearest of them (Inter's Thin … Black, CSS weights 100 … 900).
        public static let named: [Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]

        /// The index in ``named`` of the nearest named weight (regular for a NaN); a value
        /// between two named weights goes to the nearer.
        public var nearestNamedIndex: Int {
            guard rawValue.isFinite else { return rawValue.isNaN ? 3 : (rawValue < 0 ? 0 : Weight.named.count - 1) }
            var best = 3
            for (i, w) in Weight.named.enumerated() where abs(w.rawValue - rawValue) < abs(Weight.named[best].rawValue - rawValue) {
                best = i
            }
            return best
        }
    }

    /// How a system font draws beyond its weight (UIKit's italic, monospaced and
    /// monospaced-digit system fonts).
    public struct Traits: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: Int
        /// Creates traits from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The italic face.
        public static let italic = Traits(rawValue: 1)
        /// Every character the same width: the monospaced design (DejaVu Sans Mono on Linux).
        public static let monospaced = Traits(rawValue: 2)
        /// Digits of one width (tabular figures), so numbers that change keep their place:
        /// `monospacedDigitSystemFont(ofSize:weight:)`.
        public static let monospacedDigits = Traits(rawValue: 4)
    }

    /// The name used for the system UI font.
    public static let systemFontName = ".SystemUI"

    /// The family or file name; ``systemFontName`` for the system font.
    public let fontName: String
    /// The size in points; always finite and at least 1.
    public let pointSize: CGFloat
    /// The weight.
    public let weight: Weight
    /// Italic, monospaced or monospaced digits (system fonts; empty for a font by name).
    public let traits: Traits

    /// A font by name; returns nil when the name is empty (as UIKit returns nil for an unknown name).
    public init?(name: String, size: CGFloat) {
        guard !name.isEmpty else { return nil }
        self.init(fontName: name, pointSize: size, weight: .regular, traits: [])
    }

    private init(fontName: String, pointSize: CGFloat, weight: Weight, traits: Traits) {
        self.fontName = fontName
        // A NaN, infinite or tiny size would make text layout meaningless: clamp it.
        self.pointSize = pointSize.isFinite ? min(max(pointSize, 1), 1000) : UIFont.systemFontSize
        self.weight = weight
        self.traits = traits
    }

    /// The system font at a size and weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(fontName: systemFontName, pointSize: size, weight: weight, traits: [])
    }

    /// The bold system font at a size.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        systemFont(ofSize: size, weight: .bold)
    }

    /// The italic system font at a size (regular weight).
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(fontName: systemFontName, pointSize: size, weight: .regular, traits: .italic)
    }

    /// The system font whose digits all have one width, so a score or a timer that changes
    /// keeps its width and its neighbours keep their place; other characters as
    /// ``systemFont(ofSize:weight:)``. (A line that needs shaping, with Arabic, Hebrew, an
    /// emoji or a combining mark in it, is set whole by the SDL host's shaper with the
    /// font's own digits.)
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: systemFontName, pointSize: size, weight: weight, traits: .monospacedDigits)
    }

    /// The monospaced system font: every character the same width (code, tables, logs).
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: systemFontName, pointSize: size, weight: weight, traits: .monospaced)
    }

    /// The same font at another size.
    public func withSize(_ size: CGFloat) -> UIFont {
        UIFont(fontName: fontName, pointSize: size, weight: weight, traits: traits)
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
