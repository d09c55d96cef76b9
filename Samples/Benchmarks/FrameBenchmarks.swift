import Foundation
import SDLControls

/// B1 (steady frame cost), B2 (its counters) and the steady-frame allocation count, for one N.
@MainActor
struct SteadyRun {
    let n: Int
    let window: CGSize
    let recorder: FrameRecorder
    /// Counters of the first frame (everything rasterized, uploaded and tessellated).
    let first: FrameCounters
    /// Views the last build visited (N controls and their subviews, plus container and window).
    let viewsVisited: Int
    /// Every control inside the window, not hidden.
    let visible: Bool

    var steady: FrameCounters { recorder.counters.last ?? FrameCounters() }
    var steadyGlyphRuns: Int { recorder.counters.reduce(0) { $0 + $1.glyphRunsRasterized } }
    var steadyUploads: Int { recorder.counters.reduce(0) { $0 + $1.textureUploads } }
    var maxSubmissions: Int { max(first.geometrySubmissions, recorder.counters.map(\.geometrySubmissions).max() ?? 0) }
    var allocations: Int { recorder.updateAllocations + recorder.renderAllocations }

    /// Creates a host whose window shows the whole grid, builds the grid, draws the first
    /// frame, warms up, then measures `frames` frames in which nothing changes.
    static func run(n: Int, frames: Int, warmup: Int) throws -> SteadyRun {
        let size = ControlGrid.windowSize(for: n)
        let host = try makeHost(size: size)
        defer { host.shutdown() }
        let grid = ControlGrid(count: n, in: host.window)
        defer { grid.remove() }
        host.update()
        host.renderFrame()
        let first = host.counters
        let visited = host.drawStats.viewsVisited
        let recorder = FrameRecorder(capacity: frames)
        let warm = FrameRecorder(capacity: warmup)
        for _ in 0..<warmup { warm.frame(host) }
        for _ in 0..<frames { recorder.frame(host) }
        return SteadyRun(n: n, window: size, recorder: recorder, first: first, viewsVisited: visited,
                         visible: grid.allInside(host.window.bounds) && visited >= n)
    }

    var b1JSON: JSON {
        .object([("n", .int(n)), ("window", .string("\(Int(window.width))x\(Int(window.height))")),
                 ("frames", .int(recorder.frames)), ("views_visited", .int(viewsVisited)), ("all_visible", .bool(visible))]
                + recorder.phasesJSON())
    }

    var b2JSON: JSON {
        .object([("n", .int(n)), ("first_frame", first.json), ("steady_frame", steady.json),
                 ("steady_glyph_runs_rasterized_total", .int(steadyGlyphRuns)),
                 ("steady_texture_uploads_total", .int(steadyUploads)),
                 ("max_geometry_submissions", .int(maxSubmissions))])
    }
}

/// B3: the grid with every control changing every frame, one in ten, or ten in all.
@MainActor
struct ChangingGridRun {
    /// Which controls change each frame.
    enum Selection: String {
        /// Every control.
        case all
        /// One in ten: index % 10 == frame % 10 (the ImGui peer's `--tenth`).
        case tenth
        /// Ten controls, spread over the grid, the same ten every frame.
        case ten

        func picks(n: Int, frame: Int) -> (Int) -> Bool {
            switch self {
            case .all: return { _ in true }
            case .tenth: return { $0 % 10 == frame % 10 }
            case .ten:
                let step = max(1, n / 10)
                return { $0 % step == 0 }
            }
        }
    }

    let n: Int
    let selection: Selection
    let recorder: FrameRecorder
    let first: FrameCounters

    var viewsVisitedPerFrame: Double {
        Double(recorder.counters.reduce(0) { $0 + $1.viewsVisited }) / Double(max(1, recorder.frames))
    }

    var glyphRunsPerFrame: Double {
        Double(recorder.counters.reduce(0) { $0 + $1.glyphRunsRasterized }) / Double(max(1, recorder.frames))
    }
    var viewsRedrawnPerFrame: Double {
        Double(recorder.counters.reduce(0) { $0 + $1.viewsRedrawn }) / Double(max(1, recorder.frames))
    }

    /// Warm-up covers the title cycle, so the measured frames re-tessellate every control but
    /// find every text in the atlas (text churn is measured apart, by ``LabelChurnRun``).
    static func run(n: Int, frames: Int, selection: Selection = .all) throws -> ChangingGridRun {
        let host = try makeHost(size: ControlGrid.windowSize(for: n))
        defer { host.shutdown() }
        let grid = ControlGrid(count: n, in: host.window)
        defer { grid.remove() }
        host.update()
        host.renderFrame()
        let first = host.counters
        var f = 0
        let warm = FrameRecorder(capacity: ControlGrid.changingTextCycle + 1)
        for _ in 0..<ControlGrid.changingTextCycle + 1 {
            f += 1
            warm.frame(host) { change(grid, f) }
        }
        let recorder = FrameRecorder(capacity: frames)
        for _ in 0..<frames {
            f += 1
            recorder.frame(host) { change(grid, f) }
        }
        return ChangingGridRun(n: n, selection: selection, recorder: recorder, first: first)
        func change(_ grid: ControlGrid, _ f: Int) {
            if selection == .all { grid.change(frame: f) } else { grid.change(frame: f, where: selection.picks(n: n, frame: f)) }
        }
    }

    var json: JSON {
        .object([("kind", .string("grid")), ("n", .int(n)), ("changing", .string(selection.rawValue)),
                 ("frames", .int(recorder.frames))] + recorder.phasesJSON()
                + [("glyph_runs_rasterized_per_frame", .number(glyphRunsPerFrame)),
                   ("views_redrawn_per_frame", .number(viewsRedrawnPerFrame)),
                   ("views_visited_per_frame", .number(viewsVisitedPerFrame)),
                   ("geometry_submissions", .int(recorder.counters.last?.geometrySubmissions ?? 0)),
                   ("allocations", recorder.allocationsJSON())])
    }
}

/// B3: K labels with new text every frame, for `frames` frames.
@MainActor
struct LabelChurnRun {
    let k: Int
    let recorder: FrameRecorder
    let textureBytesFirst: Int
    let textureBytesMax: Int
    let textureBytesLast: Int
    let atlasResets: Int
    let rssGrowthKiB: Int

    /// Bounded: texture memory after the last frame is what it was after the first.
    var bounded: Bool { textureBytesLast <= textureBytesFirst && textureBytesMax <= textureBytesFirst }

    static func run(k: Int, frames: Int) throws -> LabelChurnRun {
        let host = try makeHost(size: LabelWall.windowSize(for: k))
        defer { host.shutdown() }
        let wall = LabelWall(count: k, in: host.window)
        defer { wall.container.removeFromSuperview() }
        host.update()
        host.renderFrame()
        // The atlas and images: the cached pixels follow the window (bounded by it) and are
        // reported apart.
        let firstBytes = host.counters.textureBytes - host.counters.cachedPixelBytes
        let rss0 = ProcessMemory.residentKiB().current
        let recorder = FrameRecorder(capacity: frames)
        for f in 1...max(1, frames) { recorder.frame(host) { wall.change(frame: f) } }
        let bytes = recorder.counters.map { $0.textureBytes - $0.cachedPixelBytes }
        return LabelChurnRun(k: k, recorder: recorder, textureBytesFirst: firstBytes, textureBytesMax: bytes.max() ?? 0,
                             textureBytesLast: bytes.last ?? 0, atlasResets: recorder.counters.reduce(0) { $0 + $1.atlasResets },
                             rssGrowthKiB: ProcessMemory.residentKiB().current - rss0)
    }

    var json: JSON {
        let runs = Double(recorder.counters.reduce(0) { $0 + $1.glyphRunsRasterized }) / Double(max(1, recorder.frames))
        return .object([("kind", .string("labels")), ("k", .int(k)), ("frames", .int(recorder.frames))] + recorder.phasesJSON()
                       + [("glyph_runs_rasterized_per_frame", .number(runs)),
                          ("atlas_resets", .int(atlasResets)),
                          ("frames_per_atlas_reset", atlasResets > 0 ? .number(Double(recorder.frames) / Double(atlasResets)) : .null),
                          ("texture_bytes_after_first_frame", .int(textureBytesFirst)),
                          ("texture_bytes_max", .int(textureBytesMax)),
                          ("texture_bytes_after_last_frame", .int(textureBytesLast)),
                          ("texture_bytes_bounded", .bool(bounded)),
                          ("rss_growth_kib", .int(rssGrowthKiB))])
    }
}
