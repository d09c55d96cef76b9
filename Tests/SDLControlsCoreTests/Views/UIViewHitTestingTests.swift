import Testing
import Foundation
@testable import SDLControlsCore

/// A view whose touch area is its bounds grown by `margin` on every side.
@MainActor
private final class GrownTouchAreaView: UIView {
    var margin: CGFloat = 20
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -margin, dy: -margin).contains(point)
    }
}

/// A view that records the touches it is given (and does not pass them on).
@MainActor
private final class TouchCountingView: UIView {
    var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

@MainActor
struct UIViewHitTestingTests {
    let window = makeTestWindow()

    private func hit(_ x: CGFloat, _ y: CGFloat) -> UIView? {
        window.hitTest(CGPoint(x: x, y: y), with: nil)
    }

    // MARK: Basics

    @Test func hitReturnsTheDeepestViewUnderThePoint() {
        let outer = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        outer.addSubview(inner)
        window.addSubview(outer)
        #expect(hit(70, 70) === inner)
        #expect(hit(150, 150) === outer)
        #expect(hit(10, 10) === window)
        #expect(hit(500, 10) == nil, "outside the window")
        #expect(hit(-1, 10) == nil)
    }

    @Test func boundsEdgesFollowCGRectContains() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        window.addSubview(v)
        #expect(hit(100, 100) === v, "the min edge is inside")
        #expect(hit(149.5, 149.5) === v)
        #expect(hit(150, 120) === window, "the max edge is outside")
    }

    @Test func frontMostSubviewWins() {
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        #expect(hit(75, 75) === front)
        #expect(hit(25, 25) === back)
        window.bringSubviewToFront(back)
        #expect(hit(75, 75) === back)
        window.sendSubviewToBack(back)
        #expect(hit(75, 75) === front)
    }

    @Test func frontMostSubtreeWinsEvenOverADeeperViewBehind() {
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let deep = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        back.addSubview(deep)
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        #expect(hit(50, 50) === front)
    }

    @Test func nonFinitePointsHitNothing() {
        #expect(hit(.nan, 10) == nil)
        #expect(hit(10, .infinity) == nil)
    }

    @Test func aHiddenWindowHitsNothing() {
        let hidden = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        hidden.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)))
        #expect(hidden.isHidden, "a new window is hidden until makeKeyAndVisible")
        #expect(hidden.hitTest(CGPoint(x: 10, y: 10), with: nil) == nil)
    }

    // MARK: Skipped subtrees

    /// A parent over a view behind it; each case makes the parent untouchable.
    private func makeCoveredPair() -> (behind: UIView, parent: UIView, child: UIView) {
        let behind = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        parent.addSubview(child)
        window.addSubview(behind)
        window.addSubview(parent)
        return (behind, parent, child)
    }

    @Test func hiddenViewsAreSkippedWithTheirSubtree() {
        let (behind, parent, child) = makeCoveredPair()
        #expect(hit(20, 20) === child)
        parent.isHidden = true
        #expect(hit(20, 20) === behind)
        #expect(hit(80, 80) === behind)
        parent.isHidden = false
        child.isHidden = true
        #expect(hit(20, 20) === parent)
    }

    @Test func userInteractionDisabledSkipsTheSubtree() {
        let (behind, parent, child) = makeCoveredPair()
        parent.isUserInteractionEnabled = false
        #expect(hit(20, 20) === behind)
        parent.isUserInteractionEnabled = true
        child.isUserInteractionEnabled = false
        #expect(hit(20, 20) === parent)
    }

    @Test func nearlyTransparentViewsAreSkippedWithTheirSubtree() {
        let (behind, parent, child) = makeCoveredPair()
        parent.alpha = 0.009
        #expect(hit(20, 20) === behind)
        parent.alpha = 0
        #expect(hit(20, 20) === behind)
        parent.alpha = UIView.minimumHitTestAlpha
        #expect(hit(20, 20) === child, "alpha 0.01 is still hit-tested")
        #expect(UIView.minimumHitTestAlpha == 0.01)
    }

    @Test func alphaIsClampedAndNaNBecomesOpaque() {
        let v = UIView()
        v.alpha = 2
        #expect(v.alpha == 1)
        v.alpha = -1
        #expect(v.alpha == 0)
        v.alpha = .nan
        #expect(v.alpha == 1)
    }

    // MARK: Touch area

    @Test func pointInsideOverrideGrowsTheTouchArea() {
        let small = GrownTouchAreaView(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        window.addSubview(small)
        #expect(hit(95, 95) === small, "5 points outside the frame, inside the margin")
        #expect(hit(125, 105) === small)
        #expect(hit(131, 105) === window, "beyond the margin")
        #expect(small.point(inside: CGPoint(x: -20, y: -20), with: nil))
        #expect(!small.point(inside: CGPoint(x: -21, y: 0), with: nil))
    }

    @Test func defaultPointInsideChecksBounds() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        #expect(v.point(inside: CGPoint(x: 5, y: 5), with: nil))
        #expect(!v.point(inside: CGPoint(x: 105, y: 105), with: nil), "point(inside:) takes the view's own coordinates")
        v.bounds.origin = CGPoint(x: 100, y: 0)
        #expect(v.point(inside: CGPoint(x: 105, y: 5), with: nil), "bounds, not frame size at zero")
        #expect(!v.point(inside: CGPoint(x: 5, y: 5), with: nil))
    }

    @Test func subviewsOutsideTheirParentsBoundsAreNotHit() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let outside = UIView(frame: CGRect(x: 150, y: 0, width: 50, height: 50))
        let straddling = UIView(frame: CGRect(x: 80, y: 80, width: 50, height: 50))
        parent.addSubview(outside)
        parent.addSubview(straddling)
        window.addSubview(parent)
        #expect(!parent.clipsToBounds, "even when it is drawn")
        #expect(hit(160, 10) === window)
        #expect(hit(90, 90) === straddling, "the part inside the parent is hit")
        #expect(hit(120, 120) === window, "the part outside the parent is not")
    }

    @Test func aParentWithAGrownTouchAreaLetsItsOverhangingSubviewBeHit() {
        let parent = GrownTouchAreaView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        let overhang = UIView(frame: CGRect(x: 55, y: 0, width: 10, height: 10))
        parent.addSubview(overhang)
        window.addSubview(parent)
        #expect(hit(160, 105) === overhang)
    }

    // MARK: Scrolling

    @Test func hitTestingFollowsAScrolledParent() {
        let scroller = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        let item = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 20))
        scroller.addSubview(item)
        window.addSubview(scroller)
        #expect(hit(10, 105) === scroller, "not scrolled: the item is below the visible area")

        scroller.bounds.origin = CGPoint(x: 0, y: 80)
        // The item now appears 20 points below the scroller's top, at window y 120…140.
        #expect(hit(10, 125) === item)
        #expect(hit(10, 115) === scroller)
        #expect(hit(10, 145) === scroller)
        let frameInWindow = item.convert(item.bounds, to: nil)
        #expect(frameInWindow == CGRect(x: 0, y: 120, width: 200, height: 20), "hit-testing and conversion agree")
    }

    @Test func hitTestingFollowsAViewsOwnBoundsOrigin() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        v.bounds.origin = CGPoint(x: 1000, y: 1000)
        let child = UIView(frame: CGRect(x: 1000, y: 1000, width: 10, height: 10))
        v.addSubview(child)
        window.addSubview(v)
        #expect(hit(105, 105) === child)
        #expect(hit(120, 120) === v)
    }

    @Test func touchesAreRoutedThroughTheScrolledHitTest() {
        let scroller = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        scroller.bounds.origin = CGPoint(x: 0, y: 80)
        let item = TouchCountingView(frame: CGRect(x: 0, y: 100, width: 200, height: 20))
        scroller.addSubview(item)
        window.addSubview(scroller)
        window.simulateTap(at: CGPoint(x: 10, y: 125))
        #expect(item.began == 1)
    }

    // MARK: Controls (rule C1)

    @Test func disabledControlIsSkippedAndTheViewBehindIsHit() {
        let behind = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        let label = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        control.addSubview(label)
        window.addSubview(behind)
        window.addSubview(control)
        #expect(hit(20, 20) === label)
        #expect(hit(50, 30) === control)

        control.isEnabled = false
        #expect(hit(50, 30) === behind, "C1: a disabled control is not hit")
        #expect(hit(20, 20) === behind, "nor is anything inside it")
        #expect(!control.canReceiveTouches)

        control.isEnabled = true
        #expect(hit(50, 30) === control)
    }

    @Test(arguments: ["hidden", "noInteraction", "transparent"])
    func untouchableControlLetsTheTouchThrough(_ condition: String) {
        let behind = TouchCountingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(behind)
        window.addSubview(control)
        switch condition {
        case "hidden": control.isHidden = true
        case "noInteraction": control.isUserInteractionEnabled = false
        default: control.alpha = 0.005
        }
        let log = EventLog(control)
        window.simulateTap(at: CGPoint(x: 50, y: 30))
        flush()
        #expect(log.names.isEmpty, "C1: the control sends nothing")
        #expect(behind.began == 1, "C1: the touch goes to what lies behind")
    }

    @Test func disabledControlTapGoesBehind() {
        let behind = TouchCountingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(behind)
        window.addSubview(control)
        control.isEnabled = false
        let log = EventLog(control)
        window.simulateTap(at: CGPoint(x: 50, y: 30))
        flush()
        #expect(log.names.isEmpty)
        #expect(behind.began == 1)
    }
}
