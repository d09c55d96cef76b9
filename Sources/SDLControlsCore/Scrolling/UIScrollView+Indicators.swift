import Foundation

/// One scroll indicator: a thin capsule at the edge of a scroll view. Like UIKit's, it is a
/// subview of the scroll view (created the first time indicators show, kept in front of the
/// content), placed in content coordinates so it stays put on screen while the content moves.
/// It takes no touches and is not an accessibility element.
final class ScrollIndicatorView: UIView {
    let isVertical: Bool

    init(vertical: Bool) {
        isVertical = vertical
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        alpha = 0
        isHidden = true
    }

    override var isAccessibilityElement: Bool {
        get { false }
        set {}
    }
}

extension UIScrollView {
    /// The indicator's thickness (points), as iOS draws it.
    static let indicatorThickness: CGFloat = 3
    /// Its gap to the scroll view's edge.
    static let indicatorEdgeInset: CGFloat = 3
    /// Its gap to the ends of its track.
    static let indicatorEndInset: CGFloat = 3
    /// Its shortest length while the content is in range (it shrinks further while rubber-banding).
    static let indicatorMinimumLength: CGFloat = 36
    /// How long (seconds) indicators stay after scrolling stops, then how long they take to fade.
    static let indicatorHold: TimeInterval = 0.5
    static let indicatorFade: TimeInterval = 0.3

    /// The indicators' colour for ``indicatorStyle`` (made once: this runs on every scroll).
    var indicatorColor: UIColor {
        switch indicatorStyle {
        case .default: return UIScrollView.defaultIndicatorColor
        case .black: return UIScrollView.blackIndicatorColor
        case .white: return UIScrollView.whiteIndicatorColor
        }
    }

    static let defaultIndicatorColor = UIColor(light: UIColor(white: 0, alpha: 0.35), dark: UIColor(white: 1, alpha: 0.35))
    static let blackIndicatorColor = UIColor(white: 0, alpha: 0.45)
    static let whiteIndicatorColor = UIColor(white: 1, alpha: 0.55)

    /// Makes the indicators visible and holds them (a scroll is under way).
    func showIndicators() {
        indicatorOpacity.jump(to: 1)
        indicatorsShown = true
        updateIndicators()
        forEachIndicator { $0.alpha = 1 }
    }

    /// Starts the hold-then-fade of visible indicators (scrolling stopped). The fade is a
    /// control animation stepped on the window's clock; with animations off
    /// (``UIView/areAnimationsEnabled``, ``UIView/performWithoutAnimation(_:)``) the
    /// indicators still stay for the hold, then vanish in one step.
    func scheduleIndicatorHide() {
        guard indicatorsShown, window != nil else { return }
        let fade = controlChangeAnimates(true) ? UIScrollView.indicatorFade : 0
        let start = indicatorOpacity.animate(to: 0, duration: fade, delay: UIScrollView.indicatorHold,
                                             curve: .linear, at: frameClock.currentTime)
        if let start {
            runControlAnimations(wakingAt: start)
        } else {
            hideIndicatorsNow()
        }
    }

    /// Steps the indicators' fade (``ControlAnimating``).
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        guard indicatorOpacity.isAnimating else { return nil }
        guard let wake = indicatorOpacity.advance(to: time) else {
            hideIndicatorsNow()
            return nil
        }
        if wake <= time {
            let alpha = indicatorOpacity.value
            forEachIndicator { $0.alpha = alpha }
        }
        return wake
    }

    /// Hides the indicators at once.
    func hideIndicatorsNow() {
        indicatorOpacity.jump(to: 0)
        indicatorsShown = false
        forEachIndicator {
            $0.alpha = 0
            $0.isHidden = true
        }
    }

    /// Places, sizes and colours the indicators for the current offset (a no-op until they
    /// first show).
    func updateIndicators() {
        guard indicatorsShown || verticalIndicator != nil || horizontalIndicator != nil else { return }
        let range = contentOffsetRange
        let showV = indicatorsShown && showsVerticalScrollIndicator && range.y.upperBound > range.y.lowerBound
        let showH = indicatorsShown && showsHorizontalScrollIndicator && range.x.upperBound > range.x.lowerBound
        let color = indicatorColor
        let b = bounds
        let t = UIScrollView.indicatorThickness, edge = UIScrollView.indicatorEdgeInset, end = UIScrollView.indicatorEndInset
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft

        if showV {
            let ind = verticalIndicator ?? makeIndicator(vertical: true)
            let ins = verticalScrollIndicatorInsets
            let trackStart = ins.top + end
            let trackEnd = b.height - ins.bottom - end - (showH ? t + edge : 0)
            let (pos, len) = UIScrollView.indicatorSpan(offset: b.minY, range: range.y, viewLength: b.height,
                                                        contentLength: contentSize.height + adjustedContentInset.vertical,
                                                        trackStart: trackStart, trackEnd: trackEnd)
            let x = rtl ? ins.left + edge : b.width - ins.right - edge - t
            ind.frame = CGRect(x: b.minX + x, y: b.minY + pos, width: t, height: len)
            style(ind, color: color)
        } else {
            verticalIndicator?.isHidden = true
        }
        if showH {
            let ind = horizontalIndicator ?? makeIndicator(vertical: false)
            let ins = horizontalScrollIndicatorInsets
            let trackStart = ins.left + end + (showV && rtl ? t + edge : 0)
            let trackEnd = b.width - ins.right - end - (showV && !rtl ? t + edge : 0)
            let (pos, len) = UIScrollView.indicatorSpan(offset: b.minX, range: range.x, viewLength: b.width,
                                                        contentLength: contentSize.width + adjustedContentInset.horizontal,
                                                        trackStart: trackStart, trackEnd: trackEnd)
            ind.frame = CGRect(x: b.minX + pos, y: b.minY + b.height - ins.bottom - edge - t, width: len, height: t)
            style(ind, color: color)
        } else {
            horizontalIndicator?.isHidden = true
        }
        keepIndicatorsInFront()
    }

    private func style(_ ind: ScrollIndicatorView, color: UIColor) {
        ind.isHidden = false
        if ind.backgroundColor != color { ind.backgroundColor = color }
        ind.cornerRadius = UIScrollView.indicatorThickness / 2
    }

    private func makeIndicator(vertical: Bool) -> ScrollIndicatorView {
        let ind = ScrollIndicatorView(vertical: vertical)
        addSubview(ind)
        if vertical { verticalIndicator = ind } else { horizontalIndicator = ind }
        return ind
    }

    /// Moves the indicators to the front when content was added after them (checks only the
    /// end of ``subviews``, so it costs nothing per scroll with thousands of content views).
    func keepIndicatorsInFront() {
        var attached = 0
        forEachIndicator { if $0.superview === self { attached += 1 } }
        guard attached > 0 else { return }
        var trailing = 0
        for v in subviews.reversed() {
            guard v is ScrollIndicatorView else { break }
            trailing += 1
        }
        guard trailing < attached else { return }
        forEachIndicator { if $0.superview === self { bringSubviewToFront($0) } }
    }

    /// Runs `body` on each indicator that exists (no array: this runs on every scroll).
    func forEachIndicator(_ body: (ScrollIndicatorView) -> Void) {
        if let v = verticalIndicator { body(v) }
        if let h = horizontalIndicator { body(h) }
    }

    /// The position along its track and the length of an indicator: as long as the visible
    /// fraction of the content (at least ``indicatorMinimumLength``), placed in proportion to
    /// the offset, and shortened by the overshoot while rubber-banding.
    static func indicatorSpan(offset: CGFloat, range: ClosedRange<CGFloat>, viewLength: CGFloat, contentLength: CGFloat,
                              trackStart: CGFloat, trackEnd: CGFloat) -> (position: CGFloat, length: CGFloat) {
        let track = max(0, trackEnd - trackStart)
        var length = contentLength > 0 ? track * min(1, viewLength / contentLength) : track
        length = min(track, max(length, min(indicatorMinimumLength, track)))
        let overshoot = offset < range.lowerBound ? range.lowerBound - offset : (offset > range.upperBound ? offset - range.upperBound : 0)
        length = max(min(track, indicatorThickness * 2), length - overshoot)
        let span = range.upperBound - range.lowerBound
        let progress = span > 0 ? min(1, max(0, (offset - range.lowerBound) / span)) : 0
        return (trackStart + progress * (track - length), length)
    }
}
