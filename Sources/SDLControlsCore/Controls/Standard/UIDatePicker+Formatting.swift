import Foundation

/// The formatters and symbols a picker draws with, built once per locale / calendar /
/// time zone (formatters are costly to create) and dropped when one of them changes.
@MainActor
final class DatePickerFormatters {
    /// "June 2024" (month and year in the locale's order and calendar).
    let monthTitle: DateFormatter
    /// Long date and/or short time for the accessibility value.
    let accessibility: DateFormatter
    /// Day numbers and hours, in the locale's digits.
    let numbers: NumberFormatter
    /// Minutes (and 24-hour hours where the locale pads them), two digits.
    let twoDigits: NumberFormatter
    /// Weekday headings in grid order (starting at the calendar's first weekday).
    let weekdayHeadings: [String]
    /// Whether the locale shows time on a 12-hour clock with AM/PM.
    let uses12HourClock: Bool
    /// Whether 24-hour hours are shown with two digits ("09").
    let padsHours: Bool
    /// The AM and PM symbols.
    let periodSymbols: [String]
    /// Month names as a wheel shows them ("January"), in the calendar's order (a fallback:
    /// wheels name each month from a date in it, see ``monthName``).
    let monthNames: [String]
    /// A month's name on its own ("June"; "Adar II" in a Hebrew leap year).
    let monthName: DateFormatter
    /// The order of month, day and year in the locale's dates (the date wheels' order).
    let dateOrder: [DatePickerDatePart]
    /// A day as the day-and-time wheel shows it ("Sat Jun 15").
    let wheelDay: DateFormatter
    /// The day-and-time wheel's word for today (English, as the count-down's units).
    let todayWord = "Today"
    /// The pills' text: a medium date or a short time (styles set per use).
    let pill: DateFormatter

    init(calendar: Calendar, locale: Locale, timeZone: TimeZone, columns: Int) {
        func dateFormatter() -> DateFormatter {
            let f = DateFormatter()
            f.locale = locale
            f.calendar = calendar
            f.timeZone = timeZone
            return f
        }
        monthTitle = dateFormatter()
        monthTitle.setLocalizedDateFormatFromTemplate("MMMMy")
        accessibility = dateFormatter()
        numbers = NumberFormatter()
        numbers.locale = locale
        numbers.numberStyle = .none
        numbers.usesGroupingSeparator = false
        twoDigits = NumberFormatter()
        twoDigits.locale = locale
        twoDigits.numberStyle = .none
        twoDigits.minimumIntegerDigits = 2
        twoDigits.usesGroupingSeparator = false

        // The hour pattern the locale prefers ("h a", "HH", "HH 'Uhr'" …), literals skipped.
        let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "HH"
        var unquoted = ""
        var inQuote = false
        for ch in pattern {
            if ch == "'" { inQuote.toggle(); continue }
            if !inQuote { unquoted.append(ch) }
        }
        uses12HourClock = unquoted.contains("h") || unquoted.contains("K")
        padsHours = unquoted.contains("HH")
        let symbolSource = dateFormatter()
        let am: String = symbolSource.amSymbol, pm: String = symbolSource.pmSymbol
        periodSymbols = [am.isEmpty ? "AM" : am, pm.isEmpty ? "PM" : pm]

        let months: [String] = symbolSource.standaloneMonthSymbols
        monthNames = months.isEmpty ? (1...12).map(String.init) : months
        pill = dateFormatter()
        monthName = dateFormatter()
        monthName.setLocalizedDateFormatFromTemplate("LLLL")
        wheelDay = dateFormatter()
        wheelDay.setLocalizedDateFormatFromTemplate("EEEMMMd")
        dateOrder = DatePickerDatePart.order(in: DateFormatter.dateFormat(fromTemplate: "MMMMdy", options: 0, locale: locale) ?? "MMMM d y")

        // Short weekday names, upper-cased as UIKit's calendar shows them, rotated so the
        // first column is the calendar's first weekday.
        let weekdays: [String] = symbolSource.shortStandaloneWeekdaySymbols
        let symbols = weekdays.map { $0.uppercased(with: locale) }
        if symbols.count == columns, columns > 0 {
            let first = min(max(calendar.firstWeekday, 1), columns) - 1
            weekdayHeadings = (0..<columns).map { symbols[(first + $0) % columns] }
        } else {
            weekdayHeadings = (0..<columns).map { _ in "" }
        }
    }

    func number(_ n: Int) -> String { numbers.string(from: NSNumber(value: n)) ?? String(n) }
    func twoDigit(_ n: Int) -> String { twoDigits.string(from: NSNumber(value: n)) ?? String(format: "%02d", n) }
}

/// A part of a date, for the order of the date wheels.
enum DatePickerDatePart: Hashable {
    case month, day, year

    /// The parts in the order a date pattern ("MMMM d, y", "d. MMMM y", "y年M月d日") shows
    /// them; a part the pattern lacks goes last.
    static func order(in pattern: String) -> [DatePickerDatePart] {
        var seen: [DatePickerDatePart] = []
        var inQuote = false
        for ch in pattern {
            if ch == "'" { inQuote.toggle(); continue }
            guard !inQuote else { continue }
            let part: DatePickerDatePart? = switch ch {
            case "M", "L": .month
            case "d": .day
            case "y", "Y", "u": .year
            default: nil
            }
            if let part, !seen.contains(part) { seen.append(part) }
        }
        for part in [DatePickerDatePart.month, .day, .year] where !seen.contains(part) { seen.append(part) }
        return seen
    }
}

extension UIDatePicker {
    /// The formatters for the current locale, calendar and time zone.
    var formatters: DatePickerFormatters {
        if let f = formattersCache { return f }
        let cal = workingCalendar
        let columns = max(1, cal.maximumRange(of: .weekday)?.count ?? 7)
        let f = DatePickerFormatters(calendar: cal, locale: effectiveLocale, timeZone: effectiveTimeZone, columns: columns)
        formattersCache = f
        return f
    }

    /// The hour as shown in the hour field (1…12 on a 12-hour clock).
    func hourText(minuteOfDay: Int) -> String {
        let hour = minuteOfDay / 60
        let f = formatters
        if f.uses12HourClock { return f.number(hour % 12 == 0 ? 12 : hour % 12) }
        return f.padsHours ? f.twoDigit(hour) : f.number(hour)
    }

    /// The month title, e.g. "June 2024".
    var monthTitle: String { formatters.monthTitle.string(from: displayedMonthStart) }

    /// The accessibility value: the formatted date for the mode, or the duration.
    var formattedValue: String {
        switch datePickerMode {
        case .countDownTimer:
            // English words: Foundation's duration formatting is not available everywhere
            // this runs, and a screen reader needs words, not "1:30".
            let minutes = Int(storedCountDownDuration) / 60
            let h = minutes / 60, m = minutes % 60
            let hourWords = "\(h) \(h == 1 ? "hour" : "hours")"
            let minuteWords = "\(m) \(m == 1 ? "minute" : "minutes")"
            return h == 0 ? minuteWords : (m == 0 ? hourWords : "\(hourWords), \(minuteWords)")
        case .date, .time, .dateAndTime:
            let f = formatters.accessibility
            f.dateStyle = datePickerMode == .time ? .none : .long
            f.timeStyle = datePickerMode == .date ? .none : .short
            return f.string(from: storedDate)
        }
    }
}
