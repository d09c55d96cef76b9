import Foundation

/// The launcher built beside this test bundle (`swift build --build-tests` builds it).
let launcherBinary: URL? = {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [here, here.deletingLastPathComponent()] {
        let url = folder.appendingPathComponent("sample-launcher")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}()

let launcherHasXvfb = FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

let sampleScriptsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/Scripts")

/// Children of a test inherit its thread's signal mask, which blocks SIGINT and SIGTERM;
/// this wrapper clears it before exec, as a shell would start the launcher.
let unmaskingPython: URL? = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    ? URL(fileURLWithPath: "/usr/bin/python3") : nil

/// What a run of the launcher binary did.
struct LauncherRunResult {
    var code: Int32
    var out: String
    var err: String
    var timedOut: Bool
    var errLines: [Substring] { err.split(separator: "\n") }
}

/// The built `sample-launcher` binary run as a person runs it (black box): suites that drive
/// it conform and call `Self.launcher(…)`, `Self.xvfb(…)` and the rest.
protocol LauncherProcessHarness {}

extension LauncherProcessHarness {
    typealias Result = LauncherRunResult

    /// The launcher built beside this test bundle, if built.
    nonisolated static var binary: URL? { launcherBinary }
    nonisolated static var hasXvfb: Bool { launcherHasXvfb }
    static var scripts: URL { sampleScriptsFolder }
    nonisolated static var unmask: URL? { unmaskingPython }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs an executable with output to files (no pipe deadlock), killed after `timeout` s.
    static func exec(_ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String?] = [:],
                     timeout: Double = 120, afterStart: ((Process) -> Void)? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let outURL = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        afterStart?(process)
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline { timedOut = true; kill(process.processIdentifier, SIGKILL); break }
            usleep(20_000)
        }
        process.waitUntilExit()
        try? out.close(); try? err.close()
        let o = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let e = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        return Result(code: process.terminationStatus, out: o, err: e, timedOut: timedOut)
    }

    static var unmaskArguments: [String] { ["-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); os.execv(sys.argv[1], sys.argv[1:])"] }

    /// The launcher, headless by the dummy driver (as `SDL_VIDEODRIVER=dummy swift run …`).
    static func launcher(_ arguments: [String], in folder: URL, timeout: Double = 120,
                         environment: [String: String?] = ["SDL_VIDEODRIVER": "dummy"],
                         afterStart: ((Process) -> Void)? = nil) throws -> Result {
        guard let binary else { throw CancellationError() }
        return try exec(binary, arguments, in: folder, environment: environment, timeout: timeout, afterStart: afterStart)
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func isPNG(_ path: String) -> Bool {
        guard let d = FileManager.default.contents(atPath: path), d.count > 8 else { return false }
        return Array(d.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// An action log line: `frame 15: UIButton "Reset" touchUpInside -> ScoreBoard.resetScore:`.
    static func isActionLine(_ line: Substring) -> Bool {
        line.wholeMatch(of: /frame \d+: [A-Za-z_][A-Za-z0-9_.<>]* ("[^"]*"|-) [A-Za-z\[\], ]+ -> .+/) != nil
    }

    /// Runs `body` in an Xvfb display: `xvfb-run -a bash -c body launcherPath`.
    static func xvfb(_ body: String, in folder: URL, timeout: Double = 120) throws -> Result {
        guard let binary else { throw CancellationError() }
        return try exec(URL(fileURLWithPath: "/usr/bin/xvfb-run"),
                        ["-a", "-s", "-screen 0 1280x800x24", "bash", "-c", body, binary.path],
                        in: folder, environment: ["SDL_VIDEODRIVER": nil], timeout: timeout)
    }
}
