import Testing
import Foundation
@testable import SDLControlsCore

/// Each window's clock is its own: time, timers and animations of one host never leak into
/// another: nothing is shared between hosts.
@MainActor
struct FrameClockTests {
    @Test func aTimerFiresWhenItsClockReachesItsTime() {
        let clock = FrameClock()
        var fired: [TimeInterval] = []
        clock.scheduleTimer(after: 0.5) { _ in fired.append(clock.currentTime) }
        clock.advanceTime(to: 0.49)
        #expect(fired.isEmpty)
        clock.advanceTime(to: 0.5)
        #expect(fired == [0.5])
        clock.advanceTime(to: 2)
        #expect(fired == [0.5], "a one-shot timer fires once")
        #expect(clock.activeTimerCount == 0)
    }

    @Test func aRepeatingTimerCatchesUpAtMostTenTimesThenSkipsAhead() {
        let clock = FrameClock()
        var count = 0
        clock.scheduleTimer(after: 0.1, repeating: 0.1) { _ in count += 1 }
        clock.advanceTime(to: 0.35)
        #expect(count == 3)
        count = 0
        clock.advanceTime(to: 100)   // a long stall
        #expect(count == FrameClock.maximumCatchUpFirings)
        count = 0
        clock.advanceTime(to: 100.1)
        #expect(count == 1, "after skipping ahead it keeps its rhythm")
    }

    @Test func aZeroIntervalFiresOncePerAdvance() {
        let clock = FrameClock()
        var count = 0
        clock.scheduleTimer(after: 0, repeating: 0) { _ in count += 1 }
        clock.advanceTime(to: 1.0 / 60)
        #expect(count == 1)
        clock.advanceTime(to: 2.0 / 60)
        #expect(count == 2)
        clock.advanceTime(to: 2.0 / 60)   // the same time again: still once per pass
        #expect(count == 3)
    }

    @Test func badIntervalsAndTimesAreSafe() {
        let clock = FrameClock()
        var count = 0
        let t = clock.scheduleTimer(after: .nan, repeating: -.infinity) { _ in count += 1 }
        #expect(t.interval == 0 && t.fireTime == 0)
        clock.advanceTime(to: .nan)
        #expect(count == 1 && clock.currentTime == 0)
        clock.advanceTime(to: -5)
        #expect(clock.currentTime == 0, "time never runs backwards")
        #expect(count == 2, "a 0 interval fires once per advance")
        t.invalidate()
        clock.advanceTime(to: 1)
        #expect(count == 2)
    }

    @Test func aHandlerThatSchedulesDueTimersCannotHangThePass() {
        let clock = FrameClock()
        var count = 0
        func again() { clock.scheduleTimer(after: 0) { _ in count += 1; again() } }
        again()
        clock.advanceTime(to: 1)
        #expect(count > 0 && count <= 1000)
    }

    @Test func twoWindowsKeepTheirOwnTime() {
        let a = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(a.frameClock !== b.frameClock)
        a.frameClock.advanceTime(to: 1000)
        var fired = false
        b.frameClock.scheduleTimer(after: 0.5) { _ in fired = true }
        b.frameClock.advanceTime(to: 0.5)
        #expect(fired, "a window made after another ran for 1000 s starts at 0")
        #expect(b.frameClock.currentTime == 0.5 && a.frameClock.currentTime == 1000)
    }

    @Test func viewsUseTheirWindowsClockAndTheApplicationsOutsideAWindow() {
        let window = makeTestWindow()
        let view = UIView(frame: .zero)
        #expect(view.frameClock === UIApplication.shared.detachedClock)
        window.addSubview(view)
        #expect(view.frameClock === window.frameClock)
        #expect(UIApplication.shared.frameClock === window.frameClock, "the application's clock API is the key window's")
    }

    @Test func aSwitchAnimatesOnItsWindowsClockOnly() {
        let window = makeTestWindow()
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let s = UISwitch(frame: CGRect(x: 10, y: 10, width: 51, height: 31))
        window.addSubview(s)
        s.setOn(true, animated: true)
        other.frameClock.advanceTime(to: other.frameClock.currentTime + 5)
        #expect(window.frameClock.activeTimerCount == 1, "advancing another window's clock does nothing here")
        window.frameClock.advanceTime(to: window.frameClock.currentTime + 5)
        #expect(window.frameClock.activeTimerCount == 0)
    }

    @Test func outOfAWindowASwitchDoesNotAnimate() {
        _ = makeTestWindow()
        let s = UISwitch(frame: CGRect(x: 10, y: 10, width: 51, height: 31))
        s.setOn(true, animated: true)
        #expect(UIApplication.shared.detachedClock.activeTimerCount == 0)
        #expect(s.isOn)
    }
}
