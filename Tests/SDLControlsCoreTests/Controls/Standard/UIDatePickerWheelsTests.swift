import Testing
import Foundation
@testable import SDLControlsCore

/// The wheels style (rule D7 as it applies to wheels): a wheel applies its row when it
/// settles, sending valueChanged then primaryActionTriggered; a tap spins a row into the band;
/// a flick goes on past the finger; rows outside the limits or missing from the month turn back;
/// code, a cancelled touch and leaving the window change nothing.
///
/// UTC, en_US_POSIX, a Gregorian calendar, Saturday 15 June 2024 10:30, as the inline tests.
@MainActor
struct UIDatePickerWheelsTests {
    let window = makeTestWindow(size: CGSize(width: 480, height: 480))
    let picker: UIDatePicker
    let log: EventLog
    static let utc = PickerDates.utc
    static var gregorian: Calendar { PickerDates.gregorian }
    static func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Date { PickerDates.day(y, m, d, h, min) }

    init() {
        picker = UIDatePicker(frame: CGRect(x: 40, y: 20, width: 320, height: 216))
        picker.locale = Locale(identifier: "en_US_POSIX")
        picker.calendar = Self.gregorian
        picker.timeZone = Self.utc
        picker.nowOverride = Self.day(2024, 6, 3, 12)
        picker.datePickerMode = .date
        picker.preferredDatePickerStyle = .wheels
        picker.date = Self.day(2024, 6, 15, 10, 30)
        window.addSubview(picker)
        log = EventLog(picker)
    }

    // MARK: Helpers

    private var valueEvents: [String] { log.names.filter { $0 == "valueChanged" || $0 == "primaryActionTriggered" } }

    private func column(_ kind: UIDatePicker.WheelKind) -> (index: Int, rect: CGRect) {
        let columns = picker.wheelColumns
        let i = columns.firstIndex { $0.kind == kind } ?? 0
        return (i, picker.convert(columns[i].rect, to: nil))
    }

    /// The band's centre in `kind`'s column, window points.
    private func bandPoint(_ kind: UIDatePicker.WheelKind) -> CGPoint {
        CGPoint(x: column(kind).rect.midX, y: picker.convert(CGPoint(x: 0, y: picker.wheelBand.midY), to: nil).y)
    }

    private func run(_ seconds: TimeInterval) { runFrames(window, seconds) }
    private func drag(_ kind: UIDatePicker.WheelKind, rows: CGFloat) { dragWheel(picker, kind, rows: rows) }

    private func components(_ d: Date) -> DateComponents {
        Self.gregorian.dateComponents([.year, .month, .day, .hour, .minute], from: d)
    }

    // MARK: Style and layout

    @Test func wheelsAreDrawnWhenAskedForWithTheModesColumns() {
        #expect(picker.datePickerStyle == .wheels)
        #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 216))
        #expect(picker.wheelColumns.map(\.kind) == [.month, .day, .year], "en_US orders month, day, year")
        picker.locale = Locale(identifier: "en_GB")
        #expect(picker.wheelColumns.map(\.kind) == [.day, .month, .year])
        picker.datePickerMode = .time
        #expect(picker.wheelColumns.map(\.kind) == [.hour, .minute], "24-hour: no AM/PM wheel")
        picker.locale = Locale(identifier: "en_US_POSIX")
        #expect(picker.wheelColumns.map(\.kind) == [.hour, .minute, .period])
        picker.datePickerMode = .dateAndTime
        #expect(picker.wheelColumns.map(\.kind) == [.dateRow, .hour, .minute, .period])
        picker.datePickerMode = .countDownTimer
        #expect(picker.wheelColumns.map(\.kind) == [.durationHours, .durationMinutes])
        #expect(picker.wheelColumns.map(\.unit) == ["hours", "min"])
        picker.preferredDatePickerStyle = .compact
        #expect(picker.datePickerStyle == .wheels, "the count-down has no compact form")
        picker.datePickerMode = .date
        #expect(picker.datePickerStyle == .compact)
        for style in [UIDatePickerStyle.automatic, .inline] {
            picker.preferredDatePickerStyle = style
            #expect(picker.datePickerStyle == .inline)
        }
    }

    @Test func rightToLeftMirrorsTheColumns() {
        let ltr = picker.wheelColumns.map(\.rect.midX)
        picker.semanticContentAttribute = .forceRightToLeft
        let rtl = picker.wheelColumns.map(\.rect.midX)
        #expect(rtl[0] > rtl[2] && ltr[0] < ltr[2], "the first wheel at the right")
    }

    // MARK: Spinning

    @Test func aDraggedWheelAppliesItsRowWhenItSettles() {
        drag(.month, rows: 2.3)   // two and a bit rows down: April is nearest the band
        _ = flush()
        #expect(valueEvents.isEmpty, "nothing until the wheel settles")
        #expect(!picker.wheelState.motions.isEmpty, "it settles on the frame clock")
        #expect(log.names.contains("touchUpInside"))
        run(1.5)
        #expect(components(picker.date).month == 4 && components(picker.date).day == 15)
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
        #expect(picker.wheelState.offsets.isEmpty && picker.wheelState.motions.isEmpty, "at rest")
    }

    @Test func aTapOnARowSpinsItIntoTheBand() {
        let below = CGPoint(x: bandPoint(.day).x, y: bandPoint(.day).y + UIDatePicker.wheelRowHeight)
        window.simulateTap(at: below)
        run(1)
        #expect(components(picker.date).day == 16)
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
    }

    @Test func aFlickGoesOnPastTheFinger() {
        let start = bandPoint(.year)
        let t = window.frameClock.currentTime
        window.simulateTouchDown(at: start, time: t)
        for k in 1...4 { window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y - 20 * CGFloat(k)), time: t + 0.01 * Double(k)) }
        window.simulateTouchUp(at: CGPoint(x: start.x, y: start.y - 80), time: t + 0.045)
        run(2)
        let year = components(picker.date).year!
        #expect(year > 2024 + 3, "a quick 80-point flick moves more than the finger's 2.4 rows (now \(year))")
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"], "one change, when it stopped")
    }

    @Test func hoursAndMinutesGoRoundWithoutCarrying() {
        picker.datePickerMode = .time
        drag(.minute, rows: -31)   // 30 → 61 → 01 of the same hour
        run(3)
        #expect(components(picker.date).hour == 10 && components(picker.date).minute == 1)
        drag(.hour, rows: -3)      // 10 AM → 1, still AM
        run(2)
        #expect(components(picker.date).hour == 1)
        drag(.period, rows: -1)
        run(1)
        #expect(components(picker.date).hour == 13)
    }

    @Test func aDayTheMonthLacksTurnsBackToItsLastDay() {
        picker.date = Self.day(2024, 5, 31)
        drag(.month, rows: -1)   // May 31 → June (30 days)
        run(2)
        #expect(components(picker.date).month == 6 && components(picker.date).day == 30)
        drag(.day, rows: -1)     // day 31 in June: not taken
        run(2)
        #expect(components(picker.date).day == 30)
        #expect(picker.isWheelRowAvailable(picker.wheelColumns[1], row: 30) == false)
        run(1)
        #expect(picker.wheelState.motions.isEmpty, "the wheel turned back and stopped")
    }

    @Test func rowsOutsideTheLimitsTurnBack() {
        picker.minimumDate = Self.day(2024, 6, 10)
        picker.maximumDate = Self.day(2024, 6, 20)
        drag(.day, rows: 8)   // 15 → 7: before the minimum
        run(2)
        #expect(components(picker.date).day == 10, "clamped to the minimum")
        #expect(valueEvents == ["valueChanged", "primaryActionTriggered"])
        #expect(!picker.isWheelRowAvailable(picker.wheelColumns[1], row: 5))
        #expect(picker.isWheelRowAvailable(picker.wheelColumns[1], row: 11))
        drag(.year, rows: -1)  // 2025: beyond the maximum, the value stays
        run(2)
        #expect(components(picker.date).year == 2024)
    }

    @Test func theDayAndTimeWheelMovesByDays() {
        picker.datePickerMode = .dateAndTime
        drag(.dateRow, rows: -3)
        run(2)
        #expect(components(picker.date).day == 18 && components(picker.date).hour == 10 && components(picker.date).minute == 30)
        let today = picker.wheelText(picker.wheelColumns[0], row: UIDatePicker.wheelDateRowSpan + picker.dayOffset(of: Self.day(2024, 6, 3)))
        #expect(today == "Today")
    }

    @Test func theCountDownsWheelsSetTheDuration() {
        picker.datePickerMode = .countDownTimer
        picker.countDownDuration = 90 * 60
        drag(.durationHours, rows: -2)
        run(2)
        #expect(picker.countDownDuration == 3 * 3600 + 30 * 60)
        drag(.durationHours, rows: -40)   // past 23: stops there
        run(3)
        #expect(picker.countDownDuration == 23 * 3600 + 30 * 60)
    }

    // MARK: What changes nothing

    @Test func aCancelledTouchChangesNothing() {
        let start = bandPoint(.month)
        window.simulateTouchDown(at: start)
        window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y + 70))
        window.send(TouchSample(id: 0, phase: .cancelled, location: CGPoint(x: start.x, y: start.y + 70), timestamp: window.frameClock.currentTime))
        run(1)
        #expect(components(picker.date).month == 6)
        #expect(valueEvents.isEmpty)
        #expect(picker.wheelState.offsets.isEmpty, "turned back to the value")
    }

    @Test func codeAndLeavingTheWindowStopTheWheelsWithoutEvents() {
        drag(.month, rows: 3.4)
        picker.date = Self.day(2030, 1, 2)   // mid-spin
        run(2)
        #expect(components(picker.date).year == 2030 && components(picker.date).month == 1)
        #expect(valueEvents.isEmpty, "code sends nothing and stops the wheel")
        drag(.month, rows: 3.4)
        picker.removeFromSuperview()
        run(2)
        #expect(components(picker.date).month == 1, "a wheel out of the window stops where the value is")
        #expect(valueEvents.isEmpty)
        #expect(picker.wheelState.motions.isEmpty && window.frameClock.controlAnimator.runningCount == 0, "nothing steps it")
    }

    @Test func aNarrowOrHugePickerStillLaysOutItsWheels() {
        picker.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
        #expect(picker.wheelColumns.allSatisfy { $0.rect.width >= 8 })
        picker.frame = CGRect(x: 0, y: 0, width: 1e7, height: 1e7)
        #expect(picker.wheelColumns.count == 3)
        #expect(picker.wheelsRect.width == 320, "the wheels keep their natural width, centred")
    }
}

/// The inline calendar's month and year wheels behind its title.
@MainActor
struct UIDatePickerMonthYearWheelsTests {
    let window = makeTestWindow(size: CGSize(width: 480, height: 480))
    let picker: UIDatePicker
    let log: EventLog

    init() {
        picker = UIDatePicker(frame: CGRect(x: 40, y: 20, width: 320, height: 320))
        picker.locale = Locale(identifier: "en_US_POSIX")
        picker.calendar = UIDatePickerWheelsTests.gregorian
        picker.timeZone = UIDatePickerWheelsTests.utc
        picker.datePickerMode = .date
        picker.date = UIDatePickerWheelsTests.day(2024, 6, 15)
        window.addSubview(picker)
        log = EventLog(picker)
    }

    private func tapTitle() {
        window.simulateTap(at: picker.convert(picker.centre(of: .monthTitle)!, to: nil))
        _ = flush()
    }

    /// Drags `kind`'s wheel by `rows` and lets it settle.
    private func spin(_ kind: UIDatePicker.WheelKind, rows: CGFloat) {
        dragWheel(picker, kind, rows: rows)
        runFrames(window, 2)
    }

    @Test func theTitleShowsMonthAndYearWheelsThatTurnTheMonthShownNotTheDate() {
        tapTitle()
        #expect(picker.showsMonthYearWheels)
        #expect(picker.wheelColumns.map(\.kind) == [.shownMonth, .shownYear])
        let columns = picker.wheelColumns
        #expect(picker.wheelText(columns[0], row: picker.selectedWheelRow(columns[0])) == "June")
        #expect(picker.wheelText(columns[1], row: picker.selectedWheelRow(columns[1])) == "2024", "the band shows the month shown")
        #expect(picker.centre(of: .nextMonth) == nil, "no arrows while the wheels show")
        spin(.shownMonth, rows: -2)   // June → August
        spin(.shownYear, rows: -1)    // 2024 → 2025
        let shown = UIDatePickerWheelsTests.gregorian.dateComponents([.year, .month], from: picker.displayedMonthStart)
        #expect(shown.year == 2025 && shown.month == 8)
        #expect(picker.date == UIDatePickerWheelsTests.day(2024, 6, 15), "the date is picked in the grid, not here")
        #expect(!log.names.contains("valueChanged"))
        tapTitle()
        #expect(!picker.showsMonthYearWheels)
        #expect(picker.centre(of: .day(0)) != nil, "the grid is back, on August 2025")
        #expect(picker.monthTitle == "August 2025")
    }

    @Test func monthsOutsideTheLimitsTurnBack() {
        picker.maximumDate = UIDatePickerWheelsTests.day(2024, 7, 20)
        tapTitle()
        spin(.shownYear, rows: -2)   // 2026: wholly after the maximum
        #expect(UIDatePickerWheelsTests.gregorian.component(.year, from: picker.displayedMonthStart) == 2024)
        spin(.shownMonth, rows: -1)  // July: partly within
        #expect(UIDatePickerWheelsTests.gregorian.component(.month, from: picker.displayedMonthStart) == 7)
        spin(.shownMonth, rows: -1)  // August: after
        #expect(UIDatePickerWheelsTests.gregorian.component(.month, from: picker.displayedMonthStart) == 7)
    }

    @Test func aNewModeOrStyleFoldsTheWheelsAway() {
        tapTitle()
        picker.datePickerMode = .dateAndTime
        #expect(!picker.showsMonthYearWheels)
        tapTitle()
        picker.preferredDatePickerStyle = .compact
        #expect(!picker.showsMonthYearWheels)
        picker.preferredDatePickerStyle = .inline
        #expect(!picker.showsMonthYearWheels, "not open again by itself")
    }
}

extension UIDatePickerWheelsTests {
    @Test func aHebrewYearsMonthsAreTheCalendarsOwn() {
        var hebrew = Calendar(identifier: .hebrew)
        hebrew.timeZone = Self.utc
        picker.calendar = hebrew
        // 5785 is a common year: no Adar I (month 6).
        picker.date = hebrew.date(from: DateComponents(year: 5785, month: 1, day: 5))!
        let month = picker.wheelColumns.first { $0.kind == .month }!
        #expect(month.rowCount == 13)
        #expect(!picker.isWheelRowAvailable(month, row: 5), "Adar I is not in a common year")
        #expect(picker.isWheelRowAvailable(month, row: 12))
        #expect(picker.wheelChange(month, row: 5) == .none)
        let index = picker.wheelColumns.firstIndex { $0.kind == .month }!
        picker.spinWheel(index, to: 5)
        run(2)
        #expect(hebrew.component(.year, from: picker.date) == 5785 && hebrew.component(.month, from: picker.date) == 1,
                "the value stays; nothing rolls into another year")
        #expect(valueEvents.isEmpty)
    }

    @Test func yearsStopAtTheLastDateThePickerTakes() {
        let year = picker.wheelColumns.first { $0.kind == .year }!
        #expect(year.rowCount == 4001, "Date.distantFuture is in 4001")
        #expect(!picker.isWheelRowAvailable(year, row: 4000), "June 4001 is after it")
        #expect(picker.isWheelRowAvailable(year, row: 3999))
    }
}
