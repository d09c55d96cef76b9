import Foundation

/// A spinner that shows a task of unknown length is under way, as UIKit's
/// `UIActivityIndicatorView`.
///
/// A view, not a control (as in UIKit): it sends no events and takes no focus.
///
/// Animating: ``startAnimating()`` and ``stopAnimating()``; ``isAnimating`` says which. With
/// ``hidesWhenStopped`` (true by default) the indicator is hidden whenever it is stopped,
/// from its creation on: a new indicator is hidden until it starts.
///
/// Look (iOS 17's): eight rounded spokes around the centre, in ``color``, the brightest one
/// stepping clockwise one spoke at a time, a revolution a second, the others fading behind it.
/// Both styles have eight spokes, as iOS 13 and later draw them (the older spinner had
/// twelve): `.medium` is 20×20 points, `.large` 37×37. The spinner is
/// drawn at its style's size, centred in the bounds (a larger frame doesn't scale it).
///
/// Cost: a spinning indicator redraws its eight spokes only when the bright one steps, eight
/// times a second, not every frame. Every indicator of a window steps on the window's frame
/// clock at the same moments, through the one animator that steps the window's control
/// animations, so ten thousand spinners cost one clock timer, due eight times a second
/// **(project choice: UIKit starts each spinner's cycle when it starts; here each starts
/// with its top spoke bright, then steps with the others)**. An indicator asks for steps only
/// while it animates, is in a window and is shown: stopped, hidden, faded out (with an
/// ancestor too) or out of a window, it stops asking at its next step at the latest, and
/// asks again when it starts or is shown again.
///
/// Accessibility: an element with the traits `.updatesFrequently`, labelled "In progress"
/// while animating and "Progress halted" while stopped **(project choice: what VoiceOver
/// says of a spinner)**.
@MainActor
open class UIActivityIndicatorView: UIView, ControlAnimating {
    /// The sizes (and, for the styles iOS 13 deprecated, colours) of an activity indicator.
    public enum Style: Int, Sendable {
        /// Large and white (deprecated in iOS 13): `.large` with a white ``UIActivityIndicatorView/color``.
        @available(*, deprecated, message: "Use .large and set color")
        case whiteLarge = 0
        /// Medium and white (deprecated in iOS 13): `.medium` with a white ``UIActivityIndicatorView/color``.
        @available(*, deprecated, message: "Use .medium and set color")
        case white = 1
        /// Medium and grey (deprecated in iOS 13): `.medium`.
        @available(*, deprecated, message: "Use .medium")
        case gray = 2
        /// The standard size: 20×20 points.
        case medium = 100
        /// The large size: 37×37 points.
        case large = 101

        /// Whether the style draws the large spinner (compared by raw value, so the
        /// deprecated cases are never named here).
        var isLarge: Bool { rawValue == 0 || rawValue == 101 }
        /// Whether the style's own colour is white (the deprecated white styles).
        var isWhite: Bool { rawValue == 0 || rawValue == 1 }
    }

    /// The size of the `.medium` style, in points.
    public static let mediumSize = CGSize(width: 20, height: 20)
    /// The size of the `.large` style, in points.
    public static let largeSize = CGSize(width: 37, height: 37)
    /// The number of spokes, in both styles.
    public static let spokeCount = 8
    /// How long the bright spoke takes to go once round, in seconds: it steps one spoke every
    /// `revolutionDuration / spokeCount` (an eighth of a second).
    public static let revolutionDuration: TimeInterval = 1

    /// The size of a style, in points.
    public static func naturalSize(for style: Style) -> CGSize {
        style.isLarge ? largeSize : mediumSize
    }

    /// The time of one step (a power of two, so step boundaries are exact clock times).
    static let stepDuration = revolutionDuration / Double(spokeCount)

    private var storedColor: UIColor?
    private var animating = false
    /// The clock step at which the indicator started: the top spoke is bright then.
    private var startStep: Int64 = 0
    /// The spoke drawn brightest, 0 (the top) to ``spokeCount`` − 1, clockwise.
    private(set) var brightSpoke = 0
    /// Whether the window's animator steps this indicator (between its start and the step at
    /// which it finds it stopped, hidden or gone).
    private(set) var isStepping = false

    /// Creates a `.medium` indicator with `frame`, hidden until it starts (``hidesWhenStopped``).
    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        isHidden = true
    }

    /// Creates an indicator of `style`, its frame the style's size, hidden until it starts
    /// (``hidesWhenStopped``).
    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: UIActivityIndicatorView.naturalSize(for: style)))
        isHidden = true
    }

    /// The size (`.medium`, `.large`). A new style changes the natural size; it doesn't
    /// resize the frame.
    open var style: Style {
        didSet {
            guard oldValue != style else { return }
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }

    /// The colour of the spokes. Nil (or never set) uses the style's: a secondary label grey,
    /// or white for the deprecated white styles.
    open var color: UIColor! {
        get { storedColor ?? (style.isWhite ? .white : UIActivityIndicatorView.defaultColor) }
        set {
            guard storedColor != newValue else { return }
            storedColor = newValue
            setNeedsDisplay()
        }
    }

    /// The spokes' colour when none is set.
    static let defaultColor = UIColor.secondaryLabel

    /// Whether the indicator hides itself while stopped; true by default. Setting it while
    /// stopped hides (true) or shows (false) the indicator at once.
    open var hidesWhenStopped = true {
        didSet { if !animating { isHidden = hidesWhenStopped } }
    }

    /// Whether the spinner is spinning (between ``startAnimating()`` and ``stopAnimating()``).
    open var isAnimating: Bool { animating }

    /// Starts spinning from the top spoke, and shows the indicator when it hides while stopped.
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        startStep = stepIndex(at: frameClock.currentTime)
        if brightSpoke != 0 {
            brightSpoke = 0
            setNeedsDisplay()
        }
        if hidesWhenStopped { isHidden = false }
        startStepping()
    }

    /// Stops spinning (the top spoke bright again), and hides the indicator when
    /// ``hidesWhenStopped``. The window's animator lets it go at once: with no other
    /// animation running, no further frame is asked for.
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        if isStepping {
            isStepping = false
            frameClock.controlAnimator.stop(self)
        }
        if brightSpoke != 0 {
            brightSpoke = 0
            setNeedsDisplay()
        }
        if hidesWhenStopped { isHidden = true }
    }

    // MARK: Stepping

    /// The number of whole steps of the clock by `time`.
    private func stepIndex(at time: TimeInterval) -> Int64 {
        let steps = (time / UIActivityIndicatorView.stepDuration).rounded(.down)
        return steps.isFinite ? Int64(max(-9e15, min(9e15, steps))) : 0
    }

    /// Whether the indicator and every view up to its window are shown (not hidden, not
    /// faded out): only then is there anything to step.
    private var isShownInWindow: Bool {
        guard window != nil else { return false }
        var v: UIView? = self
        while let view = v {
            if view.isHidden || view.alpha <= 0.001 { return false }
            v = view.superview
        }
        return true
    }

    /// Has the window's animator step the indicator from the next step boundary on, when it
    /// animates and is shown in a window and isn't stepped already.
    private func startStepping() {
        guard animating, !isStepping, isShownInWindow else { return }
        isStepping = true
        let next = Double(stepIndex(at: frameClock.currentTime) + 1) * UIActivityIndicatorView.stepDuration
        runControlAnimations(wakingAt: next)
    }

    /// Moves the bright spoke to where clock time `time` puts it (``ControlAnimating``) and
    /// answers the next step boundary; nil once stopped, hidden or out of its window. One
    /// stopped because an ancestor hid or faded it out has its drawing marked stale, so the
    /// drawing pass calls ``draw(_:)`` when the ancestor shows it again, which starts it.
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        guard animating, isShownInWindow else {
            isStepping = false
            if animating, window != nil { setNeedsDisplay() }
            return nil
        }
        let step = stepIndex(at: time)
        let n = Int64(UIActivityIndicatorView.spokeCount)
        let spoke = Int(((step - startStep) % n + n) % n)
        if spoke != brightSpoke {
            brightSpoke = spoke
            setNeedsDisplay()
        }
        return Double(step + 1) * UIActivityIndicatorView.stepDuration
    }

    /// Shown again: steps again if it animates.
    open override var isHidden: Bool {
        didSet { if !isHidden, oldValue { startStepping() } }
    }

    /// Faded back in: steps again if it animates.
    open override var alpha: CGFloat {
        didSet { if alpha > oldValue { startStepping() } }
    }

    /// A move to another window steps it on that window's clock, from the top spoke again
    /// (each window's clock has its own time); out of any window it stops being stepped (the
    /// old window's animator drops it at its next step).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        isStepping = false
        guard animating, window != nil else { return }
        startStep = stepIndex(at: frameClock.currentTime)
        if brightSpoke != 0 {
            brightSpoke = 0
            setNeedsDisplay()
        }
        startStepping()
    }

    // MARK: Accessibility

    /// Activity indicators are accessibility elements unless told otherwise.
    open override var isAccessibilityElement: Bool {
        get { storedIsAccessibilityElement ?? true }
        set { storedIsAccessibilityElement = newValue }
    }

    /// "In progress" while animating, "Progress halted" while stopped, unless set otherwise.
    open override var accessibilityLabel: String? {
        get { storedAccessibilityLabel ?? (animating ? "In progress" : "Progress halted") }
        set { storedAccessibilityLabel = newValue }
    }

    /// `.updatesFrequently` unless set otherwise.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { storedAccessibilityTraits ?? .updatesFrequently }
        set { storedAccessibilityTraits = newValue }
    }

    // MARK: Layout

    /// The style's size (20×20 points, or 37×37 for `.large`).
    open override var intrinsicContentSize: CGSize { UIActivityIndicatorView.naturalSize(for: style) }

    /// The style's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIActivityIndicatorView.naturalSize(for: style) }

    // MARK: Appearance

    /// A spoke's inner and outer ends (distances from the centre) and width, in points.
    /// Whole-point widths on centres at whole or half points keep the upright and level
    /// spokes' long edges on pixel boundaries at 1x and 2x.
    static func spokeMetrics(for style: Style) -> (inner: CGFloat, outer: CGFloat, width: CGFloat) {
        style.isLarge ? (7.5, 17.5, 3) : (4.5, 9.5, 2)
    }

    /// The opacity of the spoke `behind` steps behind the bright one (0: the bright one).
    static func spokeAlpha(behind: Int) -> CGFloat {
        max(0.3, 1 - 0.1 * CGFloat(behind))
    }

    /// Draws the eight spokes, the bright one where the clock has it, centred at the style's size.
    /// Drawn again after an ancestor hid it while it spun: the spinner starts stepping again.
    open override func draw(_ rect: CGRect) {
        if animating, !isStepping { startStepping() }
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        let centre = CGPoint(x: b.midX, y: b.midY)
        let (inner, outer, width) = UIActivityIndicatorView.spokeMetrics(for: style)
        let colour: UIColor = color
        let n = UIActivityIndicatorView.spokeCount
        for i in 0..<n {
            // Spoke i points i eighths of a turn clockwise from the top.
            let angle = 2 * CGFloat.pi * CGFloat(i) / CGFloat(n)
            let behind = (brightSpoke - i + n) % n
            ctx.withAlpha(UIActivityIndicatorView.spokeAlpha(behind: behind)) {
                ctx.fillSpoke(centre: centre, angle: angle, inner: inner, outer: outer, width: width, color: colour)
            }
        }
    }
}

extension DrawContext {
    /// A spoke: a capsule `width` points wide from `inner` to `outer` points from `centre`,
    /// pointing `angle` radians clockwise from straight up; its round ends lie within those
    /// distances. An upright or level spoke is a rounded rectangle (exact coverage, crisp
    /// edges on whole pixels); a slanted one a convex path with a feathered edge.
    fileprivate func fillSpoke(centre: CGPoint, angle: CGFloat, inner: CGFloat, outer: CGFloat, width: CGFloat, color: UIColor) {
        guard width > 0, outer - inner >= width else { return }
        let r = width / 2
        // Along the spoke (outward) and across it, in points (y down).
        var ux = sin(angle), uy = -cos(angle)
        if abs(ux) < 1e-9 { ux = 0 }
        if abs(uy) < 1e-9 { uy = 0 }
        let vx = -uy, vy = ux
        if ux == 0 || uy == 0 {
            let x0 = centre.x + ux * inner + vx * r, x1 = centre.x + ux * outer - vx * r
            let y0 = centre.y + uy * inner + vy * r, y1 = centre.y + uy * outer - vy * r
            fillRoundedRect(CGRect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)), radius: r, color: color)
            return
        }
        guard let c = rgba(color) else { return }
        let near = CGPoint(x: centre.x + ux * (inner + r), y: centre.y + uy * (inner + r))
        let far = CGPoint(x: centre.x + ux * (outer - r), y: centre.y + uy * (outer - r))
        let segments = 2 * DrawContext.arcSegments(radius: Float(r * scale))
        path.removeAll(keepingCapacity: true)
        // Half a circle of radius r about `end`, from `start` radians (0: outward) on.
        func cap(_ end: CGPoint, from start: CGFloat) {
            for k in 0...segments {
                let a = start + CGFloat.pi * CGFloat(k) / CGFloat(segments)
                let dx = ux * cos(a) + vx * sin(a), dy = uy * cos(a) + vy * sin(a)
                appendPathPoint(pixel(CGPoint(x: end.x + dx * r, y: end.y + dy * r)))
            }
        }
        cap(far, from: -CGFloat.pi / 2)   // the outer end, from one side to the other
        cap(near, from: CGFloat.pi / 2)   // the inner end, back
        fillConvexPath(color: c)
    }
}
