import Testing
import Foundation
@testable import SDLControlsCore

/// The system and semantic colours of iOS 17 exist under UIKit's names and resolve to Apple's
/// light and dark values.
struct SystemColorTests {
    /// A colour's 8-bit RGB in one style.
    static func rgb(_ c: UIColor, _ style: UIUserInterfaceStyle) -> UInt32 {
        let r = c.resolvedComponents(with: style)
        func byte(_ v: CGFloat) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(r.red) << 16 | byte(r.green) << 8 | byte(r.blue)
    }

    @Test(arguments: [
        ("systemPink", UIColor.systemPink, 0xFF2D55, 0xFF375F), ("systemTeal", .systemTeal, 0x30B0C7, 0x40C8E0),
        ("systemIndigo", .systemIndigo, 0x5856D6, 0x5E5CE6), ("systemMint", .systemMint, 0x00C7BE, 0x63E6E2),
        ("systemCyan", .systemCyan, 0x32ADE6, 0x64D2FF), ("systemBrown", .systemBrown, 0xA2845E, 0xAC8E68),
        ("systemGray2", .systemGray2, 0xAEAEB2, 0x636366), ("systemGray3", .systemGray3, 0xC7C7CC, 0x48484A),
        ("systemGray5", .systemGray5, 0xE5E5EA, 0x2C2C2E), ("link", .link, 0x007AFF, 0x0984FF),
        ("tertiarySystemBackground", .tertiarySystemBackground, 0xFFFFFF, 0x2C2C2E),
        ("tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground, 0xF2F2F7, 0x2C2C2E),
        ("opaqueSeparator", .opaqueSeparator, 0xC6C6C8, 0x38383A),
    ] as [(String, UIColor, UInt32, UInt32)])
    func opaqueColoursResolveToApplesValues(_ name: String, _ color: UIColor, _ light: UInt32, _ dark: UInt32) {
        #expect(Self.rgb(color, .light) == light, "\(name) light")
        #expect(Self.rgb(color, .dark) == dark, "\(name) dark")
        #expect(color.resolvedColor(with: .dark).resolvedComponents(with: .light).alpha == 1)
    }

    @Test func translucentLabelsKeepTheirAlphaInEachStyle() {
        #expect(UIColor.quaternaryLabel.resolvedComponents(with: .light).alpha == 0.18)
        #expect(UIColor.quaternaryLabel.resolvedComponents(with: .dark).alpha == 0.16)
        #expect(UIColor.placeholderText.resolvedComponents(with: .light) == UIColor.tertiaryLabel.resolvedComponents(with: .light))
        #expect(UIColor.placeholderText.resolvedComponents(with: .dark).alpha == 0.3)
        #expect(UIColor.lightText.resolvedComponents(with: .dark) == (1, 1, 1, 0.6))
        #expect(UIColor.darkText.resolvedComponents(with: .dark) == (0, 0, 0, 1), "the same in both styles")
    }
}
