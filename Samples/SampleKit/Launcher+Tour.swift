import Foundation
import SDLControls

/// The headless tour: what the launcher shows on a machine with no display (a container, a
/// server, CI), instead of failing. Every sample runs headless with its input script at a
/// fixed frame step, the actions it triggers are printed, and a PNG of its last frame is
/// written to a folder, so a newcomer's `make run` shows the product working anywhere.
extension Launcher {
    /// The folder the tour writes into when it stands in for a window (relative to the
    /// current folder: `make run` runs in the repository's root, so `./tour/`).
    public static let defaultTourFolder = "tour"

    /// Frames run after a script's last input before the screenshot, so what it started
    /// (a switch sliding, a segment's plate, a page turning) has settled: half a second at
    /// the tour's 60 steps per second.
    static let tourSettleFrames = 30

    /// Frames a sample without a script runs (its first look, settled).
    static let tourFramesWithoutScript = 30

    /// Whether a window could be shown, judged from the environment before SDL starts (so a
    /// machine without one never sees the errors SDL's drivers print while probing, such as
    /// Wayland's `XDG_RUNTIME_DIR` complaint). On Linux and the BSDs that means an X11 or
    /// Wayland display is named, or `SDL_VIDEODRIVER` names a driver (the user's choice, a
    /// console's `kmsdrm` for example); other systems always have one.
    public static func displayAppearsAvailable(environment: [String: String]) -> Bool {
        #if os(Linux) || os(FreeBSD) || os(OpenBSD)
        func named(_ key: String) -> Bool { !(environment[key] ?? "").isEmpty }
        return named("DISPLAY") || named("WAYLAND_DISPLAY") || named("SDL_VIDEODRIVER")
        #else
        return true
        #endif
    }

    /// What on the command line only a window can give, as the option's name (nil: nothing,
    /// so the tour can stand in for the window). Appearance options (`--dark`, `--size`,
    /// `--scale`, `--fixed-step`, `--sample`, `--log-actions`) carry over to the tour.
    static func optionNeedingOneRun(_ options: LauncherOptions) -> String? {
        if options.script != nil { return "--script" }
        if options.record != nil { return "--record" }
        if options.screenshot != nil { return "--screenshot" }
        if options.frames != nil { return "--frames" }
        if options.dumpAccessibility { return "--dump-accessibility" }
        return nil
    }

    /// The input script of a sample, `Samples/Scripts/NAME.script`: under the current folder
    /// (where `make run` and `swift run` run), else in the source tree this launcher was
    /// built from. Nil when there is none.
    static func scriptPath(for sample: String, currentFolder: String = FileManager.default.currentDirectoryPath) -> String? {
        let name = "\(sample).script"
        let local = URL(fileURLWithPath: currentFolder).appendingPathComponent("Samples/Scripts").appendingPathComponent(name)
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts").appendingPathComponent(name)
        for url in [local, built] where FileManager.default.isReadableFile(atPath: url.path) {
            // Shown relative to the current folder when it is under it.
            let prefix = URL(fileURLWithPath: currentFolder).standardizedFileURL.path + "/"
            let path = url.standardizedFileURL.path
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }
        return nil
    }

    /// Runs the tour: every sample (or `options.sample`) headless, with its input script
    /// (``scriptPath(for:currentFolder:)``) at a fixed step (`options.fixedStep`, else 60
    /// steps per second), until ``tourSettleFrames`` after its last input; writes a PNG of
    /// the last frame into `folder` (created if needed) as `NN-name.png` and prints each
    /// delivered action, indented, under the sample's line. Returns 0 when every sample ran
    /// and every screenshot was written, else 1 (the reasons go to `errors`).
    public static func tour(_ options: LauncherOptions, into folder: String, output: @escaping (String) -> Void,
                            errors: @escaping (String) -> Void = Launcher.writeError)
        -> Int32 {
        let samples: [SampleInfo]
        if let name = options.sample {
            guard let info = SampleCatalog.named(name) else {
                errors("no sample named \"\(name)\"; try --list")
                return 1
            }
            samples = [info]
        } else {
            samples = SampleCatalog.all
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            errors("can't create the tour's folder \(folder): \(error.localizedDescription)")
            return 1
        }
        let steps = options.fixedStep ?? 60
        let shown = folder.hasSuffix("/") ? folder : folder + "/"
        output("Headless tour of \(samples.count == 1 ? "1 sample" : "\(samples.count) samples"): each runs its input script at \(Int(steps)) frames per second; screenshots go to \(shown)")
        var failed = 0
        var written: [String] = []
        for (i, info) in samples.enumerated() {
            var o = options
            o.headless = true
            o.sample = info.name
            o.logActions = true
            o.fixedStep = steps
            o.tour = nil
            o.script = scriptPath(for: info.name)
            var frames = tourFramesWithoutScript
            if let path = o.script {
                // Parsed here for its length; run() reads it again and reports a bad one.
                if let text = try? String(contentsOfFile: path, encoding: .utf8), let script = try? InputScript(parsing: text) {
                    frames = max(1, script.lastFrame + 1 + tourSettleFrames)
                }
            }
            o.frames = frames
            let png = shown + String(format: "%02d", i + 1) + "-" + info.name + ".png"
            o.screenshot = png
            output("[\(i + 1)/\(samples.count)] \(info.title): \(o.script ?? "no input script"), \(frames) frames → \(png)")
            let code = run(o, output: { output("    " + $0) }, errors: errors)
            if code == 0 && FileManager.default.fileExists(atPath: png) {
                written.append(png)
            } else {
                failed += 1
                errors("\(info.name): the tour's run failed (exit code \(code))")
            }
        }
        if let first = written.first {
            output("Done: \(written.count) screenshot\(written.count == 1 ? "" : "s") in \(shown) (open \(first)). For the interactive launcher, run it where there is a display, or in a virtual one: xvfb-run swift run sample-launcher")
        }
        return failed == 0 ? 0 : 1
    }
}
