import Testing
import Foundation
@testable import SDLControlsCore

/// Game controller input in the core: what each button does, the consumed answers, the
/// activation events compared with a tap's, repeats on the window's frame clock, the stick's
/// dead zone and hysteresis.
@MainActor
struct GameControllerTests {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))
    /// The time passed with each sample; the window's clock is advanced to it by `advance`.
    var time: TimeInterval = 0

    @discardableResult
    private func button(_ title: String, _ frame: CGRect) -> UIButton {
        addButton(title, frame, to: window)
    }

    /// A column of buttons 50 points apart.
    private func column(_ n: Int) -> [UIButton] {
        (0..<n).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 50, width: 100, height: 30)) }
    }

    @discardableResult
    private func down(_ b: UIGameControllerInput.Button, controller: Int = 0) -> Bool {
        window.send(.buttonDown(b, controller: controller, timestamp: time))
    }

    @discardableResult
    private func up(_ b: UIGameControllerInput.Button, controller: Int = 0) -> Bool {
        window.send(.buttonUp(b, controller: controller, timestamp: time))
    }

    @discardableResult
    private func press(_ b: UIGameControllerInput.Button) -> (down: Bool, up: Bool) {
        (down(b), up(b))
    }

    @discardableResult
    private func stick(_ axis: UIGameControllerInput.Axis, _ value: Double, controller: Int = 0) -> Bool {
        window.send(.axis(axis, value, controller: controller, timestamp: time))
    }

    private mutating func advance(to t: TimeInterval) {
        time = t
        window.frameClock.advanceTime(to: t)
    }

    private func focusedLabel() -> String { window.focusedView?.accessibilityLabel ?? "nil" }

    // MARK: Activation: the events of a tap

    /// The names a control delivers for a real tap (at `tapPoint` in its bounds, the centre by
    /// default) and for A while it is focused; and how many A delivered before the flush.
    private func tapAndActivate(_ make: () -> UIControl, tapPoint: ((CGRect) -> CGPoint)? = nil)
        -> (tap: [String], a: [String], aBeforeFlush: Int, tapped: UIControl, activated: UIControl) {
        let tapped = make()
        window.addSubview(tapped)
        let tapLog = EventLog(tapped)
        let b = tapped.bounds
        window.simulateTap(at: tapped.convert(tapPoint?(b) ?? CGPoint(x: b.midX, y: b.midY), to: nil))
        flush()
        tapped.removeFromSuperview()
        let activated = make()
        window.addSubview(activated)
        let aLog = EventLog(activated)
        window.setFocusedView(activated)
        press(.south)
        let before = aLog.names.count
        flush()
        activated.removeFromSuperview()
        return (tapLog.names, aLog.names, before, tapped, activated)
    }

    @Test func aSendsTheEventsOfATapInTheSameOrderAndBatch() {
        let frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        let cases: [(String, () -> UIControl, ((CGRect) -> CGPoint)?)] = [
            ("button", { UIButton(frame: frame) }, nil),
            ("switch", { UISwitch(frame: frame) }, nil),
            ("stepper, a tap on +", { UIStepper(frame: frame) }, { b in CGPoint(x: b.maxX - 10, y: b.midY) }),
            ("segmented, a tap on the selected segment", {
                let c = UISegmentedControl(items: ["A", "B"])
                c.frame = frame
                c.selectedSegmentIndex = 0
                return c
            }, { b in CGPoint(x: b.minX + 10, y: b.midY) }),
            ("plain control", { UIControl(frame: frame) }, nil),
        ]
        for (name, make, point) in cases {
            let r = tapAndActivate(make, tapPoint: point)
            #expect(r.aBeforeFlush == 0, "\(name): batched, nothing before the frame's flush")
            #expect(!r.tap.isEmpty && r.a == r.tap, "\(name): tap \(r.tap), A \(r.a)")
            #expect(r.tapped.accessibilityValue == r.activated.accessibilityValue, "\(name): the same result")
        }
    }

    @Test func aOnAButtonReadsTouchDownTouchUpInsidePrimaryAction() {
        let r = tapAndActivate { UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 40)) }
        #expect(r.a == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func aOnATextFieldBeginsEditingAndBEndsIt() {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(field)
        let log = EventLog(field)
        #expect(down(.dpadDown), "nothing focused: the D-pad focuses the preferred view")
        up(.dpadDown)
        #expect(window.focusedView === field && !field.isEditing)
        #expect(press(.south) == (true, true))
        #expect(field.isEditing)
        #expect(press(.east) == (true, true), "B ends editing")
        #expect(!field.isEditing)
        #expect(window.focusedView === field, "focus stays on the field")
        flush()
        #expect(log.names == ["editingDidBegin", "editingDidEnd"])
    }

    // MARK: Consumed answers

    @Test func consumedAnswersPerButton() {
        let b = button("Button", CGRect(x: 20, y: 20, width: 100, height: 30))
        let slider = UISlider(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        window.addSubview(slider)
        // Nothing focused.
        #expect(press(.south) == (false, false), "A with nothing focused is the game's")
        #expect(press(.east) == (false, false), "B without a back handler")
        #expect(press(.start) == (false, false), "Start without a handler")
        #expect(press(.rightShoulder) == (false, false))
        // A focused button.
        window.setFocusedView(b)
        #expect(press(.south) == (true, true))
        #expect(press(.rightShoulder) == (false, false), "a button is not adjustable")
        #expect(press(.west) == (false, false), "X is never used")
        #expect(press(.north) == (false, false))
        #expect(press(.back) == (false, false))
        #expect(press(.dpadUp) == (false, false), "at the top edge nothing moves")
        #expect(press(.dpadDown) == (true, true))
        #expect(window.focusedView === slider)
        // A focused slider: nothing to activate, but left/right and the shoulders adjust it.
        #expect(press(.south) == (false, false))
        #expect(press(.dpadRight) == (true, true))
        #expect(press(.rightShoulder) == (true, true))
        #expect(abs(slider.value - 0.2) < 0.0001)
        #expect(press(.leftShoulder) == (true, true))
        #expect(abs(slider.value - 0.1) < 0.0001)
        // The right stick and the triggers are the game's.
        #expect(!stick(.rightX, 1) && !stick(.rightY, -1) && !stick(.leftTrigger, 1) && !stick(.rightTrigger, 1))
        #expect(window.focusedView === slider)
        // Handlers.
        var backs = 0, starts = 0
        window.controllerBackHandler = { backs += 1; return true }
        window.controllerStartHandler = { starts += 1; return false }
        #expect(press(.east) == (true, true))
        #expect(press(.start) == (false, false), "the handler said it did nothing")
        #expect(backs == 1 && starts == 1)
        flush()
    }

    @Test func aReleaseIsUsedExactlyWhenItsPressWas() {
        let b = button("Button", CGRect(x: 20, y: 20, width: 100, height: 30))
        window.setFocusedView(b)
        #expect(down(.south))
        window.setFocusedView(nil)
        #expect(up(.south), "the press was used, so its release is, whatever happened since")
        #expect(!up(.south), "a second release is not")
        #expect(!up(.dpadLeft), "nor a release of a button never pressed")
        flush()
    }

    @Test func shouldersMoveASegmentedControlAndAPageControl() {
        let segmented = UISegmentedControl(items: ["One", "Two", "Three"])
        segmented.frame = CGRect(x: 20, y: 20, width: 300, height: 32)
        segmented.selectedSegmentIndex = 0
        window.addSubview(segmented)
        let pages = UIPageControl(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        pages.numberOfPages = 3
        window.addSubview(pages)
        window.setFocusedView(segmented)
        press(.rightShoulder)
        press(.rightShoulder)
        #expect(segmented.selectedSegmentIndex == 2)
        press(.leftShoulder)
        #expect(segmented.selectedSegmentIndex == 1)
        press(.dpadDown)
        #expect(window.focusedView === pages)
        press(.rightShoulder)
        #expect(pages.currentPage == 1)
        press(.leftShoulder)
        press(.leftShoulder)
        #expect(pages.currentPage == 0)
        flush()
    }

    @Test func shouldersKeepTheControlsOrderInRightToLeft() {
        let segmented = UISegmentedControl(items: ["One", "Two", "Three"])
        segmented.frame = CGRect(x: 20, y: 20, width: 300, height: 32)
        segmented.selectedSegmentIndex = 0
        segmented.semanticContentAttribute = .forceRightToLeft
        window.addSubview(segmented)
        window.setFocusedView(segmented)
        press(.rightShoulder)
        #expect(segmented.selectedSegmentIndex == 1, "right shoulder: the next segment")
        press(.dpadRight)
        #expect(segmented.selectedSegmentIndex == 0, "D-pad right: towards the right edge, where segment 0 is")
        flush()
    }

    // MARK: Repeat (on the window's frame clock)

    @Test mutating func aHeldDirectionRepeatsAfterTheDelayThenAtTheInterval() {
        let buttons = column(8)
        window.setFocusedView(buttons[0])
        advance(to: 10)
        #expect(down(.dpadDown))
        #expect(window.focusedView === buttons[1])
        advance(to: 10.39)
        #expect(window.focusedView === buttons[1], "no repeat before 0.4 s")
        advance(to: 10.4)
        #expect(window.focusedView === buttons[2], "first repeat at 0.4 s")
        advance(to: 10.45)
        #expect(window.focusedView === buttons[2])
        advance(to: 10.5)
        #expect(window.focusedView === buttons[3], "then every 0.1 s")
        advance(to: 10.6)
        #expect(window.focusedView === buttons[4])
        #expect(up(.dpadDown))
        advance(to: 11.5)
        #expect(window.focusedView === buttons[4], "released: no more repeats")
    }

    @Test mutating func theDelayCountsFromThePressNotFromALateClock() {
        let buttons = column(4)
        window.setFocusedView(buttons[0])
        advance(to: 5)
        time = 6   // the press happens a second after the clock last moved
        down(.dpadDown)
        advance(to: 6)
        #expect(window.focusedView === buttons[1], "no repeat in the press's own frame")
        advance(to: 6.4)
        #expect(window.focusedView === buttons[2])
    }

    @Test mutating func aStallCatchesUpOneStepNotMany() {
        let buttons = column(8)
        window.setFocusedView(buttons[0])
        down(.dpadDown)
        advance(to: 2)   // a two-second frame: sixteen repeats overdue
        #expect(window.focusedView === buttons[2])
        advance(to: 2.1)
        #expect(window.focusedView === buttons[3])
    }

    @Test mutating func repeatTimingCanBeChangedAndBadValuesAreIgnored() {
        window.controllerRepeatDelay = .nan
        window.controllerRepeatInterval = -1
        window.controllerStickThreshold = 7
        #expect(window.controllerRepeatDelay == 0.4 && window.controllerRepeatInterval == 0.1 && window.controllerStickThreshold == 0.5)
        window.controllerRepeatDelay = 0.25
        window.controllerRepeatInterval = 0.05
        let buttons = column(6)
        window.setFocusedView(buttons[0])
        down(.dpadDown)
        advance(to: 0.25)
        #expect(window.focusedView === buttons[2])
        advance(to: 0.3)
        #expect(window.focusedView === buttons[3])
    }

    @Test mutating func aHeldAdjustmentRepeatsToo() {
        let stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 94, height: 32))
        window.addSubview(stepper)
        window.setFocusedView(stepper)
        down(.dpadRight)
        advance(to: 0.4)
        advance(to: 0.5)
        #expect(stepper.value == 3)
        up(.dpadRight)
        flush()
    }

    @Test mutating func twoControllersRepeatOnTheirOwnAndCancelStopsOne() {
        let slider = UISlider(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(slider)
        window.setFocusedView(slider)
        slider.value = 0.5
        down(.dpadRight, controller: 1)
        down(.dpadLeft, controller: 2)
        #expect(abs(slider.value - 0.5) < 0.0001, "one step each way")
        #expect(window.trackedControllerCount == 2)
        window.cancelGameControllerInput(controller: 2)
        advance(to: 0.4)
        #expect(abs(slider.value - 0.6) < 0.0001, "only controller 1 repeats")
        #expect(!up(.dpadLeft, controller: 2), "a cancelled controller's release is not used")
        window.cancelGameControllerInput()
        #expect(window.trackedControllerCount == 0)
        advance(to: 1)
        #expect(abs(slider.value - 0.6) < 0.0001)
        flush()
    }

    @Test mutating func aPressTheUIDidNotUseDoesNotRepeat() {
        let only = button("Only", CGRect(x: 20, y: 20, width: 100, height: 30))
        window.setFocusedView(only)
        #expect(!down(.dpadDown))
        #expect(window.frameClock.activeTimerCount == 0)
        #expect(window.focusedView === only)
    }

    // MARK: Stick

    @Test mutating func theStickEngagesPastTheThresholdWithHysteresis() {
        let buttons = column(6)
        window.setFocusedView(buttons[0])
        #expect(!stick(.leftY, 0.45), "inside the dead zone: not used")
        #expect(window.focusedView === buttons[0])
        #expect(stick(.leftY, 0.6), "past 0.5: one step down")
        #expect(window.focusedView === buttons[1])
        #expect(stick(.leftY, 0.4), "still held above the release threshold: used, no new step")
        #expect(stick(.leftX, 0.2), "the other axis of a used hold is used too")
        #expect(stick(.leftY, 0.9))
        #expect(window.focusedView === buttons[1])
        advance(to: 0.4)
        #expect(window.focusedView === buttons[2], "held: repeats like the D-pad")
        #expect(stick(.leftY, 0.2), "under 0.3 on both axes: the release of the hold, used")
        #expect(!stick(.leftX, 0), "centred: nothing")
        #expect(window.focusedView === buttons[2])
        advance(to: 2)
        #expect(window.focusedView === buttons[2], "released: no repeat")
    }

    @Test func theReleaseOfAUsedHoldIsUsed() {
        let buttons = column(3)
        window.setFocusedView(buttons[0])
        #expect(stick(.leftY, 1))
        #expect(stick(.leftY, 0.1), "back under 0.3: the release of the hold")
        #expect(!stick(.leftY, 0), "then nothing")
    }

    @Test func turningTheStickIsANewPress() {
        let grid = [
            button("TL", CGRect(x: 20, y: 20, width: 100, height: 30)), button("TR", CGRect(x: 200, y: 20, width: 100, height: 30)),
            button("BL", CGRect(x: 20, y: 100, width: 100, height: 30)), button("BR", CGRect(x: 200, y: 100, width: 100, height: 30)),
        ]
        window.setFocusedView(grid[0])
        stick(.leftX, 0.8)
        #expect(focusedLabel() == "TR")
        stick(.leftY, 0.9)   // now down is the stronger axis: a new press
        #expect(focusedLabel() == "BR")
        stick(.leftX, 0)
        stick(.leftY, 0)
        #expect(focusedLabel() == "BR")
    }

    @Test func nanAndOutOfRangeAxisValuesAreSafe() {
        let buttons = column(3)
        window.setFocusedView(buttons[0])
        #expect(!stick(.leftY, .nan))
        #expect(stick(.leftY, .infinity), "clamped to full tilt")
        #expect(window.focusedView === buttons[1])
        #expect(stick(.leftY, .nan), "NaN is centred: the release of the hold")
    }

    // MARK: The ring

    @Test func aControllerButtonShowsTheRingAfterATouchHidIt() {
        let buttons = column(2)
        window.simulateTap(at: CGPoint(x: 70, y: 25))
        #expect(window.focusedView === buttons[0] && !window.isFocusRingVisible && !buttons[0].isFocused)
        press(.dpadDown)
        #expect(window.isFocusRingVisible && buttons[1].isFocused)
        window.simulateTap(at: CGPoint(x: 70, y: 75))
        #expect(!buttons[1].isFocused)
        #expect(!stick(.leftY, 0.1), "a resting stick doesn't show the ring")
        #expect(!window.isFocusRingVisible)
        flush()
    }
}
