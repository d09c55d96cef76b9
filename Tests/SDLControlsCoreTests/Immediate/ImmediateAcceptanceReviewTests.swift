import Testing
import Foundation
@testable import SDLControlsCore

/// Issue 13 acceptance review: black-box checks of `ImmediateView` / `ImmediateUI` against the
/// issue's words, UIKit's documented behaviour and the project's own docs. Each test quotes
/// what it checks. Only public API is used (the test harness of the existing Immediate tests
/// drives the frames).
@MainActor
@Suite(.serialized)
struct ImmediateAcceptanceReviewTests {
    init() { resetApplication() }

    // MARK: Return values

    /// Issue: "`ui.button(_ title: String) -> Bool`: true in the build after its primary action
    /// was delivered, once per tap." Two declarations of the same kind and title stay distinct,
    /// so a tap on the second reports on the second only.
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

    /// Issue: "true in the build after its primary action was delivered, once per tap": a
    /// second build in the same frame (nothing new delivered) reports nothing.
    @Test func aSecondBuildInTheSameFrameDoesNotReportTheTapAgain() {
        let h = ImmediateHarness()
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) {
            if ui.button("Fire") { fired += 1 }
            button = ui.last(UIButton.self)
        }
        h.frame(build)
        h.window.simulateTap(at: h.centre(button!))
        h.frame(build)
        h.view.build(build)          // the game builds twice in one frame
        h.view.build(build)
        #expect(fired == 1)
    }

    /// Issue: same kind and title are distinct; different kinds with one title are distinct
    /// too (kind is part of the identity): a toggle and a button both titled "Sound".
    @Test func theSameTitleOnTwoKindsGivesTwoControlsThatReportSeparately() {
        let h = ImmediateHarness()
        var on = false
        var pressed = false, switched = false
        var button: UIButton?, toggle: UISwitch?
        func build(_ ui: ImmediateUI) {
            pressed = ui.button("Sound"); button = ui.last(UIButton.self)
            switched = ui.toggle("Sound", isOn: &on); toggle = ui.last(UISwitch.self)
        }
        h.frame(build)
        #expect(button != nil && toggle != nil)
        h.window.simulateTap(at: h.centre(toggle!))
        h.frame(build)
        #expect(switched && !pressed && on)
    }

    /// Issue: "`ui.textField(...) -> Bool` (true on editing changes)": beginning and ending an
    /// edit are not editing changes (D8: editingDidBegin / editingDidEnd).
    @Test func aTextFieldReportsOnlyEditingChangesNotBeginOrEnd() {
        let h = ImmediateHarness()
        var name = "", results: [Bool] = []
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            results.append(ui.textField("Name", text: &name))
            field = ui.last(UITextField.self)
        }
        h.frame(build)
        let f = field!
        #expect(f.becomeFirstResponder())
        h.frame(build)
        h.window.insertText("Ada")
        h.frame(build)
        _ = f.resignFirstResponder()
        h.frame(build)
        #expect(results == [false, false, true, false])
        #expect(name == "Ada")
    }

    // MARK: Build before update: "never loses a change" (ImmediateView docs, README)

    /// Docs ("When to call build"): "Called before `update()`, a build sees the user's change …
    /// the user's value is written back at once (a queued action counts as the user holding
    /// the control, so the game's old value is never pushed over it), and the `Bool` says true
    /// one frame late". README: "A build before `update()` reports actions one frame late but
    /// never loses a change". Here the user types and presses Return in one frame (D8: the
    /// field resigns), and the build runs before update().
    @Test func textTypedAndCommittedInOneFrameSurvivesABuildBeforeUpdate() {
        let h = ImmediateHarness()
        var name = "", results: [Bool] = []
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            results.append(ui.textField("Name", text: &name))
            field = ui.last(UITextField.self)
        }
        h.frameBuildingFirst(build)
        let f = field!
        #expect(f.becomeFirstResponder())
        h.frameBuildingFirst(build)
        h.window.insertText("Ada")
        pressKey(h.window, .keyboardReturnOrEnter)
        #expect(!f.isEditing, "Return ends editing (D8)")
        h.frameBuildingFirst(build)
        #expect(f.text == "Ada", "the game's old text was pushed over the user's")
        #expect(name == "Ada", "the user's text is written back")
        h.frameBuildingFirst(build)
        #expect(results.suffix(2).contains(true), "reported, one frame late at most")
    }

    /// The same rule for a standard toggle (passes): a tap lands, the build runs before update.
    @Test func aToggleTappedBeforeABuildBeforeUpdateKeepsTheUsersState() {
        let h = ImmediateHarness()
        var on = false, results: [Bool] = []
        var toggle: UISwitch?
        func build(_ ui: ImmediateUI) {
            results.append(ui.toggle("Sound", isOn: &on)); toggle = ui.last(UISwitch.self)
        }
        h.frameBuildingFirst(build)
        h.window.simulateTap(at: h.centre(toggle!))
        h.frameBuildingFirst(build)
        #expect(toggle!.isOn && on)
        h.frameBuildingFirst(build)
        #expect(results == [false, false, true])
    }

    /// Docs: "``custom(_:keyPath:value:update:)`` binds … with the binding rules of the standard
    /// controls", and the build-before-update rule above ("a queued action counts as the user
    /// holding the control, so the game's old value is never pushed over it"). A `UISwitch`
    /// hosted with `keyPath: \.isOn` must behave as `ui.toggle` does in the same frames.
    @Test func aCustomControlTappedBeforeABuildBeforeUpdateKeepsTheUsersValue() {
        let h = ImmediateHarness()
        var on = false, results: [Bool] = []
        var control: UISwitch?
        func build(_ ui: ImmediateUI) {
            results.append(ui.custom(UISwitch(), keyPath: \.isOn, value: &on))
            control = ui.last(UISwitch.self)
        }
        h.frameBuildingFirst(build)
        h.window.simulateTap(at: h.centre(control!))
        #expect(control!.isOn, "the tap switched it")
        h.frameBuildingFirst(build)
        #expect(control!.isOn, "the game's old value was pushed over the user's")
        #expect(on, "the user's value is written back")
        h.frameBuildingFirst(build)
        #expect(results.suffix(2).contains(true))
    }

    // MARK: Push rules with ranges and items

    /// Issue, Bindings: "When the game's value differs from the control's and the user is not
    /// interacting with it, the game's value is pushed into the control". A value clamped by
    /// the old range must show once the range allows it (the slider should show 5 after the
    /// range grows to 0...10; UIKit's setter would then show 5).
    @Test func aSliderShowsTheGamesValueOnceAWiderRangeAllowsIt() {
        let h = ImmediateHarness()
        var level: Float = 5
        var range: ClosedRange<Float> = 0...1
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            ui.slider("Level", value: &level, in: range); slider = ui.last(UISlider.self)
        }
        h.frame(build)
        #expect(slider!.value == 1, "shown clamped")
        #expect(level == 5, "the variable is left as it is")
        range = 0...10
        h.frame(build)
        #expect(slider!.maximumValue == 10)
        #expect(slider!.value == 5, "the game's 5 now fits the range and differs from the control's 1")
    }

    /// The same for a stepper (issue Bindings; UIStepper's `value` setter clamps to the range).
    @Test func aStepperShowsTheGamesValueOnceAWiderRangeAllowsIt() {
        let h = ImmediateHarness()
        var lives = 7.0
        var range: ClosedRange<Double> = 0...3
        var stepper: UIStepper?
        func build(_ ui: ImmediateUI) {
            ui.stepper("Lives", value: &lives, in: range, step: 1); stepper = ui.last(UIStepper.self)
        }
        h.frame(build)
        #expect(stepper!.value == 3)
        range = 0...10
        h.frame(build)
        #expect(stepper!.value == 7, "the game's 7 now fits the range")
    }

    /// The same for a segmented control named by key whose items grow: a selection that was out
    /// of range is a valid index now and differs from what the control shows.
    @Test func aNamedSegmentedControlShowsASelectionOnceItsItemsAllowIt() {
        let h = ImmediateHarness()
        var pick = 3
        var items = ["A", "B"]
        var seg: UISegmentedControl?
        func build(_ ui: ImmediateUI) {
            ui.id("mode").segmented(items, selection: &pick); seg = ui.last(UISegmentedControl.self)
        }
        h.frame(build)
        let first = seg!
        #expect(pick == 3)
        items = ["A", "B", "C", "D"]
        h.frame(build)
        #expect(seg === first, "named by key: the control stays")
        #expect(seg!.numberOfSegments == 4)
        #expect(seg!.selectedSegmentIndex == 3, "the game's selection is valid now")
    }

    /// Issue, Bindings: "A user change is written back through the `inout` in the same build
    /// that returns true." A key-named segmented control whose items change in the build that
    /// reports the user's pick (labels that depend on game state) must write the pick back, not
    /// `noSegment`.
    @Test func aNamedSegmentedControlWhoseItemsChangeInTheBuildOfAPickKeepsThePick() {
        let h = ImmediateHarness()
        var pick = 0
        var items = ["Easy", "Normal", "Hard"]
        var seg: UISegmentedControl?
        var changed = false
        func build(_ ui: ImmediateUI) {
            changed = ui.id("mode").segmented(items, selection: &pick); seg = ui.last(UISegmentedControl.self)
        }
        h.frame(build)
        let s = seg!
        let third = s.convert(CGPoint(x: s.bounds.width * 5 / 6, y: s.bounds.midY), to: nil)
        h.window.simulateTap(at: third)
        items = ["Easy", "Normal", "Hard!"]          // the game relabels in the same frame
        h.frame(build)
        #expect(changed)
        #expect(pick == 2, "the user's pick is written back")
        #expect(seg!.selectedSegmentIndex == 2, "and still shown")
    }

    /// Unnamed segmented controls are named by their items: new items, new control, and the
    /// game's selection is pushed into it (passes).
    @Test func anUnnamedSegmentedControlWithNewItemsShowsTheGamesSelection() {
        let h = ImmediateHarness()
        var pick = 1
        var items = ["A", "B"]
        var seg: UISegmentedControl?
        func build(_ ui: ImmediateUI) { ui.segmented(items, selection: &pick); seg = ui.last(UISegmentedControl.self) }
        h.frame(build)
        #expect(seg!.selectedSegmentIndex == 1)
        items = ["A", "B", "C"]
        h.frame(build)
        #expect(seg!.numberOfSegments == 3 && seg!.selectedSegmentIndex == 1)
        #expect(h.all(UISegmentedControl.self).count == 1, "the old one is removed")
    }

    /// Docs: "`selection` is the selected index (`UISegmentedControl.noSegment` for none;
    /// another index out of range is not shown)"; pushes send no action (UIKit setters).
    @Test func segmentedSelectionsOutOfRangeAreNotShownAndSendNothing() {
        let h = ImmediateHarness()
        var pick = 1
        var seg: UISegmentedControl?
        var results: [Bool] = []
        func build(_ ui: ImmediateUI) { results.append(ui.segmented(["A", "B"], selection: &pick)); seg = ui.last(UISegmentedControl.self) }
        h.frame(build)
        let log = EventLog(seg!)
        pick = 7
        h.frame(build)
        #expect(pick == 7 && seg!.selectedSegmentIndex == 1)
        pick = -5
        h.frame(build)
        #expect(pick == -5 && seg!.selectedSegmentIndex == 1)
        pick = UISegmentedControl.noSegment
        h.frame(build)
        #expect(seg!.selectedSegmentIndex == UISegmentedControl.noSegment)
        pick = 0
        h.frame(build)
        #expect(seg!.selectedSegmentIndex == 0)
        flush()
        #expect(log.names.isEmpty && !results.contains(true))
    }

    /// Segmented control with no items: no crash, nothing selectable (UIKit allows 0 segments).
    @Test func aSegmentedControlWithNoItemsIsHarmless() {
        let h = ImmediateHarness()
        var pick = 0
        var seg: UISegmentedControl?
        func build(_ ui: ImmediateUI) { ui.segmented([], selection: &pick); seg = ui.last(UISegmentedControl.self) }
        h.frame(build)
        h.frame(build)
        #expect(seg?.numberOfSegments == 0)
        #expect(pick == 0)
    }

    /// Docs: "A `value` outside the range is shown clamped and left as it is"; UISlider's
    /// setter clamps. NaN and infinities: no crash, the variable is left as it is.
    @Test func sliderValuesOutsideTheRangeNaNAndInfinityAreShownClampedAndLeftAsTheyAre() {
        let h = ImmediateHarness()
        var level: Float = 0.5
        var slider: UISlider?
        var results: [Bool] = []
        func build(_ ui: ImmediateUI) { results.append(ui.slider("Level", value: &level, in: 0...1)); slider = ui.last(UISlider.self) }
        h.frame(build)
        let log = EventLog(slider!)
        level = .infinity
        h.frame(build)
        #expect(slider!.value == 1 && level == .infinity)
        level = -.infinity
        h.frame(build)
        #expect(slider!.value == 0 && level == -.infinity)
        level = .nan
        h.frame(build)
        #expect(slider!.value.isFinite && level.isNaN)
        level = 0.25
        h.frame(build)
        #expect(slider!.value == 0.25)
        flush()
        #expect(log.names.isEmpty && !results.contains(true))
    }

    /// A slider over an empty range (lower == upper): shown at that value, no crash.
    @Test func aSliderOverAOnePointRangeShowsThatPoint() {
        let h = ImmediateHarness()
        var level: Float = 0.3
        var slider: UISlider?
        func build(_ ui: ImmediateUI) { ui.slider("Level", value: &level, in: 2...2); slider = ui.last(UISlider.self) }
        h.frame(build)
        h.frame(build)
        #expect(slider!.value == 2 && level == 0.3)
    }

    /// Docs: "An invalid step (not positive) keeps the last valid one, as `UIStepper` does."
    @Test(arguments: [0.0, -1.0, Double.nan])
    func aStepperWithAnInvalidStepKeepsTheLastValidOne(_ bad: Double) {
        let h = ImmediateHarness()
        var lives = 2.0
        var step = 1.0
        var stepper: UIStepper?
        func build(_ ui: ImmediateUI) { ui.stepper("Lives", value: &lives, in: 0...10, step: step); stepper = ui.last(UIStepper.self) }
        h.frame(build)
        step = bad
        h.frame(build)
        #expect(stepper!.stepValue == 1)
        let s = stepper!
        let plus = s.convert(CGPoint(x: s.bounds.maxX - 10, y: s.bounds.midY), to: nil)
        h.window.simulateTap(at: plus, time: 3)
        h.frame(build)
        #expect(lives == 3)
    }

    // MARK: Identity under interaction

    /// Issue, Identity: "`ui.id(_ key:) { }`: an identity scope for loops"; docs: "in a loop,
    /// wrap each item in `ui.id(item.id) { … }` so controls follow their items when the list
    /// is reordered". A slider dragged in item 2 keeps its touch through a reorder, and the
    /// drag keeps writing back to item 2.
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

    /// Issue, Identity: "It must survive a conditional declaration appearing or disappearing
    /// above it", here a `ui.spacer()` in the inset-grouped style, which starts a new group
    /// (docs): the slider moves to another group and must keep touch, highlight and value.
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

    /// Issue: "two widgets can never be held at once" is ImGui's limit we must not have; C11:
    /// "Touches on different controls are independent: two fingers drag two sliders at once."
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

    /// Issue, One set of semantics: "keyboard focus, Tab order … behave exactly as for the same
    /// retained controls": after the list is reordered, Tab follows the order on screen.
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

    /// Issue: "true in the build after its primary action was delivered": a frame in which the
    /// game does not build (a paused menu, say) does not lose the tap; the next build reports it.
    @Test func aTapInAFrameWithoutABuildIsReportedByTheNextBuild() {
        let h = ImmediateHarness()
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) { if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self) }
        h.frame(build)
        h.window.simulateTap(at: h.centre(button!))
        flush()                       // update() without a build this frame
        h.window.layoutIfNeeded()
        h.frame(build)
        h.frame(build)
        #expect(fired == 1)
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

    /// Issue, Looks: "sizes from `intrinsicContentSize`": a custom view whose intrinsic size
    /// changes in `update` is laid out again (what follows it in a row moves).
    @Test func aCustomViewWhoseIntrinsicSizeGrowsIsLaidOutAgain() {
        let h = ImmediateHarness(style: .plain)
        var text = "Hi"
        var label: UILabel?, after: UIView?
        func build(_ ui: ImmediateUI) {
            ui.row { ui in
                ui.custom(UILabel()) { l in l.text = text; label = l }
                ui.button("B"); after = ui.lastView
            }
        }
        h.frame(build)
        let before = after!.convert(after!.bounds, to: nil).minX
        text = "A much longer text than before"
        h.frame(build)
        let lf = label!.convert(label!.bounds, to: nil)
        #expect(lf.width >= label!.intrinsicContentSize.width - 0.5)
        #expect(after!.convert(after!.bounds, to: nil).minX > before + 50)
    }

    /// Issue, One set of semantics: "keyboard focus … behave exactly as for the same retained
    /// controls": Return on a focused button fires it (reported by the build), Space on a
    /// focused switch flips it (written back).
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

    /// Issue, Bindings: pushes send no actions and report nothing: a narrower range that clamps
    /// the control's value is not a user change (false), and the variable is left as it is.
    @Test func aNarrowerRangeClampsTheSliderWithoutReportingAChange() {
        let h = ImmediateHarness()
        var level: Float = 0.8, upper: Float = 1, results: [Bool] = []
        var slider: UISlider?
        func build(_ ui: ImmediateUI) { results.append(ui.slider("Level", value: &level, in: 0...upper)); slider = ui.last(UISlider.self) }
        h.frame(build)
        let log = EventLog(slider!)
        upper = 0.5
        h.frame(build)
        h.frame(build)
        flush()
        #expect(slider!.value == 0.5 && level == 0.8)
        #expect(!results.contains(true) && log.names.isEmpty)
    }

    // MARK: Removal

    /// Issue, Removal: "A control not declared in a build is removed at the end of that build";
    /// UIKit: a view leaving its window loses focus. The window's focused view must not stay on
    /// a removed control.
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

    /// Issue, Removal: "a touch it was tracking is cancelled with `touchCancel`"; D3: "A
    /// cancel sends touchCancel and no valueChanged". Slider removed mid-drag.
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

    // MARK: When build is called

    /// Docs: a view may be built before it is in a window; issue: "An `ImmediateView` can sit
    /// anywhere in a retained tree". Built off-window, then added: taps are reported.
    @Test func aViewBuiltBeforeItIsInAWindowWorksOnceAdded() {
        resetApplication()
        let window = makeTestWindow(size: CGSize(width: 400, height: 400))
        let view = ImmediateView(frame: window.bounds, style: .plain)
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) { if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self) }
        view.build(build)
        view.build(build)
        #expect(button != nil && button!.window == nil)
        window.addSubview(view)
        view.build(build)
        window.layoutIfNeeded()
        let p = button!.convert(CGPoint(x: button!.bounds.midX, y: button!.bounds.midY), to: nil)
        window.simulateTap(at: p)
        UIApplication.shared.deliverPendingActions()
        view.build(build)
        #expect(fired == 1)
        view.removeFromSuperview()
        view.build(build)                // after the window is gone: harmless
        view.build { _ in }              // an empty build removes everything
        #expect(button!.superview == nil || button!.window == nil)
    }

    /// A view taken out of its window mid-touch cancels the touch (C8) and keeps working.
    @Test func aPanelRemovedFromItsWindowMidTouchCancelsAndBuildsOn() {
        let h = ImmediateHarness()
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) { if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self) }
        h.frame(build)
        let b = button!
        let log = EventLog(b)
        h.window.simulateTouchDown(at: h.centre(b))
        h.view.removeFromSuperview()
        h.frame(build)
        flush()
        #expect(log.names == ["touchDown", "touchCancel"])
        h.window.addSubview(h.view)
        h.frame(build)
        #expect(button === b, "the control is kept: its declaration did not change")
        h.window.simulateTap(at: h.centre(b), time: 20)
        h.frame(build)
        #expect(fired == 1)
    }

    /// Docs: "A build that begins inside another build of the same view does nothing." A build
    /// started from inside an action (immediate delivery runs actions during the event) is not
    /// inside a build: it runs, and the tap is still reported once in all.
    @Test func aBuildFromInsideAnActionWithImmediateDeliveryReportsTheTapOnce() {
        let h = ImmediateHarness(delivery: .immediate)
        var fired = 0
        var button: UIButton?
        var build: ((ImmediateUI) -> Void)!
        build = { ui in
            if ui.button("Go") { fired += 1 }
            button = ui.last(UIButton.self)
            ui.configure(UIButton.self) { b in
                b.addAction(UIAction { [weak view = h.view] _ in view?.build(build) }, for: .primaryActionTriggered)
            }
        }
        h.frame(build)
        h.window.simulateTap(at: h.centre(button!))
        h.frame(build)
        h.frame(build)
        #expect(fired == 1)
        resetApplication()
    }

    /// A second ImmediateView built from inside the first's content (a nested panel hosted by
    /// `custom`): both work; the issue allows "a retained view … inside one through custom".
    @Test func aNestedImmediateViewHostedByCustomIsBuiltInsideTheOuterBuild() {
        let h = ImmediateHarness()
        let inner = ImmediateView(style: .plain)
        var fired = 0
        var innerButton: UIButton?
        func build(_ ui: ImmediateUI) {
            ui.label("Outer")
            ui.custom(inner) { inner in
                inner.build { ui in
                    if ui.button("Inner") { fired += 1 }
                    innerButton = ui.last(UIButton.self)
                }
            }
        }
        h.frame(build)
        h.frame(build)
        let b = innerButton!
        #expect(b.window === h.window)
        #expect(inner.bounds.height > 0 && inner.bounds.width == h.view.bounds.width, "spans the column")
        h.window.simulateTap(at: h.centre(b))
        h.frame(build)
        #expect(fired == 1)
    }

    // MARK: custom

    /// Issue: "`ui.custom(…)`: host any `UIView` or `UIControl` subclass (the user's own
    /// included), created once and updated each frame". The user's own control sending its
    /// primary action returns true (docs: "Returns whether it sent `primaryActionTriggered`").
    @Test func theUsersOwnControlIsHostedAndReportsItsPrimaryAction() {
        let h = ImmediateHarness()
        var made = 0, updated = 0, results: [Bool] = []
        var control: ReviewTapControl?
        func build(_ ui: ImmediateUI) {
            results.append(ui.custom({ () -> ReviewTapControl in made += 1; return ReviewTapControl(frame: CGRect(x: 0, y: 0, width: 80, height: 40)) }()) { c in
                updated += 1; control = c
            })
        }
        h.frame(build)
        h.frame(build)
        #expect(made == 1 && updated == 2)
        h.window.simulateTap(at: h.centre(control!))
        h.frame(build)
        #expect(results == [false, false, true])
        #expect(control!.taps == 1)
    }

    /// A view already in another superview, hosted by `custom`, moves into the panel (UIKit's
    /// `addSubview` moves a view) and is shown there.
    @Test func aCustomViewFromAnotherSuperviewMovesIntoThePanel() {
        let h = ImmediateHarness()
        let elsewhere = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(elsewhere)
        let label = UILabel()
        label.text = "Hosted"
        elsewhere.addSubview(label)
        h.frame { ui in ui.custom(label) }
        #expect(label.isDescendant(of: h.view))
        #expect(!elsewhere.subviews.contains(label))
        #expect(label.window === h.window)
    }

    /// The same instance declared twice in one build, then once: the view must still be shown
    /// (it is declared), not removed with the second declaration's slot.
    @Test func aCustomViewDeclaredTwiceAndThenOnceStaysInTheWindow() {
        let h = ImmediateHarness()
        let shared = UILabel()
        shared.text = "Shared"
        var twice = true
        func build(_ ui: ImmediateUI) {
            ui.custom(shared)
            if twice { ui.custom(shared) }
        }
        h.frame(build)
        #expect(shared.window === h.window)
        twice = false
        h.frame(build)
        #expect(shared.window === h.window, "it is still declared once")
    }

    // MARK: One set of semantics: cancel and drag-back sequences

    struct Steps: Sendable, CustomStringConvertible {
        var name: String
        var kind: ImmediateSemanticsTests.Sequence.Kind
        var steps: [(phase: UITouch.Phase, x: CGFloat, y: CGFloat)]
        var description: String { name }
    }

    nonisolated static let steps: [Steps] = [
        Steps(name: "button cancelled", kind: .button, steps: [(.began, 0.5, 0.5), (.moved, 0.5, 0.6), (.cancelled, 0.5, 0.6)]),
        Steps(name: "slider drag cancelled", kind: .slider, steps: [(.began, 0.5, 0.5), (.moved, 0.7, 0.5), (.cancelled, 0.7, 0.5)]),
        Steps(name: "switch drag out and back", kind: .toggle,
              steps: [(.began, 0.5, 0.5), (.moved, 0.5, 5), (.moved, 0.5, 0.5), (.ended, 0.5, 0.5)]),
        Steps(name: "stepper lift outside", kind: .stepper, steps: [(.began, 0.85, 0.5), (.moved, 0.85, 9), (.ended, 0.85, 9)]),
        Steps(name: "segmented drag out cancelled", kind: .segmented,
              steps: [(.began, 0.8, 0.5), (.moved, 0.8, 9), (.cancelled, 0.8, 9)]),
    ]

    nonisolated static let stepCases: [(Steps, ActionDelivery)] = steps.flatMap { s in [(s, .batched), (s, .immediate)] }

    /// Issue, One set of semantics: "Tapping, dragging … batched and immediate delivery all
    /// behave exactly as for the same retained controls"; Done when: "the same touch sequences
    /// giving the same event order as the retained controls, in both delivery modes".
    @Test(arguments: stepCases)
    func cancelAndDragBackSequencesGiveTheRetainedControlsEvents(_ sequence: Steps, _ delivery: ActionDelivery) {
        func run(immediate: Bool) -> [String] {
            let h = ImmediateHarness(delivery: delivery)
            var on = false, value: Float = 0.5, count = 2.0, pick = 0
            var control: UIControl?
            func build(_ ui: ImmediateUI) {
                switch sequence.kind {
                case .button: ui.button("Go")
                case .toggle: ui.toggle("On", isOn: &on)
                case .slider: ui.slider("Level", value: &value, in: 0...1)
                case .stepper: ui.stepper("Steps", value: &count, in: 0...10, step: 1)
                case .segmented: ui.segmented(["A", "B"], selection: &pick)
                }
                control = ui.last(UIControl.self)
            }
            h.frame(build)
            guard var target = control else { return ["no control"] }
            let frame = target.convert(target.bounds, to: nil)
            if !immediate {
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

    // MARK: Accessibility

    /// Issue: "accessibility (labels from titles)". A button's label is its title (UIKit's
    /// default), a text field's its placeholder (docs), a stepper's / slider's / toggle's their
    /// titles, a label's its text.
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

    // MARK: Layout

    /// Issue, Looks: "`ui.row { ui in … }` lays its declarations out horizontally; the default
    /// flow is vertical".
    @Test func aRowIsHorizontalAndTheColumnVertical() {
        let h = ImmediateHarness()
        var v: [UIView] = []
        h.frame { ui in
            ui.button("A"); v.append(ui.lastView!)
            ui.button("B"); v.append(ui.lastView!)
            ui.row { ui in
                ui.button("C"); v.append(ui.lastView!)
                ui.button("D"); v.append(ui.lastView!)
            }
        }
        let f = v.map { $0.convert($0.bounds, to: nil) }
        #expect(f[1].minY >= f[0].maxY, "column: B below A")
        #expect(f[2].minY >= f[1].maxY, "the row below B")
        #expect(f[3].minX >= f[2].maxX && abs(f[3].midY - f[2].midY) < 1, "row: D beside C")
    }

    /// Docs: plain style "Declarations stacked with the system spacing (8 points)". Issue:
    /// "UIKit's spacing and sizes from intrinsicContentSize".
    @Test func thePlainColumnUsesEightPointsAndIntrinsicSizes() {
        let h = ImmediateHarness()
        var on = false, count = 0.0
        var v: [UIView] = []
        h.frame { ui in
            ui.toggle("", isOn: &on); v.append(ui.lastView!)
            ui.stepper("", value: &count, in: 0...3, step: 1); v.append(ui.lastView!)
        }
        let f = v.map { $0.convert($0.bounds, to: nil) }
        #expect(f[0].size == v[0].intrinsicContentSize)
        #expect(f[1].size == v[1].intrinsicContentSize)
        #expect(abs(f[1].minY - f[0].maxY - 8) < 0.5)
    }

    /// Issue, Looks: "titles beside or above their controls as a settings screen on iOS shows
    /// them" (README: "slider titles above them", "switches and steppers at the trailing one").
    @Test func sliderTitlesAreAboveAndStepperTitlesBeside() {
        let h = ImmediateHarness(style: .insetGrouped)
        var level: Float = 0.5, count = 1.0
        var slider: UIView?, stepper: UIView?
        h.frame { ui in
            ui.slider("Volume", value: &level, in: 0...1); slider = ui.lastView
            ui.stepper("Lives", value: &count, in: 0...5, step: 1); stepper = ui.lastView
        }
        let labels = h.all(UILabel.self)
        let volume = labels.first { $0.text == "Volume" }!, lives = labels.first { $0.text == "Lives" }!
        let vf = volume.convert(volume.bounds, to: nil), sf = slider!.convert(slider!.bounds, to: nil)
        let lf = lives.convert(lives.bounds, to: nil), stf = stepper!.convert(stepper!.bounds, to: nil)
        #expect(vf.maxY <= sf.minY + 0.5, "slider title above")
        #expect(lf.maxX <= stf.minX && abs(lf.midY - stf.midY) < 1, "stepper title beside")
        #expect(abs(stf.maxX - (h.view.bounds.width - 16 - 16)) < 1, "stepper at the trailing margin")
    }

    /// Looks, with a very long title: the switch stays whole inside the cell at the trailing
    /// margin and the title stops before it (iOS truncates the title).
    @Test func aVeryLongTitleNeverPushesTheSwitchOutOfItsCell() {
        let h = ImmediateHarness(style: .insetGrouped)
        var on = false
        var toggle: UIView?
        let title = String(repeating: "Very long title ", count: 30)
        h.frame { ui in ui.toggle(title, isOn: &on); toggle = ui.lastView }
        let sw = toggle!.convert(toggle!.bounds, to: nil)
        #expect(sw.size == toggle!.intrinsicContentSize)
        #expect(sw.maxX <= h.view.bounds.width - 16 && sw.minX > 16)
        let label = h.all(UILabel.self).first { $0.text == title }!
        let lf = label.convert(label.bounds, to: nil)
        #expect(lf.maxX <= sw.minX && lf.minX >= 16)
    }

    /// A zero-width view: no crash, no negative sizes; then a width: laid out across it.
    @Test func aZeroWidthViewLaysOutWithoutNegativeSizes() {
        let h = ImmediateHarness(style: .insetGrouped)
        h.view.frame.size.width = 0
        var level: Float = 0.5, on = true, name = ""
        func build(_ ui: ImmediateUI) {
            ui.toggle("Sound", isOn: &on)
            ui.slider("Volume", value: &level, in: 0...1)
            ui.row { ui in ui.button("A"); ui.textField("Name", text: &name) }
        }
        h.frame(build)
        func walk(_ v: UIView) -> Bool {
            guard v.frame.width >= 0 && v.frame.height >= 0, v.frame.width.isFinite, v.frame.height.isFinite else { return false }
            return v.subviews.allSatisfy(walk)
        }
        #expect(walk(h.view))
        h.view.frame.size.width = 300
        h.frame(build)
        #expect(walk(h.view))
        let s = h.all(UISlider.self).first!
        #expect(s.bounds.width > 200)
    }

    /// Docs: "In the plain style's column it [spacer] takes the height the view has beyond its
    /// content".
    @Test func aPlainSpacerPushesWhatFollowsToTheBottom() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 300, height: 500))
        var bottom: UIView?
        h.frame { ui in
            ui.button("Top")
            ui.spacer()
            ui.button("Bottom"); bottom = ui.lastView
        }
        let f = bottom!.convert(bottom!.bounds, to: nil)
        #expect(abs(f.maxY - 500) < 1)
    }

    /// Docs: "In a row … two spacers centre what is between them"; a spacer "pushing what
    /// follows to the trailing edge".
    @Test func aSpacerInARowPushesWhatFollowsToTheTrailingEdge() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 300, height: 400))
        var a: UIView?, b: UIView?
        h.frame { ui in
            ui.row { ui in
                ui.button("A"); a = ui.lastView
                ui.spacer()
                ui.button("B"); b = ui.lastView
            }
        }
        let af = a!.convert(a!.bounds, to: nil), bf = b!.convert(b!.bounds, to: nil)
        #expect(abs(af.minX) < 1 && abs(bf.maxX - 300) < 1)
    }

    /// Looks in right-to-left: "titles at the leading margin, switches and steppers at the
    /// trailing one" (README): mirrored.
    @Test func rightToLeftPutsTheTitleOnTheRightAndTheSwitchOnTheLeft() {
        let h = ImmediateHarness(style: .insetGrouped)
        UIApplication.shared.userInterfaceLayoutDirection = .rightToLeft
        defer { resetApplication() }
        var on = false
        var toggle: UIView?
        h.frame { ui in ui.toggle("Sound", isOn: &on); toggle = ui.lastView }
        h.view.setNeedsLayout()
        h.window.layoutIfNeeded()
        let sw = toggle!.convert(toggle!.bounds, to: nil)
        let label = h.all(UILabel.self).first { $0.text == "Sound" }!
        let lf = label.convert(label.bounds, to: nil)
        #expect(sw.maxX < lf.minX, "switch left of its title")
        #expect(abs(sw.minX - 32) < 1, "at the trailing (left) margin")
    }

    /// Docs: a plain view without background: "Taps between controls reach what is behind".
    @Test func aTapOnAPlainPanelsEmptySpaceReachesTheViewBehind() {
        let h = ImmediateHarness(style: .plain)
        let behind = UIButton(type: .system)
        behind.setTitle("Game", for: .normal)
        behind.frame = CGRect(x: 0, y: 300, width: 400, height: 100)
        h.window.insertSubview(behind, at: 0)
        let log = EventLog(behind)
        h.frame { ui in ui.button("HUD") }
        h.window.simulateTap(at: CGPoint(x: 200, y: 350))
        flush()
        #expect(log.names.contains("touchUpInside"))
    }

    /// Issue: "An `ImmediateView` can sit anywhere in a retained tree": in a vertical
    /// `UIStackView`, it is sized by its content, and grows when its content does.
    @Test func anImmediateViewInARetainedStackViewIsSizedByItsContent() {
        resetApplication()
        let window = makeTestWindow(size: CGSize(width: 400, height: 800))
        let stack = UIStackView()
        stack.axis = .vertical
        stack.alignment = .fill
        let panel = ImmediateView(style: .plain)
        let footer = UILabel()
        footer.text = "Footer"
        stack.addArrangedSubview(panel)
        stack.addArrangedSubview(footer)
        window.addSubview(stack)
        var count = 1
        func frame() {
            panel.build { ui in for i in 0..<count { ui.id(i) { ui in ui.button("B") } } }
            let size = stack.systemLayoutSizeFitting(CGSize(width: 400, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
            stack.frame = CGRect(origin: .zero, size: size)
            window.layoutIfNeeded()
        }
        frame()
        let small = panel.frame.height
        #expect(small > 0 && panel.frame.width == 400)
        count = 4
        frame()
        #expect(panel.frame.height > small * 2)
        #expect(footer.frame.minY >= panel.frame.maxY)
        let buttons = panel.subviews.flatMap(\.subviews)
        _ = buttons
        var last: UIView?
        panel.build { ui in for i in 0..<count { ui.id(i) { ui in ui.button("B"); last = ui.lastView } } }
        window.layoutIfNeeded()
        let lf = last!.convert(last!.bounds, to: nil)
        #expect(lf.maxY <= panel.frame.maxY + 0.5, "the last button is inside the panel")
    }
}

/// A user's own control: counts taps and sends its primary action on a lift inside.
final class ReviewTapControl: UIControl {
    var taps = 0
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, bounds.contains(touch.location(in: self)) {
            taps += 1
            sendActions(for: .primaryActionTriggered)
        }
    }
}
