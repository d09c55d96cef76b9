// UISegmentedControl: its state and public API, and the overrides UIControl and UIView
// call; layout is in UISegmentedControl+Layout.swift, the look in +Drawing, what user
// selections and keyboard moves do in +Interaction.
import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.5%
// instructions in E, +0.2% in B3 and IM (callgrind, `controls-bench --quick --only` the
// scenario), measured 2026-11-28.

/// A horizontal row of segments, one of which is selected; a raised plate slides to the
/// selected segment (white in light mode, a lighter grey in dark mode, as iOS 13+).
///
/// Events (rule D5): a touch selects the enabled segment under the finger when it lifts
/// (dragging between segments moves the pressed highlight). Selecting another segment sends
/// `.valueChanged`, then runs that segment's `UIAction` (if it has one), then
/// `.primaryActionTriggered` (rule B11). Tapping the selected segment sends no value
/// events (the touch events every control sends still flow). Setting
/// ``selectedSegmentIndex`` in code sends nothing.
///
/// Momentary (``isMomentary``): the plate shows only under the finger, every tap sends
/// `.valueChanged`, and ``selectedSegmentIndex`` is not kept: it holds the tapped segment
/// from the lift until the actions that tap sent have been delivered (so a handler can
/// read it, as in UIKit), then returns to ``noSegment``.
///
/// Segment action and momentary-reset deliveries are internal dispatches with an empty
/// control-event mask; an `actionDeliveryObserver` sees them as such (the reset is a
/// `UIAction` identified as "UISegmentedControl.momentaryReset").
///
/// Right-to-left layouts place segment 0 at the right. Keyboard and game controller
/// (focused): Left/Right (arrows, D-pad) move the selection to the next enabled segment that
/// way, sending `.valueChanged`, and the right / left shoulder to the next / previous one;
/// Up/Down move focus. On a momentary control they move a keyboard cursor instead and
/// Space/Return (A) taps it.
///
/// Bad input is never fatal: out-of-range indexes are ignored by setters (inserting clamps
/// the index into range), getters answer nil, false, 0 or ``noSegment``; negative or
/// non-finite widths mean automatic.
@MainActor
open class UISegmentedControl: UIControl, ControlAnimating {
    /// A single tap belongs to the control, not to a tap recognizer on a superview.
    override var defaultActionGestures: DefaultActionGestures { .singleTap }

    /// The index meaning "no segment selected".
    public static let noSegment: Int = -1

    /// One segment's content and settings.
    struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        var width: CGFloat = 0
        var contentOffset: CGSize = .zero
        var action: UIAction?
    }

    /// The segments, in index order.
    @exclusivity(unchecked) var segments: [Segment] = [] { didSet { cachedFrames = nil } }
    /// ``segmentFrames()`` for the bounds and layout direction it was computed for (equal
    /// widths only: widths apportioned by content depend on measurement).
    @exclusivity(unchecked) var cachedFrames: (bounds: CGRect, rtl: Bool, frames: [CGRect])?

    // MARK: Creating

    /// Creates a control with one segment per item: a `String` makes a title segment, a
    /// `UIImage` an image segment; other items are skipped. The frame is the natural size.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String {
                segments.append(Segment(title: title))
            } else if let image = item as? UIImage {
                segments.append(Segment(image: image))
            }
        }
        frame.size = sizeThatFits(.zero)
    }

    /// Creates a control with no segments.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a control with one segment per action (its title and image); the action runs
    /// when the user selects its segment.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { Segment(title: $0.title.isEmpty ? nil : $0.title, image: $0.image, action: $0) }
        if frame.size == .zero { self.frame.size = sizeThatFits(.zero) }
    }

    // MARK: Selection

    /// The selected segment, or ``noSegment``. Setting it in code sends nothing; an index
    /// out of range (other than ``noSegment``) is ignored **(project choice; UIKit raises)**.
    open var selectedSegmentIndex: Int {
        get { storedSelected }
        set {
            guard newValue == Self.noSegment || segments.indices.contains(newValue) else { return }
            guard newValue != storedSelected else { return }
            storedSelected = newValue
            stopPlateAnimation()
            setNeedsDisplay()
        }
    }
    @exclusivity(unchecked) var storedSelected: Int = UISegmentedControl.noSegment

    /// Whether segments act as buttons: the selection shows only while touched and
    /// ``selectedSegmentIndex`` is not kept (rule D5).
    @exclusivity(unchecked) open var isMomentary: Bool = false {
        didSet { if oldValue != isMomentary { keyboardSegment = nil; setNeedsDisplay() } }
    }

    /// The number of segments.
    open var numberOfSegments: Int { segments.count }

    // MARK: Appearance

    /// The fill of the selection plate; nil uses the default (white in light mode, grey in
    /// dark mode).
    @exclusivity(unchecked) open var selectedSegmentTintColor: UIColor? {
        didSet { if oldValue != selectedSegmentTintColor { setNeedsDisplay() } }
    }

    /// The title font. The selected segment uses its semibold weight when it is the
    /// system font.
    @exclusivity(unchecked) open var font: UIFont = .systemFont(ofSize: 13) {
        didSet { if oldValue != font { contentDidChange() } }
    }

    /// The colour of titles and images of unselected segments.
    @exclusivity(unchecked) open var titleColor: UIColor = .label {
        didSet { if oldValue != titleColor { setNeedsDisplay() } }
    }

    /// The colour of the selected segment's title and image; nil picks one that reads on
    /// the plate (the label colour on the default plate, black or white on a custom tint).
    @exclusivity(unchecked) open var selectedTitleColor: UIColor? {
        didSet { if oldValue != selectedTitleColor { setNeedsDisplay() } }
    }

    /// Whether automatic segment widths follow their content (true) or are all equal
    /// (false, the default).
    @exclusivity(unchecked) open var apportionsSegmentWidthsByContent: Bool = false {
        didSet { if oldValue != apportionsSegmentWidthsByContent { contentDidChange() } }
    }

    // MARK: Managing segments

    /// Inserts a title segment. The index is clamped to 0…``numberOfSegments``. `animated`
    /// is accepted for UIKit compatibility; insertions are not animated.
    public func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    /// Inserts an image segment (index clamped as for titles).
    public func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    /// Inserts a segment showing the action's title and image; the action runs when the
    /// user selects the segment (index clamped as for titles).
    public func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title.isEmpty ? nil : action.title, image: action.image, action: action), at: segment)
    }

    private func insert(_ s: Segment, at index: Int) {
        let i = min(max(index, 0), segments.count)
        segments.insert(s, at: i)
        // The same segment stays selected.
        if storedSelected != Self.noSegment, i <= storedSelected { storedSelected += 1 }
        if let k = keyboardSegment, i <= k { keyboardSegment = k + 1 }
        if let h = highlightedSegment, i <= h { highlightedSegment = h + 1 }
        contentDidChange()
    }

    /// Removes a segment; an index out of range is ignored. Removing the selected segment
    /// clears the selection. `animated` is accepted and ignored.
    public func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        func adjust(_ i: Int?) -> Int? {
            guard let i else { return nil }
            if i == segment { return nil }
            return i > segment ? i - 1 : i
        }
        storedSelected = adjust(storedSelected == Self.noSegment ? nil : storedSelected) ?? Self.noSegment
        keyboardSegment = adjust(keyboardSegment)
        highlightedSegment = adjust(highlightedSegment)
        contentDidChange()
    }

    /// Removes every segment and clears the selection.
    public func removeAllSegments() {
        segments.removeAll()
        storedSelected = Self.noSegment
        keyboardSegment = nil
        highlightedSegment = nil
        contentDidChange()
    }

    /// Sets a segment's title; a segment shows a title or an image, so this clears its
    /// image (as UIKit). Out-of-range indexes are ignored.
    public func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        contentDidChange()
    }

    /// A segment's title; nil when it has none or the index is out of range.
    public func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets a segment's image; this clears its title (as UIKit). Out-of-range indexes are
    /// ignored. The image is drawn as a template in the title colour.
    public func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        contentDidChange()
    }

    /// A segment's image; nil when it has none or the index is out of range.
    public func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Enables or disables one segment: a disabled segment is dimmed and can't be selected
    /// by touch or keyboard (code still can). Out-of-range indexes are ignored.
    public func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment), segments[segment].isEnabled != enabled else { return }
        segments[segment].isEnabled = enabled
        if !enabled, highlightedSegment == segment { highlightedSegment = nil }
        setNeedsDisplay()
    }

    /// Whether a segment is enabled; false for an out-of-range index.
    public func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Sets a segment's width in points; 0 (and negative or non-finite values) means
    /// automatic. Out-of-range indexes are ignored.
    public func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = width.isFinite && width > 0 ? width : 0
        contentDidChange()
    }

    /// A segment's set width (0: automatic, and for an out-of-range index).
    public func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// Moves a segment's title or image from its centred position. Non-finite components
    /// become 0; out-of-range indexes are ignored.
    public func setContentOffset(_ offset: CGSize, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].contentOffset = CGSize(width: offset.width.isFinite ? offset.width : 0,
                                                 height: offset.height.isFinite ? offset.height : 0)
        setNeedsDisplay()
    }

    /// A segment's content offset (zero for an out-of-range index).
    public func contentOffsetForSegment(at segment: Int) -> CGSize {
        segments.indices.contains(segment) ? segments[segment].contentOffset : .zero
    }

    // MARK: Segment actions

    /// Replaces a segment's action, title and image with the action's. Out-of-range
    /// indexes are ignored.
    public func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].action = action
        segments[segment].title = action.title.isEmpty ? nil : action.title
        segments[segment].image = action.image
        contentDidChange()
    }

    /// The action of a segment; nil when it has none or the index is out of range.
    public func actionForSegment(at segment: Int) -> UIAction? {
        segments.indices.contains(segment) ? segments[segment].action : nil
    }

    /// The index of the first segment whose action has `identifier`, or ``noSegment``.
    public func segmentIndex(identifiedBy identifier: UIAction.Identifier) -> Int {
        segments.firstIndex { $0.action?.identifier == identifier } ?? Self.noSegment
    }

    private func contentDidChange() {
        stopPlateAnimation()
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Tracking (rule D5)

    /// The enabled segment under the finger while a touch is down inside the slop.
    @exclusivity(unchecked) var highlightedSegment: Int?
    /// The momentary control's keyboard cursor.
    @exclusivity(unchecked) var keyboardSegment: Int?
    /// The action to run between valueChanged and primaryActionTriggered.
    var pendingSegmentAction: UIAction?
    /// Guards the momentary reset against a newer tap.
    var momentaryGeneration = 0

    /// Tracks a touch that goes down on an enabled segment.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let i = enabledSegment(at: touch.location(in: self)) else { return false }
        highlightedSegment = i
        setNeedsDisplay()
        return true
    }

    /// The highlight follows the finger to the enabled segment under it (none outside the
    /// touch slop).
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let i = isInsideSlop(touch) ? enabledSegment(at: touch.location(in: self)) : nil
        if i != highlightedSegment {
            highlightedSegment = i
            setNeedsDisplay()
        }
        return true
    }

    /// Selects the enabled segment under the lift point (within the slop); sends
    /// valueChanged when that changes the selection, or always when momentary.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let target = touch.flatMap { isInsideSlop($0) ? enabledSegment(at: $0.location(in: self)) : nil }
        highlightedSegment = nil
        setNeedsDisplay()
        guard let i = target else { return }
        if isMomentary || i != storedSelected { selectByUser(i, event: event) }
    }

    /// Clears the highlight; the selection is unchanged.
    open override func cancelTracking(with event: UIEvent?) {
        highlightedSegment = nil
        setNeedsDisplay()
        super.cancelTracking(with: event)
    }

    /// Runs the selected segment's action between the valueChanged and the
    /// primaryActionTriggered dispatches.
    open override func primaryActionWillTrigger() {
        if let action = pendingSegmentAction {
            pendingSegmentAction = nil
            enqueueInternal(action)
        }
    }

    /// The segmented control's primary event is `.valueChanged` (rule B11).
    open override var primaryControlEvent: Event? { .valueChanged }

    // MARK: Keyboard and accessibility

    /// Right in left-to-right layouts (D-pad right; the right shoulder): the next enabled segment.
    open override func accessibilityIncrement() { moveSelection(by: 1) }

    /// Left in left-to-right layouts (D-pad left; the left shoulder): the previous enabled segment.
    open override func accessibilityDecrement() { moveSelection(by: -1) }

    /// On a momentary control, Space/Return taps the keyboard cursor's segment (the first
    /// enabled one when there is no cursor): touchDown, valueChanged, the segment's action,
    /// primaryActionTriggered, touchUpInside. Otherwise the default activation.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        guard isMomentary else { return super.accessibilityActivate() }
        guard let i = keyboardSegment.flatMap({ segments.indices.contains($0) && segments[$0].isEnabled ? $0 : nil })
                ?? segments.firstIndex(where: \.isEnabled) else { return false }
        keyboardSegment = i
        sendActions(for: .touchDown)
        selectByUser(i, event: nil)
        sendActions(for: .touchUpInside)
        return true
    }

    /// The selected segment's title (or its image's name), unless set otherwise.
    open override var accessibilityValue: String? {
        get {
            if let v = storedAccessibilityValue { return v }
            guard segments.indices.contains(storedSelected) else { return nil }
            return segments[storedSelected].title ?? segments[storedSelected].image?.name
        }
        set { storedAccessibilityValue = newValue }
    }

    /// `.adjustable`: the arrows (or swipes) move the selection.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }

    // MARK: Geometry

    /// Natural size: 32 high; automatic segments as wide as the widest content (or each its
    /// own content when ``apportionsSegmentWidthsByContent``) plus padding; set widths as set.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let m = textMeasurer
        let natural = segments.map { max(Self.minimumSegmentWidth, contentWidth(of: $0, measurer: m) + Self.contentPadding * 2) }
        let widest = zip(segments, natural).filter { $0.0.width == 0 }.map(\.1).max() ?? 0
        var total: CGFloat = 0
        for (s, n) in zip(segments, natural) {
            total += s.width > 0 ? s.width : (apportionsSegmentWidthsByContent ? n : widest)
        }
        return CGSize(width: total.rounded(.up), height: Self.naturalHeight)
    }

    /// The natural size.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    /// The enabled segment under the pointer, unless it is the selected one (a momentary
    /// control has none), as a well like the pressed one.
    open override func hoverHighlightRect(at location: CGPoint) -> CGRect? {
        guard let i = enabledSegment(at: location), isMomentary || i != storedSelected else { return nil }
        let frames = segmentFrames()
        return frames.indices.contains(i) ? frames[i].insetBy(dx: 2, dy: 2) : nil
    }

    /// The wells' radius (the selection plate's).
    open override var hoverHighlightCornerRadius: CGFloat { max(0, min(Self.backgroundRadius, bounds.height / 2) - 2) }

    // MARK: Sliding plate

    /// Seconds the plate takes to slide to a newly selected segment. The slide is stepped on
    /// the window's frame clock with every other control animation; the plate jumps instead
    /// while ``UIView/areAnimationsEnabled`` is false, inside
    /// ``UIView/performWithoutAnimation(_:)`` and while ``UIControl/isSymbolAnimationEnabled``
    /// is false.
    public static let plateAnimationDuration: TimeInterval = 0.25

    /// The segment the plate slides from, while it slides.
    @exclusivity(unchecked) private var plateOrigin: Int?
    /// How far along the slide the plate is drawn, 0 at ``plateOrigin``, 1 at the selection
    /// (eased).
    @exclusivity(unchecked) private var plateProgress = ControlAnimatedValue<CGFloat>(1)

    /// Slides the plate from segment `old` to the selection (a user's choice), unless
    /// animations are off for this change.
    func startPlateAnimation(from old: Int) {
        stopPlateAnimation()
        guard controlChangeAnimates(true), old != Self.noSegment, old != storedSelected, segments.indices.contains(old) else { return }
        plateOrigin = old
        plateProgress.jump(to: 0)
        plateProgress.animate(to: 1, duration: Self.plateAnimationDuration, curve: .easeOut, at: frameClock.currentTime)
        runControlAnimations()
    }

    func stopPlateAnimation() {
        plateOrigin = nil
        plateProgress.jump(to: 1)
    }

    /// Whether the plate is sliding.
    var isPlateAnimating: Bool { plateProgress.isAnimating }

    /// Steps the plate (``ControlAnimating``).
    func advanceControlAnimations(to time: TimeInterval) -> TimeInterval? {
        guard plateProgress.isAnimating else { return nil }
        let wake = plateProgress.advance(to: time)
        if wake == nil { plateOrigin = nil }
        setNeedsDisplay()
        return wake
    }

    /// Moving to another window (or out of one) ends a slide: it was stepped by the old
    /// window's clock.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if isPlateAnimating {
            stopPlateAnimation()
            setNeedsDisplay()
        }
    }

    /// Where the selection plate is drawn now (nil: no plate): under the finger on a
    /// momentary control, else at the selected segment, part way while sliding.
    var selectionPlateFrame: CGRect? { selectionPlateFrame(in: segmentFrames()) }

    /// ``selectionPlateFrame`` for frames already computed.
    func selectionPlateFrame(in frames: [CGRect]) -> CGRect? {
        let index: Int
        if isMomentary {
            guard isHighlighted, let h = highlightedSegment else { return nil }
            index = h
        } else {
            guard frames.indices.contains(storedSelected) else { return nil }
            index = storedSelected
        }
        let target = frames[index].insetBy(dx: 2, dy: 2)
        guard let origin = plateOrigin, frames.indices.contains(origin) else { return target }
        let e = plateProgress.value
        let from = frames[origin].insetBy(dx: 2, dy: 2)
        return CGRect(x: from.minX + (target.minX - from.minX) * e, y: target.minY,
                      width: from.width + (target.width - from.width) * e, height: target.height)
    }

    // MARK: Look

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// The ring follows the background's rounded corners.
    open override var focusRingCornerRadius: CGFloat { min(Self.backgroundRadius, bounds.height / 2) }

    /// Redraws: the focus ring and the momentary keyboard cursor are drawn in the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Draws the control from its state (geometry is cached between frames; every setter
    /// that changes the look calls `setNeedsDisplay()`).
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        drawContent(in: ctx)
    }
}
