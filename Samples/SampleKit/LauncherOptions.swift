import Foundation
import SDLControls

// How the options are read from the command line: LauncherOptions+Parsing.swift.

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

    /// The text of `--help` (swift-argument-parser's, from `LauncherArguments`).
    public static let helpText = LauncherArguments.helpMessage(columns: 100)

    /// Parses arguments with swift-argument-parser; throws an ``OptionError`` with a one-line
    /// message for bad ones. `--help` or `-h` gives options whose ``help`` is true.
    public static func parse(_ args: [String]) throws -> LauncherOptions {
        do {
            return try LauncherArguments.parse(args).options
        } catch {
            // A help request is the parser's clean exit, not a failure.
            if LauncherArguments.exitCode(for: error) == .success {
                var o = LauncherOptions()
                o.help = true
                return o
            }
            throw OptionError(LauncherArguments.message(for: error))
        }
    }
}

/// A bad command line.
public struct OptionError: Error, CustomStringConvertible {
    /// What was wrong.
    public let description: String
    init(_ d: String) { description = d }
}
