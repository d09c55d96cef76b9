import Foundation

/// Recognizes taps: a number of fingers (or a mouse button) pressed and lifted without
/// moving, a number of times in a row. Discrete: its targets are called once, when it
/// recognizes, with ``UIGestureRecognizer/location(in:)`` where the taps were.
///
/// Thresholds **(project choices; UIKit documents none)**:
/// - a touch that moves more than ``allowableMovement`` (10 points) from where it went down
///   makes it fail;
/// - the taps of a multi-tap follow each other within the window's
///   ``UIWindow/multiTapInterval`` (0.35 s from a tap's end to the next one's start) and
///   begin within ``UIWindow/multiTapDistance`` (20 points) of the first, as `tapCount` does;
///   otherwise it fails. Waiting for a next tap, it holds its touches' ends from their view
///   (``UIGestureRecognizer/delaysTouchesEnded``);
/// - more touches down at once than ``numberOfTouchesRequired`` make it fail; a tap counts
///   when every touch of it lifted and as many as required were down together.
///
/// A mouse click counts when its button is ``buttonMaskRequired`` (the primary button by
/// default; `.secondary` recognizes right clicks). Fingers count as the primary button.
///
/// A single tap with a single finger on a button, switch, stepper, segmented control or page
/// control inside the recognizer's view goes to the control, not to this recognizer, as UIKit
/// documents (the control refuses it in ``UIView/gestureRecognizerShouldBegin(_:)``).
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UITapGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// How many taps make the gesture (1 or more; smaller values are taken as 1).
    open var numberOfTapsRequired: Int = 1 {
        didSet { if numberOfTapsRequired < 1 { numberOfTapsRequired = 1 } }
    }
    /// How many fingers each tap is made with (1 or more; smaller values are taken as 1).
    open var numberOfTouchesRequired: Int = 1 {
        didSet { if numberOfTouchesRequired < 1 { numberOfTouchesRequired = 1 } }
    }
    /// The mouse buttons a click must be made with (fingers count as primary).
    open var buttonMaskRequired: UIEvent.ButtonMask = .primary
    /// How far (points) a touch may move and still tap **(project choice)**.
    public static let allowableMovement: CGFloat = 10

    /// A tap never prevents a tap that needs more taps: a single tap recognizing on the first
    /// tap of a double tap leaves the double tap to go on, as UIKit's do (make the single tap
    /// ``UIGestureRecognizer/require(toFail:)`` the double tap to have only one).
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let other = preventedGestureRecognizer as? UITapGestureRecognizer, other.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    private var tapsDone = 0
    private var mostTouchesThisTap = 0
    private var firstTapLocation: CGPoint?
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var nextTapTimer: FrameTimer?

    /// Follows the touches that went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        nextTapTimer?.invalidate()
        nextTapTimer = nil
        for touch in touches {
            let mask: UIEvent.ButtonMask = touch.type == .indirectPointer && !touch.initialButtonMask.isEmpty ? touch.initialButtonMask : .primary
            guard mask == buttonMaskRequired else { return state = .failed }
            let p = touch.locationInWindow
            if let first = firstTapLocation, tapsDone > 0 {
                let window = touch.window
                if hypot(p.x - first.x, p.y - first.y) > (window?.multiTapDistance ?? 20) { return state = .failed }
            } else if firstTapLocation == nil {
                firstTapLocation = p
            }
            starts[ObjectIdentifier(touch)] = p
        }
        let down = trackedTouches.filter { !$0.isEnding }.count
        guard down <= numberOfTouchesRequired else { return state = .failed }
        mostTouchesThisTap = max(mostTouchesThisTap, down)
    }

    /// Follows the touches that moved.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let p = touch.locationInWindow
            if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { return state = .failed }
        }
    }

    /// Follows the touches that lifted.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, trackedTouches.allSatisfy({ $0.isEnding }) else { return }
        guard mostTouchesThisTap == numberOfTouchesRequired else { return state = .failed }
        tapsDone += 1
        mostTouchesThisTap = 0
        starts.removeAll()
        if tapsDone >= numberOfTapsRequired {
            state = .recognized
            return
        }
        let interval = touches.first?.window?.multiTapInterval ?? 0.35
        nextTapTimer = view?.frameClock.scheduleTimer(after: interval, from: touches.first?.timestamp ?? 0) { [weak self] _ in
            guard let self, self.storedState == .possible, self.trackedTouches.isEmpty else { return }
            self.state = .failed
        }
    }

    /// Clears what it measured, for the next gesture.
    open override func reset() {
        super.reset()
        tapsDone = 0
        mostTouchesThisTap = 0
        firstTapLocation = nil
        starts.removeAll()
        nextTapTimer?.invalidate()
        nextTapTimer = nil
    }
}
