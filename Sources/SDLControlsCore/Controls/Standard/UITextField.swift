import Foundation

/// A single line of editable text, as UIKit's `UITextField`.
///
/// Events (rule D8):
/// - Becoming first responder (a tap or click on the field, Tab, `becomeFirstResponder()`)
///   sends ``UIControl/Event/editingDidBegin``. A click begins editing on the way down, so
///   its order is editingDidBegin, touchDown, touchUpInside.
/// - Every user edit (typed text, paste, cut, Backspace / Delete, a committed IME
///   composition, the clear button) sends ``UIControl/Event/editingChanged``. Setting
///   ``text`` or ``selectedRange`` in code sends nothing.
/// - Return sends ``UIControl/Event/editingDidEndOnExit`` (then primaryActionTriggered, rule
///   B11) and the field resigns, which sends ``UIControl/Event/editingDidEnd``. Resigning any
///   other way (`resignFirstResponder()`, Tab to another control, removal from the window,
///   disabling) sends editingDidEnd only.
///
/// Editing works as on a desktop: click to place the caret, drag to select, double-click
/// selects a word, triple-click or Ctrl/Cmd+A selects all; arrows, Home/End, word jumps with
/// Ctrl or Alt, Shift to extend; Backspace/Delete by grapheme cluster (Ctrl/Alt: by word);
/// Ctrl/Cmd+C/X/V through ``UIPasteboard/general``. Text arrives through ``UIKeyInput``
/// (`insertText`) and IME composition through ``UITextInputComposing`` (`setMarkedText`),
/// which the SDL host feeds from `SDL_TEXTINPUT` and `SDL_TEXTEDITING`.
///
/// Text is stored and edited by grapheme cluster (emoji, flags, combining sequences stay
/// whole); ranges in the API are `NSRange`s in UTF-16 units, as in UIKit. Limits, documented
/// where they apply: the text holds one line (line breaks become spaces), at most
/// ``maximumTextLength`` UTF-16 units, and layout measures at most ``layoutSpanLimit`` units
/// at once, so a megabyte paste neither hangs nor is measured whole.
@MainActor
open class UITextField: UIControl, UITextInputComposing {
    /// How the field's border is drawn, as UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable {
        /// No border or background (the default, as in UIKit).
        case none = 0
        /// A thin rectangular line.
        case line = 1
        /// A rectangle with an inset, bevelled top edge.
        case bezel = 2
        /// A filled rounded rectangle with a hairline border.
        case roundedRect = 3
    }

    /// When an overlay (the clear button) is shown, as UIKit's `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable {
        /// Never.
        case never = 0
        /// Only while editing (and the field has text).
        case whileEditing = 1
        /// Only while not editing (and the field has text).
        case unlessEditing = 2
        /// Whenever the field has text.
        case always = 3
    }

    /// The most text the field holds, in UTF-16 units **(project choice)**. Longer text (a huge
    /// paste, or `text` set in code) is cut at the last whole grapheme cluster that fits, so
    /// editing and layout stay fast whatever arrives.
    public static let maximumTextLength = 100_000

    /// The widest piece of text, in UTF-16 units, that layout measures at once **(project
    /// choice)**. Text longer than this is always treated as wider than the field (laid out
    /// left-aligned and scrolled), and at most this much of it is shown at a time.
    public static let layoutSpanLimit = 4_096

    /// The caret's blink half-period, in seconds (visible this long, then hidden as long).
    public static let caretBlinkInterval: TimeInterval = 0.53

    /// The font used when ``font`` is set to nil.
    public static let defaultFont = UIFont.systemFont(ofSize: UIFont.systemFontSize)

    // MARK: Storage (behaviour in UITextField+Editing.swift)

    /// The text, sanitized: one line, at most ``maximumTextLength`` units.
    var storage = ""
    /// The fixed end of the selection (UTF-16 offset, always a grapheme boundary).
    var selectionAnchor = 0
    /// The moving end of the selection, where the caret is drawn.
    var selectionFocus = 0
    /// The IME composition shown at the caret; not part of ``text`` until committed.
    var storedMarkedText: String?
    /// The IME's cursor within the composition, in UTF-16 units of it.
    var markedSelection = NSRange(location: 0, length: 0)
    /// Bumped when what is drawn as text changes (text, composition, secure mode, font).
    var contentVersion = 1

    // MARK: Layout state (UITextField+Layout.swift)

    var displayVersion = 0
    /// The composed string (text with the composition in place of the selection).
    var composedText = ""
    /// What is drawn: ``composedText``, or bullets when secure.
    var displayText = ""
    /// Where the composition sits in ``composedText``.
    var composedMarkedRange: NSRange?
    /// Measured widths of display-text spans, keyed by start << 32 | end.
    var widthCache: [Int64: CGFloat] = [:]
    /// Horizontal scroll: the display offset drawn first, and how far it is shifted left.
    var scrollAnchor = 0
    var scrollOffset: CGFloat = 0
    /// Where display offset `scrollAnchor` sits before the shift (alignment of short text).
    var textOriginX: CGFloat = 0
    /// The end of the display text that is drawn.
    var visibleRunEnd = 0

    // MARK: Interaction state

    var caretBlinkTimer: FrameTimer?
    /// How many of this field's begin and end calls run inside one another (its delegate's
    /// callbacks may call them again).
    private var sessionNesting = 0
    /// The most begin and end calls that may run inside one another (see
    /// ``becomeFirstResponder()``).
    static let maximumSessionNesting = 8
    /// The blink phase: false while the blinking caret is off.
    var caretBlinkOn = true
    /// The touch began on the clear button (it is tracked like a button).
    var trackingClearButton = false
    /// The clear button is shown pressed.
    var isClearButtonHighlighted = false
    /// A drag that began with a double click extends by words from this range.
    var dragWordAnchor: NSRange?
    /// A drag that began with a triple click keeps everything selected.
    var dragSelectsAll = false
    /// While a drag selecting text is held past the field's leading or trailing edge: the
    /// timer that keeps extending the selection (and scrolling) on the frame clock.
    var dragScrollTimer: FrameTimer?
    /// Where that drag's pointer last was, in the field's coordinates.
    var dragPoint: CGPoint?

    // MARK: Subviews (all ignore touches: the field takes them)

    /// Clips the text to the text rectangle and scrolls it.
    let contentView = UIView()
    /// Draws the visible run of text.
    let textLabel = UILabel()
    /// Draws the placeholder.
    let placeholderLabel = UILabel()
    /// The tinted selection highlight.
    let selectionView = UIView()
    /// The underline under IME composition text.
    let markedUnderlineView = UIView()
    /// The caret.
    let caretView = UIView()

    // MARK: Public properties

    /// The text; never nil when read ("" when empty), as in UIKit. Setting it sends no event,
    /// ends any IME composition and puts the caret at the end. Line breaks and tabs become
    /// spaces and other control characters are dropped (a text field holds one line); text
    /// longer than ``maximumTextLength`` is cut at a grapheme boundary.
    open var text: String? {
        get { storage }
        set { setTextFromCode(newValue ?? "") }
    }

    /// Grey text shown while the field is empty; also the default accessibility label.
    open var placeholder: String? {
        didSet { if oldValue != placeholder { setNeedsLayout(); setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// The font of the text and placeholder; nil resets it to ``defaultFont``.
    open var font: UIFont? {
        get { storedFont }
        set {
            let f = newValue ?? UITextField.defaultFont
            guard f != storedFont else { return }
            storedFont = f
            contentDidChange()
        }
    }
    private var storedFont: UIFont = UITextField.defaultFont

    /// The text colour; nil resets it to `.label`.
    open var textColor: UIColor? {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label; setNeedsLayout(); setNeedsDisplay() }
    }
    private var storedTextColor: UIColor = .label

    /// Horizontal alignment of text that fits; text wider than the field scrolls from the left.
    open var textAlignment: NSTextAlignment = .natural {
        didSet { if oldValue != textAlignment { setNeedsLayout(); setNeedsDisplay() } }
    }

    /// The border and background style; `.none` by default, as in UIKit.
    open var borderStyle: BorderStyle = .none {
        didSet { if oldValue != borderStyle { setNeedsLayout(); setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// Whether the text is cleared when editing begins, as UIKit's: the delegate's
    /// `textFieldShouldClear` is asked first, and the field sends `.editingChanged` after
    /// `.editingDidBegin` when it cleared something.
    open var clearsOnBeginEditing = false

    /// When the clear button (a round × at the trailing end that empties the field) shows.
    open var clearButtonMode: ViewMode = .never {
        didSet { if oldValue != clearButtonMode { setNeedsLayout(); setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// Whether the text is hidden behind bullets (one per grapheme cluster). Copy and cut do
    /// nothing while it is on; paste still works. Word moves and deletes go to the start or
    /// end of the whole text, and a double click selects all of it (the words are hidden).
    open var isSecureTextEntry = false {
        didSet { if oldValue != isSecureTextEntry { contentDidChange() } }
    }

    /// Whether the field is editing (it is the first responder).
    public internal(set) var isEditing = false

    /// The delegate, held weakly; it can veto beginning and ending editing, edits, clearing
    /// and Return.
    open weak var delegate: (any UITextFieldDelegate)?

    /// The selection in UTF-16 units of ``text`` (length 0: the caret), a simple stand-in
    /// for UIKit's `selectedTextRange`. Setting it sends nothing; it is clamped to the text
    /// (a NSNotFound or negative location counts as 0) and widened to whole grapheme
    /// clusters. Setting it ends any IME composition.
    open var selectedRange: NSRange {
        get {
            let lo = min(selectionAnchor, selectionFocus), hi = max(selectionAnchor, selectionFocus)
            return NSRange(location: lo, length: hi - lo)
        }
        set { setSelectedRangeFromCode(newValue) }
    }

    /// The uncommitted IME composition shown at the caret, or nil. It is not part of ``text``.
    public var markedText: String? { storedMarkedText }

    // MARK: Init

    /// Creates a text field.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSubviews()
    }

    // MARK: Overridable rectangles (UIKit's layout hooks)

    /// The rectangle the border is drawn in: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle text is drawn in: the bounds inset for the border style, less the clear
    /// button while it shows.
    open func textRect(forBounds bounds: CGRect) -> CGRect { defaultTextRect(forBounds: bounds) }

    /// The rectangle the placeholder is drawn in: ``textRect(forBounds:)``.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The rectangle text is edited in: ``textRect(forBounds:)``.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The clear button's rectangle: a 19-point circle at the trailing end.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect { defaultClearButtonRect(forBounds: bounds) }

    // MARK: Responder (editing sessions, rule D8)

    /// The I-beam over the field (unless ``UIView/pointerCursor`` names another).
    open override func pointerCursor(at location: CGPoint) -> UIPointerCursor? { pointerCursor ?? .iBeam }

    /// Enabled fields can become first responder (that is what editing is).
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Begins editing: asks the delegate (`textFieldShouldBeginEditing`), becomes first
    /// responder, then calls `textFieldDidBeginEditing` and sends editingDidBegin. Keyboard
    /// focus (Tab) selects all the text, as desktop fields do; otherwise the caret goes to
    /// the end. Returns false when refused, disabled or not in a window.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder && isEditing { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        // A delegate that resigns in `textFieldDidBeginEditing` and begins again in
        // `textFieldDidEndEditing` would recurse without end: past a few sessions inside one
        // another, beginning is refused.
        guard sessionNesting < UITextField.maximumSessionNesting else { return false }
        sessionNesting += 1
        defer { sessionNesting -= 1 }
        if let delegate, !delegate.textFieldShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        beginEditingSession()
        return true
    }

    /// Ends editing: asks the delegate (`textFieldShouldEndEditing`), resigns, then calls
    /// `textFieldDidEndEditing` and sends editingDidEnd. Any IME composition is discarded
    /// (IMEs cancel it when text input stops). Resigning while not editing returns true and
    /// sends nothing.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditing else { return super.resignFirstResponder() }
        guard sessionNesting < UITextField.maximumSessionNesting else { return false }
        sessionNesting += 1
        defer { sessionNesting -= 1 }
        if let delegate, !delegate.textFieldShouldEndEditing(self) { return false }
        guard super.resignFirstResponder() else { return false }
        endEditingSession()
        return true
    }

    /// A field leaving its window stops editing even when the delegate refused to end it
    /// (sending editingDidEnd), since it can no longer be first responder.
    open override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        if newWindow !== window { forceEndEditing() }
    }

    /// Ends editing without asking the delegate (the field leaves its window or is disabled).
    func forceEndEditing() {
        guard isEditing else { return }
        if isFirstResponder { _ = super.resignFirstResponder() }
        endEditingSession()
    }

    // MARK: Keys and text input (UITextField+Keyboard.swift)

    /// Handles editing keys (see the type's summary); passes everything else (Tab, Escape,
    /// function keys, unknown shortcuts) up the responder chain, so focus navigation works.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let press = presses.first, let key = press.key, handleKeyDown(key, isRepeat: press.isRepeat) else {
            super.pressesBegan(presses, with: event)
            return
        }
    }

    /// Whether the field has any text.
    open var hasText: Bool { !storage.isEmpty }

    /// Inserts committed text at the caret, replacing the selection (and ending any IME
    /// composition); a user edit, so it sends editingChanged. "\n" or "\r" alone acts as
    /// Return. Ignored while disabled.
    open func insertText(_ text: String) { insertTextFromUser(text) }

    /// Deletes the selection, or the grapheme cluster before the caret; sends editingChanged
    /// when something was deleted. Ignored while disabled.
    open func deleteBackward() { deleteFromUser(forward: false, unit: .grapheme) }

    /// Shows IME composition text at the caret, underlined, in place of the selection (nil or
    /// empty ends the composition). `selectedRange` is the IME's cursor in UTF-16 units of
    /// `text`, clamped to it. Sends nothing: only the committed text (`insertText`) is an edit.
    open func setMarkedText(_ text: String?, selectedRange: NSRange) { setComposition(text, cursor: selectedRange) }

    /// Ends the composition without keeping it.
    open func unmarkText() { setComposition(nil, cursor: NSRange(location: 0, length: 0)) }

    /// The caret rectangle in window points (where the IME candidate window goes). Always
    /// finite.
    open var caretRectInWindow: CGRect { caretRectInWindowPoints() }

    // MARK: Edit actions (UIKit's UIResponderStandardEditActions)

    /// Copies the selection to ``UIPasteboard/general``. Does nothing while secure or when
    /// nothing is selected.
    open func copy(_ sender: Any?) { copySelection() }

    /// Copies the selection and deletes it (an edit: editingChanged). Does nothing while secure.
    open func cut(_ sender: Any?) { cutSelection() }

    /// Replaces the selection with the pasteboard's text (an edit: editingChanged). Line
    /// breaks become spaces; text beyond ``maximumTextLength`` is dropped.
    open func paste(_ sender: Any?) { pasteFromPasteboard() }

    /// Selects all the text.
    open func selectAll(_ sender: Any?) { selectAllText() }

    /// Which edit actions are possible now: copy and cut need a selection and no secure
    /// entry, paste needs text on the pasteboard, select all needs text.
    open override func canPerformAction(_ action: ActionSelector, withSender sender: Any?) -> Bool {
        switch action.name {
        case "copy:", "cut:": return isEnabled && !isSecureTextEntry && selectedRange.length > 0
        case "paste:": return isEnabled && UIPasteboard.general.hasStrings
        case "selectAll:": return isEnabled && hasText
        default: return super.canPerformAction(action, withSender: sender)
        }
    }

    /// Performs the named edit actions `copy:`, `cut:`, `paste:` and `selectAll:`.
    open override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        switch action.name {
        case "copy:": return ActionMethod { [unowned self] sender in copy(sender) }
        case "cut:": return ActionMethod { [unowned self] sender in cut(sender) }
        case "paste:": return ActionMethod { [unowned self] sender in paste(sender) }
        case "selectAll:": return ActionMethod { [unowned self] sender in selectAll(sender) }
        default: return super.actionMethod(for: action)
        }
    }

    // MARK: Touches (click, drag, multi-click, clear button)

    /// A touch on the clear button is tracked like a button press; anywhere else the field
    /// begins editing and places the caret (tapCount 2 selects a word, 3 or more all).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginTextTracking(touch, extending: event?.modifierFlags.contains(.shift) ?? false)
        return true
    }

    /// Drags extend the selection (by words after a double click); dragging past an edge
    /// scrolls the text. On the clear button, tracks whether the touch is still on it.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continueTextTracking(touch)
        return true
    }

    /// Lifting on the clear button clears the text.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        endTextTracking(touch)
    }

    /// Forgets a pending clear-button press; sends touchCancel (rule C7).
    open override func cancelTracking(with event: UIEvent?) {
        resetTextTracking()
        super.cancelTracking(with: event)
    }

    // MARK: Behaviour

    /// Text fields fire their primary action after editingDidEndOnExit (Return, rule B11).
    open override var primaryControlEvent: Event? { .editingDidEndOnExit }

    /// A field that becomes disabled while editing stops editing (**project choice**: it can't
    /// take text), sending editingDidEnd.
    open override func stateDidChange() {
        super.stateDidChange()
        if !isEnabled { forceEndEditing() }
        setNeedsLayout()
    }

    /// Recolours the caret and selection.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }

    /// Assistive technology (or code) activating the field begins editing.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        return becomeFirstResponder()
    }

    // MARK: Accessibility

    /// The placeholder unless set otherwise.
    open override var accessibilityLabel: String? {
        get { storedAccessibilityLabel ?? placeholder }
        set { storedAccessibilityLabel = newValue }
    }

    /// The text (one bullet per grapheme cluster while secure); nil when empty.
    open override var accessibilityValue: String? {
        get {
            if let storedAccessibilityValue { return storedAccessibilityValue }
            guard !storage.isEmpty else { return nil }
            return isSecureTextEntry ? String(repeating: UITextField.secureBullet, count: storage.count) : storage
        }
        set { storedAccessibilityValue = newValue }
    }

    /// `.keyboardKey`: the public trait closest to UIKit's private text-entry trait (not
    /// `.searchField`).
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .keyboardKey }

    // MARK: Layout and drawing (UITextField+Layout.swift)

    /// The natural size: the text or placeholder (whichever is wider) plus the style's
    /// padding and the clear button; the height fits the font (34 points or more for
    /// `.roundedRect`, UIKit's standard height).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { naturalSize() }

    /// ``sizeThatFits(_:)``.
    open override var intrinsicContentSize: CGSize { naturalSize() }

    /// Positions the text run, placeholder, selection, composition underline and caret, and
    /// scrolls so the caret stays visible.
    open override func layoutSubviews() { layoutTextField() }

    /// Draws the border and background of ``borderStyle`` and the clear button.
    open override func draw(_ rect: CGRect) { drawTextField() }

    /// The text's baseline, centred in ``textRect(forBounds:)`` as it is drawn.
    override func textBaselines(forHeight height: CGFloat) -> (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        let rect = textRect(forBounds: CGRect(x: 0, y: 0, width: bounds.width, height: height))
        let metrics = measurer.metrics(of: resolvedFont)
        let baseline = rect.minY + ((rect.height - metrics.lineHeight) / 2).rounded(.down) + metrics.ascender
        return (baseline, height - baseline)
    }

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// Matches the border's corners.
    open override var focusRingCornerRadius: CGFloat { borderStyle == .roundedRect ? UITextField.roundedCornerRadius : 2 }
}
