import Testing
import Foundation
@testable import SDLControlsCore

/// Rules E1–E4: the per-frame action queue and the immediate delivery mode.
@MainActor
struct ActionQueueTests {
    let window = makeTestWindow()

    nonisolated static let frameA = CGRect(x: 20, y: 100, width: 100, height: 40)
    nonisolated static let frameB = CGRect(x: 280, y: 100, width: 100, height: 40)
    nonisolated static let inA = CGPoint(x: 70, y: 120)
    nonisolated static let inB = CGPoint(x: 330, y: 120)

    private func makeControl(_ frame: CGRect = frameA) -> (TrackingProbeControl, EventLog) {
        let control = TrackingProbeControl(frame: frame)
        window.addSubview(control)
        return (control, attachedEventLog(control))
    }

    /// A plain object target that counts calls into a box the test keeps.
    final class CountingTarget: ActionPerforming {
        let box: Box
        init(_ box: Box) { self.box = box }
        final class Box { var calls = 0 }
        func actionMethod(for action: ActionSelector) -> ActionMethod? {
            ActionMethod { [box] in box.calls += 1 }
        }
    }

    /// Wires A's and B's valueChanged to send each other's valueChanged: an endless loop.
    private func makeMutualTriggers(_ a: UIControl, _ b: UIControl) -> (() -> Int, () -> Int) {
        var aRuns = 0
        var bRuns = 0
        a.addAction(UIAction(identifier: "ping") { _ in aRuns += 1; b.sendActions(for: .valueChanged) }, for: .valueChanged)
        b.addAction(UIAction(identifier: "pong") { _ in bRuns += 1; a.sendActions(for: .valueChanged) }, for: .valueChanged)
        return ({ aRuns }, { bRuns })
    }

    // MARK: E1 batched delivery

    @Test func e1_trackingStateChangesAtOnceActionsWaitForTheFlush() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (control, log) = makeControl()
        control.traceEvents()

        window.simulateTouchDown(at: Self.inA)
        #expect(control.trace == ["begin"], "beginTracking ran during input")
        #expect(control.isTracking && control.isHighlighted)
        #expect(log.names.isEmpty)
        #expect(app.pendingActionCount == 1)

        window.simulateTouchMove(to: CGPoint(x: 70, y: 390))
        #expect(!control.isHighlighted, "state follows the move at once")
        #expect(control.continueCount == 1)
        #expect(log.names.isEmpty)
        #expect(app.pendingActionCount == 3)

        window.simulateTouchUp(at: CGPoint(x: 70, y: 390))
        #expect(!control.isTracking)
        #expect(control.endCount == 1)
        #expect(app.hasPendingActions)

        #expect(flush() == 4)
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        #expect(control.trace == [
            "begin", "continue", "end",
            "event:touchDown", "event:dragExit", "event:dragOutside", "event:touchUpOutside",
        ])
        #expect(!app.hasPendingActions)
        #expect(app.pendingActionCount == 0)
        #expect(flush() == 0)
    }

    @Test func e1_oneFlushShowsTheResultOfATap() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (control, _) = makeControl()
        var taps = 0
        control.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        app.beginFrame()
        window.simulateTap(at: Self.inA)
        #expect(taps == 0)
        flush()
        #expect(taps == 1)
        #expect(!app.hasPendingActions)
    }

    @Test func e1_deliveriesFollowEventOrderAcrossControlsAndCarryTheFrame() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (a, _) = makeControl(Self.frameA)
        let (b, _) = makeControl(Self.frameB)
        var records: [(String, UIControl.Event, UInt64)] = []
        app.actionDeliveryObserver = { r in records.append((r.sender === a ? "A" : "B", r.controlEvents, r.frame)) }

        window.beginFrame()   // this window's frames (each window counts its own)
        let frame = window.frameNumber
        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: Self.inB, id: 2)
        window.simulateTouchUp(at: Self.inA, id: 1)
        b.sendActions(for: .valueChanged)                 // programmatic, in the middle
        window.simulateTouchUp(at: Self.inB, id: 2)
        flush()

        #expect(records.map(\.0) == ["A", "B", "A", "B", "B"])
        #expect(records.map(\.1) == [.touchDown, .touchDown, .touchUpInside, .valueChanged, .touchUpInside])
        #expect(records.allSatisfy { $0.2 == frame })
        expectSettled(a)
        expectSettled(b)
    }

    // MARK: E2 snapshots

    @Test func e2_queuedDeliveryHoldsTheEventAsItWas() throws {
        resetApplication(.batched); defer { resetApplication() }
        let (control, _) = makeControl()
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control, for: [.touchDown, .touchDragInside, .touchUpInside])

        window.simulateTouchDown(at: CGPoint(x: 70, y: 120), time: 1.0)
        window.simulateTouchMove(to: CGPoint(x: 80, y: 125), time: 1.1)
        window.simulateTouchUp(at: CGPoint(x: 90, y: 130), time: 1.2)
        let live = try #require(control.begunTouches.first)
        #expect(live.phase == .ended)
        flush()

        #expect(recorder.names == ["touchDown", "dragInside", "touchUpInside"])
        let events = recorder.records.map(\.event)
        let down = try #require(events[0]?.allTouches?.first)
        let drag = try #require(events[1]?.allTouches?.first)
        let up = try #require(events[2]?.allTouches?.first)

        #expect(events[0]?.timestamp == 1.0)
        #expect(down.phase == .began)
        #expect(down.location(in: nil) == CGPoint(x: 70, y: 120))
        #expect(down.timestamp == 1.0)

        #expect(events[1]?.timestamp == 1.1)
        #expect(drag.phase == .moved)
        #expect(drag.location(in: nil) == CGPoint(x: 80, y: 125))
        #expect(drag.previousLocation(in: nil) == CGPoint(x: 70, y: 120))
        #expect(drag.location(in: control) == CGPoint(x: 60, y: 25))

        #expect(events[2]?.timestamp == 1.2)
        #expect(up.phase == .ended)
        #expect(up.location(in: nil) == CGPoint(x: 90, y: 130))

        // Frozen copies, not the live objects; each remembers the live touch.
        #expect(down !== live && drag !== live && up !== live)
        #expect(down.original === live && up.original === live)
        #expect(down.view === control)
        #expect(down.tapCount == 1)
        #expect(events[0] !== events[1])
    }

    @Test func e2_targetReleasedBeforeTheFlushIsNotCalled() {
        resetApplication(.batched); defer { resetApplication() }
        let (control, log) = makeControl()
        let keptBox = CountingTarget.Box()
        let droppedBox = CountingTarget.Box()
        let kept = CountingTarget(keptBox)
        var dropped: CountingTarget? = CountingTarget(droppedBox)
        weak let weakDropped = dropped
        control.addTarget(kept, action: "kept", for: .touchUpInside)
        control.addTarget(dropped, action: "dropped", for: .touchUpInside)

        window.simulateTap(at: Self.inA)
        dropped = nil
        #expect(weakDropped == nil, "the queue does not keep the target alive")
        flush()

        #expect(droppedBox.calls == 0)
        #expect(keptBox.calls == 1)
        #expect(log.names == ["touchDown", "touchUpInside"])
        withExtendedLifetime(kept) {}
    }

    @Test func e2_entriesAreTheOnesMatchedWhenTheEventHappened() {
        resetApplication(.batched); defer { resetApplication() }
        let (control, _) = makeControl()
        let earlyBox = CountingTarget.Box()
        let lateBox = CountingTarget.Box()
        let early = CountingTarget(earlyBox)
        let late = CountingTarget(lateBox)
        control.addTarget(early, action: "early", for: .touchUpInside)

        window.simulateTap(at: Self.inA)
        control.removeTarget(early, action: nil, for: .allEvents)    // after the event, before the flush
        control.addTarget(late, action: "late", for: .touchUpInside)
        flush()

        #expect(earlyBox.calls == 1, "matched when the tap happened")
        #expect(lateBox.calls == 0, "added after the tap")
        window.simulateTap(at: Self.inA)
        flush()
        #expect(earlyBox.calls == 1)
        #expect(lateBox.calls == 1)
        withExtendedLifetime((early, late)) {}
    }

    // MARK: E3 flush rules

    @Test func e3_actionsQueuedDuringTheFlushRunInTheSameFlushAfterTheRest() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (a, logA) = makeControl(Self.frameA)
        let (b, logB) = makeControl(Self.frameB)
        var order: [String] = []
        app.actionDeliveryObserver = { r in order.append((r.sender === a ? "A" : "B") + ".\(r.controlEvents.rawValue)") }
        a.addAction(UIAction { _ in b.sendActions(for: .valueChanged) }, for: .touchDown)

        window.simulateTap(at: Self.inA)
        #expect(app.pendingActionCount == 2)
        #expect(flush() == 3)

        #expect(logA.names == ["touchDown", "touchUpInside"])
        #expect(logB.names == ["valueChanged"])
        #expect(order == ["A.1", "A.64", "B.4096"], "B's valueChanged after A's already-queued touchUpInside")
        #expect(!app.hasPendingActions)
    }

    @Test func e3_mutualTriggersStopAtTheFlushLimitAndCarryOn() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (a, _) = makeControl(Self.frameA)
        let (b, _) = makeControl(Self.frameB)
        let (aRuns, bRuns) = makeMutualTriggers(a, b)
        app.maximumDeliveriesPerFlush = 10

        // One dispatch queued before the flush (always delivered, project choice) plus at
        // most 10 queued during it.
        a.sendActions(for: .valueChanged)
        #expect(flush() == 1 + 10)
        #expect(aRuns() + bRuns() == 11)
        #expect(aRuns() == 6 && bRuns() == 5, "alternating, A first")
        #expect(app.pendingActionCount == 1, "the rest waits for the next frame")
        #expect(flush() == 1 + 10)
        #expect(aRuns() + bRuns() == 22)
        #expect(app.pendingActionCount == 1)

        // Breaking the loop drains the queue (a queued dispatch still holds the entries it
        // matched, so the loop runs out within a round).
        a.removeAction(identifiedBy: "ping", for: .valueChanged)
        #expect(flush() <= 3)
        #expect(!app.hasPendingActions)
        #expect(flush() == 0)
    }

    @Test func e3_mutualTriggersStartedByATapDoNotHangTheFrame() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (a, logA) = makeControl(Self.frameA)
        let (b, _) = makeControl(Self.frameB)
        _ = makeMutualTriggers(a, b)
        a.addAction(UIAction { _ in a.sendActions(for: .valueChanged) }, for: .touchUpInside)
        app.maximumDeliveriesPerFlush = 50

        window.simulateTap(at: Self.inA)
        #expect(flush() == 2 + 50, "the tap's two dispatches, then 50 queued by actions")
        #expect(app.hasPendingActions)
        #expect(logA.names.prefix(3) == ["touchDown", "touchUpInside", "valueChanged"])
        expectSettled(a)
        app.discardPendingActions()
        #expect(!app.hasPendingActions)
    }

    @Test func e3_inputQueuedBeforeTheFlushIsDeliveredInFull() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (_, log) = makeControl()
        app.maximumDeliveriesPerFlush = 1
        for i in 0..<5 { window.simulateTap(at: Self.inA, time: Double(i)) }
        #expect(app.pendingActionCount == 10)
        #expect(flush() == 10)
        #expect(log.names.count == 10)
    }

    @Test func e3_nestedFlushInsideAnActionDoesNothing() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (a, _) = makeControl(Self.frameA)
        let (b, _) = makeControl(Self.frameB)
        var order: [String] = []
        var nestedResult: Int?
        a.addAction(UIAction { _ in
            order.append("A.touchDown")
            b.sendActions(for: .valueChanged)
            nestedResult = UIApplication.shared.deliverPendingActions()
            order.append("A.touchDown done")
        }, for: .touchDown)
        a.addAction(UIAction { _ in order.append("A.touchUpInside") }, for: .touchUpInside)
        b.addAction(UIAction { _ in order.append("B.valueChanged") }, for: .valueChanged)

        window.simulateTap(at: Self.inA)
        #expect(flush() == 3)
        #expect(nestedResult == 0)
        #expect(order == ["A.touchDown", "A.touchDown done", "A.touchUpInside", "B.valueChanged"])
        #expect(!app.hasPendingActions)
    }

    @Test func e3_discardDropsQueuedActions() {
        let app = resetApplication(.batched); defer { resetApplication() }
        let (_, log) = makeControl()
        window.simulateTap(at: Self.inA)
        #expect(app.pendingActionCount == 2)
        app.discardPendingActions()
        #expect(flush() == 0)
        #expect(log.names.isEmpty)
    }

    // MARK: E4 immediate delivery

    @Test func e4_immediateActionsRunInsideEventHandling() {
        let app = resetApplication(.immediate); defer { resetApplication() }
        let (control, log) = makeControl()
        control.traceEvents()
        var liveTouchAtDown: UITouch?
        var phaseAtDown: UITouch.Phase?
        control.addAction(UIAction { _ in
            #expect(control.isTracking)
            #expect(control.isHighlighted)
        }, for: .touchDown)
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control, for: .touchDown)

        window.simulateTouchDown(at: Self.inA)
        #expect(log.names == ["touchDown"], "ran before simulateTouchDown returned")
        #expect(!app.hasPendingActions)
        if case let event?? = recorder.event(of: "touchDown") {
            liveTouchAtDown = event.allTouches?.first
            phaseAtDown = liveTouchAtDown?.phase
        }
        #expect(phaseAtDown == .began)
        #expect(liveTouchAtDown === control.begunTouches.first, "immediate actions get the live event")

        window.simulateTouchMove(to: CGPoint(x: 70, y: 390))
        #expect(log.names == ["touchDown", "dragExit", "dragOutside"])
        window.simulateTouchUp(at: CGPoint(x: 70, y: 390))
        #expect(control.trace == [
            "begin", "event:touchDown", "continue", "event:dragExit", "event:dragOutside", "end", "event:touchUpOutside",
        ])
        #expect(flush() == 0)
        expectSettled(control)
    }

    @Test func e4_immediateMutualTriggersAreCutAtTheNestingLimit() {
        let app = resetApplication(.immediate); defer { resetApplication() }
        let (a, _) = makeControl(Self.frameA)
        let (b, _) = makeControl(Self.frameB)
        let (aRuns, bRuns) = makeMutualTriggers(a, b)
        #expect(app.maximumImmediateNesting == 32)

        a.sendActions(for: .valueChanged)     // would recurse forever without the limit
        #expect(aRuns() + bRuns() == 32)
        #expect(app.pendingActionCount == 1, "the delivery past the limit is queued")

        // A flush delivers the queued one, which again nests up to the limit and queues one
        // more; with maximumDeliveriesPerFlush 1 the flush delivers that one too, then stops.
        app.maximumDeliveriesPerFlush = 1
        #expect(flush() == 1 + 1)
        #expect(aRuns() + bRuns() == 32 + 2 * (1 + 32))
        #expect(app.pendingActionCount == 1)
        app.discardPendingActions()
    }

    @Test func e4_deepNestingLimitDoesNotOverflowTheStack() {
        let app = resetApplication(.immediate); defer { resetApplication() }
        let (a, _) = makeControl(Self.frameA)
        let (b, _) = makeControl(Self.frameB)
        let (aRuns, bRuns) = makeMutualTriggers(a, b)
        app.maximumImmediateNesting = 200
        a.sendActions(for: .valueChanged)
        #expect(aRuns() + bRuns() == 200)
        #expect(app.pendingActionCount == 1)
        app.discardPendingActions()
    }

    @Test func e4_deliveryQueuedPastTheNestingLimitHoldsAnEventSnapshot() throws {
        let app = resetApplication(.immediate); defer { resetApplication() }
        app.maximumImmediateNesting = 0                 // every delivery is queued
        let (control, log) = makeControl()
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control, for: [.touchDown, .touchUpInside])

        window.simulateTouchDown(at: Self.inA, time: 3.0)
        window.simulateTouchUp(at: CGPoint(x: 75, y: 121), time: 3.5)
        #expect(log.names.isEmpty)
        #expect(app.pendingActionCount == 2, "one queued dispatch per event")
        flush()

        #expect(recorder.names == ["touchDown", "touchUpInside"])
        let down = try #require(recorder.records[0].event)
        #expect(down.timestamp == 3.0)
        #expect(down.allTouches?.first?.phase == .began, "as it was at touch down, not as it is at the flush")
        #expect(down.allTouches?.first?.location(in: nil) == Self.inA)
        let up = try #require(recorder.records[1].event)
        #expect(up.allTouches?.first?.phase == .ended)
    }

    @Test func e4_immediateActionRemovingItsTargetsStopsLaterEventsOfTheSameTouch() {
        resetApplication(.immediate); defer { resetApplication() }
        let (control, log) = makeControl()
        let box = CountingTarget.Box()
        let target = CountingTarget(box)
        control.addTarget(target, action: "up", for: .touchUpInside)
        control.addAction(UIAction { _ in control.removeTarget(target, action: nil, for: .allEvents) }, for: .touchDown)

        window.simulateTap(at: Self.inA)
        #expect(box.calls == 0)
        #expect(log.names == ["touchDown", "touchUpInside"])
        withExtendedLifetime(target) {}
    }
}
