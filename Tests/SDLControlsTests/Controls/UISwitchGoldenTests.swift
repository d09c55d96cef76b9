import Foundation
import Testing
@testable import SDLControls

/// Golden images of UISwitch (rule D2's look): every state, light and dark, at 1x and 2x.
@MainActor
struct UISwitchGoldenTests {
    /// Two panels (light left, dark right); in each, rows of an off and an on switch:
    /// normal, highlighted (pressed), disabled, selected, focused, custom colours.
    static func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 150, y: 0, width: 150, height: 250))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            for row in 0..<6 {
                for (i, on) in [false, true].enumerated() {
                    let sw = UISwitch(frame: CGRect(x: 20 + CGFloat(i) * 65, y: 12 + CGFloat(row) * 39, width: 51, height: 31))
                    sw.isOn = on
                    switch row {
                    case 1: sw.isHighlighted = true
                    case 2: sw.isEnabled = false
                    case 3: sw.isSelected = true
                    case 4: sw.isFocused = true
                    case 5:
                        sw.onTintColor = .systemOrange
                        sw.thumbTintColor = UIColor(light: UIColor(rgb: 0xFFF4D6), dark: UIColor(rgb: 0xFFE8A8))
                        sw.tintColor = .systemOrange   // outlines the off track
                    default: break
                    }
                    panel.addSubview(sw)
                }
            }
        }
    }

    @Test func statesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 300, height: 250), scale: 1)
        defer { host.shutdown() }
        Self.populate(host)
        try expectMatchesGolden(host, "uiswitch-states-1x")
    }

    @Test func statesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 300, height: 250), scale: 2)
        defer { host.shutdown() }
        Self.populate(host)
        try expectMatchesGolden(host, "uiswitch-states-2x")
    }

    @Test func halfwayThumbAt2x() throws {
        // An animation frame: the on colour fades in as the thumb travels (rule D2).
        let host = try makeGoldenHost(size: CGSize(width: 120, height: 50), scale: 2)
        defer { host.shutdown() }
        host.window.backgroundColor = .systemBackground
        let sw = UISwitch(frame: CGRect(x: 10, y: 10, width: 51, height: 31))
        host.window.addSubview(sw)
        // Stop the window's clock partway through the slide: one step at 35% of the duration.
        sw.setOn(true, animated: true)
        let clock = host.window.frameClock
        clock.advanceTime(to: clock.currentTime + 0.07)
        #expect(sw.thumbPosition > 0.5 && sw.thumbPosition < 0.9)
        let big = UISwitch(frame: CGRect(x: 70, y: 12.5, width: 43, height: 26))   // scaled to fit
        big.isOn = true
        host.window.addSubview(big)
        try expectMatchesGolden(host, "uiswitch-halfway-2x")
    }
}
