// The fuzzer's ImmediateView tree (`--tree immediate`).
import Foundation
import SDLControls

/// An `ImmediateView` whose declarations appear, vanish, reorder, change titles, move in and
/// out of rows and scopes between builds, most often the one a finger holds.
@MainActor
final class ImmediateScene: FuzzScene {
    enum Kind: CaseIterable { case label, button, toggle, slider, stepper, segmented, field, custom }

    struct Item {
        var id: Int
        var kind: Kind
        var title: String
        var keyed: Bool
        var inRow: Bool
        var spacerBefore: Bool
        /// How its control appears and leaves (``ImmediateUI/transition(_:)``), given by motion mutations.
        var transition: ImmediateTransition? = nil
    }

    let scroll = UIScrollView()
    let panel: ImmediateView
    var items: [Item] = []
    var nextID = 0
    var bools: [Int: Bool] = [:], floats: [Int: Float] = [:], doubles: [Int: Double] = [:], ints: [Int: Int] = [:], strings: [Int: String] = [:]
    /// Each item's control in the last build.
    var views: [Int: UIView] = [:]
    var scopes = false

    override init(fuzzer: TreeFuzzer) {
        panel = ImmediateView(style: fuzzer.rng.chance(0.5) ? .insetGrouped : .plain)
        super.init(fuzzer: fuzzer)
        eventsPerFrame = [2, 4, 8]
        scroll.delaysContentTouches = false
        scroll.addSubview(panel)
        root.addSubview(scroll)
        anchors = [(scroll, root), (panel, scroll)]
        for _ in 0..<fuzzer.rng.int(4...14) { items.append(newItem()) }
        root.onLayout = { [unowned self] b in
            scroll.frame = b
            place()
        }
        build()
    }

    private func newItem() -> Item {
        nextID += 1
        let f = fuzzer
        let kind = f.rng.pick(Kind.allCases)
        // Few titles, so identities collide and occurrences count.
        let title = f.rng.chance(0.1) ? HostileText.make(&f.rng, maxPieces: 6) : f.rng.pick(["A", "B", "Go", "Volume", "Name", "A"])
        return Item(id: nextID, kind: kind, title: title, keyed: f.rng.chance(0.5), inRow: f.rng.chance(0.2), spacerBefore: f.rng.chance(0.1))
    }

    private func place() {
        let width = scroll.bounds.width
        let height = panel.sizeThatFits(CGSize(width: width, height: 0)).height
        let frame = CGRect(x: 0, y: 0, width: width, height: height)
        if panel.frame != frame { panel.frame = frame }
        let content = CGSize(width: width, height: height)
        if scroll.contentSize != content { scroll.contentSize = content }
    }

    /// The item whose control a stroke holds, if any.
    private func heldItem() -> Int? {
        let held = fuzzer.heldTargets
        return views.first { id, v in held.contains { $0 === v } || ((v as? UIControl)?.isTracking ?? false) }?.key
    }

    override func pushEvent() {
        let f = fuzzer
        let r = f.rng.int(0...99)
        if r < 45, f.stepStroke() { return }
        switch r {
        case 0..<55:
            let controls = views.values.filter { $0.window != nil && !$0.isHidden && $0 is UIControl }
            guard let target = controls.randomElement(using: &f.rng) else { f.pushChaos(); return }
            if f.rng.chance(0.6) {
                f.beginHold(at: f.point(in: target), target: target)
            } else {
                f.beginDrag(at: f.point(in: target), direction: CGPoint(x: f.rng.chance(0.5) ? 1 : -1, y: 0), target: target)
            }
        case 55..<70:
            f.keyPress(f.rng.pick([SDL_SCANCODE_TAB, SDL_SCANCODE_SPACE, SDL_SCANCODE_RETURN, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT,
                                   SDL_SCANCODE_UP, SDL_SCANCODE_DOWN]), mod: f.rng.chance(0.2) ? UInt16(KMOD_LSHIFT.rawValue) : 0)
        case 70..<75:
            f.textInput(Array(f.rng.pick(["a", "é", "👍", "\u{0}x", "\u{301}"]).utf8))
        default:
            f.pushChaos()
        }
    }

    override func afterUpdate(frame: Int) {
        let f = fuzzer
        if f.rng.chance(0.4) { changeDeclarations() }
        if f.rng.chance(0.1), let id = views.keys.randomElement(using: &f.rng) {
            // The game moves a value while the user may hold its control.
            floats[id] = f.rng.chance(0.9) ? Float.random(in: -1...2, using: &f.rng) : Float(f.rng.pick(Hostile.doubles))
            bools[id]?.toggle()
            doubles[id] = f.rng.chance(0.9) ? Double(f.rng.int(-5...15)) : f.rng.pick(Hostile.doubles)
            ints[id] = f.rng.int(-2...4)
            strings[id] = f.rng.chance(0.5) ? "typed" : HostileText.make(&f.rng, maxPieces: 8)
        }
        build()
        place()
    }

    /// Declarations appear, vanish, reorder and change identity; the held one most often.
    private func changeDeclarations() {
        let f = fuzzer
        let held = heldItem().flatMap { id in items.firstIndex { $0.id == id } }
        let i = held.flatMap { f.rng.chance(0.6) ? $0 : nil } ?? (items.isEmpty ? nil : f.rng.int(0...items.count - 1))
        switch f.rng.int(0...7) {
        case 0, 1:
            if let i, items.count > 6 { items.remove(at: i) }     // vanishes
            else { items.append(newItem()) }
        case 2:
            items.insert(newItem(), at: f.rng.int(0...items.count))  // appears (maybe above the held one)
        case 3:
            if let i, items.count > 1 {                           // moves
                let item = items.remove(at: i)
                items.insert(item, at: f.rng.int(0...items.count))
            }
        case 4: items.shuffle(using: &f.rng)
        case 5:
            if let i {                                            // a new title: a new control unless keyed
                items[i].title = f.rng.chance(0.5) ? f.rng.pick(["A", "B", "Go", "Resume", "Pause"]) : HostileText.make(&f.rng, maxPieces: 6)
            }
        case 6:
            if let i { items[i].inRow.toggle(); items[i].keyed = f.rng.chance(0.5) }
        default:
            scopes.toggle()                                       // every declaration moves into or out of a scope
            if items.count < 3 { items.append(newItem()) }
        }
        if items.count > 24 { items.removeFirst(items.count - 24) }
    }

    private func build() {
        var built: [Int: UIView] = [:]
        panel.build { ui in
            var i = 0
            while i < items.count {
                let item = items[i]
                if item.spacerBefore { ui.spacer() }
                if item.inRow, i + 1 < items.count, items[i + 1].inRow {
                    let next = items[i + 1]
                    ui.row { ui in
                        declare(item, ui, into: &built)
                        declare(next, ui, into: &built)
                    }
                    i += 2
                } else {
                    declare(item, ui, into: &built)
                    i += 1
                }
            }
        }
        views = built
    }

    private func declare(_ item: Item, _ ui: ImmediateUI, into built: inout [Int: UIView]) {
        func one(_ ui: ImmediateUI) {
            let id = item.id
            if let t = item.transition { ui.transition(t) }
            switch item.kind {
            case .label: ui.label(item.title)
            case .button: _ = ui.button(item.title)
            case .toggle: _ = ui.toggle(item.title, isOn: &bools[id, default: false])
            case .slider: _ = ui.slider(item.title, value: &floats[id, default: 0.5], in: 0...1)
            case .stepper: _ = ui.stepper(item.title, value: &doubles[id, default: 0], in: 0...10, step: 1)
            case .segmented: _ = ui.segmented([item.title, "X", "Y"], selection: &ints[id, default: 0])
            case .field: _ = ui.textField(item.title, text: &strings[id, default: ""])
            case .custom: _ = ui.custom(UISwitch())
            }
            if let v = ui.lastView { built[id] = v }
        }
        if scopes {
            ui.id("scope") { ui in
                if item.keyed { ui.id(item.id) { one($0) } } else { one(ui) }
            }
        } else if item.keyed {
            ui.id(item.id) { one($0) }
        } else {
            one(ui)
        }
    }

    /// Transitions for declarations (hostile ones too), the panel's layout-change animation,
    /// and a change of declarations for them to show.
    override func mutateMotion() -> Bool {
        let f = fuzzer
        if f.rng.chance(0.3) {
            panel.layoutChangeAnimationDuration = f.rng.chance(0.8) ? f.rng.pick([0, 0.1, 0.25, 0.5, 1]) : f.rng.pick(TreeFuzzer.hostileDurations)
            f.noteLong(panel, span: panel.layoutChangeAnimationDuration)
        }
        for _ in 0..<f.rng.int(1...3) where !items.isEmpty {
            let i = f.rng.int(0...items.count - 1)
            var t: ImmediateTransition?
            switch f.rng.int(0...5) {
            case 0: t = nil
            case 1: t = .opacity
            case 2: t = .scale(f.rng.chance(0.8) ? f.rng.pick([0, 0.5, 0.9]) : CGFloat(f.rng.pick(Hostile.doubles)))
            case 3: t = .move(x: CGFloat(f.rng.int(-40...40)), y: CGFloat(f.rng.int(-40...40)))
            case 4: t = .move(x: CGFloat(f.rng.pick(Hostile.doubles)), y: CGFloat(f.rng.pick(Hostile.doubles)))
            default: t = .scale()
            }
            if f.rng.chance(0.5) { t = t?.duration(f.rng.chance(0.8) ? f.rng.pick(TreeFuzzer.durations) : f.rng.pick(TreeFuzzer.hostileDurations)) }
            if let t { f.noteLong(panel, span: t.duration) }   // its controls' fading pictures are the panel's
            items[i].transition = t
        }
        changeDeclarations()
        return true
    }

    override func mutate(_ view: UIView) -> Bool {
        guard fuzzer.rng.chance(0.5) else { return false }
        changeDeclarations()
        return true
    }
}
