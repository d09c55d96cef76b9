import Foundation

/// The inline and compact looks: a month grid (title, arrows, weekday headings, day numbers;
/// the selected day in a pale tint circle with a tint number, or a solid one with a white
/// number when it is today; today's number in tint, days outside the limits dimmed); grey
/// date and time pills, their text in the tint while their editor is open; the count-down's
/// hour and minute fields with − and + halves. Pressed elements darken; a disabled picker
/// fades as one layer (the drawing system dims it).
extension UIDatePicker {
    static let fieldRadius: CGFloat = 10

    /// A colour as drawn (the disabled fade is the drawing system's, for the whole picker).
    func ink(_ color: UIColor) -> UIColor { color }

    func isPressed(_ element: Element) -> Bool { pressedElement == element && pressedIsInside }

    func drawContent(in ctx: DrawContext) {
        if showsWheels { return drawWheels(ctx) }
        if showsCalendar { drawCalendar(ctx) }
        if showsTimePillRow {
            let y = contentTop + calendarHeight + UIDatePicker.sectionGap / 2
            ctx.strokeLine(from: CGPoint(x: bounds.minX + 16, y: y), to: CGPoint(x: bounds.maxX - 16, y: y),
                           width: 1 / ctx.scale, color: ink(.separator))
            let label = timeLabelRect
            if let s = ctx.prepareText(UIDatePicker.timeLabelText, font: UIDatePicker.timeLabelFont, color: ink(.label)) {
                let x = isRightToLeft ? label.maxX - s.width : label.minX
                ctx.drawPreparedText(at: CGPoint(x: x.rounded(), y: (label.midY - s.height / 2).rounded()))
            }
        }
        for (element, rect) in pills { drawPill(ctx, element, in: rect) }
        if showsTimeRow { drawTimeRow(ctx) }
    }

    /// A date or time pill: grey, its text in the tint while its editor is open.
    func drawPill(_ ctx: DrawContext, _ element: Element, in rect: CGRect) {
        let pressed = isPressed(element)
        ctx.fillRoundedRect(rect, radius: UIDatePicker.valuePillRadius, color: ink(pressed ? Theme.controlFillPressed : Theme.controlFill))
        let editing = editorElement == element
        drawCentred(ctx, pillText(element), font: UIDatePicker.valuePillFont, color: ink(editing ? tintColor : .label), in: rect)
    }

    /// Draws `text` centred in `rect`.
    func drawCentred(_ ctx: DrawContext, _ text: String, font: UIFont, color: UIColor, in rect: CGRect) {
        ctx.drawText(text, font: font, color: color, centredIn: rect)
    }

    // MARK: Calendar

    func drawCalendar(_ ctx: DrawContext) {
        guard let month = displayedMonth else { return }
        let f = formatters

        let title = monthTitle
        let ts = ctx.size(of: title, font: UIDatePicker.titleFont)
        let header = headerRect
        let titleRect = mirrored(CGRect(x: titleOrigin.x, y: (header.midY - ts.height / 2).rounded(), width: ts.width, height: ts.height))
        let expanded = showsMonthYearWheels
        var titleColor: UIColor = expanded ? tintColor : .label
        if isPressed(.monthTitle) { titleColor = titleColor.withAlphaComponent(0.5) }
        ctx.drawText(title, font: UIDatePicker.titleFont, color: ink(titleColor), at: titleRect.origin)
        // The title's chevron, in the tint: pointing forward, down while the wheels show.
        let gap = UIDatePicker.titleChevronGap
        let cx = isRightToLeft ? titleRect.minX - gap - 3 : titleRect.maxX + gap + 3
        let cy = header.midY
        var chevron: UIColor = tintColor
        if isPressed(.monthTitle) { chevron = chevron.withAlphaComponent(0.35) }
        if expanded {
            drawArm(ctx, from: CGPoint(x: cx - 5.5, y: cy - 3), to: CGPoint(x: cx, y: cy + 3), color: ink(chevron))
            drawArm(ctx, from: CGPoint(x: cx, y: cy + 3), to: CGPoint(x: cx + 5.5, y: cy - 3), color: ink(chevron))
            return drawWheels(ctx)
        }
        let d: CGFloat = isRightToLeft ? -1 : 1
        drawArm(ctx, from: CGPoint(x: cx - 3 * d, y: cy - 5.5), to: CGPoint(x: cx + 3 * d, y: cy), color: ink(chevron))
        drawArm(ctx, from: CGPoint(x: cx + 3 * d, y: cy), to: CGPoint(x: cx - 3 * d, y: cy + 5.5), color: ink(chevron))

        drawChevron(ctx, .previousMonth)
        drawChevron(ctx, .nextMonth)

        for (column, heading) in f.weekdayHeadings.enumerated() {
            drawCentred(ctx, heading, font: UIDatePicker.weekdayFont, color: ink(.secondaryLabel),
                        in: weekdayRect(column, columns: month.columns))
        }

        let selected = month.dayIndex(of: storedDate)
        let today = month.dayIndex(of: nowOverride ?? Date())
        let tint: UIColor = tintColor
        for i in 0..<month.dayCount {
            let cell = cellRect(month.leadingBlanks + i, in: month)
            let d = max(0, min(cell.width, cell.height) - 4)
            let circle = CGRect(x: cell.midX - d / 2, y: cell.midY - d / 2, width: d, height: d)
            let selectable = isDaySelectable(i, in: month)
            let pressed = isPressed(.day(i))
            var color: UIColor = .label
            var font = UIDatePicker.dayFont
            if i == selected && !isEnabled {
                // A faded tint circle would swallow its white number: disabled, it turns grey
                // with a dark number (the whole picker then fades as one layer).
                ctx.fillEllipse(in: circle, color: Theme.controlFillPressed)
                drawCentred(ctx, f.number(i + 1), font: UIDatePicker.dayBoldFont, color: .label, in: cell)
                continue
            } else if i == selected {
                // As iOS: today selected is a solid tint circle with a white number; another
                // day selected, a pale tint circle with a tint number (today keeps its tint).
                let isToday = i == today
                // Pale: 15% of the tint on light, 30% on dark (15% of it on black hardly shows).
                let pale = UIColor(light: tint.resolvedColor(with: .light).withAlphaComponent(0.15),
                                   dark: tint.resolvedColor(with: .dark).withAlphaComponent(0.3))
                ctx.fillEllipse(in: circle, color: isToday ? tint : pale)
                if pressed { ctx.fillEllipse(in: circle, color: UIColor(white: 0, alpha: isToday ? 0.18 : 0.08)) }
                color = isToday ? .white : tint
                font = UIDatePicker.dayBoldFont
            } else {
                if pressed { ctx.fillEllipse(in: circle, color: tint.withAlphaComponent(0.16)) }
                if i == today {
                    color = selectable ? tint : tint.withAlphaComponent(0.45)
                    font = UIDatePicker.dayBoldFont
                } else if !selectable {
                    color = .tertiaryLabel
                }
            }
            drawCentred(ctx, f.number(i + 1), font: font, color: ink(color), in: cell)
        }
    }

    /// A month arrow: a chevron pointing back or forward (mirrored right to left).
    func drawChevron(_ ctx: DrawContext, _ element: Element) {
        let r = arrowRect(element)
        let enabled = isElementEnabled(element)
        var color: UIColor = enabled ? tintColor : .tertiaryLabel
        if isPressed(element) { color = color.withAlphaComponent(0.35) }
        let pointsLeft = (element == .previousMonth) != isRightToLeft
        let h: CGFloat = 7, w: CGFloat = 4.5
        let cx = r.midX, cy = r.midY
        let tip = CGPoint(x: pointsLeft ? cx - w : cx + w, y: cy)
        let top = CGPoint(x: pointsLeft ? cx + w : cx - w, y: cy - h)
        let bottom = CGPoint(x: pointsLeft ? cx + w : cx - w, y: cy + h)
        drawArm(ctx, from: top, to: tip, color: ink(color))
        drawArm(ctx, from: tip, to: bottom, color: ink(color))
    }

    /// One stroke of a chevron, with a round cap at the tip so the arms join cleanly.
    func drawArm(_ ctx: DrawContext, from a: CGPoint, to b: CGPoint, color: UIColor) {
        let width: CGFloat = 2.5
        ctx.strokeLine(from: a, to: b, width: width, color: color)
        for p in [a, b] {
            ctx.fillEllipse(in: CGRect(x: p.x - width / 2, y: p.y - width / 2, width: width, height: width), color: color)
        }
    }

    // MARK: Time row

    func drawTimeRow(_ ctx: DrawContext) {
        let layout = timeRowLayout()
        let f = formatters
        let minutes = Int(storedCountDownDuration) / 60
        drawField(ctx, layout.hourPill, text: f.number(minutes / 60), down: .hourDown, up: .hourUp)
        drawField(ctx, layout.minutePill, text: f.number(minutes % 60), down: .minuteDown, up: .minuteUp)
        let units = countDownUnits
        for (rect, word) in [(layout.hourUnit, units.hours), (layout.minuteUnit, units.minutes)] {
            guard let rect else { continue }
            let s = ctx.size(of: word, font: UIDatePicker.unitFont)
            ctx.drawText(word, font: UIDatePicker.unitFont, color: ink(.secondaryLabel),
                         at: CGPoint(x: rect.minX, y: (rect.midY - s.height / 2).rounded()))
        }
    }

    /// A value between a − and a + half, on a rounded pill.
    func drawField(_ ctx: DrawContext, _ pill: CGRect, text: String, down: Element, up: Element) {
        let radius = UIDatePicker.fieldRadius
        ctx.fillRoundedRect(pill, radius: radius, color: ink(Theme.controlFill))
        for (element, isUp) in [(down, false), (up, true)] {
            let seg = UIDatePicker.stepRect(of: pill, up: isUp)
            if isPressed(element) {
                // The half's outer corners are rounded, its inner edge square.
                ctx.fillRoundedRect(seg, radius: radius, color: Theme.controlFillPressed)
                let inner = CGRect(x: isUp ? seg.minX : seg.maxX - radius, y: seg.minY, width: radius, height: seg.height)
                ctx.fill(inner, color: Theme.controlFillPressed)
            }
            // Black glyphs, as a plain stepper's (the tint is for what a tap selects).
            var color: UIColor = isElementEnabled(element) ? .label : .tertiaryLabel
            if isPressed(element) { color = color.withAlphaComponent(0.5) }
            let c = CGPoint(x: seg.midX, y: seg.midY)
            let half: CGFloat = 5.5, width: CGFloat = 2
            ctx.strokeLine(from: CGPoint(x: c.x - half, y: c.y), to: CGPoint(x: c.x + half, y: c.y), width: width, color: ink(color))
            if isUp {
                ctx.strokeLine(from: CGPoint(x: c.x, y: c.y - half), to: CGPoint(x: c.x, y: c.y + half), width: width, color: ink(color))
            }
            // A hairline between the half and the value.
            let x = isUp ? seg.minX : seg.maxX
            ctx.strokeLine(from: CGPoint(x: x, y: pill.minY + 9), to: CGPoint(x: x, y: pill.maxY - 9),
                           width: 1 / ctx.scale, color: ink(.separator))
        }
        let value = CGRect(x: pill.minX + UIDatePicker.pillStepWidth, y: pill.minY,
                           width: pill.width - 2 * UIDatePicker.pillStepWidth, height: pill.height)
        drawCentred(ctx, text, font: UIDatePicker.fieldFont, color: ink(.label), in: value)
    }
}
