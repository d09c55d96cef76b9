import Testing
import Foundation
@testable import SDLControlsCore

/// Rule D4: the stepper. Touches go through the window; time is driven with
/// `advanceTime(to:)` and explicit touch timestamps.
@MainActor
struct UIStepperTests {
    let window = makeTestWindow()
    /// Keeps every EventLog alive for the rest of the run: their actions hold them unowned,
    /// and a test that ends with actions still queued must not crash the next one's flush.
    private let logs = LogKeeper()

    /// Holds event logs for the rest of the test run.
    struct LogKeeper {
        @MainActor static var kept: [EventLog] = []
        @MainActor func keep(_ log: EventLog) { LogKeeper.kept.append(log) }
    }

    /// The stepper sits at (100, 100, 94, 32): the left half is x 100…147, the right 147…194.
    static let left = CGPoint(x: 120, y: 116)
    static let right = CGPoint(x: 170, y: 116)
    nonisolated static let modes: [ActionDelivery] = [.batched, .immediate]

    private func makeStepper(value: Double = 0) -> (UIStepper, EventLog) {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 94, height: 32))
        stepper.value = value
        window.addSubview(stepper)
        let log = EventLog(stepper)
        logs.keep(log)
        return (stepper, log)
    }

    /// A start time ahead of the shared clock (which never runs backwards), already reached.
    private func startClock() -> TimeInterval {
        // This window's clock (a test's own; another test's window may be the key one).
        let t0 = (window.frameClock.currentTime + 10).rounded(.up)
        window.frameClock.advanceTime(to: t0)
        return t0
    }

    private func advance(_ t: TimeInterval) {
        window.frameClock.advanceTime(to: t)
        flush()
    }

    // MARK: Defaults

    @Test func d4_defaults() {
        let stepper = UIStepper()
        #expect(stepper.value == 0)
        #expect(stepper.minimumValue == 0)
        #expect(stepper.maximumValue == 100)
        #expect(stepper.stepValue == 1)
        #expect(stepper.autorepeat)
        #expect(stepper.isContinuous)
        #expect(!stepper.wraps)
        #expect(stepper.primaryControlEvent == .valueChanged)
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
        #expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
        #expect(UIStepper(frame: .zero).sizeThatFits(.zero) == CGSize(width: 94, height: 32))
    }

    // MARK: Taps

    @Test(arguments: modes)
    func d4_tapOnRightHalfIncrementsAndSendsValueChangedBeforeTouchUpInside(_ mode: ActionDelivery) {
        UIApplication.shared.actionDelivery = mode
        defer { UIApplication.shared.actionDelivery = .batched }
        let (stepper, log) = makeStepper(value: 5)
        window.simulateTap(at: Self.right)
        flush()
        #expect(stepper.value == 6)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test func d4_tapOnLeftHalfDecrements() {
        let (stepper, log) = makeStepper(value: 5)
        window.simulateTap(at: Self.left)
        flush()
        #expect(stepper.value == 4)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test func d4_stepValueIsUsedAndTheResultClamped() {
        let (stepper, _) = makeStepper(value: 90)
        stepper.stepValue = 7
        window.simulateTap(at: Self.right)
        #expect(stepper.value == 97)
        window.simulateTap(at: Self.right)
        #expect(stepper.value == 100, "97 + 7 stops at the maximum")
        stepper.value = 3
        window.simulateTap(at: Self.left)
        #expect(stepper.value == 0, "3 − 7 stops at the minimum")
    }

    @Test func d4_halvesSwapInRightToLeft() {
        let (stepper, _) = makeStepper(value: 5)
        stepper.semanticContentAttribute = .forceRightToLeft
        window.simulateTap(at: Self.left)
        #expect(stepper.value == 6, "the left half increments in right-to-left")
        window.simulateTap(at: Self.right)
        window.simulateTap(at: Self.right)
        #expect(stepper.value == 4)
    }

    @Test func d4_aHalfAtItsLimitTakesNoTouchAndSendsNothing() {
        let (stepper, log) = makeStepper(value: 0)
        #expect(!stepper.canStep(.decrement))
        window.simulateTap(at: Self.left)
        flush()
        #expect(stepper.value == 0)
        #expect(log.names.isEmpty)
        stepper.value = 100
        window.simulateTap(at: Self.right)
        flush()
        #expect(stepper.value == 100)
        #expect(log.names.isEmpty)
        #expect(stepper.canStep(.decrement))
    }

    @Test func d4_wrapsPastMaximumGivesMinimumAndBelowMinimumGivesMaximum() {
        let (stepper, log) = makeStepper(value: 100)
        stepper.wraps = true
        #expect(stepper.canStep(.increment), "a wrapping stepper is never at a limit")
        window.simulateTap(at: Self.right)
        #expect(stepper.value == 0)
        window.simulateTap(at: Self.left)
        #expect(stepper.value == 100)
        stepper.value = 99.5
        window.simulateTap(at: Self.right)
        #expect(stepper.value == 0, "a step beyond the maximum wraps to the minimum")
        flush()
        #expect(log.names.filter { $0 == "valueChanged" }.count == 3)
    }

    @Test func d4_highlightShowsOnThePressedHalfOnly() {
        let (stepper, _) = makeStepper(value: 5)
        window.simulateTouchDown(at: Self.right)
        #expect(stepper.isHighlighted)
        #expect(stepper.pressedHalf == .increment)
        window.simulateTouchUp(at: Self.right)
        #expect(!stepper.isHighlighted)
        #expect(stepper.pressedHalf == nil)
        window.simulateTouchDown(at: Self.left)
        #expect(stepper.pressedHalf == .decrement)
        window.simulateTouchUp(at: Self.left)
    }

    @Test func d4_settingValuesInCodeSendsNothing() {
        let (stepper, log) = makeStepper(value: 5)
        let generation = stepper.appearanceGeneration
        stepper.value = 50
        stepper.minimumValue = 60
        stepper.maximumValue = 55
        stepper.stepValue = 2
        flush()
        #expect(log.names.isEmpty)
        #expect(stepper.value == 55)
        #expect(stepper.appearanceGeneration != generation, "a new value redraws")
    }

    // MARK: Holding (autorepeat)

    @Test func d4_holdingRepeatsAfterHalfASecondThenEveryTenthOfASecond() {
        let (stepper, log) = makeStepper(value: 0)
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        flush()
        #expect(stepper.value == 1, "the first step is at touch-down")
        advance(t0 + 0.45)
        #expect(stepper.value == 1)
        advance(t0 + 0.55)
        #expect(stepper.value == 2, "first repeat after 0.5 s")
        advance(t0 + 0.65)
        #expect(stepper.value == 3)
        advance(t0 + 0.75)
        #expect(stepper.value == 4)
        #expect(stepper.isRepeating)
        window.simulateTouchUp(at: Self.right, time: t0 + 0.78)
        flush()
        #expect(!stepper.isRepeating)
        advance(t0 + 2)
        #expect(stepper.value == 4, "lifting stops the repeats")
        #expect(log.names.filter { $0 == "valueChanged" }.count == 4)
        #expect(log.names.first == "touchDown")
        #expect(log.names.last == "touchUpInside")
    }

    @Test func d4_withoutAutorepeatHoldingStepsOnce() {
        let (stepper, _) = makeStepper(value: 0)
        stepper.autorepeat = false
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        advance(t0 + 2)
        #expect(stepper.value == 1)
        window.simulateTouchUp(at: Self.right, time: t0 + 2)
        #expect(stepper.value == 1)
    }

    @Test func d4_notContinuousSendsOneValueChangedAtTheEndOfAHold() {
        let (stepper, log) = makeStepper(value: 0)
        stepper.isContinuous = false
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        advance(t0 + 0.75)
        #expect(stepper.value == 4, "the value still changes during the hold")
        #expect(log.names == ["touchDown"], "but nothing is sent yet")
        window.simulateTouchUp(at: Self.right, time: t0 + 0.78)
        flush()
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test func d4_notContinuousTapSendsValueChangedBeforeTouchUpInside() {
        let (stepper, log) = makeStepper(value: 3)
        stepper.isContinuous = false
        window.simulateTap(at: Self.left)
        flush()
        #expect(stepper.value == 2)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    @Test func d4_cancelledHoldStopsRepeatingAndSendsNoValueChanged() {
        let (stepper, log) = makeStepper(value: 0)
        stepper.isContinuous = false
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        advance(t0 + 0.55)
        #expect(stepper.value == 2)
        window.cancelAllTouches()
        flush()
        #expect(!stepper.isRepeating)
        #expect(stepper.value == 0, "its targets heard of no change: the value it had at the touch-down")
        advance(t0 + 1.5)
        #expect(stepper.value == 0, "no repeats after the cancel")
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(stepper.pressedHalf == nil)
    }

    /// A continuous stepper told its targets of every step: a cancel keeps the last value.
    @Test func d4_aContinuousStepperKeepsTheValueItReportedWhenCancelled() {
        let (stepper, log) = makeStepper(value: 0)
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        advance(t0 + 0.55)
        window.cancelAllTouches()
        flush()
        #expect(stepper.value == 2)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "valueChanged", "primaryActionTriggered",
                              "touchCancel"])
    }

    @Test func d4_removingTheStepperFromItsWindowStopsRepeating() {
        let (stepper, log) = makeStepper(value: 0)
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        stepper.removeFromSuperview()
        advance(t0 + 1)
        #expect(stepper.value == 1)
        #expect(log.names.last == "touchCancel")
    }

    @Test func d4_repeatingStopsAtTheLimit() {
        let (stepper, _) = makeStepper(value: 98)
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        #expect(stepper.value == 99)
        advance(t0 + 0.55)
        #expect(stepper.value == 100)
        #expect(!stepper.isRepeating, "nothing more to do at the maximum")
        window.simulateTouchUp(at: Self.right, time: t0 + 1)
    }

    @Test func d4_repeatingWrapsAround() {
        let (stepper, _) = makeStepper(value: 1)
        stepper.wraps = true
        stepper.maximumValue = 2
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        #expect(stepper.value == 2)
        advance(t0 + 0.55)
        #expect(stepper.value == 0)
        advance(t0 + 0.65)
        #expect(stepper.value == 1)
        window.simulateTouchUp(at: Self.right, time: t0 + 0.7)
    }

    @Test func d4_repeatsPauseWhileTheFingerIsOutsideTheSlop() {
        let (stepper, _) = makeStepper(value: 0)
        let t0 = startClock()
        window.simulateTouchDown(at: Self.right, time: t0)
        window.simulateTouchMove(to: CGPoint(x: 170, y: 300), time: t0 + 0.1)
        #expect(!stepper.isHighlighted)
        advance(t0 + 0.85)
        #expect(stepper.value == 1, "no repeats outside")
        window.simulateTouchMove(to: Self.right, time: t0 + 0.9)
        advance(t0 + 0.95)
        #expect(stepper.value == 2, "repeats resume inside")
        window.simulateTouchUp(at: Self.right, time: t0 + 1)
    }

    // MARK: Bad input

    @Test func d4_nanValueIsIgnoredAndInfinitiesClamped() {
        let (stepper, _) = makeStepper(value: 5)
        stepper.value = .nan
        #expect(stepper.value == 5)
        stepper.value = .infinity
        #expect(stepper.value == 100)
        stepper.value = -.infinity
        #expect(stepper.value == 0)
        stepper.value = 1000
        #expect(stepper.value == 100)
        stepper.value = -3
        #expect(stepper.value == 0)
    }

    @Test func d4_minimumAboveMaximumMovesTheOtherBound() {
        let (stepper, _) = makeStepper(value: 50)
        stepper.minimumValue = 200
        #expect(stepper.maximumValue == 200)
        #expect(stepper.value == 200)
        stepper.maximumValue = -5
        #expect(stepper.minimumValue == -5)
        #expect(stepper.value == -5)
        stepper.minimumValue = .nan
        stepper.maximumValue = .infinity
        #expect(stepper.minimumValue == -5 && stepper.maximumValue == -5, "non-finite bounds are ignored")
        // min == max: neither half can step, and taps send nothing.
        let log = EventLog(stepper)
        logs.keep(log)
        window.simulateTap(at: Self.right)
        window.simulateTap(at: Self.left)
        flush()
        #expect(log.names.isEmpty)
    }

    @Test(arguments: [0.0, -1.0, .nan, .infinity, -.infinity])
    func d4_badStepValueIsIgnored(_ bad: Double) {
        let (stepper, _) = makeStepper(value: 5)
        stepper.stepValue = 2
        stepper.stepValue = bad
        #expect(stepper.stepValue == 2, "the old step is kept")
        window.simulateTap(at: Self.right)
        #expect(stepper.value == 7)
    }

    // MARK: Keyboard

    @Test func d4_arrowKeysStepAndSendValueChanged() {
        let (stepper, log) = makeStepper(value: 5)
        #expect(window.setFocusedView(stepper))
        func press(_ key: UIKeyboardHIDUsage) {
            _ = window.send(UIPress(phase: .began, key: UIKey(keyCode: key), timestamp: 0))
            _ = window.send(UIPress(phase: .ended, key: UIKey(keyCode: key), timestamp: 0))
        }
        press(.keyboardRightArrow)
        #expect(stepper.value == 6)
        press(.keyboardRightArrow)
        #expect(stepper.value == 7)
        press(.keyboardUpArrow)
        press(.keyboardDownArrow)
        #expect(stepper.value == 7, "up and down move focus; they don't step an adjustable control")
        press(.keyboardLeftArrow)
        press(.keyboardLeftArrow)
        press(.keyboardLeftArrow)
        #expect(stepper.value == 4)
        flush()
        #expect(log.names == Array(repeating: ["valueChanged", "primaryActionTriggered"], count: 5).flatMap { $0 })
    }

    @Test func d4_arrowKeysAtTheLimitSendNothing() {
        let (stepper, log) = makeStepper(value: 100)
        window.setFocusedView(stepper)
        _ = window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardRightArrow), timestamp: 0))
        flush()
        #expect(stepper.value == 100)
        #expect(log.names.isEmpty)
        stepper.wraps = true
        _ = window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardRightArrow), timestamp: 0))
        #expect(stepper.value == 0, "the keyboard wraps too")
    }

    @Test func d4_rightArrowDecrementsInRightToLeft() {
        let (stepper, _) = makeStepper(value: 5)
        stepper.semanticContentAttribute = .forceRightToLeft
        window.semanticContentAttribute = .forceRightToLeft
        window.setFocusedView(stepper)
        _ = window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardRightArrow), timestamp: 0))
        #expect(stepper.value == 4)
    }

    @Test func d4_spaceActsAsATapOnTheIncrementHalf() {
        let (stepper, log) = makeStepper(value: 5)
        window.setFocusedView(stepper)
        _ = window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardSpacebar), timestamp: 0))
        flush()
        #expect(stepper.value == 6)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
    }

    // MARK: Accessibility

    @Test func d4_accessibilityValueIsTheValueAndTraitsAreAdjustable() {
        let (stepper, _) = makeStepper(value: 5)
        #expect(stepper.accessibilityValue == "5")
        stepper.stepValue = 0.1
        stepper.value = 0.1
        stepper.accessibilityIncrement()
        #expect(stepper.accessibilityValue == "0.2")
        stepper.accessibilityIncrement()
        #expect(stepper.accessibilityValue == "0.3", "float noise is hidden")
        #expect(stepper.accessibilityTraits.contains(.adjustable))
        stepper.isEnabled = false
        #expect(stepper.accessibilityTraits.contains(.notEnabled))
        stepper.accessibilityIncrement()
        #expect(stepper.accessibilityValue == "0.3", "a disabled stepper does not step")
        stepper.accessibilityValue = "custom"
        #expect(stepper.accessibilityValue == "custom")
    }

    // MARK: Look

    @Test func d4_tintChangeAndPressRedraw() {
        let (stepper, _) = makeStepper(value: 5)
        var generation = stepper.appearanceGeneration
        stepper.tintColor = .systemRed
        #expect(stepper.appearanceGeneration != generation)
        generation = stepper.appearanceGeneration
        window.simulateTouchDown(at: Self.right)
        #expect(stepper.appearanceGeneration != generation)
        window.simulateTouchUp(at: Self.right)
        #expect(stepper.rect(of: .decrement).minX == 0)
        stepper.semanticContentAttribute = .forceRightToLeft
        #expect(stepper.rect(of: .decrement).minX == 47)
    }

    @Test func d4_valueInsideTheRangeRedrawsNothingAndALimitRedraws() {
        let (stepper, _) = makeStepper(value: 5)
        let list = DrawList()
        _ = window.buildDrawList(into: list, scale: 1, resources: nil)
        var generation = stepper.appearanceGeneration
        // The stepper shows no number: moving inside the range changes nothing drawn.
        for v in [6.0, 50, 99, 1] {
            stepper.value = v
            #expect(stepper.appearanceGeneration == generation, "value \(v)")
        }
        #expect(!window.needsFrame)
        #expect(!window.buildDrawList(into: list, scale: 1, resources: nil).rebuilt)
        // Reaching a limit dims that half: drawn again, by the setter and by a step.
        stepper.value = 0
        #expect(stepper.appearanceGeneration != generation)
        #expect(window.buildDrawList(into: list, scale: 1, resources: nil).viewsRedrawn == 1)
        generation = stepper.appearanceGeneration
        window.simulateTouchDown(at: Self.right)
        window.simulateTouchUp(at: Self.right)
        #expect(stepper.value == 1)
        _ = window.buildDrawList(into: list, scale: 1, resources: nil)
        generation = stepper.appearanceGeneration
        stepper.value = 100
        #expect(stepper.appearanceGeneration != generation, "the increment half reached its limit")
        generation = stepper.appearanceGeneration
        stepper.maximumValue = 200
        #expect(stepper.appearanceGeneration != generation, "a new range redraws")
        flush()
    }
}

