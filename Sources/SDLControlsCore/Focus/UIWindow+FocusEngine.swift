import Foundation

/// The focus engine: tvOS's model in this project's names. One engine serves the keyboard
/// (Tab, arrows) and game controllers (D-pad, left stick); `UIWindow+Focus.swift` has the
/// keys and `UIWindow+GameController.swift` the controller.
///
/// **Candidates.** A view can take focus when ``UIView/canBecomeFocused`` is true (enabled
/// controls), it and its ancestors are shown (not hidden, alpha ≥ 0.01) and take touches
/// (`isUserInteractionEnabled`), and some of it is on screen: inside the window and inside
/// every ancestor that clips (`clipsToBounds`), except a ``FocusScrollingContainer``, which
/// can scroll its content into view.
///
/// **Losing focus.** When the focused view can no longer take focus, focus goes nowhere
/// (``UIWindow/focusedView`` nil, ``UIControl/isFocused`` false, the hooks told): at once
/// when it leaves the window (while it leaves, the hooks and actions that run, such as its
/// `editingDidEnd`, can't give it focus or first responder again, so focus and editing end
/// exactly once), and at the next ``UIView/updateFocusIfNeeded()`` (the host
/// calls it once a frame) when it or an ancestor is hidden, faded below alpha 0.01 or made
/// inert, or its `canBecomeFocused` turns false (a disabled control). Focus then starts over
/// as with nothing focused: a controller direction goes to the window's preferred view, an
/// arrow key does nothing, Tab goes to the first view and Shift+Tab to the last
/// **(project choice: tvOS moves focus on to a preferred view by itself)**.
///
/// **Moving by direction** (up, down, left, right): from the focused view, the engine looks
/// for the nearest candidate that way (the geometry is in `FocusGeometry.swift`) among the
/// focused view's siblings and their descendants first, and only when none lies that way
/// among its superview's superview's descendants, and so on out to the window: the nearest
/// container first. At the edge focus stays where it is, unless a container on the way out
/// has ``UIView/wrapsFocusAtEdges``: then focus wraps to the candidate of that container
/// nearest its opposite edge in the same row (moving left or right) or column (up or down);
/// with none in line, the search goes on outwards.
///
/// **Adjustable controls.** When the focused view is adjustable (its `accessibilityTraits`
/// contain `.adjustable`: slider, stepper, segmented control, page control, date picker),
/// left and right adjust it (``UIView/accessibilityIncrement()`` /
/// ``UIView/accessibilityDecrement()``, swapped in right-to-left layouts) and up and down
/// move focus. A fresh press that leaves it where it was (the end of its range: no
/// `valueChanged`) moves focus on in that direction; a held, repeating one doesn't. On any
/// other view all four directions move focus.
///
/// **Preferred focus.** When focus enters a container without a direction (nothing was
/// focused and a controller direction is pressed, or ``UIView/setNeedsFocusUpdate()`` then
/// ``UIView/updateFocusIfNeeded()``), it goes to the container's
/// ``UIView/preferredFocusedView``, followed down while the preferred view is itself a
/// container; with no preference, to the first candidate in reading order (the top-left
/// one, as tvOS picks). A chain that ends at a view that can't be focused falls back to the
/// first candidate inside the nearest environment on it that has one.
///
/// **Text fields.** Tab and ``UIWindow/setFocusedView(_:)`` on a text field begin editing
/// (desktop habit). Focus that arrives by direction or by a reset to a preferred view only
/// focuses it, so arrows and the D-pad pass over a form without raising an on-screen
/// keyboard; Space, Return or the controller's A begin editing, and moving focus away ends it.
///
/// **The ring.** ``UIWindow/isFocusRingVisible`` is false until a key or controller button
/// (not a key typed into a field being edited), and again after a touch or click: the focused control's ``UIControl/isFocused`` (so its
/// ring and its `.focused` state) follows it. A touch on a control that can take focus moves
/// focus there (without a ring, and without changing first responder); a touch elsewhere
/// clears focus.
///
/// **Hooks.** Every update asks ``UIView/shouldUpdateFocus(in:)`` of the previously and next
/// focused views and their ancestors (any may refuse; clearing focus can't be refused), then
/// calls ``UIView/didUpdateFocus(in:with:)`` on the same views. Focus moved by direction,
/// Tab or a reset is scrolled into view through ``FocusScrollingContainer`` ancestors.
extension UIWindow {
    /// How a focus update treats the first responder.
    enum FirstResponderRule {
        /// The focused view becomes first responder if it can (Tab, `setFocusedView`).
        case take
        /// As `take`, except that views taking text (`UIKeyInput`) wait to be activated.
        case takeUnlessText
        /// Leave the first responder alone (a touch moved focus).
        case leave
    }

    // MARK: Public surface

    /// Whether the focused control shows that it is focused (its ring, and `.focused` in its
    /// state): true after a key or controller button, false after a touch or click, and
    /// false in a new window until the first such press. A key that a text field being
    /// edited takes, with focus staying on it, doesn't show it. Set it to show or hide focus
    /// yourself.
    public var isFocusRingVisible: Bool {
        get { focusSystem.isRingVisible }
        set {
            guard focusSystem.isRingVisible != newValue else { return }
            focusSystem.isRingVisible = newValue
            if let control = storedFocusedView as? UIControl { control.isFocused = newValue }
        }
    }

    /// Moves focus one step: by geometry for up, down, left and right (see the overview);
    /// by reading order for ``UIFocusHeading/next`` and ``UIFocusHeading/previous`` (as Tab
    /// and Shift+Tab, wrapping). With nothing focused, a direction focuses the window's
    /// preferred view. Returns the newly focused view, or nil when focus did not move.
    @discardableResult
    public func moveFocus(_ heading: UIFocusHeading) -> UIView? {
        switch heading {
        case .next, .previous:
            let before = storedFocusedView
            let after = moveFocus(forward: heading == .next)
            return after === before ? nil : after
        case .up, .down, .left, .right:
            layoutIfNeeded()
            let candidates = focusCandidatesInReadingOrder()
            guard let focused = validFocusedView else {
                guard let target = preferredFocus(in: self, candidates: candidates),
                      updateFocus(to: target, heading: [], firstResponder: .takeUnlessText, scrolls: true) else { return nil }
                return target
            }
            guard let target = focusTarget(from: focused, heading: heading, candidates: candidates),
                  updateFocus(to: target, heading: heading, firstResponder: .takeUnlessText, scrolls: true) else { return nil }
            return target
        default:
            return nil
        }
    }

    /// The focused view if it can still take focus. Between a change that makes it
    /// unfocusable (hidden, disabled…) and the next ``UIView/updateFocusIfNeeded()``, which
    /// clears it, input treats focus as gone: directions start as with nothing focused.
    var validFocusedView: UIView? {
        guard let v = storedFocusedView, canTakeFocus(v) else { return nil }
        return v
    }

    /// Whether `view` can hold focus in this window: in it, `canBecomeFocused`, and it and
    /// its ancestors shown and taking touches (as `focusCandidates()` requires; being on
    /// screen is not needed to keep focus).
    func canTakeFocus(_ view: UIView) -> Bool {
        guard view.window === self, view !== self, view.canBecomeFocused, !isLeaving(view) else { return false }
        var v: UIView? = view
        while let cur = v {
            if cur.isHidden || cur.alpha < UIView.minimumHitTestAlpha || !cur.isUserInteractionEnabled { return false }
            v = cur.superview
        }
        return true
    }

    /// The focused view can no longer take focus (it is leaving the window, or was hidden,
    /// faded out, made inert or disabled): focus goes nowhere, through the usual hooks, and
    /// the next direction starts as with nothing focused. One path for every cause.
    func focusedViewCannotKeepFocus() {
        updateFocus(to: nil, heading: [], firstResponder: .leave, scrolls: false)
    }

    /// Once a frame (from ``UIView/updateFocusIfNeeded()``): clears focus from a focused view
    /// that can no longer take it. Only the one focused view is checked, so setters such as
    /// `isHidden` and `isEnabled` need not watch for focus.
    func dropFocusIfUnfocusable() {
        if let focused = storedFocusedView, !canTakeFocus(focused) { focusedViewCannotKeepFocus() }
    }

    // MARK: Candidates

    /// Every view that can take focus now, with its frame in window coordinates, in tree order.
    func focusCandidates() -> [(view: UIView, frame: CGRect)] {
        var found: [(view: UIView, frame: CGRect)] = []
        // `origin`: where the view's bounds origin lies in window coordinates. `clip`: the
        // window area still visible at this depth; nil below a scrolling container.
        func walk(_ v: UIView, origin: CGPoint, clip: CGRect?) {
            guard !v.isHidden, v.alpha >= UIView.minimumHitTestAlpha, v.isUserInteractionEnabled else { return }
            let frame = CGRect(x: origin.x + v.bounds.minX, y: origin.y + v.bounds.minY, width: v.bounds.width, height: v.bounds.height)
            if v !== self, v.canBecomeFocused, !frame.isEmpty, clip.map({ frame.intersects($0) }) ?? true {
                found.append((v, frame))
            }
            guard !v.subviews.isEmpty else { return }
            var inner = clip
            if let c = clip {
                if v is FocusScrollingContainer {
                    if !frame.intersects(c) { return }
                    inner = nil
                } else if v.clipsToBounds {
                    let narrowed = c.intersection(frame)
                    if narrowed.isNull || narrowed.isEmpty { return }
                    inner = narrowed
                }
            }
            for sub in v.subviews {
                walk(sub, origin: CGPoint(x: origin.x + sub.frame.minX - sub.bounds.minX, y: origin.y + sub.frame.minY - sub.bounds.minY),
                     clip: inner)
            }
        }
        let origin = CGPoint(x: -bounds.minX, y: -bounds.minY)
        let clip = CGRect(origin: .zero, size: bounds.size)
        if let overlay = topOverlay {
            // A panel above everything (a date picker's editor) keeps focus inside it, as a
            // popover does: what is under it can't be reached until it closes.
            walk(overlay, origin: CGPoint(x: origin.x + overlay.frame.minX - overlay.bounds.minX,
                                          y: origin.y + overlay.frame.minY - overlay.bounds.minY), clip: clip)
        } else {
            walk(self, origin: origin, clip: clip)
        }
        return found
    }

    /// The topmost shown ``WindowOverlay`` among the window's subviews, if any.
    var topOverlay: UIView? {
        subviews.last { $0 is WindowOverlay && !$0.isHidden }
    }

    /// The candidates in reading order (see `FocusGeometry`).
    func focusCandidatesInReadingOrder() -> [(view: UIView, frame: CGRect)] {
        let candidates = focusCandidates()
        let order = FocusGeometry.readingOrder(candidates.map(\.frame),
                                               rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft)
        return order.map { candidates[$0] }
    }

    // MARK: Direction

    /// The view focus moves to from `focused` in `heading`, searching the nearest container
    /// first; nil at the edge.
    func focusTarget(from focused: UIView, heading: UIFocusHeading,
                     candidates: [(view: UIView, frame: CGRect)]) -> UIView? {
        let source = focused.convert(focused.bounds, to: nil)
        let others = candidates.filter { $0.view !== focused }
        var scope = focused.superview
        while let container = scope {
            let inside = container === self ? others : others.filter { $0.view.isDescendant(of: container) }
            if let i = FocusGeometry.bestCandidate(from: source, heading: heading, among: inside.map(\.frame)) {
                return inside[i].view
            }
            if container.wrapsFocusAtEdges, !inside.isEmpty {
                let edge = UIWindow.wrappedSource(source, heading: heading, within: container.convert(container.bounds, to: nil))
                if let i = FocusGeometry.bestCandidate(from: edge, heading: heading, among: inside.map(\.frame), inBeamOnly: true) {
                    return inside[i].view
                }
            }
            scope = container.superview
        }
        return nil
    }

    /// `source` moved just outside the opposite edge of `area`, so a search in `heading`
    /// starts over from there.
    static func wrappedSource(_ source: CGRect, heading: UIFocusHeading, within area: CGRect) -> CGRect {
        var r = source
        switch heading {
        case .right: r.origin.x = area.minX - r.width
        case .left: r.origin.x = area.maxX
        case .down: r.origin.y = area.minY - r.height
        case .up: r.origin.y = area.maxY
        default: break
        }
        return r
    }

    /// One step of directional input (an arrow key, the D-pad, the stick): adjusts an
    /// adjustable focused view with left/right, otherwise moves focus. A fresh press (not a
    /// repeat of a held one) that leaves an adjustable view where it was (at the end of its
    /// range: a control sends no `valueChanged`, another view keeps its `accessibilityValue`)
    /// moves focus on instead, so what lies beyond a slider in its row can be reached with a
    /// controller alone; holding on at the end of the range stays on the control. With nothing
    /// focused, focuses the preferred view when `takesInitialFocus`. Returns whether the UI
    /// used it (an adjustable view uses every left and right).
    func performDirectionalStep(_ heading: UIFocusHeading, takesInitialFocus: Bool, isRepeat: Bool = false) -> Bool {
        layoutIfNeeded()
        guard let focused = validFocusedView else {
            guard takesInitialFocus else { return false }
            let candidates = focusCandidatesInReadingOrder()
            guard let target = preferredFocus(in: self, candidates: candidates) else { return false }
            return updateFocus(to: target, heading: [], firstResponder: .takeUnlessText, scrolls: true)
        }
        if heading == .left || heading == .right, focused.accessibilityTraits.contains(.adjustable) {
            let rtl = focused.effectiveUserInterfaceLayoutDirection == .rightToLeft
            let control = focused as? UIControl
            let sentBefore = control?.valueChangesSent
            let valueBefore = control == nil ? focused.accessibilityValue : nil
            if (heading == .right) != rtl { focused.accessibilityIncrement() } else { focused.accessibilityDecrement() }
            let moved = control.map { $0.valueChangesSent != sentBefore } ?? (focused.accessibilityValue != valueBefore)
            if !moved && !isRepeat && focused.window === self { _ = moveFocus(heading) }
            return true
        }
        return moveFocus(heading) != nil
    }

    // MARK: Preferred focus

    /// Where focus goes when it enters `environment` without a direction: its preferred view,
    /// followed down through containers; else its first candidate in reading order.
    func preferredFocus(in environment: UIView, candidates: [(view: UIView, frame: CGRect)]) -> UIView? {
        func isCandidate(_ v: UIView) -> Bool { candidates.contains { $0.view === v } }
        func firstCandidate(in container: UIView) -> UIView? {
            if isCandidate(container) { return container }
            return candidates.first { $0.view.isDescendant(of: container) }?.view
        }
        var env = environment
        var seen: [UIView] = [env]
        // Bounded: preferences may point at each other.
        while let preferred = env.preferredFocusedView, preferred.window === self, !seen.contains(where: { $0 === preferred }) {
            if isCandidate(preferred) { return preferred }
            env = preferred
            seen.append(env)
        }
        // A chain that ends at a view that can't be focused: the nearest environment on it
        // with something focusable inside (focus entering a container stays in it).
        for env in seen.reversed() {
            if let found = firstCandidate(in: env) { return found }
        }
        return nil
    }

    /// Clears focus from a focused view that can no longer take it, then moves focus to the
    /// preferred view of the environment that asked with ``UIView/setNeedsFocusUpdate()``,
    /// if focus is inside it (or nowhere).
    func performPendingFocusUpdate() {
        dropFocusIfUnfocusable()
        guard let environment = focusSystem.pendingUpdate else { return }
        focusSystem.pendingUpdate = nil
        guard environment.window === self else { return }
        layoutIfNeeded()
        if let current = validFocusedView, !current.isDescendant(of: environment) { return }
        guard let target = preferredFocus(in: environment, candidates: focusCandidatesInReadingOrder()) else { return }
        updateFocus(to: target, heading: [], firstResponder: .takeUnlessText, scrolls: true)
    }

    // MARK: Updating

    /// Moves focus to `view` (nil clears it): asks the hooks, updates `isFocused`, the first
    /// responder (per `firstResponder`), calls didUpdateFocus, and scrolls the view into view.
    /// Returns false when `view` can't take focus or a hook refused.
    @discardableResult
    func updateFocus(to view: UIView?, heading: UIFocusHeading, firstResponder rule: FirstResponderRule, scrolls: Bool) -> Bool {
        if let view, !canTakeFocus(view) { return false }
        let previous = storedFocusedView
        guard previous !== view else { return true }
        // Hooks that move focus to each other (`didUpdateFocus` of two views) would recurse
        // without end: past a few updates inside one another, a move is refused.
        guard focusSystem.updateDepth < FocusSystem.maximumUpdateDepth else { return false }
        focusSystem.updateDepth += 1
        defer { focusSystem.updateDepth -= 1 }
        let context = UIFocusUpdateContext(previouslyFocusedView: previous, nextFocusedView: view, focusHeading: heading)
        let environments = focusEnvironments(previous, view)
        if view != nil {
            for environment in environments where !environment.shouldUpdateFocus(in: context) { return false }
        }
        (previous as? UIControl)?.isFocused = false
        previous?.setNeedsDisplay()
        storedFocusedView = view
        (view as? UIControl)?.isFocused = focusSystem.isRingVisible
        view?.setNeedsDisplay()
        if rule != .leave, let view {
            if view.canBecomeFirstResponder, rule == .take || !(view is UIKeyInput) {
                view.becomeFirstResponder()
            } else if let fr = firstResponder, fr !== view {
                // Focus leaving a text field (or a picker reading arrows) ends its session.
                fr.resignFirstResponder()
            }
        }
        let coordinator = UIFocusAnimationCoordinator()
        for environment in environments { environment.didUpdateFocus(in: context, with: coordinator) }
        coordinator.finish()
        if scrolls, let view, storedFocusedView === view { scrollIntoView(view) }
        return true
    }

    /// The views asked about an update: both views and their ancestors, each once.
    private func focusEnvironments(_ a: UIView?, _ b: UIView?) -> [UIView] {
        var list: [UIView] = []
        for start in [a, b] {
            var v = start
            while let cur = v {
                if !list.contains(where: { $0 === cur }) { list.append(cur) }
                v = cur.superview
            }
        }
        return list
    }

    /// Asks every scrolling ancestor, nearest first, to show `view`. Each outer one is given
    /// the rect where it will be once the inner ones reach their targets: an inner scroll
    /// animates, so the view's place now is not where it ends up.
    private func scrollIntoView(_ view: UIView) {
        // `rect`: the view's bounds in `v`'s coordinates, shifted by how far the scrolling
        // containers passed so far have still to go.
        var rect = view.bounds
        var v = view
        while let container = v.superview {
            rect = v.convert(rect, to: container)
            if let scrolling = container as? FocusScrollingContainer {
                scrolling.scrollRectToVisible(rect, animated: true)
                if let target = scrolling.focusScrollTarget {
                    let now = container.bounds.origin
                    rect = rect.offsetBy(dx: now.x - target.x, dy: now.y - target.y)
                }
            }
            v = container
        }
    }

    /// A touch began on `target`: the ring hides, and focus follows the touch to the nearest
    /// view (the target or an ancestor) that can take focus, without changing the first
    /// responder; a touch on nothing focusable clears focus.
    func focusFollowTouch(on target: UIView?) {
        isFocusRingVisible = false
        var v = target
        while let cur = v, cur !== self, !canTakeFocus(cur) { v = cur.superview }
        if let cur = v, cur !== self {
            updateFocus(to: cur, heading: [], firstResponder: .leave, scrolls: false)
        } else if storedFocusedView != nil {
            updateFocus(to: nil, heading: [], firstResponder: .leave, scrolls: false)
        }
    }
}

extension UIView {
    /// Asks for focus to move to this view's preferred focus (``preferredFocusedView``, else
    /// its first focusable view in reading order) at the next ``updateFocusIfNeeded()``
    /// (the SDL host calls it once a frame, after layout). As in UIKit, the request is
    /// ignored when focus is elsewhere, outside this view; it applies when focus is inside
    /// it, on a view that can no longer take focus, or nowhere.
    public func setNeedsFocusUpdate() {
        window?.focusSystem.pendingUpdate = self
    }

    /// Performs a focus update requested with ``setNeedsFocusUpdate()`` now (laying out
    /// first, since focus is geometry). First, a focused view that can no longer take focus
    /// (hidden, alpha below 0.01, user interaction off, `canBecomeFocused` false, as a
    /// disabled control) loses it: the window's ``UIWindow/focusedView`` becomes nil, as when
    /// the focused view is removed, and ``UIControl/isFocused`` turns false. Called on any
    /// view of the window, it does both for the whole window.
    public func updateFocusIfNeeded() {
        window?.performPendingFocusUpdate()
    }
}
