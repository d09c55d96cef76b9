import Foundation

// `@exclusivity(unchecked)` on this file's stored properties: removing them costs +0.7%
// instructions in B3, +0.35% in E, +0.2% in IM (callgrind, `controls-bench --quick --only` the
// scenario), measured 2026-11-28.

/// The root of a view tree. It routes touches to views (see `UIWindow+TouchRouting.swift`),
/// keeps the first responder, and links the responder chain to the application.
///
/// As in UIKit a new window is hidden: call ``makeKeyAndVisible()``.
@MainActor
open class UIWindow: UIView {
    weak var storedFirstResponder: UIResponder?
    weak var storedFocusedView: UIView?
    /// Roots of subtrees being taken out of this window right now (see ``beginRemoving(_:)``):
    /// empty but during a removal.
    var leavingRoots: [UIView] = []
    /// Focus and game controller state (`Focus/`): ring visibility, held directions, hooks.
    let focusSystem = FocusSystem()
    /// Keys held down, by key code, and whether the UI took their first key-down
    /// (``send(_:)-(UIPress)``).
    var heldKeys: [UIKeyboardHIDUsage: Bool] = [:]
    /// Contacts currently down, by contact id, including ones no view took.
    var activeTouches: [Int64: UITouch] = [:]
    /// The same touches in the order they began (event order).
    var touchOrder: [UITouch] = []
    /// Counts input given to this window (touch samples, presses, controller input, text,
    /// scrolls, cancels): whoever caches what controls show can tell that nothing could have
    /// changed them since it looked (an `ImmediateView` build re-declaring unchanged controls).
    @exclusivity(unchecked) package internal(set) var inputGeneration: UInt64 = 0
    /// Whether a touch is down or a key the UI took is held (controls may be changing).
    package var isHoldingInput: Bool { !activeTouches.isEmpty || !heldKeys.isEmpty }
    /// Shares touches between gesture recognizers and views (`Gestures/GestureArena.swift`).
    lazy var gestureArena = GestureArena(window: self)
    /// The live touch event, reused as touches change (as UIKit does).
    let touchEvent = UIEvent(type: .touches, timestamp: 0, touches: [])
    var lastTap: (view: Weak<UIView>, location: CGPoint, time: TimeInterval, count: Int)?
    /// Where the pointer hovers (``hoverLocation``), and the views it hovers over, innermost
    /// first (`UIWindow+Hover.swift`).
    var storedHoverLocation: CGPoint?
    /// Held weakly: the chain ends at the window itself, so strong references would make the
    /// window own itself and never be freed (the views in it are owned by the tree anyway).
    var hoverChain: [Weak<UIView>] = []
    /// The location the chain was last told about (``UIView/hoverMoved(to:)``).
    var deliveredHoverLocation: CGPoint?
    var lastTimestamp: TimeInterval = 0
    /// Whether anything drawn changed since the last draw list was built. Views set it as they
    /// change; setting it makes the next frame run a drawing pass, which visits the views that
    /// changed (a new scale, style or set of resources redraws everything by itself).
    @exclusivity(unchecked) public var needsRedraw = true
    /// The scale and resource generation the last draw list was built for.
    @exclusivity(unchecked) var lastDrawKey: (scale: CGFloat, generation: UInt64, style: UIUserInterfaceStyle)?
    /// Window pixels that changed since the host last drew the UI (see `DamageAndOccupancy.swift`).
    @exclusivity(unchecked) package var damage = DamageRegion()
    /// Which parts of the window the last drawing pass put UI pixels on.
    @exclusivity(unchecked) package internal(set) var occupancy = OccupancyGrid()
    /// Counts drawing passes.
    @exclusivity(unchecked) package internal(set) var drawPass: UInt64 = 0
    /// Caches reached by a pass since everything was last drawn afresh carry this value; a
    /// full pass (new scale, style or resources) starts a new epoch, making every cache stale.
    @exclusivity(unchecked) package internal(set) var drawEpoch: UInt64 = 1
    /// The next pass visits every view (``setNeedsFullRedraw()``).
    @exclusivity(unchecked) var needsFullWalk = false
    /// What the last pass drew where (see `DrawWalk.structure`).
    @exclusivity(unchecked) package internal(set) var drawStructure: UInt64 = 0
    /// The clock of the simulation helpers (`UIWindow+Simulation.swift`).
    var simulationClock: TimeInterval = 0
    /// This window's time and timers (``UIView/frameClock``). Each window has its own, so two
    /// hosts never share time; the SDL host advances it once a frame.
    let ownFrameClock = FrameClock()
    /// This window's running view animations (`Animation/`), made with the first.
    var existingViewAnimator: ViewAnimator?
    /// Whether view animations (``UIView/animate(withDuration:delay:options:animations:completion:)``,
    /// property animators, transitions) are running or about to start in this window.
    package var isAnimatingViews: Bool { existingViewAnimator?.isActive ?? false }
    /// This window's view animations, ticking on its ``UIView/frameClock``.
    var viewAnimator: ViewAnimator {
        if let a = existingViewAnimator { return a }
        let a = ViewAnimator(clock: ownFrameClock)
        existingViewAnimator = a
        return a
    }
    /// This window's queue of control actions and its frame counter (`UIWindow+Actions.swift`).
    let actionQueue = ActionQueue()
    /// When this window's controls' actions run; nil (the default) follows
    /// ``UIApplication/actionDelivery``.
    public var actionDelivery: ActionDelivery?
    /// The most deliveries one ``deliverPendingActions()`` makes of actions queued during it
    /// (rule E3); nil (the default) follows ``UIApplication/maximumDeliveriesPerFlush``.
    public var maximumDeliveriesPerFlush: Int?
    /// Measures text for the views in this window (``UIView/textMeasurer``): the SDL host that
    /// runs the window sets its SDL_ttf measurer here; nil uses ``UIApplication/textMeasurer``.
    /// (Unchecked: every label measured reads it, and a checked read is a runtime call.)
    @exclusivity(unchecked) public var hostTextMeasurer: TextMeasuring? {
        didSet { invalidateIntrinsicSizesOfSubtree() }   // natural sizes were measured with the old one
    }

    /// The longest gap between a tap's end and the next tap's start that still counts as a
    /// multi-tap (rule C12).
    public var multiTapInterval: TimeInterval = 0.35
    /// How far (points) the next tap may begin from where the last one ended and still count
    /// as a multi-tap (rule C12).
    public var multiTapDistance: CGFloat = 20

    /// Creates a window with a frame in screen points (the host sets it to the SDL window's size).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        storedWindow = self
        actionQueue.window = self
        isHidden = true
        UIApplication.shared.register(self)
    }

    isolated deinit {
        // What its controls queued is delivered with the actions of controls in no window,
        // first: the cancels below go there too (the window is already gone for its views),
        // after the touches' earlier events (rule E1).
        UIApplication.shared.retire(actionQueue)
        // A window dropped mid-touch must not leave controls tracking forever: cancel every
        // touch with a nil event, as for a view removed from its window (rule C8).
        for touch in touchOrder where touch.view != nil {
            let view = touch.view
            touch.phase = .cancelled
            touch.view = nil
            view?.touchesCancelled([touch], with: nil)
        }
        // Touches that lifted while a recognizer held their end.
        for touch in gestureArena.heldTouches where touch.viewBegan && !touch.viewFinished {
            touch.phase = .cancelled
            touch.view?.touchesCancelled([touch], with: nil)
        }
        UIApplication.shared.unregister(self)
    }

    /// Handles the focus keys that reach the window (the first responder had first go):
    /// Escape closes a panel open above everything (a date picker's editor), Tab / Shift+Tab
    /// move focus, Space / Return activate the focused control, arrows adjust it or move focus
    /// (see `UIWindow+Focus.swift`). Everything else goes on up the chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let press = presses.first, press.key?.keyCode == .keyboardEscape, !press.isRepeat,
           let overlay = topOverlay as? WindowOverlay {
            return overlay.dismissOverlay()
        }
        guard let press = presses.first, let key = press.key, handleFocusKey(key, isRepeat: press.isRepeat) else {
            super.pressesBegan(presses, with: event)
            return
        }
    }

    /// The application, as in UIKit's responder chain.
    open override var next: UIResponder? { UIApplication.shared }

    /// Makes this the key window: the one whose first responder receives keys and text,
    /// and where nil-target actions start when the sender is not in a window.
    public func makeKey() {
        UIApplication.shared.setKeyWindow(self)
    }

    /// Makes this the key window and shows it.
    public func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Whether this is the application's key window.
    public var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// The responder that receives keys and text in this window; nil when none.
    public var firstResponder: UIResponder? { storedFirstResponder }

    func setFirstResponder(_ responder: UIResponder?) {
        storedFirstResponder = responder
    }

    /// Marks `view`'s subtree as leaving this window until the matching ``endRemoving(_:)``:
    /// the hooks and actions that run while it leaves (`editingDidEnd`, `didUpdateFocus`,
    /// `willMove(toWindow:)`) can't give it focus or first responder again, so focus and
    /// editing end exactly once and ``focusedView`` never names a view outside the window.
    func beginRemoving(_ view: UIView) { leavingRoots.append(view) }

    /// Ends what ``beginRemoving(_:)`` began (the view is out, or the move was dropped).
    func endRemoving(_ view: UIView) {
        if let i = leavingRoots.lastIndex(where: { $0 === view }) { leavingRoots.remove(at: i) }
    }

    /// Whether `view` is in a subtree being taken out of this window right now.
    func isLeaving(_ view: UIView) -> Bool {
        !leavingRoots.isEmpty && leavingRoots.contains { view.isDescendant(of: $0) }
    }

    /// Called before `view` (and its subtree) leaves this window: its touches are cancelled
    /// with a nil event (rule C8) and it gives up first responder. A touch that is being
    /// delivered its last phase (the view removes itself in `touchesEnded`) is left alone:
    /// a touch ends once.
    func viewWillLeaveWindow(_ view: UIView) {
        scrollTouchesWillLeave(view)   // content that never got its touch is not cancelled
        gestureArena.viewWillLeave(view)   // its recognizers stop, its held touches are dropped
        hoverWillLeave(view)
        for touch in touchOrder where !touch.isEnding {
            guard let owner = touch.view, owner.isDescendant(of: view) else { continue }
            // A view that never began the touch (a recognizer held or withheld it), or already
            // had its cancel from a recognizer, gets nothing: a touch ends once.
            if touch.gestureCancelledView || touch.viewFinished || (touch.scrollTracking == nil && !touch.viewBegan) {
                touch.view = nil
                continue
            }
            touch.phase = .cancelled
            // The contact stays known (so its later samples are ignored) but has no view now.
            touch.view = nil
            owner.touchesCancelled([touch], with: nil)
        }
        if let focused = storedFocusedView, focused.isDescendant(of: view) {
            // At once, while the old ancestors can still be told (the view may be freed).
            focusedViewCannotKeepFocus()
        }
        if let fr = storedFirstResponder as? UIView, fr.isDescendant(of: view) {
            fr.resignFirstResponder()
            if storedFirstResponder === fr { storedFirstResponder = nil }
        }
    }
}

/// A weak reference box.
struct Weak<T: AnyObject> {
    weak var value: T?
    init(_ value: T?) { self.value = value }
}
