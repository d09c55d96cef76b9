import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// The gestures sample runs headless with its script (`Samples/Scripts/gestures.script`) and
/// with small scripts of its own; each test reads the map, the list and the card afterwards.
/// Frames are 0-based at 60 a second; input in frame N is handled in frame N.
@MainActor
struct GesturesSampleTests {
    /// What the sample shows after a run.
    struct Shown {
        var offset = CGPoint.zero, zoom: CGFloat = 0, rotation: CGFloat = 0
        var markers = 0, singleTaps = 0, doubleTaps = 0, buttonTaps = 0
        var rows: [String] = [], revealed: [String] = [], removed: [String] = []
        var presses = 0, held = false
        var status = ""
    }

    /// Runs the sample for `frames` frames with `script` (its own script when nil); returns the
    /// exit code, the action log and what it shows.
    static func run(frames: Int, script: String? = nil) -> (code: Int32, log: [String], shown: Shown?) {
        var shown: Shown?
        let (code, log) = SampleScriptTests.run("gestures", script: script, frames: frames) { launcher in
            guard let s = launcher.scene as? GesturesSample else { return }
            shown = Shown(offset: s.map.offset, zoom: s.map.zoom, rotation: s.map.rotation, markers: s.map.markers.count,
                          singleTaps: s.singleTaps, doubleTaps: s.doubleTaps, buttonTaps: s.buttonTaps,
                          rows: s.rows.map { $0.titleLabel.text ?? "" }, revealed: s.rows.filter(\.isRevealed).map { $0.titleLabel.text ?? "" },
                          removed: s.removedRows, presses: s.card.presses, held: s.card.isHeld, status: s.status.text ?? "")
        }
        return (code, log, shown)
    }

    /// Runs the sample with a script given as text.
    static func run(frames: Int, lines: String) throws -> (code: Int32, log: [String], shown: Shown?) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gestures-\(UUID().uuidString).script")
        defer { try? FileManager.default.removeItem(at: url) }
        try (InputScript.header + "\n" + lines).write(to: url, atomically: true, encoding: .utf8)
        return run(frames: frames, script: url.path)
    }

    /// Within a thousandth of a point (finger positions travel as SDL's normalized floats).
    static func near(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 0.001 && abs(a.y - b.y) < 0.001 }

    // MARK: The sample's script, step by step

    @Test func theOneFingerPanMovesTheMapByItsTranslation() throws {
        let mid = try #require(Self.run(frames: 5).shown)
        #expect(Self.near(mid.offset, CGPoint(x: 80, y: 24)), "under way: the finger moved (80, 24) by frame 4: \(mid.offset)")
        #expect(mid.status.hasPrefix("Pan changed: translation (80, 24)"), "\(mid.status)")
        let done = try #require(Self.run(frames: 8).shown)
        #expect(Self.near(done.offset, CGPoint(x: 120, y: 40)), "\(done.offset)")
        #expect(done.zoom == 1 && done.rotation == 0, "one finger only pans")
        #expect(done.status.hasPrefix("Pan ended: translation (120, 40)"), "\(done.status)")
        #expect(done.markers == 0, "a pan is no tap")
    }

    @Test func thePinchZoomsByTheFingersDistance() throws {
        let shown = try #require(Self.run(frames: 19).shown)
        #expect(abs(shown.zoom - 1.5) < 0.01, "100 points apart to 150: \(shown.zoom)")
        #expect(shown.rotation == 0)
        #expect(shown.status.hasPrefix("Pinch ended: scale 1.50×"), "\(shown.status)")
    }

    @Test func theRotationTurnsTheMapAndLeavesTheZoom() throws {
        let shown = try #require(Self.run(frames: 32).shown)
        #expect(abs(shown.rotation - .pi / 6) < 0.02, "30° clockwise: \(shown.rotation)")
        #expect(abs(shown.zoom - 1.5) < 0.02, "the fingers stayed 120 points apart: \(shown.zoom)")
        #expect(shown.status.hasPrefix("Rotation ended: 0.52 rad (30°)"), "\(shown.status)")
    }

    @Test func theDoubleTapZoomsInAndItsTapsDropNoMarkers() throws {
        let shown = try #require(Self.run(frames: 47).shown)
        #expect(shown.doubleTaps == 1)
        #expect(abs(shown.zoom - 3) < 0.02, "1.5 × 2: \(shown.zoom)")
        // The single tap waits for the double tap to fail; the double tap recognized, so the
        // single tap failed, even after the multi-tap interval.
        let later = try #require(Self.run(frames: 71).shown)
        #expect(later.singleTaps == 0 && later.markers == 0)
    }

    @Test func theSingleTapDropsItsMarkerOnceTheDoubleTapHasFailed() throws {
        // Lifted in frame 73; the double tap gives up 0.35 s (21 frames) later.
        let waiting = try #require(Self.run(frames: 90).shown)
        #expect(waiting.markers == 0, "still waiting for a second tap")
        let dropped = try #require(Self.run(frames: 99).shown)
        #expect(dropped.markers == 1 && dropped.singleTaps == 1)
        #expect(dropped.status.hasPrefix("Single tap: marker at (340, 236)"), "\(dropped.status)")
    }

    @Test func theLongPressHighlightsTheCardWhileHeldAndCountsIt() throws {
        let early = try #require(Self.run(frames: 190).shown)
        #expect(early.presses == 0 && !early.held, "held for 25 frames: not yet 0.5 s")
        let held = try #require(Self.run(frames: 200).shown)
        #expect(held.presses == 1 && held.held)
        #expect(held.status.hasPrefix("Long press began (1 so far)"), "\(held.status)")
    }

    @Test func theWholeScript() throws {
        let (code, log, shown) = Self.run(frames: 236)
        let s = try #require(shown)
        #expect(code == 0)
        // The tap on "−" ran the button's action in the frame it lifted (the double tap does not
        // hold it back), and the map's single tap did not drop a marker for it.
        #expect(log == ["frame 101: UIButton \"Zoom out\" primaryActionTriggered -> UIAction(zoom out)"])
        #expect(s.buttonTaps == 1)
        #expect(s.singleTaps == 1 && s.markers == 1, "only the tap on the map itself dropped a marker")
        #expect(abs(s.zoom - 2) < 0.02, "3 ÷ 1.5: \(s.zoom)")
        #expect(s.revealed == ["Milk"], "one swipe shows Delete")
        #expect(s.removed == ["Coffee beans"] && s.rows == ["Milk", "Bread", "Oranges"], "two swipes remove the row")
        #expect(s.presses == 1 && !s.held, "released: back to normal")
        #expect(s.status.hasPrefix("Long press ended (1 so far)\nMap: offset (62, 44), zoom 2.00×, rotation 30°"), "\(s.status)")
    }

    // MARK: Scripts of the tests' own

    @Test func aTapOnAMapButtonIsTheButtonsAndATapBesideItIsTheMaps() throws {
        let (code, log, shown) = try Self.run(frames: 60, lines: """
        2 mouse down 198 100
        3 mouse up 198 100
        10 mouse down 300 300
        11 mouse up 300 300
        """)
        let s = try #require(shown)
        #expect(code == 0)
        #expect(log == ["frame 3: UIButton \"Zoom in\" primaryActionTriggered -> UIAction(zoom in)"])
        #expect(abs(s.zoom - 1.5) < 0.001)
        #expect(s.singleTaps == 1 && s.markers == 1, "the tap on the map dropped a marker; the one on + did not")
    }

    @Test func pinchAndRotationRecognizeTogether() throws {
        // Two fingers 100 points apart turn 30° while moving to 160 apart.
        var lines = "2 finger down 1 250 300\n2 finger down 2 350 300\n"
        var last = ""
        for step in 1...6 {
            let angle = CGFloat(step) * 5 * .pi / 180, radius = 50 + CGFloat(step) * 5
            let dx = Int((radius * cos(angle)).rounded()), dy = Int((radius * sin(angle)).rounded())
            lines += "\(2 + step) finger move 1 \(300 - dx) \(300 - dy)\n\(2 + step) finger move 2 \(300 + dx) \(300 + dy)\n"
            last = "9 finger up 1 \(300 - dx) \(300 - dy)\n9 finger up 2 \(300 + dx) \(300 + dy)\n"
        }
        lines += last
        let s = try #require(try Self.run(frames: 12, lines: lines).shown)
        #expect(abs(s.zoom - 1.6) < 0.03, "zoomed: \(s.zoom)")
        #expect(abs(s.rotation - .pi / 6) < 0.03, "and turned: \(s.rotation)")
    }

    @Test func aSlowDragIsNoSwipeAndASwipeRightHidesDelete() throws {
        // "Bread": a point a frame, so 50 points take 0.83 s (a swipe has 0.5 s). "Milk": left, then right.
        var lines = "2 finger down 1 900 178\n"
        for f in 1...70 { lines += "\(2 + f) finger move 1 \(900 - f) 178\n" }
        lines += """
        73 finger up 1 830 178
        80 finger down 1 900 126
        81 finger move 1 850 126
        82 finger move 1 800 126
        83 finger up 1 800 126
        """
        let revealed = try #require(try Self.run(frames: 85, lines: lines).shown)
        #expect(revealed.revealed == ["Milk"], "the slow drag left Bread alone: \(revealed.revealed)")
        lines += """

        90 finger down 1 700 126
        91 finger move 1 750 126
        92 finger move 1 800 126
        93 finger up 1 800 126
        """
        let hidden = try #require(try Self.run(frames: 95, lines: lines).shown)
        #expect(hidden.revealed.isEmpty && hidden.removed.isEmpty)
        #expect(hidden.status.hasPrefix("Swipe right on \"Milk\": Delete hidden"), "\(hidden.status)")
    }

    // MARK: In-process, with SDL events

    @Test func theWheelPansTheMap() throws {
        let (host, launcher) = try launchHeadless("gestures")
        defer { launcher.close(); host.shutdown() }
        let sample = try #require(launcher.scene as? GesturesSample)
        let centre = sample.map.convert(CGPoint(x: sample.map.bounds.midX, y: sample.map.bounds.midY), to: nil)
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.windowID = SDL_GetWindowID(host.sdlWindow)
        motion.motion.x = Int32(centre.x)
        motion.motion.y = Int32(centre.y)
        SDL_PushEvent(&motion)
        var wheel = SDL_Event()
        wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.windowID = SDL_GetWindowID(host.sdlWindow)
        wheel.wheel.y = 3
        wheel.wheel.preciseY = 3
        SDL_PushEvent(&wheel)
        launcher.runFrame(render: false)
        #expect(Self.near(sample.map.offset, CGPoint(x: 0, y: 3 * host.wheelScrollDistance)), "three notches up move the map down: \(sample.map.offset)")
        #expect(sample.status.text?.hasPrefix("Pan began") == true, "\(sample.status.text ?? "")")
        for _ in 0..<30 { launcher.runFrame(render: false) }
        #expect(sample.status.text?.hasPrefix("Pan ended") == true, "the wheel's pan ends after its last notch")
        #expect(sample.pan.state == .possible)
    }
}
