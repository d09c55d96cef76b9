import Foundation

/// Recognizes a gesture in a view's touches and tells its targets, as UIKit's class does.
///
/// Attach one with ``UIView/addGestureRecognizer(_:)``. Touches that begin on that view or on
/// any view inside it reach the recognizer before the view itself (see
/// `GestureArena.swift` for the delivery rules: cancelling, delaying, failure requirements and
/// recognizing together).
///
/// A discrete recognizer (``UITapGestureRecognizer``, ``UISwipeGestureRecognizer``) goes from
/// ``State-swift.enum/possible`` to ``State-swift.enum/recognized`` or
/// ``State-swift.enum/failed``; a continuous one (pan, pinch, rotation, long press, hover) from
/// `possible` to ``State-swift.enum/began``, ``State-swift.enum/changed`` any number of times, then
/// ``State-swift.enum/ended`` or ``State-swift.enum/cancelled`` (or `failed` before it began).
/// Targets are called for every state but `possible` and `failed`, once per change, right after
/// the input (or the timer) that caused it was handled, not in the frame's batch of control
/// actions: a pan's handler sees each move with its own translation.
///
/// To write a recognizer, subclass and override ``touchesBegan(_:with:)`` and its siblings,
/// set ``state`` as the gesture progresses and clear your own state in ``reset()``. Setting a
/// transition UIKit does not allow (`possible` to `changed`, anything but `possible` after a
/// terminal state) is ignored **(project choice: UIKit raises)**.
@MainActor
open class UIGestureRecognizer {
    /// Where a recognizer is in its state machine.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// Not recognized yet (the state at rest).
        case possible = 0
        /// A continuous gesture began.
        case began = 1
        /// A continuous gesture changed.
        case changed = 2
        /// A continuous gesture ended, or a discrete one was recognized.
        case ended = 3
        /// A continuous gesture was cancelled.
        case cancelled = 4
        /// The touches are not this gesture.
        case failed = 5
        /// A discrete gesture was recognized (the same value as ``ended``).
        public static let recognized = State.ended

        /// The state's name.
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// Whether the gesture is over (ended, cancelled or failed).
        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Whether a continuous gesture is under way (began or changed).
        var isActive: Bool { self == .began || self == .changed }
    }

    // MARK: State

    var storedState: State = .possible
    /// The state a target is being told about while actions run (a recognizer that began and
    /// ended in one event reports each in turn).
    var reportedState: State?

    /// The recognizer's state. Subclasses set it as the gesture progresses; the window decides
    /// whether the change takes effect (a recognizer that must wait for another to fail stays
    /// `possible` until then; one that may not begin fails).
    open var state: State {
        get { reportedState ?? storedState }
        set { requestState(newValue) }
    }

    /// Whether the recognizer takes touches. Disabling one under way cancels it (a continuous
    /// gesture that began) or fails it.
    open var isEnabled: Bool = true {
        didSet {
            guard oldValue != isEnabled, !isEnabled else { return }
            if storedState.isActive { state = .cancelled } else if storedState == .possible && hasSeenTouches { state = .failed }
        }
    }

    /// The view the recognizer is attached to (``UIView/addGestureRecognizer(_:)``).
    public internal(set) weak var view: UIView?

    /// Whether a recognized gesture cancels the touches its view has: the view gets
    /// `touchesCancelled` (a control sends `touchCancel`) and no more of those touches.
    open var cancelsTouchesInView: Bool = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails (it never comes if
    /// the recognizer recognizes, whatever ``cancelsTouchesInView`` says). Default false.
    open var delaysTouchesBegan: Bool = false
    /// Whether the view's `touchesEnded` waits while this recognizer may still recognize: a
    /// double-tap recognizer holds the first tap's end until it fails. Default true.
    open var delaysTouchesEnded: Bool = true
    /// Whether this recognizer takes only touches of the type its first touch had.
    open var requiresExclusiveTouchType: Bool = true
    /// A name for debugging and for finding a recognizer among a view's.
    open var name: String?
    /// The delegate that fine-tunes when the recognizer receives touches, begins, and
    /// recognizes together with others. Held weakly.
    open weak var delegate: UIGestureRecognizerDelegate?

    // MARK: Touches the recognizer follows

    /// The touches the recognizer follows now, in the order they began.
    var trackedTouches: [UITouch] = []
    /// Whether it has received a touch since its last reset (a double tap between its taps has
    /// none down, yet is still under way: others wait for it).
    var hasSeenTouches = false
    /// The last centroid of its touches, in window points (for ``location(in:)`` after they lifted).
    var lastLocationInWindow: CGPoint = .zero
    /// Recognizers this one waits for (``require(toFail:)``), held weakly.
    var failureRequirements: [Weak<UIGestureRecognizer>] = []
    /// The state this recognizer asked for while it waits for others to fail.
    var pendingState: State?
    /// The window whose arena last handled this recognizer (a view may move between windows).
    weak var arenaWindow: UIWindow?
    /// The views the touches of this gesture hit, kept after they lift: a single tap decided
    /// when a double tap fails, after its touch lifted, still asks the button it was on.
    var hitViews: [Weak<UIView>] = []
    /// The type of the first touch since the last reset (``requiresExclusiveTouchType``).
    var touchType: UITouch.TouchType?
    /// The registered targets.
    var targets: [GestureTarget] = []
    /// Counts resets: a touch remembers which gesture of this recognizer it belonged to.
    var sequence: UInt64 = 0
    /// Whether something other than its touch methods moves its state (a scroll view's pan,
    /// driven by the scroll view's dragging): recognizing cancels no view's touches.
    var isDrivenExternally: Bool { false }
    /// Whether the recognizer takes `touch` at all, before its delegate is asked (a scroll
    /// view's pan takes only presses while the scroll view scrolls).
    func accepts(_ touch: UITouch) -> Bool { true }

    // MARK: Creating

    /// Creates a recognizer that calls the named `action` on `target` (a responder or any
    /// ``ActionPerforming`` object, asked with `actionMethod(for:)`; its method gets the
    /// recognizer as the sender). Both may be nil: add targets later.
    public init(target: AnyObject?, action: ActionSelector?) {
        if let target, let action { addTarget(target, action: action) }
    }

    /// Creates a recognizer with no target.
    public convenience init() {
        self.init(target: nil, action: nil)
    }

    // MARK: Targets

    /// Adds a named action. The target is held weakly; adding the same pair again does nothing.
    public func addTarget(_ target: AnyObject, action: ActionSelector) {
        targets.removeAll { !$0.isAlive }
        if targets.contains(where: { $0.target === target && $0.selector == action }) { return }
        targets.append(GestureTarget(target: target, selector: action, call: nil))
    }

    /// Removes the actions of `target` (every target when nil) named `action` (any when nil):
    /// typed and closure actions are removed by `removeTarget(target, action: nil)`, or by
    /// `removeTarget(nil, action: nil)` for every one.
    public func removeTarget(_ target: AnyObject?, action: ActionSelector?) {
        targets.removeAll { entry in
            !entry.isAlive || ((target == nil || entry.target === target) && (action == nil || entry.selector == action))
        }
    }

    /// Calls the targets for the state being reported.
    func sendActions() {
        targets.removeAll { !$0.isAlive }
        for entry in targets { entry.invoke(sender: self) }
    }

    // MARK: Failure requirements

    /// Makes this recognizer wait until `other` fails before it recognizes; if `other`
    /// recognizes, this one fails (a single tap that requires a double tap to fail). A
    /// recognizer in another window is not waited for (they never share a touch).
    /// A requirement that closes a cycle is ignored when it would block: the recognizer whose
    /// gesture completes first goes ahead **(project choice: UIKit deadlocks)**.
    public func require(toFail other: UIGestureRecognizer) {
        guard other !== self else { return }
        failureRequirements.removeAll { $0.value == nil }
        guard !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(Weak(other))
    }

    // MARK: Location

    /// The centroid of the recognizer's touches in `view`'s coordinates (window points when
    /// nil); after they lifted, where they were last.
    open func location(in view: UIView?) -> CGPoint {
        let p = trackedTouches.isEmpty ? lastLocationInWindow : centroidInWindow
        guard let view else { return p }
        return view.convert(p, from: nil)
    }

    /// The location of touch number `touchIndex` (0 ..< ``numberOfTouches``) in `view`'s
    /// coordinates. An index out of range gives the recognizer's ``location(in:)``
    /// **(project choice: UIKit raises)**.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// The number of touches the recognizer follows now.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in window points.
    var centroidInWindow: CGPoint { Self.centroid(of: trackedTouches) ?? lastLocationInWindow }

    /// The centroid of `touches` in window points; nil when there are none.
    static func centroid(of touches: [UITouch]) -> CGPoint? {
        guard !touches.isEmpty else { return nil }
        var x: CGFloat = 0, y: CGFloat = 0
        for t in touches {
            x += t.locationInWindow.x
            y += t.locationInWindow.y
        }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    // MARK: For subclasses

    /// Touches began that this recognizer receives. Subclasses override it (no need to call super).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Its touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Its touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Its touches were cancelled. The default cancels a gesture under way and fails one that
    /// has not begun.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState.isActive { state = .cancelled } else if storedState == .possible { state = .failed }
    }

    /// Clears the recognizer's own state: called after it ended, was cancelled or failed and its
    /// touches lifted, before it takes new ones. Subclasses call super.
    open func reset() {}

    /// Stops sending `touch` to this recognizer (the touch still reaches the view).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.ignoringRecognizers.append(Weak(self))
    }

    /// Whether this recognizer, recognizing, may make `preventedGestureRecognizer` fail.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognizing, may make this one fail.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (subclasses say so
    /// for all recognizers of a kind). Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail. Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// For drags (pan, swipe): where the first touch went down (window points) and how far the
    /// touches moved since; nil for other recognizers. Controls read it to keep their own drags.
    var dragSoFar: (start: CGPoint, displacement: CGPoint)? { nil }

    /// For two-finger gestures (pinch, rotation): a finger lifting ends one under way; one that
    /// never began fails once every finger lifted.
    func endAsAFingerLifts() {
        if storedState.isActive {
            state = .ended
        } else if storedState == .possible && trackedTouches.allSatisfy({ $0.isEnding }) {
            state = .failed
        }
    }

    /// Asks for a state; the arena of the view's window decides (see `GestureArena.swift`).
    func requestState(_ newState: State) {
        let old = storedState
        guard newState != old || newState == .changed else { return }
        switch (old, newState) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed):
            break
        case (.possible, .cancelled):
            return requestState(.failed)   // nothing began: the gesture simply isn't this
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            break
        default:
            return   // not a transition UIKit allows
        }
        if let window = view?.window ?? arenaWindow {
            window.gestureArena.recognizer(self, requests: newState)
        } else {
            // Not in a window: nobody shares touches with it, so the change simply happens.
            applyState(newState)
            sendActionsReporting(newState)
            if newState.isTerminal { resetIfIdle() }
        }
    }

    /// Sets the state without asking anybody (the arena decided).
    func applyState(_ newState: State) {
        storedState = newState
        pendingState = nil
        reportedState = nil   // a target that sets the state reads back what it set
    }

    /// Calls the targets with `reported` as the state they see.
    func sendActionsReporting(_ reported: State) {
        guard reported != .possible && reported != .failed else { return }
        let previous = reportedState
        reportedState = reported
        sendActions()
        reportedState = previous
    }

    /// Back to `possible` once the gesture is over and none of its touches is down.
    func resetIfIdle() {
        guard storedState.isTerminal, trackedTouches.allSatisfy({ $0.isEnding }) else { return }
        forceReset()
    }

    /// Back to `possible` now, forgetting its touches.
    func forceReset() {
        sequence &+= 1
        storedState = .possible
        pendingState = nil
        trackedTouches.removeAll()
        hasSeenTouches = false
        touchType = nil
        hitViews.removeAll()
        reset()
    }
}

/// Typed target-action for recognizers: the compiler checks the method's shape and the
/// sender's type, as ``TargetActionControl`` does for controls.
///
/// ```swift
/// final class MapScreen {
///     func panned(_ pan: UIPanGestureRecognizer) { … }
/// }
/// let pan = UIPanGestureRecognizer(target: screen, action: MapScreen.panned)
/// pan.addTarget(screen, action: MapScreen.logged)          // func logged(_ r: UIGestureRecognizer)
/// pan.addHandler { pan in print(pan.translation(in: nil)) } // the closure form
/// ```
///
/// The method's parameter is the recognizer's own class or ``UIGestureRecognizer``. The target
/// is held weakly. Each standard recognizer also has `init(handler:)`, a closure with no target.
@MainActor
public protocol TargetActionGestureRecognizer: UIGestureRecognizer {}

extension UIGestureRecognizer: TargetActionGestureRecognizer {}

extension TargetActionGestureRecognizer {
    /// Adds `method(target)(recognizer)` as an action.
    public func addTarget<Target: AnyObject>(_ target: Target, action method: @escaping (Target) -> (Self) -> Void) {
        addTypedTarget(target, action: method)
    }

    /// Adds a closure as an action. It has no target, so only `removeTarget(nil, action: nil)`
    /// removes it.
    public func addHandler(_ handler: @escaping @MainActor (Self) -> Void) {
        appendHandler(handler)
    }
}

extension UIGestureRecognizer {
    /// Creates a recognizer that calls `method(target)(recognizer)`; the method's parameter is
    /// the recognizer's class or one it inherits from (``UIGestureRecognizer``). The
    /// designated initializer is not `required`, so a subclass may declare its own.
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(target: Target, action method: @escaping (Target) -> (Recognizer) -> Void) {
        self.init(target: nil, action: nil)
        addTypedTarget(target, action: method)
    }

    /// Adds `method(target)(recognizer)` where the method takes any ``UIGestureRecognizer``.
    public func addTarget<Target: AnyObject>(_ target: Target, action method: @escaping (Target) -> (UIGestureRecognizer) -> Void) {
        addTypedTarget(target, action: method)
    }

    /// Registers a typed method; it is called only with a sender of its parameter's class.
    func addTypedTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(_ target: Target, action method: @escaping (Target) -> (Recognizer) -> Void) {
        targets.removeAll { !$0.isAlive }
        targets.append(GestureTarget(target: target, selector: nil) { object, sender in
            guard let target = object as? Target, let sender = sender as? Recognizer else { return }
            method(target)(sender)
        })
    }

    /// Registers a closure; it is called only with a sender of its parameter's class.
    func appendHandler<Recognizer: UIGestureRecognizer>(_ handler: @escaping @MainActor (Recognizer) -> Void) {
        targets.append(GestureTarget(target: nil, selector: nil) { _, sender in
            guard let sender = sender as? Recognizer else { return }
            handler(sender)
        })
    }
}

/// One registered action of a recognizer: a named action on a target, a typed method on a
/// target (held weakly), or a closure.
@MainActor
final class GestureTarget {
    weak var target: AnyObject?
    let hasTarget: Bool
    let selector: ActionSelector?
    let call: (@MainActor (AnyObject?, UIGestureRecognizer) -> Void)?

    init(target: AnyObject?, selector: ActionSelector?, call: (@MainActor (AnyObject?, UIGestureRecognizer) -> Void)?) {
        self.target = target
        self.hasTarget = target != nil
        self.selector = selector
        self.call = call
    }

    /// Whether its target (if it had one) is still alive.
    var isAlive: Bool { !hasTarget || target != nil }

    func invoke(sender: UIGestureRecognizer) {
        let object = target
        if hasTarget && object == nil { return }
        if let call {
            call(object, sender)
        } else if let selector, let performer = object as? ActionPerforming, let method = performer.actionMethod(for: selector) {
            method(sender: sender, event: nil)
        }
    }
}
