import Testing
import Foundation
@testable import SDLControlsCore

/// `UIViewPropertyAnimator`: states, scrubbing, reversing, stopping and finishing.
@MainActor
struct PropertyAnimatorTests {
    let window = makeTestWindow()

    private func box() -> UIView {
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(v)
        return v
    }

    private func advance(to t: TimeInterval) { window.frameClock.advanceTime(to: t) }

    @Test func itIsInactiveUntilStartedThenRunsToItsEndAndCompletesAtEnd() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300 }
        a.addCompletion { positions.append($0) }
        #expect(a.state == .inactive && !a.isRunning)
        #expect(v.center.x == 100, "the block hasn't run")
        a.startAnimation()
        #expect(a.state == .active && a.isRunning)
        #expect(v.center.x == 300)
        advance(to: 1); advance(to: 1.5)
        #expect(abs(v.presentation().center.x - 200) < 0.01)
        #expect(abs(a.fractionComplete - 0.5) < 0.01)
        advance(to: 2)
        #expect(positions == [.end])
        #expect(a.state == .inactive)
        #expect(v.presentation().center.x == 300)
    }

    @Test func aPausedAnimatorIsScrubbedByFractionCompleteWithinZeroToOne() {
        let v = box()
        let a = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { v.alpha = 0 }
        a.fractionComplete = 0.25   // activates it, paused
        #expect(a.state == .active && !a.isRunning)
        #expect(abs(v.presentation().alpha - 0.75) < 0.01, "linear while scrubbing")
        a.fractionComplete = 7
        #expect(a.fractionComplete == 1)
        a.fractionComplete = -3
        #expect(a.fractionComplete == 0)
        a.fractionComplete = .nan
        #expect(a.fractionComplete == 0)
        a.scrubsLinearly = false
        a.fractionComplete = 0.5
        #expect(v.presentation().alpha > 0.6, "along the ease-in curve: slower at first")
    }

    @Test func reversedItRunsBackAndFinishingAtStartRestoresTheStartValues() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        advance(to: 1); advance(to: 1.5)
        a.isReversed = true
        advance(to: 1.75)
        #expect(abs(v.presentation().center.x - 150) < 0.01)
        advance(to: 2.1)
        #expect(positions == [.start])
        #expect(v.center.x == 100, "back at its start value")
    }

    @Test func stopWithoutFinishingKeepsTheInFlightValueAndRunsNoCompletion() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        advance(to: 1); advance(to: 1.5)
        a.stopAnimation(true)
        #expect(a.state == .inactive)
        #expect(abs(v.center.x - 200) < 0.01, "the model takes the in-flight value")
        advance(to: 3)
        #expect(positions.isEmpty)
    }

    @Test func stopThenFinishPassesThePositionToTheCompletions() {
        for (position, expected) in [(UIViewAnimatingPosition.end, 300.0), (.start, 100), (.current, 200)] as [(UIViewAnimatingPosition, CGFloat)] {
            let v = box()
            var positions: [UIViewAnimatingPosition] = []
            let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300 }
            a.addCompletion { positions.append($0) }
            let t0 = window.frameClock.currentTime + 1
            a.startAnimation()
            advance(to: t0); advance(to: t0 + 0.5)
            a.stopAnimation(false)
            #expect(a.state == .stopped)
            a.finishAnimation(at: position)
            #expect(positions == [position])
            #expect(abs(v.center.x - expected) < 0.01, "\(position)")
            #expect(a.state == .inactive)
            v.removeFromSuperview()
        }
    }

    @Test func pausesOnCompletionKeepsItActiveAtItsEnd() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.7) { v.transform = CGAffineTransform(scaleX: 2, y: 2) }
        a.pausesOnCompletion = true
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        advance(to: 1); advance(to: 2)
        #expect(a.state == .active && !a.isRunning)
        #expect(positions.isEmpty)
        #expect(a.fractionComplete == 1)
    }

    @Test func aRunningPropertyAnimatorStartsAtOnceAndIsNotInterruptible() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.25, options: [.curveLinear],
                                                                animations: { v.alpha = 0 }, completion: { positions.append($0) })
        #expect(a.isRunning && !a.isInterruptible)
        a.fractionComplete = 0.9
        #expect(a.fractionComplete == 0, "not scrubbable")
        advance(to: 1); advance(to: 1.2)
        #expect(v.presentation().alpha == 1, "in its delay")
        advance(to: 1.5)
        #expect(abs(v.presentation().alpha - 0.5) < 0.01)
        advance(to: 1.8)
        #expect(positions == [.end])
    }

    @Test func animationsAddedWhileRunningRunOverTheRemainingTime() {
        let v = box()
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300 }
        a.startAnimation()
        advance(to: 1); advance(to: 1.5)
        a.addAnimations { v.alpha = 0 }
        #expect(v.presentation().alpha == 1)
        advance(to: 1.75)
        #expect(abs(v.presentation().alpha - 0.5) < 0.01)
        advance(to: 2)
        #expect(v.presentation().alpha == 0)
    }

    @Test func aBadDurationFinishesAtTheNextFrame() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: .nan, curve: .easeOut) { v.center.x = 300 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        advance(to: 1); advance(to: 1.01)
        #expect(positions == [.end])
        #expect(v.presentation().center.x == 300)
    }

    @Test func aPausedAnimatorDrawsNothingNewAndLetsTheClockSleep() {
        let v = box()
        v.backgroundColor = .systemBlue
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 300; v.backgroundColor = .systemPink }
        a.fractionComplete = 0.5
        advance(to: 1)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        for k in 2...5 {
            advance(to: Double(k))
            #expect(window.buildDrawList(into: list, scale: 1, resources: nil).viewsRedrawn == 0)
        }
        #expect(window.frameClock.activeTimerCount == 0, "paused: nothing to wake for")
        a.startAnimation()
        #expect(window.frameClock.activeTimerCount == 1)
    }

    @Test func pausingARunningAnimatorLeavesItsViewsWhereTheyAreAndResumingCarriesOn() {
        let v = box()
        let a = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { v.center.x = 1100 }
        a.startAnimation()
        advance(to: 1); advance(to: 1.25)
        let shown = v.presentation().center.x
        a.pauseAnimation()
        #expect(v.presentation().center.x == shown, "no jump on pause")
        advance(to: 2)
        #expect(v.presentation().center.x == shown)
        a.fractionComplete = 0.5
        #expect(abs(v.presentation().center.x - 600) < 0.01, "scrubbed linearly")
        a.startAnimation()
        advance(to: 2.0001)
        #expect(abs(v.presentation().center.x - 600) < 1, "resumes from where it was shown")
    }

    @Test func aRunningPropertyAnimatorWhoseResultIsDiscardedStillCompletes() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: [.curveLinear],
                                                       animations: { v.alpha = 0 }, completion: { positions.append($0) })
        for k in 0...10 { advance(to: 1 + Double(k) * 0.1) }
        #expect(positions == [.end], "the completion of a running animator nobody holds")
    }

    @Test func aStartedPropertyAnimatorNobodyHoldsStillCompletes() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        func start() {
            let a = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { v.center.x = 300 }
            a.addCompletion { positions.append($0) }
            a.startAnimation()
        }
        start()
        for k in 0...10 { advance(to: 1 + Double(k) * 0.1) }
        #expect(positions == [.end])
    }

    @Test func aNonInterruptibleAnimatorCanBeNeitherPausedNorReversed() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: [.curveLinear],
                                                               animations: { v.center.x = 300 },
                                                               completion: { positions.append($0) })
        advance(to: 1); advance(to: 1.5)
        a.pauseAnimation()
        #expect(a.isRunning, "pausing a non-interruptible animator does nothing")
        advance(to: 2.1)
        #expect(positions == [.end])

        var positions2: [UIViewAnimatingPosition] = []
        let b = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: [.curveLinear],
                                                               animations: { v.center.y = 300 },
                                                               completion: { positions2.append($0) })
        advance(to: 3); advance(to: 3.5)
        b.isReversed = true
        advance(to: 4.1)
        #expect(positions2 == [.end], "it runs to its end, not back to its start")
        #expect(v.center.y == 300)
    }

    @Test func stoppingAnAnimatorKeepsTheOtherBlendedAnimationsOfItsViewInFlight() {
        let v = box()
        advance(to: 1)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 200 })
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.y = 300 }
        a.startAnimation()
        advance(to: 1); advance(to: 1.5)
        let before = v.presentation().center
        #expect(abs(before.x - 150) < 0.01 && abs(before.y - 200) < 0.01)
        a.stopAnimation(true)
        let after = v.presentation().center
        #expect(abs(after.x - before.x) < 0.01 && abs(after.y - before.y) < 0.01,
                "no jump: \(before) → \(after) (the block's animation of x is still half-way)")
    }

    @Test func aBlockEndingBesideAPausedAnimatorLeavesThePausedOffsetInPlace() {
        let v = box()
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.y = 300 }
        a.fractionComplete = 0.5   // active, paused: y drawn at 200
        #expect(abs(v.presentation().center.y - 200) < 0.01)
        advance(to: 1)
        UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: { v.center.x = 200 })
        for k in 0...10 { advance(to: 1 + Double(k) * 0.05) }
        #expect(a.state == .active && !a.isRunning)
        #expect(v.presentation().center.x == 200, "the block ended")
        #expect(abs(v.presentation().center.y - 200) < 0.01,
                "still where the paused animator holds it, got \(v.presentation().center.y)")
    }

    @Test func aBlockStartedByAnAnimatorsCompletionCompletesAtTheFollowingUpdate() {
        let v = box()
        var log: [String] = []
        let a = UIViewPropertyAnimator(duration: 0.1, curve: .linear) { v.center.x = 300 }
        a.addCompletion { _ in
            log.append("animator")
            UIView.animate(withDuration: 0, animations: { v.alpha = 0.5 }, completion: { _ in log.append("block") })
        }
        a.startAnimation()
        advance(to: 1); advance(to: 1.05)
        #expect(log.isEmpty)
        advance(to: 1.2)
        #expect(log == ["animator"], "the block's completion waits for the next update")
        advance(to: 1.3)
        #expect(log == ["animator", "block"])
    }

    @Test func aZeroDurationPropertyAnimatorFinishesAtTheNextUpdate() {
        let v = box()
        var positions: [UIViewAnimatingPosition] = []
        let a = UIViewPropertyAnimator(duration: 0, curve: .linear) { v.center.x = 300 }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        advance(to: 1)
        #expect(positions == [.end], "completed at the first update after the call")
        #expect(a.state == .inactive)
    }

    @Test func anAnimatorStoppedFromInsideItsOwnBlockLeavesItsViewsSettled() {
        let v = box()
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0.5 }
        a.startAnimation()
        a.stopAnimation(true)
        a.addAnimations {
            a.stopAnimation(true)
            v.center.x += 10
        }
        a.startAnimation()
        advance(to: 0.1); advance(to: 0.2)
        #expect(v.presentation().center == v.center, "nothing left animating")
        v.removeFromSuperview()
        advance(to: 0.3)
        #expect(v.superview == nil)
    }
}
