import Foundation

/// The look a date picker asks for, as UIKit's `UIDatePickerStyle`. What is drawn is
/// ``UIDatePicker/datePickerStyle``.
public enum UIDatePickerStyle: Int, Sendable {
    /// The system chooses: inline here **(project choice: iOS chooses compact)**.
    case automatic = 0
    /// Spinning wheels, a column per part of the value.
    case wheels = 1
    /// Pills showing the date and the time, each opening an editor (the calendar, the time
    /// wheels) in a panel beside it.
    case compact = 2
    /// The calendar in place, with the time as a pill that opens the time wheels.
    case inline = 3
}

/// A control for picking a date, a time, both, or a count-down duration, in three styles
/// (``preferredDatePickerStyle``):
/// - **inline** (the default here): a month grid for dates, as many weeks tall as the month
///   shown has; under it in `.dateAndTime` a "Time" row with the time in a pill. `.time`
///   alone is the pill (as in UIKit, inline and compact look the same there); the count-down
///   has hour and minute fields with − and + halves.
/// - **compact**: the date and the time as grey pills ("Jun 15, 2024", "10:30 AM").
/// - **wheels**: a spinning column per part of the value (see `UIDatePicker+Wheels.swift`).
///
/// A pill opens its editor in a panel beside it, above everything in the window: the month
/// grid for the date, the time wheels for the time; each change there is this picker's change.
/// A tap outside, Escape or a controller's B closes it (see `UIDatePicker+Editor.swift`).
///
/// Implemented (UIKit names): ``date`` / ``setDate(_:animated:)``, ``minimumDate``,
/// ``maximumDate``, ``datePickerMode`` (all four modes), ``countDownDuration``,
/// ``minuteInterval``, ``roundsToMinuteInterval``, ``locale``, ``calendar``, ``timeZone``,
/// ``preferredDatePickerStyle`` and ``datePickerStyle``. Foundation's `Calendar` and
/// `DateFormatter` do all calendar maths and formatting, so any calendar Foundation knows
/// (Buddhist, Hebrew, …) works in the grid and the wheels.
///
/// The inline calendar's title has a chevron: a tap on it shows month and year wheels in
/// place of the grid, which turn the month shown (see `UIDatePicker+Wheels.swift`).
///
/// Not implemented: a keypad for typing the time, hold-to-repeat on the count-down's
/// steppers, the `.yearAndMonth` mode and `UIDatePicker.contextMenuInteraction`.
///
/// Events (rule D7): every user change (tapping a day, a wheel settling, a change in a
/// pill's editor, stepping the count-down, a keyboard step) sends ``UIControl/Event/valueChanged`` and then
/// ``UIControl/Event/primaryActionTriggered`` (rule B11). A tap is the element under the
/// lift point when it is the one under the touch-down; it is applied at the lift, so a tap
/// reads touchDown, valueChanged, primaryActionTriggered, touchUpInside. Dragging away and
/// lifting elsewhere changes nothing. Setting values in code sends nothing. Turning the
/// month with the arrows changes only the displayed month, not ``date``, and sends nothing.
///
/// Keyboard (while focused, the picker becomes first responder to read the arrows):
/// - date modes: Left/Right move the date one day, Up/Down one week, Page Up/Page Down
///   one month (keeping the day of the month where the month has it); in
///   `.dateAndTime`, Shift+Up/Down step the minutes and Shift+Left/Right the hours;
/// - `.time` and `.countDownTimer`: Up/Down step the minutes by ``minuteInterval``,
///   Left/Right the hours.
///
/// A game controller doesn't go through the first responder: on a focused picker the D-pad's
/// left and right move a day (or a minute step) and up and down move focus, as on every
/// adjustable control; the shoulders move a day too. A (Space, Return) opens the first pill's
/// editor and focuses it; B closes it.
///
/// Accessibility: the value is the formatted date (per ``locale``) or the duration;
/// traits `.adjustable`; increment/decrement move a day (date modes) or a minute step.
@MainActor
open class UIDatePicker: UIControl, ControlAnimating {
    /// What a date picker shows, as UIKit's `UIDatePicker.Mode`.
    public enum Mode: Int, Sendable {
        /// Hours and minutes (AM/PM when the locale uses a 12-hour clock).
        case time = 0
        /// A month grid.
        case date = 1
        /// A month grid above the time fields (the default).
        case dateAndTime = 2
        /// Hours and minutes of a duration (``countDownDuration``).
        case countDownTimer = 3
    }

    // MARK: Storage (behaviour is in the UIDatePicker+Facet.swift files)

    var storedDate: Date
    var storedCountDownDuration: TimeInterval = 0
    var storedMinuteInterval = 1
    var explicitCalendar: Calendar?
    /// The first day of the month the grid shows (in ``workingCalendar``).
    var displayedMonthStart: Date
    /// Cached month geometry and formatters; dropped when what they depend on changes.
    var monthCache: DatePickerMonth?
    var workingCalendarCache: Calendar?
    var formattersCache: DatePickerFormatters?
    /// The element a touch went down on, and whether the touch is over it now.
    var pressedElement: Element?
    var pressedIsInside = false
    /// "Today" for the highlight in the grid; nil uses the real clock. Tests and golden
    /// images set it so they don't depend on the day they run.
    var nowOverride: Date? { didSet { setNeedsDisplay() } }
    /// The wheels style's columns, offsets and motion.
    let wheelState = DatePickerWheelState()
    /// The open editor of a date or time pill (a popover in the window), if any.
    var editor: DatePickerPopover?

    /// Creates a picker showing the current date in `.dateAndTime` mode.
    public override init(frame: CGRect) {
        let now = Date()
        storedDate = now
        displayedMonthStart = now
        super.init(frame: frame)
        storedDate = normalized(now)
        revealDate()
    }

    // MARK: Mode and style

    /// What the picker shows. Changing it re-rounds ``date`` to ``minuteInterval`` when the
    /// new mode shows the time (and ``roundsToMinuteInterval`` is set); it sends nothing.
    open var datePickerMode: Mode = .dateAndTime {
        didSet {
            guard oldValue != datePickerMode else { return }
            storedDate = normalized(storedDate)
            revealDate()
            wheelState.monthYearExpanded = false
            resetWheels()
            closeEditor()
            contentLayoutChanged()
        }
    }

    /// The style asked for (see ``datePickerStyle`` for what is drawn). Changing it stops
    /// the wheels and lays the picker out again; it sends nothing.
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic {
        didSet {
            guard oldValue != preferredDatePickerStyle else { return }
            wheelState.monthYearExpanded = false
            resetWheels()
            closeEditor()
            contentLayoutChanged()
        }
    }

    /// The style actually drawn: the one asked for, except that `.automatic` draws `.inline`
    /// **(project choice: iOS chooses compact)** and the count-down timer draws `.wheels`
    /// when asked for `.compact` (it has no compact form, as in UIKit).
    open var datePickerStyle: UIDatePickerStyle {
        switch preferredDatePickerStyle {
        case .wheels: return .wheels
        case .compact: return datePickerMode == .countDownTimer ? .wheels : .compact
        case .inline, .automatic: return .inline
        }
    }

    // MARK: Value

    /// The date shown (ignored in `.countDownTimer` mode). Setting it sends nothing. The
    /// value is kept within ``minimumDate``…``maximumDate`` and, when the mode shows the
    /// time, ``roundsToMinuteInterval`` is set and ``minuteInterval`` is above 1, rounded
    /// down to a multiple of ``minuteInterval`` (seconds dropped). A NaN or infinite date
    /// is ignored; dates beyond `Date.distantPast`…`Date.distantFuture` are clamped to them.
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }

    /// Sets ``date`` (there is no animation; the grid shows the date's month at once).
    /// Sends nothing.
    open func setDate(_ date: Date, animated: Bool) {
        guard let d = UIDatePicker.sanitized(date) else { return }
        storedDate = normalized(d)
        revealDate()
        resetWheels()   // the wheels stop where the new value is
        syncEditor()
        pillTextMayHaveChanged()
        setNeedsDisplay()
    }

    /// The earliest date the picker allows; nil for no limit. Setting it clamps ``date``
    /// (sending nothing). A NaN or infinite date is treated as nil. When
    /// minimumDate > maximumDate both limits are ignored, as UIKit documents.
    open var minimumDate: Date? {
        didSet {
            if let m = minimumDate, !m.timeIntervalSinceReferenceDate.isFinite { minimumDate = nil }
            limitsChanged()
        }
    }

    /// The latest date the picker allows; nil for no limit. See ``minimumDate``.
    open var maximumDate: Date? {
        didSet {
            if let m = maximumDate, !m.timeIntervalSinceReferenceDate.isFinite { maximumDate = nil }
            limitsChanged()
        }
    }

    /// The duration shown in `.countDownTimer` mode, in seconds: 0 by default. It is kept
    /// in whole minutes, rounded down to a multiple of ``minuteInterval``, within
    /// 0…23:59 (86,340 s); +infinity gives the maximum, −infinity 0, and NaN is ignored.
    /// Setting it sends nothing.
    open var countDownDuration: TimeInterval {
        get { storedCountDownDuration }
        set {
            guard let v = UIDatePicker.normalizedCountDown(newValue, interval: storedMinuteInterval) else { return }
            guard v != storedCountDownDuration else { return }
            storedCountDownDuration = v
            setNeedsDisplay()
        }
    }

    /// The step of the minute field: 1 (default) to 30 and a divisor of 60 (1, 2, 3, 4, 5,
    /// 6, 10, 12, 15, 20, 30). Other values (0, 7, 61, negatives) are ignored and the
    /// interval stays as it was **(project choice; UIKit falls back to 1)**. Changing it
    /// re-rounds ``date`` and ``countDownDuration`` and sends nothing.
    open var minuteInterval: Int {
        get { storedMinuteInterval }
        set {
            guard newValue >= 1, newValue <= 30, 60 % newValue == 0, newValue != storedMinuteInterval else { return }
            storedMinuteInterval = newValue
            resetWheels()
            closeEditor()   // an open editor has the old interval
            storedDate = normalized(storedDate)
            storedCountDownDuration = UIDatePicker.normalizedCountDown(storedCountDownDuration, interval: newValue) ?? 0
            setNeedsDisplay()
        }
    }

    /// Whether ``date`` is rounded down to ``minuteInterval`` (true by default). When false,
    /// the minute steppers still move by ``minuteInterval`` from whatever minute is shown.
    open var roundsToMinuteInterval: Bool = true {
        didSet {
            guard oldValue != roundsToMinuteInterval else { return }
            closeEditor()
            storedDate = normalized(storedDate)
            setNeedsDisplay()
        }
    }

    // MARK: Calendar, locale and time zone

    /// The locale for names, digits and the 12- or 24-hour clock; nil (the default) uses the
    /// calendar's locale, else the current locale.
    open var locale: Locale? {
        didSet { calendarSettingsChanged() }
    }

    /// The calendar for the grid and all date maths; setting nil returns to the current
    /// calendar. The grid starts weeks on the calendar's `firstWeekday` when the calendar
    /// has a locale or an explicit first weekday, else on the first weekday of ``locale``.
    open var calendar: Calendar! {
        get { explicitCalendar ?? Calendar.current }
        set {
            explicitCalendar = newValue
            calendarSettingsChanged()
        }
    }

    /// The time zone the date is shown in; nil (the default) uses the calendar's time
    /// zone, else the current one. Changing it keeps ``date`` (the same instant, shown at
    /// another wall-clock time, re-rounded to ``minuteInterval``) and sends nothing. A zone
    /// more than 14 hours from GMT (no real one is) is shown 14 hours from GMT on its side
    /// **(project choice: Foundation's date formatter traps on it)**.
    open var timeZone: TimeZone? {
        didSet { calendarSettingsChanged() }
    }

    // MARK: Behaviour

    /// Date pickers fire their primary action after valueChanged (rule B11).
    open override var primaryControlEvent: Event? { .valueChanged }

    /// Losing focus also gives up first responder, so arrows no longer reach the picker.
    open override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        super.didUpdateFocus(in: context, with: coordinator)
        if context.previouslyFocusedView === self, isFirstResponder { resignFirstResponder() }
    }

    /// Leaving a window stops the wheels where the value is (their motion runs on the
    /// window's clock).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        resetWheels()
        if editor?.window !== window { closeEditor() }   // (its panel is in the old window)
        setNeedsDisplay()
    }

    /// A disabled picker closes its open editor.
    open override var isEnabled: Bool {
        didSet { if !isEnabled { closeEditor() } }
    }

    /// A hidden picker closes its open editor.
    open override var isHidden: Bool {
        didSet { if isHidden { closeEditor() } }
    }

    /// Redraws: the selection, today, the arrows and the steppers use the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    // MARK: Tracking (a tap acts on the element under the lift if it is the one pressed)

    /// Starts tracking only on an element that can act (a selectable day, an enabled
    /// arrow or stepper half, the other AM/PM half); elsewhere the touch sends nothing.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if showsWheels { return beginWheelTracking(touch) }
        if showsMonthYearWheels, element(at: touch.location(in: self)) == nil { return beginWheelTracking(touch) }
        guard let element = element(at: touch.location(in: self)), isElementEnabled(element) else { return false }
        pressedElement = element
        pressedIsInside = true
        setNeedsDisplay()
        return true
    }

    /// Follows whether the touch is still over the pressed element (its highlight).
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if wheelState.drag != nil {
            continueWheelTracking(touch)
            return true
        }
        guard let pressed = pressedElement else { return true }
        let inside = element(at: touch.location(in: self)) == pressed
        if inside != pressedIsInside {
            pressedIsInside = inside
            setNeedsDisplay()
        }
        return true
    }

    /// Applies the pressed element when the touch lifts over it; sends valueChanged (and
    /// primaryActionTriggered) when the value changed.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if wheelState.drag != nil { return endWheelTracking(touch) }
        let pressed = pressedElement
        clearPressed()
        guard let pressed, let touch, element(at: touch.location(in: self)) == pressed else { return }
        perform(pressed, with: event)
    }

    /// Drops the pressed element; nothing changes (rule C7).
    open override func cancelTracking(with event: UIEvent?) {
        cancelWheelTracking()
        clearPressed()
        super.cancelTracking(with: event)
    }

    // MARK: Keyboard

    /// The picker takes first responder only while it is its window's focused view, to read
    /// arrows (also while the focus ring is hidden after a touch).
    open override var canBecomeFirstResponder: Bool { isEnabled && window?.focusedView === self }

    /// Arrows, Page Up and Page Down adjust the value (see the type's overview); other keys
    /// go on up the responder chain (Tab, Space …).
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEnabled, window?.focusedView === self, let key = presses.first?.key, handleKey(key) else {
            super.pressesBegan(presses, with: event)
            return
        }
    }

    /// Opens (or closes) the editor of the picker's first pill (the compact style's date,
    /// the inline style's time) as a tap on it does; a picker without pills (a calendar of
    /// dates alone, wheels, the count-down) has nothing to activate, and the arrows adjust it.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled, let first = pills.first?.element else { return false }
        toggleEditor(for: first)
        return true
    }

    /// Moves the date one day later (date modes) or the time one minute step up.
    open override func accessibilityIncrement() {
        guard isEnabled else { return }
        applyUserChange(adjustment(.increment), with: nil)
    }

    /// Moves the date one day earlier (date modes) or the time one minute step down.
    open override func accessibilityDecrement() {
        guard isEnabled else { return }
        applyUserChange(adjustment(.decrement), with: nil)
    }

    // MARK: Accessibility

    /// `.adjustable`.
    open override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }

    /// The formatted date (long date, short time, per ``locale``) or the duration, unless
    /// set otherwise.
    open override var accessibilityValue: String? {
        get { storedAccessibilityValue ?? formattedValue }
        set { storedAccessibilityValue = newValue }
    }

    // MARK: Layout and drawing

    /// The natural size for the mode and style: inline, 320 points wide, the calendar
    /// 72 points of header and weekdays, 40 a week and 8 below (240, 280 or 320 for four, five
    /// or six weeks), then in `.dateAndTime` 8 and the 52-point time row; the count-down's
    /// fields 320 × 52; pills (compact, and inline `.time`) 34 high and as wide as their text;
    /// wheels 320 × 216.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { naturalSize }

    /// The natural size (see ``sizeThatFits(_:)``).
    open override var intrinsicContentSize: CGSize { naturalSize }

    /// The ring follows the rounded corners used by the picker's cells and pills.
    open override var focusRingCornerRadius: CGFloat { cornerRadius > 0 ? cornerRadius : UIDatePicker.focusRadius }

    /// Dims as one layer while disabled (the one way disabled controls dim).
    override var drawsDisabledDimmed: Bool { !isEnabled }

    /// Draws the month grid and/or the time fields for the mode.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        drawContent(in: ctx)
    }
}
