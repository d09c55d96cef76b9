import Testing
import Foundation
@testable import SDLControlsCore

/// Rule D7 (and B11, C4–C8 as they apply to the picker): user changes send valueChanged
/// then primaryActionTriggered; code sends nothing; the date stays within the limits.
///
/// Everything is deterministic: UTC, an explicit locale, an explicit Gregorian calendar
/// and fixed dates. The picker starts on Saturday 15 June 2024, 10:30:00 UTC; June 2024
/// begins on a Saturday, so with Sunday-first weeks six blank cells come before day 1.
@MainActor
struct UIDatePickerTests {
    let window = makeTestWindow(size: CGSize(width: 480, height: 480))
    let picker: UIDatePicker
    let log: EventLog

    static let utc = PickerDates.utc
    static let posix = Locale(identifier: "en_US_POSIX")
    static var gregorian: Calendar { PickerDates.gregorian }
    static func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Date { PickerDates.day(y, m, d, h, min, s) }

    static let start = day(2024, 6, 15, 10, 30)

    init() {
        picker = UIDatePicker(frame: CGRect(x: 40, y: 20, width: 320, height: 380))
        picker.locale = Self.posix
        picker.calendar = Self.gregorian
        picker.timeZone = Self.utc
        picker.nowOverride = Self.day(2024, 6, 3, 12)
        picker.datePickerMode = .dateAndTime
        picker.date = Self.start
        window.addSubview(picker)
        log = EventLog(picker)
    }

    // MARK: Helpers

    /// The window point at the centre of an element.
    private func point(_ element: UIDatePicker.Element) -> CGPoint {
        let p = picker.centre(of: element)
        #expect(p != nil, "element \(element) is laid out")
        return picker.convert(p ?? .zero, to: nil)
    }

    /// Day `n` (1-based) of the displayed month.
    private func dayPoint(_ n: Int) -> CGPoint { point(.day(n - 1)) }

    private func tap(_ element: UIDatePicker.Element) {
        window.simulateTap(at: point(element))
        flush()
    }

    private func key(_ code: UIKeyboardHIDUsage, _ flags: UIKeyModifierFlags = []) {
        let t = window.frameClock.currentTime
        window.send(UIPress(phase: .began, key: UIKey(keyCode: code, modifierFlags: flags), timestamp: t))
        window.send(UIPress(phase: .ended, key: UIKey(keyCode: code, modifierFlags: flags), timestamp: t))
        flush()
    }

    /// Only the value events, in order.
    private var valueEvents: [String] {
        log.names.filter { $0 == "valueChanged" || $0 == "primaryActionTriggered" }
    }

    /// The accessibility value with CLDR's narrow no-break space before AM/PM made plain.
    private var spokenValue: String? { picker.accessibilityValue?.replacingOccurrences(of: "\u{202F}", with: " ") }

    private func components(_ d: Date) -> DateComponents {
        Self.gregorian.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
    }

    // MARK: Defaults (B11, D7)

    @Test func d7_defaultsMatchUIKit() {
        let fresh = UIDatePicker(frame: .zero)
        #expect(fresh.datePickerMode == .dateAndTime)
        #expect(fresh.minuteInterval == 1)
        #expect(fresh.countDownDuration == 0)
        #expect(fresh.roundsToMinuteInterval)
        #expect(fresh.minimumDate == nil && fresh.maximumDate == nil)
        #expect(fresh.locale == nil && fresh.timeZone == nil)
        #expect(fresh.preferredDatePickerStyle == .automatic)
        #expect(fresh.datePickerStyle == .inline)
        #expect(abs(fresh.date.timeIntervalSinceNow) < 120, "a new picker shows now")
        #expect(fresh.primaryControlEvent == .valueChanged)   // B11
        #expect(UIDatePicker.Mode.countDownTimer.rawValue == 3 && UIDatePickerStyle.inline.rawValue == 3)
    }

    @Test func d7_naturalSizePerMode() {
        picker.datePickerMode = .date
        #expect(picker.sizeThatFits(.zero) == CGSize(width: 320, height: 320), "June 2024 spans six weeks")
        picker.datePickerMode = .time
        let pill = picker.pillWidth(.timePill)
        #expect(picker.intrinsicContentSize == CGSize(width: pill, height: 34), "inline time is its pill, as compact")
        picker.datePickerMode = .countDownTimer
        #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 52))
        picker.datePickerMode = .dateAndTime
        #expect(picker.sizeThatFits(CGSize(width: 999, height: 999)) == CGSize(width: 320, height: 380))
        picker.preferredDatePickerStyle = .compact
        #expect(picker.intrinsicContentSize == CGSize(width: picker.pillWidth(.datePill) + 6 + pill, height: 34))
        picker.preferredDatePickerStyle = .wheels
        #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 216))
    }

    @Test func d7_theCalendarIsAsTallAsItsMonthsWeeks() {
        picker.datePickerMode = .date
        picker.date = Self.day(2024, 7, 10)   // July 2024: five weeks
        #expect(picker.intrinsicContentSize.height == 280, "no empty sixth week")
        picker.date = Self.day(2026, 2, 10)   // February 2026: four weeks exactly
        #expect(picker.intrinsicContentSize.height == 240)
        tap(.nextMonth)                       // March 2026: five weeks
        #expect(picker.intrinsicContentSize.height == 280, "turning the month resizes it")
        picker.datePickerMode = .dateAndTime
        #expect(picker.intrinsicContentSize.height == 300, "240 and a gap of 8, then the 52-point time row follows the last week (the date's month shown again)")
    }

    // MARK: Code changes send nothing (D7)

    @Test func d7_settingValuesInCodeSendsNothing() {
        picker.date = Self.day(2024, 7, 1)
        picker.setDate(Self.day(2024, 8, 2), animated: true)
        picker.minimumDate = Self.day(2024, 9, 1)      // clamps the date
        picker.maximumDate = Self.day(2024, 12, 1)
        picker.minuteInterval = 5
        picker.countDownDuration = 600
        picker.datePickerMode = .time
        picker.timeZone = TimeZone(secondsFromGMT: 3600)
        picker.locale = Locale(identifier: "en_GB")
        flush()
        #expect(log.names.isEmpty)
        #expect(picker.date == Self.day(2024, 9, 1))
    }

    // MARK: Taps (D7, C4, C6)

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func d7_tapOnDaySendsValueChangedThenPrimaryAction(_ mode: ActionDelivery) {
        UIApplication.shared.actionDelivery = mode
        defer { UIApplication.shared.actionDelivery = .batched }
        var seenInAction: Date?
        picker.addAction(UIAction { [picker] _ in seenInAction = picker.date }, for: .valueChanged)
        window.simulateTap(at: dayPoint(20))
        flush()
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
        #expect(picker.date == Self.day(2024, 6, 20, 10, 30), "the time of day is kept")
        #expect(seenInAction == picker.date, "the action sees the new date")
    }

    @Test func d7_tapOnSelectedDayChangesNothing() {
        tap(.day(14))   // 15 June, already selected
        #expect(!log.names.contains("valueChanged"))
        #expect(picker.date == Self.start)
    }

    @Test func d7_dragAwayCancelsThePendingTap() {
        window.simulateTouchDown(at: dayPoint(20))
        #expect(picker.pressedElement == .day(19) && picker.pressedIsInside)
        window.simulateTouchMove(to: dayPoint(22))
        #expect(!picker.pressedIsInside, "the pressed day loses its highlight")
        window.simulateTouchUp(at: dayPoint(22))
        flush()
        #expect(picker.date == Self.start, "lifting on another day selects nothing")
        #expect(valueEvents.isEmpty)
        #expect(log.collapsed == ["touchDown", "dragInside", "touchUpInside"], "C6: still inside the slop")
        #expect(picker.pressedElement == nil)
    }

    @Test func d7_dragAwayAndBackStillTaps() {
        window.simulateTouchDown(at: dayPoint(20))
        window.simulateTouchMove(to: dayPoint(22))
        window.simulateTouchMove(to: dayPoint(20))
        #expect(picker.pressedIsInside)
        window.simulateTouchUp(at: dayPoint(20))
        flush()
        #expect(picker.date == Self.day(2024, 6, 20, 10, 30))
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
    }

    @Test func d7_liftOutsideTheSlopChangesNothing() {
        let down = dayPoint(20)
        window.simulateTouchDown(at: down)
        // The picker spans x 40…360, y 20…400; the slop reaches x 430, y 470.
        let far = CGPoint(x: 475, y: 475)
        window.simulateTouchMove(to: far)
        window.simulateTouchUp(at: far)
        flush()
        #expect(picker.date == Self.start)
        #expect(valueEvents.isEmpty)
        #expect(log.collapsed == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        #expect(!picker.isTracking)
    }

    @Test func c8_removalMidPressCancelsWithoutChange() {
        window.simulateTouchDown(at: dayPoint(20))
        picker.removeFromSuperview()
        flush()
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(picker.pressedElement == nil)
        #expect(picker.date == Self.start)
    }

    @Test func d7_touchOnEmptyAreaIsNotTracked() {
        // The blank cells before 1 June, and the middle of a time field.
        let blank = picker.convert(picker.cellRect(0, in: picker.displayedMonth!).center, to: nil)
        window.simulateTap(at: blank)
        let layout = picker.timeRowLayout()
        window.simulateTap(at: picker.convert(CGPoint(x: layout.hourPill.midX, y: layout.hourPill.midY), to: nil))
        flush()
        #expect(log.names.isEmpty, "C3: nothing is tracked there")
    }

    // MARK: Months (D7: turning the month is not a value change)

    @Test func d7_monthArrowsChangeOnlyTheDisplayedMonth() {
        tap(.nextMonth)
        #expect(picker.date == Self.start)
        #expect(valueEvents.isEmpty)
        #expect(components(picker.displayedMonthStart).month == 7)
        #expect(picker.monthTitle == "July 2024")
        // July 2024 starts on a Monday: one blank cell.
        #expect(picker.displayedMonth?.leadingBlanks == 1)
        log.clear()
        tap(.day(4))
        #expect(picker.date == Self.day(2024, 7, 5, 10, 30))
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
        tap(.previousMonth)
        tap(.previousMonth)
        #expect(picker.monthTitle == "May 2024")
        #expect(picker.date == Self.day(2024, 7, 5, 10, 30))
    }

    @Test func d7_settingTheDateShowsItsMonth() {
        tap(.nextMonth)
        picker.date = Self.day(2023, 2, 10)
        #expect(picker.monthTitle == "February 2023")
        #expect(picker.displayedMonth?.dayCount == 28)
    }

    // MARK: Limits (D7)

    @Test func d7_dateIsClampedToTheLimits() {
        picker.minimumDate = Self.day(2024, 6, 10, 12)
        picker.maximumDate = Self.day(2024, 6, 20, 18)
        picker.date = Self.day(2024, 1, 1)
        #expect(picker.date == Self.day(2024, 6, 10, 12))
        picker.date = Self.day(2025, 1, 1)
        #expect(picker.date == Self.day(2024, 6, 20, 18))
        picker.date = Self.day(2024, 6, 15, 9)
        #expect(picker.date == Self.day(2024, 6, 15, 9))
        // A limit set later clamps the date already there.
        picker.minimumDate = Self.day(2024, 6, 16)
        #expect(picker.date == Self.day(2024, 6, 16))
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func d7_daysOutsideTheLimitsAreDimmedAndNotSelectable() {
        picker.minimumDate = Self.day(2024, 6, 10, 12)
        picker.maximumDate = Self.day(2024, 6, 20, 18)
        let month = picker.displayedMonth!
        #expect(!picker.isDaySelectable(4, in: month))    // 5 June
        #expect(picker.isDaySelectable(9, in: month))     // 10 June (partly allowed)
        #expect(picker.isDaySelectable(19, in: month))    // 20 June
        #expect(!picker.isDaySelectable(20, in: month))   // 21 June
        tap(.day(4))
        #expect(log.names.isEmpty, "no touchDown either: the day is inert")
        #expect(picker.date == Self.start)
        // A day that is partly allowed gives the allowed part: 10 June 10:30 becomes 12:00.
        tap(.day(9))
        #expect(picker.date == Self.day(2024, 6, 10, 12))
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
    }

    @Test func d7_monthArrowsStopAtTheLimits() {
        picker.minimumDate = Self.day(2024, 6, 1)
        picker.maximumDate = Self.day(2024, 7, 3)
        #expect(!picker.isElementEnabled(.previousMonth))
        tap(.previousMonth)
        #expect(picker.monthTitle == "June 2024")
        #expect(log.names.isEmpty)
        tap(.nextMonth)
        #expect(picker.monthTitle == "July 2024")
        #expect(!picker.isElementEnabled(.nextMonth))
        tap(.nextMonth)
        #expect(picker.monthTitle == "July 2024")
    }

    @Test func d7_minimumAfterMaximumIgnoresBothLimits() {
        picker.maximumDate = Self.day(2024, 7, 1)
        picker.minimumDate = Self.day(2024, 8, 1)
        #expect(picker.date == Self.start, "UIKit ignores min and max when min > max")
        #expect(picker.isElementEnabled(.day(0)) && picker.isElementEnabled(.day(29)))
        picker.date = Self.day(2030, 1, 1)
        #expect(picker.date == Self.day(2030, 1, 1))
        // Fixing the limits applies them again.
        picker.maximumDate = Self.day(2024, 9, 1)
        #expect(picker.date == Self.day(2024, 9, 1))
    }

    @Test func d7_badDatesAreRejectedOrClamped() {
        picker.date = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(picker.date == Self.start, "NaN is ignored")
        picker.date = Date(timeIntervalSinceReferenceDate: .infinity)
        #expect(picker.date == Self.start, "infinity is ignored")
        picker.date = Date(timeIntervalSinceReferenceDate: 1e15)
        #expect(picker.date == Date.distantFuture)
        picker.date = Date(timeIntervalSinceReferenceDate: -1e15)
        #expect(picker.date == Date.distantPast)
        picker.minimumDate = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(picker.minimumDate == nil)
        picker.maximumDate = Date(timeIntervalSinceReferenceDate: -.infinity)
        #expect(picker.maximumDate == nil)
    }

    @Test func d7_distantPastAndFutureStillDrawAGrid() {
        picker.date = .distantPast
        #expect(picker.date == .distantPast)
        let first = picker.displayedMonth
        #expect(first != nil && first!.dayCount >= 28)
        #expect(!picker.isElementEnabled(.previousMonth), "nothing before distantPast")
        picker.datePickerMode = .date
        picker.accessibilityDecrement()
        flush()
        #expect(log.names.isEmpty, "a day before distantPast does not exist")
        picker.date = .distantFuture
        #expect(picker.date == .distantFuture)
        #expect(picker.displayedMonth != nil)
        #expect(!picker.isElementEnabled(.nextMonth))
        picker.accessibilityIncrement()
        flush()
        #expect(picker.date == .distantFuture)
        #expect(log.names.isEmpty)
        #expect(!picker.formattedValue.isEmpty)
    }

    // MARK: Time (D7)

    /// Up and Down step the minutes, Left and Right the hours, on a focused `.time` picker.
    private func focusTimePicker() {
        picker.datePickerMode = .time
        #expect(window.setFocusedView(picker))
    }

    @Test func d7_timeKeysStepHoursAndMinutes() {
        focusTimePicker()
        key(.keyboardUpArrow)
        #expect(components(picker.date).minute == 31)
        key(.keyboardRightArrow)
        #expect(components(picker.date).hour == 11)
        key(.keyboardLeftArrow)
        key(.keyboardLeftArrow)
        #expect(components(picker.date).hour == 9)
        key(.keyboardDownArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 9, 30))
        #expect(valueEvents == Array(repeating: ["valueChanged", "primaryActionTriggered"], count: 5).flatMap { $0 })
    }

    @Test func d7_timeWrapsWithinTheDay() {
        focusTimePicker()
        picker.date = Self.day(2024, 6, 15, 23, 59)
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 0, 0), "the same day, not the next")
        key(.keyboardLeftArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 23, 0))
    }

    @Test func d7_userTimeChangesZeroTheSeconds() {
        focusTimePicker()
        picker.date = Self.day(2024, 6, 15, 10, 30, 45)
        #expect(components(picker.date).second == 45, "minuteInterval 1 keeps the seconds of a date set in code")
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 31, 0))
    }

    @Test func d7_minuteIntervalRoundsAndSteps() {
        focusTimePicker()
        picker.minuteInterval = 15
        picker.date = Self.day(2024, 6, 15, 10, 37, 20)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 30), "rounded down to the interval")
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 45))
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 11, 0))
        key(.keyboardDownArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 45))
        // Without rounding, steps go from the minute shown.
        picker.roundsToMinuteInterval = false
        picker.date = Self.day(2024, 6, 15, 10, 37)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 37))
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 52))
        // Changing the interval re-rounds a rounding picker.
        picker.roundsToMinuteInterval = true
        #expect(picker.date == Self.day(2024, 6, 15, 10, 45))
        picker.minuteInterval = 20
        #expect(picker.date == Self.day(2024, 6, 15, 10, 40))
    }

    @Test func d7_roundingFollowsTheTimeZoneWallClock() {
        picker.datePickerMode = .time
        picker.timeZone = TimeZone(secondsFromGMT: 5 * 3600 + 45 * 60)   // +05:45
        picker.minuteInterval = 30
        // 10:00 UTC is 15:45 there: rounded down to 15:30 local = 09:45 UTC.
        picker.date = Self.day(2024, 6, 15, 10, 0)
        #expect(picker.date == Self.day(2024, 6, 15, 9, 45))
    }

    @Test(arguments: [0, 7, 61, -5, 45, 31])
    func d7_invalidMinuteIntervalIsIgnored(_ value: Int) {
        picker.minuteInterval = 5
        picker.minuteInterval = value
        #expect(picker.minuteInterval == 5)
    }

    @Test func d7_validMinuteIntervals() {
        for v in [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30] {
            picker.minuteInterval = v
            #expect(picker.minuteInterval == v)
        }
    }

    @Test func d7_amPmFollowsTheLocale() {
        picker.datePickerMode = .time
        #expect(picker.formatters.uses12HourClock, "en_US_POSIX uses AM/PM")
        #expect(picker.hourText(minuteOfDay: 0) == "12")
        #expect(picker.hourText(minuteOfDay: 13 * 60) == "1")
        #expect(picker.pillText(.timePill).replacingOccurrences(of: "\u{202F}", with: " ") == "10:30 AM")
        picker.locale = Locale(identifier: "en_GB")
        #expect(!picker.formatters.uses12HourClock)
        #expect(picker.hourText(minuteOfDay: 9 * 60) == "09")
        #expect(picker.pillText(.timePill) == "10:30")
    }

    @Test func d7_timeKeysAtTheLimitAreInert() {
        focusTimePicker()
        picker.maximumDate = Self.day(2024, 6, 15, 10, 30)
        key(.keyboardUpArrow)
        key(.keyboardRightArrow)
        #expect(valueEvents.isEmpty)
        key(.keyboardDownArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 29))
    }

    // MARK: Count-down (D7)

    @Test func d7_countDownSteppers() {
        picker.datePickerMode = .countDownTimer
        picker.countDownDuration = 90 * 60
        tap(.hourUp)
        #expect(picker.countDownDuration == 150 * 60)
        tap(.minuteDown)
        #expect(picker.countDownDuration == 149 * 60)
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered", "valueChanged", "primaryActionTriggered"])
        #expect(picker.date == Self.start, "the date is untouched in count-down mode")
        picker.countDownDuration = 30 * 60
        #expect(!picker.isElementEnabled(.hourDown), "a duration stops at 0")
        picker.countDownDuration = 23 * 3600 + 59 * 60
        #expect(!picker.isElementEnabled(.minuteUp) && !picker.isElementEnabled(.hourUp), "and at 23:59")
        #expect(picker.accessibilityValue == "23 hours, 59 minutes")
    }

    @Test func d7_countDownDurationIsClampedAndRounded() {
        picker.countDownDuration = 90_000
        #expect(picker.countDownDuration == 86_340, "23:59 at most")
        picker.countDownDuration = -5
        #expect(picker.countDownDuration == 0)
        picker.countDownDuration = 125.7
        #expect(picker.countDownDuration == 120, "whole minutes")
        picker.countDownDuration = .nan
        #expect(picker.countDownDuration == 120, "NaN is ignored")
        picker.countDownDuration = .infinity
        #expect(picker.countDownDuration == 86_340)
        picker.countDownDuration = -.infinity
        #expect(picker.countDownDuration == 0)
        picker.minuteInterval = 5
        picker.countDownDuration = 86_399
        #expect(picker.countDownDuration == 86_100, "23:55: the last multiple of 5 minutes")
        picker.countDownDuration = 7 * 60
        #expect(picker.countDownDuration == 5 * 60)
        picker.minuteInterval = 10
        #expect(picker.countDownDuration == 0, "changing the interval re-rounds")
        flush()
        #expect(log.names.isEmpty)
    }

    // MARK: Keyboard (D7)

    @Test func d7_arrowsMoveTheDayAndWeek() {
        #expect(window.setFocusedView(picker))
        #expect(picker.isFirstResponder, "the focused picker reads the arrows")
        key(.keyboardRightArrow)
        #expect(picker.date == Self.day(2024, 6, 16, 10, 30))
        key(.keyboardLeftArrow)
        key(.keyboardLeftArrow)
        #expect(picker.date == Self.day(2024, 6, 14, 10, 30))
        key(.keyboardDownArrow)
        #expect(picker.date == Self.day(2024, 6, 21, 10, 30))
        key(.keyboardUpArrow)
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 7, 10, 30))
        #expect(log.names == Array(repeating: ["valueChanged", "primaryActionTriggered"], count: 6).flatMap { $0 },
                "keys send value events only, no touch events")
    }

    @Test func d7_keyboardMovesTheGridToTheNewMonth() {
        window.setFocusedView(picker)
        picker.date = Self.day(2024, 1, 31, 8)
        key(.keyboardPageDown)
        #expect(picker.date == Self.day(2024, 2, 29, 8), "Page Down keeps the day where the month has it")
        #expect(picker.monthTitle == "February 2024")
        key(.keyboardRightArrow)
        #expect(picker.monthTitle == "March 2024")
        key(.keyboardPageUp)
        #expect(picker.date == Self.day(2024, 2, 1, 8))
    }

    @Test func d7_shiftArrowsStepTheTimeInDateAndTimeMode() {
        window.setFocusedView(picker)
        picker.minuteInterval = 5
        key(.keyboardUpArrow, .shift)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 35))
        key(.keyboardRightArrow, .shift)
        #expect(picker.date == Self.day(2024, 6, 15, 11, 35))
    }

    @Test func d7_upDownStepMinutesInTimeMode() {
        picker.datePickerMode = .time
        picker.minuteInterval = 10
        window.setFocusedView(picker)
        key(.keyboardUpArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 40))
        key(.keyboardDownArrow)
        key(.keyboardDownArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 10, 20))
        key(.keyboardLeftArrow)
        #expect(picker.date == Self.day(2024, 6, 15, 9, 20))
        #expect(valueEvents.count == 8)
    }

    @Test func d7_keysAtTheLimitSendNothing() {
        picker.maximumDate = Self.start
        window.setFocusedView(picker)
        key(.keyboardRightArrow)
        key(.keyboardDownArrow)
        #expect(picker.date == Self.start)
        #expect(log.names.isEmpty)
    }

    @Test func d7_rightToLeftSwapsLeftAndRight() {
        picker.semanticContentAttribute = .forceRightToLeft
        window.setFocusedView(picker)
        key(.keyboardRightArrow)
        #expect(picker.date == Self.day(2024, 6, 14, 10, 30))
        // The grid is mirrored: day 1 (a Saturday, the last column) sits at the left edge.
        let month = picker.displayedMonth!
        #expect(picker.cellRect(month.leadingBlanks, in: month).minX < picker.bounds.midX)
    }

    @Test func d7_tabAndOtherKeysStillReachTheWindow() {
        let other = UIDatePicker(frame: CGRect(x: 40, y: 410, width: 320, height: 52))
        other.datePickerMode = .time
        window.addSubview(other)
        window.setFocusedView(picker)
        key(.keyboardTab)
        #expect(window.focusedView === other)
        #expect(!picker.isFirstResponder, "leaving focus gives up first responder")
        key(.keyboardSpacebar)
        #expect(log.names.isEmpty)
    }

    @Test func d7_keysDoNothingWhenNotFocused() {
        window.setFocusedView(picker)
        window.setFocusedView(nil)
        key(.keyboardRightArrow)
        #expect(picker.date == Self.start)
        #expect(log.names.isEmpty)
    }

    // MARK: Accessibility (D7)

    @Test func d7_accessibilityValueAndTraits() {
        #expect(picker.accessibilityTraits.contains(.adjustable))
        #expect(spokenValue == "June 15, 2024 at 10:30 AM")
        picker.datePickerMode = .date
        #expect(picker.accessibilityValue == "June 15, 2024")
        picker.datePickerMode = .time
        #expect(spokenValue == "10:30 AM")
        picker.locale = Locale(identifier: "en_GB")
        #expect(picker.accessibilityValue == "10:30")
        picker.datePickerMode = .date
        #expect(picker.accessibilityValue == "15 June 2024")
        picker.datePickerMode = .countDownTimer
        picker.countDownDuration = 90 * 60
        #expect(picker.accessibilityValue == "1 hour, 30 minutes")
        picker.accessibilityValue = "custom"
        #expect(picker.accessibilityValue == "custom")
        picker.isEnabled = false
        #expect(picker.accessibilityTraits.contains(.notEnabled))
    }

    @Test func d7_accessibilityIncrementAndDecrementAreUserChanges() {
        picker.accessibilityIncrement()
        flush()
        #expect(picker.date == Self.day(2024, 6, 16, 10, 30))
        #expect(log.names == ["valueChanged", "primaryActionTriggered"])
        picker.datePickerMode = .time
        picker.accessibilityDecrement()
        #expect(picker.date == Self.day(2024, 6, 16, 10, 29))
        picker.datePickerMode = .countDownTimer
        picker.accessibilityIncrement()
        #expect(picker.countDownDuration == 60)
        flush()
        #expect(valueEvents.count == 6)
        #expect(picker.accessibilityActivate() == false, "Space has nothing to activate")
    }

    // MARK: Calendars, locales and time zones (D7)

    @Test func d7_firstWeekdayFollowsTheLocaleOrTheCalendar() {
        #expect(picker.displayedMonth?.leadingBlanks == 6, "Sunday first: Saturday 1 June is in the last column")
        #expect(picker.formatters.weekdayHeadings.first == "SUN")
        picker.locale = Locale(identifier: "en_GB")
        #expect(picker.displayedMonth?.leadingBlanks == 5, "en_GB weeks start on Monday")
        #expect(picker.formatters.weekdayHeadings == ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"])
        // A calendar with its own first weekday wins over the locale.
        var c = Self.gregorian
        c.firstWeekday = 4   // Wednesday
        picker.locale = Self.posix
        picker.calendar = c
        #expect(picker.displayedMonth?.leadingBlanks == 3)
        #expect(picker.formatters.weekdayHeadings.first == "WED")
        // nil returns to the current calendar.
        picker.calendar = nil
        #expect(picker.calendar.identifier == Calendar.current.identifier)
    }

    @Test func d7_buddhistCalendarGridWorks() {
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = Self.utc
        picker.calendar = buddhist
        #expect(picker.date == Self.start)
        #expect(picker.monthTitle.contains("2567"), "Buddhist era year: \(picker.monthTitle)")
        #expect(picker.displayedMonth?.dayCount == 30)
        tap(.day(19))
        #expect(picker.date == Self.day(2024, 6, 20, 10, 30))
        tap(.nextMonth)
        tap(.day(0))
        #expect(picker.date == Self.day(2024, 7, 1, 10, 30))
        #expect(valueEvents.count == 4)
    }

    @Test func d7_hebrewCalendarMonthsHaveTheirOwnLengths() {
        var hebrew = Calendar(identifier: .hebrew)
        hebrew.timeZone = Self.utc
        picker.calendar = hebrew
        let month = picker.displayedMonth!
        #expect(month.dayCount == 29 || month.dayCount == 30)
        #expect(month.dayIndex(of: picker.date) != nil)
        tap(.day(0))
        #expect(hebrew.component(.day, from: picker.date) == 1)
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
    }

    @Test func d7_timeZoneChangeKeepsTheInstant() {
        picker.date = Self.day(2024, 6, 30, 23, 30)
        #expect(picker.monthTitle == "June 2024")
        picker.timeZone = TimeZone(secondsFromGMT: 2 * 3600)
        #expect(picker.date == Self.day(2024, 6, 30, 23, 30), "the same instant")
        #expect(picker.monthTitle == "July 2024", "shown on 1 July at 01:30")
        #expect(picker.displayedMonth?.dayIndex(of: picker.date) == 0)
        #expect(picker.minuteOfDay(picker.date) == 90)
        #expect(spokenValue == "July 1, 2024 at 1:30 AM")
        flush()
        #expect(log.names.isEmpty)
        // Days are now the new zone's days: tapping 2 July keeps 01:30 local.
        tap(.day(1))
        #expect(picker.date == Self.day(2024, 7, 1, 23, 30))
    }

    /// `TimeZone(secondsFromGMT:)` accepts ±18 hours; Foundation's date formatter traps from 15.
    @Test(arguments: [15 * 3600, 18 * 3600, -18 * 3600, -15 * 3600 - 59])
    func d7_aTimeZoneFartherThan14HoursIsShownAt14(_ offset: Int) throws {
        picker.date = Self.day(2024, 6, 30, 12, 0)
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        picker.timeZone = zone
        #expect(picker.timeZone == zone, "the property keeps what was set")
        #expect(spokenValue == (offset > 0 ? "July 1, 2024 at 2:00 AM" : "June 29, 2024 at 10:00 PM"))
        let cal = Calendar(identifier: .gregorian)
        var farCalendar = cal
        farCalendar.timeZone = zone
        picker.timeZone = nil
        picker.calendar = farCalendar
        #expect(spokenValue == (offset > 0 ? "July 1, 2024 at 2:00 AM" : "June 29, 2024 at 10:00 PM"), "a calendar's zone too")
        let stats = window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
        #expect(stats.viewsVisited >= 2)
        #expect(picker.date == Self.day(2024, 6, 30, 12, 0), "the instant is untouched")
    }

    // MARK: Disabled (C1)

    @Test func c1_disabledPickerTakesNoTouchesOrFocus() {
        picker.isEnabled = false
        window.simulateTap(at: dayPoint(20))
        flush()
        #expect(log.names.isEmpty)
        #expect(!window.setFocusedView(picker))
        picker.accessibilityIncrement()
        flush()
        #expect(picker.date == Self.start)
    }

    @Test func d7_zeroSizedPickerNeitherCrashesNorActs() {
        let tiny = UIDatePicker(frame: CGRect(x: 10, y: 440, width: 0, height: 0))
        window.addSubview(tiny)
        let tinyLog = EventLog(tiny)
        #expect(tiny.element(at: .zero) == nil)
        window.simulateTap(at: CGPoint(x: 10, y: 440))
        flush()
        #expect(tinyLog.names.isEmpty)
        let stats = window.buildDrawList(into: DrawList(), scale: 2, resources: nil)
        #expect(stats.viewsVisited >= 2)
    }

    // MARK: Drawing

    @Test func drawingChangesAreMarked() {
        let g0 = picker.appearanceGeneration
        window.simulateTouchDown(at: dayPoint(20))
        #expect(picker.appearanceGeneration != g0, "the pressed day redraws")
        let g1 = picker.appearanceGeneration
        window.simulateTouchUp(at: dayPoint(20))
        flush()   // nothing may stay queued for a later test's flush
        #expect(picker.appearanceGeneration != g1)
        let g2 = picker.appearanceGeneration
        picker.tintColor = .systemRed
        #expect(picker.appearanceGeneration != g2)
        let list = DrawList()
        let stats = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(stats.vertexCount > 0)
    }
}

private extension CGRect {
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}
