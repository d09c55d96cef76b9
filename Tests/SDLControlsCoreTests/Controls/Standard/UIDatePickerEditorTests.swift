import Testing
import Foundation
@testable import SDLControlsCore

/// The pills and their editors (rule D7 as it applies to them): a tap on a pill opens its
/// editor in a panel above everything; a change there is the picker's own (valueChanged then
/// primaryActionTriggered); a tap outside, the pill again, Escape, B, leaving the window,
/// being disabled or hidden, or a new mode closes it; code changes show in it and send nothing.
@MainActor
struct UIDatePickerEditorTests {
    let window = makeTestWindow(size: CGSize(width: 480, height: 640))
    let picker: UIDatePicker
    let log: EventLog
    static let utc = PickerDates.utc
    static var gregorian: Calendar { PickerDates.gregorian }
    static func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Date { PickerDates.day(y, m, d, h, min) }

    init() {
        picker = UIDatePicker(frame: CGRect(x: 20, y: 20, width: 320, height: 34))
        picker.locale = Locale(identifier: "en_US_POSIX")
        picker.calendar = Self.gregorian
        picker.timeZone = Self.utc
        picker.nowOverride = Self.day(2024, 6, 3, 12)
        picker.datePickerMode = .dateAndTime
        picker.preferredDatePickerStyle = .compact
        picker.date = Self.day(2024, 6, 15, 10, 30)
        window.addSubview(picker)
        log = EventLog(picker)
    }

    private var valueEvents: [String] { log.names.filter { $0 == "valueChanged" || $0 == "primaryActionTriggered" } }

    private func tap(_ element: UIDatePicker.Element) {
        window.simulateTap(at: picker.convert(picker.centre(of: element)!, to: nil))
        _ = flush()
    }

    private var popover: DatePickerPopover? { window.subviews.last as? DatePickerPopover }

    private func run(_ seconds: TimeInterval) { runFrames(window, seconds) }

    @Test func theDatePillOpensTheCalendarAndADayPickedThereIsThePickersChange() throws {
        #expect(picker.pills.map(\.element) == [.datePill, .timePill])
        tap(.datePill)
        let editor = try #require(popover?.editor)
        #expect(editor.datePickerMode == .date && editor.datePickerStyle == .inline)
        #expect(picker.editorElement == .datePill)
        #expect(log.names == ["touchDown", "touchUpInside"], "opening changes nothing")
        let day20 = editor.convert(editor.centre(of: .day(19))!, to: nil)
        window.simulateTap(at: day20)
        _ = flush()
        _ = flush()
        #expect(picker.date == Self.day(2024, 6, 20, 10, 30), "the day changes, the time stays")
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
        #expect(popover != nil, "it stays open for another pick")
    }

    @Test func theTimePillOpensTheWheelsAndASettledWheelIsThePickersChange() throws {
        tap(.timePill)
        let editor = try #require(popover?.editor)
        #expect(editor.datePickerMode == .time && editor.datePickerStyle == .wheels)
        let column = editor.wheelColumns.firstIndex { $0.kind == .minute }!
        let rect = editor.convert(editor.wheelColumns[column].rect, to: nil)
        let band = editor.convert(CGPoint(x: 0, y: editor.wheelBand.midY), to: nil).y
        window.simulateTap(at: CGPoint(x: rect.midX, y: band + UIDatePicker.wheelRowHeight))   // the row below: 31
        run(1)
        _ = flush()
        #expect(picker.date == Self.day(2024, 6, 15, 10, 31))
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
        #expect(picker.pillText(.timePill).hasPrefix("10:31"))
    }

    @Test func aTapOutsideClosesItAndReachesNothingElse() {
        var tapped = 0
        let button = addButton("Under", CGRect(x: 20, y: 560, width: 120, height: 40), to: window)
        button.addAction(UIAction { _ in tapped += 1 }, for: .primaryActionTriggered)
        tap(.datePill)
        #expect(popover != nil)
        window.simulateTap(at: CGPoint(x: 80, y: 580))
        _ = flush()
        #expect(popover == nil && picker.editorElement == nil)
        #expect(tapped == 0, "the tap that closes the editor does nothing else")
        window.simulateTap(at: CGPoint(x: 80, y: 580))
        _ = flush()
        #expect(tapped == 1)
    }

    @Test func thePillAgainClosesItAndTheOtherPillSwapsIt() {
        tap(.datePill)
        tap(.timePill)   // on the cover: closes the date editor (a tap outside the panel)
        #expect(popover == nil)
        tap(.timePill)
        #expect(popover?.element == .timePill)
    }

    @Test func escapeAndControllerBCloseItAndFocusComesBack() throws {
        window.isFocusRingVisible = true
        #expect(window.setFocusedView(picker))
        #expect(picker.accessibilityActivate(), "A, Space or Return open the first pill's editor")
        let editor = try #require(popover?.editor)
        #expect(window.focusedView === editor, "a keyboard or controller user lands in the editor")
        #expect(window.send(.buttonDown(.east, timestamp: 0)))
        #expect(popover == nil)
        #expect(window.focusedView === picker, "focus comes back to the picker")
        #expect(picker.accessibilityActivate())
        #expect(window.focusedView === popover?.editor)
        let t = window.frameClock.currentTime
        window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardEscape), timestamp: t))
        window.send(UIPress(phase: .ended, key: UIKey(keyCode: .keyboardEscape), timestamp: t))
        #expect(popover == nil)
    }

    @Test func leavingTheWindowDisablingHidingOrANewModeClosesIt() {
        for close in [{ picker.removeFromSuperview() }, { picker.isEnabled = false }, { picker.isHidden = true },
                      { picker.datePickerMode = .date }] as [() -> Void] {
            window.addSubview(picker)
            picker.isEnabled = true
            picker.isHidden = false
            picker.datePickerMode = .dateAndTime
            tap(.datePill)
            #expect(popover != nil)
            close()
            #expect(popover == nil && picker.editorElement == nil)
        }
        picker.removeFromSuperview()
        #expect(!picker.accessibilityActivate() || picker.editorElement == nil, "out of a window there is nowhere to open it")
        #expect(picker.editorElement == nil)
    }

    @Test func aDateSetInCodeShowsInTheEditorAndSendsNothing() throws {
        tap(.datePill)
        picker.date = Self.day(2025, 1, 2, 10, 30)
        let editor = try #require(popover?.editor)
        #expect(editor.date == Self.day(2025, 1, 2, 10, 30))
        _ = flush()
        #expect(valueEvents.isEmpty)
    }

    @Test func thePanelStaysInTheWindowAndOpensAboveAPillNearTheBottom() throws {
        picker.frame = CGRect(x: 400, y: 590, width: 320, height: 34)   // near the bottom right
        tap(.datePill)
        let panel = try #require(popover?.editor.superview)
        let frame = panel.convert(panel.bounds, to: nil)
        #expect(window.bounds.contains(frame), "\(frame)")
        #expect(frame.maxY <= picker.frame.minY, "above the pill")
    }
}

extension UIDatePickerEditorTests {
    @Test func focusStaysInTheOpenEditor() throws {
        let below = addButton("Below", CGRect(x: 20, y: 600, width: 120, height: 30), to: window)
        window.isFocusRingVisible = true
        #expect(window.setFocusedView(picker))
        #expect(picker.accessibilityActivate())
        let editor = try #require(popover?.editor)
        #expect(window.focusableViews.allSatisfy { $0 === editor || $0.isDescendant(of: popover!) }, "only the panel's views")
        #expect(!window.focusableViews.contains { $0 === below })
        for _ in 0..<3 { window.send(.buttonDown(.dpadDown, timestamp: 0)); window.send(.buttonUp(.dpadDown, timestamp: 0)) }
        #expect(window.focusedView === editor, "the D-pad can't leave it")
        window.send(.buttonDown(.east, timestamp: 0))
        #expect(window.focusableViews.contains { $0 === below }, "closed: the rest of the window again")
    }
}

extension UIDatePickerEditorTests {
    @Test func thePanelGrowsWithItsCalendarSoEveryWeekCanBePicked() throws {
        picker.date = Self.day(2026, 2, 10, 10, 30)   // February 2026: four weeks
        tap(.datePill)
        let editor = try #require(popover?.editor)
        let before = editor.bounds.height
        window.simulateTap(at: editor.convert(editor.centre(of: .nextMonth)!, to: nil))   // March: five weeks
        _ = flush()
        window.layoutIfNeeded()
        #expect(editor.bounds.height == before + 40, "a week taller")
        window.simulateTap(at: editor.convert(editor.centre(of: .day(28))!, to: nil))   // 29 March, in the fifth week
        _ = flush()
        _ = flush()
        #expect(picker.date == Self.day(2026, 3, 29, 10, 30))
    }

    @Test func escapeClosesAnEditorOpenedByATap() {
        tap(.timePill)
        #expect(popover != nil)
        #expect(window.focusedView.map { !$0.isDescendant(of: popover!) } ?? true, "a tap leaves focus outside the panel")
        let t = window.frameClock.currentTime
        window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardEscape), timestamp: t))
        window.send(UIPress(phase: .ended, key: UIKey(keyCode: .keyboardEscape), timestamp: t))
        #expect(popover == nil)
    }

    @Test func settingsChangedInCodeCloseTheEditor() {
        for change in [{ picker.minuteInterval = 30 }, { picker.maximumDate = Self.day(2024, 6, 15, 10, 45) },
                       { picker.locale = Locale(identifier: "en_GB") }, { picker.roundsToMinuteInterval = false }] as [() -> Void] {
            tap(.timePill)
            #expect(popover != nil)
            change()
            #expect(popover == nil, "the editor had the old settings")
        }
    }

    @Test func pillsResizeThePickerAsTheirTextChanges() {
        picker.date = Self.day(2024, 6, 5, 1, 5)       // short texts: "Jun 5, 2024", "1:05 AM"
        let before = picker.intrinsicContentSize.width
        picker.date = Self.day(2024, 12, 31, 12, 55)   // longer texts: "Dec 31, 2024", "12:55 PM"
        #expect(picker.intrinsicContentSize.width > before)
        #expect(picker.intrinsicContentSize.width == picker.pillWidth(.datePill) + 6 + picker.pillWidth(.timePill))
    }
}
