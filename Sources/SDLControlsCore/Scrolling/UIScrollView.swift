import Foundation

/// A view that scrolls its content: UIKit's `UIScrollView`, with its API and behaviour.
///
/// The content is the scroll view's subviews, laid out in its own coordinates over an area of
/// ``contentSize``; ``contentOffset`` is the scroll view's `bounds.origin`, the point of the
/// content shown at its top-left corner. Hit-testing, `convert(_:to:)`, drawing and culling
/// all follow `bounds.origin`, so content views never move when you scroll: only the scroll
/// view's bounds do. A change of the offset alone redraws the window but leaves every content
/// view's appearance as it was (nothing inside is re-tessellated by the scroll itself); the
/// scroll view itself redraws (its background and indicators).
///
/// **Touches.** UIKit scrolls with a pan gesture recognizer and delays touches to the content
/// with a second recognizer. Here the window's touch routing does the same job
/// (`UIWindow+ScrollTouches.swift`) and moves ``panGestureRecognizer``'s state as the drag
/// goes, so other recognizers meet the drag as they would UIKit's pan (see the article
/// "Gesture recognizers and controls"):
/// - A touch that begins on content inside a scroll view is watched by the scroll view (and by
///   every enclosing scroll view, nearest first). With ``delaysContentTouches`` (the default)
///   the content gets `touchesBegan` only ``contentTouchDelay`` seconds later on the window's
///   frame clock, or at once when the touch lifts first (a quick tap still works), or when the
///   touch moves in a direction the scroll view can't scroll. Before the content gets it,
///   ``touchesShouldBegin(_:with:in:)`` is asked; false keeps it from the content.
/// - When the touch moves ``panThreshold`` points in a direction a scroll view can scroll, that
///   scroll view takes the touch and starts dragging, unless its ``panGestureRecognizer`` may
///   not begin (disabled, refused by a delegate, waiting for another recognizer to fail, or a
///   recognizer sharing the touch already began). If the content already has the touch it
///   is cancelled (`touchesCancelled`, so a control sends `.touchCancel`), but only when
///   ``canCancelContentTouches`` is true and ``touchesShouldCancel(in:)`` (false for a
///   `UIControl`, true otherwise) agrees; otherwise the content keeps the touch and nothing
///   scrolls. A touch the content never got is simply not delivered.
/// - A touch down on a decelerating scroll view stops it, and that touch is not given to the
///   content (it only stopped the scroll), as in UIKit.
///
/// **Motion.** Drags follow the finger (or mouse), rubber-band past the edges when ``bounces``,
/// decelerate by ``decelerationRate`` after a flick, bounce back from the edges and snap to
/// pages with ``isPagingEnabled``; all of it runs on the window's ``UIView/frameClock``, as
/// closed-form functions of time (see `ScrollPhysics.swift`). A mouse wheel, trackpad
/// (``UIWindow/sendScroll(_:at:isPrecise:)``) and the keyboard (Page Up/Down, Home/End, arrows)
/// scroll too.
///
/// Auto Layout is not part of this project **(project choice)**: set ``contentSize`` yourself,
/// for example from a `UIStackView`'s `sizeThatFits(_:)` in `layoutSubviews()`.
@MainActor
open class UIScrollView: UIView, ControlAnimating {
    // MARK: Nested types

    /// How quickly scrolling slows down after a flick: the fraction of the velocity kept after
    /// each millisecond, as in UIKit.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction of the velocity kept per millisecond, in 0..<1.
        public var rawValue: CGFloat
        /// Creates a rate. Values outside 0.5...0.9999 (and NaN) are clamped into that range
        /// when scrolling uses them **(project choice: UIKit leaves them undefined)**.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's default, 0.998: a flick glides a long way.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99: scrolling stops quickly (pickers, paging-like lists).
        public static let fast = DecelerationRate(rawValue: 0.99)

        /// The rate as used: finite, in 0.5...0.9999.
        var effective: CGFloat { rawValue.isFinite ? min(0.9999, max(0.5, rawValue)) : 0.998 }
    }

    /// The look of the scroll indicators.
    public enum IndicatorStyle: Int, Sendable {
        /// Dark on a light interface style, light on a dark one.
        case `default` = 0
        /// Dark indicators, for light content.
        case black = 1
        /// Light indicators, for dark content.
        case white = 2
    }

    /// How the safe area adjusts the content insets. A desktop window has no safe area
    /// (`safeAreaInsets` is zero), so every behaviour gives ``adjustedContentInset`` equal to
    /// ``contentInset``; the property is kept for source compatibility.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// Adjust along scrollable axes (UIKit's default).
        case automatic = 0
        /// Adjust along axes that scroll.
        case scrollableAxes = 1
        /// Never adjust.
        case never = 2
        /// Always adjust.
        case always = 3
    }

    // MARK: Tuning constants (project choices; UIKit does not publish them)

    /// How long (seconds) a touch is held back from the content while the scroll view waits
    /// to see whether it scrolls, with ``delaysContentTouches`` (UIKit: about 150 ms).
    public static let contentTouchDelay: TimeInterval = 0.15
    /// How far (points) a touch must move before the scroll view takes it as a drag, as the
    /// hysteresis of UIKit's pan recognizer.
    public static let panThreshold: CGFloat = 10
    /// The speed (points per second) above which a paging scroll view turns to the next page
    /// in the direction of the flick instead of the nearest one.
    public static let pagingVelocityThreshold: CGFloat = 300
    /// How far (points) the Up and Down (Left and Right) arrow keys scroll.
    public static let keyboardLineDistance: CGFloat = 40

    // MARK: Storage (behaviour is in UIScrollView+Facet.swift files)

    /// The drag in progress (UIScrollView+Dragging.swift).
    var drag: ScrollDrag?
    /// The deceleration, bounce, page snap or glide in progress (UIScrollView+Motion.swift).
    var motion: ScrollMotion?
    var motionTimer: FrameTimer?
    /// The indicators, created the first time they show (UIScrollView+Indicators.swift).
    var verticalIndicator: ScrollIndicatorView?
    var horizontalIndicator: ScrollIndicatorView?
    /// The indicators' opacity: 1 while shown, easing to 0 after the hold once scrolling stops.
    var indicatorOpacity = ControlAnimatedValue<CGFloat>(0)
    var indicatorsShown = false

    /// Creates a scroll view. As in UIKit it clips its content to its bounds.
    public override init(frame: CGRect) {
        panGestureRecognizer = ScrollViewPanGestureRecognizer(target: nil, action: nil)
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    /// The recognizer that is this scroll view's dragging: it begins when a drag takes a touch,
    /// changes as the content follows it and ends with the drag (cancelled when the drag is).
    /// Use it as any recognizer's: `other.require(toFail: scrollView.panGestureRecognizer)`,
    /// a delegate that refuses it to keep a drag from starting, `isEnabled = false` to stop
    /// dragging (the wheel and keys still scroll). A recognizer sharing the touch that begins
    /// first makes it fail, and while it drags it makes theirs fail (unless a delegate lets them
    /// recognize together). Its translation and velocity are the finger's.
    public let panGestureRecognizer: UIPanGestureRecognizer

    // MARK: Delegate

    /// The object told about scrolling (held weakly, as in UIKit).
    open weak var delegate: UIScrollViewDelegate?

    // MARK: Content geometry

    /// The point of the content shown at the scroll view's top-left corner: the scroll view's
    /// `bounds.origin`. Setting it moves the content at once (it is not clamped, as in UIKit)
    /// and calls ``UIScrollViewDelegate/scrollViewDidScroll(_:)``; it does not stop a running
    /// deceleration (``setContentOffset(_:animated:)`` does).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            var b = bounds
            b.origin = newValue
            bounds = b
        }
    }

    /// The view's coordinate space; its origin is ``contentOffset``. Changing the origin
    /// scrolls (the delegate hears ``UIScrollViewDelegate/scrollViewDidScroll(_:)``), lays the
    /// scroll view out again (as UIKit does on every scroll) and redraws the window, without
    /// touching the content views' appearance.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            super.bounds = newValue
            let now = super.bounds
            if now.origin != old.origin { contentOffsetDidChange() }
            if now.size != old.size { updateIndicators() }
        }
    }

    /// The size of the content, in points. Negative and non-finite values become 0; values
    /// are capped at 2^24 points **(project choice)**.
    open var contentSize: CGSize = .zero {
        didSet {
            let clean = CGSize(width: UIScrollView.sanitizedLength(contentSize.width), height: UIScrollView.sanitizedLength(contentSize.height))
            if clean != contentSize { contentSize = clean; return }
            if oldValue != contentSize { updateIndicators() }
        }
    }

    /// Extra space around the content, inside the scroll view: the content can scroll that far
    /// past its edges. Non-finite values become 0.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            let f = UIView.sanitizedCoordinate
            let clean = UIEdgeInsets(top: f(contentInset.top), left: f(contentInset.left), bottom: f(contentInset.bottom), right: f(contentInset.right))
            if clean != contentInset { contentInset = clean; return }
            guard oldValue != contentInset else { return }
            adjustedContentInsetDidChange()
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
            updateIndicators()
        }
    }

    /// ``contentInset`` plus the safe area where ``contentInsetAdjustmentBehavior`` says so.
    /// A desktop window has no safe area, so this equals ``contentInset``.
    public var adjustedContentInset: UIEdgeInsets { contentInset }

    /// How the safe area adjusts ``adjustedContentInset`` (no effect on a desktop window).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// Called when ``adjustedContentInset`` changed. The default does nothing.
    open func adjustedContentInsetDidChange() {}

    // MARK: Behaviour switches

    /// Whether the content rubber-bands past its edges while dragged and bounces back. True by
    /// default. When false, drags and decelerations stop at the edges.
    open var bounces: Bool = true
    /// Whether a vertical drag bounces even when the content is not taller than the view
    /// (with ``bounces``). False by default.
    open var alwaysBounceVertical: Bool = false
    /// Whether a horizontal drag bounces even when the content is not wider than the view
    /// (with ``bounces``). False by default.
    open var alwaysBounceHorizontal: Bool = false
    /// Whether the user can scroll (drag, wheel, keys). Setting it to false ends a drag in
    /// progress. Code can still set ``contentOffset``.
    open var isScrollEnabled: Bool = true {
        didSet {
            guard !isScrollEnabled else { return }
            if drag != nil { endDrag(cancelled: true) }
            // As UIKit disables its pan: a drag's recognizer is cancelled with it.
            if panGestureRecognizer.state == .began || panGestureRecognizer.state == .changed { panGestureRecognizer.state = .cancelled }
        }
    }
    /// Whether scrolling stops on multiples of the view's size (pages). False by default.
    open var isPagingEnabled: Bool = false
    /// Whether a drag that starts mostly horizontal or vertical scrolls along that axis only.
    /// False by default.
    open var isDirectionalLockEnabled: Bool = false
    /// How quickly a flick slows down (``DecelerationRate/normal`` by default).
    open var decelerationRate: DecelerationRate = .normal
    /// Whether the content gets `touchesBegan` only after a short delay
    /// (``contentTouchDelay``), so a touch that turns into a scroll never reaches it. True by
    /// default, as in UIKit.
    open var delaysContentTouches: Bool = true
    /// Whether a drag that starts on content already tracking a touch can take that touch
    /// from it (see ``touchesShouldCancel(in:)``). True by default. When false, once the
    /// content has the touch, nothing scrolls.
    open var canCancelContentTouches: Bool = true
    /// Whether the keyboard scrolls the view (Page Up/Down, Home/End, arrows). True by default.
    open var allowsKeyboardScrolling: Bool = true

    // MARK: Indicators

    /// Whether the vertical indicator shows while scrolling. True by default.
    open var showsVerticalScrollIndicator: Bool = true { didSet { updateIndicators() } }
    /// Whether the horizontal indicator shows while scrolling. True by default.
    open var showsHorizontalScrollIndicator: Bool = true { didSet { updateIndicators() } }
    /// The indicators' colours.
    open var indicatorStyle: IndicatorStyle = .default { didSet { updateIndicators() } }
    /// How far the vertical indicator keeps from the view's edges.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero { didSet { updateIndicators() } }
    /// How far the horizontal indicator keeps from the view's edges.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero { didSet { updateIndicators() } }

    // MARK: State

    /// Whether a touch is down on the scroll view or its content (it may not have started
    /// scrolling yet).
    public internal(set) var isTracking: Bool = false
    /// Whether the user is dragging the content.
    public internal(set) var isDragging: Bool = false
    /// Whether the content is moving on its own after the user lifted their finger:
    /// decelerating, bouncing back, or snapping to a page.
    public internal(set) var isDecelerating: Bool = false

    // MARK: Overridable touch decisions

    /// Asked before a touch on content is delivered to `view` (after the delay, with
    /// ``delaysContentTouches``). Return false to keep the touch from the content; the scroll
    /// view still scrolls with it. The default returns true.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// Asked when a drag starts on content that already has the touch (and
    /// ``canCancelContentTouches`` is true). Return true to cancel the content's touch and
    /// scroll; false to leave the touch with the content and not scroll. The default returns
    /// false for a `UIControl` (a held button or slider keeps its touch) and true otherwise.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    // MARK: Scrolling from code

    /// Scrolls to `contentOffset`: at once, stopping any deceleration or animation (as
    /// UIKit's non-animated form does), or `animated`, gliding there on the frame clock and
    /// ending with ``UIScrollViewDelegate/scrollViewDidEndScrollingAnimation(_:)``. The offset
    /// is not clamped, as in UIKit; a non-finite one is ignored. (UIScrollView+Motion.swift)
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        performSetContentOffset(contentOffset, animated: animated)
    }

    /// Scrolls as little as possible so that `rect` (in the scroll view's content coordinates)
    /// is visible inside the bounds less ``adjustedContentInset``, clamped to the content; a
    /// rect larger than the visible area shows its top-left part. Does nothing when it is
    /// already visible. Focus moves call it through `FocusScrollingContainer`, so Tab and the
    /// arrows bring the newly focused control into view.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        performScrollRectToVisible(rect, animated: animated)
    }

    /// Shows the scroll indicators for a moment, as UIKit's: they appear (where the content can
    /// scroll and they are enabled), stay half a second, then fade. The fade runs on the
    /// window's frame clock with the controls' animations; while ``UIView/areAnimationsEnabled``
    /// is false, or when scrolling stops inside ``UIView/performWithoutAnimation(_:)``, they
    /// vanish at the end of the half second instead of fading.
    open func flashScrollIndicators() {
        showIndicators()
        scheduleIndicatorHide()
    }

    // MARK: Layout and keys

    /// Places the scroll indicators. Subclasses that override it must call super. It runs
    /// whenever the content offset changes, as in UIKit.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateIndicators()
    }

    /// Page Up/Down, Home/End and the arrows scroll when the first responder inside passed
    /// them on (see UIScrollView+Keyboard.swift); other keys go up the responder chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let key = presses.first?.key, handleScrollKey(key) { return }
        super.pressesBegan(presses, with: event)
    }

    /// A scroll view moving to another window stops its motion (time there is another clock).
    open override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        if newWindow !== window { stopAllMotion(resettingIndicators: true) }
    }

    /// Keeps the indicators in front of content added later.
    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        if !(subview is ScrollIndicatorView) { keepIndicatorsInFront() }
    }

    /// Content changed its natural size: the scroll view lays out again and so does its
    /// superview, whose `layoutSubviews()` usually sizes the content and sets ``contentSize``
    /// (there is no Auto Layout to do it).
    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    // MARK: Internal

    /// The offset changed (by any route): lay out (indicators, subclass tiling), tell the delegate.
    func contentOffsetDidChange() {
        setNeedsLayout()
        updateIndicators()
        delegate?.scrollViewDidScroll(self)
    }
}
