import Foundation

/// The system clipboard, as UIKit's `UIPasteboard.general`. The SDL host connects it to
/// SDL's clipboard; without a host it keeps text in memory (for tests and tools).
@MainActor
public final class UIPasteboard {
    /// The general pasteboard.
    public static let general = UIPasteboard()

    /// Reads and writes the platform clipboard; replaced by the host.
    public struct Backend {
        /// Returns the clipboard's text, nil when it has none.
        public var read: @MainActor () -> String?
        /// Replaces the clipboard's text.
        public var write: @MainActor (String) -> Void
        /// Creates a backend.
        public init(read: @escaping @MainActor () -> String?, write: @escaping @MainActor (String) -> Void) {
            self.read = read
            self.write = write
        }
    }

    private var memory: String?
    /// Where text goes; nil uses memory.
    public var backend: Backend?

    private init() {}

    /// The clipboard's text; nil when it holds none.
    public var string: String? {
        get { backend?.read() ?? (backend == nil ? memory : nil) }
        set {
            if let backend { backend.write(newValue ?? "") } else { memory = newValue }
        }
    }

    /// Whether the clipboard holds text.
    public var hasStrings: Bool { !(string ?? "").isEmpty }
}
