import Foundation

/// Keyboard and wheel scrolling of one scroll view. The window decides which scroll view
/// gets them (`UIWindow+Scrolling.swift`).
///
/// Keys (with ``UIScrollView/allowsKeyboardScrolling``), each gliding on the frame clock and
/// adding up when repeated:
/// - Up / Down arrows: one line (``UIScrollView/keyboardLineDistance``) up or down; Left /
///   Right arrows the same sideways.
/// - Page Up / Page Down: the visible height less one line of overlap (at least half of it).
/// - Home / End: the top or the bottom (the leading or trailing end when the content scrolls
///   only sideways).
/// A key that can't move the content (it is at that end, or doesn't scroll that way) is not
/// used, so it goes on up the responder chain. Keys with Command, Control or Option are left
/// alone.
extension UIScrollView {
    /// Scrolls for a navigation key; returns whether it moved (or will move) the content.
    func handleScrollKey(_ key: UIKey) -> Bool {
        guard allowsKeyboardScrolling, isScrollEnabled, window != nil, !isDragging else { return false }
        guard key.modifierFlags.isDisjoint(with: [.command, .control, .alternate]) else { return false }
        let range = contentOffsetRange
        let scrollsV = range.y.upperBound > range.y.lowerBound
        let scrollsH = range.x.upperBound > range.x.lowerBound
        let start = glideTarget ?? clampedOffset(contentOffset)
        let visible = bounds.inset(by: adjustedContentInset).size
        let line = UIScrollView.keyboardLineDistance
        let page = max(visible.height - line, visible.height / 2)
        var target = start
        switch key.keyCode {
        case .keyboardDownArrow where scrollsV: target.y += line
        case .keyboardUpArrow where scrollsV: target.y -= line
        case .keyboardRightArrow where scrollsH: target.x += line
        case .keyboardLeftArrow where scrollsH: target.x -= line
        case .keyboardPageDown where scrollsV: target.y += page
        case .keyboardPageUp where scrollsV: target.y -= page
        case .keyboardHome:
            if scrollsV { target.y = range.y.lowerBound } else if scrollsH { target.x = range.x.lowerBound }
        case .keyboardEnd:
            if scrollsV { target.y = range.y.upperBound } else if scrollsH { target.x = range.x.upperBound }
        default:
            return false
        }
        target = clampedOffset(target)
        guard target != start else { return false }
        showIndicators()
        glide(to: target, notifies: true)
        return true
    }

    /// Scrolls by a wheel or trackpad `delta` (how far the content offset should move, in
    /// points). Precise deltas (a trackpad) move the content at once; notched ones (a wheel)
    /// glide there on the frame clock, adding up. Both stay within the content (no rubber
    /// band) **(project choice)**. Returns false when this view doesn't scroll along the
    /// delta's axes, so an enclosing scroll view can take it; true otherwise, even at an end,
    /// so the wheel over a list never leaks to what is behind it.
    func applyScrollDelta(_ delta: CGPoint, isPrecise: Bool) -> Bool {
        guard isScrollEnabled, window != nil else { return false }
        let range = contentOffsetRange
        var d = delta
        if !(range.x.upperBound > range.x.lowerBound) { d.x = 0 }
        if !(range.y.upperBound > range.y.lowerBound) { d.y = 0 }
        guard d != .zero else { return false }
        if isDragging { return true }   // the finger wins
        showIndicators()
        if isPrecise {
            if motion != nil { stopAllMotion(resettingIndicators: false) }
            let next = clampedOffset(CGPoint(x: contentOffset.x + d.x, y: contentOffset.y + d.y))
            if next != contentOffset { contentOffset = next }
            scheduleIndicatorHide()
        } else {
            let start = (motion?.kind == .animation(notifies: false) ? glideTarget : nil) ?? clampedOffset(contentOffset)
            let target = clampedOffset(CGPoint(x: start.x + d.x, y: start.y + d.y))
            if target != contentOffset {
                glide(to: target, notifies: false)
            } else {
                scheduleIndicatorHide()
            }
        }
        return true
    }
}
