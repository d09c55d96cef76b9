import Testing
import Foundation
@testable import SDLControlsCore

/// Removal at the end of a build (rule C8), the same event order as retained controls in both
/// delivery modes, keyboard focus, accessibility, and what a build that changes nothing costs.
@MainActor
@Suite(.serialized)
struct ImmediateSemanticsTests {
    init() { resetApplication() }

    // MARK: Removal

    @Test func aControlNotDeclaredIsRemovedAtTheEndOfTheBuildAndItsTouchCancelledC8() {
        let h = ImmediateHarness()
        var show = true
        var button: UIButton?
        var inWindowDuringBuild: Bool?
        func build(_ ui: ImmediateUI) {
            if show {
                ui.button("Hold me")
                button = ui.last(UIButton.self)
            }
            ui.label("Below")
            inWindowDuringBuild = button?.window != nil
        }
        h.frame(build)
        let b = button!
        let log = EventLog(b)
        h.window.simulateTouchDown(at: h.centre(b))
        flush()
        #expect(b.isTracking && b.isHighlighted)
        show = false
        h.frame(build)
        flush()   // the cancel's actions are queued like any other (delivered by the next update)
        #expect(inWindowDuringBuild == true, "removed at the end of the build, not before")
        #expect(b.window == nil && b.superview?.window == nil)
        #expect(!b.isTracking && !b.isHighlighted)
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(log.events.count >= 2 && log.events.last! == nil, "touchCancel carries a nil event (C8)")
        h.window.simulateTouchUp(at: h.centre(b))
        flush()
        #expect(log.names == ["touchDown", "touchCancel"], "the lift reaches nobody")
    }

    @Test func aRemovedTextFieldEndsEditingAndARemovedRowTakesItsControlsAlong() {
        let h = ImmediateHarness()
        var show = true, name = "", on = false
        var field: UITextField?, toggle: UISwitch?
        func build(_ ui: ImmediateUI) {
            if show {
                ui.textField("Name", text: &name)
                field = ui.last(UITextField.self)
                ui.row { ui in
                    ui.toggle("Loud", isOn: &on)
                    toggle = ui.last(UISwitch.self)
                }
            }
        }
        h.frame(build)
        let f = field!, t = toggle!
        #expect(f.becomeFirstResponder())
        let log = EventLog(f)
        show = false
        h.frame(build)
        flush()
        #expect(!f.isEditing && f.window == nil)
        #expect(log.names.contains("editingDidEnd"))
        #expect(t.window == nil)
        #expect(h.all(UIControl.self).isEmpty, "nothing is left behind")
    }

    @Test func removingEverythingAndDeclaringAgainMakesNewControls() {
        let h = ImmediateHarness()
        var show = true
        var button: UIView?
        func build(_ ui: ImmediateUI) {
            if show { ui.button("Go"); button = ui.lastView }
        }
        h.frame(build)
        let first = button
        show = false
        h.frame(build)
        show = true
        h.frame(build)
        #expect(button !== first && button?.window === h.window)
    }

    // MARK: The same semantics as retained controls

    /// A touch sequence, in window points relative to a control's frame (fractions of it).
    struct Sequence: Sendable, CustomStringConvertible {
        var name: String
        var kind: Kind
        var steps: [(phase: UITouch.Phase, x: CGFloat, y: CGFloat)]
        enum Kind: Sendable { case button, toggle, slider, stepper, segmented }
        var description: String { name }
    }

    nonisolated static let sequences: [Sequence] = [
        Sequence(name: "button tap", kind: .button, steps: [(.began, 0.5, 0.5), (.ended, 0.5, 0.5)]),
        Sequence(name: "button drag out and back", kind: .button,
                 steps: [(.began, 0.5, 0.5), (.moved, 0.5, 3), (.moved, 0.5, 6), (.moved, 0.5, 0.6), (.ended, 0.5, 0.6)]),
        Sequence(name: "button lift outside", kind: .button, steps: [(.began, 0.5, 0.5), (.moved, 0.5, 8), (.ended, 0.5, 8)]),
        Sequence(name: "switch tap", kind: .toggle, steps: [(.began, 0.5, 0.5), (.ended, 0.5, 0.5)]),
        Sequence(name: "slider drag", kind: .slider,
                 steps: [(.began, 0.5, 0.5), (.moved, 0.6, 0.5), (.moved, 0.8, 0.5), (.ended, 0.9, 0.5)]),
        Sequence(name: "stepper plus", kind: .stepper, steps: [(.began, 0.85, 0.5), (.ended, 0.85, 0.5)]),
        Sequence(name: "segmented pick", kind: .segmented, steps: [(.began, 0.8, 0.5), (.ended, 0.8, 0.5)]),
    ]

    nonisolated static let cases: [(Sequence, ActionDelivery)] = sequences.flatMap { s in [(s, .batched), (s, .immediate)] }

    @Test(arguments: cases)
    func theSameTouchesGiveTheSameEventsAsARetainedControl(_ sequence: Sequence, _ delivery: ActionDelivery) {
        func run(immediate: Bool) -> [String] {
            let h = ImmediateHarness(delivery: delivery)
            var on = false, value: Float = 0.5, steps = 2.0, pick = 0
            var control: UIControl?
            func build(_ ui: ImmediateUI) {
                switch sequence.kind {
                case .button: ui.button("Go")
                case .toggle: ui.toggle("On", isOn: &on)
                case .slider: ui.slider("Level", value: &value, in: 0...1)
                case .stepper: ui.stepper("Steps", value: &steps, in: 0...10, step: 1)
                case .segmented: ui.segmented(["A", "B"], selection: &pick)
                }
                control = ui.last(UIControl.self)
            }
            h.frame(build)
            guard var target = control else { return ["no control"] }
            let frame = target.convert(target.bounds, to: nil)
            if !immediate {
                // The retained twin: the same class, the same frame and value, no ImmediateView.
                h.view.removeFromSuperview()
                let twin: UIControl
                switch sequence.kind {
                case .button: let b = UIButton(type: .system); b.setTitle("Go", for: .normal); twin = b
                case .toggle: twin = UISwitch()
                case .slider: let s = UISlider(); s.value = 0.5; twin = s
                case .stepper: let s = UIStepper(); s.maximumValue = 10; s.value = 2; twin = s
                case .segmented: let s = UISegmentedControl(items: ["A", "B"]); s.selectedSegmentIndex = 0; twin = s
                }
                twin.frame = frame
                h.window.addSubview(twin)
                h.window.layoutIfNeeded()
                target = twin
            }
            let log = EventLog(target)
            var t: TimeInterval = 1
            for step in sequence.steps {
                let p = CGPoint(x: frame.minX + frame.width * step.x, y: frame.minY + frame.height * step.y)
                h.window.send(TouchSample(id: 1, phase: step.phase, location: p, timestamp: t))
                t += 0.05
                if immediate { h.frame(build) } else { flush() }
            }
            flush()
            return log.names
        }
        let immediate = run(immediate: true)
        let retained = run(immediate: false)
        resetApplication()
        #expect(!immediate.isEmpty)
        #expect(immediate == retained, "\(sequence.name): \(immediate) vs \(retained)")
    }

    // MARK: Focus, Tab order, accessibility

    @Test func tabMovesFocusThroughTheDeclarationsInReadingOrderAndTitlesAreAccessibilityLabels() {
        let h = ImmediateHarness(style: .insetGrouped)
        var on = false, volume: Float = 0.5, name = ""
        func build(_ ui: ImmediateUI) {
            ui.textField("Player name", text: &name)
            ui.toggle("Sound", isOn: &on)
            ui.slider("Volume", value: &volume, in: 0...1)
            ui.spacer()
            ui.row { ui in
                ui.button("Apply")
                ui.button("Cancel")
            }
        }
        h.frame(build)
        var order: [String] = []
        for _ in 0..<5 {
            pressKey(h.window, .keyboardTab)
            h.frame(build)
            order.append(h.window.focusedView?.accessibilityLabel ?? "nil")
        }
        #expect(order == ["Player name", "Sound", "Volume", "Apply", "Cancel"])
        _ = h.window.firstResponder?.resignFirstResponder()
        h.frame(build)
        // Arrow keys adjust the focused slider with the events a retained slider sends, and the
        // binding writes the new value back.
        h.window.setFocusedView(h.all(UISlider.self).first)
        pressKey(h.window, .keyboardRightArrow)
        h.frame(build)
        #expect(volume > 0.5)
    }

    // MARK: Cost of a build that changes nothing

    @Test(arguments: [ImmediateView.Style.plain, .insetGrouped])
    func reDeclaringUnchangedControlsMarksNothingForLayoutOrRedraw(_ style: ImmediateView.Style) {
        let h = ImmediateHarness(style: style, size: CGSize(width: 400, height: 4000))
        var on = Array(repeating: false, count: 40), values = Array(repeating: Float(0.5), count: 40)
        var steps = Array(repeating: 1.0, count: 40), picks = Array(repeating: 0, count: 40)
        var names = Array(repeating: "x", count: 40)
        func build(_ ui: ImmediateUI) {
            for i in 0..<40 {
                ui.id(i) { ui in
                    ui.label("Row")
                    ui.button("Tap")
                    ui.toggle("On", isOn: &on[i])
                    ui.slider("Level", value: &values[i], in: 0...1)
                    ui.row { ui in
                        ui.stepper("Steps", value: &steps[i], in: 0...9, step: 1)
                        ui.segmented(["A", "B"], selection: &picks[i])
                    }
                    ui.textField("Name", text: &names[i])
                    if i % 10 == 9 { ui.spacer() }
                }
            }
        }
        let list = DrawList()
        h.frame(build)
        _ = h.window.buildDrawList(into: list, scale: 1, resources: nil)
        h.frame(build)
        _ = h.window.buildDrawList(into: list, scale: 1, resources: nil)
        for _ in 0..<3 {
            h.view.build(build)
            #expect(!h.window.subtreeNeedsLayout, "nothing asked for layout")
            #expect(!h.window.needsRedraw, "nothing asked for a redraw")
            let stats = h.window.buildDrawList(into: list, scale: 1, resources: nil)
            #expect(!stats.rebuilt && stats.viewsRedrawn == 0)
        }
    }
}
