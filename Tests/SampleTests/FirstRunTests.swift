import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// The first run: with no display, `make run` (the launcher with no options) runs
/// a headless tour of every sample instead of failing: each sample's script at a fixed
/// step, a PNG of each written to `./tour/`, the action log printed, exit code 0, and no
/// alarming lines on standard error.
@MainActor
struct FirstRunTests {
    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("first-run-\(UUID().uuidString)")
    }

    /// The PNG's size in pixels, when it loads.
    static func pngSize(_ path: String) -> (width: Int32, height: Int32)? {
        guard let s = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(s) }
        return (s.pointee.w, s.pointee.h)
    }

    @Test(arguments: ["gallery", "target-action", "form"])
    func theTourRunsASampleWithItsScriptAndWritesItsScreenshot(sample: String) throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = LauncherOptions()
        options.sample = sample
        var lines: [String] = []
        var errors: [String] = []
        let code = Launcher.tour(options, into: folder.path, output: { lines.append($0) }, errors: { errors.append($0) })
        #expect(code == 0)
        #expect(errors.isEmpty, "\(errors)")
        let png = folder.appendingPathComponent("01-\(sample).png").path
        let size = try #require(Self.pngSize(png), "the screenshot \(png) was written")
        #expect(size.width == 960 && size.height == 640, "the launcher's default window")
        #expect(lines.contains { $0.contains("Samples/Scripts/\(sample).script") }, "the sample ran its own script")
        // The action log: the same lines the sample's script test expects, indented.
        let actions = lines.filter { $0.hasPrefix("    frame ") }
        #expect(!actions.isEmpty)
        let direct = SampleScriptTests.run(sample, frames: 200).log
        #expect(actions.map { String($0.dropFirst(4)) } == direct, "the tour prints the actions the script triggers")
        #expect(lines.last?.hasPrefix("Done: 1 screenshot in ") == true)
    }

    @Test func theTourHonoursAppearanceOptionsAndRejectsAMissingSample() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = LauncherOptions()
        options.sample = "game"
        options.scale = 2
        options.size = CGSize(width: 400, height: 300)
        #expect(Launcher.tour(options, into: folder.path, output: { _ in }) == 0)
        let size = try #require(Self.pngSize(folder.appendingPathComponent("01-game.png").path))
        #expect(size.width == 800 && size.height == 600)
        options.sample = "nope"
        var errors: [String] = []
        #expect(Launcher.tour(options, into: folder.path, output: { _ in }, errors: { errors.append($0) }) == 1)
        #expect(errors.first?.contains("no sample named") == true)
    }

    @Test func aDisplayIsJudgedFromTheEnvironmentBeforeSDLStarts() {
        #if os(Linux)
        #expect(!Launcher.displayAppearsAvailable(environment: [:]))
        #expect(!Launcher.displayAppearsAvailable(environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]))
        #expect(Launcher.displayAppearsAvailable(environment: ["DISPLAY": ":0"]))
        #expect(Launcher.displayAppearsAvailable(environment: ["WAYLAND_DISPLAY": "wayland-0"]))
        #expect(Launcher.displayAppearsAvailable(environment: ["SDL_VIDEODRIVER": "kmsdrm"]), "the user's choice of driver is tried")
        #endif
    }

    @Test func optionsThatNeedOneRunKeepTheirMeaning() throws {
        #expect(Launcher.optionNeedingOneRun(try LauncherOptions.parse([])) == nil)
        #expect(Launcher.optionNeedingOneRun(try LauncherOptions.parse(["--dark", "--scale", "2", "--sample", "form"])) == nil)
        #expect(Launcher.optionNeedingOneRun(try LauncherOptions.parse(["--script", "x.script"])) == "--script")
        #expect(Launcher.optionNeedingOneRun(try LauncherOptions.parse(["--screenshot", "a.png"])) == "--screenshot")
        #expect(try LauncherOptions.parse(["--tour", "out"]).tour == "out")
    }

    // MARK: The command a newcomer runs

    /// The launcher built beside this test bundle (`swift build --build-tests` builds it).
    nonisolated static let launcherBinary: URL? = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [here, here.deletingLastPathComponent()] {
            let url = folder.appendingPathComponent("sample-launcher")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    /// Runs the built launcher in `folder` with no display in its environment; returns its
    /// exit code, standard output and standard error.
    static func runWithoutDisplay(_ binary: URL, _ arguments: [String], in folder: URL) throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_RENDER_DRIVER", "XDG_RUNTIME_DIR"] {
            environment[key] = nil
        }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    /// `sample-launcher` with no options, in a fresh folder, with no display in its
    /// environment (as `make run` on a server): exit code 0, a PNG per sample in `./tour/`,
    /// the tour on standard output and nothing on standard error (no SDL driver complaints,
    /// such as Wayland's about `XDG_RUNTIME_DIR`).
    @Test(.enabled(if: launcherBinary != nil, "needs the sample-launcher product (swift build --build-tests)"))
    func withNoDisplayTheLauncherRunsTheTourAndExitsZero() throws {
        guard let binary = Self.launcherBinary else { return }   // see the trait
        let folder = Self.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, stdout, stderr) = try Self.runWithoutDisplay(binary, [], in: folder)
        #expect(code == 0, "\(stderr)")
        #expect(stderr.isEmpty, "no alarming lines: \(stderr)")
        #expect(stdout.hasPrefix("No display (DISPLAY and WAYLAND_DISPLAY are not set)"))
        #expect(stdout.contains("    frame 3: UIButton \"Play\" primaryActionTriggered"), "the action log is printed")
        for (i, sample) in SampleCatalog.all.enumerated() {
            let png = folder.appendingPathComponent("tour").appendingPathComponent(String(format: "%02d", i + 1) + "-\(sample.name).png").path
            #expect(Self.pngSize(png) != nil, "\(png)")
        }
    }

    /// An option that needs one windowed run (a screenshot path) still fails without a
    /// display, in one line of its own, before SDL is started (nothing from its drivers).
    @Test(.enabled(if: launcherBinary != nil, "needs the sample-launcher product (swift build --build-tests)"))
    func withNoDisplayAWindowedRunFailsInOneLine() throws {
        guard let binary = Self.launcherBinary else { return }
        let folder = Self.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, stdout, stderr) = try Self.runWithoutDisplay(binary, ["--sample", "form", "--screenshot", "form.png"], in: folder)
        #expect(code == 1)
        #expect(stdout.isEmpty)
        #expect(stderr.hasPrefix("sample-launcher: no display to open a window on."))
        #expect(stderr.split(separator: "\n").count == 1, "one line: \(stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("tour").path), "no tour for a one-run request")
    }
}
