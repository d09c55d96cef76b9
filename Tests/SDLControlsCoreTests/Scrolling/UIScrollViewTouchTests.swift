import Testing
import Foundation
@testable import SDLControlsCore

/// How a scroll view shares touches with its content, as UIKit documents for
/// `delaysContentTouches`, `canCancelContentTouches`, `touchesShouldBegin(_:with:in:)` and
/// `touchesShouldCancel(in:)` (false for a `UIControl`, true otherwise).
@MainActor
struct UIScrollViewTouchTests {
    let window = makeTestWindow()

    enum Start: String, Sendable { case control, content }
    enum Gesture: String, Sendable {
        /// Down and up with no move.
        case tap
        /// Moves 60 pt at once, before the content delay ends.
        case dragFast
        /// Holds past the content delay, then moves 60 pt.
        case dragHeld
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var start: Start
        var gesture: Gesture
        var delays: Bool
        var canCancel: Bool
        /// What the content saw: control events (collapsed) or touch phases.
        var expected: [String]
        var scrolls: Bool
        var testDescription: String {
            "\(gesture.rawValue) from \(start.rawValue), delays \(delays ? "on" : "off"), canCancel \(canCancel ? "on" : "off")"
        }
    }

    nonisolated static let tapEvents = ["touchDown", "touchUpInside", "primaryActionTriggered"]
    nonisolated static let trackedDrag = ["touchDown", "dragInside", "touchUpInside", "primaryActionTriggered"]

    /// The table. UIKit: with the delay, a quick drag never reaches the content; once the
    /// content has the touch, a control keeps it (touchesShouldCancel false) and a plain view
    /// loses it to the scroll (cancelled) unless canCancelContentTouches is false; a tap always
    /// reaches the content.
    nonisolated static let table: [Case] = {
        var cases: [Case] = []
        for delays in [true, false] {
            for canCancel in [true, false] {
                cases.append(Case(start: .control, gesture: .tap, delays: delays, canCancel: canCancel, expected: tapEvents, scrolls: false))
                cases.append(Case(start: .content, gesture: .tap, delays: delays, canCancel: canCancel, expected: ["began", "ended"], scrolls: false))
                // Drag from a control: the control keeps a touch it has; a touch it hasn't got scrolls.
                cases.append(Case(start: .control, gesture: .dragFast, delays: delays, canCancel: canCancel,
                                  expected: delays ? [] : trackedDrag, scrolls: delays))
                cases.append(Case(start: .control, gesture: .dragHeld, delays: delays, canCancel: canCancel,
                                  expected: trackedDrag, scrolls: false))
                // Drag from plain content: cancelled and scrolled when allowed; kept otherwise.
                let had = canCancel ? ["began", "cancelled"] : ["began", "moved", "ended"]
                cases.append(Case(start: .content, gesture: .dragFast, delays: delays, canCancel: canCancel,
                                  expected: delays ? [] : had, scrolls: delays || canCancel))
                cases.append(Case(start: .content, gesture: .dragHeld, delays: delays, canCancel: canCancel,
                                  expected: had, scrolls: canCancel))
            }
        }
        return cases
    }()

    @Test(arguments: table)
    func cancellationTable(_ c: Case) {
        resetApplication(); defer { resetApplication() }
        let f = ScrollFixture(window: window)
        f.scroll.delaysContentTouches = c.delays
        f.scroll.canCancelContentTouches = c.canCancel
        let events = EventLog(f.button)
        let start = c.start == .control ? ScrollFixture.onButton : ScrollFixture.onContent
        switch c.gesture {
        case .tap:
            window.simulateTouchDown(at: start, time: 0)
            window.simulateTouchUp(at: start, time: 0.05)
        case .dragFast:
            f.dragUp(from: start, by: 60)
        case .dragHeld:
            window.simulateTouchDown(at: start, time: 0)
            f.run(0.2)   // past UIScrollView.contentTouchDelay on the window's clock
            for i in 1...4 { window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y - 15 * CGFloat(i)), time: 0.2 + 0.01 * Double(i)) }
            window.simulateTouchUp(at: CGPoint(x: start.x, y: start.y - 60), time: 0.3)
        }
        flush()
        let seen = c.start == .control ? events.collapsed : f.content.collapsed
        #expect(seen == c.expected)
        #expect((f.scroll.contentOffset.y > 0) == c.scrolls, "offset \(f.scroll.contentOffset.y)")
        #expect(!f.scroll.isTracking && !f.scroll.isDragging)
    }

    @Test func aDelayedTouchReachesTheContentAfterTheDelayOnTheWindowClock() {
        let f = ScrollFixture(window: window)
        window.simulateTouchDown(at: ScrollFixture.onButton, time: 0)
        #expect(!f.button.isHighlighted, "held back while the scroll view waits")
        #expect(f.scroll.isTracking, "isTracking: a finger is on the content")
        window.frameClock.advanceTime(to: UIScrollView.contentTouchDelay - 0.01)
        #expect(!f.button.isHighlighted)
        window.frameClock.advanceTime(to: UIScrollView.contentTouchDelay)
        #expect(f.button.isHighlighted && f.button.isTracking)
        window.simulateTouchUp(at: ScrollFixture.onButton, time: 0.3)
        #expect(!f.button.isHighlighted && !f.scroll.isTracking)
    }

    @Test func withoutTheDelayTheContentGetsTheTouchAtOnce() {
        let f = ScrollFixture(window: window)
        f.scroll.delaysContentTouches = false
        window.simulateTouchDown(at: ScrollFixture.onButton, time: 0)
        #expect(f.button.isHighlighted)
        window.simulateTouchUp(at: ScrollFixture.onButton, time: 0.05)
    }

    @Test func aSubclassThatCancelsControlsScrollsFromAHeldButton() {
        resetApplication(); defer { resetApplication() }
        final class CancellingScrollView: UIScrollView {
            override func touchesShouldCancel(in view: UIView) -> Bool { true }
        }
        let f = ScrollFixture(window: window, scroll: CancellingScrollView())
        f.scroll.delaysContentTouches = false
        let events = EventLog(f.button)
        f.dragUp(from: ScrollFixture.onButton, by: 60)
        flush()
        // C7: the control's tracking is cancelled with touchCancel; the scroll takes the touch.
        #expect(events.collapsed == ["touchDown", "touchCancel"])
        #expect(f.scroll.contentOffset.y > 0)
        #expect(!f.button.isTracking && !f.button.isHighlighted)
    }

    @Test func touchesShouldCancelAnswersFalseForControlsAndTrueOtherwise() {
        let scroll = UIScrollView()
        #expect(!scroll.touchesShouldCancel(in: UIButton()))
        #expect(!scroll.touchesShouldCancel(in: UISlider()))
        #expect(scroll.touchesShouldCancel(in: UIView()))
        #expect(scroll.touchesShouldCancel(in: UILabel()))
        #expect(scroll.touchesShouldBegin([], with: nil, in: UIView()))
    }

    @Test func aSubclassCanKeepTouchesFromTheContentAndStillScroll() {
        final class Refusing: UIScrollView {
            var asked: [UIView] = []
            override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
                asked.append(view)
                return false
            }
        }
        let refusing = Refusing()
        let f = ScrollFixture(window: window, scroll: refusing)
        window.simulateTouchDown(at: ScrollFixture.onContent, time: 0)
        window.simulateTouchUp(at: ScrollFixture.onContent, time: 0.05)
        #expect(f.content.trace.isEmpty, "touchesShouldBegin said no")
        #expect(refusing.asked.first === f.content)
        f.dragUp(from: ScrollFixture.onContent, by: 60, t0: 1)
        #expect(f.scroll.contentOffset.y > 0)
    }

    @Test func theDragStartsWhereThePanThresholdIsCrossedWithoutAJump() {
        let f = ScrollFixture(window: window)
        window.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 250 - UIScrollView.panThreshold + 1), time: 0.01)
        #expect(!f.scroll.isDragging && f.scroll.contentOffset.y == 0, "under the threshold: nothing yet")
        window.simulateTouchMove(to: CGPoint(x: 150, y: 235), time: 0.02)
        #expect(f.scroll.isDragging && f.scroll.contentOffset.y == 0, "the drag begins here, at no offset")
        window.simulateTouchMove(to: CGPoint(x: 150, y: 200), time: 0.03)
        #expect(f.scroll.contentOffset.y == 35, "then the content follows the finger point for point")
        window.simulateTouchUp(at: CGPoint(x: 150, y: 200), time: 0.5)
    }

    @Test func aSidewaysSwipeOnAVerticalListReachesTheContentAndAnOuterHorizontalScrollView() {
        // The inner list can't scroll sideways, so its pan fails and the outer pager takes it.
        let outer = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        outer.contentSize = CGSize(width: 900, height: 300)
        window.addSubview(outer)
        let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        inner.contentSize = CGSize(width: 300, height: 1000)
        outer.addSubview(inner)
        window.simulateTouchDown(at: CGPoint(x: 200, y: 150), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 180, y: 151), time: 0.01)
        window.simulateTouchMove(to: CGPoint(x: 120, y: 152), time: 0.02)
        #expect(outer.isDragging && !inner.isDragging)
        #expect(outer.contentOffset.x == 60 && inner.contentOffset == .zero)
        window.simulateTouchUp(at: CGPoint(x: 120, y: 152), time: 0.5)
        // A vertical swipe goes to the inner list.
        window.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 1)
        window.simulateTouchMove(to: CGPoint(x: 151, y: 230), time: 1.01)
        window.simulateTouchMove(to: CGPoint(x: 151, y: 200), time: 1.02)
        #expect(inner.isDragging && !outer.isDragging && inner.contentOffset.y == 30)
        window.simulateTouchUp(at: CGPoint(x: 151, y: 200), time: 1.5)
    }

    @Test func aSwipeAcrossAVerticalListHandsTheDelayedTouchToTheContent() {
        // The pan fails (no horizontal scrolling): the delayed content gets the touch at once.
        let f = ScrollFixture(window: window)
        window.simulateTouchDown(at: ScrollFixture.onContent, time: 0)
        window.simulateTouchMove(to: CGPoint(x: 120, y: 223), time: 0.01)
        window.simulateTouchMove(to: CGPoint(x: 100, y: 223), time: 0.02)
        window.simulateTouchUp(at: CGPoint(x: 100, y: 223), time: 0.03)
        #expect(f.content.collapsed == ["began", "moved", "ended"])
        #expect(f.scroll.contentOffset == .zero)
    }

    @Test func aTouchOnADeceleratingScrollViewStopsItAndIsNotATap() {
        resetApplication(); defer { resetApplication() }
        let f = ScrollFixture(window: window)
        let background = TouchRecorderView(frame: CGRect(x: 0, y: 0, width: 300, height: 1000))
        f.scroll.insertSubview(background, at: 0)
        let events = EventLog(f.button)
        f.dragUp(from: CGPoint(x: 150, y: 280), by: 60)   // a flick
        f.run(0.1)
        #expect(f.scroll.isDecelerating)
        let offset = f.scroll.contentOffset
        f.log.calls.removeAll()
        window.simulateTouchDown(at: ScrollFixture.onButton, time: 1)
        #expect(!f.scroll.isDecelerating && f.scroll.contentOffset == offset, "stopped where it was")
        f.run(0.3)
        window.simulateTouchUp(at: ScrollFixture.onButton, time: 1.4)
        flush()
        #expect(events.names.isEmpty && f.content.trace.isEmpty && background.trace.isEmpty, "the touch only stopped the scroll")
        #expect(!f.log.calls.contains("didEndDecelerating"), "UIKit sends no didEndDecelerating for a touch-stop")
        f.run(2)
        #expect(f.scroll.contentOffset == offset)
    }

    @Test func removingTheScrollViewMidDragEndsTheDragQuietly() {
        let f = ScrollFixture(window: window)
        f.dragUp(from: ScrollFixture.onContent, by: 60, lift: false)
        #expect(f.scroll.isDragging)
        f.scroll.removeFromSuperview()
        #expect(!f.scroll.isDragging && !f.scroll.isTracking)
        #expect(f.content.trace.isEmpty, "content that never got the touch gets no cancel")
        window.simulateTouchMove(to: CGPoint(x: 150, y: 100), time: 0.1)
        window.simulateTouchUp(at: CGPoint(x: 150, y: 100), time: 0.2)
        #expect(window.activeTouchCount == 0)
    }

    @Test func c7_aSystemCancelMidDragBouncesBackWithoutVelocity() {
        let f = ScrollFixture(window: window)
        window.simulateTouchDown(at: CGPoint(x: 150, y: 100), time: 0)
        for i in 1...4 { window.simulateTouchMove(to: CGPoint(x: 150, y: 100 + 25 * CGFloat(i)), time: 0.01 * Double(i)) }
        #expect(f.scroll.contentOffset.y < 0, "rubber-banded past the top")
        window.cancelAllTouches()
        #expect(f.log.collapsed.contains("didEndDragging(true)"))
        f.run(2)
        #expect(f.scroll.contentOffset.y == 0)
        #expect(f.log.collapsed.last == "didEndDecelerating")
    }

    @Test func disablingScrollingMidDragEndsIt() {
        let f = ScrollFixture(window: window)
        f.dragUp(from: ScrollFixture.onContent, by: 60, lift: false)
        #expect(f.scroll.isDragging)
        f.scroll.isScrollEnabled = false
        #expect(!f.scroll.isDragging)
        let offset = f.scroll.contentOffset
        window.simulateTouchMove(to: CGPoint(x: 150, y: 20), time: 0.1)
        window.simulateTouchUp(at: CGPoint(x: 150, y: 20), time: 0.2)
        f.run(2)
        #expect(f.scroll.contentOffset == offset)
    }

    @Test func aScrollViewWithScrollingDisabledPassesTouchesStraightThrough() {
        let f = ScrollFixture(window: window)
        f.scroll.isScrollEnabled = false
        window.simulateTouchDown(at: ScrollFixture.onContent, time: 0)
        #expect(f.content.trace == ["began"], "no delay")
        window.simulateTouchUp(at: ScrollFixture.onContent, time: 0.05)
        f.dragUp(from: ScrollFixture.onContent, by: 60, t0: 1)
        #expect(f.scroll.contentOffset == .zero)
    }
}
