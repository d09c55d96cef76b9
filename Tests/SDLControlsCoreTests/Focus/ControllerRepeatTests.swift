import Testing
import Foundation
@testable import SDLControlsCore

/// A held D-pad direction or stick repeats on the window's frame clock (README "Game
/// controllers and focus", "Repeat delays"): releases, thresholds, two controllers, floods of
/// samples, and focus lost mid-hold.
@MainActor
struct ControllerRepeatTests: ControllerFocusHarness {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))
    var time: TimeInterval = 0

    // MARK: Losing focus mid-hold

    /// README "Losing focus": when the focused view is hidden, focus goes nowhere, and "a
    /// controller direction goes to the preferred view". A held repeat must never land on or
    /// stay on the hidden view.
    @Test mutating func hidingTheFocusedViewMidRepeat() {
        let col = (0..<5).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 50, width: 100, height: 30)) }
        advance(to: 1)
        window.setFocusedView(col[0])
        #expect(down(.dpadDown))
        #expect(window.focusedView === col[1])
        col[1].isHidden = true
        window.updateFocusIfNeeded()
        #expect(window.focusedView == nil)
        advance(to: 1.4)
        #expect(window.focusedView !== col[1])
        #expect(window.focusedView != nil, "a controller direction with nothing focused takes the preferred view")
        #expect(up(.dpadDown), "its release is the UI's: the press was")
    }

    /// A button held across a focus change: A acted once, on its press; its release is
    /// consumed and does nothing to the newly focused control.
    @Test func aHeldAcrossAFocusChangeActsOnce() {
        let one = button("One", CGRect(x: 20, y: 10, width: 100, height: 30))
        let two = button("Two", CGRect(x: 20, y: 80, width: 100, height: 30))
        let log1 = EventLog(one), log2 = EventLog(two)
        window.setFocusedView(one)
        #expect(down(.south))
        #expect(press(.dpadDown))
        #expect(window.focusedView === two)
        #expect(up(.south))
        flush()
        #expect(log1.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(log2.names.isEmpty)
    }

    @Test func aHeldWhileTheFocusedButtonIsRemoved() {
        let one = button("One", CGRect(x: 20, y: 10, width: 100, height: 30))
        window.setFocusedView(one)
        #expect(down(.south))
        one.removeFromSuperview()
        #expect(window.focusedView == nil)
        #expect(up(.south), "the release of a used press is used")
        #expect(!press(.south), "nothing focused: A is the game's")
        flush()
    }

    // MARK: Repeat on the host clock

    @Test mutating func releaseMidRepeatStopsAtOnce() {
        let col = (0..<8).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 45, width: 100, height: 30)) }
        advance(to: 10)
        window.setFocusedView(col[0])
        down(.dpadDown)
        advance(to: 10.4)
        #expect(window.focusedView === col[2])
        advance(to: 10.45)
        up(.dpadDown)
        advance(to: 12)
        #expect(window.focusedView === col[2])
        // A short tap never repeats.
        down(.dpadDown)
        advance(to: 12.39)
        up(.dpadDown)
        advance(to: 13)
        #expect(window.focusedView === col[3])
    }

    /// The stick and the D-pad of one controller are separate holds: releasing the D-pad
    /// doesn't stop the stick's repeat.
    @Test mutating func dpadReleaseDoesNotStopTheSticksRepeat() {
        let col = (0..<8).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 45, width: 100, height: 30)) }
        advance(to: 1)
        window.setFocusedView(col[0])
        stick(.leftY, 1)
        #expect(window.focusedView === col[1])
        down(.dpadUp)
        up(.dpadUp)
        #expect(window.focusedView === col[0])
        advance(to: 1.4)
        #expect(window.focusedView === col[1], "the stick still repeats")
        stick(.leftY, 0)
    }

    /// Stick at the documented numbers: engages at 0.5 ("0.5 of full tilt"), not at 0.49;
    /// held at 0.31 it keeps repeating; at 0.29 it lets go.
    @Test mutating func stickThresholdsExactly() {
        let col = (0..<8).map { button("B\($0)", CGRect(x: 20, y: 10 + CGFloat($0) * 45, width: 100, height: 30)) }
        advance(to: 1)
        window.setFocusedView(col[0])
        #expect(!stick(.leftY, 0.49))
        #expect(window.focusedView === col[0])
        #expect(stick(.leftY, 0.5))
        #expect(window.focusedView === col[1])
        stick(.leftY, 0.31)
        advance(to: 1.4)
        #expect(window.focusedView === col[2], "still held above the release threshold")
        #expect(stick(.leftY, 0.29), "the release of a used hold is used")
        advance(to: 3)
        #expect(window.focusedView === col[2])
    }

    /// A diagonal push is one step in one direction, not two.
    @Test func aDiagonalStickIsOneStep() {
        let g = grid()
        window.setFocusedView(g[1][1])
        stick(.leftX, 0.8)
        stick(.leftY, 0.8)
        let after = label(window.focusedView)
        #expect(["r1c2", "r2c1"].contains(after), "one step, got \(after)")
        stick(.leftX, 0)
        stick(.leftY, 0)
    }

    /// Two controllers at once: each holds its own direction.
    @Test mutating func twoControllersHoldingTogether() {
        let g = grid()
        advance(to: 1)
        window.setFocusedView(g[0][0])
        #expect(down(.dpadRight, controller: 1))
        #expect(down(.dpadDown, controller: 2))
        #expect(up(.dpadRight, controller: 1))
        advance(to: 1.4)
        #expect(window.focusedView === g[2][1], "controller 2 still repeats down")
        #expect(up(.dpadDown, controller: 2))
        #expect(!up(.dpadDown, controller: 1), "controller 1 never pressed down")
    }

    /// Bad input: huge numbers of samples in one frame, and extreme values.
    @Test func aFloodOfSamplesInOneFrameIsSafe() {
        let g = grid()
        window.setFocusedView(g[1][1])
        for i in 0..<20_000 {
            stick(.leftX, i.isMultiple(of: 2) ? 1 : -1)
            stick(.rightY, .infinity)
            stick(.leftTrigger, -.infinity)
        }
        stick(.leftX, 0)
        #expect(window.focusedView != nil)
        for b in UIGameControllerInput.Button.allCases where b != .start && b != .east {
            press(b, controller: Int.max)
            press(b, controller: Int.min)
        }
        flush()
    }
}
