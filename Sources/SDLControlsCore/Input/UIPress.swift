import Foundation

/// A physical key, as UIKit's `UIKey`: the USB HID usage code (which is also SDL's
/// scancode), the modifier keys held and the characters the key produces.
public struct UIKey: Hashable, Sendable {
    /// The USB HID usage of the key (for example 0x28 Return, 0x2B Tab, 0x4F right arrow).
    public var keyCode: UIKeyboardHIDUsage
    /// The modifiers held when the key went down.
    public var modifierFlags: UIKeyModifierFlags
    /// The characters the key produces with the modifiers, if any.
    public var characters: String

    /// Creates a key.
    public init(keyCode: UIKeyboardHIDUsage, modifierFlags: UIKeyModifierFlags = [], characters: String = "") {
        self.keyCode = keyCode
        self.modifierFlags = modifierFlags
        self.characters = characters
    }
}

/// A USB HID keyboard usage code.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    /// The code.
    public var rawValue: Int
    /// Creates a usage from its code.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Letter A (other letters follow in order up to 0x1D, Z).
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 0x04)
    /// Letter C.
    public static let keyboardC = UIKeyboardHIDUsage(rawValue: 0x06)
    /// Letter V.
    public static let keyboardV = UIKeyboardHIDUsage(rawValue: 0x19)
    /// Letter X.
    public static let keyboardX = UIKeyboardHIDUsage(rawValue: 0x1B)
    /// Return.
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 0x28)
    /// Escape.
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 0x29)
    /// Backspace.
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 0x2A)
    /// Tab.
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 0x2B)
    /// Space bar.
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 0x2C)
    /// Home.
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 0x4A)
    /// Page up.
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 0x4B)
    /// Forward delete.
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 0x4C)
    /// End.
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 0x4D)
    /// Page down.
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 0x4E)
    /// Right arrow.
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 0x4F)
    /// Left arrow.
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 0x50)
    /// Down arrow.
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 0x51)
    /// Up arrow.
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 0x52)
    /// Keypad Enter.
    public static let keypadEnter = UIKeyboardHIDUsage(rawValue: 0x58)
}

/// Modifier keys held with a key.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates flags from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps lock is on.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// Shift.
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// Control.
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// Alt / Option.
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// Command / Super / Windows key.
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// One key press, from down to up.
@MainActor
public final class UIPress {
    /// Where a press is in its life.
    public enum Phase: Int, Sendable {
        /// The key went down (or repeated).
        case began = 0
        /// The key went up.
        case ended = 3
        /// The press was cancelled.
        case cancelled = 4
    }
    /// The phase.
    public internal(set) var phase: Phase
    /// The key.
    public let key: UIKey?
    /// When it happened, in seconds of the host's monotonic clock.
    public let timestamp: TimeInterval
    /// Whether this is an auto-repeat of a held key.
    public let isRepeat: Bool
    /// Set when the press passed the whole responder chain unhandled (see
    /// ``UIResponder/pressesBegan(_:with:)``): ``UIWindow/send(_:)-(UIPress)`` reports it unused.
    var reachedEndOfChain = false

    /// Creates a press (hosts and tests use this to feed keys).
    public init(phase: Phase, key: UIKey?, timestamp: TimeInterval, isRepeat: Bool = false) {
        self.phase = phase
        self.key = key
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }
}

extension UIPress: Hashable {
    /// Presses are equal only to themselves.
    nonisolated public static func == (a: UIPress, b: UIPress) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An event carrying key presses.
@MainActor
public final class UIPressesEvent: UIEvent {
    /// The presses of this event.
    public let allPresses: Set<UIPress>
    init(presses: Set<UIPress>, timestamp: TimeInterval) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [])
    }
}
