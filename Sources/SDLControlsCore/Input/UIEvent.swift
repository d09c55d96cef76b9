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

    /// Which buttons of a pointing device (a mouse, a trackpad) are pressed, as UIKit defines
    /// them: bit 0 is the primary button, bit 1 the secondary, and so on.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: Int
        /// Creates a mask from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The primary button (the left button of a right-handed mouse).
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The secondary button (the right button of a right-handed mouse).
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// The mask of one button by its one-based number: 1 is ``primary``, 2 ``secondary``,
        /// 3 the middle button, 4 and 5 the side buttons. Numbers outside 1…62 give an empty mask.
        public static func button(_ buttonNumber: Int) -> ButtonMask {
            (1...62).contains(buttonNumber) ? ButtonMask(rawValue: 1 << (buttonNumber - 1)) : []
        }
    }

    /// The kind of event.
    public let type: EventType
    /// When the event happened, in seconds of the host's monotonic clock.
    public internal(set) var timestamp: TimeInterval
    /// The pointing-device buttons pressed for this event: the union of the buttons held by
    /// the event's pointer touches (``UITouch/TouchType/indirectPointer``); empty for fingers
    /// and key presses. A secondary click arrives as a touch whose event has ``ButtonMask/secondary``.
    public internal(set) var buttonMask: ButtonMask = []
    /// The modifier keys held when the event's latest touch sample arrived, as UIKit's
    /// (a Shift-click extends a text field's selection).
    public internal(set) var modifierFlags: UIKeyModifierFlags = []
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

    /// The touches a gesture recognizer follows now.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        Set(gestureRecognizer.trackedTouches)
    }

    /// A frozen copy with frozen touches, for batched delivery (rule E2).
    func snapshot() -> UIEvent {
        let e = UIEvent(type: type, timestamp: timestamp, touches: touchList.map { $0.snapshot() })
        e.buttonMask = buttonMask
        e.modifierFlags = modifierFlags
        return e
    }
}
