import Foundation

/// One axis of a scroll view's own motion (see `ScrollPhysics.swift` for the formulas).
enum AxisMotion {
    /// Not moving.
    case rest
    /// Slowing down from `v0` (points per second) at `x0`, since `t0` on the frame clock.
    case coast(x0: CGFloat, v0: CGFloat, t0: TimeInterval)
    /// Springing towards `target` from displacement `d0` and velocity `v0`, since `t0`.
    case spring(target: CGFloat, d0: CGFloat, v0: CGFloat, t0: TimeInterval)
    /// Gliding towards `target` (which may be moved while it runs).
    case glide(target: CGFloat)

    var isResting: Bool { if case .rest = self { return true } else { return false } }

    /// Where the axis will come to rest, if known without running it (coasts excepted).
    var target: CGFloat? {
        switch self {
        case .spring(let target, _, _, _), .glide(let target): return target
        case .rest, .coast: return nil
        }
    }
}

/// A scroll view's motion on both axes and what ends it: a deceleration after a drag ends
/// with `scrollViewDidEndDecelerating`, an animation (code, keys) with
/// `scrollViewDidEndScrollingAnimation`, a wheel glide with nothing. A class, so a motion
/// replaced from inside a delegate callback can be told apart from the one that ran.
@MainActor
final class ScrollMotion {
    enum Kind: Equatable {
        case deceleration
        case animation(notifies: Bool)
    }
    let kind: Kind
    var x: AxisMotion
    var y: AxisMotion
    var lastStep: TimeInterval

    init(kind: Kind, x: AxisMotion, y: AxisMotion, at time: TimeInterval) {
        self.kind = kind
        self.x = x
        self.y = y
        self.lastStep = time
    }
}

extension UIScrollView {
    // MARK: Geometry

    /// The offsets the content can rest at: from minus the top-left insets to the content's
    /// far edge plus the bottom-right insets, less the view's size (never below the minimum).
    var contentOffsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let i = adjustedContentInset, size = bounds.size
        let minX = -i.left, minY = -i.top
        let maxX = max(minX, contentSize.width + i.right - size.width)
        let maxY = max(minY, contentSize.height + i.bottom - size.height)
        return (minX...maxX, minY...maxY)
    }

    /// `p` moved into ``contentOffsetRange``.
    func clampedOffset(_ p: CGPoint) -> CGPoint {
        let r = contentOffsetRange
        return CGPoint(x: min(max(p.x, r.x.lowerBound), r.x.upperBound), y: min(max(p.y, r.y.lowerBound), r.y.upperBound))
    }

    /// Whether a drag can move the content horizontally: it is wider than the view (with its
    /// insets), or it bounces anyway (``alwaysBounceHorizontal`` with ``bounces``).
    var canDragHorizontally: Bool {
        isScrollEnabled && (contentSize.width + adjustedContentInset.horizontal > bounds.width || (bounces && alwaysBounceHorizontal))
    }

    /// Whether a drag can move the content vertically (see ``canDragHorizontally``).
    var canDragVertically: Bool {
        isScrollEnabled && (contentSize.height + adjustedContentInset.vertical > bounds.height || (bounces && alwaysBounceVertical))
    }

    // MARK: Setting the offset (the public methods are in UIScrollView.swift)

    func performSetContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else { return }
        guard animated, window != nil else {
            stopAllMotion(resettingIndicators: false)
            self.contentOffset = contentOffset
            return
        }
        // Already there with nothing moving: no animation, so no
        // `scrollViewDidEndScrollingAnimation`, as UIKit's (and `scrollRectToVisible` here).
        if motion == nil, contentOffset == self.contentOffset { return }
        glide(to: contentOffset, notifies: true)
    }

    func performScrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let current = glideTarget ?? contentOffset
        let visible = CGRect(origin: current, size: bounds.size).inset(by: adjustedContentInset)
        func axis(_ offset: CGFloat, _ vMin: CGFloat, _ vMax: CGFloat, _ rMin: CGFloat, _ rMax: CGFloat) -> CGFloat {
            if rMax - rMin > vMax - vMin { return offset + (rMin - vMin) }
            if rMin < vMin { return offset - (vMin - rMin) }
            if rMax > vMax { return offset + (rMax - vMax) }
            return offset
        }
        var target = CGPoint(x: axis(current.x, visible.minX, visible.maxX, r.minX, r.maxX),
                             y: axis(current.y, visible.minY, visible.maxY, r.minY, r.maxY))
        target = clampedOffset(target)
        guard target != current else { return }
        setContentOffset(target, animated: animated)
    }

    // MARK: Running motion

    /// Where a running glide is heading (so keys and wheel notches add up), else nil.
    var glideTarget: CGPoint? {
        guard let m = motion, case .animation = m.kind else { return nil }
        return CGPoint(x: m.x.target ?? contentOffset.x, y: m.y.target ?? contentOffset.y)
    }

    /// Springs back into ``contentOffsetRange`` when the content rests outside it (a touch
    /// stopped a bounce and lifted without dragging), as a deceleration.
    func settleIntoRange() {
        guard motion == nil, drag == nil, window != nil else { return }
        let offset = contentOffset
        let target = clampedOffset(offset)
        guard target != offset else { return }
        let now = frameClock.currentTime
        func axis(_ p: CGFloat, _ t: CGFloat) -> AxisMotion { p == t ? .rest : .spring(target: t, d0: p - t, v0: 0, t0: now) }
        startMotion(ScrollMotion(kind: .deceleration, x: axis(offset.x, target.x), y: axis(offset.y, target.y), at: now))
    }

    /// Glides to `target` on the frame clock, retargeting a glide in progress.
    func glide(to target: CGPoint, notifies: Bool) {
        if let m = motion, m.kind == .animation(notifies: notifies) {
            m.x = .glide(target: target.x)
            m.y = .glide(target: target.y)
            return
        }
        stopAllMotion(resettingIndicators: false)
        startMotion(ScrollMotion(kind: .animation(notifies: notifies), x: .glide(target: target.x), y: .glide(target: target.y),
                                 at: frameClock.currentTime))
    }

    /// Starts `m` on the frame clock (steps once per frame until both axes rest).
    func startMotion(_ m: ScrollMotion) {
        motion = m
        if m.kind == .deceleration { isDecelerating = true }
        if motionTimer == nil {
            motionTimer = frameClock.scheduleTimer(after: 0, repeating: 0) { [weak self] _ in self?.stepMotion() }
        }
    }

    /// Stops any deceleration, bounce or glide where it is, without telling the delegate (as a
    /// touch that stops a deceleration does in UIKit).
    func stopAllMotion(resettingIndicators: Bool) {
        motion = nil
        motionTimer?.invalidate()
        motionTimer = nil
        isDecelerating = false
        if resettingIndicators { hideIndicatorsNow() }
    }

    /// One frame of motion: both axes advance to the clock's time; when both rest the motion
    /// ends and the delegate hears of it.
    func stepMotion() {
        guard let m = motion else {
            motionTimer?.invalidate()
            motionTimer = nil
            return
        }
        let now = frameClock.currentTime
        let dt = CGFloat(max(0, now - m.lastStep))
        m.lastStep = now
        let range = contentOffsetRange
        let current = contentOffset
        let (x, mx) = step(m.x, position: current.x, range: range.x, now: now, dt: dt)
        let (y, my) = step(m.y, position: current.y, range: range.y, now: now, dt: dt)
        m.x = mx
        m.y = my
        let next = CGPoint(x: x, y: y)
        if next != current { contentOffset = next }
        // The delegate may have stopped or replaced the motion while told of the scroll.
        guard motion === m, m.x.isResting, m.y.isResting else { return }
        finishMotion(m)
    }

    private func finishMotion(_ m: ScrollMotion) {
        motion = nil
        motionTimer?.invalidate()
        motionTimer = nil
        switch m.kind {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation(let notifies):
            if notifies { delegate?.scrollViewDidEndScrollingAnimation(self) }
        }
        if motion == nil, drag == nil { scheduleIndicatorHide() }
    }

    /// Advances one axis to `now`.
    private func step(_ a: AxisMotion, position: CGFloat, range: ClosedRange<CGFloat>, now: TimeInterval, dt: CGFloat) -> (CGFloat, AxisMotion) {
        switch a {
        case .rest:
            return (position, .rest)

        case let .coast(x0, v0, t0):
            let rate = decelerationRate.effective
            let t = CGFloat(max(0, now - t0))
            let duration = ScrollPhysics.coastDuration(v0: v0, rate: rate)
            // Reaching an edge: bounce off it (a spring from the edge with the speed it had
            // there), or stop at it.
            let bound = v0 > 0 ? range.upperBound : range.lowerBound
            if range.contains(x0), let tc = ScrollPhysics.coastTime(toReach: bound, x0: x0, v0: v0, rate: rate), tc <= min(t, duration) {
                guard bounces else { return (bound, .rest) }
                let vc = ScrollPhysics.coastVelocity(v0: v0, rate: rate, t: tc)
                return step(.spring(target: bound, d0: 0, v0: vc, t0: t0 + TimeInterval(tc)), position: position, range: range, now: now, dt: dt)
            }
            if t >= duration {
                return (ScrollPhysics.coastPosition(x0: x0, v0: v0, rate: rate, t: duration), .rest)
            }
            return (ScrollPhysics.coastPosition(x0: x0, v0: v0, rate: rate, t: t), a)

        case let .spring(target, d0, v0, t0):
            let (d, v) = ScrollPhysics.spring(d0: d0, v0: v0, t: CGFloat(max(0, now - t0)))
            if abs(d) < ScrollPhysics.settleDistance && abs(v) < ScrollPhysics.minimumVelocity * 4 { return (target, .rest) }
            var p = target + d
            if !bounces { p = min(max(p, range.lowerBound), range.upperBound) }
            return (p, a)

        case let .glide(target):
            let p = ScrollPhysics.glide(from: position, to: target, dt: dt)
            if abs(p - target) < ScrollPhysics.settleDistance { return (target, .rest) }
            return (p, a)
        }
    }
}
