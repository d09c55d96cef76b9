import Foundation

/// The editors the date and time pills open: a panel in the window, above everything, beside
/// the pill, holding a second picker (the calendar for the date pill, the time wheels for the
/// time pill) that changes this one's value as the user picks. The picker sends valueChanged
/// (and primaryActionTriggered) for each change, as if the user had changed it directly.
///
/// The panel closes on a tap outside it (which does nothing else), on Escape or a
/// controller's B, on a second tap on its pill, and when the picker leaves the window, is
/// disabled or hidden, or changes mode or style. Opened with a key or a controller
/// (the focus ring showing), the editor takes focus; closing gives it back to the picker.
extension UIDatePicker {
    /// The pill whose editor is open.
    var editorElement: Element? { editor?.element }

    /// Opens `element`'s editor, or closes it when it is open.
    func toggleEditor(for element: Element) {
        if editorElement == element { return closeEditor() }
        closeEditor()
        guard let window, let pill = pills.first(where: { $0.element == element }) else { return }
        let editor = UIDatePicker(frame: .zero)
        editor.locale = locale
        editor.calendar = explicitCalendar
        editor.timeZone = timeZone
        editor.minimumDate = minimumDate
        editor.maximumDate = maximumDate
        editor.minuteInterval = storedMinuteInterval
        editor.roundsToMinuteInterval = roundsToMinuteInterval
        editor.nowOverride = nowOverride
        editor.tintColor = tintColor
        if element == .datePill {
            editor.datePickerMode = .date
            editor.preferredDatePickerStyle = .inline
        } else {
            editor.datePickerMode = .time
            editor.preferredDatePickerStyle = .wheels
        }
        editor.date = storedDate
        editor.addAction(UIAction { [weak self, weak editor] _ in
            guard let self, let editor else { return }
            self.applyUserChange(.date(editor.date), reveal: true, with: nil)
        }, for: .valueChanged)
        let anchor = convert(pill.rect, to: window)
        let popover = DatePickerPopover(picker: self, element: element, editor: editor, anchor: anchor, in: window)
        self.editor = popover
        window.addSubview(popover)
        if window.isFocusRingVisible { window.setFocusedView(editor) }
        setNeedsDisplay()
    }

    /// Closes the open editor, if any; focus in it comes back to the picker.
    func closeEditor() {
        guard let popover = editor else { return }
        editor = nil
        let hadFocus = popover.window?.focusedView.map { $0 === popover || $0.isDescendant(of: popover) } ?? false
        let window = popover.window
        popover.removeFromSuperview()
        if hadFocus, let window, self.window === window { window.setFocusedView(self) }
        setNeedsDisplay()
    }

    /// A change made in code while the editor is open shows in it too (sending nothing); so
    /// does the value this picker kept after a change in the editor (clamped, rounded).
    func syncEditor() {
        guard let e = editor?.editor, e.date != storedDate else { return }
        e.date = storedDate
    }
}

/// The panel a date picker's pill opens (see `UIDatePicker+Editor.swift`): it covers the
/// window so a tap outside the panel closes it without reaching what is under it.
@MainActor
final class DatePickerPopover: UIView, WindowOverlay {
    /// The pill it belongs to.
    let element: UIDatePicker.Element
    /// The picker in the panel.
    let editor: UIDatePicker
    private weak var picker: UIDatePicker?
    private let panel = DatePickerPopoverPanel()
    static let margin: CGFloat = 8
    static let timeEditorWidth: CGFloat = 260

    /// The pill's rectangle in the window, which the panel is placed beside.
    private let anchor: CGRect
    private let rightToLeft: Bool

    init(picker: UIDatePicker, element: UIDatePicker.Element, editor: UIDatePicker, anchor: CGRect, in window: UIWindow) {
        self.picker = picker
        self.element = element
        self.editor = editor
        self.anchor = anchor
        rightToLeft = picker.effectiveUserInterfaceLayoutDirection == .rightToLeft
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // Out of the picker's tree, the panel keeps its look: its style and direction.
        overrideUserInterfaceStyle = picker.userInterfaceStyle
        semanticContentAttribute = rightToLeft ? .forceRightToLeft : .forceLeftToRight
        panel.addSubview(editor)
        addSubview(panel)
        placePanel()
    }

    /// Sizes the panel to the editor's natural size (a calendar is a week taller or shorter
    /// as its month changes) and places it beside the pill: below when it fits, else above,
    /// else where it shows most, always in the window.
    private func placePanel() {
        var size = editor.intrinsicContentSize
        if editor.datePickerMode == .time { size.width = DatePickerPopover.timeEditorWidth }   // three wheels need less than a month
        let m = DatePickerPopover.margin
        let panelSize = CGSize(width: size.width + 2 * m, height: size.height + 2 * m)
        let area = bounds
        let below = anchor.maxY + 8, above = anchor.minY - 8 - panelSize.height
        var y = below + panelSize.height <= area.maxY - m || above < m ? below : above
        y = min(max(m, y), max(m, area.maxY - m - panelSize.height))
        var x = rightToLeft ? anchor.maxX - panelSize.width : anchor.minX
        x = min(max(m, x), max(m, area.maxX - m - panelSize.width))
        panel.frame = CGRect(x: x, y: y, width: panelSize.width, height: panelSize.height)
        editor.frame = CGRect(x: m, y: m, width: size.width, height: size.height)
    }

    /// The editor's natural size changed (its calendar turned to a month of another height).
    override func layoutSubviews() {
        super.layoutSubviews()
        placePanel()
    }

    /// Touches outside the panel land on the cover itself.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, bounds.contains(point) else { return nil }
        return super.hitTest(point, with: event) ?? self
    }

    /// A touch outside the panel closes it, and goes no further.
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        dismissOverlay()
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    func dismissOverlay() {
        if let picker, picker.editor === self { picker.closeEditor() } else { removeFromSuperview() }
    }
}

/// The panel's look: a raised, rounded card with a soft shadow.
@MainActor
final class DatePickerPopoverPanel: UIView {
    /// The editor's natural size changed: the cover places the panel again.
    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        superview?.setNeedsLayout()
    }

    static let radius: CGFloat = 13
    static let fill = UIColor(light: UIColor(rgb: 0xFFFFFF), dark: UIColor(rgb: 0x2C2C2E))

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.fillShadow(bounds.offsetBy(dx: 0, dy: 4), radius: DatePickerPopoverPanel.radius, blur: 18,
                       color: UIColor(white: 0, alpha: 0.22))
        ctx.fillRoundedRect(bounds, radius: DatePickerPopoverPanel.radius, color: DatePickerPopoverPanel.fill)
    }
}

/// A view a window shows above everything, which Escape and a controller's B close and
/// which keeps focus inside it while it is shown: the date picker's editors today, menus
/// later. The topmost one closes first.
@MainActor
protocol WindowOverlay: UIView {
    func dismissOverlay()
}
