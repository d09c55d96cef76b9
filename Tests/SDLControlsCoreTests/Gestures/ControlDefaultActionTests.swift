import Testing
import Foundation
@testable import SDLControlsCore

/// Controls keep their default actions from recognizers on their superviews, as UIKit
/// documents, and every tracked touch still ends in exactly one end or cancel.
@MainActor
struct ControlDefaultActionTests {
    let window = makeTestWindow()

    /// A half-way slider in a superview with a pan: the slider, its thumb's centre (window
    /// points) and the pan's log.
    private func sliderUnderAPan() -> (UISlider, CGPoint, GestureLog) {
        let pan = UIPanGestureRecognizer()
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 300, height: 40))
        slider.value = 0.5
        superviewWith(pan).addSubview(slider)
        return (slider, slider.convert(CGPoint(x: slider.bounds.midX, y: slider.bounds.midY), to: nil), GestureLog(pan))
    }

    /// A 300-point-wide button at (50, 100) in a superview with `recognizer`.
    private func wideButton(under recognizer: UIGestureRecognizer) -> UIButton {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 100, width: 300, height: 40)
        superviewWith(recognizer).addSubview(button)
        return button
    }

    private func superviewWith(_ recognizer: UIGestureRecognizer) -> UIView {
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        panel.addGestureRecognizer(recognizer)
        window.addSubview(panel)
        return panel
    }

    @Test(arguments: ["button", "switch", "stepper", "segmented", "page"])
    func aSingleTapOnAControlGoesToTheControlNotToATapOnItsSuperview(kind: String) {
        let tap = UITapGestureRecognizer()
        let panel = superviewWith(tap)
        let control: UIControl
        switch kind {
        case "button": control = UIButton(type: .system)
        case "switch": control = UISwitch()
        case "stepper": control = UIStepper()
        case "segmented": control = UISegmentedControl(items: ["A", "B"])
        default:
            let pages = UIPageControl()
            pages.numberOfPages = 3
            control = pages
        }
        control.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        panel.addSubview(control)
        let taps = GestureLog(tap)
        let events = EventLog(control)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 190, y: 120))
        flush()
        #expect(taps.states.isEmpty)
        #expect(events.names.contains("touchUpInside"))
        #expect(!events.names.contains("touchCancel"))
        f.advance(by: 1)
        f.tap(CGPoint(x: 20, y: 300))
        #expect(taps.states == [.recognized], "beside the control the recognizer still taps")
    }

    @Test func aDoubleTapOnTheSuperviewIsNotAButtonsDefaultActionSoItHoldsTheButtonsEnd() {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let panel = superviewWith(double)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        panel.addSubview(button)
        let events = EventLog(button)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 150, y: 120))
        flush()
        #expect(events.names == ["touchDown"], "its end waits for the double tap")
        f.advance(by: window.multiTapInterval + 0.05)
        flush()
        #expect(events.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func aLongPressOnTheSuperviewCancelsAButtonsTracking() {
        let press = UILongPressGestureRecognizer()
        let panel = superviewWith(press)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        panel.addSubview(button)
        let events = EventLog(button)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 150, y: 120))
        f.advance(by: 0.6)
        f.up(CGPoint(x: 150, y: 120))
        flush()
        #expect(press.state == .possible)
        #expect(events.names == ["touchDown", "touchCancel"])
        #expect(!button.isTracking && !button.isHighlighted)
    }

    @Test func aDragAlongASlidersThumbStaysWithTheSlider() {
        let (slider, thumb, pans) = sliderUnderAPan()
        let events = EventLog(slider)
        var f = GestureFinger(window: window)
        f.drag(from: thumb, to: CGPoint(x: thumb.x + 80, y: thumb.y + 3))
        f.up(CGPoint(x: thumb.x + 80, y: thumb.y + 3))
        flush()
        #expect(pans.states.isEmpty)
        #expect(slider.value > 0.7)
        #expect(events.names.contains("valueChanged") && !events.names.contains("touchCancel"))
    }

    @Test func aDragAcrossASliderGoesToThePanAndCancelsTheSlider() {
        let (slider, thumb, pans) = sliderUnderAPan()
        let events = EventLog(slider)
        var f = GestureFinger(window: window)
        f.drag(from: thumb, to: CGPoint(x: thumb.x, y: thumb.y + 100))
        f.up(CGPoint(x: thumb.x, y: thumb.y + 100))
        flush()
        #expect(pans.states.first == .began && pans.states.last == .ended)
        #expect(events.names.first == "touchDown")
        #expect(events.names.filter { $0 == "touchCancel" || $0.hasPrefix("touchUp") }.count == 1)
        #expect(events.names.contains("touchCancel"))
    }

    @Test func aHorizontalSwipeOnASwitchStaysWithTheSwitch() {
        let swipe = UISwipeGestureRecognizer()
        let panel = superviewWith(swipe)
        let toggle = UISwitch()
        toggle.frame.origin = CGPoint(x: 100, y: 100)
        panel.addSubview(toggle)
        let swipes = GestureLog(swipe)
        var f = GestureFinger(window: window)
        let start = toggle.convert(CGPoint(x: 8, y: toggle.bounds.midY), to: nil)
        f.drag(from: start, to: CGPoint(x: start.x + 60, y: start.y), steps: 3)
        f.up(CGPoint(x: start.x + 60, y: start.y))
        flush()
        #expect(swipes.states.isEmpty)
        #expect(toggle.isOn)
    }

    @Test func aTapRecognizerOnTheControlItselfIsTheControlsOwnChoice() {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        window.addSubview(button)
        let tap = UITapGestureRecognizer()
        button.addGestureRecognizer(tap)
        let taps = GestureLog(tap)
        let events = EventLog(button)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 150, y: 120))
        flush()
        #expect(taps.states == [.recognized])
        #expect(events.names == ["touchDown", "touchCancel"])
    }

    @Test func aSingleTapDecidedAfterItsTouchLiftedStillLeavesTheButtonItsTap() {
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let panel = superviewWith(single)
        panel.addGestureRecognizer(double)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        panel.addSubview(button)
        let singles = GestureLog(single)
        let events = EventLog(button)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 150, y: 120))
        f.advance(by: window.multiTapInterval + 0.05)   // the double tap fails; the single tap is decided now
        flush()
        #expect(singles.states.isEmpty, "the button it landed on is asked, though the touch lifted")
        #expect(events.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func aRightClickTapOnASuperviewIsNotAButtonsDefaultAction() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(container)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
        container.addSubview(button)
        let rightTap = UITapGestureRecognizer()
        rightTap.buttonMaskRequired = .secondary
        container.addGestureRecognizer(rightTap)
        let log = GestureLog(rightTap)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 150, y: 120), type: .indirectPointer, buttons: .secondary)
        f.up(CGPoint(x: 150, y: 120), type: .indirectPointer, buttons: [])
        #expect(log.states == [.recognized], "right click on a button: \(log.states)")
        f.advance(by: 1)
        f.down(CGPoint(x: 20, y: 300), type: .indirectPointer, buttons: .secondary)
        f.up(CGPoint(x: 20, y: 300), type: .indirectPointer, buttons: [])
        #expect(log.states.last == .recognized, "beside: \(log.states)")
    }

    @Test func twoTapsFarApartUnderADoubleTapBothTapTheButton() {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let button = wideButton(under: double)
        let events = EventLog(button)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 80, y: 120))
        f.advance(by: 0.1)
        f.tap(CGPoint(x: 300, y: 120))   // 220 points away: not a double tap
        f.advance(by: 1)
        _ = flush()
        #expect(events.names.filter { $0 == "touchUpInside" }.count == 2, "\(events.names)")
        #expect(!button.isTracking && !button.isHighlighted)
    }

    @Test func aDoubleTapOnAButtonUnderADoubleTapRecognizerCancelsTheButtonsTracking() {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let button = wideButton(under: double)
        let events = EventLog(button)
        let log = GestureLog(double)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 80, y: 120))
        f.advance(by: 0.1)
        f.tap(CGPoint(x: 82, y: 120))
        f.advance(by: 1)
        _ = flush()
        #expect(log.states == [.recognized])
        #expect(!events.names.contains("touchUpInside"), "\(events.names)")
        #expect(events.names.last == "touchCancel", "\(events.names)")
        #expect(!button.isTracking && !button.isHighlighted)
    }

    @Test func aLongPressRemovedOrCancelledOverAButtonLeavesNothingTracking() {
        let panelView = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(panelView)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 100, width: 300, height: 40)
        panelView.addSubview(button)
        let pan = UIPanGestureRecognizer()
        var panCalls = 0
        pan.addHandler { p in panCalls += 1; p.view?.removeGestureRecognizer(p) }
        panelView.addGestureRecognizer(pan)
        let press = UILongPressGestureRecognizer()
        var pressCalls = 0
        press.addHandler { _ in pressCalls += 1 }
        panelView.addGestureRecognizer(press)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300))
        f.up(CGPoint(x: 200, y: 300))
        #expect(panCalls == 1 && pan.state == .possible && pan.view == nil)
        f.advance(by: 1)
        f.down(CGPoint(x: 100, y: 120))
        panelView.removeGestureRecognizer(press)
        f.advance(by: 1)
        #expect(pressCalls == 0 && press.state == .possible)
        f.up(CGPoint(x: 100, y: 120))
        panelView.addGestureRecognizer(press)
        f.advance(by: 1)
        f.down(CGPoint(x: 100, y: 120))
        f.advance(by: 0.3)
        window.cancelAllTouches()
        f.advance(by: 1)
        _ = flush()
        #expect(pressCalls == 0 && press.state == .possible)
        #expect(!button.isTracking && !button.isHighlighted)
        f.down(CGPoint(x: 100, y: 120))
        f.advance(by: 0.6)
        #expect(pressCalls == 1)
        window.cancelAllTouches()
        _ = flush()
        #expect(pressCalls == 2 && press.state == .possible && !button.isTracking)
    }
}
