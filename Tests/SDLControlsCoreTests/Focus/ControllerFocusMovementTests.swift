import Testing
import Foundation
@testable import SDLControlsCore

/// Focus moved by a game controller's D-pad and left stick, black box through
/// `UIWindow.send(_:)`: the nearest focusable view in that direction by geometry, containers
/// first, who can take focus, wrapping, preferred focus, scroll views keeping focus in sight,
/// and the focus hooks.
@MainActor
struct ControllerFocusMovementTests: ControllerFocusHarness {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))
    var time: TimeInterval = 0

    // MARK: Direction by geometry

    @Test func dpadTableOverAGrid() {
        let g = grid()
        let cases: [(from: UIButton, UIGameControllerInput.Button, to: String)] = [
            (g[1][1], .dpadUp, "r0c1"), (g[1][1], .dpadDown, "r2c1"), (g[1][1], .dpadLeft, "r1c0"), (g[1][1], .dpadRight, "r1c2"),
            (g[0][0], .dpadUp, "r0c0"), (g[0][0], .dpadLeft, "r0c0"), (g[2][2], .dpadDown, "r2c2"), (g[2][2], .dpadRight, "r2c2"),
            (g[0][2], .dpadDown, "r1c2"), (g[2][0], .dpadRight, "r2c1"),
        ]
        for (from, b, to) in cases {
            window.setFocusedView(from)
            press(b)
            #expect(label(window.focusedView) == to, "\(label(from)) \(b) → \(to)")
        }
    }

    /// The left stick moves focus as the D-pad does; SDL's stick y is positive downwards.
    @Test func leftStickMovesInAllFourDirections() {
        let g = grid()
        let cases: [(UIGameControllerInput.Axis, Double, String)] = [
            (.leftY, -1, "r0c1"), (.leftY, 1, "r2c1"), (.leftX, -1, "r1c0"), (.leftX, 1, "r1c2"),
        ]
        for (axis, value, to) in cases {
            window.setFocusedView(g[1][1])
            #expect(stick(axis, value))
            #expect(label(window.focusedView) == to, "\(axis) \(value)")
            stick(axis, 0)
        }
    }

    /// Focus moves within the focused view's superview before looking further out (nearest
    /// container first): a far sibling inside the container beats a nearer view outside it; with
    /// none inside that way, the search goes out one level.
    @Test func nestedContainersSearchNearestFirstThenOutward() {
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        window.addSubview(outer)
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        outer.addSubview(inner)
        let a = button("A", CGRect(x: 10, y: 10, width: 100, height: 30), in: inner)
        button("FarInside", CGRect(x: 10, y: 300, width: 100, height: 30), in: inner)
        button("NearOutside", CGRect(x: 130, y: 60, width: 100, height: 30), in: outer)
        button("RightOutside", CGRect(x: 400, y: 10, width: 100, height: 30), in: window)
        window.setFocusedView(a)
        press(.dpadDown)
        #expect(label(window.focusedView) == "FarInside")
        window.setFocusedView(a)
        press(.dpadRight)
        #expect(["NearOutside", "RightOutside"].contains(label(window.focusedView)), "goes out when nothing inside lies that way")
    }

    /// README: "Who can take focus: ... shown, take touches, and are at least partly on screen."
    @Test func hiddenFadedInertAndDisabledAncestorsHideCandidates() {
        let start = button("Start", CGRect(x: 10, y: 10, width: 100, height: 30))
        let faded = UIView(frame: CGRect(x: 0, y: 50, width: 600, height: 40))
        faded.alpha = 0.005
        window.addSubview(faded)
        button("Faded", CGRect(x: 10, y: 0, width: 100, height: 30), in: faded)
        let inert = UIView(frame: CGRect(x: 0, y: 100, width: 600, height: 40))
        inert.isUserInteractionEnabled = false
        window.addSubview(inert)
        button("Inert", CGRect(x: 10, y: 0, width: 100, height: 30), in: inert)
        let hidden = UIView(frame: CGRect(x: 0, y: 150, width: 600, height: 40))
        hidden.isHidden = true
        window.addSubview(hidden)
        button("Hidden", CGRect(x: 10, y: 0, width: 100, height: 30), in: hidden)
        let off = button("Disabled", CGRect(x: 10, y: 200, width: 100, height: 30))
        off.isEnabled = false
        button("Offscreen", CGRect(x: 10, y: 450, width: 100, height: 30))
        button("Visible", CGRect(x: 10, y: 300, width: 100, height: 30))
        window.setFocusedView(start)
        press(.dpadDown)
        #expect(label(window.focusedView) == "Visible")
        #expect(!press(.dpadDown), "nothing further down is on screen")
        #expect(label(window.focusedView) == "Visible")
    }

    /// UIKit: `canBecomeFocused` decides; a custom UIView that answers true is reachable by
    /// direction and by Tab.
    @Test func aCustomViewThatCanBecomeFocusedIsReachable() {
        final class Tile: UIView { override var canBecomeFocused: Bool { true } }
        let a = button("A", CGRect(x: 10, y: 10, width: 100, height: 30))
        let tile = Tile(frame: CGRect(x: 10, y: 80, width: 100, height: 60))
        tile.accessibilityLabel = "Tile"
        window.addSubview(tile)
        window.setFocusedView(a)
        press(.dpadDown)
        #expect(window.focusedView === tile)
        window.setFocusedView(a)
        key(.keyboardTab)
        #expect(window.focusedView === tile)
    }

    /// README "Edges": "A container with wrapsFocusAtEdges wraps to its far side in the same
    /// row or column."
    @Test func wrappingInBothAxes() {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        box.wrapsFocusAtEdges = true
        window.addSubview(box)
        let g = grid(in: box)
        window.setFocusedView(g[1][2])
        press(.dpadRight)
        #expect(window.focusedView === g[1][0])
        press(.dpadLeft)
        #expect(window.focusedView === g[1][2])
        window.setFocusedView(g[2][1])
        press(.dpadDown)
        #expect(window.focusedView === g[0][1])
        press(.dpadUp)
        #expect(window.focusedView === g[2][1])
    }

    /// README: the switch is not adjustable ("slider, stepper, segmented control, page
    /// control, date picker"); "On any other view all four directions move focus."
    @Test func dpadRightFromASwitchMovesFocus() {
        let sw = UISwitch(frame: CGRect(x: 20, y: 20, width: 51, height: 31))
        window.addSubview(sw)
        let next = button("Next", CGRect(x: 120, y: 20, width: 100, height: 30))
        window.setFocusedView(sw)
        #expect(press(.dpadRight))
        #expect(window.focusedView === next)
        #expect(!sw.isOn)
    }

    // MARK: Preferred focus per container

    /// UIKit: when a container's preferred environment can't take focus, the engine falls
    /// back to the container's own focusable content, not to somewhere else on screen.
    @Test func aPreferredViewThatCannotBeFocusedFallsBackInsideItsContainer() {
        button("Elsewhere", CGRect(x: 10, y: 10, width: 100, height: 30))
        let panel = UIView(frame: CGRect(x: 0, y: 100, width: 600, height: 300))
        window.addSubview(panel)
        button("PanelFirst", CGRect(x: 10, y: 10, width: 100, height: 30), in: panel)
        let dead = button("Dead", CGRect(x: 10, y: 100, width: 100, height: 30), in: panel)
        dead.isEnabled = false
        window.preferredFocusedView = panel
        panel.preferredFocusedView = dead
        press(.dpadDown)
        #expect(label(window.focusedView) == "PanelFirst", "the panel's own first focusable view, as UIKit")
    }

    @Test func mutuallyPreferringContainersDoNotHang() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let b = UIView(frame: CGRect(x: 300, y: 0, width: 300, height: 400))
        window.addSubview(a)
        window.addSubview(b)
        button("InB", CGRect(x: 10, y: 10, width: 100, height: 30), in: b)
        button("InA", CGRect(x: 10, y: 100, width: 100, height: 30), in: a)
        window.preferredFocusedView = b
        a.preferredFocusedView = b
        b.preferredFocusedView = a
        press(.dpadDown)
        #expect(window.focusedView != nil)
    }

    // MARK: Scroll views keep focus in sight

    @Test mutating func dpadDownAColumnInAScrollViewKeepsFocusInSight() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        scroll.contentSize = CGSize(width: 300, height: 1000)
        window.addSubview(scroll)
        let rows = (0..<20).map { button("S\($0)", CGRect(x: 10, y: 10 + CGFloat($0) * 50, width: 100, height: 30), in: scroll) }
        window.setFocusedView(rows[0])
        var t: TimeInterval = 1
        for i in 1..<12 {
            #expect(press(.dpadDown), "step \(i)")
            t += 1
            advance(to: t)
            window.layoutIfNeeded()
            #expect(window.focusedView === rows[i], "step \(i): \(label(window.focusedView))")
            let visible = CGRect(origin: scroll.contentOffset, size: scroll.bounds.size)
            #expect(visible.contains(rows[i].frame), "step \(i): \(rows[i].frame) in \(visible)")
        }
        // And back up.
        for i in stride(from: 10, through: 0, by: -1) {
            #expect(press(.dpadUp))
            t += 1
            advance(to: t)
            let visible = CGRect(origin: scroll.contentOffset, size: scroll.bounds.size)
            #expect(window.focusedView === rows[i] && visible.contains(rows[i].frame), "up to \(i)")
        }
    }

    // MARK: Hooks (UIKit: shouldUpdateFocus / didUpdateFocus)

    @Test func aRefusedMoveIsNotConsumedAndDoesNotRepeat() {
        final class Refuser: UIView {
            override func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { false }
        }
        let box = Refuser(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        window.addSubview(box)
        let a = button("A", CGRect(x: 20, y: 20, width: 100, height: 30), in: box)
        button("B", CGRect(x: 20, y: 100, width: 100, height: 30), in: box)
        #expect(!window.setFocusedView(a))
        #expect(!press(.dpadDown), "a refused focus update moved nothing")
        #expect(window.focusedView == nil)
    }

    @Test func didUpdateFocusSeesTheDpadHeading() {
        final class Recorder: UIView {
            var headings: [UIFocusHeading] = []
            override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
                headings.append(context.focusHeading)
            }
        }
        let box = Recorder(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
        window.addSubview(box)
        let g = grid(in: box)
        window.setFocusedView(g[0][0])
        box.headings.removeAll()
        press(.dpadRight)
        stick(.leftY, 1)
        stick(.leftY, 0)
        press(.dpadLeft)
        press(.dpadUp)
        #expect(box.headings == [.right, .down, .left, .up])
    }
}
