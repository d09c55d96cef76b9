import Testing
import Foundation
@testable import SDLControlsCore

/// Pan, swipe, pinch and rotation: thresholds, what they measure, and bad input.
@MainActor
struct DragGestureTests {
    let window = makeTestWindow()

    private func panel() -> PhaseRecordingView {
        let v = PhaseRecordingView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        v.isMultipleTouchEnabled = true
        window.addSubview(v)
        return v
    }

    @Test func aPanBeginsAtTenPointsAndMeasuresFromTheTouchDown() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan) { ($0 as! UIPanGestureRecognizer).translation(in: nil) }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100))
        f.move(CGPoint(x: 109, y: 100))
        #expect(log.states.isEmpty)
        f.move(CGPoint(x: 112, y: 100))
        #expect(log.states == [.began])
        #expect(log.values == [CGPoint(x: 12, y: 0)], "the movement that crossed the threshold is included")
        pan.setTranslation(.zero, in: v)
        f.move(CGPoint(x: 120, y: 105))
        #expect(log.values.last == CGPoint(x: 8, y: 5))
        f.up(CGPoint(x: 120, y: 105))
    }

    @Test func aPansVelocityStaysFiniteWhenSamplesShareATimestampOrGoBack() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        var velocities: [CGPoint] = []
        pan.addHandler { velocities.append($0.velocity(in: nil)) }
        for (i, t) in [1.0, 1.0, 1.0, 0.5, 0.5, 2.0].enumerated() {
            let phase: UITouch.Phase = i == 0 ? .began : .moved
            window.send(TouchSample(id: 1, phase: phase, location: CGPoint(x: 100 + CGFloat(i) * 20, y: 100), timestamp: t))
        }
        window.send(TouchSample(id: 1, phase: .ended, location: CGPoint(x: 220, y: 100), timestamp: 2.0))
        #expect(!velocities.isEmpty)
        #expect(velocities.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func aSecondFingerJoiningAPanDoesNotMakeItJump() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 140, y: 100), id: 1)
        let before = pan.translation(in: nil)
        f.down(CGPoint(x: 300, y: 300), id: 2)
        #expect(pan.translation(in: nil) == before)
        f.up(CGPoint(x: 140, y: 100), id: 1)
        #expect(pan.translation(in: nil) == before, "nor one lifting")
        f.up(CGPoint(x: 300, y: 300), id: 2)
    }

    @Test func aWheelPansOnlyWhenItsScrollTypeIsAllowedAndEndsAfterAPause() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan) { ($0 as! UIPanGestureRecognizer).translation(in: nil) }
        #expect(!window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 50, y: 50), isPrecise: false), "none by default, as UIKit")
        pan.allowedScrollTypesMask = .discrete
        #expect(!window.sendScroll(CGPoint(x: 0, y: 4), at: CGPoint(x: 50, y: 50), isPrecise: true), "a trackpad is continuous")
        #expect(window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 50, y: 50), isPrecise: false))
        #expect(window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 50, y: 50), isPrecise: false))
        #expect(log.states == [.began, .changed])
        #expect(log.values.last == CGPoint(x: 0, y: -80), "the translation moves as dragged content would")
        window.frameClock.advanceTime(to: window.frameClock.currentTime + UIPanGestureRecognizer.scrollEndDelay + 0.01)
        #expect(log.states == [.began, .changed, .ended])
        #expect(pan.state == .possible)
    }

    @Test func aSwipeRecognizesWhileMovingInAnAllowedDirection() {
        let v = panel()
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = .left
        v.addGestureRecognizer(swipe)
        let log = GestureLog(swipe)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 140, y: 104), steps: 3)
        #expect(log.states == [.recognized], "recognized before the finger lifts")
        f.up(CGPoint(x: 140, y: 104))
        f.advance(by: 1)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 170, y: 100), steps: 3)
        f.up(CGPoint(x: 170, y: 100))
        #expect(log.states == [.recognized], "to the right: not this swipe")
    }

    @Test func aSlowSwipeFails() {
        let v = panel()
        let swipe = UISwipeGestureRecognizer()
        v.addGestureRecognizer(swipe)
        let log = GestureLog(swipe)
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100))
        f.advance(by: UISwipeGestureRecognizer.maximumDuration)
        f.move(CGPoint(x: 200, y: 100))
        f.up(CGPoint(x: 200, y: 100))
        #expect(log.states.isEmpty)
    }

    @Test func aPinchsScaleIsTheDistanceOverTheDistanceAtTouchDown() {
        let v = panel()
        let pinch = UIPinchGestureRecognizer()
        v.addGestureRecognizer(pinch)
        let log = GestureLog(pinch) { CGPoint(x: ($0 as! UIPinchGestureRecognizer).scale, y: 0) }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 200), id: 1)
        f.down(CGPoint(x: 200, y: 200), id: 2)
        f.move(CGPoint(x: 250, y: 200), id: 2)
        #expect(log.states == [.began])
        #expect(log.values == [CGPoint(x: 1.5, y: 0)])
        #expect(pinch.velocity > 0)
        f.up(CGPoint(x: 250, y: 200), id: 2)
        #expect(log.states == [.began, .ended])
        f.up(CGPoint(x: 100, y: 200), id: 1)
    }

    @Test func aPinchFromOneSpotHasAFiniteScale() {
        let v = panel()
        let pinch = UIPinchGestureRecognizer()
        v.addGestureRecognizer(pinch)
        var scales: [CGFloat] = []
        pinch.addHandler { scales.append($0.scale) }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100), id: 1)
        f.down(CGPoint(x: 100, y: 100), id: 2)
        f.move(CGPoint(x: 130, y: 100), id: 2)
        f.up(CGPoint(x: 130, y: 100), id: 2)
        f.up(CGPoint(x: 100, y: 100), id: 1)
        #expect(!scales.isEmpty)
        #expect(scales.allSatisfy { $0.isFinite && $0 > 0 })
        pinch.scale = .nan
        #expect(pinch.scale.isFinite)
    }

    @Test func aRotationIsClockwisePositiveAndAccumulates() {
        let v = panel()
        let rotation = UIRotationGestureRecognizer()
        v.addGestureRecognizer(rotation)
        var f = GestureFinger(window: window)
        let c = CGPoint(x: 200, y: 200)
        f.down(CGPoint(x: c.x - 50, y: c.y), id: 1)
        f.down(CGPoint(x: c.x + 50, y: c.y), id: 2)
        // Turn the second finger around the first by a quarter turn, clockwise on screen.
        for i in 1...9 {
            let a = CGFloat(i) * .pi / 18
            f.move(CGPoint(x: c.x - 50 + 100 * cos(a), y: c.y + 100 * sin(a)), id: 2)
        }
        #expect(rotation.state == .changed)
        #expect(abs(rotation.rotation - .pi / 2) < 0.01)
        f.up(CGPoint(x: c.x - 50, y: c.y + 100), id: 2)
        f.up(CGPoint(x: c.x - 50, y: c.y), id: 1)
    }

    @Test func tenFingersAtOncePinchWithTheFirstTwoAndEveryTouchEnds() {
        let v = panel()
        let pinch = UIPinchGestureRecognizer()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pinch)
        v.addGestureRecognizer(pan)
        var f = GestureFinger(window: window)
        for i in 0..<10 { f.down(CGPoint(x: 20 + CGFloat(i) * 30, y: 100), id: Int64(i)) }
        #expect(pinch.numberOfTouches == 2)
        for i in 0..<10 { f.move(CGPoint(x: 20 + CGFloat(i) * 35, y: 140), id: Int64(i)) }
        for i in 0..<10 { f.up(CGPoint(x: 20 + CGFloat(i) * 35, y: 140), id: Int64(i)) }
        #expect(window.activeTouchCount == 0)
        #expect(pinch.state == .possible && pan.state == .possible)
        #expect(v.phases.filter { $0 == "began" }.count == v.phases.filter { $0 == "ended" || $0 == "cancelled" }.count)
    }

    @Test func badTouchPositionsNeverReachARecognizerAsNaN() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        var values: [CGPoint] = []
        pan.addHandler { values.append($0.translation(in: nil)) }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 100))
        f.move(CGPoint(x: CGFloat.nan, y: 100))
        f.move(CGPoint(x: 1e300, y: -1e300))
        f.up(CGPoint(x: CGFloat.infinity, y: 100))
        #expect(values.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(pan.state == .possible)
    }

    @Test func aPanWhoseTranslationIsSetBackToZeroKeepsItsVelocity() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        v.addGestureRecognizer(pan)
        var endSpeed: CGFloat = -1
        pan.addHandler { p in
            if p.state == .ended { endSpeed = p.velocity(in: nil).x }
            p.setTranslation(.zero, in: nil)   // UIKit's usual pattern: apply, then reset
        }
        var f = GestureFinger(window: window)   // 20 points every 10 ms: 2,000 points a second
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 5)
        f.up(CGPoint(x: 220, y: 100))
        #expect(abs(endSpeed - 2000) < 1)
    }

    @Test func aPinchWhoseScaleIsSetBackToOneEndsAtOne() {
        let v = panel()
        let pinch = UIPinchGestureRecognizer()
        v.addGestureRecognizer(pinch)
        var scales: [UIGestureRecognizer.State: CGFloat] = [:]
        pinch.addHandler { p in
            scales[p.state] = p.scale
            p.scale = 1   // Apple's pattern: apply the step, measure the next from here
        }
        var f = GestureFinger(window: window)
        f.down(CGPoint(x: 100, y: 200), id: 1)
        f.down(CGPoint(x: 200, y: 200), id: 2)
        f.move(CGPoint(x: 250, y: 200), id: 2)
        f.move(CGPoint(x: 300, y: 200), id: 2)
        f.up(CGPoint(x: 300, y: 200), id: 2)
        f.up(CGPoint(x: 100, y: 200), id: 1)
        #expect(scales[.began] == 1.5)
        #expect(abs((scales[.changed] ?? 0) - 200.0 / 150) < 1e-9)
        #expect(scales[.ended] == 1, "nothing moved since the last reset")
    }

    @Test func aPanPansWithAsManyFingersAsItAllows() {
        let v = panel()
        let twoFinger = UIPanGestureRecognizer()
        twoFinger.minimumNumberOfTouches = 2
        v.addGestureRecognizer(twoFinger)
        var f = GestureFinger(window: window)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), id: 1)
        #expect(twoFinger.state == .possible, "one finger is not enough")
        f.up(CGPoint(x: 200, y: 100), id: 1)
        f.down(CGPoint(x: 100, y: 100), id: 1)
        f.down(CGPoint(x: 100, y: 200), id: 2)
        f.move(CGPoint(x: 130, y: 100), id: 1)
        f.move(CGPoint(x: 130, y: 200), id: 2)
        #expect(twoFinger.state == .began || twoFinger.state == .changed)
        #expect(twoFinger.translation(in: nil) == CGPoint(x: 30, y: 0))
        f.up(CGPoint(x: 130, y: 100), id: 1)
        #expect(twoFinger.state == .ended, "fewer than its minimum: it ended")
        f.up(CGPoint(x: 130, y: 200), id: 2)
        #expect(twoFinger.state == .possible, "reset once every finger lifted")

        v.removeGestureRecognizer(twoFinger)
        let oneFinger = UIPanGestureRecognizer()
        oneFinger.maximumNumberOfTouches = 1
        oneFinger.cancelsTouchesInView = false
        v.addGestureRecognizer(oneFinger)
        f.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 150, y: 100), id: 1)
        f.down(CGPoint(x: 300, y: 300), id: 2)
        #expect(oneFinger.numberOfTouches == 1, "a second finger is ignored")
        f.move(CGPoint(x: 320, y: 300), id: 2)
        #expect(oneFinger.translation(in: nil) == CGPoint(x: 50, y: 0))
        f.up(CGPoint(x: 320, y: 300), id: 2)
        f.up(CGPoint(x: 150, y: 100), id: 1)
        #expect(v.phases.suffix(4).contains("ended"), "the ignored finger still reached its view")
    }

    @Test func aWheelPanThatMustWaitDoesNotBeginLaterWithNoWheel() {
        let v = panel()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let pan = UIPanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        pan.require(toFail: double)
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(pan)
        let pans = GestureLog(pan)
        var f = GestureFinger(window: window)
        f.tap(CGPoint(x: 50, y: 50))
        _ = window.sendScroll(CGPoint(x: 0, y: 20), at: CGPoint(x: 50, y: 50), isPrecise: true)
        f.advance(by: 1)
        f.advance(by: 1)
        #expect(pan.state == .possible, "pan state \(pan.state), log \(pans.states)")
        #expect(pans.states.isEmpty || pans.states.last == .ended, "log \(pans.states)")
        // and the next wheel scroll pans again
        let took = window.sendScroll(CGPoint(x: 0, y: 20), at: CGPoint(x: 50, y: 50), isPrecise: true)
        #expect(took, "the wheel pans again")
    }

    @Test func aFingerPansOnceAWheelPanHasEnded() {
        let v = panel()
        let pan = UIPanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        v.addGestureRecognizer(pan)
        let log = GestureLog(pan) { ($0 as! UIPanGestureRecognizer).translation(in: nil) }
        var f = GestureFinger(window: window)
        #expect(window.sendScroll(CGPoint(x: 0, y: 20), at: CGPoint(x: 50, y: 50), isPrecise: true))
        f.down(CGPoint(x: 100, y: 100))
        f.move(CGPoint(x: 150, y: 100))
        f.advance(by: 0.3)   // wheel pan ends
        f.move(CGPoint(x: 200, y: 100))
        f.move(CGPoint(x: 250, y: 100))
        f.up(CGPoint(x: 250, y: 100))
        let fingerPans = log.states.filter { $0 == .began }.count
        #expect(fingerPans == 2, "the finger's drag should pan too: \(log.states) \(log.values)")
        #expect(v.phases.contains("began"))
    }
}
