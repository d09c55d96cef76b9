import Testing
import Foundation
@testable import SDLControlsCore

/// Drags, flicks, deceleration, bounces and paging on the window's fixed clock, and the
/// delegate's order. The deceleration rate means what UIKit documents: the fraction of the
/// velocity kept per millisecond, so a flick at v points per second coasts
/// `-v / (1000 · ln rate)` points.
@MainActor
struct UIScrollViewMotionTests {
    let window = makeTestWindow()

    /// A flick straight up at exactly 1000 pt/s: the drag begins at the first move (15 pt past
    /// the 10-pt threshold) and then moves 10 pt every 10 ms. Returns the offset at the lift.
    @discardableResult
    func flick(_ f: ScrollFixture, from y: CGFloat = 250, pointsPerSecond v: CGFloat = 1000, moves: Int = 3,
               t0: TimeInterval = 0) -> CGFloat {
        window.simulateTouchDown(at: CGPoint(x: 150, y: y), time: t0)
        window.simulateTouchMove(to: CGPoint(x: 150, y: y - 15), time: t0 + 0.01)
        let step = v * 0.01
        for i in 1...moves {
            window.simulateTouchMove(to: CGPoint(x: 150, y: y - 15 - step * CGFloat(i)), time: t0 + 0.01 + 0.01 * Double(i))
        }
        window.simulateTouchUp(at: CGPoint(x: 150, y: y - 15 - step * CGFloat(moves)), time: t0 + 0.01 + 0.01 * Double(moves))
        return f.scroll.contentOffset.y
    }

    @Test(arguments: [UIScrollView.DecelerationRate.normal, .fast])
    func aFlickCoastsTheDistanceTheDecelerationRateDefines(_ rate: UIScrollView.DecelerationRate) {
        let f = ScrollFixture(window: window)
        f.scroll.contentSize = CGSize(width: 300, height: 100_000)
        f.scroll.decelerationRate = rate
        let lift = flick(f)
        #expect(lift == 30)
        #expect(f.log.endVelocity?.y == 1.0, "UIKit reports the velocity in points per millisecond")
        let predicted = lift - 1000 / (1000 * log(rate.rawValue))
        #expect(abs((f.log.endTarget?.y ?? 0) - predicted) < 0.01, "targetContentOffset is where it will rest")
        f.run(10)
        // It stops when the speed falls below ScrollPhysics.minimumVelocity (5 pt/s): within
        // 5 / (1000 · |ln rate|) points of the limit.
        let tolerance = 5 / (1000 * abs(log(rate.rawValue))) + 0.01
        #expect(abs(f.scroll.contentOffset.y - predicted) <= tolerance, "rested at \(f.scroll.contentOffset.y), predicted \(predicted)")
        #expect(!f.scroll.isDecelerating)
    }

    @Test func decelerationIsTheSameWhateverTheFrameRate() {
        var positions: [CGFloat] = []
        for fps in [30.0, 60.0, 144.0] {
            let w = makeTestWindow()
            let f = ScrollFixture(window: w)
            f.scroll.contentSize = CGSize(width: 300, height: 100_000)
            w.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 0)
            w.simulateTouchMove(to: CGPoint(x: 150, y: 235), time: 0.01)
            for i in 1...3 { w.simulateTouchMove(to: CGPoint(x: 150, y: 235 - 10 * CGFloat(i)), time: 0.01 + 0.01 * Double(i)) }
            w.simulateTouchUp(at: CGPoint(x: 150, y: 205), time: 0.04)
            var t = 0.0
            while t < 0.5 - 1e-9 { t = min(0.5, t + 1 / fps); w.frameClock.advanceTime(to: t) }
            positions.append(f.scroll.contentOffset.y)
        }
        let expected = 30 + 1000 * (pow(0.998, 500) - 1) / (1000 * log(0.998))
        for p in positions { #expect(abs(p - expected) < 0.01, "\(positions)") }
    }

    @Test func aFlickIntoTheEndBouncesAndComesBackToRest() {
        let f = ScrollFixture(window: window)   // offsets 0...700
        f.scroll.contentOffset = CGPoint(x: 0, y: 600)
        flick(f, pointsPerSecond: 2000)
        var furthest: CGFloat = 0
        for _ in 0..<180 {
            f.run(1.0 / 60)
            furthest = max(furthest, f.scroll.contentOffset.y)
        }
        #expect(furthest > 700, "went past the end")
        #expect(furthest < 700 + 300, "less than one view length")
        #expect(f.scroll.contentOffset.y == 700, "and rests exactly at the end")
        #expect(f.log.collapsed.suffix(2) == ["didScroll", "didEndDecelerating"])
    }

    @Test func withoutBouncesAFlickStopsAtTheEnd() {
        let f = ScrollFixture(window: window)
        f.scroll.bounces = false
        f.scroll.contentOffset = CGPoint(x: 0, y: 600)
        flick(f, pointsPerSecond: 2000)
        var furthest: CGFloat = 0
        for _ in 0..<120 {
            f.run(1.0 / 60)
            furthest = max(furthest, f.scroll.contentOffset.y)
        }
        #expect(furthest == 700 && f.scroll.contentOffset.y == 700)
    }

    @Test func draggingPastAnEdgeRubberBandsAndSpringsBack() {
        let f = ScrollFixture(window: window)
        window.simulateTouchDown(at: CGPoint(x: 150, y: 50), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 70), time: 0.01)      // drag begins here
        window.simulateTouchMove(to: CGPoint(x: 150, y: 170), time: 0.02)     // 100 pt past the top
        let shown = -(1 - 1 / (100 * 0.55 / 300 + 1)) * 300
        #expect(abs(f.scroll.contentOffset.y - shown) < 0.001, "the rubber band: \(f.scroll.contentOffset.y)")
        window.simulateTouchUp(at: CGPoint(x: 150, y: 170), time: 0.5)        // rested: no velocity
        #expect(f.log.calls.contains("didEndDragging(true)"), "a bounce back counts as decelerating")
        #expect(f.scroll.isDecelerating)
        f.run(2)
        #expect(f.scroll.contentOffset.y == 0 && !f.scroll.isDecelerating)
    }

    @Test func withoutBouncesADragStopsAtTheEdge() {
        let f = ScrollFixture(window: window)
        f.scroll.bounces = false
        window.simulateTouchDown(at: CGPoint(x: 150, y: 50), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 70), time: 0.01)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 170), time: 0.02)
        #expect(f.scroll.contentOffset.y == 0)
        window.simulateTouchUp(at: CGPoint(x: 150, y: 170), time: 0.5)
        #expect(f.log.calls.contains("didEndDragging(false)"))
    }

    @Test func contentThatFitsDoesNotDragUnlessItAlwaysBounces() {
        let f = ScrollFixture(window: window)
        f.scroll.contentSize = CGSize(width: 300, height: 200)
        f.dragUp(from: CGPoint(x: 150, y: 250), by: 60, hold: 0.5)
        #expect(f.scroll.contentOffset == .zero && f.log.calls.isEmpty)
        f.scroll.alwaysBounceVertical = true
        f.dragUp(from: CGPoint(x: 150, y: 250), by: 60, t0: 1, hold: 0.5, lift: false)
        #expect(f.scroll.isDragging && f.scroll.contentOffset.y > 0 && f.scroll.contentOffset.y < 60, "rubber-banded")
        window.simulateTouchUp(at: CGPoint(x: 150, y: 190), time: 2)
        f.run(2)
        #expect(f.scroll.contentOffset == .zero)
    }

    @Test func theDelegateHearsAFlickInUIKitsOrder() {
        let f = ScrollFixture(window: window)
        flick(f)
        f.run(5)
        #expect(f.log.collapsed == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                    "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        // The flags each call saw: tracking and dragging during the drag; decelerating after.
        #expect(f.log.flags.first == "willBeginDragging:TD-")
        #expect(f.log.flags.contains("didEndDragging(true):---"))
        #expect(f.log.flags.contains("willBeginDecelerating:--E"))
        #expect(f.log.flags.last == "didEndDecelerating:---")
    }

    /// Events that arrive together (one frame's, stamped microseconds apart; or, after a
    /// stalled frame, everything that happened meanwhile) give the release velocity over the
    /// time since the frame before, not over the microseconds between them.
    @Test func movesArrivingTogetherAfterAStalledFrameGiveTheirRealSpeed() {
        let f = ScrollFixture(window: window)
        window.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 235), time: 0.016)   // the drag begins
        window.simulateTouchMove(to: CGPoint(x: 150, y: 230), time: 0.032)
        // The game stalls for 100 ms; a slow drag of 30 points arrives in one batch.
        for i in 1...6 {
            window.simulateTouchMove(to: CGPoint(x: 150, y: 230 - 5 * CGFloat(i)), time: 0.132 + 0.000_01 * Double(i))
        }
        window.simulateTouchUp(at: CGPoint(x: 150, y: 200), time: 0.132 + 0.000_07)
        let v = f.log.endVelocity?.y ?? .nan
        #expect(abs(v - 0.3) < 0.01, "30 points over the 100 ms since the last frame: \(v) points per ms")
    }

    /// In fixed step every event of a frame has the frame's time: a flick whose last moves
    /// and lift come in one frame still coasts at the speed since the frame before.
    @Test func aFlickLiftedInTheFrameOfItsLastMovesCoasts() {
        let f = ScrollFixture(window: window)
        let frame = 1.0 / 60
        window.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 235), time: frame)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 225), time: 2 * frame)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 215), time: 2 * frame)
        window.simulateTouchUp(at: CGPoint(x: 150, y: 205), time: 2 * frame)
        let v = f.log.endVelocity?.y ?? .nan
        #expect(abs(v - 1.8) < 0.01, "30 points in one frame: \(v) points per ms")
        #expect(f.log.calls.contains("didEndDragging(true)"))
    }

    @Test func aSlowDragThatRestsBeforeLiftingDoesNotDecelerate() {
        let f = ScrollFixture(window: window)
        f.dragUp(from: CGPoint(x: 150, y: 250), by: 60, hold: 0.3)
        #expect(f.log.collapsed == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        #expect(f.log.endVelocity == .zero)
        let offset = f.scroll.contentOffset
        f.run(1)
        #expect(f.scroll.contentOffset == offset)
    }

    @Test func theDelegateCanMoveTheTarget() {
        let f = ScrollFixture(window: window)
        f.log.retarget = CGPoint(x: 0, y: 200)
        flick(f)
        f.run(3)
        #expect(f.scroll.contentOffset.y == 200)
        #expect(f.log.collapsed.last == "didEndDecelerating")
    }

    // MARK: Paging

    /// A 300-wide pager over three pages.
    func pager() -> ScrollFixture {
        let f = ScrollFixture(window: window)
        f.scroll.contentSize = CGSize(width: 900, height: 300)
        f.scroll.isPagingEnabled = true
        return f
    }

    func swipeLeft(_ f: ScrollFixture, by distance: CGFloat, hold: TimeInterval, t0: TimeInterval) {
        window.simulateTouchDown(at: CGPoint(x: 250, y: 150), time: t0)
        window.simulateTouchMove(to: CGPoint(x: 240, y: 150), time: t0 + 0.01)   // the drag begins
        window.simulateTouchMove(to: CGPoint(x: 240 - distance, y: 150), time: t0 + 0.02)
        window.simulateTouchUp(at: CGPoint(x: 240 - distance, y: 150), time: t0 + 0.02 + hold)
        f.run(2)
    }

    @Test func pagingSnapsToTheNearestPageAfterASlowDrag() {
        let f = pager()
        swipeLeft(f, by: 100, hold: 0.3, t0: 0)
        #expect(f.scroll.contentOffset.x == 0, "a third of a page: back")
        swipeLeft(f, by: 200, hold: 0.3, t0: 3)
        #expect(f.scroll.contentOffset.x == 300, "two thirds: on to page 1")
        #expect(f.log.collapsed.last == "didEndDecelerating")
    }

    @Test func pagingTurnsOnePageForAFlickAndNeverMore() {
        let f = pager()
        swipeLeft(f, by: 40, hold: 0, t0: 0)   // 4000 pt/s over a short distance
        #expect(f.scroll.contentOffset.x == 300)
        swipeLeft(f, by: 200, hold: 0, t0: 3)  // very fast: still one page
        #expect(f.scroll.contentOffset.x == 600)
        swipeLeft(f, by: 200, hold: 0, t0: 6)  // at the last page: stays
        #expect(f.scroll.contentOffset.x == 600)
    }

    // MARK: Directional lock

    @Test func directionalLockKeepsAMostlyVerticalDragVertical() {
        let f = ScrollFixture(window: window)
        f.scroll.contentSize = CGSize(width: 1000, height: 1000)
        f.scroll.isDirectionalLockEnabled = true
        window.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 0)
        window.simulateTouchMove(to: CGPoint(x: 148, y: 235), time: 0.01)
        window.simulateTouchMove(to: CGPoint(x: 120, y: 180), time: 0.02)
        #expect(f.scroll.contentOffset == CGPoint(x: 0, y: 55))
        window.simulateTouchUp(at: CGPoint(x: 120, y: 180), time: 0.5)
        f.scroll.isDirectionalLockEnabled = false
        window.simulateTouchDown(at: CGPoint(x: 150, y: 250), time: 1)
        window.simulateTouchMove(to: CGPoint(x: 148, y: 235), time: 1.01)
        window.simulateTouchMove(to: CGPoint(x: 120, y: 180), time: 1.02)
        #expect(f.scroll.contentOffset == CGPoint(x: 28, y: 110), "free: both axes follow")
        window.simulateTouchUp(at: CGPoint(x: 120, y: 180), time: 1.5)
    }

    // MARK: Programmatic

    @Test func setContentOffsetAnimatedGlidesAndEndsWithTheScrollingAnimationCall() {
        let f = ScrollFixture(window: window)
        f.scroll.setContentOffset(CGPoint(x: 0, y: 400), animated: true)
        #expect(f.scroll.contentOffset == .zero, "nothing moves until the clock does")
        f.run(0.05)
        #expect(f.scroll.contentOffset.y > 0 && f.scroll.contentOffset.y < 400)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 400)
        #expect(f.log.collapsed == ["didScroll", "didEndScrollingAnimation"])
        #expect(!f.scroll.isDecelerating, "an animation is not a deceleration")
    }

    /// UIKit animates nothing when the offset is already the one asked for, so the delegate
    /// hears of no animation ending, at the start or after an animation got there.
    @Test func setContentOffsetAnimatedToWhereItIsAnimatesNothing() {
        let f = ScrollFixture(window: window)
        f.scroll.setContentOffset(.zero, animated: true)
        f.run(1)
        #expect(f.log.calls.isEmpty, "no scroll, no animation end: \(f.log.calls)")
        f.scroll.setContentOffset(CGPoint(x: 0, y: 200), animated: true)
        f.run(1)
        f.log.calls.removeAll()
        f.scroll.setContentOffset(CGPoint(x: 0, y: 200), animated: true)
        f.run(1)
        #expect(f.log.calls.isEmpty)
        #expect(f.scroll.contentOffset.y == 200)
    }

    @Test func setContentOffsetWithoutAnimationStopsADeceleration() {
        let f = ScrollFixture(window: window)
        flick(f)
        f.run(0.1)
        #expect(f.scroll.isDecelerating)
        f.scroll.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        #expect(!f.scroll.isDecelerating && f.scroll.contentOffset.y == 10)
        f.run(2)
        #expect(f.scroll.contentOffset.y == 10)
    }

    @Test func settingContentOffsetDirectlyIsNotClampedAndTellsTheDelegate() {
        let f = ScrollFixture(window: window)
        f.scroll.contentOffset = CGPoint(x: -50, y: 5000)
        #expect(f.scroll.contentOffset == CGPoint(x: -50, y: 5000))
        #expect(f.scroll.bounds.origin == CGPoint(x: -50, y: 5000))
        #expect(f.log.calls == ["didScroll"])
        f.scroll.contentOffset = CGPoint(x: CGFloat.nan, y: 1)
        #expect(f.scroll.contentOffset == CGPoint(x: -50, y: 5000), "non-finite offsets are ignored")
    }
}
