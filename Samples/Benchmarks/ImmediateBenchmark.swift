import CMallocCounter
import Foundation
import SDLControls

/// The immediate-mode benchmark's measurements: an `ImmediateView` re-declaring the grid's
/// 1,000 controls every frame, as a game embeds it (events, `update()`, build, `render()`, the
/// game presents), with nothing changing, with one declaration in ten changing and with every
/// bound value and title changing (the two targets, and a frame between them as games have
/// them), in interleaved rounds with the Dear ImGui peer's build of the same 1,000 widgets
/// (`--imgui PATH`).
///
/// The declarations follow the grid's kinds (`i % 6`: button, slider, switch, stepper,
/// segmented control, label), 64 to a `ui.row`, in a plain `ImmediateView` across a 4,096-point
/// window; the peer runs in a window of the same size. Ours is timed as the UI side (handle +
/// `update()` + the build + the draw-list part of `render()`), which is what the benchmark
/// compares with ImGui's NewFrame…Render; the whole frame (with the software renderer's fill)
/// is reported next to the peer's.
enum ImmediateBench {
    static let count = 1_000
    static let columns = 64

    /// How much of the panel's state changes every frame.
    enum Change: Int, CaseIterable, Comparable {
        /// Nothing: the still-frame path.
        case none
        /// One declaration in ten (every kind, spread over the panel), as a game's HUD or
        /// settings screen changes a few values a frame.
        case tenth
        /// Every value and title (ImGui's cost is the same whatever changes).
        case all

        /// The scenario's name on the command line and in the JSON lines.
        var key: String { ["immediate-1000-unchanged", "immediate-1000-tenth", "immediate-1000-changing"][rawValue] }
        /// How the tables say it.
        var name: String { ["nothing changing", "one value in ten changing", "every value and title changing"][rawValue] }
        /// Whether the peer runs with `--changing` for it.
        var peerChanging: Bool { self != .none }

        static func < (a: Change, b: Change) -> Bool { a.rawValue < b.rawValue }
    }

    /// One side's result for one round.
    struct Round {
        var frameMedian: Double = .nan      // ms
        var uiMedian: Double = .nan
        /// Ours only: the build alone, and the game's own state changes (in neither figure).
        var buildMedian: Double = .nan
        var changeMedian: Double = .nan
        var allocationsPerFrame: Double = 0
        var maxViewsRedrawn = 0
        var glyphs = 0
        var uploads = 0
        var rebuiltFrames = 0
        var declared = 0
        var allVisible = true
    }

    /// The game's state and its panel: what a game would write, with texts made once (an
    /// interpolated string in the build would be a heap allocation every frame, in any library).
    @MainActor
    final class Panel {
        var titles: [String]
        var levels: [Float]
        var switches: [Bool]
        var steps: [Double]
        var picks: [Int]
        var texts: [String]
        let items = ["A", "B"]
        let goTitles = ["Go 0", "Go 1"]
        let itemTexts = ["Item 0", "Item 1"]
        var taps = 0

        init() {
            let n = ImmediateBench.count
            titles = (0..<n).map { "B\($0)" }
            levels = (0..<n).map { Float($0 % 10) / 10 }
            switches = (0..<n).map { $0 % 4 == 2 }
            steps = (0..<n).map { Double($0 % 100) }
            picks = (0..<n).map { $0 % 2 }
            texts = (0..<n).map { "L\($0)" }
        }

        /// The declarations: rows of 64, kinds cycling as in the grid. Buttons are named by
        /// their index (ImGui's "###b%d"), since their titles change in the changing scenario.
        func build(_ ui: ImmediateUI) {
            var i = 0
            while i < ImmediateBench.count {
                let end = min(i + ImmediateBench.columns, ImmediateBench.count)
                ui.row { ui in
                    for k in i..<end {
                        switch k % 6 {
                        case 0: if ui.id(k).button(titles[k]) { taps += 1 }
                        case 1: ui.slider("", value: &levels[k], in: 0...1)
                        case 2: ui.toggle("", isOn: &switches[k])
                        case 3: ui.stepper("", value: &steps[k], in: 0...100, step: 1)
                        case 4: ui.segmented(items, selection: &picks[k])
                        default: ui.label(texts[k])
                        }
                    }
                }
                i = end
            }
        }

        /// Every value and title changes (the grid's B3 and the peer's `--changing`), or with
        /// `tenth` those of every tenth group of six (one of each kind).
        func change(frame f: Int, tenth: Bool = false) {
            for k in 0..<ImmediateBench.count where !tenth || (k / 6) % 10 == 0 {
                switch k % 6 {
                case 0: titles[k] = goTitles[(k + f) % 2]
                case 1: levels[k] = Float((k + f) % 100) / 100
                case 2: switches[k].toggle()
                case 3: steps[k] = Double((k + f) % 100)
                case 4: picks[k] = (k + f) % 2
                default: texts[k] = itemTexts[(k + f) % 2]
                }
            }
        }
    }

    /// The window both sides use: the grid's width, our rows' height.
    static let window = CGSize(width: 4_096, height: 700)

    /// Our side of one round.
    @MainActor
    static func runOurs(_ change: Change, frames: Int, warmup: Int) throws -> Round {
        let changing = change != .none
        let game = try Embedded.Game(size: window)
        defer { game.shutdown() }
        let view = ImmediateView(frame: CGRect(origin: .zero, size: window), style: .plain)
        game.ui.window.addSubview(view)
        defer { view.removeFromSuperview() }
        let panel = Panel()
        var f = 0
        func frame() -> (total: Double, ui: Double, build: Double) {
            let t0 = Clock.cpu()
            var e = SDL_Event()
            while SDL_PollEvent(&e) != 0 { game.ui.handle(e) }
            game.ui.update()
            let t1 = Clock.cpu()
            view.build { panel.build($0) }
            let t2 = Clock.cpu()
            SDL_SetRenderDrawColor(game.renderer, 242, 242, 247, 255)
            SDL_RenderClear(game.renderer)
            game.ui.render()
            SDL_RenderPresent(game.renderer)
            let t3 = Clock.cpu()
            return (t3 - t0, t2 - t0 + game.ui.lastRenderTimings.build, t2 - t1)
        }
        for _ in 0..<max(warmup, 4) {
            if changing { f += 1; panel.change(frame: f, tenth: change == .tenth) }
            _ = frame()
        }
        var round = Round()
        round.declared = view.buildCount > 0 ? count : 0
        round.allVisible = view.sizeThatFits(CGSize(width: window.width, height: 0)).height <= window.height
        var total = Samples(capacity: frames), ui = Samples(capacity: frames), build = Samples(capacity: frames)
        var changes = Samples(capacity: frames)
        var allocations = 0
        for _ in 0..<frames {
            if changing {
                let c0 = Clock.cpu()
                f += 1
                panel.change(frame: f, tenth: change == .tenth)
                changes.add(Clock.cpu() - c0)
            }
            let h0 = HeapCounts.now()
            let t = frame()
            allocations += HeapCounts.now().allocations(since: h0)
            total.add(t.total)
            ui.add(t.ui)
            build.add(t.build)
            let c = game.ui.counters
            round.glyphs += c.glyphRunsRasterized
            round.uploads += c.textureUploads
            round.maxViewsRedrawn = max(round.maxViewsRedrawn, c.viewsRedrawn)
            if c.drawListRebuilt { round.rebuiltFrames += 1 }
        }
        round.frameMedian = total.percentile(50) * 1000
        round.uiMedian = ui.percentile(50) * 1000
        round.buildMedian = build.percentile(50) * 1000
        round.changeMedian = changing ? changes.percentile(50) * 1000 : 0
        round.allocationsPerFrame = Double(allocations) / Double(max(1, frames))
        return round
    }

    /// The peer's side of one round: the grid of 1,000 in the same window (a fresh process).
    static func runPeer(_ path: String, changing: Bool, frames: Int, warmup: Int) throws -> Round {
        let r = try Embedded.runPeer(path, Embedded.Scenario(layout: .grid, n: count, changing: changing), frames: frames,
                                     warmup: warmup, window: window)
        var round = Round()
        round.frameMedian = r.frameMedian
        round.uiMedian = r.uiMedian
        return round
    }
}

/// Rounds of both scenarios, ours then the peer's, interleaved.
@MainActor
final class ImmediateRun {
    let rounds: Int
    let frames: Int
    let warmup: Int
    let peer: String?
    private(set) var ours: [ImmediateBench.Change: [ImmediateBench.Round]] = [:]
    /// The peer's rounds, unchanged and changing (its cost is the same however much changes).
    private(set) var theirs: [Bool: [ImmediateBench.Round]] = [:]
    private(set) var failures: [String] = []

    init(rounds: Int, frames: Int, warmup: Int, peer: String?) {
        self.rounds = rounds
        self.frames = frames
        self.warmup = warmup
        self.peer = peer
    }

    /// Only one scenario (an ``ImmediateBench/Change/key``): for profiling.
    var onlyScenario: String?

    func run(progress: (String) -> Void) {
        for r in 0..<rounds {
            for change in ImmediateBench.Change.allCases where onlyScenario == nil || onlyScenario == change.key {
                progress("IM round \(r + 1)/\(rounds): 1,000 declarations, \(change.name)")
                do { ours[change, default: []].append(try ImmediateBench.runOurs(change, frames: frames, warmup: warmup)) } catch {
                    failures.append("IM \(change.name): \(error)")
                }
                // The peer once per round for each of its two modes (one in ten changing costs
                // it what every value changing does).
                if let peer, change != .tenth {
                    do {
                        theirs[change.peerChanging, default: []].append(
                            try ImmediateBench.runPeer(peer, changing: change.peerChanging, frames: frames, warmup: warmup))
                    } catch {
                        failures.append("IM peer \(change.name): \(error)")
                    }
                }
            }
        }
    }

    func ourMedian(_ change: ImmediateBench.Change, _ f: (ImmediateBench.Round) -> Double) -> Double {
        Embedded.median((ours[change] ?? []).map(f))
    }
    func peerMedian(_ change: ImmediateBench.Change, _ f: (ImmediateBench.Round) -> Double) -> Double {
        Embedded.median((theirs[change.peerChanging] ?? []).map(f))
    }
}
