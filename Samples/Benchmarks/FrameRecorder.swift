import Foundation
import SDLControls

/// Runs frames the way a game loop does (events, ``SDLHost/update()``, ``SDLHost/renderFrame()``)
/// and records each phase's CPU time, the heap allocations of each half, and the counters.
///
/// Phases (B1):
/// - (a) input + actions + layout: `pollEvents()` + `update()`, timed here;
/// - (b) draw-list build, (c) submission, (d) clear + present: from ``SDLHost/lastRenderTimings``.
///   With the software renderer, (c) includes filling the UI's pixels (SDL rasterizes each
///   `SDL_RenderGeometry` call at once) and (d) is the window clear and the present.
@MainActor
final class FrameRecorder {
    private(set) var update: Samples
    private(set) var build: Samples
    private(set) var submit: Samples
    private(set) var fill: Samples
    private(set) var ab: Samples
    private(set) var total: Samples
    private(set) var change: Samples
    private(set) var counters: [FrameCounters] = []
    /// Allocations counted inside `pollEvents()` + `update()`, and inside `renderFrame()`.
    private(set) var updateAllocations = 0
    private(set) var renderAllocations = 0
    private(set) var framesWithAllocations = 0

    init(capacity: Int) {
        update = Samples(capacity: capacity)
        build = Samples(capacity: capacity)
        submit = Samples(capacity: capacity)
        fill = Samples(capacity: capacity)
        ab = Samples(capacity: capacity)
        total = Samples(capacity: capacity)
        change = Samples(capacity: capacity)
        counters.reserveCapacity(capacity)
    }

    var frames: Int { total.count }

    /// One frame. `change` runs first, outside the measured phases (it is the game's code).
    func frame(_ host: SDLHost, change: (() -> Void)? = nil) {
        if let change {
            let c0 = Clock.cpu()
            change()
            self.change.add(Clock.cpu() - c0)
        }
        let h0 = HeapCounts.now()
        let t0 = Clock.cpu()
        host.pollEvents()
        host.update()
        let t1 = Clock.cpu()
        let h1 = HeapCounts.now()
        host.renderFrame()
        let t2 = Clock.cpu()
        let h2 = HeapCounts.now()
        let r = host.lastRenderTimings
        let u = h1.allocations(since: h0), d = h2.allocations(since: h1)
        updateAllocations += u
        renderAllocations += d
        if u + d > 0 { framesWithAllocations += 1 }
        update.add(t1 - t0)
        build.add(r.build)
        submit.add(r.submit)
        fill.add(r.clear + r.present)
        ab.add(t1 - t0 + r.build)
        total.add(t2 - t0)
        counters.append(host.counters)
    }

    /// Phase summaries in milliseconds.
    func phasesJSON() -> [(String, JSON)] {
        var out: [(String, JSON)] = [
            ("a_input_actions_layout_ms", update.summary(unit: 1000)),
            ("b_build_ms", build.summary(unit: 1000)),
            ("c_submit_ms", submit.summary(unit: 1000)),
            ("d_clear_present_ms", fill.summary(unit: 1000)),
            ("ab_ms", ab.summary(unit: 1000)),
            ("frame_ms", total.summary(unit: 1000)),
        ]
        if change.count > 0 { out.append(("change_ms", change.summary(unit: 1000))) }
        return out
    }

    /// Heap allocations per frame, split by half.
    func allocationsJSON() -> JSON {
        let n = Double(max(1, frames))
        return .object([("per_frame", .number(Double(updateAllocations + renderAllocations) / n)),
                        ("update_per_frame", .number(Double(updateAllocations) / n)),
                        ("render_per_frame", .number(Double(renderAllocations) / n)),
                        ("frames_with_allocations", .int(framesWithAllocations)),
                        ("frames", .int(frames))])
    }
}

extension FrameCounters {
    var json: JSON {
        .object([("geometry_submissions", .int(geometrySubmissions)), ("vertices", .int(vertices)), ("indices", .int(indices)),
                 ("texture_switches", .int(textureSwitches)), ("glyph_runs_rasterized", .int(glyphRunsRasterized)),
                 ("texture_uploads", .int(textureUploads)), ("uploaded_bytes", .int(uploadedBytes)),
                 ("texture_bytes", .int(textureBytes)), ("atlas_resets", .int(atlasResets)),
                 ("draw_list_rebuilt", .bool(drawListRebuilt)), ("views_redrawn", .int(viewsRedrawn))])
    }
}

/// A headless host over a reset application (the state `SDLHost` tests start from).
@MainActor
func makeHost(size: CGSize, scale: CGFloat = 1) throws -> SDLHost {
    let app = UIApplication.shared
    app.actionDelivery = .batched
    app.discardPendingActions()
    app.actionDeliveryObserver = nil
    let host = try SDLHost.headless(size: size, scale: scale)
    host.log = { FileHandle.standardError.write(Data(("controls-bench: SDLControls: " + $0 + "\n").utf8)) }
    return host
}
