import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.3%
// instructions in E, +0.2% in IM, B3 and S (callgrind, `controls-bench --quick --only` the
// scenario), measured 2026-11-28.

/// The base class of controls: views that turn touches into control events and deliver them
/// as actions to targets (target-action, `UIAction`s), with UIKit's semantics.
///
/// - State: ``isEnabled``, ``isSelected``, ``isHighlighted`` and ``state`` (rule A2).
/// - Registry: `addTarget`, `removeTarget`, `addAction` … in `UIControl+TargetAction.swift`
///   (rules B1–B11).
/// - Tracking: override ``beginTracking(_:with:)``, ``continueTracking(_:with:)``,
///   ``endTracking(_:with:)`` and ``cancelTracking(with:)`` to build a custom control
///   (rules C2–C10; the touch plumbing is at the end of this file).
@MainActor
open class UIControl: UIView {
    var entries: [ControlEntry] = []
    var trackingTouch: UITouch?
    /// How many times the control has sent `valueChanged` (with targets or not): an arrow or
    /// D-pad step that sends none left the control where it was (see
    /// `UIWindow.performDirectionalStep`).
    @exclusivity(unchecked) var valueChangesSent: UInt = 0

    /// Creates a control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        storedFocusEffect = UIFocusEffect.system
    }

    /// Creates a control whose `primaryAction` runs on ``Event/primaryActionTriggered``.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: State (rule A2)

    /// Whether the control takes touches. A disabled control is skipped by hit-testing
    /// (rule C1) and has ``State/disabled`` in its state. Disabling a control clears its
    /// highlight **(project choice)** but does not cancel a touch it is tracking (rule C9).
    @exclusivity(unchecked) open var isEnabled: Bool = true {
        didSet {
            guard oldValue != isEnabled else { return }
            if !isEnabled { isHighlighted = false }
            stateDidChange()
        }
    }

    /// Whether the control is selected. Touches never change it on a plain control (rule C10).
    @exclusivity(unchecked) open var isSelected: Bool = false {
        didSet { if oldValue != isSelected { stateDidChange() } }
    }

    /// Whether the control is highlighted (a touch is down inside it). Setting true is
    /// ignored while the control is disabled (rule C9).
    open var isHighlighted: Bool {
        get { storedHighlighted }
        set {
            let value = newValue && isEnabled
            guard value != storedHighlighted else { return }
            storedHighlighted = value
            stateDidChange()
        }
    }
    @exclusivity(unchecked) private var storedHighlighted = false

    /// Whether the control shows focus: the window's focus system sets it while the control
    /// is its window's ``UIWindow/focusedView`` and ``UIWindow/isFocusRingVisible`` is true
    /// (the last input was a key or a controller, not a touch), and clears it when either
    /// stops (a control disabled or hidden while focused loses focus at the window's next
    /// ``UIView/updateFocusIfNeeded()``, once a frame in the host). While true the control has ``State/focused`` and draws a focus ring. Setting
    /// it yourself draws the focused look (the gallery does) until the focus system next
    /// changes it.
    open override var isFocused: Bool {
        get { storedFocused }
        set {
            guard newValue != storedFocused else { return }
            storedFocused = newValue
            stateDidChange()
        }
    }
    @exclusivity(unchecked) private var storedFocused = false

    /// The combined state: ``State/disabled`` when not enabled, plus the highlighted,
    /// selected and focused flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        if isFocused { s.insert(.focused) }
        return s
    }

    /// Called after ``UIControl/isEnabled``, ``UIControl/isSelected``, ``UIControl/isHighlighted`` or ``UIControl/isFocused`` changes.
    /// The default marks the control for redrawing; subclasses update their look here.
    open func stateDidChange() {
        setNeedsDisplay()
    }

    /// Whether the control animates the changes of its own look. UIKit's property of this
    /// name lets a control animate its symbol images; this project draws no symbol effects,
    /// so here it stands for the control's state-change animations: a switch's thumb
    /// sliding, a slider's thumb gliding to a value set with `animated: true`, a segmented
    /// control's selection plate sliding, a date picker's wheels spinning to rest. While it
    /// is false each of these jumps to where it would end (one already under way finishes as
    /// it started). True by default. Whatever it says, nothing animates while
    /// ``UIView/areAnimationsEnabled`` is false or inside ``UIView/performWithoutAnimation(_:)``.
    open var isSymbolAnimationEnabled: Bool = true

    /// Whether a touch is being tracked.
    @exclusivity(unchecked) public internal(set) var isTracking: Bool = false

    /// Whether the tracked touch is inside the control's bounds grown by
    /// ``touchSlopMargin`` (rule C4).
    @exclusivity(unchecked) public internal(set) var isTouchInside: Bool = false

    // MARK: Content alignment (rule A3)

    /// Horizontal placement of content; center by default.
    @exclusivity(unchecked) open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { if oldValue != contentHorizontalAlignment { setNeedsLayout(); setNeedsDisplay() } }
    }

    /// Vertical placement of content; center by default.
    @exclusivity(unchecked) open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { if oldValue != contentVerticalAlignment { setNeedsLayout(); setNeedsDisplay() } }
    }

    /// ``contentHorizontalAlignment`` with leading and trailing resolved to left or right
    /// for the view's layout direction.
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rtl ? .right : .left
        case .trailing: return rtl ? .left : .right
        default: return contentHorizontalAlignment
        }
    }

    // MARK: Primary action (rule B11)

    /// The event after which a separate ``Event/primaryActionTriggered`` dispatch follows;
    /// nil (none) for a plain control. Buttons answer touchUpInside; value controls
    /// valueChanged; text fields editingDidEndOnExit.
    open var primaryControlEvent: Event? { nil }

    /// Called just before the ``Event/primaryActionTriggered`` dispatch (buttons toggle
    /// selection here when `changesSelectionAsPrimaryAction` is set).
    open func primaryActionWillTrigger() {}

    // MARK: Sending (rule B12)

    /// Sends one target-action dispatch; every target-action entry goes through here, so
    /// overriding it observes or changes them all. The default forwards to
    /// `UIApplication.shared.sendAction(_:to:from:for:)` with the control as sender.
    /// `UIAction` handlers run directly, not through this method.
    open func sendAction(_ action: ActionSelector, to target: AnyObject?, for event: UIEvent?) {
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }

    // MARK: Tracking (override points, rules C2–C7)

    /// A touch went down on the control. Return true to track it: the control becomes
    /// highlighted and sends ``Event/touchDown``. The default returns true. If the touch ends
    /// while this runs (the control left its window), ``cancelTracking(with:)`` follows at
    /// once with a nil event and nothing is sent.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved. Return true to keep tracking (drag events follow); false
    /// ends tracking at once. The default returns true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted (or tracking ended because ``continueTracking(_:with:)``
    /// returned false). The default does nothing.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// The system cancelled the tracked touch. The default ends tracking, clears the
    /// highlight and sends ``Event/touchCancel``; call super when overriding (rule C7).
    open func cancelTracking(with event: UIEvent?) {
        let wasTracking = isTracking
        finishTracking()
        if wasTracking { sendActions(for: .touchCancel, with: event) }
    }

    // MARK: Touches (UIResponder), see Tracking at the end of this file

    /// Starts tracking (rule C2). A right- or middle-button click (a touch that began without
    /// ``UIEvent/ButtonMask/primary``) doesn't press a control: it goes on up the responder
    /// chain, where a view can read ``UIEvent/buttonMask`` **(project choice, as Mac Catalyst
    /// controls and UIKit's gesture recognizers, which require the primary button by default)**.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touches.contains(where: { !$0.isPrimaryPress }) {
            let other = touches.filter { !$0.isPrimaryPress }
            super.touchesBegan(other, with: event)
            guard other.count < touches.count else { return }
            handleTouchesBegan(touches.subtracting(other), with: event)
            return
        }
        handleTouchesBegan(touches, with: event)
    }

    /// Continues tracking (rule C4).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let other = nonPrimary(touches) { super.touchesMoved(other, with: event) }
        handleTouchesMoved(touches, with: event)
    }

    /// Ends tracking (rule C6).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let other = nonPrimary(touches) { super.touchesEnded(other, with: event) }
        handleTouchesEnded(touches, with: event)
    }

    /// Cancels tracking (rules C7, C8).
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let other = nonPrimary(touches) { super.touchesCancelled(other, with: event) }
        handleTouchesCancelled(touches, with: event)
    }

    /// Called once a touch has begun tracking and its `touchDown` (and `touchDownRepeat`) were
    /// sent, while the control still tracks it (an immediate-mode `touchDown` action may have
    /// cancelled it). The one hook for what follows the press in the standard controls: a
    /// slider's first `valueChanged`, a stepper's first step and its autorepeat.
    func trackingDidBegin(_ touch: UITouch, with event: UIEvent?) {}

    /// The right- or middle-button touches among `touches` (passed up the chain), or nil.
    private func nonPrimary(_ touches: Set<UITouch>) -> Set<UITouch>? {
        guard touches.contains(where: { !$0.isPrimaryPress }) else { return nil }
        return touches.filter { !$0.isPrimaryPress }
    }

    // MARK: Gesture recognizers on superviews

    /// Refuses a recognizer on a superview whose gesture is this control's default action, so
    /// the control keeps it, as UIKit documents since iOS 6: a single tap with one finger on a
    /// button, switch, stepper, segmented control or page control; a one-finger drag or swipe
    /// along a slider, beginning on its thumb; a one-finger horizontal drag or swipe on a
    /// switch. Recognizers on the control itself are left alone.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let owner = gestureRecognizer.view, owner !== self, isDescendant(of: owner), takesDefaultAction(of: gestureRecognizer) {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// The gestures that are this control's own default action.
    struct DefaultActionGestures: OptionSet {
        let rawValue: Int
        /// A single tap with one finger.
        static let singleTap = DefaultActionGestures(rawValue: 1 << 0)
        /// A one-finger drag or swipe that is mostly horizontal.
        static let horizontalDrag = DefaultActionGestures(rawValue: 1 << 1)
        /// The same, beginning on the thumb (``thumbContains(windowPoint:)``).
        static let horizontalDragOnThumb = DefaultActionGestures(rawValue: 1 << 2)
    }

    /// What this kind of control keeps from recognizers on its superviews.
    var defaultActionGestures: DefaultActionGestures { [] }

    /// Whether a drag that began at `point` (window points) began on the control's thumb.
    func thumbContains(windowPoint point: CGPoint) -> Bool { true }

    private func takesDefaultAction(of r: UIGestureRecognizer) -> Bool {
        let kinds = defaultActionGestures
        guard !kinds.isEmpty else { return false }
        // Controls ignore right and middle clicks, so those gestures are never theirs.
        if let tap = r as? UITapGestureRecognizer {
            guard kinds.contains(.singleTap), tap.buttonMaskRequired == .primary else { return false }
            return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
        }
        guard r.trackedTouches.allSatisfy(\.isPrimaryPress) else { return false }
        guard kinds.contains(.horizontalDrag) || kinds.contains(.horizontalDragOnThumb),
              r.numberOfTouches <= 1, let (start, displacement) = r.dragSoFar,
              abs(displacement.x) >= abs(displacement.y) else { return false }
        return kinds.contains(.horizontalDrag) || thumbContains(windowPoint: start)
    }

    // MARK: Keyboard focus

    /// Enabled controls can take focus (keyboard and game controller).
    open override var canBecomeFocused: Bool { isEnabled }

    /// Activation (Space or Return, a controller's A) sends the events a tap sends:
    /// touchDown, then touchUpInside (and the primary action that follows it, rule B11), each
    /// its own dispatch, queued like a tap's (rule E1), with a nil event. Disabled controls
    /// do nothing.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .touchDown)
        sendActions(for: .touchUpInside)
        return true
    }

    /// The corner radius of the focus ring drawn around the control while focused.
    open var focusRingCornerRadius: CGFloat { cornerRadius }

    /// The rectangle the focus ring goes around (a ``UIFocusHaloEffect`` with a shape of its
    /// own comes first): the bounds, or a plate-less button's room around its title.
    var focusRingShape: CGRect { bounds }

    override func drawStateOverlays(in context: DrawContext, bounds: CGRect) {
        drawHoverAndFocus(in: context, bounds: bounds)
    }

    // MARK: Hover look (UIControl+Hover.swift)

    /// The hover highlight the control's cached geometry was last drawn with.
    @exclusivity(unchecked) var drawnHoverHighlight: CGRect?

    /// Where the control shows its hover look for a pointer at `location` (bounds
    /// coordinates): the rectangle a translucent highlight fills, rounded by
    /// ``hoverHighlightCornerRadius``; nil for none. Asked only while the control is hovered,
    /// enabled and not highlighted. The base class returns nil: a custom control has no hover
    /// look until it says where (as a UIKit control has no pointer effect until it adds one).
    /// Buttons return their plate, a segmented control the unselected segment under the
    /// pointer, a stepper the half that can step **(project choice, after iPadOS's pointer
    /// highlight effect)**.
    open func hoverHighlightRect(at location: CGPoint) -> CGRect? { nil }

    /// The corner radius of the hover highlight (``hoverHighlightRect(at:)``); the focus
    /// ring's by default.
    open var hoverHighlightCornerRadius: CGFloat { focusRingCornerRadius }

    /// Redraws the hover look if it changed. Call super when overriding.
    open override func hoverBegan(at location: CGPoint) { refreshHoverHighlight() }

    /// Redraws the hover look if it moved (another segment or half). Call super when overriding.
    open override func hoverMoved(to location: CGPoint) { refreshHoverHighlight() }

    /// Takes the hover look away. Call super when overriding.
    open override func hoverEnded() { refreshHoverHighlight() }

    // MARK: Hit-testing and accessibility

    /// Disabled controls take no touches (rule C1).
    open override var canReceiveTouches: Bool { isEnabled }

    /// Controls are accessibility elements unless told otherwise.
    open override var isAccessibilityElement: Bool {
        get { storedIsAccessibilityElement ?? true }
        set { storedIsAccessibilityElement = newValue }
    }

    /// The traits set on the control plus `notEnabled` while disabled and `selected` while
    /// selected.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get {
            var t = storedAccessibilityTraits ?? defaultAccessibilityTraits
            if !isEnabled { t.insert(.notEnabled) }
            if isSelected { t.insert(.selected) }
            return t
        }
        set { storedAccessibilityTraits = newValue }
    }

    /// The traits a kind of control has before any are set (buttons: `.button`).
    open var defaultAccessibilityTraits: UIAccessibilityTraits { [] }
}

// MARK: - Tracking
/// The touch plumbing behind the tracking methods (rules C2–C9), beside the `touches…`
/// overrides that call it, so one file follows a touch from the window to the control events.
/// Read in order: a touch goes down (`handleTouchesBegan`), moves, and lifts or is cancelled;
/// each step calls the overridable hook and then sends control events through
/// `sendActions(for:with:)` (`UIControl+TargetAction.swift`).
extension UIControl {
    func handleTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // One tracked touch at a time; others (multiple-touch controls) are ignored.
        guard trackingTouch == nil, let touch = touches.first(where: { $0.phase == .began }) ?? touches.first else { return }
        guard beginTracking(touch, with: event) else { return }   // C3: nothing for this touch
        if touch.phase == .cancelled || touch.phase == .ended {
            // The hook ended the touch itself (it removed the control from its window, or
            // cancelled every touch): close the accepted touch at once, so the control is not
            // left tracking a touch that will never come back. Nothing was sent, so neither is
            // touchCancel (the base cancelTracking sends it only while tracking).
            cancelTracking(with: nil)
            finishTracking()
            return
        }
        trackingTouch = touch
        touch.trackingControl = self
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown, with: event)                   // C2
        // An immediate-mode touchDown action may have cancelled tracking already.
        if touch.tapCount >= 2, trackingTouch === touch {
            sendActions(for: .touchDownRepeat, with: event)
        }
        if isTracking, trackingTouch === touch { trackingDidBegin(touch, with: event) }
    }

    func handleTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        let keepTracking = continueTracking(touch, with: event)
        // The hook may have cancelled tracking itself (cancelTracking, or removing the control
        // from its window): that was this touch's one ending.
        guard isTracking, trackingTouch === touch else { return }
        guard keepTracking else {
            // C5: tracking ends at once. endTracking is still called (project choice), so
            // every tracked touch ends in exactly one of endTracking or cancelTracking.
            trackingTouch = nil   // a cancel from inside endTracking finds nothing to cancel
            endTracking(touch, with: event)
            finishTracking()
            return
        }
        let inside = isInsideSlop(touch)
        let changed = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if changed {
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)
            // An immediate-mode action may have cancelled tracking: nothing more for this move.
            guard trackingTouch === touch else { return }
        }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)   // C4
    }

    func handleTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        let inside = isInsideSlop(touch)
        if inside != isTouchInside {
            isTouchInside = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)    // C6
            // An immediate-mode action may have cancelled tracking: then it is not also ended.
            guard trackingTouch === touch else { return }
        }
        // Cleared before endTracking, so a cancel caused from inside it (the control removing
        // itself from its window) finds nothing to cancel: the touch ends exactly once.
        trackingTouch = nil
        endTracking(touch, with: event)
        isTracking = false
        isHighlighted = false
        sendActions(for: inside ? .touchUpInside : .touchUpOutside, with: event)
        isTouchInside = false
    }

    func handleTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
        cancelTracking(with: event)   // C7 (C8: event is nil when the control left its window)
        // An override that forgot super must not leave the control stuck tracking.
        finishTracking()
    }

    /// Clears the tracking state without sending anything.
    func finishTracking() {
        trackingTouch = nil
        isTracking = false
        isHighlighted = false
        isTouchInside = false
    }

    /// Whether the touch is within the bounds grown by ``touchSlopMargin`` (rule C4).
    func isInsideSlop(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -UIControl.touchSlopMargin, dy: -UIControl.touchSlopMargin)
            .contains(touch.location(in: self))
    }
}
