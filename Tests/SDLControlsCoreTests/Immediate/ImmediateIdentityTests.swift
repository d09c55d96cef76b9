import Testing
import Foundation
@testable import SDLControlsCore

/// The identity rule of `ImmediateView`: (scope, kind, name, occurrence). Which retained
/// control a declaration gets from frame to frame, across conditionals above it, duplicates,
/// loops with `ui.id`, reordering, renamed titles and moves into rows.
@MainActor
struct ImmediateIdentityTests {
    init() { resetApplication() }

    @Test func everyDeclarationKeepsItsControlFromFrameToFrame() {
        let h = ImmediateHarness()
        var on = false, volume: Float = 0.5, count = 2.0, mode = 0, name = "Ada"
        func declare(_ ui: ImmediateUI) -> [UIView?] {
            var views: [UIView?] = []
            ui.label("Settings"); views.append(ui.lastView)
            ui.button("Play"); views.append(ui.lastView)
            ui.toggle("Sound", isOn: &on); views.append(ui.lastView)
            ui.slider("Volume", value: &volume, in: 0...1); views.append(ui.lastView)
            ui.stepper("Lives", value: &count, in: 1...9, step: 1); views.append(ui.lastView)
            ui.segmented(["Easy", "Hard"], selection: &mode); views.append(ui.lastView)
            ui.textField("Name", text: &name); views.append(ui.lastView)
            ui.row { ui in ui.button("A"); ui.button("B") }; views.append(ui.lastView)
            return views
        }
        var first: [UIView?] = [], second: [UIView?] = []
        h.frame { ui in first = declare(ui) }
        h.frame { ui in second = declare(ui) }
        #expect(first.count == 8 && first.allSatisfy { $0 != nil })
        #expect(zip(first, second).allSatisfy { $0 === $1 }, "the same retained views, build after build")
        #expect(first[0] is UILabel && first[1] is UIButton && first[2] is UISwitch && first[3] is UISlider)
        #expect(first[4] is UIStepper && first[5] is UISegmentedControl && first[6] is UITextField && first[7] is UIStackView)
        #expect(first.allSatisfy { $0?.window === h.window }, "every control is in the window")
    }

    @Test func aSliderBeingDraggedSurvivesAConditionalAppearingAndDisappearingAbove() {
        let h = ImmediateHarness()
        var showAdvanced = false, advanced = false, volume: Float = 0.2
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            if showAdvanced {
                ui.label("Advanced")
                ui.toggle("Expert mode", isOn: &advanced)
                ui.button("Calibrate")
            }
            ui.slider("Volume", value: &volume, in: 0...1)
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        guard let s = slider else { Issue.record("no slider"); return }
        let log = EventLog(s)
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.5))
        h.frame(build)
        #expect(abs(volume - 0.5) < 0.02)
        let yBefore = h.centre(s).y

        showAdvanced = true
        h.frame(build)
        #expect(slider === s, "the same slider")
        #expect(s.isTracking && s.isHighlighted, "still tracking its touch and highlighted")
        #expect(h.centre(s).y > yBefore, "it moved down under the new declarations")
        #expect(abs(volume - 0.5) < 0.02 && abs(s.value - 0.5) < 0.02, "its value is kept")

        h.window.simulateTouchMove(to: h.along(s, 0.8))
        h.frame(build)
        #expect(abs(volume - 0.8) < 0.05, "the drag goes on where the slider is now")

        showAdvanced = false
        h.frame(build)
        #expect(slider === s && s.isTracking)
        h.window.simulateTouchUp(at: h.along(s, 0.9))
        h.frame(build)
        #expect(abs(volume - 0.9) < 0.05)
        #expect(!log.names.contains("touchCancel"))
        #expect(log.names.first == "touchDown" && log.names.last == "touchUpInside")
        #expect(log.names.filter { $0 == "touchUpInside" }.count == 1)
    }

    @Test func aConditionalOfAnotherKindOrTitleAboveNeverShiftsIdentity() {
        let h = ImmediateHarness()
        var extra = false, on = true, a = false
        var target: UIView?
        func build(_ ui: ImmediateUI) {
            if extra {
                ui.toggle("Other", isOn: &a)        // same kind, other title
                ui.button("Sound")                  // other kind, same title
            }
            ui.toggle("Sound", isOn: &on)
            target = ui.lastView
        }
        h.frame(build)
        let before = target
        extra = true
        h.frame(build)
        #expect(target === before)
        extra = false
        h.frame(build)
        #expect(target === before)
    }

    @Test func twoDeclarationsOfTheSameKindAndTitleInOneScopeStayDistinct() {
        let h = ImmediateHarness()
        var first: UIButton?, second: UIButton?
        var results: [Bool] = []
        func build(_ ui: ImmediateUI) {
            let a = ui.button("Delete")
            first = ui.last(UIButton.self)
            let b = ui.button("Delete")
            second = ui.last(UIButton.self)
            results = [a, b]
        }
        h.frame(build)
        #expect(first != nil && second != nil && first !== second)
        h.window.simulateTap(at: h.centre(second!))
        h.frame(build)
        #expect(results == [false, true], "only the second reports the tap")
        h.window.simulateTap(at: h.centre(first!), time: 10)
        h.frame(build)
        #expect(results == [true, false])
    }

    @Test func aConditionalOfTheSameKindAndTitleAboveShiftsOccurrencesAndAnIDScopeKeepsThem() {
        let h = ImmediateHarness()
        var extra = false
        var kept: UIView?
        // The documented case: the same kind and title above takes occurrence 0.
        func plain(_ ui: ImmediateUI) {
            if extra { ui.button("OK") }
            ui.button("OK")
            kept = ui.lastView
        }
        h.frame(plain)
        let original = kept
        extra = true
        h.frame(plain)
        #expect(kept !== original, "occurrence 0 now belongs to the conditional")

        // The fix the rule names: a scope of its own.
        extra = false
        func scoped(_ ui: ImmediateUI) {
            if extra { ui.button("OK") }
            ui.id("main") { ui in ui.button("OK") }
            kept = ui.lastView
        }
        h.frame(scoped)
        let scopedOriginal = kept
        extra = true
        h.frame(scoped)
        #expect(kept === scopedOriginal)
    }

    struct Item { var id: Int; var on: Bool }

    @Test func idScopesInALoopFollowTheirItemsWhenReorderedAddedAndRemoved() {
        let h = ImmediateHarness()
        var items = [Item(id: 1, on: false), Item(id: 2, on: true), Item(id: 3, on: false)]
        var switches: [Int: UISwitch] = [:]
        func build(_ ui: ImmediateUI) {
            for i in items.indices {
                ui.id(items[i].id) { ui in
                    ui.toggle("Enabled", isOn: &items[i].on)   // the same title in every item
                    switches[items[i].id] = ui.last(UISwitch.self)
                }
            }
        }
        h.frame(build)
        let original = switches
        #expect(Set(original.values.map(ObjectIdentifier.init)).count == 3, "three distinct switches")
        #expect(original[2]?.isOn == true && original[1]?.isOn == false)

        // Hold a touch on item 3's switch while the list is reordered.
        h.window.simulateTouchDown(at: h.centre(original[3]!))
        items = [items[2], items[0], items[1]]
        h.frame(build)
        for (id, s) in switches { #expect(s === original[id], "item \(id) keeps its switch") }
        #expect(original[3]!.isTracking, "a reorder keeps the touch")
        let ys = [3, 1, 2].map { h.centre(switches[$0]!).y }
        #expect(ys == ys.sorted(), "the switches are laid out in the new order")
        #expect(original[2]!.isOn, "item 2's switch still shows its state")

        // Remove item 1, add item 4.
        items.remove(at: 1)
        items.append(Item(id: 4, on: true))
        switches = [:]
        h.frame(build)
        #expect(switches[3] === original[3] && switches[2] === original[2])
        #expect(switches[4] != nil && switches[4] !== original[1])
        #expect(original[1]!.window == nil, "the removed item's switch left the window")
        #expect(switches[4]!.isOn)
        h.window.simulateTouchUp(at: h.centre(original[3]!))
        h.frame(build)
        #expect(items.first { $0.id == 3 }?.on == true, "the held switch toggled on release")
    }

    @Test func twoIDScopesWithTheSameKeyAreDistinct() {
        let h = ImmediateHarness()
        var a: UIView?, b: UIView?
        h.frame { ui in
            ui.id("row") { ui in ui.button("Go"); a = ui.lastView }
            ui.id("row") { ui in ui.button("Go"); b = ui.lastView }
        }
        #expect(a != nil && b != nil && a !== b)
    }

    @Test func aNamedDeclarationKeepsItsControlWhenItsTitleChanges() {
        let h = ImmediateHarness()
        var paused = false
        var named: UIButton?, unnamed: UIButton?
        func build(_ ui: ImmediateUI) {
            if ui.id("pause").button(paused ? "Resume" : "Pause") { paused.toggle() }
            named = ui.last(UIButton.self)
            ui.button(paused ? "Play" : "Stop")
            unnamed = ui.last(UIButton.self)
        }
        h.frame(build)
        let (n0, u0) = (named!, unnamed!)
        h.window.setFocusedView(n0)
        h.window.simulateTap(at: h.centre(n0))
        h.frame(build)
        #expect(paused)
        h.frame(build)
        #expect(named === n0, "named by key: the same button")
        #expect(n0.title(for: .normal) == "Resume")
        #expect(h.window.focusedView === n0, "and it keeps focus")
        #expect(unnamed !== u0, "named by its title: a new button for a new title")
        #expect(u0.window == nil)
    }

    @Test func aLabelKeepsItsUILabelWhenItsTextChanges() {
        let h = ImmediateHarness()
        var score = 0
        var label: UILabel?
        func build(_ ui: ImmediateUI) {
            ui.label("Score \(score)")
            label = ui.last(UILabel.self)
        }
        h.frame(build)
        let first = label
        score = 12
        h.frame(build)
        #expect(label === first)
        #expect(label?.text == "Score 12")
    }

    @Test func aControlMovedIntoARowAndOutAgainKeepsItsTouch() {
        let h = ImmediateHarness()
        var inRow = false, volume: Float = 0.3
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            if inRow {
                ui.row { ui in
                    ui.button("Mute")
                    ui.slider("Volume", value: &volume, in: 0...1)
                    slider = ui.last(UISlider.self)
                }
            } else {
                ui.slider("Volume", value: &volume, in: 0...1)
                slider = ui.last(UISlider.self)
            }
        }
        h.frame(build)
        let s = slider!
        let log = EventLog(s)
        h.window.simulateTouchDown(at: h.thumb(s))
        let column = s.superview
        inRow = true
        h.frame(build)
        #expect(slider === s && s.isTracking)
        #expect(s.superview !== column || s.superview?.superview is UIStackView, "re-parented into the row")
        inRow = false
        h.frame(build)
        #expect(slider === s && s.isTracking)
        h.window.simulateTouchUp(at: h.thumb(s))
        flush()
        #expect(!log.names.contains("touchCancel"))
        #expect(log.names.last == "touchUpInside")
    }

    @Test func aConditionalRowAboveDoesNotChangeTheControlsOfTheRowBelow() {
        let h = ImmediateHarness()
        var extra = false, on = false
        var toggle: UIView?
        func build(_ ui: ImmediateUI) {
            if extra { ui.row { ui in ui.button("X") } }
            ui.row { ui in
                ui.toggle("Fast", isOn: &on)
                toggle = ui.lastView
            }
        }
        h.frame(build)
        let t = toggle
        h.window.simulateTouchDown(at: h.centre(t!))
        extra = true
        h.frame(build)
        #expect(toggle === t)
        #expect((t as? UIControl)?.isTracking == true, "rows are layout only: the toggle keeps its touch")
    }

    @Test func customViewsAreCreatedOnceAndUpdatedEveryBuild() {
        let h = ImmediateHarness()
        var made = 0, updates = 0
        var view: UIView?
        func build(_ ui: ImmediateUI) {
            ui.custom({ () -> UIView in made += 1; let v = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30)); return v }()) { v in
                updates += 1
                v.backgroundColor = .systemRed
            }
            view = ui.lastView
        }
        h.frame(build)
        let first = view
        h.frame(build)
        h.frame(build)
        #expect(made == 1 && updates == 3)
        #expect(view === first && first?.window === h.window)
        #expect(first?.bounds.size == CGSize(width: 40, height: 30), "no intrinsic size: the frame it was made with")
    }

    @Test func aKeyNotEqualToItselfStillNamesOneControl() {
        let h = ImmediateHarness()
        var taps = 0
        var buttons: [UIView?] = []
        var fields: [UITextField?] = []
        var text = ""
        func build(_ ui: ImmediateUI) {
            if ui.id(Double.nan).button("Tap") { taps += 1 }
            buttons.append(ui.lastView)
            ui.id(Float.nan) { ui in
                ui.textField("Name", text: &text)
                fields.append(ui.last(UITextField.self))
            }
        }
        h.frame(build)
        h.window.simulateTap(at: h.centre(buttons[0]!))
        h.frame(build)
        h.frame(build)
        #expect(buttons.allSatisfy { $0 === buttons[0] }, "a NaN key keeps its control from build to build")
        #expect(taps == 1)
        #expect(fields[2]!.becomeFirstResponder())
        h.window.insertText("a")
        h.frame(build)
        #expect(fields.allSatisfy { $0 === fields[0] } && fields[0]!.isFirstResponder && text == "a")
    }

    @Test func aCustomViewWithNoWidthOfItsOwnTakesTheWidthItIsOffered() {
        let h = ImmediateHarness()   // 400 points wide, plain style
        var plain: UIView?, nested: ImmediateView?, inner: UIButton?, inRow: UIView?, fixed: UIView?
        func build(_ ui: ImmediateUI) {
            ui.custom(UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 20)))
            plain = ui.lastView
            ui.custom(ImmediateView(style: .plain)) { v in
                v.build { inside in
                    inside.button("Inner")
                    inner = inside.last(UIButton.self)
                }
            }
            nested = ui.last(ImmediateView.self)
            ui.row { ui in
                ui.button("Left")
                ui.custom(UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 20)))
                inRow = ui.lastView
            }
            ui.custom(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 20)))
            fixed = ui.lastView
        }
        h.frame(build)
        h.frame(build)   // the nested view lays out at its new width
        #expect(plain!.bounds.width == h.view.bounds.width, "a plain UIView() spans the column")
        #expect(nested!.bounds.width == h.view.bounds.width)
        #expect(inner!.bounds.width > 0 && nested!.bounds.height >= inner!.frame.maxY, "a nested ImmediateView lays out its own declarations")
        #expect(inRow!.bounds.width > 100, "in a row it takes the spare width, as a slider does")
        #expect(inRow!.convert(inRow!.bounds, to: h.view).maxX <= h.view.bounds.width + 0.5)
        #expect(fixed!.bounds.width == 50, "a width given by make is kept")
    }

    @Test func declarationsOutsideABuildAndNestedBuildsDoNothing() {
        let h = ImmediateHarness()
        var captured: ImmediateUI?
        var nestedRan = false
        h.frame { ui in
            captured = ui
            ui.button("One")
            h.view.build { _ in nestedRan = true }
        }
        #expect(!nestedRan)
        #expect(captured?.button("Late") == false)
        #expect(captured?.lastView == nil)
        h.frame { ui in ui.button("One") }
        #expect(h.all(UIButton.self).count == 1)
    }

    // MARK: Identity under interaction

    /// `ui.button(_:)` is true in the build after its primary action was delivered, once per
    /// tap. Two declarations of the same kind and title stay distinct, so a tap on the second
    /// reports on the second only, and the next build reports nothing.
    @Test func aTapOnTheSecondOfTwoSameTitledButtonsReportsOnlyTheSecond() {
        let h = ImmediateHarness()
        var results: [Bool] = []
        var buttons: [UIButton] = []
        func build(_ ui: ImmediateUI) {
            results = []; buttons = []
            results.append(ui.button("Go")); buttons.append(ui.last(UIButton.self)!)
            results.append(ui.button("Go")); buttons.append(ui.last(UIButton.self)!)
        }
        h.frame(build)
        #expect(buttons[0] !== buttons[1])
        h.window.simulateTap(at: h.centre(buttons[1]))
        h.frame(build)
        #expect(results == [false, true])
        h.frame(build)
        #expect(results == [false, false])
    }

    /// README "Identity": in a loop, wrap each item in `ui.id(item.id) { … }` so controls follow
    /// their items when the list is reordered. A slider dragged in item 2 keeps its touch through a
    /// reorder, and the drag keeps writing back to item 2.
    @Test func aSliderBeingDraggedFollowsItsItemWhenTheListIsReordered() {
        struct Item { var id: Int; var level: Float }
        let h = ImmediateHarness()
        var items = [Item(id: 1, level: 0.5), Item(id: 2, level: 0.5), Item(id: 3, level: 0.5)]
        var sliders: [Int: UISlider] = [:]
        func build(_ ui: ImmediateUI) {
            for i in items.indices {
                ui.id(items[i].id) { ui in
                    ui.slider("Level", value: &items[i].level, in: 0...1)
                    sliders[items[i].id] = ui.last(UISlider.self)
                }
            }
        }
        h.frame(build)
        let s = sliders[2]!
        let log = EventLog(s)
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.7))
        h.frame(build)
        items = [items[1], items[2], items[0]]       // 2, 3, 1
        h.frame(build)
        #expect(sliders[2] === s, "the control follows its key")
        #expect(s.isTracking && s.isHighlighted, "and keeps its touch")
        #expect(s.window === h.window)
        h.window.simulateTouchMove(to: h.along(s, 0.2))
        h.window.simulateTouchUp(at: h.along(s, 0.2))
        h.frame(build)
        #expect(items[0].id == 2 && abs(items[0].level - s.value) < 0.0001 && s.value < 0.4)
        #expect(items[1].level == 0.5 && items[2].level == 0.5)
        #expect(!log.names.contains("touchCancel"))
        let order = h.all(UISlider.self).sorted { $0.convert($0.bounds, to: nil).minY < $1.convert($1.bounds, to: nil).minY }
        #expect(order.first === s, "shown in the new order")
    }

    /// A control being dragged survives a conditional declaration appearing or disappearing
    /// above it, here a `ui.spacer()` in the inset-grouped style, which starts a new group: the
    /// slider moves to another group and keeps its touch, highlight and value.
    @Test func aSliderBeingDraggedSurvivesAGroupBreakAppearingAbove() {
        let h = ImmediateHarness(style: .insetGrouped)
        var on = false, level: Float = 0.5, split = false
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            ui.toggle("Sound", isOn: &on)
            if split { ui.spacer(); ui.label("Advanced") }
            ui.slider("Volume", value: &level, in: 0...1)
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        let s = slider!
        let log = EventLog(s)
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.8))
        h.frame(build)
        split = true
        h.frame(build)
        #expect(slider === s && s.isTracking && s.isHighlighted)
        split = false
        h.frame(build)
        #expect(slider === s && s.isTracking)
        h.window.simulateTouchMove(to: h.along(s, 0.3))
        h.window.simulateTouchUp(at: h.along(s, 0.3))
        h.frame(build)
        #expect(abs(level - s.value) < 0.0001 && s.value < 0.45)
        flush()
        #expect(!log.names.contains("touchCancel"))
        #expect(log.names.last == "touchUpInside")
    }

    /// Nested id scopes: the same inner key under two outer keys gives distinct controls, and
    /// swapping the outer blocks keeps each control with its outer key.
    @Test func nestedIDScopesAreDistinctAndFollowTheirOuterKeys() {
        let h = ImmediateHarness()
        var order = ["a", "b"]
        var found: [String: UIButton] = [:]
        func build(_ ui: ImmediateUI) {
            for k in order {
                ui.id(k) { ui in
                    ui.id(1) { ui in
                        ui.button("X"); found[k] = ui.last(UIButton.self)
                    }
                }
            }
        }
        h.frame(build)
        let a = found["a"]!, b = found["b"]!
        #expect(a !== b)
        order = ["b", "a"]
        h.frame(build)
        #expect(found["a"] === a && found["b"] === b)
        #expect(b.convert(b.bounds, to: nil).minY < a.convert(a.bounds, to: nil).minY, "shown in the new order")
    }

    /// Docs, Identity: "A control that only moves (into a row, out of one, to another group, up
    /// or down) stays in the window and keeps all of that" (focus, editing). A field being
    /// edited, moved into a row and below a new conditional, keeps editing and its text; a
    /// focused button moved likewise keeps keyboard focus.
    @Test func aFieldBeingEditedAndAFocusedButtonKeepEditingAndFocusWhenTheyMove() {
        let h = ImmediateHarness()
        var wide = false, extra = false, name = ""
        var field: UITextField?, button: UIButton?
        func build(_ ui: ImmediateUI) {
            if extra { ui.label("New"); ui.button("Above") }
            if wide {
                ui.row { ui in
                    ui.textField("Name", text: &name); field = ui.last(UITextField.self)
                    ui.button("Go"); button = ui.last(UIButton.self)
                }
            } else {
                ui.textField("Name", text: &name); field = ui.last(UITextField.self)
                ui.button("Go"); button = ui.last(UIButton.self)
            }
        }
        h.frame(build)
        let f = field!, b = button!
        #expect(f.becomeFirstResponder())
        h.window.insertText("Ad")
        h.frame(build)
        let log = EventLog(f)
        wide = true; extra = true
        h.frame(build)
        #expect(field === f && f.isEditing && h.window.firstResponder === f)
        h.window.insertText("a")
        h.frame(build)
        #expect(name == "Ada")
        flush()
        #expect(!log.names.contains("editingDidEnd"))
        _ = f.resignFirstResponder()
        #expect(h.window.setFocusedView(b))
        wide = false; extra = false
        h.frame(build)
        #expect(button === b && h.window.focusedView === b)
    }

    /// Docs, Identity: "a title that changes … is a new control each time it changes … unless
    /// the declaration is named: `ui.id("pause").button(paused ? "Resume" : "Pause")`". A named
    /// button whose title changes while it is held keeps the touch and reports the tap once.
    @Test func aNamedButtonRetitledWhileHeldKeepsItsTouchAndReportsTheTap() {
        let h = ImmediateHarness()
        var held = false, fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) {
            if ui.id("fire").button(held ? "Release to fire" : "Fire") { fired += 1 }
            button = ui.last(UIButton.self)
            held = button!.isHighlighted
        }
        h.frame(build)
        let b = button!
        let log = EventLog(b)
        h.window.simulateTouchDown(at: h.centre(b))
        h.frame(build)
        h.frame(build)
        #expect(button === b && b.isTracking && b.title(for: .normal) == "Release to fire")
        h.window.simulateTouchUp(at: h.centre(b))
        h.frame(build)
        h.frame(build)
        #expect(fired == 1 && b.title(for: .normal) == "Fire")
        flush()
        #expect(log.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }
}
