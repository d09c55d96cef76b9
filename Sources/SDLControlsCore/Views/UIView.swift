import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +2.2%
// instructions in IM, +2.8% in B3, +1.8% in S, +1.6% in E (callgrind,
// `controls-bench --quick --only` the scenario), measured 2026-11-28.

/// A rectangular area of the retained tree: it has a frame in its superview, subviews drawn
/// over it in order, and takes part in hit-testing, layout and drawing.
///
/// Geometry: `bounds` is placed at `center` in the superview and turned, scaled or moved about
/// that centre by ``transform`` (see UIView+Transform.swift); `frame` is the box around the
/// result. All coordinates are points; the SDL host scales to pixels. The geometry and look
/// properties animate (see ``animate(withDuration:delay:options:animations:completion:)``).
@MainActor
open class UIView: UIResponder {
    // Storage lives here; behaviour is split into UIView+Facet.swift files.
    @exclusivity(unchecked) var storedFrame: CGRect
    @exclusivity(unchecked) var storedBoundsOrigin: CGPoint = .zero
    /// Views under this one, back to front. Strong, as in UIKit.
    @exclusivity(unchecked) public internal(set) var subviews: [UIView] = [] {
        didSet { subviewsChanged = true }   // the next drawing pass visits them all
    }
    // `unowned(unsafe)`, not `unowned`: a subclass's `deinit` may remove its subviews, which
    // reads this while the superview is being freed (a checked `unowned` read traps there);
    // `weak` costs +0.8% instructions in IM, +0.3% in B3 (callgrind, `controls-bench --quick
    // --only` the scenario), measured 2026-11-28.
    /// Not retained (the superview holds this view): cleared when this view leaves it and
    /// when the superview is freed (its `deinit`), as UIKit clears it in `dealloc`. Not
    /// `weak`: a weakly referenced object keeps its counts in a side table, which made every
    /// retain and release of a view with subviews take the runtime's slow path.
    @exclusivity(unchecked) unowned(unsafe) var storedSuperview: UIView?
    @exclusivity(unchecked) weak var storedWindow: UIWindow?
    @exclusivity(unchecked) var needsLayout = true
    /// This view or a descendant needs layout: layout passes skip branches where it is false,
    /// so a frame with nothing to lay out doesn't walk the whole tree.
    @exclusivity(unchecked) var subtreeNeedsLayout = true
    /// Inside this view's own `layoutSubviews()`: subviews it resizes then don't mark it as
    /// needing layout again (it is the one placing them), so a layout pass settles in one go.
    @exclusivity(unchecked) var isLayingOutSubviews = false
    @exclusivity(unchecked) var storedTintColor: UIColor?
    /// The inherited tint, found once (``notifyTintChange()`` forgets it whenever it can change).
    @exclusivity(unchecked) var cachedTint: UIColor?
    /// Whether ``cachedTint`` was set on this view or an ancestor (not the default blue).
    @exclusivity(unchecked) private var cachedTintIsExplicit = false
    /// Bumped whenever something that changes the drawing of this view changes; the draw
    /// traversal compares it to reuse cached geometry.
    @exclusivity(unchecked) public internal(set) var appearanceGeneration: UInt64 = 1

    /// Creates a view with a frame in its future superview's coordinates.
    public init(frame: CGRect) {
        storedFrame = UIView.sanitized(frame)
        super.init()
    }

    isolated deinit {
        // Subviews that outlive this view (held elsewhere) must not point at freed memory.
        for sub in subviews { sub.storedSuperview = nil }
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Appearance properties

    /// Whether the view (and its subviews) are drawn and hit-tested. Hidden views get no
    /// touches; hiding a control mid-touch does not cancel its tracking (rule C9).
    /// Hidden arranged subviews of a ``UIStackView`` collapse: hiding or showing one lays
    /// the stack out again.
    @exclusivity(unchecked) open var isHidden: Bool = false {
        didSet {
            guard oldValue != isHidden else { return }
            setNeedsDisplay()
            (superview as? UIStackView)?.arrangedSubviewVisibilityDidChange(self)
        }
    }

    /// Opacity, 0...1 (NaN becomes 1). Views below 0.01 are not hit-tested (rule C1).
    @exclusivity(unchecked) open var alpha: CGFloat = 1 {
        didSet {
            if alpha.isNaN { alpha = 1 } else if alpha < 0 { alpha = 0 } else if alpha > 1 { alpha = 1 }
            if oldValue != alpha {
                noteAnimatableChange(.alpha, from: AnimatedValue(Double(oldValue), 0, 0, 0, 0, 0, 0, 0))
                // Opacity is part of what the drawing pass compares (its subviews' too), so the
                // cached geometry is kept while a fade draws it faded.
                invalidateDrawnArea()
            }
        }
    }

    /// Whether touches are delivered to this view and its subviews.
    open var isUserInteractionEnabled: Bool = true

    /// Whether this view receives more than one touch at once. False by default: a second
    /// touch on a view that already has one is not delivered (rule C11).
    open var isMultipleTouchEnabled: Bool = false

    /// Whether this view, while it has a touch, blocks touches to other views of its window
    /// (and is given none while others are active) (rule C11).
    open var isExclusiveTouch: Bool = false

    /// Whether drawing of subviews is clipped to this view's bounds.
    @exclusivity(unchecked) open var clipsToBounds: Bool = false { didSet { if oldValue != clipsToBounds { setNeedsDisplay() } } }

    /// The fill drawn behind the content; nil draws nothing.
    @exclusivity(unchecked) open var backgroundColor: UIColor? {
        didSet {
            guard oldValue != backgroundColor else { return }
            noteAnimatableChange(.backgroundColor, from: UIView.animatedColor(oldValue, style: userInterfaceStyle))
            setNeedsDisplay()
        }
    }

    /// The radius of rounded corners for the background and border. NaN, infinite and
    /// negative values become 0; at most ``maximumCoordinate`` (drawing also limits it to
    /// half the shorter side).
    @exclusivity(unchecked) open var cornerRadius: CGFloat = 0 {
        didSet {
            let clean = UIView.sanitizedLength(cornerRadius)
            if clean != cornerRadius { cornerRadius = clean }
            if oldValue != cornerRadius {
                noteAnimatableChange(.cornerRadius, from: AnimatedValue(Double(oldValue), 0, 0, 0, 0, 0, 0, 0))
                setNeedsDisplay()
            }
        }
    }

    /// The width of the border drawn inside the bounds; 0 draws none. NaN, infinite and
    /// negative values become 0; at most ``maximumCoordinate``.
    @exclusivity(unchecked) open var borderWidth: CGFloat = 0 {
        didSet {
            let clean = UIView.sanitizedLength(borderWidth)
            if clean != borderWidth { borderWidth = clean }
            if oldValue != borderWidth {
                noteAnimatableChange(.borderWidth, from: AnimatedValue(Double(oldValue), 0, 0, 0, 0, 0, 0, 0))
                setNeedsDisplay()
            }
        }
    }

    /// The colour of the border.
    @exclusivity(unchecked) open var borderColor: UIColor? {
        didSet {
            guard oldValue != borderColor else { return }
            noteAnimatableChange(.borderColor, from: UIView.animatedColor(oldValue, style: userInterfaceStyle))
            setNeedsDisplay()
        }
    }

    /// An integer you can use to find this view with ``viewWithTag(_:)``.
    open var tag: Int = 0

    /// How content is laid out for left-to-right and right-to-left languages.
    @exclusivity(unchecked) open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { if oldValue != semanticContentAttribute { setNeedsLayout(); setNeedsDisplay() } }
    }

    /// The layout direction that results from ``semanticContentAttribute`` and the
    /// application's direction.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute)
    }

    /// The layout direction for an attribute: forced values win, playback and spatial
    /// content stays left to right, unspecified follows the application.
    public static func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return UIApplication.shared.userInterfaceLayoutDirection
        }
    }

    /// The interface style this view draws with: its own override, else its superview's,
    /// else the window's, else light.
    @exclusivity(unchecked) open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if oldValue != overrideUserInterfaceStyle { invalidateAppearanceOfSubtree() } }
    }

    /// The resolved interface style (light or dark).
    public var userInterfaceStyle: UIUserInterfaceStyle {
        var v: UIView? = self
        while let view = v {
            if view.overrideUserInterfaceStyle != .unspecified { return view.overrideUserInterfaceStyle }
            v = view.superview
        }
        return .light
    }

    /// The tint: this view's own, else its superview's, else the system blue. Setting it
    /// calls ``tintColorDidChange()`` on this view and every subview that inherits it.
    open var tintColor: UIColor! {
        get {
            if let c = cachedTint { return c }
            var v: UIView? = self
            var found: UIColor = .systemBlue
            var explicit = false
            while let view = v {
                if let c = view.storedTintColor { found = c; explicit = true; break }
                v = view.superview
            }
            cachedTint = found
            cachedTintIsExplicit = explicit
            return found
        }
        set {
            guard storedTintColor != newValue else { return }
            storedTintColor = newValue
            notifyTintChange()
        }
    }

    /// Whether this view or an ancestor set a ``tintColor`` (rather than inheriting the
    /// default); answered from the tint cache, without walking the superviews each time.
    var hasExplicitTintColor: Bool {
        _ = tintColor
        return cachedTintIsExplicit
    }

    /// Called when the inherited tint changes. Call super when overriding.
    open func tintColorDidChange() {
        setNeedsDisplay()
    }

    func notifyTintChange() {
        cachedTint = nil
        tintColorDidChange()
        for sub in subviews where sub.storedTintColor == nil { sub.notifyTintChange() }
    }

    func invalidateAppearanceOfSubtree() {
        setNeedsDisplay()
        for sub in subviews { sub.invalidateAppearanceOfSubtree() }
    }

    /// Marks the view's drawing as changed so its cached geometry is rebuilt next frame.
    /// Call it from property setters that change how the view looks.
    open func setNeedsDisplay() {
        appearanceGeneration &+= 1
        invalidateDrawnArea()
    }

    /// The host's text measurement changed (a new pixel density): cached text layout is
    /// stale. Views lay out and draw again; labels also drop their cached lines.
    func textMetricsChanged() {
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Whether this view and its subviews draw dimmed, as one faded layer (the one way
    /// disabled controls dim; see `DrawContext.Dimming`). Standard controls answer true while
    /// disabled; labels while not enabled.
    var drawsDisabledDimmed: Bool { false }

    /// What is drawn over the view's content for its state, after `draw(_:)`: nothing for a
    /// plain view; a control's hover highlight and focus ring. A method rather than a cast
    /// to `UIControl` for every view drawn.
    func drawStateOverlays(in context: DrawContext, bounds: CGRect) {}

    /// Draws the view's content in its own coordinates, after its background and border
    /// and before its subviews. The default draws nothing. Use
    /// ``UIGraphicsGetCurrentContext()`` for the context; call ``UIView/setNeedsDisplay()`` when
    /// what you draw changes, since geometry is cached between frames.
    open func draw(_ rect: CGRect) {}

    /// The view's transform and animations (`Animation/`), made when first used.
    @exclusivity(unchecked) var viewMotion: ViewMotion?

    /// Cached geometry of this view's own drawing (see ViewDrawCache.swift).
    @exclusivity(unchecked) var drawCache: ViewDrawCache?
    /// This view or one of its subviews changed since the last drawing pass: the pass visits
    /// it (an unmarked subtree whose surroundings are unchanged is skipped whole). A view never
    /// drawn is visited anyway (its cache is not current), so it starts unmarked.
    @exclusivity(unchecked) var needsDrawingWalk = false
    /// Subviews marked (``needsDrawingWalk``) since the last pass visited this view: the pass
    /// visits them alone when nothing else changed here. Not retained (a reference count per
    /// change): every entry is a subview when added, and removing a subview sets
    /// ``subviewsChanged``, after which the list is cleared without being read.
    @exclusivity(unchecked) var markedSubviews: [Unmanaged<UIView>] = []
    /// ``subviews`` gained, lost or reordered a view since the last pass: it visits them all.
    @exclusivity(unchecked) var subviewsChanged = true

    // MARK: Geometry (overridable; conversions are in UIView+Geometry.swift)

    /// The view's rectangle in its superview's coordinates. Setting it with a new size
    /// marks this view and its superview as needing layout (not a superview that is laying
    /// itself out: it placed the view). NaN or infinite values become 0;
    /// a negative size is standardized (flipped to a positive size, as UIKit reports it);
    /// values are clamped to ±``maximumCoordinate`` **(project choice)**.
    ///
    /// While ``transform`` is not the identity, UIKit leaves `frame` undefined. Here reading
    /// it gives the smallest rectangle around the transformed bounds, and setting it sets
    /// ``center`` to the rectangle's centre and the bounds' size to its size (the transform
    /// then applies about that centre) **(project choice)**. Use ``center`` and ``bounds``.
    open var frame: CGRect {
        get {
            if let m = viewMotion, !m.transform.isIdentity { return transformedFrame(m.transform) }
            return storedFrame
        }
        set {
            let r = UIView.sanitized(newValue)
            guard r != storedFrame else { return }
            let oldSize = storedFrame.size
            if let capture = AnimationCapture.current {
                if r.midX != storedFrame.midX || r.midY != storedFrame.midY { capture.note(self, .center, from: animatedValue(.center)) }
                if r.size != oldSize { capture.note(self, .size, from: animatedValue(.size)) }
            }
            storedFrame = r
            if r.size != oldSize {
                setNeedsLayout()
                if let sup = superview, !sup.isLayingOutSubviews { sup.setNeedsLayout() }
                resizeSubviews(withOldSize: oldSize)   // autoresizingMask (UIView+Autoresizing.swift)
                setNeedsDisplay()
            } else {
                // A move: the cached geometry is drawn elsewhere, not built again.
                invalidateDrawnArea()
            }
        }
    }

    /// The view's own coordinate space: origin (usually zero) and size.
    open var bounds: CGRect {
        get { CGRect(origin: storedBoundsOrigin, size: storedFrame.size) }
        set {
            let r = UIView.sanitized(newValue)
            let oldCenter = center
            let originChanged = r.origin != storedBoundsOrigin
            if originChanged { noteAnimatableChange(.boundsOrigin, from: animatedValue(.boundsOrigin)) }
            storedBoundsOrigin = r.origin
            // UIKit keeps the center fixed when bounds change size.
            frame = (CGRect(x: oldCenter.x - r.width / 2, y: oldCenter.y - r.height / 2, width: r.width, height: r.height))
            // A new origin scrolls the subviews; this view's own drawing is unchanged (it is
            // cached relative to its bounds), so nothing is tessellated again.
            if originChanged { invalidateDrawnArea() }
        }
    }

    /// The center of the frame, in the superview's coordinates.
    open var center: CGPoint {
        get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            frame = (CGRect(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2,
                                         width: storedFrame.width, height: storedFrame.height))
        }
    }

    // MARK: Hooks (override points, as in UIKit)

    /// Called before the view moves to a new superview (nil when removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview.
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to a new window (nil when removed).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view (or an ancestor) moved to a new window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Hit-testing (see UIView+HitTesting.swift for the rules)

    /// The farthest-descendant view under `point` (in this view's coordinates) that can
    /// take a touch, or nil. Hidden, non-interactive and nearly transparent views (alpha
    /// below 0.01) are skipped with their subviews, as are views for which
    /// ``canReceiveTouches`` is false (disabled controls, rule C1).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point` (in this view's coordinates) is inside the view. The default
    /// checks ``bounds``; override to grow or shrink the touch area.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Whether this view takes part in hit-testing beyond the visibility checks.
    /// Controls answer false while disabled.
    open var canReceiveTouches: Bool { true }

    // MARK: Gesture recognizers (see Gestures/)

    /// The view's recognizers and interactions, made when the first is added.
    var gestureStorage: ViewGestureStorage?

    /// Whether `gestureRecognizer` may begin (leave `possible`). The window asks the
    /// recognizer's view, the view each of the recognizer's touches began on, and the controls
    /// between those and the recognizer's view; false makes the recognizer fail. The default is true; controls answer false for the gestures that
    /// are their own default action (a single tap on a button, a drag along a slider's thumb),
    /// so a recognizer on a superview never takes those from them, as UIKit documents.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Layout (see UIView+Layout.swift)

    /// Lays out subviews. The default does nothing; override to position subviews.
    /// Called by ``UIView/layoutIfNeeded()`` when the view needs layout; don't call it directly.
    open func layoutSubviews() {}

    /// The size that best fits `size`. The default returns the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The natural size of the content, or ``UIView/noIntrinsicMetric`` per dimension.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The size closest to `targetSize` that the view's content allows, per dimension: a
    /// dimension whose fitting priority is above the view's hugging (to grow) or compression
    /// resistance (to shrink) priority takes the target; otherwise the intrinsic size wins.
    /// A dimension with no intrinsic size takes the target. Without Auto Layout this is the
    /// view's own answer **(project choice)**: labels wrap to a required width, stack views
    /// measure their arranged subviews. See UIView+IntrinsicSize.swift.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        defaultSystemLayoutSizeFitting(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// The view whose first text baseline stands for this view's when a ``UIStackView``
    /// aligns by first baseline: the view itself by default (a view without text uses its
    /// bottom edge). A container can return the label inside it.
    open var forFirstBaselineLayout: UIView { self }

    /// The view whose last text baseline stands for this view's (see ``forFirstBaselineLayout``).
    open var forLastBaselineLayout: UIView { self }

    /// The first and last text baselines when the view is `height` tall (from its top and from
    /// its bottom); nil for views without text. Labels, buttons and text fields answer.
    func textBaselines(forHeight height: CGFloat) -> (firstFromTop: CGFloat, lastFromBottom: CGFloat)? { nil }

    /// Priorities, autoresizing and margins, allocated the first time one is set (most views
    /// keep the defaults). See UIView+IntrinsicSize.swift, UIView+Autoresizing.swift and
    /// UIView+LayoutMargins.swift.
    var layoutAttributes: ViewLayoutAttributes?
    /// ``intrinsicContentSize`` as stack views last read it; cleared by
    /// ``invalidateIntrinsicContentSize()``, as UIKit's layout engine keeps it until then.
    var cachedIntrinsicSize: CGSize?
    /// A subview's natural size changed (``invalidateIntrinsicContentSize()``). The default
    /// lays this view out again; stack views re-measure, buttons pass it on (their title label
    /// is their content), scroll views tell their superview.
    func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        setNeedsLayout()
    }
    /// The hugging priority before one is set: 250, or 750 for switches and steppers (UIKit's
    /// defaults for views made in code).
    var defaultContentHuggingPriority: UILayoutPriority { .defaultLow }

    // MARK: Focus and accessibility actions (see Focus/UIWindow+FocusEngine.swift)

    /// Whether focus (Tab, arrows, a game controller) can move to this view. False for
    /// plain views; controls answer true while enabled.
    open var canBecomeFocused: Bool { false }

    /// Whether the view is focused and shows it: its window's ``UIWindow/focusedView`` while
    /// ``UIWindow/isFocusRingVisible`` (after a key or controller input; a touch that moves
    /// focus shows none). ``UIControl`` keeps its own, which also sets its `.focused` state.
    open var isFocused: Bool {
        guard let w = storedWindow else { return false }
        return w.focusedView === self && w.isFocusRingVisible
    }

    /// What the view shows while it has focus (UIKit's `focusEffect`); nil shows nothing.
    /// Controls start with the system's ring (``UIFocusEffect``), plain views with nil (only
    /// controls take focus here). A ``UIFocusHaloEffect`` gives the ring its own shape and
    /// position. The effect is copied when assigned.
    open var focusEffect: UIFocusEffect? {
        get { storedFocusEffect }
        set {
            storedFocusEffect = newValue?.copy()
            setNeedsDisplay()
        }
    }
    /// ``focusEffect``'s value (controls set the system's in their initializer).
    var storedFocusEffect: UIFocusEffect?

    /// The view that should get focus when focus enters this view without a direction (see
    /// ``setNeedsFocusUpdate()``; a controller direction with nothing focused uses the
    /// window's). When it is itself a container, its own preference is followed in turn.
    /// Nil (the default) picks the first focusable view inside in reading order, the
    /// top-left one. UIKit's is read-only (overridden); here it can also be set, and is
    /// held weakly **(project choice)**.
    open var preferredFocusedView: UIView? {
        get { storedPreferredFocusedView }
        set { storedPreferredFocusedView = newValue }
    }
    weak var storedPreferredFocusedView: UIView?

    /// Whether focus moving by direction wraps around inside this view: at its last
    /// focusable view in a direction, focus goes to the focusable view nearest its opposite
    /// edge in the same row or column, instead of leaving it (or stopping at the window's edge). False by default: focus
    /// stops at edges **(project choice; tvOS has no such switch)**.
    open var wrapsFocusAtEdges: Bool = false

    /// Asked before focus moves away from or to this view or one of its subviews; return
    /// false to keep focus where it is. The default returns true. Clearing focus (a touch on
    /// nothing focusable, the focused view leaving the window) is not asked.
    open func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { true }

    /// Called after focus moved away from or to this view or one of its subviews.
    open func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {}

    /// Performs the view's primary action from the keyboard (Space or Return on the
    /// focused control), a game controller (A) or assistive technology. Returns whether it
    /// did anything.
    open func accessibilityActivate() -> Bool { false }

    /// Increases an adjustable value (Right arrow, D-pad right or the right shoulder on the
    /// focused control when its traits contain `.adjustable`).
    open func accessibilityIncrement() {}

    /// Decreases an adjustable value (Left arrow, D-pad left or the left shoulder).
    open func accessibilityDecrement() {}

    // MARK: Accessibility (controls override the getters to supply defaults)

    var storedIsAccessibilityElement: Bool?
    var storedAccessibilityLabel: String?
    var storedAccessibilityHint: String?
    var storedAccessibilityValue: String?
    var storedAccessibilityTraits: UIAccessibilityTraits?
    var storedAccessibilityFrame: CGRect?

    /// Whether assistive technology should treat this view as one element. Plain views
    /// default to false; controls and labels to true.
    open var isAccessibilityElement: Bool {
        get { storedIsAccessibilityElement ?? false }
        set { storedIsAccessibilityElement = newValue }
    }

    /// A short name for the element ("Play", "Volume").
    open var accessibilityLabel: String? {
        get { storedAccessibilityLabel }
        set { storedAccessibilityLabel = newValue }
    }

    /// What happens when the element is activated ("Starts a new game").
    open var accessibilityHint: String? {
        get { storedAccessibilityHint }
        set { storedAccessibilityHint = newValue }
    }

    /// The element's current value ("50%", "On").
    open var accessibilityValue: String? {
        get { storedAccessibilityValue }
        set { storedAccessibilityValue = newValue }
    }

    /// What kind of element this is and what state it is in.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { storedAccessibilityTraits ?? [] }
        set { storedAccessibilityTraits = newValue }
    }

    /// The element's frame in window coordinates. Defaults to the view's bounds converted
    /// to its window (recomputed on each read, so it follows layout); setting it pins a value.
    open var accessibilityFrame: CGRect {
        get { storedAccessibilityFrame ?? convert(bounds, to: nil) }
        set { storedAccessibilityFrame = newValue }
    }

    // MARK: Hover and the pointer's cursor (UIWindow+Hover.swift)

    /// Whether the pointer is in the window's hovered chain: the view hit-testing finds under
    /// the pointer and its superviews.
    @exclusivity(unchecked) var storedIsHovered = false

    /// Whether a mouse or trackpad pointer hovers over this view: the view hit-testing finds
    /// under the pointer is this view or one of its subviews (views that take no touches, a
    /// disabled control among them, are never hovered). False while the pointer is outside
    /// the window, and frozen while a button is held: hover follows the pointer again when
    /// it is released **(project choice: UIKit has `UIButton.isHovered` for pointer effects
    /// and `UIHoverGestureRecognizer` for the rest; there are no gesture recognizers here)**.
    open var isHovered: Bool { storedIsHovered }

    /// The pointer began hovering over this view (``isHovered`` became true); `location` is in
    /// this view's coordinates. The default does nothing. Called outermost view first, as
    /// the pointer enters a chain of views **(project choice, after `UIHoverGestureRecognizer`'s
    /// began state)**.
    open func hoverBegan(at location: CGPoint) {}

    /// The pointer moved while hovering over this view (``isHovered`` stays true); `location`
    /// is in this view's coordinates. The default does nothing **(project choice, after
    /// `UIHoverGestureRecognizer`'s changed state)**.
    open func hoverMoved(to location: CGPoint) {}

    /// The pointer stopped hovering over this view: it moved off, left the window, or the
    /// view left the window or stopped taking touches (``isHovered`` became false). The
    /// default does nothing. Called innermost view first **(project choice, after
    /// `UIHoverGestureRecognizer`'s ended state)**.
    open func hoverEnded() {}

    /// The system cursor to show while the pointer hovers over this view; nil (the default)
    /// leaves it to the superview, and the window shows the arrow. A text field shows the
    /// I-beam. Read through ``pointerCursor(at:)`` **(project choice: UIKit sets pointer shapes
    /// with `UIPointerInteraction` and `UIPointerStyle`)**.
    public var pointerCursor: UIPointerCursor?

    /// The cursor for a pointer at `location` (this view's coordinates); nil leaves it to the
    /// superview. The default returns ``pointerCursor``; override to vary it by position.
    open func pointerCursor(at location: CGPoint) -> UIPointerCursor? { pointerCursor }

    // MARK: Responder chain

    /// The superview, or the window for a window's root views, as in UIKit.
    open override var next: UIResponder? { superview }

    override var firstResponderScope: UIWindow? { window }

    /// The one boundary for geometry entering a view (frame, bounds, center): NaN or
    /// infinite values become 0 and every value is clamped to ±``maximumCoordinate``, so no
    /// later conversion (clip rectangles, SDL calls, `Int(…)`) can trap.
    static func sanitized(_ r: CGRect) -> CGRect {
        // NaN or infinite geometry would poison every conversion below it: treat it as zero.
        // Fix values before standardizing: standardizing a NaN width would spoil a good x.
        func fix(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        let s = CGRect(x: fix(r.origin.x), y: fix(r.origin.y), width: fix(r.size.width), height: fix(r.size.height)).standardized
        let c = sanitizedCoordinate
        return CGRect(x: c(s.origin.x), y: c(s.origin.y), width: c(s.size.width), height: c(s.size.height))
    }
}

/// How a view's content relates to the reading direction.
public enum UISemanticContentAttribute: Int, Sendable {
    /// Follow the application's layout direction.
    case unspecified = 0
    /// Playback controls: always left to right.
    case playback = 1
    /// Spatial controls (directional pads): always left to right.
    case spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left.
    case forceRightToLeft = 4
}

/// The direction of the user interface.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Left to right (English, …).
    case leftToRight = 0
    /// Right to left (Arabic, Hebrew, …).
    case rightToLeft = 1
}
