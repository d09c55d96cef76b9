import Foundation
import SDLControls

extension Report {
    /// The immediate-mode benchmark's table against Dear ImGui (ours, the peer's, the ratio)
    /// and targets.
    func add(immediate run: ImmediateRun) {
        let peer = run.peer != nil
        func ms(_ v: Double) -> String { fmt(v, v < 0.1 ? 3 : 2) }
        func ratio(_ a: Double, _ b: Double) -> Double { b > 0 && a.isFinite && b.isFinite ? a / b : .nan }
        var rows: [[String]] = []
        var json: [JSON] = []
        for change in ImmediateBench.Change.allCases where run.ours[change] != nil {
            let changing = change != .none
            let name = change.name
            let ui = run.ourMedian(change) { $0.uiMedian }, build = run.ourMedian(change) { $0.buildMedian }
            let frame = run.ourMedian(change) { $0.frameMedian }
            let pUI = run.peerMedian(change) { $0.uiMedian }, pFrame = run.peerMedian(change) { $0.frameMedian }
            rows.append(["UI side (update + build + draw list; ImGui: NewFrame…Render), " + name, ms(ui), peer ? ms(pUI) : "–",
                         peer ? fmt(ratio(ui, pUI), 2) + "×" : "–"])
            rows.append(["  of which the build, " + name, ms(build), "–", "–"])
            rows.append(["whole frame (software renderer), " + name, ms(frame), peer ? ms(pFrame) : "–", peer ? fmt(ratio(frame, pFrame), 2) + "×" : "–"])
            if changing {
                rows.append(["  the game's own state changes before the frame (in neither)", ms(run.ourMedian(change) { $0.changeMedian }), "–", "–"])
            }
            let r = run.ours[change] ?? []
            let allocations = r.map(\.allocationsPerFrame).max() ?? .nan
            let redrawn = r.map(\.maxViewsRedrawn).max() ?? 0
            let glyphs = r.reduce(0) { $0 + $1.glyphs }
            rows.append(["  heap allocations per frame (most) / views redrawn (most) / glyphs rasterized (total), " + name,
                         "\(fmt(allocations, 2)) / \(redrawn) / \(glyphs)", "–", "–"])
            json.append(.object([("scenario", .string(change.key)),
                                 ("rounds", .int(r.count)), ("ui_ms_median", .number(ui)), ("build_ms_median", .number(build)),
                                 ("frame_ms_median", .number(frame)), ("allocations_per_frame_max", .number(allocations)),
                                 ("views_redrawn_max", .int(redrawn)), ("glyphs_rasterized_total", .int(glyphs)),
                                 ("uploads_total", .int(r.reduce(0) { $0 + $1.uploads })),
                                 ("all_visible", .bool(r.allSatisfy(\.allVisible))),
                                 ("imgui_ui_ms_median", peer ? .number(pUI) : .null), ("imgui_frame_ms_median", peer ? .number(pFrame) : .null),
                                 ("ui_ratio", peer ? .number(ratio(ui, pUI)) : .null), ("frame_ratio", peer ? .number(ratio(frame, pFrame)) : .null)]))
        }
        tables.append(table("IM: ImmediateView re-declaring 1,000 controls every frame, embedded (thread CPU ms, medians of \(run.rounds) round(s) of \(run.frames) frames; "
                            + (peer ? "ImGui from the same rounds, interleaved, same window)" : "no ImGui peer given: --imgui PATH)"),
                            ["figure", "SDLControls", "Dear ImGui", "ratio"], rows))
        lines.append(.object([("scenario", .string("IM")), ("rounds", .int(run.rounds)), ("frames", .int(run.frames)),
                              ("window", .string("\(Int(ImmediateBench.window.width))x\(Int(ImmediateBench.window.height))")),
                              ("imgui_peer", run.peer.map { .string($0) } ?? .null), ("scenarios", .array(json))]))
        failures += run.failures

        // Counts, asserted: re-declaring unchanged controls redraws, rasterizes and allocates nothing.
        let still = run.ours[.none] ?? []
        let redrawn = still.map(\.maxViewsRedrawn).max() ?? 0
        let glyphs = still.reduce(0) { $0 + $1.glyphs }, uploads = still.reduce(0) { $0 + $1.uploads }
        let rebuilt = still.reduce(0) { $0 + $1.rebuiltFrames }
        targets.append(Target(id: "IM-redrawn", text: "IM: views redrawn re-declaring 1,000 unchanged controls (most per frame)", kind: .count,
                              value: Double(redrawn), limit: "0", pass: redrawn == 0 && rebuilt == 0))
        targets.append(Target(id: "IM-glyphs", text: "IM: glyphs rasterized and textures uploaded re-declaring unchanged controls", kind: .count,
                              value: Double(glyphs + uploads), limit: "0", pass: glyphs + uploads == 0))
        if heapCounterActive {
            let allocations = still.map(\.allocationsPerFrame).max() ?? 0
            targets.append(Target(id: "IM-allocations", text: "IM: heap allocations per frame re-declaring unchanged controls (most)", kind: .count,
                                  value: allocations, limit: "0", pass: allocations == 0))
            // Every value and title changing: only the line layouts of the labels the rows
            // squeeze (each truncation keeps its lines and its grapheme boundaries). Was 230
            // when truncation trimmed through NSString and made a String per candidate.
            if let changing = run.ours[.all], !changing.isEmpty {
                let most = changing.map(\.allocationsPerFrame).max() ?? 0
                targets.append(Target(id: "IM-changing-allocations", text: "IM: heap allocations per frame with every value changing (most)",
                                      kind: .count, value: most, limit: "<= 16", pass: most <= 16))
            }
        }
        guard peer else {
            notes.append("IM ratios need the ImGui peer: --imgui ../shared/tools/imgui-peer/build/imgui_bench")
            return
        }
        // The two targets (nothing changing, everything changing); one in ten changing is
        // reported beside them, in the table.
        for change in [ImmediateBench.Change.none, .all] where run.ours[change] != nil {
            let r = ratio(run.ourMedian(change) { $0.uiMedian }, run.peerMedian(change) { $0.uiMedian })
            targets.append(Target(id: change == .all ? "IM-changing" : "IM-unchanged",
                                  text: "IM: UI side, 1,000 declarations, \(change == .all ? "every value changing" : "nothing changing") (ratio to ImGui's build)",
                                  kind: .time, value: r, limit: "<= 1× ImGui", pass: r <= 1))
        }
    }
}
