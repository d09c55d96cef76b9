import Foundation

/// The kinds of scrolling a pan recognizer takes (``UIPanGestureRecognizer/allowedScrollTypesMask``).
public struct UIScrollTypeMask: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int
    /// Creates a mask from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A notched mouse wheel.
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    /// A trackpad or a high-resolution wheel (precise deltas).
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    /// Both.
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}

/// Recognizes dragging: one or more fingers (or the mouse) moving. Continuous: it begins once
/// the touches' centroid has moved ``UIScrollView/panThreshold`` (10 points) from where they
/// went down **(project choice, the scroll view's threshold)**, changes as they move, and ends
/// when they lift (or fewer than ``minimumNumberOfTouches`` remain).
///
/// ``translation(in:)`` is measured from the touch-down, the movement that crossed the
/// threshold included, as UIKit's; a finger added or lifted during the pan doesn't make it
/// jump. ``velocity(in:)`` is measured over the last tenth of a second and stays finite when
/// samples share a timestamp or time goes back.
///
/// With ``allowedScrollTypesMask`` set, a mouse wheel or trackpad scroll over the view pans
/// too: the translation moves as dragged content would (against the scroll delta); the pan
/// begins with the first scroll and ends ``scrollEndDelay`` after the last **(project choice)**.
/// A pan recognizer nearer the pointer than a scroll view takes the wheel first.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Creates a recognizer that calls `handler` with itself (the closure form).
    public convenience init(handler: @escaping @MainActor (UIPanGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        appendHandler(handler)
    }

    /// The fewest touches that pan (1 or more).
    open var minimumNumberOfTouches: Int = 1 {
        didSet { if minimumNumberOfTouches < 1 { minimumNumberOfTouches = 1 } }
    }
    /// The most touches that pan; further ones are ignored (they still reach their views).
    open var maximumNumberOfTouches: Int = Int.max {
        didSet { if maximumNumberOfTouches < 1 { maximumNumberOfTouches = 1 } }
    }
    /// The wheel and trackpad scrolls that pan. Default none, as UIKit.
    open var allowedScrollTypesMask: UIScrollTypeMask = []
    /// How long (seconds) a wheel or trackpad pan lasts after its last scroll **(project choice)**.
    public static let scrollEndDelay: TimeInterval = 0.15

    /// Where the centroid was when the touches went down (window points), moved along so that
    /// fingers joining or leaving don't shift the translation.
    var origin: CGPoint = .zero
    /// Added to the raw translation (``setTranslation(_:in:)``).
    private var adjustment: CGPoint = .zero
    private var samples = MotionSamples()
    /// The translation of a wheel pan, when one is under way.
    private var wheelTranslation: CGPoint?
    private var wheelTimer: FrameTimer?
    private var wheelLocation: CGPoint = .zero
    /// The first touch's location at touch-down (window points), for controls that ask where it began.
    var startLocationInWindow: CGPoint?

    override var dragSoFar: (start: CGPoint, displacement: CGPoint)? {
        guard let start = startLocationInWindow else { return nil }
        return (start, translation(in: nil))
    }

    /// How far the pan has moved since its touches went down, in `view`'s coordinates (views
    /// have no transforms, so any view's axes are the window's).
    open func translation(in view: UIView?) -> CGPoint {
        if let wheel = wheelTranslation { return wheel }
        let c = centroidInWindow
        return CGPoint(x: c.x - origin.x + adjustment.x, y: c.y - origin.y + adjustment.y)
    }

    /// Makes the translation read `translation` from now on (non-finite parts are taken as 0).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let t = CGPoint(x: translation.x.isFinite ? translation.x : 0, y: translation.y.isFinite ? translation.y : 0)
        let old = self.translation(in: nil)
        samples.shift(by: CGPoint(x: t.x - old.x, y: t.y - old.y))   // the velocity goes on
        if wheelTranslation != nil {
            wheelTranslation = t
            return
        }
        let c = centroidInWindow
        adjustment = CGPoint(x: t.x - (c.x - origin.x), y: t.y - (c.y - origin.y))
    }

    /// How fast the pan moves, in points per second along `view`'s axes.
    open func velocity(in view: UIView?) -> CGPoint { samples.velocity }

    /// During a wheel pan, where the pointer is; otherwise the touches' centroid.
    open override func location(in view: UIView?) -> CGPoint {
        guard wheelTranslation != nil else { return super.location(in: view) }
        return view?.convert(wheelLocation, from: nil) ?? wheelLocation
    }

    /// Follows the touches that went down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where trackedTouches.filter({ !$0.isEnding }).count > maximumNumberOfTouches {
            ignore(touch, for: event)
        }
        let joined = touches.filter { t in trackedTouches.contains { $0 === t } }
        guard !joined.isEmpty else { return }
        if trackedTouches.count == joined.count {
            origin = centroidInWindow
            startLocationInWindow = joined.first?.locationInWindow
            samples.removeAll()
        } else {
            keepTranslation(without: joined)
        }
        record(joined.first?.timestamp)
    }

    /// Follows the touches that moved.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(touches.first?.timestamp)
        guard !isDrivenExternally else { return }
        if storedState.isActive { return state = .changed }
        guard storedState == .possible, trackedTouches.count >= minimumNumberOfTouches else { return }
        let t = translation(in: nil)
        if hypot(t.x, t.y) >= UIScrollView.panThreshold { state = .began }
    }

    /// Follows the touches that lifted.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        record(touches.first?.timestamp)
        let remaining = trackedTouches.filter { !$0.isEnding }
        if !remaining.isEmpty {
            // The centroid of those still down takes over without a jump.
            let before = centroidInWindow
            let after = Self.centroid(of: remaining) ?? before
            origin = CGPoint(x: origin.x + after.x - before.x, y: origin.y + after.y - before.y)
        }
        guard !isDrivenExternally else {
            if storedState == .possible && remaining.isEmpty { state = .failed }
            return
        }
        if storedState.isActive {
            if remaining.count < minimumNumberOfTouches { state = .ended }
        } else if storedState == .possible && remaining.isEmpty {
            state = .failed
        }
    }

    /// A finger joined: the origin moves by as much as the centroid jumped.
    private func keepTranslation(without joined: Set<UITouch>) {
        let before = Self.centroid(of: trackedTouches.filter { !joined.contains($0) }) ?? centroidInWindow
        let after = centroidInWindow
        origin = CGPoint(x: origin.x + after.x - before.x, y: origin.y + after.y - before.y)
    }

    private func record(_ time: TimeInterval?) {
        guard let time else { return }
        let t = translation(in: nil)
        samples.record(t, at: time)
    }

    /// A wheel or trackpad scroll of `delta` (points the content would move, see
    /// ``UIWindow/sendScroll(_:at:isPrecise:)``) at `location` (window points). Returns whether
    /// this recognizer took it.
    func takeScroll(_ delta: CGPoint, precise: Bool, at location: CGPoint, time: TimeInterval) -> Bool {
        guard isEnabled, allowedScrollTypesMask.contains(precise ? .continuous : .discrete) else { return false }
        guard trackedTouches.isEmpty else { return false }   // a touch pan is under way
        wheelLocation = location
        lastLocationInWindow = location
        if storedState == .possible {
            wheelTranslation = .zero
            samples.removeAll()
            samples.record(.zero, at: time)
        } else if !storedState.isActive || wheelTranslation == nil {
            return false
        }
        let t = wheelTranslation ?? .zero
        wheelTranslation = CGPoint(x: t.x - delta.x, y: t.y - delta.y)
        samples.record(wheelTranslation ?? .zero, at: time)
        if storedState == .possible {
            // Begins now or not at all: a wheel pan that had to wait would begin later with no
            // wheel left to end it.
            guard let arena = view?.window?.gestureArena, arena.tryToBegin(self) == .began else {
                wheelTranslation = nil
                return false
            }
        } else {
            state = .changed
        }
        wheelTimer?.invalidate()
        wheelTimer = view?.frameClock.scheduleTimer(after: Self.scrollEndDelay) { [weak self] _ in
            guard let self, self.storedState.isActive, self.wheelTranslation != nil else { return }
            self.state = .ended
        }
        return true
    }

    /// Clears what it measured, for the next gesture.
    open override func reset() {
        super.reset()
        origin = .zero
        adjustment = .zero
        samples.removeAll()
        wheelTranslation = nil
        wheelTimer?.invalidate()
        wheelTimer = nil
        startLocationInWindow = nil
    }
}
