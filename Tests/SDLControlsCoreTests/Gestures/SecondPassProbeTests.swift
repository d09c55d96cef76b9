import Testing
import Foundation
@testable import SDLControlsCore

@MainActor
struct SecondPassProbeTests {
    let window = makeTestWindow()

    private func list(delays: Bool = true) -> (UIScrollView, PhaseRecordingView) {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        scroll.contentSize = CGSize(width: 300, height: 2000)
        scroll.delaysContentTouches = delays
        let content = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 2000))
        scroll.addSubview(content)
        window.addSubview(scroll)
        return (scroll, content)
    }

    // MARK: 1. Scroll views

    @Test func S1_quickTapOnContentWithDelaysRecognizes() {
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

    @Test func S2_longPressOnContentWithDelaysCancelsContentOnce() {
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

    @Test func S3_contentPanBeatsScrollPanInsideDelays() {
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

    @Test func S4_heldEndInScrollContentGetsCancelWhenContentRemoved() {
        let (_, content) = list(delays: false)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        content.addGestureRecognizer(dbl)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(content.phases == ["began"])
        content.removeFromSuperview()
        #expect(content.phases == ["began", "cancelled"], "\(content.phases)")
    }

    @Test func S4b_heldEndInDelayedScrollContentGetsCancelWhenContentRemoved() {
        let (_, content) = list(delays: true)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        content.addGestureRecognizer(dbl)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 100, y: 100))
        #expect(content.phases == ["began"])
        content.removeFromSuperview()
        #expect(content.phases == ["began", "cancelled"], "\(content.phases)")
    }

    @Test func S5_cellRemovedMidDragKeepsTheScrollViewDragging() {
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

    @Test func S6_scrollDisabledMidDragCancelsThePan() {
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

    @Test func S7_touchThatStopsAFlingDoesNotTapContent() {
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

    @Test func S8_nestedPagerAndListWithTapOnContent() {
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
        f.advance(by: 2)
        f.tap(CGPoint(x: 150, y: 150))
        #expect(tapLog.states == [.ended])
        #expect(content.phases.isEmpty)
    }

    @Test func S9_canCancelContentTouchesFalseWithLongPress() {
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

    @Test func S10_scrollRemovedMidDragWithContentRecognizer() {
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

    // MARK: 2. Two windows

    @Test func W1_recognizerMovedToAnotherWindowMidGestureWorksThere() {
        let other = makeTestWindow()
        let a = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(a)
        let b = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        other.addSubview(b)
        let press = UILongPressGestureRecognizer()
        a.addGestureRecognizer(press)
        let log = GestureLog(press)
        var fa = GestureFinger(window: window)
        var fb = GestureFinger(window: other)
        fa.down(CGPoint(x: 50, y: 50))
        fa.advance(by: 0.2)
        b.addGestureRecognizer(press)
        fa.advance(by: 0.5)
        #expect(log.states.isEmpty)
        fa.up(CGPoint(x: 50, y: 50))
        #expect(a.phases == ["began", "ended"])
        fb.time = fa.time
        fb.down(CGPoint(x: 50, y: 50))
        fb.advance(by: 0.6)
        #expect(log.states == [.began])
        fb.up(CGPoint(x: 50, y: 50))
        #expect(log.states == [.began, .ended])
        #expect(b.phases == ["began", "cancelled"])
    }

    @Test func W2_doubleTapTimerAfterViewMovedWindows() {
        let other = makeTestWindow()
        let a = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(a)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        a.addGestureRecognizer(dbl)
        let log = GestureLog(dbl)
        var fa = GestureFinger(window: window)
        fa.tap(CGPoint(x: 50, y: 50))
        #expect(a.phases == ["began"])
        other.addSubview(a)
        #expect(a.phases == ["began", "cancelled"])
        fa.advance(by: 1)
        var fb = GestureFinger(window: other)
        fb.time = fa.time
        fb.advance(by: 1)
        #expect(log.states.isEmpty)
        #expect(!window.isHoldingTouchesForRecognizers && !other.isHoldingTouchesForRecognizers)
        fb.tap(CGPoint(x: 50, y: 50))
        fb.tap(CGPoint(x: 50, y: 50))
        #expect(log.states == [.ended])
    }

    @Test func W3_requirementAcrossWindows() {
        let other = makeTestWindow()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(a)
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        other.addSubview(b)
        let dbl = UITapGestureRecognizer()
        dbl.numberOfTapsRequired = 2
        a.addGestureRecognizer(dbl)
        let single = UITapGestureRecognizer()
        single.require(toFail: dbl)
        b.addGestureRecognizer(single)
        let log = GestureLog(single)
        var fa = GestureFinger(window: window)
        fa.tap(CGPoint(x: 50, y: 50))   // double tap waiting in A
        var fb = GestureFinger(window: other)
        fb.time = fa.time
        fb.tap(CGPoint(x: 50, y: 50))
        fa.advance(by: 1)
        fb.time = fa.time
        fb.advance(by: 0.01)
        #expect(log.states == [.ended], "\(log.states) single=\(single.state) dbl=\(dbl.state)")
    }

    // MARK: 4. Subclassing

    final class Checkmark: UIGestureRecognizer {
        var points: [CGPoint] = []
        var resets = 0
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            points.append(location(in: view))
            if points.count > 200 { state = .failed }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            state = points.count >= 3 ? .recognized : .failed
        }
        override func reset() {
            super.reset()
            points.removeAll()
            resets += 1
        }
    }

    @Test func K1_articleSubclass() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let r = Checkmark()
        v.addGestureRecognizer(r)
        let log = GestureLog(r)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 100, y: 100), steps: 4)
        f.up(CGPoint(x: 100, y: 100))
        #expect(log.states == [.ended])
        #expect(r.resets == 1 && r.points.isEmpty && r.state == .possible)
        #expect(v.phases == ["began", "moved", "moved", "moved", "moved", "cancelled"], "\(v.phases)")
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended])
        #expect(r.resets == 2)
        #expect(v.phases.suffix(2) == ["began", "ended"])
    }

    final class RecognizeOnDown: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .recognized }
    }

    @Test func K2_recognizeInTouchesBegan() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let r = RecognizeOnDown()
        v.addGestureRecognizer(r)
        let log = GestureLog(r)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended])
        #expect(v.phases.isEmpty, "\(v.phases)")
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended, .ended])
        #expect(r.state == .possible)
    }

    @Test func K3_setStateInOwnAction() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let press = UILongPressGestureRecognizer()
        v.addGestureRecognizer(press)
        var seen: [UIGestureRecognizer.State] = []
        var afterSet: UIGestureRecognizer.State?
        press.addHandler { p in
            seen.append(p.state)
            if p.state == .began {
                p.state = .ended
                afterSet = p.state
            }
        }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 10, y: 10))
        f.advance(by: 0.6)
        #expect(seen == [.began, .ended])
        #expect(afterSet == .ended, "state read after setting it in the action: \(String(describing: afterSet))")
        f.move(CGPoint(x: 60, y: 60))
        f.up(CGPoint(x: 60, y: 60))
        #expect(seen == [.began, .ended])
        #expect(press.state == .possible)
    }

    final class NeverDecides: UIGestureRecognizer {}

    @Test func K4_neverLeavingPossibleHoldsEndsForever() {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        let r = NeverDecides()
        v.addGestureRecognizer(r)
        let tap = UITapGestureRecognizer()
        v.addGestureRecognizer(tap)
        let log = GestureLog(tap)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 10, y: 10))
        #expect(log.states == [.ended], "others are not blocked")
        v.removeGestureRecognizer(tap)
        let before = v.phases.count
        f.advance(by: 1)
        f.tap(CGPoint(x: 200, y: 200), id: 2)
        f.advance(by: 5)
        f.tap(CGPoint(x: 100, y: 100), id: 3)
        f.advance(by: 5)
        Issue.record("observation: phases \(v.phases.dropFirst(before)) holding=\(window.isHoldingTouchesForRecognizers) state=\(r.state)")
    }
}
