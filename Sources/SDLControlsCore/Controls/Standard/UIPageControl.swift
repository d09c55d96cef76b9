import Foundation

/// A row of dots showing which of several pages is current, as UIKit's `UIPageControl`.
///
/// Events (rule D6): a tap on the left or right half moves one page that way (the halves
/// swap in right-to-left layouts, where page 0 is at the right), clamped to
/// 0…numberOfPages−1. A move sends valueChanged then primaryActionTriggered from
/// `endTracking`, so a tap sends touchDown, valueChanged, primaryActionTriggered,
/// touchUpInside. A tap that can't move (already at the end) sends touchDown and
/// touchUpInside only; a lift outside the touch slop (touchUpOutside) moves nothing.
/// Setting ``currentPage`` in code sends nothing.
///
/// Bad input: a negative ``numberOfPages`` becomes 0 and one above
/// ``maximumNumberOfPages`` becomes that. ``currentPage`` is clamped to
/// 0…numberOfPages−1 (0 when there are no pages), also when ``numberOfPages`` shrinks.
///
/// Keyboard, game controller and accessibility: Left/Right (arrows, D-pad) move one page
/// (``accessibilityIncrement()`` next, ``accessibilityDecrement()`` previous; the window
/// swaps Left/Right in right-to-left layouts; the shoulders move next/previous), Up/Down
/// move focus, and send valueChanged (then primaryActionTriggered), nothing at the ends;
/// Space/Return do nothing. Value "page X of Y" (nil without pages); traits `.adjustable`.
///
/// Not implemented from UIKit: tapping a dot to jump to it and scrubbing
/// (`allowsContinuousInteraction`), `backgroundStyle`, indicator images
/// (`preferredIndicatorImage`, `setIndicatorImage(_:forPage:)`), `direction`, and
/// `progress` (iOS 16 timers).
@MainActor
open class UIPageControl: UIControl {
    /// A single tap belongs to the control, not to a tap recognizer on a superview.
    override var defaultActionGestures: DefaultActionGestures { .singleTap }

    /// The diameter of a page dot, in points.
    public static let dotDiameter: CGFloat = 8
    /// The width of the current page's dot, in points: as wide as the others (iOS shows
    /// equidistant dots, the current one solid in its colour).
    public static let currentDotWidth: CGFloat = dotDiameter
    /// The gap between dots, in points.
    public static let dotSpacing: CGFloat = 8
    /// Space left and right of the dots, in points.
    public static let horizontalPadding: CGFloat = 12
    /// The control's natural height, in points.
    public static let naturalHeight: CGFloat = 26
    /// The most pages a page control counts: larger counts are clamped to it, so a bad
    /// count can't make the control build unbounded geometry.
    public static let maximumNumberOfPages = 10_000

    private var storedNumberOfPages = 0
    private var storedCurrentPage = 0
    private var storedDisplayedPage = 0

    /// The number of pages (dots); 0 by default. Negative values become 0, values above
    /// ``maximumNumberOfPages`` become that. Lowering it clamps ``currentPage``.
    open var numberOfPages: Int {
        get { storedNumberOfPages }
        set {
            let n = min(UIPageControl.maximumNumberOfPages, max(0, newValue))
            guard n != storedNumberOfPages else { return }
            storedNumberOfPages = n
            storedCurrentPage = clamp(storedCurrentPage)
            storedDisplayedPage = clamp(storedDisplayedPage)
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    /// The current page, 0-based, clamped to 0…numberOfPages−1 (0 without pages). Setting
    /// it sends nothing.
    open var currentPage: Int {
        get { storedCurrentPage }
        set {
            storedCurrentPage = clamp(newValue)
            storedDisplayedPage = storedCurrentPage
            setNeedsDisplay()
        }
    }

    /// Whether the control draws nothing when there is only one page (or none). It then
    /// takes no touches either.
    open var hidesForSinglePage: Bool = false { didSet { if oldValue != hidesForSinglePage { setNeedsDisplay() } } }

    /// Whether a tap leaves the dots as they were until ``updateCurrentPageDisplay()``
    /// (``currentPage`` changes at once either way), so the app can show the new page first.
    open var defersCurrentPageDisplay: Bool = false

    /// The colour of the other pages' dots; nil uses a translucent label colour.
    open var pageIndicatorTintColor: UIColor? { didSet { if oldValue != pageIndicatorTintColor { setNeedsDisplay() } } }
    /// The colour of the current page's dot; nil uses the tint colour.
    open var currentPageIndicatorTintColor: UIColor? {
        didSet { if oldValue != currentPageIndicatorTintColor { setNeedsDisplay() } }
    }

    /// The page the dots show: ``currentPage``, except while a deferred tap waits for
    /// ``updateCurrentPageDisplay()``.
    public var displayedPage: Int { storedDisplayedPage }

    /// Creates a page control without pages.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    private func clamp(_ page: Int) -> Int { min(max(0, storedNumberOfPages - 1), max(0, page)) }

    /// Shows ``currentPage`` in the dots (after a deferred tap).
    open func updateCurrentPageDisplay() {
        guard storedDisplayedPage != storedCurrentPage else { return }
        storedDisplayedPage = storedCurrentPage
        setNeedsDisplay()
    }

    /// Whether the dots are hidden (single page with ``hidesForSinglePage``, or no pages).
    var isIndicatorHidden: Bool { storedNumberOfPages == 0 || (hidesForSinglePage && storedNumberOfPages <= 1) }

    // MARK: Tracking (rule D6)

    /// Moves one page that way when the touch lifts on a half (inside the slop area);
    /// sends valueChanged (then primaryActionTriggered) before touchUpInside.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        setNeedsDisplay()
        guard let touch, isInsideSlop(touch) else { return }
        let left = touch.location(in: self).x < bounds.midX
        let forward = left == (effectiveUserInterfaceLayoutDirection == .rightToLeft)
        guard move(forward ? 1 : -1, deferDisplay: defersCurrentPageDisplay) else { return }
        sendActions(for: .valueChanged, with: event)
    }

    /// Hidden dots take no touches.
    open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        !isIndicatorHidden && super.point(inside: point, with: event)
    }

    /// Moves by `delta` pages, clamped; returns whether the page changed.
    private func move(_ delta: Int, deferDisplay: Bool) -> Bool {
        let target = clamp(storedCurrentPage + delta)
        guard target != storedCurrentPage else { return false }
        storedCurrentPage = target
        if !deferDisplay { storedDisplayedPage = target }
        setNeedsDisplay()
        return true
    }

    /// The page control's primary event is `.valueChanged` (rule B11).
    open override var primaryControlEvent: Event? { .valueChanged }

    // MARK: Keyboard and accessibility

    /// Right (D-pad right; the right shoulder): the next page, sending valueChanged (nothing on the last page).
    open override func accessibilityIncrement() {
        guard isEnabled, move(1, deferDisplay: false) else { return }
        sendActions(for: .valueChanged)
    }

    /// Left (D-pad left; the left shoulder): the previous page, sending valueChanged (nothing on the first page).
    open override func accessibilityDecrement() {
        guard isEnabled, move(-1, deferDisplay: false) else { return }
        sendActions(for: .valueChanged)
    }

    /// Nothing to activate: Space/Return send nothing (the arrows move pages).
    open override func accessibilityActivate() -> Bool { false }

    /// "page X of Y" (1-based), nil without pages, unless set otherwise.
    open override var accessibilityValue: String? {
        get {
            if let v = storedAccessibilityValue { return v }
            return storedNumberOfPages > 0 ? "page \(storedCurrentPage + 1) of \(storedNumberOfPages)" : nil
        }
        set { storedAccessibilityValue = newValue }
    }

    /// `.adjustable`.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }

    // MARK: Layout

    /// The size needed to show `pageCount` dots (negative counts as 0: zero width; counts
    /// are capped at ``maximumNumberOfPages``).
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = min(UIPageControl.maximumNumberOfPages, max(0, pageCount))
        guard n > 0 else { return CGSize(width: 0, height: UIPageControl.naturalHeight) }
        return CGSize(width: UIPageControl.dotsWidth(n) + 2 * UIPageControl.horizontalPadding,
                      height: UIPageControl.naturalHeight)
    }

    /// The natural width of a row of `n` dots, one of them the current page's.
    static func dotsWidth(_ n: Int) -> CGFloat {
        guard n > 0 else { return 0 }
        return CGFloat(n - 1) * (dotDiameter + dotSpacing) + currentDotWidth
    }

    /// ``size(forNumberOfPages:)`` for the current number of pages.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: storedNumberOfPages) }

    /// ``size(forNumberOfPages:)`` for the current number of pages.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: storedNumberOfPages) }

    /// A capsule ring.
    open override var focusRingCornerRadius: CGFloat { min(bounds.width, bounds.height) / 2 }

    /// The rectangles of the dots, page 0 first, in the control's coordinates (the
    /// displayed page's as wide as ``currentDotWidth``). Too many dots for the width squeeze
    /// together.
    func dotRects() -> [CGRect] {
        let n = storedNumberOfPages
        guard n > 0 else { return [] }
        let b = bounds
        let natural = UIPageControl.dotsWidth(n)
        let available = max(0, b.width - 2 * UIPageControl.horizontalPadding)
        // Everything shrinks by one factor, so the row always fits.
        let k = natural > available ? available / natural : 1
        let d = UIPageControl.dotDiameter * k, gap = UIPageControl.dotSpacing * k
        let current = UIPageControl.currentDotWidth * k
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var x = b.midX - natural * k / 2
        var rects = [CGRect](repeating: .zero, count: n)
        // Left to right on screen: page 0 first, or last in right-to-left layouts.
        for i in 0..<n {
            let page = rtl ? n - 1 - i : i
            let w = page == storedDisplayedPage ? current : d
            rects[page] = CGRect(x: x, y: b.midY - d / 2, width: w, height: d)
            x += w + gap
        }
        return rects
    }

    // MARK: Appearance

    /// Redraws: the tint colours the track, dots or outline.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Redraws: the geometry follows the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsDisplay()
    }

    /// The default colour of the other pages' dots.
    static let defaultPageIndicatorColor = UIColor(light: UIColor(white: 0, alpha: 0.22), dark: UIColor(white: 1, alpha: 0.3))

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// Draws the dots, over a platter while pressed (as iOS shows one while you interact).
    /// As in UIKit, `isSelected` changes nothing; the focus ring is drawn around it by the
    /// view system, the disabled fade by the drawing system.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), !isIndicatorHidden else { return }
        let b = bounds
        let tint: UIColor = tintColor
        if isHighlighted {
            ctx.fillRoundedRect(b, radius: min(b.width, b.height) / 2, color: Theme.controlFill)
        }
        let other = pageIndicatorTintColor ?? UIPageControl.defaultPageIndicatorColor
        let current = currentPageIndicatorTintColor ?? tint
        for (page, dot) in dotRects().enumerated() {
            ctx.fillRoundedRect(dot, radius: dot.height / 2, color: page == storedDisplayedPage ? current : other)
        }
    }
}
