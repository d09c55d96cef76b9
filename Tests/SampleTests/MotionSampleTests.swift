import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// The motion sample runs headless with its script (`Samples/Scripts/motion.script`) and with
/// small scripts of its own, on the launcher's fixed step (1/60 s a frame). A run of `frames`
/// frames ends after frame `frames − 1`; an animation started by an action in frame N starts
/// moving at frame N + 1's clock advance. Each test reads the model values (what the
/// properties hold) and the in-flight ones (`presentation()`) at the end of a run.
@MainActor
struct MotionSampleTests {
    /// Runs the sample for `frames` frames with `script` (its own when nil); `inspect` sees the
    /// scene after the last frame.
    @discardableResult
    static func run(frames: Int, script: String? = nil, inspect: ((MotionSample) -> Void)? = nil) -> (code: Int32, log: [String]) {
        SampleScriptTests.run("motion", script: script, frames: frames) { launcher in
            guard let scene = launcher.scene as? MotionSample else {
                Issue.record("the motion sample is not open")
                return
            }
            inspect?(scene)
        }
    }

    /// Runs the sample with a script given as text.
    @discardableResult
    static func run(frames: Int, lines: String, inspect: ((MotionSample) -> Void)? = nil) throws -> (code: Int32, log: [String]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motion-\(UUID().uuidString).script")
        defer { try? FileManager.default.removeItem(at: url) }
        try (InputScript.header + "\n" + lines).write(to: url, atomically: true, encoding: .utf8)
        return run(frames: frames, script: url.path, inspect: inspect)
    }

    @Test func theScriptsActionsArriveInTheFramesOfTheirInput() {
        let (code, log) = Self.run(frames: 182)
        #expect(code == 0)
        let taps = log.filter { !$0.contains("valueChanged") }
        #expect(taps == [
            "frame 3: UIButton \"Menu\" primaryActionTriggered -> UIAction(menu)",
            "frame 46: UIButton \"Settings\" primaryActionTriggered -> UIAction(settings)",
            "frame 61: UIButton \"Hit\" primaryActionTriggered -> UIAction(hit)",
            "frame 69: UIButton \"Hit\" primaryActionTriggered -> UIAction(hit)",
            "frame 125: UIButton \"Like\" primaryActionTriggered -> UIAction(like)",
            "frame 131: UIButton \"Like\" primaryActionTriggered -> UIAction(like)",
            "frame 137: UIButton \"Hit\" primaryActionTriggered -> UIAction(hit)",
            // The button's title (its accessibility label) is "Pause" once the animator runs.
            "frame 147: UIButton \"Pause\" primaryActionTriggered -> UIAction(play)",
            "frame 151: UIButton \"Hit\" primaryActionTriggered -> UIAction(hit)",
        ])
        #expect(log.filter { $0.contains("VolumeDial \"Volume\" valueChanged") }.count == 6)
        #expect(log.filter { $0.contains("UISlider \"Bass\" valueChanged") }.count == 6)
        #expect(log.filter { $0.contains("UISlider \"Progress\" valueChanged") }.count == 5)
    }

    @Test func afterTheScriptEveryPartShowsWhatItWasGiven() {
        Self.run(frames: 182) { s in
            #expect(s.health == 12)
            #expect(s.healthFill.backgroundColor == .systemRed, "12 of 100 is red")
            #expect(s.hpLabel.text == "HP 12 / 100")
            #expect(s.likes == 2 && s.likesLabel.text == "2 likes")
            #expect(abs(s.dial.value - (0.4 + 1.0 / 3)) < 0.02, "a quarter turn of the finger is a third of the travel: \(s.dial.value)")
            #expect(s.dial.transform == CGAffineTransform(rotationAngle: VolumeDial.angle(for: s.dial.value)))
            #expect(s.bassSlider.value > 0.75 && s.bassSlider.value < 0.95, "dragged up its turned track: \(s.bassSlider.value)")
            #expect(s.menuChoices == ["Settings"])
            #expect(!s.isMenuOpen && s.menuPanel.isHidden && s.dimming.isHidden)
            #expect(s.animator.state == .active && s.animator.isRunning)
            #expect(s.animator.fractionComplete > 0.5 && s.animator.fractionComplete < 0.8, "\(s.animator.fractionComplete)")
            #expect(abs(CGFloat(s.scrubSlider.value) - s.animator.fractionComplete) < 0.001, "the slider follows the running animator")
        }
    }

    @Test func theMenuSlidesInOnASpringThatOvershoots() {
        var closed: CGFloat = 0, open: CGFloat = 0
        var xs: [CGFloat] = []
        for frames in [5, 6, 8, 12, 16, 20, 24, 28, 44] {
            Self.run(frames: frames) { s in
                #expect(s.isMenuOpen && !s.menuPanel.isHidden)
                open = s.menuPanel.bounds.width / 2
                closed = -open - 12
                #expect(s.menuPanel.center.x == open, "the model is open at once")
                xs.append(s.menuPanel.presentation().center.x)
            }
        }
        #expect(xs.first == closed, "frame 3's action: the slide starts at frame 4's clock time, from where it was")
        #expect(xs[1] > closed && xs[1] < open, "under way: \(xs)")
        #expect(xs.max()! > open + 1, "a damping ratio of 0.72 overshoots: \(xs)")
        #expect(xs.last == open, "settled: \(xs)")
    }

    @Test func theHealthBarDrainsAfterItsModelAndTheDamageBarWaits() {
        Self.run(frames: 66) { s in   // the hit in frame 61; 4 frames of 0.45 s run
            let full = s.healthTrack.bounds.width
            #expect(s.health == 78)
            #expect(s.healthFill.frame.width == (full * 0.78).rounded(), "the model width is the new one at once")
            let drawn = s.healthFill.presentation().bounds.width
            #expect(drawn > s.healthFill.frame.width && drawn < full, "the drawn width is on its way: \(drawn)")
            #expect(s.healthGhost.presentation().bounds.width == full, "the damage bar waits 0.35 s")
            #expect(s.healthTrack.presentation().transform != .identity, "the groove shakes")
            #expect(s.healthTrack.transform == .identity, "its model transform is back at rest")
        }
        Self.run(frames: 130) { s in   // the second hit's damage bar: frame 70 + 0.35 s + 0.6 s
            #expect(s.healthFill.presentation().bounds.width == s.healthFill.frame.width)
            #expect(s.healthGhost.presentation().bounds.width == s.healthGhost.frame.width)
            #expect(s.healthFill.backgroundColor == .systemGreen, "56 is still green")
        }
    }

    @Test func theDimmingTakesATapWhileItFadesInAndTheSpringingPanelNone() throws {
        // Menu in frame 3; a tap on Like's place (under the dimming) in frame 6, mid-fade.
        var (code, log) = try Self.run(frames: 12, lines: """
        2 mouse down 64 82
        3 mouse up 64 82
        6 mouse down 714 218
        7 mouse up 714 218
        """) { s in
            #expect(s.likes == 0, "the button under the dimming was not tapped")
            #expect(!s.isMenuOpen, "the tap on the dimming closed the menu")
        }
        #expect(code == 0)
        #expect(log == ["frame 3: UIButton \"Menu\" primaryActionTriggered -> UIAction(menu)"])
        // A tap on Achievements' place while the panel springs: neither the button (it is
        // skipped while it animates) nor the dimming under it (the panel's place) acts; once
        // the spring is over, the button takes its tap.
        (code, log) = try Self.run(frames: 50, lines: """
        2 mouse down 64 82
        3 mouse up 64 82
        10 mouse down 150 284
        11 mouse up 150 284
        40 mouse down 150 284
        41 mouse up 150 284
        """) { s in
            #expect(s.menuChoices == ["Achievements"])
            #expect(!s.isMenuOpen)
        }
        #expect(code == 0)
        #expect(log == ["frame 3: UIButton \"Menu\" primaryActionTriggered -> UIAction(menu)",
                        "frame 41: UIButton \"Achievements\" primaryActionTriggered -> UIAction(achievements)"])
    }

    @Test func aRunningAnimatorCanBePausedAndScrubbedAndPlaysBackFromTheEnd() throws {
        // Scrub to about 30% (frames 110–114 of the sample's script), then read it paused.
        Self.run(frames: 116) { s in
            let f = s.animator.fractionComplete
            #expect(s.animator.state == .active && !s.animator.isRunning)
            #expect(abs(f - CGFloat(s.scrubSlider.value)) < 0.001 && f > 0.25 && f < 0.35, "\(f)")
            #expect(s.animatorStatus.text == String(format: "Paused at %.0f%%", Double(f) * 100))
            let token = s.token.presentation()
            #expect(token.center.x > 36 && token.center.x < s.token.center.x, "between the start and the model's end")
            #expect(token.transform != .identity && token.transform != s.token.transform, "turning")
        }
        // Play at 0% runs to the end (1.6 s) and pauses there (pausesOnCompletion); Play again
        // runs back: 28 frames later it is 0.3 of the way back.
        try Self.run(frames: 150, lines: """
        2 mouse down 552 535
        3 mouse up 552 535
        120 mouse down 552 535
        121 mouse up 552 535
        """) { s in
            #expect(s.animator.state == .active && s.animator.isRunning && s.animator.isReversed)
            #expect(s.animatorStatus.text?.hasPrefix("Running back") == true, "\(s.animatorStatus.text ?? "")")
            #expect(abs(s.animator.fractionComplete - (1 - 28.0 / 96)) < 0.02, "\(s.animator.fractionComplete)")
        }
    }

    /// The launcher's fixed step draws every frame of an animation at the same place in every
    /// run: the menu springing (8), the bar draining and shaking (64), the dial's and slider's
    /// turns with the animator paused (120), and the tour's screenshot (181: the damage bar and
    /// the animator under way).
    @Test(arguments: [8, 64, 120, 182])
    func framesMidAnimationAreTheSameInEveryRun(frames: Int) throws {
        let first = try screenshot(frames: frames)
        let second = try screenshot(frames: frames)
        #expect(first == second)
        #expect(try screenshot(frames: frames + 1) != first || frames == 120, "frame \(frames) is mid-animation: the next one differs")
    }

    private func screenshot(frames: Int) throws -> [UInt32] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("motion-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = LauncherOptions()
        options.headless = true
        options.sample = "motion"
        options.script = SampleScriptTests.scripts.appendingPathComponent("motion.script").path
        options.frames = frames
        options.screenshot = path
        #expect(Launcher.run(options, output: { _ in }) == 0)
        guard let raw = IMG_Load(path) else { throw CocoaError(.fileReadCorruptFile) }
        defer { SDL_FreeSurface(raw) }
        guard let s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { throw CocoaError(.fileReadCorruptFile) }
        defer { SDL_FreeSurface(s) }
        let count = Int(s.pointee.pitch) / 4 * Int(s.pointee.h)
        return Array(UnsafeBufferPointer(start: s.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count))
    }
}
