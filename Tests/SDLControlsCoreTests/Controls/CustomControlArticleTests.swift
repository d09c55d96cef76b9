import Foundation
import Testing
@testable import SDLControlsCore

/// The control of the "Writing a custom control" article, compiled and used here, and the
/// article's listing checked against it, so the documentation can't drift from code that works.
@MainActor
struct CustomControlArticleTests {
    @Test func articleListingIsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent(
            "Sources/SDLControlsCore/SDLControlsCore.docc/WritingACustomControl.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let marker = "<!-- test: CustomControlArticleTests"
        let listing = try #require(article.components(separatedBy: marker).dropFirst().first?
            .components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let begin = "// article: begin\n", end = "// article: end"
        let code = try #require(source.components(separatedBy: begin).dropFirst().first?.components(separatedBy: "\n" + end).first)
        #expect(listing == code)
    }

    private func setUp() -> (UIWindow, RatingControl, EventLog) {
        let window = makeTestWindow()
        let rating = RatingControl(frame: CGRect(x: 20, y: 20, width: 160, height: 32))
        window.addSubview(rating)
        return (window, rating, EventLog(rating))
    }

    @Test func tapOnTheThirdDotRatesThreeWithTheEventsOfATapB11C2C6E1() {
        let (window, rating, log) = setUp()
        window.simulateTap(at: CGPoint(x: 20 + 80, y: 36))
        #expect(log.names.isEmpty, "batched until the frame's flush (E1)")
        flush()
        #expect(rating.rating == 3)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        #expect(!rating.isTracking && !rating.isHighlighted)
    }

    @Test func dragAcrossFollowsTheFingerAndSendsOnlyChangesC4() {
        let (window, rating, log) = setUp()
        window.simulateTouchDown(at: CGPoint(x: 25, y: 36))
        window.simulateTouchMove(to: CGPoint(x: 30, y: 36))        // same dot: no valueChanged
        window.simulateTouchMove(to: CGPoint(x: 175, y: 36))
        window.simulateTouchUp(at: CGPoint(x: 175, y: 36))
        flush()
        #expect(rating.rating == 5)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 2)
        #expect(log.names.first == "touchDown" && log.names.last == "touchUpInside")
        #expect(log.names.contains("dragInside"))
    }

    @Test func tabFocusesItAndArrowsAdjustIt() {
        let (window, rating, log) = setUp()
        pressKey(window, .keyboardTab)
        #expect(rating.isFocused)
        pressKey(window, .keyboardRightArrow)
        pressKey(window, .keyboardRightArrow)
        pressKey(window, .keyboardLeftArrow)
        flush()
        #expect(rating.rating == 1)
        #expect(log.names == ["valueChanged", "primaryActionTriggered", "valueChanged", "primaryActionTriggered",
                              "valueChanged", "primaryActionTriggered"])
    }

    @Test func settingInCodeClampsAndSendsNothing() {
        let (_, rating, log) = setUp()
        rating.setRating(9)
        rating.setRating(-2)
        flush()
        #expect(rating.rating == 0 && log.names.isEmpty)
        #expect(rating.accessibilityValue == "0 of 5")
        #expect(rating.intrinsicContentSize == CGSize(width: 160, height: 32))
    }

    @Test func disabledTakesNoTouchC1() {
        let (window, rating, log) = setUp()
        rating.isEnabled = false
        window.simulateTap(at: CGPoint(x: 100, y: 36))
        flush()
        #expect(rating.rating == 0 && log.names.isEmpty)
    }
}

// article: begin
/// Five dots to rate something: touch a dot, or drag across them, and the
/// rating follows the finger. Arrow keys and a controller's D-pad change it
/// while it has focus.
@MainActor
final class RatingControl: UIControl {
    /// 0 (nothing chosen) to 5.
    private(set) var rating = 0

    /// Sets the rating from code: clamped to 0...5, sends nothing (as
    /// UISlider's `value` does).
    func setRating(_ value: Int) {
        let clamped = min(5, max(0, value))
        guard clamped != rating else { return }
        rating = clamped
        setNeedsDisplay()           // draw(_:) runs again before the next frame
    }

    // `primaryActionTriggered` follows each valueChanged (rule B11).
    override var primaryControlEvent: Event? { .valueChanged }
    // Adjustable: when focused, left and right adjust it, not move focus.
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        .adjustable
    }
    override var accessibilityValue: String? {
        get { "\(rating) of 5" }
        set {}
    }
    // Stack views and sizeToFit() use this.
    override var intrinsicContentSize: CGSize {
        CGSize(width: 160, height: 32)
    }

    /// Turns a touch into a rating.
    private func rate(with touch: UITouch) {
        let x = touch.location(in: self).x
        change(to: Int((x / max(bounds.width, 1) * 5).rounded(.up)))
    }

    /// Sends valueChanged only when the rating changed.
    private func change(to value: Int) {
        let old = rating
        setRating(value)
        if rating != old { sendActions(for: .valueChanged) }
    }

    override func beginTracking(_ touch: UITouch,
                                with event: UIEvent?) -> Bool {
        true                        // track every touch; false declines (C3)
    }

    // When super returns, tracking has begun and touchDown is sent (rule
    // C2): rating here reports the value after touchDown, as a slider does.
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        if isTracking, let touch = touches.first { rate(with: touch) }
    }

    override func continueTracking(_ touch: UITouch,
                                   with event: UIEvent?) -> Bool {
        rate(with: touch)
        return true                 // false would stop tracking here (C5)
    }

    override func accessibilityIncrement() { change(to: rating + 1) }
    override func accessibilityDecrement() { change(to: rating - 1) }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let cell = bounds.width / 5
        let color: UIColor = isEnabled ? tintColor : .systemGray
        let pressed = color.withAlphaComponent(0.7)
        for i in 0..<5 {
            let dot = CGRect(x: CGFloat(i) * cell, y: 0,
                             width: cell, height: bounds.height)
                .insetBy(dx: 6, dy: 6)
            if i < rating {
                ctx.fillEllipse(in: dot, color: isHighlighted ? pressed : color)
            } else {
                ctx.strokeEllipse(in: dot, width: 2, color: color)
            }
        }
    }
}
// article: end
