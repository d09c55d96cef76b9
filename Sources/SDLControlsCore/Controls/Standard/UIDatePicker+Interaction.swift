import Foundation

/// What taps, keys and assistive adjustments do to the value. Every user change goes
/// through ``UIDatePicker/applyUserChange(_:reveal:with:)``, which clamps, stores and sends
/// valueChanged (and with it primaryActionTriggered, rule B11) only when the value changed.
extension UIDatePicker {
    /// The outcome of acting on an element or a key.
    enum Change: Equatable {
        /// Nothing would change.
        case none
        /// A new date (before clamping).
        case date(Date)
        /// A new count-down duration (already valid).
        case duration(TimeInterval)
        /// Show another month (no value change).
        case month(Date)
    }

    /// Direction of an assistive adjustment.
    enum Adjustment { case increment, decrement }

    // MARK: Elements

    /// What acting on `element` would do now.
    func change(for element: Element) -> Change {
        switch element {
        case .previousMonth, .nextMonth:
            guard showsCalendar, let start = adjacentMonthStart(element == .nextMonth ? 1 : -1) else { return .none }
            return .month(start)
        case .day(let i):
            guard showsCalendar, let month = displayedMonth, isDaySelectable(i, in: month) else { return .none }
            return .date(combining(day: month.dayStarts[i], dayEnd: month.dayStarts[i + 1], timeOf: storedDate))
        case .hourDown: return stepped(minutes: -60, byInterval: false)
        case .hourUp: return stepped(minutes: 60, byInterval: false)
        case .minuteDown: return stepped(minutes: -storedMinuteInterval, byInterval: true)
        case .minuteUp: return stepped(minutes: storedMinuteInterval, byInterval: true)
        case .datePill, .timePill, .monthTitle:
            return .none   // they open an editor or the month wheels (see `perform`)
        }
    }

    /// Whether `element` can be pressed: it is drawn active, and a touch on it is tracked.
    /// A selectable day (the selected one too) and either AM/PM half always can; arrows and
    /// steppers only when they would change something.
    func isElementEnabled(_ element: Element) -> Bool {
        switch element {
        case .day(let i):
            guard showsCalendar, let month = displayedMonth else { return false }
            return isDaySelectable(i, in: month)
        case .datePill, .timePill:
            return pills.contains { $0.element == element }
        case .monthTitle:
            return showsCalendar
        default:
            switch change(for: element) {
            case .none: return false
            case .month: return true
            case .date(let d): return UIDatePicker.sanitized(d).map(clamped) != storedDate
            case .duration(let v): return v != storedCountDownDuration
            }
        }
    }

    /// A tap on `element` (applied at the lift, inside tracking).
    func perform(_ element: Element, with event: UIEvent?) {
        if element == .datePill || element == .timePill { return toggleEditor(for: element) }
        if element == .monthTitle { return toggleMonthYearWheels() }
        applyUserChange(change(for: element), reveal: false, with: event)
    }

    /// Stores a user change and sends valueChanged when the value changed. `reveal` turns
    /// the grid to the new date's month (keyboard moves can leave the month shown).
    func applyUserChange(_ change: Change, reveal: Bool = true, with event: UIEvent?) {
        switch change {
        case .none:
            return
        case .month(let start):
            showMonth(containing: start)
        case .date(let d):
            // Steps past distantPast/distantFuture stop there, like any other limit.
            guard let valid = UIDatePicker.sanitized(d) else { return }
            let new = clamped(valid)
            guard new != storedDate else { return }
            storedDate = new
            if reveal { revealDate() }
            syncEditor()
            pillTextMayHaveChanged()
            setNeedsDisplay()
            sendActions(for: .valueChanged, with: event)
        case .duration(let v):
            guard v != storedCountDownDuration else { return }
            storedCountDownDuration = v
            setNeedsDisplay()
            sendActions(for: .valueChanged, with: event)
        }
    }

    func clearPressed() {
        guard pressedElement != nil else { return }
        pressedElement = nil
        pressedIsInside = false
        setNeedsDisplay()
    }

    // MARK: Steps

    /// The time (or duration) moved by `minutes`. Minute steps land on multiples of the
    /// interval when the date rounds to it. Times wrap within their day (23:59 + 1 min is
    /// 00:00 of the same day); durations stop at 0 and 23:59.
    func stepped(minutes: Int, byInterval: Bool) -> Change {
        guard showsTimePart else { return .none }
        let step = storedMinuteInterval
        if datePickerMode == .countDownTimer {
            let total = Int(storedCountDownDuration) / 60 + minutes
            let maxMinutes = UIDatePicker.maximumCountDownMinutes / step * step
            guard total >= 0, total <= maxMinutes else { return .none }
            return .duration(TimeInterval(total * 60))
        }
        let mod = minuteOfDay(storedDate)
        var target = mod + minutes
        if byInterval && roundsTime {
            // From an unaligned minute, the first step goes to the neighbouring multiple.
            let base = mod - mod % step
            target = minutes > 0 ? base + step : (mod % step != 0 ? base : mod - step)
        }
        return settingMinuteOfDay(target, of: storedDate).map(Change.date) ?? .none
    }

    /// The date moved by `value` units of `component` (keyboard moves).
    func moved(_ component: Calendar.Component, by value: Int) -> Change {
        guard showsDatePart, let d = workingCalendar.date(byAdding: component, value: value, to: storedDate) else { return .none }
        return .date(d)
    }

    /// What an assistive increment or decrement does: a day in date modes, a minute step
    /// for times and durations.
    func adjustment(_ direction: Adjustment) -> Change {
        let up = direction == .increment
        if showsDatePart { return moved(.day, by: up ? 1 : -1) }
        return stepped(minutes: up ? storedMinuteInterval : -storedMinuteInterval, byInterval: true)
    }

    // MARK: Keys

    /// Handles an arrow or page key; returns false for keys the picker does not use.
    func handleKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        guard flags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
        let shift = flags.contains(.shift)
        let change: Change
        switch key.keyCode {
        case .keyboardLeftArrow, .keyboardRightArrow:
            let forward = key.keyCode == .keyboardRightArrow
            if showsDatePart && !shift {
                // The grid is mirrored in right-to-left layouts, so the arrows are too.
                change = moved(.day, by: forward != isRightToLeft ? 1 : -1)
            } else {
                change = stepped(minutes: forward ? 60 : -60, byInterval: false)
            }
        case .keyboardUpArrow, .keyboardDownArrow:
            let up = key.keyCode == .keyboardUpArrow
            if showsDatePart && !shift {
                change = moved(.day, by: up ? -7 : 7)   // a row up is a week earlier
            } else {
                change = stepped(minutes: up ? storedMinuteInterval : -storedMinuteInterval, byInterval: true)
            }
        case .keyboardPageUp, .keyboardPageDown:
            guard showsDatePart else { return false }
            // Foundation keeps the day of the month, or the month's last day when it is shorter.
            change = moved(.month, by: key.keyCode == .keyboardPageUp ? -1 : 1)
        default:
            return false
        }
        applyUserChange(change, reveal: true, with: nil)
        return true
    }
}
