import ArgumentParser
import Foundation
import SDLControls

/// controls-fuzz's command line, read by swift-argument-parser: help, errors that name the
/// option, and the checks each value must pass. Adding an option is one property here.
struct FuzzArguments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controls-fuzz",
        abstract: "Seeded fuzzing of SDLControls through real SDL events.",
        discussion: """
        Events: mouse and finger streams with duplicate downs, ups without downs,
        coordinates far outside the window, normalized finger coordinates outside
        0...1, NaN and infinite; SDL_TOUCH_MOUSEID and SDL_MOUSE_TOUCHID duplicates;
        window events (resizes, focus lost, minimize, hidden, other window ids); keys
        with random scancodes and modifiers; text input with invalid UTF-8 and full
        32-byte buffers; composition with any cursor and length; render target and
        device resets; quit. The tree is mutated while it runs (views added, removed
        and moved, controls disabled mid-touch, hostile frames, values and text),
        also from inside actions. Invariants are checked after every frame, and
        focus (never on a hidden, faded, inert, disabled or removed view) after
        every update (see Invariants.swift). --tree picks other trees: scroll views,
        an ImmediateView, controllers and focus keys, hostile text.

        Exits 1 when an invariant breaks, 2 for a bad command line.
        """)

    @Option(parsing: .unconditional, help: ArgumentHelp("The run's seed (default 1); the same seed repeats the same run.", valueName: "s"),
            transform: { try FuzzArguments.wholeNumber($0) })
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("""
        SDL events to send through the launcher (default 10,000, or 0 with --scripts, --text or \
        --soak; 0 skips).
        """, valueName: "n"),
            transform: { try FuzzArguments.wholeNumber($0) })
    var events: Int?

    @Flag(help: "Handle events and update, but don't draw (about 10× more events a second).")
    var updateOnly = false

    @Option(help: ArgumentHelp("""
        The tree to fuzz; repeat for several (default samples: the launcher's samples and list). \
        scroll: nested scroll views and stacks of controls, with drags, flings and wheels. \
        immediate: an ImmediateView whose declarations appear, vanish and reorder while a finger \
        holds one. controller: controller hot-plug, buttons and sticks, and the focus keys. \
        text: hostile strings through every text API, every frame. all: those four. \
        --events is for each tree.
        """, valueName: "name"))
    var tree: [FuzzTree] = []

    @Option(help: ArgumentHelp("batched, immediate or both (alternating by segment).", valueName: "mode"))
    var delivery: Delivery = .both

    @Option(parsing: .unconditional, help: ArgumentHelp("Also run N random and mutated input scripts through the parser and player.",
                               valueName: "n"),
            transform: { try FuzzArguments.wholeNumber($0) })
    var scripts: Int = 0

    @Flag(help: "Print frame times with hostile text (first frame, then the slowest).")
    var text = false

    @Option(parsing: .unconditional, help: ArgumentHelp("""
        Render FRAMES frames replaying a script over and over and print resident memory, heap \
        and texture bytes along the way.
        """, valueName: "frames"),
            transform: { try FuzzArguments.positive($0) })
    var soak: Int?

    @Option(help: ArgumentHelp("""
        The script --soak replays (the tour opens, uses and leaves every sample).
        """, valueName: "path"))
    var soakScript = "Samples/Scripts/tour.script"

    @Flag(help: "A line per segment on standard error.")
    var verbose = false

    /// The trees to run, in order (`all` spelled out, each once).
    var trees: [FuzzTree] {
        var out: [FuzzTree] = []
        for t in tree.isEmpty ? [.samples] : tree {
            for u in t == .all ? FuzzTree.builtTrees : [t] where !out.contains(u) { out.append(u) }
        }
        return out
    }

    /// `--delivery`'s values.
    enum Delivery: String, ExpressibleByArgument, CaseIterable {
        case batched, immediate, both
        var modes: [ActionDelivery] {
            switch self {
            case .batched: return [.batched]
            case .immediate: return [.immediate]
            case .both: return [.batched, .immediate]
            }
        }
    }

    /// Events to send: `--events`, else 10,000 unless another mode was asked for alone.
    var eventCount: Int { events ?? (scripts > 0 || text || soak != nil ? 0 : 10_000) }

    static func wholeNumber<T: FixedWidthInteger>(_ text: String) throws -> T {
        guard let n = T(text), n >= 0 else { throw ValidationError("needs a whole number, 0 or more") }
        return n
    }

    static func positive(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 1 else { throw ValidationError("needs a whole number, 1 or more") }
        return n
    }

    /// Parses the process's arguments. `--help` prints the help and exits 0; a bad command
    /// line prints what was wrong and the usage, and exits 2.
    static func parseOrExit2() -> FuzzArguments {
        do {
            return try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            // Line by line, with the values it quotes escaped (a control byte in an argument
            // can't act on the terminal).
            let lines = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
            FileHandle.standardError.write(Data((lines.map { String($0).escapedForMessage }.joined(separator: "\n") + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

extension FuzzTree: ExpressibleByArgument {}
