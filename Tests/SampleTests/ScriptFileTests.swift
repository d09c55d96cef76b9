import Foundation
import Testing
import SampleKit
import SDLControls

/// Script files given to the launcher binary (`--script`): read as they play, so a file of any
/// length starts at once; errors name their line with the text they quote escaped.
@MainActor
struct ScriptFileTests: LauncherProcessHarness {
    /// A script far longer than the run: only the frames run are read, so a malformed line
    /// beyond them is never met (a whole parse first would have stopped at it and run nothing).
    @Test(.enabled(if: binary != nil))
    func onlyTheFramesRunAreReadFromALongScript() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "# SDLControls input script 1\n"
        for frame in 0..<200_000 { text += "\(frame) mouse move \(frame % 300) 40\n" }
        text += "200000 mouse sideways 1 2\n"
        let script = try Self.write(text, "long.script", in: dir)
        let short = try Self.launcher(["--headless", "--sample", "gallery", "--frames", "3", "--script", script], in: dir)
        #expect(short.code == 0, "\(short.err)")
        #expect(short.err.isEmpty, "\(short.err)")
    }

    /// Played to its end, the same script stops at the malformed line: exit 1, one line naming
    /// the file and the line, after the frames before it ran.
    @Test(.enabled(if: binary != nil))
    func aMalformedLineFurtherOnStopsTheRunWithItsNumber() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("shot.png").path
        let script = try Self.write("# h\n1 mouse move 10 10\n30 mouse move 20 20\n40 mouse sideways 1 2\n", "bad.script", in: dir)
        let r = try Self.launcher(["--headless", "--sample", "gallery", "--script", script, "--screenshot", shot], in: dir)
        #expect(r.code == 1)
        #expect(r.errLines.count == 1 && r.err.contains("bad.script: line 4: expected down, move or up"), "\(r.err)")
        #expect(Self.isPNG(shot), "what played is kept: the screenshot of the last frame run")
    }

    /// A script quoting an escape sequence, BEL, NUL and DEL: the error shows them as escapes;
    /// no control byte reaches the terminal.
    @Test(.enabled(if: binary != nil))
    func controlBytesInAScriptErrorAreShownAsEscapes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("evil.script")
        try Data(Array("1 \u{1B}]0;pwned\u{7} \u{0}\u{7F}\n".utf8)).write(to: url)
        let r = try Self.launcher(["--headless", "--script", url.path], in: dir)
        #expect(r.code == 1)
        #expect(!r.err.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }, "\(r.err.debugDescription)")
        #expect(r.err.contains("line 1: expected a frame number") || r.err.contains("unknown device \"\\u{1B}]0;pwned\\u{7}\""), "\(r.err)")
    }

    /// A file name with control characters is escaped in the error that names it.
    @Test(.enabled(if: binary != nil))
    func aScriptPathWithControlCharactersIsEscaped() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "x\u{1B}[31mred\u{7}.script"
        let r = try Self.launcher(["--headless", "--script", dir.appendingPathComponent(name).path], in: dir)
        #expect(r.code == 1 && r.errLines.count == 1)
        #expect(r.err.contains("x\\u{1B}[31mred\\u{7}.script"), "\(r.err)")
        #expect(!r.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    // MARK: Files that are not what they claim

    /// README: "A malformed script stops with `line N: what was wrong`." A script whose line 2
    /// holds a Latin-1 byte (not UTF-8) stops with one line naming line 2.
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
    /// "A malformed script stops with `line N: what was wrong`". A key name SDL doesn't know stops
    /// the run with exit 1 and names its line.
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

    // MARK: Grammar (README "Input scripts, record and replay")

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
}
