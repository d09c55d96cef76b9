import Foundation

/// An sRGB colour with alpha, each component in 0...1.
///
/// Colours are values wrapped in a class, as in UIKit, so `UIColor` can be shared freely.
/// System colours (``systemBlue``, ``label``, …) resolve for the current
/// ``UIUserInterfaceStyle`` through ``resolvedColor(with:)``.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// Red component, 0...1.
    public let red: CGFloat
    /// Green component, 0...1.
    public let green: CGFloat
    /// Blue component, 0...1.
    public let blue: CGFloat
    /// Alpha (opacity), 0...1.
    public let alpha: CGFloat
    private let dark: Components?

    private struct Components: Hashable, Sendable {
        var r, g, b, a: CGFloat
    }

    /// Creates a colour from sRGB components; values are clamped to 0...1 and NaN becomes 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
        self.dark = nil
    }

    /// Creates a grey from a white level and alpha.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a colour from 0xRRGGBB and an alpha.
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(
            red: CGFloat((rgb >> 16) & 0xFF) / 255,
            green: CGFloat((rgb >> 8) & 0xFF) / 255,
            blue: CGFloat(rgb & 0xFF) / 255,
            alpha: alpha
        )
    }

    /// Creates a colour that has one appearance in light style and another in dark style.
    public init(light: UIColor, dark: UIColor) {
        red = light.red
        green = light.green
        blue = light.blue
        alpha = light.alpha
        self.dark = Components(r: dark.red, g: dark.green, b: dark.blue, a: dark.alpha)
    }

    private static func clamp(_ v: CGFloat) -> CGFloat {
        v.isNaN ? 0 : min(1, max(0, v))
    }

    /// The colour for a given interface style: dynamic colours pick their dark variant.
    public func resolvedColor(with style: UIUserInterfaceStyle) -> UIColor {
        guard style == .dark, let d = dark else { return dark == nil ? self : UIColor(red: red, green: green, blue: blue, alpha: alpha) }
        return UIColor(red: d.r, green: d.g, blue: d.b, alpha: d.a)
    }

    /// The components ``resolvedColor(with:)`` would have, without creating a colour: the
    /// per-frame paths (clearing, tessellating) resolve colours often and must not allocate.
    public func resolvedComponents(with style: UIUserInterfaceStyle) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        if style == .dark, let d = dark { return (d.r, d.g, d.b, d.a) }
        return (red, green, blue, alpha)
    }

    /// This colour with a different alpha (both variants of a dynamic colour).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        let light = UIColor(red: red, green: green, blue: blue, alpha: alpha)
        guard let d = dark else { return light }
        return UIColor(light: light, dark: UIColor(red: d.r, green: d.g, blue: d.b, alpha: alpha))
    }

    /// The components packed as 8-bit RGBA.
    public var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (Self.byte(red), Self.byte(green), Self.byte(blue), Self.byte(alpha))
    }

    // Always inlined: as a call it costs +0.7% of the instructions outside the SDL libraries in
    // E, +0.5% in B3 (callgrind, `controls-bench --quick --only` the scenario), 2026-11-29.
    /// A component in 0...1 (components are clamped there) as 0...255, rounded half up as
    /// `rounded()` rounds non-negative values, without its library call (drawing resolves four
    /// per fill and line of text); out of range saturates and NaN is 0.
    @inline(__always)
    package static func byte(_ v: CGFloat) -> UInt8 {
        let x = v * 255 + 0.5
        return x >= 255 ? 255 : (x > 0 ? UInt8(x) : 0)
    }

    /// Two colours are equal when all components (and dark variants) are equal.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue
            && lhs.alpha == rhs.alpha && lhs.dark == rhs.dark
    }

    /// Hashes the components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
        hasher.combine(dark)
    }

    /// A readable `UIColor(r g b a)` form for logs and test failures.
    public var description: String {
        String(format: "UIColor(%.3f %.3f %.3f %.3f)", Double(red), Double(green), Double(blue), Double(alpha))
    }
}

/// The interface style a colour resolves for.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Follow the default (light).
    case unspecified = 0
    /// Light appearance.
    case light = 1
    /// Dark appearance.
    case dark = 2
}

extension UIColor {
    /// Opaque black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// Opaque white.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Fully transparent.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// Opaque 50% grey.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Opaque 33% grey.
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// Opaque 67% grey.
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// Opaque red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Opaque green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Opaque blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

    // The system palette and semantic colours of iOS 17, light and dark, with Apple's values.
    /// The default tint.
    public static let systemBlue = UIColor(light: UIColor(rgb: 0x007AFF), dark: UIColor(rgb: 0x0A84FF))
    /// System green (the switch's on colour).
    public static let systemGreen = UIColor(light: UIColor(rgb: 0x34C759), dark: UIColor(rgb: 0x30D158))
    /// System red (destructive actions, errors).
    public static let systemRed = UIColor(light: UIColor(rgb: 0xFF3B30), dark: UIColor(rgb: 0xFF453A))
    /// System orange.
    public static let systemOrange = UIColor(light: UIColor(rgb: 0xFF9500), dark: UIColor(rgb: 0xFF9F0A))
    /// System yellow.
    public static let systemYellow = UIColor(light: UIColor(rgb: 0xFFCC00), dark: UIColor(rgb: 0xFFD60A))
    /// System purple.
    public static let systemPurple = UIColor(light: UIColor(rgb: 0xAF52DE), dark: UIColor(rgb: 0xBF5AF2))
    /// System pink.
    public static let systemPink = UIColor(light: UIColor(rgb: 0xFF2D55), dark: UIColor(rgb: 0xFF375F))
    /// System teal.
    public static let systemTeal = UIColor(light: UIColor(rgb: 0x30B0C7), dark: UIColor(rgb: 0x40C8E0))
    /// System indigo.
    public static let systemIndigo = UIColor(light: UIColor(rgb: 0x5856D6), dark: UIColor(rgb: 0x5E5CE6))
    /// System mint.
    public static let systemMint = UIColor(light: UIColor(rgb: 0x00C7BE), dark: UIColor(rgb: 0x63E6E2))
    /// System cyan.
    public static let systemCyan = UIColor(light: UIColor(rgb: 0x32ADE6), dark: UIColor(rgb: 0x64D2FF))
    /// System brown.
    public static let systemBrown = UIColor(light: UIColor(rgb: 0xA2845E), dark: UIColor(rgb: 0xAC8E68))
    /// System grey (neutral fills), the darkest in light mode of the six.
    public static let systemGray = UIColor(light: UIColor(rgb: 0x8E8E93), dark: UIColor(rgb: 0x8E8E93))
    /// The second of the six system greys.
    public static let systemGray2 = UIColor(light: UIColor(rgb: 0xAEAEB2), dark: UIColor(rgb: 0x636366))
    /// The third of the six system greys.
    public static let systemGray3 = UIColor(light: UIColor(rgb: 0xC7C7CC), dark: UIColor(rgb: 0x48484A))
    /// Lighter neutral fill (the fourth grey).
    public static let systemGray4 = UIColor(light: UIColor(rgb: 0xD1D1D6), dark: UIColor(rgb: 0x3A3A3C))
    /// The fifth of the six system greys (a switch's off track).
    public static let systemGray5 = UIColor(light: UIColor(rgb: 0xE5E5EA), dark: UIColor(rgb: 0x2C2C2E))
    /// Lightest neutral fill (the sixth grey).
    public static let systemGray6 = UIColor(light: UIColor(rgb: 0xF2F2F7), dark: UIColor(rgb: 0x1C1C1E))
    /// Primary text.
    public static let label = UIColor(light: UIColor(white: 0, alpha: 1), dark: UIColor(white: 1, alpha: 1))
    /// Secondary text.
    public static let secondaryLabel = UIColor(
        light: UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.6),
        dark: UIColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.6))
    /// Placeholder and disabled text.
    public static let tertiaryLabel = UIColor(
        light: UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3),
        dark: UIColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.3))
    /// The faintest text (watermarks, disabled glyphs on fills).
    public static let quaternaryLabel = UIColor(
        light: UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.18),
        dark: UIColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.16))
    /// Placeholder text in fields.
    public static let placeholderText = UIColor(
        light: UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3),
        dark: UIColor(red: 0.92, green: 0.92, blue: 0.96, alpha: 0.3))
    /// Links.
    public static let link = UIColor(light: UIColor(rgb: 0x007AFF), dark: UIColor(rgb: 0x0984FF))
    /// Text on a dark background, the same in both styles (white at 60%).
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    /// Text on a light background, the same in both styles (black).
    public static let darkText = UIColor(white: 0, alpha: 1)
    /// The main background.
    public static let systemBackground = UIColor(light: UIColor(white: 1, alpha: 1), dark: UIColor(white: 0, alpha: 1))
    /// Grouped / secondary background.
    public static let secondarySystemBackground = UIColor(light: UIColor(rgb: 0xF2F2F7), dark: UIColor(rgb: 0x1C1C1E))
    /// A third level of background, over the secondary one.
    public static let tertiarySystemBackground = UIColor(light: UIColor(rgb: 0xFFFFFF), dark: UIColor(rgb: 0x2C2C2E))
    /// The background of a grouped list (a settings screen) behind its groups.
    public static let systemGroupedBackground = UIColor(light: UIColor(rgb: 0xF2F2F7), dark: UIColor(rgb: 0x000000))
    /// The background of the rows of a grouped list (a settings screen's cells).
    public static let secondarySystemGroupedBackground = UIColor(light: UIColor(rgb: 0xFFFFFF), dark: UIColor(rgb: 0x1C1C1E))
    /// A third level of grouped background, over the rows.
    public static let tertiarySystemGroupedBackground = UIColor(light: UIColor(rgb: 0xF2F2F7), dark: UIColor(rgb: 0x2C2C2E))
    /// Fill of thin and small shapes (a slider's track, a pressed grey surface): a translucent
    /// grey, so it reads on any background.
    public static let systemFill = UIColor(
        light: UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2),
        dark: UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.36))
    /// Fill of medium-size shapes (a grey button's plate), translucent.
    public static let secondarySystemFill = UIColor(
        light: UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16),
        dark: UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.32))
    /// Fill of large shapes (a disabled button's plate, input fields), translucent.
    public static let tertiarySystemFill = UIColor(
        light: UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12),
        dark: UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.24))
    /// Fill of large areas with complex content, the faintest translucent grey.
    public static let quaternarySystemFill = UIColor(
        light: UIColor(red: 116 / 255, green: 116 / 255, blue: 128 / 255, alpha: 0.08),
        dark: UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.18))
    /// Thin separators and borders.
    public static let separator = UIColor(
        light: UIColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.29),
        dark: UIColor(red: 0.33, green: 0.33, blue: 0.35, alpha: 0.6))
    /// Separators that hide what is under them (no translucency).
    public static let opaqueSeparator = UIColor(light: UIColor(rgb: 0xC6C6C8), dark: UIColor(rgb: 0x38383A))
}
