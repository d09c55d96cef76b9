import Testing
import Foundation
@testable import SDLControlsCore

/// The scroll view's geometry and API: offsets are `bounds.origin` (hit-testing, conversion,
/// drawing and culling follow it), insets, `scrollRectToVisible(_:animated:)`, indicators,
/// and what a pure offset change costs.
@MainActor
struct UIScrollViewTests {
    let window = makeTestWindow()

    @Test func defaultsAreUIKits() {
        let s = UIScrollView()
        #expect(s.clipsToBounds)
        #expect(s.bounces && !s.alwaysBounceVertical && !s.alwaysBounceHorizontal)
        #expect(s.isScrollEnabled && !s.isPagingEnabled && !s.isDirectionalLockEnabled)
        #expect(s.showsVerticalScrollIndicator && s.showsHorizontalScrollIndicator)
        #expect(s.delaysContentTouches && s.canCancelContentTouches)
        #expect(s.decelerationRate == .normal)
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        #expect(s.contentOffset == .zero && s.contentSize == .zero && s.contentInset == .zero)
        #expect(!s.isTracking && !s.isDragging && !s.isDecelerating)
        #expect(s.subviews.isEmpty, "indicators are made the first time they show")
    }

    @Test func contentOffsetIsBoundsOriginForHitTestingAndConversion() {
        let f = ScrollFixture(window: window)
        f.scroll.contentOffset = CGPoint(x: 0, y: 100)
        // The button (content y 100…144) now sits at window y 0…44.
        #expect(f.button.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 0))
        #expect(window.hitTest(CGPoint(x: 150, y: 22), with: nil) === f.button)
        #expect(f.scroll.convert(CGPoint(x: 10, y: 10), from: nil) == CGPoint(x: 10, y: 110))
        #expect(window.hitTest(CGPoint(x: 150, y: 122), with: nil) === f.content)
        // Content scrolled out of the clipped bounds can't be touched.
        f.scroll.contentOffset = CGPoint(x: 0, y: 600)
        #expect(window.hitTest(CGPoint(x: 150, y: 22), with: nil) === f.scroll)
    }

    @Test func aTapAfterScrollingReachesTheViewUnderTheFinger() {
        resetApplication(); defer { resetApplication() }
        let f = ScrollFixture(window: window)
        let events = EventLog(f.button)
        f.scroll.contentOffset = CGPoint(x: 0, y: 100)
        window.simulateTap(at: CGPoint(x: 150, y: 22), time: 5)
        flush()
        #expect(events.names.contains("touchUpInside"))
    }

    @Test func aPureOffsetChangeRedrawsTheWindowButNoContentView() {
        let f = ScrollFixture(window: window)
        let contentLayouts = LayoutCountingView(frame: CGRect(x: 0, y: 300, width: 300, height: 50))
        f.scroll.addSubview(contentLayouts)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let generations = [f.button, f.button.titleLabel, f.content].map(\.appearanceGeneration)
        let layoutsBefore = contentLayouts.layouts
        #expect(!window.needsRedraw)
        f.scroll.contentOffset = CGPoint(x: 0, y: 40)
        #expect(window.needsRedraw, "the window redraws")
        #expect([f.button, f.button.titleLabel, f.content].map(\.appearanceGeneration) == generations,
                "no content view's appearance was invalidated")
        #expect(f.scroll.needsLayoutPass, "the scroll view lays out on every scroll, as in UIKit")
        window.layoutIfNeeded()
        #expect(contentLayouts.layouts == layoutsBefore, "its content does not")
        let stats = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(stats.rebuilt)
    }

    @Test func drawingCullsContentScrolledOutOfSight() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        scroll.contentSize = CGSize(width: 300, height: 100 * 50)
        window.addSubview(scroll)
        for i in 0..<100 {
            let v = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 50, width: 300, height: 40))
            v.backgroundColor = .systemBlue
            scroll.addSubview(v)
        }
        let list = DrawList()
        scroll.contentOffset = CGPoint(x: 0, y: 1000)
        let upper = window.buildDrawList(into: list, scale: 1, resources: nil)
        scroll.contentOffset = CGPoint(x: 0, y: 2500)
        let lower = window.buildDrawList(into: list, scale: 1, resources: nil)
        // 300 points show six 50-point rows, plus one each side within the drawing overhang.
        #expect(upper.viewsCulled == 92 && lower.viewsCulled == 92, "\(upper.viewsCulled), \(lower.viewsCulled)")
        #expect(upper.vertexCount == lower.vertexCount, "the same number of rows is drawn wherever it scrolls")
        #expect(upper.vertexCount > 0)
    }

    @Test func adjustedContentInsetIsTheContentInsetOnADesktopWindow() {
        let s = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        s.contentSize = CGSize(width: 100, height: 300)
        s.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(s.adjustedContentInset == s.contentInset)
        #expect(s.contentOffsetRange.y == -20...230)
        s.contentInset = UIEdgeInsets(top: CGFloat.nan, left: CGFloat.infinity, bottom: 1, right: 2)
        #expect(s.contentInset == UIEdgeInsets(top: 0, left: 0, bottom: 1, right: 2))
        s.contentSize = CGSize(width: -5, height: CGFloat.nan)
        #expect(s.contentSize == .zero)
    }

    // MARK: scrollRectToVisible

    @Test func scrollRectToVisibleScrollsAsLittleAsPossible() {
        let f = ScrollFixture(window: window)
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 50), animated: false)
        #expect(f.scroll.contentOffset.y == 250, "bottom edge to the bottom")
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
        #expect(f.scroll.contentOffset.y == 100, "top edge to the top")
        f.log.calls.removeAll()
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 200, width: 10, height: 50), animated: false)
        #expect(f.scroll.contentOffset.y == 100 && f.log.calls.isEmpty, "already visible: nothing")
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 400, width: 10, height: 500), animated: false)
        #expect(f.scroll.contentOffset.y == 400, "taller than the view: its top")
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 990, width: 10, height: 50), animated: false)
        #expect(f.scroll.contentOffset.y == 700, "clamped to the content")
    }

    @Test func scrollRectToVisibleRespectsTheInsets() {
        let f = ScrollFixture(window: window)
        f.scroll.contentInset = UIEdgeInsets(top: 40, left: 0, bottom: 40, right: 0)
        f.scroll.contentOffset = CGPoint(x: 0, y: 200)
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 210, width: 10, height: 20), animated: false)
        #expect(f.scroll.contentOffset.y == 170, "kept below the top inset")
    }

    @Test func scrollRectToVisibleAnimatedGlides() {
        let f = ScrollFixture(window: window)
        f.scroll.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 50), animated: true)
        #expect(f.scroll.contentOffset.y == 0)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 250)
        #expect(f.log.collapsed.last == "didEndScrollingAnimation")
    }

    // MARK: Indicators

    @Test func indicatorsShowWhileDraggingAndFadeAfterwards() throws {
        let f = ScrollFixture(window: window)
        f.dragUp(from: CGPoint(x: 150, y: 250), by: 60, lift: false)
        let v = try #require(f.scroll.verticalIndicator)
        #expect(!v.isHidden && v.alpha == 1)
        #expect(f.scroll.horizontalIndicator == nil, "no horizontal overflow: no horizontal indicator")
        #expect(f.scroll.subviews.last === v, "in front of the content")
        #expect(window.hitTest(CGPoint(x: v.frame.midX - f.scroll.contentOffset.x, y: v.frame.midY - f.scroll.contentOffset.y), with: nil) !== v)
        // It sits at the right edge of the visible area, as long as the visible fraction.
        let onScreen = f.scroll.convert(v.frame, to: nil)
        #expect(onScreen.maxX == 300 - UIScrollView.indicatorEdgeInset)
        #expect(abs(onScreen.height - (300 - 6) * 300 / 1000) < 0.01)
        window.simulateTouchUp(at: CGPoint(x: 150, y: 190), time: 1)
        f.run(UIScrollView.indicatorHold - 0.05)
        #expect(v.alpha == 1, "held after scrolling stops")
        f.run(0.2)
        #expect(v.alpha > 0 && v.alpha < 1, "fading")
        f.run(0.5)
        #expect(v.isHidden && v.alpha == 0)
    }

    @Test func theIndicatorMovesWithTheOffsetAndShrinksWhileRubberBanding() throws {
        let f = ScrollFixture(window: window)
        f.scroll.flashScrollIndicators()
        let v = try #require(f.scroll.verticalIndicator)
        let atTop = f.scroll.convert(v.frame, to: nil)
        f.scroll.contentOffset = CGPoint(x: 0, y: 700)
        let atBottom = f.scroll.convert(v.frame, to: nil)
        #expect(abs(atTop.minY - UIScrollView.indicatorEndInset) < 0.001)
        #expect(abs(atBottom.maxY - (300 - UIScrollView.indicatorEndInset)) < 0.001)
        f.scroll.contentOffset = CGPoint(x: 0, y: 750)
        let banded = f.scroll.convert(v.frame, to: nil)
        #expect(abs(banded.height - (atBottom.height - 50)) < 0.001 && abs(banded.maxY - atBottom.maxY) < 0.001)
    }

    @Test func indicatorsStayInFrontOfContentAddedLater() throws {
        let f = ScrollFixture(window: window)
        f.scroll.flashScrollIndicators()
        let later = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        f.scroll.addSubview(later)
        #expect(f.scroll.subviews.last === f.scroll.verticalIndicator)
        #expect(f.scroll.subviews.contains { $0 === later })
    }

    @Test func hiddenIndicatorsStayHidden() {
        let f = ScrollFixture(window: window)
        f.scroll.showsVerticalScrollIndicator = false
        f.scroll.flashScrollIndicators()
        #expect(f.scroll.verticalIndicator?.isHidden ?? true)
    }

    @Test func badDecelerationRatesAreClampedWhenUsed() {
        #expect(UIScrollView.DecelerationRate(rawValue: .nan).effective == 0.998)
        #expect(UIScrollView.DecelerationRate(rawValue: 2).effective == 0.9999)
        #expect(UIScrollView.DecelerationRate(rawValue: -1).effective == 0.5)
        #expect(UIScrollView.DecelerationRate(rawValue: 0.95).rawValue == 0.95)
    }
}
