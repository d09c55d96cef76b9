import CMallocCounter
import Foundation
import SDLControls

/// The embedding benchmark's measurements: whole frames as a game embeds the UI (the game
/// clears, the UI updates and renders over the scene, the game presents), for the grid
/// (N = 100, 1,000) and a 30-control HUD, with nothing changing and with every control
/// changing, optionally in interleaved rounds with the Dear ImGui peer (`--imgui PATH`; see
/// `../shared/tools/imgui-peer`, a measuring tool the project never needs).
///
/// Figures per scenario: the whole frame (thread CPU ms), the UI side (input + layout + draw
/// list: `handle` + `update()` + the build part of `render()`), vertices per control, and
/// counts. Peak RSS comes from a fresh child process; idle CPU from a standalone run loop.
enum Embedded {
    /// One scenario: a layout, a count, still or changing (every control, or one in ten).
    struct Scenario: Hashable {
        var layout: ControlGrid.Layout
        var n: Int
        var changing: Bool
        /// Only one control in ten changes each frame (index % 10 == frame % 10, as the peer's
        /// `--tenth`).
        var tenth = false

        var name: String {
            let what = !changing ? "still" : tenth ? "one control in ten changing" : "every control changing"
            return "\(layout == .hud ? "HUD (30)" : "grid N = \(n)"), \(what)"
        }
        var key: String { "\(layout.rawValue)-\(n)-\(!changing ? "still" : tenth ? "tenth" : "changing")" }

        /// Makes this scenario's change for frame `f`.
        @MainActor
        func change(_ grid: ControlGrid, frame f: Int) {
            if tenth { grid.change(frame: f, where: { $0 % 10 == f % 10 }) } else { grid.change(frame: f) }
        }

        /// The peer's arguments for the same work.
        func peerArguments(frames: Int, warmup: Int) -> [String] {
            var a = layout == .hud ? ["--hud"] : ["--n", String(n)]
            if changing { a.append(tenth ? "--tenth" : "--changing") }
            a += ["--frames", String(frames), "--warmup", String(warmup)]
            return a
        }
    }

    static let scenarios: [Scenario] = [
        Scenario(layout: .grid, n: 100, changing: false), Scenario(layout: .grid, n: 1_000, changing: false),
        Scenario(layout: .hud, n: 30, changing: false),
        Scenario(layout: .grid, n: 100, changing: true), Scenario(layout: .grid, n: 1_000, changing: true),
        Scenario(layout: .grid, n: 1_000, changing: true, tenth: true),
        Scenario(layout: .hud, n: 30, changing: true),
    ]

    /// One side's result for one round.
    struct Round {
        var frameMedian: Double     // ms
        var frameMean: Double
        var uiMedian: Double
        var uiMean: Double
        var verticesPerControl: Double
        var peakRSSKiB: Int
        /// Ours only: the game's setter calls before the frame (excluded from both figures).
        var changeMedian: Double = 0
        var counts: FrameCounters = FrameCounters()
        var allocationsPerFrame: Double = 0
        var steadyGlyphs = 0
        var steadyUploads = 0
        var maxSubmissions = 0
        /// What a measured frame handed the renderer, per frame (means); the peer's draw
        /// commands and vertices.
        var submitted = Submitted()
    }

    /// What frames handed the renderer, per frame: what a driver's cost follows.
    struct Submitted {
        var drawCalls = 0.0, vertices = 0.0, targetSwitches = 0.0, clears = 0.0, uploads = 0.0

        /// Adds one frame's counters (divide by the frames with ``perFrame(_:)``).
        mutating func add(_ c: FrameCounters) {
            drawCalls += Double(c.drawCalls)
            vertices += Double(c.vertices)
            targetSwitches += Double(c.renderTargetSwitches)
            clears += Double(c.cacheClears)
            uploads += Double(c.textureUploads)
        }

        func perFrame(_ frames: Int) -> Submitted {
            let n = Double(max(1, frames))
            return Submitted(drawCalls: drawCalls / n, vertices: vertices / n, targetSwitches: targetSwitches / n,
                             clears: clears / n, uploads: uploads / n)
        }
    }

    /// A game that owns its SDL window and software renderer (dummy video driver) and embeds
    /// an `SDLHost`, as `Samples/EmbeddedGame` does.
    @MainActor
    final class Game {
        let window: OpaquePointer
        let renderer: OpaquePointer
        let ui: SDLHost
        let software: Bool

        /// `renderer`: "software" (headless) or another SDL render driver ("opengl", ...) in a
        /// real window (run under a display: `xvfb-run`). `caching` overrides the host's pixel
        /// caching.
        init(size: CGSize, renderer rendererName: String = "software", caching: SDLHost.PixelCaching? = nil) throws {
            software = rendererName == "software"
            if software { SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy") }
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, rendererName)
            guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw BenchError.childFailed("SDL_Init: " + String(cString: SDL_GetError())) }
            let flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
            guard let w = SDL_CreateWindow("controls-bench", 0, 0, Int32(size.width), Int32(size.height), SDL_WINDOW_HIDDEN.rawValue),
                  let r = SDL_CreateRenderer(w, -1, flags) else {
                throw BenchError.childFailed("window: " + String(cString: SDL_GetError()))
            }
            window = w
            renderer = r
            let app = UIApplication.shared
            app.actionDelivery = .batched
            app.discardPendingActions()
            app.actionDeliveryObserver = nil
            ui = try SDLHost(embeddingWindow: w, renderer: r)
            ui.log = { FileHandle.standardError.write(Data(("controls-bench: SDLControls: " + $0 + "\n").utf8)) }
            if let caching { ui.pixelCaching = caching }
        }

        /// One game frame; returns (whole frame, UI side) in seconds of thread CPU time.
        func frame() -> (total: Double, ui: Double) {
            let t0 = Clock.cpu()
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 { ui.handle(e) }
            ui.update()
            let t1 = Clock.cpu()
            SDL_SetRenderDrawColor(renderer, 242, 242, 247, 255)
            SDL_RenderClear(renderer)
            ui.render()
            SDL_RenderPresent(renderer)
            if !software { SDL_RenderFlush(renderer) }
            let t2 = Clock.cpu()
            return (t2 - t0, t1 - t0 + ui.lastRenderTimings.build)
        }

        func shutdown() {
            ui.shutdown()
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
        }
    }

    /// Our side of one round.
    @MainActor
    static func runOurs(_ s: Scenario, frames: Int, warmup: Int, renderer: String = "software",
                        caching: SDLHost.PixelCaching? = nil) throws -> Round {
        let game = try Game(size: ControlGrid.windowSize(for: s.n, layout: s.layout), renderer: renderer, caching: caching)
        defer { game.shutdown() }
        let grid = ControlGrid(count: s.n, in: game.ui.window, layout: s.layout)
        defer { grid.remove() }
        var f = 0
        // The first frame draws everything directly: its vertices are the geometry of every control.
        _ = game.frame()
        let vertices = game.ui.counters.vertices
        var maxSubmissions = game.ui.counters.geometrySubmissions
        // Warm-up: the text cycle (changing) or the cache of pixels (still) settles.
        for _ in 0..<max(warmup, ControlGrid.changingTextCycle + 2) {
            if s.changing { f += 1; s.change(grid, frame: f) }
            _ = game.frame()
        }
        var total = Samples(capacity: frames), ui = Samples(capacity: frames), change = Samples(capacity: frames)
        var glyphs = 0, uploads = 0, allocations = 0
        var submitted = Submitted()
        for _ in 0..<frames {
            if s.changing {
                let c0 = Clock.cpu()
                f += 1
                s.change(grid, frame: f)
                change.add(Clock.cpu() - c0)
            }
            let h0 = HeapCounts.now()
            let t = game.frame()
            allocations += HeapCounts.now().allocations(since: h0)
            total.add(t.total)
            ui.add(t.ui)
            let c = game.ui.counters
            glyphs += c.glyphRunsRasterized
            uploads += c.textureUploads
            maxSubmissions = max(maxSubmissions, c.geometrySubmissions)
            submitted.add(c)
        }
        return Round(frameMedian: total.percentile(50) * 1000, frameMean: total.mean * 1000, uiMedian: ui.percentile(50) * 1000,
                     uiMean: ui.mean * 1000, verticesPerControl: Double(vertices) / Double(max(1, s.n)),
                     peakRSSKiB: ProcessMemory.residentKiB().peak, changeMedian: change.percentile(50) * 1000,
                     counts: game.ui.counters, allocationsPerFrame: Double(allocations) / Double(max(1, frames)),
                     steadyGlyphs: glyphs, steadyUploads: uploads, maxSubmissions: maxSubmissions,
                     submitted: submitted.perFrame(frames))
    }

    /// The peer's side of one round (a fresh process), on the same SDL render driver.
    static func runPeer(_ path: String, _ s: Scenario, frames: Int, warmup: Int, window: CGSize? = nil,
                        renderer: String = "software") throws -> Round {
        var env = ProcessInfo.processInfo.environment
        if renderer == "software" { env["SDL_VIDEODRIVER"] = "dummy" }
        let arguments = s.peerArguments(frames: frames, warmup: warmup)
            + (window.map { ["--window", "\(Int($0.width))x\(Int($0.height))"] } ?? [])
            + (renderer == "software" ? [] : ["--renderer", renderer])
        let object = try ChildProcess.lastJSONObject(path, arguments, environment: env, quiet: true,
                                                     label: "imgui peer \(s.peerArguments(frames: frames, warmup: warmup))")
        func phase(_ key: String, _ stat: String) -> Double { ((object[key] as? [String: Any])?[stat] as? NSNumber)?.doubleValue ?? .nan }
        return Round(frameMedian: phase("frame_ms", "p50"), frameMean: phase("frame_ms", "mean"), uiMedian: phase("ui_ms", "p50"),
                     uiMean: phase("ui_ms", "mean"), verticesPerControl: (object["vertices_per_widget"] as? NSNumber)?.doubleValue ?? .nan,
                     peakRSSKiB: (object["vm_hwm_kib"] as? NSNumber)?.intValue ?? 0,
                     submitted: Submitted(drawCalls: (object["draw_cmds"] as? NSNumber)?.doubleValue ?? .nan,
                                          vertices: (object["vertices"] as? NSNumber)?.doubleValue ?? .nan))
    }

    // MARK: Peak RSS and idle CPU (fresh processes)

    static let memoryChildFlag = "--embedded-memory-child"
    static let idleChildFlag = "--idle-child"

    /// In a fresh child: the embedded grid of `n` controls, 60 still frames then 60 with every
    /// control changing; prints one JSON line with the peak resident set.
    @MainActor
    static func runMemoryChild(n: Int, windowFor: Int) throws {
        let game = try Game(size: ControlGrid.windowSize(for: windowFor))
        let grid = ControlGrid(count: n, in: game.ui.window)
        for _ in 0..<60 { _ = game.frame() }
        for f in 1...60 { grid.change(frame: f); _ = game.frame() }
        for _ in 0..<10 { _ = game.frame() }   // settled again: the cached pixels are in use
        let m = ProcessMemory.residentKiB()
        print(JSON.object([("n", .int(n)), ("vm_hwm_kib", .int(m.peak)), ("vm_rss_kib", .int(m.current)),
                           ("texture_bytes", .int(game.ui.counters.textureBytes))]).text)
        grid.remove()
        game.shutdown()
    }

    /// In a fresh child: a standalone (headless) host with 100 still controls in its run
    /// loop for `seconds`; prints the process's CPU time over wall time, and frames drawn.
    @MainActor
    static func runIdleChild(seconds: Double, windowed: Bool = false) throws {
        // Windowed: a real window (run under a display, for example `xvfb-run`), whose driver
        // can block in SDL_WaitEventTimeout; headless: the dummy driver.
        let host = windowed
            ? try SDLHost(configuration: .init(title: "idle", size: ControlGrid.windowSize(for: 100), vsync: true))
            : try makeHost(size: ControlGrid.windowSize(for: 100))
        let grid = ControlGrid(count: 100, in: host.window)
        host.update()
        host.renderFrame()
        // The loop ends when a timer on the window's clock posts SDL_QUIT: nothing else wakes it.
        host.window.frameClock.scheduleTimer(after: seconds) { _ in
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
        }
        let start = Clock.wall()
        let usage0 = processCPUSeconds()
        let iterations = host.run()
        let usage1 = processCPUSeconds()
        let wall = Clock.wall() - start
        print(JSON.object([("renderer", .string(host.rendererDescription)), ("seconds", .number(wall)), ("cpu_seconds", .number(usage1 - usage0)),
                           ("cpu_percent", .number((usage1 - usage0) / max(1e-9, wall) * 100)),
                           ("loop_iterations", .int(iterations))]).text)
        grid.remove()
        host.shutdown()
    }

    /// User + system CPU seconds of this process.
    static func processCPUSeconds() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) * 1e-6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) * 1e-6
    }

    /// Runs this executable with `arguments` and returns its last JSON line.
    static func spawnSelf(_ arguments: [String]) throws -> [String: Any] {
        try ChildProcess.lastJSONObject(CommandLine.arguments[0], arguments, label: "\(arguments)")
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.filter(\.isFinite).sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// The whole of the embedding benchmark's measurement: rounds of every scenario, ours then
/// the peer's.
@MainActor
final class EmbeddedRun {
    let rounds: Int
    let frames: Int
    let warmup: Int
    let peer: String?
    private(set) var ours: [Embedded.Scenario: [Embedded.Round]] = [:]
    private(set) var theirs: [Embedded.Scenario: [Embedded.Round]] = [:]
    private(set) var ourRSS: Int?
    /// The same process and window with no controls: what the UI itself adds is the difference.
    private(set) var ourEmptyRSS: Int?
    private(set) var peerEmptyRSS: Int?
    private(set) var idle: [String: Any]?
    private(set) var failures: [String] = []

    init(rounds: Int, frames: Int, warmup: Int, peer: String?) {
        self.rounds = rounds
        self.frames = frames
        self.warmup = warmup
        self.peer = peer
    }

    /// Only the scenario with this key (`grid-1000-changing`, ...): for profiling.
    var onlyScenario: String?
    /// The SDL render driver (`--renderer`) and pixel caching (`--caching`) of our side.
    var renderer = "software"
    var caching: SDLHost.PixelCaching?

    func run(idleSeconds: Double, progress: (String) -> Void) {
        for r in 0..<rounds {
            for s in Embedded.scenarios where onlyScenario == nil || s.key == onlyScenario {
                progress("E round \(r + 1)/\(rounds): \(s.name)")
                do { ours[s, default: []].append(try Embedded.runOurs(s, frames: frames, warmup: warmup, renderer: renderer, caching: caching)) } catch {
                    failures.append("E \(s.key): \(error)")
                }
                if let peer {
                    do { theirs[s, default: []].append(try Embedded.runPeer(peer, s, frames: frames, warmup: warmup, renderer: renderer)) } catch {
                        failures.append("E peer \(s.key): \(error)")
                    }
                }
            }
        }
        guard onlyScenario == nil else { return }
        // Peak RSS on the software renderer only: the peer's figure comes from its rounds, and
        // on another renderer it holds the driver's memory too (Mesa's is most of it).
        if renderer == "software" { measureRSS(progress: progress) }
        progress("E idle CPU over \(idleSeconds) s (child process)")
        do { idle = try Embedded.spawnSelf([Embedded.idleChildFlag, String(idleSeconds)]) } catch { failures.append("E idle: \(error)") }
    }

    private func measureRSS(progress: (String) -> Void) {
        progress("E peak RSS, N = 1,000 (child process)")
        do {
            let o = try Embedded.spawnSelf([Embedded.memoryChildFlag, "1000", "1000"])
            ourRSS = (o["vm_hwm_kib"] as? NSNumber)?.intValue
            let empty = try Embedded.spawnSelf([Embedded.memoryChildFlag, "0", "1000"])
            ourEmptyRSS = (empty["vm_hwm_kib"] as? NSNumber)?.intValue
            if let peer {
                let p = try Embedded.runPeer(peer, Embedded.Scenario(layout: .grid, n: 0, changing: false), frames: 60, warmup: 5,
                                             window: ControlGrid.windowSize(for: 1_000))
                peerEmptyRSS = p.peakRSSKiB
            }
        } catch { failures.append("E RSS: \(error)") }
    }

    func median(_ s: Embedded.Scenario, _ side: [Embedded.Scenario: [Embedded.Round]], _ f: (Embedded.Round) -> Double) -> Double {
        Embedded.median((side[s] ?? []).map(f))
    }

    func ourMedian(_ s: Embedded.Scenario, _ f: (Embedded.Round) -> Double) -> Double { median(s, ours, f) }
    func peerMedian(_ s: Embedded.Scenario, _ f: (Embedded.Round) -> Double) -> Double { median(s, theirs, f) }

    var peerRSS: Int? {
        guard renderer == "software", let r = theirs[Embedded.Scenario(layout: .grid, n: 1_000, changing: false)], !r.isEmpty else { return nil }
        return Int(Embedded.median(r.map { Double($0.peakRSSKiB) }))
    }
}

extension Embedded {
    /// Prints, per kind of grid control, its quads (fills and tiles, with pixels) and other
    /// triangles: what the software renderer has to do per control (for tuning).
    @MainActor
    static func dumpGeometry() throws {
        let game = try Game(size: ControlGrid.windowSize(for: 6))
        let grid = ControlGrid(count: 6, in: game.ui.window)
        _ = game.frame()
        let list = DrawList()
        game.ui.window.setNeedsFullRedraw()
        _ = game.ui.window.buildDrawList(into: list, scale: 1, resources: game.ui.drawResources)
        let a = list.assembled()
        for v in grid.controls {
            let f = v.frame
            var fills = 0, fillPx = 0.0, tiles = 0, tilePx = 0.0, tris = 0
            for c in a.commands {
                var k = 0
                while k + 5 < c.indexCount {
                    let ids = (0..<6).map { a.indices[c.indexStart + k + $0] }
                    let vs = ids.map { a.vertices[c.vertexStart + Int($0)] }
                    let cx = vs.map(\.x).reduce(0, +) / 6, cy = vs.map(\.y).reduce(0, +) / 6
                    let inside = CGFloat(cx) >= f.minX - 12 && CGFloat(cx) <= f.maxX + 12 && CGFloat(cy) >= f.minY - 12 && CGFloat(cy) <= f.maxY + 12
                    let isQuad = ids[0] == ids[3] && ids[2] == ids[4] && Set(vs.map(\.x)).count == 2 && Set(vs.map(\.y)).count == 2
                    if isQuad {
                        if inside {
                            let px = Double((vs.map(\.x).max()! - vs.map(\.x).min()!) * (vs.map(\.y).max()! - vs.map(\.y).min()!))
                            if vs[0].u == vs[2].u { fills += 1; fillPx += px } else { tiles += 1; tilePx += px }
                        }
                        k += 6
                    } else {
                        if inside { tris += 1 }
                        k += 3
                    }
                }
            }
            print("\(type(of: v)): fills \(fills) (\(Int(fillPx)) px), tiles \(tiles) (\(Int(tilePx)) px), other triangles \(tris)")
        }
        grid.remove()
        game.shutdown()
    }
}
