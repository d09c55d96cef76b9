import Testing
import Foundation
@testable import SDLControlsCore

/// Removal at the end of a build (rule C8), the same event order as retained controls in both
/// delivery modes, keyboard focus, accessibility, and what a build that changes nothing costs.
@MainActor
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
        Sequence(name: "button cancelled", kind: .button, steps: [(.began, 0.5, 0.5), (.moved, 0.5, 0.6), (.cancelled, 0.5, 0.6)]),
        Sequence(name: "slider drag cancelled", kind: .slider, steps: [(.began, 0.5, 0.5), (.moved, 0.7, 0.5), (.cancelled, 0.7, 0.5)]),
        Sequence(name: "switch drag out and back", kind: .toggle,
                 steps: [(.began, 0.5, 0.5), (.moved, 0.5, 5), (.moved, 0.5, 0.5), (.ended, 0.5, 0.5)]),
        Sequence(name: "stepper lift outside", kind: .stepper, steps: [(.began, 0.85, 0.5), (.moved, 0.85, 9), (.ended, 0.85, 9)]),
        Sequence(name: "segmented drag out cancelled", kind: .segmented,
                 steps: [(.began, 0.8, 0.5), (.moved, 0.8, 9), (.cancelled, 0.8, 9)]),
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

    // MARK: Removal: focus, first responder and a drag

    /// A control not declared in a build is removed at the end of that build (rule C8); UIKit:
    /// a view leaving its window loses focus. The window's focused view does not stay on a
    /// removed control.
    @Test func aFocusedControlThatIsNoLongerDeclaredLosesFocus() {
        let h = ImmediateHarness()
        var show = true
        var button: UIButton?
        func build(_ ui: ImmediateUI) {
            if show { ui.button("Go"); button = ui.last(UIButton.self) }
            ui.button("Other")
        }
        h.frame(build)
        let b = button!
        #expect(h.window.setFocusedView(b))
        #expect(h.window.focusedView === b)
        show = false
        h.frame(build)
        #expect(b.window == nil)
        #expect(h.window.focusedView !== b)
        let log = EventLog(b)
        pressKey(h.window, .keyboardReturnOrEnter)   // must not press the removed button
        flush()
        #expect(log.names.isEmpty)
    }

    /// Docs: a removed control "loses focus and ends editing, as any view leaving its window
    /// does": the window's first responder is no longer the field (keyboard goes nowhere).
    @Test func aRemovedFirstResponderFieldIsNoLongerTheWindowsFirstResponder() {
        let h = ImmediateHarness()
        var show = true, name = ""
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            if show { ui.textField("Name", text: &name); field = ui.last(UITextField.self) }
        }
        h.frame(build)
        let f = field!
        #expect(f.becomeFirstResponder())
        h.window.insertText("A")
        h.frame(build)
        #expect(name == "A")
        show = false
        h.frame(build)
        #expect(h.window.firstResponder !== f)
        #expect(!h.window.insertText("B"), "typing reaches no removed field")
        #expect(f.text == "A" && name == "A")
    }

    /// A removed control's touch is cancelled with `touchCancel` (rule C8), and a cancel sends
    /// touchCancel and no valueChanged (rule D3). A slider removed mid-drag.
    @Test func aSliderRemovedMidDragSendsTouchCancelAndNoValueChanged() {
        let h = ImmediateHarness()
        var show = true, level: Float = 0.5
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            if show { ui.slider("Level", value: &level, in: 0...1); slider = ui.last(UISlider.self) }
        }
        h.frame(build)
        let s = slider!
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.8))
        h.frame(build)
        let log = EventLog(s)
        show = false
        h.frame(build)
        flush()
        #expect(log.names == ["touchCancel"])
        #expect(!s.isTracking && !s.isHighlighted)
        h.window.simulateTouchMove(to: h.along(s, 0.2))
        h.window.simulateTouchUp(at: h.along(s, 0.2))
        h.frame(build)
        flush()
        #expect(log.names == ["touchCancel"])
    }

    // MARK: Touches, keyboard and Tab as for retained controls

    /// Rule C11: "Touches on different controls are independent: two fingers drag two sliders at
    /// once." Two declared sliders are held together and both are written back.
    @Test func twoFingersDragTwoDeclaredSlidersAtOnceAndBothAreWrittenBack() {
        let h = ImmediateHarness()
        var a: Float = 0.5, b: Float = 0.5
        var ra = false, rb = false
        var sa: UISlider?, sb: UISlider?
        func build(_ ui: ImmediateUI) {
            ra = ui.slider("A", value: &a, in: 0...1); sa = ui.last(UISlider.self)
            rb = ui.slider("B", value: &b, in: 0...1); sb = ui.last(UISlider.self)
        }
        h.frame(build)
        h.window.simulateTouchDown(at: h.thumb(sa!), id: 1)
        h.window.simulateTouchDown(at: h.thumb(sb!), id: 2)
        h.window.simulateTouchMove(to: h.along(sa!, 0.9), id: 1)
        h.window.simulateTouchMove(to: h.along(sb!, 0.1), id: 2)
        h.frame(build)
        #expect(ra && rb)
        #expect(a > 0.8 && b < 0.2)
        #expect(sa!.isTracking && sb!.isTracking)
    }

    /// Keyboard focus and Tab order behave exactly as for the same retained controls: after the
    /// list is reordered, Tab follows the order on screen.
    @Test func tabFollowsTheNewOrderAfterAReorder() {
        struct Item { var id: Int; var text: String }
        let h = ImmediateHarness()
        var items = [Item(id: 1, text: ""), Item(id: 2, text: ""), Item(id: 3, text: "")]
        func build(_ ui: ImmediateUI) {
            for i in items.indices {
                ui.id(items[i].id) { ui in
                    ui.textField("Field \(items[i].id)", text: &items[i].text)
                }
            }
        }
        h.frame(build)
        items = [items[2], items[0], items[1]]   // 3, 1, 2
        h.frame(build)
        var order: [String] = []
        for _ in 0..<3 {
            pressKey(h.window, .keyboardTab)
            h.frame(build)
            order.append(h.window.focusedView?.accessibilityLabel ?? "nil")
        }
        #expect(order == ["Field 3", "Field 1", "Field 2"])
    }

    /// Keyboard activation behaves as for the same retained controls: Return on a focused button
    /// fires it (reported by the build), Space on a focused switch flips it (written back).
    @Test func keyboardActivationOfFocusedDeclarationsIsReportedAndWrittenBack() {
        let h = ImmediateHarness()
        var on = false, fired = 0, switched = false
        var button: UIButton?, toggle: UISwitch?
        func build(_ ui: ImmediateUI) {
            if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self)
            switched = ui.toggle("Sound", isOn: &on); toggle = ui.last(UISwitch.self)
        }
        h.frame(build)
        #expect(h.window.setFocusedView(button!))
        pressKey(h.window, .keyboardReturnOrEnter)
        h.frame(build)
        #expect(fired == 1)
        #expect(h.window.setFocusedView(toggle!))
        pressKey(h.window, .keyboardSpacebar)
        h.frame(build)
        #expect(switched && on && toggle!.isOn)
    }

    // MARK: Accessibility labels

    /// Accessibility labels come from titles: a button's label is its title (UIKit's default), a
    /// text field's its placeholder, a stepper's, slider's or toggle's their titles, a label's its
    /// text.
    @Test func everyDeclarationsAccessibilityLabelComesFromItsTitle() {
        let h = ImmediateHarness(style: .insetGrouped)
        var on = false, level: Float = 0, count = 1.0, name = ""
        var views: [String: UIView] = [:]
        h.frame { ui in
            ui.label("Score 10"); views["label"] = ui.lastView
            ui.button("Apply"); views["button"] = ui.lastView
            ui.toggle("Sound", isOn: &on); views["toggle"] = ui.lastView
            ui.slider("Volume", value: &level, in: 0...1); views["slider"] = ui.lastView
            ui.stepper("Lives", value: &count, in: 0...5, step: 1); views["stepper"] = ui.lastView
            ui.textField("Player name", text: &name); views["field"] = ui.lastView
        }
        #expect(views["label"]?.accessibilityLabel == "Score 10")
        #expect(views["button"]?.accessibilityLabel == "Apply")
        #expect(views["toggle"]?.accessibilityLabel == "Sound")
        #expect(views["slider"]?.accessibilityLabel == "Volume")
        #expect(views["stepper"]?.accessibilityLabel == "Lives")
        #expect(views["field"]?.accessibilityLabel == "Player name")
    }

    /// A title changed through a key-named declaration updates its accessibility label (the
    /// control is kept, docs "Identity").
    @Test func aRenamedKeyedToggleUpdatesItsAccessibilityLabel() {
        let h = ImmediateHarness()
        var on = false, title = "Sound"
        var toggle: UISwitch?
        func build(_ ui: ImmediateUI) { ui.id("s").toggle(title, isOn: &on); toggle = ui.last(UISwitch.self) }
        h.frame(build)
        let t = toggle!
        title = "Sound effects"
        h.frame(build)
        #expect(toggle === t && t.accessibilityLabel == "Sound effects")
    }
}
