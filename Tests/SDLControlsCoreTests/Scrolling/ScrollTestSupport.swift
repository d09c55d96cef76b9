import Testing
import Foundation
@testable import SDLControlsCore

/// Records every delegate call of a scroll view, in order.
@MainActor
final class ScrollDelegateLog: UIScrollViewDelegate {
    var calls: [String] = []
    /// When set, `scrollViewWillEndDragging` moves the target there.
    var retarget: CGPoint?
    /// The velocity and target `scrollViewWillEndDragging` received.
    var endVelocity: CGPoint?
    var endTarget: CGPoint?
    /// What the scroll view's flags were at each call, as "T D E" letters (tracking, dragging, decelerating).
    var flags: [String] = []

    func note(_ name: String, _ s: UIScrollView) {
        calls.append(name)
        flags.append("\(name):\(s.isTracking ? "T" : "-")\(s.isDragging ? "D" : "-")\(s.isDecelerating ? "E" : "-")")
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { note("didScroll", scrollView) }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging", scrollView) }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        note("willEndDragging", scrollView)
        endVelocity = velocity
        endTarget = targetContentOffset.pointee
        if let retarget { targetContentOffset.pointee = retarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        note("didEndDragging(\(decelerate))", scrollView)
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating", scrollView) }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating", scrollView) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { note("didEndScrollingAnimation", scrollView) }

    /// The calls with repeats of the same call collapsed.
    var collapsed: [String] {
        var out: [String] = []
        for c in calls where out.last != c { out.append(c) }
        return out
    }
}

/// A plain content view that records the touches it is given (and passes none on).
@MainActor
final class TouchRecorderView: UIView {
    var trace: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trace.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trace.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trace.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trace.append("cancelled") }
    var collapsed: [String] {
        var out: [String] = []
        for c in trace where out.last != c { out.append(c) }
        return out
    }
}

/// Counts its layout passes.
@MainActor
final class LayoutCountingView: UIView {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

/// A 300×300 vertical scroll view at the window's origin over 300×1000 of content, with a
/// button at content y 100…144 and a plain touch recorder at y 200…244.
@MainActor
struct ScrollFixture {
    let window: UIWindow
    let scroll: UIScrollView
    let button: UIButton
    let content: TouchRecorderView
    let log: ScrollDelegateLog

    /// Window points on the button and on the plain content (offset 0).
    static let onButton = CGPoint(x: 150, y: 122)
    static let onContent = CGPoint(x: 150, y: 222)

    init(window: UIWindow, scroll: UIScrollView = UIScrollView()) {
        self.window = window
        self.scroll = scroll
        scroll.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        scroll.contentSize = CGSize(width: 300, height: 1000)
        window.addSubview(scroll)
        button = UIButton(type: .system)
        button.setTitle("Press", for: .normal)
        button.frame = CGRect(x: 50, y: 100, width: 200, height: 44)
        scroll.addSubview(button)
        content = TouchRecorderView(frame: CGRect(x: 50, y: 200, width: 200, height: 44))
        scroll.addSubview(content)
        log = ScrollDelegateLog()
        scroll.delegate = log
    }

    /// Advances the window's clock by `seconds` in 1/60 s frames (as a host would).
    func run(_ seconds: TimeInterval) {
        let clock = window.frameClock
        let end = clock.currentTime + seconds
        while clock.currentTime < end - 1e-9 {
            clock.advanceTime(to: min(end, clock.currentTime + 1.0 / 60))
        }
    }

    /// A drag straight up (content scrolls down) from `start` by `distance` in `steps` moves,
    /// `dt` seconds apart on the touch clock starting at `t0`; lifts `hold` seconds after the
    /// last move, at the last point.
    func dragUp(from start: CGPoint, by distance: CGFloat, steps: Int = 4, t0: TimeInterval = 0, dt: TimeInterval = 0.01,
                hold: TimeInterval = 0, lift: Bool = true) {
        window.simulateTouchDown(at: start, time: t0)
        for i in 1...steps {
            window.simulateTouchMove(to: CGPoint(x: start.x, y: start.y - distance * CGFloat(i) / CGFloat(steps)), time: t0 + dt * Double(i))
        }
        if lift {
            window.simulateTouchUp(at: CGPoint(x: start.x, y: start.y - distance), time: t0 + dt * Double(steps) + hold)
        }
    }
}
