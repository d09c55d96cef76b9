import Foundation
import Testing
import SampleKit
import SDLControls

/// Script files given to the launcher binary (`--script`): read as they play, so a file of any
/// length starts at once; errors name their line with the text they quote escaped.
@MainActor
@Suite(.serialized)
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
}
