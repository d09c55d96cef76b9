import Foundation
import SDLControls

/// S, the scrolling benchmark: a `UIScrollView` over 2,000 mixed controls (``ControlGrid``'s
/// kinds, 15 to a row) in a 960×640 window, at 1x and 2x. Each measured frame changes only
/// `contentOffset` (9 points a frame, down to the end and back), as a wheel or a drag does.
///
/// The content is first scrolled through once, so every control has been drawn once (a view
/// culled until it scrolls into sight is tessellated the first time it shows: that is the
/// warm-up's count). Then a frame where only the offset changes must re-tessellate no view
/// (cached geometry is translated) and allocate nothing: both are count targets.
@MainActor
struct ScrollRun {
    static let controlCount = 2_000
    static let window = CGSize(width: 960, height: 640)
    /// Points per frame: whole pixels at 1x and 2x, so no view's sub-pixel phase changes.
    static let step: CGFloat = 9

    let scale: CGFloat
    let recorder: FrameRecorder
    let contentSize: CGSize
    /// Views tessellated while the content first scrolled by (each about once).
    let warmupRedrawn: Int
    /// Views re-tessellated in the measured frames (target: 0).
    var redrawn: Int { recorder.counters.reduce(0) { $0 + $1.viewsRedrawn } }
    /// The most views re-tessellated in one measured frame.
    var maxRedrawn: Int { recorder.counters.map(\.viewsRedrawn).max() ?? 0 }
    var allocations: Int { recorder.updateAllocations + recorder.renderAllocations }
    /// Frames in which the content moved (every measured frame should).
    let moved: Int

    static func run(scale: CGFloat, frames: Int) throws -> ScrollRun {
        let host = try makeHost(size: window, scale: scale)
        defer { host.shutdown() }
        let grid = ControlGrid(count: controlCount, in: host.window)
        grid.remove()
        let columns = Int(window.width / ControlGrid.cell.width)
        for (i, v) in grid.controls.enumerated() {
            v.frame.origin = CGPoint(x: CGFloat(i % columns) * ControlGrid.cell.width + ControlGrid.inset,
                                     y: CGFloat(i / columns) * ControlGrid.cell.height + ControlGrid.inset)
        }
        let rows = (controlCount + columns - 1) / columns
        let content = CGSize(width: CGFloat(columns) * ControlGrid.cell.width, height: CGFloat(rows) * ControlGrid.cell.height)
        grid.container.frame = CGRect(origin: .zero, size: content)
        let scroll = UIScrollView(frame: host.window.bounds)
        scroll.backgroundColor = .systemBackground
        scroll.contentSize = content
        scroll.addSubview(grid.container)
        host.window.addSubview(scroll)
        defer { scroll.removeFromSuperview() }
        host.update()
        host.renderFrame()
        let end = max(0, content.height - window.height)
        var y: CGFloat = 0, direction: CGFloat = 1
        func advance() {
            y += direction * step
            if y >= end { y = end; direction = -1 } else if y <= 0 { y = 0; direction = 1 }
            scroll.contentOffset = CGPoint(x: 0, y: y)
        }
        // Warm-up: scroll to the end once, so every control has been drawn, then a little more.
        let warm = FrameRecorder(capacity: Int(end / step) + 40)
        var warmupRedrawn = 0
        while direction > 0 {
            warm.frame(host) { advance() }
            warmupRedrawn += host.counters.viewsRedrawn
        }
        for _ in 0..<20 { warm.frame(host) { advance() } }
        let recorder = FrameRecorder(capacity: frames)
        var moved = 0
        for _ in 0..<frames {
            let before = scroll.contentOffset
            recorder.frame(host) { advance() }
            if scroll.contentOffset != before { moved += 1 }
        }
        return ScrollRun(scale: scale, recorder: recorder, contentSize: content, warmupRedrawn: warmupRedrawn, moved: moved)
    }

    var json: JSON {
        .object([("scale", .number(Double(scale))), ("controls", .int(ScrollRun.controlCount)),
                 ("window", .string("\(Int(ScrollRun.window.width))x\(Int(ScrollRun.window.height))")),
                 ("content", .string("\(Int(contentSize.width))x\(Int(contentSize.height))")),
                 ("frames", .int(recorder.frames)), ("frames_moved", .int(moved)),
                 ("warmup_views_tessellated", .int(warmupRedrawn)),
                 ("views_retessellated", .int(redrawn)), ("max_views_retessellated_per_frame", .int(maxRedrawn)),
                 ("vertices", .int(recorder.counters.last?.vertices ?? 0)),
                 ("geometry_submissions", .int(recorder.counters.last?.geometrySubmissions ?? 0)),
                 ("allocations", recorder.allocationsJSON())] + recorder.phasesJSON())
    }
}

extension Report {
    /// S: the scroll scenario's line, table and count targets.
    func add(scroll runs: [ScrollRun]) {
        guard !runs.isEmpty else { return }
        lines.append(.object([("scenario", .string("S")), ("runs", .array(runs.map(\.json)))]))
        tables.append(table("S scroll view over 2,000 controls, only contentOffset changing (9 pt a frame; CPU ms mean)",
                            ["scale", "content", "(a) input+actions+layout", "(b) build", "(c) submit", "frame", "views re-tessellated", "allocations / frame", "warm-up tessellations"],
                            runs.map { r in
                                let c = r.recorder
                                return ["\(Int(r.scale))x", "\(Int(r.contentSize.width))x\(Int(r.contentSize.height))",
                                        fmt(c.update.mean * 1000, 4), fmt(c.build.mean * 1000, 4), fmt(c.submit.mean * 1000, 3),
                                        fmt(c.total.mean * 1000, 3), "\(r.redrawn)",
                                        fmt(Double(r.allocations) / Double(max(1, c.frames)), 2), "\(r.warmupRedrawn)"]
                            }))
        let redrawn = runs.reduce(0) { $0 + $1.redrawn }
        let frames = runs.reduce(0) { $0 + $1.recorder.frames }
        targets.append(Target(id: "S-retessellated", text: "S: views re-tessellated in \(frames) frames where only contentOffset changes",
                              kind: .count, value: Double(redrawn), limit: "0", pass: redrawn == 0))
        if heapCounterActive {
            let allocations = runs.reduce(0) { $0 + $1.allocations }
            targets.append(Target(id: "S-alloc", text: "S: heap allocations in \(frames) frames where only contentOffset changes",
                                  kind: .count, value: Double(allocations), limit: "0", pass: allocations == 0))
        }
        let still = runs.filter { $0.moved != $0.recorder.frames }
        if !still.isEmpty { failures.append("S: the content did not move in every measured frame") }
    }
}
