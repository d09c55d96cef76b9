import Foundation

extension UIControl {
    /// The events a control sends (rule A1). Raw values match UIKit's.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates events from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch-down (tapCount ≥ 2).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A drag within the control's grown bounds.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A drag outside the control's grown bounds.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A drag came back into the grown bounds.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A drag left the grown bounds.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A lift inside the grown bounds.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A lift outside the grown bounds.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired (rule B11).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action fired.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began in a text field.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The user changed the text.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with Return.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits free for the application's own events.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved for the framework.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The name of each single event, in bit order (for logs).
        public static let names: [(Event, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
            (.menuActionTriggered, "menuActionTriggered"), (.editingDidBegin, "editingDidBegin"),
            (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]
    }

    /// The state of a control (rule A2). A control can be in several states at once.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No other state: enabled, not highlighted, not selected.
        public static let normal = State([])
        /// A touch is down inside the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has keyboard focus.
        public static let focused = State(rawValue: 1 << 3)
        /// Bits free for the application's own states.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for the framework.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// Horizontal placement of content (rule A3).
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Centered.
        case center = 0
        /// Against the left edge.
        case left = 1
        /// Against the right edge.
        case right = 2
        /// Stretched to the full width.
        case fill = 3
        /// Against the leading edge (left in left-to-right layouts).
        case leading = 4
        /// Against the trailing edge (right in left-to-right layouts).
        case trailing = 5
    }

    /// Vertical placement of content (rule A3).
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Centered.
        case center = 0
        /// Against the top edge.
        case top = 1
        /// Against the bottom edge.
        case bottom = 2
        /// Stretched to the full height.
        case fill = 3
    }

    /// How far outside its bounds a touch may go and still count as inside (rule C4).
    public static let touchSlopMargin: CGFloat = 70
}

extension UIControl.Event: CustomStringConvertible {
    /// The names of the events in the set, joined by "|" ("touchUpInside", "valueChanged|primaryActionTriggered").
    public var description: String {
        var parts = UIControl.Event.names.filter { contains($0.0) }.map(\.1)
        let known = UIControl.Event.names.reduce(into: UIControl.Event()) { $0.formUnion($1.0) }
        let rest = subtracting(known)
        if !rest.isEmpty { parts.append(String(format: "0x%X", rest.rawValue)) }
        return parts.isEmpty ? "[]" : parts.joined(separator: "|")
    }
}
