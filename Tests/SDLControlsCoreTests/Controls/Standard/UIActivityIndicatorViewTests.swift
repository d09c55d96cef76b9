import Testing
import Foundation
@testable import SDLControlsCore

/// UIActivityIndicatorView: hidden while stopped from its creation, start and stop, the bright
/// spoke stepping on the window's clock, every indicator of a window sharing one clock timer,
/// no frames asked for while stopped, hidden or out of a window, its accessibility.
@MainActor
struct UIActivityIndicatorViewTests {
    /// A visible window that is not the key one: these tests count its clock's timers.
    let window: UIWindow

    init() {
        _ = makeTestWindow()   // resets the application
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.isHidden = false
    }

    private var clock: FrameClock { window.frameClock }

    /// Runs the window's clock `n` frames of 1/60 s, as a fixed-step host does.
    private func frames(_ n: Int) {
        for _ in 0..<n { clock.advanceTime(to: clock.currentTime + 1.0 / 60) }
    }

    /// Runs the clock to just past the next step boundary (an eighth of a second).
    private func pastTheNextStep() {
        let step = UIActivityIndicatorView.stepDuration
        clock.advanceTime(to: ((clock.currentTime / step).rounded(.down) + 1) * step + 0.001)
    }

    private func addSpinner(_ style: UIActivityIndicatorView.Style = .medium, in parent: UIView? = nil) -> UIActivityIndicatorView {
        let spinner = UIActivityIndicatorView(style: style)
        spinner.frame.origin = CGPoint(x: 20, y: 20)
        (parent ?? window).addSubview(spinner)
        return spinner
    }

    /// Whether the window's clock has anything to wake for.
    private var asksForFrames: Bool { clock.activeTimerCount > 0 }

    // MARK: Defaults

    @Test func aNewIndicatorIsStoppedAndHiddenUntilItStarts() {
        for spinner in [UIActivityIndicatorView(style: .medium), UIActivityIndicatorView(frame: .zero), UIActivityIndicatorView()] {
            #expect(!spinner.isAnimating)
            #expect(spinner.hidesWhenStopped)
            #expect(spinner.isHidden, "hidden from its creation: it hides when stopped")
            #expect(spinner.style == .medium)
            #expect(spinner.color == UIColor.secondaryLabel)
        }
    }

    @Test func theStylesAreTwentyAndThirtySevenPointsSquare() {
        let medium = UIActivityIndicatorView(style: .medium)
        let large = UIActivityIndicatorView(style: .large)
        #expect(medium.frame.size == CGSize(width: 20, height: 20) && medium.intrinsicContentSize == medium.frame.size)
        #expect(large.frame.size == CGSize(width: 37, height: 37) && large.sizeThatFits(.zero) == large.frame.size)
        medium.style = .large
        #expect(medium.intrinsicContentSize == CGSize(width: 37, height: 37))
    }

    @Test func theDeprecatedStylesAreSizesWithTheirColours() throws {
        // By raw value, as UIKit numbers them (the names are deprecated).
        let whiteLarge = UIActivityIndicatorView(style: try #require(.init(rawValue: 0)))
        let white = UIActivityIndicatorView(style: try #require(.init(rawValue: 1)))
        let gray = UIActivityIndicatorView(style: try #require(.init(rawValue: 2)))
        #expect(whiteLarge.frame.size == UIActivityIndicatorView.largeSize && whiteLarge.color == .white)
        #expect(white.frame.size == UIActivityIndicatorView.mediumSize && white.color == .white)
        #expect(gray.frame.size == UIActivityIndicatorView.mediumSize && gray.color == UIColor.secondaryLabel)
        white.color = .systemRed
        #expect(white.color == .systemRed)
        white.color = nil
        #expect(white.color == .white, "nil: the style's colour again")
    }

    // MARK: Start, stop, hidesWhenStopped

    @Test func startingShowsItAndStoppingHidesIt() {
        let spinner = addSpinner()
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        spinner.startAnimating()
        #expect(spinner.isAnimating, "starting twice is starting once")
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden)
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden)
        flush()
    }

    @Test func settingHidesWhenStoppedWhileStoppedHidesOrShowsItAtOnce() {
        let spinner = addSpinner()
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden, "shown at once, stopped")
        spinner.hidesWhenStopped = true
        #expect(spinner.isHidden, "hidden at once")
        spinner.hidesWhenStopped = false
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden, "stays shown when it doesn't hide when stopped")
        spinner.startAnimating()
        spinner.hidesWhenStopped = true
        #expect(!spinner.isHidden, "running: the setting applies at the next stop")
        spinner.stopAnimating()
        #expect(spinner.isHidden)
        flush()
    }

    // MARK: Spinning on the window's clock

    @Test func theBrightSpokeStepsClockwiseEveryEighthOfASecond() {
        let spinner = addSpinner()
        clock.advanceTime(to: 2.01)
        spinner.startAnimating()
        #expect(spinner.brightSpoke == 0, "starts at the top")
        #expect(clock.nextFireTime == 2.125, "due at the next step boundary, not the next frame")
        var seen: [Int] = []
        for _ in 0..<9 {
            pastTheNextStep()
            seen.append(spinner.brightSpoke)
        }
        #expect(seen == [1, 2, 3, 4, 5, 6, 7, 0, 1], "one spoke a step, clockwise, a revolution a second")
        frames(1)
        #expect(spinner.brightSpoke == 1, "between steps it stays")
        spinner.stopAnimating()
        #expect(spinner.brightSpoke == 0, "stopped: the top spoke again")
        flush()
    }

    @Test func itSpinsWhateverTheAnimationSwitchesSay() {
        let spinner = addSpinner()
        UIView.setAnimationsEnabled(false)
        defer { UIView.setAnimationsEnabled(true) }
        UIView.performWithoutAnimation { spinner.startAnimating() }
        pastTheNextStep()
        #expect(spinner.brightSpoke == 1, "spinning is its state, not an animated change, as in UIKit")
        flush()
    }

    @Test func aStoppedIndicatorAsksForNoFrames() {
        let spinner = addSpinner()
        spinner.hidesWhenStopped = false
        frames(3)
        #expect(!asksForFrames, "never started")
        spinner.startAnimating()
        #expect(asksForFrames && clock.controlAnimator.runningCount == 1)
        pastTheNextStep()
        spinner.stopAnimating()
        #expect(!asksForFrames && clock.controlAnimator.runningCount == 0, "let go at once")
        #expect(clock.activeTimerCount == 0, "no wake is left behind")
        frames(30)
        #expect(!asksForFrames)
        flush()
    }

    @Test func tenThousandIndicatorsShareOneClockTimer() {
        let spinners = (0..<10_000).map { i -> UIActivityIndicatorView in
            let s = UIActivityIndicatorView(style: .medium)
            s.frame.origin = CGPoint(x: CGFloat(i % 100) * 4, y: CGFloat(i / 100) * 4)
            window.addSubview(s)
            return s
        }
        clock.advanceTime(to: 1)
        for s in spinners { s.startAnimating() }
        #expect(clock.activeTimerCount == 1, "one timer for the window, not one per indicator")
        #expect(clock.controlAnimator.runningCount == 10_000)
        for _ in 0..<20 {
            pastTheNextStep()
            #expect(clock.activeTimerCount == 1)
        }
        #expect(spinners.allSatisfy { $0.brightSpoke == 4 }, "twenty steps on: all on the same spoke")
        #expect(clock.nextFireTime == 3.625, "due at the next step only (eight times a second)")
        for s in spinners.dropLast() { s.stopAnimating() }
        #expect(clock.activeTimerCount == 1, "one still spins")
        spinners.last!.stopAnimating()
        #expect(clock.activeTimerCount == 0 && clock.controlAnimator.runningCount == 0, "the last stop lets the timer go")
        flush()
    }

    @Test func aHiddenIndicatorAsksForNoFramesUntilItIsShownAgain() {
        let spinner = addSpinner()
        spinner.hidesWhenStopped = false
        spinner.startAnimating()
        spinner.isHidden = true
        pastTheNextStep()
        #expect(!asksForFrames, "hidden: let go at its next step")
        spinner.isHidden = false
        #expect(asksForFrames && spinner.isStepping, "shown: stepped again")
        spinner.alpha = 0
        pastTheNextStep()
        #expect(!asksForFrames, "faded out")
        spinner.alpha = 1
        #expect(asksForFrames)
        flush()
    }

    @Test func anIndicatorInAHiddenContainerStartsAgainWhenTheContainerIsDrawnAgain() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(container)
        let spinner = addSpinner(in: container)
        spinner.startAnimating()
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        container.isHidden = true
        pastTheNextStep()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(!asksForFrames && !spinner.isStepping, "its container hides it: no frames")
        container.isHidden = false
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(asksForFrames && spinner.isStepping, "drawn again: stepping again")
        flush()
    }

    @Test func anIndicatorOutOfAWindowAsksForNoFramesAndStepsAgainInOne() {
        let spinner = addSpinner()
        spinner.startAnimating()
        pastTheNextStep()
        #expect(spinner.brightSpoke == 1)
        spinner.removeFromSuperview()
        #expect(spinner.isAnimating, "it still animates, as in UIKit")
        pastTheNextStep()
        #expect(!asksForFrames && clock.controlAnimator.runningCount == 0)
        #expect(UIApplication.shared.detachedClock.controlAnimator.runningCount == 0, "nothing steps it out of a window")
        window.addSubview(spinner)
        #expect(asksForFrames && clock.controlAnimator.runningCount == 1)
        #expect(spinner.brightSpoke == 0, "in a window again: from the top spoke")
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        other.isHidden = false
        other.addSubview(spinner)
        #expect(other.frameClock.controlAnimator.runningCount == 1)
        pastTheNextStep()
        #expect(!asksForFrames, "moved on: this window's clock lets it go")
        flush()
    }

    // MARK: Drawing and accessibility

    @Test func itRedrawsOnlyWhenTheBrightSpokeSteps() {
        let spinner = addSpinner()
        spinner.startAnimating()
        let list = DrawList()
        window.buildDrawList(into: list, scale: 2, resources: nil)
        frames(1)
        #expect(!window.buildDrawList(into: list, scale: 2, resources: nil).rebuilt, "between steps: nothing to draw")
        pastTheNextStep()
        let stepped = window.buildDrawList(into: list, scale: 2, resources: nil)
        #expect(stepped.rebuilt && stepped.viewsRedrawn == 1, "a step redraws the spinner alone")
        flush()
    }

    @Test func theAccessibilityLabelSaysWhetherItSpins() {
        let spinner = addSpinner()
        #expect(spinner.isAccessibilityElement && spinner.accessibilityTraits == .updatesFrequently)
        #expect(spinner.accessibilityLabel == "Progress halted")
        spinner.startAnimating()
        #expect(spinner.accessibilityLabel == "In progress")
        spinner.accessibilityLabel = "Loading"
        #expect(spinner.accessibilityLabel == "Loading")
        flush()
    }
}
