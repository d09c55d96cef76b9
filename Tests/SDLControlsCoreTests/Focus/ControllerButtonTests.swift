import Testing
import Foundation
@testable import SDLControlsCore

/// What each game controller button does to the focused control (README "Game controllers
/// and focus"): the D-pad adjusts what the arrow keys adjust, the shoulders step segmented and
/// page controls, A activates with a tap's events, B ends editing or goes back, Start is the
/// game's; and the focus ring follows the last input.
@MainActor
struct ControllerButtonTests: ControllerFocusHarness {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))
    var time: TimeInterval = 0

    // MARK: Adjusting, back and the game's buttons

    /// Left/right adjust sliders, steppers, segmented and page controls while focused, as the
    /// arrow keys do: the D-pad gives the same events as the arrows.
    @Test func dpadAdjustsLikeTheArrowKeys() {
        func makeAll() -> [UIControl] {
            let slider = UISlider(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
            slider.value = 0.5
            let stepper = UIStepper(frame: CGRect(x: 20, y: 80, width: 94, height: 32))
            stepper.value = 5
            let seg = UISegmentedControl(items: ["A", "B", "C"])
            seg.frame = CGRect(x: 20, y: 140, width: 200, height: 32)
            seg.selectedSegmentIndex = 1
            let page = UIPageControl(frame: CGRect(x: 20, y: 200, width: 200, height: 26))
            page.numberOfPages = 5
            page.currentPage = 2
            return [slider, stepper, seg, page]
        }
        let byKeys = makeAll(), byPad = makeAll()
        for (k, p) in zip(byKeys, byPad) {
            window.addSubview(k)
            let kLog = EventLog(k)
            window.setFocusedView(k)
            key(.keyboardRightArrow)
            key(.keyboardRightArrow)
            key(.keyboardLeftArrow)
            flush()
            k.removeFromSuperview()
            window.addSubview(p)
            let pLog = EventLog(p)
            window.setFocusedView(p)
            #expect(press(.dpadRight))
            #expect(press(.dpadRight))
            #expect(press(.dpadLeft))
            flush()
            p.removeFromSuperview()
            #expect(!kLog.names.isEmpty && kLog.names == pLog.names, "\(type(of: p)): keys \(kLog.names) pad \(pLog.names)")
            #expect(k.accessibilityValue == p.accessibilityValue, "\(type(of: p))")
            #expect(kLog.names.contains("valueChanged"), "\(type(of: p)) reports its change")
        }
    }

    /// The right shoulder moves a focused segmented or page control to the next segment or page
    /// and the left shoulder to the previous, with the control events of a user change (rules D5,
    /// D6: valueChanged then primaryActionTriggered).
    @Test func shouldersSendUserChangeEvents() {
        let seg = UISegmentedControl(items: ["A", "B", "C"])
        seg.frame = CGRect(x: 20, y: 20, width: 200, height: 32)
        seg.selectedSegmentIndex = 0
        window.addSubview(seg)
        let page = UIPageControl(frame: CGRect(x: 20, y: 100, width: 200, height: 26))
        page.numberOfPages = 3
        window.addSubview(page)
        let segLog = EventLog(seg), pageLog = EventLog(page)
        window.setFocusedView(seg)
        #expect(press(.rightShoulder))
        #expect(seg.selectedSegmentIndex == 1)
        window.setFocusedView(page)
        #expect(press(.rightShoulder))
        #expect(press(.rightShoulder))
        #expect(page.currentPage == 2)
        #expect(press(.leftShoulder))
        #expect(page.currentPage == 1)
        flush()
        #expect(segLog.names == ["valueChanged", "primaryActionTriggered"])
        #expect(pageLog.names == Array(repeating: ["valueChanged", "primaryActionTriggered"], count: 3).flatMap { $0 })
    }

    /// Shoulders are not consumed on a plain button (README table: only when "the focused
    /// control is adjustable"), nor are the buttons the UI gives no meaning.
    @Test func shouldersOnAButtonAreTheGames() {
        let b = button("B", CGRect(x: 20, y: 20, width: 100, height: 30))
        window.setFocusedView(b)
        #expect(!press(.leftShoulder))
        #expect(!press(.rightShoulder))
        #expect(!press(.west) && !press(.north) && !press(.back) && !press(.guide) && !press(.leftStick) && !press(.rightStick))
    }

    /// A on a text field begins editing; B (east) is back: it ends editing. The game's back
    /// handler is not called while B ends editing; it is called otherwise.
    @Test func bEndsEditingBeforeGoingBack() {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(field)
        var backs = 0
        window.controllerBackHandler = { backs += 1; return true }
        window.setFocusedView(nil)
        #expect(press(.dpadDown))
        #expect(window.focusedView === field && !field.isEditing, "focus by direction only focuses the field")
        #expect(press(.south))
        #expect(field.isEditing)
        #expect(press(.east))
        #expect(!field.isEditing && backs == 0)
        #expect(press(.east))
        #expect(backs == 1)
        window.controllerBackHandler = { false }
        #expect(!press(.east), "the handler did nothing: not used")
        window.controllerBackHandler = nil
        #expect(!press(.east))
    }

    /// Editing field and the D-pad: moving focus away ends editing (focus engine docs).
    @Test func dpadAwayFromAnEditingFieldEndsEditing() {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(field)
        let below = button("Below", CGRect(x: 20, y: 100, width: 100, height: 30))
        let log = EventLog(field)
        window.setFocusedView(field)
        #expect(field.isEditing, "setFocusedView on a text field begins editing")
        #expect(press(.dpadDown))
        #expect(window.focusedView === below)
        #expect(!field.isEditing)
        flush()
        #expect(log.names == ["editingDidBegin", "editingDidEnd"])
    }

    /// The D-pad's up/down leave a date picker (the controller goes to the window, not the
    /// picker's arrow keys); left/right adjust it; B is "back", the picker isn't editing text.
    @Test func dpadLeavesADatePicker() {
        let above = button("Above", CGRect(x: 20, y: 20, width: 100, height: 30))
        let picker = UIDatePicker(frame: CGRect(x: 20, y: 100, width: 250, height: 40))
        window.addSubview(picker)
        let log = EventLog(picker)
        var backs = 0
        window.controllerBackHandler = { backs += 1; return true }
        window.setFocusedView(picker)
        let before = picker.date
        #expect(press(.dpadRight))
        #expect(picker.date != before)
        #expect(press(.east))
        #expect(backs == 1)
        #expect(press(.dpadUp))
        #expect(window.focusedView === above)
        flush()
        #expect(log.names.first == "valueChanged")
    }

    /// Start: "what Start does is the game's (an action hook)".
    @Test func startIsTheGames() {
        button("B", CGRect(x: 20, y: 20, width: 100, height: 30))
        #expect(!press(.start))
        var n = 0
        window.controllerStartHandler = { n += 1; return false }
        #expect(!press(.start))
        #expect(n == 1)
        window.controllerStartHandler = { n += 1; return true }
        #expect(down(.start) && up(.start))
        #expect(n == 2)
    }

    /// With nothing focusable, the game gets every press (the UI used nothing).
    @Test func anEmptyWindowConsumesNothing() {
        for b in UIGameControllerInput.Button.allCases {
            #expect(!down(b), "\(b)")
            #expect(!up(b), "\(b)")
        }
        #expect(!stick(.leftX, 1))
        #expect(!stick(.leftX, 0))
    }

    // MARK: Activation

    /// A (south) activates the focused control with the events a tap sends (touchDown,
    /// touchUpInside, primaryActionTriggered, in that order and batched the same). A momentary
    /// segmented control: a tap on segment 0 vs A.
    @Test func aOnAMomentarySegmentedControlMatchesATap() {
        func make() -> UISegmentedControl {
            let c = UISegmentedControl(items: ["A", "B"])
            c.isMomentary = true
            c.frame = CGRect(x: 100, y: 100, width: 120, height: 40)
            return c
        }
        let tapped = make()
        window.addSubview(tapped)
        let tapLog = EventLog(tapped)
        window.simulateTap(at: CGPoint(x: 110, y: 120))
        flush()
        tapped.removeFromSuperview()
        let activated = make()
        window.addSubview(activated)
        let aLog = EventLog(activated)
        window.setFocusedView(activated)
        #expect(press(.south))
        flush()
        #expect(aLog.names == tapLog.names, "tap \(tapLog.names) A \(aLog.names)")
    }

    /// A on a disabled-but-still-focused button (before the frame's focus update) does nothing.
    @Test func aOnAJustDisabledButtonDoesNothing() {
        let b = button("B", CGRect(x: 20, y: 20, width: 100, height: 30))
        let log = EventLog(b)
        window.setFocusedView(b)
        b.isEnabled = false
        #expect(!press(.south))
        flush()
        #expect(log.names.isEmpty)
    }

    /// Immediate delivery (rule E4): A's events arrive inside send, in the tap's order.
    @Test func aInImmediateDelivery() {
        let app = resetApplication(.immediate)
        defer { resetApplication() }
        let b = button("B", CGRect(x: 20, y: 20, width: 100, height: 30))
        let log = EventLog(b)
        window.setFocusedView(b)
        #expect(press(.south))
        #expect(log.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        _ = app
    }

    // MARK: The ring

    @Test func ringFollowsTheLastInput() {
        let a = button("A", CGRect(x: 20, y: 20, width: 100, height: 30))
        let b = button("B", CGRect(x: 20, y: 100, width: 100, height: 30))
        window.setFocusedView(a)
        window.simulateTap(at: CGPoint(x: 50, y: 115))
        flush()
        #expect(window.focusedView === b && !window.isFocusRingVisible && !b.isFocused)
        stick(.leftY, -1)
        #expect(window.focusedView === a && window.isFocusRingVisible && a.isFocused, "the stick shows the ring")
        stick(.leftY, 0)
        window.simulateTap(at: CGPoint(x: 50, y: 35))
        flush()
        #expect(!window.isFocusRingVisible)
        key(.keyboardDownArrow)
        #expect(window.isFocusRingVisible && b.isFocused, "a key shows the ring")
    }
}
