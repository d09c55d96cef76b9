import Foundation
import Testing
import SampleKit
import SDLControls

/// Replay and `--record` through the `sample-launcher` binary (README "Input scripts, record
/// and replay"): actions land in the frame of their input and are logged one a line; a
/// recorded session, headless or in a real window, replays to the same action log.
@MainActor
struct RecordAndReplayTests: LauncherProcessHarness {

    // MARK: Replay timing and the action log

    /// `--log-actions` prints each delivered action on stdout as one line (frame number,
    /// sender's class and accessibility label, event, receiver); scripts are timed by frame, so an
    /// action lands in the frame of its input, whatever `--fixed-step`.
    @Test(.enabled(if: binary != nil), arguments: ["60", "7"])
    func actionsLandInTheFrameOfTheirInput(_ steps: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = Self.scripts.appendingPathComponent("target-action.script").path
        let r = try Self.launcher(["--headless", "--sample", "target-action", "--script", script, "--log-actions",
                                   "--fixed-step", steps], in: dir)
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines { #expect(Self.isActionLine(line), "\(line)") }
        #expect(lines.contains("frame 11: UIButton \"+1 (UIAction)\" primaryActionTriggered -> UIAction(add one)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("frame 15: UIButton \"Reset") && $0.hasSuffix("-> ScoreBoard.resetScore:") }, "\(lines)")
    }

    // MARK: Record and replay

    /// `--record` writes the script format from a live session, and a recorded session replays
    /// to the same action log. A run that replays a script with `resize` records the resize, so
    /// the recording replays clicks against the same layout.
    @Test(.enabled(if: binary != nil))
    func aRecordingKeepsAResize() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Narrow the window so the target-action buttons wrap, then click where "+1" lands.
        let narrow = try Self.launcher(["--headless", "--sample", "target-action", "--size", "400x640", "--dump-accessibility"], in: dir)
        let plusOne = narrow.out.split(separator: "\n").first { $0.contains("\"+1 (UIAction)\"") }
        let center = try #require(plusOne.flatMap { $0.firstMatch(of: /center=\((\d+), (\d+)\)/) })
        let script = try Self.write("""
            # SDLControls input script 1
            2 resize 400 640
            5 mouse down \(center.1) \(center.2)
            6 mouse up \(center.1) \(center.2)
            """, "resize.script", in: dir)
        let first = try Self.launcher(["--headless", "--sample", "target-action", "--script", script, "--log-actions",
                                       "--record", "rec.script", "--frames", "10"], in: dir)
        #expect(first.code == 0 && first.out.contains("+1 (UIAction)"), "\(first.out) \(first.err)")
        let recorded = try String(contentsOf: dir.appendingPathComponent("rec.script"), encoding: .utf8)
        #expect(recorded.contains("resize 400 640"), "\(recorded)")
        let replay = try Self.launcher(["--headless", "--sample", "target-action", "--script", "rec.script", "--log-actions",
                                        "--frames", "10"], in: dir)
        #expect(replay.out == first.out)
    }

    /// Recording every kind of line the format has (through the player's real SDL events)
    /// reads back, and replays to the same log; coordinates are points, so a recording made
    /// at `--scale 2` replays the same at 1×.
    @Test(.enabled(if: binary != nil), arguments: ["gallery", "multitouch", "form", "events"])
    func aRecordingAt2xReplaysTheSameAt1x(_ sample: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = Self.scripts.appendingPathComponent("\(sample).script").path
        let first = try Self.launcher(["--headless", "--sample", sample, "--scale", "2", "--script", script, "--log-actions",
                                       "--frames", "120", "--record", "r.script"], in: dir)
        #expect(first.code == 0 && !first.out.isEmpty, "\(first.err)")
        let text = try String(contentsOf: dir.appendingPathComponent("r.script"), encoding: .utf8)
        #expect(text.hasPrefix(InputScript.header))
        #expect(throws: Never.self) { try InputScript(parsing: text) }
        let replay = try Self.launcher(["--headless", "--sample", sample, "--script", "r.script", "--log-actions",
                                        "--frames", "120"], in: dir)
        #expect(replay.out == first.out)
    }

    /// A recording target that can't be written: a missing folder, a path under a file, a
    /// folder itself. Exit 1 and one line naming the path; no crash.
    @Test(.enabled(if: binary != nil), arguments: ["no/such/folder/r.script", "/dev/null/r.script", "."])
    func aRecordingTargetThatCannotBeWrittenFails(_ path: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--sample", "gallery", "--frames", "3", "--record", path], in: dir)
        #expect(r.code == 1, "\(path): \(r.code)")
        #expect(r.errLines.count == 1 && r.err.contains(path), "\(r.err)")
    }

    /// Interrupting a replay (SIGTERM, SIGINT as from Ctrl-C): SDL turns it into a quit, the
    /// launcher stops and still writes its recording.
    @Test(.enabled(if: binary != nil && unmask != nil), arguments: [SIGTERM, SIGINT])
    func interruptingAReplayStillWritesTheRecording(_ signal: Int32) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try Self.write("2 mouse down 100 100\n3 mouse up 100 100\n999999 quit\n", "long.script", in: dir)
        let r = try Self.exec(Self.unmask!, Self.unmaskArguments + [Self.binary!.path, "--headless", "--sample", "gallery",
                                                                   "--script", script, "--record", "r.script"],
                              in: dir, environment: ["SDL_VIDEODRIVER": "dummy"], timeout: 60,
                              afterStart: { p in sleep(4); kill(p.processIdentifier, signal) })
        #expect(!r.timedOut)
        #expect(r.code == 0, "\(r.code) \(r.err)")
        let text = try String(contentsOf: dir.appendingPathComponent("r.script"), encoding: .utf8)
        #expect(text.contains("2 mouse down 100 100") && text.contains("3 mouse up 100 100"), "\(text)")
    }

    /// A live session in a real X11 window (Xvfb, clicks and typing by xdotool, as a person)
    /// recorded with `--record` replays headless to the same action log and the same final state.
    @Test(.enabled(if: binary != nil && hasXvfb))
    func aLiveSessionInARealWindowReplaysToTheSameLog() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.xvfb("""
            "$0" --sample form --log-actions --size 960x640 --record live.script --dump-accessibility > live.log 2>/dev/null &
            app=$!
            win=$(xdotool search --sync --onlyvisible --name "SDLControls samples" | head -n 1)
            sleep 1
            xdotool mousemove --window "$win" 286 85 click 1; sleep 0.3
            xdotool type --delay 40 "Ada"; sleep 0.3
            xdotool key Tab; sleep 0.2
            xdotool type --delay 40 "a@b.org"; sleep 0.3
            xdotool mousemove --window "$win" 173 564 click 1; sleep 0.5
            kill -TERM "$app"; wait "$app"; echo "code=$?"
            """, in: dir)
        #expect(r.out.contains("code=0"), "\(r.out) \(r.err)")
        let live = try String(contentsOf: dir.appendingPathComponent("live.log"), encoding: .utf8)
        #expect(live.contains("UIButton \"Submit\""), "\(live)")
        let replay = try Self.launcher(["--headless", "--sample", "form", "--log-actions", "--size", "960x640",
                                        "--script", "live.script", "--dump-accessibility"], in: dir)
        #expect(replay.code == 0)
        #expect(replay.out == live)
    }
}
