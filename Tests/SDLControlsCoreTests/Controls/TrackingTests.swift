import Testing
import Foundation
@testable import SDLControlsCore

/// Rules C1–C10: how a control turns one touch into tracking callbacks, state and events.
/// Every touch is played through the window. Rules whose outcome must not depend on when
/// actions run are checked in both delivery modes.
@MainActor
struct TrackingTests {
    let window = makeTestWindow()

    /// The control under test sits at (100, 100, 100, 40): center (150, 120), edges
    /// x 100…200 and y 100…140. The slop rectangle is x 30…270, y 30…210.
    nonisolated static let frame = CGRect(x: 100, y: 100, width: 100, height: 40)
    nonisolated static let center = CGPoint(x: 150, y: 120)
    nonisolated static let modes: [ActionDelivery] = [.batched, .immediate]

    private func makeControl() -> (TrackingProbeControl, EventLog) {
        let control = TrackingProbeControl(frame: Self.frame)
        window.addSubview(control)
        return (control, attachedEventLog(control))
    }

    // MARK: C1 hit-testing

    enum Unhittable: CaseIterable, Sendable {
        case disabled, hidden, userInteractionOff, nearlyTransparent, insideHiddenSuperview
    }

    @Test(arguments: Unhittable.allCases)
    func c1_unhittableControlPassesTouchToViewBehind(_ how: Unhittable) {
        resetApplication(); defer { resetApplication() }
        let behind = TouchProbeView(frame: window.bounds)
        window.addSubview(behind)
        let control = TrackingProbeControl(frame: Self.frame)
        if how == .insideHiddenSuperview {
            // A hidden container exactly over the control's place.
            let container = UIView(frame: Self.frame)
            control.frame = CGRect(origin: .zero, size: Self.frame.size)
            container.addSubview(control)
            window.addSubview(container)
            container.isHidden = true
        } else {
            window.addSubview(control)
        }
        let log = attachedEventLog(control)
        switch how {
        case .disabled: control.isEnabled = false
        case .hidden: control.isHidden = true
        case .userInteractionOff: control.isUserInteractionEnabled = false
        case .nearlyTransparent: control.alpha = 0.009
        case .insideHiddenSuperview: break
        }

        window.simulateTap(at: Self.center)
        flush()

        #expect(behind.began.count == 1, "the view behind gets touchesBegan")
        #expect(behind.ended.count == 1)
        #expect(behind.began.first?.view === behind)
        #expect(control.touchesBeganCount == 0)
        #expect(control.beginCount == 0)
        #expect(log.names.isEmpty)
    }

    @Test func c1_disabledControlPassesTouchToItsSuperview() {
        resetApplication(); defer { resetApplication() }
        let parent = TouchProbeView(frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        window.addSubview(parent)
        let control = TrackingProbeControl(frame: CGRect(x: 50, y: 50, width: 100, height: 40))   // window x 100…200
        parent.addSubview(control)
        control.isEnabled = false
        window.simulateTap(at: Self.center)
        #expect(parent.began.count == 1)
        #expect(control.touchesBeganCount == 0)
    }

    @Test func c1_visibleEnabledControlIsHitIncludingAtMinimumAlpha() {
        resetApplication(); defer { resetApplication() }
        let behind = TouchProbeView(frame: window.bounds)
        window.addSubview(behind)
        let (control, log) = makeControl()
        control.alpha = UIView.minimumHitTestAlpha   // exactly 0.01 is still hit

        window.simulateTap(at: Self.center)
        flush()

        #expect(behind.began.isEmpty)
        #expect(control.beginCount == 1)
        #expect(log.names == ["touchDown", "touchUpInside"])
    }

    @Test func c1_controlReenabledIsHitAgain() {
        resetApplication(); defer { resetApplication() }
        let behind = TouchProbeView(frame: window.bounds)
        window.addSubview(behind)
        let (control, log) = makeControl()
        control.isEnabled = false
        window.simulateTap(at: Self.center)
        control.isEnabled = true
        window.simulateTap(at: Self.center)
        flush()
        #expect(behind.began.count == 1)
        #expect(control.beginCount == 1)
        #expect(log.names == ["touchDown", "touchUpInside"])
    }

    // MARK: C2 touch down

    @Test(arguments: modes)
    func c2_touchDownSetsTrackingStateBeforeSendingTouchDown(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        var seen: [(tracking: Bool, inside: Bool, highlighted: Bool)] = []
        control.addAction(UIAction { _ in
            seen.append((control.isTracking, control.isTouchInside, control.isHighlighted))
        }, for: .touchDown)

        window.simulateTouchDown(at: Self.center)
        #expect(control.isTracking)
        #expect(control.isTouchInside)
        #expect(control.isHighlighted)
        #expect(control.state == .highlighted)
        flush()

        #expect(log.names == ["touchDown"])
        #expect(seen.count == 1)
        #expect(seen.first?.tracking == true)
        #expect(seen.first?.inside == true)
        #expect(seen.first?.highlighted == true)
        #expect(control.trace.first == "begin")

        window.simulateTouchUp(at: Self.center)
        flush()
        expectSettled(control)
    }

    @Test(arguments: modes)
    func c2_doubleTapSendsTouchDownRepeatAsSeparateDispatch(_ mode: ActionDelivery) {
        let app = resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        var dispatches: [UIControl.Event] = []
        app.actionDeliveryObserver = { record in dispatches.append(record.controlEvents) }

        window.simulateTap(at: Self.center, time: 1.0)     // down 1.0, up 1.05
        window.simulateTap(at: Self.center, time: 1.2)     // down 0.15 s after the first lift
        flush()

        #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside"])
        #expect(dispatches == [.touchDown, .touchUpInside, .touchDown, .touchDownRepeat, .touchUpInside])
        #expect(control.begunTapCounts == [1, 2])
        expectSettled(control)
    }

    @Test func c2_tripleTapRepeatsTouchDownRepeat() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTap(at: Self.center, time: 1.0)
        window.simulateTap(at: Self.center, time: 1.3)
        window.simulateTap(at: Self.center, time: 1.6)
        flush()
        #expect(control.begunTapCounts == [1, 2, 3])
        #expect(log.names.filter { $0 == "touchDownRepeat" }.count == 2)
        #expect(log.names.last == "touchUpInside")
    }

    @Test func c2_slowSecondTapIsNotARepeat() {
        resetApplication(); defer { resetApplication() }
        let (_, log) = makeControl()
        window.simulateTap(at: Self.center, time: 1.0)
        window.simulateTap(at: Self.center, time: 1.5)     // 0.45 s after the lift
        flush()
        #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "touchUpInside"])
    }

    // MARK: C3 beginTracking refuses

    @Test(arguments: modes)
    func c3_refusedBeginSendsNothingForTheWholeTouch(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.beginResult = false

        window.simulateTouchDown(at: Self.center)
        #expect(!control.isTracking)
        #expect(!control.isHighlighted)
        #expect(!control.isTouchInside)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 350))   // far outside
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125))   // back inside
        #expect(!control.isHighlighted)
        window.simulateTouchUp(at: CGPoint(x: 160, y: 125))
        flush()

        #expect(log.names.isEmpty)
        #expect(control.beginCount == 1)
        #expect(control.touchesBeganCount == 1, "the touch was still delivered to the control")
        #expect(control.continueCount == 0)
        #expect(control.endCount == 0)
        #expect(control.cancelCount == 0)
        expectSettled(control)
    }

    @Test func c3_refusedTouchIsNotCancelledLater() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        control.beginResult = false
        window.simulateTouchDown(at: Self.center)
        window.cancelAllTouches()
        flush()
        #expect(control.cancelCount == 0)
        #expect(log.names.isEmpty)
    }

    // MARK: C4 moves and the slop margin

    @Test(arguments: modes)
    func c4_dragOutAndBackSendsExitThenEnter(_ mode: ActionDelivery) {
        let app = resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        var dispatches: [UIControl.Event] = []
        app.actionDeliveryObserver = { record in dispatches.append(record.controlEvents) }

        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125))     // inside
        #expect(control.isTouchInside && control.isHighlighted)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 300))     // 160 below: outside
        #expect(!control.isTouchInside)
        #expect(!control.isHighlighted)
        #expect(control.isTracking)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 320))     // still outside
        window.simulateTouchMove(to: CGPoint(x: 155, y: 125))     // back
        #expect(control.isTouchInside && control.isHighlighted)
        window.simulateTouchMove(to: CGPoint(x: 158, y: 126))
        window.simulateTouchUp(at: CGPoint(x: 158, y: 126))
        flush()

        #expect(log.names == [
            "touchDown", "dragInside", "dragExit", "dragOutside", "dragOutside",
            "dragEnter", "dragInside", "dragInside", "touchUpInside",
        ])
        #expect(log.collapsed == [
            "touchDown", "dragInside", "dragExit", "dragOutside", "dragEnter", "dragInside", "touchUpInside",
        ])
        // Enter and exit are their own dispatches, before the move's drag event.
        #expect(dispatches == [
            .touchDown, .touchDragInside, .touchDragExit, .touchDragOutside, .touchDragOutside,
            .touchDragEnter, .touchDragInside, .touchDragInside, .touchUpInside,
        ])
        #expect(control.continueCount == 5)
        expectSettled(control)
    }

    @Test func c4_touchSlopMarginIsSeventyPoints() {
        #expect(UIControl.touchSlopMargin == 70)
    }

    /// Points 69 and 71 points beyond each edge of the control (x 100…200, y 100…140).
    nonisolated static let marginCases: [(CGPoint, Bool)] = [
        (CGPoint(x: 200 + 69, y: 120), true), (CGPoint(x: 200 + 71, y: 120), false),   // right
        (CGPoint(x: 100 - 69, y: 120), true), (CGPoint(x: 100 - 71, y: 120), false),   // left
        (CGPoint(x: 150, y: 100 - 69), true), (CGPoint(x: 150, y: 100 - 71), false),   // top
        (CGPoint(x: 150, y: 140 + 69), true), (CGPoint(x: 150, y: 140 + 71), false),   // bottom
        (CGPoint(x: 200 + 69, y: 140 + 69), true), (CGPoint(x: 200 + 71, y: 140 + 69), false),  // corner
    ]

    @Test(arguments: marginCases)
    func c4_slopMarginBoundaries(_ point: CGPoint, _ inside: Bool) {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: point)

        #expect(control.isTouchInside == inside)
        #expect(control.isHighlighted == inside)
        #expect(control.isTracking)

        window.simulateTouchUp(at: point)
        flush()
        if inside {
            #expect(log.names == ["touchDown", "dragInside", "touchUpInside"])
        } else {
            #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        }
        expectSettled(control)
    }

    @Test func c4_marginIsMeasuredInTheControlsOwnCoordinates() {
        resetApplication(); defer { resetApplication() }
        // The same control inside an offset container: 69 pt right of its edge is still inside.
        let container = UIView(frame: CGRect(x: 20, y: 30, width: 380, height: 370))
        window.addSubview(container)
        let control = TrackingProbeControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))   // window x 30…130, y 40…80
        container.addSubview(control)
        window.simulateTouchDown(at: CGPoint(x: 80, y: 60))
        window.simulateTouchMove(to: CGPoint(x: 130 + 69, y: 60))
        #expect(control.isTouchInside)
        window.simulateTouchMove(to: CGPoint(x: 130 + 71, y: 60))
        #expect(!control.isTouchInside)
        window.simulateTouchUp(at: CGPoint(x: 130 + 71, y: 60))
        expectSettled(control)
    }

    @Test func c4_continueTrackingSeesEveryMoveInLocalCoordinates() {
        resetApplication(); defer { resetApplication() }
        let (control, _) = makeControl()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 110, y: 105))
        window.simulateTouchMove(to: CGPoint(x: 300, y: 390))
        window.simulateTouchUp(at: CGPoint(x: 300, y: 390))
        #expect(control.continueCount == 2)
        #expect(control.continueLocations == [CGPoint(x: 10, y: 5), CGPoint(x: 200, y: 290)])
    }

    // MARK: C5 continueTracking refuses

    @Test(arguments: modes)
    func c5_refusedContinueEndsTrackingAtOnce(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.continueResult = { call in call < 2 }

        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125))    // accepted
        window.simulateTouchMove(to: CGPoint(x: 150, y: 300))    // refused (would be an exit)
        #expect(!control.isTracking)
        #expect(!control.isHighlighted)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 320))
        window.simulateTouchMove(to: CGPoint(x: 150, y: 120))
        window.simulateTouchUp(at: CGPoint(x: 150, y: 120))
        window.cancelAllTouches()
        flush()

        #expect(log.names == ["touchDown", "dragInside"], "no drag for the refused move, no touch-up, no cancel")
        #expect(control.continueCount == 2, "not asked again after refusing")
        #expect(control.endCount == 1, "project choice: endTracking closes the refused touch")
        #expect(control.cancelCount == 0)
        expectSettled(control)
    }

    @Test func c5_controlTracksTheNextTouchNormally() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        control.continueResult = { call in call != 1 }
        window.simulateTouchDown(at: Self.center, time: 1)
        window.simulateTouchMove(to: CGPoint(x: 155, y: 122), time: 1.1)
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125), time: 1.2)
        window.simulateTouchUp(at: CGPoint(x: 160, y: 125), time: 1.3)
        window.simulateTap(at: Self.center, time: 5)
        flush()
        #expect(log.names == ["touchDown", "touchDown", "touchUpInside"])
        #expect(control.trackedCount == 2)
        expectSettled(control)
    }

    // MARK: C6 lift

    @Test(arguments: modes)
    func c6_liftThirtyPointsOutsideIsTouchUpInside(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchUp(at: CGPoint(x: 230, y: 120))       // 30 right of the edge
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 170))     // 30 below
        window.simulateTouchUp(at: CGPoint(x: 150, y: 170))
        flush()
        #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "dragInside", "touchUpInside"])
        expectSettled(control)
    }

    @Test(arguments: modes)
    func c6_liftOutsideAfterInsideMoveSendsExitBeforeTouchUpOutside(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.traceEvents()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125))
        window.simulateTouchUp(at: CGPoint(x: 150, y: 350))
        flush()

        #expect(log.names == ["touchDown", "dragInside", "dragExit", "touchUpOutside"])
        #expect(!control.isHighlighted)
        #expect(!control.isTouchInside)
        #expect(control.endCount == 1)
        if mode == .immediate {
            // Exit, then endTracking, then the touch-up.
            #expect(control.trace == [
                "begin", "event:touchDown", "continue", "event:dragInside", "event:dragExit", "end", "event:touchUpOutside",
            ])
        }
        expectSettled(control)
    }

    @Test(arguments: modes)
    func c6_liftInsideAfterOutsideMoveSendsEnterBeforeTouchUpInside(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.traceEvents()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 350))
        window.simulateTouchUp(at: CGPoint(x: 150, y: 125))
        flush()

        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "dragEnter", "touchUpInside"])
        if mode == .immediate {
            #expect(control.trace == [
                "begin", "event:touchDown", "continue", "event:dragExit", "event:dragOutside",
                "event:dragEnter", "end", "event:touchUpInside",
            ])
        }
        expectSettled(control)
    }

    @Test func c6_liftWithSameInsideStateSendsNoEnterOrExit() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 350))
        window.simulateTouchUp(at: CGPoint(x: 160, y: 360))
        flush()
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        expectSettled(control)
    }

    @Test func c6_endTrackingRunsWhileTrackingThenStateClearsBeforeTouchUp() {
        resetApplication(.immediate); defer { resetApplication() }
        let (control, _) = makeControl()
        var atTouchUp: (tracking: Bool, highlighted: Bool)?
        control.addAction(UIAction { _ in atTouchUp = (control.isTracking, control.isHighlighted) }, for: .touchUpInside)

        window.simulateTap(at: Self.center)

        #expect(control.isTrackingDuringEnd == [true])
        #expect(atTouchUp?.tracking == false)
        #expect(atTouchUp?.highlighted == false)
        #expect(!control.isTouchInside)
        expectSettled(control)
    }

    // MARK: C7 system cancel

    @Test(arguments: modes)
    func c7_cancelAllTouchesRunsCancelTrackingWithTheEvent(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control, for: .touchCancel)

        window.simulateTouchDown(at: Self.center, time: 2.0)
        window.simulateTouchMove(to: CGPoint(x: 155, y: 122), time: 2.1)
        window.cancelAllTouches()

        #expect(control.cancelCount == 1)
        let event = control.cancelEvents.first ?? nil
        #expect(event != nil, "a system cancel passes the window's event")
        #expect(control.cancelEventPhases == [[.cancelled]], "the event lists the cancelled touch")
        #expect(!control.isTracking)
        #expect(!control.isHighlighted)
        flush()
        #expect(log.names == ["touchDown", "dragInside", "touchCancel"])
        let delivered = recorder.event(of: "touchCancel")
        #expect(delivered != nil && delivered! != nil, "touchCancel is delivered with an event")
        if mode == .batched {
            #expect(delivered??.allTouches?.first?.phase == .cancelled, "the snapshot taken at the cancel")
        }
        #expect(window.activeTouchCount == 0)

        // The contact is gone: its lift does nothing.
        window.simulateTouchUp(at: Self.center)
        flush()
        #expect(log.names.count == 3)
        #expect(control.endCount == 0)
        expectSettled(control)
    }

    @Test func c7_hostCancelledSampleCancelsTracking() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.send(TouchSample(id: 7, phase: .began, location: Self.center, timestamp: 1))
        window.send(TouchSample(id: 7, phase: .cancelled, location: Self.center, timestamp: 1.1))
        flush()
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(control.cancelEvents.count == 1)
        #expect((control.cancelEvents.first ?? nil) != nil)
        expectSettled(control)
    }

    @Test(arguments: modes)
    func c7_cancelOverrideWithoutSuperSendsNoTouchCancelButStopsTracking(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        control.callsSuperOnCancel = false

        window.simulateTouchDown(at: Self.center)
        window.cancelAllTouches()
        flush()

        #expect(control.cancelCount == 1)
        #expect(log.names == ["touchDown"], "no touchCancel without super")
        expectSettled(control)

        // Not stuck: the next touch is tracked.
        window.simulateTap(at: Self.center)
        flush()
        #expect(log.names == ["touchDown", "touchDown", "touchUpInside"])
        #expect(control.trackedCount == 2)
        expectSettled(control)
    }

    // MARK: C8 removed while tracking

    @Test(arguments: modes)
    func c8_removeFromSuperviewWhileTrackingCancelsWithNilEvent(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        let recorder = ProbeEventRecorder()
        recorder.attach(to: control)

        window.simulateTouchDown(at: Self.center)
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125))
        control.removeFromSuperview()

        #expect(control.cancelCount == 1)
        #expect(control.cancelEvents.count == 1)
        #expect(control.cancelEvents.first.flatMap { $0 } == nil, "cancelTracking(with: nil)")
        #expect(!control.isTracking)
        #expect(!control.isHighlighted)

        window.simulateTouchMove(to: CGPoint(x: 170, y: 125))
        window.simulateTouchUp(at: CGPoint(x: 170, y: 125))
        flush()

        #expect(log.names == ["touchDown", "dragInside", "touchCancel"])
        #expect(recorder.names == ["touchDown", "dragInside", "touchCancel"])
        let delivered = recorder.event(of: "touchCancel")
        #expect(delivered != nil, "touchCancel was delivered")
        #expect(delivered.flatMap { $0 } == nil, "…with a nil event")
        #expect(recorder.event(of: "touchDown").flatMap { $0 } != nil, "tracking events carry the event")
        #expect(control.continueCount == 1)
        #expect(window.activeTouchCount == 0)
        expectSettled(control)
    }

    @Test func c8_removingAnAncestorCancelsTracking() {
        resetApplication(); defer { resetApplication() }
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let control = TrackingProbeControl(frame: Self.frame)
        container.addSubview(control)
        let log = attachedEventLog(control)

        window.simulateTouchDown(at: Self.center)
        container.removeFromSuperview()
        flush()

        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(control.cancelEvents.count == 1)
        #expect(control.cancelEvents.first.flatMap { $0 } == nil)
        expectSettled(control)
    }

    /// A control tracks a touch that began in a subview (it came up the responder chain); the
    /// subview then moves out of the control, within the window, so the touch's end goes up
    /// another chain. The control is cancelled when the touch ends (nil event), not left
    /// tracking and highlighted for good.
    @Test(arguments: [UITouch.Phase.ended, .cancelled])
    func c8_aTouchFromASubviewThatMovedOutOfTheControlStillEndsItsTracking(_ end: UITouch.Phase) {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        let inner = UIView(frame: control.bounds)
        control.addSubview(inner)
        window.simulateTouchDown(at: Self.center)
        #expect(control.isTracking, "the touch came up from the subview")
        window.addSubview(inner)   // out of the control, same window
        if end == .ended { window.simulateTouchUp(at: Self.center) } else { window.cancelAllTouches() }
        flush()
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(control.cancelEvents.count == 1 && control.cancelEvents.first.flatMap { $0 } == nil)
        expectSettled(control)
    }

    @Test func c8_movingToAnotherSuperviewInTheSameWindowKeepsTracking() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        let other = UIView(frame: window.bounds)
        window.addSubview(other)
        other.addSubview(control)       // same window: not a removal
        #expect(control.isTracking)
        #expect(control.cancelCount == 0)
        window.simulateTouchUp(at: Self.center)
        flush()
        #expect(log.names == ["touchDown", "touchUpInside"])
        expectSettled(control)
    }

    @Test func c8_movingToAnotherWindowCancelsTracking() {
        resetApplication(); defer { resetApplication() }
        let (control, log) = makeControl()
        let otherWindow = UIWindow(frame: window.frame)
        window.simulateTouchDown(at: Self.center)
        otherWindow.addSubview(control)
        flush()
        #expect(control.cancelEvents.count == 1)
        #expect(control.cancelEvents.first.flatMap { $0 } == nil)
        #expect(log.names == ["touchDown", "touchCancel"])
        expectSettled(control)
    }

    // MARK: C9 disabling or hiding mid-touch

    @Test(arguments: modes)
    func c9_disablingMidTouchDoesNotCancel(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        control.isEnabled = false

        #expect(control.isTracking)
        #expect(!control.isHighlighted, "project choice: disabling clears the highlight")
        #expect(control.state == .disabled)
        window.simulateTouchMove(to: CGPoint(x: 160, y: 125))
        #expect(control.isTracking)
        #expect(control.isTouchInside)
        #expect(!control.isHighlighted, "the highlight stays off while disabled")
        window.simulateTouchUp(at: CGPoint(x: 160, y: 125))
        flush()

        #expect(control.cancelCount == 0)
        #expect(control.endCount == 1)
        #expect(log.names == ["touchDown", "dragInside", "touchUpInside"])
        expectSettled(control)
    }

    @Test(arguments: modes)
    func c9_hidingMidTouchDoesNotCancel(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTouchDown(at: Self.center)
        control.isHidden = true
        #expect(control.isTracking)
        #expect(control.isHighlighted)
        window.simulateTouchMove(to: CGPoint(x: 150, y: 300))
        window.simulateTouchUp(at: CGPoint(x: 150, y: 300))
        flush()
        #expect(control.cancelCount == 0)
        #expect(log.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        expectSettled(control)
    }

    @Test func c9_highlightIsIgnoredWhileDisabled() {
        resetApplication(); defer { resetApplication() }
        let (control, _) = makeControl()
        control.isEnabled = false
        control.isHighlighted = true
        #expect(!control.isHighlighted)
        #expect(control.state == .disabled)
        control.isEnabled = true
        control.isHighlighted = true
        #expect(control.isHighlighted)
        #expect(control.state == .highlighted)
    }

    // MARK: C10 selection

    @Test(arguments: modes)
    func c10_touchesNeverChangeIsSelected(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (control, log) = makeControl()
        window.simulateTap(at: Self.center, time: 1.0)
        window.simulateTap(at: Self.center, time: 1.2)
        window.simulateDrag(from: Self.center, to: CGPoint(x: 150, y: 350))
        flush()
        #expect(!control.isSelected)

        control.isSelected = true
        window.simulateTap(at: Self.center)
        window.simulateTouchDown(at: Self.center)
        window.cancelAllTouches()
        flush()
        #expect(control.isSelected)
        #expect(control.state == .selected)
        #expect(log.names.contains("touchCancel"))
    }
}
