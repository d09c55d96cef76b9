import Foundation

/// Recognizes a press held still: fingers (or a mouse button) down for
/// ``minimumPressDuration`` without moving more than ``allowableMovement``. Continuous: it
/// begins when the time is up, changes as the press moves, and ends when it lifts.
///
/// UIKit's documented defaults: 0.5 s, 10 points, no taps before the press, one finger.
/// With ``numberOfTapsRequired`` above 0, that many quick taps come first (each lifted within
/// ``minimumPressDuration``, the next beginning within the window's
/// ``UIWindow/multiTapInterval`` **(project choice)**), then the press.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UILongPressGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// How long (seconds) the press must be held. Negative or non-finite values are taken as 0.
    open var minimumPressDuration: TimeInterval = 0.5 {
        didSet { if !(minimumPressDuration >= 0) || !minimumPressDuration.isFinite { minimumPressDuration = 0 } }
    }
    /// How far (points) the press may move before it begins. Negative or NaN values are taken as 0.
    open var allowableMovement: CGFloat = 10 {
        didSet { if !(allowableMovement >= 0) { allowableMovement = 0 } }
    }
    /// Taps before the press (0 or more).
    open var numberOfTapsRequired: Int = 0 {
        didSet { if numberOfTapsRequired < 0 { numberOfTapsRequired = 0 } }
    }
    /// Fingers held (1 or more).
    open var numberOfTouchesRequired: Int = 1 {
        didSet { if numberOfTouchesRequired < 1 { numberOfTouchesRequired = 1 } }
    }

    private var tapsDone = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var pressStart: TimeInterval = 0
    private var timer: FrameTimer?

    private var touchesDown: Int { trackedTouches.filter { !$0.isEnding }.count }

    /// Follows the touches that went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState.isActive { return }   // a further finger during the press is ignored
        timer?.invalidate()
        timer = nil
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.locationInWindow }
        guard touchesDown <= numberOfTouchesRequired else { return state = .failed }
        guard touchesDown == numberOfTouchesRequired else { return }
        pressStart = touches.first?.timestamp ?? 0
        let clock = view?.frameClock
        if tapsDone >= numberOfTapsRequired && minimumPressDuration <= 0 { return state = .began }
        timer = clock?.scheduleTimer(after: minimumPressDuration, from: pressStart) { [weak self] _ in
            guard let self, self.storedState == .possible else { return }
            if self.tapsDone >= self.numberOfTapsRequired && self.touchesDown == self.numberOfTouchesRequired {
                self.state = .began
            } else {
                self.state = .failed   // held too long for a tap
            }
        }
    }

    /// Follows the touches that moved.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState.isActive { return state = .changed }
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let p = touch.locationInWindow
            if hypot(p.x - start.x, p.y - start.y) > allowableMovement { return state = .failed }
        }
    }

    /// Follows the touches that lifted.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState.isActive {
            if touchesDown < numberOfTouchesRequired { state = .ended }
            return
        }
        guard storedState == .possible else { return }
        timer?.invalidate()
        timer = nil
        guard tapsDone < numberOfTapsRequired, touchesDown == 0 else { return state = .failed }
        tapsDone += 1
        starts.removeAll()
        let interval = touches.first?.window?.multiTapInterval ?? 0.35
        timer = view?.frameClock.scheduleTimer(after: interval, from: touches.first?.timestamp ?? 0) { [weak self] _ in
            guard let self, self.storedState == .possible, self.trackedTouches.isEmpty else { return }
            self.state = .failed
        }
    }

    /// Clears what it measured, for the next gesture.
    open override func reset() {
        super.reset()
        tapsDone = 0
        starts.removeAll()
        timer?.invalidate()
        timer = nil
    }
}
