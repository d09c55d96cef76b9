import Testing
import Foundation
@testable import SDLControlsCore

/// Acceptance review of issue 14 (game controllers and the spatial focus engine), black-box
/// through the public API: `UIWindow.send(_:)`, `moveFocus`, `setFocusedView`, the keys, and
/// the controls. Each test cites the sentence of the issue, the README or UIKit it checks.
@MainActor
struct ControllerAcceptanceReviewTests {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))
    var time: TimeInterval = 0

    // MARK: Helpers

    @discardableResult
    private func button(_ title: String, _ frame: CGRect, in parent: UIView? = nil) -> UIButton {
        addButton(title, frame, to: parent ?? window)
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
    private func press(_ b: UIGameControllerInput.Button, controller: Int = 0) -> Bool {
        let d = down(b, controller: controller)
        up(b, controller: controller)
        return d
    }

    @discardableResult
    private func stick(_ axis: UIGameControllerInput.Axis, _ value: Double, controller: Int = 0) -> Bool {
        window.send(.axis(axis, value, controller: controller, timestamp: time))
    }

    private mutating func advance(to t: TimeInterval) {
        time = t
        window.frameClock.advanceTime(to: t)
    }

    private func label(_ v: UIView?) -> String { v?.accessibilityLabel ?? "nil" }

    private func key(_ code: UIKeyboardHIDUsage, shift: Bool = false) {
        let t = UIApplication.shared.currentTime
        var k = UIKey(keyCode: code)
        if shift { k = UIKey(keyCode: code, modifierFlags: .shift) }
        window.send(UIPress(phase: .began, key: k, timestamp: t))
        window.send(UIPress(phase: .ended, key: k, timestamp: t))
    }

    /// A 3×3 grid of buttons "r0c0"… 120 apart horizontally, 60 vertically.
    private func grid(in parent: UIView? = nil, origin: CGPoint = CGPoint(x: 20, y: 20)) -> [[UIButton]] {
        (0..<3).map { r in
            (0..<3).map { c in
                button("r\(r)c\(c)", CGRect(x: origin.x + CGFloat(c) * 120, y: origin.y + CGFloat(r) * 60, width: 100, height: 30),
                       in: parent)
            }
        }
    }

    // MARK: Direction: geometry table (issue: "move focus to the nearest focusable view in that direction, by geometry")

    @Test func dpadTableOverAGrid() {
        let g = grid()
        let cases: [(from: UIButton, UIGameControllerInput.Button, to: String)] = [
            (g[1][1], .dpadUp, "r0c1"), (g[1][1], .dpadDown, "r2c1"), (g[1][1], .dpadLeft, "r1c0"), (g[1][1], .dpadRight, "r1c2"),
            (g[0][0], .dpadUp, "r0c0"), (g[0][0], .dpadLeft, "r0c0"), (g[2][2], .dpadDown, "r2c2"), (g[2][2], .dpadRight, "r2c2"),
            (g[0][2], .dpadDown, "r1c2"), (g[2][0], .dpadRight, "r2c1"),
        ]
        for (from, b, to) in cases {
            window.setFocusedView(from)
            press(b)
            #expect(label(window.focusedView) == to, "\(label(from)) \(b) → \(to)")
        }
    }

    /// Issue: "the left stick ... move[s] focus"; SDL's stick y is positive downwards.
    @Test func leftStickMovesInAllFourDirections() {
        let g = grid()
        let cases: [(UIGameControllerInput.Axis, Double, String)] = [
            (.leftY, -1, "r0c1"), (.leftY, 1, "r2c1"), (.leftX, -1, "r1c0"), (.leftX, 1, "r1c2"),
        ]
        for (axis, value, to) in cases {
            window.setFocusedView(g[1][1])
            #expect(stick(axis, value))
            #expect(label(window.focusedView) == to, "\(axis) \(value)")
            stick(axis, 0)
        }
    }

    /// Issue: "within the focused view's superview before looking further out (nearest
    /// container first)": a far sibling inside the container beats a nearer view outside it;
    /// with none inside that way, the search goes out one level.
    @Test func nestedContainersSearchNearestFirstThenOutward() {
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        window.addSubview(outer)
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        outer.addSubview(inner)
        let a = button("A", CGRect(x: 10, y: 10, width: 100, height: 30), in: inner)
        button("FarInside", CGRect(x: 10, y: 300, width: 100, height: 30), in: inner)
        button("NearOutside", CGRect(x: 130, y: 60, width: 100, height: 30), in: outer)
        button("RightOutside", CGRect(x: 400, y: 10, width: 100, height: 30), in: window)
        window.setFocusedView(a)
        press(.dpadDown)
        #expect(label(window.focusedView) == "FarInside")
        window.setFocusedView(a)
        press(.dpadRight)
        #expect(["NearOutside", "RightOutside"].contains(label(window.focusedView)), "goes out when nothing inside lies that way")
    }

    /// README: "Who can take focus: ... shown, take touches, and are at least partly on screen."
    @Test func hiddenFadedInertAndDisabledAncestorsHideCandidates() {
        let start = button("Start", CGRect(x: 10, y: 10, width: 100, height: 30))
        let faded = UIView(frame: CGRect(x: 0, y: 50, width: 600, height: 40))
        faded.alpha = 0.005
        window.addSubview(faded)
        button("Faded", CGRect(x: 10, y: 0, width: 100, height: 30), in: faded)
        let inert = UIView(frame: CGRect(x: 0, y: 100, width: 600, height: 40))
        inert.isUserInteractionEnabled = false
        window.addSubview(inert)
        button("Inert", CGRect(x: 10, y: 0, width: 100, height: 30), in: inert)
        let hidden = UIView(frame: CGRect(x: 0, y: 150, width: 600, height: 40))
        hidden.isHidden = true
        window.addSubview(hidden)
        button("Hidden", CGRect(x: 10, y: 0, width: 100, height: 30), in: hidden)
        let off = button("Disabled", CGRect(x: 10, y: 200, width: 100, height: 30))
        off.isEnabled = false
        button("Offscreen", CGRect(x: 10, y: 450, width: 100, height: 30))
        button("Visible", CGRect(x: 10, y: 300, width: 100, height: 30))
        window.setFocusedView(start)
        press(.dpadDown)
        #expect(label(window.focusedView) == "Visible")
        #expect(!press(.dpadDown), "nothing further down is on screen")
        #expect(label(window.focusedView) == "Visible")
    }

    /// UIKit: `canBecomeFocused` decides; a custom UIView that answers true is reachable by
    /// direction and by Tab.
    @Test func aCustomViewThatCanBecomeFocusedIsReachable() {
        final class Tile: UIView { override var canBecomeFocused: Bool { true } }
        let a = button("A", CGRect(x: 10, y: 10, width: 100, height: 30))
        let tile = Tile(frame: CGRect(x: 10, y: 80, width: 100, height: 60))
        tile.accessibilityLabel = "Tile"
        window.addSubview(tile)
        window.setFocusedView(a)
        press(.dpadDown)
        #expect(window.focusedView === tile)
        window.setFocusedView(a)
        key(.keyboardTab)
        #expect(window.focusedView === tile)
    }

    /// README "Edges": "A container with wrapsFocusAtEdges wraps to its far side in the same
    /// row or column."
    @Test func wrappingInBothAxes() {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        box.wrapsFocusAtEdges = true
        window.addSubview(box)
        let g = grid(in: box)
        window.setFocusedView(g[1][2])
        press(.dpadRight)
        #expect(window.focusedView === g[1][0])
        press(.dpadLeft)
        #expect(window.focusedView === g[1][2])
        window.setFocusedView(g[2][1])
        press(.dpadDown)
        #expect(window.focusedView === g[0][1])
        press(.dpadUp)
        #expect(window.focusedView === g[2][1])
    }

    // MARK: Preferred focus (issue: "a preferred initially focused view per container")

    /// UIKit: when a container's preferred environment can't take focus, the engine falls
    /// back to the container's own focusable content, not to somewhere else on screen.
    @Test func aPreferredViewThatCannotBeFocusedFallsBackInsideItsContainer() {
        button("Elsewhere", CGRect(x: 10, y: 10, width: 100, height: 30))
        let panel = UIView(frame: CGRect(x: 0, y: 100, width: 600, height: 300))
        window.addSubview(panel)
        button("PanelFirst", CGRect(x: 10, y: 10, width: 100, height: 30), in: panel)
        let dead = button("Dead", CGRect(x: 10, y: 100, width: 100, height: 30), in: panel)
        dead.isEnabled = false
        window.preferredFocusedView = panel
        panel.preferredFocusedView = dead
        press(.dpadDown)
        #expect(label(window.focusedView) == "PanelFirst", "the panel's own first focusable view, as UIKit")
    }

    @Test func mutuallyPreferringContainersDoNotHang() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let b = UIView(frame: CGRect(x: 300, y: 0, width: 300, height: 400))
        window.addSubview(a)
        window.addSubview(b)
        button("InB", CGRect(x: 10, y: 10, width: 100, height: 30), in: b)
        button("InA", CGRect(x: 10, y: 100, width: 100, height: 30), in: a)
        window.preferredFocusedView = b
        a.preferredFocusedView = b
        b.preferredFocusedView = a
        press(.dpadDown)
        #expect(window.focusedView != nil)
    }

    // MARK: Losing focus mid-hold

    /// README "Losing focus": when the focused view is hidden, focus goes nowhere, and "a
    /// controller direction goes to the preferred view". A held repeat must never land on or
    /// stay on the hidden view.
    @Test mutating func hidingTheFocusedViewMidRepeat() {
        let col = (0..<5).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 50, width: 100, height: 30)) }
        advance(to: 1)
        window.setFocusedView(col[0])
        #expect(down(.dpadDown))
        #expect(window.focusedView === col[1])
        col[1].isHidden = true
        window.updateFocusIfNeeded()
        #expect(window.focusedView == nil)
        advance(to: 1.4)
        #expect(window.focusedView !== col[1])
        #expect(window.focusedView != nil, "a controller direction with nothing focused takes the preferred view")
        #expect(up(.dpadDown), "its release is the UI's: the press was")
    }

    /// A button held across a focus change: A acted once, on its press; its release is
    /// consumed and does nothing to the newly focused control.
    @Test func aHeldAcrossAFocusChangeActsOnce() {
        let one = button("One", CGRect(x: 20, y: 10, width: 100, height: 30))
        let two = button("Two", CGRect(x: 20, y: 80, width: 100, height: 30))
        let log1 = EventLog(one), log2 = EventLog(two)
        window.setFocusedView(one)
        #expect(down(.south))
        #expect(press(.dpadDown))
        #expect(window.focusedView === two)
        #expect(up(.south))
        flush()
        #expect(log1.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(log2.names.isEmpty)
    }

    @Test func aHeldWhileTheFocusedButtonIsRemoved() {
        let one = button("One", CGRect(x: 20, y: 10, width: 100, height: 30))
        window.setFocusedView(one)
        #expect(down(.south))
        one.removeFromSuperview()
        #expect(window.focusedView == nil)
        #expect(up(.south), "the release of a used press is used")
        #expect(!press(.south), "nothing focused: A is the game's")
        flush()
    }

    // MARK: Repeat (issue: "repeat: document the delays; on the host clock")

    @Test mutating func releaseMidRepeatStopsAtOnce() {
        let col = (0..<8).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 45, width: 100, height: 30)) }
        advance(to: 10)
        window.setFocusedView(col[0])
        down(.dpadDown)
        advance(to: 10.4)
        #expect(window.focusedView === col[2])
        advance(to: 10.45)
        up(.dpadDown)
        advance(to: 12)
        #expect(window.focusedView === col[2])
        // A short tap never repeats.
        down(.dpadDown)
        advance(to: 12.39)
        up(.dpadDown)
        advance(to: 13)
        #expect(window.focusedView === col[3])
    }

    /// The stick and the D-pad of one controller are separate holds: releasing the D-pad
    /// doesn't stop the stick's repeat.
    @Test mutating func dpadReleaseDoesNotStopTheSticksRepeat() {
        let col = (0..<8).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 45, width: 100, height: 30)) }
        advance(to: 1)
        window.setFocusedView(col[0])
        stick(.leftY, 1)
        #expect(window.focusedView === col[1])
        down(.dpadUp)
        up(.dpadUp)
        #expect(window.focusedView === col[0])
        advance(to: 1.4)
        #expect(window.focusedView === col[1], "the stick still repeats")
        stick(.leftY, 0)
    }

    /// Stick at the documented numbers: engages at 0.5 ("0.5 of full tilt"), not at 0.49;
    /// held at 0.31 it keeps repeating; at 0.29 it lets go.
    @Test mutating func stickThresholdsExactly() {
        let col = (0..<8).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 45, width: 100, height: 30)) }
        advance(to: 1)
        window.setFocusedView(col[0])
        #expect(!stick(.leftY, 0.49))
        #expect(window.focusedView === col[0])
        #expect(stick(.leftY, 0.5))
        #expect(window.focusedView === col[1])
        stick(.leftY, 0.31)
        advance(to: 1.4)
        #expect(window.focusedView === col[2], "still held above the release threshold")
        #expect(stick(.leftY, 0.29), "the release of a used hold is used")
        advance(to: 3)
        #expect(window.focusedView === col[2])
    }

    /// A diagonal push is one step in one direction, not two.
    @Test func aDiagonalStickIsOneStep() {
        let g = grid()
        window.setFocusedView(g[1][1])
        stick(.leftX, 0.8)
        stick(.leftY, 0.8)
        let after = label(window.focusedView)
        #expect(["r1c2", "r2c1"].contains(after), "one step, got \(after)")
        stick(.leftX, 0)
        stick(.leftY, 0)
    }

    /// Two controllers at once: each holds its own direction.
    @Test mutating func twoControllersHoldingTogether() {
        let g = grid()
        advance(to: 1)
        window.setFocusedView(g[0][0])
        #expect(down(.dpadRight, controller: 1))
        #expect(down(.dpadDown, controller: 2))
        #expect(up(.dpadRight, controller: 1))
        advance(to: 1.4)
        #expect(window.focusedView === g[2][1], "controller 2 still repeats down")
        #expect(up(.dpadDown, controller: 2))
        #expect(!up(.dpadDown, controller: 1), "controller 1 never pressed down")
    }

    /// Bad input: huge numbers of samples in one frame, and extreme values.
    @Test func aFloodOfSamplesInOneFrameIsSafe() {
        let g = grid()
        window.setFocusedView(g[1][1])
        for i in 0..<20_000 {
            stick(.leftX, i.isMultiple(of: 2) ? 1 : -1)
            stick(.rightY, .infinity)
            stick(.leftTrigger, -.infinity)
        }
        stick(.leftX, 0)
        #expect(window.focusedView != nil)
        for b in UIGameControllerInput.Button.allCases where b != .start && b != .east {
            press(b, controller: Int.max)
            press(b, controller: Int.min)
        }
        flush()
    }

    // MARK: Buttons (issue part 3)

    /// Issue: "left/right adjust sliders, steppers, segmented and page controls while
    /// focused (as the arrow keys do today)": the D-pad gives the same events as the arrows.
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

    /// Issue: "the right shoulder moves a focused segmented or page control to the next
    /// segment or page and the left shoulder to the previous", with the control events of a
    /// user change (rules D5, D6: valueChanged then primaryActionTriggered).
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

    /// A (south) on a page control: issue "A (south) activates the focused control with the
    /// events a tap sends" (rule D6: a tap moves a page). Shoulders are not consumed on a
    /// plain button (README table: "the focused control is adjustable").
    @Test func shouldersOnAButtonAreTheGames() {
        let b = button("B", CGRect(x: 20, y: 20, width: 100, height: 30))
        window.setFocusedView(b)
        #expect(!press(.leftShoulder))
        #expect(!press(.rightShoulder))
        #expect(!press(.west) && !press(.north) && !press(.back) && !press(.guide) && !press(.leftStick) && !press(.rightStick))
    }

    /// Issue: "A on a text field begins editing; B (east) is back: it ends editing". The
    /// game's back handler is not called while B ends editing; called otherwise.
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

    /// Issue: "A (south) activates the focused control with the events a tap sends
    /// (touchDown, touchUpInside, primaryActionTriggered, in that order and batched the
    /// same)". A momentary segmented control: a tap on segment 0 vs A.
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

    // MARK: Keyboard (issue: "Tab keeps reading order, fixed so that controls on one visual line tab left to right whatever their heights")

    @Test func tabAcrossRowsOfMixedHeightsCentred() {
        // Row 1 centred on y = 50: heights 20, 80, 34, 31.
        let heights: [CGFloat] = [20, 80, 34, 31]
        var row1: [UIView] = []
        for (i, h) in heights.enumerated().reversed() {
            row1.insert(button("r1-\(i)", CGRect(x: 10 + CGFloat(i) * 140, y: 50 - h / 2, width: 120, height: h)), at: 0)
        }
        // Row 2 bottom-aligned at y = 200: heights 60, 20, 44.
        var row2: [UIView] = []
        for (i, h) in [CGFloat(60), 20, 44].enumerated().reversed() {
            row2.insert(button("r2-\(i)", CGRect(x: 10 + CGFloat(i) * 140, y: 200 - h, width: 120, height: h)), at: 0)
        }
        var order: [String] = []
        for _ in 0..<7 {
            key(.keyboardTab)
            order.append(label(window.focusedView))
        }
        #expect(order == ["r1-0", "r1-1", "r1-2", "r1-3", "r2-0", "r2-1", "r2-2"])
        key(.keyboardTab)
        #expect(label(window.focusedView) == "r1-0", "Tab wraps")
        key(.keyboardTab, shift: true)
        #expect(label(window.focusedView) == "r2-2", "Shift+Tab wraps back")
    }

    /// README "Where focus starts": "an arrow key with nothing focused does nothing".
    /// Return/Space activate the focused control with a tap's events.
    @Test func keyboardArrowsAndReturn() {
        let g = grid()
        key(.keyboardDownArrow)
        #expect(window.focusedView == nil)
        key(.keyboardTab)
        #expect(window.focusedView === g[0][0])
        key(.keyboardRightArrow)
        key(.keyboardDownArrow)
        #expect(window.focusedView === g[1][1])
        let log = EventLog(g[1][1])
        key(.keyboardReturnOrEnter)
        key(.keyboardSpacebar)
        flush()
        #expect(log.names == ["touchDown", "touchUpInside", "primaryActionTriggered", "touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    /// Issue: arrows move focus "when the focused control doesn't use them": an editing
    /// text field keeps them; a focused field that isn't editing passes them.
    @Test func arrowsInAnEditingFieldStayInTheField() {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        field.text = "hello"
        window.addSubview(field)
        let below = button("Below", CGRect(x: 20, y: 100, width: 100, height: 30))
        window.setFocusedView(field)
        #expect(field.isEditing)
        key(.keyboardLeftArrow)
        key(.keyboardDownArrow)
        key(.keyboardRightArrow)
        #expect(window.focusedView === field && field.isEditing)
        field.resignFirstResponder()
        key(.keyboardDownArrow)
        #expect(window.focusedView === below)
    }

    // MARK: Ring (issue part 4)

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

    // MARK: Scroll views (issue: "the scroll view ... should scroll focus into view once it exists")

    @Test mutating func dpadDownAColumnInAScrollViewKeepsFocusInSight() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        scroll.contentSize = CGSize(width: 300, height: 1000)
        window.addSubview(scroll)
        let rows = (0..<20).map { button("S\($0)", CGRect(x: 10, y: 10 + CGFloat($0) * 50, width: 100, height: 30), in: scroll) }
        window.setFocusedView(rows[0])
        var t: TimeInterval = 1
        for i in 1..<12 {
            #expect(press(.dpadDown), "step \(i)")
            t += 1
            advance(to: t)
            window.layoutIfNeeded()
            #expect(window.focusedView === rows[i], "step \(i): \(label(window.focusedView))")
            let visible = CGRect(origin: scroll.contentOffset, size: scroll.bounds.size)
            #expect(visible.contains(rows[i].frame), "step \(i): \(rows[i].frame) in \(visible)")
        }
        // And back up.
        for i in stride(from: 10, through: 0, by: -1) {
            #expect(press(.dpadUp))
            t += 1
            advance(to: t)
            let visible = CGRect(origin: scroll.contentOffset, size: scroll.bounds.size)
            #expect(window.focusedView === rows[i] && visible.contains(rows[i].frame), "up to \(i)")
        }
    }

    // MARK: Hooks (UIKit: shouldUpdateFocus / didUpdateFocus)

    @Test func aRefusedMoveIsNotConsumedAndDoesNotRepeat() {
        final class Refuser: UIView {
            override func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { false }
        }
        let box = Refuser(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        window.addSubview(box)
        let a = button("A", CGRect(x: 20, y: 20, width: 100, height: 30), in: box)
        button("B", CGRect(x: 20, y: 100, width: 100, height: 30), in: box)
        #expect(!window.setFocusedView(a))
        #expect(!press(.dpadDown), "a refused focus update moved nothing")
        #expect(window.focusedView == nil)
    }

    @Test func didUpdateFocusSeesTheDpadHeading() {
        final class Recorder: UIView {
            var headings: [UIFocusHeading] = []
            override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
                headings.append(context.focusHeading)
            }
        }
        let box = Recorder(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        window.addSubview(box)
        let g = grid(in: box)
        window.setFocusedView(g[0][0])
        box.headings.removeAll()
        press(.dpadRight)
        stick(.leftY, 1)
        stick(.leftY, 0)
        press(.dpadLeft)
        press(.dpadUp)
        #expect(box.headings == [.right, .down, .left, .up])
    }

    // MARK: More keyboard and control kinds

    /// Tab from an editing field moves on and ends editing; Shift+Tab with nothing focused
    /// goes to the last view (README "Losing focus": "Tab goes to the first view (Shift+Tab the last)").
    @Test func tabFromAnEditingFieldAndShiftTabFromNothing() {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(field)
        let mid = button("Mid", CGRect(x: 20, y: 100, width: 100, height: 30))
        let last = button("Last", CGRect(x: 20, y: 200, width: 100, height: 30))
        key(.keyboardTab, shift: true)
        #expect(window.focusedView === last)
        key(.keyboardTab)
        #expect(window.focusedView === field && field.isEditing, "Tab onto a text field begins editing")
        key(.keyboardTab)
        #expect(window.focusedView === mid && !field.isEditing)
    }

    /// Space or Return on a focused field that isn't editing begins editing (README), typing nothing.
    @Test func spaceOnAFocusedFieldBeginsEditingWithoutTyping() {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(field)
        press(.dpadDown)
        #expect(window.focusedView === field && !field.isEditing)
        key(.keyboardSpacebar)
        #expect(field.isEditing)
        #expect((field.text ?? "").isEmpty)
    }

    /// README: the switch is not adjustable ("slider, stepper, segmented control, page
    /// control, date picker"); "On any other view all four directions move focus."
    @Test func dpadRightFromASwitchMovesFocus() {
        let sw = UISwitch(frame: CGRect(x: 20, y: 20, width: 51, height: 31))
        window.addSubview(sw)
        let next = button("Next", CGRect(x: 120, y: 20, width: 100, height: 30))
        window.setFocusedView(sw)
        #expect(press(.dpadRight))
        #expect(window.focusedView === next)
        #expect(!sw.isOn)
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
}
