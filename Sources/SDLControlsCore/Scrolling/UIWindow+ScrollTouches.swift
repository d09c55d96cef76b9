import Foundation

/// What a touch inside scroll views is doing: UIKit's pan gesture recognizer and its
/// delayed-touches recognizer, as state the window's touch routing keeps per touch.
final class ScrollTouchTracking {
    /// Whether the hit-tested view (`touch.view`, "the content") has the touch.
    enum Content {
        /// Held back: waiting for the delay, the lift, or a drag.
        case pending
        /// The content got `touchesBegan` and gets the rest of the touch.
        case delivered
        /// The content never gets this touch (a scroll took it first, `touchesShouldBegin`
        /// said no, or the touch stopped a deceleration).
        case withheld
        /// The content had it and a scroll took it away with `touchesCancelled`.
        case cancelled
    }

    /// The scroll views watching the touch, nearest first.
    let candidates: [UIScrollView]
    /// Where the touch began (window points).
    let startLocation: CGPoint
    var content: Content = .pending
    /// The scroll view dragging with this touch, once one took it.
    var scroller: UIScrollView?
    /// No scroll view can take this touch any more (it moved first where none scrolls, or the
    /// content kept it): it goes on as a plain touch.
    var failed = false
    var delayTimer: FrameTimer?

    init(candidates: [UIScrollView], startLocation: CGPoint) {
        self.candidates = candidates
        self.startLocation = startLocation
    }
}

/// Touches inside scroll views: how the window shares them between the content and the scroll
/// views, as UIKit's gesture recognizers do (see ``UIScrollView`` for the rules). The routing
/// in `UIWindow+TouchRouting.swift` calls the three `scrollTouch…` functions; a touch outside
/// any scroll view never reaches them.
extension UIWindow {
    /// A touch began on `view`. If scroll views enclose it, they start watching it and the
    /// content's `touchesBegan` is delayed or asked for; returns true when the routing must not
    /// deliver `touchesBegan` itself.
    func scrollTouchBegan(_ touch: UITouch, on view: UIView) -> Bool {
        guard touch.isPrimaryPress else { return false }   // a right or middle click never scrolls
        var candidates: [UIScrollView] = []
        var v: UIView? = view
        while let cur = v {
            if let scroll = cur as? UIScrollView, scroll.isScrollEnabled { candidates.append(scroll) }
            v = cur.superview
        }
        guard !candidates.isEmpty else { return false }
        // A touch on a decelerating scroll view stops it, and only stops it (UIKit).
        let stopped = candidates.first { $0.isDecelerating }
        let stopsScroll = stopped != nil
        for scroll in candidates {
            if scroll.motion != nil { scroll.stopAllMotion(resettingIndicators: false) }
            scroll.isTracking = true
        }
        let tracking = ScrollTouchTracking(candidates: candidates, startLocation: touch.locationInWindow)
        touch.scrollTracking = tracking
        if stopsScroll {
            tracking.content = .withheld
            // It only stops the scroll: recognizers on the content don't get a gesture from it.
            if let stopped {
                for r in touch.recognizers where r.view.map({ $0 !== stopped && $0.isDescendant(of: stopped) }) == true {
                    gestureArena.fail(r)
                }
            }
        } else if candidates.contains(where: { $0.delaysContentTouches }) {
            tracking.delayTimer = frameClock.scheduleTimer(after: UIScrollView.contentTouchDelay) { [weak self, weak touch] _ in
                guard let self, let touch else { return }
                self.deliverPendingContent(touch)
            }
        } else {
            deliverPendingContent(touch)
        }
        return true
    }

    /// The touch moved. Returns true when the content must not get `touchesMoved` (a scroll
    /// view has the touch, or the content doesn't have it).
    func scrollTouchMoved(_ touch: UITouch) -> Bool {
        guard let tracking = touch.scrollTracking else { return false }
        if let scroller = tracking.scroller {
            guard scroller.panGestureRecognizer.storedState.isActive else {
                dragLostItsPan(touch, tracking, scroller)
                return true
            }
            scroller.dragMoved(touch)
            scroller.panGestureRecognizer.state = .changed
            return true
        }
        if tracking.failed { return tracking.content != .delivered }
        let t = CGPoint(x: touch.locationInWindow.x - tracking.startLocation.x, y: touch.locationInWindow.y - tracking.startLocation.y)
        guard (t.x * t.x + t.y * t.y).squareRoot() >= UIScrollView.panThreshold else { return tracking.content != .delivered }
        for scroll in tracking.candidates where scroll.window === self && scroll.drag == nil && scroll.canBeginDrag(along: t) {
            if tracking.content == .delivered {
                // The content has the touch: take it only if this scroll view may cancel it.
                guard scroll.canCancelContentTouches, let view = touch.view, scroll.touchesShouldCancel(in: view) else { continue }
            }
            // The drag is the scroll view's pan recognizer beginning: a recognizer it waits for
            // holds it back, one under way or a delegate's no refuses it (GestureArena.swift).
            // A pan that didn't take this touch (disabled, its delegate said no) can't drag it.
            guard scroll.panGestureRecognizer.isEnabled,
                  touch.recognizers.contains(where: { $0 === scroll.panGestureRecognizer }) else { continue }
            switch gestureArena.tryToBegin(scroll.panGestureRecognizer) {
            case .began:
                take(touch, tracking, for: scroll, translation: t)
                return true
            case .waiting:
                return tracking.content != .delivered
            case .refused:
                continue
            }
        }
        // No scroll view takes it (UIKit: the pan failed); the delayed content gets it now.
        tracking.failed = true
        for scroll in tracking.candidates where scroll.panGestureRecognizer.storedState == .possible {
            gestureArena.fail(scroll.panGestureRecognizer)
        }
        if tracking.content == .pending { deliverPendingContent(touch) }
        return tracking.content != .delivered
    }

    /// The touch ended or was cancelled (its phase is set). Returns whether the content must
    /// get `touchesEnded` / `touchesCancelled`. A tap whose content was still held back gets
    /// `touchesBegan` now, just before its end, so a quick tap on a button works.
    func scrollTouchEnded(_ touch: UITouch) -> Bool {
        guard let tracking = touch.scrollTracking else { return true }
        tracking.delayTimer?.invalidate()
        tracking.delayTimer = nil
        for scroll in tracking.candidates where scroll !== tracking.scroller && scroll.drag == nil {
            scroll.isTracking = false
            // A touch that stopped a bounce and lifted without dragging: the bounce resumes.
            scroll.settleIntoRange()
        }
        if let scroller = tracking.scroller {
            guard scroller.panGestureRecognizer.storedState.isActive else {
                dragLostItsPan(touch, tracking, scroller)
                return false
            }
            scroller.dragEnded(touch, cancelled: touch.phase == .cancelled)
            scroller.panGestureRecognizer.state = touch.phase == .cancelled ? .cancelled : .ended
            return false
        }
        if tracking.content == .pending, touch.phase == .ended {
            let phase = touch.phase
            touch.phase = .began
            deliverPendingContent(touch)
            if touch.phase == .began { touch.phase = phase }
        }
        return tracking.content == .delivered
    }

    /// The scroll view's pan stopped while it dragged (disabled, or taken off the view): the
    /// drag ends where it is, with no fling, and the touch scrolls nothing more.
    private func dragLostItsPan(_ touch: UITouch, _ tracking: ScrollTouchTracking, _ scroller: UIScrollView) {
        let phase = touch.phase
        touch.phase = .cancelled
        scroller.dragEnded(touch, cancelled: true)
        if touch.phase == .cancelled { touch.phase = phase }
        tracking.scroller = nil
        tracking.failed = true
    }

    /// Gives a held-back touch to its content, if every watching scroll view's
    /// `touchesShouldBegin(_:with:in:)` agrees (otherwise the content never gets it).
    func deliverPendingContent(_ touch: UITouch) {
        guard let tracking = touch.scrollTracking, tracking.content == .pending,
              activeTouches[touch.contactID] === touch, let view = touch.view else { return }
        tracking.delayTimer?.invalidate()
        tracking.delayTimer = nil
        // A recognizer holds the touch back (delaysTouchesBegan): the content gets it when
        // that recognizer fails (`deliverHeldBegan`), if no drag took it by then.
        guard !touch.heldBegan else { return }
        refreshEventTouches()
        guard tracking.candidates.allSatisfy({ $0.touchesShouldBegin([touch], with: touchEvent, in: view) }) else {
            tracking.content = .withheld
            return
        }
        tracking.content = .delivered
        touch.viewBegan = true
        // The content sees the touch begin, wherever it has drifted meanwhile.
        let phase = touch.phase
        touch.phase = .began
        view.touchesBegan([touch], with: touchEvent)
        if touch.phase == .began { touch.phase = phase }
    }

    /// `scroll` takes the touch as a drag: content that had it is cancelled (rule C7: a
    /// control sends `.touchCancel`), content still waiting never gets it.
    private func take(_ touch: UITouch, _ tracking: ScrollTouchTracking, for scroll: UIScrollView, translation: CGPoint) {
        tracking.delayTimer?.invalidate()
        tracking.delayTimer = nil
        tracking.scroller = scroll
        switch tracking.content {
        case .delivered:
            tracking.content = .cancelled
            touch.viewFinished = true
            let phase = touch.phase
            touch.phase = .cancelled
            refreshEventTouches()
            touch.view?.touchesCancelled([touch], with: touchEvent)
            if touch.phase == .cancelled { touch.phase = phase }
        case .pending:
            tracking.content = .withheld
        case .withheld, .cancelled:
            break
        }
        for other in tracking.candidates where other !== scroll && other.drag == nil { other.isTracking = false }
        scroll.beginDrag(with: touch, translation: translation)
    }

    /// `view` is about to leave the window: touches whose content never got them are
    /// forgotten by that content (so it gets no `touchesCancelled` for a touch it never
    /// began), and scroll views leaving stop watching or dragging.
    func scrollTouchesWillLeave(_ view: UIView) {
        for touch in touchOrder {
            guard let tracking = touch.scrollTracking else { continue }
            if tracking.content != .delivered, let content = touch.view, content.isDescendant(of: view) {
                tracking.delayTimer?.invalidate()
                tracking.delayTimer = nil
                if tracking.content == .pending { tracking.content = .withheld }
                touch.view = nil
            }
            if let scroller = tracking.scroller, scroller.isDescendant(of: view) {
                scroller.cancelDragSilently()
                tracking.scroller = nil
                tracking.failed = true
            }
            for scroll in tracking.candidates where scroll.isDescendant(of: view) { scroll.isTracking = false }
        }
    }
}

/// A scroll view's ``UIScrollView/panGestureRecognizer``: the window's scroll tracking moves
/// its state as the drag goes (its touch methods only follow the touch, for the translation
/// and velocity), and it takes only presses while the scroll view can scroll.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    override init(target: AnyObject?, action: ActionSelector?) {
        super.init(target: target, action: action)
        delaysTouchesEnded = false   // the scroll view decides its content's touches itself
        name = "UIScrollView.panGestureRecognizer"
    }

    override var isDrivenExternally: Bool { true }

    override func accepts(_ touch: UITouch) -> Bool {
        touch.isPrimaryPress && (view as? UIScrollView)?.isScrollEnabled == true
    }
}

extension UIScrollView {
    /// Whether a touch that moved by `translation` starts a drag here: the movement is mostly
    /// along an axis this view can drag on (a vertical list lets a sideways swipe through to
    /// an enclosing horizontal scroll view), or this view drags both ways.
    func canBeginDrag(along translation: CGPoint) -> Bool {
        let h = canDragHorizontally, v = canDragVertically
        if h && v { return true }
        if h { return abs(translation.x) >= abs(translation.y) }
        if v { return abs(translation.y) >= abs(translation.x) }
        return false
    }

    /// Ends a drag with no motion and no delegate calls (the scroll view is leaving its window).
    func cancelDragSilently() {
        drag = nil
        isDragging = false
        isTracking = false
    }
}
