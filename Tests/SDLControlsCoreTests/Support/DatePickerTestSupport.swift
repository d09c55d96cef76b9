import Foundation
@testable import SDLControlsCore

/// Fixed dates for the date picker suites: UTC, a Gregorian calendar without a locale (the
/// picker lends it its own), so no result depends on where or when the tests run.
enum PickerDates {
    static let utc = TimeZone(identifier: "UTC")!

    static var gregorian: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = utc
        return c
    }

    /// A fixed UTC date.
    static func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Date {
        gregorian.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
    }
}

/// Runs `window`'s frame clock `seconds` on a 1/60 s frame at a time (as a host would), then
/// delivers the actions the frames queued.
@MainActor
func runFrames(_ window: UIWindow, _ seconds: TimeInterval) {
    let clock = window.frameClock
    let end = clock.currentTime + seconds
    while clock.currentTime < end - 1e-9 { clock.advanceTime(to: min(end, clock.currentTime + 1.0 / 60)) }
    _ = flush()
}

/// A slow drag of `picker`'s first wheel of `kind` by `rows` (down: earlier rows come into the
/// band), from the band's centre, held still before the lift so it doesn't fling.
@MainActor
func dragWheel(_ picker: UIDatePicker, _ kind: UIDatePicker.WheelKind, rows: CGFloat) {
    guard let window = picker.window, let column = picker.wheelColumns.first(where: { $0.kind == kind }) else { return }
    let rect = picker.convert(column.rect, to: nil)
    let start = CGPoint(x: rect.midX, y: picker.convert(CGPoint(x: 0, y: picker.wheelBand.midY), to: nil).y)
    let t = window.frameClock.currentTime
    window.simulateTouchDown(at: start, time: t)
    for k in 1...6 {
        window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y + rows * UIDatePicker.wheelRowHeight * CGFloat(k) / 6),
                                 time: t + 0.05 * Double(k))
    }
    window.simulateTouchUp(at: CGPoint(x: start.x, y: start.y + rows * UIDatePicker.wheelRowHeight), time: t + 0.6)
}
