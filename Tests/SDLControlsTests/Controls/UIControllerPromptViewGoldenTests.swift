import Foundation
import Testing
@testable import SDLControls

/// Golden images of controller prompts: every kind of controller's glyphs, light and dark, at
/// 1x and 2x, with a titled prompt and one laid out right to left.
@MainActor
struct UIControllerPromptViewGoldenTests {
    static let buttons: [UIGameControllerInput.Button] = [.south, .east, .west, .north, .dpadUp, .dpadRight, .leftShoulder,
                                                          .rightStick, .start, .back, .guide, .misc1]
    static let panel = CGSize(width: 440, height: 172)

    /// Two panels (light left, dark right); a row per kind (Xbox, PlayStation, Nintendo,
    /// generic) of the buttons above, then "Select" and "Back" prompts, the second right to left.
    private func populate(_ host: SDLHost) {
        for (column, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(column) * Self.panel.width, y: 0, width: Self.panel.width, height: Self.panel.height))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            for (row, type) in UIGameControllerType.allCases.enumerated() {
                var x: CGFloat = 8
                for button in Self.buttons {
                    let prompt = UIControllerPromptView(button: button)
                    prompt.controllerType = type
                    prompt.sizeToFit()
                    prompt.frame.origin = CGPoint(x: x, y: 8 + CGFloat(row) * 30)
                    panel.addSubview(prompt)
                    x += prompt.bounds.width + 6
                }
            }
            let select = UIControllerPromptView(button: .south, title: "Select")
            select.controllerType = .xbox
            select.sizeToFit()
            select.frame.origin = CGPoint(x: 8, y: 134)
            panel.addSubview(select)
            let back = UIControllerPromptView(button: .east, title: "Back")
            back.controllerType = .playStation
            back.semanticContentAttribute = .forceRightToLeft
            back.sizeToFit()
            back.frame.origin = CGPoint(x: 120, y: 134)
            panel.addSubview(back)
        }
    }

    @Test func everyKindAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: Self.panel.width * 2, height: Self.panel.height), scale: 1)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uicontrollerpromptview-kinds-1x")
    }

    @Test func everyKindAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: Self.panel.width * 2, height: Self.panel.height), scale: 2)
        defer { host.shutdown() }
        populate(host)
        try expectMatchesGolden(host, "uicontrollerpromptview-kinds-2x")
    }
}
