import Foundation

/// A controller button prompt, as games show them along a screen's edge ("Ⓐ Select
/// Ⓑ Back"): a button's glyph as it is printed on the controller in the player's hands, then
/// a title. UIKit has no such view **(project choice)**.
///
/// ```swift
/// let select = UIControllerPromptView(button: .south, title: "Select")
/// let back = UIControllerPromptView(button: .east, title: "Back")
/// let prompts = UIStackView(arrangedSubviews: [select, back])
/// prompts.spacing = 16
/// ```
///
/// **Which controller.** ``controllerType`` when it is set. Otherwise the window's
/// ``UIWindow/gameControllerType``: the controller that connected last, or the connected one
/// that was used last. The prompt follows it as controllers are plugged in and out and as
/// players change hands, redrawing and resizing itself (its superview lays out again). With
/// neither (no controller connected), the prompt draws nothing, its title is hidden and its
/// natural size is zero; a game that shows keyboard hints instead reads
/// ``UIWindow/gameControllerType`` itself.
///
/// **Glyphs** are drawn by the library from its own shapes (``UIGameControllerType`` says
/// what each kind shows): Xbox letters in their colours, PlayStation's four shapes,
/// Nintendo's letters (as SDL reports them by default: ``UIGameControllerInput/Button/south``
/// is A), a generic controller's face buttons as a lit dot in a diamond of four; shoulders,
/// sticks and named buttons by their printed names; the D-pad as a cross with the direction
/// lit. A glyph is 1.2 times the title font's line height, rounded (a disc 21 points across
/// for the default 15-point font), and the title follows a third of that further on: at the
/// right, or at the left in a right-to-left layout.
///
/// **Title.** ``titleLabel`` shows ``title`` on one line, truncated at the tail when the
/// prompt is narrower than its natural size. A nil or empty title leaves the glyph alone.
///
/// Accessibility: one static-text element, labelled with the button's name on this
/// controller and the title ("A, Select"; "Cross, Select").
@MainActor
open class UIControllerPromptView: UIView {
    /// The label that shows ``title``.
    public let titleLabel = UILabel()

    /// The button whose glyph is drawn.
    open var button: UIGameControllerInput.Button {
        didSet { if button != oldValue { contentChanged() } }
    }

    /// The title after the glyph ("Select"); nil or empty for the glyph alone.
    open var title: String? {
        get { titleLabel.text }
        set {
            guard newValue != titleLabel.text else { return }
            titleLabel.text = newValue
            contentChanged()
        }
    }

    /// The title's font (the system font at 15 points by default); the glyph's size follows
    /// its line height. Setting nil restores the default.
    open var font: UIFont! {
        get { titleLabel.font }
        set {
            titleLabel.font = newValue ?? UIControllerPromptView.defaultFont
            contentChanged()
        }
    }

    /// The title's colour (`.label` by default). Glyphs keep the controller's own colours.
    open var textColor: UIColor! {
        get { titleLabel.textColor }
        set { titleLabel.textColor = newValue ?? .label }
    }

    /// The kind of controller drawn: nil (the default) follows the window's
    /// ``UIWindow/gameControllerType``; a value pins it (a settings screen showing every
    /// layout, a game that knows better).
    open var controllerType: UIGameControllerType? {
        didSet { if controllerType != oldValue { contentChanged() } }
    }

    /// The kind drawn now: ``controllerType``, else the window's; nil when there is neither,
    /// and the prompt then draws nothing and takes no room.
    public var effectiveControllerType: UIGameControllerType? {
        controllerType ?? window?.gameControllerType
    }

    static let defaultFont = UIFont.systemFont(ofSize: 15)

    /// A prompt for `button`, titled `title`.
    public init(button: UIGameControllerInput.Button, title: String? = nil) {
        self.button = button
        super.init(frame: .zero)
        titleLabel.font = UIControllerPromptView.defaultFont
        titleLabel.text = title
        titleLabel.lineBreakMode = .byTruncatingTail
        titleLabel.isAccessibilityElement = false
        addSubview(titleLabel)
        contentChanged()
    }

    /// A prompt for the bottom face button (A, Cross) with no title, sized by `frame`.
    public override convenience init(frame: CGRect) {
        self.init(button: .south)
        self.frame = frame
    }

    // MARK: Size and layout

    /// The glyph's height: 1.2 times the font's line height, rounded.
    var glyphHeight: CGFloat {
        max(1, (textMeasurer.metrics(of: titleLabel.font).lineHeight * 1.2).rounded())
    }

    private var hasTitle: Bool { !(titleLabel.text ?? "").isEmpty }

    /// The glyph's width and the gap before the title, for the kind drawn now.
    private func glyphWidth(_ type: UIGameControllerType) -> CGFloat {
        ControllerGlyph.width(of: button, on: type, height: glyphHeight, measurer: textMeasurer)
    }

    /// The glyph, then a third of its height, then the title on one line; zero with no
    /// controller to draw for.
    open override var intrinsicContentSize: CGSize {
        guard let type = effectiveControllerType else { return .zero }
        let d = glyphHeight
        var width = glyphWidth(type)
        var height = d
        if hasTitle {
            let label = titleLabel.sizeThatFits(CGSize(width: 0, height: 0))
            width += (d / 3).rounded() + label.width
            height = max(height, label.height)
        }
        return CGSize(width: width, height: height)
    }

    /// The natural size, whatever `size` offers.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Places the title beside the glyph, centred vertically.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let type = effectiveControllerType, hasTitle else { return }
        let d = glyphHeight
        let lead = glyphWidth(type) + (d / 3).rounded()
        let height = titleLabel.sizeThatFits(CGSize(width: 0, height: 0)).height
        let width = max(0, bounds.width - lead)
        let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? 0 : lead
        titleLabel.frame = CGRect(x: x, y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
    }

    /// Draws the glyph at the leading edge, centred vertically (smaller, whole, in bounds too
    /// small for it).
    open override func draw(_ rect: CGRect) {
        guard let type = effectiveControllerType, let ctx = UIGraphicsGetCurrentContext() else { return }
        var d = min(glyphHeight, bounds.height)
        var w = ControllerGlyph.width(of: button, on: type, height: d, measurer: textMeasurer)
        if w > bounds.width, w > 0 {
            d *= bounds.width / w
            w = ControllerGlyph.width(of: button, on: type, height: d, measurer: textMeasurer)
        }
        guard d > 0, w > 0, d.isFinite, w.isFinite else { return }
        let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.width - w : 0
        ControllerGlyph.draw(button, on: type, in: CGRect(x: x, y: ((bounds.height - d) / 2).rounded(), width: w, height: d), context: ctx)
    }

    // MARK: Following the window's controller

    /// The window's controller changed (hot-plug, a change of hands).
    func windowControllerTypeDidChange() {
        if controllerType == nil { contentChanged() }
    }

    /// In a new window: draws for that window's controller.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        contentChanged()
    }

    override func textMetricsChanged() {
        super.textMetricsChanged()
        contentChanged()
    }

    private func contentChanged() {
        titleLabel.isHidden = effectiveControllerType == nil
        setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    // MARK: Accessibility

    /// A prompt is one element (its title label is not one of its own).
    open override var isAccessibilityElement: Bool {
        get { storedIsAccessibilityElement ?? (effectiveControllerType != nil) }
        set { storedIsAccessibilityElement = newValue }
    }

    /// The button's name on the controller drawn, then the title: "A, Select".
    open override var accessibilityLabel: String? {
        get {
            if let stored = storedAccessibilityLabel { return stored }
            guard let type = effectiveControllerType else { return title }
            let name = type.name(of: button)
            return hasTitle ? "\(name), \(title!)" : name
        }
        set { storedAccessibilityLabel = newValue }
    }

    /// `.staticText` unless set otherwise.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { storedAccessibilityTraits ?? .staticText }
        set { storedAccessibilityTraits = newValue }
    }
}
