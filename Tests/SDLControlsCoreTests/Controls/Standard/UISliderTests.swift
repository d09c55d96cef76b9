import Testing
import Foundation
@testable import SDLControlsCore

/// Every test ends with `flush()`, so no action stays queued for a later test (whose flush
/// would deliver it to this test's released EventLog).
@MainActor
struct UISliderTests {
    let window = makeTestWindow()
    let slider: UISlider
    let log: EventLog

    // The slider spans x 50…350 (y 100…134). The 28-point thumb's centre travels from
    // x 64 (value 0) to x 336 (value 1): 272 points.
    static let y: CGFloat = 117
    static func x(_ value: CGFloat) -> CGFloat { 64 + 272 * value }
    static func p(_ value: CGFloat) -> CGPoint { CGPoint(x: x(value), y: y) }

    init() {
        slider = UISlider(frame: CGRect(x: 50, y: 100, width: 300, height: 34))
        window.addSubview(slider)
        log = EventLog(slider)
    }

    private func advance(_ seconds: TimeInterval) {
        // This window's clock (a test's own; another test's window may be the key one).
        window.frameClock.advanceTime(to: window.frameClock.currentTime + seconds)
    }

    // MARK: Defaults, size and geometry

    @Test func defaults() {
        #expect(slider.value == 0)
        #expect(slider.minimumValue == 0)
        #expect(slider.maximumValue == 1)
        #expect(slider.isContinuous)
        #expect(slider.minimumTrackTintColor == nil)
        #expect(slider.maximumTrackTintColor == nil)
        #expect(slider.thumbTintColor == nil)
        #expect(slider.primaryControlEvent == .valueChanged)   // B11
        flush()
    }

    @Test func naturalHeightIs34() {
        #expect(slider.intrinsicContentSize.height == 34)
        #expect(slider.intrinsicContentSize.width == UIView.noIntrinsicMetric)
        #expect(slider.sizeThatFits(CGSize(width: 10, height: 10)) == CGSize(width: 300, height: 34))
        let fresh = UISlider()
        fresh.sizeToFit()
        #expect(fresh.bounds.height == 34)
        #expect(fresh.bounds.width > 0)
        flush()
    }

    @Test func thumbRectFollowsTheValue() {
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(track == CGRect(x: 0, y: 15, width: 300, height: 4))
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0) == CGRect(x: 0, y: 3, width: 28, height: 28))
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 1).maxX == 300)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5).midX == 150)
        flush()
    }

    // MARK: Where tracking starts (rule D3)

    @Test func d3_touchOffTheThumbIsIgnored() {
        window.simulateTouchDown(at: Self.p(0.6))
        #expect(!slider.isTracking)
        window.simulateTouchMove(to: Self.p(0.8))
        window.simulateTouchUp(at: Self.p(0.8))
        flush()
        #expect(slider.value == 0)
        #expect(log.names.isEmpty)   // C3: nothing at all for this touch
        flush()
    }

    @Test func d3_touchWithinTheSlopGrabsTheThumb() {
        // The thumb covers x 50…78; the slop reaches 10 points further.
        let edge = 78 + UISlider.thumbTouchSlop
        window.simulateTouchDown(at: CGPoint(x: edge - 1, y: Self.y))
        #expect(slider.isTracking)
        window.simulateTouchUp(at: CGPoint(x: edge - 1, y: Self.y))
        window.simulateTouchDown(at: CGPoint(x: edge + 2, y: Self.y))
        #expect(!slider.isTracking)
        window.simulateTouchUp(at: CGPoint(x: edge + 2, y: Self.y))
        flush()
    }

    @Test func d3_theThumbDoesNotJumpUnderTheFinger() {
        // Grab 6 points right of the thumb's centre; moving 136 points moves the value by half.
        window.simulateTouchDown(at: CGPoint(x: 70, y: Self.y))
        #expect(slider.value == 0)
        window.simulateTouchMove(to: CGPoint(x: 206, y: Self.y))
        #expect(abs(slider.value - 0.5) < 0.0001)
        window.simulateTouchUp(at: CGPoint(x: 206, y: Self.y))
        flush()
    }

    // MARK: Event order (rule D3)

    @Test func d3_continuousDragSendsValueChangedOnDownEveryMoveAndLift() {
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: Self.p(0.5))
        window.simulateTouchMove(to: Self.p(1))
        window.simulateTouchUp(at: Self.p(1))
        flush()
        #expect(slider.value == 1)
        #expect(log.names == [
            "touchDown", "valueChanged", "primaryActionTriggered",
            "valueChanged", "primaryActionTriggered", "dragInside",
            "valueChanged", "primaryActionTriggered", "dragInside",
            "valueChanged", "primaryActionTriggered", "touchUpInside",
        ])
        flush()
    }

    @Test func d3_valueFollowsTheFingerDuringTheDrag() {
        var seen: [Float] = []
        slider.addAction(UIAction { [slider] _ in seen.append(slider.value) }, for: .valueChanged)
        UIApplication.shared.actionDelivery = .immediate
        defer { UIApplication.shared.actionDelivery = .batched }
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: Self.p(0.25))
        window.simulateTouchMove(to: Self.p(0.75))
        window.simulateTouchUp(at: Self.p(0.75))
        #expect(seen.count == 4)
        #expect(seen[0] == 0)
        #expect(abs(seen[1] - 0.25) < 0.0001)
        #expect(abs(seen[2] - 0.75) < 0.0001)
        #expect(abs(seen[3] - 0.75) < 0.0001)
        flush()
    }

    @Test func d3_nonContinuousSendsOneValueChangedAtTheLift() {
        slider.isContinuous = false
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: Self.p(0.5))
        #expect(abs(slider.value - 0.5) < 0.0001)   // the thumb still follows
        window.simulateTouchMove(to: Self.p(0.75))
        window.simulateTouchUp(at: Self.p(0.75))
        flush()
        #expect(log.names == ["touchDown", "dragInside", "dragInside", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func d3_liftOutsideSendsValueChangedThenTouchUpOutside() {
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: CGPoint(x: 300, y: 300))   // far below: outside the slop
        window.simulateTouchUp(at: CGPoint(x: 300, y: 300))
        flush()
        #expect(abs(slider.value - Float((300.0 - 64) / 272)) < 0.0001)   // x still drives it
        #expect(log.names.suffix(3) == ["valueChanged", "primaryActionTriggered", "touchUpOutside"])
        #expect(log.names.contains("dragExit"))
        flush()
    }

    @Test func d3_dragPastTheEndsClamps() {
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: CGPoint(x: 395, y: Self.y))
        #expect(slider.value == 1)
        window.simulateTouchMove(to: CGPoint(x: 0, y: Self.y))
        #expect(slider.value == 0)
        window.simulateTouchUp(at: CGPoint(x: 0, y: Self.y))
        flush()
    }

    @Test func d3_cancelSendsTouchCancelAndNoValueChanged() {
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: Self.p(0.5))
        flush()
        log.clear()
        window.cancelAllTouches()
        flush()
        #expect(log.names == ["touchCancel"])
        #expect(abs(slider.value - 0.5) < 0.0001)   // continuous: keeps what it reported
        #expect(!slider.isTracking)
        flush()
    }

    @Test func d3_cancelOfANonContinuousDragRestoresTheValue() {
        slider.value = 0.2
        slider.isContinuous = false
        window.simulateTouchDown(at: Self.p(0.2))
        window.simulateTouchMove(to: Self.p(0.9))
        window.cancelAllTouches()
        flush()
        #expect(log.names == ["touchDown", "dragInside", "touchCancel"])
        #expect(abs(slider.value - 0.2) < 0.0001)   // targets never heard of 0.9
        flush()
    }

    @Test func c8_removalWhileTrackingCancels() {
        window.simulateTouchDown(at: Self.p(0))
        slider.removeFromSuperview()
        flush()
        #expect(log.names.last == "touchCancel")
        #expect(!slider.isTracking)
        flush()
    }

    @Test func c1_disabledSliderTakesNoTouches() {
        slider.isEnabled = false
        window.simulateTouchDown(at: Self.p(0))
        window.simulateTouchMove(to: Self.p(0.5))
        window.simulateTouchUp(at: Self.p(0.5))
        flush()
        #expect(slider.value == 0)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func c11_twoFingersDragTwoSlidersAtOnce() {
        let other = UISlider(frame: CGRect(x: 50, y: 200, width: 300, height: 34))
        window.addSubview(other)
        window.simulateTouchDown(at: Self.p(0), id: 1)
        window.simulateTouchDown(at: CGPoint(x: 64, y: 217), id: 2)
        window.simulateTouchMove(to: Self.p(0.5), id: 1)
        window.simulateTouchMove(to: CGPoint(x: 336, y: 217), id: 2)
        window.simulateTouchUp(at: Self.p(0.5), id: 1)
        window.simulateTouchUp(at: CGPoint(x: 336, y: 217), id: 2)
        #expect(abs(slider.value - 0.5) < 0.0001)
        #expect(other.value == 1)
        flush()
    }

    // MARK: Right to left

    @Test func d3_rightToLeftFlipsTheTrack() {
        slider.semanticContentAttribute = .forceRightToLeft
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0).maxX == 300)
        window.simulateTouchDown(at: Self.p(1))   // value 0 sits at the right end
        #expect(slider.isTracking)
        window.simulateTouchMove(to: Self.p(0.5))
        #expect(abs(slider.value - 0.5) < 0.0001)
        window.simulateTouchMove(to: Self.p(0))
        #expect(slider.value == 1)
        window.simulateTouchUp(at: Self.p(0))
        flush()
    }

    // MARK: Values in code (rule D3)

    @Test func d3_settingValuesInCodeSendsNothing() {
        slider.value = 0.5
        slider.setValue(0.7, animated: true)
        slider.setValue(0.1, animated: false)
        slider.minimumValue = -1
        slider.maximumValue = 3
        advance(1)
        flush()
        #expect(log.names.isEmpty)
        #expect(abs(slider.value - 0.1) < 0.0001)
        flush()
    }

    @Test func d3_valueIsClampedToTheRange() {
        slider.value = 2
        #expect(slider.value == 1)
        slider.value = -1
        #expect(slider.value == 0)
        slider.value = .infinity
        #expect(slider.value == 1)
        slider.value = -.infinity
        #expect(slider.value == 0)
        flush()
    }

    @Test func badInput_nanValueIsIgnored() {
        slider.value = 0.3
        slider.value = .nan
        #expect(slider.value == 0.3)
        slider.setValue(.nan, animated: true)
        #expect(slider.value == 0.3)
        #expect(!slider.isAnimating)
        flush()
    }

    @Test func badInput_nonFiniteBoundsAreIgnored() {
        slider.minimumValue = .nan
        slider.maximumValue = .infinity
        slider.minimumValue = -.infinity
        #expect(slider.minimumValue == 0)
        #expect(slider.maximumValue == 1)
        flush()
    }

    @Test func badInput_minimumAboveMaximumRaisesTheMaximum() {
        slider.value = 0.5
        slider.minimumValue = 5
        #expect(slider.maximumValue == 5)
        #expect(slider.value == 5)
        slider.maximumValue = -2
        #expect(slider.minimumValue == -2)
        #expect(slider.value == -2)
        flush()
    }

    @Test func changingTheRangeReclampsTheValue() {
        slider.value = 0.8
        slider.maximumValue = 0.5
        #expect(slider.value == 0.5)
        slider.minimumValue = 0.6
        #expect(slider.value == 0.6)
        #expect(slider.maximumValue == 0.6)
        flush()
    }

    @Test func badInput_theWidestFloatRangeDoesNotOverflow() {
        slider.minimumValue = -.greatestFiniteMagnitude
        slider.maximumValue = .greatestFiniteMagnitude
        slider.value = 0
        #expect(slider.accessibilityValue == "50%")
        slider.accessibilityIncrement()
        #expect(slider.value.isFinite && slider.value > 0)
        window.simulateTouchDown(at: Self.p(0.6))   // the thumb is at 60% now
        window.simulateTouchMove(to: Self.p(1))
        window.simulateTouchUp(at: Self.p(1))
        #expect(slider.value == .greatestFiniteMagnitude)
        flush()
    }

    @Test func badInput_emptyRangePutsTheThumbAtTheStart() {
        slider.minimumValue = 3
        slider.maximumValue = 3
        #expect(slider.value == 3)
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 3).minX == 0)
        #expect(slider.accessibilityValue == "0%")
        window.setFocusedView(slider)
        pressKey(window, .keyboardRightArrow)
        flush()
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func badInput_zeroSizeSliderDoesNotCrash() {
        let s = UISlider(frame: .zero)
        window.addSubview(s)
        s.value = 0.5
        let track = s.trackRect(forBounds: s.bounds)
        #expect(s.thumbRect(forBounds: s.bounds, trackRect: track, value: 0.5).width == 0)
        #expect(s.value(atThumbCenterX: 10) == 0)
        _ = window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
        flush()
    }

    @Test func animatedSetValueChangesTheValueAtOnceAndTheThumbOverTime() {
        slider.setValue(1, animated: true)
        #expect(slider.value == 1)
        #expect(slider.displayedValue == 0)
        #expect(slider.isAnimating)
        advance(0.1)
        #expect(slider.displayedValue > 0.3 && slider.displayedValue < 1)
        advance(0.2)
        #expect(slider.displayedValue == 1)
        #expect(!slider.isAnimating)
        slider.setValue(0.25, animated: false)
        #expect(slider.displayedValue == 0.25)
        flush()
    }

    @Test func appearanceChangesMarkForRedraw() {
        var g = slider.appearanceGeneration
        slider.minimumTrackTintColor = .systemRed
        #expect(slider.appearanceGeneration != g)
        g = slider.appearanceGeneration
        slider.maximumTrackTintColor = .systemGray
        #expect(slider.appearanceGeneration != g)
        g = slider.appearanceGeneration
        slider.thumbTintColor = .systemYellow
        #expect(slider.appearanceGeneration != g)
        g = slider.appearanceGeneration
        slider.value = 0.4
        #expect(slider.appearanceGeneration != g)
        flush()
    }

    // MARK: Keyboard and accessibility

    @Test func arrowKeysStepByATenthOfTheRange() {
        #expect(window.setFocusedView(slider))
        pressKey(window, .keyboardRightArrow)
        flush()
        #expect(abs(slider.value - 0.1) < 0.0001)
        #expect(log.names == ["valueChanged", "primaryActionTriggered"])
        pressKey(window, .keyboardUpArrow)
        #expect(abs(slider.value - 0.1) < 0.0001, "up moves focus, it doesn't step the slider")
        for _ in 0..<12 { pressKey(window, .keyboardRightArrow) }
        #expect(slider.value == 1)   // exactly the end, despite float drift
        flush()
        log.clear()
        pressKey(window, .keyboardRightArrow)   // at the end: nothing
        flush()
        #expect(log.names.isEmpty)
        pressKey(window, .keyboardLeftArrow)
        pressKey(window, .keyboardLeftArrow)
        #expect(abs(slider.value - 0.8) < 0.0001)
        flush()
    }

    @Test func arrowKeysStepInAWideRange() {
        slider.minimumValue = -10
        slider.maximumValue = 10
        slider.value = 0
        slider.accessibilityIncrement()
        #expect(abs(slider.value - 2) < 0.0001)
        slider.accessibilityDecrement()
        slider.accessibilityDecrement()
        #expect(abs(slider.value + 2) < 0.0001)
        flush()
    }

    @Test func spaceDoesNothingOnASlider() {
        window.setFocusedView(slider)
        pressKey(window, .keyboardSpacebar)
        flush()
        #expect(log.names.isEmpty)
        #expect(slider.accessibilityActivate() == false)
        flush()
    }

    @Test func disabledSliderIgnoresKeys() {
        slider.isEnabled = false
        slider.accessibilityIncrement()
        flush()
        #expect(slider.value == 0)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func accessibilityValueIsAPercentage() {
        #expect(slider.accessibilityValue == "0%")
        slider.value = 0.5
        #expect(slider.accessibilityValue == "50%")
        slider.maximumValue = 200
        slider.value = 50
        #expect(slider.accessibilityValue == "25%")
        slider.value = 200
        #expect(slider.accessibilityValue == "100%")
        #expect(slider.accessibilityTraits.contains(.adjustable))
        slider.accessibilityValue = "Loud"
        #expect(slider.accessibilityValue == "Loud")
        flush()
    }
}
