import Foundation

/// A bar that fills as a task of known length advances, as UIKit's `UIProgressView`.
///
/// A view, not a control (as in UIKit): it sends no events and takes no focus.
///
/// Value: ``progress`` is pinned to 0…1 whatever it is given: NaN reads 0, +∞ reads 1 and
/// −∞ reads 0, as any value below 0 or above 1 reads its nearer end. ``setProgress(_:animated:)``
/// changes ``progress`` at once, as UIKit's does; with `animated` true only the drawn fill
/// (``displayedProgress``) moves to it, over ``animationDuration``, stepped on the window's
/// frame clock with the controls' own animations. It jumps instead while
/// ``UIView/areAnimationsEnabled`` is false, inside ``UIView/performWithoutAnimation(_:)`` and
/// while the view is in no window.
///
/// Following a `Progress`: while ``observedProgress`` is set, ``progress`` takes its
/// `fractionCompleted` (pinned) within a frame of each change. Foundation on Linux has no
/// key-value observing, so the view reads the fraction once a frame on its window's clock
/// **(project choice)**, and stops asking for frames once that `Progress` is finished or
/// cancelled, when it is set to nil, and while the view is in no window.
///
/// Look (iOS 17's): `.default` is a 4-point capsule track in a light grey fill, the
/// filled part a capsule in the tint colour from the leading edge (the right in right-to-left
/// layouts); `.bar` is 2.5 points with square ends and no track, as a toolbar's. The bar fills
/// the bounds (a taller frame draws a thicker bar). ``progressImage`` and ``trackImage`` are
/// stretched over the filled and the track rectangles.
///
/// Accessibility: an element with the traits `.updatesFrequently` and the value as a
/// percentage ("50%").
///
/// Not implemented from UIKit: cap insets of the images (they stretch whole; no nine-slice).
@MainActor
open class UIProgressView: UIView, ControlAnimating {
    /// The looks of a progress view.
    public enum Style: Int, Sendable {
        /// The standard look: a rounded bar over a grey track.
        case `default` = 0
        /// The look of a progress view in a toolbar: thinner, square ends, no track.
        case bar = 1
    }

    /// The natural height of the `.default` style, in points.
    public static let defaultHeight: CGFloat = 4
    /// The natural height of the `.bar` style, in points.
    public static let barHeight: CGFloat = 2.5
    /// The width ``sizeThatFits(_:)`` answers for a progress view that has none yet, in points
    /// **(project choice)**.
    public static let defaultWidth: CGFloat = 150
    /// How long the fill takes to move to a new value set with `animated` true, in seconds.
    public static let animationDuration: TimeInterval = 0.25

    /// The natural height of a style, in points.
    public static func naturalHeight(for style: Style) -> CGFloat {
        style == .bar ? barHeight : defaultHeight
    }

    private var storedProgress: Float = 0
    private var fillMotion = ControlAnimatedValue<Float>(0)
    /// The last `fractionCompleted` taken from ``observedProgress`` (nil: none yet), so a
    /// value set by hand in between stays until the fraction changes again, as a
    /// key-value observer would only hear of changes.
    private var takenFraction: Double?
    /// Whether the window's animator reads ``observedProgress`` each frame.
    private var isReadingObservedProgress = false

    /// Creates a progress view of the `.default` style with `frame`.
    public override init(frame: CGRect) {
        progressViewStyle = .default
        super.init(frame: frame)
    }

    /// Creates a progress view of `style`, its natural height tall and with no width yet.
    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: CGRect(x: 0, y: 0, width: 0, height: UIProgressView.naturalHeight(for: style)))
    }

    /// The look: `.default` or `.bar`. A new style changes the natural height.
    open var progressViewStyle: Style {
        didSet {
            guard oldValue != progressViewStyle else { return }
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }

    /// The fraction done, 0…1; 0 by default. Any value is pinned: NaN and −∞ read 0, +∞ reads
    /// 1. Setting it is ``setProgress(_:animated:)`` without animation.
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }

    /// The fraction the fill is drawn at: ``progress``, or on its way there while an animated
    /// change runs.
    public var displayedProgress: Float { fillMotion.value }

    /// Whether the fill is moving to ``progress``.
    public var isAnimating: Bool { fillMotion.isAnimating }

    /// Sets ``progress`` (pinned to 0…1) at once; with `animated` true the fill moves there
    /// over ``animationDuration`` from where it is drawn now, otherwise it jumps.
    open func setProgress(_ progress: Float, animated: Bool) {
        let value = UIProgressView.pinned(progress)
        storedProgress = value
        guard controlChangeAnimates(animated), fillMotion.value != value else {
            if fillMotion.jump(to: value) { setNeedsDisplay() }
            return
        }
        guard value != fillMotion.target || !fillMotion.isAnimating else { return }   // already on its way there
        fillMotion.animate(to: value, duration: UIProgressView.animationDuration, curve: .easeOut, at: frameClock.currentTime)
        runControlAnimations()
    }

    /// `value` in 0…1: NaN and −∞ give 0, +∞ gives 1.
    static func pinned(_ value: Float) -> Float {
        value.isNaN ? 0 : min(1, max(0, value))
    }

    // MARK: Colours and images

    /// The colour of the filled part; nil uses the tint colour (the system blue unless a tint
    /// is set here or on an ancestor).
    open var progressTintColor: UIColor? { didSet { if oldValue != progressTintColor { setNeedsDisplay() } } }

    /// The colour of the track under the fill; nil uses a light grey fill for `.default` and
    /// nothing (a clear track) for `.bar`.
    open var trackTintColor: UIColor? { didSet { if oldValue != trackTintColor { setNeedsDisplay() } } }

    /// An image drawn stretched over the filled part instead of ``progressTintColor``.
    open var progressImage: UIImage? { didSet { if oldValue != progressImage { setNeedsDisplay() } } }

    /// An image drawn stretched over the whole track instead of ``trackTintColor``.
    open var trackImage: UIImage? { didSet { if oldValue != trackImage { setNeedsDisplay() } } }

    // MARK: Following a Progress

    /// A `Progress` whose `fractionCompleted` ``progress`` follows, read once a frame on the
    /// window's clock while the view is in a window; nil (the default) follows nothing.
    /// Setting it takes the fraction at once. Reading stops (and the view asks for no more
    /// frames) when the `Progress` is finished or cancelled: set it again to follow one that
    /// goes on after that. A value set by hand in between stays until the fraction changes.
    open var observedProgress: Progress? {
        didSet {
            takenFraction = nil
            isReadingObservedProgress = false   // the animator drops the view at its next step
            followObservedProgress()
        }
    }

    /// Takes the observed fraction now and, while it can still change and the view is in a
    /// window, has the window's animator read it every frame.
    private func followObservedProgress() {
        guard readObservedProgress(), window != nil, !isReadingObservedProgress else { return }
        isReadingObservedProgress = true
        runControlAnimations()
    }

    /// Takes a changed `fractionCompleted` of ``observedProgress``; returns whether it may
    /// change again (observed, not finished, not cancelled).
    private func readObservedProgress() -> Bool {
        guard let observed = observedProgress else { return false }
        let fraction = observed.fractionCompleted
        if fraction != takenFraction {
            takenFraction = fraction
            setProgress(Float(fraction), animated: false)
        }
        return !observed.isFinished && !observed.isCancelled
    }

    /// Reads the observed progress and steps the fill (``ControlAnimating``): the next frame
    /// while either goes on, nil once neither does.
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        var wake: TimeInterval?
        if isReadingObservedProgress {
            if readObservedProgress() { wake = time } else { isReadingObservedProgress = false }
        }
        if fillMotion.isAnimating {
            if let next = fillMotion.advance(to: time) { wake = min(wake ?? next, next) }
            setNeedsDisplay()
        }
        return wake
    }

    /// A move to another window (or out of one) ends a moving fill where it was going, and
    /// reading the observed progress goes on with the new window's clock.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if fillMotion.isAnimating {
            fillMotion.finish()
            setNeedsDisplay()
        }
        isReadingObservedProgress = false
        if window != nil { followObservedProgress() }
    }

    // MARK: Accessibility

    /// Progress views are accessibility elements unless told otherwise.
    open override var isAccessibilityElement: Bool {
        get { storedIsAccessibilityElement ?? true }
        set { storedIsAccessibilityElement = newValue }
    }

    /// ``progress`` as a whole percentage ("50%") unless set otherwise.
    open override var accessibilityValue: String? {
        get { storedAccessibilityValue ?? "\(Int((storedProgress * 100).rounded()))%" }
        set { storedAccessibilityValue = newValue }
    }

    /// `.updatesFrequently` unless set otherwise.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { storedAccessibilityTraits ?? .updatesFrequently }
        set { storedAccessibilityTraits = newValue }
    }

    // MARK: Layout

    /// No intrinsic width; the style's natural height (4 points, or 2.5 for `.bar`).
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIProgressView.naturalHeight(for: progressViewStyle))
    }

    /// The current width (``defaultWidth`` when it has none) by the style's natural height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width > 0 ? bounds.width : UIProgressView.defaultWidth,
               height: UIProgressView.naturalHeight(for: progressViewStyle))
    }

    /// The filled part of the bar for a fraction, in the view's coordinates: from the leading
    /// edge (the right in right-to-left layouts), the full height.
    func fillRect(for fraction: Float) -> CGRect {
        let b = bounds
        let w = b.width * CGFloat(UIProgressView.pinned(fraction))
        let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? b.maxX - w : b.minX
        return CGRect(x: x, y: b.minY, width: w, height: b.height)
    }

    // MARK: Appearance

    /// The `.default` style's track when ``trackTintColor`` is nil.
    static let defaultTrackColor = Theme.trackFill

    /// Draws the track, then the filled part at ``displayedProgress``: capsules in the
    /// `.default` style, square-ended in `.bar`.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        guard b.width > 0, b.height > 0 else { return }
        let bar = progressViewStyle == .bar
        let radius = bar ? 0 : b.height / 2
        if let image = trackImage {
            ctx.drawImage(image, in: b)
        } else if let track = trackTintColor ?? (bar ? nil : UIProgressView.defaultTrackColor) {
            ctx.fillRoundedRect(b, radius: radius, color: track)
        }
        let filled = fillRect(for: fillMotion.value)
        guard filled.width > 0 else { return }
        if let image = progressImage {
            ctx.drawImage(image, in: filled)
        } else {
            let tint: UIColor = progressTintColor ?? tintColor
            ctx.fillRoundedRect(filled, radius: radius, color: tint)
        }
    }
}
