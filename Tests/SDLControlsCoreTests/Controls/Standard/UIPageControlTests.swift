import Testing
import Foundation
@testable import SDLControlsCore

/// Every test ends with `flush()`, so no action stays queued for a later test (whose flush
/// would deliver it to this test's released EventLog).
@MainActor
struct UIPageControlTests {
    let window = makeTestWindow()
    let pages: UIPageControl
    let log: EventLog
    // The control spans x 100…300, y 100…126; its middle is x 200.
    let leftHalf = CGPoint(x: 130, y: 113)
    let rightHalf = CGPoint(x: 270, y: 113)

    init() {
        pages = UIPageControl(frame: CGRect(x: 100, y: 100, width: 200, height: 26))
        pages.numberOfPages = 5
        pages.currentPage = 2
        window.addSubview(pages)
        log = EventLog(pages)
    }

    // MARK: Defaults and size

    @Test func defaults() {
        let fresh = UIPageControl()
        #expect(fresh.numberOfPages == 0)
        #expect(fresh.currentPage == 0)
        #expect(fresh.hidesForSinglePage == false)
        #expect(fresh.defersCurrentPageDisplay == false)
        #expect(fresh.pageIndicatorTintColor == nil)
        #expect(fresh.currentPageIndicatorTintColor == nil)
        #expect(fresh.primaryControlEvent == .valueChanged)   // B11
        flush()
    }

    @Test func sizeForNumberOfPagesGrowsByOneDotPitchPerPage() {
        let one = pages.size(forNumberOfPages: 1)
        let two = pages.size(forNumberOfPages: 2)
        let five = pages.size(forNumberOfPages: 5)
        #expect(one.height == UIPageControl.naturalHeight)
        #expect(one.width == UIPageControl.currentDotWidth + 2 * UIPageControl.horizontalPadding)
        #expect(two.width - one.width == UIPageControl.dotDiameter + UIPageControl.dotSpacing)
        #expect(five.width - one.width == 4 * (UIPageControl.dotDiameter + UIPageControl.dotSpacing))
        #expect(pages.sizeThatFits(.zero) == five)
        #expect(pages.intrinsicContentSize == five)
        flush()
    }

    @Test func badInput_sizeForZeroOrNegativePagesIsEmpty() {
        #expect(pages.size(forNumberOfPages: 0).width == 0)
        #expect(pages.size(forNumberOfPages: -3) == pages.size(forNumberOfPages: 0))
        flush()
    }

    /// Apple's HIG: "A solid dot denotes the current page. Visually, these dots are always
    /// equidistant": the current page's dot is the others' size, in its own colour.
    @Test func dotsSitInOrderEquidistantAndTheSameSize() {
        let dots = pages.dotRects()
        #expect(dots.count == 5)
        for i in 1..<5 { #expect(dots[i].minX > dots[i - 1].maxX) }
        for i in 2..<5 { #expect(abs((dots[i].minX - dots[i - 1].minX) - (dots[1].minX - dots[0].minX)) < 0.001) }
        #expect(dots[2].width == UIPageControl.dotDiameter, "the current page (2) is a dot, not a pill")
        #expect(dots.allSatisfy { $0.width == UIPageControl.dotDiameter && $0.height == UIPageControl.dotDiameter })
        #expect(abs((dots[0].minX + dots[4].maxX) / 2 - 100) < 0.001)   // centred
        flush()
    }

    @Test func tooManyDotsShrinkToFit() {
        pages.numberOfPages = 100
        let dots = pages.dotRects()
        #expect(dots.count == 100)
        #expect(dots.first!.minX >= UIPageControl.horizontalPadding - 0.001)
        #expect(dots.last!.maxX <= 200 - UIPageControl.horizontalPadding + 0.001)
        flush()
    }

    // MARK: Page numbers (bad input)

    @Test func badInput_currentPageIsClamped() {
        pages.currentPage = 9
        #expect(pages.currentPage == 4)
        pages.currentPage = -3
        #expect(pages.currentPage == 0)
        pages.currentPage = .max
        #expect(pages.currentPage == 4)
        pages.currentPage = .min
        #expect(pages.currentPage == 0)
        flush()
    }

    @Test func badInput_negativeNumberOfPagesBecomesZero() {
        pages.numberOfPages = -4
        #expect(pages.numberOfPages == 0)
        #expect(pages.currentPage == 0)
        pages.currentPage = 3
        #expect(pages.currentPage == 0)
        #expect(pages.dotRects().isEmpty)
        #expect(pages.accessibilityValue == nil)
        flush()
    }

    @Test func badInput_hugeNumberOfPagesIsCapped() {
        pages.numberOfPages = .max
        #expect(pages.numberOfPages == UIPageControl.maximumNumberOfPages)
        pages.currentPage = .max
        #expect(pages.currentPage == UIPageControl.maximumNumberOfPages - 1)
        #expect(pages.size(forNumberOfPages: .max) == pages.size(forNumberOfPages: UIPageControl.maximumNumberOfPages))
        #expect(pages.dotRects().last!.maxX <= 200)
        _ = window.buildDrawList(into: DrawList(), scale: 1, resources: nil)
        flush()
    }

    @Test func shrinkingNumberOfPagesClampsTheCurrentPage() {
        pages.currentPage = 4
        pages.numberOfPages = 3
        #expect(pages.currentPage == 2)
        flush()
        #expect(log.names.isEmpty)   // code changes send nothing
        flush()
    }

    @Test func zeroPagesTakeTapsWithoutEvents() {
        pages.numberOfPages = 0
        window.simulateTap(at: rightHalf)
        flush()
        #expect(pages.currentPage == 0)
        #expect(!log.names.contains("valueChanged"))
        flush()
    }

    // MARK: Taps (rule D6)

    @Test func d6_tapOnTheRightHalfMovesToTheNextPage() {
        window.simulateTap(at: rightHalf)
        flush()
        #expect(pages.currentPage == 3)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func d6_tapOnTheLeftHalfMovesToThePreviousPage() {
        window.simulateTap(at: leftHalf)
        flush()
        #expect(pages.currentPage == 1)
        #expect(log.names == ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        flush()
    }

    @Test func d6_oneTapMovesOnePageWhereverItLands() {
        window.simulateTap(at: CGPoint(x: 299, y: 113))   // far right: still one page
        #expect(pages.currentPage == 3)
        window.simulateTap(at: CGPoint(x: 101, y: 113))
        #expect(pages.currentPage == 2)
        flush()
    }

    @Test func d6_atTheEndsNothingIsSent() {
        pages.currentPage = 4
        window.simulateTap(at: rightHalf)
        pages.currentPage = 0
        window.simulateTap(at: leftHalf)
        flush()
        #expect(pages.currentPage == 0)
        #expect(!log.names.contains("valueChanged"))
        #expect(!log.names.contains("primaryActionTriggered"))
        #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "touchUpInside"])
        flush()
    }

    @Test func d6_rightToLeftMirrorsTheHalves() {
        pages.semanticContentAttribute = .forceRightToLeft
        window.simulateTap(at: leftHalf)
        #expect(pages.currentPage == 3)
        window.simulateTap(at: rightHalf)
        window.simulateTap(at: rightHalf)
        #expect(pages.currentPage == 1)
        // Page 0 is the rightmost dot.
        let dots = pages.dotRects()
        #expect(dots[0].minX > dots[4].maxX)
        flush()
    }

    @Test func d6_theHalfIsDecidedWhereTheFingerLifts() {
        window.simulateTouchDown(at: leftHalf)
        window.simulateTouchMove(to: rightHalf)
        window.simulateTouchUp(at: rightHalf)
        #expect(pages.currentPage == 3)
        flush()
    }

    @Test func d6_liftOutsideTheSlopMovesNothing() {
        window.simulateTouchDown(at: rightHalf)
        window.simulateTouchMove(to: CGPoint(x: 270, y: 390))   // beyond the 70-point slop
        window.simulateTouchUp(at: CGPoint(x: 270, y: 390))
        flush()
        #expect(pages.currentPage == 2)
        #expect(log.collapsed == ["touchDown", "dragExit", "dragOutside", "touchUpOutside"])
        flush()
    }

    @Test func c7_cancelMovesNothing() {
        window.simulateTouchDown(at: rightHalf)
        window.cancelAllTouches()
        flush()
        #expect(pages.currentPage == 2)
        #expect(log.names == ["touchDown", "touchCancel"])
        flush()
    }

    @Test func d6_valueIsAlreadyChangedWhenTheActionRuns() {
        var seen: [Int] = []
        pages.addAction(UIAction { [pages] _ in seen.append(pages.currentPage) }, for: .primaryActionTriggered)
        window.simulateTap(at: rightHalf)
        flush()
        #expect(seen == [3])
        flush()
    }

    @Test func settingCurrentPageInCodeSendsNothing() {
        pages.currentPage = 0
        pages.currentPage = 4
        pages.numberOfPages = 8
        flush()
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func deferredDisplayWaitsForUpdate() {
        pages.defersCurrentPageDisplay = true
        window.simulateTap(at: rightHalf)
        #expect(pages.currentPage == 3)
        #expect(pages.displayedPage == 2)
        pages.updateCurrentPageDisplay()
        #expect(pages.displayedPage == 3)
        pages.currentPage = 0   // code changes show at once
        #expect(pages.displayedPage == 0)
        flush()
    }

    // MARK: Single page

    @Test func hidesForSinglePageDrawsNothingAndTakesNoTouches() {
        pages.numberOfPages = 1
        pages.hidesForSinglePage = true
        #expect(window.hitTest(CGPoint(x: 200, y: 113), with: nil) !== pages)
        let list = DrawList()
        _ = window.buildDrawList(into: list, scale: 1, resources: nil)
        let hidden = list.vertices.count
        pages.hidesForSinglePage = false
        #expect(window.hitTest(CGPoint(x: 200, y: 113), with: nil) === pages)
        _ = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(list.vertices.count > hidden)
        flush()
    }

    @Test func c1_disabledPageControlIgnoresTaps() {
        pages.isEnabled = false
        window.simulateTap(at: rightHalf)
        flush()
        #expect(pages.currentPage == 2)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func appearanceChangesMarkForRedraw() {
        var g = pages.appearanceGeneration
        pages.pageIndicatorTintColor = .systemGray
        #expect(pages.appearanceGeneration != g)
        g = pages.appearanceGeneration
        pages.currentPageIndicatorTintColor = .systemRed
        #expect(pages.appearanceGeneration != g)
        g = pages.appearanceGeneration
        pages.currentPage = 1
        #expect(pages.appearanceGeneration != g)
        g = pages.appearanceGeneration
        pages.numberOfPages = 7
        #expect(pages.appearanceGeneration != g)
        flush()
    }

    // MARK: Keyboard and accessibility

    @Test func arrowKeysMovePages() {
        #expect(window.setFocusedView(pages))
        pressKey(window, .keyboardRightArrow)
        flush()
        #expect(pages.currentPage == 3)
        #expect(log.names == ["valueChanged", "primaryActionTriggered"])
        pressKey(window, .keyboardLeftArrow)
        pressKey(window, .keyboardLeftArrow)
        #expect(pages.currentPage == 1)
        pressKey(window, .keyboardUpArrow)
        pressKey(window, .keyboardDownArrow)
        #expect(pages.currentPage == 1, "up and down move focus, not the page")
        pressKey(window, .keyboardRightArrow)
        #expect(pages.currentPage == 2)
        flush()
    }

    @Test func arrowKeysStopAtTheEndsWithoutEvents() {
        pages.currentPage = 4
        pages.accessibilityIncrement()
        pages.currentPage = 0
        pages.accessibilityDecrement()
        flush()
        #expect(log.names.isEmpty)
        #expect(pages.currentPage == 0)
        flush()
    }

    @Test func spaceDoesNothing() {
        window.setFocusedView(pages)
        pressKey(window, .keyboardSpacebar)
        flush()
        #expect(log.names.isEmpty)
        #expect(pages.currentPage == 2)
        flush()
    }

    @Test func disabledPageControlIgnoresIncrement() {
        pages.isEnabled = false
        pages.accessibilityIncrement()
        flush()
        #expect(pages.currentPage == 2)
        #expect(log.names.isEmpty)
        flush()
    }

    @Test func accessibilityValueIsPageXOfY() {
        #expect(pages.accessibilityValue == "page 3 of 5")
        pages.currentPage = 0
        #expect(pages.accessibilityValue == "page 1 of 5")
        #expect(pages.accessibilityTraits.contains(.adjustable))
        pages.accessibilityValue = "Intro"
        #expect(pages.accessibilityValue == "Intro")
        flush()
    }
}
