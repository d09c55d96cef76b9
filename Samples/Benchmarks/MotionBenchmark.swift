import CMallocCounter
import Foundation
import SDLControls

/// M, the motion benchmark (`motion-100`): the grid's first 100 controls (``ControlGrid``'s
/// kinds: button, slider, switch, stepper, segmented control, label) moving and fading every
/// frame, as a game embeds the UI (events, `update()`, the game's clear, `render()`, the
/// game's present), at a fixed step of 1/60 s.
///
/// Each control runs one `UIView.animate` block with `[.repeat, .autoreverse, .curveLinear]`
/// over ``duration`` seconds, started before the first frame: even controls move their
/// `center`, odd ones animate `transform` (the same translation, a quarter-radian turn and a
/// scale to 0.8), and every one fades `alpha` from 1 to 0.3. SDL's software renderer allocates
/// inside `SDL_RenderGeometry` as vertex colours and sizes vary (it re-maps the atlas's blits);
/// those are counted apart (CMallocCounter's `SDL_RenderGeometry` wrapper), not as the
/// library's. The repeat never ends, so every measured frame is mid-flight:
/// each control's in-flight position and alpha differ from the previous frame's (checked).
///
/// Animating `center`, `transform` and `alpha` must re-tessellate nothing (the cached
/// geometry is drawn moved, scaled and faded) and, once warm, allocate nothing: both are
/// count targets. The UI side (`handle` + `update()` + the draw-list part of `render()`) is
/// what the benchmark compares with Dear ImGui's poll + NewFrame…Render of the same 100
/// widgets in the same window (`imgui_bench --n 100`): ImGui rebuilds every widget every
/// frame whether it moves or not, so its still grid costs what its moving grid would.
enum Motion {
    static let count = 100
    /// The grid's width (64 cells a row: two rows at N = 100) and room below for the drop.
    static let window = CGSize(width: 4_096, height: 240)
    /// How far the controls move: down by `drop` points, and 24 points toward the middle.
    static let drop: CGFloat = 180
    static let sideways: CGFloat = 24
    /// One way, in seconds (the autoreverse makes a cycle twice that): 1 point a frame down
    /// at 60 frames a second.
    static let duration: TimeInterval = 3
    static let step: TimeInterval = 1.0 / 60

    /// One side's result for one round.
    struct Round {
        var frameMedian = Double.nan, frameMean = Double.nan    // ms
        var uiMedian = Double.nan, uiMean = Double.nan
        /// Ours only: `update()` (the clock, animations, layout) and the draw-list build.
        var updateMedian = Double.nan, buildMedian = Double.nan
        /// Views re-tessellated in each warm-up frame, the first included.
        var warmupRedrawn: [Int] = []
        /// Views re-tessellated in the measured frames: the total and the most in one frame.
        var redrawn = 0, maxRedrawn = 0
        var updateAllocations = 0, renderAllocations = 0, framesWithAllocations = 0
        /// Allocations SDL made inside `SDL_RenderGeometry` (its software renderer's blit maps).
        var rendererAllocations = 0
        var frames = 0
        /// Per measured frame (means).
        var submitted = Embedded.Submitted()
        var visitedPerFrame = 0.0
        var maxSubmissions = 0
        var glyphs = 0, uploads = 0
        /// Measured frames in which every control moved and faded from the previous frame.
        var framesAllMoving = 0
        var allocations: Int { updateAllocations + renderAllocations }
    }

    /// Starts every control's animation (before the first frame, as an app would on appear).
    @MainActor
    static func animate(_ controls: [UIView]) {
        for (i, v) in controls.enumerated() {
            let dx = i % ControlGrid.columns < ControlGrid.columns / 2 ? sideways : -sideways
            UIView.animate(withDuration: duration, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
                if i % 2 == 0 {
                    v.center = CGPoint(x: v.center.x + dx, y: v.center.y + drop)
                } else {
                    v.transform = CGAffineTransform(translationX: dx, y: drop).rotated(by: 0.25).scaledBy(x: 0.8, y: 0.8)
                }
                v.alpha = 0.3
            }
        }
    }

    /// Our side of one round.
    @MainActor
    static func runOurs(frames: Int, warmup: Int, renderer: String = "software", caching: SDLHost.PixelCaching? = nil) throws -> Round {
        let game = try Embedded.Game(size: window, renderer: renderer, caching: caching)
        defer { game.shutdown() }
        game.ui.fixedTimeStep = step
        let grid = ControlGrid(count: count, in: game.ui.window)
        defer { grid.remove() }
        grid.container.frame = CGRect(origin: .zero, size: window)
        animate(grid.controls)

        // The in-flight values of the last frame, to check that every control moved.
        let n = grid.controls.count
        var centers = [CGPoint](repeating: .zero, count: n)
        var transforms = [CGAffineTransform](repeating: .identity, count: n)
        var alphas = [CGFloat](repeating: -1, count: n)
        func allMoved() -> Bool {
            var all = true
            for (i, v) in grid.controls.enumerated() {
                let p = v.presentation()
                let moved = i % 2 == 0 ? p.center != centers[i] : p.transform != transforms[i]
                if !moved || p.alpha == alphas[i] || !(p.alpha < 1) { all = false }
                centers[i] = p.center
                transforms[i] = p.transform
                alphas[i] = p.alpha
            }
            return all
        }

        var round = Round()
        var total = Samples(capacity: frames), ui = Samples(capacity: frames)
        var update = Samples(capacity: frames), build = Samples(capacity: frames)
        var submitted = Embedded.Submitted()
        var visited = 0
        round.warmupRedrawn.reserveCapacity(warmup + 1)
        func frame(measured: Bool) {
            let h0 = HeapCounts.now()
            let sdl0 = cmalloc_thread_renderer_allocations()
            let t0 = Clock.cpu()
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 { game.ui.handle(e) }
            game.ui.update()
            let t1 = Clock.cpu()
            let h1 = HeapCounts.now()
            SDL_SetRenderDrawColor(game.renderer, 242, 242, 247, 255)
            SDL_RenderClear(game.renderer)
            game.ui.render()
            SDL_RenderPresent(game.renderer)
            if !game.software { SDL_RenderFlush(game.renderer) }
            let t2 = Clock.cpu()
            let h2 = HeapCounts.now()
            let sdl = Int(cmalloc_thread_renderer_allocations() - sdl0)
            let c = game.ui.counters
            guard measured else {
                round.warmupRedrawn.append(c.viewsRedrawn)
                return
            }
            // SDL's own (inside SDL_RenderGeometry) are counted apart: not the library's.
            let u = h1.allocations(since: h0), r = max(0, h2.allocations(since: h1) - sdl)
            round.updateAllocations += u
            round.renderAllocations += r
            round.rendererAllocations += sdl
            if u + r > 0 { round.framesWithAllocations += 1 }
            let b = game.ui.lastRenderTimings.build
            total.add(t2 - t0)
            ui.add(t1 - t0 + b)
            update.add(t1 - t0)
            build.add(b)
            round.redrawn += c.viewsRedrawn
            round.maxRedrawn = max(round.maxRedrawn, c.viewsRedrawn)
            round.glyphs += c.glyphRunsRasterized
            round.uploads += c.textureUploads
            round.maxSubmissions = max(round.maxSubmissions, c.geometrySubmissions)
            visited += c.viewsVisited
            submitted.add(c)
        }
        // The first frame starts the animations and tessellates every control; the warm-up
        // lets every buffer reach its size.
        for _ in 0..<(1 + warmup) {
            frame(measured: false)
            _ = allMoved()
        }
        for _ in 0..<frames {
            frame(measured: true)
            if allMoved() { round.framesAllMoving += 1 }
        }
        round.frames = frames
        round.frameMedian = total.percentile(50) * 1000
        round.frameMean = total.mean * 1000
        round.uiMedian = ui.percentile(50) * 1000
        round.uiMean = ui.mean * 1000
        round.updateMedian = update.percentile(50) * 1000
        round.buildMedian = build.percentile(50) * 1000
        round.submitted = submitted.perFrame(frames)
        round.visitedPerFrame = Double(visited) / Double(max(1, frames))
        return round
    }

    /// The peer's side of one round: its grid of 100 in the same window (a fresh process).
    static func runPeer(_ path: String, frames: Int, warmup: Int, renderer: String = "software") throws -> Round {
        let r = try Embedded.runPeer(path, Embedded.Scenario(layout: .grid, n: count, changing: false), frames: frames,
                                     warmup: warmup, window: window, renderer: renderer)
        var round = Round()
        round.frameMedian = r.frameMedian
        round.frameMean = r.frameMean
        round.uiMedian = r.uiMedian
        round.uiMean = r.uiMean
        round.submitted = r.submitted
        round.frames = frames
        return round
    }
}

/// Rounds of the motion scenario, ours then the peer's, interleaved.
@MainActor
final class MotionRun {
    let rounds: Int
    let frames: Int
    let warmup: Int
    let peer: String?
    /// The SDL render driver (`--renderer`) and pixel caching (`--caching`) of both sides.
    var renderer = "software"
    var caching: SDLHost.PixelCaching?
    private(set) var ours: [Motion.Round] = []
    private(set) var theirs: [Motion.Round] = []
    private(set) var failures: [String] = []

    init(rounds: Int, frames: Int, warmup: Int, peer: String?) {
        self.rounds = rounds
        self.frames = frames
        self.warmup = warmup
        self.peer = peer
    }

    func run(progress: (String) -> Void) {
        for r in 0..<rounds {
            progress("M round \(r + 1)/\(rounds): \(Motion.count) controls moving and fading every frame (\(renderer))")
            do { ours.append(try Motion.runOurs(frames: frames, warmup: warmup, renderer: renderer, caching: caching)) } catch {
                failures.append("M: \(error)")
            }
            if let peer {
                do { theirs.append(try Motion.runPeer(peer, frames: frames, warmup: warmup, renderer: renderer)) } catch {
                    failures.append("M peer: \(error)")
                }
            }
        }
    }

    func ourMedian(_ f: (Motion.Round) -> Double) -> Double { Embedded.median(ours.map(f)) }
    func peerMedian(_ f: (Motion.Round) -> Double) -> Double { Embedded.median(theirs.map(f)) }
}

extension Report {
    /// M: the motion scenario's line, its table beside Dear ImGui, and its count targets.
    func add(motion run: MotionRun) {
        let peer = run.peer != nil
        func ms(_ v: Double) -> String { fmt(v, v < 0.1 ? 3 : 2) }
        func ratio(_ a: Double, _ b: Double) -> Double { b > 0 && a.isFinite && b.isFinite ? a / b : .nan }
        let r = run.ours
        let ui = run.ourMedian { $0.uiMedian }, frame = run.ourMedian { $0.frameMedian }
        let update = run.ourMedian { $0.updateMedian }, build = run.ourMedian { $0.buildMedian }
        let pUI = run.peerMedian { $0.uiMedian }, pFrame = run.peerMedian { $0.frameMedian }
        let frames = r.reduce(0) { $0 + $1.frames }
        let redrawn = r.reduce(0) { $0 + $1.redrawn }, maxRedrawn = r.map(\.maxRedrawn).max() ?? 0
        let allocations = r.reduce(0) { $0 + $1.allocations }
        let updateAllocations = r.reduce(0) { $0 + $1.updateAllocations }, renderAllocations = r.reduce(0) { $0 + $1.renderAllocations }
        let sdlAllocations = r.reduce(0) { $0 + $1.rendererAllocations }
        let allocatingFrames = r.reduce(0) { $0 + $1.framesWithAllocations }
        let moving = r.reduce(0) { $0 + $1.framesAllMoving }
        let warmup = r.first?.warmupRedrawn ?? []
        let calls = run.ourMedian { $0.submitted.drawCalls }, vertices = run.ourMedian { $0.submitted.vertices }
        let pCalls = run.peerMedian { $0.submitted.drawCalls }, pVertices = run.peerMedian { $0.submitted.vertices }
        let perFrame = Double(max(1, frames))
        var rows: [[String]] = []
        rows.append(["UI side (input + update + draw list; ImGui: poll + NewFrame…Render)", ms(ui), peer ? ms(pUI) : "–",
                     peer ? fmt(ratio(ui, pUI), 2) + "×" : "–"])
        rows.append(["  of which update() (clock, animations, layout)", ms(update), "–", "–"])
        rows.append(["  of which the draw-list build", ms(build), "–", "–"])
        rows.append(["whole frame (\(run.renderer) renderer)", ms(frame), peer ? ms(pFrame) : "–", peer ? fmt(ratio(frame, pFrame), 2) + "×" : "–"])
        rows.append(["views re-tessellated per frame after warm-up (most) / in all \(frames) frames", "\(maxRedrawn) / \(redrawn)", "redraws all", "–"])
        rows.append(["views re-tessellated in the first frame (it starts the animations) / in the \(max(0, warmup.count - 1)) warm-up frames after it",
                     "\(warmup.first ?? 0) / \(warmup.dropFirst().reduce(0, +))", "–", "–"])
        rows.append(["heap allocations per frame after warm-up (update / render; frames that allocated)",
                     "\(fmt(Double(allocations) / perFrame, 2)) (\(fmt(Double(updateAllocations) / perFrame, 2)) / \(fmt(Double(renderAllocations) / perFrame, 2)); \(allocatingFrames))",
                     "–", "–"])
        rows.append(["… and SDL's own inside SDL_RenderGeometry (its renderer's blit maps and surfaces; not the library's)",
                     "\(fmt(Double(sdlAllocations) / perFrame, 2))",
                     "–", "–"])
        rows.append(["submitted per frame (draw calls, vertices)", "\(fmt(calls, 1)), \(fmt(vertices, 0))",
                     peer ? "\(fmt(pCalls, 0)), \(fmt(pVertices, 0))" : "–", "–"])
        rows.append(["views visited per frame / frames in which all \(Motion.count) moved and faded",
                     "\(fmt(run.ourMedian { $0.visitedPerFrame }, 0)) / \(moving) of \(frames)", "–", "–"])
        tables.append(table("M: \(Motion.count) controls moving and fading every frame (UIView.animate: center or transform, and alpha; repeat, autoreverse, linear), embedded, "
                            + "fixed step 1/60 s (\(run.renderer) renderer; thread CPU ms, medians of \(run.rounds) round(s) of \(run.frames) frames; "
                            + (peer ? "ImGui's grid of \(Motion.count) from the same rounds, interleaved, same window)" : "no ImGui peer given: --imgui PATH)"),
                            ["figure", "SDLControls", "Dear ImGui", "ratio"], rows))
        lines.append(.object([("scenario", .string("motion-\(Motion.count)")), ("renderer", .string(run.renderer)),
                              ("rounds", .int(r.count)), ("frames", .int(run.frames)), ("warmup", .int(run.warmup)),
                              ("window", .string("\(Int(Motion.window.width))x\(Int(Motion.window.height))")),
                              ("controls", .int(Motion.count)), ("step_s", .number(Motion.step)), ("duration_s", .number(Motion.duration)),
                              ("ui_ms_median", .number(ui)), ("update_ms_median", .number(update)), ("build_ms_median", .number(build)),
                              ("frame_ms_median", .number(frame)),
                              ("ui_ms_mean_median", .number(run.ourMedian { $0.uiMean })),
                              ("views_retessellated", .int(redrawn)), ("max_views_retessellated_per_frame", .int(maxRedrawn)),
                              ("warmup_views_retessellated", .array(warmup.map { .int($0) })),
                              ("allocations_per_frame", .number(Double(allocations) / perFrame)),
                              ("update_allocations_per_frame", .number(Double(updateAllocations) / perFrame)),
                              ("render_allocations_per_frame", .number(Double(renderAllocations) / perFrame)),
                              ("sdl_renderer_allocations_per_frame", .number(Double(sdlAllocations) / perFrame)),
                              ("frames_with_allocations", .int(allocatingFrames)),
                              ("draw_calls_per_frame", .number(calls)), ("vertices_per_frame", .number(vertices)),
                              ("max_geometry_submissions", .int(r.map(\.maxSubmissions).max() ?? 0)),
                              ("views_visited_per_frame", .number(run.ourMedian { $0.visitedPerFrame })),
                              ("glyphs_rasterized_total", .int(r.reduce(0) { $0 + $1.glyphs })),
                              ("uploads_total", .int(r.reduce(0) { $0 + $1.uploads })),
                              ("frames_all_moving", .int(moving)), ("frames_measured", .int(frames)),
                              ("imgui_peer", run.peer.map { .string($0) } ?? .null),
                              ("imgui_ui_ms_median", peer ? .number(pUI) : .null), ("imgui_frame_ms_median", peer ? .number(pFrame) : .null),
                              ("imgui_draw_commands", peer ? .number(pCalls) : .null), ("imgui_vertices", peer ? .number(pVertices) : .null),
                              ("ui_ratio", peer ? .number(ratio(ui, pUI)) : .null), ("frame_ratio", peer ? .number(ratio(frame, pFrame)) : .null)]))
        failures += run.failures
        guard !r.isEmpty else { return }
        if moving != frames {
            failures.append("M: every control moved and faded in \(moving) of \(frames) measured frames (the animations were not mid-flight)")
        }

        // Counts, asserted: moving and fading re-tessellates nothing and, once warm, allocates nothing.
        targets.append(Target(id: "M-retessellated", text: "M: views re-tessellated in \(frames) frames of \(Motion.count) controls moving and fading",
                              kind: .count, value: Double(redrawn), limit: "0", pass: redrawn == 0))
        // (Our allocations only: on another renderer the driver's own count too.)
        if heapCounterActive && run.renderer == "software" {
            targets.append(Target(id: "M-alloc", text: "M: heap allocations in \(frames) frames of \(Motion.count) controls moving and fading (after warm-up)",
                                  kind: .count, value: Double(allocations), limit: "0", pass: allocations == 0))
        }
        if !peer { notes.append("M ratios need the ImGui peer: --imgui ../shared/tools/imgui-peer/build/imgui_bench") }
    }
}
