// The fuzzer's own trees: the FuzzScene base, the scroll, controller and text scenes, and
// the hostile strings they set; the immediate scene is in ImmediateScene.swift.
import Foundation
import SDLControls

/// A view that runs a closure in `layoutSubviews` (the trees follow the window's size).
@MainActor
final class LayoutView: UIView {
    var onLayout: (CGRect) -> Void = { _ in }
    override func layoutSubviews() { onLayout(bounds) }
}

/// A horizontal scroll view for a vertical stack: a fixed height, its row of controls laid
/// out at their natural widths.
@MainActor
final class RowScrollView: UIScrollView {
    let row = UIStackView()
    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 56) }
    override func layoutSubviews() {
        super.layoutSubviews()
        let size = row.sizeThatFits(CGSize(width: 0, height: 44))
        let frame = CGRect(x: 8, y: 6, width: max(size.width, 10), height: 44)
        if row.frame != frame { row.frame = frame }
        let content = CGSize(width: frame.maxX + 8, height: 56)
        if contentSize != content { contentSize = content }
    }
}

/// One of the fuzzer's own trees: its views, its mix of events, its per-frame work.
@MainActor
class FuzzScene {
    let root = LayoutView()
    unowned let fuzzer: TreeFuzzer
    /// Upper bounds of events a frame, one picked per frame.
    var eventsPerFrame = [2, 6, 12]
    var mutationChance = 0.25
    /// The tree's main views and where they belong (healing puts them back).
    var anchors: [(view: UIView, parent: UIView)] = []

    init(fuzzer: TreeFuzzer) { self.fuzzer = fuzzer }

    static func make(_ tree: FuzzTree, fuzzer: TreeFuzzer) -> FuzzScene {
        switch tree {
        case .scroll: return ScrollScene(fuzzer: fuzzer)
        case .immediate: return ImmediateScene(fuzzer: fuzzer)
        case .controller: return ControllerScene(fuzzer: fuzzer)
        case .text, .samples, .all: return TextScene(fuzzer: fuzzer)
        }
    }

    func pushEvent() { fuzzer.pushChaos() }
    /// After `host.update()`, before drawing.
    func afterUpdate(frame: Int) {}
    /// A change of the tree's own; false to leave it to the common ones.
    func mutate(_ view: UIView) -> Bool { false }
    /// A change of the tree's own motion (TreeFuzzer+Motion.swift); false when it has none.
    func mutateMotion() -> Bool { false }
    func close() {}

    func setHostileText(on v: UIView) {
        var rng = fuzzer.rng
        defer { fuzzer.rng = rng }
        HostileText.apply(to: v, using: &rng)
    }

    /// A stack of ordinary controls: buttons, sliders, switches, fields, steppers, segments.
    func controlRow(_ i: Int) -> UIView {
        switch i % 7 {
        case 0:
            let b = UIButton(type: .system)
            b.setTitle("Button \(i)", for: .normal)
            return b
        case 1:
            let s = UISlider()
            s.value = 0.5
            return s
        case 2: return UISwitch()
        case 3:
            let f = UITextField()
            f.placeholder = "Field \(i)"
            f.borderStyle = .roundedRect
            return f
        case 4: return UIStepper()
        case 5: return UISegmentedControl(items: ["One", "Two", "Three"])
        default:
            let l = UILabel()
            l.text = "Label \(i)"
            return l
        }
    }
}

// MARK: scroll

/// A vertical scroll view holding a stack of controls, rows of controls side by side, and
/// horizontal scroll views nested in it; driven by drags, flings and wheels.
@MainActor
final class ScrollScene: FuzzScene {
    let scroll = UIScrollView()
    let stack = UIStackView()
    var nested: [RowScrollView] = []

    override init(fuzzer: TreeFuzzer) {
        super.init(fuzzer: fuzzer)
        scroll.delaysContentTouches = fuzzer.rng.chance(0.5)
        scroll.isPagingEnabled = fuzzer.rng.chance(0.15)
        stack.axis = .vertical
        stack.spacing = 10
        for i in 0..<36 {
            if i % 9 == 4 {
                let h = RowScrollView()
                h.delaysContentTouches = fuzzer.rng.chance(0.5)
                h.row.axis = .horizontal
                h.row.spacing = 12
                for j in 0..<14 { h.row.addArrangedSubview(controlRow(i + j)) }
                h.addSubview(h.row)
                nested.append(h)
                stack.addArrangedSubview(h)
            } else if i % 5 == 2 {
                let row = UIStackView(arrangedSubviews: (0..<3).map { controlRow(i + $0) })
                row.axis = .horizontal
                row.spacing = 8
                row.distribution = .fillEqually
                stack.addArrangedSubview(row)
            } else {
                stack.addArrangedSubview(controlRow(i))
            }
        }
        scroll.addSubview(stack)
        root.addSubview(scroll)
        anchors = [(scroll, root), (stack, scroll)]
        root.onLayout = { [unowned self] b in
            scroll.frame = b
            let width = max(0, b.width - 32)
            let height = stack.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel).height
            let frame = CGRect(x: 16, y: 16, width: width, height: height)
            if stack.frame != frame { stack.frame = frame }
            let content = CGSize(width: b.width, height: height + 32)
            if scroll.contentSize != content { scroll.contentSize = content }
        }
    }

    /// A unit direction: mostly along the scroll view's axis.
    private func direction(horizontal: Bool) -> CGPoint {
        let sign: CGFloat = fuzzer.rng.chance(0.5) ? 1 : -1
        let off = CGFloat.random(in: -0.3...0.3, using: &fuzzer.rng)
        return horizontal ? CGPoint(x: sign, y: off) : CGPoint(x: off, y: sign)
    }

    override func pushEvent() {
        let f = fuzzer
        let r = f.rng.int(0...99)
        if r < 50, f.stepStroke() { return }
        switch r {
        case 0..<60:
            // A drag or a fling in the outer scroll view or a nested one, from a control or between.
            let inner = f.rng.chance(0.35) ? nested.filter { !$0.isHidden && $0.window != nil }.randomElement(using: &f.rng) : nil
            let area: UIView = inner ?? scroll
            let controls = f.visibleControls(in: area)
            let start = f.rng.chance(0.5) && !controls.isEmpty ? f.point(in: f.rng.pick(controls)) : f.point(in: area)
            let dir = direction(horizontal: inner != nil ? f.rng.chance(0.85) : f.rng.chance(0.1))
            if f.rng.chance(0.3) { f.beginFling(at: start, direction: dir) } else { f.beginDrag(at: start, direction: dir) }
        case 60..<80:
            let p = f.rng.chance(0.3) ? nested.randomElement(using: &f.rng).map { f.point(in: $0) } ?? f.randomPoint() : f.point(in: scroll)
            let notch = f.rng.chance(0.6)
            let dy: Float = notch ? Float(f.rng.int(-3...3)) : Float.random(in: -2...2, using: &f.rng)
            let dx: Float = f.rng.chance(0.7) ? 0 : (notch ? Float(f.rng.int(-3...3)) : Float.random(in: -2...2, using: &f.rng))
            f.wheel(at: p, dx: dx, dy: f.rng.chance(0.05) ? Float(f.rng.pick(Hostile.doubles)) : dy)
        case 80..<85:
            f.keyPress(f.rng.pick([SDL_SCANCODE_PAGEDOWN, SDL_SCANCODE_PAGEUP, SDL_SCANCODE_TAB, SDL_SCANCODE_DOWN, SDL_SCANCODE_UP,
                                   SDL_SCANCODE_HOME, SDL_SCANCODE_END, SDL_SCANCODE_SPACE]))
        default:
            f.pushChaos()
        }
    }

    override func mutate(_ view: UIView) -> Bool {
        let f = fuzzer
        switch f.rng.int(0...5) {
        case 0: scroll.isScrollEnabled.toggle()
        case 1: scroll.delaysContentTouches.toggle()
        case 2: scroll.isPagingEnabled.toggle()
        case 3:
            let s = nested.randomElement(using: &f.rng) ?? scroll
            s.setContentOffset(CGPoint(x: CGFloat(f.rng.int(-100...2000)), y: CGFloat(f.rng.int(-100...2000))), animated: f.rng.chance(0.5))
        case 4:
            // Content shrinking under a finger or a fling.
            if let row = stack.arrangedSubviews.randomElement(using: &f.rng) { row.isHidden.toggle() }
        default:
            guard let stackView = view as? UIStackView ?? view.superview as? UIStackView, stackView.arrangedSubviews.count > 1 else { return false }
            let moved = stackView.arrangedSubviews[f.rng.int(0...stackView.arrangedSubviews.count - 1)]
            stackView.insertArrangedSubview(moved, at: f.rng.int(0...stackView.arrangedSubviews.count - 1))
        }
        return true
    }
}

// MARK: controller

/// Rows of controls, some in a scroll view, driven by controller buttons and sticks, hot-plug
/// (real virtual controllers and bare device events), and the focus keys.
@MainActor
final class ControllerScene: FuzzScene {
    let scroll = UIScrollView()
    let stack = UIStackView()
    let side = UIStackView()

    static let buttons: [SDL_GameControllerButton] = [
        SDL_CONTROLLER_BUTTON_DPAD_UP, SDL_CONTROLLER_BUTTON_DPAD_DOWN, SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDL_CONTROLLER_BUTTON_DPAD_RIGHT,
        SDL_CONTROLLER_BUTTON_A, SDL_CONTROLLER_BUTTON_B, SDL_CONTROLLER_BUTTON_X, SDL_CONTROLLER_BUTTON_Y,
        SDL_CONTROLLER_BUTTON_LEFTSHOULDER, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, SDL_CONTROLLER_BUTTON_START, SDL_CONTROLLER_BUTTON_BACK,
    ]
    static let focusKeys: [SDL_Scancode] = [
        SDL_SCANCODE_TAB, SDL_SCANCODE_TAB, SDL_SCANCODE_UP, SDL_SCANCODE_DOWN, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT,
        SDL_SCANCODE_RETURN, SDL_SCANCODE_SPACE, SDL_SCANCODE_ESCAPE, SDL_SCANCODE_KP_ENTER,
    ]

    override init(fuzzer: TreeFuzzer) {
        super.init(fuzzer: fuzzer)
        mutationChance = 0.35
        stack.axis = .vertical
        stack.spacing = 12
        for r in 0..<10 {
            let row = UIStackView(arrangedSubviews: (0..<4).map { controlRow(r * 4 + $0) })
            row.axis = .horizontal
            row.spacing = 10
            row.distribution = .fillEqually
            stack.addArrangedSubview(row)
        }
        scroll.addSubview(stack)
        side.axis = .vertical
        side.spacing = 8
        for i in 0..<5 { side.addArrangedSubview(controlRow(i * 3)) }
        root.addSubview(side)
        root.addSubview(scroll)
        anchors = [(scroll, root), (stack, scroll), (side, root)]
        root.onLayout = { [unowned self] b in
            side.frame = CGRect(x: 8, y: 8, width: 180, height: min(b.height - 16, 300))
            scroll.frame = CGRect(x: 200, y: 0, width: max(0, b.width - 200), height: b.height)
            let width = max(0, scroll.bounds.width - 24)
            let height = stack.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel).height
            let frame = CGRect(x: 12, y: 12, width: width, height: height)
            if stack.frame != frame { stack.frame = frame }
            let content = CGSize(width: scroll.bounds.width, height: height + 24)
            if scroll.contentSize != content { scroll.contentSize = content }
        }
    }

    override func pushEvent() {
        let f = fuzzer
        switch f.rng.int(0...99) {
        case 0..<30:
            let button = f.rng.chance(0.95) ? UInt8(f.rng.pick(Self.buttons).rawValue) : UInt8(f.rng.int(0...255))
            f.controllerPress(button, which: f.controllerID())
        case 30..<35: f.releaseControllerButton()
        case 35..<47:
            let axis = f.rng.chance(0.95) ? UInt8(f.rng.int(0...5)) : UInt8(f.rng.int(0...255))
            let value: Int16 = f.rng.chance(0.7) ? f.rng.pick([0, 0, 4_000, -4_000, 12_000, -12_000, 26_000, -26_000, .max, .min, .min + 1])
                                               : Int16(truncatingIfNeeded: f.rng.next())
            f.controllerAxis(axis, value: value, which: f.controllerID())
        case 47..<52:
            f.virtualHotPlug()
        case 52..<56:
            // Device events SDL didn't make: indexes and ids of nothing, twice the same, removes of open ones.
            let added = f.rng.chance(0.5)
            f.controllerDevice(added: added, which: added ? f.rng.pick([0, 1, 2, 9, -1, .max]) : f.controllerID())
        case 56..<86:
            let shift = f.rng.chance(0.3)
            f.keyPress(f.rng.pick(Self.focusKeys), mod: shift ? UInt16(KMOD_LSHIFT.rawValue) : 0)
        case 86..<92:
            if !f.stepStroke(), let c = f.visibleControls().randomElement(using: &f.rng) {
                f.beginDrag(at: f.point(in: c), direction: CGPoint(x: 1, y: 0), target: c)
            }
        default:
            f.pushChaos()
        }
    }
}

// MARK: text

/// Labels, buttons, fields, segmented controls and an `ImmediateView`, given hostile strings
/// through every text API after each update, and drawn.
@MainActor
final class TextScene: FuzzScene {
    let stack = UIStackView()
    let panel = ImmediateView(style: .plain)
    var labels: [UILabel] = [], buttons: [UIButton] = [], fields: [UITextField] = [], segments: [UISegmentedControl] = []
    var panelTexts: [String] = ["Title", "Go", "Field"]
    var fieldText = ""
    var on = false

    override init(fuzzer: TreeFuzzer) {
        super.init(fuzzer: fuzzer)
        eventsPerFrame = [1, 3, 6]
        mutationChance = 0.15
        stack.axis = .vertical
        stack.spacing = 6
        for i in 0..<4 {
            let l = UILabel()
            l.numberOfLines = [1, 0, 2, 1][i]
            l.lineBreakMode = [.byTruncatingTail, .byWordWrapping, .byCharWrapping, .byTruncatingMiddle][i]
            l.text = "Label"
            labels.append(l)
            let b = UIButton(type: .system)
            b.setTitle("Button", for: .normal)
            buttons.append(b)
            let f = UITextField()
            f.borderStyle = .roundedRect
            f.placeholder = "Placeholder"
            fields.append(f)
            let s = UISegmentedControl(items: ["A", "B"])
            segments.append(s)
            for v in [l, b, f, s] as [UIView] { stack.addArrangedSubview(v) }
        }
        root.addSubview(stack)
        root.addSubview(panel)
        anchors = [(stack, root), (panel, root)]
        root.onLayout = { [unowned self] b in
            let half = (b.width / 2).rounded()
            stack.frame = CGRect(x: 8, y: 8, width: max(0, half - 16), height: max(0, b.height - 16))
            let h = panel.sizeThatFits(CGSize(width: half, height: 0)).height
            panel.frame = CGRect(x: half, y: 8, width: half - 8, height: min(h, max(0, b.height - 16)))
        }
    }

    override func pushEvent() {
        let f = fuzzer
        switch f.rng.int(0...99) {
        case 0..<25:
            // Typed text: hostile strings cut to SDL's 31 bytes (maybe mid-scalar), or raw bytes.
            var bytes = Array(HostileText.make(&f.rng, maxPieces: 8).utf8.prefix(31))
            if f.rng.chance(0.2) { bytes = (0..<f.rng.int(1...31)).map { _ in UInt8(truncatingIfNeeded: f.rng.next()) } }
            f.textInput(bytes, editing: f.rng.chance(0.2))
        case 25..<45:
            f.keyPress(f.rng.pick([SDL_SCANCODE_BACKSPACE, SDL_SCANCODE_DELETE, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT, SDL_SCANCODE_HOME,
                                   SDL_SCANCODE_END, SDL_SCANCODE_TAB, SDL_SCANCODE_A, SDL_SCANCODE_C, SDL_SCANCODE_V, SDL_SCANCODE_X,
                                   SDL_SCANCODE_Z, SDL_SCANCODE_RETURN]),
                       mod: f.rng.chance(0.4) ? UInt16(f.rng.pick([KMOD_LCTRL, KMOD_LSHIFT, KMOD_LGUI]).rawValue) : 0)
        case 45..<65:
            if !f.stepStroke(), let c = f.visibleControls().randomElement(using: &f.rng) {
                // Taps and drags on fields move the caret and select across hostile text.
                f.beginDrag(at: f.point(in: c), direction: CGPoint(x: f.rng.chance(0.5) ? 1 : -1, y: 0), target: c)
            }
        default:
            f.pushChaos()
        }
    }

    override func afterUpdate(frame: Int) {
        let f = fuzzer
        for _ in 0..<f.rng.int(1...5) {
            let s = HostileText.make(&f.rng)
            switch f.rng.int(0...10) {
            case 0: f.rng.pick(labels).text = s
            case 1: f.rng.pick(buttons).setTitle(s, for: f.rng.pick([.normal, .normal, .highlighted, .disabled, .selected]))
            case 2: f.rng.pick(fields).text = s
            case 3: f.rng.pick(fields).placeholder = s
            case 4:
                let seg = f.rng.pick(segments)
                if seg.numberOfSegments > 0 { seg.setTitle(s, forSegmentAt: f.rng.int(0...seg.numberOfSegments - 1)) }
            case 5:
                let seg = f.rng.pick(segments)
                if seg.numberOfSegments > 6 { seg.removeSegment(at: f.rng.int(0...seg.numberOfSegments - 1), animated: false) }
                seg.insertSegment(withTitle: s, at: f.rng.int(0...seg.numberOfSegments), animated: f.rng.chance(0.3))
            case 6: f.rng.pick(labels + buttons + fields + segments as [UIView]).accessibilityLabel = s
            case 7:
                let field = f.rng.pick(fields)
                if field.isFirstResponder { field.insertText(s) } else { _ = field.becomeFirstResponder() }
            case 8: panelTexts[f.rng.int(0...2)] = s
            case 9: fieldText = s
            default:
                let l = f.rng.pick(labels)
                l.numberOfLines = f.rng.pick([0, 1, 2, 3])
                l.lineBreakMode = f.rng.pick([.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle])
            }
        }
        panel.build { ui in
            ui.label(panelTexts[0])
            if ui.id("go").button(panelTexts[1]) { on.toggle() }
            _ = ui.button(panelTexts[1])   // unnamed: a new control whenever the title changes
            _ = ui.toggle(panelTexts[0], isOn: &on)
            _ = ui.textField(panelTexts[2], text: &fieldText)
            ui.label(fieldText)
        }
    }
}

// MARK: hostile text

/// Strings that break text code: NUL and other C0 controls, DEL, combining marks before
/// anything (a NUL included), variation selectors, emoji modifiers, ZWJ, bidi controls, RTL
/// letters, U+FFFD, noncharacters, what invalid UTF-8 decodes to, and long runs of any of them.
enum HostileText {
    static let pieces: [String] = [
        "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}",
        "\u{301}", "\u{316}", "\u{35C}", "\u{FE0F}", "\u{FE0E}", "\u{1F3FB}", "\u{1F3FF}", "\u{200D}", "\u{20E3}",
        "\u{202E}", "\u{202D}", "\u{202C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200F}", "\u{200E}", "\u{61C}",
        "ع", "ب", "م", "ل", "ا", "ש", "ל", "ו", "ם", "\u{5B0}", "\u{64B}",
        "\u{FFFD}", "\u{E000}",
    ] + [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF].map { String(Unicode.Scalar($0)!) } + [   // noncharacters (Swift rejects them in literals)
        "a", "Z", " ", "e", "1", "👍", "👨", "👩", "🏳", "\u{1F1EB}", "\u{1F1F7}", "😀", "\u{FEFF}", "\u{200B}", "\u{2028}", "\u{2029}",
    ]

    static func make(_ rng: inout SeededRandom, maxPieces: Int = 40) -> String {
        var s = ""
        let r = rng.int(0...99)
        if r < 3 {
            // A long run: one piece (a mark, a NUL, a modifier…) thousands of times, maybe after a NUL.
            if rng.chance(0.5) { s += "\u{0}" }
            s += String(repeating: rng.pick(pieces), count: rng.int(500...4_000))
            return s
        }
        if r < 8 {
            // Invalid UTF-8 as a text API gets it once decoded: replacement characters in odd places.
            let bytes = (0..<rng.int(1...24)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            return String(decoding: bytes, as: UTF8.self)
        }
        for _ in 0..<rng.int(0...maxPieces) {
            s += rng.chance(0.9) ? rng.pick(pieces) : String(UnicodeScalar(UInt8(rng.int(0...0x1F))))
        }
        return s
    }

    /// Sets a hostile string through whichever text API `v` has.
    @MainActor
    static func apply(to v: UIView, using rng: inout SeededRandom) {
        let s = make(&rng)
        if let l = v as? UILabel {
            l.text = s
        } else if let f = v as? UITextField {
            if rng.chance(0.5) { f.text = s } else { f.placeholder = s }
        } else if let b = v as? UIButton {
            b.setTitle(s, for: .normal)
        } else if let seg = v as? UISegmentedControl, seg.numberOfSegments > 0 {
            seg.setTitle(s, forSegmentAt: rng.int(0...seg.numberOfSegments - 1))
        } else {
            v.accessibilityLabel = s
        }
    }
}
