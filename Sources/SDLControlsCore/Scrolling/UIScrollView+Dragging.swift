import Foundation

/// A drag in progress: the touch that scrolls, where it started, and its recent samples for
/// the release velocity.
@MainActor
final class ScrollDrag {
    enum Lock { case horizontal, vertical }
    let touch: UITouch
    /// Where the finger was (window points) when the drag began.
    let startLocation: CGPoint
    /// The offset at that moment, with any rubber band undone (the "unbanded" offset).
    let startOffset: CGPoint
    /// The axis a directional lock keeps the drag on; nil scrolls freely.
    let lock: Lock?
    /// Recent samples of the finger (window points), for the release velocity.
    var samples = MotionSamples()

    init(touch: UITouch, startOffset: CGPoint, lock: Lock?) {
        self.touch = touch
        self.startLocation = touch.locationInWindow
        self.startOffset = startOffset
        self.lock = lock
        record(touch)
    }

    func record(_ touch: UITouch) {
        samples.record(touch.locationInWindow, at: touch.timestamp)
    }

    /// The finger's velocity (points per second, window axes) at the last sample (see
    /// ``MotionSamples/velocity``).
    var fingerVelocity: CGPoint { samples.velocity }
}

extension UIScrollView {
    /// The scroll view takes `touch` as a drag (the routing decided it moved far enough in a
    /// direction this view scrolls): motion stops, ``isDragging`` becomes true and the
    /// delegate hears ``UIScrollViewDelegate/scrollViewWillBeginDragging(_:)``. `translation`
    /// is how far the touch moved before (it decides a directional lock); the content does not
    /// jump by it.
    func beginDrag(with touch: UITouch, translation: CGPoint) {
        stopAllMotion(resettingIndicators: false)
        let range = contentOffsetRange
        let offset = contentOffset
        let raw = CGPoint(x: UIScrollView.unbanded(offset.x, in: range.x, length: bounds.width, bounces: bounces),
                          y: UIScrollView.unbanded(offset.y, in: range.y, length: bounds.height, bounces: bounces))
        var lock: ScrollDrag.Lock?
        if isDirectionalLockEnabled, canDragHorizontally, canDragVertically {
            let ax = abs(translation.x), ay = abs(translation.y)
            if ax >= 2 * ay { lock = .horizontal } else if ay >= 2 * ax { lock = .vertical }
        }
        drag = ScrollDrag(touch: touch, startOffset: raw, lock: lock)
        isTracking = true
        isDragging = true
        showIndicators()
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// The dragging touch moved: the content follows it, rubber-banding past the edges.
    func dragMoved(_ touch: UITouch) {
        guard let d = drag, d.touch === touch else { return }
        d.record(touch)
        let t = CGPoint(x: touch.locationInWindow.x - d.startLocation.x, y: touch.locationInWindow.y - d.startLocation.y)
        let range = contentOffsetRange
        var p = contentOffset
        if canDragHorizontally, d.lock != .vertical {
            p.x = ScrollPhysics.banded(d.startOffset.x - t.x, in: range.x, length: bounds.width, bounces: bounces)
        }
        if canDragVertically, d.lock != .horizontal {
            p.y = ScrollPhysics.banded(d.startOffset.y - t.y, in: range.y, length: bounds.height, bounces: bounces)
        }
        if p != contentOffset { contentOffset = p }
    }

    /// The dragging touch lifted (or was cancelled).
    func dragEnded(_ touch: UITouch, cancelled: Bool) {
        guard let d = drag, d.touch === touch else { return }
        if !cancelled { d.record(touch) }
        endDrag(cancelled: cancelled)
    }

    /// Ends the drag: works out the release velocity and where the content will rest, asks the
    /// delegate (``UIScrollViewDelegate/scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``,
    /// which may move the target), ends dragging, and starts the deceleration, bounce back or
    /// page snap. A cancelled drag releases with no velocity.
    func endDrag(cancelled: Bool) {
        guard let d = drag else { return }
        isTracking = false   // the finger is up
        let range = contentOffsetRange
        let offset = contentOffset
        let finger = cancelled ? .zero : d.fingerVelocity
        func capped(_ v: CGFloat) -> CGFloat { min(max(v, -ScrollPhysics.maximumVelocity), ScrollPhysics.maximumVelocity) }
        let canX = canDragHorizontally && d.lock != .vertical, canY = canDragVertically && d.lock != .horizontal
        let velocity = CGPoint(x: canX ? capped(-finger.x) : 0, y: canY ? capped(-finger.y) : 0)

        var planX = releasePlan(offset.x, velocity.x, range: range.x, length: bounds.width, start: d.startOffset.x, movable: canX)
        var planY = releasePlan(offset.y, velocity.y, range: range.y, length: bounds.height, start: d.startOffset.y, movable: canY)
        var target = CGPoint(x: planX.target, y: planY.target)
        let natural = target
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        // A delegate that moved the target gets a spring there instead.
        if target.x.isFinite, target.x != natural.x { planX.motion = springMotion(to: target.x, from: offset.x, velocity: velocity.x) }
        if target.y.isFinite, target.y != natural.y { planY.motion = springMotion(to: target.y, from: offset.y, velocity: velocity.y) }

        drag = nil
        isDragging = false
        let decelerate = !planX.motion.isResting || !planY.motion.isResting
        let m = decelerate ? ScrollMotion(kind: .deceleration, x: planX.motion, y: planY.motion, at: frameClock.currentTime) : nil
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        if let m, drag == nil, motion == nil, window != nil {
            startMotion(m)
            delegate?.scrollViewWillBeginDecelerating(self)
        } else if drag == nil, motion == nil {
            scheduleIndicatorHide()
        }
    }

    /// What one axis does after the lift, and where it will rest.
    private func releasePlan(_ p: CGFloat, _ v: CGFloat, range: ClosedRange<CGFloat>, length: CGFloat, start: CGFloat,
                             movable: Bool) -> (motion: AxisMotion, target: CGFloat) {
        guard movable else { return (.rest, p) }
        if isPagingEnabled, length > 0 {
            let target = pageTarget(p, velocity: v, startOffset: start, pageLength: length, range: range)
            return (springMotion(to: target, from: p, velocity: v), target)
        }
        if !range.contains(p) {
            // Released past an edge: spring back (with the release speed, so a flick outwards
            // goes a little further first).
            let bound = min(max(p, range.lowerBound), range.upperBound)
            return (springMotion(to: bound, from: p, velocity: v), bound)
        }
        guard abs(v) > ScrollPhysics.minimumVelocity else { return (.rest, p) }
        let rate = decelerationRate.effective
        let rest = ScrollPhysics.coastDestination(x0: p, v0: v, rate: rate)
        return (.coast(x0: p, v0: v, t0: frameClock.currentTime), min(max(rest, range.lowerBound), range.upperBound))
    }

    private func springMotion(to target: CGFloat, from p: CGFloat, velocity v: CGFloat) -> AxisMotion {
        if abs(p - target) < ScrollPhysics.settleDistance && abs(v) < ScrollPhysics.minimumVelocity { return .rest }
        return .spring(target: target, d0: p - target, v0: v, t0: frameClock.currentTime)
    }

    /// The page a paging drag ends on: with a flick faster than
    /// ``pagingVelocityThreshold``, the next page that way, else the nearest; never more than
    /// one page from where the drag began (as in UIKit), and within the content.
    func pageTarget(_ p: CGFloat, velocity v: CGFloat, startOffset: CGFloat, pageLength: CGFloat, range: ClosedRange<CGFloat>) -> CGFloat {
        let startPage = (startOffset / pageLength).rounded()
        var page: CGFloat
        if v > UIScrollView.pagingVelocityThreshold {
            page = (p / pageLength).rounded(.down) + 1
        } else if v < -UIScrollView.pagingVelocityThreshold {
            page = (p / pageLength).rounded(.up) - 1
        } else {
            page = (p / pageLength).rounded()
        }
        page = min(max(page, startPage - 1), startPage + 1)
        return min(max(page * pageLength, range.lowerBound), range.upperBound)
    }

    /// The offset that ``ScrollPhysics/banded(_:in:length:bounces:)`` shows as `shown`: undoes
    /// the rubber band, so a drag that starts during a bounce doesn't jump.
    static func unbanded(_ shown: CGFloat, in range: ClosedRange<CGFloat>, length: CGFloat, bounces: Bool) -> CGFloat {
        guard bounces, length > 0 else { return shown }
        func inverse(_ y: CGFloat) -> CGFloat {
            let f = min(y / length, 0.999)
            return (1 / (1 - f) - 1) * length / ScrollPhysics.rubberBandCoefficient
        }
        if shown < range.lowerBound { return range.lowerBound - inverse(range.lowerBound - shown) }
        if shown > range.upperBound { return range.upperBound + inverse(shown - range.upperBound) }
        return shown
    }
}
