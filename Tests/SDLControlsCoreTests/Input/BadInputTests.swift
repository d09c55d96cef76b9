import Testing
import Foundation
@testable import SDLControlsCore

/// Bad samples and hostile actions. Whatever happens, the invariant holds: every tracked
/// touch ends in exactly one of endTracking or cancelTracking, nothing is left tracking or
/// highlighted, and nothing crashes (see the list at the top of UIWindow+TouchRouting.swift).
@MainActor
struct BadInputTests {
    let window = makeTestWindow()

    /// The control under test: x 100…200, y 100…140; slop x 30…270, y 30…210.
    nonisolated static let frame = CGRect(x: 100, y: 100, width: 100, height: 40)
    nonisolated static let center = CGPoint(x: 150, y: 120)
    nonisolated static let outside = CGPoint(x: 150, y: 350)
    nonisolated static let modes: [ActionDelivery] = [.batched, .immediate]

    private func makeControl(in parent: UIView? = nil) -> (TrackingProbeControl, EventLog) {
        let control = TrackingProbeControl(frame: Self.frame)
        (parent ?? window).addSubview(control)
        return (control, attachedEventLog(control))
    }

    private func sample(_ phase: UITouch.Phase, _ point: CGPoint, id: Int64 = 0, at time: TimeInterval) -> TouchSample {
        TouchSample(id: id, phase: phase, location: point, timestamp: time)
    }

    // MARK: Non-finite coordinates and timestamps

    nonisolated static let badPoints: [CGPoint] = [
        CGPoint(x: CGFloat.nan, y: 120), CGPoint(x: 150, y: CGFloat.nan), CGPoint(x: CGFloat.infinity, y: 120),
        CGPoint(x: 150, y: -CGFloat.infinity), CGPoint(x: CGFloat.nan, y: CGFloat.infinity),
    ]

    @Test(arguments: badPoints)
    func bad_nonFiniteLocationOnBeganIsDropped(_ point: CGPoint) {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(sample(.began, point, at: 1))
        #expect(window.activeTouchCount == 0)
        #expect(control.touchesBeganCount == 0)
        // The id never began, so its later samples are ignored too.
        window.send(sample(.moved, Self.center, at: 1.1))
        window.send(sample(.ended, Self.center, at: 1.2))
        flush()
        #expect(log.names.isEmpty)
        #expect(control.beginCount == 0)
        expectSettled(control)
    }

    @Test(arguments: badPoints)
    func bad_nonFiniteLocationOnMoveIsDropped(_ point: CGPoint) {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(sample(.began, Self.center, at: 1))
        window.send(sample(.moved, point, at: 1.1))
        #expect(control.continueCount == 0)
        #expect(control.isTracking && control.isHighlighted && control.isTouchInside)
        window.send(sample(.moved, CGPoint(x: 160, y: 125), at: 1.2))
        window.send(sample(.ended, CGPoint(x: 160, y: 125), at: 1.3))
        flush()
        #expect(log.names == ["touchDown", "dragInside", "touchUpInside"])
        #expect(control.continueLocations == [CGPoint(x: 60, y: 25)])
        expectSettled(control)
    }

    @Test(arguments: badPoints)
    func bad_nonFiniteLocationOnEndKeepsTheLastGoodLocation(_ point: CGPoint) {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        // Last good location outside: the lift counts as outside.
        window.send(sample(.began, Self.center, at: 1))
        window.send(sample(.moved, Self.outside, at: 1.1))
        window.send(sample(.ended, point, at: 1.2))
        // Last good location inside: the lift counts as inside.
        window.send(sample(.began, Self.center, id: 1, at: 2))
        window.send(sample(.ended, point, id: 1, at: 2.1))
        flush()
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside", "touchDown", "touchUpInside"])
        #expect(control.begunTouches.first?.location(in: nil) == Self.outside)
        #expect(window.activeTouchCount == 0)
        expectSettled(control)
    }

    @Test func bad_nonFiniteTimestampsReuseTheLastGoodOne() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control)
        window.send(sample(.began, Self.center, at: 5))
        let touch = control.begunTouches.first
        window.send(sample(.moved, CGPoint(x: 155, y: 120), at: .nan))
        #expect(touch?.timestamp == 5)
        window.send(sample(.moved, CGPoint(x: 160, y: 120), at: 6))
        window.send(sample(.ended, CGPoint(x: 160, y: 120), at: .infinity))
        #expect(touch?.timestamp == 6)
        window.send(sample(.began, Self.center, at: -.infinity))
        #expect(control.begunTouches.last?.timestamp == 6)
        #expect(control.begunTapCounts == [1, 2], "a tap 0 s after the last lift")
        window.send(sample(.ended, Self.center, at: .nan))
        flush()
        #expect(recorder.records.allSatisfy { $0.event.map { $0.timestamp.isFinite } ?? false })
        #expect(log.names == ["touchDown", "dragInside", "dragInside", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside"])
        expectSettled(control)
    }

    @Test func bad_hugeCoordinatesHitNothingAndEndCleanly() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(sample(.began, CGPoint(x: 1e300, y: -1e300), at: 1))
        #expect(window.activeTouchCount == 1, "remembered, taken by no view")
        window.send(sample(.moved, Self.center, at: 1.1))
        window.send(sample(.ended, Self.center, at: 1.2))
        #expect(window.activeTouchCount == 0)
        window.send(sample(.began, Self.center, at: 2))
        window.send(sample(.moved, CGPoint(x: CGFloat.greatestFiniteMagnitude, y: 0), at: 2.1))
        window.send(sample(.ended, CGPoint(x: CGFloat.greatestFiniteMagnitude, y: 0), at: 2.2))
        flush()
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        expectSettled(control)
    }

    // MARK: Samples out of sequence

    @Test func bad_samplesForAnIdNeverBegunAreIgnored() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(sample(.ended, Self.center, id: 99, at: 1))
        window.send(sample(.moved, Self.center, id: 98, at: 1))
        window.send(sample(.cancelled, Self.center, id: 97, at: 1))
        #expect(window.activeTouchCount == 0)

        // Also while another contact is tracking: a stray end for another id doesn't end it.
        window.send(sample(.began, Self.center, id: 1, at: 2))
        window.send(sample(.ended, Self.center, id: 2, at: 2.1))
        window.send(sample(.cancelled, Self.center, id: 3, at: 2.1))
        #expect(control.isTracking)
        window.send(sample(.ended, Self.center, id: 1, at: 2.2))
        // Ended twice: the second is for an id no longer down.
        window.send(sample(.ended, Self.center, id: 1, at: 2.3))
        flush()
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(control.endCount == 1)
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_beganForAnIdAlreadyDownCancelsTheOldTouchFirst(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (a, logA) = makeControl()
        let b = TrackingProbeControl(frame: CGRect(x: 100, y: 300, width: 100, height: 40))
        window.addSubview(b)
        let logB = attachedEventLog(b)

        window.send(sample(.began, Self.center, id: 5, at: 1))
        window.send(sample(.began, CGPoint(x: 150, y: 320), id: 5, at: 1.1))   // lost its end
        #expect(a.cancelCount == 1)
        #expect((a.cancelEvents.first ?? nil) != nil, "cancelled like a system cancel, with the event")
        #expect(a.begunTouches.first?.phase == .cancelled)
        #expect(b.isTracking)
        #expect(window.activeTouchCount == 1)
        window.send(sample(.ended, CGPoint(x: 150, y: 320), id: 5, at: 1.2))
        flush()

        #expect(logA.names == ["touchDown", "touchCancel"])
        #expect(logB.names == ["touchDown", "touchUpInside"])
        expectSettled(a)
        expectSettled(b)
    }

    @Test(arguments: modes)
    func bad_beganAgainOnTheSameControlRestartsTracking(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(sample(.began, Self.center, at: 1))
        window.send(sample(.began, Self.center, at: 1.1))
        window.send(sample(.began, Self.center, at: 1.2))
        #expect(control.isTracking)
        #expect(control.begunTouches.count == 3)
        window.send(sample(.ended, Self.center, at: 1.3))
        flush()
        #expect(log.names == ["touchDown", "touchCancel", "touchDown", "touchCancel", "touchDown", "touchUpInside"])
        #expect(control.cancelCount == 2 && control.endCount == 1)
        expectSettled(control)
    }

    @Test func bad_stationarySamplesAreIgnored() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(sample(.stationary, Self.center, at: 1))
        #expect(window.activeTouchCount == 0)
        window.send(sample(.began, Self.center, at: 2))
        window.send(sample(.stationary, Self.outside, at: 2.1))
        #expect(control.continueCount == 0)
        #expect(control.isTouchInside)
        window.send(sample(.ended, Self.center, at: 2.2))
        flush()
        #expect(log.names == ["touchDown", "touchUpInside"])
        expectSettled(control)
    }

    // MARK: Views and windows going away

    @Test(arguments: modes)
    func bad_viewRemovedMidTouch(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: Self.outside)
        control.removeFromSuperview()
        window.simulateTouchMove(to: Self.center)
        window.simulateTouchUp(at: Self.center)
        window.cancelAllTouches()
        flush()
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchCancel"])
        #expect(control.cancelCount == 1)
        expectSettled(control)

        // Put back, it works again.
        window.addSubview(control)
        window.simulateTap(at: Self.center)
        flush()
        #expect(log.names.suffix(2) == ["touchDown", "touchUpInside"])
        expectSettled(control)
    }

    @Test func bad_plainViewRemovingItselfWhenTouchEndsGetsNoCancel() {
        resetApplication(); defer { resetApplication() }
        let view = TouchProbeView(frame: window.bounds)
        window.addSubview(view)
        view.onEnded = { [unowned view] _, _ in view.removeFromSuperview() }
        window.simulateTap(at: Self.center)
        #expect(view.ended.count == 1)
        #expect(view.cancelled.isEmpty, "a touch gets one last phase, not ended and cancelled")
        #expect(view.began.first?.phase == .ended)
        #expect(window.activeTouchCount == 0)
    }

    @Test func bad_plainViewCancellingAllTouchesWhenTouchEndsGetsNoCancel() {
        resetApplication(); defer { resetApplication() }
        let view = TouchProbeView(frame: window.bounds)
        window.addSubview(view)
        view.onEnded = { [window] _, _ in window.cancelAllTouches() }
        window.simulateTap(at: Self.center)
        #expect(view.ended.count == 1)
        #expect(view.cancelled.isEmpty)
        #expect(window.activeTouchCount == 0)
    }

    @Test(arguments: modes)
    func bad_windowReleasedMidTouchCancelsTracking(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication(); window.makeKey() }
        var other: UIWindow? = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        other?.makeKeyAndVisible()
        let control = TrackingProbeControl(frame: Self.frame)
        other?.addSubview(control)
        let log = attachedEventLog(control)
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control, for: .touchCancel)

        other?.simulateTouchDown(at: Self.center, id: 1)
        other?.simulateTouchMove(to: CGPoint(x: 160, y: 125), id: 1)
        #expect(control.isTracking)
        weak let released = other
        other = nil
        #expect(released == nil, "nothing keeps the window alive")

        #expect(control.cancelCount == 1)
        #expect(control.cancelEvents.first.flatMap { $0 } == nil, "as for a view leaving its window (C8)")
        #expect(control.window == nil)
        #expect(control.superview == nil, "the freed window let go of its subviews (no reference to freed memory)")
        flush()
        #expect(log.names == ["touchDown", "dragInside", "touchCancel"])
        #expect(recorder.event(of: "touchCancel") != nil)
        expectSettled(control)
    }

    // MARK: Actions that change the control under the touch

    @Test(arguments: modes)
    func bad_actionRemovesItsOwnControlOnTouchDown(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.removeFromSuperview() }, for: .touchDown)
        window.simulateTouchDown(at: Self.center)
        flush()
        window.simulateTouchMove(to: Self.outside)
        window.simulateTouchUp(at: Self.outside)
        flush()
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(control.window == nil)
        #expect(control.cancelCount == 1 && control.endCount == 0)
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionRemovesItsOwnControlOnDragExit(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.removeFromSuperview() }, for: .touchDragExit)
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: Self.outside)
        window.simulateTouchUp(at: Self.outside)
        flush()
        if mode == .immediate {
            // Tracking was cancelled inside the exit dispatch: nothing more for that move.
            #expect(log.names == ["touchDown", "dragExit", "touchCancel"])
        } else {
            // Batched: the move's events were queued before the exit action ran.
            #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        }
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionRemovesItsOwnControlOnDragEnterAtLift(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.removeFromSuperview() }, for: .touchDragEnter)
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: Self.outside)
        window.simulateTouchUp(at: Self.center)       // enter is sent at the lift
        flush()
        // The touch is already ending when the control leaves (immediate mode) or has ended
        // (batched): it ends normally, once, and is not also cancelled.
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "dragEnter", "touchUpInside"])
        #expect(control.endCount == 1 && control.cancelCount == 0)
        #expect(control.window == nil)
        expectSettled(control)
    }

    @Test func bad_immediateActionCancellingTrackingAtTheLiftIsNotAlsoEnded() {
        resetApplication(.immediate); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.cancelTracking(with: nil) }, for: .touchDragEnter)
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: Self.outside)
        window.simulateTouchUp(at: Self.center)
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "dragEnter", "touchCancel"])
        #expect(control.cancelCount == 1)
        #expect(control.endCount == 0, "cancelled, so not also ended")
        expectSettled(control)
    }

    @Test func bad_immediateActionCancellingTrackingOnAMoveStopsThatMove() {
        resetApplication(.immediate); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.cancelTracking(with: nil) }, for: .touchDragExit)
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: Self.outside)
        window.simulateTouchUp(at: Self.outside)
        #expect(log.names == ["touchDown", "dragExit", "touchCancel"])
        #expect(control.cancelCount == 1 && control.endCount == 0)
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionRemovesItsOwnControlOnTouchUpInside(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.removeFromSuperview() }, for: .touchUpInside)
        window.simulateTap(at: Self.center)
        flush()
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(control.endCount == 1 && control.cancelCount == 0)
        #expect(control.window == nil)
        #expect(window.activeTouchCount == 0)
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionCancellingEveryTouchOnADoubleTapsTouchDown(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTap(at: Self.center, time: 1.0)
        flush()
        control.addAction(UIAction(identifier: "cancel") { [window] _ in window.cancelAllTouches() }, for: .touchDown)
        window.simulateTouchDown(at: Self.center, time: 1.2)
        flush()
        window.simulateTouchUp(at: Self.center, time: 1.25)
        flush()
        if mode == .immediate {
            // Cancelled inside the touchDown dispatch: no touchDownRepeat after the cancel.
            #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "touchCancel"])
        } else {
            #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchCancel"])
        }
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionAddsAndRemovesTargets(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        var calls: [String] = []
        let old = UIAction(identifier: "old") { _ in calls.append("old") }
        let new = UIAction(identifier: "new") { _ in calls.append("new") }
        let lateDown = UIAction(identifier: "lateDown") { _ in calls.append("lateDown") }
        control.addAction(old, for: .touchUpInside)
        control.addAction(UIAction(identifier: "swap") { _ in
            calls.append("swap")
            control.removeAction(old, for: .touchUpInside)
            control.addAction(new, for: .touchUpInside)
            control.addAction(lateDown, for: .touchDown)    // not part of this dispatch (B6)
        }, for: .touchDown)

        window.simulateTouchDown(at: Self.center, time: 1)
        flush()
        window.simulateTouchUp(at: Self.center, time: 1.1)
        flush()
        #expect(calls == ["swap", "new"])
        #expect(log.names == ["touchDown", "touchUpInside"])
        expectSettled(control)

        // Removing everything from inside an action.
        control.addAction(UIAction(identifier: "wipe") { _ in
            control.removeTarget(nil, action: nil, for: .allEvents)
        }, for: .touchDown)
        window.simulateTouchDown(at: Self.center, time: 5)     // not a double tap
        flush()
        window.simulateTouchUp(at: Self.center, time: 5.1)
        flush()
        #expect(control.allControlEvents.isEmpty)
        #expect(calls == ["swap", "new", "swap", "lateDown"], "the whole matched dispatch runs, then nothing is left")
        #expect(log.names == ["touchDown", "touchUpInside", "touchDown"], "nothing registered is left for the touch-up")
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionReentersSendActions(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.addAction(UIAction { _ in control.sendActions(for: .valueChanged) }, for: .touchDown)
        window.simulateTap(at: Self.center)
        flush()
        if mode == .immediate {
            #expect(log.names == ["touchDown", "valueChanged", "touchUpInside"], "nested, at once")
        } else {
            #expect(log.names == ["touchDown", "touchUpInside", "valueChanged"], "queued after what was waiting (E3)")
        }
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_actionResendingItsOwnEventIsBounded(_ mode: ActionDelivery) {
        let app = resetApplication(mode); defer { resetApplication() }
        app.maximumDeliveriesPerFlush = 20
        app.maximumImmediateNesting = 20
        let (control, _) = makeControl()
        var runs = 0
        control.addAction(UIAction { _ in
            runs += 1
            control.sendActions(for: .touchUpInside)
        }, for: .touchUpInside)
        window.simulateTap(at: Self.center)
        flush()
        #expect(runs > 0)
        #expect(runs < 1_000, "bounded by the flush and nesting limits")
        #expect(app.hasPendingActions, "the rest waits for later frames")
        expectSettled(control)
        app.discardPendingActions()
    }

    @Test(arguments: modes)
    func bad_twoControlsWhoseActionsTriggerEachOther(_ mode: ActionDelivery) {
        let app = resetApplication(mode); defer { resetApplication() }
        app.maximumDeliveriesPerFlush = 30
        let (a, logA) = makeControl()
        let b = TrackingProbeControl(frame: CGRect(x: 100, y: 300, width: 100, height: 40))
        window.addSubview(b)
        var runs = 0
        a.addAction(UIAction { _ in runs += 1; b.sendActions(for: .touchUpInside) }, for: .touchUpInside)
        b.addAction(UIAction { _ in runs += 1; a.sendActions(for: .touchUpInside) }, for: .touchUpInside)

        window.simulateTap(at: Self.center)
        flush()
        flush()
        #expect(runs > 0)
        #expect(runs < 5_000, "bounded per frame")
        #expect(app.hasPendingActions)
        #expect(logA.names.prefix(2) == ["touchDown", "touchUpInside"])
        expectSettled(a)
        expectSettled(b)
        app.discardPendingActions()
    }

    // MARK: Tracking hooks that remove the control

    @Test(arguments: modes)
    func bad_beginTrackingThatRemovesTheControlLeavesItNotTracking(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.onBegin = { control.removeFromSuperview() }
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchUp(at: Self.center)
        flush()
        #expect(control.cancelCount == 1, "the accepted touch is closed")
        #expect(log.names.isEmpty, "no touchDown was sent, so no touchCancel either")
        expectSettled(control)

        // Not stuck: back in the window, it tracks again.
        control.onBegin = nil
        window.addSubview(control)
        window.simulateTap(at: Self.center)
        flush()
        #expect(log.names.suffix(2) == ["touchDown", "touchUpInside"])
        expectSettled(control)
    }

    @Test(arguments: [true, false])
    func bad_continueTrackingThatRemovesTheControl(_ answer: Bool) {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        control.onContinue = { control.removeFromSuperview() }
        control.continueResult = { _ in answer }
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: Self.outside)
        window.simulateTouchUp(at: Self.outside)
        flush()
        #expect(control.cancelCount == 1)
        #expect(control.endCount == 0, "cancelled while asked to continue: not also ended")
        #expect(log.names == ["touchDown", "touchCancel"])
        expectSettled(control)
    }

    @Test(arguments: modes)
    func bad_endTrackingThatRemovesTheControlIsNotAlsoCancelled(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.onEnd = { control.removeFromSuperview() }
        window.simulateTap(at: Self.center)
        flush()
        #expect(control.endCount == 1)
        #expect(control.cancelCount == 0)
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(control.window == nil)
        expectSettled(control)
    }

    @Test func bad_cancelAllTouchesFromInsideEndTrackingIsHarmless() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        control.onEnd = { [window] in window.cancelAllTouches() }
        window.simulateTap(at: Self.center)
        flush()
        #expect(control.endCount == 1)
        #expect(control.cancelCount == 0)
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(window.activeTouchCount == 0)
        expectSettled(control)
    }
}
