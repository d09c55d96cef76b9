import ArgumentParser
import Foundation
import SDLControls

/// controls-bench's command line, read by swift-argument-parser: help, errors that name the
/// option, and the checks each value must pass. Adding an option is one property here.
struct BenchArguments: ParsableCommand {
    /// The scenarios `--only` accepts.
    static let scenarioNames = ["B1", "B2", "B3", "B4", "B5", "B6", "ALLOC", "S", "E", "IM", "M"]

    static let configuration = CommandConfiguration(
        commandName: "controls-bench",
        abstract: "SDLControls benchmarks, headless (dummy video driver, software renderer).",
        discussion: """
        Scenarios:
          B1     steady frame cost, N = 0, 100, 1000, 10000 mixed controls, nothing
                 changing: (a) input + actions + layout, (b) draw-list build,
                 (c) submission to SDL (with the software renderer this includes
                 filling the UI's pixels), (d) clear + present.
          B2     counters of B1's frames (geometry submissions, vertices, glyph
                 runs, uploads, ...).
          B3     every control changing every frame; K = 10, 100, 1000 labels
                 with new text each frame.
          B4     10,000 scripted SDL events: CPU per event, latency in frames,
                 lost or extra actions.
          B5     heap bytes per control, peak resident memory, time to the first
                 presented frame.
          B6     B1 (a)+(b) at 10,000 divided by the same at 1,000.
          ALLOC  heap allocations per steady frame (malloc counter), target 0.
          S      scrolling: a scroll view over 2,000 controls in 960x640 at 1x and 2x, each
                 frame changing only contentOffset: views re-tessellated and heap
                 allocations per frame, both targets of 0.
          E      embedding, as a game embeds the UI (the game clears, the UI
                 updates and renders over the scene, the game presents): whole
                 frame and UI side for the grid (N = 100, 1,000) and a 30-control
                 HUD, still and every control changing; vertices per control;
                 peak RSS at N = 1,000; idle CPU of the standalone run loop (10 s;
                 1 s with --quick). Medians of per-round medians.
          IM     immediate mode: an ImmediateView re-declaring the grid's 1,000 controls
                 every frame (64 to a row), embedded, nothing changing and every
                 value and title changing: the UI side (update + build + draw list)
                 against ImGui's build of the same 1,000 widgets in the same window,
                 in interleaved rounds (--imgui); allocations, views redrawn and
                 glyphs rasterized when nothing changes (asserted: 0).
          M      motion-100: 100 of the grid's controls moving and fading every frame
                 (UIView.animate, repeat + autoreverse, linear: center or transform,
                 and alpha), embedded, fixed step 1/60 s: views re-tessellated and
                 heap allocations per frame after warm-up (asserted: 0), draw calls,
                 and the UI side against ImGui's grid of 100 in the same window
                 (--imgui; ImGui redraws every widget every frame anyway).

        Times are CPU milliseconds of the benchmark thread (mean, p50, p95),
        reported only. Count targets are asserted: the exit status is 1 when one
        is broken.
        """)

    @Flag(help: """
        CI size: fewer frames, N and K up to 1,000, 2,000 input events, no B6 (10,000 controls \
        take seconds a frame in the software renderer).
        """)
    var quick = false

    @Flag(help: "Print only the JSON lines (one object per scenario), no table.")
    var jsonOnly = false

    @Option(help: ArgumentHelp("""
        Run only these scenarios, comma-separated: B1, B2, B3, B4, B5, B6, ALLOC, S, E, IM, M (B2, B6 and \
        ALLOC come with B1).
        """, valueName: "list"),
            transform: { try BenchArguments.scenarios($0) })
    var only: Set<String>?

    @Option(help: ArgumentHelp("""
        The Dear ImGui peer (../shared/tools/imgui-peer/build/imgui_bench, or the \
        SDLCONTROLS_IMGUI_PEER environment variable): E, IM and M then run it on the same work in \
        interleaved rounds and reports ratios. Never needed to build or test.
        """, valueName: "path"))
    var imgui: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Interleaved rounds for E, IM and M (default 5; 1 with --quick).", valueName: "n"),
            transform: { try BenchArguments.positive($0) })
    var rounds: Int?

    @Option(help: ArgumentHelp("""
        E and M with SDL render driver R ("opengl", "opengles2" ...) in a real window instead of \
        the software renderer (run under a display: xvfb-run); the peer, when given, runs on \
        the same renderer, and peak RSS is not measured.
        """, valueName: "r"))
    var renderer: String?

    @Option(help: ArgumentHelp("E and M with SDLHost.pixelCaching = C instead of automatic.", valueName: "c"))
    var caching: Caching?

    @Option(help: ArgumentHelp("""
        E or IM with one scenario only (grid-1000-changing, hud-30-still, ..., \
        immediate-1000-unchanged, immediate-1000-tenth, immediate-1000-changing), for profiling.
        """,
                               valueName: "k"))
    var scenario: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("E, IM and M: frames per round (300; 30 with --quick).", valueName: "f"),
            transform: { try BenchArguments.positive($0) })
    var frames: Int?

    @Flag(help: "Print each grid control's quads and triangles (fills, tiles, pixels) and exit.")
    var dumpGeometry = false

    // The benchmark's own child processes (B5 and E's memory and idle measurements): the
    // parent runs this executable again with one of these. Hidden from --help.
    @Option(name: .customLong(String(StartupBenchmark.childFlag.dropFirst(2))), parsing: .upToNextOption,
            help: .hidden)
    var startupChild: [Int] = []
    @Option(name: .customLong(String(Embedded.memoryChildFlag.dropFirst(2))), parsing: .upToNextOption,
            help: .hidden)
    var memoryChild: [Int] = []
    @Option(name: .customLong(String(Embedded.idleChildFlag.dropFirst(2))), help: .hidden)
    var idleChild: Double?
    @Flag(help: .hidden)
    var windowed = false

    /// `--caching`'s values.
    enum Caching: String, ExpressibleByArgument, CaseIterable {
        case automatic, always, never
        var pixelCaching: SDLHost.PixelCaching {
            switch self {
            case .automatic: return .automatic
            case .always: return .always
            case .never: return .never
            }
        }
    }

    static func scenarios(_ text: String) throws -> Set<String> {
        let names = Set(text.uppercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let unknown = names.subtracting(scenarioNames).sorted()
        guard !names.isEmpty else { throw ValidationError("needs at least one scenario") }
        guard unknown.isEmpty else {
            throw ValidationError("no scenario \(unknown.joined(separator: ", ")); the scenarios are \(scenarioNames.joined(separator: ", "))")
        }
        return names
    }

    static func positive(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 1 else { throw ValidationError("needs a whole number, 1 or more") }
        return n
    }

    /// Parses the process's arguments. `--help` prints the help and exits 0; a bad command
    /// line prints what was wrong and the usage, and exits 2.
    static func parseOrExit2() -> BenchArguments {
        do {
            return try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
