import Testing
import Foundation
@testable import SDLControlsCore

@MainActor
struct UIViewGeometryTests {
    let window = makeTestWindow()

    // MARK: frame, bounds, center

    @Test func frameDefinesBoundsSizeAndCenter() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(UIView().frame == .zero)
        #expect(UIView().bounds == .zero)
    }

    @Test func settingCenterMovesTheFrameAndKeepsTheSize() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        v.center = CGPoint(x: 200, y: 200)
        #expect(v.frame == CGRect(x: 150, y: 175, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func settingFrameMovesTheCenter() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.frame = CGRect(x: 100, y: 40, width: 20, height: 60)
        #expect(v.center == CGPoint(x: 110, y: 70))
        #expect(v.bounds.size == CGSize(width: 20, height: 60))
    }

    @Test func changingBoundsSizeKeepsTheCenter() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        v.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(v.frame == CGRect(x: 40, y: 35, width: 40, height: 20))
    }

    @Test func changingBoundsOriginScrollsWithoutMovingTheFrame() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        v.bounds.origin = CGPoint(x: 5, y: 7)
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 5, y: 7, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
    }

    @Test func settingFrameKeepsTheBoundsOrigin() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.bounds.origin = CGPoint(x: 5, y: 7)
        v.frame = CGRect(x: 1, y: 2, width: 30, height: 40)
        #expect(v.bounds == CGRect(x: 5, y: 7, width: 30, height: 40))
    }

    // MARK: Sanitising

    @Test func nonFiniteFrameValuesBecomeZero() {
        let v = UIView(frame: CGRect(x: CGFloat.nan, y: CGFloat.infinity, width: 10, height: -CGFloat.infinity))
        #expect(v.frame == CGRect(x: 0, y: 0, width: 10, height: 0))

        v.frame = CGRect(x: 3, y: CGFloat.nan, width: CGFloat.nan, height: 8)
        #expect(v.frame == CGRect(x: 3, y: 0, width: 0, height: 8))
        #expect(v.center.x.isFinite && v.center.y.isFinite)

        v.frame = CGRect(x: CGFloat.infinity, y: -CGFloat.infinity, width: CGFloat.infinity, height: CGFloat.nan)
        #expect(v.frame == .zero)
    }

    @Test func nonFiniteBoundsAndCenterAreSafe() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.center = CGPoint(x: CGFloat.nan, y: 5)
        #expect(v.frame == CGRect(x: 10, y: 10, width: 20, height: 20), "a NaN center is ignored")
        v.center = CGPoint(x: 5, y: CGFloat.infinity)
        #expect(v.frame == CGRect(x: 10, y: 10, width: 20, height: 20), "an infinite center is ignored")

        v.bounds = CGRect(x: CGFloat.nan, y: 0, width: 10, height: CGFloat.infinity)
        #expect(v.bounds.origin.x == 0)
        #expect(v.bounds.width == 10)
        #expect(v.bounds.height == 0)
        #expect(v.frame.minX.isFinite && v.frame.minY.isFinite)
        #expect(v.center == CGPoint(x: 20, y: 20), "the center survives a sanitised bounds change")
    }

    @Test func negativeSizesNeverSurvive() {
        let made = UIView(frame: CGRect(x: 10, y: 0, width: -20, height: 10))
        let set = UIView()
        set.frame = CGRect(x: 10, y: 0, width: -20, height: 10)
        for v in [made, set] {
            #expect(v.frame.width >= 0)
            #expect(v.frame.height >= 0)
            #expect(v.bounds.width >= 0)
        }
        #expect(made.frame == set.frame, "the initialiser and the setter sanitise the same way")

        let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        b.bounds = CGRect(x: 0, y: 0, width: -4, height: -6)
        #expect(b.bounds.width >= 0 && b.bounds.height >= 0)
    }

    @Test func negativeOriginsAreKept() {
        let v = UIView(frame: CGRect(x: -5, y: -7, width: 10, height: 10))
        #expect(v.frame.origin == CGPoint(x: -5, y: -7))
        v.bounds.origin = CGPoint(x: -3, y: -4)
        #expect(v.bounds.origin == CGPoint(x: -3, y: -4))
    }

    // MARK: Conversion

    /// window ⊃ outer (50,60) ⊃ inner (10,20); sibling (300,10) directly in the window.
    private func makeTree() -> (outer: UIView, inner: UIView, sibling: UIView) {
        let outer = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        let sibling = UIView(frame: CGRect(x: 300, y: 10, width: 40, height: 40))
        outer.addSubview(inner)
        window.addSubview(outer)
        window.addSubview(sibling)
        return (outer, inner, sibling)
    }

    @Test func convertsPointsBetweenNestedViewsAndTheWindow() {
        let (outer, inner, _) = makeTree()
        let p = CGPoint(x: 1, y: 2)
        #expect(inner.convert(p, to: nil) == CGPoint(x: 61, y: 82))
        #expect(inner.convert(p, to: window) == CGPoint(x: 61, y: 82))
        #expect(inner.convert(p, to: outer) == CGPoint(x: 11, y: 22))
        #expect(inner.convert(CGPoint(x: 61, y: 82), from: nil) == p)
        #expect(inner.convert(CGPoint(x: 61, y: 82), from: window) == p)
        #expect(outer.convert(CGPoint(x: 11, y: 22), to: inner) == p)
        #expect(outer.convert(p, from: inner) == CGPoint(x: 11, y: 22))
        #expect(window.convert(CGPoint(x: 61, y: 82), to: inner) == p)
    }

    @Test func convertsPointsBetweenSiblingsAndCousins() {
        let (outer, inner, sibling) = makeTree()
        #expect(inner.convert(CGPoint.zero, to: sibling) == CGPoint(x: 60 - 300, y: 80 - 10))
        #expect(sibling.convert(CGPoint.zero, from: inner) == CGPoint(x: -240, y: 70))
        #expect(sibling.convert(CGPoint(x: -240, y: 70), to: inner) == .zero)
        #expect(outer.convert(CGPoint(x: 5, y: 5), to: sibling) == CGPoint(x: 55 - 300, y: 65 - 10))
    }

    @Test func convertsRectsKeepingTheirSize() {
        let (_, inner, sibling) = makeTree()
        let r = CGRect(x: 1, y: 2, width: 30, height: 40)
        #expect(inner.convert(r, to: nil) == CGRect(x: 61, y: 82, width: 30, height: 40))
        #expect(inner.convert(CGRect(x: 61, y: 82, width: 30, height: 40), from: nil) == r)
        #expect(inner.convert(inner.bounds, to: sibling) == CGRect(x: -240, y: 70, width: 50, height: 50))
        #expect(sibling.convert(inner.bounds, from: inner) == CGRect(x: -240, y: 70, width: 50, height: 50))
    }

    @Test func convertToNilIsTheSameAsConvertToTheWindow() {
        let (outer, inner, sibling) = makeTree()
        outer.bounds.origin = CGPoint(x: 3, y: 9)
        let p = CGPoint(x: 7, y: 11)
        for v in [outer, inner, sibling, window] {
            #expect(v.convert(p, to: nil) == v.convert(p, to: window))
            #expect(v.convert(p, from: nil) == v.convert(p, from: window))
        }
        #expect(window.convert(p, to: nil) == p, "a window's own coordinates are window coordinates")
        #expect(window.convert(p, from: nil) == p)
    }

    @Test func scrolledAncestorShiftsItsDescendants() {
        let (outer, inner, sibling) = makeTree()
        outer.bounds.origin = CGPoint(x: 0, y: 30)
        // inner's frame is in outer's (scrolled) bounds: it now appears 30 points higher.
        #expect(inner.convert(CGPoint.zero, to: nil) == CGPoint(x: 60, y: 50))
        #expect(inner.convert(CGPoint(x: 60, y: 50), from: nil) == .zero)
        #expect(inner.convert(CGPoint.zero, to: sibling) == CGPoint(x: -240, y: 40))
        // outer's own points are in its bounds coordinates: (0,30) is its visible top-left.
        #expect(outer.convert(CGPoint(x: 0, y: 30), to: nil) == CGPoint(x: 50, y: 60))
        #expect(outer.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 30))
        #expect(outer.convert(CGPoint(x: 50, y: 60), from: nil) == CGPoint(x: 0, y: 30))
        // Between the scroller and its content the scroll offset cancels: frames are in
        // the scroller's bounds coordinates.
        #expect(outer.convert(CGPoint(x: 10, y: 20), to: inner) == .zero)
        #expect(inner.convert(CGPoint.zero, to: outer) == CGPoint(x: 10, y: 20))
    }

    @Test func scrollViewLikeConversionToItsContent() {
        // A scroller showing content from y = 50: content at y = 100 sits 50 points below
        // the scroller's visible top.
        let scroller = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        scroller.bounds.origin = CGPoint(x: 0, y: 50)
        let content = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 20))
        scroller.addSubview(content)
        window.addSubview(scroller)

        #expect(scroller.convert(CGPoint(x: 0, y: 60), to: content) == CGPoint(x: 0, y: -40))
        #expect(content.convert(CGPoint(x: 0, y: -40), to: scroller) == CGPoint(x: 0, y: 60))
        #expect(content.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 150))
        #expect(content.convert(content.bounds, to: nil) == CGRect(x: 0, y: 150, width: 100, height: 20))
        // The scroller's visible rectangle in the window is its frame.
        #expect(scroller.convert(scroller.bounds, to: nil) == scroller.frame)
    }

    @Test func viewWithItsOwnBoundsOriginMapsBoundsToItsFrame() {
        let (outer, inner, _) = makeTree()
        inner.bounds.origin = CGPoint(x: 4, y: 6)
        // Whatever the scroll offset, a view's bounds cover its frame on screen.
        #expect(inner.convert(inner.bounds, to: outer) == inner.frame)
        #expect(inner.convert(inner.bounds, to: nil) == CGRect(x: 60, y: 80, width: 50, height: 50))
        #expect(outer.convert(inner.frame, to: inner) == inner.bounds)
    }

    @Test(arguments: [CGPoint(x: 0, y: 0), CGPoint(x: 12.5, y: -3), CGPoint(x: 399, y: 250)])
    func conversionsRoundTrip(_ p: CGPoint) {
        let (outer, inner, sibling) = makeTree()
        outer.bounds.origin = CGPoint(x: 7, y: 13)
        inner.bounds.origin = CGPoint(x: -2, y: 5)
        let views: [UIView] = [window, outer, inner, sibling]
        for a in views {
            for b in views {
                #expect(b.convert(a.convert(p, to: b), to: a) == p)
                #expect(a.convert(p, to: b) == b.convert(p, from: a))
            }
            #expect(a.convert(a.convert(p, to: nil), from: nil) == p)
        }
    }

    @Test func conversionWithinATreeThatIsNotInAWindow() {
        let root = UIView(frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let b = UIView(frame: CGRect(x: 30, y: 40, width: 20, height: 20))
        root.addSubview(a)
        root.addSubview(b)
        #expect(a.convert(CGPoint.zero, to: b) == CGPoint(x: -20, y: -30))
        #expect(a.convert(CGPoint.zero, to: root) == CGPoint(x: 10, y: 10))
        #expect(root.convert(CGPoint(x: 30, y: 40), to: b) == .zero)
    }
}
