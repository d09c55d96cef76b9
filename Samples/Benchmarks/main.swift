// controls-bench: frame cost, draw calls, text churn, input latency, memory.
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

let arguments = BenchArguments.parseOrExit2()   // BenchArguments.swift: options, help, checks

// Child processes get N and, optionally, the N whose window size to use.
if let n = arguments.startupChild.first {
    do {
        try StartupBenchmark.runChild(n: n, windowFor: arguments.startupChild.dropFirst().first ?? n)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("controls-bench: \(error)\n".utf8))
        exit(2)
    }
}

if let n = arguments.memoryChild.first {
    do {
        try MainActor.assumeIsolated { try Embedded.runMemoryChild(n: n, windowFor: arguments.memoryChild.dropFirst().first ?? n) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("controls-bench: \(error)\n".utf8))
        exit(2)
    }
}

if let seconds = arguments.idleChild {
    do {
        try MainActor.assumeIsolated { try Embedded.runIdleChild(seconds: seconds, windowed: arguments.windowed) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("controls-bench: \(error)\n".utf8))
        exit(2)
    }
}

if arguments.dumpGeometry {
    try MainActor.assumeIsolated { try Embedded.dumpGeometry() }
    exit(0)
}

let quick = arguments.quick
let jsonOnly = arguments.jsonOnly
func wants(_ s: String) -> Bool { arguments.only?.contains(s) ?? true }
let peerPath: String? = arguments.imgui ?? ProcessInfo.processInfo.environment["SDLCONTROLS_IMGUI_PEER"].flatMap { $0.isEmpty ? nil : $0 }
let rounds = arguments.rounds ?? (quick ? 1 : 5)

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
        // Part of the grid changing: work should follow the changed controls, not the grid.
        for (n, selection) in [(1_000, ChangingGridRun.Selection.tenth), (1_000, .ten), (10_000, .ten)] {
            let frames = quick ? 10 : (n >= 10_000 ? 30 : 300)
            progress("B3 \(selection.rawValue) of the grid changing, \(n) controls, \(frames) frames")
            do { changing.append(try ChangingGridRun.run(n: n, frames: frames, selection: selection)) } catch {
                report.failures.append("B3 \(selection.rawValue) n=\(n): \(error)")
            }
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

    // S: the scrolling benchmark.
    var scrolls: [ScrollRun] = []
    if wants("S") {
        for scale in [CGFloat(1), 2] {
            let frames = quick ? 40 : 600
            progress("S scroll, 2,000 controls at \(Int(scale))x, \(frames) frames")
            do { scrolls.append(try ScrollRun.run(scale: scale, frames: frames)) } catch { report.failures.append("S \(Int(scale))x: \(error)") }
        }
    }

    // E: the embedding benchmark, optionally against the Dear ImGui peer.
    var embedded: EmbeddedRun?
    if wants("E") {
        if let p = peerPath, !FileManager.default.isExecutableFile(atPath: p) {
            report.failures.append("E: the ImGui peer \(p) is not an executable (build it: make -C ../shared/tools/imgui-peer)")
        }
        let peer = peerPath.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        let run = EmbeddedRun(rounds: rounds, frames: arguments.frames ?? (quick ? 30 : 300),
                              warmup: quick ? 5 : 30, peer: peer)
        run.onlyScenario = arguments.scenario
        if let r = arguments.renderer { run.renderer = r }
        if let c = arguments.caching, c != .automatic { run.caching = c.pixelCaching }
        run.run(idleSeconds: quick ? 1 : 10, progress: progress)
        report.failures += run.failures
        embedded = run
    }

    // IM: the immediate-mode benchmark, optionally against the Dear ImGui peer.
    var immediate: ImmediateRun?
    if wants("IM") {
        let peer = peerPath.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        if peerPath != nil && peer == nil && !wants("E") {
            report.failures.append("IM: the ImGui peer \(peerPath!) is not an executable (build it: make -C ../shared/tools/imgui-peer)")
        }
        let run = ImmediateRun(rounds: rounds, frames: arguments.frames ?? (quick ? 30 : 300),
                               warmup: quick ? 5 : 30, peer: peer)
        run.onlyScenario = arguments.scenario
        run.run(progress: progress)
        immediate = run
    }

    // M: 100 controls moving and fading every frame, optionally against the Dear ImGui peer.
    var motion: MotionRun?
    if wants("M") {
        let peer = peerPath.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        if peerPath != nil && peer == nil && !wants("E") && !wants("IM") {
            report.failures.append("M: the ImGui peer \(peerPath!) is not an executable (build it: make -C ../shared/tools/imgui-peer)")
        }
        let run = MotionRun(rounds: rounds, frames: arguments.frames ?? (quick ? 30 : 300), warmup: quick ? 5 : 30, peer: peer)
        if let r = arguments.renderer { run.renderer = r }
        if let c = arguments.caching, c != .automatic { run.caching = c.pixelCaching }
        run.run(progress: progress)
        motion = run
    }

    report.meta = .object([
        ("scenario", .string("meta")), ("mode", .string(quick ? "quick" : "full")),
        ("renderer", .string(arguments.renderer.map { "\($0) for E and M, else software (dummy video driver)" } ?? "software (dummy video driver)")), ("cores", .int(ProcessInfo.processInfo.activeProcessorCount)),
        ("load_average_start", .string(loadStart)), ("load_average_end", .string(loadAverage())),
        ("time_unit", .string("thread CPU time (CLOCK_THREAD_CPUTIME_ID), milliseconds unless named _us")),
        ("cpu_clock_reading_us", .number(timerCost * 1e6)), ("heap_counter_active", .bool(heapActive)),
    ])
    report.heapCounterActive = heapActive
    report.add(steady: steady, changing: changing, churn: churn, input: input, startup: startup)
    report.add(scroll: scrolls)
    if let embedded { report.add(embedded: embedded) }
    if let immediate { report.add(immediate: immediate) }
    if let motion { report.add(motion: motion) }
    report.print(jsonOnly: jsonOnly)
    return report.countTargetsBroken || !report.failures.isEmpty ? 1 : 0
}

exit(main())
