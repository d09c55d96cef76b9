import Testing
import Foundation
@testable import SDLControlsCore

/// `UIView.animate`: model and in-flight values, timing on the window's frame clock,
/// completions, blending and taking over, options.
@MainActor
struct ViewAnimationTests {
    let window = makeTestWindow()

    private func box(_ frame: CGRect = CGRect(x: 50, y: 50, width: 100, height: 100)) -> UIView {
        let v = UIView(frame: frame)
        window.addSubview(v)
        return v
    }

    private func advance(to t: TimeInterval) { window.frameClock.advanceTime(to: t) }

    @Test func theModelValueChangesAtOnceAndTheDrawnValueMovesFromTheNextFrame() {
        let v = box()
        advance(to: 10)
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.center = CGPoint(x: 300, y: 100) }, completion: { finished.append($0) })
        #expect(v.center == CGPoint(x: 300, y: 100))
        #expect(v.frame.minX == 250)
        #expect(v.presentation().center == CGPoint(x: 100, y: 100), "nothing drawn has moved yet")
        advance(to: 10.5)   // the animation starts at this frame's time
        #expect(v.presentation().center.x == 100)
        advance(to: 11)     // half-way in time: ease-in-out is half-way in value
        #expect(abs(v.presentation().center.x - 200) < 0.01)
        #expect(finished.isEmpty)
        advance(to: 11.5)
        #expect(v.presentation().center.x == 300)
        #expect(finished == [true])
        advance(to: 12)
        #expect(finished == [true], "a completion runs once")
    }

    @Test func curvesFollowCoreAnimationsTimingFunctions() {
        let cases: [(UIView.AnimationOptions, ClosedRange<CGFloat>)] = [
            (.curveLinear, 124.99...125.01), (.curveEaseIn, 100...118), (.curveEaseOut, 130...160), (.curveEaseInOut, 102...120),
        ]
        for (option, range) in cases {
            let v = box()
            advance(to: window.frameClock.currentTime + 1)
            let start = window.frameClock.currentTime
            UIView.animate(withDuration: 1, delay: 0, options: option, animations: { v.center.x = 200 })
            advance(to: start)
            advance(to: start + 0.25)
            #expect(range.contains(v.presentation().center.x), "\(option.rawValue): \(v.presentation().center.x)")
            v.removeFromSuperview()
        }
    }

    @Test func aZeroOrInvalidDurationAppliesAtOnceAndCompletesAtTheNextFrameWithTrue() {
        for duration in [0, -1, .nan, .infinity, -.infinity] as [TimeInterval] {
            let v = box()
            var finished: [Bool] = []
            UIView.animate(withDuration: duration, animations: { v.alpha = 0.5 }, completion: { finished.append($0) })
            #expect(v.alpha == 0.5)
            #expect(v.presentation().alpha == 0.5)
            #expect(finished.isEmpty, "not inside the call")
            advance(to: window.frameClock.currentTime + 0.016)
            #expect(finished == [true], "duration \(duration)")
        }
    }

    @Test func aSecondAnimationOfTheCentreBlendsWithoutAJumpAndBothComplete() {
        let v = box()
        advance(to: 1)
        var done: [String] = []
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 300 },
                       completion: { done.append("first \($0)") })
        advance(to: 1)
        advance(to: 1.5)
        let before = v.presentation().center.x
        #expect(abs(before - 200) < 0.01)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 0 },
                       completion: { done.append("second \($0)") })
        #expect(v.presentation().center.x == before, "no jump when the second begins")
        advance(to: 1.5)
        #expect(abs(v.presentation().center.x - before) < 0.01)
        advance(to: 2.0)
        #expect(done == ["first true"])
        advance(to: 2.5)
        #expect(v.presentation().center.x == 0)
        #expect(done == ["first true", "second true"])
    }

    @Test func aTakenOverAlphaAnimationCompletesWithFalseAndTheNewOneStartsFromTheModelOrTheInFlightValue() {
        for fromCurrent in [false, true] {
            let v = box()
            advance(to: window.frameClock.currentTime + 1)
            let t0 = window.frameClock.currentTime
            var done: [Bool] = []
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 }, completion: { done.append($0) })
            advance(to: t0)
            advance(to: t0 + 0.5)
            #expect(abs(v.presentation().alpha - 0.5) < 0.01)
            UIView.animate(withDuration: 1, delay: 0, options: fromCurrent ? [.curveLinear, .beginFromCurrentState] : [.curveLinear],
                           animations: { v.alpha = 1 })
            #expect(abs(v.presentation().alpha - (fromCurrent ? 0.5 : 0)) < 0.01,
                    "starts from \(fromCurrent ? "the in-flight value" : "the earlier target")")
            advance(to: t0 + 0.5)
            #expect(done == [false])
            advance(to: t0 + 1.0)
            #expect(abs(v.presentation().alpha - (fromCurrent ? 0.75 : 0.5)) < 0.01)
            advance(to: t0 + 1.5)
            #expect(v.presentation().alpha == 1)
            v.removeFromSuperview()
        }
    }

    @Test func withoutAllowUserInteractionAnAnimatingViewAndItsSubviewsTakeNoTouches() {
        let v = box()
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.addSubview(inner)
        UIView.animate(withDuration: 1, animations: { v.alpha = 0.5 })
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === window, "skipped while animating")
        advance(to: 1); advance(to: 2.1)
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === inner)
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { v.center.x += 200 })
        #expect(window.hitTest(CGPoint(x: 265, y: 65), with: nil) === inner, "hit at the model frame")
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === window, "not where it is still drawn")
    }

    @Test func aDelayHoldsTheStartValueAndRepeatAutoreverseRunsBackAndForth() {
        let v = box()
        advance(to: 1)
        UIView.animate(withDuration: 1, delay: 0.5, options: [.curveLinear, .repeat, .autoreverse], animations: { v.center.x = 200 })
        advance(to: 1)
        advance(to: 1.4)
        #expect(v.presentation().center.x == 100, "still in its delay")
        advance(to: 2.0)
        #expect(abs(v.presentation().center.x - 150) < 0.01)
        advance(to: 2.5)
        #expect(abs(v.presentation().center.x - 200) < 0.01)
        advance(to: 3.0)
        #expect(abs(v.presentation().center.x - 150) < 0.01, "on its way back")
        advance(to: 4.0)
        #expect(abs(v.presentation().center.x - 150) < 0.01, "and forward again")
        #expect(window.existingViewAnimator?.isActive == true, "repeats for ever")
    }

    @Test func autoreverseWithoutRepeatEndsShowingTheModelValue() {
        let v = box()
        var done: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, options: [.autoreverse], animations: { v.center.x = 200 }, completion: { done.append($0) })
        advance(to: 1); advance(to: 2)
        #expect(abs(v.presentation().center.x - 200) < 0.01)
        advance(to: 3)
        #expect(done == [true])
        #expect(v.presentation().center.x == 200, "as UIKit: it snaps to the model value")
    }

    @Test func aSpringOvershootsAndLandsOnTheTargetWhateverItsDamping() {
        for damping in [0.2, 1, 0, -3, .nan] as [CGFloat] {
            let v = box()
            advance(to: window.frameClock.currentTime + 1)
            let t0 = window.frameClock.currentTime
            var done: [Bool] = []
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: 0, options: [],
                           animations: { v.center.x = 200 }, completion: { done.append($0) })
            advance(to: t0)
            var peak: CGFloat = 0
            for k in 1...59 {
                advance(to: t0 + Double(k) / 60)
                let x = v.presentation().center.x
                #expect(x.isFinite)
                peak = max(peak, x)
            }
            if damping == 0.2 { #expect(peak > 210, "an under-damped spring overshoots") }
            if damping == 1 { #expect(peak <= 200.0001, "a critically damped spring doesn't") }
            advance(to: t0 + 1)
            #expect(v.presentation().center.x == 200)
            #expect(done == [true], "damping \(damping)")
            v.removeFromSuperview()
        }
    }

    @Test func keyframesRunEachChangeInItsPartOfTheDuration() {
        let v = box()
        advance(to: 1)
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.center.x = 200 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center.x = 400 }
        })
        #expect(v.center.x == 400)
        advance(to: 1)
        advance(to: 1.5)
        #expect(abs(v.presentation().center.x - 150) < 0.01)
        advance(to: 2.0)
        #expect(abs(v.presentation().center.x - 200) < 0.01)
        advance(to: 2.5)
        #expect(abs(v.presentation().center.x - 300) < 0.01)
        advance(to: 3.0)
        #expect(v.presentation().center.x == 400)
    }

    @Test func performWithoutAnimationAndDisabledAnimationsApplyAtOnce() {
        let v = box()
        UIView.animate(withDuration: 1, animations: {
            UIView.performWithoutAnimation { v.alpha = 0.25 }
            #expect(UIView.inheritedAnimationDuration == 1)
        })
        #expect(v.presentation().alpha == 0.25)
        #expect(UIView.inheritedAnimationDuration == 0)
        UIView.setAnimationsEnabled(false)
        defer { UIView.setAnimationsEnabled(true) }
        var done: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.center.x = 300 }, completion: { done.append($0) })
        #expect(v.presentation().center.x == 300)
        advance(to: 0.5)
        #expect(done == [true])
    }

    @Test func aViewRemovedMidFlightCompletesExactlyOnceWithFalse() {
        let v = box()
        var done: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.center.x = 300 }, completion: { done.append($0) })
        advance(to: 0.1); advance(to: 0.3)
        v.removeFromSuperview()
        #expect(v.presentation().center.x == 300)
        advance(to: 0.5); advance(to: 2)
        #expect(done == [false])
    }

    @Test func completionsThatStartZeroLengthAnimationsAdvanceOneLinkPerFrame() {
        let v = box()
        var links = 0
        func next(_ finished: Bool) {
            links += 1
            guard links < 1000 else { return }
            UIView.animate(withDuration: 0, animations: { v.alpha = CGFloat(links % 2) }, completion: next)
        }
        UIView.animate(withDuration: 0, animations: { v.alpha = 0.5 }, completion: next)
        for k in 1...5 { advance(to: Double(k)) }
        #expect(links == 5)
    }

    @Test func completionsMayRemoveTheViewOrAnimateItAgain() {
        let v = box()
        var steps: [String] = []
        UIView.animate(withDuration: 0.1, animations: { v.center.x = 10 }, completion: { _ in
            steps.append("first")
            UIView.animate(withDuration: 0.1, animations: { v.center.x = 20 }, completion: { f in
                steps.append("second \(f)")
                v.removeFromSuperview()
            })
        })
        for k in 1...10 { advance(to: Double(k) * 0.05) }
        #expect(steps == ["first", "second true"])
        #expect(v.superview == nil)
    }

    @Test func tenThousandSimultaneousAnimationsAllComplete() {
        var count = 0
        var views: [UIView] = []
        for k in 0..<10_000 {
            let v = UIView(frame: CGRect(x: Double(k % 100) * 4, y: Double(k / 100) * 4, width: 3, height: 3))
            window.addSubview(v)
            views.append(v)
        }
        UIView.animate(withDuration: 0.2, animations: { for v in views { v.alpha = 0.5; v.center.y += 1 } },
                       completion: { _ in count += 1 })
        for k in 0...20 { advance(to: Double(k) * 0.02) }
        #expect(count == 1)
        #expect(views.allSatisfy { $0.presentation().alpha == 0.5 })
        #expect(window.existingViewAnimator?.isActive == false)
    }

    @Test func backgroundColourAnimatesFromNoColourByFadingInItsHue() {
        let v = box()
        advance(to: 1)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.backgroundColor = .red })
        advance(to: 1); advance(to: 1.5)
        let c = v.presentation().backgroundColor?.resolvedComponents(with: .light)
        #expect(c.map { abs($0.red - 1) < 0.01 && abs($0.alpha - 0.5) < 0.01 } == true)
    }

    @Test func aBlockStartedFromAFrameTimerCompletesAtTheFollowingUpdate() {
        let v = box()
        var log: [String] = []
        window.frameClock.scheduleTimer(after: 0.5) { _ in
            log.append("timer")
            UIView.animate(withDuration: 0, animations: { v.alpha = 0.5 }, completion: { _ in log.append("block") })
        }
        advance(to: 1)
        #expect(log == ["timer"], "the block's completion waits for the next update")
        advance(to: 1.1)
        #expect(log == ["timer", "block"])
    }

    @Test func aRotationAcrossHalfATurnGoesTheShortWayRound() {
        let v = box()
        v.transform = CGAffineTransform(rotationAngle: 3 * .pi / 4)
        advance(to: 1)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                       animations: { v.transform = CGAffineTransform(rotationAngle: -3 * .pi / 4) })
        advance(to: 1); advance(to: 1.5)
        let t = v.presentation().transform
        #expect(abs(t.a + 1) < 0.01 && abs(t.b) < 0.01, "half-way is upside down (180°), got \(t)")
    }

    @Test func aTransitionWithoutAllowUserInteractionTakesNoTouches() {
        let v = box()
        v.backgroundColor = .blue
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        UIView.transition(with: v, duration: 1, options: [.transitionCrossDissolve], animations: { v.backgroundColor = .red })
        #expect(v.viewMotion?.dissolve != nil, "the transition runs")
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === window, "skipped while it dissolves")
    }

    @Test func tenThousandAnimationsTakenOverOneByOneEachEndTheirBlockWithFalse() {
        var views: [UIView] = []
        for k in 0..<10_000 {
            let v = UIView(frame: CGRect(x: Double(k % 100) * 4, y: Double(k / 100) * 4, width: 3, height: 3))
            window.addSubview(v)
            views.append(v)
        }
        var first: [Bool] = [], later = 0
        UIView.animate(withDuration: 1, animations: { for v in views { v.alpha = 0.5 } }, completion: { first.append($0) })
        advance(to: 1); advance(to: 1.1)
        for v in views.reversed() { UIView.animate(withDuration: 0.1, animations: { v.alpha = 1 }, completion: { _ in later += 1 }) }
        advance(to: 1.2)
        #expect(first == [false], "taken over")
        advance(to: 1.4)
        #expect(later == 10_000)
        #expect(views.allSatisfy { $0.presentation().alpha == 1 })
    }

    @Test func aTransitionWhoseBlockRemovesItsViewCompletesOnceWithFalse() {
        for earlierAnimation in [false, true] {
            let v = box()
            v.backgroundColor = .red
            window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
            if earlierAnimation { UIView.animate(withDuration: 0.1) { v.alpha = 0.9 } }
            var done: [Bool] = []
            UIView.transition(with: v, duration: 0.25, options: .transitionCrossDissolve,
                              animations: { v.removeFromSuperview() }, completion: { done.append($0) })
            let t0 = window.frameClock.currentTime
            for k in 1...60 { advance(to: t0 + Double(k) / 60) }
            #expect(done == [false], "earlier animation: \(earlierAnimation)")
        }
    }

    @Test func aTransitionOfAViewThatDrawsNothingCompletesOnItsWindowsClock() {
        let v = box()
        var done: [Bool] = []
        UIView.transition(with: v, duration: 0.25, options: .transitionCrossDissolve,
                          animations: { v.removeFromSuperview() }, completion: { done.append($0) })
        advance(to: 0.1)
        #expect(done == [true], "nothing to fade: applied at once, completed at the next frame")
    }
}
