import Foundation

/// A control for picking one value from a continuous range by dragging a thumb along a
/// track, as UIKit's `UISlider`.
///
/// Events (rule D3): tracking starts only when the touch lands on the thumb (its rectangle
/// grown by ``thumbTouchSlop``); a touch elsewhere is ignored (rule C3: no events at all).
/// With ``isContinuous`` true (the default) a drag sends touchDown, valueChanged, then
/// valueChanged on every move (before that move's drag event), and one more valueChanged at
/// the lift before touchUpInside/touchUpOutside. With ``isContinuous`` false, one
/// valueChanged at the lift. Each valueChanged is followed by primaryActionTriggered (rule
/// B11). A cancel sends touchCancel and no valueChanged. Setting ``value`` in code sends
/// nothing.
///
/// Bad input: ``value`` is clamped to ``minimumValue``…``maximumValue``; NaN is ignored (the
/// value stays); ±infinity clamps to the nearer end. A non-finite bound is ignored. Setting
/// ``minimumValue`` above ``maximumValue`` raises the maximum to it, and setting
/// ``maximumValue`` below ``minimumValue`` lowers the minimum, as UIKit does; the value is
/// clamped again. With equal bounds the thumb sits at the start.
///
/// Right-to-left layouts flip the track: the minimum is at the right.
///
/// Keyboard, game controller and accessibility: Left/Right (arrows, D-pad;
/// ``accessibilityIncrement()`` / ``accessibilityDecrement()``) step by 10% of the range and send valueChanged (then
/// primaryActionTriggered), nothing at the ends; Space/Return do nothing. Value: the
/// position as a percentage ("50%"); traits `.adjustable`.
///
/// Not implemented from UIKit: thumb and track images (`setThumbImage(_:for:)`,
/// `setMinimumTrackImage`…), `minimumValueImage`/`maximumValueImage`, `behavioralStyle`
/// and `preferredBehavioralStyle`.
@MainActor
open class UISlider: UIControl, ControlAnimating {
    /// A drag or swipe along the slider that begins on its thumb belongs to the slider, not to
    /// recognizers on a superview.
    override var defaultActionGestures: DefaultActionGestures { .horizontalDragOnThumb }

    /// Whether `point` (window points) is on the thumb, with the slack a finger needs (the
    /// thumb grown by 10 points each way).
    override func thumbContains(windowPoint point: CGPoint) -> Bool {
        currentThumbRect.insetBy(dx: -10, dy: -10).contains(convert(point, from: nil))
    }

    /// The height UIKit gives a slider, in points.
    public static let naturalHeight: CGFloat = 34
    /// The diameter of the thumb, in points.
    public static let thumbDiameter: CGFloat = 28
    /// The thickness of the track, in points.
    public static let trackThickness: CGFloat = 4
    /// How far (points) outside the thumb a touch may land and still grab it.
    public static let thumbTouchSlop: CGFloat = 10
    /// The keyboard step, as a fraction of the range.
    public static let keyboardStepFraction: Float = 0.1
    /// How long `setValue(_:animated: true)` slides the thumb, in seconds. The slide is
    /// stepped on the window's frame clock with every other control animation; it jumps
    /// instead while ``UIView/areAnimationsEnabled`` is false, inside
    /// ``UIView/performWithoutAnimation(_:)`` and while ``UIControl/isSymbolAnimationEnabled``
    /// is false.
    public static let animationDuration: TimeInterval = 0.2

    private var storedValue: Float = 0
    private var storedMinimum: Float = 0
    private var storedMaximum: Float = 1

    /// The value, clamped to ``minimumValue``…``maximumValue``; NaN is ignored. Setting it
    /// sends nothing (rule D3).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// The value at the start (left, or right in right-to-left layouts) of the track; 0 by
    /// default. Non-finite values are ignored; above ``maximumValue`` it raises the maximum.
    open var minimumValue: Float {
        get { storedMinimum }
        set {
            guard newValue.isFinite, newValue != storedMinimum else { return }
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            reclampAfterBoundsChange()
        }
    }

    /// The value at the end of the track; 1 by default. Non-finite values are ignored; below
    /// ``minimumValue`` it lowers the minimum.
    open var maximumValue: Float {
        get { storedMaximum }
        set {
            guard newValue.isFinite, newValue != storedMaximum else { return }
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            reclampAfterBoundsChange()
        }
    }

    /// Whether valueChanged is sent during a drag (true, the default) or once at the lift.
    open var isContinuous: Bool = true

    /// The colour of the track between the start and the thumb; nil uses the tint colour.
    open var minimumTrackTintColor: UIColor? { didSet { if oldValue != minimumTrackTintColor { setNeedsDisplay() } } }
    /// The colour of the track after the thumb; nil uses the theme's track colour.
    open var maximumTrackTintColor: UIColor? { didSet { if oldValue != maximumTrackTintColor { setNeedsDisplay() } } }
    /// The colour of the thumb; nil uses the theme's thumb colour (white).
    open var thumbTintColor: UIColor? { didSet { if oldValue != thumbTintColor { setNeedsDisplay() } } }

    /// The value the thumb is drawn at (differs from ``value`` during an animation).
    public var displayedValue: Float { thumbMotion.value }

    private var thumbMotion = ControlAnimatedValue<Float>(0)

    // Touch state.
    private var grabOffset: CGFloat = 0
    private var valueAtTouchStart: Float = 0

    /// Creates a slider (0…1, value 0, continuous).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Sets the value (clamped; NaN ignored), sliding the thumb over
    /// ``animationDuration`` when `animated` is true. ``value`` changes at once either way.
    /// Sends nothing (rule D3).
    open func setValue(_ value: Float, animated: Bool) {
        guard !value.isNaN else { return }
        storedValue = clamp(value)
        moveThumb(animated: animated)
    }

    /// Whether a thumb animation is running.
    public var isAnimating: Bool { thumbMotion.isAnimating }

    private func clamp(_ v: Float) -> Float { min(storedMaximum, max(storedMinimum, v)) }

    private func reclampAfterBoundsChange() {
        storedValue = clamp(storedValue)
        moveThumb(animated: false)
        setNeedsDisplay()
    }

    /// Where a value lies along the range, 0…1 (0 when the range is empty).
    func fraction(of v: Float) -> CGFloat {
        // In Double: the span of two finite Floats can overflow Float.
        let range = Double(storedMaximum) - Double(storedMinimum)
        guard range > 0 else { return 0 }
        return CGFloat(min(1, max(0, (Double(v) - Double(storedMinimum)) / range)))
    }

    /// The value at `fraction` (0…1) of the range, without overflow.
    func value(atFraction fraction: CGFloat) -> Float {
        let f = Double(min(1, max(0, fraction)))
        return clamp(Float(Double(storedMinimum) + (Double(storedMaximum) - Double(storedMinimum)) * f))
    }

    // MARK: Thumb animation

    private func moveThumb(animated: Bool) {
        guard controlChangeAnimates(animated), displayedValue != storedValue else {
            thumbMotion.jump(to: storedValue)
            setNeedsDisplay()
            return
        }
        thumbMotion.animate(to: storedValue, duration: UISlider.animationDuration, curve: .easeOut, at: frameClock.currentTime)
        runControlAnimations()
    }

    /// Steps the thumb (``ControlAnimating``).
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        guard thumbMotion.isAnimating else { return nil }
        let wake = thumbMotion.advance(to: time)
        setNeedsDisplay()
        return wake
    }

    /// Moving to another window (or out of one) ends a thumb animation at its value: it was
    /// stepped by the old window's clock.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if isAnimating {
            thumbMotion.finish()
            setNeedsDisplay()
        }
    }

    // MARK: Geometry (overridable, as UIKit)

    /// The track's rectangle: the full width, ``trackThickness`` high, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - UISlider.trackThickness / 2, width: bounds.width, height: UISlider.trackThickness)
    }

    /// The thumb's rectangle for a value: its centre travels from one end of the track to
    /// the other (right to left in right-to-left layouts), staying inside the track.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let d = min(UISlider.thumbDiameter, max(0, bounds.height))
        let travel = max(0, rect.width - d)
        var f = fraction(of: value.isNaN ? storedMinimum : value)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { f = 1 - f }
        return CGRect(x: rect.minX + travel * f, y: rect.midY - d / 2, width: d, height: d)
    }

    /// The value whose thumb is centred at `x` (clamped to the range).
    func value(atThumbCenterX x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let d = min(UISlider.thumbDiameter, max(0, bounds.height))
        let travel = track.width - d
        guard travel > 0 else { return storedMinimum }
        var f = (x - (track.minX + d / 2)) / travel
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { f = 1 - f }
        return value(atFraction: f)
    }

    private var currentThumbRect: CGRect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
    }

    // MARK: Tracking (rule D3)

    /// Tracks only a touch on the thumb (grown by ``thumbTouchSlop``); remembers where on
    /// the thumb it landed, so the thumb doesn't jump under the finger.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        let thumb = currentThumbRect
        guard thumb.insetBy(dx: -UISlider.thumbTouchSlop, dy: -UISlider.thumbTouchSlop).contains(p) else { return false }
        grabOffset = p.x - thumb.midX
        valueAtTouchStart = storedValue
        thumbMotion.jump(to: storedValue)
        setNeedsDisplay()
        return true
    }

    /// A continuous slider sends valueChanged right after touchDown.
    override func trackingDidBegin(_ touch: UITouch, with event: UIEvent?) {
        if isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    /// Moves the thumb under the finger; a continuous slider sends valueChanged on every move.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        follow(touch)
        if isContinuous { sendActions(for: .valueChanged, with: event) }
        return true
    }

    /// Takes the lift position and sends the last valueChanged, before the touch-up event.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { follow(touch) }
        setNeedsDisplay()
        sendActions(for: .valueChanged, with: event)
    }

    /// Sends touchCancel and no valueChanged. A non-continuous slider, whose targets heard
    /// nothing yet, returns to the value it had when the touch began; a continuous one keeps
    /// the last value it reported **(project choice: targets always know the value)**.
    open override func cancelTracking(with event: UIEvent?) {
        if isTracking && !isContinuous { setValue(valueAtTouchStart, animated: true) }
        setNeedsDisplay()
        super.cancelTracking(with: event)
    }

    private func follow(_ touch: UITouch) {
        let v = value(atThumbCenterX: touch.location(in: self).x - grabOffset)
        storedValue = v
        thumbMotion.jump(to: v)
        setNeedsDisplay()
    }

    /// The slider's primary event is `.valueChanged` (rule B11).
    open override var primaryControlEvent: Event? { .valueChanged }

    // MARK: Keyboard and accessibility

    /// Right (D-pad right): 10% of the range up, sending valueChanged (nothing at the maximum).
    open override func accessibilityIncrement() { step(by: 1) }

    /// Left (D-pad left): 10% of the range down, sending valueChanged (nothing at the minimum).
    open override func accessibilityDecrement() { step(by: -1) }

    private func step(by direction: Float) {
        guard isEnabled else { return }
        // In Double: the span of two finite Floats can overflow Float.
        let stepSize = (Double(storedMaximum) - Double(storedMinimum)) * Double(UISlider.keyboardStepFraction)
        guard stepSize > 0 else { return }
        var t = Double(storedValue) + Double(direction) * stepSize
        // Land exactly on the ends despite float drift (ten steps of 0.1 make 1, not 0.9999999).
        if abs(t - Double(storedMaximum)) < stepSize * 0.001 { t = Double(storedMaximum) }
        if abs(t - Double(storedMinimum)) < stepSize * 0.001 { t = Double(storedMinimum) }
        let target = clamp(Float(t))
        guard target != storedValue else { return }
        setValue(target, animated: true)
        sendActions(for: .valueChanged)
    }

    /// A slider has nothing to activate: Space/Return send nothing (the arrows adjust it).
    open override func accessibilityActivate() -> Bool { false }

    /// The position as a whole percentage of the range ("50%"), unless set otherwise.
    open override var accessibilityValue: String? {
        get { storedAccessibilityValue ?? "\(Int((fraction(of: storedValue) * 100).rounded()))%" }
        set { storedAccessibilityValue = newValue }
    }

    /// `.adjustable`.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }

    // MARK: Layout

    /// The current width (118 points when it has none) by ``naturalHeight``.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width > 0 ? bounds.width : 118, height: UISlider.naturalHeight)
    }

    /// No intrinsic width; ``naturalHeight`` high.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UISlider.naturalHeight)
    }

    /// The ring is a capsule around the slider.
    open override var focusRingCornerRadius: CGFloat { min(bounds.width, bounds.height) / 2 }

    // MARK: Appearance

    /// Redraws: the tint colours the track, dots or outline.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Redraws: the geometry follows the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsDisplay()   // thumb geometry depends on the width
    }

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// The thumb's hairline outline.
    static let thumbOutline = UIColor(white: 0, alpha: 0.08)

    /// Draws the control for its value. As in UIKit, a pressed (highlighted) or selected
    /// slider looks like a normal one: the thumb under the finger is the feedback. The focus
    /// ring is drawn around it by the view system, the disabled fade by the drawing system.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        guard b.width > 0, b.height > 0 else { return }
        let tint: UIColor = tintColor
        let track = trackRect(forBounds: b)
        let thumb = thumbRect(forBounds: b, trackRect: track, value: displayedValue)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let r = track.height / 2

        // Track: the minimum colour from the start to the thumb's centre, the maximum colour
        // from there to the end; their round ends meet under the thumb.
        let split = min(track.maxX, max(track.minX, thumb.midX))
        let before = CGRect(x: track.minX, y: track.minY, width: min(track.width, split - track.minX + r), height: track.height)
        let after = CGRect(x: max(track.minX, split - r), y: track.minY, width: track.maxX - max(track.minX, split - r), height: track.height)
        ctx.fillRoundedRect(rtl ? before : after, radius: r, color: maximumTrackTintColor ?? Theme.trackFill)
        ctx.fillRoundedRect(rtl ? after : before, radius: r, color: minimumTrackTintColor ?? tint)
        guard thumb.width > 0 else { return }

        // Shadow, fill and outline as one piece (one blend per pixel, one quad).
        ctx.compositing {
            if isEnabled {
                ctx.fillShadow(thumb.insetBy(dx: 1, dy: 1).offsetBy(dx: 0, dy: 2), radius: thumb.height / 2 - 2, blur: 5,
                               color: Theme.shadow)
            }
            ctx.fillEllipse(in: thumb, color: thumbTintColor ?? Theme.thumbFill)
            ctx.strokeEllipse(in: thumb, width: 0.5, color: UISlider.thumbOutline)
        }
    }
}
