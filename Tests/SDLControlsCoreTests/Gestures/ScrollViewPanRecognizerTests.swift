import Testing
import Foundation
@testable import SDLControlsCore

/// A scroll view's dragging is its `panGestureRecognizer`: other recognizers can wait for it,
/// refuse it, or be refused by it.
@MainActor
struct ScrollViewPanRecognizerTests {
    let window = makeTestWindow()

    /// A vertical list that gives its content touches at once.
    private func list() -> (UIScrollView, PhaseRecordingView) {
        makeScrollingList(in: window, delaysContentTouches: false)
    }

    @Test func theScrollViewsPanReportsItsDrag() {
        let (scroll, _) = list()
        #expect(scroll.gestureRecognizers?.first === scroll.panGestureRecognizer)
        let log = GestureLog(scroll.panGestureRecognizer) { ($0 as! UIPanGestureRecognizer).translation(in: nil) }
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states.first == .began && log.states.last == .ended)
        #expect(log.values.last == CGPoint(x: 0, y: -100))
        #expect(scroll.contentOffset.y > 0)
    }

    @Test func aDelegateThatRefusesThePanKeepsTheScrollViewStill() {
        let (scroll, content) = list()
        let delegate = ScriptedGestureDelegate()
        delegate.shouldBegin = false
        scroll.panGestureRecognizer.delegate = delegate
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(scroll.contentOffset == .zero)
        #expect(content.phases.last == "ended", "the content keeps its touch")
    }

    @Test func aDisabledPanStopsDraggingButNotTheWheel() {
        let (scroll, _) = list()
        scroll.panGestureRecognizer.isEnabled = false
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(scroll.contentOffset == .zero)
        #expect(window.sendScroll(CGPoint(x: 0, y: 30), at: CGPoint(x: 100, y: 100), isPrecise: true))
        #expect(scroll.contentOffset.y == 30)
    }

    @Test func aPanThatWaitsForTheScrollViewsPanGetsTheTouchOnlyWhenItFails() {
        let (scroll, content) = list()
        let pan = UIPanGestureRecognizer()
        pan.require(toFail: scroll.panGestureRecognizer)
        content.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states.isEmpty, "the scroll view dragged")
        #expect(scroll.contentOffset.y > 0)
        scroll.setContentOffset(.zero, animated: false)   // stops the fling: a touch on one only stops it
        f.advance(by: 2)
        f.drag(from: CGPoint(x: 50, y: 200), to: CGPoint(x: 200, y: 200))   // sideways: the list can't scroll
        f.up(CGPoint(x: 200, y: 200))
        #expect(log.states.first == .began && log.states.last == .ended)
    }

    @Test func aTapInsideTheContentFailsWhenTheScrollViewDrags() {
        let (scroll, content) = list()
        let tap = UITapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 120))
        f.up(CGPoint(x: 100, y: 120))
        #expect(log.states.isEmpty)
        #expect(scroll.contentOffset.y > 0)
    }

    @Test func aPanOnTheContentBeatsTheScrollViewWhenItBeginsFirst() {
        let (scroll, content) = list()
        let pan = UIPanGestureRecognizer()
        content.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states.first == .began)
        #expect(scroll.contentOffset == .zero)
        #expect(scroll.panGestureRecognizer.state == .possible)
    }

    @Test func disablingThePanMidDragStopsTheDragWhereItIs() {
        let (scroll, _) = list()
        let log = GestureLog(scroll.panGestureRecognizer)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 200))
        #expect(scroll.isDragging)
        scroll.panGestureRecognizer.isEnabled = false
        let offset = scroll.contentOffset
        f.move(CGPoint(x: 100, y: 100))
        #expect(scroll.contentOffset == offset, "disabled pan still drags: \(offset) -> \(scroll.contentOffset)")
        #expect(!scroll.isDragging, "still dragging after its pan was cancelled")
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states.first == .began && log.states.last == .cancelled, "\(log.states)")
    }

    @Test func aPanWhoseDelegateRefusesTheTouchDoesNotDragIt() {
        let (scroll, content) = list()
        let delegate = ScriptedGestureDelegate()
        delegate.receives = false
        scroll.panGestureRecognizer.delegate = delegate
        let log = GestureLog(scroll.panGestureRecognizer)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(scroll.contentOffset == .zero, "pan refused the touch yet scrolled: \(scroll.contentOffset), log \(log.states)")
        #expect(content.phases.last == "ended", "\(content.phases)")
    }

    @Test func aRefusedPanDoesNotDragUnderALongPressUnderWay() {
        let (scroll, content) = list()
        let press = UILongPressGestureRecognizer()
        content.addGestureRecognizer(press)
        let delegate = ScriptedGestureDelegate()
        delegate.receives = false
        scroll.panGestureRecognizer.delegate = delegate
        let presses = GestureLog(press)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 200))
        f.advance(by: 0.6)
        f.move(CGPoint(x: 100, y: 150))
        f.move(CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(presses.states.first == .began)
        #expect(scroll.contentOffset == .zero, "scrolled during a long press: \(scroll.contentOffset)")
    }
}
