import Testing
import Foundation
@testable import SDLControlsCore

/// Focus moved with the keyboard (README "Keyboard navigation and text input"): Tab in
/// reading order, controls on one visual line left to right whatever their heights; arrows
/// when the focused control doesn't use them; Return and Space activate; text fields and
/// editing.
@MainActor
struct KeyboardFocusTests: ControllerFocusHarness {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))
    var time: TimeInterval = 0

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

    /// Arrows move focus when the focused control doesn't use them: an editing text field keeps
    /// them; a focused field that isn't editing passes them.
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
}
