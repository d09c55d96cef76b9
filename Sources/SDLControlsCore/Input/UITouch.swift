import Foundation

/// One finger (or the mouse's left button) on the screen, from down to up.
///
/// A touch belongs to the view it began in for its whole life (rule C11). Locations are
/// stored in window points and converted on request.
@MainActor
public final class UITouch {
    /// Where a touch is in its life.
    public enum Phase: Int, Sendable {
        /// The touch went down.
        case began = 0
        /// The touch moved.
        case moved = 1
        /// The touch is down and did not move.
        case stationary = 2
        /// The touch lifted.
        case ended = 3
        /// The system cancelled the touch (focus lost, view removed, …).
        case cancelled = 4
    }

    /// What produced a touch.
    public enum TouchType: Int, Sendable {
        /// A finger on a touch screen.
        case direct = 0
        /// A pointer that is not on the screen (the mouse), as UIKit's indirect pointer.
        case indirectPointer = 3
    }

    /// The id of the contact that produced this touch (an SDL finger id, or the mouse).
    public let contactID: Int64
    /// The touch's phase.
    public internal(set) var phase: Phase
    /// The number of taps in a multi-tap sequence on the same view (rule C12).
    public internal(set) var tapCount: Int
    /// When the touch last changed, in seconds of the host's monotonic clock.
    public internal(set) var timestamp: TimeInterval
    /// What produced the touch.
    public let type: TouchType
    /// The view the touch began in; nil if no view took it. A snapshot handed to a queued
    /// action (rule E2) holds it weakly, so the queue never keeps a view alive: it is nil there
    /// once the view was freed.
    public internal(set) var view: UIView? {
        get { liveView ?? snapshotView }
        set { liveView = newValue }
    }
    private var liveView: UIView?
    private weak var snapshotView: UIView?
    /// The control tracking this touch, if any (it may be an ancestor of ``view`` that got the
    /// touch up the responder chain): the window cancels its tracking if the touch's end
    /// doesn't reach it.
    weak var trackingControl: UIControl?
    /// The window the touch belongs to.
    public internal(set) weak var window: UIWindow?
    /// Current location in window points.
    public internal(set) var locationInWindow: CGPoint
    /// Previous location in window points.
    public internal(set) var previousLocationInWindow: CGPoint

    init(contactID: Int64, type: TouchType, location: CGPoint, timestamp: TimeInterval, window: UIWindow?) {
        self.contactID = contactID
        self.type = type
        self.phase = .began
        self.tapCount = 1
        self.timestamp = timestamp
        self.window = window
        self.locationInWindow = location
        self.previousLocationInWindow = location
    }

    /// The current location in `view`'s coordinates (window coordinates when nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The previous location in `view`'s coordinates (window coordinates when nil).
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// What the scroll views around `view` are doing with this touch (UIWindow+ScrollTouches.swift);
    /// nil for a touch outside any scroll view.
    var scrollTracking: ScrollTouchTracking?

    /// The recognizers that took this touch when it began (hit view's first), and which of
    /// their gestures it belongs to (``UIGestureRecognizer`` counts its resets).
    var recognizers: [UIGestureRecognizer] = []
    var recognizerSequences: [UInt64] = []
    /// Recognizers that called ``UIGestureRecognizer/ignore(_:for:)`` for this touch.
    var ignoringRecognizers: [Weak<UIGestureRecognizer>] = []
    /// The view is still owed `touchesBegan` (a `delaysTouchesBegan` recognizer is undecided).
    var heldBegan = false
    /// The view is still owed `touchesEnded` (a `delaysTouchesEnded` recognizer is undecided).
    var heldEnd = false
    /// A recognizer recognized with `cancelsTouchesInView`: the view gets nothing more of it.
    var gestureCancelledView = false
    /// Whether the view got `touchesBegan` outside any scroll view (scroll views track their
    /// content's touch themselves), and whether it got the touch's last phase.
    var viewBegan = false
    var viewFinished = false
    /// Whether the view is owed the touch's last phase (decided when it lifted; delivered then
    /// or when the recognizers holding it are decided).
    var endGoesToView = false

    /// Whether gesture recognizers took this touch when it began: its press is the UI's until
    /// it lifts, even once their gestures are over or they were taken off.
    package internal(set) var isTakenByGestureRecognizers = false

    /// The recognizers receiving this touch, as UIKit lists them; nil when none.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        let live = recognizers.filter { $0.view != nil && !$0.storedState.isTerminal }
        return live.isEmpty ? nil : live
    }

    /// The pointer buttons held now (fingers: none); the window's event reports their union.
    var buttonMask: UIEvent.ButtonMask = []
    /// The buttons held when the touch began: it presses controls and drags scroll views only
    /// when this has the primary button, or is empty (a finger) **(project choice)**.
    var initialButtonMask: UIEvent.ButtonMask = []

    /// Whether this touch acts as a press: a finger, or a pointer whose first button was the
    /// primary one. A right- or middle-button touch reaches views (``UIEvent/buttonMask``
    /// says which) but presses no control, drags no scroll view and moves no focus.
    var isPrimaryPress: Bool { initialButtonMask.isEmpty || initialButtonMask.contains(.primary) }

    /// Whether the touch has reached its last phase (ended or cancelled).
    var isEnding: Bool { phase == .ended || phase == .cancelled }

    /// A frozen copy for delivery later in the frame (rule E2): same values, new object.
    func snapshot() -> UITouch {
        let t = UITouch(contactID: contactID, type: type, location: locationInWindow, timestamp: timestamp, window: window)
        t.phase = phase
        t.tapCount = tapCount
        t.buttonMask = buttonMask
        t.initialButtonMask = initialButtonMask
        t.snapshotView = view
        t.previousLocationInWindow = previousLocationInWindow
        t.original = original ?? self
        return t
    }

    /// For snapshots: the live touch this copy was taken from.
    public private(set) weak var original: UITouch?
}

extension UITouch: Hashable {
    /// Touches are equal only to themselves.
    nonisolated public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
