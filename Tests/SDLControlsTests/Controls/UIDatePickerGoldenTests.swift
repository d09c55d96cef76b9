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

    // MARK: Time and count-down rows, light and dark: 12-hour, 24-hour with a pressed +,
    // count-down, disabled

    private func populateTime(_ host: SDLHost) {
        for (column, panel) in panels(host, width: 340, height: 232).enumerated() {
            func frame(_ row: Int) -> CGRect { CGRect(x: 10, y: 8 + CGFloat(row) * 56, width: 320, height: 52) }
            let twelve = makePicker(.time, frame: frame(0))
            let twentyFour = makePicker(.time, frame: frame(1), locale: "en_GB")
            twentyFour.minuteInterval = 5
            let countDown = makePicker(.countDownTimer, frame: frame(2))
            countDown.countDownDuration = column == 0 ? 90 * 60 : 60 * 60 + 5 * 60
            let disabled = makePicker(.time, frame: frame(3))
            disabled.isEnabled = false
            if column == 1 { countDown.isFocused = true }
            for picker in [twelve, twentyFour, countDown, disabled] { panel.addSubview(picker) }
            if column == 0 { press(twentyFour, .minuteUp, in: host, id: 1) } else { press(twelve, .period(1), in: host, id: 2) }
        }
    }

    @Test func timeAt1x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 232), scale: 1)
        defer { host.shutdown() }
        populateTime(host)
        try expectMatchesGolden(host, "uidatepicker-time-1x")
    }

    @Test func timeAt2x() throws {
        let host = try makeGoldenHost(size: CGSize(width: 680, height: 232), scale: 2)
        defer { host.shutdown() }
        populateTime(host)
        try expectMatchesGolden(host, "uidatepicker-time-2x")
    }
}
