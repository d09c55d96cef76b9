import Foundation

/// The base of everything that handles events: views, windows and the application.
///
/// Responders form a chain through ``next`` (view → superview … → window → application).
/// Unhandled touches are passed up it, and a named action with a nil target travels it
/// (rule B12) until a responder performs the action.
///
/// A responder declares the named actions it performs by overriding ``actionMethod(for:)``.
@MainActor
open class UIResponder: ActionPerforming {
    /// Creates a responder.
    public init() {}

    /// The next responder in the chain; nil at the end. Views answer their superview (or
    /// window), windows the application.
    open var next: UIResponder? { nil }

    // MARK: First responder

    /// Whether this responder can become first responder. False by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder will give up first-responder status. True by default.
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this could be; views answer their window.
    var firstResponderScope: UIWindow? { nil }

    /// Whether this responder is the first responder of its window.
    public var isFirstResponder: Bool {
        guard let scope = firstResponderScope else { return false }
        return scope.storedFirstResponder === self
    }

    /// Asks to become the first responder of its window. Fails (returns false) when it
    /// can't become first responder, is not in a window, or the current first responder
    /// refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = firstResponderScope else { return false }
        if window.storedFirstResponder === self { return true }
        // A view on its way out of the window (its removal's hooks and actions are running)
        // can't take it back.
        guard canBecomeFirstResponder, !((self as? UIView).map(window.isLeaving) ?? false) else { return false }
        if let current = window.storedFirstResponder {
            guard current.resignFirstResponder() else { return false }
            // The old responder's resign hook may have moved us out of the window, or made
            // another responder first: taking over then would leave that one editing, though
            // no longer first responder.
            guard firstResponderScope === window, window.storedFirstResponder == nil else { return false }
        }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first-responder status. Returns false when ``canResignFirstResponder`` is false.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderScope, window.storedFirstResponder === self {
            window.setFirstResponder(nil)
        }
        return true
    }

    // MARK: Touches (default: pass up the chain)

    /// A touch began. The default passes it to ``next``.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved. The default passes them to ``next``.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches ended. The default passes them to ``next``.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled by the system. The default passes them to ``next``.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Keys and text (first responder only)

    /// A key went down while this was first responder. The default passes it to ``next``;
    /// override without calling super to handle the press.
    ///
    /// A press that travels the whole chain (first responder → superviews → window →
    /// application → its delegate) and reaches the default implementation at the end, where
    /// there is no ``next``, was not handled: the window reports it unused, and the SDL host
    /// tells the game the key was not consumed (see ``UIWindow/send(_:)-(UIPress)``).
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next {
            next.pressesBegan(presses, with: event)
        } else {
            for press in presses { press.reachedEndOfChain = true }
        }
    }

    /// A key went up. The default passes it to ``next``; at the end of the chain the press
    /// is marked unhandled, as in ``pressesBegan(_:with:)``.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next {
            next.pressesEnded(presses, with: event)
        } else {
            for press in presses { press.reachedEndOfChain = true }
        }
    }

    // MARK: Named actions

    /// The method this responder runs for a named action; nil when it doesn't perform it.
    /// Override to declare your actions and call super for the rest.
    open func actionMethod(for action: ActionSelector) -> ActionMethod? { nil }

    /// Whether this responder performs `action`. The default answers whether
    /// ``actionMethod(for:)`` returns a method.
    open func canPerformAction(_ action: ActionSelector, withSender sender: Any?) -> Bool {
        actionMethod(for: action) != nil
    }

    /// The object that performs `action`: this responder when ``canPerformAction(_:withSender:)``
    /// says yes, otherwise the answer of ``next``; nil when nobody in the chain does.
    open func target(forAction action: ActionSelector, withSender sender: Any?) -> Any? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }
}

extension UIResponder: Hashable {
    /// Responders are equal only to themselves (identity), as NSObjects are in UIKit.
    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
