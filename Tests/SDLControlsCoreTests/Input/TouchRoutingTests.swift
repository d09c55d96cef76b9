import Testing
import Foundation
@testable import SDLControlsCore

/// Rules C11 (a touch belongs to its view; single-touch, multi-touch and exclusive-touch
/// views) and C12 (tapCount), plus UITouch's coordinate conversions and UIEvent's touch sets.
@MainActor
struct TouchRoutingTests {
    let window = makeTestWindow()

    /// Two controls far enough apart that each one's 70-pt slop misses the other:
    /// A at x 20…120, B at x 280…380, both y 100…140.
    nonisolated static let frameA = CGRect(x: 20, y: 100, width: 100, height: 40)
    nonisolated static let frameB = CGRect(x: 280, y: 100, width: 100, height: 40)
    nonisolated static let inA = CGPoint(x: 70, y: 120)
    nonisolated static let inB = CGPoint(x: 330, y: 120)
    nonisolated static let modes: [ActionDelivery] = [.batched, .immediate]

    private func makeControls() -> (TrackingProbeControl, EventLog, TrackingProbeControl, EventLog) {
        let a = TrackingProbeControl(frame: Self.frameA)
        let b = TrackingProbeControl(frame: Self.frameB)
        window.addSubview(a)
        window.addSubview(b)
        return (a, attachedEventLog(a), b, attachedEventLog(b))
    }

    // MARK: C11 a touch belongs to the view it began in

    @Test(arguments: modes)
    func c11_touchStaysWithTheViewItBeganIn(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (a, logA, b, logB) = makeControls()

        window.simulateTouchDown(at: Self.inA)
        let touch = a.begunTouches.first
        window.simulateTouchMove(to: Self.inB)
        #expect(touch?.view === a, "still A's touch over B")
        window.simulateTouchUp(at: Self.inB)
        flush()

        #expect(logA.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        #expect(logB.names.isEmpty)
        #expect(b.touchesBeganCount == 0)
        #expect(b.beginCount == 0)
        expectSettled(a)
    }

    @Test func c11_touchStaysWithPlainViewAcrossOtherViews() {
        resetApplication(); defer { resetApplication() }
        let left = TouchProbeView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let right = TouchProbeView(frame: CGRect(x: 200, y: 0, width: 200, height: 400))
        window.addSubview(left)
        window.addSubview(right)
        window.simulateDrag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 350, y: 50), steps: 3)
        #expect(left.began.count == 1)
        #expect(left.moved.count == 3)
        #expect(left.ended.count == 1)
        #expect(right.began.isEmpty && right.moved.isEmpty && right.ended.isEmpty)
    }

    @Test(arguments: modes)
    func c11_secondTouchOnSingleTouchControlIsNotDelivered(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let behind = TouchProbeView(frame: window.bounds)
        window.addSubview(behind)
        let (a, logA, _, _) = makeControls()
        #expect(!a.isMultipleTouchEnabled, "single touch by default")

        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: CGPoint(x: 80, y: 125), id: 2)
        #expect(a.touchesBeganCount == 1, "the second touch is not delivered to A")
        #expect(behind.began.isEmpty, "…nor to the view behind it")
        #expect(window.activeTouchCount == 2)
        window.simulateTouchUp(at: CGPoint(x: 80, y: 125), id: 2)
        #expect(a.isTracking, "lifting the second finger does not end A's touch")
        window.simulateTouchMove(to: CGPoint(x: 75, y: 121), id: 1)
        window.simulateTouchUp(at: CGPoint(x: 75, y: 121), id: 1)
        flush()

        #expect(logA.names == ["touchDown", "dragInside", "touchUpInside"])
        #expect(a.beginCount == 1)
        expectSettled(a)
    }

    @Test func c11_multipleTouchEnabledViewGetsEveryTouch() {
        resetApplication(); defer { resetApplication() }
        let view = TouchProbeView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        window.simulateTouchDown(at: CGPoint(x: 10, y: 10), id: 1)
        window.simulateTouchDown(at: CGPoint(x: 50, y: 50), id: 2)
        window.simulateTouchUp(at: CGPoint(x: 50, y: 50), id: 2)
        window.simulateTouchUp(at: CGPoint(x: 10, y: 10), id: 1)
        #expect(view.began.count == 2)
        #expect(view.ended.count == 2)
        #expect(view.allTouchesAtBegan.last?.count == 2)
    }

    @Test func c11_multipleTouchControlStillTracksOneTouch() {
        resetApplication(); defer { resetApplication() }
        let (a, logA, _, _) = makeControls()
        a.isMultipleTouchEnabled = true
        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: CGPoint(x: 80, y: 125), id: 2)
        #expect(a.touchesBeganCount == 2, "delivered…")
        #expect(a.beginCount == 1, "…but only the first is tracked")
        window.simulateTouchMove(to: CGPoint(x: 70, y: 390), id: 2)
        window.simulateTouchUp(at: CGPoint(x: 70, y: 390), id: 2)
        #expect(a.isTracking)
        #expect(a.isHighlighted, "the untracked finger leaving does not unhighlight")
        window.simulateTouchUp(at: Self.inA, id: 1)
        flush()
        #expect(logA.names == ["touchDown", "touchUpInside"])
        expectSettled(a)
    }

    @Test(arguments: modes)
    func c11_twoFingersTrackTwoControlsIndependently(_ mode: ActionDelivery) {
        let app = resetApplication(mode); defer { resetApplication() }
        let (a, logA, b, logB) = makeControls()
        var order: [String] = []
        app.actionDeliveryObserver = { record in
            let who = record.sender === a ? "A" : "B"
            let name = EventLog.eventNames.first { $0.0 == record.controlEvents }?.1 ?? "?"
            order.append("\(who).\(name)")
        }

        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: Self.inB, id: 2)
        #expect(a.isTracking && b.isTracking, "both at once")
        #expect(a.isHighlighted && b.isHighlighted)
        window.simulateTouchMove(to: CGPoint(x: 70, y: 390), id: 1)     // A out
        window.simulateTouchMove(to: CGPoint(x: 335, y: 125), id: 2)    // B in
        #expect(!a.isHighlighted && b.isHighlighted)
        window.simulateTouchUp(at: CGPoint(x: 335, y: 125), id: 2)
        #expect(a.isTracking, "B's lift does not touch A")
        #expect(!b.isTracking)
        window.simulateTouchUp(at: CGPoint(x: 70, y: 390), id: 1)
        flush()

        #expect(logA.names == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        #expect(logB.names == ["touchDown", "dragInside", "touchUpInside"])
        // E1: one queue, in the order the events happened.
        #expect(order == [
            "A.touchDown", "B.touchDown", "A.dragExit", "A.dragOutside", "B.dragInside", "B.touchUpInside", "A.touchUpOutside",
        ])
        expectSettled(a)
        expectSettled(b)
    }

    @Test func c11_cancelAllTouchesCancelsEveryTrackingControl() {
        resetApplication(); defer { resetApplication() }
        let (a, logA, b, logB) = makeControls()
        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: Self.inB, id: 2)
        window.cancelAllTouches()
        flush()
        #expect(logA.names == ["touchDown", "touchCancel"])
        #expect(logB.names == ["touchDown", "touchCancel"])
        expectSettled(a)
        expectSettled(b)
    }

    @Test func c11_exclusiveTouchViewThatIsTrackingBlocksOtherViews() {
        resetApplication(); defer { resetApplication() }
        let behind = TouchProbeView(frame: window.bounds)
        window.addSubview(behind)
        let (a, logA, b, logB) = makeControls()
        a.isExclusiveTouch = true

        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: Self.inB, id: 2)
        window.simulateTouchDown(at: CGPoint(x: 200, y: 300), id: 3)   // on the view behind
        #expect(b.touchesBeganCount == 0)
        #expect(behind.began.isEmpty)
        window.simulateTouchUp(at: Self.inB, id: 2)
        window.simulateTouchUp(at: CGPoint(x: 200, y: 300), id: 3)
        window.simulateTouchUp(at: Self.inA, id: 1)

        // Once A's touch is over, B works again.
        window.simulateTap(at: Self.inB, id: 4)
        flush()
        #expect(logA.names == ["touchDown", "touchUpInside"])
        #expect(logB.names == ["touchDown", "touchUpInside"])
        #expect(behind.ended.isEmpty)
        expectSettled(a)
        expectSettled(b)
    }

    @Test func c11_exclusiveTouchViewIsNotGivenATouchWhileOthersAreActive() {
        resetApplication(); defer { resetApplication() }
        let (a, logA, b, logB) = makeControls()
        a.isExclusiveTouch = true

        window.simulateTouchDown(at: Self.inB, id: 1)
        window.simulateTouchDown(at: Self.inA, id: 2)
        #expect(a.touchesBeganCount == 0)
        #expect(!a.isTracking)
        #expect(b.isTracking)
        window.simulateTouchUp(at: Self.inA, id: 2)
        window.simulateTouchUp(at: Self.inB, id: 1)
        window.simulateTap(at: Self.inA, id: 3)
        flush()
        #expect(logB.names == ["touchDown", "touchUpInside"])
        #expect(logA.names == ["touchDown", "touchUpInside"], "only the tap made once B was free")
        expectSettled(a)
        expectSettled(b)
    }

    @Test func c11_nonExclusiveViewsDoNotBlockEachOther() {
        resetApplication(); defer { resetApplication() }
        let (a, _, b, _) = makeControls()
        window.simulateTouchDown(at: Self.inA, id: 1)
        window.simulateTouchDown(at: Self.inB, id: 2)
        #expect(a.touchesBeganCount == 1 && b.touchesBeganCount == 1)
        window.cancelAllTouches()
    }

    // MARK: C12 tapCount

    /// A large control (x 50…350, y 50…350) so that taps a little apart still land on it.
    private func makeBigControl() -> TrackingProbeControl {
        let control = TrackingProbeControl(frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        window.addSubview(control)
        return control
    }
    nonisolated static let mid = CGPoint(x: 200, y: 200)

    @Test func c12_tapCountIncrementsOnSameViewWithinIntervalAndDistance() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTap(at: Self.mid, time: 1.0)                               // lift at 1.05
        window.simulateTap(at: CGPoint(x: 205, y: 205), time: 1.3)                // 0.25 s, 7 pt
        window.simulateTap(at: CGPoint(x: 200, y: 200), time: 1.65)               // 0.30 s, 7 pt
        window.simulateTap(at: CGPoint(x: 190, y: 200), time: 1.75)               // 0.05 s, 10 pt
        #expect(control.begunTapCounts == [1, 2, 3, 4])
        #expect(control.begunTouches.map(\.tapCount) == [1, 2, 3, 4], "tapCount is kept by each touch")
    }

    /// A right or middle click presses nothing (README "Input"): it is a tap of its own and
    /// breaks a run, so a right click then a click is no double tap.
    @Test func c12_aSecondaryClickNeitherCountsNorIsCountedAsATap() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        func click(_ mask: UIEvent.ButtonMask, at t: TimeInterval) {
            window.send(TouchSample(id: 9, phase: .began, location: Self.mid, timestamp: t, type: .indirectPointer, buttonMask: mask))
            window.send(TouchSample(id: 9, phase: .ended, location: Self.mid, timestamp: t + 0.05, type: .indirectPointer, buttonMask: mask))
        }
        click(.primary, at: 1.0)
        click(.secondary, at: 1.2)
        click(.primary, at: 1.4)
        click(.primary, at: 1.6)
        // The control tracks the primary clicks only: the third is a first tap again.
        #expect(control.begunTouches.map(\.tapCount) == [1, 1, 2])
    }

    @Test func c12_defaultsAreThirtyFiveHundredthsOfASecondAndTwentyPoints() {
        #expect(window.multiTapInterval == 0.35)
        #expect(window.multiTapDistance == 20)
    }

    /// Second tap start, measured from the first tap's lift at 1.05: (delay, expected tapCount).
    nonisolated static let intervalCases: [(TimeInterval, Int)] = [(0.0, 2), (0.34, 2), (0.36, 1), (2.0, 1)]

    @Test(arguments: intervalCases)
    func c12_tapTooLateCountsOne(_ delay: TimeInterval, _ expected: Int) {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTap(at: Self.mid, time: 1.0)
        window.simulateTap(at: Self.mid, time: 1.05 + delay)
        #expect(control.begunTapCounts == [1, expected])
    }

    /// Offset of the second tap from the first one's lift point: (dx, dy, expected tapCount).
    nonisolated static let distanceCases: [(CGFloat, CGFloat, Int)] = [
        (19, 0, 2), (0, -19, 2), (12, 15, 2), (-21, 0, 1), (0, 21, 1), (15, 15, 1), (100, 100, 1),
    ]

    @Test(arguments: distanceCases)
    func c12_tapTooFarCountsOne(_ dx: CGFloat, _ dy: CGFloat, _ expected: Int) {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTap(at: Self.mid, time: 1.0)
        window.simulateTap(at: CGPoint(x: Self.mid.x + dx, y: Self.mid.y + dy), time: 1.2)
        #expect(control.begunTapCounts == [1, expected])
    }

    @Test func c12_distanceIsMeasuredFromThePreviousLiftPoint() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTouchDown(at: CGPoint(x: 100, y: 200), time: 1.0)
        window.simulateTouchMove(to: CGPoint(x: 200, y: 200), time: 1.05)
        window.simulateTouchUp(at: CGPoint(x: 200, y: 200), time: 1.1)
        window.simulateTap(at: CGPoint(x: 205, y: 200), time: 1.2)     // 95 pt from the start, 5 from the lift
        #expect(control.begunTapCounts == [1, 2])
    }

    @Test func c12_tapOnAnotherViewCountsOne() {
        resetApplication(); defer { resetApplication() }
        // Two adjacent controls, so the taps are close in both time and space.
        let a = TrackingProbeControl(frame: CGRect(x: 100, y: 100, width: 50, height: 40))
        let b = TrackingProbeControl(frame: CGRect(x: 150, y: 100, width: 50, height: 40))
        window.addSubview(a)
        window.addSubview(b)
        window.simulateTap(at: CGPoint(x: 145, y: 120), time: 1.0)
        window.simulateTap(at: CGPoint(x: 155, y: 120), time: 1.1)   // B, 10 pt away
        window.simulateTap(at: CGPoint(x: 145, y: 120), time: 1.2)   // back on A: the last tap was B's
        window.simulateTap(at: CGPoint(x: 145, y: 120), time: 1.3)
        #expect(a.begunTapCounts == [1, 1, 2])
        #expect(b.begunTapCounts == [1])
    }

    @Test func c12_intervalIsMeasuredFromThePreviousLift() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTouchDown(at: Self.mid, time: 1.0)
        window.simulateTouchUp(at: Self.mid, time: 3.0)        // a long press
        window.simulateTap(at: Self.mid, time: 3.2)
        #expect(control.begunTapCounts == [1, 2])
    }

    @Test func c12_cancelledTouchDoesNotEndATap() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTap(at: Self.mid, time: 1.0)            // lift at 1.05
        window.simulateTouchDown(at: Self.mid, time: 1.1)
        window.cancelAllTouches()
        window.simulateTap(at: Self.mid, time: 1.2)
        // The cancelled touch ended no tap: the third touch still counts on from the first.
        #expect(control.begunTapCounts == [1, 2, 2])
    }

    @Test func c12_intervalAndDistanceAreConfigurable() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.multiTapInterval = 1.0
        window.multiTapDistance = 50
        window.simulateTap(at: Self.mid, time: 1.0)
        window.simulateTap(at: CGPoint(x: 240, y: 200), time: 1.85)    // 0.8 s, 40 pt: counts
        window.multiTapInterval = 0.1
        window.simulateTap(at: CGPoint(x: 240, y: 200), time: 2.1)     // 0.2 s > 0.1
        window.multiTapInterval = 0.35
        window.multiTapDistance = 5
        window.simulateTap(at: CGPoint(x: 250, y: 200), time: 2.25)    // 10 pt > 5
        #expect(control.begunTapCounts == [1, 2, 1, 1])
    }

    @Test func c12_backwardsTimestampCountsOne() {
        resetApplication(); defer { resetApplication() }
        let control = makeBigControl()
        window.simulateTap(at: Self.mid, time: 5.0)
        window.simulateTap(at: Self.mid, time: 4.9)
        #expect(control.begunTapCounts == [1, 1])
    }

    // MARK: UITouch locations

    @Test func touch_locationAndPreviousLocationConvertToAnyView() throws {
        resetApplication(); defer { resetApplication() }
        let container = UIView(frame: CGRect(x: 50, y: 60, width: 300, height: 300))
        window.addSubview(container)
        let control = TrackingProbeControl(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        container.addSubview(control)

        window.simulateTouchDown(at: CGPoint(x: 100, y: 100))
        let touch = try #require(control.begunTouches.first)
        #expect(touch.location(in: control) == CGPoint(x: 40, y: 20))
        #expect(touch.location(in: container) == CGPoint(x: 50, y: 40))
        #expect(touch.location(in: nil) == CGPoint(x: 100, y: 100))
        #expect(touch.location(in: window) == CGPoint(x: 100, y: 100))
        #expect(touch.previousLocation(in: control) == CGPoint(x: 40, y: 20), "equals the location at began")

        window.simulateTouchMove(to: CGPoint(x: 110, y: 130))
        #expect(touch.location(in: control) == CGPoint(x: 50, y: 50))
        #expect(touch.previousLocation(in: control) == CGPoint(x: 40, y: 20))
        #expect(touch.previousLocation(in: nil) == CGPoint(x: 100, y: 100))
        #expect(touch.previousLocation(in: container) == CGPoint(x: 50, y: 40))

        window.simulateTouchMove(to: CGPoint(x: 120, y: 140))
        #expect(touch.previousLocation(in: control) == CGPoint(x: 50, y: 50))
        window.simulateTouchUp(at: CGPoint(x: 125, y: 141))
        #expect(touch.location(in: nil) == CGPoint(x: 125, y: 141))
        #expect(touch.previousLocation(in: nil) == CGPoint(x: 120, y: 140))
        #expect(touch.phase == .ended)
    }

    @Test func touch_locationAccountsForAScrolledSuperview() {
        resetApplication(); defer { resetApplication() }
        let scroller = UIView(frame: window.bounds)
        window.addSubview(scroller)
        scroller.bounds.origin = CGPoint(x: 0, y: 100)      // content scrolled up by 100
        let control = TrackingProbeControl(frame: CGRect(x: 0, y: 150, width: 100, height: 50))   // window y 50…100
        scroller.addSubview(control)
        window.simulateTouchDown(at: CGPoint(x: 10, y: 75))
        let touch = control.begunTouches.first
        #expect(touch?.view === control)
        #expect(touch?.location(in: control) == CGPoint(x: 10, y: 25))
        #expect(touch?.location(in: scroller) == CGPoint(x: 10, y: 175))
        window.cancelAllTouches()
    }

    @Test func touch_locationFollowsTheViewWhenItMoves() {
        resetApplication(); defer { resetApplication() }
        let control = TrackingProbeControl(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(control)
        window.simulateTouchDown(at: CGPoint(x: 150, y: 150))
        control.frame.origin = CGPoint(x: 120, y: 100)
        let touch = control.begunTouches.first
        #expect(touch?.location(in: control) == CGPoint(x: 30, y: 50), "computed on request from window points")
        window.cancelAllTouches()
    }

    @Test func touch_carriesContactTypeTimestampAndView() {
        resetApplication(); defer { resetApplication() }
        let (a, _, _, _) = makeControls()
        window.send(TouchSample(id: 42, phase: .began, location: Self.inA, timestamp: 12.5, type: .indirectPointer))
        let touch = a.begunTouches.first
        #expect(touch?.contactID == 42)
        #expect(touch?.type == .indirectPointer)
        #expect(touch?.timestamp == 12.5)
        #expect(touch?.phase == .began)
        #expect(touch?.view === a)
        #expect(touch?.window === window)
        window.send(TouchSample(id: 42, phase: .moved, location: Self.inB, timestamp: 13))
        #expect(touch?.phase == .moved)
        #expect(touch?.timestamp == 13)
        window.send(TouchSample(id: 42, phase: .ended, location: Self.inB, timestamp: 13.5))
        #expect(touch?.phase == .ended)
        #expect(touch?.timestamp == 13.5)
    }

    // MARK: UIEvent touch sets

    @Test func event_allTouchesAndTouchesForView() {
        resetApplication(); defer { resetApplication() }
        let left = TouchProbeView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let right = TouchProbeView(frame: CGRect(x: 200, y: 0, width: 200, height: 400))
        window.addSubview(left)
        window.addSubview(right)
        var forLeft: Set<UITouch>?
        var forRight: Set<UITouch>?
        var forWindow: Set<UITouch>?
        right.onBegan = { _, event in
            forLeft = event?.touches(for: left)
            forRight = event?.touches(for: right)
            forWindow = event?.touches(for: self.window)
        }

        window.simulateTouchDown(at: CGPoint(x: 50, y: 50), id: 1, time: 1)
        window.simulateTouchDown(at: CGPoint(x: 250, y: 50), id: 2, time: 2)

        let t1 = left.began.first
        let t2 = right.began.first
        #expect(right.allTouchesAtBegan.first?.count == 2)
        #expect(right.allTouchesAtBegan.first == Set([t1, t2].compactMap { $0 }))
        #expect(forLeft == Set([t1].compactMap { $0 }))
        #expect(forRight == Set([t2].compactMap { $0 }))
        #expect(forWindow?.count == 2)
        #expect(left.allTouchesAtBegan.first?.count == 1, "only the first finger was down then")
        #expect(right.eventsAtBegan.first??.type == .touches)
        #expect(right.eventsAtBegan.first??.timestamp == 2)
        window.cancelAllTouches()
    }

    @Test func event_endingTouchIsListedWhileHandledThenDropped() {
        resetApplication(); defer { resetApplication() }
        let view = TouchProbeView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        var atEnd: Set<UITouch>?
        var phaseAtEnd: UITouch.Phase?
        view.onEnded = { touch, event in
            atEnd = event?.allTouches
            phaseAtEnd = event?.allTouches?.first { $0 === touch }?.phase
        }
        window.simulateTouchDown(at: CGPoint(x: 10, y: 10), id: 1)
        window.simulateTouchDown(at: CGPoint(x: 20, y: 20), id: 2)
        window.simulateTouchUp(at: CGPoint(x: 10, y: 10), id: 1)
        #expect(atEnd?.count == 2)
        #expect(phaseAtEnd == .ended)
        window.simulateTouchDown(at: CGPoint(x: 30, y: 30), id: 3)
        #expect(view.allTouchesAtBegan.last?.count == 2, "the lifted touch is gone")
        #expect(window.activeTouchCount == 2)
        window.cancelAllTouches()
        #expect(window.activeTouchCount == 0)
    }

    @Test func event_isOneLiveObjectReusedByTheWindow() {
        resetApplication(); defer { resetApplication() }
        let view = TouchProbeView(frame: window.bounds)
        window.addSubview(view)
        window.simulateTap(at: CGPoint(x: 10, y: 10))
        window.simulateTap(at: CGPoint(x: 100, y: 10))
        #expect(view.eventsAtBegan.count == 2)
        #expect(view.eventsAtBegan[0] != nil && view.eventsAtBegan[0] === view.eventsAtBegan[1])
    }
}
