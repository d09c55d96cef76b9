import Testing
import Foundation
@testable import SDLControlsCore

/// Recognizers on content inside scroll views: how they share touches with the scroll view's
/// delay, its drag and its content, and what a removal mid-gesture leaves behind.
@MainActor
struct ScrollViewContentGestureTests {
    let window = makeTestWindow()

    /// A vertical list in this suite's window (see ``makeScrollingList(in:delaysContentTouches:)``).
    private func list(delays: Bool = true) -> (UIScrollView, PhaseRecordingView) {
        makeScrollingList(in: window, delaysContentTouches: delays)
    }

    @Test func aQuickTapOnContentThatWaitsRecognizesAndTheContentGetsNothing() {
        let (scroll, content) = list()
        let tap = UITapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(log.states == [.ended])
        #expect(content.phases.isEmpty, "\(content.phases)")
        #expect(scroll.panGestureRecognizer.state == .possible)
    }

    @Test func aLongPressOnContentThatWaitedCancelsTheContentOnce() {
        let (scroll, content) = list()
        let press = UILongPressGestureRecognizer()
        content.addGestureRecognizer(press)
        let log = GestureLog(press)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100))
        f.advance(by: 0.2)
        #expect(content.phases == ["began"])
        f.advance(by: 0.4)
        #expect(log.states == [.began])
        #expect(content.phases == ["began", "cancelled"])
        f.move(CGPoint(x: 100, y: 40))
        f.up(CGPoint(x: 100, y: 40))
        #expect(log.states.last == .ended)
        #expect(content.phases == ["began", "cancelled"], "\(content.phases)")
        #expect(scroll.contentOffset == .zero)
    }

    @Test func aPanOnContentThatWaitsBeatsTheScrollView() {
        let (scroll, content) = list()
        let pan = UIPanGestureRecognizer()
        content.addGestureRecognizer(pan)
        let log = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 100))
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states.first == .began && log.states.last == .ended)
        #expect(scroll.contentOffset == .zero)
        #expect(content.phases.isEmpty, "\(content.phases)")
    }

    @Test(arguments: [false, true])
    func contentWhoseEndIsHeldGetsItsCancelWhenItLeaves(delays: Bool) {
        let (_, content) = list(delays: delays)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        content.addGestureRecognizer(dbl)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(content.phases == ["began"])
        content.removeFromSuperview()
        #expect(content.phases == ["began", "cancelled"], "\(content.phases)")
    }

    @Test func aCellRemovedMidDragLeavesTheScrollViewDragging() {
        let (scroll, content) = list()
        let cell = PhaseRecordingView(frame: CGRect(x: 0, y: 200, width: 300, height: 50))
        content.addSubview(cell)
        let log = GestureLog(scroll.panGestureRecognizer)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 220), to: CGPoint(x: 100, y: 120))
        #expect(scroll.isDragging)
        let before = scroll.contentOffset.y
        cell.removeFromSuperview()   // a list recycling the cell that scrolled away
        f.move(CGPoint(x: 100, y: 20))
        #expect(scroll.contentOffset.y > before + 50, "offset \(scroll.contentOffset.y) before \(before)")
        f.up(CGPoint(x: 100, y: 20))
        #expect(log.states.last == .ended)
    }

    @Test func turningScrollingOffMidDragCancelsThePan() {
        let (scroll, _) = list(delays: false)
        let log = GestureLog(scroll.panGestureRecognizer)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 220), to: CGPoint(x: 100, y: 120))
        #expect(scroll.isDragging)
        scroll.isScrollEnabled = false
        let n = log.states.count
        f.move(CGPoint(x: 100, y: 60))
        f.up(CGPoint(x: 100, y: 60))
        #expect(!log.states.dropFirst(n).contains(.changed), "\(log.states)")
        #expect(log.states.last == .cancelled, "\(log.states)")
    }

    @Test func aTouchThatStopsAFlingTapsNothing() {
        let (scroll, content) = list()
        let tap = UITapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 280), to: CGPoint(x: 100, y: 20), steps: 4)
        f.up(CGPoint(x: 100, y: 20))
        f.advance(by: 0.05)
        #expect(scroll.isDecelerating)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(content.phases.isEmpty)
        #expect(log.states.isEmpty, "the touch only stops the scroll: \(log.states)")
    }

    @Test func aPagerAndAListInsideItEachDragTheirWayAndATapStillTaps() {
        let pager = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        pager.contentSize = CGSize(width: 900, height: 300)
        pager.isPagingEnabled = true
        let listView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        listView.contentSize = CGSize(width: 300, height: 2000)
        let content = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 2000))
        listView.addSubview(content)
        pager.addSubview(listView)
        window.addSubview(pager)
        let tap = UITapGestureRecognizer()
        content.addGestureRecognizer(tap)
        let tapLog = GestureLog(tap)
        let pagerLog = GestureLog(pager.panGestureRecognizer)
        let listLog = GestureLog(listView.panGestureRecognizer)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 250, y: 150), to: CGPoint(x: 100, y: 155))
        f.up(CGPoint(x: 100, y: 155))
        #expect(pagerLog.states.first == .began && pagerLog.states.last == .ended)
        #expect(listLog.states.isEmpty && tapLog.states.isEmpty)
        #expect(listView.contentOffset == .zero)
        f.advance(by: 2)
        pager.contentOffset = .zero
        f.drag(from: CGPoint(x: 150, y: 250), to: CGPoint(x: 152, y: 100))
        f.up(CGPoint(x: 152, y: 100))
        #expect(listLog.states.first == .began && listLog.states.last == .ended)
        #expect(pager.contentOffset == .zero && listView.contentOffset.y > 0)
        f.advance(by: 10)   // the list's fling is over (a touch that stops one taps nothing)
        #expect(!listView.isDecelerating)
        f.tap(CGPoint(x: 150, y: 150))
        #expect(tapLog.states == [.ended])
        #expect(content.phases.isEmpty)
    }

    @Test func aLongPressOnContentTheScrollViewMayNotCancelKeepsItsTouch() {
        let (scroll, content) = list(delays: false)
        scroll.canCancelContentTouches = false
        let press = UILongPressGestureRecognizer()
        press.allowableMovement = 100
        content.addGestureRecognizer(press)
        let log = GestureLog(press)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 170))
        f.up(CGPoint(x: 100, y: 170))
        #expect(scroll.contentOffset == .zero)
        #expect(content.phases.first == "began" && content.phases.last == "ended", "\(content.phases)")
        #expect(log.states.isEmpty)
    }

    @Test func aScrollViewRemovedMidDragLeavesItsContentsRecognizersReady() {
        let (scroll, content) = list()
        let tap = UITapGestureRecognizer()
        content.addGestureRecognizer(tap)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 220), to: CGPoint(x: 100, y: 120))
        scroll.removeFromSuperview()
        f.move(CGPoint(x: 100, y: 60))
        f.up(CGPoint(x: 100, y: 60))
        #expect(content.phases.isEmpty)
        #expect(window.activeTouchCount == 0)
        #expect(scroll.panGestureRecognizer.state == .possible && tap.state == .possible)
        window.addSubview(scroll)
        scroll.contentOffset = .zero
        f.advance(by: 1)
        f.drag(from: CGPoint(x: 100, y: 220), to: CGPoint(x: 100, y: 120))
        f.up(CGPoint(x: 100, y: 120))
        #expect(scroll.contentOffset.y > 50)
    }

    @Test func aRecognizerThatDelaysTheContentsTouchesStillLetsTheListScroll() {
        let (scroll, content) = list()
        let press = UILongPressGestureRecognizer()
        press.allowableMovement = 200
        press.delaysTouchesBegan = true
        content.addGestureRecognizer(press)
        let log = GestureLog(press)
        let panLog = GestureLog(scroll.panGestureRecognizer)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 150), steps: 5)
        #expect(panLog.states.first == .began, "pan \(panLog.states) press=\(press.state)")
        #expect(scroll.contentOffset.y > 50, "offset \(scroll.contentOffset.y)")
        f.up(CGPoint(x: 100, y: 150))
        #expect(log.states.isEmpty)
        #expect(content.phases.isEmpty, "a drag is not a touch on the content: \(content.phases)")
    }

    @Test func contentWhoseEndIsHeldGetsItsCancelWhenTheScrollViewLeaves() {
        var w: UIWindow? = makeTestWindow()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        scroll.contentSize = CGSize(width: 300, height: 2000)
        scroll.delaysContentTouches = false
        let content = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 2000))
        scroll.addSubview(content)
        w!.addSubview(scroll)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        content.addGestureRecognizer(dbl)
        var f = GestureFinger(window: w!)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(content.phases == ["began"])
        scroll.removeFromSuperview()
        #expect(content.phases == ["began", "cancelled"], "\(content.phases)")
        w = nil
    }
}
