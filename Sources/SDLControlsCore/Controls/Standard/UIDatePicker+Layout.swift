import Foundation

/// Where everything of the inline picker sits, and which element a point is on. All
/// geometry is computed from the bounds on demand (it is cheap), so there is no layout
/// state to keep in step.
extension UIDatePicker {
    /// A part of the picker a tap can act on.
    enum Element: Hashable {
        /// The arrow to the previous month (changes only the displayed month).
        case previousMonth
        /// The arrow to the next month.
        case nextMonth
        /// Day `index` (0-based) of the displayed month.
        case day(Int)
        /// The − half of the hour field.
        case hourDown
        /// The + half of the hour field.
        case hourUp
        /// The − half of the minute field.
        case minuteDown
        /// The + half of the minute field.
        case minuteUp
        /// AM (0) or PM (1).
        case period(Int)
    }

    // MARK: Metrics (points)

    static let naturalWidth: CGFloat = 320
    static let calendarHeight: CGFloat = 320
    static let timeRowHeight: CGFloat = 52
    static let sectionGap: CGFloat = 8
    static let headerHeight: CGFloat = 44
    static let weekdayTop: CGFloat = 48
    static let weekdayHeight: CGFloat = 20
    static let gridTop: CGFloat = 72
    static let gridRows = 6
    static let rowHeight: CGFloat = 40
    static let gridInset: CGFloat = 8
    static let arrowSize: CGFloat = 44
    static let pillHeight: CGFloat = 36
    // The time fields: room around the − and + and the two digits between them (a 30-point
    // step and 36-point value read as "−|11|+"); the row still fits the 320-point width.
    static let pillStepWidth: CGFloat = 34
    static let pillValueWidth: CGFloat = 42
    static let colonWidth: CGFloat = 10
    static let periodWidth: CGFloat = 80
    static let periodGap: CGFloat = 8
    static let unitGap: CGFloat = 6
    static let fieldGap: CGFloat = 16
    static let focusRadius: CGFloat = 13

    static let titleFont = UIFont.systemFont(ofSize: 17, weight: .semibold)
    static let weekdayFont = UIFont.systemFont(ofSize: 13, weight: .semibold)
    static let dayFont = UIFont.systemFont(ofSize: 19)
    static let dayBoldFont = UIFont.systemFont(ofSize: 19, weight: .semibold)
    static let fieldFont = UIFont.systemFont(ofSize: 19, weight: .medium)
    static let periodFont = UIFont.systemFont(ofSize: 15, weight: .semibold)
    static let unitFont = UIFont.systemFont(ofSize: 15)

    // MARK: Sections

    var showsCalendar: Bool { datePickerMode == .date || datePickerMode == .dateAndTime }
    var showsTimeRow: Bool { datePickerMode != .date }

    /// The natural size of the mode.
    var naturalSize: CGSize {
        switch datePickerMode {
        case .date: return CGSize(width: UIDatePicker.naturalWidth, height: UIDatePicker.calendarHeight)
        case .time, .countDownTimer: return CGSize(width: UIDatePicker.naturalWidth, height: UIDatePicker.timeRowHeight)
        case .dateAndTime:
            return CGSize(width: UIDatePicker.naturalWidth,
                          height: UIDatePicker.calendarHeight + UIDatePicker.sectionGap + UIDatePicker.timeRowHeight)
        }
    }

    /// The content is centred vertically when the bounds are taller than it.
    var contentTop: CGFloat { bounds.minY + max(0, ((bounds.height - naturalSize.height) / 2).rounded(.down)) }

    var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// Mirrors a calendar-section rectangle in right-to-left layouts.
    func mirrored(_ r: CGRect) -> CGRect {
        guard isRightToLeft else { return r }
        return CGRect(x: bounds.minX + bounds.maxX - r.maxX, y: r.minY, width: r.width, height: r.height)
    }

    // MARK: Calendar section

    var headerRect: CGRect { CGRect(x: bounds.minX, y: contentTop, width: bounds.width, height: UIDatePicker.headerHeight) }

    /// The month title's left edge (right edge in right-to-left layouts is mirrored).
    var titleOrigin: CGPoint { CGPoint(x: bounds.minX + 16, y: contentTop) }

    func arrowRect(_ element: Element) -> CGRect {
        let s = UIDatePicker.arrowSize
        let nextX = bounds.maxX - UIDatePicker.gridInset - s
        let x = element == .nextMonth ? nextX : nextX - s
        return mirrored(CGRect(x: x, y: contentTop, width: s, height: s))
    }

    var gridRect: CGRect {
        let inset = UIDatePicker.gridInset
        return CGRect(x: bounds.minX + inset, y: contentTop + UIDatePicker.gridTop, width: max(0, bounds.width - 2 * inset),
                      height: UIDatePicker.rowHeight * CGFloat(UIDatePicker.gridRows))
    }

    /// The rows drawn: six, or more for a calendar whose months need more.
    func gridRowCount(_ month: DatePickerMonth) -> Int { max(UIDatePicker.gridRows, month.rowsNeeded) }

    /// The rectangle of grid cell `cell` (row-major, 0-based, blanks included).
    func cellRect(_ cell: Int, in month: DatePickerMonth) -> CGRect {
        let grid = gridRect
        let cols = month.columns
        let w = grid.width / CGFloat(cols)
        let h = grid.height / CGFloat(gridRowCount(month))
        let r = CGRect(x: grid.minX + CGFloat(cell % cols) * w, y: grid.minY + CGFloat(cell / cols) * h, width: w, height: h)
        return mirrored(r)
    }

    /// The rectangle of the weekday heading in `column`.
    func weekdayRect(_ column: Int, columns: Int) -> CGRect {
        let grid = gridRect
        let w = grid.width / CGFloat(columns)
        return mirrored(CGRect(x: grid.minX + CGFloat(column) * w, y: contentTop + UIDatePicker.weekdayTop,
                               width: w, height: UIDatePicker.weekdayHeight))
    }

    // MARK: Time row

    /// Where the time (or duration) fields sit.
    struct TimeRowLayout {
        var row: CGRect
        var hourPill: CGRect
        var minutePill: CGRect
        /// The ":" between the fields (time modes).
        var colon: CGRect?
        /// The AM/PM control (12-hour clocks).
        var period: CGRect?
        /// Unit labels after the fields (count-down).
        var hourUnit: CGRect?
        var minuteUnit: CGRect?
    }

    var timeRowRect: CGRect {
        let top = datePickerMode == .dateAndTime ? contentTop + UIDatePicker.calendarHeight + UIDatePicker.sectionGap : contentTop
        return CGRect(x: bounds.minX, y: top, width: bounds.width, height: UIDatePicker.timeRowHeight)
    }

    /// The unit words of the count-down fields (English; see `DatePickerFormatters`).
    var countDownUnits: (hours: String, minutes: String) {
        let hours = Int(storedCountDownDuration) / 3600
        return (hours == 1 ? "hour" : "hours", "min")
    }

    func timeRowLayout() -> TimeRowLayout {
        let row = timeRowRect
        let pillW = 2 * UIDatePicker.pillStepWidth + UIDatePicker.pillValueWidth
        let pillY = row.minY + ((row.height - UIDatePicker.pillHeight) / 2).rounded(.down)
        func pill(_ x: CGFloat) -> CGRect { CGRect(x: x, y: pillY, width: pillW, height: UIDatePicker.pillHeight) }
        if datePickerMode == .countDownTimer {
            let m = textMeasurer
            let units = countDownUnits
            // Width for the longer hour word, so the layout doesn't move between 1 and 2 hours.
            let hourW = max(m.size(of: "hours", font: UIDatePicker.unitFont).width, m.size(of: units.hours, font: UIDatePicker.unitFont).width).rounded(.up)
            let minW = m.size(of: units.minutes, font: UIDatePicker.unitFont).width.rounded(.up)
            let total = pillW + UIDatePicker.unitGap + hourW + UIDatePicker.fieldGap + pillW + UIDatePicker.unitGap + minW
            var x = row.minX + ((row.width - total) / 2).rounded(.down)
            let hourPill = pill(x); x += pillW + UIDatePicker.unitGap
            let hourUnit = CGRect(x: x, y: pillY, width: hourW, height: UIDatePicker.pillHeight); x += hourW + UIDatePicker.fieldGap
            let minutePill = pill(x); x += pillW + UIDatePicker.unitGap
            let minuteUnit = CGRect(x: x, y: pillY, width: minW, height: UIDatePicker.pillHeight)
            return TimeRowLayout(row: row, hourPill: hourPill, minutePill: minutePill, colon: nil, period: nil,
                                 hourUnit: hourUnit, minuteUnit: minuteUnit)
        }
        let twelve = formatters.uses12HourClock
        let total = 2 * pillW + UIDatePicker.colonWidth + (twelve ? UIDatePicker.periodGap + UIDatePicker.periodWidth : 0)
        var x = row.minX + ((row.width - total) / 2).rounded(.down)
        let hourPill = pill(x); x += pillW
        let colon = CGRect(x: x, y: pillY, width: UIDatePicker.colonWidth, height: UIDatePicker.pillHeight); x += UIDatePicker.colonWidth
        let minutePill = pill(x); x += pillW + UIDatePicker.periodGap
        let period = twelve ? CGRect(x: x, y: pillY, width: UIDatePicker.periodWidth, height: UIDatePicker.pillHeight) : nil
        return TimeRowLayout(row: row, hourPill: hourPill, minutePill: minutePill, colon: colon, period: period,
                             hourUnit: nil, minuteUnit: nil)
    }

    /// The − (`up == false`) or + part of a field.
    static func stepRect(of pill: CGRect, up: Bool) -> CGRect {
        CGRect(x: up ? pill.maxX - pillStepWidth : pill.minX, y: pill.minY, width: pillStepWidth, height: pill.height)
    }

    /// Half `index` (0 AM, 1 PM) of the AM/PM control.
    static func periodHalf(_ period: CGRect, _ index: Int) -> CGRect {
        CGRect(x: period.minX + CGFloat(index) * period.width / 2, y: period.minY, width: period.width / 2, height: period.height)
    }

    // MARK: Hit-testing

    /// The element under `point` (the picker's coordinates), if any. Time-row targets reach
    /// the full height of the row so they are easy to hit with a finger.
    func element(at point: CGPoint) -> Element? {
        if showsCalendar {
            if arrowRect(.previousMonth).contains(point) { return .previousMonth }
            if arrowRect(.nextMonth).contains(point) { return .nextMonth }
            if let month = displayedMonth, gridRect.contains(point) {
                for i in 0..<month.dayCount where cellRect(month.leadingBlanks + i, in: month).contains(point) {
                    return .day(i)
                }
            }
        }
        if showsTimeRow {
            let layout = timeRowLayout()
            let row = layout.row
            guard point.y >= row.minY, point.y < row.maxY else { return nil }
            func tall(_ r: CGRect) -> CGRect { CGRect(x: r.minX, y: row.minY, width: r.width, height: row.height) }
            let targets: [(CGRect, Element)] = [
                (UIDatePicker.stepRect(of: layout.hourPill, up: false), .hourDown),
                (UIDatePicker.stepRect(of: layout.hourPill, up: true), .hourUp),
                (UIDatePicker.stepRect(of: layout.minutePill, up: false), .minuteDown),
                (UIDatePicker.stepRect(of: layout.minutePill, up: true), .minuteUp),
            ]
            for (r, e) in targets where tall(r).contains(point) { return e }
            if let period = layout.period {
                for i in 0..<2 where tall(UIDatePicker.periodHalf(period, i)).contains(point) { return .period(i) }
            }
        }
        return nil
    }

    /// The centre of an element, in the picker's coordinates (for tests and assistive tools).
    func centre(of element: Element) -> CGPoint? {
        let r: CGRect
        switch element {
        case .previousMonth, .nextMonth:
            guard showsCalendar else { return nil }
            r = arrowRect(element)
        case .day(let i):
            guard showsCalendar, let month = displayedMonth, i >= 0, i < month.dayCount else { return nil }
            r = cellRect(month.leadingBlanks + i, in: month)
        case .hourDown, .hourUp, .minuteDown, .minuteUp:
            guard showsTimeRow else { return nil }
            let l = timeRowLayout()
            let pill = element == .hourDown || element == .hourUp ? l.hourPill : l.minutePill
            r = UIDatePicker.stepRect(of: pill, up: element == .hourUp || element == .minuteUp)
        case .period(let i):
            guard showsTimeRow, let p = timeRowLayout().period, i == 0 || i == 1 else { return nil }
            r = UIDatePicker.periodHalf(p, i)
        }
        return CGPoint(x: r.midX, y: r.midY)
    }
}
