import Foundation
import Testing
@testable import SDLControls

/// Golden images of UIStepper (rule D4's look): every state, light and dark, at 1x and 2x.
@MainActor
struct UIStepperGoldenTests {
    /// Two panels (light left, dark right); rows: normal, + pressed (a real touch), at the
    /// minimum (− dimmed), disabled, focused, custom tint.
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * 180, y: 0, width: 180, height: 256))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            for row in 0..<6 {
                let stepper = UIStepper(frame: CGRect(x: 43, y: 12 + CGFloat(row) * 40, width: 94, height: 32))
                stepper.value = 5
                panel.addSubview(stepper)
                switch row {
                case 1:
                    let p = stepper.convert(CGPoint(x: 70, y: 16), to: nil)
                    host.window.simulateTouchDown(at: p, id: Int64(10 + column))
                case 2: stepper.value = 0
                case 3: stepper.isEnabled = false
                case 4: stepper.isFocused = true
                case 5: stepper.tintColor = .systemOrange
                default: break
                }
            }
        }
    }

    @Test func statesAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 256), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uistepper-states-1x")
    }

    @Test func statesAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 360, height: 256), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uistepper-states-2x")
    }
}
