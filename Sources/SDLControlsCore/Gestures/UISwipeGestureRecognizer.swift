import Foundation

/// Recognizes a quick straight movement in one of the allowed ``direction``s. Discrete: it
/// recognizes as soon as the movement qualifies, while the fingers are still down.
///
/// Thresholds **(project choices; UIKit documents none)**: the touches' centroid moves at
/// least ``minimumDistance`` (50 points) along an allowed direction within
/// ``maximumDuration`` (0.5 s) of the touch-down, staying within about 30° of it (sideways
/// movement at most ``maximumDeviation`` (0.6) times the distance along it). Movement of
/// more than 10 points in another direction, taking too long, or lifting first makes it fail.
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UISwipeGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// The directions a swipe may go.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt
        /// Creates a direction set from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// Upwards.
        public static let up = Direction(rawValue: 1 << 2)
        /// Downwards.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The allowed directions (default ``Direction/right``, as UIKit).
    open var direction: Direction = .right
    /// How many fingers swipe (1 or more).
    open var numberOfTouchesRequired: Int = 1 {
        didSet { if numberOfTouchesRequired < 1 { numberOfTouchesRequired = 1 } }
    }
    /// Points the swipe must travel **(project choice)**.
    public static let minimumDistance: CGFloat = 50
    /// Seconds from touch-down within which it must travel them **(project choice)**.
    public static let maximumDuration: TimeInterval = 0.5
    /// The most sideways movement, as a fraction of the movement along the direction **(project choice)**.
    public static let maximumDeviation: CGFloat = 0.6

    private var start: CGPoint?
    private var startTime: TimeInterval = 0
    override var dragSoFar: (start: CGPoint, displacement: CGPoint)? {
        guard let start else { return nil }
        let c = centroidInWindow
        return (start, CGPoint(x: c.x - start.x, y: c.y - start.y))
    }

    /// Follows the touches that went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = trackedTouches.filter { !$0.isEnding }
        guard down.count <= numberOfTouchesRequired else { return state = .failed }
        if start == nil {
            start = centroidInWindow
            startTime = touches.first?.timestamp ?? 0
        } else {
            start = centroidInWindow   // a finger joined: measure from here
        }
    }

    /// Follows the touches that moved.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, storedState == .possible else { return }
        if let time = touches.first?.timestamp, time - startTime > Self.maximumDuration { return state = .failed }
        let c = centroidInWindow
        let dx = c.x - start.x, dy = c.y - start.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (dir, along, across) in candidates where direction.contains(dir) && along > 0 && abs(across) <= along * Self.maximumDeviation {
            if along >= Self.minimumDistance {
                if trackedTouches.filter({ !$0.isEnding }).count == numberOfTouchesRequired { state = .recognized }
                return
            }
            return   // on its way
        }
        if hypot(dx, dy) > 10 { state = .failed }
    }

    /// Follows the touches that lifted.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState == .possible { state = .failed }
    }

    /// Clears what it measured, for the next gesture.
    open override func reset() {
        super.reset()
        start = nil
        startTime = 0
    }
}
