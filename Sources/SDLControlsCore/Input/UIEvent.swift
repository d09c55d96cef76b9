import Foundation

/// A touch event: the set of touches in a window at one moment.
///
/// A window reuses one live event object while touches change, as UIKit does. Actions
/// delivered later in the frame get a frozen snapshot instead (rule E2).
@MainActor
open class UIEvent {
    /// The kind of event.
    public enum EventType: Int, Sendable {
        /// Touches.
        case touches = 0
        /// Key presses.
        case presses = 3
    }

    /// The kind of event.
    public let type: EventType
    /// When the event happened, in seconds of the host's monotonic clock.
    public internal(set) var timestamp: TimeInterval
    var touchList: [UITouch]

    init(type: EventType, timestamp: TimeInterval, touches: [UITouch]) {
        self.type = type
        self.timestamp = timestamp
        self.touchList = touches
    }

    /// Every touch of the event; nil for non-touch events.
    open var allTouches: Set<UITouch>? {
        type == .touches ? Set(touchList) : nil
    }

    /// The touches that belong to `view`.
    public func touches(for view: UIView) -> Set<UITouch>? {
        Set(touchList.filter { $0.view === view })
    }

    /// The touches that belong to `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        Set(touchList.filter { $0.window === window })
    }

    /// A frozen copy with frozen touches, for batched delivery (rule E2).
    func snapshot() -> UIEvent {
        UIEvent(type: type, timestamp: timestamp, touches: touchList.map { $0.snapshot() })
    }
}
