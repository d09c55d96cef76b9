import Foundation

/// Where everything of the inline picker sits, and which element a point is on. All
/// geometry is computed from the bounds on demand (it is cheap), so there is no layout
/// state to keep in step.
extension UIDatePicker {
    /// A part of the picker a tap can act on.
    enum Element: Hashable {
        /// The month title with its chevron: shows or hides the month and year wheels.
        case monthTitle
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
        /// The pill showing the date ("Jun 15, 2024"): opens the calendar (compact style).
        case datePill
        /// The pill showing the time ("10:30 AM"): opens the time wheels.
        case timePill
    }

    // MARK: Metrics (points)

    static let naturalWidth: CGFloat = 320
    /// The calendar's height for a month of six weeks (five-week months are a row shorter).
    static let calendarHeight: CGFloat = 320
    static let timeRowHeight: CGFloat = 52
    static let sectionGap: CGFloat = 8
    static let headerHeight: CGFloat = 44
    static let weekdayTop: CGFloat = 48
    static let weekdayHeight: CGFloat = 20
    static let gridTop: CGFloat = 72
    static let gridRows = 6
    static let rowHeight: CGFloat = 40
    /// Below the last week.
    static let gridBottom: CGFloat = 8
    /// The date and time pills.
    static let valuePillHeight: CGFloat = 34
    static let valuePillPadding: CGFloat = 11
    static let valuePillGap: CGFloat = 6
    static let valuePillRadius: CGFloat = 8
    static let valuePillFont = UIFont.systemFont(ofSize: 17)
    static let timeLabelFont = UIFont.systemFont(ofSize: 17)
    /// The word before the time pill under the calendar (English, as the count-down's units).
    static let timeLabelText = "Time"
    static let gridInset: CGFloat = 8
    static let arrowSize: CGFloat = 44
    static let pillHeight: CGFloat = 36
    // The time fields: room around the − and + and the two digits between them (a 30-point
    // step and 36-point value read as "−|11|+"); the row still fits the 320-point width.
    static let pillStepWidth: CGFloat = 34
    static let pillValueWidth: CGFloat = 42
    static let unitGap: CGFloat = 6
    static let fieldGap: CGFloat = 16
    static let focusRadius: CGFloat = 13

    static let titleFont = UIFont.systemFont(ofSize: 17, weight: .semibold)
    static let weekdayFont = UIFont.systemFont(ofSize: 13, weight: .semibold)
    static let dayFont = UIFont.systemFont(ofSize: 19)
    static let dayBoldFont = UIFont.systemFont(ofSize: 19, weight: .semibold)
    static let fieldFont = UIFont.systemFont(ofSize: 19, weight: .medium)
    static let unitFont = UIFont.systemFont(ofSize: 15)

    // MARK: Sections

    /// Whether the value has a date (keys and adjustments move it by days), whatever the style.
    var showsDatePart: Bool { datePickerMode == .date || datePickerMode == .dateAndTime }
    /// Whether the value has a time or a duration (keys step it by minutes and hours).
    var showsTimePart: Bool { datePickerMode != .date }

    /// Whether the month grid is drawn (inline date modes).
    var showsCalendar: Bool { datePickerStyle == .inline && (datePickerMode == .date || datePickerMode == .dateAndTime) }
    /// Whether the count-down's stepper fields are drawn (inline count-down).
    var showsTimeRow: Bool { datePickerStyle == .inline && datePickerMode == .countDownTimer }
    /// Whether the value is shown as pills: the compact style, and inline `.time` (which
    /// looks the same, as in UIKit).
    var showsPillRow: Bool {
        datePickerStyle == .compact || (datePickerStyle == .inline && datePickerMode == .time)
    }
    /// Whether the time pill sits under the calendar with its "Time" label (inline `.dateAndTime`).
    var showsTimePillRow: Bool { datePickerStyle == .inline && datePickerMode == .dateAndTime }

    /// The calendar's height: its header and weekdays, then as many weeks as the month shown
    /// has (no empty week under a five-week month).
    var calendarHeight: CGFloat {
        let rows = displayedMonth.map(gridRowCount) ?? UIDatePicker.gridRows
        return UIDatePicker.gridTop + UIDatePicker.rowHeight * CGFloat(rows) + UIDatePicker.gridBottom
    }

    /// The natural size of the mode and style.
    var naturalSize: CGSize {
        if showsWheels { return CGSize(width: UIDatePicker.naturalWidth, height: UIDatePicker.wheelsHeight) }
        if showsPillRow {
            let pills = pillLayout(origin: .zero)
            return CGSize(width: (pills.map(\.rect.maxX).max() ?? 0).rounded(.up), height: UIDatePicker.valuePillHeight)
        }
        switch datePickerMode {
        case .date: return CGSize(width: UIDatePicker.naturalWidth, height: calendarHeight)
        case .time, .countDownTimer: return CGSize(width: UIDatePicker.naturalWidth, height: UIDatePicker.timeRowHeight)
        case .dateAndTime:
            return CGSize(width: UIDatePicker.naturalWidth, height: calendarHeight + UIDatePicker.sectionGap + UIDatePicker.timeRowHeight)
        }
    }

    // MARK: Pills

    /// The text of a pill: the date (medium style) or the time (short style), per ``locale``.
    func pillText(_ element: Element) -> String {
        let f = formatters.pill
        f.dateStyle = element == .datePill ? .medium : .none
        f.timeStyle = element == .timePill ? .short : .none
        return f.string(from: storedDate)
    }

    /// The value changed: pills as wide as their text make the natural width change too.
    func pillTextMayHaveChanged() {
        if showsPillRow { contentLayoutChanged() }
    }

    /// A pill's width for its text.
    func pillWidth(_ element: Element) -> CGFloat {
        (textMeasurer.size(of: pillText(element), font: UIDatePicker.valuePillFont).width + 2 * UIDatePicker.valuePillPadding).rounded(.up)
    }

    /// The pills of the compact style (and inline `.time`) from `origin`: the date's, then the
    /// time's, as the mode shows them, leading-aligned (mirrored right to left).
    func pillLayout(origin: CGPoint) -> [(element: Element, rect: CGRect)] {
        var elements: [Element] = []
        if datePickerMode != .time { elements.append(.datePill) }
        if datePickerMode != .date { elements.append(.timePill) }
        var x = origin.x
        var out: [(Element, CGRect)] = []
        for e in elements {
            let w = pillWidth(e)
            out.append((e, CGRect(x: x, y: origin.y, width: w, height: UIDatePicker.valuePillHeight)))
            x += w + UIDatePicker.valuePillGap
        }
        return out
    }

    /// The pills where they are drawn: at the leading edge, centred vertically.
    var pills: [(element: Element, rect: CGRect)] {
        if showsTimePillRow {
            let row = timeRowRect
            let w = pillWidth(.timePill)
            let r = CGRect(x: row.maxX - 16 - w, y: row.minY + ((row.height - UIDatePicker.valuePillHeight) / 2).rounded(.down),
                           width: w, height: UIDatePicker.valuePillHeight)
            return [(.timePill, mirrored(r))]
        }
        guard showsPillRow else { return [] }
        let y = contentTop
        return pillLayout(origin: CGPoint(x: bounds.minX, y: y)).map { ($0.element, mirrored($0.rect)) }
    }

    /// Where the "Time" label before the time pill sits (inline `.dateAndTime`).
    var timeLabelRect: CGRect {
        let row = timeRowRect
        return mirrored(CGRect(x: row.minX + 16, y: row.minY, width: max(0, row.width / 2 - 16), height: row.height))
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

    /// The month title and its chevron, as drawn (a tap anywhere on them, the header's
    /// height, counts).
    var monthTitleRect: CGRect {
        let w = textMeasurer.size(of: monthTitle, font: UIDatePicker.titleFont).width + UIDatePicker.titleChevronGap + 10
        return mirrored(CGRect(x: titleOrigin.x - 8, y: contentTop, width: (w + 16).rounded(.up), height: UIDatePicker.headerHeight))
    }

    /// The gap between the month title and its chevron.
    static let titleChevronGap: CGFloat = 8

    func arrowRect(_ element: Element) -> CGRect {
        let s = UIDatePicker.arrowSize
        let nextX = bounds.maxX - UIDatePicker.gridInset - s
        let x = element == .nextMonth ? nextX : nextX - s
        return mirrored(CGRect(x: x, y: contentTop, width: s, height: s))
    }

    var gridRect: CGRect {
        let inset = UIDatePicker.gridInset
        let rows = displayedMonth.map(gridRowCount) ?? UIDatePicker.gridRows
        return CGRect(x: bounds.minX + inset, y: contentTop + UIDatePicker.gridTop, width: max(0, bounds.width - 2 * inset),
                      height: UIDatePicker.rowHeight * CGFloat(rows))
    }

    /// The rows drawn: as many weeks as the month has (at least one).
    func gridRowCount(_ month: DatePickerMonth) -> Int { max(1, month.rowsNeeded) }

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
        let top = datePickerMode == .dateAndTime ? contentTop + calendarHeight + UIDatePicker.sectionGap : contentTop
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
        // (Times are pills now: only the count-down has stepper fields.)
        return TimeRowLayout(row: row, hourPill: pill(row.minX), minutePill: pill(row.minX + pillW), colon: nil, period: nil,
                             hourUnit: nil, minuteUnit: nil)
    }

    /// The − (`up == false`) or + part of a field.
    static func stepRect(of pill: CGRect, up: Bool) -> CGRect {
        CGRect(x: up ? pill.maxX - pillStepWidth : pill.minX, y: pill.minY, width: pillStepWidth, height: pill.height)
    }


    // MARK: Hit-testing

    /// The element under `point` (the picker's coordinates), if any. Time-row targets reach
    /// the full height of the row so they are easy to hit with a finger.
    func element(at point: CGPoint) -> Element? {
        if showsCalendar {
            if monthTitleRect.contains(point) { return .monthTitle }
            if showsMonthYearWheels { return nil }   // the wheels take the rest (see `UIDatePicker+Wheels.swift`)
            if arrowRect(.previousMonth).contains(point) { return .previousMonth }
            if arrowRect(.nextMonth).contains(point) { return .nextMonth }
            if let month = displayedMonth, gridRect.contains(point) {
                for i in 0..<month.dayCount where cellRect(month.leadingBlanks + i, in: month).contains(point) {
                    return .day(i)
                }
            }
        }
        for (element, rect) in pills where rect.insetBy(dx: 0, dy: -8).contains(point) { return element }
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
        }
        return nil
    }

    /// The centre of an element, in the picker's coordinates (for tests and assistive tools).
    func centre(of element: Element) -> CGPoint? {
        let r: CGRect
        switch element {
        case .monthTitle:
            guard showsCalendar else { return nil }
            r = monthTitleRect
        case .previousMonth, .nextMonth:
            guard showsCalendar, !showsMonthYearWheels else { return nil }
            r = arrowRect(element)
        case .day(let i):
            guard showsCalendar, let month = displayedMonth, i >= 0, i < month.dayCount else { return nil }
            r = cellRect(month.leadingBlanks + i, in: month)
        case .hourDown, .hourUp, .minuteDown, .minuteUp:
            guard showsTimeRow else { return nil }
            let l = timeRowLayout()
            let pill = element == .hourDown || element == .hourUp ? l.hourPill : l.minutePill
            r = UIDatePicker.stepRect(of: pill, up: element == .hourUp || element == .minuteUp)
        case .datePill, .timePill:
            guard let pill = pills.first(where: { $0.element == element }) else { return nil }
            r = pill.rect
        }
        return CGPoint(x: r.midX, y: r.midY)
    }
}
