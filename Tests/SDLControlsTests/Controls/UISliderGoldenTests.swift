import Foundation
import Testing
@testable import SDLControls

/// Golden images of UISlider (rule D3's look): every state, light and dark, at 1x and 2x.
@MainActor
struct UISliderGoldenTests {
    /// Two panels (light left, dark right); rows: normal, highlighted (pressed), disabled,
    /// selected, focused, custom colours, right to left.
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 180, y: 0, width: 180, height: 280))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            let values: [Float] = [0.3, 0.5, 0.7, 0.4, 0.6, 0.8, 0.25]
            for row in 0..<7 {
                let slider = UISlider(frame: CGRect(x: 14, y: 6 + CGFloat(row) * 39, width: 152, height: 34))
                slider.value = values[row]
                switch row {
                case 1: slider.isHighlighted = true
                case 2: slider.isEnabled = false
                case 3: slider.isSelected = true
                case 4: slider.isFocused = true
                case 5:
                    slider.minimumTrackTintColor = .systemOrange
                    slider.maximumTrackTintColor = UIColor.systemOrange.withAlphaComponent(0.25)
                    slider.thumbTintColor = UIColor(light: UIColor(rgb: 0xFFF4D6), dark: UIColor(rgb: 0xFFE8A8))
                case 6: slider.semanticContentAttribute = .forceRightToLeft
                default: break
                }
                panel.addSubview(slider)
            }
        }
    }

    @Test func statesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 280), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uislider-states-1x")
    }

    @Test func statesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 280), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uislider-states-2x")
    }
}
