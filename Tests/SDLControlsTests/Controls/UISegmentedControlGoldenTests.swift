import Foundation
import Testing
@testable import SDLControls

/// Golden images of UISegmentedControl (rule D5's look): every state, light and dark, at
/// 1x and 2x.
@MainActor
struct UISegmentedControlGoldenTests {
    /// Two panels (light left, dark right); rows: normal (first selected), an unselected
    /// segment pressed (a real touch), the selected segment pressed, disabled, one segment
    /// disabled with a custom plate colour, focused.
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 180, y: 0, width: 180, height: 256))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            for row in 0..<6 {
                let control = UISegmentedControl(items: ["One", "Two", "Three"])
                control.frame = CGRect(x: 12, y: 12 + CGFloat(row) * 40, width: 156, height: 32)
                control.selectedSegmentIndex = 0
                panel.addSubview(control)
                switch row {
                case 1:
                    let p = control.convert(CGPoint(x: 130, y: 16), to: nil)
                    host.window.simulateTouchDown(at: p, id: Int64(10 + column))
                case 2:
                    let p = control.convert(CGPoint(x: 26, y: 16), to: nil)
                    host.window.simulateTouchDown(at: p, id: Int64(20 + column))
                case 3: control.isEnabled = false
                case 4:
                    control.selectedSegmentIndex = 1
                    control.selectedSegmentTintColor = .systemBlue
                    control.setEnabled(false, forSegmentAt: 2)
                case 5: control.isFocused = true
                default: break
                }
            }
        }
    }

    @Test func statesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 256), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uisegmentedcontrol-states-1x")
    }

    @Test func statesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 256), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uisegmentedcontrol-states-2x")
    }
}
