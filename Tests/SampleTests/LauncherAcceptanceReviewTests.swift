import Foundation
import Testing
import SampleKit
import SDLControls

/// Acceptance review of issue 5 (the sample launcher, the samples, scripted input with record
/// and replay), black box: the built `sample-launcher` binary driven by its command line and
/// script files, and the public API (`InputScript`, `Launcher.run`). Each test cites the
/// sentence of the issue or the README it checks.
@MainActor
@Suite(.serialized)
struct LauncherAcceptanceReviewTests: LauncherProcessHarness {
    // MARK: Command line (issue: "--help explains all of them")

    /// Issue: "`--help` explains all of them." README lists every option in "The sample launcher".
    @Test(.enabled(if: binary != nil))
    func helpExplainsEveryOptionOnStdoutAndExitsZero() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for flag in ["--help", "-h"] {
            let r = try Self.launcher([flag], in: dir)
            #expect(r.code == 0, "\(flag)")
            #expect(r.err.isEmpty, "\(flag): \(r.err)")
            for option in ["--list", "--sample", "--headless", "--frames", "--size", "--scale", "--screenshot", "--script",
                           "--record", "--log-actions", "--dark", "--dump-accessibility", "--fixed-step", "--tour", "xvfb-run"] {
                #expect(r.out.contains(option), "\(flag) mentions \(option)")
            }
        }
    }

    /// Issue: "Its first screen lists the samples, each with a one-line description"; "--list".
    /// README's table: Gallery, Event inspector, Target-action, Multi-touch, Form, Embedded game,
    /// Stress, Immediate; `--sample form`.
    @Test(.enabled(if: binary != nil))
    func listPrintsEverySampleWithAOneLineDescription() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--list"], in: dir)
        #expect(r.code == 0 && r.err.isEmpty)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 8, "\(lines)")
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(names == ["gallery", "events", "target-action", "multitouch", "form", "game", "stress", "immediate"])
        for line in lines {
            let description = line.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
            #expect(description.count > 10, "\(line)")
        }
        // Every listed name opens headless.
        for name in names {
            let s = try Self.launcher(["--headless", "--sample", name, "--frames", "2"], in: dir)
            #expect(s.code == 0, "\(name): \(s.err)")
        }
    }

    /// A bad command line: exit 2 and one line on stderr pointing to --help; nothing on stdout.
    @Test(.enabled(if: binary != nil), arguments: [
        ["--bogus"], ["--frames"], ["--frames", "x"], ["--frames", "-3"], ["--frames", "99999999999999999999999"],
        ["--size", "0x0"], ["--size", "16385x10"], ["--size", "nanxnan"], ["--size", "infx10"], ["--size", "10"],
        ["--scale", "0"], ["--scale", "9"], ["--scale", "inf"], ["--scale", "nan"], ["--fixed-step", "-1"],
        ["--headless", "extra-positional"],
    ])
    func malformedOptionsExitTwoWithOneLineOnStderr(_ args: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(args, in: dir, timeout: 30)
        #expect(r.code == 2, "\(args): \(r.code) \(r.err)")
        #expect(r.out.isEmpty)
        #expect(r.errLines.count == 1 && r.err.contains("--help"), "\(args): \(r.err)")
    }

    /// Issue: "`--size WxH`". `960xx640`, `x960x640` and `960x640x` are not W×H, yet they are
    /// taken as 960×640 (the value is split on "x" dropping empty parts).
    @Test(.enabled(if: binary != nil), arguments: ["960xx640", "x960x640", "960x640x", "xx960xx640xx"])
    func malformedSizeIsRejected(_ size: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--size", size], in: dir, timeout: 30)
        #expect(r.code == 2, "--size \(size) was accepted (exit \(r.code))")
    }

    /// `--sample` with an unknown name: exit 1, one line naming it and pointing to --list.
    @Test(.enabled(if: binary != nil))
    func unknownSampleNameFailsInOneLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--sample", "nosuchsample"], in: dir)
        #expect(r.code == 1)
        #expect(r.errLines.count == 1 && r.err.contains("nosuchsample") && r.err.contains("--list"), "\(r.err)")
    }

    // MARK: --screenshot ("PNG of the last frame")

    /// Issue: "`--screenshot PATH` (PNG of the last frame)"; a script may end with `70 quit`
    /// (README format). Headless, a script that quits ends the run before the screenshot frame:
    /// exit 0 and no PNG. (In a window the same run does write it.)
    @Test(.enabled(if: binary != nil))
    func headlessScreenshotIsWrittenWhenTheScriptQuits() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try Self.write("# SDLControls input script 1\n2 mouse down 60 24\n3 mouse up 60 24\n10 quit\n", "q.script", in: dir)
        let r = try Self.launcher(["--headless", "--sample", "gallery", "--script", script, "--screenshot", "shot.png"], in: dir)
        let png = dir.appendingPathComponent("shot.png").path
        #expect(r.code != 0 || Self.isPNG(png), "exit \(r.code) but no PNG of the last frame at \(png)")
        #expect(Self.isPNG(png))
    }

    /// Issue: "`--frames N` then quit … `--screenshot PATH` (PNG of the last frame)". `--frames 0`
    /// is accepted and `--screenshot` then writes nothing, yet the launcher exits 0.
    @Test(.enabled(if: binary != nil))
    func framesZeroWithScreenshotEitherFailsOrWritesThePNG() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--frames", "0", "--screenshot", "zero.png"], in: dir)
        let png = dir.appendingPathComponent("zero.png").path
        #expect(r.code != 0 || Self.isPNG(png), "exit 0 and no screenshot written")
    }

    /// Headless `--screenshot` into a missing folder: exit 1, one line naming the path.
    @Test(.enabled(if: binary != nil))
    func headlessScreenshotIntoAMissingFolderFails() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--screenshot", "no/such/folder/x.png"], in: dir)
        #expect(r.code == 1)
        #expect(r.errLines.count == 1 && r.err.contains("no/such/folder/x.png"), "\(r.err)")
    }

    /// The same in a real window (Xvfb): `--screenshot` to a path that can't be written exits 0
    /// silently (Launcher.loop uses `try? host.screenshot`), unlike the headless run, which
    /// fails with exit 1 and a message.
    @Test(.enabled(if: binary != nil && hasXvfb))
    func windowedScreenshotThatCannotBeWrittenFails() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.write("20 quit\n", "q.script", in: dir)
        let r = try Self.xvfb("""
            "$0" --sample gallery --script q.script --screenshot /nonexistent-dir/x.png; echo "code=$?"
            "$0" --sample gallery --script q.script --screenshot ok.png; echo "code=$?"
            """, in: dir)
        let codes = r.out.split(separator: "\n").filter { $0.hasPrefix("code=") }
        #expect(codes.count == 2, "\(r.out) \(r.err)")
        #expect(codes.last == "code=0" && Self.isPNG(dir.appendingPathComponent("ok.png").path), "a writable path works")
        #expect(codes.first == "code=1", "unwritable screenshot path: \(codes), stderr: \(r.err)")
        #expect(r.err.contains("/nonexistent-dir/x.png"), "the error names the path: \(r.err)")
    }

    // MARK: No display

    /// Issue: "with no display the launcher says so in one line and shows the `--headless` and
    /// `xvfb-run` ways, instead of an SDL error." README: no display = "no DISPLAY or
    /// WAYLAND_DISPLAY, or SDL can't open video". With DISPLAY naming a dead X server (a stale
    /// ssh or container variable), a run that needs a window prints SDL/Wayland's
    /// "error: XDG_RUNTIME_DIR is invalid…" before the advice line.
    @Test(.enabled(if: binary != nil))
    func deadDisplayGivesOneLineAndNoSDLError() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--sample", "form", "--frames", "3"], in: dir,
                                  environment: ["SDL_VIDEODRIVER": nil, "DISPLAY": ":97", "WAYLAND_DISPLAY": nil, "XDG_RUNTIME_DIR": nil])
        #expect(r.code == 1)
        #expect(r.err.contains("--headless") && r.err.contains("xvfb-run"), "\(r.err)")
        #expect(r.errLines.count == 1, "one line, got: \(r.err)")
    }

    // MARK: Script files that are not what they claim

    /// Issue: "A malformed script stops with the line number and what was wrong." A script
    /// whose line 2 holds a Latin-1 byte is reported as "can't read script …: The file isn't
    /// in the correct format", with no line number.
    @Test(.enabled(if: binary != nil))
    func aScriptWithANonUTF8ByteNamesItsLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("latin1.script")
        try Data("# SDLControls input script 1\n2 text \"caf".utf8 + [0xE9] + Data("\"\n3 quit\n".utf8)).write(to: path)
        let r = try Self.launcher(["--headless", "--script", path.path], in: dir)
        #expect(r.code == 1)
        #expect(r.errLines.count == 1)
        #expect(r.err.contains("line 2"), "\(r.err)")
    }

    /// README: `30 key down Tab shift  # SDL key name ("Return", "Left", "Keypad Enter")`;
    /// "A malformed script stops with `line N: what was wrong`". A key name SDL doesn't know is
    /// accepted and replayed as SDL_SCANCODE_UNKNOWN: exit 0, nothing said.
    @Test(.enabled(if: binary != nil))
    func aKeyNameSDLDoesNotKnowStopsWithTheLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try Self.write("# SDLControls input script 1\n3 key down Tab\n3 key up Tab\n4 key down Tabb\n4 key up Tabb\n", "k.script", in: dir)
        let r = try Self.launcher(["--headless", "--sample", "form", "--script", script], in: dir)
        #expect(r.code == 1, "exit \(r.code)")
        #expect(r.err.contains("line 4"), "\(r.err)")
    }

    /// Robustness: a missing file, a folder, a FIFO, a device, an unreadable or binary file as
    /// `--script`: exit 1 within seconds, one line naming the path, no crash, no hang.
    @Test(.enabled(if: binary != nil))
    func scriptPathsThatAreNotScriptsFailInOneLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.script"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appendingPathComponent("pipe.script").path, 0o644) == 0)
        var garbage = [UInt8](repeating: 0, count: 1 << 20)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in garbage.indices { seed = seed &* 6364136223846793005 &+ 1442695040888963407; garbage[i] = UInt8(truncatingIfNeeded: seed >> 33) }
        try Data(garbage).write(to: dir.appendingPathComponent("garbage.script"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: dir.appendingPathComponent("png.script"))
        for path in ["missing.script", "folder.script", "pipe.script", "/dev/zero", "garbage.script", "png.script", "/nonexistent/x.script", ""] {
            let r = try Self.launcher(["--headless", "--script", path], in: dir, timeout: 30)
            #expect(!r.timedOut, "\(path) hung")
            #expect(r.code == 1, "\(path): exit \(r.code)")
            #expect(r.errLines.count == 1, "\(path): \(r.err)")
            #expect(path.isEmpty || r.err.contains(path), "\(path): the error names it: \(r.err)")
        }
    }

    /// A text file that is some other format (JSON, a README) stops at its first line.
    @Test(.enabled(if: binary != nil))
    func aTextFileInAnotherFormatStopsAtItsFirstBadLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try Self.write("{\"frames\": [1, 2]}\n", "j.script", in: dir)
        let r = try Self.launcher(["--headless", "--script", json], in: dir)
        #expect(r.code == 1 && r.err.contains("line 1:"), "\(r.err)")
        let md = try Self.write("# Title\n\nSome prose here.\n", "m.script", in: dir)
        let m = try Self.launcher(["--headless", "--script", md], in: dir)
        #expect(m.code == 1 && m.err.contains("line 3:"), "\(m.err)")
    }

    /// Huge files: 50 MB of comments then an event, and a 20 MB single token: finish quickly.
    @Test(.enabled(if: binary != nil))
    func hugeScriptFilesFinish() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let line = "# " + String(repeating: "x", count: 98) + "\n"
        let big = String(repeating: line, count: 500_000) + "3 quit\n"
        let bigPath = try Self.write(big, "big.script", in: dir)
        let r = try Self.launcher(["--headless", "--script", bigPath], in: dir, timeout: 120)
        #expect(!r.timedOut && r.code == 0, "\(r.err)")
        let token = "1 mouse down " + String(repeating: "9", count: 20_000_000) + " 3\n"
        let tokenPath = try Self.write(token, "token.script", in: dir)
        let t = try Self.launcher(["--headless", "--script", tokenPath], in: dir, timeout: 120)
        #expect(!t.timedOut && t.code == 1, "\(t.code)")
        #expect(t.errLines.count == 1 && t.err.contains("line 1:") && t.err.utf8.count < 400, "short error: \(t.err.prefix(400))")
    }

    // MARK: Script grammar (README "Input scripts, record and replay")

    /// Comments, blank and whitespace-only lines, tabs, trailing spaces, LF/CRLF/CR and a
    /// comment after a quoted string all parse to the same entries.
    @Test func layoutVariantsParseAlike() throws {
        let plain = try InputScript(parsing: "10 mouse down 120 40\n12 key down Tab shift\n40 text \"a # b\"\n70 quit\n")
        let variants = [
            "# SDLControls input script 1\n\n10 mouse down 120 40   \n   \n12 key down Tab shift # c\n40 text \"a # b\" # c\n70 quit",
            "10\tmouse\tdown\t120\t40\r\n12  key  down  Tab  shift\r\n\t\r\n40 text \"a # b\"\r\n70 quit\r\n",
            "10 mouse down 120 40\r12 key down Tab shift\r40 text \"a # b\"\r70 quit\r",
        ]
        for v in variants {
            #expect(try InputScript(parsing: v) == plain, "\(v.debugDescription)")
        }
    }

    /// A script saved with a UTF-8 byte order mark (Windows editors) replays like one without.
    @Test(.enabled(if: binary != nil))
    func aScriptWithAByteOrderMarkReplays() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try String(contentsOf: Self.scripts.appendingPathComponent("target-action.script"), encoding: .utf8)
        let path = dir.appendingPathComponent("bom.script")
        try (Data([0xEF, 0xBB, 0xBF]) + Data(original.utf8)).write(to: path)
        let plain = try Self.launcher(["--headless", "--sample", "target-action", "--log-actions", "--script",
                                       Self.scripts.appendingPathComponent("target-action.script").path], in: dir)
        let bom = try Self.launcher(["--headless", "--sample", "target-action", "--log-actions", "--script", path.path], in: dir)
        #expect(bom.code == 0 && !plain.out.isEmpty && bom.out == plain.out, "\(bom.err)")
    }

    /// "A malformed script stops with `line N: what was wrong`" and "Coordinates must be finite
    /// and within ±2^24", "frames 0 to … 1,000,000", "a resize 1 to 16,384".
    @Test(arguments: [
        ("5 mouse down nan 3", "x"), ("5 mouse down 3 inf", "y"), ("5 mouse down -inf 3", "x"),
        ("5 mouse down 1e999 3", "x"), ("5 mouse down 16777217 3", "x"), ("5 mouse down 3", "y"),
        ("5 mouse down 3 4 5", "unexpected"), ("5 mouse", "down, move or up"), ("5 wiggle 1 2", "unknown device"),
        ("5", "device"), ("-1 quit", "frame"), ("1000001 quit", "1000000"), ("1.5 quit", "frame"),
        ("5 finger down x 1 2", "finger id"), ("5 resize 0 10", "1…16384"), ("5 resize 16385 10", "1…16384"),
        ("5 resize nan 10", "width"), ("5 compose \"x\" -1", "cursor"), ("5 text \"open", "unterminated"),
        ("5 text \"bad \\q\"", "escape"), ("5 text \"\\u{110000}\"", "\\u"), ("5 key sideways Tab", "key down or key up"),
        ("5 key down Tab hyper", "modifier"), ("5 focus sideways", "focus"), ("5 quit now", "unexpected"),
        ("5 pad axis leftY 1.5", "-1…1"), ("5 pad axis leftY nan", "axis value"), ("5 pad down nope", "unknown button"),
    ])
    func malformedLinesNameTheLine(_ line: String, _ what: String) {
        let text = "# header\n1 mouse down 1 1\n1 mouse up 1 1\n" + line + "\n9 quit\n"
        do {
            _ = try InputScript(parsing: text)
            Issue.record("\(line) parsed")
        } catch let e as InputScriptError {
            #expect(e.line == 4, "\(line): \(e)")
            #expect(e.description.hasPrefix("line 4: ") && e.description.contains(what), "\(line): \(e)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// "lines must be in non-decreasing frame order"; a very long line's error quotes at most
    /// 40 characters.
    @Test func outOfOrderFramesAndLongLines() {
        do { _ = try InputScript(parsing: "5 quit\n3 quit\n"); Issue.record("parsed") } catch let e as InputScriptError {
            #expect(e.line == 2 && e.description == "line 2: frame 3 comes before frame 5", "\(e)")
        } catch { Issue.record("\(error)") }
        let long = "1 mouse down " + String(repeating: "z", count: 1_000_000) + " 3"
        do { _ = try InputScript(parsing: long); Issue.record("parsed") } catch let e as InputScriptError {
            #expect(e.line == 1 && e.description.count < 200)
        } catch { Issue.record("\(error)") }
    }

    /// An empty file, and one of comments only: a headless run of one frame, exit 0.
    @Test(.enabled(if: binary != nil))
    func emptyScriptsRunAndExitZero() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for text in ["", "# SDLControls input script 1\n", "\n\n\r\n   \t\n"] {
            let p = try Self.write(text, "e.script", in: dir)
            let r = try Self.launcher(["--headless", "--script", p, "--screenshot", "e.png"], in: dir)
            #expect(r.code == 0 && Self.isPNG(dir.appendingPathComponent("e.png").path), "\(text.debugDescription): \(r.err)")
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("e.png"))
        }
    }

    // MARK: Replay timing and the action log

    /// Issue: "`--log-actions` prints each delivered action on stdout as one line (frame
    /// number, sender's class and accessibility label, event, receiver)"; scripts are timed by
    /// frame, so an action lands in the frame of its input, whatever `--fixed-step`.
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

    /// Issue: "`--record` writes the same format from a live session"; "A recorded session
    /// replays to the same action log". Recording a run that replays a script with `resize`
    /// drops the resize (the player's SDL_WINDOWEVENT_SIZE_CHANGED is not recorded, only
    /// SDL_WINDOWEVENT_RESIZED), so the recording replays clicks against the wrong layout.
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

    // MARK: Samples as the issue and README describe them

    /// Issue: "a back control or Escape returns to the list". Clicking "‹ Samples" (its
    /// center from `--dump-accessibility`) shows the list with every sample's row.
    @Test(.enabled(if: binary != nil), arguments: ["click", "escape"])
    func backControlAndEscapeReturnToTheList(_ how: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dump = try Self.launcher(["--headless", "--sample", "gallery", "--dump-accessibility"], in: dir)
        let back = try #require(dump.out.split(separator: "\n").first { $0.hasPrefix("UIButton \"Back\"") }?
            .firstMatch(of: /center=\((\d+), (\d+)\)/))
        let script = how == "click" ? "2 mouse down \(back.1) \(back.2)\n3 mouse up \(back.1) \(back.2)\n"
                                    : "2 key down Escape\n3 key up Escape\n"
        let p = try Self.write(script, "b.script", in: dir)
        let r = try Self.launcher(["--headless", "--sample", "gallery", "--script", p, "--dump-accessibility"], in: dir)
        #expect(r.code == 0)
        for title in ["Gallery", "Event inspector", "Target-action", "Multi-touch", "Form", "Embedded game", "Stress", "Immediate"] {
            #expect(r.out.contains("\"\(title)\""), "\(title) row: \(r.out)")
        }
        #expect(!r.out.contains("UIButton \"Back\""), "the back control is hidden on the list")
    }

    /// README: "Find where to click with `--dump-accessibility`, which lists every accessibility
    /// element's label, value and frame" and the Stress sample's "2,000 controls". The stress
    /// sample's 400 switches, 400 sliders and 400 steppers are accessibility elements but are
    /// not listed (only those with a label are), so a script author can't find them.
    @Test(.enabled(if: binary != nil))
    func dumpAccessibilityListsEveryElementOfTheStressSample() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--sample", "stress", "--dump-accessibility"], in: dir)
        #expect(r.code == 0)
        let kinds = r.out.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(kinds.filter { $0 == "UISlider" }.count >= 400, "sliders listed: \(kinds.filter { $0 == "UISlider" }.count)")
        #expect(kinds.filter { $0 == "UIStepper" }.count >= 400)
        #expect(kinds.filter { $0 == "UIButton" }.count >= 400)
    }

    /// Issue: Gallery "with a light/dark switch"; Form "a date picker, a submit button";
    /// Multi-touch "several sliders and a custom knob"; Event inspector "a custom UIControl
    /// subclass"; the README's `--dark`.
    @Test(.enabled(if: binary != nil))
    func samplesHaveTheirStatedControls() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func dump(_ sample: String, _ extra: [String] = []) throws -> String {
            let r = try Self.launcher(["--headless", "--sample", sample, "--dump-accessibility"] + extra, in: dir)
            #expect(r.code == 0, "\(sample): \(r.err)")
            return r.out
        }
        let gallery = try dump("gallery")
        #expect(gallery.contains("UISwitch \"Dark mode\""))
        let form = try dump("form")
        #expect(form.contains("UIDatePicker") && form.contains("UITextField") && form.contains("UIButton \"Submit\""))
        let multitouch = try dump("multitouch").split(separator: "\n")
        #expect(multitouch.filter { $0.hasPrefix("UISlider") }.count >= 2)
        #expect(multitouch.contains { !$0.hasPrefix("UISlider") && !$0.hasPrefix("UILabel") && !$0.hasPrefix("UIButton") },
                "a custom knob: \(multitouch)")
        let events = try dump("events").split(separator: "\n")
        #expect(events.contains { line in !["UIButton", "UILabel", "UISwitch", "UISlider", "UISegmentedControl"].contains(String(line.prefix { $0 != " " })) },
                "a custom control: \(events)")
        // --dark: the screenshot differs from the light one.
        let light = try Self.launcher(["--headless", "--sample", "gallery", "--screenshot", "l.png"], in: dir)
        let dark = try Self.launcher(["--headless", "--sample", "gallery", "--dark", "--screenshot", "d.png"], in: dir)
        #expect(light.code == 0 && dark.code == 0)
        let l = FileManager.default.contents(atPath: dir.appendingPathComponent("l.png").path)
        let d = FileManager.default.contents(atPath: dir.appendingPathComponent("d.png").path)
        #expect(l != nil && d != nil && l != d)
    }

    /// README: `--screenshot` with `--size` and `--scale`: the PNG is W×S by H×S pixels.
    @Test(.enabled(if: binary != nil), arguments: [("320x200", "2", 640, 400), ("1x1", "1", 1, 1), ("100x50", "0.25", 25, 13)])
    func screenshotSizeFollowsSizeAndScale(_ size: String, _ scale: String, _ w: Int, _ h: Int) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--headless", "--size", size, "--scale", scale, "--screenshot", "s.png"], in: dir)
        #expect(r.code == 0, "\(r.err)")
        let data = try #require(FileManager.default.contents(atPath: dir.appendingPathComponent("s.png").path))
        #expect(data.count > 24)
        let bytes = [UInt8](data)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(abs(width - w) <= 1 && abs(height - h) <= 1, "\(size)@\(scale): \(width)x\(height)")
    }
}
