import Foundation
import SDLControls

/// A game's settings: its own state, which the panels edit.
struct GameSettings: Equatable {
    var name = ""
    var sound = true
    var music: Float = 0.6
    var sensitivity: Float = 1
}

/// One settings panel written twice over the same `GameSettings`: on the left declared every
/// frame with `ImmediateView` (the `build` below), on the right built once with retained
/// controls (`RetainedSettingsPanel`). A change on either side shows on the other in the same
/// frame, which is the immediate face's binding rule at work: the game's value is pushed into
/// a control unless the user holds it.
@MainActor
final class ImmediateSample: SampleScene {
    var settings = GameSettings()
    private(set) var applied = GameSettings()
    let panel = ImmediateView(style: .insetGrouped)
    let retained = RetainedSettingsPanel()
    let caption = UILabel()
    let retainedCaption = UILabel()

    /// Both halves scroll together when the window is too short for them.
    let scroll = UIScrollView()

    override init() {
        super.init()
        root.backgroundColor = .systemGroupedBackground
        caption.text = "ImmediateView: declared every frame"
        retainedCaption.text = "Retained controls: built once"
        scroll.delaysContentTouches = false   // a press on a control reacts at once (see ScrollingContent)
        root.addSubview(scroll)
        for label in [caption, retainedCaption] {
            label.font = .systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
            scroll.addSubview(label)
        }
        scroll.addSubview(panel)
        scroll.addSubview(retained)
        retained.onChange = { [weak self] in self?.settings = $0 }
        retained.onApply = { [weak self] in self?.apply() }
        root.onLayout = { [weak self] b in
            guard let self else { return }
            scroll.frame = b
            placePanels()
        }
        // A first build now, so the panel has its controls before the first frame's focus
        // update (a keyboard or controller user's focus lands on its first control).
        declare()
    }

    /// The panel as tall as its content (what it declares decides), its retained twin beside it.
    private func placePanels() {
        let width = scroll.bounds.width
        let half = (width / 2).rounded()
        caption.frame = CGRect(x: 32, y: 8, width: half - 48, height: 18)
        retainedCaption.frame = CGRect(x: half + 32, y: 8, width: half - 48, height: 18)
        let panelFrame = CGRect(x: 0, y: 26, width: half, height: panel.sizeThatFits(CGSize(width: half, height: 0)).height)
        if panel.frame != panelFrame { panel.frame = panelFrame }
        let retainedFrame = CGRect(x: half + 16, y: 46, width: half - 32, height: 424)
        if retained.frame != retainedFrame { retained.frame = retainedFrame }
        let content = CGSize(width: width, height: max(panelFrame.maxY, retainedFrame.maxY + 20))
        if scroll.contentSize != content { scroll.contentSize = content }
    }

    override func update(frame: Int) {
        declare()
        placePanels()
    }

    /// The panel, once a frame after the host's update().
    func declare() {
        panel.build { ui in
            ui.textField("Player name", text: &settings.name)
            ui.toggle("Sound effects", isOn: &settings.sound)
            ui.slider("Music volume", value: &settings.music, in: 0...1)
            ui.slider("Mouse sensitivity", value: &settings.sensitivity, in: 0.1...3)
            ui.spacer()
            if ui.button("Apply") { apply() }
            if ui.button("Reset to defaults") { settings = GameSettings() }
            if ui.button("Mute") { settings.sound = false; settings.music = 0 }
            ui.label(applied == settings ? "Applied" : "Not applied yet")
        }
        retained.show(settings, applied: applied == settings)
    }

    func apply() { applied = settings }
}

/// The same panel the retained way, as the README shows it: a view subclass, frames computed
/// by hand, one action per control, and the game's state copied into the controls (without
/// disturbing one the user holds, and without redrawing what did not change) and back out.
/// It draws the same inset-grouped list the `ImmediateView` lays out: two cards of 44-point
/// rows (a slider under its title), a hairline between rows.
@MainActor
final class RetainedSettingsPanel: UIView {
    var onChange: (GameSettings) -> Void = { _ in }
    var onApply: () -> Void = {}
    private var settings = GameSettings()
    let name = UITextField(), sound = UISwitch(), music = UISlider(), sensitivity = UISlider()
    let soundLabel = UILabel(), musicLabel = UILabel(), sensitivityLabel = UILabel(), status = UILabel()
    let apply = UIButton(type: .system), reset = UIButton(type: .system), mute = UIButton(type: .system)
    let settingsCard = Card(), actionsCard = Card()

    override init(frame: CGRect) {
        super.init(frame: frame)
        name.placeholder = "Player name"
        for (label, control, title) in [(soundLabel, sound, "Sound effects"), (musicLabel, music, "Music volume"),
                                         (sensitivityLabel, sensitivity, "Mouse sensitivity")] as [(UILabel, UIControl, String)] {
            label.text = title
            control.accessibilityLabel = title
        }
        sensitivity.minimumValue = 0.1
        sensitivity.maximumValue = 3
        for (button, title) in [(apply, "Apply"), (reset, "Reset to defaults"), (mute, "Mute")] {
            button.setTitle(title, for: .normal)
            button.titleLabel.font = .systemFont(ofSize: 17)
            button.contentHorizontalAlignment = .leading
        }
        addSubview(settingsCard)
        addSubview(actionsCard)
        for view in [name, sound, music, sensitivity, soundLabel, musicLabel, sensitivityLabel] { settingsCard.addSubview(view) }
        for view in [apply, reset, mute, status] { actionsCard.addSubview(view) }
        name.addAction(UIAction { [weak self] _ in self?.edited() }, for: .editingChanged)
        for control in [sound, music, sensitivity] as [UIControl] {
            control.addAction(UIAction { [weak self] _ in self?.edited() }, for: .valueChanged)
        }
        apply.addAction(UIAction { [weak self] _ in self?.onApply() }, for: .primaryActionTriggered)
        reset.addAction(UIAction { [weak self] _ in self?.onChange(GameSettings()) }, for: .primaryActionTriggered)
        mute.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            settings.sound = false
            settings.music = 0
            onChange(settings)
        }, for: .primaryActionTriggered)
    }

    /// Copies the controls' state back out into the game's.
    private func edited() {
        settings.name = name.text ?? ""
        settings.sound = sound.isOn
        settings.music = music.value
        settings.sensitivity = sensitivity.value
        onChange(settings)
    }

    /// Copies the game's state into the controls, leaving alone the ones the user holds.
    func show(_ s: GameSettings, applied: Bool) {
        settings = s
        if !name.isEditing && name.text != s.name { name.text = s.name }
        if !sound.isTracking && sound.isOn != s.sound { sound.isOn = s.sound }
        if !music.isTracking && music.value != s.music { music.value = s.music }
        if !sensitivity.isTracking && sensitivity.value != s.sensitivity { sensitivity.value = s.sensitivity }
        status.text = applied ? "Applied" : "Not applied yet"
    }

    override func layoutSubviews() {
        let x: CGFloat = 16, w = bounds.width - 32
        settingsCard.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 224)
        settingsCard.rowBottoms = [44, 88, 156]
        name.frame = CGRect(x: x, y: 11, width: w, height: 22)
        soundLabel.frame = CGRect(x: x, y: 50, width: w - 60, height: 32)
        sound.frame = CGRect(x: x + w - 51, y: 50, width: 51, height: 31)
        musicLabel.frame = CGRect(x: x, y: 93, width: w, height: 22)
        music.frame = CGRect(x: x, y: 116, width: w, height: 34)
        sensitivityLabel.frame = CGRect(x: x, y: 161, width: w, height: 22)
        sensitivity.frame = CGRect(x: x, y: 184, width: w, height: 34)
        actionsCard.frame = CGRect(x: 0, y: 248, width: bounds.width, height: 176)
        actionsCard.rowBottoms = [44, 88, 132]
        for (i, button) in [apply, reset, mute].enumerated() {
            button.frame = CGRect(x: x, y: CGFloat(i) * 44, width: w, height: 44)
        }
        status.frame = CGRect(x: x, y: 143, width: w, height: 22)
    }

    /// A group of rows: a rounded plate with a hairline under each row but the last.
    final class Card: UIView {
        var rowBottoms: [CGFloat] = [] { didSet { if oldValue != rowBottoms { setNeedsDisplay() } } }

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .secondarySystemGroupedBackground
            cornerRadius = 10
        }

        override func draw(_ rect: CGRect) {
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            let hairline = 1 / max(1, ctx.scale)
            for y in rowBottoms { ctx.fill(CGRect(x: 16, y: y - hairline, width: bounds.width - 16, height: hairline), color: .separator) }
        }
    }
}
