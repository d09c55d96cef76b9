import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.6% of the
// instructions outside the SDL libraries in B1, +0.5% in E, +0.4% in IM (callgrind,
// `controls-bench --quick --only` the scenario), measured 2026-11-29.

/// A control that runs an action when tapped: a title and/or image, per-state appearance,
/// and an optional filled, tinted or gray background (`configuration`).
///
/// Events (rule D1): touchDown … touchUpInside, then primaryActionTriggered.
/// Titles, title colours, images and background images are set per state and fall back
/// to `.normal`.
///
/// State looks follow iOS: pressed, a system button's title fades and a plate darkens;
/// disabled, the title turns grey (`tertiaryLabel`) and a plate turns a faint grey; selected,
/// a system button and a plain, grey or tinted configuration show the tinted plate with a
/// white title (UIKit's toggle look; a system button's plate, and its focus ring, go around
/// the room its hover look takes, 6 points beside a title with the default zero
/// ``contentEdgeInsets``); focused, the focus ring only. A `.custom` or `.close`
/// button has no disabled design of its own and fades as one layer.
@MainActor
open class UIButton: UIControl {
    /// A single tap belongs to the control, not to a tap recognizer on a superview.
    override var defaultActionGestures: DefaultActionGestures { .singleTap }

    /// The kind of button, as UIKit's `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        /// No default look: white title, nothing behind it.
        case custom = 0
        /// Tinted title that dims while pressed (the default).
        case system = 1
        /// A round close button with an ×.
        case close = 7
    }

    /// The button's look, a subset of UIKit's `UIButton.Configuration`: the background style,
    /// colours, corners and insets, and the title and image. Change it through
    /// ``UIButton/configuration`` (it is a value: set it back after changing a copy), or per
    /// state in ``UIButton/configurationUpdateHandler``.
    public struct Configuration: Sendable {
        /// How the background is drawn.
        public enum Style: Sendable {
            /// No background; tinted title.
            case plain
            /// A light tint behind a tinted title.
            case tinted
            /// A translucent grey (`secondarySystemFill`) behind a tinted title, so it reads on
            /// any background.
            case gray
            /// The tint behind a white title.
            case filled
        }
        /// Corner rounding.
        public enum CornerStyle: Sendable {
            /// Small radius.
            case small
            /// The default radius.
            case medium
            /// Large radius.
            case large
            /// Half the height: a pill.
            case capsule
        }
        /// The background style.
        public var style: Style
        /// Background colour; nil uses the tint (filled, tinted) or the theme (gray).
        public var baseBackgroundColor: UIColor?
        /// Title colour; nil uses white (filled) or the tint.
        public var baseForegroundColor: UIColor?
        /// Corner rounding.
        public var cornerStyle: CornerStyle = .medium
        /// Space around the content.
        public var contentInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        /// The title the button shows when no title was set for its state (or `.normal`) with
        /// ``UIButton/setTitle(_:for:)``, which comes first.
        public var title: String?
        /// The image the button shows when no image was set for its state (or `.normal`) with
        /// ``UIButton/setImage(_:for:)``, which comes first.
        public var image: UIImage?

        /// A plain (borderless) style.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A tinted style.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey style.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A filled style.
        public static func filled() -> Configuration { Configuration(style: .filled) }
    }

    /// The button's type.
    public let buttonType: ButtonType

    /// The look; nil draws the classic type's look.
    @exclusivity(unchecked) open var configuration: Configuration? {
        didSet {
            // Given or taken away: the system button's own vertical padding comes or goes.
            if (oldValue == nil) != (configuration == nil) { contentSizeChanged() }
            configurationDidChange(removed: oldValue != nil && configuration == nil)
        }
    }

    /// Takes the configuration's insets, title and image; a configuration taken away gives the
    /// button its type's insets back (zero, as UIKit's default `contentEdgeInsets`).
    private func configurationDidChange(removed: Bool = false) {
        if let c = configuration {
            contentEdgeInsets = c.contentInsets
        } else if removed {
            contentEdgeInsets = .zero
        }
        updateAppearance()
    }

    /// A closure that updates the button, as UIKit's: `(UIButton) -> Void`.
    public typealias ConfigurationUpdateHandler = @MainActor (UIButton) -> Void

    /// Called whenever the state changes (pressed, selected, disabled, focused) and on
    /// ``setNeedsUpdateConfiguration()``, to set a ``configuration`` for the new state
    /// (`var c = button.configuration; c?.title = button.isSelected ? "Pause" : "Play";
    /// button.configuration = c`). Setting it runs it once.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Asks for ``updateConfiguration()``; here it runs at once **(project choice: UIKit runs it
    /// before the next layout)**.
    open func setNeedsUpdateConfiguration() {
        updateConfiguration()
    }

    /// Updates the configuration for the current state: calls
    /// ``configurationUpdateHandler``. Subclasses may override it to do the same. State the
    /// handler itself changes doesn't run it again (a handler that toggles a state would
    /// otherwise recurse without end; UIKit coalesces the updates).
    open func updateConfiguration() {
        guard !isUpdatingConfiguration, let handler = configurationUpdateHandler else { return }
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        handler(self)
    }

    /// Whether ``configurationUpdateHandler`` is running.
    private var isUpdatingConfiguration = false

    /// The label that shows the current title. Its text and colour follow the state; set its
    /// font to change the title font.
    public let titleLabel = UILabel()
    /// The view that shows the current image.
    public let imageView = UIImageView()

    /// Space around the image and title, in points. The default value is zero, as UIKit
    /// documents, for every button type: a system button's title starts at its leading edge
    /// when ``UIControl/contentHorizontalAlignment`` is leading, and the button is as wide as
    /// its content. A system button with no ``configuration`` and no top or bottom inset keeps
    /// UIKit's own vertical padding (see ``sizeThatFits(_:)``), which is not part of this
    /// value. A ``configuration`` sets it to the configuration's `contentInsets`; setting the
    /// configuration back to nil sets it to zero.
    @exclusivity(unchecked) open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { if oldValue != contentEdgeInsets { contentSizeChanged() } } }
    /// Space between the image and the title.
    open var imageTitlePadding: CGFloat = 6 { didSet { if oldValue != imageTitlePadding { contentSizeChanged() } } }
    /// Whether each primary action toggles `isSelected`.
    open var changesSelectionAsPrimaryAction = false
    /// Whether the button shows the hover look under a mouse or trackpad pointer. True by
    /// default **(project choice: UIKit defaults to false outside bars, but a desktop tool's
    /// buttons react to the pointer)**.
    open var isPointerInteractionEnabled = true {
        didSet { if oldValue != isPointerInteractionEnabled { setNeedsDisplay() } }
    }

    /// Whether the button shows its hover look now: the pointer is over it and
    /// ``isPointerInteractionEnabled`` is on (UIKit: a pointer effect is active).
    open override var isHovered: Bool { super.isHovered && isPointerInteractionEnabled }

    /// The plate (a button with a background) or, for a system or plain button, the button
    /// itself when its ``contentEdgeInsets`` (with a system button's own vertical padding)
    /// leave at least 6 points beside the content and 2 above and below it (iPadOS's highlight
    /// effect takes the view's frame), else reaching outside the bounds by what they lack; when
    /// ``isPointerInteractionEnabled``. A system button with the default zero insets
    /// highlights 6 points beyond its title on each side **(project choice, after iPadOS's
    /// pointer highlight effect, which reaches beyond a text button's title)**. A
    /// button padded as a list row (the cells of an inset-grouped ``ImmediateView``)
    /// highlights its row and nothing beyond it.
    open override func hoverHighlightRect(at location: CGPoint) -> CGRect? {
        guard isPointerInteractionEnabled else { return nil }
        return isPlated ? bounds : roomAroundContent
    }

    /// Whether the button draws a shape of its own (a close button's circle, a background
    /// image, a configuration's plate) rather than a title on nothing.
    private var isPlated: Bool {
        buttonType == .close || currentBackgroundImage != nil || (configuration.map { $0.style != .plain } ?? false)
    }

    /// The plate, or for a plate-less button the same room around its content as its hover
    /// look: a system button sized to its title has its ring 6 points clear of the title.
    override var focusRingShape: CGRect { isPlated ? bounds : roomAroundContent }

    /// The bounds, reaching outside by what the room around the content (``contentEdgeInsets``
    /// and the system button's own vertical padding) leaves short of 6 points beside it and 2
    /// above and below it: where a plate-less button shows its hover and selected looks.
    private var roomAroundContent: CGRect {
        let i = contentEdgeInsets, v = intrinsicVerticalPadding
        return bounds.inset(by: UIEdgeInsets(top: -max(0, 2 - i.top - v), left: -max(0, 6 - i.left),
                                             bottom: -max(0, 2 - i.bottom - v), right: -max(0, 6 - i.right)))
    }

    /// The padding a system button keeps above and below its content of its own, outside
    /// ``contentEdgeInsets`` (UIKit's system button is about 30 points tall for a one-line
    /// title with zero insets): 6 points while it has no ``configuration`` and no top or
    /// bottom inset, else none **(project choice: UIKit documents no number; here a top or
    /// bottom inset given takes its place, so a button padded as a list row is as tall as before)**.
    private var intrinsicVerticalPadding: CGFloat {
        buttonType == .system && configuration == nil && contentEdgeInsets.top == 0 && contentEdgeInsets.bottom == 0 ? 6 : 0
    }

    @exclusivity(unchecked) private var titles: [UInt: String] = [:]
    @exclusivity(unchecked) private var titleColors: [UInt: UIColor] = [:]
    @exclusivity(unchecked) private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    /// The one-line title's natural size the last layout placed it by; nil when there was no
    /// title (see ``subviewIntrinsicContentSizeDidChange(_:)``).
    @exclusivity(unchecked) private var laidOutTitleSize: CGSize?

    /// Creates a button of a type.
    public init(type: ButtonType) {
        buttonType = type
        super.init(frame: .zero)
        setUp()
    }

    /// Creates a system button with a frame.
    public override init(frame: CGRect) {
        buttonType = .system
        super.init(frame: frame)
        setUp()
    }

    /// Creates a button with a configuration and an action run on primaryActionTriggered
    /// (its title becomes the button's title).
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        configurationDidChange()   // no observer runs for a property set in an initializer
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Creates a system button whose `primaryAction` runs on primaryActionTriggered; the
    /// action's title and image become the button's.
    public convenience init(type: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: type)
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    private func setUp() {
        titleLabel.font = .systemFont(ofSize: UIFont.systemFontSize, weight: .medium)
        titleLabel.textAlignment = .center
        titleLabel.isUserInteractionEnabled = false
        imageView.isUserInteractionEnabled = false
        imageView.contentMode = .scaleAspectFit
        addSubview(imageView)
        addSubview(titleLabel)
        updateAppearance()
    }

    // MARK: Per-state content (falls back to .normal)

    /// Sets the title for a state.
    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        // Only the title changed: the label shows it and the content size follows. The
        // plate, colours and image don't depend on it, so the button itself isn't redrawn
        // (a game that renames a button every frame re-tessellates only the label).
        let shown = titleLabel.text
        titleLabel.text = currentTitle
        // A new text already told us, through the label's size (it is our subview): the size
        // is measured again once, not twice. The same text (another state's title) changes nothing.
        if titleLabel.text != shown && titleLabel.superview !== self { contentSizeChanged() }
    }
    /// The title set for a state, else the normal title.
    public func title(for state: State) -> String? { lookup(titles, state) }

    /// Sets the title colour for a state.
    public func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateAppearance()
    }
    /// The title colour set for a state, else the normal one (nil: the style's default).
    public func titleColor(for state: State) -> UIColor? { lookup(titleColors, state) }

    /// Sets the image for a state.
    public func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        updateAppearance()
        contentSizeChanged()
    }
    /// The image set for a state, else the normal image.
    public func image(for state: State) -> UIImage? { lookup(images, state) }

    /// Sets the background image (stretched to the bounds) for a state.
    public func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        setNeedsDisplay()
    }
    /// The background image set for a state, else the normal one.
    public func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }

    /// The title for the current state.
    public var currentTitle: String? { title(for: state) ?? configuration?.title }
    /// The image for the current state.
    public var currentImage: UIImage? { image(for: state) ?? configuration?.image }
    /// The background image for the current state.
    public var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    /// The title colour in use for the current state.
    public var currentTitleColor: UIColor { resolvedTitleColor() }

    /// The value set for exactly `state`, else normal's, as UIKit documents ("if a title is
    /// not specified for a state, the default is to use the title associated with the normal
    /// state"): a selected button being pressed (`[.selected, .highlighted]`) shows normal's
    /// title unless one was set for that combination, as on iOS.
    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? {
        table[state.rawValue] ?? table[State.normal.rawValue]
    }

    // MARK: Behaviour

    /// Buttons fire their primary action after touchUpInside (rule B11).
    open override var primaryControlEvent: Event? { .touchUpInside }

    /// Toggles selection when `changesSelectionAsPrimaryAction` is set (rule D1).
    open override func primaryActionWillTrigger() {
        if changesSelectionAsPrimaryAction { isSelected.toggle() }
    }

    /// Re-resolves the title, image and background for the new state (rule D1: per-state
    /// values fall back to normal's).
    open override func stateDidChange() {
        super.stateDidChange()
        updateConfiguration()
        updateAppearance()
    }

    /// Re-resolves the tint-derived title and background colours.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateAppearance()
    }

    /// `.button`.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }

    /// The current title unless set otherwise ("Close" for a close button).
    open override var accessibilityLabel: String? {
        get { storedAccessibilityLabel ?? currentTitle ?? (buttonType == .close ? "Close" : nil) }
        set { storedAccessibilityLabel = newValue }
    }

    // MARK: Layout

    /// The content (image, padding, title) plus ``contentEdgeInsets``, at least 20 points of
    /// content height as UIKit's system button; a close button is 30×30. A system button with
    /// no ``configuration`` and no top or bottom inset also has 6 points of its own above and
    /// below the content (32 points tall for a one-line title at the system font size, as
    /// UIKit's is about 30) and none beside it: with the default zero insets it is as wide as
    /// its content, as UIKit's. `size` is ignored: a button's title stays on one line.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if buttonType == .close { return CGSize(width: 30, height: 30) }
        let content = contentSize()
        return CGSize(width: (content.width + contentEdgeInsets.horizontal).rounded(.up),
                      height: (max(content.height, 20) + contentEdgeInsets.vertical + 2 * intrinsicVerticalPadding).rounded(.up))
    }

    /// ``sizeThatFits(_:)`` of `.zero`: a button is as large as its content.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    /// The title's unconstrained size. A one-line label's natural size is exactly that, and it
    /// stays cached until the label's text, font or measurer changes: a new title is measured
    /// once, for the size, and layout reuses it.
    private func titleFittingSize() -> CGSize {
        titleLabel.numberOfLines == 1 ? titleLabel.intrinsicSizeForLayout : titleLabel.sizeThatFits(.zero)
    }

    private func contentSize() -> CGSize {
        let image = currentImage?.size ?? .zero
        let hasTitle = !(currentTitle ?? "").isEmpty
        let title = hasTitle ? titleFittingSize() : .zero
        let gap = image.width > 0 && hasTitle ? imageTitlePadding : 0
        return CGSize(width: image.width + gap + title.width, height: max(image.height, title.height))
    }

    /// Places the image and the title label inside ``contentEdgeInsets`` (and a system
    /// button's own vertical padding, see ``sizeThatFits(_:)``) by the content alignments
    /// (rule A3).
    open override func layoutSubviews() {
        let v = intrinsicVerticalPadding
        let content = bounds.inset(by: contentEdgeInsets).inset(by: UIEdgeInsets(top: v, left: 0, bottom: v, right: 0))
        let imageSize = currentImage?.size ?? .zero
        let hasTitle = !(currentTitle ?? "").isEmpty
        let gap = imageSize.width > 0 && hasTitle ? imageTitlePadding : 0
        var titleSize = hasTitle ? titleFittingSize() : .zero
        laidOutTitleSize = hasTitle && titleLabel.numberOfLines == 1 ? titleSize : nil
        titleSize.width = min(titleSize.width, max(0, content.width - imageSize.width - gap))
        let total = imageSize.width + gap + titleSize.width
        var x: CGFloat
        switch effectiveContentHorizontalAlignment {
        case .left, .leading: x = content.minX
        case .right, .trailing: x = content.maxX - total
        case .fill:
            x = content.minX
            titleSize.width = max(0, content.width - imageSize.width - gap)
        case .center: x = content.minX + ((content.width - total) / 2).rounded(.down)
        }
        func y(_ h: CGFloat) -> CGFloat {
            switch contentVerticalAlignment {
            case .top: return content.minY
            case .bottom: return content.maxY - h
            case .fill: return content.minY
            case .center: return content.minY + ((content.height - h) / 2).rounded(.down)
            }
        }
        let fillV = contentVerticalAlignment == .fill
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let imageFrame = CGRect(x: 0, y: fillV ? content.minY : y(imageSize.height), width: imageSize.width,
                                height: fillV ? content.height : imageSize.height)
        let titleFrame = CGRect(x: 0, y: fillV ? content.minY : y(titleSize.height), width: titleSize.width,
                                height: fillV ? content.height : titleSize.height)
        if rtl {
            titleLabel.frame = titleFrame.offsetBy(dx: x, dy: 0)
            imageView.frame = imageFrame.offsetBy(dx: x + titleSize.width + gap, dy: 0)
        } else {
            imageView.frame = imageFrame.offsetBy(dx: x, dy: 0)
            titleLabel.frame = titleFrame.offsetBy(dx: x + imageSize.width + gap, dy: 0)
        }
    }

    /// The natural size may have changed: lay out again and tell layout (stack views).
    private func contentSizeChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The title label and image view are the button's content: a change of their natural
    /// size (a new title for the highlighted state, a new title font) changes the button's.
    /// A one-line title whose natural size is the one the last layout used ("Go 0" → "Go 1")
    /// changes neither the layout nor the button's size: only the label redraws, and no
    /// stack around the button lays out again.
    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        if subview === titleLabel, let laidOut = laidOutTitleSize, titleLabel.numberOfLines == 1,
           !(currentTitle ?? "").isEmpty, titleFittingSize() == laidOut {
            return
        }
        contentSizeChanged()
    }

    /// The title label, whose baseline is the button's (stack views align by it); the
    /// button itself when it shows no title.
    open override var forFirstBaselineLayout: UIView {
        (currentTitle ?? "").isEmpty ? self : titleLabel
    }

    /// The title label (see ``forFirstBaselineLayout``).
    open override var forLastBaselineLayout: UIView { forFirstBaselineLayout }

    // MARK: Appearance

    func updateAppearance() {
        titleLabel.text = currentTitle
        titleLabel.textColor = resolvedTitleColor()
        imageView.image = currentImage
        imageView.isHidden = currentImage == nil
        imageView.imageTintColor = nil
        imageView.alpha = isEnabled && isHighlighted && configuration == nil && buttonType == .system ? 0.35 : 1
        // Disabled: a button with its own disabled design (grey title, grey plate) fades its
        // image, and a title colour that falls back from another state; custom and close
        // buttons fade as a whole. All by the one dimming rule (drawsDisabledDimmed).
        let ownLookDisabled = !isEnabled && hasOwnDisabledLook
        imageView.isDisabledPart = ownLookDisabled
        titleLabel.isEnabled = !(ownLookDisabled && titleColor(for: state) != nil && titleColors[state.rawValue] == nil)
        setNeedsLayout()
        setNeedsDisplay()
    }

    private func resolvedTitleColor() -> UIColor {
        let s = state
        if let explicit = titleColor(for: s) {
            // A colour set for the disabled state is used as given; one that falls back from
            // another state fades (the title label draws disabled: see updateAppearance).
            return explicit
        }
        let base: UIColor
        if let c = configuration {
            // Selected configured buttons turn filled, so their title turns white.
            base = c.baseForegroundColor ?? (c.style == .filled || isSelected ? .white : tintColor)
        } else if buttonType == .custom {
            base = .white
        } else if isSelected {
            base = .white   // system buttons show selection as a tinted plate
        } else {
            base = tintColor
        }
        if !isEnabled {
            // UIKit's disabled title is grey, not a paler tint (which would read as pressed);
            // custom and close buttons fade as a whole.
            return hasOwnDisabledLook ? .tertiaryLabel : base
        }
        if isHighlighted && configuration == nil && buttonType == .system && !isSelected { return c(base, alpha: 0.35) }
        return base
    }

    /// A system button and every configured button have their own disabled design (a grey
    /// title, a grey plate where there is one); custom and close buttons fade as one layer.
    private var hasOwnDisabledLook: Bool {
        configuration != nil || buttonType == .system
    }

    /// Dims as one layer while disabled, unless it has its own disabled design.
    override var drawsDisabledDimmed: Bool { !isEnabled && !hasOwnDisabledLook }

    private func c(_ color: UIColor, alpha: CGFloat) -> UIColor {
        color.withAlphaComponent(color.alpha * alpha)
    }

    /// The corner radius of the background plate.
    var plateRadius: CGFloat {
        switch configuration?.cornerStyle ?? .medium {
        case .small: return 5
        case .medium: return Theme.cornerRadius
        case .large: return 14
        case .capsule: return bounds.height / 2
        }
    }

    /// The plate's corner radius (a circle for a close button), so the ring follows the shape.
    open override var focusRingCornerRadius: CGFloat { buttonType == .close ? bounds.height / 2 : plateRadius }

    /// Draws the plate of the button type or configuration for the current state; the title
    /// and image are subviews and draw themselves.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        if let bg = currentBackgroundImage {
            ctx.drawImage(bg, in: b, tint: isHighlighted ? UIColor(white: 0.8, alpha: 1) : .white)
            return
        }
        if buttonType == .close {
            let fill = isHighlighted ? Theme.controlFillPressed : Theme.controlFill
            ctx.fillEllipse(in: b, color: fill)
            let inset = b.width * 0.34
            let ink = UIColor.secondaryLabel
            ctx.strokeLine(from: CGPoint(x: b.minX + inset, y: b.minY + inset), to: CGPoint(x: b.maxX - inset, y: b.maxY - inset), width: 2, color: ink)
            ctx.strokeLine(from: CGPoint(x: b.maxX - inset, y: b.minY + inset), to: CGPoint(x: b.minX + inset, y: b.maxY - inset), width: 2, color: ink)
            return
        }
        if let conf = configuration {
            let tint: UIColor = tintColor
            // Selected, plain, grey and tinted buttons show the filled plate (UIKit's toggle
            // look); a filled button is filled either way (project choice: no second look
            // that could read as focus).
            let style: Configuration.Style = isSelected ? .filled : conf.style
            let fill: UIColor?
            // A tinted or plain plate is its colour at a set opacity: drawn at that opacity
            // through the context (no colour made per draw; this runs for every redrawn button).
            var opacity: CGFloat?
            if !isEnabled {
                fill = style == .plain ? nil : .tertiarySystemFill
            } else {
                switch style {
                case .filled: fill = conf.baseBackgroundColor ?? tint
                case .tinted:
                    fill = conf.baseBackgroundColor ?? tint
                    opacity = isHighlighted ? 0.28 : 0.16
                case .gray: fill = conf.baseBackgroundColor ?? (isHighlighted ? .systemFill : .secondarySystemFill)
                case .plain:
                    fill = isHighlighted ? tint : nil
                    opacity = 0.1
                }
            }
            if let fill {
                if let opacity {
                    // The colour's own alpha replaced by `opacity`, as withAlphaComponent would.
                    let own = fill.resolvedComponents(with: ctx.style).alpha
                    guard own > 0 else { return }
                    ctx.withAlpha(opacity / own) { drawPlate(ctx, fill: fill, raised: false) }
                } else {
                    drawPlate(ctx, fill: fill, raised: style == .filled && isEnabled)   // flat, as iOS 15's
                }
            }
        } else if buttonType == .system, isSelected {
            // Over the room around the title, as the hover look: a button as wide as its
            // title still shows the tint 6 points beside it.
            drawPlate(ctx, in: roomAroundContent, fill: isEnabled ? tintColor : .tertiarySystemFill, raised: false)
        }
    }

    /// The background plate, flat as iOS draws a configuration's (no shadow); a filled plate
    /// (`raised`) or a selected one darkens while pressed.
    private func drawPlate(_ ctx: DrawContext, in rect: CGRect? = nil, fill: UIColor, raised: Bool) {
        let b = rect ?? bounds, radius = plateRadius
        ctx.fillRoundedRect(b, radius: radius, color: fill)
        if isHighlighted && isEnabled && (raised || isSelected) {
            ctx.fillRoundedRect(b, radius: radius, color: UIButton.pressedShade)   // pressed: darker
        }
    }

    /// What a pressed filled plate is darkened with.
    static let pressedShade = UIColor(white: 0, alpha: 0.18)
}
