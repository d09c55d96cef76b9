import Testing
import Foundation
@testable import SDLControlsCore

/// A drawing pass visits what changed, not the tree, and still draws exactly what a pass
/// from scratch draws: same geometry, same order, same clips, same occupied cells.
@MainActor
struct IncrementalDrawingTests {
    let window = makeTestWindow(size: CGSize(width: 320, height: 240))

    /// A grid of `count` small controls, `perRow` to a row, each in a row container.
    private func grid(count: Int, perRow: Int = 100) -> [UISwitch] {
        var controls: [UISwitch] = []
        var row: UIView?
        for i in 0..<count {
            if i % perRow == 0 {
                let r = UIView(frame: CGRect(x: 0, y: CGFloat(i / perRow) * 2, width: 320, height: 2))
                window.addSubview(r)
                row = r
            }
            let s = UISwitch(frame: CGRect(x: CGFloat(i % perRow) * 3, y: 0, width: 51, height: 31))
            row?.addSubview(s)
            controls.append(s)
        }
        return controls
    }

    @Test func aPassVisitsOnlyTheChangedViewsAndTheirAncestors() {
        let controls = grid(count: 10_000)
        let list = DrawList()
        let first = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(first.viewsVisited > 10_000, "the first pass visits everything")
        for k in 0..<10 { controls[k * 997].setOn(!controls[k * 997].isOn, animated: false) }
        let changed = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(changed.rebuilt)
        #expect(changed.viewsRedrawn >= 10)
        // The window, the rows holding the ten, the ten and their subviews: far below 100.
        #expect(changed.viewsVisited <= 100, "visited \(changed.viewsVisited)")
        #expect(changed.viewsDrawn == first.viewsDrawn, "views on screen are counted whether visited or not")
    }

    @Test func visitsDoNotGrowWithTheViewsThatDidNotChange() {
        let small = grid(count: 1_000)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        for k in 0..<10 { small[k * 97].isOn.toggle() }
        let visitedSmall = window.buildDrawList(into: list, scale: 1, resources: nil).viewsVisited
        let big = grid(count: 9_000)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        for k in 0..<10 { big[k * 797].isOn.toggle() }
        let visitedBig = window.buildDrawList(into: list, scale: 1, resources: nil).viewsVisited
        #expect(visitedBig <= visitedSmall + 10, "\(visitedSmall) → \(visitedBig)")
    }

    @Test func aStyleScaleOrFullRedrawVisitsEverything() {
        _ = grid(count: 300)
        let list = DrawList()
        let first = window.buildDrawList(into: list, scale: 1, resources: nil).viewsVisited
        #expect(window.buildDrawList(into: list, scale: 2, resources: nil).viewsVisited == first)
        window.overrideUserInterfaceStyle = .dark
        #expect(window.buildDrawList(into: list, scale: 2, resources: nil).viewsVisited == first)
        window.setNeedsFullRedraw()
        #expect(window.buildDrawList(into: list, scale: 2, resources: nil).viewsVisited == first)
        #expect(!window.buildDrawList(into: list, scale: 2, resources: nil).rebuilt, "then nothing")
    }

    @Test func aMovedContainerVisitsItsSubtreeAndNothingBeside() {
        let controls = grid(count: 500)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let row = controls[0].superview!
        row.frame.origin.y += 3
        let stats = window.buildDrawList(into: list, scale: 1, resources: nil)
        let rowViews = 1 + row.subviews.reduce(0) { $0 + 1 + $1.subviews.count }
        #expect(stats.viewsVisited <= rowViews + 1, "\(stats.viewsVisited) of \(rowViews) + the window")
        #expect(stats.viewsRedrawn == 0, "moved by whole pixels: translated, not tessellated again")
    }

    /// A property set from inside `draw(_:)` is drawn by the next frame, not lost.
    @Test func aChangeMadeWhileDrawingIsDrawnNextFrame() {
        let target = UIView(frame: CGRect(x: 100, y: 10, width: 30, height: 30))
        target.backgroundColor = .systemRed
        let meddler = MeddlingView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        meddler.target = target
        window.addSubview(target)
        window.addSubview(meddler)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        meddler.setNeedsDisplay()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(window.needsFrame, "the change made during the pass asks for another")
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(sameAsFromScratch(list, scale: 1))
    }

    @Test func aViewMovedToAnotherWindowWhileMarkedIsDrawnThereAndGoneHere() {
        let other = makeTestWindow(size: CGSize(width: 200, height: 200))
        let panel = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let chip = UIView(frame: CGRect(x: 5, y: 5, width: 40, height: 20))
        chip.backgroundColor = .systemRed
        panel.addSubview(chip)
        window.addSubview(panel)
        let holder = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        other.addSubview(holder)
        let here = DrawList(), there = DrawList()
        window.buildDrawList(into: here, scale: 1, resources: nil)
        other.buildDrawList(into: there, scale: 1, resources: nil)
        chip.backgroundColor = .systemBlue   // marked in this window
        holder.addSubview(chip)
        window.buildDrawList(into: here, scale: 1, resources: nil)
        other.buildDrawList(into: there, scale: 1, resources: nil)
        #expect(here.vertices.isEmpty, "nothing of the chip is left here")
        #expect(!there.vertices.isEmpty)
        #expect(sameAsFromScratch(here, scale: 1))
        #expect(sameAsFromScratch(there, scale: 1, in: other))
    }

    @Test func aViewRemovedAndAddedManyTimesInOneFrameKeepsTheMarksShort() {
        let controls = grid(count: 200)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let chip = controls[7]
        let row = chip.superview!
        for k in 0..<100_000 {
            chip.removeFromSuperview()
            row.insertSubview(chip, at: k % 3)
            chip.setNeedsDisplay()
        }
        #expect(row.markedSubviews.count <= 1, "\(row.markedSubviews.count) marks")
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(sameAsFromScratch(list, scale: 1))
    }

    @Test func oneViewChangedAHundredThousandTimesInAFrameIsVisitedOnce() {
        let controls = grid(count: 200)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let slider = UISlider(frame: CGRect(x: 10, y: 100, width: 200, height: 30))
        window.addSubview(slider)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        for k in 0..<100_000 {
            slider.value = Float(k % 100) / 100
            controls[3].frame.origin.x = CGFloat(k % 50)
        }
        #expect(window.markedSubviews.count <= 2)
        let stats = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(stats.viewsVisited < 20, "\(stats.viewsVisited)")
        #expect(sameAsFromScratch(list, scale: 1))
    }

    /// Random changes of every kind that moves, hides, reorders, reparents, clips, fades or
    /// restyles a view, several per frame: after every frame the list is the one a pass from
    /// scratch (no cached geometry, every view visited) builds, and so are the occupied cells.
    @Test(arguments: [(UInt64(1), 1.0), (2, 2.0), (3, 1.5), (4, 1.0), (5, 0.25), (6, 0.5)])
    func everyFrameDrawsWhatAPassFromScratchDraws(seed: UInt64, scale: Double) {
        var rng = TestRandom(seed: seed)
        let scene = RandomScene(in: window, rng: &rng)
        let list = DrawList()
        for frame in 0..<300 {
            for _ in 0..<rng.int(0...4) { scene.mutate(&rng) }
            window.buildDrawList(into: list, scale: CGFloat(scale), resources: nil)
            let occupied = window.occupancy.rects
            guard sameAsFromScratch(list, scale: CGFloat(scale)) else {
                Issue.record("seed \(seed), frame \(frame): the incremental list differs from a pass from scratch")
                return
            }
            #expect(window.occupancy.rects == occupied, "seed \(seed), frame \(frame): occupied cells")
        }
    }

    /// Picking what redraws damaged rectangles through the list's index of tiles gives exactly
    /// what a scan of every block gives: per rectangle, in list order, the blocks that draw
    /// inside it, clipped to it, with no clip for a block wholly inside. Large and far-flung
    /// UIs included (the tiles grow so the index stays small).
    @Test(arguments: [1.0, 3.0])
    func blocksPickedByTileAreTheBlocksDrawingInTheDamage(scale: Double) {
        var rng = TestRandom(seed: 7)
        let scene = RandomScene(in: window, rng: &rng)
        let far = UIView(frame: CGRect(x: -30_000, y: 20_000, width: 60_000, height: 40))
        far.backgroundColor = .systemTeal
        window.addSubview(far)
        let full = DrawList(), picked = DrawList()
        var unclipped = 0
        for _ in 0..<20 {
            for _ in 0..<3 { scene.mutate(&rng) }
            window.buildDrawList(into: full, scale: CGFloat(scale), resources: nil)
            for _ in 0..<10 {
                var rects: [PixelRect] = []   // disjoint, as damage is
                for _ in 0..<rng.int(1...6) {
                    let r = PixelRect(x: Int32(rng.int(-100...1_000)), y: Int32(rng.int(-100...800)),
                                      width: Int32(rng.int(0...300)), height: Int32(rng.int(0...300)))
                    if !rects.contains(where: { $0.intersects(r) }) { rects.append(r) }
                }
                picked.select(from: full, clippedTo: rects)
                var expected: [(ObjectIdentifier, Int, PixelRect?)] = []
                for r in rects where !r.isEmpty {
                    for item in full.items where item.area.intersects(r) {
                        let lb = item.cache.localBounds
                        let bounds = PixelRect(x: lb.x &+ Int32(saturating: item.dx), y: lb.y &+ Int32(saturating: item.dy), width: lb.width, height: lb.height)
                        let clip = item.clip?.intersection(r) ?? r
                        guard bounds.intersects(clip) else { continue }
                        expected.append((ObjectIdentifier(item.cache), item.segment, clip.contains(bounds) ? nil : clip))
                    }
                }
                unclipped += expected.filter { $0.2 == nil }.count
                #expect(picked.items.map { ObjectIdentifier($0.cache) } == expected.map(\.0))
                #expect(picked.items.map(\.segment) == expected.map(\.1))
                #expect(picked.items.map(\.clip) == expected.map(\.2))
            }
        }
        #expect(unclipped > 0, "some blocks lie wholly inside a rectangle")
    }

    /// Builds the list again with every cache dropped and every view visited, and compares.
    private func sameAsFromScratch(_ list: DrawList, scale: CGFloat, in other: UIWindow? = nil) -> Bool {
        let window = other ?? self.window
        let incremental = list.assembled()
        func drop(_ v: UIView) {
            v.drawCache = nil
            for s in v.subviews { drop(s) }
        }
        drop(window)
        window.setNeedsFullRedraw()
        let fresh = DrawList()
        window.buildDrawList(into: fresh, scale: scale, resources: nil)
        let scratch = fresh.assembled()
        // Leave `list` holding the new caches, as a host's list would after this frame.
        window.collectDrawList(into: list)
        return incremental.vertices == scratch.vertices && incremental.indices == scratch.indices
            && incremental.commands == scratch.commands
    }
}

/// Sets another view's colour from its own `draw(_:)`.
private final class MeddlingView: UIView {
    weak var target: UIView?
    var turn = 0
    override func draw(_ rect: CGRect) {
        turn += 1
        target?.backgroundColor = turn % 2 == 0 ? .systemGreen : .systemBlue
    }
}

/// A small seeded generator (SplitMix64), so a failing seed replays.
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}

/// Nested containers (some clipping, some scrolled) holding coloured views and controls,
/// changed at random through the public API.
@MainActor
final class RandomScene {
    let window: UIWindow
    private(set) var views: [UIView] = []
    private var parked: [UIView] = []
    private let colours: [UIColor?] = [nil, .systemRed, .systemBlue, .systemGreen.withAlphaComponent(0.5), .white, .black]

    init(in window: UIWindow, rng: inout TestRandom) {
        self.window = window
        for _ in 0..<5 {
            let container = UIView(frame: randomFrame(&rng, large: true))
            container.backgroundColor = rng.pick(colours)
            container.clipsToBounds = rng.chance(0.5)
            window.addSubview(container)
            views.append(container)
            for _ in 0..<rng.int(2...6) {
                let child = makeChild(&rng)
                container.addSubview(child)
                views.append(child)
                if rng.chance(0.4) {
                    let grandchild = makeChild(&rng)
                    child.addSubview(grandchild)
                    views.append(grandchild)
                }
            }
        }
    }

    private func randomFrame(_ rng: inout TestRandom, large: Bool = false) -> CGRect {
        let size = large ? 60...200 : 8...80
        return CGRect(x: CGFloat(rng.int(-40...300)) + (rng.chance(0.2) ? 0.5 : 0), y: CGFloat(rng.int(-40...220)),
                      width: CGFloat(rng.int(size)), height: CGFloat(rng.int(size)))
    }

    private func makeChild(_ rng: inout TestRandom) -> UIView {
        switch rng.int(0...5) {
        case 4:
            let field = UITextField(frame: randomFrame(&rng))
            field.text = rng.chance(0.5) ? "Player one" : ""
            field.placeholder = "Name"
            return field
        case 5:
            let stack = UIStackView(frame: randomFrame(&rng, large: true))
            stack.axis = rng.chance(0.5) ? .vertical : .horizontal
            stack.clipsToBounds = rng.chance(0.5)
            for _ in 0..<3 {
                let v = UIView()
                v.backgroundColor = rng.pick(colours)
                stack.addArrangedSubview(v)
            }
            return stack
        case 0: return UISwitch(frame: randomFrame(&rng))
        case 1:
            let s = UISlider(frame: randomFrame(&rng))
            s.value = Float(rng.int(0...10)) / 10
            return s
        case 2:
            let b = UIButton(type: .system)
            b.frame = randomFrame(&rng)
            b.backgroundColor = rng.pick(colours)
            return b
        default:
            let v = UIView(frame: randomFrame(&rng))
            v.backgroundColor = rng.pick(colours)
            v.cornerRadius = CGFloat(rng.int(0...12))
            v.borderWidth = CGFloat(rng.int(0...2))
            v.borderColor = .systemOrange
            return v
        }
    }

    func mutate(_ rng: inout TestRandom) {
        let v = rng.pick(views)
        switch rng.int(0...16) {
        case 0: v.frame.origin = CGPoint(x: v.frame.minX + CGFloat(rng.int(-30...30)), y: v.frame.minY + CGFloat(rng.int(-30...30)))
        case 1: v.frame = randomFrame(&rng, large: v.superview === window)
        case 2: v.isHidden.toggle()
        case 3: v.alpha = rng.pick([0, 0.3, 1, 1])
        case 4: v.backgroundColor = rng.pick(colours)
        case 5: v.clipsToBounds.toggle()
        case 6: v.bounds.origin = CGPoint(x: CGFloat(rng.int(-20...20)), y: CGFloat(rng.int(-20...20)))
        case 7:
            if v.superview != nil, parked.count < 4 {
                v.removeFromSuperview()
                parked.append(v)
            }
        case 8:
            if !parked.isEmpty {
                let p = parked.removeLast()
                let host = rng.chance(0.3) ? window : rng.pick(views)
                if !host.isDescendant(of: p) { host.insertSubview(p, at: rng.int(0...host.subviews.count)) }
            }
        case 9: if let s = v.superview { rng.chance(0.5) ? s.bringSubviewToFront(v) : s.sendSubviewToBack(v) }
        case 10: (v as? UIControl)?.isEnabled.toggle()
        case 11: v.overrideUserInterfaceStyle = rng.pick([.unspecified, .light, .dark])
        case 12:
            if let s = v as? UISwitch { s.setOn(!s.isOn, animated: false) } else if let s = v as? UISlider { s.value = Float(rng.int(0...10)) / 10 }
        case 13:
            if let field = v as? UITextField { field.text = rng.pick(["", "A", "Player two", String(repeating: "W", count: 40)]) } else { v.setNeedsDisplay() }
        case 15:
            // A view never drawn, added anywhere.
            let fresh = makeChild(&rng)
            let host = rng.chance(0.3) ? window : rng.pick(views)
            host.insertSubview(fresh, at: rng.int(0...host.subviews.count))
            views.append(fresh)
        case 14:
            // The window resized between frames (its occupancy grid with it).
            window.frame.size = CGSize(width: CGFloat(rng.int(200...400)), height: CGFloat(rng.int(150...300)))
        default:
            // Parked views come back now and then, so long runs keep a tree.
            if let p = parked.popLast() { window.addSubview(p) }
            v.isHidden = false
            v.alpha = 1
        }
    }
}
