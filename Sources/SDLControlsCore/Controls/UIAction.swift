import Foundation

/// A closure registered on a control for some events, identified by ``identifier``
/// (rule B10). Its handler runs directly, not through `sendAction(_:to:for:)`.
@MainActor
open class UIAction {
    /// A unique name for an action.
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        /// The name.
        public var rawValue: String
        /// Creates an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier from a literal.
        public init(stringLiteral value: String) { self.rawValue = value }
    }

    /// The closure type an action runs.
    public typealias Handler = @MainActor (UIAction) -> Void

    /// A title (buttons created with a primary action show it).
    public var title: String
    /// An image (buttons created with a primary action show it).
    public var image: UIImage?
    /// The identity used for de-duplication and removal.
    public let identifier: Identifier
    /// The control that is running this action, while its handler runs; nil otherwise.
    public private(set) var sender: Any?
    let handler: Handler
    /// Whether ``identifier`` was made up (a UUID) rather than given; logs omit made-up ones.
    let hasGeneratedIdentifier: Bool

    /// Creates an action. Without an identifier a unique one is made.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, handler: @escaping Handler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        self.hasGeneratedIdentifier = identifier == nil
        self.handler = handler
    }

    func perform(sender: Any?) {
        let previous = self.sender
        self.sender = sender
        defer { self.sender = previous }
        handler(self)
    }
}
