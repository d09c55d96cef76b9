import Foundation

/// One month of the inline calendar, as the grid needs it. Built with Foundation's
/// `Calendar`, so months of any length and any first weekday work (Gregorian, Buddhist,
/// Hebrew …); nothing here assumes 12 months, 31 days or a Sunday start.
struct DatePickerMonth {
    /// The start of each day of the month, followed by the start of the next month, so
    /// day `i` is the half-open interval `dayStarts[i] ..< dayStarts[i + 1]`.
    let dayStarts: [Date]
    /// Empty cells before the first day in the first row.
    let leadingBlanks: Int
    /// Days in a week (columns of the grid).
    let columns: Int

    /// The first instant of the month.
    var start: Date { dayStarts[0] }
    /// The first instant after the month.
    var end: Date { dayStarts[dayStarts.count - 1] }
    /// Days in the month.
    var dayCount: Int { dayStarts.count - 1 }
    /// Rows the days take: the calendar is as many weeks tall (no empty week under a short month).
    var rowsNeeded: Int { (leadingBlanks + dayCount + columns - 1) / columns }

    /// The month that contains `date`; nil when the calendar can't say (dates beyond what
    /// it supports).
    init?(containing date: Date, calendar cal: Calendar) {
        guard let interval = cal.dateInterval(of: .month, for: date) else { return nil }
        let count = cal.range(of: .day, in: .month, for: interval.start)?.count ?? 0
        var starts: [Date] = [interval.start]
        var i = 1
        while i < count {
            // Day i starts at midnight (or the first instant, where midnight is skipped by DST).
            guard let d = cal.date(byAdding: .day, value: i, to: interval.start) else { break }
            let s = cal.startOfDay(for: d)
            guard s > starts[starts.count - 1], s < interval.end else { break }
            starts.append(s)
            i += 1
        }
        starts.append(interval.end)
        dayStarts = starts
        let columns = max(1, cal.maximumRange(of: .weekday)?.count ?? 7)
        self.columns = columns
        let first = min(max(cal.firstWeekday, 1), columns)
        let weekday = cal.component(.weekday, from: interval.start)
        leadingBlanks = ((weekday - first) % columns + columns) % columns
    }

    /// The index of the day containing `date`, or nil when it is not in this month.
    func dayIndex(of date: Date) -> Int? {
        guard date >= start, date < end else { return nil }
        // Binary search: the last start not after `date`.
        var lo = 0, hi = dayCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if dayStarts[mid] <= date { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

extension UIDatePicker {
    /// The latest minute of a count-down: 23:59.
    static let maximumCountDownMinutes = 23 * 60 + 59

    // MARK: Calendar the picker computes with

    /// ``calendar`` set to the effective time zone, with a locale (for its first weekday)
    /// when it has none.
    var workingCalendar: Calendar {
        if let c = workingCalendarCache { return c }
        var cal = explicitCalendar ?? Calendar(identifier: Calendar.current.identifier)
        cal.timeZone = effectiveTimeZone
        // A calendar without a locale (Foundation reports an empty one) takes the picker's,
        // which gives it that locale's first weekday unless one was set on the calendar
        // explicitly (Foundation keeps it then).
        if (cal.locale?.identifier ?? "").isEmpty { cal.locale = effectiveLocale }
        workingCalendarCache = cal
        return cal
    }

    /// ``locale``, else the calendar's, else the current locale (UIKit's default).
    var effectiveLocale: Locale {
        if let locale { return locale }
        if let own = explicitCalendar?.locale, !own.identifier.isEmpty { return own }
        return Locale.current
    }

    /// ``timeZone``, else the calendar's, else the current one (UIKit's default).
    var effectiveTimeZone: TimeZone { UIDatePicker.usable(timeZone ?? explicitCalendar?.timeZone ?? TimeZone.current) }

    /// The widest offset from GMT a picker shows: 14 hours, the farthest any real zone is
    /// (Kiribati). `TimeZone(secondsFromGMT:)` accepts up to 18, but Foundation's date
    /// formatter traps on an offset of 15 hours or more, so a zone farther out is shown at
    /// 14 hours on its side **(project choice)**.
    static let maximumSecondsFromGMT = 14 * 3600

    /// `zone`, or the nearest zone a formatter can use (see ``maximumSecondsFromGMT``).
    static func usable(_ zone: TimeZone) -> TimeZone {
        let offset = zone.secondsFromGMT()
        guard abs(offset) > maximumSecondsFromGMT else { return zone }
        return TimeZone(secondsFromGMT: offset > 0 ? maximumSecondsFromGMT : -maximumSecondsFromGMT) ?? TimeZone(secondsFromGMT: 0) ?? zone
    }

    /// The limits in force: none when minimumDate > maximumDate (UIKit ignores both then).
    var effectiveLimits: (lower: Date?, upper: Date?) {
        if let lo = minimumDate, let hi = maximumDate, lo > hi { return (nil, nil) }
        return (minimumDate, maximumDate)
    }

    /// The month shown by the grid (nil only when the calendar can't build it).
    var displayedMonth: DatePickerMonth? {
        if let m = monthCache { return m }
        let m = DatePickerMonth(containing: displayedMonthStart, calendar: workingCalendar)
        monthCache = m
        return m
    }

    // MARK: Keeping the value valid

    /// NaN and infinite dates are rejected; others are clamped to distantPast…distantFuture,
    /// where calendar maths is defined.
    static func sanitized(_ date: Date) -> Date? {
        guard date.timeIntervalSinceReferenceDate.isFinite else { return nil }
        return min(max(date, Date.distantPast), Date.distantFuture)
    }

    /// Whether ``date`` is rounded to ``minuteInterval`` in the current mode.
    var roundsTime: Bool {
        roundsToMinuteInterval && storedMinuteInterval > 1 && (datePickerMode == .time || datePickerMode == .dateAndTime)
    }

    /// `date` rounded down to the minute interval when the mode rounds, then clamped.
    func normalized(_ date: Date) -> Date {
        clamped(roundsTime ? roundedDown(date) : date)
    }

    /// `date` within the effective limits.
    func clamped(_ date: Date) -> Date {
        var d = date
        let (lo, hi) = effectiveLimits
        if let lo, d < lo { d = lo }
        if let hi, d > hi { d = hi }
        return d
    }

    /// Rounds down to a multiple of ``minuteInterval`` of the wall-clock minute, dropping
    /// seconds. Works on local components, so half-hour time zones round correctly.
    func roundedDown(_ date: Date) -> Date {
        let c = workingCalendar.dateComponents([.minute, .second], from: date)
        guard let minute = c.minute, let second = c.second else { return date }
        let t = date.timeIntervalSinceReferenceDate
        let fraction = t - t.rounded(.down)
        let excess = Double((minute % storedMinuteInterval) * 60 + second) + fraction
        return excess > 0 ? date.addingTimeInterval(-excess) : date
    }

    /// A count-down value in whole minutes, a multiple of `interval`, within 0…23:59;
    /// nil for NaN.
    static func normalizedCountDown(_ value: TimeInterval, interval: Int) -> TimeInterval? {
        guard !value.isNaN else { return nil }
        let step = max(1, interval)
        let maxMinutes = maximumCountDownMinutes / step * step
        let minutes: Int
        if value.isInfinite {
            minutes = value > 0 ? maxMinutes : 0
        } else {
            let whole = Int(min(max(value / 60, 0), Double(maximumCountDownMinutes)).rounded(.down))
            minutes = min(whole / step * step, maxMinutes)
        }
        return TimeInterval(minutes * 60)
    }

    // MARK: Wall-clock arithmetic

    /// Minutes since midnight of `date`'s wall-clock time.
    func minuteOfDay(_ date: Date) -> Int {
        let c = workingCalendar.dateComponents([.hour, .minute], from: date)
        return (c.hour ?? 0) * 60 + (c.minute ?? 0)
    }

    /// The same day as `date` at `minuteOfDay` (wrapped into the day), seconds zeroed:
    /// what a time stepper produces.
    func settingMinuteOfDay(_ minuteOfDay: Int, of date: Date) -> Date? {
        let cal = workingCalendar
        let wrapped = ((minuteOfDay % 1440) + 1440) % 1440
        var c = cal.dateComponents([.era, .year, .month, .day], from: date)
        c.hour = wrapped / 60
        c.minute = wrapped % 60
        c.second = 0
        c.nanosecond = 0
        if let leap = cal.dateComponents([.month], from: date).isLeapMonth { c.isLeapMonth = leap }
        return cal.date(from: c)
    }

    /// The day starting at `dayStart` (ending at `dayEnd`) at `date`'s time of day.
    func combining(day dayStart: Date, dayEnd: Date, timeOf date: Date) -> Date {
        let cal = workingCalendar
        let time = cal.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        var c = cal.dateComponents([.era, .year, .month, .day], from: dayStart)
        if let leap = cal.dateComponents([.month], from: dayStart).isLeapMonth { c.isLeapMonth = leap }
        c.hour = time.hour
        c.minute = time.minute
        c.second = time.second
        c.nanosecond = time.nanosecond
        if let d = cal.date(from: c), d >= dayStart, d < dayEnd { return d }
        // Components that don't exist that day (a DST gap): keep the offset into the day.
        let offset = date.timeIntervalSince(cal.startOfDay(for: date))
        return min(dayStart.addingTimeInterval(max(0, offset)), dayEnd.addingTimeInterval(-1))
    }

    /// Whether day `index` of `month` has any instant within the limits.
    func isDaySelectable(_ index: Int, in month: DatePickerMonth) -> Bool {
        guard index >= 0, index < month.dayCount else { return false }
        let (lo, hi) = effectiveLimits
        let s = month.dayStarts[index], e = month.dayStarts[index + 1]
        if let lo, e <= max(lo, Date.distantPast) { return false }
        if let hi, s > min(hi, Date.distantFuture) { return false }
        if e <= Date.distantPast || s > Date.distantFuture { return false }
        return true
    }

    /// The start of the month before (-1) or after (+1) the displayed one, when the limits
    /// (and the calendar's range) allow going there.
    func adjacentMonthStart(_ direction: Int) -> Date? {
        guard let month = displayedMonth else { return nil }
        let cal = workingCalendar
        let (lo, hi) = effectiveLimits
        if direction < 0 {
            // The previous month must end after the lower limit.
            guard month.start > max(lo ?? Date.distantPast, Date.distantPast),
                  let d = cal.date(byAdding: .day, value: -1, to: month.start) else { return nil }
            return cal.dateInterval(of: .month, for: d)?.start
        } else {
            guard month.end <= min(hi ?? Date.distantFuture, Date.distantFuture),
                  let next = cal.dateInterval(of: .month, for: month.end)?.start, next == month.end else { return nil }
            return next
        }
    }

    /// Shows the month of ``date`` in the grid.
    func revealDate() {
        showMonth(containing: storedDate)
    }

    /// Shows the month containing `date`.
    func showMonth(containing date: Date) {
        let start = workingCalendar.dateInterval(of: .month, for: date)?.start ?? date
        if start != displayedMonthStart || monthCache == nil {
            let rows = monthCache?.rowsNeeded
            displayedMonthStart = start
            monthCache = nil
            // The calendar is as tall as the month's weeks: a month of another height resizes it.
            if showsCalendar, let rows, rows != displayedMonth?.rowsNeeded { contentLayoutChanged() }
        }
        setNeedsDisplay()
    }

    // MARK: Reacting to settings

    /// The limits changed: clamp the date (sending nothing).
    func limitsChanged() {
        closeEditor()   // an open editor has the old limits
        let d = normalized(storedDate)
        if d != storedDate {
            storedDate = d
            revealDate()
        }
        setNeedsDisplay()
    }

    /// Locale, calendar or time zone changed: drop what depends on them and show the
    /// date's month in the new calendar.
    func calendarSettingsChanged() {
        workingCalendarCache = nil
        formattersCache = nil
        monthCache = nil
        closeEditor()   // an open editor has the old locale, calendar or time zone
        resetWheels()   // their columns and rows depend on the locale and calendar
        storedDate = normalized(storedDate)
        revealDate()
        contentLayoutChanged()
    }

    /// Something that changes the size or arrangement changed.
    func contentLayoutChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }
}
