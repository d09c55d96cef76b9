import Foundation
import Testing
@testable import SDLControls
@testable import SDLControlsCore

/// Golden images of UIDatePicker (rule D7's look), light and dark, at 1x and 2x. Every
/// picker uses UTC, an explicit locale and calendar, a fixed date (Saturday 15 June 2024,
/// 10:30) and a fixed "today" (3 June 2024), so the images don't depend on when or where
/// they are rendered.
@MainActor
struct UIDatePickerGoldenTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Date {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = utc
        return c.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))!
    }

    /// A deterministic picker.
    private func makePicker(_ mode: UIDatePicker.Mode, frame: CGRect, locale: String = "en_US_POSIX") -> UIDatePicker {
        let p = UIDatePicker(frame: frame)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = Self.utc
        p.locale = Locale(identifier: locale)
        p.calendar = cal
        p.timeZone = Self.utc
        p.datePickerMode = mode
        p.date = Self.day(2024, 6, 15, 10, 30)
        p.nowOverride = Self.day(2024, 6, 3, 12)
        return p
    }

    /// Two panels, light (left) and dark (right), each `width` wide.
    private func panels(_ host: SDLHost, width: CGFloat, height: CGFloat) -> [UIView] {
        [UIUserInterfaceStyle.light, .dark].enumerated().map { column, style in
            let panel = UIView(frame: CGRect(x: CGFloat(column) * width, y: 0, width: width, height: height))
            panel.overrideUserInterfaceStyle = style
            panel.backgroundColor = .systemBackground
            host.window.addSubview(panel)
            return panel
        }
    }

    /// Presses (and holds) the centre of an element, for the highlighted look.
    private func press(_ picker: UIDatePicker, _ element: UIDatePicker.Element, in host: SDLHost, id: Int64 = 0) {
        guard let c = picker.centre(of: element) else { return }
        host.window.simulateTouchDown(at: picker.convert(c, to: nil), id: id)
    }

    // MARK: Date mode: limits (dimmed days), today, selection, a pressed day; dark and focused

    private func populateDate(_ host: SDLHost) {
        let p = panels(host, width: 340, height: 340)
        let light = makePicker(.date, frame: CGRect(x: 10, y: 10, width: 320, height: 320))
        light.minimumDate = Self.day(2024, 6, 5)
        light.maximumDate = Self.day(2024, 6, 26, 23)
        p[0].addSubview(light)
        let dark = makePicker(.date, frame: CGRect(x: 10, y: 10, width: 320, height: 320), locale: "en_GB")
        dark.isFocused = true
        p[1].addSubview(dark)
        press(light, .day(19), in: host)
    }

    @Test func dateAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 340), scale: 1)
        defer { host.shutdown() }
        populateDate(host)
        try expectMatchesGolden(host, "uidatepicker-date-1x")
    }

    @Test func dateAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 340), scale: 2)
        defer { host.shutdown() }
        populateDate(host)
        try expectMatchesGolden(host, "uidatepicker-date-2x")
    }

    // MARK: Date and time: normal (12-hour) and disabled (24-hour, Monday first)

    private func populateDateAndTime(_ host: SDLHost) {
        let p = panels(host, width: 340, height: 400)
        let normal = makePicker(.dateAndTime, frame: CGRect(x: 10, y: 10, width: 320, height: 380))
        p[0].addSubview(normal)
        let disabled = makePicker(.dateAndTime, frame: CGRect(x: 10, y: 10, width: 320, height: 380), locale: "en_GB")
        disabled.isEnabled = false
        p[1].overrideUserInterfaceStyle = .light
        p[1].addSubview(disabled)
    }

    @Test func dateAndTimeAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 400), scale: 1)
        defer { host.shutdown() }
        populateDateAndTime(host)
        try expectMatchesGolden(host, "uidatepicker-dateandtime-1x")
    }

    @Test func dateAndTimeAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 400), scale: 2)
        defer { host.shutdown() }
        populateDateAndTime(host)
        try expectMatchesGolden(host, "uidatepicker-dateandtime-2x")
    }

    // MARK: Pills and the count-down, light and dark: inline time (12-hour, pressed on the
    // left; 24-hour), compact date and time (its date pill pressed on the right), the
    // count-down's fields (focused on the right), a disabled compact picker

    private func populateTime(_ host: SDLHost) {
        for (column, panel) in panels(host, width: 340, height: 292).enumerated() {
            func frame(_ row: Int) -> CGRect { CGRect(x: 10, y: 8 + CGFloat(row) * 56, width: 320, height: 52) }
            let twelve = makePicker(.time, frame: frame(0))
            let twentyFour = makePicker(.time, frame: frame(1), locale: "en_GB")
            twentyFour.minuteInterval = 5
            let compact = makePicker(.dateAndTime, frame: frame(2))
            compact.preferredDatePickerStyle = .compact
            let countDown = makePicker(.countDownTimer, frame: frame(3))
            countDown.countDownDuration = column == 0 ? 90 * 60 : 60 * 60 + 5 * 60
            let disabled = makePicker(.date, frame: frame(4))
            disabled.preferredDatePickerStyle = .compact
            disabled.isEnabled = false
            if column == 1 { countDown.isFocused = true }
            for picker in [twelve, twentyFour, compact, countDown, disabled] { panel.addSubview(picker) }
            if column == 0 { press(twelve, .timePill, in: host, id: 1) } else { press(compact, .datePill, in: host, id: 2) }
        }
    }

    @Test func timeAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 292), scale: 1)
        defer { host.shutdown() }
        populateTime(host)
        try expectMatchesGolden(host, "uidatepicker-time-1x")
    }

    @Test func timeAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 292), scale: 2)
        defer { host.shutdown() }
        populateTime(host)
        try expectMatchesGolden(host, "uidatepicker-time-2x")
    }

    // MARK: Wheels: date, time (12-hour), date and time, count-down; light and dark, one
    // wheel mid-drag

    private func populateWheels(_ host: SDLHost) {
        for (column, panel) in panels(host, width: 660, height: 450).enumerated() {
            func frame(_ i: Int) -> CGRect { CGRect(x: 10 + CGFloat(i % 2) * 330, y: 8 + CGFloat(i / 2) * 222, width: 320, height: 216) }
            let date = makePicker(.date, frame: frame(0))
            let time = makePicker(.time, frame: frame(1), locale: column == 0 ? "en_US_POSIX" : "en_GB")
            let both = makePicker(.dateAndTime, frame: frame(2))
            let countDown = makePicker(.countDownTimer, frame: frame(3))
            countDown.countDownDuration = 90 * 60
            for picker in [date, time, both, countDown] {
                picker.preferredDatePickerStyle = .wheels
                panel.addSubview(picker)
            }
            if column == 0 {
                // The month wheel held a row and a half down: a wheel between rows.
                let c = date.wheelColumns[0].rect
                let start = date.convert(CGPoint(x: c.midX, y: date.wheelBand.midY), to: nil)
                host.window.simulateTouchDown(at: start, id: 3)
                host.window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y + 20), id: 3)
                host.window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y + 51), id: 3)
            }
        }
    }

    @Test func wheelsAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 1320, height: 450), scale: 1)
        defer { host.shutdown() }
        populateWheels(host)
        try expectMatchesGolden(host, "uidatepicker-wheels-1x")
    }

    @Test func wheelsAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 1320, height: 450), scale: 2)
        defer { host.shutdown() }
        populateWheels(host)
        try expectMatchesGolden(host, "uidatepicker-wheels-2x")
    }

    // MARK: Editors: a compact picker's date editor open (the calendar in a panel under its
    // pill, the pill's text in the tint), light; an inline picker's time editor (the wheels),
    // dark

    private func populateEditors(_ host: SDLHost) {
        let p = panels(host, width: 360, height: 500)
        let compact = makePicker(.dateAndTime, frame: CGRect(x: 10, y: 10, width: 320, height: 34))
        compact.preferredDatePickerStyle = .compact
        p[0].addSubview(compact)
        let inline = makePicker(.dateAndTime, frame: CGRect(x: 20, y: 10, width: 320, height: 372))
        p[1].addSubview(inline)
        host.update()
        compact.toggleEditor(for: .datePill)
        inline.toggleEditor(for: .timePill)
    }

    @Test func editorsAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 720, height: 500), scale: 1)
        defer { host.shutdown() }
        populateEditors(host)
        try expectMatchesGolden(host, "uidatepicker-editors-1x")
    }

    @Test func editorsAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 720, height: 500), scale: 2)
        defer { host.shutdown() }
        populateEditors(host)
        try expectMatchesGolden(host, "uidatepicker-editors-2x")
    }

    // MARK: The calendar's month and year wheels (its title in the tint, the chevron down),
    // light and dark (Monday first)

    private func populateMonthYear(_ host: SDLHost) {
        let p = panels(host, width: 340, height: 340)
        for (column, locale) in ["en_US_POSIX", "en_GB"].enumerated() {
            let picker = makePicker(.date, frame: CGRect(x: 10, y: 10, width: 320, height: 320), locale: locale)
            p[column].addSubview(picker)
            picker.toggleMonthYearWheels()
        }
    }

    @Test func monthYearAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 340), scale: 1)
        defer { host.shutdown() }
        populateMonthYear(host)
        try expectMatchesGolden(host, "uidatepicker-monthyear-1x")
    }

    @Test func monthYearAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 340), scale: 2)
        defer { host.shutdown() }
        populateMonthYear(host)
        try expectMatchesGolden(host, "uidatepicker-monthyear-2x")
    }

    /// The selected day's circle is round at every scale: each row of its outline lies within
    /// a pixel of a true circle's (a rounded square or a stretched tile would show flat
    /// sides), and it is as wide as it is high. Measured on the solid circle of a selected
    /// day that is today.
    @Test(arguments: [1, 1.5, 2, 3] as [CGFloat])
    func selectedDayIsACircle(scale: CGFloat) throws {
        let host = try makeGoldenHost(size: CGSize(width: 340, height: 340), scale: scale)
        defer { host.shutdown() }
        host.clearColor = .white
        let picker = makePicker(.date, frame: CGRect(x: 10, y: 10, width: 320, height: 320))
        picker.nowOverride = picker.date
        picker.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)   // coverage reads off the green channel
        host.window.addSubview(picker)
        host.update()
        host.renderFrame()
        let month = try #require(picker.displayedMonth)
        let index = try #require(month.dayIndex(of: picker.date))
        let cell = picker.convert(picker.cellRect(month.leadingBlanks + index, in: month), to: nil)
        let (w, h, pixels) = host.readPixels()
        // Red coverage of a pixel: 1 where the circle is, 0 on white (the white number is a
        // hole in the middle; only the outline's rows are measured).
        func coverage(_ x: Int, _ y: Int) -> CGFloat {
            guard x >= 0, y >= 0, x < w, y < h else { return 0 }
            let p = pixels[y * w + x]
            let r = CGFloat((p >> 16) & 0xFF), g = CGFloat((p >> 8) & 0xFF)
            return r > 200 ? 1 - g / 255 : 0   // not red (grey text, other days): nothing
        }
        let x0 = Int((cell.minX * scale).rounded(.down)) - 2, x1 = Int((cell.maxX * scale).rounded(.up)) + 2
        let y0 = Int((cell.minY * scale).rounded(.down)) - 2, y1 = Int((cell.maxY * scale).rounded(.up)) + 2
        // Each row's and each column's outer edges, to a fraction of a pixel.
        func edges(_ n: Int, across: Range<Int>, _ cov: (Int, Int) -> CGFloat) -> (first: CGFloat, last: CGFloat)? {
            var first: CGFloat?, last: CGFloat?
            for k in across where cov(n, k) > 0.02 {
                if first == nil { first = CGFloat(k) + 1 - cov(n, k) }
                last = CGFloat(k) + cov(n, k)
            }
            return first.flatMap { f in last.map { (f, $0) } }
        }
        let rows = (y0..<y1).compactMap { y in edges(y, across: x0..<x1) { coverage($1, $0) }.map { (y, $0.first, $0.last) } }
        let columns = (x0..<x1).compactMap { x in edges(x, across: y0..<y1) { coverage($0, $1) }.map { (x, $0.first, $0.last) } }
        let left = try #require(rows.map { $0.1 }.min()), right = try #require(rows.map { $0.2 }.max())
        let top = try #require(columns.map { $0.1 }.min()), bottom = try #require(columns.map { $0.2 }.max())
        #expect(abs((right - left) - (bottom - top)) <= 1, "as wide (\(right - left)) as high (\(bottom - top))")
        let r = (right - left + bottom - top) / 4, cx = (left + right) / 2, cy = (top + bottom) / 2
        var worst: CGFloat = 0
        for (y, l, rr) in rows {
            let dy = CGFloat(y) + 0.5 - cy
            guard abs(dy) < r - 2 else { continue }   // the caps: chords a pixel or two high are all antialiasing
            let half = (r * r - dy * dy).squareRoot()
            worst = max(worst, abs(l - (cx - half)), abs(rr - (cx + half)))
        }
        let diameter = 2 * r
        #expect(worst <= 1, "every row within a pixel of a circle of diameter \(diameter) (worst \(worst))")
    }
}
