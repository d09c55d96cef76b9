import Testing
import Foundation
@testable import SDLControlsCore

// Rules B1–B11 and B13 of the DocC article "Target-action, control events and tracking"
// (ControlEventsAndTracking.md, "B. The target-action registry"): what addTarget stores and
// how sendActions(for:) walks it.
// B12 (sendAction and the responder chain) is in Application/ResponderChainTests.swift.

/// Calls made to targets, as "receiver.action" strings in call order, with their senders
/// and events.
@MainActor
private final class CallLog {
    private(set) var names: [String] = []
    private(set) var senders: [Any?] = []
    private(set) var events: [UIEvent?] = []
    /// The phases of the event's touches when the action ran (nil for a nil event). In
    /// immediate mode the event is the window's live, reused object, so look here rather
    /// than at `events` after the fact.
    private(set) var phases: [[UITouch.Phase]?] = []
    /// The views of the event's touches when the action ran.
    private(set) var touchViews: [[UIView]?] = []

    func record(_ name: String, sender: Any? = nil, event: UIEvent? = nil) {
        names.append(name)
        senders.append(sender)
        events.append(event)
        phases.append(event.map { $0.touchList.map(\.phase) })
        touchViews.append(event.map { $0.touchList.compactMap(\.view) })
    }

    /// Whether the sender of call `i` is `object`.
    func sender(_ i: Int, is object: AnyObject) -> Bool {
        (senders[i] as? AnyObject) === object
    }

    func clear() {
        names.removeAll()
        senders.removeAll()
        events.removeAll()
        phases.removeAll()
        touchViews.removeAll()
    }
}

/// A target that performs every named action (recording "name.action"), runs an optional
/// hook per action, and has typed methods of the three shapes of rule B13.
@MainActor
private final class Recorder: UIResponder {
    let name: String
    let log: CallLog
    /// Run after recording the named action with this name.
    var hooks: [String: @MainActor () -> Void] = [:]

    init(_ name: String, _ log: CallLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        ActionMethod { sender, event in
            self.log.record("\(self.name).\(action.name)", sender: sender, event: event)
            self.hooks[action.name]?()
        }
    }

    func typedNoArgument() {
        log.record("\(name).typed()")
    }

    func typedSender(_ sender: UIControl) {
        log.record("\(name).typed(sender)", sender: sender)
    }

    func typedSenderEvent(_ sender: UIControl, _ event: UIEvent?) {
        log.record("\(name).typed(sender,event)", sender: sender, event: event)
    }
}

/// A plain Swift class (not a responder, not Hashable) used as a typed target.
@MainActor
private final class PlainTarget {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }
    func fire() { log.record("plain.fire") }
}

/// A control subclass with its own property, so typed senders can be checked to be the
/// concrete class (B13), and a configurable primary event (B11).
@MainActor
private final class Knob: UIControl {
    var level = 7
    var primary: Event?
    var willTriggerCount = 0
    var onWillTrigger: (@MainActor () -> Void)?

    override var primaryControlEvent: Event? { primary }

    override func primaryActionWillTrigger() {
        willTriggerCount += 1
        onWillTrigger?()
    }
}

/// A target with the three typed method shapes, taking the concrete `Knob` (B13).
@MainActor
private final class KnobTarget {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }

    func noArgument() {
        log.record("noArgument")
    }

    func withSender(_ sender: Knob) {
        log.record("withSender level=\(sender.level)", sender: sender)
    }

    func withSenderAndEvent(_ sender: Knob, _ event: UIEvent?) {
        log.record("withSenderAndEvent level=\(sender.level)", sender: sender, event: event)
    }
}

/// Records the dispatches of one control through `actionDeliveryObserver`.
@MainActor
private final class DispatchLog {
    private(set) var dispatches: [UIControl.Event] = []
    private(set) var entryCounts: [Int] = []

    init(_ control: UIControl) {
        UIApplication.shared.actionDeliveryObserver = { [weak self, weak control] record in
            guard let control, record.sender === control else { return }
            self?.dispatches.append(record.controlEvents)
            self?.entryCounts.append(record.entryCount)
        }
    }

    static func stop() { UIApplication.shared.actionDeliveryObserver = nil }
}

@MainActor
struct TargetActionTests {
    let window = makeTestWindow()
    private let log = CallLog()

    /// A control in the window at (10, 10, 100, 40); (50, 30) is inside it.
    private func makeControl() -> UIControl {
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(control)
        return control
    }

    private let inside = CGPoint(x: 50, y: 30)

    /// Sets the delivery mode for one test body; restored by the caller's `defer`.
    private func use(_ mode: ActionDelivery) {
        UIApplication.shared.actionDelivery = mode
    }

    private func restoreDelivery() {
        UIApplication.shared.actionDelivery = .batched
    }

    /// The number of registrations (target-actions and UIActions) the control reports.
    private func entryCount(_ control: UIControl) -> Int {
        var n = 0
        control.enumerateEventHandlers { _, _, _, _ in n += 1 }
        return n
    }

    private func recordAction(_ name: String, id: String? = nil) -> UIAction {
        let log = self.log
        return UIAction(identifier: id.map(UIAction.Identifier.init(rawValue:))) { _ in log.record(name) }
    }

    // MARK: B1 weak targets, dead entries skipped and pruned

    @Test func b1_controlDoesNotKeepItsTargetsAlive() {
        let control = makeControl()
        weak var weakNamed: Recorder?
        weak var weakTyped: Recorder?
        weak var weakPlain: PlainTarget?
        do {
            let named = Recorder("named", log)
            let typed = Recorder("typed", log)
            let plain = PlainTarget(log)
            control.addTarget(named, action: "a:", for: .touchDown)
            control.addTarget(typed, action: Recorder.typedSender, for: .touchDown)
            control.addTarget(plain, action: PlainTarget.fire, for: .touchDown)
            weakNamed = named
            weakTyped = typed
            weakPlain = plain
            #expect(entryCount(control) == 3)
        }
        #expect(weakNamed == nil)
        #expect(weakTyped == nil)
        #expect(weakPlain == nil)
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b1_deadTargetIsSkippedAtDispatchAndPruned(mode: ActionDelivery) {
        use(mode)
        let catcher = Recorder("chain", log)   // performs everything, at the end of the chain
        UIApplication.shared.delegate = catcher
        defer { restoreDelivery(); UIApplication.shared.delegate = nil }
        let control = makeControl()
        let live = Recorder("live", log)
        do {
            let doomed = Recorder("doomed", log)
            control.addTarget(doomed, action: "a:", for: [.touchDown, .valueChanged])
            control.addTarget(doomed, action: Recorder.typedNoArgument, for: .touchDown)
            control.addTarget(live, action: "a:", for: .touchDown)
        }
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["live.a:"])
        // Pruned: gone from every view of the registry.
        #expect(entryCount(control) == 1)
        #expect(control.allControlEvents == .touchDown)
        #expect(control.allTargets == [AnyHashable(live)])
        // And a real touch sends only to the live target.
        log.clear()
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["live.a:"])
    }

    @Test func b1_targetThatDiesBeforeABatchedDeliveryIsSkipped() {
        // Batched (the default): the weak target is checked when the action is delivered (E2).
        // Skipped means skipped: not sent up the responder chain as iOS may do (B1 project
        // choice), so an application delegate that performs every action gets nothing.
        let catcher = Recorder("chain", log)
        UIApplication.shared.delegate = catcher
        defer { UIApplication.shared.delegate = nil }
        let control = makeControl()
        let survivor = Recorder("survivor", log)
        var doomed: Recorder? = Recorder("doomed", log)
        control.addTarget(doomed, action: "a:", for: .touchDown)
        control.addTarget(doomed!, action: Recorder.typedNoArgument, for: .touchDown)
        control.addTarget(survivor, action: "a:", for: .touchDown)
        control.sendActions(for: .touchDown)
        window.simulateTouchDown(at: inside)
        doomed = nil
        flush()
        #expect(log.names == ["survivor.a:", "survivor.a:"])
        window.simulateTouchUp(at: inside)
        flush()
    }

    @Test func b1_nilTargetEntriesAreNotPruned() {
        let control = makeControl()
        control.addTarget(nil, action: "chain:", for: .touchUpInside)
        do {
            let doomed = Recorder("doomed", log)
            control.addTarget(doomed, action: "a:", for: .touchDown)
        }
        #expect(control.allControlEvents == .touchUpInside)
        #expect(control.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["chain:"])
        #expect(entryCount(control) == 1)
    }

    // MARK: B2 empty mask

    @Test func b2_emptyMaskRegistersNothing() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: [])
        control.addTarget(nil, action: "b:", for: [])
        control.addTarget(t, action: Recorder.typedNoArgument, for: [])
        control.addAction(recordAction("action"), for: [])
        #expect(entryCount(control) == 0)
        #expect(control.allControlEvents.isEmpty)
        #expect(control.allTargets.isEmpty)
        #expect(control.actions(forTarget: t, forControlEvent: .touchDown) == nil)
        control.sendActions(for: .allEvents)
        window.simulateTap(at: inside)
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func b2_emptyMaskLeavesAnExistingEntryWhereItIs() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: .touchDown)
        control.addTarget(t, action: "b:", for: .touchDown)
        control.addTarget(t, action: "a:", for: [])   // no merge, no move to the end
        #expect(control.actions(forTarget: t, forControlEvent: .touchDown) == ["a:", "b:"])
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.a:", "t.b:"])
    }

    // MARK: B3 no duplicates; masks merged, entry moved to the end

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b3_sameTargetActionMergesMasksAndMovesToEnd(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        // The example of B3: (t,a,down), (t,b,down), (t,a,up).
        control.addTarget(t, action: "a:", for: .touchDown)
        control.addTarget(t, action: "b:", for: .touchDown)
        control.addTarget(t, action: "a:", for: .touchUpInside)
        #expect(entryCount(control) == 2)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.b:", "t.a:"])
        // a kept .touchDown and gained .touchUpInside.
        log.clear()
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.names == ["t.a:"])
        #expect(control.actions(forTarget: t, forControlEvent: .touchDown) == ["b:", "a:"])
        #expect(control.actions(forTarget: t, forControlEvent: .touchUpInside) == ["a:"])
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b3_exampleThroughARealTap(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: .touchDown)
        control.addTarget(t, action: "b:", for: .touchDown)
        control.addTarget(t, action: "a:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["t.b:", "t.a:", "t.a:"])
    }

    @Test func b3_entriesAreKeyedByTargetAndAction() {
        let control = makeControl()
        let t1 = Recorder("t1", log)
        let t2 = Recorder("t2", log)
        control.addTarget(t1, action: "a:", for: .touchDown)
        control.addTarget(t2, action: "a:", for: .touchDown)   // other target: new entry
        control.addTarget(nil, action: "a:", for: .touchDown)  // nil target: new entry
        control.addTarget(t1, action: "b:", for: .touchDown)   // other action: new entry
        #expect(entryCount(control) == 4)
        control.addTarget(nil, action: "a:", for: .touchDown)  // same (nil, a): merged
        control.addTarget(t2, action: "a:", for: .touchDown)   // same (t2, a): merged, moved last
        #expect(entryCount(control) == 4)
        control.sendActions(for: .touchDown)
        flush()
        // The nil-target entry found no receiver in the chain (nobody performs "a:" there).
        #expect(log.names == ["t1.a:", "t1.b:", "t2.a:"])
    }

    @Test func b3_reAddingWithTheSameMaskStillMovesToTheEnd() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: .valueChanged)
        control.addTarget(t, action: "b:", for: .valueChanged)
        control.addTarget(t, action: "a:", for: .valueChanged)
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.names == ["t.b:", "t.a:"])
        #expect(control.allControlEvents == .valueChanged)
    }

    // MARK: B4 list order, each entry at most once per sendActions

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b4_entryMatchingSeveralBitsRunsOncePerSend(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery(); DispatchLog.stop() }
        let control = makeControl()
        let dispatches = DispatchLog(control)
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: [.touchDown, .touchUpInside, .valueChanged])
        control.addAction(recordAction("action"), for: .allEvents)
        control.addTarget(t, action: Recorder.typedNoArgument, for: [.touchDown, .valueChanged])
        control.addTarget(t, action: "b:", for: .valueChanged)
        control.sendActions(for: [.touchDown, .touchUpInside, .valueChanged])
        flush()
        #expect(log.names == ["t.a:", "action", "t.typed()", "t.b:"])
        #expect(dispatches.dispatches == [[.touchDown, .touchUpInside, .valueChanged]])
        #expect(dispatches.entryCounts == [4])
        log.clear()
        control.sendActions(for: .allEvents)
        flush()
        #expect(log.names == ["t.a:", "action", "t.typed()", "t.b:"])
    }

    @Test func b4_onlyMatchingEntriesRunInListOrder() {
        let control = makeControl()
        let t1 = Recorder("t1", log)
        let t2 = Recorder("t2", log)
        control.addTarget(t2, action: "x:", for: .touchUpInside)
        control.addTarget(t1, action: "y:", for: .touchDown)
        control.addAction(recordAction("up-action"), for: .touchUpInside)
        control.addTarget(t1, action: "z:", for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.names == ["t2.x:", "up-action", "t1.z:"])
        log.clear()
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t1.y:"])
    }

    // MARK: B5 sendActions passes a nil event

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b5_sendActionsPassesANilEvent(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "named:", for: .touchDown)
        control.addTarget(t, action: Recorder.typedSenderEvent, for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.named:", "t.typed(sender,event)"])
        #expect(log.events.count == 2)
        #expect(log.events.allSatisfy { $0 == nil })
        #expect(log.sender(0, is: control) && log.sender(1, is: control))
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b5_aRealTouchPassesItsEvent(mode: ActionDelivery) {
        // The contrast to B5: the tracking path passes the touch event.
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "named:", for: .touchDown)
        control.addTarget(t, action: Recorder.typedSenderEvent, for: .touchDown)
        window.simulateTouchDown(at: inside)
        window.simulateTouchUp(at: inside)
        flush()
        #expect(log.names == ["t.named:", "t.typed(sender,event)"])
        #expect(log.events.allSatisfy { $0 != nil })
        #expect(log.phases == [[.began], [.began]])
        #expect(log.touchViews.allSatisfy { $0?.first === control })
    }

    // MARK: B6 dispatch works on a snapshot

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b6_entriesAddedByAnActionRunFromTheNextDispatch(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        let late = Recorder("late", log)
        let lateAction = recordAction("late-action")
        t.hooks["a:"] = {
            t.hooks["a:"] = nil   // only once
            control.addTarget(late, action: "l:", for: .touchDown)
            control.addAction(lateAction, for: .touchDown)
            // Re-adding the running entry moves it behind the new ones.
            control.addTarget(t, action: "a:", for: .touchDown)
        }
        control.addTarget(t, action: "a:", for: .touchDown)
        control.addTarget(t, action: "b:", for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.a:", "t.b:"])
        log.clear()
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.b:", "late.l:", "late-action", "t.a:"])
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b6_entriesRemovedByAnActionStillRunInTheCurrentDispatch(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        let other = Recorder("other", log)
        t.hooks["a:"] = {
            control.removeTarget(other, action: nil, for: .allEvents)
            control.removeAction(identifiedBy: "doomed", for: .allEvents)
        }
        control.addTarget(t, action: "a:", for: .touchDown)
        control.addTarget(other, action: "b:", for: .touchDown)
        control.addAction(recordAction("doomed-action", id: "doomed"), for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.a:", "other.b:", "doomed-action"])
        #expect(entryCount(control) == 1)
        log.clear()
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.a:"])
    }

    @Test func b6_batchedDeliveryKeepsTheEntriesMatchedWhenTheEventHappened() {
        // Batched: the snapshot is taken at sendActions time (E2), so registry changes made
        // before the flush don't change what that dispatch delivers.
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "kept:", for: .valueChanged)
        control.sendActions(for: .valueChanged)
        control.removeTarget(t, action: "kept:", for: .valueChanged)
        control.addTarget(t, action: "new:", for: .valueChanged)
        flush()
        #expect(log.names == ["t.kept:"])
        log.clear()
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.names == ["t.new:"])
    }

    @Test func b6_touchDownActionAddingATouchUpEntry_immediate() {
        // Immediate: the touch-up dispatch happens after the touch-down action ran, so the
        // entry it added is already part of that dispatch's snapshot.
        use(.immediate)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        t.hooks["down:"] = { control.addTarget(t, action: "up:", for: .touchUpInside) }
        control.addTarget(t, action: "down:", for: .touchDown)
        window.simulateTap(at: inside, time: 1)
        #expect(log.names == ["t.down:", "t.up:"])
    }

    @Test func b6_touchDownActionAddingATouchUpEntry_batched() {
        // Batched: both dispatches of the tap were matched during input, before the flush
        // ran the touch-down action, so the new entry takes effect from the next tap (B6, E2).
        let control = makeControl()
        let t = Recorder("t", log)
        t.hooks["down:"] = { control.addTarget(t, action: "up:", for: .touchUpInside) }
        control.addTarget(t, action: "down:", for: .touchDown)
        window.simulateTap(at: inside, time: 1)
        flush()
        #expect(log.names == ["t.down:"])
        log.clear()
        window.simulateTap(at: inside, time: 10)
        flush()
        #expect(log.names == ["t.down:", "t.up:"])
    }

    // MARK: B7 removeTarget

    /// t1: a (down|up), b (down); t2: a (down); nil target: a (down); t1 typed (down);
    /// a UIAction (down|up).
    private func populate(_ control: UIControl, _ t1: Recorder, _ t2: Recorder) {
        control.addTarget(t1, action: "a:", for: [.touchDown, .touchUpInside])
        control.addTarget(t1, action: "b:", for: .touchDown)
        control.addTarget(t2, action: "a:", for: .touchDown)
        control.addTarget(nil, action: "a:", for: .touchDown)
        control.addTarget(t1, action: Recorder.typedNoArgument, for: .touchDown)
        control.addAction(recordAction("action", id: "act"), for: [.touchDown, .touchUpInside])
    }

    @Test func b7_targetAndActionClearsOnlyThatEntry() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        populate(control, t1, t2)
        control.removeTarget(t1, action: "a:", for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t1.b:", "t2.a:", "t1.typed()", "action"])
        // t1's a keeps .touchUpInside.
        #expect(control.actions(forTarget: t1, forControlEvent: .touchUpInside) == ["a:"])
        #expect(control.actions(forTarget: t1, forControlEvent: .touchDown) == ["b:", ActionSelector.typedActionName])
    }

    @Test func b7_nilActionClearsEveryActionOfTheTargetIncludingTyped() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        populate(control, t1, t2)
        control.removeTarget(t1, action: nil, for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t2.a:", "action"])
        #expect(control.actions(forTarget: t1, forControlEvent: .touchDown) == nil)
        #expect(control.actions(forTarget: t1, forControlEvent: .touchUpInside) == ["a:"])
        #expect(entryCount(control) == 4)   // t1.a (up), t2.a, nil.a, the UIAction
    }

    @Test func b7_nilTargetClearsThatActionForEveryTargetButNotUIActions() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        populate(control, t1, t2)
        control.removeTarget(nil, action: "a:", for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t1.b:", "t1.typed()", "action"])
        #expect(control.actions(forTarget: nil, forControlEvent: .touchDown) == nil)
        #expect(control.actions(forTarget: t2, forControlEvent: .touchDown) == nil)
        #expect(control.actions(forTarget: t1, forControlEvent: .touchUpInside) == ["a:"])
    }

    @Test func b7_nilTargetNilActionClearsTheBitsOfEverythingIncludingUIActions() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        populate(control, t1, t2)
        control.removeTarget(nil, action: nil, for: .touchDown)
        #expect(control.allControlEvents == .touchUpInside)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names.isEmpty)
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.names == ["t1.a:", "action"])   // both kept their other bit
        #expect(entryCount(control) == 2)
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b7_removeEverythingWithTheFullWildcard(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        populate(control, t1, t2)
        control.removeTarget(nil, action: nil, for: .allEvents)
        #expect(entryCount(control) == 0)
        #expect(control.allControlEvents.isEmpty)
        #expect(control.allTargets.isEmpty)
        control.sendActions(for: .allEvents)
        window.simulateTap(at: inside)
        flush()
        #expect(log.names.isEmpty)
    }

    @Test func b7_explicitTargetNeverReachesUIActionsOrOtherTargets() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        populate(control, t1, t2)
        control.removeTarget(t1, action: nil, for: .allEvents)
        #expect(control.actions(forTarget: t1, forControlEvent: .touchDown) == nil)
        #expect(control.actions(forTarget: t1, forControlEvent: .touchUpInside) == nil)
        #expect(control.allControlEvents == [.touchDown, .touchUpInside])   // the UIAction keeps both
        control.sendActions(for: [.touchDown, .touchUpInside])
        flush()
        #expect(log.names == ["t2.a:", "action"])
        // A named wildcard on the action alone doesn't reach UIActions either.
        control.removeTarget(nil, action: "a:", for: .allEvents)
        #expect(control.allControlEvents == [.touchDown, .touchUpInside])
    }

    @Test func b7_partialMaskKeepsTheEntryInPlaceForTheRemainingEvents() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: [.touchDown, .touchUpInside, .valueChanged])
        control.addTarget(t, action: "b:", for: [.touchDown, .valueChanged])
        control.removeTarget(t, action: "a:", for: [.touchUpInside, .touchCancel])   // touchCancel: not set, no effect
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.names == ["t.a:", "t.b:"], "not moved to the end")
        #expect(control.actions(forTarget: t, forControlEvent: .touchUpInside) == nil)
        #expect(control.allControlEvents == [.touchDown, .valueChanged])
    }

    @Test func b7_removingAnEventChangesWhatATapSends() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: [.touchDown, .touchUpInside])
        control.removeTarget(t, action: "a:", for: .touchDown)
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["t.a:"])
        #expect(log.phases == [[.ended]])
    }

    @Test func b7_removeThatMatchesNothingChangesNothing() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log), stranger = Recorder("stranger", log)
        populate(control, t1, t2)
        control.removeTarget(stranger, action: nil, for: .allEvents)
        control.removeTarget(t1, action: "zzz:", for: .allEvents)
        control.removeTarget(t1, action: "a:", for: .valueChanged)
        control.removeTarget(nil, action: nil, for: [])
        #expect(entryCount(control) == 6)
        #expect(control.allControlEvents == [.touchDown, .touchUpInside])
    }

    // MARK: B8 actions(forTarget:forControlEvent:)

    @Test func b8_returnsNilNotAnEmptyArray() {
        let control = makeControl()
        let t = Recorder("t", log), other = Recorder("other", log)
        #expect(control.actions(forTarget: t, forControlEvent: .touchDown) == nil)
        #expect(control.actions(forTarget: nil, forControlEvent: .touchDown) == nil)
        control.addTarget(t, action: "a:", for: .touchUpInside)
        control.addAction(recordAction("action"), for: .touchDown)
        #expect(control.actions(forTarget: t, forControlEvent: .touchDown) == nil)       // other event
        #expect(control.actions(forTarget: other, forControlEvent: .touchUpInside) == nil) // other target
        #expect(control.actions(forTarget: nil, forControlEvent: .touchDown) == nil)     // UIActions not listed
        #expect(control.actions(forTarget: nil, forControlEvent: .touchUpInside) == nil) // t is not a nil target
        control.removeTarget(t, action: "a:", for: .touchUpInside)
        #expect(control.actions(forTarget: t, forControlEvent: .touchUpInside) == nil)
    }

    @Test func b8_listsTheTargetsNamesForTheEventInOrder() {
        let control = makeControl()
        let t = Recorder("t", log), other = Recorder("other", log)
        control.addTarget(t, action: "first:", for: [.touchDown, .valueChanged])
        control.addTarget(other, action: "theirs:", for: .valueChanged)
        control.addTarget(t, action: "second", for: .valueChanged)
        control.addTarget(t, action: "downOnly:", for: .touchDown)
        control.addTarget(nil, action: "chain:", for: .valueChanged)
        #expect(control.actions(forTarget: t, forControlEvent: .valueChanged) == ["first:", "second"])
        #expect(control.actions(forTarget: t, forControlEvent: .touchDown) == ["first:", "downOnly:"])
        #expect(control.actions(forTarget: other, forControlEvent: .valueChanged) == ["theirs:"])
        #expect(control.actions(forTarget: nil, forControlEvent: .valueChanged) == ["chain:"])
    }

    @Test func b8_typedEntriesAreListedByTheTypedActionName() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: Recorder.typedNoArgument, for: .touchUpInside)
        control.addTarget(t, action: "named:", for: .touchUpInside)
        control.addTarget(t, action: Recorder.typedSender, for: .touchUpInside)
        #expect(control.actions(forTarget: t, forControlEvent: .touchUpInside)
                == [ActionSelector.typedActionName, "named:", ActionSelector.typedActionName])
        #expect(ActionSelector.typedActionName == "(typed method)")
    }

    // MARK: B9 allTargets, allControlEvents

    /// How many `NSNull`s a target set holds. (On Linux, NSNull objects compare equal but
    /// hash by identity, so `contains(AnyHashable(NSNull()))` can't be relied on.)
    private func nullCount(_ targets: Set<AnyHashable>) -> Int {
        targets.filter { $0.base is NSNull }.count
    }

    @Test func b9_allTargetsListsEachLiveTargetOnceAndOneNSNull() {
        let control = makeControl()
        let t1 = Recorder("t1", log), t2 = Recorder("t2", log)
        control.addTarget(t1, action: "a:", for: .touchDown)
        control.addTarget(t1, action: "b:", for: .touchUpInside)
        control.addTarget(t1, action: Recorder.typedNoArgument, for: .touchDown)
        control.addTarget(t2, action: "a:", for: .touchDown)
        #expect(control.allTargets == [AnyHashable(t1), AnyHashable(t2)])
        // Three nil-target entries: one NSNull.
        control.addTarget(nil, action: "x:", for: .touchDown)
        control.addTarget(nil, action: "y:", for: .valueChanged)
        control.addTarget(nil, action: "z:", for: .valueChanged)
        let targets = control.allTargets
        #expect(targets.count == 3)
        #expect(nullCount(targets) == 1)
        #expect(targets.contains(AnyHashable(t1)))
        #expect(targets.contains(AnyHashable(t2)))
        // NSNull goes when the last nil-target entry goes.
        control.removeTarget(nil, action: "x:", for: .allEvents)
        control.removeTarget(nil, action: "y:", for: .allEvents)
        #expect(nullCount(control.allTargets) == 1)
        control.removeTarget(nil, action: "z:", for: .allEvents)
        #expect(control.allTargets == [AnyHashable(t1), AnyHashable(t2)])
        #expect(nullCount(control.allTargets) == 0)
    }

    @Test func b9_uiActionsAndDeadTargetsAreNotListed() {
        let control = makeControl()
        control.addAction(recordAction("action"), for: .allEvents)
        #expect(control.allTargets.isEmpty)
        do {
            let doomed = Recorder("doomed", log)
            control.addTarget(doomed, action: "a:", for: .touchDown)
            #expect(control.allTargets.count == 1)
        }
        #expect(control.allTargets.isEmpty)
    }

    @Test func b9_nonHashableTargetIsListedOnceByIdentity() {
        // Project detail: a target that isn't Hashable appears as its ObjectIdentifier.
        let control = makeControl()
        let plain = PlainTarget(log)
        control.addTarget(plain, action: PlainTarget.fire, for: .touchDown)
        control.addTarget(plain, action: PlainTarget.fire, for: .touchUpInside)
        control.addTarget(plain, action: "named:", for: .touchUpInside)
        #expect(control.allTargets == [AnyHashable(ObjectIdentifier(plain))])
    }

    @Test func b9_allControlEventsIsTheUnionOfEntriesAndUIActions() {
        let control = makeControl()
        #expect(control.allControlEvents.isEmpty)
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: .touchDown)
        control.addTarget(nil, action: "b:", for: .touchUpInside)
        control.addAction(recordAction("action", id: "act"), for: [.valueChanged, .editingChanged])
        control.addTarget(t, action: Recorder.typedNoArgument, for: .touchCancel)
        #expect(control.allControlEvents == [.touchDown, .touchUpInside, .valueChanged, .editingChanged, .touchCancel])
        control.removeAction(identifiedBy: "act", for: .valueChanged)
        #expect(control.allControlEvents == [.touchDown, .touchUpInside, .editingChanged, .touchCancel])
        control.removeTarget(t, action: nil, for: .allEvents)
        #expect(control.allControlEvents == [.touchUpInside, .editingChanged])
        do {
            let doomed = Recorder("doomed", log)
            control.addTarget(doomed, action: "c:", for: .menuActionTriggered)
            #expect(control.allControlEvents.contains(.menuActionTriggered))
        }
        #expect(control.allControlEvents == [.touchUpInside, .editingChanged])
    }

    // MARK: B10 UIActions

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b10_sameIdentifierReplacesMergesAndMovesToEnd(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let t = Recorder("t", log)
        control.addAction(recordAction("old", id: "shared"), for: .touchDown)
        control.addTarget(t, action: "a:", for: [.touchDown, .touchUpInside])
        control.addAction(recordAction("new", id: "shared"), for: .touchUpInside)
        #expect(entryCount(control) == 2)
        control.sendActions(for: .touchDown)   // mask merged: the new one runs for touchDown too
        flush()
        #expect(log.names == ["t.a:", "new"])
        log.clear()
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.names == ["t.a:", "new"])
        var handlers: [UIAction] = []
        control.enumerateEventHandlers { action, _, _, events in
            if let action {
                handlers.append(action)
                #expect(events == [.touchDown, .touchUpInside])
            }
        }
        #expect(handlers.count == 1)
        #expect(handlers.first?.identifier == "shared")
    }

    @Test func b10_actionsWithoutIdentifierAreDistinct() {
        let control = makeControl()
        let a = recordAction("one"), b = recordAction("two")
        #expect(a.identifier != b.identifier)
        control.addAction(a, for: .touchDown)
        control.addAction(b, for: .touchDown)
        control.addAction(a, for: .touchDown)   // the same object again: same identifier, moved last
        #expect(entryCount(control) == 2)
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["two", "one"])
    }

    @Test func b10_removeActionClearsBitsByIdentifier() {
        let control = makeControl()
        control.addAction(recordAction("x", id: "x"), for: [.touchDown, .touchUpInside])
        control.addAction(recordAction("y", id: "y"), for: .touchDown)
        // A different object with the same identifier removes it.
        control.removeAction(recordAction("unused", id: "x"), for: .touchDown)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["y"])
        log.clear()
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.names == ["x"])
        #expect(entryCount(control) == 2)
        control.removeAction(recordAction("unused", id: "x"), for: .allEvents)
        #expect(entryCount(control) == 1)
        #expect(control.allControlEvents == .touchDown)
    }

    @Test func b10_removeActionIdentifiedBy() {
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: "a:", for: .valueChanged)
        control.addAction(recordAction("x", id: "x"), for: [.valueChanged, .touchDown])
        control.removeAction(identifiedBy: "nobody", for: .allEvents)
        control.removeAction(identifiedBy: "x", for: .touchDown)
        #expect(control.allControlEvents == .valueChanged)
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.names == ["t.a:", "x"])
        log.clear()
        control.removeAction(identifiedBy: "x", for: .valueChanged)
        #expect(entryCount(control) == 1, "the target-action entry is untouched")
        control.sendActions(for: .allEvents)
        flush()
        #expect(log.names == ["t.a:"])
    }

    @Test func b10_uiActionKnowsItsSenderOnlyWhileRunning() {
        let control = makeControl()
        let log = self.log
        let action = UIAction { action in log.record("run", sender: action.sender) }
        control.addAction(action, for: .touchUpInside)
        window.simulateTap(at: inside)
        #expect(log.names.isEmpty)
        flush()
        #expect(log.names == ["run"])
        #expect(log.sender(0, is: control))
        #expect(action.sender == nil)
    }

    // MARK: B11 primary action

    @Test func b11_plainControlHasNoPrimaryEvent() {
        let control = makeControl()
        #expect(control.primaryControlEvent == nil)
        control.addAction(recordAction("primary"), for: .primaryActionTriggered)
        let everythingButPrimary = UIControl.Event.allEvents.subtracting(.primaryActionTriggered)
        for event in [UIControl.Event.touchUpInside, .valueChanged, .editingDidEndOnExit, everythingButPrimary] {
            control.sendActions(for: event)
        }
        window.simulateTap(at: inside)
        flush()
        #expect(log.names.isEmpty)
        // Sent explicitly it runs, once.
        control.sendActions(for: .primaryActionTriggered)
        flush()
        #expect(log.names == ["primary"])
    }

    @Test func b11_plainControlCreatedWithAPrimaryActionDoesNotRunItOnATap() {
        let log = self.log
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40),
                                primaryAction: UIAction { _ in log.record("primary") })
        window.addSubview(control)
        #expect(control.allControlEvents == .primaryActionTriggered)
        window.simulateTap(at: inside)
        control.sendActions(for: .valueChanged)
        flush()
        #expect(log.names.isEmpty)
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b11_subclassPrimaryEventFollowsProgrammaticSend(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery(); DispatchLog.stop() }
        let knob = Knob(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        knob.primary = .valueChanged
        window.addSubview(knob)
        let dispatches = DispatchLog(knob)
        let t = Recorder("t", log)
        let log = self.log
        knob.onWillTrigger = { log.record("willTrigger") }
        knob.addTarget(t, action: "primary:", for: .primaryActionTriggered)
        knob.addTarget(t, action: "changed:", for: .valueChanged)
        knob.sendActions(for: .valueChanged)
        flush()
        // Two separate dispatches: valueChanged, then primaryActionTriggered.
        #expect(dispatches.dispatches == [.valueChanged, .primaryActionTriggered])
        #expect(knob.willTriggerCount == 1)
        if mode == .immediate {
            #expect(log.names == ["t.changed:", "willTrigger", "t.primary:"])
        } else {
            // Batched: the hook runs when the event happens, the actions at the flush.
            #expect(log.names == ["willTrigger", "t.changed:", "t.primary:"])
        }
    }

    @Test func b11_primaryFollowsAnyMaskContainingThePrimaryEvent() {
        defer { DispatchLog.stop() }
        let knob = Knob(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        knob.primary = .valueChanged
        window.addSubview(knob)
        let dispatches = DispatchLog(knob)
        knob.addAction(recordAction("primary"), for: .primaryActionTriggered)
        knob.addAction(recordAction("down"), for: .touchDown)
        // No valueChanged entries at all: the primary dispatch still follows.
        knob.sendActions(for: [.touchDown, .valueChanged])
        flush()
        #expect(log.names == ["down", "primary"])
        #expect(dispatches.dispatches == [[.touchDown, .valueChanged], .primaryActionTriggered])
        // Masks without the primary event send no primary action.
        log.clear()
        knob.sendActions(for: [.touchDown, .touchUpInside, .editingDidEndOnExit])
        flush()
        #expect(log.names == ["down"])
        #expect(knob.willTriggerCount == 1)
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b11_buttonLikeSubclassTapSendsPrimaryAfterTouchUpInside(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let knob = Knob(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        knob.primary = .touchUpInside
        window.addSubview(knob)
        let events = EventLog(knob)
        window.simulateTap(at: inside, time: 1)
        flush()
        #expect(events.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        // A lift outside (beyond the slop margin) is touchUpOutside: no primary action.
        events.clear()
        window.simulateTouchDown(at: inside, time: 10)
        window.simulateTouchUp(at: CGPoint(x: 390, y: 390), time: 10.1)
        flush()
        #expect(events.names.last == "touchUpOutside")
        #expect(!events.names.contains("primaryActionTriggered"))
        #expect(knob.willTriggerCount == 1)
    }

    @Test func b11_primaryEventOfPrimaryActionTriggeredDoesNotLoop() {
        let knob = Knob(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        knob.primary = .primaryActionTriggered
        window.addSubview(knob)
        knob.addAction(recordAction("primary"), for: .primaryActionTriggered)
        knob.sendActions(for: .primaryActionTriggered)
        flush()
        #expect(log.names == ["primary"])
        #expect(knob.willTriggerCount == 0)
    }

    // MARK: B13 the three typed shapes and the three ActionMethod shapes

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b13_typedMethodShapesWithTheConcreteSender(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let knob = Knob(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(knob)
        let target = KnobTarget(log)
        knob.addTarget(target, action: KnobTarget.noArgument, for: .valueChanged)
        knob.addTarget(target, action: KnobTarget.withSender, for: .valueChanged)
        knob.addTarget(target, action: KnobTarget.withSenderAndEvent, for: [.valueChanged, .touchUpInside])
        knob.level = 3
        knob.sendActions(for: .valueChanged)
        flush()
        #expect(log.names == ["noArgument", "withSender level=3", "withSenderAndEvent level=3"])
        #expect(log.sender(1, is: knob))
        #expect(log.sender(2, is: knob))
        #expect(log.events[2] == nil, "sendActions passes a nil event (B5)")
        // Through a real tap the (sender, event) shape gets the touch event.
        log.clear()
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["withSenderAndEvent level=3"])
        #expect(log.touchViews == [[knob]])
        #expect(log.phases == [[.ended]])
        #expect(knob.actions(forTarget: target, forControlEvent: .valueChanged)
                == Array(repeating: ActionSelector.typedActionName, count: 3))
    }

    @Test func b13_typedEntriesAreNotMergedAndAreRemovedWithANilAction() {
        // Documented project behaviour: closures have no identity, so every typed
        // registration is its own entry; removeTarget(target, action: nil, …) removes them.
        let control = makeControl()
        let t = Recorder("t", log)
        control.addTarget(t, action: Recorder.typedNoArgument, for: .touchDown)
        control.addTarget(t, action: Recorder.typedNoArgument, for: .touchDown)
        control.addTarget(t, action: "named:", for: .touchDown)
        // A named selector spelled like the typed name does not reach typed entries.
        control.removeTarget(t, action: ActionSelector(ActionSelector.typedActionName), for: .touchDown)
        #expect(entryCount(control) == 3)
        control.sendActions(for: .touchDown)
        flush()
        #expect(log.names == ["t.typed()", "t.typed()", "t.named:"])
        control.removeTarget(t, action: nil, for: .touchDown)
        #expect(entryCount(control) == 0)
    }

    @Test(arguments: [ActionDelivery.batched, .immediate])
    func b13_namedActionMethodShapes(mode: ActionDelivery) {
        use(mode)
        defer { restoreDelivery() }
        let control = makeControl()
        let target = ShapedResponder(log)
        control.addTarget(target, action: "none", for: .touchUpInside)
        control.addTarget(target, action: "sender:", for: .touchUpInside)
        control.addTarget(target, action: "sender:event:", for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        flush()
        #expect(log.names == ["none", "sender:", "sender:event:"])
        #expect(log.sender(1, is: control))
        #expect(log.sender(2, is: control))
        #expect(log.events[2] == nil)
        log.clear()
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["none", "sender:", "sender:event:"])
        #expect(log.events[2] != nil)
        #expect(log.phases[2] == [.ended])
    }

    @Test func b13_namedActionToAPlainActionPerformingObject() {
        let control = makeControl()
        let target = PlainPerformer(log)
        control.addTarget(target, action: "go:", for: .touchUpInside)
        control.addTarget(target, action: "unknown:", for: .touchUpInside)
        window.simulateTap(at: inside)
        flush()
        #expect(log.names == ["plain.go:"])
    }
}

/// A responder that performs three named actions, one per ActionMethod shape (B13).
@MainActor
private final class ShapedResponder: UIResponder {
    let log: CallLog
    init(_ log: CallLog) {
        self.log = log
        super.init()
    }

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        switch action {
        case "none":
            return ActionMethod { self.log.record("none") }
        case "sender:":
            return ActionMethod { sender in self.log.record("sender:", sender: sender) }
        case "sender:event:":
            return ActionMethod { sender, event in self.log.record("sender:event:", sender: sender, event: event) }
        default:
            return super.actionMethod(for: action)
        }
    }
}

/// Not a responder: performs named actions by adopting ActionPerforming.
@MainActor
private final class PlainPerformer: ActionPerforming {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }

    func actionMethod(for action: ActionSelector) -> ActionMethod? {
        action == "go:" ? ActionMethod { self.log.record("plain.go:") } : nil
    }
}
