import Foundation

/// A control that offers a binary choice, on or off, as UIKit's `UISwitch`.
///
/// Events (rule D2): a tap toggles ``isOn``; a drag that moves the thumb decides by the side
/// the finger is on when it lifts. Either way, a change sends `.valueChanged` and then
/// `.primaryActionTriggered` from `endTracking`, so a touch sends, in order:
/// touchDown, valueChanged, primaryActionTriggered, touchUpInside (or touchUpOutside).
/// A touch that ends on the side the switch already had sends no valueChanged.
/// ``isOn`` and ``setOn(_:animated:)`` in code send nothing.
///
/// Look: a 51×31-point capsule (``naturalSize``). A frame of another size draws the switch
/// scaled to fit, centred, keeping its proportions **(project choice: UIKit forces the
/// size; games often want bigger switches)**. The thumb slides over
/// ``animationDuration`` for user toggles and animated changes, stepped on the window's
/// frame clock with every other control animation; it jumps instead while
/// ``UIView/areAnimationsEnabled`` is false, inside ``UIView/performWithoutAnimation(_:)``
/// and while ``UIControl/isSymbolAnimationEnabled`` is false.
/// In right-to-left layouts the "on" side is the left.
///
/// Accessibility: value "1" or "0" as UIKit reports it (assistive technology speaks
/// on/off); traits `.button` and `.toggleButton`. Space/Return toggle it with the events of
/// a tap; the arrow keys do nothing (a switch is not adjustable).
///
/// Not implemented from UIKit: `onImage`/`offImage` (ignored by iOS since 7), `title`,
/// `style`/`preferredStyle` (the Mac checkbox style).
@MainActor
open class UISwitch: UIControl, ControlAnimating {
    /// A single tap and a horizontal drag or swipe belong to the switch, not to recognizers on
    /// a superview.
    override var defaultActionGestures: DefaultActionGestures { [.singleTap, .horizontalDrag] }

    /// The size UIKit gives a switch, in points.
    public static let naturalSize = CGSize(width: 51, height: 31)
    /// How long the thumb takes to slide from one side to the other, in seconds.
    public static let animationDuration: TimeInterval = 0.2
    /// How far (points) a touch must move horizontally before it counts as a drag rather
    /// than a tap: a tap toggles, a drag picks the side under the finger.
    public static let dragThreshold: CGFloat = 4
    private var storedIsOn = false

    /// Whether the switch is on. Setting it moves the thumb without animation and sends
    /// nothing (rule D2).
    open var isOn: Bool {
        get { storedIsOn }
        set { setOn(newValue, animated: false) }
    }

    /// The colour of the track while on; nil uses the system green, as UIKit does.
    open var onTintColor: UIColor? { didSet { if oldValue != onTintColor { setNeedsDisplay() } } }

    /// The colour of the thumb; nil uses the theme's thumb colour (white).
    open var thumbTintColor: UIColor? { didSet { if oldValue != thumbTintColor { setNeedsDisplay() } } }

    /// Where the thumb is drawn: 0 at the off side, 1 at the on side (animated).
    public var thumbPosition: CGFloat { thumbMotion.value }

    /// Where the thumb is heading; the animation moves ``thumbPosition`` towards it.
    var thumbTarget: CGFloat { thumbMotion.target }
    private var thumbMotion = ControlAnimatedValue<CGFloat>(0)

    // Touch state: where it began and whether it has become a drag.
    private var touchStartX: CGFloat = 0
    private var isDragging = false

    /// Creates an off switch. A zero size becomes ``naturalSize`` (so `UISwitch()` is
    /// 51×31, as in UIKit); another size draws the switch scaled to fit.
    public override init(frame: CGRect) {
        super.init(frame: frame.size == .zero ? CGRect(origin: frame.origin, size: UISwitch.naturalSize) : frame)
    }

    /// Sets the state, sliding the thumb over ``animationDuration`` when `animated` is true
    /// and jumping otherwise. Sends nothing (rule D2).
    open func setOn(_ on: Bool, animated: Bool) {
        storedIsOn = on
        moveThumb(to: on ? 1 : 0, animated: animated)
    }

    /// Whether a thumb animation is running.
    public var isAnimating: Bool { thumbMotion.isAnimating }

    // MARK: Thumb animation

    /// Moves the thumb towards `target` (0 off side, 1 on side), animated or at once.
    func moveThumb(to target: CGFloat, animated: Bool) {
        guard controlChangeAnimates(animated), thumbPosition != target else {
            if thumbMotion.jump(to: target) { setNeedsDisplay() }
            return
        }
        // The full slide takes animationDuration; a partial one (a drag crossing back)
        // takes its share of it.
        let duration = UISwitch.animationDuration * Double(max(abs(target - thumbPosition), 0.25))
        thumbMotion.animate(to: target, duration: duration, curve: .easeOut, at: frameClock.currentTime)
        runControlAnimations()
    }

    /// Steps the thumb (``ControlAnimating``).
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        guard thumbMotion.isAnimating else { return nil }
        let wake = thumbMotion.advance(to: time)
        setNeedsDisplay()
        return wake
    }

    /// Moving to another window (or out of one) ends the slide where it would have ended:
    /// it was stepped by the old window's clock.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if isAnimating {
            thumbMotion.finish()
            setNeedsDisplay()
        }
    }

    // MARK: Tracking (rule D2)

    /// Whether a point (in the switch's coordinates) is on the "on" side of the track.
    func isOnSide(_ point: CGPoint) -> Bool {
        let right = point.x >= bounds.midX
        return right != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    /// Every touch on the switch is tracked; remembers where it began.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchStartX = touch.location(in: self).x
        isDragging = false
        setNeedsDisplay()   // the thumb stretches while pressed
        return true
    }

    /// Once the touch has moved more than ``dragThreshold`` it is a drag: the thumb slides to
    /// the side under the finger whenever the finger crosses the middle.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        if !isDragging, abs(p.x - touchStartX) > UISwitch.dragThreshold { isDragging = true }
        if isDragging {
            let side: CGFloat = isOnSide(p) ? 1 : 0
            if side != thumbTarget { moveThumb(to: side, animated: true) }
        }
        return true
    }

    /// Decides the value at the lift: a tap toggles, a drag keeps the side under the finger.
    /// A change sends valueChanged (then primaryActionTriggered) before the touch-up event.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { isDragging = false; setNeedsDisplay() }
        guard let touch else { moveThumb(to: storedIsOn ? 1 : 0, animated: true); return }
        let newValue = isDragging ? isOnSide(touch.location(in: self)) : !storedIsOn
        guard newValue != storedIsOn else {
            moveThumb(to: storedIsOn ? 1 : 0, animated: true)
            return
        }
        setOn(newValue, animated: true)
        sendActions(for: .valueChanged, with: event)
    }

    /// A cancelled touch changes nothing: the thumb slides back, touchCancel is sent, no
    /// valueChanged.
    open override func cancelTracking(with event: UIEvent?) {
        isDragging = false
        moveThumb(to: storedIsOn ? 1 : 0, animated: true)
        setNeedsDisplay()
        super.cancelTracking(with: event)
    }

    /// The switch's primary event is `.valueChanged` (rule B11).
    open override var primaryControlEvent: Event? { .valueChanged }

    // MARK: Keyboard and accessibility

    /// Space/Return toggle the switch with the events of a tap: touchDown, valueChanged,
    /// primaryActionTriggered, touchUpInside.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .touchDown)
        setOn(!storedIsOn, animated: true)
        sendActions(for: .valueChanged)
        sendActions(for: .touchUpInside)
        return true
    }

    /// "1" when on, "0" when off, as UIKit reports it, unless set otherwise.
    open override var accessibilityValue: String? {
        get { storedAccessibilityValue ?? (storedIsOn ? "1" : "0") }
        set { storedAccessibilityValue = newValue }
    }

    /// `.button` and `.toggleButton`.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { [.button, .toggleButton] }

    // MARK: Layout

    /// Always ``naturalSize`` (51×31), as UIKit.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.naturalSize }

    /// ``naturalSize``.
    open override var intrinsicContentSize: CGSize { UISwitch.naturalSize }

    /// Switches hug their fixed size at 750 on both axes, as in UIKit.
    override var defaultContentHuggingPriority: UILayoutPriority { .defaultHigh }

    /// The track: the natural proportions scaled to fit the bounds, centred.
    var trackRect: CGRect {
        let b = bounds
        let s = max(0, min(b.width / UISwitch.naturalSize.width, b.height / UISwitch.naturalSize.height))
        let w = UISwitch.naturalSize.width * s, h = UISwitch.naturalSize.height * s
        return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
    }

    /// The ring follows the capsule.
    open override var focusRingCornerRadius: CGFloat { min(bounds.width, bounds.height) / 2 }

    // MARK: Appearance

    /// Redraws: the tint colours the track, dots or outline.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// Draws the control for its current state: on or off, the thumb stretched while pressed.
    /// As in UIKit, `isSelected` changes nothing; the focus ring is drawn around it by the
    /// view system, the disabled fade by the drawing system.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let track = trackRect
        guard track.width > 1, track.height > 1 else { return }
        let s = track.height / UISwitch.naturalSize.height
        let radius = track.height / 2   // a capsule: the radius is half the short side
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let pos = min(1, max(0, thumbPosition))

        // Track: the off fill, then the on colour fading in as the thumb travels (the off
        // fill is skipped once an opaque on colour covers it).
        let offFill = isHighlighted ? Theme.controlFillPressed : Theme.trackFill
        let onColor: UIColor = onTintColor ?? .systemGreen
        if pos < 1 || onColor.alpha < 1 {
            ctx.fillRoundedRect(track, radius: radius, color: offFill)
        }
        if pos > 0 {
            ctx.withAlpha(pos) { ctx.fillRoundedRect(track, radius: radius, color: onColor) }
        }
        // UIKit outlines an off switch in the tint only when this switch or an ancestor set one.
        if hasExplicitTintColor && pos < 1 {
            let tint: UIColor = tintColor
            ctx.withAlpha(1 - pos) { ctx.strokeRoundedRect(track, radius: radius, width: 1.5 * s, color: tint) }
        }

        // Thumb: a circle that stretches towards the middle while pressed, as on iOS.
        let inset = 2 * s
        let diameter = track.height - 2 * inset
        let stretch = isHighlighted ? 7 * s : 0
        let thumbWidth = diameter + stretch
        let travel = track.width - 2 * inset - thumbWidth
        let along = rtl ? 1 - pos : pos
        let thumb = CGRect(x: track.minX + inset + travel * along, y: track.minY + inset, width: thumbWidth, height: diameter)
        let thumbRadius = thumb.height / 2
        // Shadow and fill as one piece (one blend per pixel, one quad).
        ctx.compositing {
            if isEnabled {
                ctx.fillShadow(thumb.offsetBy(dx: 0, dy: 1.5 * s), radius: thumbRadius - 1, blur: 4 * s, color: Theme.shadow)
            }
            ctx.fillRoundedRect(thumb, radius: thumbRadius, color: thumbTintColor ?? Theme.thumbFill)
        }
    }
}
