import Foundation

/// Keyboard focus: which control Space, Return and the arrows act on.
///
/// - Tab moves to the next view whose `canBecomeFocused` is true in reading order (top to
///   bottom, then left to right, by window position); Shift+Tab moves back; both wrap.
/// - Space or Return calls `accessibilityActivate()` on the focused view (for controls: the
///   events of a tap). Key repeats don't activate again.
/// - Up/Right call `accessibilityIncrement()`, Down/Left `accessibilityDecrement()`
///   (Left/Right swap in right-to-left layouts).
/// - A focused view that takes text (`canBecomeFirstResponder`) also becomes first responder.
/// - A touch that begins on another view clears focus (the ring shows keyboard focus only).
extension UIWindow {
    /// The view with keyboard focus, if any.
    public var focusedView: UIView? { storedFocusedView }

    /// Moves keyboard focus to `view` (nil clears it). Returns false when `view` can't take
    /// focus or is not in this window.
    @discardableResult
    public func setFocusedView(_ view: UIView?) -> Bool {
        if let view, !(view.window === self && view.canBecomeFocused && view.isVisibleInWindow) { return false }
        guard storedFocusedView !== view else { return true }
        (storedFocusedView as? UIControl)?.isFocused = false
        storedFocusedView?.setNeedsDisplay()
        storedFocusedView = view
        (view as? UIControl)?.isFocused = true
        view?.setNeedsDisplay()
        if let view, view.canBecomeFirstResponder {
            view.becomeFirstResponder()
        } else if view != nil, let fr = firstResponder, fr !== view {
            // Tabbing from a text field to a button ends editing; clearing focus does not.
            fr.resignFirstResponder()
        }
        return true
    }

    /// Focusable views in reading order.
    public var focusableViews: [UIView] {
        var found: [(UIView, CGRect)] = []
        func walk(_ v: UIView) {
            guard !v.isHidden, v.alpha >= UIView.minimumHitTestAlpha, v.isUserInteractionEnabled else { return }
            if v !== self, v.canBecomeFocused { found.append((v, v.convert(v.bounds, to: nil))) }
            for s in v.subviews { walk(s) }
        }
        walk(self)
        return found.sorted { a, b in
            // Rows: views whose tops are within 8 points read left to right.
            let ra = (a.1.minY / 8).rounded(.down), rb = (b.1.minY / 8).rounded(.down)
            return ra != rb ? ra < rb : a.1.minX < b.1.minX
        }.map(\.0)
    }

    /// Moves focus to the next (or previous) focusable view; returns the new focus.
    @discardableResult
    public func moveFocus(forward: Bool) -> UIView? {
        let views = focusableViews
        guard !views.isEmpty else { return nil }
        let next: UIView
        if let current = storedFocusedView, let i = views.firstIndex(where: { $0 === current }) {
            next = views[(i + (forward ? 1 : views.count - 1)) % views.count]
        } else {
            next = forward ? views[0] : views[views.count - 1]
        }
        setFocusedView(next)
        return next
    }

    func handleFocusKey(_ key: UIKey, isRepeat: Bool) -> Bool {
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch key.keyCode {
        case .keyboardTab:
            guard key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
            moveFocus(forward: !key.modifierFlags.contains(.shift))
            return true
        case .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            guard let focused = storedFocusedView else { return false }
            if isRepeat { return true }
            return focused.accessibilityActivate()
        case .keyboardUpArrow, .keyboardRightArrow, .keyboardDownArrow, .keyboardLeftArrow:
            guard let focused = storedFocusedView else { return false }
            var up = key.keyCode == .keyboardUpArrow || key.keyCode == .keyboardRightArrow
            if rtl && (key.keyCode == .keyboardLeftArrow || key.keyCode == .keyboardRightArrow) { up.toggle() }
            if up { focused.accessibilityIncrement() } else { focused.accessibilityDecrement() }
            return true
        default:
            return false
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
