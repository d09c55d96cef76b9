import Foundation

/// The name of an action, the Swift stand-in for Objective-C's `Selector` in target-action.
///
/// Write it as a string literal: `control.addTarget(nil, action: "save:", for: .touchUpInside)`.
/// A named action with a nil target travels the responder chain (rule B12) until a
/// responder's ``UIResponder/actionMethod(for:)`` returns a method for the name.
///
/// The type is deliberately not called `Selector`, so it never clashes with the
/// Objective-C type on Apple platforms, where SDL games ship too.
///
/// Actions added with a typed method reference (`addTarget(self, action: Menu.start, for:)`)
/// also travel as an `ActionSelector`, carrying the method. Closures have no identity in
/// Swift, so each typed registration is its own entry: it is named ``typedActionName``,
/// `removeTarget(target, action: nil, for:)` removes it, but it can't be named on its own.
public struct ActionSelector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name, for example `"save:"`.
    public let name: String
    /// For typed method references: the invocation; compared by identity.
    let typed: TypedAction?

    /// The name that typed method-reference entries report in
    /// ``UIControl/actions(forTarget:forControlEvent:)``.
    public static let typedActionName = "(typed method)"

    /// Creates a named action.
    public init(_ name: String) {
        self.name = name
        self.typed = nil
    }

    /// Creates a named action from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    init(typed: TypedAction) {
        self.name = ActionSelector.typedActionName
        self.typed = typed
    }

    /// Whether this selector carries a typed method reference rather than a name.
    public var isTyped: Bool { typed != nil }

    /// The name.
    public var description: String { name }

    /// Named selectors are equal by name; typed ones only to themselves.
    public static func == (a: ActionSelector, b: ActionSelector) -> Bool {
        a.name == b.name && a.typed === b.typed
    }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        if let typed { hasher.combine(ObjectIdentifier(typed)) }
    }
}

/// A typed method reference bound to no target yet: calls `method(target)(sender, event)`.
final class TypedAction: @unchecked Sendable {
    // Only ever created and called on the main actor; @unchecked because the closure is not Sendable.
    let invoke: @MainActor (AnyObject, Any?, UIEvent?) -> Bool
    init(_ invoke: @escaping @MainActor (AnyObject, Any?, UIEvent?) -> Bool) { self.invoke = invoke }
}

/// A method a responder performs for a named action: one of the three shapes of rule B13
/// (no argument, the sender, or the sender and the event).
///
/// ```swift
/// override func actionMethod(for action: ActionSelector) -> ActionMethod? {
///     switch action {
///     case "save:": ActionMethod { [unowned self] sender in save(sender) }
///     default: super.actionMethod(for: action)
///     }
/// }
/// ```
@MainActor
public struct ActionMethod {
    let body: @MainActor (Any?, UIEvent?) -> Void

    /// A method that takes no argument.
    public init(_ body: @escaping @MainActor () -> Void) {
        self.body = { _, _ in body() }
    }

    /// A method that takes the sender.
    public init(_ body: @escaping @MainActor (_ sender: Any?) -> Void) {
        self.body = { sender, _ in body(sender) }
    }

    /// A method that takes the sender and the event (nil for `sendActions(for:)`, rule B5).
    public init(_ body: @escaping @MainActor (_ sender: Any?, _ event: UIEvent?) -> Void) {
        self.body = body
    }

    /// Runs the method.
    public func callAsFunction(sender: Any?, event: UIEvent?) {
        body(sender, event)
    }
}

/// An object that performs named actions. ``UIResponder`` adopts it; a plain object that
/// should receive named actions as an explicit target adopts it too.
@MainActor
public protocol ActionPerforming: AnyObject {
    /// The method to run for a named action, or nil when this object doesn't perform it.
    func actionMethod(for action: ActionSelector) -> ActionMethod?
}
