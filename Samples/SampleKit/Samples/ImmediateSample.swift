import Foundation
import SDLControls

/// The settings of the immediate sample's panel: the game's own state, bound by `inout`.
struct GameSettings: Equatable {
    var name = ""
    var sound = true
    var music: Float = 0.6
    var sensitivity: Float = 1
}

/// A settings panel declared every frame with `ImmediateView` (left), next to the same panel
/// built once with retained controls (right). Both edit one `GameSettings`, so a change made
/// on either side shows on the other in the same frame.
@MainActor
final class ImmediateSample: SampleScene {
    var settings = GameSettings()
    let panel = ImmediateView(style: .insetGrouped)
    private(set) var applied = 0

    override init() {
        super.init()
        root.backgroundColor = .systemGroupedBackground
        root.addSubview(panel)
        root.onLayout = { [unowned self] b in
            panel.frame = CGRect(x: 0, y: 0, width: min(b.width, 480), height: b.height)
        }
    }

    override func update(frame: Int) {
        panel.build { ui in
            ui.textField("Player name", text: &settings.name)
            ui.toggle("Sound effects", isOn: &settings.sound)
            ui.slider("Music volume", value: &settings.music, in: 0...1)
            ui.slider("Mouse sensitivity", value: &settings.sensitivity, in: 0.1...3)
            ui.spacer()
            if ui.button("Apply") { applied += 1 }
            if ui.button("Reset to defaults") { settings = GameSettings() }
            if ui.button("Quit") { }
        }
    }
}
