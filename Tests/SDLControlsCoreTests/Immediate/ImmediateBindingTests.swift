import Testing
import Foundation
@testable import SDLControlsCore

/// The binding rules: a user change is written back in the build that returns true; the
/// user's value wins while they hold the control; otherwise the game's value is pushed with
/// the setter, which sends no action. Plus the button's once-per-tap report and 0 frames of
/// latency in both delivery modes.
@MainActor
struct ImmediateBindingTests {
    init() { resetApplication() }

    // MARK: Write-back in the build that returns true

    @Test func aDraggedSliderWritesItsValueBackInTheBuildThatReturnsTrue() {
        let p = VolumePanel(volume: 0)
        let h = p.h, s = p.slider!
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.25))
        p.frame()
        #expect(p.changed.last == true)
        #expect(p.volume == s.value && abs(p.volume - 0.25) < 0.02)
        p.frame()
        #expect(p.changed.last == false, "nothing new this frame")
        h.window.simulateTouchMove(to: h.along(s, 0.75))
        h.window.simulateTouchUp(at: h.along(s, 0.75))
        p.frame()
        #expect(p.changed.last == true && p.volume == s.value && abs(p.volume - 0.75) < 0.02)
    }

    @Test func eachValueControlWritesBackTheUsersChange() {
        let h = ImmediateHarness()
        var on = false, lives = 3.0, mode = 0, name = ""
        var results: [String: Bool] = [:]
        var views: [String: UIView] = [:]
        func build(_ ui: ImmediateUI) {
            results["toggle"] = ui.toggle("Sound", isOn: &on); views["toggle"] = ui.lastView
            results["stepper"] = ui.stepper("Lives", value: &lives, in: 1...5, step: 1); views["stepper"] = ui.lastView
            results["segmented"] = ui.segmented(["Easy", "Normal", "Hard"], selection: &mode); views["segmented"] = ui.lastView
            results["field"] = ui.textField("Name", text: &name); views["field"] = ui.lastView
        }
        h.frame(build)

        h.window.simulateTap(at: h.centre(views["toggle"]!))
        h.frame(build)
        #expect(results["toggle"] == true && on)

        let stepper = views["stepper"] as! UIStepper
        let plus = stepper.convert(CGPoint(x: stepper.bounds.maxX - 10, y: stepper.bounds.midY), to: nil)
        h.window.simulateTap(at: plus, time: 5)
        h.frame(build)
        #expect(results["stepper"] == true && lives == 4)

        let seg = views["segmented"] as! UISegmentedControl
        let third = seg.convert(CGPoint(x: seg.bounds.width * 5 / 6, y: seg.bounds.midY), to: nil)
        h.window.simulateTap(at: third, time: 10)
        h.frame(build)
        #expect(results["segmented"] == true && mode == 2)

        let field = views["field"] as! UITextField
        h.window.simulateTap(at: h.centre(field), time: 15)
        h.frame(build)
        #expect(field.isEditing)
        #expect(results["field"] == false, "beginning to edit is not an edit")
        h.window.insertText("Ada")
        h.frame(build)
        #expect(results["field"] == true && name == "Ada")
        h.frame(build)
        #expect(results.values.allSatisfy { !$0 }, "every Bool is false in a frame without input")
    }

    // MARK: Push

    @Test func theGamesValueIsPushedWithTheSetterAndSendsNoAction() {
        let h = ImmediateHarness()
        var on = false, volume: Float = 0.1, lives = 1.0, mode = 0, name = "a"
        var controls: [UIControl] = []
        func build(_ ui: ImmediateUI) {
            controls = []
            ui.toggle("Sound", isOn: &on); controls.append(ui.last(UIControl.self)!)
            ui.slider("Volume", value: &volume, in: 0...1); controls.append(ui.last(UIControl.self)!)
            ui.stepper("Lives", value: &lives, in: 0...9, step: 1); controls.append(ui.last(UIControl.self)!)
            ui.segmented(["A", "B"], selection: &mode); controls.append(ui.last(UIControl.self)!)
            ui.textField("Name", text: &name); controls.append(ui.last(UIControl.self)!)
        }
        h.frame(build)
        let logs = controls.map(EventLog.init)
        on = true; volume = 0.9; lives = 7; mode = 1; name = "Grace"
        h.frame(build)
        #expect((controls[0] as! UISwitch).isOn)
        #expect((controls[1] as! UISlider).value == 0.9)
        #expect((controls[2] as! UIStepper).value == 7)
        #expect((controls[3] as! UISegmentedControl).selectedSegmentIndex == 1)
        #expect((controls[4] as! UITextField).text == "Grace")
        flush()
        #expect(logs.allSatisfy { $0.names.isEmpty }, "setters send nothing")
    }

    @Test func whileTheUserDragsTheirValueWinsAndIsWrittenBack() {
        let h = ImmediateHarness()
        var volume: Float = 0.1
        var slider: UISlider?
        var changed = false
        func build(_ ui: ImmediateUI) {
            changed = ui.slider("Volume", value: &volume, in: 0...1)
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        let s = slider!
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.6))
        h.frame(build)
        volume = 0.05                                // the game tries to move it mid-drag
        h.frame(build)
        #expect(!changed)
        #expect(abs(s.value - 0.6) < 0.02, "the user's value wins")
        #expect(volume == s.value, "and is written back")
        h.window.simulateTouchUp(at: h.along(s, 0.6))
        h.frame(build)
        volume = 0.05                                // released: the game's value is pushed again
        h.frame(build)
        #expect(s.value == 0.05)
    }

    @Test func aNonContinuousSliderWritesBackWhileDraggedAndReportsTheLift() {
        let p = VolumePanel(volume: 0) { $0.isContinuous = false }
        let h = p.h, s = p.slider!
        #expect(!s.isContinuous, "configure ran on the new control")
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.5))
        p.frame()
        #expect(p.changed.last == false && abs(p.volume - 0.5) < 0.02, "no action yet; the held value is written back")
        h.window.simulateTouchUp(at: h.along(s, 0.5))
        p.frame()
        #expect(p.changed.last == true)
    }

    @Test func aBuildWithoutInputOnlyPlacesUnchangedDeclarationsAndInputMakesTheNextOneLookAgain() {
        let h = ImmediateHarness()
        var volume: Float = 0.2
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            ui.slider("Volume", value: &volume, in: 0...1)
            ui.configure(UISlider.self) { $0.isContinuous = false }   // moves without actions
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        h.frame(build)
        #expect(h.view.ui.isQuiet, "no input, nothing delivered: the still-frame path")
        let s = slider!
        #expect(slider != nil, "the control behind a reused declaration is still reachable")
        // A drag moves the value without an action, then the touch is cancelled.
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.7))
        h.frame(build)
        #expect(!h.view.ui.isQuiet)
        h.window.cancelAllTouches()
        h.frame(build)
        #expect(!h.view.ui.isQuiet, "the cancel was input: this build looked at the slider")
        #expect(volume == s.value, "the game's value and the slider agree")
        h.frame(build)
        #expect(h.view.ui.isQuiet && volume == s.value)
        volume = 0.9                                   // the game's change in a quiet build is pushed
        h.frame(build)
        #expect(s.value == 0.9)
    }

    @Test func aTextFieldBeingEditedKeepsTheUsersText() {
        let h = ImmediateHarness()
        var name = "Ada"
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            ui.textField("Name", text: &name)
            field = ui.last(UITextField.self)
        }
        h.frame(build)
        let f = field!
        #expect(f.becomeFirstResponder())
        h.window.insertText("!")
        h.frame(build)
        #expect(name == "Ada!")
        name = "Reset by the game"
        h.frame(build)
        #expect(f.text == "Ada!" && name == "Ada!", "editing: the field's text wins and is written back")
        _ = f.resignFirstResponder()
        name = "Grace"
        h.frame(build)
        #expect(f.text == "Grace")
    }

    @Test func aTextTheFieldCleansIsPushedOnceNotEveryFrame() {
        let h = ImmediateHarness()
        var text = "two\nlines"
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            ui.textField("Notes", text: &text)
            field = ui.last(UITextField.self)
        }
        h.frame(build)
        let shown = field!.text
        #expect(shown != text, "the field shows its cleaned one-line text")
        _ = h.window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
        h.frame(build)
        #expect(!h.window.needsRedraw, "not pushed again")
        #expect(text == "two\nlines", "the game's variable is left as it is")
    }

    /// Two texts the field cleans: a line break, and a text past its maximum length.
    @Test(arguments: [false, true])
    func focusingAFieldWithoutTypingLeavesTheGamesTextAsItIs(_ long: Bool) {
        let h = ImmediateHarness()
        let original = long ? String(repeating: "x", count: UITextField.maximumTextLength + 50) : "two\nlines"
        var text = original
        var changed: [Bool] = []
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            changed.append(ui.textField("Notes", text: &text))
            field = ui.last(UITextField.self)
        }
        h.frame(build)
        #expect(field!.text != original, "the field shows its cleaned text (one line, at most maximumTextLength)")
        #expect(field!.becomeFirstResponder())
        h.frame(build)
        h.frame(build)
        #expect(text == original, "no edit: the variable is not rewritten with the cleaned copy")
        #expect(changed == [false, false, false])
        field!.deleteBackward()
        h.frame(build)
        #expect(changed.last == true && text == field!.text, "an edit writes the field's text back")
    }

    @Test func aCustomControlBeingEditedKeepsTheUsersValue() {
        let h = ImmediateHarness()
        var text: String? = "ab"
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            ui.custom(UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30)), keyPath: \.text, value: &text)
            field = ui.last(UITextField.self)
        }
        h.frame(build)
        #expect(field!.becomeFirstResponder())
        h.window.insertText("c")
        h.frame(build)
        #expect(text == "abc")
        text = "game"
        h.frame(build)
        #expect(field!.text == "abc" && text == "abc", "first responder: the user's value wins, as while tracking")
        _ = field!.resignFirstResponder()
        text = "game"
        h.frame(build)
        #expect(field!.text == "game")
    }

    @Test func aPressOnTheThumbThatMovesNothingReportsNothing() {
        let p = VolumePanel(volume: 0.5)
        let h = p.h, s = p.slider!
        var events: [UIControl.Event] = []
        s.addAction(UIAction { _ in events.append(.valueChanged) }, for: .valueChanged)
        h.window.simulateTouchDown(at: h.thumb(s))
        p.frame()
        h.window.simulateTouchUp(at: h.thumb(s))
        p.frame()
        #expect(events.count == 2, "the slider itself sends valueChanged at the press and the lift (D3)")
        #expect(p.changed == [false, false, false] && p.volume == 0.5, "but the value never moved")
    }

    @Test func valuesAreClampedToTheRangeAndARangeChangeMovesTheBoundsFirst() {
        let h = ImmediateHarness()
        var volume: Float = 5
        var range: ClosedRange<Float> = 0...1
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            ui.slider("Volume", value: &volume, in: range)
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        #expect(slider?.value == 1, "shown clamped")
        #expect(volume == 5, "the variable is left as it is")
        range = 10...20
        volume = 15
        h.frame(build)
        #expect(slider?.minimumValue == 10 && slider?.maximumValue == 20 && slider?.value == 15)
        range = -5 ... -1
        volume = -3
        h.frame(build)
        #expect(slider?.minimumValue == -5 && slider?.maximumValue == -1 && slider?.value == -3)
        volume = .nan
        h.frame(build)
        #expect(slider?.value == -3, "NaN is ignored, as the setter ignores it")
    }

    @Test func aStepperShowsItsValueWithTheDecimalsOfItsStep() {
        let h = ImmediateHarness()
        var speed = 1.5
        h.frame { ui in ui.stepper("Speed", value: &speed, in: 0...3, step: 0.25) }
        let labels = h.all(UILabel.self).compactMap(\.text)
        #expect(labels.contains("Speed") && labels.contains("1.50"))
        speed = 2
        h.frame { ui in ui.stepper("Speed", value: &speed, in: 0...3, step: 0.25) }
        #expect(h.all(UILabel.self).compactMap(\.text).contains("2.00"))
    }

    // MARK: Buttons and latency

    @Test func aButtonReportsEachTapOnceEvenWhenTwoTapsLandInOneFrame() {
        let h = ImmediateHarness()
        var taps: [Bool] = []
        var button: UIButton?
        func build(_ ui: ImmediateUI) {
            taps.append(ui.button("Fire"))
            button = ui.last(UIButton.self)
        }
        h.frame(build)
        h.window.simulateTap(at: h.centre(button!), time: 1)
        h.window.simulateTap(at: h.centre(button!), time: 2)
        h.frame(build)
        h.frame(build)
        h.frame(build)
        #expect(taps == [false, true, true, false])
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func aTapIsReportedByTheBuildOfTheFrameThatHandledIt(_ delivery: ActionDelivery) {
        let h = ImmediateHarness(delivery: delivery)
        var on = false
        var fired = false, toggled = false
        var button: UIView?, toggle: UIView?
        func build(_ ui: ImmediateUI) {
            fired = ui.button("Fire"); button = ui.lastView
            toggled = ui.toggle("Shield", isOn: &on); toggle = ui.lastView
        }
        h.frame(build)
        // Frame N: input, then update (delivery), then the build: 0 frames of latency.
        h.window.simulateTap(at: h.centre(button!))
        h.window.simulateTap(at: h.centre(toggle!), time: 5)
        h.frame(build)
        #expect(fired && toggled && on)
    }

    /// One "Shield" toggle built before `update()` (the wrong order), recording what each
    /// build returned.
    @MainActor
    private final class ShieldPanel {
        let h = ImmediateHarness()
        var on = false
        var toggled: [Bool] = []
        var toggle: UISwitch?
        func frame() {
            h.frameBuildingFirst { ui in
                toggled.append(ui.toggle("Shield", isOn: &on))
                toggle = ui.last(UISwitch.self)
            }
        }
    }

    @Test func aBuildBeforeUpdateNeverUndoesTheUsersChangeAndReportsItOneFrameLate() {
        let p = ShieldPanel()
        p.frame()
        p.h.window.simulateTap(at: p.h.centre(p.toggle!))
        #expect(p.toggle!.isOn && p.h.window.hasPendingActions)
        p.frame()
        #expect(p.toggle!.isOn, "the queued change was not overwritten by the game's old value")
        #expect(p.on, "it was written back at once")
        #expect(p.toggled.last == false)
        p.frame()
        #expect(p.toggled.last == true, "reported one frame late")
        #expect(p.on)
    }

    @Test func aBuildBeforeUpdateKeepsAChangeTheGameMadeAfterTheUsersWasWrittenBack() {
        let p = ShieldPanel()
        p.frame()
        p.h.window.simulateTap(at: p.h.centre(p.toggle!))
        p.frame()
        #expect(p.on && p.toggled.last == false, "written back at once, reported later")
        p.on = false   // the game changes its mind after that build
        p.frame()
        #expect(p.toggled.last == true, "the user's tap is still reported")
        #expect(!p.on && !p.toggle!.isOn, "the game's later value is not overwritten by the late report, and is pushed")
    }

    @Test func withImmediateDeliveryBuildingBeforeUpdateHasNoLatencyEither() {
        let h = ImmediateHarness(delivery: .immediate)
        var fired = false
        var button: UIView?
        func build(_ ui: ImmediateUI) {
            fired = ui.button("Fire")
            button = ui.lastView
        }
        h.frameBuildingFirst(build)
        h.window.simulateTap(at: h.centre(button!))
        h.frameBuildingFirst(build)
        #expect(fired)
    }

    // MARK: Reports: once per delivered action, only for user changes

    /// A button reports true in the build after its primary action was delivered, once per
    /// tap: a second build in the same frame (nothing new delivered) reports nothing.
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

    /// Kind is part of a declaration's identity: a toggle and a button both titled "Sound" are
    /// two controls, and each reports only its own change.
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

    /// `ui.textField(...)` returns true on editing changes only: beginning and ending an edit
    /// are not editing changes (rule D8: editingDidBegin / editingDidEnd).
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

    // MARK: Push with ranges and items

    /// README "Bindings": when the game's value differs from the control's and the user is not
    /// interacting with it, the game's value is pushed into the control. A value clamped by the
    /// old range shows once the range allows it: after the range grows to 0...10 the slider shows
    /// 5, as UIKit's setter would.
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

    /// The same for a stepper (UIStepper's `value` setter clamps to the range).
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

    /// A user change is written back through the `inout` in the same build that returns true. A
    /// key-named segmented control whose items change in the build that reports the user's pick
    /// (labels that depend on game state) writes the pick back, not `noSegment`.
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
    /// game's selection is pushed into it.
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

    /// Pushes send no actions and report nothing: a narrower range that clamps the control's
    /// value is not a user change (false), and the variable is left as it is.
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
}

/// One "Volume" slider over 0...1 bound to ``volume``, in a fresh harness, built once on
/// creation; ``changed`` holds what each build returned.
@MainActor
private final class VolumePanel {
    let h = ImmediateHarness()
    var volume: Float
    private(set) var changed: [Bool] = []
    private(set) var slider: UISlider?
    private let configure: (UISlider) -> Void

    init(volume: Float, configure: @escaping (UISlider) -> Void = { _ in }) {
        self.volume = volume
        self.configure = configure
        frame()
    }

    /// One frame (see ``ImmediateHarness/frame(_:)``) declaring the slider.
    func frame() {
        h.frame { ui in
            changed.append(ui.slider("Volume", value: &volume, in: 0...1))
            ui.configure(UISlider.self, configure)
            slider = ui.last(UISlider.self)
        }
    }
}
