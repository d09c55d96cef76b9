import Testing
import Foundation
@testable import SDLControlsCore

// Rule B12 of the DocC article "Target-action, control events and tracking" ("Sending one
// action, and the responder chain"): sendAction(_:to:for:), UIApplication.sendAction and
// the responder-chain search for nil targets.

/// Which responder received which action, with sender and event, in call order.
@MainActor
private final class ChainLog {
    private(set) var calls: [String] = []
    private(set) var senders: [Any?] = []
    private(set) var hadEvent: [Bool] = []

    func record(_ call: String, sender: Any?, event: UIEvent?) {
        calls.append(call)
        senders.append(sender)
        hadEvent.append(event != nil)
    }

    func sender(_ i: Int, is object: AnyObject) -> Bool {
        (senders[i] as? AnyObject) === object
    }

    func clear() {
        calls.removeAll()
        senders.removeAll()
        hadEvent.removeAll()
    }
}

/// Builds the ActionMethod every test responder uses: records "name.action".
@MainActor
private func recordingMethod(_ name: String, _ action: ActionSelector, _ log: ChainLog) -> ActionMethod {
    ActionMethod { sender, event in log.record("\(name).\(action.name)", sender: sender, event: event) }
}

/// A view that performs the named actions in `performs` and can be made first responder.
@MainActor
private final class ChainView: UIView {
    let name: String
    let log: ChainLog
    var performs: Set<String>
    var canBecome = false
    /// Senders for which canPerformAction says no even though the action is performed.
    var refusedSenders: [AnyObject] = []
    /// What canPerformAction was asked, as "action" strings.
    private(set) var asked: [String] = []

    init(_ name: String, _ log: ChainLog, performs: Set<String> = [], frame: CGRect = CGRect(x: 0, y: 0, width: 400, height: 400)) {
        self.name = name
        self.log = log
        self.performs = performs
        super.init(frame: frame)
    }

    override var canBecomeFirstResponder: Bool { canBecome }

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        performs.contains(action.name) ? recordingMethod(name, action, log) : super.actionMethod(for: action)
    }

    override func canPerformAction(_ action: ActionSelector, withSender sender: Any?) -> Bool {
        asked.append(action.name)
        if let sender = sender as? AnyObject, refusedSenders.contains(where: { $0 === sender }) { return false }
        return super.canPerformAction(action, withSender: sender)
    }
}

/// A window that performs some named actions.
@MainActor
private final class ChainWindow: UIWindow {
    var log: ChainLog?
    var performs: Set<String> = []

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        if let log, performs.contains(action.name) { return recordingMethod("window", action, log) }
        return super.actionMethod(for: action)
    }
}

/// A plain responder (the application delegate, or a helper returned by target(forAction:)).
@MainActor
private final class ChainResponder: UIResponder {
    let name: String
    let log: ChainLog
    var performs: Set<String>

    init(_ name: String, _ log: ChainLog, performs: Set<String>) {
        self.name = name
        self.log = log
        self.performs = performs
        super.init()
    }

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        performs.contains(action.name) ? recordingMethod(name, action, log) : super.actionMethod(for: action)
    }
}

/// A control that performs the actions in `performs` itself (the start of the chain when
/// there is no first responder).
@MainActor
private final class PerformingControl: UIControl {
    var log: ChainLog?
    var performs: Set<String> = []

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        if let log, performs.contains(action.name) { return recordingMethod("control", action, log) }
        return super.actionMethod(for: action)
    }
}

/// A control whose sendAction override records every target-action dispatch; it can also
/// swallow them or redirect them.
@MainActor
private final class ObservingControl: UIControl {
    private(set) var observed: [String] = []
    private(set) var observedTargets: [AnyObject?] = []
    var swallow = false
    var redirect: AnyObject?

    override func sendAction(_ action: ActionSelector, to target: AnyObject?, for event: UIEvent?) {
        observed.append(action.name)
        observedTargets.append(target)
        if swallow { return }
        super.sendAction(action, to: redirect ?? target, for: event)
    }
}

/// A typed target for the observing tests.
@MainActor
private final class TypedTarget {
    let log: ChainLog
    init(_ log: ChainLog) { self.log = log }
    func fired(_ sender: ObservingControl, _ event: UIEvent?) {
        log.record("typed.fired", sender: sender, event: event)
    }
}

/// A view that redirects some actions to a helper and stops the search for others.
@MainActor
private final class RoutingView: UIView {
    var helper: AnyObject?
    override func target(forAction action: ActionSelector, withSender sender: Any?) -> Any? {
        switch action {
        case "helped:": return helper
        case "blocked:": return nil
        default: return super.target(forAction: action, withSender: sender)
        }
    }
}

@MainActor
struct ResponderChainTests {
    let window = makeTestWindow()
    private let log = ChainLog()
    private let app = UIApplication.shared
    private let inside = CGPoint(x: 50, y: 30)

    /// A container filling the window with a control at (10, 10, 100, 40) in it.
    private func makeControlInContainer(performs: Set<String> = []) -> (UIControl, ChainView) {
        let container = ChainView("container", log, performs: performs)
        window.addSubview(container)
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        container.addSubview(control)
        return (control, container)
    }

    /// A first-responder-capable view in a separate branch of the window (not an ancestor
    /// of the control), made first responder.
    private func makeFirstResponder(performs: Set<String> = [], parentPerforms: Set<String> = []) -> (ChainView, ChainView) {
        let parent = ChainView("frParent", log, performs: parentPerforms, frame: CGRect(x: 0, y: 300, width: 400, height: 100))
        window.addSubview(parent)
        let view = ChainView("fr", log, performs: performs, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.canBecome = true
        parent.addSubview(view)
        #expect(view.becomeFirstResponder())
        #expect(window.firstResponder === view)
        return (view, parent)
    }

    private func use(_ mode: ActionDelivery) { app.actionDelivery = mode }
    private func restoreDelivery() { app.actionDelivery = .batched }

    // MARK: Explicit targets

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b12_explicitTargetReceivesTheActionWithTheControlAsSender(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let (control, _) = makeControlInContainer(performs: ["save:"])
        let target = ChainResponder("target", log, performs: ["save:"])
        control.addTarget(target, action: "save:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        // Only the explicit target: the container that also performs it is not asked.
        #expect(log.calls == ["target.save:"])
        #expect(log.sender(0, is: control))
        #expect(log.hadEvent == [true])
    }

    @Test func b12_applicationSendActionReturnsWhetherAReceiverWasFound() {
        let (control, container) = makeControlInContainer(performs: ["save:"])
        let target = ChainResponder("target", log, performs: ["save:"])
        #expect(app.sendAction("save:", to: target, from: control, for: nil))
        #expect(app.sendAction("save:", to: nil, from: control, for: nil))
        #expect(!app.sendAction("nobody:", to: nil, from: control, for: nil))
        #expect(log.calls == ["target.save:", "container.save:"])
        #expect(log.sender(0, is: control) && log.sender(1, is: control))
        // An explicit target that doesn't perform the action is not searched past.
        #expect(!app.sendAction("other:", to: target, from: control, for: nil))
        #expect(!app.sendAction("save:", to: NSObject(), from: control, for: nil))
        #expect(log.calls.count == 2)
        // Only the nil-target sends searched the chain.
        #expect(container.asked == ["save:", "nobody:"])
    }

    @Test func b12_controlSendActionIsImmediateEvenWhenBatched() {
        // sendAction(_:to:for:) is the delivery step itself, not a queued control event.
        let (control, _) = makeControlInContainer(performs: ["now:"])
        let queued = app.pendingActionCount
        control.sendAction("now:", to: nil, for: nil)
        #expect(log.calls == ["container.now:"])
        #expect(app.pendingActionCount == queued)
    }

    // MARK: Nil target: where the search starts

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b12_nilTargetStartsAtTheFirstResponder(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let (control, _) = makeControlInContainer(performs: ["save:"])
        _ = makeFirstResponder(performs: ["save:"])
        control.addTarget(nil, action: "save:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.calls == ["fr.save:"])
        #expect(log.sender(0, is: control))
        log.clear()
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.calls == ["fr.save:"])
        #expect(log.hadEvent == [false])
    }

    @Test func b12_searchWalksUpFromTheFirstResponderNotFromTheSender() {
        let (control, _) = makeControlInContainer(performs: ["up:", "mine:"])
        _ = makeFirstResponder(performs: [], parentPerforms: ["up:"])
        control.addTarget(nil, action: "up:", for: .touchUpInside)
        control.addTarget(nil, action: "mine:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        // "up:" found at the first responder's superview; "mine:" is performed only by the
        // control's own container, which is not on the first responder's chain: dropped.
        #expect(log.calls == ["frParent.up:"])
        #expect(!app.sendAction("mine:", to: nil, from: control, for: nil))
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b12_withoutAFirstResponderTheSearchStartsAtTheSendingControl(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let container = ChainView("container", log, performs: ["self:", "parent:"])
        window.addSubview(container)
        let control = PerformingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        control.log = log
        control.performs = ["self:"]
        container.addSubview(control)
        #expect(window.firstResponder == nil)
        control.addTarget(nil, action: "self:", for: .touchUpInside)
        control.addTarget(nil, action: "parent:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.calls == ["control.self:", "container.parent:"])
        #expect(log.sender(0, is: control) && log.sender(1, is: control))
    }

    @Test func b12_resigningTheFirstResponderMovesTheStartBackToTheControl() {
        let (control, _) = makeControlInContainer(performs: ["save:"])
        let (fr, _) = makeFirstResponder(performs: ["save:"])
        control.addTarget(nil, action: "save:", for: .valueChanged)
        control.sendActions(for: .valueChanged)
        flush()
        #expect(fr.resignFirstResponder())
        #expect(window.firstResponder == nil)
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.calls == ["fr.save:", "container.save:"])
    }

    @Test func b12_senderOutsideAnyWindowStartsAtTheKeyWindowsFirstResponder() {
        // Project detail (UIApplication.sendAction's documentation): a sender that is not in
        // a window starts at the key window's first responder.
        window.makeKey()
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        _ = makeFirstResponder(performs: ["save:"])
        #expect(app.sendAction("save:", to: nil, from: control, for: nil))
        #expect(log.calls == ["fr.save:"])
    }

    // MARK: Nil target: the walk view → superview → window → application → delegate

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b12_walkGoesViewSuperviewWindowApplicationDelegate(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery(); app.delegate = nil }
        let chainWindow = ChainWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        chainWindow.makeKeyAndVisible()
        chainWindow.log = log
        chainWindow.performs = ["win:", "outer:", "inner:"]
        let delegate = ChainResponder("delegate", log, performs: ["del:", "win:", "outer:", "inner:"])
        app.delegate = delegate
        let outer = ChainView("outer", log, performs: ["outer:", "inner:"])
        let inner = ChainView("inner", log, performs: ["inner:"], frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        chainWindow.addSubview(outer)
        outer.addSubview(inner)
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        inner.addSubview(control)
        // The chain itself.
        #expect(control.next === inner)
        #expect(inner.next === outer)
        #expect(outer.next === chainWindow)
        #expect(chainWindow.next === app)
        #expect(app.next === delegate)
        // Each action goes to the nearest responder that performs it.
        for action in ["inner:", "outer:", "win:", "del:", "none:"] {
            control.addTarget(nil, action: ActionSelector(action), for: .touchUpInside)
        }
        chainWindow.simulateTap(at: inside)
        flush()
        #expect(log.calls == ["inner.inner:", "outer.outer:", "window.win:", "delegate.del:"])
        #expect((0..<4).allSatisfy { log.sender($0, is: control) })
        #expect(log.hadEvent == [true, true, true, true])
        #expect(!app.sendAction("none:", to: nil, from: control, for: nil))
        // Without a delegate the chain ends at the application.
        app.delegate = nil
        #expect(!app.sendAction("del:", to: nil, from: control, for: nil))
        #expect(log.calls.count == 4)
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b12_unperformedActionIsDroppedAndTheRestStillRun(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let (control, container) = makeControlInContainer(performs: ["after:"])
        control.addTarget(nil, action: "nobody:", for: .touchUpInside)
        control.addTarget(nil, action: "after:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.calls == ["container.after:"])
        // The search asked the container about both actions.
        #expect(container.asked == ["nobody:", "after:"])
        #expect(!app.sendAction("nobody:", to: nil, from: control, for: nil))
    }

    // MARK: Overriding sendAction(_:to:for:)

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b12_sendActionOverrideObservesEveryTargetActionDispatchButNotUIActions(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let container = ChainView("container", log, performs: ["chain:"])
        window.addSubview(container)
        let control = ObservingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        container.addSubview(control)
        let named = ChainResponder("named", log, performs: ["named:"])
        let typed = TypedTarget(log)
        let log = self.log
        control.addTarget(named, action: "named:", for: .touchDown)
        control.addTarget(nil, action: "chain:", for: .touchUpInside)
        control.addAction(UIAction { _ in log.record("uiaction", sender: nil, event: nil) }, for: [.touchDown, .touchUpInside])
        control.addTarget(typed, action: TypedTarget.fired, for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.calls == ["named.named:", "uiaction", "container.chain:", "uiaction", "typed.fired"])
        #expect(control.observed == ["named:", "chain:", ActionSelector.typedActionName])
        #expect(control.observedTargets.count == 3)
        #expect(control.observedTargets[0] === named)
        #expect(control.observedTargets[1] == nil)
        #expect(control.observedTargets[2] === typed)
        // Programmatic sends go through it too.
        control.sendActions(for: .touchDown)
        flush()
        #expect(control.observed == ["named:", "chain:", ActionSelector.typedActionName, "named:"])
    }

    @Test func b12_sendActionOverrideCanSwallowOrRedirect() {
        let control = ObservingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(control)
        let original = ChainResponder("original", log, performs: ["go:"])
        let other = ChainResponder("other", log, performs: ["go:"])
        let log = self.log
        control.addTarget(original, action: "go:", for: .valueChanged)
        control.addAction(UIAction { _ in log.record("uiaction", sender: nil, event: nil) }, for: .valueChanged)
        control.swallow = true
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.calls == ["uiaction"], "UIActions don't go through sendAction")
        control.swallow = false
        control.redirect = other
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.calls == ["uiaction", "other.go:", "uiaction"])
        #expect(control.observed == ["go:", "go:"])
    }

    // MARK: Overriding target(forAction:withSender:) and canPerformAction(_:withSender:)

    @Test func b12_targetForActionOverrideRedirectsOrStopsTheSearch() {
        let container = ChainView("container", log, performs: ["helped:", "blocked:", "plain:"])
        window.addSubview(container)
        let routing = RoutingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        container.addSubview(routing)
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        routing.addSubview(control)
        let helper = ChainResponder("helper", log, performs: ["helped:"])
        routing.helper = helper
        control.addTarget(nil, action: "helped:", for: .touchUpInside)
        control.addTarget(nil, action: "blocked:", for: .touchUpInside)
        control.addTarget(nil, action: "plain:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        // helped: goes to the helper (not the container); blocked: stops at the routing view
        // although the container performs it; plain: continues to the container.
        #expect(log.calls == ["helper.helped:", "container.plain:"])
        #expect(log.sender(0, is: control))
        #expect(!app.sendAction("blocked:", to: nil, from: control, for: nil))
        // A helper that can't perform what it was chosen for: nothing runs.
        routing.helper = NSObject()
        #expect(!app.sendAction("helped:", to: nil, from: control, for: nil))
        #expect(log.calls.count == 2)
    }

    @Test func b12_canPerformActionOverrideIsConsultedWithTheSender() {
        // The container performs save: but is not on the first responder's chain.
        let (control, container) = makeControlInContainer(performs: ["save:"])
        let (fr, _) = makeFirstResponder(performs: ["save:"], parentPerforms: [])
        // The first responder refuses this control as sender: the search moves on up its
        // chain (its parent, the window, the application) and finds nobody.
        fr.refusedSenders = [control]
        #expect(!app.sendAction("save:", to: nil, from: control, for: nil))
        #expect(fr.asked == ["save:"])
        // Another sender is accepted.
        let otherSender = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(otherSender)
        #expect(app.sendAction("save:", to: nil, from: otherSender, for: nil))
        #expect(log.calls == ["fr.save:"])
        #expect(log.sender(0, is: otherSender))
        #expect(container.asked.isEmpty)
    }

    @Test func b12_canPerformActionRefusalFallsThroughToTheNextResponder() {
        let container = ChainView("container", log, performs: ["save:"])
        window.addSubview(container)
        let middle = ChainView("middle", log, performs: ["save:"])
        container.addSubview(middle)
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        middle.addSubview(control)
        middle.refusedSenders = [control]
        control.addTarget(nil, action: "save:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.calls == ["container.save:"])
        #expect(middle.asked == ["save:"])
        // An explicit target is sent to directly, without asking canPerformAction.
        control.removeTarget(nil, action: nil, for: .allEvents)
        control.addTarget(middle, action: "save:", for: .touchUpInside)
        window.simulateTap(at: inside, time: 100)
        flush()
        #expect(log.calls == ["container.save:", "middle.save:"])
        #expect(middle.asked == ["save:"])
    }
}
