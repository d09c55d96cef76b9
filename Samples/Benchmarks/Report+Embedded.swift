import Foundation
import SDLControls

extension Report {
    /// The embedding benchmark's table against Dear ImGui (ours, the peer's, the ratio) and
    /// targets.
    func add(embedded run: EmbeddedRun) {
        let peer = run.peer != nil
        func ms(_ v: Double) -> String { fmt(v, v < 0.1 ? 3 : 2) }
        func ratio(_ a: Double, _ b: Double) -> Double { b > 0 && a.isFinite && b.isFinite ? a / b : .nan }
        var rows: [[String]] = []
        var json: [JSON] = []
        for s in Embedded.scenarios {
            let frame = run.ourMedian(s) { $0.frameMedian }, ui = run.ourMedian(s) { $0.uiMedian }
            let change = run.ourMedian(s) { $0.changeMedian }
            let pFrame = run.peerMedian(s) { $0.frameMedian }, pUI = run.peerMedian(s) { $0.uiMedian }
            rows.append(["whole frame, " + s.name, ms(frame), peer ? ms(pFrame) : "–", peer ? fmt(ratio(frame, pFrame), 2) + "×" : "–"])
            rows.append(["UI side, " + s.name, ms(ui), peer ? ms(pUI) : "–", peer ? fmt(ratio(ui, pUI), 2) + "×" : "–"])
            if s.changing {
                rows.append(["  game's setter calls before the frame (not in either), " + s.name, ms(change), "–", "–"])
            }
            let sub = run.ourMedian(s) { $0.submitted.drawCalls }, subVertices = run.ourMedian(s) { $0.submitted.vertices }
            let switches = run.ourMedian(s) { $0.submitted.targetSwitches }, clears = run.ourMedian(s) { $0.submitted.clears }
            let uploads = run.ourMedian(s) { $0.submitted.uploads }
            let pSub = run.peerMedian(s) { $0.submitted.drawCalls }, pVertices = run.peerMedian(s) { $0.submitted.vertices }
            rows.append(["  submitted per frame (draw calls, vertices; ours: + target switches, clears, uploads), " + s.name,
                         "\(fmt(sub, 1)), \(fmt(subVertices, 0)); \(fmt(switches, 1)), \(fmt(clears, 1)), \(fmt(uploads, 1))",
                         peer ? "\(fmt(pSub, 0)), \(fmt(pVertices, 0))" : "–", "–"])
            let r = run.ours[s] ?? []
            json.append(.object([("scenario", .string(s.key)), ("rounds", .int(r.count)),
                                 ("frame_ms_median", .number(frame)), ("ui_ms_median", .number(ui)), ("setters_ms_median", .number(change)),
                                 ("frame_ms_mean_median", .number(run.ourMedian(s) { $0.frameMean })),
                                 ("vertices_per_control", .number(run.ourMedian(s) { $0.verticesPerControl })),
                                 ("allocations_per_frame", .number(run.ourMedian(s) { $0.allocationsPerFrame })),
                                 ("draw_calls_per_frame", .number(sub)), ("vertices_per_frame", .number(subVertices)),
                                 ("target_switches_per_frame", .number(switches)), ("clears_per_frame", .number(clears)),
                                 ("uploads_per_frame", .number(uploads)),
                                 ("imgui_draw_commands", peer ? .number(pSub) : .null), ("imgui_vertices", peer ? .number(pVertices) : .null),
                                 ("imgui_frame_ms_median", peer ? .number(pFrame) : .null), ("imgui_ui_ms_median", peer ? .number(pUI) : .null),
                                 ("imgui_vertices_per_control", peer ? .number(run.peerMedian(s) { $0.verticesPerControl }) : .null),
                                 ("frame_ratio", peer ? .number(ratio(frame, pFrame)) : .null),
                                 ("ui_ratio", peer ? .number(ratio(ui, pUI)) : .null)]))
        }
        let grid1000 = Embedded.Scenario(layout: .grid, n: 1_000, changing: false)
        let verts = run.ourMedian(grid1000) { $0.verticesPerControl }
        let pVerts = run.peerMedian(grid1000) { $0.verticesPerControl }
        rows.append(["vertices per control (grid)", fmt(verts, 1), peer ? fmt(pVerts, 1) + " (51 with rounded frames)" : "–", "–"])
        let rss = run.ourRSS.map { Double($0) / 1024 } ?? .nan
        let pRSS = run.peerRSS.map { Double($0) / 1024 } ?? .nan
        rows.append(["peak RSS, N = 1,000 (MiB)", fmt(rss, 1), peer ? fmt(pRSS, 1) : "–", peer ? fmt(ratio(rss, pRSS), 2) + "×" : "–"])
        let emptyRSS = run.ourEmptyRSS.map { Double($0) / 1024 } ?? .nan
        let pEmptyRSS = run.peerEmptyRSS.map { Double($0) / 1024 } ?? .nan
        rows.append(["  the same process and window with no controls (MiB)", fmt(emptyRSS, 1), peer ? fmt(pEmptyRSS, 1) : "–", "–"])
        rows.append(["  added by 1,000 controls (MiB)", fmt(rss - emptyRSS, 1), peer ? fmt(pRSS - pEmptyRSS, 1) : "–", "–"])
        let idle = (run.idle?["cpu_percent"] as? NSNumber)?.doubleValue ?? .nan
        let idleSeconds = (run.idle?["seconds"] as? NSNumber)?.doubleValue ?? .nan
        rows.append(["idle CPU, standalone run loop, \(fmt(idleSeconds, 0)) s (%)", fmt(idle, 2), "redraws every frame", "–"])
        tables.append(table("E: as a game embeds the UI (\(run.renderer) renderer; thread CPU ms, medians of \(run.rounds) round(s) of \(run.frames) frames; "
                            + (peer ? "ImGui from the same rounds, interleaved)" : "no ImGui peer given: --imgui PATH)"),
                            ["figure", "SDLControls", "Dear ImGui", "ratio"], rows))
        lines.append(.object([("scenario", .string("E")), ("renderer", .string(run.renderer)), ("rounds", .int(run.rounds)), ("frames", .int(run.frames)),
                              ("imgui_peer", run.peer.map { .string($0) } ?? .null), ("scenarios", .array(json)),
                              ("peak_rss_kib_1000", run.ourRSS.map { .int($0) } ?? .null),
                              ("peak_rss_kib_empty", run.ourEmptyRSS.map { .int($0) } ?? .null),
                              ("imgui_peak_rss_kib_empty", run.peerEmptyRSS.map { .int($0) } ?? .null),
                              ("imgui_peak_rss_kib_1000", run.peerRSS.map { .int($0) } ?? .null),
                              ("idle", run.idle.map { d in .object(d.keys.sorted().map { ($0, .number((d[$0] as? NSNumber)?.doubleValue ?? .nan)) }) } ?? .null)]))

        // Counts, asserted: still embedded frames draw nothing new.
        var stillSubmissions = 0, stillGlyphs = 0, stillUploads = 0, stillAllocations = 0.0
        for s in Embedded.scenarios where !s.changing {
            for r in run.ours[s] ?? [] {
                stillSubmissions = max(stillSubmissions, r.counts.geometrySubmissions)
                stillGlyphs += r.steadyGlyphs
                stillUploads += r.steadyUploads
                stillAllocations = max(stillAllocations, r.allocationsPerFrame)
            }
        }
        targets.append(Target(id: "E-still-submissions", text: "E: geometry submissions in a still embedded frame", kind: .count,
                              value: Double(stillSubmissions), limit: "<= 2", pass: stillSubmissions <= 2))
        targets.append(Target(id: "E-still-glyphs", text: "E: glyphs or runs rasterized in still embedded frames", kind: .count,
                              value: Double(stillGlyphs), limit: "0", pass: stillGlyphs == 0))
        targets.append(Target(id: "E-still-uploads", text: "E: texture uploads in still embedded frames", kind: .count,
                              value: Double(stillUploads), limit: "0", pass: stillUploads == 0))
        // (Our allocations only: on another renderer the driver's own count too.)
        if heapCounterActive && run.renderer == "software" {
            targets.append(Target(id: "E-still-allocations", text: "E: heap allocations per still embedded frame (most)", kind: .count,
                                  value: stillAllocations, limit: "0", pass: stillAllocations == 0))
        }
        // Measured by the still grid of 1,000; a run limited to other scenarios (`--scenario`)
        // has no figure to check, which is not a broken count.
        if !(run.ours[grid1000] ?? []).isEmpty {
            targets.append(Target(id: "E-vertices", text: "E: vertices per control in the grid", kind: .count, value: verts,
                                  limit: "<= 51", pass: verts <= 51))
        }
        // A changing frame submits what changed: one control in ten changing redraws the cached
        // pixels under those controls (no more vertices than theirs) in a few calls, not one
        // call per changed rectangle (100) nor every control's geometry.
        let tenth = Embedded.Scenario(layout: .grid, n: 1_000, changing: true, tenth: true)
        if !(run.ours[tenth] ?? []).isEmpty {
            let changedVertices = Double(tenth.n / 10) * run.ourMedian(tenth) { $0.verticesPerControl }
            let tenthVertices = run.ourMedian(tenth) { $0.submitted.vertices }
            let tenthCalls = run.ourMedian(tenth) { $0.submitted.drawCalls }
            targets.append(Target(id: "E-tenth-vertices", text: "E: vertices submitted per frame, one control in ten changing, N = 1,000",
                                  kind: .count, value: tenthVertices, limit: "<= \(fmt(changedVertices, 0)) (the changed controls')",
                                  pass: tenthVertices <= changedVertices))
            targets.append(Target(id: "E-tenth-draw-calls", text: "E: draw calls per frame, one control in ten changing, N = 1,000",
                                  kind: .count, value: tenthCalls, limit: "<= 30", pass: tenthCalls <= 30))
        }
        // Times against the peer: reported only.
        guard peer else {
            notes.append("E ratios need the ImGui peer: --imgui ../shared/tools/imgui-peer/build/imgui_bench")
            return
        }
        func timeTarget(_ id: String, _ text: String, _ s: Embedded.Scenario, ui: Bool = false, limit: Double) {
            let a = run.ourMedian(s) { ui ? $0.uiMedian : $0.frameMedian }, b = run.peerMedian(s) { ui ? $0.uiMedian : $0.frameMedian }
            let r = ratio(a, b)
            targets.append(Target(id: id, text: text, kind: .time, value: r, limit: "<= \(fmt(limit, 1))× ImGui", pass: r <= limit))
        }
        if run.renderer != "software" {
            // The calling thread's CPU on an accelerated renderer: the nearest this machine has
            // to a GPU machine's CPU side (the driver fills pixels in its own threads).
            let r = run.renderer
            timeTarget("E-\(r)-still-1000", "E (\(r)): whole frame, still, grid N = 1,000", grid1000, limit: 0.2)
            timeTarget("E-\(r)-tenth-1000", "E (\(r)): whole frame, one control in ten changing, grid N = 1,000",
                       Embedded.Scenario(layout: .grid, n: 1_000, changing: true, tenth: true), limit: 0.5)
            timeTarget("E-\(r)-changing-1000", "E (\(r)): whole frame, every control changing, grid N = 1,000",
                       Embedded.Scenario(layout: .grid, n: 1_000, changing: true), limit: 1)
            timeTarget("E-\(r)-changing-hud", "E (\(r)): whole frame, every control changing, HUD",
                       Embedded.Scenario(layout: .hud, n: 30, changing: true), limit: 1)
            return
        }
        timeTarget("E-still-1000", "E: whole frame, still, grid N = 1,000 (ratio to ImGui)", grid1000, limit: 0.5)
        timeTarget("E-still-100", "E: whole frame, still, grid N = 100", Embedded.Scenario(layout: .grid, n: 100, changing: false), limit: 1)
        timeTarget("E-still-hud", "E: whole frame, still, HUD", Embedded.Scenario(layout: .hud, n: 30, changing: false), limit: 1)
        timeTarget("E-changing-100", "E: whole frame, every control changing, grid N = 100",
                   Embedded.Scenario(layout: .grid, n: 100, changing: true), limit: 1)
        timeTarget("E-changing-1000", "E: whole frame, every control changing, grid N = 1,000",
                   Embedded.Scenario(layout: .grid, n: 1_000, changing: true), limit: 1)
        timeTarget("E-changing-hud", "E: whole frame, every control changing, HUD", Embedded.Scenario(layout: .hud, n: 30, changing: true), limit: 1)
        timeTarget("E-ui-changing-1000", "E: UI side, every control changing, grid N = 1,000",
                   Embedded.Scenario(layout: .grid, n: 1_000, changing: true), ui: true, limit: 1)
        timeTarget("E-ui-tenth-1000", "E: UI side, one control in ten changing, grid N = 1,000",
                   Embedded.Scenario(layout: .grid, n: 1_000, changing: true, tenth: true), ui: true, limit: 0.5)
        let rssRatio = ratio(rss, pRSS)
        targets.append(Target(id: "E-rss", text: "E: peak RSS at N = 1,000 (ratio to ImGui)", kind: .time, value: rssRatio,
                              limit: "<= 1.5× ImGui", pass: rssRatio <= 1.5))
        targets.append(Target(id: "E-idle", text: "E: idle CPU of the standalone loop (%)", kind: .time, value: idle, limit: "~0",
                              pass: idle < 1))
    }
}
