import Foundation

/// One platform-neutral contact sample, the input a window's touch routing consumes.
///
/// The SDL host turns mouse and finger events into samples; tests and users writing UI
/// tests for their games feed them directly with ``UIWindow/send(_:)-(TouchSample)``.
public struct TouchSample: Hashable, Sendable {
    /// Stable id of the contact from down to up (finger id; the host uses a fixed id for the mouse).
    public var id: Int64
    /// `.began`, `.moved`, `.ended` or `.cancelled`; `.stationary` samples are ignored.
    public var phase: UITouch.Phase
    /// Location in window points.
    public var location: CGPoint
    /// Seconds on a monotonic clock (any origin, but the same for a whole session).
    public var timestamp: TimeInterval
    /// What produced it.
    public var type: UITouch.TouchType
    /// The pointer buttons held (``UIEvent/buttonMask``): for a `.began` sample, the button
    /// that pressed; for an `.ended` one, the buttons held just before the release. Empty for
    /// fingers. Only the first `.began` sample's mask decides what the touch is: a touch that
    /// begins without ``UIEvent/ButtonMask/primary`` (a right or middle click) reaches views
    /// but presses no control and scrolls nothing **(project choice)**.
    public var buttonMask: UIEvent.ButtonMask
    /// The modifier keys held (``UIEvent/modifierFlags``): Shift with a click extends a text
    /// field's selection.
    public var modifierFlags: UIKeyModifierFlags

    /// Creates a sample. A nil `buttonMask` means ``UIEvent/ButtonMask/primary`` for an
    /// `.indirectPointer` (a left click) and none for a finger.
    public init(id: Int64, phase: UITouch.Phase, location: CGPoint, timestamp: TimeInterval, type: UITouch.TouchType = .direct,
                buttonMask: UIEvent.ButtonMask? = nil, modifierFlags: UIKeyModifierFlags = []) {
        self.modifierFlags = modifierFlags
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.type = type
        self.buttonMask = buttonMask ?? (type == .indirectPointer ? .primary : [])
    }
}
