import Foundation

/// Keyboard focus: which control Space, Return and the arrows act on. The engine behind it
/// (candidates, geometry, preferred focus, the ring) is in `Focus/UIWindow+FocusEngine.swift`;
/// game controllers use the same engine (`Focus/UIWindow+GameController.swift`).
///
/// Keys reach the window only when the first responder did not use them:
/// - Tab moves to the next focusable view in reading order (lines grouped by vertical
///   overlap, left to right within a line, right to left in right-to-left layouts);
///   Shift+Tab moves back; both wrap. Tab onto a text field begins editing.
/// - Space or Return calls `accessibilityActivate()` on the focused view (for controls: the
///   events of a tap; a text field begins editing). Key repeats don't activate again.
/// - The arrows: on an adjustable focused control (`.adjustable` traits) Left/Right call
///   `accessibilityDecrement()` / `accessibilityIncrement()` (swapped in right-to-left
///   layouts) and Up/Down move focus; on any other focused view all four move focus by
///   geometry. With nothing focused the arrows do nothing (Tab starts keyboard focus) **(project
///   choice: a game's arrow keys are left alone until the player tabs into the UI)**.
///   A control that reads the arrows itself as first responder keeps them: the date picker
///   (Up/Down a week) and an editing text field (the caret).
/// - A focused view that takes text becomes first responder only through Tab, `setFocusedView`
///   or activation; other views that can become first responder (the date picker) become it
///   whenever they are focused.
/// - A key shows the focus ring; a touch hides it (``isFocusRingVisible``).
/// - Scrolling keys: Page Up/Down and Home/End, and arrows that moved no focus (nothing
///   focused, or at the edge), scroll the scroll view around the focused view (or the
///   front-most one); see `Scrolling/UIWindow+Scrolling.swift`.
/// - All of this is keyboard navigation, which a game can turn off (``focusNavigation``):
///   then these keys pass up the chain unused, and only the first responder's own keys act.
extension UIWindow {
    /// The view with focus, if any (keyboard or game controller). Nil once the focused view
    /// can no longer take focus: at once when it leaves the window, at the next
    /// ``UIView/updateFocusIfNeeded()`` when it is hidden or disabled (see the focus engine).
    public var focusedView: UIView? { storedFocusedView }

    /// Moves focus to `view` (nil clears it). Returns false when `view` can't take focus, is
    /// not in this window, or a ``UIView/shouldUpdateFocus(in:)`` refused. A view that can
    /// become first responder (a text field: it begins editing) becomes it; otherwise the
    /// current first responder resigns (focus moved away from a text field). Clearing focus
    /// leaves the first responder alone. Focus is scrolled into view.
    @discardableResult
    public func setFocusedView(_ view: UIView?) -> Bool {
        updateFocus(to: view, heading: [], firstResponder: .take, scrolls: true)
    }

    /// Focusable views in reading order (see the overview and `FocusGeometry.swift`): shown,
    /// taking touches, at least partly on screen (or inside a scrolling container).
    public var focusableViews: [UIView] {
        layoutIfNeeded()
        return focusCandidatesInReadingOrder().map(\.view)
    }

    /// Moves focus to the next (or previous) focusable view in reading order, wrapping at
    /// the ends; returns the new focus (nil when nothing can take focus).
    @discardableResult
    public func moveFocus(forward: Bool) -> UIView? {
        layoutIfNeeded()
        let views = focusCandidatesInReadingOrder().map(\.view)
        guard !views.isEmpty else { return nil }
        let next: UIView
        if let current = storedFocusedView, let i = views.firstIndex(where: { $0 === current }) {
            next = views[(i + (forward ? 1 : views.count - 1)) % views.count]
        } else {
            next = forward ? views[0] : views[views.count - 1]
        }
        updateFocus(to: next, heading: forward ? .next : .previous, firstResponder: .take, scrolls: true)
        return storedFocusedView
    }

    /// Handles a focus key that reached the window; returns whether it was used. Nothing is
    /// used while keyboard navigation is off (``focusNavigation``).
    func handleFocusKey(_ key: UIKey, isRepeat: Bool) -> Bool {
        guard focusNavigation.contains(.keyboard) else { return false }
        switch key.keyCode {
        case .keyboardTab:
            guard key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
            return moveFocus(forward: !key.modifierFlags.contains(.shift)) != nil
        case .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            guard let focused = validFocusedView else { return false }
            if isRepeat { return true }
            return focused.accessibilityActivate()
        case .keyboardUpArrow:
            return performDirectionalStep(.up, takesInitialFocus: false, isRepeat: isRepeat) || scrollForKey(key)
        case .keyboardDownArrow:
            return performDirectionalStep(.down, takesInitialFocus: false, isRepeat: isRepeat) || scrollForKey(key)
        case .keyboardLeftArrow:
            return performDirectionalStep(.left, takesInitialFocus: false, isRepeat: isRepeat) || scrollForKey(key)
        case .keyboardRightArrow:
            return performDirectionalStep(.right, takesInitialFocus: false, isRepeat: isRepeat) || scrollForKey(key)
        default:
            // Page Up/Down, Home/End scroll (UIWindow+Scrolling.swift); other keys go on.
            return scrollForKey(key)
        }
    }
}

extension UIView {
    /// Whether the view and all its ancestors are shown.
    var isVisibleInWindow: Bool {
        var v: UIView? = self
        while let cur = v {
            if cur.isHidden || cur.alpha < UIView.minimumHitTestAlpha { return false }
            v = cur.superview
        }
        return true
    }
}
