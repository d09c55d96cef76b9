import ArgumentParser
import Foundation
import SDLControls

/// The launcher's command line as swift-argument-parser reads it: names, help, and the checks
/// each value must pass. ``LauncherOptions`` stays a plain value (the fuzzer and tests build
/// one in code), and ``options`` turns a parse into it.
///
/// To add an option: a property in ``LauncherOptions``, an `@Option` or `@Flag` here with
/// its help (and a check in a transform when the value has limits), and one line in
/// ``options``.
struct LauncherArguments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-launcher",
        abstract: "Shows every SDLControls sample; pick one from the list (Escape or the back button returns).",
        discussion: """
        A game controller works alone: the D-pad or left stick moves focus, A opens or uses the \
        focused control, B ends editing or returns to the list.

        No display (no DISPLAY or WAYLAND_DISPLAY, or SDL can't open video)? With no options \
        that need a window, the launcher runs the tour into ./tour/ instead. Or run one sample \
        headless (--headless --screenshot out.png), or in a virtual display:
          xvfb-run swift run sample-launcher
        """)

    @Flag(help: "Print the samples (name and description) and exit.")
    var list = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Open a sample directly (see --list).", valueName: "name"))
    var sample: String?

    @Flag(help: "No window: SDL's dummy video driver and the software renderer.")
    var headless = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Quit after N frames (headless default: the script's length, else 1).", valueName: "n"),
            transform: { try LauncherArguments.wholeNumber($0) })
    var frames: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in points (default 960x640).", valueName: "WxH"),
            transform: { try LauncherArguments.windowSize($0) })
    var size: CGSize?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Force S pixels per point, 0.25 to 8 (e.g. 2 for a HiDPI screenshot).", valueName: "s"),
            transform: { try LauncherArguments.pixelScale($0) })
    var scale: CGFloat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Write a PNG of the last frame.", valueName: "path"))
    var screenshot: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Replay an input script (format: README, \"Input scripts\").", valueName: "path"))
    var script: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Record this session's input as a script.", valueName: "path"))
    var record: String?

    @Flag(help: "Print each delivered action on stdout as one line: frame, sender class, sender label, event, receiver(s).")
    var logActions = false

    @Flag(help: "Start in dark mode.")
    var dark = false

    @Flag(help: """
        Print every accessibility element (label, value, frame in window points) after the last \
        frame: where to click in scripts.
        """)
    var dumpAccessibility = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("""
                Each frame advances time by exactly 1/N s, so a run gives the same pixels every time \
                (headless default: 60; windowed: wall clock).
                """, valueName: "n"),
            transform: { try LauncherArguments.stepsPerSecond($0) })
    var fixedStep: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("""
                No window: run every sample (or --sample) with its input script, write a PNG of \
                each into DIR and print the actions they trigger.
                """, valueName: "dir"))
    var tour: String?

    /// The parsed command line as the launcher's options.
    var options: LauncherOptions {
        var o = LauncherOptions()
        o.list = list
        o.sample = sample
        o.headless = headless
        o.frames = frames
        if let size { o.size = size }
        o.scale = scale
        o.screenshot = screenshot
        o.script = script
        o.record = record
        o.logActions = logActions
        o.dark = dark
        o.dumpAccessibility = dumpAccessibility
        o.fixedStep = fixedStep
        o.tour = tour
        return o
    }

    // MARK: Checks (the parser names the option and quotes the value; these say what it takes)

    static func wholeNumber(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 0 else { throw ValidationError("needs a whole number, 0 or more") }
        return n
    }

    static func windowSize(_ text: String) throws -> CGSize {
        // Exactly two parts: "960xx640" or "x960x640" is not a size.
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw ValidationError("needs WIDTHxHEIGHT, each from 1 to 16384, like 960x640")
        }
        return CGSize(width: w, height: h)
    }

    static func pixelScale(_ text: String) throws -> CGFloat {
        let range = SDLHost.scaleRange
        guard let s = Double(text), s.isFinite, range.contains(CGFloat(s)) else {
            throw ValidationError("needs a number from \(range.lowerBound) to \(Int(range.upperBound))")
        }
        return CGFloat(s)
    }

    static func stepsPerSecond(_ text: String) throws -> Double {
        guard let n = Double(text), n.isFinite, n >= 1, n <= 10_000 else {
            throw ValidationError("needs steps per second from 1 to 10000, like 60")
        }
        return n
    }
}
