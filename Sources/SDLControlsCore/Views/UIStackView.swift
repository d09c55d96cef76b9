import Foundation

/// A view that lays out a row or a column of views, UIKit's way to build layouts without
/// constraints.
///
/// The stack owns the frames of its ``arrangedSubviews``: it places them one after another
/// along ``axis``, sizes them along it by ``distribution`` and across it by ``alignment``,
/// with ``spacing`` (or a custom spacing) between them. Sizes come from each view's
/// `intrinsicContentSize` and its content hugging and compression resistance priorities;
/// hidden arranged views collapse (take no room and no spacing). Stacks nest: a stack's
/// natural size (``intrinsicContentSize``, `systemLayoutSizeFitting`) is measured from its
/// arranged views.
///
/// ```swift
/// let row = UIStackView(arrangedSubviews: [label, slider])
/// row.spacing = 8                      // the slider has no intrinsic width: it takes the rest
/// let column = UIStackView(arrangedSubviews: [title, row, button])
/// column.axis = .vertical
/// column.frame = CGRect(x: 20, y: 20, width: 300, height: column.intrinsicContentSize.height)
/// ```
///
/// Differences from UIKit **(project choice)**: there is no Auto Layout engine, so the stack
/// computes frames directly in `layoutSubviews()`, and it reports its measured size as its
/// ``intrinsicContentSize`` (UIKit's reports none and relies on constraints). Where UIKit leaves
/// a result to "arrangement order" the rule is fixed here: extra space goes to the first of
/// the views with the lowest hugging priority; missing space is taken from the last of the
/// views with the lowest compression resistance first. A view with no intrinsic length along
/// the axis (a plain `UIView`, a `UISlider` in a row) has no hugging at all: it takes extra
/// space before any view that has one, and is 0 long otherwise, as UIKit's ambiguity
/// suppression leaves it. Auto Layout constraints themselves are out of scope.
/// The arrangement code is in `UIStackView+Arrangement.swift`.
@MainActor
open class UIStackView: UIView {
    /// How arranged views share the stack's length along its axis.
    public enum Distribution: Int, Sendable {
        /// Views keep their natural lengths; extra space goes to the view with the lowest
        /// hugging priority, missing space comes from the one with the lowest compression
        /// resistance.
        case fill = 0
        /// Every view is equally long.
        case fillEqually = 1
        /// Views are sized in proportion to their natural lengths.
        case fillProportionally = 2
        /// Views keep their natural lengths; extra space is shared equally between the gaps.
        case equalSpacing = 3
        /// The centres of the views are equally far apart, keeping at least ``UIStackView/spacing``
        /// between edges.
        case equalCentering = 4
    }

    /// How arranged views are placed across the stack's axis.
    public enum Alignment: Int, Sendable {
        /// Views are stretched to the stack's whole width (vertical stack) or height (horizontal).
        case fill = 0
        /// Leading edges line up (vertical stack); ``top`` is the same value for horizontal ones.
        case leading = 1
        /// First text baselines line up (horizontal stacks; views without text use their
        /// bottom edge). In a vertical stack it acts as ``leading`` **(project choice)**.
        case firstBaseline = 2
        /// Views are centred across the axis.
        case center = 3
        /// Trailing edges line up (vertical stack); ``bottom`` is the same value for horizontal ones.
        case trailing = 4
        /// Last text baselines line up (horizontal stacks). In a vertical stack it acts as
        /// ``trailing`` **(project choice)**.
        case lastBaseline = 5

        /// Top edges line up in a horizontal stack (the same value as ``leading``).
        public static var top: Alignment { .leading }
        /// Bottom edges line up in a horizontal stack (the same value as ``trailing``).
        public static var bottom: Alignment { .trailing }
    }

    /// A custom spacing value that means "use ``spacing``" (``setCustomSpacing(_:after:)``).
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)

    /// A spacing value that means "the system spacing" (8 points), for ``spacing`` or a
    /// custom spacing.
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    /// The length ``spacingUseSystem`` stands for: UIKit's standard 8 points between siblings.
    static let systemSpacing: CGFloat = 8

    /// The views the stack arranges, in order. Always a subset of ``UIView/subviews``; their
    /// order here, not in `subviews`, decides the layout.
    public private(set) var arrangedSubviews: [UIView] = []

    /// Custom spacings after arranged views, by view identity.
    var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The last width-constrained measurement (width, result), reused until something changes.
    var constrainedFittingCache: (width: CGFloat, size: CGSize)?
    /// Set while the stack measures its arranged subviews (see `measure(forWidth:)`).
    var isMeasuring = false

    /// Creates an empty horizontal stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a horizontal stack that arranges `views` in order (adding them as subviews).
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    // MARK: Configuration

    /// The axis the views are stacked along. Horizontal by default; horizontal stacks run
    /// from the leading edge (right in right-to-left layouts).
    open var axis: NSLayoutConstraint.Axis = .horizontal {
        didSet { if oldValue != axis { arrangedContentDidChange() } }
    }

    /// How views share the length along the axis. ``Distribution/fill`` by default.
    open var distribution: Distribution = .fill {
        didSet { if oldValue != distribution { arrangedContentDidChange() } }
    }

    /// How views are placed across the axis. ``Alignment/fill`` by default.
    open var alignment: Alignment = .fill {
        didSet { if oldValue != alignment { arrangedContentDidChange() } }
    }

    /// The distance between adjacent arranged views (the minimum for the equal-spacing
    /// distributions). 0 by default; negative values overlap the views; NaN or infinite
    /// values become 0; ``spacingUseSystem`` means 8 points.
    open var spacing: CGFloat = 0 {
        didSet {
            if !spacing.isFinite { spacing = 0 }
            if oldValue != spacing { arrangedContentDidChange() }
        }
    }

    /// Whether the views are arranged inside the stack's `layoutMargins` rather than its
    /// bounds. False by default.
    open var isLayoutMarginsRelativeArrangement: Bool = false {
        didSet { if oldValue != isLayoutMarginsRelativeArrangement { arrangedContentDidChange() } }
    }

    // MARK: Arranged subviews

    /// Adds `view` to the end of ``arrangedSubviews``, and as a subview if it is not one
    /// (an existing subview keeps its place in `subviews`). An arranged view moves to the end.
    public func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` into ``arrangedSubviews`` at `stackIndex` (clamped to 0...count
    /// **(project choice: UIKit raises an exception past the end)**), adding it as a subview
    /// if it is not one. A view that is already arranged moves to the index. Adding the
    /// stack itself or one of its ancestors is ignored.
    public func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self, !view.isAncestor(of: self) else { return }
        // Only a subview can be arranged (leaving the stack leaves the list), so a new view
        // skips the search: adding n views stays linear.
        if view.superview === self, let current = UIStackView.index(of: view, in: arrangedSubviews) {
            arrangedSubviews.remove(at: current)
        }
        arrangedSubviews.insert(view, at: min(max(0, stackIndex), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        // An add the view's own hooks undid (see `insertSubview(_:at:)`) arranges nothing.
        if view.superview !== self, let i = UIStackView.index(of: view, in: arrangedSubviews) { arrangedSubviews.remove(at: i) }
        arrangedContentDidChange()
    }

    /// Removes `view` from ``arrangedSubviews``; it stays a subview (call
    /// `removeFromSuperview()` to remove it from the stack entirely), as in UIKit. Its
    /// custom spacing is forgotten.
    public func removeArrangedSubview(_ view: UIView) {
        guard let i = UIStackView.index(of: view, in: arrangedSubviews) else { return }
        arrangedSubviews.remove(at: i)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangedContentDidChange()
    }

    /// The position of `view` in `views`, by identity. A plain nonisolated loop: a closure
    /// written in main-actor code would check the executor for every element.
    nonisolated static func index(of view: UIView, in views: [UIView]) -> Int? {
        var i = 0
        while i < views.count {
            if views[i] === view { return i }
            i += 1
        }
        return nil
    }

    /// A subview leaving the stack also leaves ``arrangedSubviews``.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// Sets the spacing after `arrangedSubview` (instead of ``spacing``); pass
    /// ``spacingUseDefault`` to go back to ``spacing``. Ignored for views that are not arranged.
    /// NaN or infinite values mean ``spacingUseDefault``.
    public func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard UIStackView.index(of: arrangedSubview, in: arrangedSubviews) != nil else { return }
        let key = ObjectIdentifier(arrangedSubview)
        let value: CGFloat? = spacing.isFinite && spacing != UIStackView.spacingUseDefault ? spacing : nil
        guard customSpacings[key] != value else { return }
        customSpacings[key] = value
        arrangedContentDidChange()
    }

    /// The spacing set after `arrangedSubview`, or ``spacingUseDefault`` when none is.
    public func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    // MARK: Layout

    /// Places the arranged subviews (see UIStackView+Arrangement.swift).
    open override func layoutSubviews() {
        super.layoutSubviews()
        arrangeSubviews()
    }

    /// The size the arranged views need at their natural sizes, plus the margins when the
    /// arrangement is margin-relative **(project choice: UIKit's stack reports none)**.
    open override var intrinsicContentSize: CGSize {
        fittingSize(forWidth: nil)
    }

    /// The natural size (``intrinsicContentSize``) whatever `size` is, so `sizeToFit()`
    /// gives the stack its natural size **(project choice)**. To keep a width and measure the
    /// height at it, use ``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        intrinsicSizeForLayout
    }

    /// The measured size: a width whose priority beats the stack's own hugging and
    /// compression resistance is kept and the height measured at it (text wraps); otherwise
    /// the natural size. Use it to size a stack inside a scroll view:
    /// `stack.systemLayoutSizeFitting(CGSize(width: w, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)`.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        let keepsWidth = targetSize.width.isFinite && horizontalFittingPriority > contentHuggingPriority(for: .horizontal)
            && horizontalFittingPriority > contentCompressionResistancePriority(for: .horizontal)
        let natural = keepsWidth ? fittingSize(forWidth: max(0, targetSize.width)) : intrinsicSizeForLayout
        return CGSize(width: keepsWidth ? natural.width : fitted(natural.width, target: targetSize.width, priority: horizontalFittingPriority, axis: .horizontal),
                      height: fitted(natural.height, target: targetSize.height, priority: verticalFittingPriority, axis: .vertical))
    }

    /// The first visible arranged view (the stack itself when there is none).
    open override var forFirstBaselineLayout: UIView {
        arrangedSubviews.first(where: { !$0.isHidden }) ?? self
    }

    /// The last visible arranged view of a vertical stack, the first of a horizontal one
    /// (whose views share a baseline when aligned by it); the stack itself when there is none.
    open override var forLastBaselineLayout: UIView {
        (axis == .vertical ? arrangedSubviews.last(where: { !$0.isHidden }) : arrangedSubviews.first(where: { !$0.isHidden })) ?? self
    }

    /// Something that changes the arrangement or the natural size changed: lay out again and
    /// tell the superview (the stack's own natural size may have changed).
    func arrangedContentDidChange() {
        constrainedFittingCache = nil
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// A subview's natural size changed: re-measure and lay out again. (Not looked up in
    /// ``arrangedSubviews``: subviews of a stack are nearly always arranged, and a search
    /// would make a frame where a thousand labels change quadratic.)
    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        arrangedContentDidChange()
    }

    /// A subview was hidden or shown: an arranged one collapses or comes back.
    func arrangedSubviewVisibilityDidChange(_ view: UIView) {
        arrangedContentDidChange()
    }
}
