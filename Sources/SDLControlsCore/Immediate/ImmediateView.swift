import Foundation

/// A view whose controls are declared every frame, in the immediate-mode style of Dear ImGui,
/// while every declaration is backed by a real, retained UIKit control.
///
/// ```swift
/// let panel = ImmediateView(style: .insetGrouped)
/// // once a frame, after host.update():
/// panel.build { ui in
///     ui.toggle("Sound", isOn: &settings.sound)
///     ui.slider("Music", value: &settings.music, in: 0...1)
///     if ui.button("Reset") { settings = Settings() }
/// }
/// ```
///
/// Each declaration keeps one retained control from build to build (see "Identity"), so
/// UIKit's semantics stay whole: touch slop and cancel, two fingers on two controls, keyboard
/// focus and Tab order, game controllers, accessibility labels (from the titles), batched or
/// immediate action delivery, and the still-frame cache (a build that changes nothing redraws
/// nothing and allocates nothing). The view is a plain `UIView`: put it anywhere in a retained
/// tree, and put retained views inside it with ``ImmediateUI/custom(_:update:)``.
///
/// ## When to call `build`
///
/// Call ``build(_:)`` once a frame **after** `SDLHost.update()`: `update()` delivers the
/// frame's batched actions, so a tap handled this frame is reported by this frame's build
/// (0 frames of latency), and what the build changes is laid out and drawn by this frame's
/// `render()`. In a game loop: events → `host.update()` → `build` → game → `host.render()`.
/// With `SDLHost.run(frames:onFrame:)`, build inside `onFrame`, which runs after `update()`.
///
/// Called before `update()`, a build sees the user's change (a dragged value, a flipped
/// switch) but not yet its action, which `update()` delivers afterwards: the user's value is
/// written back at once (a queued action counts as the user holding the control, so the
/// game's old value is never pushed over it), and the `Bool` says true one frame late, in the
/// next build. With immediate delivery (`UIApplication.shared.actionDelivery = .immediate`)
/// actions run while the input is handled, so both orders report them in the same frame.
///
/// A build that begins inside another build of the same view does nothing. Declarations made
/// outside a build are ignored and return false.
///
/// ## Identity
///
/// A declaration is identified by **(scope, kind, name, occurrence)**:
/// - *scope*: the ``ImmediateUI/id(_:_:)`` scopes it is declared in (none at the top level).
///   Rows are layout only and open no scope.
/// - *kind*: label, button, toggle, slider, stepper, segmented control, text field, progress
///   view, activity indicator, row, spacer, or custom view of a given type.
/// - *name*: the key given with ``ImmediateUI/id(_:)`` just before the declaration, else its
///   title: the button's, toggle's, slider's, stepper's or progress view's title, the
///   segmented control's items, the text field's placeholder. Labels, untitled progress
///   views, activity indicators, rows, spacers and custom views have no name (a label's text
///   is content: a score changing every frame keeps its `UILabel`).
/// - *occurrence*: how many declarations with the same scope, kind and name came before it
///   in this build.
///
/// A key that is not equal to itself (a NaN) counts as one fixed key of its type.
///
/// A declaration whose identity was declared in the previous build gets that build's control,
/// with its state (a touch it tracks, its highlight, focus, editing, an animation). One whose
/// identity is new gets a new control. A control whose identity is not declared in a build is
/// removed at the end of that build: a touch it was tracking is cancelled (`touchCancel`,
/// rule C8) and it loses focus and ends editing, as any view leaving its window does. A
/// control that only moves (into a row, out of one, to another group, up or down) stays in
/// the window and keeps all of that.
///
/// So:
/// - a conditional declaration above never changes another's identity unless it has the same
///   kind and name (then wrap one of them in ``ImmediateUI/id(_:_:)``); a conditional label
///   above shifts the labels below it, which only changes the text they show;
/// - two declarations of the same kind and title in one scope are distinct (first, second, …);
/// - in a loop, wrap each item in `ui.id(item.id) { … }` so controls follow their items when
///   the list is reordered or items come and go;
/// - a title that changes ("Pause" and "Resume") is a new control each time it changes, losing
///   focus, unless the declaration is named: `ui.id("pause").button(paused ? "Resume" : "Pause")`
///   (Dear ImGui's `"Resume###pause"`).
///
/// ## Bindings
///
/// Values are passed `inout`. Each binding remembers what the variable and the control held
/// when they last agreed. In each build, for each bound value:
/// 1. neither has moved since: nothing is done. (A value the control cleaned or clamped when
///    it was pushed, such as a two-line text in a one-line field, is not pushed again and never
///    written back: the variable keeps the game's value until the user edits. A build that
///    gives the control another range or other segments considers it again, as in rule 3: a
///    slider that showed 1 for a game value of 5 in `0...1` shows 5 once the range is `0...10`.)
/// 2. the user moved the control (its action was delivered since the last build, or it is
///    tracking a touch, editing, or has an action queued and not yet delivered): the control's
///    value is written to the variable;
/// 3. else, the variable differs from the control: while the user is interacting with it, the
///    user's value wins and is written to the variable; otherwise the variable's value is
///    pushed into the control with its setter, which sends no action (as UIKit's setters send
///    none), clamped to the range as the control clamps it; the variable is left as it is.
///
/// A declaration returns true in the build after its action was delivered, when the user moved
/// the value since the last true: a user change is written back in the build that returns true
/// (a non-continuous slider writes back while dragged and returns true at the lift). A press
/// that moves nothing (a slider's thumb touched and let go) sends the slider's `valueChanged`
/// (rule D3) but returns false: the value did not change.
///
/// A build in which nothing could have changed a control (nothing delivered or queued, no
/// input given to the window since the last build, no touch down, no key held) does not look
/// at controls whose declarations have last build's titles and values: it only places them,
/// which is why re-declaring a thousand unchanged controls costs about what Dear ImGui's
/// build of them does. So set a bound property (a value, a title, a range) through its
/// declaration, not on the control behind it, which such a build would not notice
/// **(project choice)**. Everything else about the control (tint, configuration,
/// accessibility) is yours to set.
///
/// ## Looks
///
/// Layout is automatic, with `UIStackView`s and each control's `intrinsicContentSize`; the
/// width follows the view's bounds (inside its `layoutMargins`), the height follows the content
/// (``sizeThatFits(_:)``). Titles sit beside or above their controls as a settings screen on
/// iOS shows them. ``Style/insetGrouped`` draws the declarations as the rows of rounded groups
/// (``ImmediateUI/spacer()`` starts a new group); ``Style/plain`` stacks them with the system
/// spacing, for HUDs.
///
/// In a HUD, give the view its width and take its height from
/// `sizeThatFits(CGSize(width: width, height: 0))` after each build. It draws light (iOS's
/// default) unless told otherwise: over a dark scene set `overrideUserInterfaceStyle = .dark`
/// on it or on the window.
@MainActor
open class ImmediateView: UIView {
    /// How declarations are drawn.
    public enum Style: Sendable, Equatable {
        /// Declarations stacked with the system spacing (8 points), no backgrounds: for HUDs
        /// over a game. Buttons are tinted plates. Taps between controls reach what is behind
        /// unless the view is given a background colour (see ``ImmediateView/hitTest(_:with:)``).
        case plain
        /// A settings screen: declarations are the cells of rounded groups on the grouped
        /// background, 44 points tall at least, with hairline separators; buttons are the
        /// tinted text of a cell, as iOS's action rows.
        case insetGrouped
    }

    /// The style, fixed when the view is created.
    public let style: Style

    /// A cell's margins (iOS's inset-grouped cells: 16 points on the sides).
    static let cellInsets = UIEdgeInsets(top: 6, left: 16, bottom: 6, right: 16)
    /// A cell's least height.
    static let cellMinimumHeight: CGFloat = 44
    /// The gap between groups of the inset-grouped style.
    static let sectionSpacing: CGFloat = 24

    /// The column the declarations (or, inset-grouped, the groups) are stacked in.
    let column = ImmediateStackView()
    /// The declaration context, created once and reused by every build.
    private(set) lazy var ui = ImmediateUI(view: self)

    /// Creates a view with a style.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        column.axis = .vertical
        column.alignment = .fill
        switch style {
        case .plain:
            column.spacing = UIStackView.spacingUseSystem
            layoutMargins = .zero
        case .insetGrouped:
            column.spacing = ImmediateView.sectionSpacing
            layoutMargins = UIEdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
            backgroundColor = .systemGroupedBackground
        }
        addSubview(column)
    }

    /// Creates an inset-grouped view (a settings panel).
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .insetGrouped)
    }

    /// Creates a view with a style and a zero frame.
    public convenience init(style: Style) {
        self.init(frame: .zero, style: style)
    }

    /// Runs `content` with the declaration context: the declarations it makes are this
    /// frame's controls. Controls declared in the last build are kept (see "Identity"); new
    /// ones are created; the others are removed when `content` returns. Call it once a frame,
    /// after the host's `update()` (see "When to call `build`").
    ///
    /// With ``layoutChangeAnimationDuration`` above 0, controls whose place a build changes
    /// (one declared above them appeared or left, a row grew) move there over that time.
    public func build(_ content: (ImmediateUI) -> Void) {
        let ui = self.ui
        let animates = layoutChangeAnimationDuration > 0 && window != nil && UIView.areAnimationsEnabled
        let before = animates ? placesOfControls() : [:]
        guard ui.begin() else { return }
        content(ui)
        ui.end()
        if animates { animateLayoutChange(from: before) }
    }

    /// Seconds controls take to move to their new places when a build changes the layout
    /// (``UIView/animate(withDuration:delay:options:animations:completion:)`` semantics); 0,
    /// the default, moves them at once. NaN, infinite and negative values are 0. Costs a pass
    /// over the panel's controls per build while above 0.
    public var layoutChangeAnimationDuration: TimeInterval {
        get { storedLayoutChangeAnimationDuration }
        set { storedLayoutChangeAnimationDuration = UIView.sanitizedDuration(newValue) }
    }
    private var storedLayoutChangeAnimationDuration: TimeInterval = 0

    /// How many builds have run.
    public var buildCount: UInt64 { ui.buildNumber }

    // MARK: Layout

    /// The height the content needs at `width` (margins included).
    func contentHeight(forWidth width: CGFloat) -> CGFloat {
        let m = effectiveLayoutMargins
        // A column someone took out of the panel is not measured through it (see `custom`).
        guard column.superview === self else { return (m.top + m.bottom).rounded(.up) }
        let inner = max(0, width - m.left - m.right)
        let fit = column.systemLayoutSizeFitting(CGSize(width: inner, height: 0), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
        return (fit.height + m.top + m.bottom).rounded(.up)
    }

    /// Places the column across the bounds (inside the layout margins) at the height of its
    /// content; in the plain style with a spacer at the top level, at least the view's height,
    /// so the spacer takes what is left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let m = effectiveLayoutMargins
        let width = max(0, bounds.width - m.left - m.right)
        var height = contentHeight(forWidth: bounds.width) - m.top - m.bottom
        if style == .plain && ui.columnHasSpacer { height = max(height, bounds.height - m.top - m.bottom) }
        guard column.superview === self else { return }
        column.frame = CGRect(x: bounds.minX + m.left, y: bounds.minY + m.top, width: width, height: max(0, height))
    }

    /// `size`'s width (the current width when it is not positive) and the height the content
    /// needs at it.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width.isFinite && size.width > 0 ? size.width : bounds.width
        return CGSize(width: width, height: contentHeight(forWidth: width))
    }

    /// No natural width (it takes the width it is given); the height of the content at the
    /// current width.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: contentHeight(forWidth: bounds.width))
    }

    /// At a given width: that width and the content's height there (a stack view sizes an
    /// `ImmediateView` this way).
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        let width = targetSize.width.isFinite ? max(0, targetSize.width) : bounds.width
        let height = contentHeight(forWidth: width)
        return CGSize(width: width, height: fitted(height, target: targetSize.height, priority: verticalFittingPriority, axis: .vertical))
    }

    /// The content's natural size changed: lay out again and tell the superview.
    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Without a background colour the view itself takes no touches, only its controls do:
    /// a tap on its empty space reaches what is behind it (a HUD over a game lets the game have
    /// it). With a background colour, a tap on the drawn plate is the view's, as any view's
    /// **(project choice: what draws nothing takes nothing)**.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self && backgroundColor == nil ? nil : hit
    }
}
