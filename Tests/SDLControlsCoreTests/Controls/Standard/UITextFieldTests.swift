import Testing
import Foundation
@testable import SDLControlsCore

/// A text measurer that counts what it is asked to measure (to prove layout cost is bounded).
@MainActor
final class CountingTextMeasurer: TextMeasuring {
    let inner = ApproximateTextMeasurer()
    var calls = 0
    var unitsMeasured = 0
    func size(of text: String, font: UIFont) -> CGSize {
        calls += 1
        unitsMeasured += text.utf16.count
        return inner.size(of: text, font: font)
    }
    func metrics(of font: UIFont) -> FontMetrics { inner.metrics(of: font) }
}

/// A view that records the keys that reach it (the responder chain passed them up).
@MainActor
final class PressRecorderView: UIView {
    var codes: [Int] = []
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        codes.append(contentsOf: presses.compactMap { $0.key?.keyCode.rawValue })
        super.pressesBegan(presses, with: event)
    }
}

/// A delegate whose answers tests choose, recording what it was asked.
@MainActor
final class RecordingTextFieldDelegate: UITextFieldDelegate {
    var allowBegin = true, allowEnd = true, allowChange = true, allowClear = true, allowReturn = true
    var calls: [String] = []
    var changes: [(NSRange, String)] = []
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { calls.append("shouldBegin"); return allowBegin }
    func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { calls.append("shouldEnd"); return allowEnd }
    func textFieldDidEndEditing(_ textField: UITextField) { calls.append("didEnd") }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        calls.append("shouldChange")
        changes.append((range, string))
        return allowChange
    }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { calls.append("shouldClear"); return allowClear }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { calls.append("shouldReturn"); return allowReturn }
}

/// Rule D8 and the desktop editing behaviour of UITextField, driven through the window with
/// real touches, key presses and text input. The approximate measurer makes every grapheme
/// 9.35 points wide at 17 points (a prefix of k graphemes is ceil(k × 9.35) wide).
///
/// Every test ends with `defer { flush() }`: tests of all suites share one application
/// and may run interleaved, so none may leave queued actions for another's frame.
@MainActor
struct UITextFieldTests {
    let window: UIWindow
    /// Keeps every EventLog alive for the whole test (their actions hold them unowned).
    /// Keeps every EventLog alive for good: their actions hold them unowned, and with tests
    /// running interleaved, a test's leftover actions may be delivered by another's flush.
    @MainActor final class Keeper {
        static var all: [EventLog] = []
        var logs: [EventLog] { get { Keeper.all } set { Keeper.all = newValue } }
    }
    let keeper = Keeper()

    init() {
        window = makeTestWindow()
        UIApplication.shared.textMeasurer = ApproximateTextMeasurer()
        UIPasteboard.general.backend = nil
        UIPasteboard.general.string = nil
    }

    /// Field at (20, 20, 200, 34), rounded rect: its text area is x 28…212 in the window.
    static let frame = CGRect(x: 20, y: 20, width: 200, height: 34)
    static let textLeft: CGFloat = 28
    static let midY: CGFloat = 37

    func makeField(_ text: String = "") -> (UITextField, EventLog) {
        let field = UITextField(frame: Self.frame)
        field.borderStyle = .roundedRect
        field.text = text
        window.addSubview(field)
        window.layoutIfNeeded()
        let log = EventLog(field)
        keeper.logs.append(log)
        return (field, log)
    }

    /// A single click at window x (its own time, so it never counts as a multi-click).
    func click(x: CGFloat, y: CGFloat = UITextFieldTests.midY) {
        let t = window.simulationClock + 1
        window.simulateTap(at: CGPoint(x: x, y: y), time: t)
        window.layoutIfNeeded()
    }

    /// The window x of the boundary after `k` graphemes of left-aligned, unscrolled text.
    func xAfter(_ k: Int) -> CGFloat { Self.textLeft + (CGFloat(k) * 17 * 0.55).rounded(.up) }

    func press(_ code: UIKeyboardHIDUsage, _ mods: UIKeyModifierFlags = [], repeat isRepeat: Bool = false) {
        window.send(UIPress(phase: .began, key: UIKey(keyCode: code, modifierFlags: mods), timestamp: window.simulationClock, isRepeat: isRepeat))
        window.send(UIPress(phase: .ended, key: UIKey(keyCode: code, modifierFlags: mods), timestamp: window.simulationClock))
        window.layoutIfNeeded()
    }

    func type(_ s: String) {
        window.insertText(s)
        window.layoutIfNeeded()
    }

    func edit(_ field: UITextField, _ log: EventLog) {
        #expect(field.becomeFirstResponder())
        flush()
        log.clear()
        window.layoutIfNeeded()
    }

    func advance(_ seconds: TimeInterval) {
        // This window's clock (a test's own; another test's window may be the key one).
        window.frameClock.advanceTime(to: window.frameClock.currentTime + seconds)
    }

    // MARK: D8 event sequences

    @Test func d8_clickBeginsEditingWithEditingDidBeginBeforeTouchEvents() {
        defer { flush() }
        let (field, log) = makeField("hello")
        click(x: xAfter(2))
        flush()
        #expect(log.names == ["editingDidBegin", "touchDown", "touchUpInside"])
        #expect(field.isEditing)
        #expect(field.isFirstResponder)
        #expect(field.selectedRange == NSRange(location: 2, length: 0), "the click placed the caret")
    }

    @Test func d8_becomingFirstResponderTwiceSendsEditingDidBeginOnce() {
        defer { flush() }
        let (field, log) = makeField()
        #expect(field.becomeFirstResponder())
        #expect(field.becomeFirstResponder())
        flush()
        #expect(log.names == ["editingDidBegin"])
    }

    @Test func d8_typedTextSendsEditingChangedPerInsert() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        type("a")
        type("bc")
        flush()
        #expect(field.text == "abc")
        #expect(log.names == ["editingChanged", "editingChanged"])
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
    }

    @Test func d8_settingTextInCodeSendsNothingAndMovesCaretToEnd() {
        defer { flush() }
        let (field, log) = makeField()
        field.text = "set in code"
        edit(field, log)
        field.text = "again"
        field.selectedRange = NSRange(location: 1, length: 2)
        flush()
        #expect(log.names.isEmpty)
        #expect(field.text == "again")
        field.text = "xyz"
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        field.text = nil
        #expect(field.text == "", "nil text reads back as empty, as UIKit")
    }

    @Test func d8_returnSendsEditingDidEndOnExitThenPrimaryActionThenEditingDidEnd() {
        defer { flush() }
        let (field, log) = makeField("go")
        edit(field, log)
        press(.keyboardReturnOrEnter)
        flush()
        #expect(log.names == ["editingDidEndOnExit", "primaryActionTriggered", "editingDidEnd"])
        #expect(!field.isEditing)
        #expect(!field.isFirstResponder)
    }

    @Test func d8_keypadEnterAndInsertedNewlineActAsReturn() {
        defer { flush() }
        let (field, log) = makeField("go")
        edit(field, log)
        press(.keypadEnter)
        flush()
        #expect(log.names == ["editingDidEndOnExit", "primaryActionTriggered", "editingDidEnd"])
        edit(field, log)
        type("\n")
        flush()
        #expect(log.names == ["editingDidEndOnExit", "primaryActionTriggered", "editingDidEnd"])
        #expect(field.text == "go", "the newline is not inserted")
        field.insertText("\n")   // not editing any more: nothing happens
        flush()
        #expect(log.names == ["editingDidEndOnExit", "primaryActionTriggered", "editingDidEnd"])
        #expect(field.text == "go")
    }

    @Test func d8_repeatedReturnDoesNotEndEditingAgain() {
        defer { flush() }
        let (field, log) = makeField("go")
        edit(field, log)
        press(.keyboardReturnOrEnter, repeat: true)
        flush()
        #expect(log.names.isEmpty)
        #expect(field.isEditing)
    }

    @Test func d8_resignFirstResponderSendsEditingDidEndOnly() {
        defer { flush() }
        let (field, log) = makeField("x")
        edit(field, log)
        #expect(field.resignFirstResponder())
        flush()
        #expect(log.names == ["editingDidEnd"])
        #expect(!field.isEditing)
    }

    @Test func d8_tabToAButtonEndsEditingWithEditingDidEndOnly() {
        defer { flush() }
        let (field, log) = makeField("x")
        let button = UIButton(frame: CGRect(x: 20, y: 100, width: 80, height: 30))
        window.addSubview(button)
        click(x: xAfter(1))
        flush()
        log.clear()
        press(.keyboardTab)
        flush()
        #expect(log.names == ["editingDidEnd"])
        #expect(window.focusedView === button, "Tab moved focus on from the clicked field")
        #expect(!field.isEditing)
    }

    @Test func d8_tabFromFieldToFieldMovesEditingAndSelectsAll() {
        defer { flush() }
        let (first, log1) = makeField("one")
        let second = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        second.text = "two"
        window.addSubview(second)
        let log2 = EventLog(second)
        keeper.logs.append(log2)
        #expect(window.setFocusedView(first))
        flush()
        #expect(first.isEditing)
        #expect(first.selectedRange == NSRange(location: 0, length: 3), "keyboard focus selects all")
        log1.clear()
        press(.keyboardTab)
        flush()
        #expect(log1.names == ["editingDidEnd"])
        #expect(log2.names == ["editingDidBegin"])
        #expect(second.isEditing && second.isFirstResponder)
        #expect(second.selectedRange == NSRange(location: 0, length: 3))
    }

    @Test func d8_removalFromWindowSendsEditingDidEnd() {
        defer { flush() }
        let (field, log) = makeField("x")
        edit(field, log)
        field.removeFromSuperview()
        flush()
        #expect(log.names == ["editingDidEnd"])
        #expect(!field.isEditing)
        #expect(window.firstResponder == nil)
    }

    @Test func d8_removalEndsEditingEvenWhenTheDelegateRefusesToEnd() {
        defer { flush() }
        let (field, log) = makeField("x")
        let delegate = RecordingTextFieldDelegate()
        delegate.allowEnd = false
        field.delegate = delegate
        edit(field, log)
        field.removeFromSuperview()
        flush()
        #expect(log.names == ["editingDidEnd"])
        #expect(!field.isEditing)
        #expect(delegate.calls.last == "didEnd")
    }

    @Test func d8_resigningWhileNotEditingSendsNothing() {
        defer { flush() }
        let (field, log) = makeField("x")
        #expect(field.resignFirstResponder())
        #expect(field.resignFirstResponder())
        let loose = UITextField(frame: .zero)
        #expect(loose.resignFirstResponder())
        #expect(!loose.becomeFirstResponder(), "not in a window")
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func d8_disablingWhileEditingEndsEditing() {
        defer { flush() }
        let (field, log) = makeField("x")
        edit(field, log)
        field.isEnabled = false
        flush()
        #expect(log.names == ["editingDidEnd"])
        #expect(!field.isEditing && !field.isFirstResponder)
        #expect(!field.becomeFirstResponder(), "a disabled field can't edit")
        field.insertText("y")
        field.deleteBackward()
        flush()
        #expect(field.text == "x")
        #expect(log.names == ["editingDidEnd"])
    }

    @Test func d8_userEditsEachSendEditingChanged() {
        defer { flush() }
        let (field, log) = makeField("hello world")
        edit(field, log)
        // Select "world", cut, paste twice, Backspace, Delete after Home, an IME commit.
        field.selectedRange = NSRange(location: 6, length: 5)
        press(.keyboardX, .control)
        #expect(field.text == "hello ")
        #expect(UIPasteboard.general.string == "world")
        press(.keyboardV, .control)
        press(.keyboardV, .control)
        #expect(field.text == "hello worldworld")
        press(.keyboardDeleteOrBackspace)
        press(.keyboardHome)
        press(.keyboardDeleteForward)
        #expect(field.text == "ello worldworl")
        window.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
        type("你")
        window.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
        flush()
        #expect(field.text == "你ello worldworl")
        #expect(log.names == Array(repeating: "editingChanged", count: 6))
    }

    @Test func d8_editsThatChangeNothingSendNothing() {
        defer { flush() }
        let (field, log) = makeField("")
        edit(field, log)
        press(.keyboardDeleteOrBackspace)
        press(.keyboardDeleteForward)
        press(.keyboardX, .control)   // nothing selected
        type("")
        UIPasteboard.general.string = ""
        press(.keyboardV, .control)
        flush()
        #expect(log.names.isEmpty)
    }

    // MARK: Delegate

    @Test func d8_delegateCanRefuseToBeginEditing() {
        defer { flush() }
        let (field, log) = makeField("x")
        let delegate = RecordingTextFieldDelegate()
        delegate.allowBegin = false
        field.delegate = delegate
        click(x: xAfter(1))
        flush()
        #expect(!field.isEditing)
        #expect(!log.names.contains("editingDidBegin"))
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(delegate.calls == ["shouldBegin"])
    }

    @Test func d8_delegateCanRefuseToEndEditing() {
        defer { flush() }
        let (field, log) = makeField("x")
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        edit(field, log)
        delegate.allowEnd = false
        #expect(!field.resignFirstResponder())
        press(.keyboardReturnOrEnter)
        flush()
        #expect(field.isEditing && field.isFirstResponder)
        #expect(log.names == ["editingDidEndOnExit", "primaryActionTriggered"], "Return still reports, but the field stays")
        delegate.allowEnd = true
        #expect(field.resignFirstResponder())
        #expect(delegate.calls == ["shouldBegin", "didBegin", "shouldEnd", "shouldReturn", "shouldEnd", "shouldEnd", "didEnd"])
    }

    @Test func d8_delegateRejectingEditsKeepsTextAndSendsNothing() {
        defer { flush() }
        let (field, log) = makeField("abc")
        let delegate = RecordingTextFieldDelegate()
        delegate.allowChange = false
        field.delegate = delegate
        edit(field, log)
        type("x")
        press(.keyboardDeleteOrBackspace)
        UIPasteboard.general.string = "pasted"
        press(.keyboardV, .control)
        field.selectedRange = NSRange(location: 0, length: 3)
        press(.keyboardX, .control)
        flush()
        #expect(field.text == "abc")
        #expect(log.names.isEmpty)
        #expect(delegate.changes.count == 4)
    }

    @Test func d8_delegateSeesUTF16RangesLikeUIKit() {
        defer { flush() }
        let (field, log) = makeField("a😀b")
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        edit(field, log)
        press(.keyboardDeleteOrBackspace)                         // "b" at UTF-16 3
        press(.keyboardDeleteOrBackspace)                         // "😀" at 1, 2 units
        type("é")
        #expect(delegate.changes.map(\.0) == [NSRange(location: 3, length: 1), NSRange(location: 1, length: 2), NSRange(location: 1, length: 0)])
        #expect(delegate.changes.map(\.1) == ["", "", "é"])
        #expect(field.text == "aé")
    }

    @Test func d8_delegateRefusingReturnLeavesFieldEditing() {
        defer { flush() }
        let (field, log) = makeField("x")
        let delegate = RecordingTextFieldDelegate()
        delegate.allowReturn = false
        field.delegate = delegate
        edit(field, log)
        press(.keyboardReturnOrEnter)
        flush()
        #expect(log.names.isEmpty)
        #expect(field.isEditing)
    }

    @Test func delegateIsWeak() {
        defer { flush() }
        let (field, _) = makeField()
        do {
            let delegate = RecordingTextFieldDelegate()
            field.delegate = delegate
            #expect(field.delegate != nil)
        }
        #expect(field.delegate == nil)
    }

    // MARK: Keyboard

    @Test func arrowsMoveByGraphemeClusterAndShiftSelects() {
        defer { flush() }
        let (field, log) = makeField("a👍🏽b")   // 👍🏽 is 4 UTF-16 units, one grapheme
        edit(field, log)
        press(.keyboardLeftArrow)
        #expect(field.selectedRange == NSRange(location: 5, length: 0))
        press(.keyboardLeftArrow)
        #expect(field.selectedRange == NSRange(location: 1, length: 0))
        press(.keyboardRightArrow, .shift)
        #expect(field.selectedRange == NSRange(location: 1, length: 4))
        press(.keyboardRightArrow, .shift)
        press(.keyboardLeftArrow, .shift)
        #expect(field.selectedRange == NSRange(location: 1, length: 4))
        press(.keyboardRightArrow)
        #expect(field.selectedRange == NSRange(location: 5, length: 0), "an arrow collapses to the selection's edge")
        press(.keyboardHome, .shift)
        #expect(field.selectedRange == NSRange(location: 0, length: 5))
        press(.keyboardLeftArrow)
        #expect(field.selectedRange == NSRange(location: 0, length: 0))
        press(.keyboardEnd)
        #expect(field.selectedRange == NSRange(location: 6, length: 0))
        press(.keyboardUpArrow)
        #expect(field.selectedRange.location == 0)
        press(.keyboardDownArrow)
        #expect(field.selectedRange.location == 6)
        press(.keyboardLeftArrow, .command)
        #expect(field.selectedRange.location == 0)
        flush()
        #expect(log.names.isEmpty, "moving the caret is not an edit")
    }

    @Test func wordJumpsWithControlAndAlt() {
        defer { flush() }
        let (field, log) = makeField("one, two  three")
        edit(field, log)
        press(.keyboardLeftArrow, .control)
        #expect(field.selectedRange.location == 10)
        press(.keyboardLeftArrow, .alternate)
        #expect(field.selectedRange.location == 5)
        press(.keyboardLeftArrow, .control)
        #expect(field.selectedRange.location == 0)
        press(.keyboardRightArrow, .control)
        #expect(field.selectedRange.location == 3)
        press(.keyboardRightArrow, .alternate)
        #expect(field.selectedRange.location == 8)
        press(.keyboardRightArrow, [.control, .shift])
        #expect(field.selectedRange == NSRange(location: 8, length: 7))
    }

    @Test func controlBackspaceDeletesAWordAndCommandBackspaceToTheStart() {
        defer { flush() }
        let (field, log) = makeField("alpha beta gamma")
        edit(field, log)
        press(.keyboardDeleteOrBackspace, .control)
        #expect(field.text == "alpha beta ")
        press(.keyboardDeleteOrBackspace, .alternate)
        #expect(field.text == "alpha ")
        press(.keyboardHome)
        press(.keyboardDeleteForward, .control)
        #expect(field.text == " ")
        field.text = "abc def"
        press(.keyboardLeftArrow)
        press(.keyboardDeleteOrBackspace, .command)
        #expect(field.text == "f")
        flush()
        #expect(log.names == Array(repeating: "editingChanged", count: 4))
    }

    @Test func selectAllCopyPasteShortcuts() {
        defer { flush() }
        let (field, log) = makeField("copy me")
        edit(field, log)
        press(.keyboardA, .control)
        #expect(field.selectedRange == NSRange(location: 0, length: 7))
        press(.keyboardC, .control)
        #expect(UIPasteboard.general.string == "copy me")
        press(.keyboardEnd)
        press(.keyboardV, .command)
        #expect(field.text == "copy mecopy me")
        press(.keyboardA, .command)
        press(.keyboardC, .command)
        #expect(UIPasteboard.general.string == "copy mecopy me")
    }

    @Test func typingKeysAreSwallowedSoSpaceDoesNotActivate() {
        defer { flush() }
        let recorder = PressRecorderView(frame: window.bounds)
        window.addSubview(recorder)
        let field = UITextField(frame: Self.frame)
        recorder.addSubview(field)
        let log = EventLog(field)
        keeper.logs.append(log)
        #expect(window.setFocusedView(field))
        flush()
        log.clear()
        press(.keyboardSpacebar)
        press(UIKeyboardHIDUsage(rawValue: 0x16))   // S
        press(UIKeyboardHIDUsage(rawValue: 0x59))   // keypad 1
        flush()
        #expect(log.names.isEmpty, "Space did not reach the window's activate")
        #expect(recorder.codes.isEmpty)
        press(UIKeyboardHIDUsage(rawValue: 0x16), .control)   // Ctrl+S: an app shortcut
        press(UIKeyboardHIDUsage(rawValue: 0x3A))              // F1
        #expect(recorder.codes == [0x16, 0x3A], "unhandled keys go up the responder chain")
        #expect(field.isEditing)
        press(.keyboardEscape)
        #expect(!field.isEditing, "Escape ends editing…")
        #expect(recorder.codes == [0x16, 0x3A], "…and is used, not passed up")
        flush()
        #expect(log.names == ["editingDidEnd"], "no editingDidEndOnExit: Escape is not Return")
    }

    @Test func keysDoNothingWhenNotEditing() {
        defer { flush() }
        let recorder = PressRecorderView(frame: window.bounds)
        window.addSubview(recorder)
        let field = UITextField(frame: Self.frame)
        field.text = "abc"
        recorder.addSubview(field)
        #expect(!field.handleKeyDown(UIKey(keyCode: .keyboardDeleteOrBackspace), isRepeat: false))
        #expect(field.text == "abc")
    }

    @Test func rightToLeftLayoutSwapsArrowKeys() {
        defer { flush() }
        let (field, log) = makeField("abc")
        field.semanticContentAttribute = .forceRightToLeft
        edit(field, log)
        press(.keyboardRightArrow)
        #expect(field.selectedRange.location == 2, "→ moves backward in a right-to-left layout")
        press(.keyboardLeftArrow)
        #expect(field.selectedRange.location == 3)
    }

    // MARK: Mouse

    @Test func clickPlacesCaretAtNearestGraphemeBoundary() {
        defer { flush() }
        let (field, _) = makeField("abcdef")
        click(x: xAfter(3) + 3)
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        click(x: xAfter(3) + 6)   // past the middle of "d"
        #expect(field.selectedRange == NSRange(location: 4, length: 0))
        click(x: Self.textLeft + 150)   // after the text
        #expect(field.selectedRange == NSRange(location: 6, length: 0))
        click(x: Self.textLeft - 6)     // in the padding
        #expect(field.selectedRange == NSRange(location: 0, length: 0))
    }

    @Test func clickInsideAnEmojiLandsOnABoundary() {
        defer { flush() }
        let (field, _) = makeField("a👩‍👩‍👧b")
        click(x: xAfter(1) + 2)
        #expect(field.selectedRange.location == 1)
        click(x: xAfter(2) - 2)
        #expect(field.selectedRange.location == 9)
    }

    @Test func dragSelectsFromTheTouchDownPoint() {
        defer { flush() }
        let (field, log) = makeField("abcdefgh")
        let t = window.simulationClock + 1
        window.simulateTouchDown(at: CGPoint(x: xAfter(1), y: Self.midY), time: t)
        window.simulateTouchMove(to: CGPoint(x: xAfter(3), y: Self.midY), time: t + 0.05)
        window.simulateTouchMove(to: CGPoint(x: xAfter(5), y: Self.midY + 50), time: t + 0.1)
        window.simulateTouchUp(at: CGPoint(x: xAfter(5), y: Self.midY + 50), time: t + 0.15)
        window.layoutIfNeeded()
        flush()
        #expect(field.selectedRange == NSRange(location: 1, length: 4))
        #expect(log.names.first == "editingDidBegin")
        #expect(!field.selectionView.isHidden, "the selection is drawn")
        #expect(field.selectionView.frame.minX == xAfter(1) - Self.textLeft)
        #expect(field.selectionView.frame.maxX == xAfter(5) - Self.textLeft)
        #expect(!field.isCaretVisible, "no caret while a range is selected")
    }

    @Test func dragBackwardSelectsBackward() {
        defer { flush() }
        let (field, _) = makeField("abcdefgh")
        let t = window.simulationClock + 1
        window.simulateTouchDown(at: CGPoint(x: xAfter(6), y: Self.midY), time: t)
        window.simulateTouchMove(to: CGPoint(x: xAfter(2), y: Self.midY), time: t + 0.05)
        window.simulateTouchUp(at: CGPoint(x: xAfter(2), y: Self.midY), time: t + 0.1)
        #expect(field.selectedRange == NSRange(location: 2, length: 4))
        press(.keyboardLeftArrow, .shift)
        #expect(field.selectedRange == NSRange(location: 1, length: 5), "Shift moves the dragged-to end")
    }

    @Test func doubleClickSelectsAWordAndTripleClickAll() {
        defer { flush() }
        let (field, log) = makeField("hello big world")
        let t = window.simulationClock + 1
        let p = CGPoint(x: xAfter(7), y: Self.midY)   // inside "big"
        window.simulateTap(at: p, time: t)
        window.simulateTap(at: p, time: t + 0.2)
        #expect(field.selectedRange == NSRange(location: 6, length: 3))
        window.simulateTap(at: p, time: t + 0.4)
        #expect(field.selectedRange == NSRange(location: 0, length: 15))
        flush()
        #expect(log.names == ["editingDidBegin", "touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside",
                              "touchDown", "touchDownRepeat", "touchUpInside"])
    }

    @Test func doubleClickDragExtendsByWords() {
        defer { flush() }
        let (field, _) = makeField("one two three")
        let t = window.simulationClock + 1
        let p = CGPoint(x: xAfter(5), y: Self.midY)   // inside "two"
        window.simulateTap(at: p, time: t)
        window.simulateTouchDown(at: p, time: t + 0.2)
        window.simulateTouchMove(to: CGPoint(x: xAfter(10), y: Self.midY), time: t + 0.25)
        window.simulateTouchUp(at: CGPoint(x: xAfter(10), y: Self.midY), time: t + 0.3)
        #expect(field.selectedRange == NSRange(location: 4, length: 9))
    }

    @Test func dragPastTheRightEdgeScrollsLongText() {
        defer { flush() }
        let (field, _) = makeField(String(repeating: "abcdefghij", count: 6))
        click(x: xAfter(0))
        #expect(field.selectedRange.location == 0)
        #expect(field.scrollAnchor == 0)
        let t = window.simulationClock + 1
        window.simulateTouchDown(at: CGPoint(x: xAfter(1), y: Self.midY), time: t)
        for i in 1...30 {
            window.simulateTouchMove(to: CGPoint(x: 260, y: Self.midY), time: t + Double(i) * 0.02)
            window.layoutIfNeeded()
        }
        window.simulateTouchUp(at: CGPoint(x: 260, y: Self.midY), time: t + 1)
        window.layoutIfNeeded()
        #expect(field.selectedRange.location == 1)
        #expect(field.selectedRange.length > 19, "the selection grew past what fits at first")
        #expect(field.scrollAnchor > 0, "the text scrolled")
        #expect(field.caretView.frame.maxX <= field.contentView.bounds.width)
    }

    // MARK: Scrolling and the caret

    @Test func longTextScrollsToKeepTheCaretVisible() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        for _ in 0..<60 { type("w") }
        let width = field.contentView.bounds.width
        #expect(field.scrollAnchor > 0)
        #expect(field.caretView.frame.minX >= 0 && field.caretView.frame.maxX <= width)
        #expect(field.caretView.frame.maxX > width - 6, "the caret sits at the right edge")
        #expect(field.textLabel.frame.maxX >= width - 3, "the drawn run reaches the right edge")
        #expect((field.textLabel.text ?? "").count < 25, "only the visible run is drawn")
        press(.keyboardHome)
        #expect(field.scrollAnchor == 0 && field.scrollOffset == 0)
        #expect(field.caretView.frame.minX == 0)
        press(.keyboardEnd)
        press(.keyboardLeftArrow, .command)
        press(.keyboardRightArrow)
        #expect(field.caretView.frame.minX > 0)
        // Moving left past the edge brings the caret a third of the way in.
        press(.keyboardEnd)
        for _ in 0..<25 { press(.keyboardLeftArrow) }
        #expect(field.caretView.frame.minX >= 0 && field.caretView.frame.maxX <= width)
    }

    @Test func deletingAtTheEndPullsScrolledTextBack() {
        defer { flush() }
        let (field, log) = makeField(String(repeating: "m", count: 40))
        edit(field, log)
        let width = field.contentView.bounds.width
        for _ in 0..<10 { press(.keyboardDeleteOrBackspace) }
        #expect(field.textLabel.frame.maxX >= width - 3, "no gap opens after the end")
        #expect(field.caretView.frame.maxX <= width)
    }

    @Test func notEditingShowsTheStartOfLongText() {
        defer { flush() }
        let (field, log) = makeField(String(repeating: "x", count: 80))
        edit(field, log)
        #expect(field.scrollAnchor > 0)
        field.resignFirstResponder()
        window.layoutIfNeeded()
        #expect(field.scrollAnchor == 0)
        #expect(field.textLabel.frame.minX == 0)
    }

    @Test func notEditingLongTextEndsInAnEllipsisInsideTheTextRect() {
        defer { flush() }
        let (field, log) = makeField(String(repeating: "x", count: 80))
        window.layoutIfNeeded()
        let width = field.contentView.bounds.width
        #expect(field.contentView.frame.minX == 7, "UIKit's inset inside a rounded rectangle")
        #expect(field.textLabel.lineBreakMode == .byTruncatingTail, "no letter cut in half at the edge")
        #expect(field.textLabel.frame == CGRect(x: 0, y: 0, width: width, height: field.contentView.bounds.height))
        edit(field, log)
        #expect(field.textLabel.lineBreakMode == .byClipping, "while editing the text scrolls instead")
        field.resignFirstResponder()
        window.layoutIfNeeded()
        #expect(field.textLabel.lineBreakMode == .byTruncatingTail)
        field.text = "short"
        window.layoutIfNeeded()
        #expect(field.textLabel.lineBreakMode == .byClipping, "text that fits is not truncated")
    }

    @Test func caretAfterTheLastGlyphKeepsAGapWhenScrolled() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        for _ in 0..<60 { type("w") }
        let width = field.contentView.bounds.width
        #expect(field.scrollAnchor > 0)
        let textEnd = field.textLabel.frame.minX + field.measure(field.scrollAnchor, field.visibleRunEnd)
        #expect(abs(field.caretView.frame.minX - (textEnd + UITextField.caretGap)) < 0.001, "the caret follows the last glyph with a gap")
        #expect(field.caretView.frame.maxX <= width + 0.001, "and stays inside the text rect")
    }

    @Test func caretBlinksAndEachEditOrMoveShowsItAgain() {
        defer { flush() }
        let (field, log) = makeField("abc")
        #expect(!field.isCaretVisible, "no caret while not editing")
        edit(field, log)
        #expect(field.isCaretVisible)
        advance(UITextField.caretBlinkInterval + 0.01)
        #expect(!field.isCaretVisible)
        advance(UITextField.caretBlinkInterval)
        #expect(field.isCaretVisible)
        advance(UITextField.caretBlinkInterval)
        #expect(!field.isCaretVisible)
        type("d")
        #expect(field.isCaretVisible, "an edit shows the caret")
        advance(UITextField.caretBlinkInterval + 0.01)
        #expect(!field.isCaretVisible)
        press(.keyboardLeftArrow)
        #expect(field.isCaretVisible, "a move shows the caret")
        field.resignFirstResponder()
        #expect(!field.isCaretVisible)
        #expect(field.caretBlinkTimer == nil)
    }

    @Test func caretFollowsAlignmentOfShortText() {
        defer { flush() }
        let (field, log) = makeField("abcd")
        field.textAlignment = .center
        edit(field, log)
        let width = field.contentView.bounds.width
        let textWidth: CGFloat = (4 * 17 * 0.55).rounded(.up)
        let origin = ((width - UITextField.caretWidth - UITextField.caretGap - textWidth) / 2).rounded(.down)
        #expect(field.textLabel.frame.minX == origin)
        #expect(field.caretView.frame.minX == origin + textWidth + UITextField.caretGap, "after the last glyph, with a gap")
        field.textAlignment = .right
        window.layoutIfNeeded()
        #expect(field.caretView.frame.minX == width - UITextField.caretWidth)
    }

    // MARK: Clear button

    @Test func clearButtonModesDecideWhenItShows() {
        defer { flush() }
        let (field, log) = makeField("text")
        #expect(!field.isClearButtonShown)
        field.clearButtonMode = .always
        #expect(field.isClearButtonShown)
        field.clearButtonMode = .unlessEditing
        #expect(field.isClearButtonShown)
        field.clearButtonMode = .whileEditing
        #expect(!field.isClearButtonShown)
        edit(field, log)
        #expect(field.isClearButtonShown)
        field.text = ""
        #expect(!field.isClearButtonShown, "nothing to clear")
        field.clearButtonMode = .unlessEditing
        field.text = "x"
        #expect(!field.isClearButtonShown)
        let clear = field.clearButtonRect(forBounds: field.bounds)
        #expect(clear.maxX <= field.bounds.maxX && clear.width == UITextField.clearButtonSize)
    }

    @Test func d8_clearButtonEmptiesTheFieldAndSendsEditingChanged() {
        defer { flush() }
        let (field, log) = makeField("some text")
        field.clearButtonMode = .whileEditing
        edit(field, log)
        let r = field.convert(field.clearButtonRect(forBounds: field.bounds), to: nil)
        #expect(field.textRect(forBounds: field.bounds).maxX <= field.clearButtonRect(forBounds: field.bounds).minX,
                "text stays clear of the button")
        click(x: r.midX, y: r.midY)
        flush()
        #expect(field.text == "")
        #expect(log.names == ["touchDown", "editingChanged", "touchUpInside"])
        #expect(field.isEditing)
    }

    @Test func d8_clearButtonWhileNotEditingBeginsEditingFirst() {
        defer { flush() }
        let (field, log) = makeField("some text")
        field.clearButtonMode = .unlessEditing
        let r = field.convert(field.clearButtonRect(forBounds: field.bounds), to: nil)
        click(x: r.midX, y: r.midY)
        flush()
        #expect(field.text == "")
        #expect(log.names == ["touchDown", "editingDidBegin", "editingChanged", "touchUpInside"])
    }

    @Test func clearButtonDraggedOffDoesNothingAndDelegateCanRefuse() {
        defer { flush() }
        let (field, log) = makeField("keep")
        field.clearButtonMode = .always
        let r = field.convert(field.clearButtonRect(forBounds: field.bounds), to: nil)
        let t = window.simulationClock + 1
        window.simulateTouchDown(at: CGPoint(x: r.midX, y: r.midY), time: t)
        #expect(field.isClearButtonHighlighted)
        window.simulateTouchMove(to: CGPoint(x: r.midX - 80, y: r.midY), time: t + 0.05)
        #expect(!field.isClearButtonHighlighted)
        window.simulateTouchUp(at: CGPoint(x: r.midX - 80, y: r.midY), time: t + 0.1)
        #expect(field.text == "keep")
        let delegate = RecordingTextFieldDelegate()
        delegate.allowClear = false
        field.delegate = delegate
        click(x: r.midX, y: r.midY)
        flush()
        #expect(field.text == "keep")
        #expect(delegate.calls == ["shouldClear"])
        #expect(!log.names.contains("editingChanged"))
    }

    /// A user edit happens inside an editing session (D8): the clear button of a field whose
    /// delegate refuses to begin editing leaves its text and sends nothing.
    @Test func clearButtonOfAFieldThatMayNotBeginEditingKeepsItsText() {
        defer { flush() }
        let (field, log) = makeField("keep")
        field.clearButtonMode = .always
        let delegate = RecordingTextFieldDelegate()
        delegate.allowBegin = false
        field.delegate = delegate
        let r = field.convert(field.clearButtonRect(forBounds: field.bounds), to: nil)
        click(x: r.midX, y: r.midY)
        flush()
        #expect(field.text == "keep" && !field.isEditing)
        #expect(!log.names.contains("editingChanged") && !log.names.contains("editingDidBegin"))
        #expect(delegate.calls == ["shouldClear", "shouldBegin"])
    }

    /// UIKit's `clearsOnBeginEditing`: the delegate's `textFieldShouldClear` is asked, the
    /// text goes, and `.editingChanged` follows `.editingDidBegin`; a refusal keeps the text.
    @Test func clearsOnBeginEditingAsksTheDelegateAndClears() {
        defer { flush() }
        let (field, log) = makeField("old")
        field.clearsOnBeginEditing = true
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        #expect(field.becomeFirstResponder())
        flush()
        #expect(field.text == "")
        #expect(delegate.calls == ["shouldBegin", "shouldClear", "didBegin"])
        #expect(log.names == ["editingDidBegin", "editingChanged"])
        _ = field.resignFirstResponder()
        field.text = "kept"
        delegate.allowClear = false
        #expect(field.becomeFirstResponder())
        #expect(field.text == "kept")
    }

    /// Word boundaries as Unicode's word breaking keeps them (UAX #29): an apostrophe between
    /// letters and a period between digits stay inside a word.
    @Test func wordsKeepApostrophesAndDecimalPoints() {
        let s = "don't 3.14 x"
        #expect(UITextField.wordEnd(after: 0, in: s) == 5)
        #expect(UITextField.wordEnd(after: 5, in: s) == 10)
        #expect(UITextField.wordStart(before: 10, in: s) == 6)
        #expect(UITextField.wordRange(at: 1, in: s) == NSRange(location: 0, length: 5))
        #expect(UITextField.wordRange(at: 7, in: s) == NSRange(location: 6, length: 4))
        // Punctuation at a word's edge is not part of it.
        #expect(UITextField.wordRange(at: 0, in: "'tis.") == NSRange(location: 0, length: 1))
        #expect(UITextField.wordEnd(after: 0, in: "end. Next") == 3)
    }

    // MARK: Secure entry

    @Test func secureEntryDrawsBulletsAndDisablesCopyAndCut() {
        defer { flush() }
        let (field, log) = makeField("pa👍🏽ss")
        field.isSecureTextEntry = true
        edit(field, log)
        #expect(field.textLabel.text == "•••••", "one bullet per grapheme cluster")
        UIPasteboard.general.string = "before"
        press(.keyboardA, .control)
        press(.keyboardC, .control)
        press(.keyboardX, .control)
        flush()
        #expect(UIPasteboard.general.string == "before")
        #expect(field.text == "pa👍🏽ss")
        #expect(log.names.isEmpty)
        #expect(!field.canPerformAction("copy:", withSender: nil))
        #expect(!field.canPerformAction("cut:", withSender: nil))
        #expect(field.canPerformAction("paste:", withSender: nil))
        press(.keyboardV, .control)
        #expect(field.text == "before", "paste still works")
        #expect(field.accessibilityValue == "••••••")
        // Caret positions follow bullets, not the hidden text's widths.
        press(.keyboardHome)
        press(.keyboardRightArrow)
        let one: CGFloat = (17 * 0.55).rounded(.up)
        #expect(field.caretView.frame.minX == one)
    }

    /// A secure field hides where its text has spaces: a word move goes to the start or end
    /// of the whole text, and a double click selects all of it (as macOS's and iOS's secure
    /// fields). A plain field moves by the word.
    @Test func secureFieldsHaveNoWordsToMoveByOrSelect() {
        defer { flush() }
        let (field, log) = makeField("correct horse battery")
        edit(field, log)
        press(.keyboardEnd)
        press(.keyboardLeftArrow, .control)
        #expect(field.selectedRange.location == 14, "a plain field moves to the start of the word")
        field.isSecureTextEntry = true
        press(.keyboardEnd)
        press(.keyboardLeftArrow, .control)
        #expect(field.selectedRange == NSRange(location: 0, length: 0), "a secure field has no words")
        press(.keyboardRightArrow, [.control, .shift])
        #expect(field.selectedRange == NSRange(location: 0, length: 21))
        press(.keyboardEnd)
        press(.keyboardDeleteOrBackspace, .control)
        #expect(field.text == "", "deleting a word deletes what lies before the caret")
        field.text = "correct horse battery"
        window.layoutIfNeeded()
        let t = window.simulationClock + 1
        let p = CGPoint(x: xAfter(9), y: Self.midY)
        window.simulateTap(at: p, time: t)
        window.simulateTap(at: p, time: t + 0.2)
        #expect(field.selectedRange == NSRange(location: 0, length: 21), "a double click selects it all")
    }

    @Test func secureClickMapsBulletsBackToText() {
        defer { flush() }
        let (field, _) = makeField("a👍🏽b")
        field.isSecureTextEntry = true
        window.layoutIfNeeded()
        click(x: xAfter(2))
        #expect(field.selectedRange.location == 5)
    }

    // MARK: IME composition

    @Test func compositionIsShownUnderlinedAndCommittedByInsertText() {
        defer { flush() }
        let (field, log) = makeField("ab")
        edit(field, log)
        press(.keyboardLeftArrow)
        #expect(window.setMarkedText("nihao", selectedRange: NSRange(location: 5, length: 0)))
        window.layoutIfNeeded()
        #expect(field.text == "ab", "the composition is not text yet")
        #expect(field.markedText == "nihao")
        #expect(field.textLabel.text == "anihaob")
        #expect(!field.markedUnderlineView.isHidden)
        let one: CGFloat = (17 * 0.55).rounded(.up)
        #expect(field.markedUnderlineView.frame.minX == one)
        #expect(field.markedUnderlineView.frame.maxX == CGFloat((6 * 17 * 0.55).rounded(.up)))
        #expect(field.isCaretVisible)
        // While composing, the IME owns the keys.
        press(.keyboardDeleteOrBackspace)
        #expect(field.text == "ab")
        type("你好")
        window.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
        window.layoutIfNeeded()
        flush()
        #expect(field.text == "a你好b")
        #expect(field.markedText == nil)
        #expect(field.markedUnderlineView.isHidden)
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        #expect(log.names == ["editingChanged"], "only the commit is an edit")
    }

    @Test func compositionReplacesTheSelectionAndEmptyCompositionCancels() {
        defer { flush() }
        let (field, log) = makeField("hello")
        edit(field, log)
        field.selectedRange = NSRange(location: 1, length: 3)
        field.setMarkedText("X", selectedRange: NSRange(location: 1, length: 0))
        window.layoutIfNeeded()
        #expect(field.textLabel.text == "hXo")
        field.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
        window.layoutIfNeeded()
        #expect(field.textLabel.text == "hello")
        #expect(field.selectedRange == NSRange(location: 1, length: 3), "cancelling keeps the selection")
        field.setMarkedText("Y", selectedRange: NSRange(location: 99, length: 99))   // clamped
        field.unmarkText()
        #expect(field.markedText == nil)
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func caretRectInWindowIsFiniteAndInsideTheField() {
        defer { flush() }
        let (field, log) = makeField("abc")
        edit(field, log)
        let r = field.caretRectInWindow
        let f = field.convert(field.bounds, to: nil)
        #expect(r.minX >= f.minX && r.maxX <= f.maxX && r.minY >= f.minY && r.maxY <= f.maxY)
        #expect(r.minX == xAfter(3))
        field.frame = CGRect(x: CGFloat.nan, y: .infinity, width: .nan, height: -5)
        let bad = field.caretRectInWindow
        #expect(bad.minX.isFinite && bad.minY.isFinite && bad.width.isFinite && bad.height.isFinite)
    }

    @Test func resigningDiscardsTheComposition() {
        defer { flush() }
        let (field, log) = makeField("a")
        edit(field, log)
        field.setMarkedText("kan", selectedRange: NSRange(location: 3, length: 0))
        field.resignFirstResponder()
        #expect(field.markedText == nil)
        #expect(field.text == "a")
    }

    // MARK: Bad input

    @Test func invalidUTF8IsStoredAsReplacementCharactersAndEditedWhole() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        type(String(decoding: [0x41, 0xFF, 0xC3, 0x28, 0x42] as [UInt8], as: UTF8.self))
        #expect(field.text == "A\u{FFFD}\u{FFFD}(B")
        press(.keyboardDeleteOrBackspace)
        press(.keyboardDeleteOrBackspace)
        #expect(field.text == "A\u{FFFD}\u{FFFD}")
        // A lone surrogate can't live in a Swift String: Foundation repairs it.
        let lone = String(utf16CodeUnits: [0xD800, 0x43], count: 2)
        type(lone)
        #expect(field.text?.unicodeScalars.allSatisfy { $0.value != 0xD800 } == true)
    }

    @Test func combiningMarksJoinTheirBaseAndDeleteWithIt() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        type("e")
        type("\u{301}")   // combining acute: joins the "e"
        #expect(field.text == "e\u{301}")
        #expect(field.selectedRange == NSRange(location: 2, length: 0))
        type("x")
        press(.keyboardLeftArrow)
        press(.keyboardLeftArrow)
        #expect(field.selectedRange.location == 0, "one step crosses e + accent")
        press(.keyboardDeleteForward)
        #expect(field.text == "x")
        field.text = "\u{301}\u{301}a"   // marks with no base: still one cluster
        press(.keyboardHome)
        press(.keyboardRightArrow)
        #expect(field.selectedRange.location == 2)
        let zalgo = "Z" + String(repeating: "\u{336}\u{34F}", count: 300)
        field.text = zalgo + "!"
        press(.keyboardLeftArrow)
        press(.keyboardDeleteOrBackspace)
        #expect(field.text == "!")
    }

    @Test func emojiZWJSequencesAndFlagsAreSingleGraphemes() {
        defer { flush() }
        let (field, log) = makeField("🇺🇸🇫🇷👩‍👩‍👧‍👦")
        edit(field, log)
        press(.keyboardDeleteOrBackspace)
        #expect(field.text == "🇺🇸🇫🇷")
        press(.keyboardLeftArrow)
        #expect(field.selectedRange.location == 4)
        press(.keyboardDeleteOrBackspace)
        #expect(field.text == "🇫🇷")
        // A regional indicator typed before another joins it into a flag: the caret lands
        // after the whole flag, never inside it.
        field.text = "\u{1F1EB}x"
        press(.keyboardHome)
        type("\u{1F1F7}")
        #expect(field.text == "🇷🇫x")
        #expect(field.selectedRange.location == 4)
        field.selectedRange = NSRange(location: 1, length: 1)   // inside the flag: widened
        #expect(field.selectedRange == NSRange(location: 0, length: 4))
    }

    @Test func rightToLeftTextIsStoredAndEditedByGrapheme() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        let shalom = "\u{5E9}\u{5C1}\u{5B8}\u{5DC}\u{5D5}\u{5B9}\u{5DD}"   // Hebrew with points: letter + marks are one grapheme each
        type(shalom + " abc")
        #expect(field.text == shalom + " abc")
        press(.keyboardHome)
        press(.keyboardRightArrow)
        #expect(field.selectedRange.location == 3, "ש with two points is one step")
        press(.keyboardDeleteOrBackspace)
        #expect(field.text == "\u{5DC}\u{5D5}\u{5B9}\u{5DD} abc")
        press(.keyboardRightArrow, .control)
        #expect(field.selectedRange.location == 4)
        type("مرحبا")
        #expect(field.text == "\u{5DC}\u{5D5}\u{5B9}\u{5DD}مرحبا abc")
    }

    @Test func lineBreaksBecomeSpacesAndControlsAreDropped() {
        defer { flush() }
        let (field, log) = makeField()
        edit(field, log)
        UIPasteboard.general.string = "one\r\ntwo\nthree\rfour\tfive\u{0}\u{7}\u{7F}\u{2028}six"
        press(.keyboardV, .control)
        #expect(field.text == "one two three four five six")
        field.text = "a\nb"
        #expect(field.text == "a b")
    }

    @Test func megabytePasteIsTruncatedAndDoesNotHang() {
        defer { flush() }
        let (field, log) = makeField()
        let counting = CountingTextMeasurer()
        UIApplication.shared.textMeasurer = counting
        defer { UIApplication.shared.textMeasurer = ApproximateTextMeasurer() }   // as init() sets it
        edit(field, log)
        let megabyte = String(repeating: "0123456789abcdeé👍🏽 ", count: 40_000)   // > 1 MB of UTF-8
        #expect(megabyte.utf8.count > 1_000_000)
        UIPasteboard.general.string = megabyte
        let start = ContinuousClock.now
        press(.keyboardV, .control)
        window.layoutIfNeeded()
        flush()
        #expect(log.names == ["editingChanged"])
        let length = field.text?.utf16.count ?? 0
        #expect(length <= UITextField.maximumTextLength)
        #expect(length > UITextField.maximumTextLength - 8, "cut at the last whole grapheme that fits")
        #expect(field.selectedRange.location == length)
        #expect(field.caretView.frame.maxX <= field.contentView.bounds.width)
        // Layout measured a bounded amount, not every prefix of the text.
        #expect(counting.unitsMeasured < 50_000)
        // A frame where only the caret blinks measures nothing.
        let before = counting.calls
        advance(UITextField.caretBlinkInterval + 0.01)
        window.layoutIfNeeded()
        #expect(counting.calls == before)
        // Editing at the end of the huge text and jumping around stays cheap.
        type("z")
        press(.keyboardHome)
        press(.keyboardEnd)
        press(.keyboardLeftArrow, .control)
        press(.keyboardA, .control)
        #expect(counting.unitsMeasured < 150_000)
        #expect(ContinuousClock.now - start < .seconds(20))
        // A full field refuses more text.
        field.selectedRange = NSRange(location: length, length: 0)
        type("more")
        #expect(field.text?.utf16.count ?? 0 <= UITextField.maximumTextLength)
    }

    @Test func longTextSetInCodeIsTruncated() {
        defer { flush() }
        let (field, log) = makeField()
        field.text = String(repeating: "ab", count: 100_000)
        window.layoutIfNeeded()
        flush()
        #expect(field.text?.utf16.count == UITextField.maximumTextLength)
        #expect(log.names.isEmpty)
        #expect(field.sizeThatFits(.zero).width.isFinite)
    }

    @Test func nanAndDegenerateFramesDoNotBreakEditing() {
        defer { flush() }
        let (field, log) = makeField("abc")
        field.frame = CGRect(x: CGFloat.nan, y: CGFloat.nan, width: CGFloat.infinity, height: CGFloat.nan)
        edit(field, log)
        type("d")
        press(.keyboardLeftArrow, .shift)
        window.layoutIfNeeded()
        #expect(field.text == "abcd")
        #expect(field.frame == .zero)
        #expect(field.contentView.frame.width == 0)
        let r = field.caretRectInWindow
        #expect(r.minX.isFinite && r.height.isFinite)
        let offset = field.textOffset(at: CGPoint(x: CGFloat.nan, y: 3))
        #expect(offset >= 0 && offset <= 4)
        field.frame = CGRect(x: 0, y: 0, width: 3, height: 3)   // narrower than one glyph
        for _ in 0..<5 { type("w") }   // the first replaces the selected "d"
        window.layoutIfNeeded()
        #expect(field.text == "abcwwwww")
    }

    @Test func outOfRangeSelectionsAreClamped() {
        defer { flush() }
        let (field, log) = makeField("abc")
        field.selectedRange = NSRange(location: 99, length: 5)
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        field.selectedRange = NSRange(location: -4, length: 2)
        #expect(field.selectedRange == NSRange(location: 0, length: 2))
        field.selectedRange = NSRange(location: NSNotFound, length: 0)
        #expect(field.selectedRange == NSRange(location: 0, length: 0))
        field.selectedRange = NSRange(location: 1, length: -3)
        #expect(field.selectedRange == NSRange(location: 1, length: 0))
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func nilFontAndColourResetToDefaults() {
        defer { flush() }
        let (field, _) = makeField("x")
        field.font = nil
        field.textColor = nil
        #expect(field.font == UITextField.defaultFont)
        #expect(field.textColor == .label)
        field.font = .systemFont(ofSize: .nan)
        window.layoutIfNeeded()
        #expect(field.font?.pointSize.isFinite == true)
    }

    // MARK: Accessibility, size, look

    @Test func accessibilityLabelIsThePlaceholderAndValueTheText() {
        defer { flush() }
        let (field, _) = makeField()
        field.placeholder = "Name"
        #expect(field.isAccessibilityElement)
        #expect(field.accessibilityLabel == "Name")
        #expect(field.accessibilityValue == nil)
        field.text = "Ada"
        #expect(field.accessibilityValue == "Ada")
        field.isSecureTextEntry = true
        #expect(field.accessibilityValue == "•••")
        #expect(field.accessibilityTraits.contains(.keyboardKey))
        #expect(!field.accessibilityTraits.contains(.searchField))
        field.isEnabled = false
        #expect(field.accessibilityTraits.contains(.notEnabled))
        field.accessibilityLabel = "Custom"
        #expect(field.accessibilityLabel == "Custom")
    }

    @Test func placeholderShowsOnlyWhileEmpty() {
        defer { flush() }
        let (field, log) = makeField()
        field.placeholder = "Search"
        window.layoutIfNeeded()
        #expect(!field.placeholderLabel.isHidden)
        #expect(field.placeholderLabel.text == "Search")
        edit(field, log)
        #expect(!field.placeholderLabel.isHidden, "still shown while editing an empty field")
        field.setMarkedText("k", selectedRange: NSRange(location: 1, length: 0))
        window.layoutIfNeeded()
        #expect(field.placeholderLabel.isHidden, "a composition hides it")
        field.unmarkText()
        type("k")
        #expect(field.placeholderLabel.isHidden)
    }

    @Test func sizeThatFitsFollowsStyleAndContent() {
        defer { flush() }
        let field = UITextField(frame: .zero)
        field.borderStyle = .roundedRect
        let empty = field.sizeThatFits(.zero)
        #expect(empty.height == 34)
        field.text = "a longer piece of text"
        let longer = field.intrinsicContentSize
        #expect(longer.width > empty.width + 100)
        field.borderStyle = .none
        #expect(field.sizeThatFits(.zero).height < 34)
        field.clearButtonMode = .always
        #expect(field.sizeThatFits(.zero).width > longer.width - 16)
    }

    @Test func primaryControlEventIsEditingDidEndOnExit() {
        defer { flush() }
        let field = UITextField(frame: .zero)
        #expect(field.primaryControlEvent == .editingDidEndOnExit)
        #expect(field.canBecomeFirstResponder)
        #expect(field.canBecomeFocused)
    }

    @Test func accessibilityActivateBeginsEditing() {
        defer { flush() }
        let (field, log) = makeField()
        #expect(field.accessibilityActivate())
        flush()
        #expect(field.isEditing)
        #expect(log.names == ["editingDidBegin"])
    }

    @Test func editActionsTravelTheResponderChain() {
        defer { flush() }
        let (field, log) = makeField("chain")
        edit(field, log)
        field.selectedRange = NSRange(location: 0, length: 5)
        #expect(UIApplication.shared.sendAction("copy:", to: nil, from: field, for: nil), "starts at the first responder of the sender's window")
        #expect(UIPasteboard.general.string == "chain")
        #expect(field.canPerformAction("selectAll:", withSender: nil))
        field.selectedRange = NSRange(location: 5, length: 0)
        #expect(!field.canPerformAction("copy:", withSender: nil), "nothing selected")
    }

    @Test func stateChangesMarkTheFieldForRedraw() {
        defer { flush() }
        let (field, log) = makeField("x")
        var g = field.appearanceGeneration
        edit(field, log)
        #expect(field.appearanceGeneration != g, "the editing border")
        g = field.appearanceGeneration
        field.borderStyle = .bezel
        #expect(field.appearanceGeneration != g)
        g = field.appearanceGeneration
        field.tintColor = .systemRed
        window.layoutIfNeeded()
        #expect(field.caretView.backgroundColor == .systemRed)
        #expect(field.appearanceGeneration != g)
    }
}
