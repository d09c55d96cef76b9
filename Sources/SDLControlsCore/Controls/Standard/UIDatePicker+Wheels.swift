import Foundation

/// The wheels style: a column per part of the value (month, day, year; the day and the time;
/// hours and minutes), each a wheel of rows that spins under a drag, keeps going after a
/// flick, and settles on the row in the selection band. A wheel applies its row when it
/// settles, sending valueChanged then; a tap on a row spins it there. Hours, minutes, months
/// and days go round; years, the day-and-time wheel's days, AM/PM and the count-down's hours
/// stop at their ends. Rows a wheel can't take (outside the limits, a day the month lacks)
/// are drawn faint, and a wheel settled on one turns back to the value the picker kept.
/// Motion runs on the window's frame clock.
///
/// The inline calendar has a month and a year wheel too, behind its title: a tap on the title
/// (its chevron turns down) shows them in place of the grid, and they turn the month shown,
/// not the date (a day is still picked in the grid), sending nothing; months wholly outside
/// the limits are faint and turn back.
extension UIDatePicker {
    /// What a wheel shows.
    enum WheelKind: Hashable {
        case month, day, year
        /// Days around the date ("Today", "Sat Jun 15") in `.dateAndTime`.
        case dateRow
        case hour, minute, period
        case durationHours, durationMinutes
        /// The month and year the calendar shows (its title's wheels).
        case shownMonth, shownYear
    }

    /// A wheel: what it shows and where.
    struct WheelColumn: Hashable {
        var kind: WheelKind
        var rowCount: Int
        var cyclic: Bool
        /// The column's rectangle (the picker's coordinates).
        var rect: CGRect
        /// The unit word after the selection band (count-down: "hours", "min").
        var unit: String?
    }

    /// A wheel spinning toward `to` (rows), or following a finger.
    struct WheelMotion {
        var from: CGFloat
        var to: CGFloat
        var start: TimeInterval
        var duration: TimeInterval
    }

    // MARK: Metrics

    static let wheelsHeight: CGFloat = 216
    static let wheelRowHeight: CGFloat = 34
    static let wheelFont = UIFont.systemFont(ofSize: 21)
    static let wheelUnitFont = UIFont.systemFont(ofSize: 17, weight: .semibold)
    static let wheelColumnGap: CGFloat = 16
    /// The wheel's radius: rows are placed on a cylinder seen edge-on, so they close up
    /// toward its top and bottom as a turning wheel's do.
    static let wheelRadius: CGFloat = 100

    /// How far from the band's centre (points, down positive) a row `d` rows away is drawn;
    /// nil when it is round the back of the wheel.
    static func wheelRowOffset(_ d: CGFloat) -> CGFloat? {
        let angle = d * wheelRowHeight / wheelRadius
        guard abs(angle) < 1.08 else { return nil }   // further round, rows would crowd into each other
        return wheelRadius * sin(angle)
    }

    /// The row distance (fractional) of a point `dy` from the band's centre.
    static func wheelRowDistance(atOffset dy: CGFloat) -> CGFloat {
        let s = min(1, max(-1, dy / wheelRadius))
        return asin(s) * wheelRadius / wheelRowHeight
    }

    /// Rows either side of the centre that are drawn.
    static let wheelVisibleRows: CGFloat = 3.3
    /// Days either side of the date the day-and-time wheel holds.
    static let wheelDateRowSpan = 36_500
    /// Points a touch may move and still be a tap on a row.
    static let wheelTapSlop: CGFloat = 6

    var showsWheels: Bool { datePickerStyle == .wheels }

    /// Whether the calendar shows its month and year wheels instead of the grid.
    var showsMonthYearWheels: Bool { showsCalendar && wheelState.monthYearExpanded }

    /// Shows or hides the calendar's month and year wheels (a tap on the title).
    func toggleMonthYearWheels() {
        let expanded = !wheelState.monthYearExpanded
        resetWheels()
        wheelState.monthYearExpanded = expanded
        setNeedsDisplay()
    }

    /// Where the wheels are: the natural width and height, centred in the bounds (the
    /// month and year wheels: under the calendar's title, where the grid is).
    var wheelsRect: CGRect {
        if showsMonthYearWheels {
            let top = contentTop + UIDatePicker.weekdayTop
            return CGRect(x: bounds.minX + UIDatePicker.gridInset, y: top, width: max(0, bounds.width - 2 * UIDatePicker.gridInset),
                          height: max(0, contentTop + calendarHeight - top))
        }
        let w = min(bounds.width, UIDatePicker.naturalWidth)
        return CGRect(x: bounds.minX + ((bounds.width - w) / 2).rounded(.down), y: contentTop, width: w, height: UIDatePicker.wheelsHeight)
    }

    /// The selection band across the wheels.
    var wheelBand: CGRect {
        let r = wheelsRect
        return CGRect(x: r.minX + 8, y: (r.midY - UIDatePicker.wheelRowHeight / 2).rounded(), width: max(0, r.width - 16),
                      height: UIDatePicker.wheelRowHeight)
    }

    // MARK: Columns

    /// The wheels for the mode, laid out across ``wheelsRect`` (right to left in a
    /// right-to-left layout). Cached until the bounds, mode, locale or interval change.
    var wheelColumns: [WheelColumn] {
        let key = WheelLayoutKey(bounds: wheelsRect, mode: datePickerMode, interval: storedMinuteInterval, rtl: isRightToLeft,
                                 monthYear: showsMonthYearWheels)
        if let cached = wheelState.columns, wheelState.layoutKey == key { return cached }
        let columns = layoutWheelColumns()
        wheelState.columns = columns
        wheelState.layoutKey = key
        return columns
    }

    private func layoutWheelColumns() -> [WheelColumn] {
        let f = formatters
        let m = textMeasurer
        let font = UIDatePicker.wheelFont
        func width(_ samples: [String], unit: String? = nil) -> CGFloat {
            let text = samples.map { m.size(of: $0, font: font).width }.max() ?? 0
            let u = unit.map { m.size(of: $0, font: UIDatePicker.wheelUnitFont).width + 8 } ?? 0
            return (text + u + 12).rounded(.up)
        }
        var kinds: [(WheelKind, Int, Bool, CGFloat, String?)] = []
        let perHour = max(1, 60 / storedMinuteInterval)
        let minuteSamples = (0..<perHour).map { f.twoDigit($0 * storedMinuteInterval) }
        func timeColumns() {
            if f.uses12HourClock {
                kinds.append((.hour, 12, true, width((1...12).map(f.number)), nil))
                kinds.append((.minute, perHour, true, width(minuteSamples), nil))
                kinds.append((.period, 2, false, width(f.periodSymbols), nil))
            } else {
                kinds.append((.hour, 24, true, width((0..<24).map { f.padsHours ? f.twoDigit($0) : f.number($0) }), nil))
                kinds.append((.minute, perHour, true, width(minuteSamples), nil))
            }
        }
        // Months the calendar numbers (13 in the Hebrew calendar), years up to the last the
        // picker takes (Date.distantFuture's), days up to the longest month's.
        let cal = workingCalendar
        let months = max(1, cal.maximumRange(of: .month)?.count ?? 12)
        let days = max(1, cal.maximumRange(of: .day)?.count ?? 31)
        let years = min(UIDatePicker.wheelYearCount, max(1, cal.component(.year, from: Date.distantFuture)))
        let yearSamples = [f.number(2024), f.number(1999), f.number(years)]
        switch datePickerMode {
        case _ where showsMonthYearWheels:
            for part in f.dateOrder where part != .day {
                if part == .month {
                    kinds.append((.shownMonth, months, true, width(f.monthNames), nil))
                } else {
                    kinds.append((.shownYear, years, false, width(yearSamples), nil))
                }
            }
        case .date:
            for part in f.dateOrder {
                switch part {
                case .month: kinds.append((.month, months, true, width(f.monthNames), nil))
                case .day: kinds.append((.day, days, true, width(["28", "30", f.number(days)]), nil))
                case .year: kinds.append((.year, years, false, width(yearSamples), nil))
                }
            }
        case .time:
            timeColumns()
        case .dateAndTime:
            kinds.append((.dateRow, 2 * UIDatePicker.wheelDateRowSpan + 1, false,
                          width([f.wheelDay.string(from: storedDate), "Wed Sep 30", f.todayWord]), nil))
            timeColumns()
        case .countDownTimer:
            let units = ("hours", "min")
            kinds.append((.durationHours, 24, false, width(["23"], unit: units.0), units.0))
            kinds.append((.durationMinutes, perHour, true, width(minuteSamples, unit: units.1), units.1))
        }
        let area = wheelsRect
        let gap = UIDatePicker.wheelColumnGap
        let natural = kinds.reduce(0) { $0 + $1.3 } + gap * CGFloat(max(0, kinds.count - 1))
        // A little spare width goes to each column, the rest either side of the group, which
        // is centred; a narrow picker squeezes the columns evenly.
        let spare = min(20, (area.width - 16 - natural) / CGFloat(max(1, kinds.count)))
        let total = natural + spare * CGFloat(kinds.count)
        var x = (area.midX - total / 2).rounded()
        var columns: [WheelColumn] = []
        for (kind, count, cyclic, w, unit) in kinds {
            let cw = max(8, w + spare)
            var r = CGRect(x: x, y: area.minY, width: cw, height: area.height)
            if isRightToLeft { r.origin.x = area.minX + area.maxX - r.maxX }
            columns.append(WheelColumn(kind: kind, rowCount: count, cyclic: cyclic, rect: r, unit: unit))
            x += cw + gap
        }
        return columns
    }

    /// The most years a year wheel holds: 1…10,000, and no further than the calendar's year
    /// of `Date.distantFuture`, the last date the picker takes (4001 in the Gregorian calendar).
    static let wheelYearCount = 10_000

    // MARK: Values

    /// The row of `column` that shows the picker's value.
    func selectedWheelRow(_ column: WheelColumn) -> Int {
        let cal = workingCalendar
        switch column.kind {
        case .month: return max(0, cal.component(.month, from: storedDate) - 1)
        case .day: return max(0, cal.component(.day, from: storedDate) - 1)
        case .year: return min(max(0, cal.component(.year, from: storedDate) - 1), column.rowCount - 1)
        case .dateRow: return UIDatePicker.wheelDateRowSpan + dayOffset(of: storedDate)
        case .hour:
            let hour = minuteOfDay(storedDate) / 60
            return column.rowCount == 12 ? hour % 12 : hour
        case .minute: return (minuteOfDay(storedDate) % 60) / storedMinuteInterval
        case .period: return minuteOfDay(storedDate) >= 720 ? 1 : 0
        case .durationHours: return Int(storedCountDownDuration) / 3600
        case .durationMinutes: return (Int(storedCountDownDuration) / 60 % 60) / storedMinuteInterval
        case .shownMonth: return max(0, cal.component(.month, from: displayedMonthStart) - 1)
        case .shownYear: return min(max(0, cal.component(.year, from: displayedMonthStart) - 1), column.rowCount - 1)
        }
    }

    /// Whole days from the day-and-time wheel's reference day (the day it was centred on)
    /// to `date`'s day.
    func dayOffset(of date: Date) -> Int {
        let cal = workingCalendar
        let base = wheelState.referenceDay ?? cal.startOfDay(for: storedDate)
        if wheelState.referenceDay == nil { wheelState.referenceDay = base }
        return cal.dateComponents([.day], from: base, to: cal.startOfDay(for: date)).day ?? 0
    }

    /// The text of `row` in `column`.
    func wheelText(_ column: WheelColumn, row: Int) -> String {
        let f = formatters
        switch column.kind {
        case .month, .shownMonth:
            // Named from a day in that month of the year shown, as the calendar names it.
            let base = column.kind == .month ? storedDate : displayedMonthStart
            if let d = monthStart(row, yearOf: base) { return f.monthName.string(from: d) }
            return row < f.monthNames.count ? f.monthNames[row] : ""
        case .day: return f.number(row + 1)
        case .year: return f.number(row + 1)
        case .dateRow:
            guard let day = wheelDay(row) else { return "" }
            let cal = workingCalendar
            return cal.isDate(day, inSameDayAs: nowOverride ?? Date()) ? f.todayWord : f.wheelDay.string(from: day)
        case .hour: return column.rowCount == 12 ? f.number(row == 0 ? 12 : row) : (f.padsHours ? f.twoDigit(row) : f.number(row))
        case .minute, .durationMinutes: return f.twoDigit(row * storedMinuteInterval)
        case .period: return f.periodSymbols[min(1, max(0, row))]
        case .durationHours: return f.number(row)
        case .shownYear: return f.number(row + 1)
        }
    }

    /// The first day of month `row + 1` in `base`'s year, when that year has it (a Hebrew
    /// common year has no Adar I).
    func monthStart(_ row: Int, yearOf base: Date) -> Date? {
        let cal = workingCalendar
        var c = cal.dateComponents([.era, .year], from: base)
        c.month = row + 1
        c.day = 1
        guard let d = cal.date(from: c), cal.component(.month, from: d) == row + 1,
              cal.component(.year, from: d) == c.year else { return nil }
        return d
    }

    private func wheelDay(_ row: Int) -> Date? {
        let cal = workingCalendar
        let base = wheelState.referenceDay ?? cal.startOfDay(for: storedDate)
        return cal.date(byAdding: .day, value: row - UIDatePicker.wheelDateRowSpan, to: base)
    }

    /// What settling `column` on `row` does to the value.
    func wheelChange(_ column: WheelColumn, row: Int) -> Change {
        let cal = workingCalendar
        switch column.kind {
        case .month, .day, .year:
            var c = cal.dateComponents([.era, .year, .month, .day, .hour, .minute, .second, .nanosecond], from: storedDate)
            switch column.kind {
            case .month: c.month = row + 1
            case .year: c.year = row + 1
            default: c.day = row + 1
            }
            // The day the month has nearest the one asked for (31 in a 30-day month is 30).
            let wanted = c.day ?? 1
            let month = c.month, year = c.year
            c.day = 1
            guard let first = cal.date(from: c),
                  // A month the year lacks, or a year past the calendar's, rolls over: refused.
                  cal.component(.month, from: first) == month, cal.component(.year, from: first) == year else { return .none }
            let days = cal.range(of: .day, in: .month, for: first)?.count ?? 28
            c.day = min(wanted, days)
            return cal.date(from: c).map(Change.date) ?? .none
        case .dateRow:
            guard let day = wheelDay(row) else { return .none }
            let next = cal.date(byAdding: .day, value: 1, to: day) ?? day
            return .date(combining(day: day, dayEnd: next, timeOf: storedDate))
        case .hour:
            let mod = minuteOfDay(storedDate)
            let hour = column.rowCount == 12 ? (mod >= 720 ? 12 : 0) + row : row
            return settingMinuteOfDay(hour * 60 + mod % 60, of: storedDate).map(Change.date) ?? .none
        case .minute:
            let mod = minuteOfDay(storedDate)
            return settingMinuteOfDay(mod - mod % 60 + row * storedMinuteInterval, of: storedDate).map(Change.date) ?? .none
        case .period:
            let mod = minuteOfDay(storedDate)
            return settingMinuteOfDay(mod % 720 + row * 720, of: storedDate).map(Change.date) ?? .none
        case .shownMonth, .shownYear:
            // The month shown, when any of it is within the limits; the date is untouched.
            var c = cal.dateComponents([.era, .year, .month], from: displayedMonthStart)
            if column.kind == .shownMonth { c.month = row + 1 } else { c.year = row + 1 }
            c.day = 1
            guard let start = cal.date(from: c), cal.component(.month, from: start) == c.month,
                  cal.component(.year, from: start) == c.year, UIDatePicker.sanitized(start) == start,
                  let month = cal.dateInterval(of: .month, for: start) else { return .none }
            let (lo, hi) = effectiveLimits
            if let lo, month.end <= lo { return .none }
            if let hi, month.start > hi { return .none }
            return .month(month.start)
        case .durationHours, .durationMinutes:
            let minutes = Int(storedCountDownDuration) / 60
            let total = column.kind == .durationHours ? row * 60 + minutes % 60 : minutes - minutes % 60 + row * storedMinuteInterval
            return .duration(TimeInterval(min(total, UIDatePicker.maximumCountDownMinutes / storedMinuteInterval * storedMinuteInterval) * 60))
        }
    }

    /// Whether settling on `row` keeps it: the value it makes is within the limits (and a
    /// day the month has).
    func isWheelRowAvailable(_ column: WheelColumn, row: Int) -> Bool {
        if column.kind == .day {
            let cal = workingCalendar
            let days = cal.range(of: .day, in: .month, for: storedDate)?.count ?? 31
            if row >= days { return false }
        }
        switch wheelChange(column, row: row) {
        case .date(let d): return UIDatePicker.sanitized(d) == d && clamped(d) == d   // (past distantFuture: refused too)
        case .duration, .month: return true
        case .none: return false
        }
    }

    // MARK: Offsets and motion

    /// Where `column` is turned to, in rows (fractional while it moves).
    func wheelOffset(_ index: Int, _ column: WheelColumn) -> CGFloat {
        if let o = wheelState.offsets[index] { return o }
        return CGFloat(selectedWheelRow(column))
    }

    /// The row a wheel turned to `offset` shows in its band.
    func wheelRow(_ column: WheelColumn, at offset: CGFloat) -> Int {
        let k = Int(offset.rounded())
        if column.cyclic { return ((k % column.rowCount) + column.rowCount) % column.rowCount }
        return min(max(0, k), column.rowCount - 1)
    }

    /// The column under `point`, if any.
    func wheelColumnIndex(at point: CGPoint) -> Int? {
        guard wheelsRect.contains(point) else { return nil }
        let columns = wheelColumns
        // The nearest column across: the gaps belong to their neighbours.
        return columns.indices.min { abs(columns[$0].rect.midX - point.x) < abs(columns[$1].rect.midX - point.x) }
    }

    /// Spins `index` from where it is to `target` rows, then applies it.
    func spinWheel(_ index: Int, to target: CGFloat) {
        let columns = wheelColumns
        guard index < columns.count else { return }
        let column = columns[index]
        var to = target.rounded()
        if !column.cyclic { to = min(max(0, to), CGFloat(column.rowCount - 1)) }
        let from = wheelOffset(index, column)
        let distance = Double(abs(to - from))
        guard distance > 0.001 else {
            wheelState.offsets[index] = nil
            settleWheel(index, column, atRow: wheelRow(column, at: to))
            return
        }
        wheelState.offsets[index] = from
        runWheelMotion(index, WheelMotion(from: from, to: to, start: frameClock.currentTime,
                                          duration: min(1.2, 0.22 + 0.05 * distance)))
        setNeedsDisplay()
    }

    /// Turns wheel `index` as `motion` says, stepped on the window's clock with the other
    /// control animations; when this change doesn't animate (no window, animations off,
    /// ``UIControl/isSymbolAnimationEnabled`` false) the wheel is at once where the motion
    /// ends, and comes to rest there.
    private func runWheelMotion(_ index: Int, _ motion: WheelMotion) {
        guard controlChangeAnimates(true) else {
            wheelState.motions[index] = nil
            wheelState.offsets[index] = nil
            let columns = wheelColumns
            if index < columns.count { settleWheel(index, columns[index], atRow: wheelRow(columns[index], at: motion.to)) }
            setNeedsDisplay()
            return
        }
        wheelState.motions[index] = motion
        runControlAnimations()
    }

    /// Steps the spinning wheels (``ControlAnimating``).
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        guard !wheelState.motions.isEmpty else { return nil }
        stepWheels(at: time)
        return wheelState.motions.isEmpty ? nil : time
    }

    private func stepWheels(at now: TimeInterval) {
        let columns = wheelColumns
        for (index, motion) in wheelState.motions {
            let t = motion.duration > 0 ? min(1, max(0, (now - motion.start) / motion.duration)) : 1
            let eased = ControlAnimationCurve.easeOut.progress(t)   // a flick slows to rest
            wheelState.offsets[index] = motion.from + (motion.to - motion.from) * CGFloat(eased)
            if t >= 1 {
                wheelState.motions[index] = nil
                wheelState.offsets[index] = nil
                if index < columns.count { settleWheel(index, columns[index], atRow: wheelRow(columns[index], at: motion.to)) }
            }
        }
        setNeedsDisplay()
    }

    /// A wheel came to rest on `row`: the value takes it (valueChanged when it changed). A
    /// row the value can't take leaves the value as it was, and the wheel turns back to it.
    private func settleWheel(_ index: Int, _ column: WheelColumn, atRow row: Int) {
        applyUserChange(wheelChange(column, row: row), reveal: true, with: nil)
        if column.kind == .dateRow {
            // Keep the reference day where the wheel is, so its rows don't shift under it.
            _ = dayOffset(of: storedDate)
        }
        let kept = selectedWheelRow(column)
        if kept != row {
            // Clamped (a limit, a missing day): turn back to the value kept, the short way round.
            var target = CGFloat(kept)
            if column.cyclic {
                let n = CGFloat(column.rowCount)
                let here = CGFloat(row)
                var d = (target - here).truncatingRemainder(dividingBy: n)
                if d > n / 2 { d -= n } else if d < -n / 2 { d += n }
                target = here + d
            }
            wheelState.offsets[index] = CGFloat(row)
            runWheelMotion(index, WheelMotion(from: CGFloat(row), to: target, start: frameClock.currentTime, duration: 0.25))
        }
        setNeedsDisplay()
    }

    /// Stops every wheel where its value is (a value set in code, a new mode, leaving the window).
    func resetWheels() {
        wheelState.monthYearExpanded = wheelState.monthYearExpanded && showsCalendar
        wheelState.motions.removeAll()
        wheelState.offsets.removeAll()
        wheelState.drag = nil
        wheelState.referenceDay = nil
        wheelState.columns = nil
    }

    // MARK: Touches

    func beginWheelTracking(_ touch: UITouch) -> Bool {
        let p = touch.location(in: self)
        guard let index = wheelColumnIndex(at: p) else { return false }
        let column = wheelColumns[index]
        let offset = wheelOffset(index, column)
        wheelState.motions[index] = nil   // a finger stops a spinning wheel
        wheelState.offsets[index] = offset
        wheelState.drag = WheelDrag(column: index, startY: p.y, startOffset: offset, lastY: p.y, lastTime: touch.timestamp,
                                    velocity: 0, moved: false)
        setNeedsDisplay()
        return true
    }

    func continueWheelTracking(_ touch: UITouch) {
        guard var drag = wheelState.drag else { return }
        let p = touch.location(in: self)
        let columns = wheelColumns
        guard drag.column < columns.count else { return }
        let column = columns[drag.column]
        if abs(p.y - drag.startY) > UIDatePicker.wheelTapSlop { drag.moved = true }
        var offset = drag.startOffset - (p.y - drag.startY) / UIDatePicker.wheelRowHeight
        if !column.cyclic {
            // Past the ends it gives a little and no more.
            let last = CGFloat(column.rowCount - 1)
            if offset < 0 { offset = -min(0.5, -offset / 3) } else if offset > last { offset = last + min(0.5, (offset - last) / 3) }
        }
        let dt = touch.timestamp - drag.lastTime
        if dt > 0.001 {
            let v = -Double(p.y - drag.lastY) / UIDatePicker.wheelRowHeight / dt
            drag.velocity = drag.velocity * 0.3 + v * 0.7   // rows per second, smoothed
            drag.lastY = p.y
            drag.lastTime = touch.timestamp
        }
        wheelState.drag = drag
        wheelState.offsets[drag.column] = offset
        setNeedsDisplay()
    }

    func endWheelTracking(_ touch: UITouch?) {
        guard let drag = wheelState.drag else { return }
        wheelState.drag = nil
        let columns = wheelColumns
        guard drag.column < columns.count else { return }
        let column = columns[drag.column]
        let offset = wheelState.offsets[drag.column] ?? drag.startOffset
        if !drag.moved, let touch {
            // A tap: the row under the touch spins into the band.
            let dy = touch.location(in: self).y - wheelBand.midY
            spinWheel(drag.column, to: offset + UIDatePicker.wheelRowDistance(atOffset: dy).rounded())
            return
        }
        // A flick keeps going a third of a second at its speed (held still, it stops at once).
        let held = touch.map { $0.timestamp - drag.lastTime > 0.1 } ?? true
        let v = held || !drag.velocity.isFinite ? 0 : min(40, max(-40, drag.velocity))
        var target = offset + CGFloat(v * 0.3)
        if !column.cyclic { target = min(max(0, target), CGFloat(column.rowCount - 1)) }
        spinWheel(drag.column, to: target)
    }

    func cancelWheelTracking() {
        guard let drag = wheelState.drag else { return }
        wheelState.drag = nil
        // Nothing changes (rule C7): the wheel turns back to the value.
        let columns = wheelColumns
        guard drag.column < columns.count else { return }
        runWheelMotion(drag.column, WheelMotion(from: wheelState.offsets[drag.column] ?? drag.startOffset,
                                                to: drag.startOffset.rounded(), start: frameClock.currentTime, duration: 0.2))
    }

    // MARK: Drawing

    func drawWheels(_ ctx: DrawContext) {
        let band = wheelBand
        // Translucent, so it shows on a raised panel (an editor) as on the screen.
        ctx.fillRoundedRect(band, radius: 8, color: ink(.tertiarySystemFill))
        let font = UIDatePicker.wheelFont
        let area = wheelsRect
        for (index, column) in wheelColumns.enumerated() {
            let offset = wheelOffset(index, column)
            let span = UIDatePicker.wheelVisibleRows
            let first = Int((offset - span).rounded(.down)), last = Int((offset + span).rounded(.up))
            let textWidth = column.unit.map { column.rect.width - ctx.size(of: $0, font: UIDatePicker.wheelUnitFont).width - 8 } ?? column.rect.width
            for k in first...last {
                let d = CGFloat(k) - offset
                guard abs(d) <= span else { continue }
                let row: Int
                if column.cyclic {
                    row = ((k % column.rowCount) + column.rowCount) % column.rowCount
                } else {
                    guard k >= 0, k < column.rowCount else { continue }
                    row = k
                }
                guard let dy = UIDatePicker.wheelRowOffset(d) else { continue }
                let y = band.midY + dy
                let text = wheelText(column, row: row)
                let available = isWheelRowAvailable(column, row: row)
                // Rows fade away from the band, as the wheel turns away from the eye.
                let fade = max(0.2, 1 - abs(d) * 0.26)
                let base: UIColor = available ? .label : .tertiaryLabel
                let color = abs(d) < 0.5 ? base : base.withAlphaComponent(fade * (available ? 0.75 : 1))
                // Laid out once: measured for its place, then drawn from the same layout.
                guard let s = ctx.prepareText(text, font: font, color: ink(color)),
                      y - s.height / 2 >= area.minY, y + s.height / 2 <= area.maxY else { continue }
                let x: CGFloat
                switch column.kind {
                case .hour, .durationHours, .durationMinutes: x = column.rect.minX + textWidth - s.width - 6   // numbers against the unit or the colon side
                case .minute: x = column.rect.minX + 6
                default: x = column.rect.midX - s.width / 2
                }
                ctx.drawPreparedText(at: CGPoint(x: x.rounded(), y: (y - s.height / 2).rounded()))
            }
            if let unit = column.unit, let s = ctx.prepareText(unit, font: UIDatePicker.wheelUnitFont, color: ink(.label)) {
                ctx.drawPreparedText(at: CGPoint(x: (column.rect.minX + textWidth + 2).rounded(), y: (band.midY - s.height / 2).rounded()))
            }
        }
    }
}

/// A finger on a wheel.
struct WheelDrag {
    var column: Int
    var startY: CGFloat
    var startOffset: CGFloat
    var lastY: CGFloat
    var lastTime: TimeInterval
    /// Rows per second, smoothed.
    var velocity: Double
    /// Whether it moved beyond a tap's slop.
    var moved: Bool
}

/// What the wheel layout depends on.
struct WheelLayoutKey: Hashable {
    var bounds: CGRect
    var mode: UIDatePicker.Mode
    var interval: Int
    var rtl: Bool
    var monthYear: Bool
}

/// The wheels' state: where each turns, what moves them, their layout.
@MainActor
final class DatePickerWheelState {
    var offsets: [Int: CGFloat] = [:]
    var motions: [Int: UIDatePicker.WheelMotion] = [:]
    var drag: WheelDrag?
    /// The day the day-and-time wheel counts its rows from.
    var referenceDay: Date?
    var columns: [UIDatePicker.WheelColumn]?
    var layoutKey: WheelLayoutKey?
    /// Whether the inline calendar shows its month and year wheels.
    var monthYearExpanded = false
}
