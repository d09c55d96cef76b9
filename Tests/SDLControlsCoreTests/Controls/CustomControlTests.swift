import Testing
import Foundation
@testable import SDLControlsCore

/// A rotary knob, written the way Apple's UIControl subclassing notes describe: it overrides
/// the four tracking methods, reads `touch.location(in: self)`, reports changes with
/// `sendActions(for: .valueChanged)`, names valueChanged as its primary event, and calls
/// super from `endTracking` and `cancelTracking`.
@MainActor
private final class RotaryKnob: UIControl {
    /// The angle of the pointer in radians, 0 pointing right, increasing clockwise (y down),
    /// in -π…π.
    private(set) var angle: CGFloat = 0
    /// Touches nearer the middle than this don't start tracking (the hub).
    var hubRadius: CGFloat = 10
    /// With false, valueChanged is sent once at the lift instead of on every move.
    var isContinuous = true
    /// Every `sendAction(_:to:for:)` call, to show the override point sees target-action.
    private(set) var sentActionNames: [String] = []

    private var angleAtTouchDown: CGFloat = 0

    override var primaryControlEvent: Event? { .valueChanged }

    private func angle(of touch: UITouch) -> CGFloat {
        let p = touch.location(in: self)
        return atan2(p.y - bounds.midY, p.x - bounds.midX)
    }

    private func distanceFromMiddle(_ touch: UITouch) -> CGFloat {
        let p = touch.location(in: self)
        return hypot(p.x - bounds.midX, p.y - bounds.midY)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard distanceFromMiddle(touch) >= hubRadius else { return false }
        angleAtTouchDown = angle
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let new = angle(of: touch)
        if new != angle {
            angle = new
            if isContinuous { sendActions(for: .valueChanged) }
        }
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous, angle != angleAtTouchDown { sendActions(for: .valueChanged) }
        super.endTracking(touch, with: event)
    }

    override func cancelTracking(with event: UIEvent?) {
        angle = angleAtTouchDown            // a cancelled turn is undone
        super.cancelTracking(with: event)   // clears tracking and sends touchCancel (C7)
    }

    override func sendAction(_ action: ActionSelector, to target: AnyObject?, for event: UIEvent?) {
        sentActionNames.append(action.name)
        super.sendAction(action, to: target, for: event)
    }
}

/// A target for the knob's named action.
@MainActor
private final class KnobReader: ActionPerforming {
    var angles: [CGFloat] = []
    var senders: [UIControl] = []
    func actionMethod(for action: ActionSelector) -> ActionMethod? {
        guard action == "knobTurned:" else { return nil }
        return ActionMethod { [unowned self] (sender: Any?) in
            guard let knob = sender as? RotaryKnob else { return }
            self.angles.append(knob.angle)
            self.senders.append(knob)
        }
    }
}

@MainActor
struct CustomControlTests {
    let window = makeTestWindow()
    /// Keeps each test's logs and readers alive for the whole test.
    private let retained = Retainer()
    private final class Retainer { var objects: [AnyObject] = [] }

    /// The knob is 200×200 at (100, 100): its middle is window (200, 200).
    nonisolated static let knobFrame = CGRect(x: 100, y: 100, width: 200, height: 200)
    nonisolated static let east = CGPoint(x: 290, y: 200)
    nonisolated static let south = CGPoint(x: 200, y: 290)
    nonisolated static let west = CGPoint(x: 110, y: 200)
    nonisolated static let north = CGPoint(x: 200, y: 110)
    nonisolated static let modes: [ActionDelivery] = [.batched, .immediate]

    private func makeKnob(in parent: UIView? = nil, frame: CGRect = knobFrame) -> (RotaryKnob, EventLog, KnobReader) {
        let knob = RotaryKnob(frame: frame)
        (parent ?? window).addSubview(knob)
        let reader = KnobReader()
        knob.addTarget(reader, action: "knobTurned:", for: .valueChanged)
        let log = EventLog(knob)
        retained.objects += [log, reader]
        return (knob, log, reader)
    }

    private func isClose(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }

    @Test(arguments: modes)
    func custom_dragAroundTheKnobTurnsItAndSendsValueChangedThenPrimary(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (knob, log, reader) = makeKnob()
        window.simulateTouchDown(at: Self.east)
        #expect(knob.isTracking && knob.isHighlighted, "UIControl's tracking state comes with the subclass")
        window.simulateTouchMove(to: Self.south)
        #expect(isClose(knob.angle, .pi / 2), "the angle updates during input")
        window.simulateTouchMove(to: Self.west)
        window.simulateTouchMove(to: Self.north)
        window.simulateTouchUp(at: Self.north)
        flush()

        #expect(log.names == [
            "touchDown",
            "valueChanged", "primaryActionTriggered", "dragInside",
            "valueChanged", "primaryActionTriggered", "dragInside",
            "valueChanged", "primaryActionTriggered", "dragInside",
            "touchUpInside",
        ])
        // Batched deliveries run after the drag, so the target reads the final angle;
        // immediate ones read each angle as it is reached.
        #expect(reader.angles.count == 3)
        if mode == .immediate {
            #expect(isClose(reader.angles[0], .pi / 2))
            #expect(isClose(reader.angles[1], .pi))
            #expect(isClose(reader.angles[2], -.pi / 2))
        } else {
            #expect(reader.angles.allSatisfy { isClose($0, -.pi / 2) })
        }
        #expect(reader.senders.allSatisfy { $0 === knob })
        #expect(isClose(knob.angle, -.pi / 2))
        #expect(!knob.isTracking && !knob.isHighlighted)
        // Every target-action dispatch goes through the sendAction(_:to:for:) override: the
        // reader's three, and the event log's typed target for the five touch events.
        // The UIActions (the log's names, the primary action) do not.
        #expect(knob.sentActionNames.filter { $0 == "knobTurned:" }.count == 3)
        #expect(knob.sentActionNames.filter { $0 == ActionSelector.typedActionName }.count == 5)
        #expect(knob.sentActionNames.count == 8)
    }

    @Test func custom_primaryActionFollowsValueChangedForCodeToo() {
        resetApplication(); defer { resetApplication() }
        var primaries = 0
        let knob = RotaryKnob(frame: Self.knobFrame, primaryAction: UIAction { _ in primaries += 1 })
        window.addSubview(knob)
        knob.sendActions(for: .valueChanged)
        knob.sendActions(for: .touchUpInside)        // not the knob's primary event
        flush()
        #expect(primaries == 1)
        window.simulateDrag(from: Self.east, to: Self.south, steps: 3)
        flush()
        #expect(primaries == 1 + 3)
    }

    @Test func custom_touchOnTheHubIsRefused() {
        resetApplication(); defer { resetApplication() }
        let (knob, log, reader) = makeKnob()
        window.simulateTouchDown(at: CGPoint(x: 203, y: 204))     // 5 pt from the middle
        #expect(!knob.isTracking)
        #expect(!knob.isHighlighted)
        window.simulateTouchMove(to: Self.south)
        window.simulateTouchUp(at: Self.south)
        flush()
        #expect(log.names.isEmpty, "C3: nothing for a refused touch")
        #expect(knob.angle == 0)
        #expect(reader.angles.isEmpty)
    }

    @Test(arguments: modes)
    func custom_cancelUndoesTheTurnAndSendsTouchCancel(_ mode: ActionDelivery) {
        resetApplication(mode); defer { resetApplication() }
        let (knob, log, _) = makeKnob()
        window.simulateTouchDown(at: Self.east)
        window.simulateTouchMove(to: Self.south)
        #expect(isClose(knob.angle, .pi / 2))
        window.cancelAllTouches()
        flush()
        #expect(knob.angle == 0)
        #expect(!knob.isTracking && !knob.isHighlighted)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "dragInside", "touchCancel"])
    }

    @Test func custom_removedWhileTurningCancelsWithNilEvent() {
        resetApplication(); defer { resetApplication() }
        let (knob, log, _) = makeKnob()
        let recorder = ProbeEventRecorder()
        recorder.attach(to: knob, for: .touchCancel)
        window.simulateTouchDown(at: Self.east)
        window.simulateTouchMove(to: Self.south)
        knob.removeFromSuperview()
        flush()
        #expect(knob.angle == 0)
        #expect(log.names.last == "touchCancel")
        #expect(recorder.event(of: "touchCancel") != nil)
        #expect(recorder.event(of: "touchCancel").flatMap { $0 } == nil)
    }

    @Test func custom_nonContinuousKnobSendsOneValueChangedAtTheLift() {
        resetApplication(.immediate); defer { resetApplication() }
        let (knob, log, reader) = makeKnob()
        knob.isContinuous = false
        window.simulateTouchDown(at: Self.east)
        window.simulateTouchMove(to: Self.south)
        window.simulateTouchMove(to: Self.west)
        #expect(!log.names.contains("valueChanged"))
        window.simulateTouchUp(at: Self.west)
        #expect(log.names == ["touchDown", "dragInside", "dragInside", "valueChanged", "primaryActionTriggered", "touchUpInside"],
                "valueChanged from endTracking comes before the touch-up")
        #expect(reader.angles.count == 1)
        #expect(isClose(reader.angles.first ?? 0, .pi))
    }

    @Test func custom_angleUsesLocationInTheKnobsOwnCoordinates() {
        resetApplication(); defer { resetApplication() }
        let container = UIView(frame: CGRect(x: 40, y: 30, width: 360, height: 370))
        window.addSubview(container)
        // The knob's middle is window (40 + 60 + 100, 30 + 70 + 100) = (200, 200).
        let (knob, _, _) = makeKnob(in: container, frame: CGRect(x: 60, y: 70, width: 200, height: 200))
        window.simulateTouchDown(at: Self.east)
        window.simulateTouchMove(to: Self.north)
        #expect(isClose(knob.angle, -.pi / 2))
        window.simulateTouchMove(to: CGPoint(x: 290, y: 290))
        #expect(isClose(knob.angle, .pi / 4))
        window.simulateTouchUp(at: CGPoint(x: 290, y: 290))
    }

    @Test func custom_turningFarOutsideStillTracksAndEndsOutside() {
        resetApplication(); defer { resetApplication() }
        let (knob, log, _) = makeKnob(frame: CGRect(x: 150, y: 150, width: 100, height: 100))   // middle (200, 200)
        window.simulateTouchDown(at: CGPoint(x: 240, y: 200))
        window.simulateTouchMove(to: CGPoint(x: 200, y: 399))     // 149 below the bottom: outside the slop
        #expect(isClose(knob.angle, .pi / 2), "continueTracking is called outside too")
        #expect(!knob.isTouchInside)
        window.simulateTouchUp(at: CGPoint(x: 200, y: 399))
        flush()
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "dragExit", "dragOutside", "touchUpOutside"])
    }

    @Test func custom_settingStateOnTheKnobBehavesAsForAnyControl() {
        resetApplication(); defer { resetApplication() }
        let (knob, log, _) = makeKnob()
        knob.isEnabled = false
        window.simulateDrag(from: Self.east, to: Self.south)
        flush()
        #expect(log.names.isEmpty, "C1: a disabled knob takes no touches")
        #expect(knob.angle == 0)
        knob.isEnabled = true
        knob.isSelected = true
        window.simulateDrag(from: Self.east, to: Self.south)
        flush()
        #expect(knob.isSelected, "C10")
        #expect(isClose(knob.angle, .pi / 2))
    }
}
