import Foundation
import Testing
import SampleKit
import SDLControls

/// The `sample-launcher` binary's command line, black box: `--help` and `--list`, bad
/// options and sizes (exit 2, one line on stderr), unknown samples, `--screenshot` (a PNG of
/// the last frame, W×S by H×S pixels), and one line of advice when there is no display.
@MainActor
struct LauncherCommandLineTests: LauncherProcessHarness {

    // MARK: Options

    /// `--help` (and `-h`) explains every option on stdout and exits 0; README lists every
    /// option in "The sample launcher".
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

    /// `--list` prints every sample with a one-line description, the README's table in order:
    /// Gallery, Event inspector, Target-action, Multi-touch, Form, Embedded game, Stress,
    /// Immediate, Gestures, Motion; each listed name opens with `--sample`.
    @Test(.enabled(if: binary != nil))
    func listPrintsEverySampleWithAOneLineDescription() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.launcher(["--list"], in: dir)
        #expect(r.code == 0 && r.err.isEmpty)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 10, "\(lines)")
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(names == ["gallery", "events", "target-action", "multitouch", "form", "game", "stress", "immediate", "gestures", "motion"])
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

    /// `--size WxH` takes exactly a width, an "x" and a height: `960xx640`, `x960x640`,
    /// `960x640x` and `xx960xx640xx` are rejected (exit 2).
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

    // MARK: --screenshot: a PNG of the last frame

    /// `--screenshot PATH` writes a PNG of the last frame, also when a script ends the run with
    /// a `quit` line (README format, `70 quit`).
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

    /// `--frames N` then quit, with `--screenshot PATH` (a PNG of the last frame): `--frames 0`
    /// with `--screenshot` either fails or writes the PNG; it never exits 0 without one.
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

    /// The same in a real window (Xvfb): `--screenshot` to a path that can't be written exits 1
    /// with a message naming the path, as the headless run does; a writable path works.
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

    // MARK: No display

    /// With no display the launcher says so in one line and shows the `--headless` and
    /// `xvfb-run` ways, instead of an SDL error. README: no display = "no DISPLAY or
    /// WAYLAND_DISPLAY, or SDL can't open video". Here DISPLAY names a dead X server (a stale ssh
    /// or container variable) and a run needs a window: one line, nothing from SDL or Wayland
    /// before it.
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
}
