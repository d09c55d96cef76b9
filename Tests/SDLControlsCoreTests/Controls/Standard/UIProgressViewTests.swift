import Testing
import Foundation
@testable import SDLControlsCore

/// UIProgressView: the value pinned to 0…1, animated changes that move only the drawn fill
/// over frames of the window's clock, a `Progress` followed once a frame until it finishes,
/// its size and its accessibility value.
@MainActor
struct UIProgressViewTests {
    /// A visible window that is not the key one: these tests count its clock's timers.
    let window: UIWindow

    init() {
        _ = makeTestWindow()   // resets the application
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        window.isHidden = false
    }

    /// Runs the window's clock `n` frames of 1/60 s, as a fixed-step host does.
    private func frames(_ n: Int) {
        let clock = window.frameClock
        for _ in 0..<n { clock.advanceTime(to: clock.currentTime + 1.0 / 60) }
    }

    private func addBar(_ style: UIProgressView.Style = .default) -> UIProgressView {
        let bar = UIProgressView(progressViewStyle: style)
        bar.frame = CGRect(x: 20, y: 20, width: 200, height: UIProgressView.naturalHeight(for: style))
        window.addSubview(bar)
        return bar
    }

    // MARK: Defaults and size

    @Test func aNewProgressViewIsEmptyWithTheDefaultStyleAndNoColours() {
        let bar = UIProgressView(frame: .zero)
        #expect(bar.progress == 0 && bar.displayedProgress == 0)
        #expect(bar.progressViewStyle == .default)
        #expect(bar.progressTintColor == nil && bar.trackTintColor == nil)
        #expect(bar.progressImage == nil && bar.trackImage == nil && bar.observedProgress == nil)
        #expect(UIProgressView().progressViewStyle == .default)
    }

    @Test func theNaturalHeightIsFourPointsOrTwoAndAHalfForTheBar() {
        let plain = UIProgressView(progressViewStyle: .default)
        let bar = UIProgressView(progressViewStyle: .bar)
        #expect(plain.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 4))
        #expect(bar.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 2.5))
        #expect(plain.frame.size == CGSize(width: 0, height: 4) && bar.frame.size == CGSize(width: 0, height: 2.5))
        // sizeThatFits keeps a width it has, offers one when it has none.
        #expect(plain.sizeThatFits(.zero) == CGSize(width: UIProgressView.defaultWidth, height: 4))
        plain.frame.size.width = 300
        #expect(plain.sizeThatFits(CGSize(width: 10, height: 10)) == CGSize(width: 300, height: 4))
        plain.progressViewStyle = .bar
        #expect(plain.intrinsicContentSize.height == 2.5 && plain.sizeThatFits(.zero).height == 2.5)
    }

    // MARK: Pinning

    @Test func progressIsPinnedToZeroThroughOneWhateverItIsGiven() {
        let bar = addBar()
        let cases: [(Float, Float)] = [(0.4, 0.4), (-0.5, 0), (1.5, 1), (.nan, 0), (.infinity, 1), (-.infinity, 0),
                                       (.greatestFiniteMagnitude, 1), (-.leastNonzeroMagnitude, 0), (1, 1)]
        for (given, read) in cases {
            bar.progress = 0.5
            bar.progress = given
            #expect(bar.progress == read, "\(given) reads \(read), not \(bar.progress)")
            #expect(bar.displayedProgress == read)
            bar.setProgress(0.5, animated: false)
            bar.setProgress(given, animated: true)
            #expect(bar.progress == read, "animated: \(given) reads \(read)")
        }
        flush()
    }

    // MARK: Animated and immediate changes

    @Test func aChangeWithoutAnimationMovesTheFillAtOnceAndAsksForNoFrame() {
        let bar = addBar()
        bar.setProgress(0.7, animated: false)
        #expect(bar.progress == 0.7 && bar.displayedProgress == 0.7 && !bar.isAnimating)
        #expect(window.frameClock.activeTimerCount == 0)
        flush()
    }

    @Test func anAnimatedChangeSetsTheModelAtOnceAndMovesTheFillOverFramesOfTheClock() {
        let bar = addBar()
        frames(1)
        bar.setProgress(1, animated: true)
        #expect(bar.progress == 1, "the model changes at once, as UIKit's")
        #expect(bar.displayedProgress == 0 && bar.isAnimating, "the fill has not moved yet")
        #expect(window.frameClock.activeTimerCount == 1)
        var seen: [Float] = []
        for _ in 0..<14 {
            frames(1)
            seen.append(bar.displayedProgress)
        }
        #expect(seen == seen.sorted() && Set(seen).count == seen.count && seen.last! < 1, "forward every frame: \(seen)")
        frames(2)
        #expect(bar.displayedProgress == 1 && !bar.isAnimating, "arrived after 0.25 s")
        frames(1)
        #expect(window.frameClock.activeTimerCount == 0 && window.frameClock.controlAnimator.runningCount == 0)
        // Half-way in time, the ease-out is at 7/8 of the way back.
        bar.setProgress(0, animated: true)
        let start = window.frameClock.currentTime
        window.frameClock.advanceTime(to: start + UIProgressView.animationDuration / 2)
        #expect(abs(bar.displayedProgress - 0.125) < 1e-5)
        flush()
    }

    @Test func anAnimatedChangeJumpsWithoutAnimationsOrOutsideAWindow() {
        let bar = addBar()
        UIView.performWithoutAnimation { bar.setProgress(0.6, animated: true) }
        #expect(bar.displayedProgress == 0.6 && !bar.isAnimating)
        UIView.setAnimationsEnabled(false)
        bar.setProgress(0.2, animated: true)
        UIView.setAnimationsEnabled(true)
        #expect(bar.displayedProgress == 0.2 && !bar.isAnimating)
        let loose = UIProgressView(progressViewStyle: .default)
        loose.setProgress(0.9, animated: true)
        #expect(loose.displayedProgress == 0.9 && !loose.isAnimating, "no window, no clock to step it")
        #expect(window.frameClock.activeTimerCount == 0)
        flush()
    }

    @Test func leavingTheWindowEndsAMovingFillWhereItWasGoing() {
        let bar = addBar()
        bar.setProgress(0.8, animated: true)
        frames(3)
        bar.removeFromSuperview()
        #expect(bar.displayedProgress == 0.8 && !bar.isAnimating)
        frames(1)
        #expect(window.frameClock.activeTimerCount == 0)
        flush()
    }

    @Test func theFillGrowsFromTheLeadingEdge() {
        let bar = addBar()
        #expect(bar.fillRect(for: 0.25) == CGRect(x: 0, y: 0, width: 50, height: 4))
        bar.semanticContentAttribute = .forceRightToLeft
        #expect(bar.fillRect(for: 0.25) == CGRect(x: 150, y: 0, width: 50, height: 4), "from the right in right-to-left layouts")
        #expect(bar.fillRect(for: .nan).width == 0 && bar.fillRect(for: 9).width == 200)
        flush()
    }

    // MARK: Following a Progress

    @Test func anObservedProgressIsFollowedWithinAFrameUntilItFinishes() {
        let bar = addBar()
        let task = Progress(totalUnitCount: 10)
        task.completedUnitCount = 2
        bar.observedProgress = task
        #expect(bar.progress == 0.2, "taken at once")
        #expect(window.frameClock.activeTimerCount == 1, "read once a frame while it can change")
        task.completedUnitCount = 5
        frames(1)
        #expect(bar.progress == 0.5 && bar.displayedProgress == 0.5, "followed within a frame")
        task.completedUnitCount = 7
        frames(1)
        #expect(bar.progress == 0.7)
        task.completedUnitCount = 10
        frames(1)
        #expect(bar.progress == 1)
        #expect(window.frameClock.activeTimerCount == 0 && window.frameClock.controlAnimator.runningCount == 0,
                "finished: no more frames asked for")
        flush()
    }

    @Test func anObservedProgressSetToNilOrCancelledStopsAskingForFrames() {
        let bar = addBar()
        let task = Progress(totalUnitCount: 4)
        bar.observedProgress = task
        frames(2)
        #expect(window.frameClock.activeTimerCount == 1)
        bar.observedProgress = nil
        frames(1)
        #expect(window.frameClock.activeTimerCount == 0, "nil: nothing to read")
        task.completedUnitCount = 3
        frames(1)
        #expect(bar.progress == 0, "no longer followed")
        bar.observedProgress = task
        #expect(bar.progress == 0.75)
        task.cancel()
        frames(1)
        #expect(window.frameClock.activeTimerCount == 0, "cancelled: it won't move again")
        flush()
    }

    @Test func anObservedFractionBeyondOneIsPinnedAndAValueSetByHandStaysUntilTheFractionChanges() {
        let bar = addBar()
        let task = Progress(totalUnitCount: 10)
        bar.observedProgress = task
        task.completedUnitCount = 3
        frames(1)
        bar.progress = 0.9
        frames(2)
        #expect(bar.progress == 0.9, "the fraction did not change since it was taken")
        task.completedUnitCount = 4
        frames(1)
        #expect(bar.progress == 0.4)
        task.completedUnitCount = 12   // 1.2: over its total
        frames(1)
        #expect(bar.progress == 1)
        flush()
    }

    @Test func aProgressViewOutOfAWindowReadsItsProgressWhenItJoinsOne() {
        let bar = UIProgressView(progressViewStyle: .default)
        let task = Progress(totalUnitCount: 2)
        bar.observedProgress = task
        task.completedUnitCount = 1
        frames(1)
        #expect(bar.progress == 0, "no window: no frames to read it in")
        window.addSubview(bar)
        #expect(bar.progress == 0.5, "read on joining a window")
        #expect(window.frameClock.activeTimerCount == 1)
        bar.removeFromSuperview()
        frames(1)
        #expect(window.frameClock.activeTimerCount == 0, "left the window: its animator lets it go")
        flush()
    }

    // MARK: Accessibility

    @Test func theAccessibilityValueIsAPercentage() {
        let bar = addBar()
        #expect(bar.isAccessibilityElement)
        #expect(bar.accessibilityTraits == .updatesFrequently)
        #expect(bar.accessibilityValue == "0%")
        bar.progress = 0.5
        #expect(bar.accessibilityValue == "50%")
        bar.setProgress(1 / 3, animated: true)
        #expect(bar.accessibilityValue == "33%", "the model value, not the fill in flight")
        bar.progress = .infinity
        #expect(bar.accessibilityValue == "100%")
        bar.accessibilityValue = "Loading level 2"
        #expect(bar.accessibilityValue == "Loading level 2")
        flush()
    }

    // MARK: Drawing

    @Test func aMovingFillRedrawsOnlyTheProgressView() {
        let bar = addBar()
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        bar.setProgress(1, animated: true)
        frames(2)
        let moving = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(moving.rebuilt && moving.viewsRedrawn == 1)
        frames(30)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(!window.buildDrawList(into: list, scale: 1, resources: nil).rebuilt, "at rest: nothing to draw")
        flush()
    }
}
