import Testing
import Foundation
@testable import SDLControlsCore

// Shared probes for the tracking, touch-routing, action-queue and bad-input tests.

/// Puts `UIApplication.shared` back to ``makeTestWindow()``'s defaults and selects `delivery`.
///
/// Call it at the start of a test body and again in a `defer`. Swift Testing runs tests in
/// parallel and may run several suites' `init`s (where `makeTestWindow()` resets the
/// application) before their bodies, so a body can otherwise see another test's settings.
/// Test bodies here are synchronous, so nothing interleaves with a body once it runs.
@MainActor
@discardableResult
func resetApplication(_ delivery: ActionDelivery = .batched) -> UIApplication {
    let app = UIApplication.shared
    app.actionDelivery = delivery
    app.discardPendingActions()
    app.actionDeliveryObserver = nil
    app.maximumDeliveriesPerFlush = 10_000
    app.maximumImmediateNesting = 32
    app.delegate = nil
    app.userInterfaceLayoutDirection = .leftToRight
    return app
}

/// A control that records its tracking hooks, lets a test choose their answers and run code
/// inside them, and can check the invariant that every tracked touch ended in exactly one of
/// `endTracking` or `cancelTracking`.
@MainActor
class TrackingProbeControl: UIControl {
    /// Hook calls and (after ``traceEvents()``) delivered events, in order: "begin",
    /// "begin(false)", "continue", "continue(false)", "end", "cancel", "event:touchDown"…
    var trace: [String] = []
    private(set) var beginCount = 0
    private(set) var continueCount = 0
    private(set) var endCount = 0
    private(set) var cancelCount = 0
    /// Calls of `beginTracking` that answered true.
    private(set) var trackedCount = 0
    /// The event each `cancelTracking` call received.
    private(set) var cancelEvents: [UIEvent?] = []
    /// For each `cancelTracking` call: the phases of the event's touches at that moment.
    private(set) var cancelEventPhases: [[UITouch.Phase]] = []
    /// `isTracking` as seen inside each `endTracking` call.
    private(set) var isTrackingDuringEnd: [Bool] = []
    /// The touches given to `beginTracking`, and their tapCount at that moment.
    private(set) var begunTouches: [UITouch] = []
    private(set) var begunTapCounts: [Int] = []
    /// Every touch's location in this control as `continueTracking` saw it.
    private(set) var continueLocations: [CGPoint] = []
    /// Touches delivered to `touchesBegan` (tracked or not).
    private(set) var touchesBeganCount = 0

    /// Keeps an object (an `EventLog`, whose actions hold it unowned) alive as long as the control.
    var keepAlive: [AnyObject] = []

    var beginResult = true
    /// The answer of `continueTracking`, given the 1-based number of the call.
    var continueResult: (Int) -> Bool = { _ in true }
    var callsSuperOnCancel = true
    var onBegin: (() -> Void)?
    var onContinue: (() -> Void)?
    var onEnd: (() -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        touchesBeganCount += touches.count
        super.touchesBegan(touches, with: event)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginCount += 1
        begunTouches.append(touch)
        begunTapCounts.append(touch.tapCount)
        onBegin?()
        if beginResult { trackedCount += 1 }
        trace.append(beginResult ? "begin" : "begin(false)")
        return beginResult
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continueCount += 1
        continueLocations.append(touch.location(in: self))
        onContinue?()
        let result = continueResult(continueCount)
        trace.append(result ? "continue" : "continue(false)")
        return result
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        endCount += 1
        isTrackingDuringEnd.append(isTracking)
        trace.append("end")
        onEnd?()
        super.endTracking(touch, with: event)
    }

    override func cancelTracking(with event: UIEvent?) {
        cancelCount += 1
        cancelEvents.append(event)
        cancelEventPhases.append(event?.allTouches?.map(\.phase) ?? [])
        trace.append("cancel")
        if callsSuperOnCancel { super.cancelTracking(with: event) }
    }

    /// Adds `UIAction`s that append "event:<name>" to ``trace`` when each event is delivered.
    func traceEvents() {
        for (event, name) in EventLog.eventNames {
            addAction(UIAction(identifier: .init("trace-\(name)")) { [unowned self] _ in
                self.trace.append("event:\(name)")
            }, for: event)
        }
    }

    /// Whether the hook calls form whole life cycles: every accepted `beginTracking` is
    /// followed by exactly one `endTracking` or `cancelTracking` before the next begin, and
    /// no end or cancel happens without an open one.
    var lifeCyclesAreWellFormed: Bool {
        var open = false
        for entry in trace {
            switch entry {
            case "begin":
                if open { return false }
                open = true
            case "end", "cancel":
                if !open { return false }
                open = false
            default:
                break
            }
        }
        return !open
    }
}

/// An `EventLog` for `control` that lives as long as the control, so events delivered after
/// a test dropped its reference to the log cannot reach a destroyed log.
@MainActor
func attachedEventLog(_ control: TrackingProbeControl) -> EventLog {
    let log = EventLog(control)
    control.keepAlive.append(log)
    return log
}

/// Checks the tracking invariant on `control`: every tracked touch ended in exactly one of
/// `endTracking` or `cancelTracking`, and nothing is left tracking, highlighted or inside.
@MainActor
func expectSettled(_ control: TrackingProbeControl, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(control.endCount + control.cancelCount == control.trackedCount,
            "each tracked touch ends exactly once (tracked \(control.trackedCount), ended \(control.endCount), cancelled \(control.cancelCount))",
            sourceLocation: sourceLocation)
    #expect(control.lifeCyclesAreWellFormed, "hook order: \(control.trace)", sourceLocation: sourceLocation)
    #expect(!control.isTracking, "left tracking", sourceLocation: sourceLocation)
    #expect(!control.isHighlighted, "left highlighted", sourceLocation: sourceLocation)
    #expect(!control.isTouchInside, "left touch-inside", sourceLocation: sourceLocation)
}

/// A plain view that records the touches it is given. It does not pass them on.
@MainActor
final class TouchProbeView: UIView {
    private(set) var began: [UITouch] = []
    private(set) var moved: [UITouch] = []
    private(set) var ended: [UITouch] = []
    private(set) var cancelled: [UITouch] = []
    /// For each `touchesBegan`: the event's touches at that moment (the event is reused).
    private(set) var allTouchesAtBegan: [Set<UITouch>] = []
    private(set) var eventsAtBegan: [UIEvent?] = []
    var onBegan: ((UITouch, UIEvent?) -> Void)?
    var onEnded: ((UITouch, UIEvent?) -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        began.append(contentsOf: touches)
        allTouchesAtBegan.append(event?.allTouches ?? [])
        eventsAtBegan.append(event)
        for t in touches { onBegan?(t, event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        moved.append(contentsOf: touches)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        ended.append(contentsOf: touches)
        for t in touches { onEnded?(t, event) }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        cancelled.append(contentsOf: touches)
    }
}

/// A target for named actions that records, per delivered dispatch, the event name, the
/// event object the action received and the sender.
@MainActor
final class ProbeEventRecorder: ActionPerforming {
    struct Record {
        let name: String
        let event: UIEvent?
        let sender: UIControl?
    }

    private(set) var records: [Record] = []
    var names: [String] { records.map(\.name) }

    /// Registers a named action for each touch event (and the other events in
    /// `EventLog.eventNames` that `events` contains).
    func attach(to control: UIControl, for events: UIControl.Event = .allEvents) {
        for (event, name) in EventLog.eventNames where events.contains(event) {
            control.addTarget(self, action: ActionSelector(name), for: event)
        }
    }

    /// The event delivered with the first dispatch named `name`; `.none` when there was none.
    func event(of name: String) -> UIEvent?? {
        guard let record = records.first(where: { $0.name == name }) else { return .none }
        return .some(record.event)
    }

    func actionMethod(for action: ActionSelector) -> ActionMethod? {
        let name = action.name
        return ActionMethod { [unowned self] (sender: Any?, event: UIEvent?) in
            self.records.append(Record(name: name, event: event, sender: sender as? UIControl))
        }
    }
}
