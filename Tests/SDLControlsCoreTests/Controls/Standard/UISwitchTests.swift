import Testing
import Foundation
@testable import SDLControlsCore

/// Every test ends with `flush()`, so no action stays queued for a later test (whose flush
/// would deliver it to this test's released EventLog).
@MainActor
struct UISwitchTests {
    let window = makeTestWindow()
    let sw: UISwitch
    let log: EventLog
    // The switch spans x 100…151, y 100…131; its middle is x 125.5.
    let offSide = CGPoint(x: 110, y: 115)
    let onSide = CGPoint(x: 142, y: 115)

    init() {
        sw = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        window.addSubview(sw)
        log = EventLog(sw)
    }

    /// Runs the frame clock `seconds` ahead, so animations step.
    private func advance(_ seconds: TimeInterval) {
        // This window's clock (a test's own; another test's window may be the key one).
        window.frameClock.advanceTime(to: window.frameClock.currentTime + seconds)
    }

    // MARK: Defaults and size

    @Test func defaults() {
        #expect(sw.isOn == false)
        #expect(sw.onTintColor == nil)
        #expect(sw.thumbTintColor == nil)
        #expect(sw.thumbPosition == 0)
        #expect(sw.primaryControlEvent == .valueChanged)   // B11
        flush()
    }

    @Test func naturalSizeIs51x31() {
        #expect(UISwitch().frame.size == CGSize(width: 51, height: 31))
        #expect(UISwitch(frame: .zero).bounds.size == CGSize(width: 51, height: 31))
        let big = UISwitch(frame: CGRect(x: 0, y: 0, width: 102, height: 62))
        #expect(big.bounds.size == CGSize(width: 102, height: 62))
        #expect(big.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 51, height: 31))
        #expect(big.intrinsicContentSize == CGSize(width: 51, height: 31))
        big.sizeToFit()
        #expect(big.bounds.size == CGSize(width: 51, height: 31))
        flush()
    }

    @Test func trackKeepsProportionsInOddFrames() {
        let wide = UISwitch(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        #expect(wide.trackRect == CGRect(x: 74.5, y: 0, width: 51, height: 31))
        let tiny = UISwitch(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(tiny.trackRect.width <= 1)
        flush()
    }

    // MARK: Taps (rule D2)

    @Test func d2_tapTogglesOnAndSendsValueChangedThenPrimary() {
        window.simulateTap(at: offSide)
        flush()
        #expect(sw.isOn)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func d2_tapOnEitherHalfToggles() {
        window.simulateTap(at: onSide)   // the off switch's "on" half: a tap still just toggles
        #expect(sw.isOn)
        window.simulateTap(at: onSide)
        #expect(!sw.isOn)
        window.simulateTap(at: offSide)
        #expect(sw.isOn)
        flush()
        #expect(log.names.filter { $0 == "valueChanged" }.count == 3)
        #expect(log.names.filter { $0 == "primaryActionTriggered" }.count == 3)
        flush()
    }

    @Test func d2_tapTogglesOffAgain() {
        sw.isOn = true
        window.simulateTap(at: onSide)
        flush()
        #expect(!sw.isOn)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func d2_valueIsAlreadyChangedWhenTheActionRuns() {
        var seen: [Bool] = []
        sw.addAction(UIAction { [sw] _ in seen.append(sw.isOn) }, for: .valueChanged)
        window.simulateTap(at: offSide)
        flush()
        #expect(seen == [true])
        flush()
    }

    @Test func d2_tinyMovementIsStillATap() {
        window.simulateTouchDown(at: CGPoint(x: 140, y: 115))
        window.simulateTouchMove(to: CGPoint(x: 143, y: 116))   // below dragThreshold
        window.simulateTouchUp(at: CGPoint(x: 143, y: 116))
        flush()
        #expect(sw.isOn)
        #expect(log.collapsed == ["touchDown", "dragInside", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func c1_disabledSwitchIgnoresTaps() {
        sw.isEnabled = false
        window.simulateTap(at: offSide)
        flush()
        #expect(!sw.isOn)
        #expect(log.names.isEmpty)
        flush()
    }

    // MARK: Drags (rule D2)

    @Test func d2_dragAcrossSetsTheSideUnderTheFinger() {
        window.simulateTouchDown(at: offSide)
        window.simulateTouchMove(to: CGPoint(x: 120, y: 115))
        #expect(sw.thumbTarget == 0)   // not yet across the middle
        window.simulateTouchMove(to: onSide)
        #expect(sw.thumbTarget == 1)   // the thumb slides during the drag…
        #expect(sw.isAnimating)
        #expect(!sw.isOn)              // …but the value is decided at the lift
        flush()
        #expect(!log.names.contains("valueChanged"))
        window.simulateTouchUp(at: onSide)
        flush()
        #expect(sw.isOn)
        #expect(log.collapsed == ["touchDown", "dragInside", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func d2_dragAcrossAndBackChangesNothing() {
        window.simulateTouchDown(at: offSide)
        window.simulateTouchMove(to: onSide)
        #expect(sw.thumbTarget == 1)
        window.simulateTouchMove(to: offSide)
        #expect(sw.thumbTarget == 0)
        window.simulateTouchUp(at: offSide)
        flush()
        #expect(!sw.isOn)
        #expect(log.collapsed == ["touchDown", "dragInside", "touchUpInside"])
        flush()
    }

    @Test func d2_dragWithinTheSameSideIsNotAToggle() {
        sw.isOn = true
        window.simulateTouchDown(at: CGPoint(x: 130, y: 115))
        window.simulateTouchMove(to: CGPoint(x: 148, y: 115))   // a drag, staying on the on side
        window.simulateTouchUp(at: CGPoint(x: 148, y: 115))
        flush()
        #expect(sw.isOn)
        #expect(!log.names.contains("valueChanged"))
        flush()
    }

    @Test func d2_dragFarOutsideStillDecidesBySideAndEndsTouchUpOutside() {
        window.simulateTouchDown(at: offSide)
        window.simulateTouchMove(to: CGPoint(x: 300, y: 115))   // beyond the 70-point slop
        window.simulateTouchUp(at: CGPoint(x: 300, y: 115))
        flush()
        #expect(sw.isOn)
        #expect(log.collapsed == ["touchDown", "dragExit", "dragOutside", "valueChanged", "primaryActionTriggered",
                                  "touchUpOutside"])
        flush()
    }

    @Test func d2_rightToLeftPutsOnAtTheLeft() {
        sw.semanticContentAttribute = .forceRightToLeft
        // In RTL the off side is the right: drag from there to the left half.
        window.simulateTouchDown(at: onSide)
        window.simulateTouchMove(to: offSide)
        window.simulateTouchUp(at: offSide)
        flush()
        #expect(sw.isOn)
        #expect(log.names.contains("valueChanged"))
        #expect(sw.isOnSide(CGPoint(x: 10, y: 15)))    // switch coordinates
        #expect(!sw.isOnSide(CGPoint(x: 42, y: 15)))
        flush()
    }

    @Test func c7_cancelSendsTouchCancelAndNoValueChanged() {
        window.simulateTouchDown(at: offSide)
        window.simulateTouchMove(to: onSide)
        #expect(sw.thumbTarget == 1)
        window.cancelAllTouches()
        flush()
        #expect(!sw.isOn)
        #expect(sw.thumbTarget == 0)   // the thumb slides back
        #expect(log.collapsed == ["touchDown", "dragInside", "touchCancel"])
        #expect(!sw.isTracking && !sw.isHighlighted)
        flush()
    }

    @Test func c2_highlightedWhilePressed() {
        window.simulateTouchDown(at: offSide)
        #expect(sw.isHighlighted)
        #expect(sw.state.contains(.highlighted))
        window.simulateTouchUp(at: offSide)
        #expect(!sw.isHighlighted)
        flush()
    }

    // MARK: Code changes (rule D2: send nothing)

    @Test func d2_settingInCodeSendsNothing() {
        sw.isOn = true
        sw.setOn(false, animated: true)
        sw.setOn(true, animated: false)
        advance(1)
        flush()
        #expect(sw.isOn)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func d2_nonAnimatedSetOnJumps() {
        sw.setOn(true, animated: false)
        #expect(sw.thumbPosition == 1)
        #expect(!sw.isAnimating)
        sw.isOn = false
        #expect(sw.thumbPosition == 0)
        flush()
    }

    @Test func d2_animatedSetOnSlidesOverAboutAFifthOfASecond() {
        sw.setOn(true, animated: true)
        #expect(sw.isOn)                // the value changes at once
        #expect(sw.thumbPosition == 0)  // the thumb has not moved yet
        #expect(sw.isAnimating)
        advance(0.1)
        #expect(sw.thumbPosition > 0.3 && sw.thumbPosition < 1)
        advance(0.15)
        #expect(sw.thumbPosition == 1)
        #expect(!sw.isAnimating)
        flush()
    }

    @Test func d2_nonAnimatedSetOnStopsARunningAnimation() {
        sw.setOn(true, animated: true)
        advance(0.05)
        sw.setOn(false, animated: false)
        #expect(!sw.isAnimating)
        #expect(sw.thumbPosition == 0)
        advance(0.5)
        #expect(sw.thumbPosition == 0)
        flush()
    }

    @Test func d2_userToggleAnimatesTheThumb() {
        window.simulateTap(at: offSide)
        #expect(sw.isOn)
        #expect(sw.isAnimating)
        #expect(sw.thumbPosition < 1)
        advance(0.3)
        #expect(sw.thumbPosition == 1)
        flush()
    }

    @Test func animationFinishesWhenRemovedFromWindow() {
        sw.setOn(true, animated: true)
        sw.removeFromSuperview()
        #expect(!sw.isAnimating)
        #expect(sw.thumbPosition == 1)
        flush()
    }

    @Test func appearanceChangesMarkForRedraw() {
        var g = sw.appearanceGeneration
        sw.onTintColor = .systemRed
        #expect(sw.appearanceGeneration != g)
        g = sw.appearanceGeneration
        sw.thumbTintColor = .systemYellow
        #expect(sw.appearanceGeneration != g)
        g = sw.appearanceGeneration
        sw.isOn = true
        #expect(sw.appearanceGeneration != g)
        g = sw.appearanceGeneration
        sw.tintColor = .systemPurple
        #expect(sw.appearanceGeneration != g)
        flush()
    }

    // MARK: Keyboard and accessibility

    @Test func keyboardSpaceTogglesWithTheEventsOfATap() {
        #expect(window.setFocusedView(sw))
        pressKey(window, .keyboardSpacebar)
        flush()
        #expect(sw.isOn)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        pressKey(window, .keyboardReturnOrEnter)
        #expect(!sw.isOn)
        flush()
    }

    @Test func arrowKeysDoNothing() {
        window.setFocusedView(sw)
        pressKey(window, .keyboardRightArrow)
        pressKey(window, .keyboardUpArrow)
        flush()
        #expect(!sw.isOn)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func disabledSwitchDoesNotActivate() {
        sw.isEnabled = false
        #expect(sw.accessibilityActivate() == false)
        flush()
        #expect(!sw.isOn)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func accessibilityValueAndTraits() {
        #expect(sw.accessibilityValue == "0")
        sw.isOn = true
        #expect(sw.accessibilityValue == "1")
        #expect(sw.accessibilityTraits.contains(.button))
        #expect(sw.accessibilityTraits.contains(.toggleButton))
        #expect(!sw.accessibilityTraits.contains(.adjustable))
        sw.isEnabled = false
        #expect(sw.accessibilityTraits.contains(.notEnabled))
        sw.accessibilityValue = "Sound on"
        #expect(sw.accessibilityValue == "Sound on")
        #expect(sw.isAccessibilityElement)
        flush()
    }
}
