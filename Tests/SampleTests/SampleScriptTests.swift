import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// Every sample runs headless for 120 frames with a script that exercises it, and its action
/// log is what the script should produce. Frames are 0-based; input in frame N is
/// delivered in frame N (no latency).
@MainActor
struct SampleScriptTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/Scripts")

    /// Runs a sample headless with its script; returns the action log and the launcher's exit code.
    static func run(_ sample: String, script: String? = nil, frames: Int = 120, record: String? = nil,
                    inspect: ((Launcher) -> Void)? = nil) -> (code: Int32, log: [String]) {
        var options = LauncherOptions()
        options.headless = true
        options.sample = sample
        options.frames = frames
        options.logActions = true
        options.script = script ?? scripts.appendingPathComponent("\(sample).script").path
        options.record = record
        var log: [String] = []
        let code = Launcher.run(options, output: { log.append($0) }, inspect: inspect)
        return (code, log)
    }

    @Test func galleryScript() {
        var progress: [Float] = [], spinning: [Bool] = []
        let (code, log) = Self.run("gallery") { launcher in
            guard let gallery = launcher.scene as? GallerySample else { return }
            progress = [gallery.progressBar.progress, gallery.toolbarProgress.progress]
            spinning = gallery.spinners.map { $0.isAnimating && !$0.isHidden }
        }
        #expect(code == 0)
        #expect(progress == [0.6, 0.6], "Advance moved both progress views from 40% to 60%")
        #expect(spinning == [true, true], "Spin off, then on: both indicators spin")
        #expect(log == [
            "frame 3: UIButton \"Play\" primaryActionTriggered -> UIAction(Filled button)",
            "frame 7: UISwitch \"Switch, Normal\" primaryActionTriggered -> UIAction(Switch)",
            "frame 11: UISegmentedControl \"Segmented, Normal\" primaryActionTriggered -> UIAction(Segmented)",
            "frame 15: UISegmentedControl \"Section\" valueChanged -> UIAction",
            "frame 18: UISlider \"Slider, Normal\" primaryActionTriggered -> UIAction(Slider)",
            "frame 19: UISlider \"Slider, Normal\" primaryActionTriggered -> UIAction(Slider)",
            "frame 20: UISlider \"Slider, Normal\" primaryActionTriggered -> UIAction(Slider)",
            "frame 21: UISlider \"Slider, Normal\" primaryActionTriggered -> UIAction(Slider)",
            "frame 24: UIStepper \"Stepper, Normal\" primaryActionTriggered -> UIAction(Stepper)",
            "frame 29: UIPageControl \"Page control, Normal\" primaryActionTriggered -> UIAction(Page control)",
            "frame 33: UISegmentedControl \"Section\" valueChanged -> UIAction",
            "frame 40: UITextField \"Name\" primaryActionTriggered -> UIAction(Text field)",
            "frame 45: UISwitch \"Dark mode\" valueChanged -> UIAction",
            "frame 49: UISegmentedControl \"Section\" valueChanged -> UIAction",
            "frame 53: UIButton \"Advance\" primaryActionTriggered -> UIAction(Advance)",
            "frame 57: UISwitch \"Spin\" valueChanged -> UIAction(Spin)",
            "frame 61: UISwitch \"Spin\" valueChanged -> UIAction(Spin)",
        ])
    }

    @Test func eventInspectorScript() {
        var pad: InspectorPad?
        let (code, log) = Self.run("events") { launcher in pad = (launcher.scene as? EventInspectorSample)?.pad }
        #expect(code == 0)
        let events = log.map { $0.replacingOccurrences(of: "InspectorPad \"Pad\" ", with: "").replacingOccurrences(of: " -> UIAction(inspect-", with: " ") }
        #expect(events == [
            "frame 2: touchDown touchDown)", "frame 3: touchUpInside touchUpInside)",
            "frame 40: touchDown touchDown)", "frame 41: touchUpInside touchUpInside)",
            "frame 44: touchDown touchDown)", "frame 44: touchDownRepeat touchDownRepeat)", "frame 45: touchUpInside touchUpInside)",
            "frame 80: touchDown touchDown)", "frame 81: touchDragInside touchDragInside)",
            "frame 82: touchDragExit touchDragExit)", "frame 82: touchDragOutside touchDragOutside)",
            "frame 83: touchDragOutside touchDragOutside)",
            "frame 84: touchDragEnter touchDragEnter)", "frame 84: touchDragInside touchDragInside)",
            "frame 85: touchUpInside touchUpInside)",
            "frame 91: UISwitch \"Enabled\" valueChanged -> UIAction",
            "frame 99: UISwitch \"Enabled\" valueChanged -> UIAction",
        ])
        #expect(pad?.isEnabled == true)
    }

    @Test func targetActionScript() {
        var score = -1
        let (code, log) = Self.run("target-action") { launcher in score = (launcher.scene as? TargetActionSample)?.board.score ?? -1 }
        #expect(code == 0)
        #expect(log == [
            "frame 3: UIButton \"+10 (typed target)\" touchUpInside -> TargetActionSample (typed method)",
            "frame 7: UIButton \"+10 (typed target)\" touchUpInside -> TargetActionSample (typed method)",
            "frame 11: UIButton \"+1 (UIAction)\" primaryActionTriggered -> UIAction(add one)",
            "frame 15: UIButton \"Reset (nil target → chain)\" touchUpInside -> ScoreBoard.resetScore:",
        ])
        #expect(score == 0, "10 + 10 + 1, then reset through the responder chain")
    }

    @Test func multiTouchScriptDragsTwoSlidersAtOnce() {
        var values: [Float] = []
        let (code, log) = Self.run("multitouch") { launcher in
            values = (launcher.scene as? MultiTouchSample)?.sliders.map(\.value) ?? []
        }
        #expect(code == 0)
        // Both sliders change in the same frames: two fingers, two controls, one frame.
        for f in [2, 3, 4] {
            #expect(log.contains("frame \(f): UISlider \"Slider 1\" valueChanged -> UIAction"))
            #expect(log.contains("frame \(f): UISlider \"Slider 2\" valueChanged -> UIAction"))
        }
        #expect(log.contains("frame 11: RotaryKnob \"Knob\" valueChanged -> UIAction"))
        #expect(values.count == 4 && values[0] > 20 && values[1] > 40, "both dragged right")
        #expect(values.count == 4 && values[2] == 60 && values[3] == 80, "the others untouched")
    }

    @Test func formScriptValidatesThenSubmits() {
        var status = ""
        var guests = 0.0
        let (code, log) = Self.run("form") { launcher in
            let form = launcher.scene as? FormSample
            status = form?.status.text ?? ""
            guests = form?.guests.value ?? 0
        }
        #expect(code == 0)
        #expect(log == [
            "frame 4: UITextField \"Name\" editingChanged -> UIAction(edited)",
            "frame 8: UITextField \"Email\" editingChanged -> UIAction(edited)",
            "frame 14: UIStepper \"Guests\" valueChanged -> UIAction(guests)",
            "frame 19: UIDatePicker \"Date\" valueChanged -> UIAction(date chosen)",
            "frame 26: UITextField \"Email\" editingChanged -> UIAction(edited)",
        ])
        #expect(guests == 3)
        #expect(status == "Booked for Ada, 3 guest(s). ✓")
    }

    @Test func gameScriptClicksOnTheHUDDoNotReachTheGame() {
        var shots = -1
        let (code, log) = Self.run("game", frames: 24) { launcher in
            shots = (launcher.scene as? EmbeddedGameSample)?.shotsFired ?? -1
        }
        #expect(code == 0)
        #expect(log == [
            "frame 7: UIButton \"Resume\" primaryActionTriggered -> UIAction(pause)",
            "frame 15: UIButton \"Pause\" primaryActionTriggered -> UIAction(pause)",
            "frame 23: UISwitch \"Auto-fire\" valueChanged -> UIAction(auto-fire)",
        ])
        #expect(shots == 2, "the sky click and the finger fired; the HUD clicks and the paused click did not")
    }

    @Test func immediateScriptEditsOneStateFromBothPanels() {
        var settings: GameSettings?, applied: GameSettings?
        var retainedShows: (sound: Bool, music: Float, name: String)?
        let (code, log) = Self.run("immediate", frames: 32) { launcher in
            guard let scene = launcher.scene as? ImmediateSample else { return }
            settings = scene.settings
            applied = scene.applied
            retainedShows = (scene.retained.sound.isOn, scene.retained.music.value, scene.retained.name.text ?? "")
        }
        #expect(code == 0)
        #expect(log == [
            "frame 2: UISlider \"Music volume\" valueChanged -> UIAction",
            "frame 3: UISlider \"Music volume\" valueChanged -> UIAction",
            "frame 4: UISlider \"Music volume\" valueChanged -> UIAction",
            "frame 9: UIButton \"Mute\" primaryActionTriggered -> UIAction(immediate)",
            "frame 14: UITextField \"Player name\" editingChanged -> UIAction(immediate)",
            "frame 21: UIButton \"Reset to defaults\" primaryActionTriggered -> UIAction",
            "frame 25: UISwitch \"Sound effects\" valueChanged -> UIAction(immediate)",
            "frame 29: UIButton \"Apply\" primaryActionTriggered -> UIAction(immediate)",
        ])
        var expected = GameSettings()
        expected.sound = false
        #expect(settings == expected, "reset from the retained panel, then the sound switched off on the immediate one")
        #expect(applied == expected)
        #expect(retainedShows?.sound == false && retainedShows?.music == expected.music && retainedShows?.name == "")
    }

    @Test func immediateScriptHalfwayEachPanelShowsTheOthersChanges() {
        var settings: GameSettings?
        var immediateMusic: Float?, retainedName: String?, retainedSound: Bool?
        let (code, _) = Self.run("immediate", frames: 15) { launcher in
            guard let scene = launcher.scene as? ImmediateSample else { return }
            settings = scene.settings
            immediateMusic = scene.panel.subviewsOfType(UISlider.self).first?.value
            retainedName = scene.retained.name.text
            retainedSound = scene.retained.sound.isOn
        }
        #expect(code == 0)
        #expect(settings?.name == "Ada" && settings?.sound == false && settings?.music == 0, "muted on the left, typed on the left")
        #expect(immediateMusic == 0)
        #expect(retainedName == "Ada" && retainedSound == false, "the retained twin shows it in the same frame")
    }

    @Test func gameTuningHUDIsAnImmediateViewWhosePlateTakesClicks() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-\(UUID().uuidString).script")
        defer { try? FileManager.default.removeItem(at: script) }
        try """
        # SDLControls input script 1
        2 mouse down 480 300
        3 mouse up 480 300
        5 mouse down 920 470
        6 mouse up 920 470
        8 mouse down 868 597
        9 mouse up 868 597
        """.write(to: script, atomically: true, encoding: .utf8)
        var shotsAfterPlate = -1, shots = -1
        let (code, log) = Self.run("game", script: script.path, frames: 12) { launcher in
            shots = (launcher.scene as? EmbeddedGameSample)?.shotsFired ?? -1
        }
        let (_, _) = Self.run("game", script: script.path, frames: 8) { launcher in
            shotsAfterPlate = (launcher.scene as? EmbeddedGameSample)?.shotsFired ?? -1
        }
        #expect(code == 0)
        #expect(shotsAfterPlate == 1, "the sky click fired; the click on the tuning plate did not")
        #expect(log == ["frame 9: UIButton \"Reset score\" primaryActionTriggered -> UIAction(immediate)"])
        #expect(shots == 0, "Reset score, declared in the build, reset the game's own counter")
    }

    @Test func stressScript() {
        var tapped = 0
        let (code, log) = Self.run("stress") { launcher in tapped = (launcher.scene as? StressSample)?.tapped ?? 0 }
        #expect(code == 0)
        #expect(log == [
            "frame 3: UIButton \"0\" primaryActionTriggered -> UIAction(grid button)",
            "frame 7: UISwitch \"Animate\" valueChanged -> UIAction(animate)",
        ])
        #expect(tapped == 1)
    }

    @Test func aRecordedSessionReplaysToTheSameActionLog() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString).script").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = Self.run("gallery", record: path)
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recorded.hasPrefix(InputScript.header))
        let replay = Self.run("gallery", script: path)
        #expect(first.code == 0 && replay.code == 0)
        #expect(!first.log.isEmpty)
        #expect(replay.log == first.log)
    }

    @Test func aMalformedScriptStopsWithTheLineNumber() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).script").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# ok\n1 mouse down 10 10\n2 mouse sideways 3 4\n".write(toFile: path, atomically: true, encoding: .utf8)
        var stderrLines: [String] = []
        let code = Launcher.run({ var o = LauncherOptions(); o.headless = true; o.script = path; return o }(),
                                output: { _ in }, errors: { stderrLines.append($0) })
        #expect(code == 1)
        #expect(stderrLines.first?.contains("line 3: expected down, move or up") == true)
    }

    @Test func everySampleRendersHeadless() {
        for info in SampleCatalog.all {
            var drew = false
            let (code, _) = Self.run(info.name, script: nil, frames: 3) { launcher in drew = launcher.host.counters.vertices > 0 }
            #expect(code == 0, "\(info.name)")
            #expect(drew, "\(info.name) drew something")
        }
    }
}

extension UIView {
    /// Every view of a type in this view's tree, depth first.
    func subviewsOfType<V: UIView>(_ type: V.Type) -> [V] {
        subviews.flatMap { sub in ((sub as? V).map { [$0] } ?? []) + sub.subviewsOfType(type) }
    }
}
