// controls-bench: frame cost, draw calls, text churn, input latency, memory (issue 6).
//
//     swift run -c release controls-bench            # the full run (a few minutes)
//     swift run -c release controls-bench --quick    # CI: seconds; exits 1 if a count target breaks
//
// Prints one JSON object per scenario (one line each), then a human table. Headless: the
// dummy video driver and the software renderer. Times are this thread's CPU time (so other
// processes on a shared machine inflate them less), reported and never asserted; counts
// (draw calls, glyph rasterizations, texture uploads, latency frames, lost or extra
// actions, texture bytes, steady-frame allocations) are asserted: a broken one exits 1.
import CMallocCounter
import Foundation
import SDLControls

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == StartupBenchmark.childFlag {
    let n = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
    let windowFor = arguments.count > 2 ? Int(arguments[2]) ?? n : n
    do {
        try StartupBenchmark.runChild(n: n, windowFor: windowFor)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("controls-bench: \(error)\n".utf8))
        exit(2)
    }
}

if arguments.first == Embedded.memoryChildFlag {
    let n = arguments.count > 1 ? Int(arguments[1]) ?? 1_000 : 1_000
    let windowFor = arguments.count > 2 ? Int(arguments[2]) ?? n : n
    do {
        try MainActor.assumeIsolated { try Embedded.runMemoryChild(n: n, windowFor: windowFor) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("controls-bench: \(error)\n".utf8))
        exit(2)
    }
}

if arguments.first == Embedded.idleChildFlag {
    let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 10 : 10
    do {
        try MainActor.assumeIsolated { try Embedded.runIdleChild(seconds: seconds, windowed: arguments.contains("--windowed")) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("controls-bench: \(error)\n".utf8))
        exit(2)
    }
}

if arguments.first == "--dump-geometry" {
    try MainActor.assumeIsolated { try Embedded.dumpGeometry() }
    exit(0)
}

if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    controls-bench: SDLControls benchmarks (issue 6), headless (dummy video driver, software renderer).

    Usage: controls-bench [--quick] [--json-only] [--only B1,B2,B3,B4,B5,B6,ALLOC,S,E]
                          [--imgui PATH] [--rounds N]

      --quick       CI size: fewer frames, N and K up to 1,000, 2,000 input events, no B6
                    (10,000 controls take seconds a frame in the software renderer).
      --json-only   Print only the JSON lines (one object per scenario), no table.
      --only LIST   Run only these scenarios (B2, B6 and ALLOC come with B1).
      --imgui PATH  The Dear ImGui peer (../shared/tools/imgui-peer/build/imgui_bench, or the
                    SDLCONTROLS_IMGUI_PEER environment variable): E then runs it on the same
                    work in interleaved rounds and reports ratios. Never needed to build or test.
      --rounds N    Interleaved rounds for E (default 5; 1 with --quick).
      --renderer R  E with SDL render driver R ("opengl" ...) in a real window instead of the
                    software renderer (run under a display: xvfb-run); no peer.
      --caching C   E with SDLHost.pixelCaching = C (always | never) instead of automatic.
      --scenario K  E with one scenario only (grid-1000-changing, hud-30-still, ...), for profiling.
      --frames F    E: frames per round (300; 30 with --quick).
      --dump-geometry   Print each grid control's quads and triangles (fills, tiles, pixels).
      --help        This text.

    Scenarios:
      B1  steady frame cost, N = 0, 100, 1000, 10000 mixed controls, nothing changing:
          (a) input + actions + layout, (b) draw-list build, (c) submission to SDL (with the
          software renderer this includes filling the UI's pixels), (d) clear + present.
      B2  counters of B1's frames (geometry submissions, vertices, glyph runs, uploads, ...).
      B3  every control changing every frame; K = 10, 100, 1000 labels with new text each frame.
      B4  10,000 scripted SDL events: CPU per event, latency in frames, lost/extra actions.
      B5  heap bytes per control, peak resident memory, time to the first presented frame.
      B6  B1 (a)+(b) at 10,000 divided by the same at 1,000.
      ALLOC  heap allocations per steady frame (malloc counter), target 0.
      S   issue 12: a scroll view over 2,000 controls in 960x640 at 1x and 2x, each frame
          changing only contentOffset (after one pass that draws every control): views
          re-tessellated and heap allocations per frame, both targets of 0.
      E   issue 11, as a game embeds the UI (the game clears, the UI updates and renders over
          the scene, the game presents): whole frame and UI side for the grid (N = 100,
          1,000) and a 30-control HUD, still and every control changing; vertices per
          control; peak RSS at N = 1,000; idle CPU of the standalone run loop (10 s; 1 s
          with --quick). Medians of per-round medians.

    Times are CPU milliseconds of the benchmark thread (mean, p50, p95), reported only.
    Count targets are asserted: the exit status is 1 when one is broken.
    """)
    exit(0)
}

let quick = arguments.contains("--quick")
let jsonOnly = arguments.contains("--json-only")
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < arguments.count ? Set(arguments[i + 1].uppercased().split(separator: ",").map(String.init)) : nil
}
func wants(_ s: String) -> Bool { only?.contains(s) ?? true }
func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let peerPath: String? = value(after: "--imgui") ?? ProcessInfo.processInfo.environment["SDLCONTROLS_IMGUI_PEER"].flatMap { $0.isEmpty ? nil : $0 }
let rounds = value(after: "--rounds").flatMap(Int.init).map { max(1, $0) } ?? (quick ? 1 : 5)

func progress(_ s: String) {
    if !jsonOnly { FileHandle.standardError.write(Data(("controls-bench: " + s + "\n").utf8)) }
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

@MainActor
func main() -> Int32 {
    let report = Report(quick: quick)
    let loadStart = loadAverage()
    let timerCost = Clock.cpuReadingCost()
    let heapActive = HeapCounts.counterIsActive()

    // B1, B2, steady-frame allocations (and B6 from B1).
    var steady: [SteadyRun] = []
    if wants("B1") || wants("B2") || wants("B6") || wants("ALLOC") {
        // 10,000 controls cost about a second a frame in the software renderer's fill (and
        // seconds for the first frame), so --quick stops at 1,000 and B6 is in the full run only.
        for n in quick ? [0, 100, 1_000] : [0, 100, 1_000, 10_000] {
            let big = n >= 10_000
            let frames = quick ? 20 : (big ? 60 : 600)
            progress("B1 steady, \(n) controls, \(frames) frames")
            do { steady.append(try SteadyRun.run(n: n, frames: frames, warmup: quick ? 3 : (big ? 3 : 30))) } catch {
                report.failures.append("B1 n=\(n): \(error)")
            }
        }
    }

    // B3.
    var changing: [ChangingGridRun] = []
    var churn: [LabelChurnRun] = []
    if wants("B3") || wants("B6") {
        for n in quick ? [100, 1_000] : [100, 1_000, 10_000] {
            let big = n >= 10_000
            let frames = quick ? 10 : (big ? 30 : 300)
            progress("B3 changing grid, \(n) controls, \(frames) frames")
            do { changing.append(try ChangingGridRun.run(n: n, frames: frames)) } catch { report.failures.append("B3 n=\(n): \(error)") }
        }
    }
    if wants("B3") {
        for k in [10, 100, 1_000] {
            let frames = quick ? (k >= 1_000 ? 20 : 100) : 1_000
            progress("B3 label churn, \(k) labels, \(frames) frames")
            do { churn.append(try LabelChurnRun.run(k: k, frames: frames)) } catch { report.failures.append("B3 k=\(k): \(error)") }
        }
    }

    // B4.
    var input: InputBenchmark?
    if wants("B4") {
        let events = quick ? 2_000 : 10_000
        progress("B4 input, \(events) events")
        do {
            let bench = try InputBenchmark()
            bench.run(totalEvents: events)
            bench.shutdown()
            input = bench
        } catch { report.failures.append("B4: \(error)") }
    }

    // B5: child processes.
    var startup: [(label: String, line: String)] = []
    if wants("B5") {
        let cases: [(String, Int, Int)] = quick
            ? [("1000", 1_000, 1_000)]
            : [("0", 0, 0), ("1000", 1_000, 1_000), ("0 (1000's window)", 0, 1_000),
               ("10000", 10_000, 10_000), ("0 (10000's window)", 0, 10_000)]
        for (label, n, w) in cases {
            progress("B5 start-up and memory, \(label) controls (child process)")
            do { startup.append((label, try StartupBenchmark.spawn(n: n, windowFor: w))) } catch { report.failures.append("B5 \(label): \(error)") }
        }
    }

    // S (issue 12): scrolling.
    var scrolls: [ScrollRun] = []
    if wants("S") {
        for scale in [CGFloat(1), 2] {
            let frames = quick ? 40 : 600
            progress("S scroll, 2,000 controls at \(Int(scale))x, \(frames) frames")
            do { scrolls.append(try ScrollRun.run(scale: scale, frames: frames)) } catch { report.failures.append("S \(Int(scale))x: \(error)") }
        }
    }

    // E (issue 11), optionally against the ImGui peer.
    var embedded: EmbeddedRun?
    if wants("E") {
        if let p = peerPath, !FileManager.default.isExecutableFile(atPath: p) {
            report.failures.append("E: the ImGui peer \(p) is not an executable (build it: make -C ../shared/tools/imgui-peer)")
        }
        let peer = peerPath.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        let run = EmbeddedRun(rounds: rounds, frames: value(after: "--frames").flatMap(Int.init) ?? (quick ? 30 : 300),
                              warmup: quick ? 5 : 30, peer: peer)
        run.onlyScenario = value(after: "--scenario")
        if let r = value(after: "--renderer") { run.renderer = r }
        switch value(after: "--caching") {
        case "always": run.caching = .always
        case "never": run.caching = .never
        default: break
        }
        run.run(idleSeconds: quick ? 1 : 10, progress: progress)
        report.failures += run.failures
        embedded = run
    }

    report.meta = .object([
        ("scenario", .string("meta")), ("mode", .string(quick ? "quick" : "full")),
        ("renderer", .string("software (dummy video driver)")), ("cores", .int(ProcessInfo.processInfo.activeProcessorCount)),
        ("load_average_start", .string(loadStart)), ("load_average_end", .string(loadAverage())),
        ("time_unit", .string("thread CPU time (CLOCK_THREAD_CPUTIME_ID), milliseconds unless named _us")),
        ("cpu_clock_reading_us", .number(timerCost * 1e6)), ("heap_counter_active", .bool(heapActive)),
    ])
    report.heapCounterActive = heapActive
    report.add(steady: steady, changing: changing, churn: churn, input: input, startup: startup)
    report.add(scroll: scrolls)
    if let embedded { report.add(embedded: embedded) }
    report.print(jsonOnly: jsonOnly)
    return report.countTargetsBroken || !report.failures.isEmpty ? 1 : 0
}

exit(main())
