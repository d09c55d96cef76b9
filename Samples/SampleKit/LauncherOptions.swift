import Foundation
import SDLControls

/// The launcher's command line.
public struct LauncherOptions: Equatable, Sendable {
    /// Print the samples and exit.
    public var list = false
    /// Print help and exit.
    public var help = false
    /// Open this sample directly (its command-line name).
    public var sample: String?
    /// Dummy video driver and software renderer.
    public var headless = false
    /// Quit after this many frames.
    public var frames: Int?
    /// Window size in points.
    public var size = CGSize(width: 960, height: 640)
    /// Pixels per point to force.
    public var scale: CGFloat?
    /// Write a PNG of the last frame here.
    public var screenshot: String?
    /// Replay this input script.
    public var script: String?
    /// Record the session's input to this file.
    public var record: String?
    /// Print each delivered action as one line on standard output.
    public var logActions = false
    /// Start in dark mode.
    public var dark = false
    /// Print the accessibility elements (label, value, frame) after the last frame.
    public var dumpAccessibility = false
    /// Steps per second of a fixed time step (each frame advances time by 1/N s); nil follows
    /// the wall clock. Headless runs use 60 unless told otherwise.
    public var fixedStep: Double?
    /// Run the headless tour (every sample, or `sample`, with its script) and write its
    /// screenshots into this folder. With no display and nothing asked of a window, the
    /// launcher runs it into ``Launcher/defaultTourFolder`` instead of failing.
    public var tour: String?

    /// Creates the defaults.
    public init() {}

    /// The text of `--help`.
    public static let helpText = """
    Usage: sample-launcher [options]

    Shows every SDLControls sample; pick one from the list (Escape or the back button returns).
    A game controller works alone: the D-pad or left stick moves focus, A opens or uses the
    focused control, B ends editing or returns to the list.

    Options:
      --list               print the samples (name and description) and exit
      --sample NAME        open a sample directly (see --list)
      --headless           no window: SDL's dummy video driver and the software renderer
      --frames N           quit after N frames (headless default: the script's length, else 1)
      --size WxH           window size in points (default 960x640)
      --scale S            force S pixels per point, 0.25 to 8 (e.g. 2 for a HiDPI screenshot)
      --screenshot PATH    write a PNG of the last frame
      --script PATH        replay an input script (format: README, "Input scripts")
      --record PATH        record this session's input as a script
      --log-actions        print each delivered action on stdout as one line:
                           frame, sender class, sender label, event, receiver(s)
      --dark               start in dark mode
      --dump-accessibility print every accessibility element (label, value, frame in
                           window points) after the last frame: where to click in scripts
      --fixed-step N       each frame advances time by exactly 1/N s, so a run gives the
                           same pixels every time (headless default: 60; windowed: wall clock)
      --tour DIR           no window: run every sample (or --sample) with its input script,
                           write a PNG of each into DIR and print the actions they trigger
      --help               show this help

    No display (no DISPLAY or WAYLAND_DISPLAY, or SDL can't open video)? With no options
    that need a window, the launcher runs the tour into ./tour/ instead. Or run one sample
    headless (--headless --screenshot out.png), or in a virtual display:
      xvfb-run swift run sample-launcher
    """

    /// Parses arguments; throws a one-line message for bad ones.
    public static func parse(_ args: [String]) throws -> LauncherOptions {
        var o = LauncherOptions()
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw OptionError("\(flag) needs a value") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--list": o.list = true
            case "--help", "-h": o.help = true
            case "--sample": o.sample = try value(a)
            case "--headless": o.headless = true
            case "--frames":
                let v = try value(a)
                guard let n = Int(v), n >= 0 else { throw OptionError("--frames needs a whole number, not \"\(v)\"") }
                o.frames = n
            case "--size":
                let v = try value(a)
                let parts = v.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 16384, h <= 16384 else {
                    throw OptionError("--size needs WIDTHxHEIGHT, like 960x640, not \"\(v)\"")
                }
                o.size = CGSize(width: w, height: h)
            case "--scale":
                let v = try value(a)
                let range = SDLHost.scaleRange
                guard let s = Double(v), s.isFinite, range.contains(CGFloat(s)) else {
                    throw OptionError("--scale needs a number from \(range.lowerBound) to \(Int(range.upperBound)), not \"\(v)\"")
                }
                o.scale = CGFloat(s)
            case "--screenshot": o.screenshot = try value(a)
            case "--script": o.script = try value(a)
            case "--record": o.record = try value(a)
            case "--log-actions": o.logActions = true
            case "--dark": o.dark = true
            case "--dump-accessibility": o.dumpAccessibility = true
            case "--tour": o.tour = try value(a)
            case "--fixed-step":
                let v = try value(a)
                guard let n = Double(v), n.isFinite, n >= 1, n <= 10_000 else {
                    throw OptionError("--fixed-step needs steps per second in [1, 10000], like 60, not \"\(v)\"")
                }
                o.fixedStep = n
            default: throw OptionError("unknown option \"\(a)\" (see --help)")
            }
            i += 1
        }
        return o
    }
}

/// A bad command line.
public struct OptionError: Error, CustomStringConvertible {
    /// What was wrong.
    public let description: String
    init(_ d: String) { description = d }
}
