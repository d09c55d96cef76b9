import Foundation

/// A control with a − and a + half that decrease and increase a value by a fixed step.
///
/// Events (rule D4): a tap on the decrement half (left; right in right-to-left layouts)
/// steps down, on the increment half steps up. The value changes at touch-down and
/// `.valueChanged` (then `.primaryActionTriggered`, rule B11) is sent right after
/// `.touchDown`, so it always comes before `.touchUpInside`. Holding a half repeats the
/// step (``autorepeat``): the first repeat comes 0.5 s after touch-down, then one every
/// 0.1 s, only while the finger stays within the touch slop. With ``isContinuous`` false
/// the value still changes during the hold but `.valueChanged` is sent once, when the
/// finger lifts. A cancelled touch stops repeating and sends `.touchCancel` and no
/// `.valueChanged` (as a slider's cancel, rule D3). Setting ``value`` in code sends nothing.
///
/// A half that can't step (at its limit without ``wraps``) is drawn dimmed and takes no
/// touches: a touch on it is not tracked and sends nothing.
///
/// Keyboard and game controller (focused): Right increments, Left decrements (swapped in
/// right-to-left), sending `.valueChanged`; Up and Down move focus. Space/Return (A) act as a
/// tap on the increment half.
///
/// Bad input is never fatal: NaN values are ignored, infinite ones clamped; a
/// ``minimumValue`` above ``maximumValue`` (or the other way round) moves the other bound
/// with it; a zero, negative or non-finite ``stepValue`` is ignored (UIKit raises there).
@MainActor
open class UIStepper: UIControl {
    /// A single tap belongs to the control, not to a tap recognizer on a superview.
    override var defaultActionGestures: DefaultActionGestures { .singleTap }

    /// Seconds from touch-down to the first automatic repeat.
    public static let autorepeatDelay: TimeInterval = 0.5
    /// Seconds between later automatic repeats.
    public static let autorepeatInterval: TimeInterval = 0.1

    /// Which half of the stepper.
    enum Half { case decrement, increment }

    // MARK: Value

    /// The value, always within ``minimumValue``…``maximumValue``. Setting it in code sends
    /// nothing; NaN is ignored (the old value is kept) and other values are clamped. The
    /// stepper shows no number, so it is drawn again only when a half reaches or leaves its
    /// limit (a subclass that draws the value calls `setNeedsDisplay()` itself).
    open var value: Double {
        get { storedValue }
        set {
            guard !newValue.isNaN else { return }
            let v = min(max(newValue, storedMinimum), storedMaximum)
            guard v != storedValue else { return }
            let before = steppableHalves
            storedValue = v
            valueDidChange(steppableBefore: before)
        }
    }
    private var storedValue: Double = 0

    /// The lowest value (default 0). Non-finite values are ignored. Setting it above
    /// ``maximumValue`` raises the maximum to match **(project choice; UIKit raises)**;
    /// the value is clamped into the new range.
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            guard newValue.isFinite else { return }
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            clampValue()
        }
    }
    private var storedMinimum: Double = 0

    /// The highest value (default 100). Non-finite values are ignored. Setting it below
    /// ``minimumValue`` lowers the minimum to match **(project choice; UIKit raises)**; the
    /// value is clamped into the new range.
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            guard newValue.isFinite else { return }
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            clampValue()
        }
    }
    private var storedMaximum: Double = 100

    /// How much one step changes the value (default 1). Must be positive and finite: UIKit
    /// raises for a step ≤ 0; here such a value (and NaN or infinity) is ignored and the
    /// old step kept **(project choice)**.
    open var stepValue: Double {
        get { storedStep }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            storedStep = newValue
        }
    }
    private var storedStep: Double = 1

    /// Whether holding a half repeats the step (default true).
    open var autorepeat: Bool = true {
        didSet { if !autorepeat { stopRepeating() } }
    }

    /// Whether `.valueChanged` is sent for every step while a half is held (default true);
    /// false sends it once when the finger lifts.
    open var isContinuous: Bool = true

    /// Whether stepping past ``maximumValue`` gives ``minimumValue`` and below the minimum
    /// gives the maximum (default false: the value stops at the limit).
    open var wraps: Bool = false {
        didSet { if oldValue != wraps { setNeedsDisplay() } }
    }

    // MARK: Images

    private var incrementImages: [UInt: UIImage] = [:]
    private var decrementImages: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// Sets the image drawn on the increment half for a state (tinted like the built-in +).
    public func setIncrementImage(_ image: UIImage?, for state: State) {
        incrementImages[state.rawValue] = image
        setNeedsDisplay()
    }
    /// The increment image for a state, else the normal one.
    public func incrementImage(for state: State) -> UIImage? { lookup(incrementImages, state) }

    /// Sets the image drawn on the decrement half for a state (tinted like the built-in −).
    public func setDecrementImage(_ image: UIImage?, for state: State) {
        decrementImages[state.rawValue] = image
        setNeedsDisplay()
    }
    /// The decrement image for a state, else the normal one.
    public func decrementImage(for state: State) -> UIImage? { lookup(decrementImages, state) }

    /// Sets a background image stretched over the whole stepper for a state (replaces the
    /// built-in plate and divider).
    public func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        setNeedsDisplay()
    }
    /// The background image for a state, else the normal one.
    public func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }

    private func lookup(_ table: [UInt: UIImage], _ state: State) -> UIImage? {
        if let v = table[state.rawValue] { return v }
        for flag in [State.disabled, .highlighted, .selected, .focused] where state.contains(flag) {
            if let v = table[flag.rawValue] { return v }
        }
        return table[State.normal.rawValue]
    }

    // MARK: Tracking state

    /// The half the current touch went down on (nil when not tracking).
    var pressedHalf: Half?
    private var repeatTimer: FrameTimer?
    /// Whether the value changed during the current touch (for the non-continuous send).
    private var changedDuringTouch = false
    /// The value when the tracked touch began: a non-continuous stepper returns to it when
    /// the touch is cancelled, since its targets heard of no change.
    private var valueAtTouchStart: Double = 0

    // MARK: Creating

    /// Creates a stepper; its natural size is 94×32 (use ``UIView/sizeToFit()`` or the frame).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a stepper of the natural size.
    public convenience init() {
        self.init(frame: CGRect(x: 0, y: 0, width: 94, height: 32))
    }

    // MARK: Stepping

    /// Whether a half can step: not at its limit, or ``wraps`` is on.
    func canStep(_ half: Half) -> Bool {
        if wraps { return storedMaximum > storedMinimum }
        switch half {
        case .increment: return storedValue < storedMaximum
        case .decrement: return storedValue > storedMinimum
        }
    }

    /// Steps the value once; returns whether it changed.
    @discardableResult
    func step(_ half: Half) -> Bool {
        guard canStep(half) else { return false }
        var next = half == .increment ? storedValue + storedStep : storedValue - storedStep
        if next > storedMaximum {
            next = wraps ? storedMinimum : storedMaximum
        } else if next < storedMinimum {
            next = wraps ? storedMaximum : storedMinimum
        }
        guard next != storedValue else { return false }
        let before = steppableHalves
        storedValue = next
        valueDidChange(steppableBefore: before)
        return true
    }

    private func clampValue() {
        let v = min(max(storedValue, storedMinimum), storedMaximum)
        if v != storedValue { storedValue = v }
        setNeedsDisplay()   // a new range: a half may have reached or left its limit
    }

    /// Which halves can step (decrement, increment): all the drawing shows of the value.
    private var steppableHalves: (Bool, Bool) { (canStep(.decrement), canStep(.increment)) }

    /// The stepper shows no number, only whether each half can step: a value that moves
    /// within the range (a game setting it every frame) draws nothing new.
    private func valueDidChange(steppableBefore before: (Bool, Bool)) {
        if steppableHalves != before { setNeedsDisplay() }
    }

    /// The half under a point in the stepper's coordinates (left is decrement, right is
    /// increment; swapped in right-to-left layouts).
    func half(at point: CGPoint) -> Half {
        let left = point.x < bounds.midX
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        return left != rtl ? .decrement : .increment
    }

    // MARK: Tracking (rule D4)

    /// Tracks a touch only on a half that can step; remembers the half.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let h = half(at: touch.location(in: self))
        guard canStep(h) else { return false }
        pressedHalf = h
        changedDuringTouch = false
        setNeedsDisplay()
        return true
    }

    /// Steps once after `.touchDown` has been sent (so valueChanged follows it), then starts
    /// the autorepeat timer.
    override func trackingDidBegin(_ touch: UITouch, with event: UIEvent?) {
        guard let h = pressedHalf else { return }
        valueAtTouchStart = value
        stepFromTouch(h, event: event)
        guard trackingTouch === touch, autorepeat, canStep(h) else { return }
        repeatTimer = frameClock.scheduleTimer(after: UIStepper.autorepeatDelay,
                                                          repeating: UIStepper.autorepeatInterval) { [weak self] timer in
            guard let self else { timer.invalidate(); return }
            self.autorepeatFired(timer)
        }
    }

    private func autorepeatFired(_ timer: FrameTimer) {
        guard timer === repeatTimer, isTracking, let h = pressedHalf else { timer.invalidate(); return }
        // Paused while the finger is outside the slop or the control is disabled (C9 keeps
        // tracking alive, but a disabled stepper must not change its value).
        guard isTouchInside, isEnabled else { return }
        stepFromTouch(h, event: nil)
        if !canStep(h) { stopRepeating() }
    }

    private func stepFromTouch(_ h: Half, event: UIEvent?) {
        guard step(h) else { return }
        changedDuringTouch = true
        if isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    /// Keeps the pressed half; its highlight follows the finger (base class).
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        setNeedsDisplay()
        return true
    }

    /// Stops repeating; a non-continuous stepper sends its one `.valueChanged` here, before
    /// the touch-up event.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        stopRepeating()
        pressedHalf = nil
        setNeedsDisplay()
        if !isContinuous && changedDuringTouch {
            changedDuringTouch = false
            sendActions(for: .valueChanged, with: event)
        }
        changedDuringTouch = false
    }

    /// Stops repeating; sends `.touchCancel` and no `.valueChanged`. A non-continuous
    /// stepper, whose targets heard nothing yet, returns to the value it had when the touch
    /// began; a continuous one keeps the last value it reported **(project choice, as rule D3
    /// for sliders: targets always know the value)**.
    open override func cancelTracking(with event: UIEvent?) {
        stopRepeating()
        pressedHalf = nil
        if !isContinuous && changedDuringTouch { value = valueAtTouchStart }
        changedDuringTouch = false
        setNeedsDisplay()
        super.cancelTracking(with: event)
    }

    private func stopRepeating() {
        repeatTimer?.invalidate()
        repeatTimer = nil
    }

    /// Whether the autorepeat timer is running (for tests and debugging).
    var isRepeating: Bool { repeatTimer?.isValid ?? false }

    /// The stepper's primary event is `.valueChanged` (rule B11).
    open override var primaryControlEvent: Event? { .valueChanged }

    // MARK: Keyboard and accessibility

    /// Right (D-pad right): one step up, sending `.valueChanged` (nothing at the limit without wraps).
    open override func accessibilityIncrement() {
        guard isEnabled, step(.increment) else { return }
        sendActions(for: .valueChanged)
    }

    /// Left (D-pad left): one step down, sending `.valueChanged` (nothing at the limit without wraps).
    open override func accessibilityDecrement() {
        guard isEnabled, step(.decrement) else { return }
        sendActions(for: .valueChanged)
    }

    /// Space/Return: the events of a tap on the increment half: touchDown, valueChanged
    /// (and primaryActionTriggered), touchUpInside. Nothing when it can't step.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled, canStep(.increment) else { return false }
        sendActions(for: .touchDown)
        if step(.increment) { sendActions(for: .valueChanged) }
        sendActions(for: .touchUpInside)
        return true
    }

    /// The value as text ("5", "0.25"), unless set otherwise.
    open override var accessibilityValue: String? {
        get { storedAccessibilityValue ?? UIStepper.format(storedValue) }
        set { storedAccessibilityValue = newValue }
    }

    /// `.adjustable`.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }

    /// Whole numbers without a fraction; others with up to 10 significant digits, so
    /// accumulated float noise (0.1 + 0.2) reads as "0.3".
    static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(format: "%.10g", v)
    }

    // MARK: Size

    /// 94×32, UIKit's stepper size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 94, height: 32) }

    /// 94×32.
    open override var intrinsicContentSize: CGSize { CGSize(width: 94, height: 32) }

    /// Steppers hug their fixed size at 750 on both axes, as in UIKit.
    override var defaultContentHuggingPriority: UILayoutPriority { .defaultHigh }

    // MARK: Look

    /// Corner radius of the plate.
    static let plateRadius: CGFloat = 8

    /// The ring follows the plate's rounded corners.
    open override var focusRingCornerRadius: CGFloat { min(UIStepper.plateRadius, bounds.height / 2) }

    /// Redraws: the − and + glyphs are drawn in the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// The half under the pointer, while it can step, as a well inside the plate.
    open override func hoverHighlightRect(at location: CGPoint) -> CGRect? {
        let h = half(at: location)
        return canStep(h) ? rect(of: h).insetBy(dx: 2, dy: 2) : nil
    }

    /// The wells' radius: the plate's less the inset.
    open override var hoverHighlightCornerRadius: CGFloat { max(0, min(UIStepper.plateRadius, bounds.height / 2) - 2) }

    /// The rectangles of the two halves in the stepper's coordinates.
    func rect(of h: Half) -> CGRect {
        let b = bounds
        let leftHalf = CGRect(x: b.minX, y: b.minY, width: b.width / 2, height: b.height)
        let rightHalf = CGRect(x: b.midX, y: b.minY, width: b.width - b.width / 2, height: b.height)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        return (h == .decrement) != rtl ? leftHalf : rightHalf
    }

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// Draws the control from its state (geometry is cached between frames; every setter
    /// that changes the look calls `setNeedsDisplay()`; the disabled fade is the drawing
    /// system's).
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        guard b.width > 0, b.height > 0 else { return }
        let radius = min(UIStepper.plateRadius, b.height / 2)
        let enabled = isEnabled

        if let bg = backgroundImage(for: state) {
            ctx.drawImage(bg, in: b, tint: .white)
        } else {
            ctx.fillRoundedRect(b, radius: radius, color: Theme.controlFill)
            // The pressed half darkens while the finger is on it.
            if isHighlighted, let h = pressedHalf {
                let r = self.rect(of: h)
                // Only the outer corners are round: fill the rounded plate clipped to the half
                // by drawing a rounded rect twice as wide and covering the inner edge.
                let isLeft = r.minX <= b.minX
                ctx.fillRoundedRect(r, radius: radius, color: Theme.controlFillPressed)
                let inner = CGRect(x: isLeft ? r.maxX - radius : r.minX, y: r.minY, width: radius, height: r.height)
                ctx.fill(inner, color: Theme.controlFillPressed)
            }
            // Divider.
            let inset = (b.height * 0.25).rounded()
            ctx.fill(CGRect(x: (b.midX - 0.5), y: b.minY + inset, width: 1, height: b.height - inset * 2),
                     color: Self.dividerColor)
        }

        for h in [Half.decrement, .increment] {
            let r = self.rect(of: h)
            let pressed = isHighlighted && pressedHalf == h
            let halfState: State = enabled && canStep(h) ? (pressed ? .highlighted : .normal) : .disabled
            let image = h == .increment ? incrementImage(for: halfState) : decrementImage(for: halfState)
            // Images set with `setIncrementImage(_:for:)` and its siblings take the tint; the
            // built-in glyphs are in the label colour, as iOS 13 and later draw them.
            let ink: UIColor = image != nil ? tintColor : .label
            // A half at its limit dims on its own; a disabled stepper dims as a whole.
            ctx.drawingDisabled(!canStep(h)) { ctx.withAlpha(pressed ? 0.7 : 1) {
                if let image {
                    let s = image.size
                    let f = CGRect(x: (r.midX - s.width / 2).rounded(), y: (r.midY - s.height / 2).rounded(), width: s.width, height: s.height)
                    ctx.drawImage(image, in: f, tint: ink)
                    return
                }
                // Built-in glyphs: a bar, plus a vertical bar for +.
                let arm = (min(r.height, r.width) * 0.22).rounded()
                let c = CGPoint(x: r.midX, y: r.midY)
                let thickness: CGFloat = 2
                ctx.fill(CGRect(x: c.x - arm, y: c.y - thickness / 2, width: arm * 2, height: thickness), color: ink)
                if h == .increment {
                    ctx.fill(CGRect(x: c.x - thickness / 2, y: c.y - arm, width: thickness, height: arm * 2), color: ink)
                }
            } }
        }
    }

    /// The line between the halves.
    static let dividerColor = UIColor(light: UIColor(rgb: 0xC7C7CC), dark: UIColor(rgb: 0x545458))
}
