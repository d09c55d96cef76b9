import Testing
import Foundation
@testable import SDLControlsCore

/// The core hooks for the desktop pointer and keyboard: `UIWindow.sendScroll(_:at:isPrecise:)`
/// (wheel and trackpad), keyboard scrolling (Page Up/Down, Home/End, arrows), and focus moves
/// scrolling the focused control into view through `FocusScrollingContainer`.
@MainActor
struct UIScrollViewInputTests {
    let window = makeTestWindow()

    // MARK: Wheel and trackpad

    @Test func preciseDeltasScrollAtOnceWithinTheContent() {
        let f = ScrollFixture(window: window)
        #expect(window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 150, y: 150), isPrecise: true))
        #expect(f.scroll.contentOffset.y == 40)
        #expect(f.log.calls == ["didScroll"])
        window.sendScroll(CGPoint(x: 0, y: 5000), at: CGPoint(x: 150, y: 150), isPrecise: true)
        #expect(f.scroll.contentOffset.y == 700, "no rubber band for a wheel")
        #expect(window.sendScroll(CGPoint(x: 0, y: 10), at: CGPoint(x: 150, y: 150), isPrecise: true),
                "at the end the scroll view still takes the wheel, so it doesn't leak to the game")
    }

    @Test func notchedDeltasGlideAndAddUp() {
        let f = ScrollFixture(window: window)
        window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 150, y: 150), isPrecise: false)
        #expect(f.scroll.contentOffset.y == 0, "smoothing runs on the frame clock")
        f.run(1.0 / 60)
        window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 150, y: 150), isPrecise: false)
        let mid = f.scroll.contentOffset.y
        #expect(mid > 0 && mid < 40)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 80)
        #expect(!f.log.calls.contains("didEndScrollingAnimation"), "a wheel sends only didScroll")
        #expect(f.scroll.verticalIndicator.map { !$0.isHidden } ?? false, "the indicator shows")
    }

    @Test func theWheelGoesToTheScrollViewUnderThePointerThatScrollsThatWay() {
        let outer = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        outer.contentSize = CGSize(width: 900, height: 300)
        window.addSubview(outer)
        let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        inner.contentSize = CGSize(width: 300, height: 1000)
        outer.addSubview(inner)
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        inner.addSubview(button)
        #expect(window.sendScroll(CGPoint(x: 0, y: 30), at: CGPoint(x: 50, y: 30), isPrecise: true))
        #expect(inner.contentOffset.y == 30 && outer.contentOffset == .zero, "over a button in the list: the list")
        #expect(window.sendScroll(CGPoint(x: 50, y: 0), at: CGPoint(x: 50, y: 30), isPrecise: true))
        #expect(outer.contentOffset.x == 50, "sideways: the pager around it")
        #expect(!window.sendScroll(CGPoint(x: 0, y: 30), at: CGPoint(x: 350, y: 30), isPrecise: true), "outside: not used")
        #expect(!window.sendScroll(CGPoint(x: CGFloat.nan, y: 30), at: CGPoint(x: 50, y: 30), isPrecise: true))
        #expect(!window.sendScroll(.zero, at: CGPoint(x: 50, y: 30), isPrecise: true))
    }

    @Test func theWheelIsIgnoredByAScrollViewThatTakesNoTouchesOrDoesNotScroll() {
        let f = ScrollFixture(window: window)
        f.scroll.isScrollEnabled = false
        #expect(!window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 150, y: 150), isPrecise: true))
        f.scroll.isScrollEnabled = true
        f.scroll.isUserInteractionEnabled = false
        #expect(!window.sendScroll(CGPoint(x: 0, y: 40), at: CGPoint(x: 150, y: 150), isPrecise: true))
        #expect(f.scroll.contentOffset == .zero)
    }

    // MARK: Keyboard

    @Test func pageKeysHomeAndEndScrollTheScrollViewWithNothingFocused() {
        let f = ScrollFixture(window: window)
        pressKey(window, .keyboardPageDown)
        f.run(1)
        #expect(f.scroll.contentOffset.y == CGFloat(300) - UIScrollView.keyboardLineDistance, "a page, less a line of overlap")
        pressKey(window, .keyboardEnd)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 700)
        pressKey(window, .keyboardPageUp)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 440, "a page back from the end (700 − 260)")
        pressKey(window, .keyboardHome)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 0)
        #expect(f.log.calls.filter { $0 == "didEndScrollingAnimation" }.count == 4)
    }

    @Test func repeatedKeysAddUpWhileGliding() {
        let f = ScrollFixture(window: window)
        pressKey(window, .keyboardDownArrow)
        pressKey(window, .keyboardDownArrow)
        pressKey(window, .keyboardDownArrow)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 3 * UIScrollView.keyboardLineDistance)
    }

    @Test func arrowsMoveFocusFirstAndScrollOnlyWhenFocusCannotMove() {
        let f = ScrollFixture(window: window)
        #expect(window.setFocusedView(f.button))
        pressKey(window, .keyboardDownArrow)   // nothing focusable below the button: scroll
        f.run(1)
        #expect(f.scroll.contentOffset.y == UIScrollView.keyboardLineDistance)
        #expect(window.focusedView === f.button)
    }

    @Test func pageKeysReachTheListWhenAControlOutsideItIsFocused() {
        let f = ScrollFixture(window: window)
        let toolbarButton = UIButton(frame: CGRect(x: 320, y: 10, width: 60, height: 30))
        window.addSubview(toolbarButton)
        #expect(window.setFocusedView(toolbarButton))
        pressKey(window, .keyboardPageDown)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 260)
        #expect(!window.scrollForKey(UIKey(keyCode: .keyboardDownArrow)),
                "an arrow stays with the focused view's surroundings (none of them scroll)")
    }

    @Test func aTextFieldKeepsItsKeysAndPassesPageKeysToItsScrollView() {
        let f = ScrollFixture(window: window)
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        field.text = "hello"
        f.scroll.addSubview(field)
        #expect(field.becomeFirstResponder())
        pressKey(window, .keyboardPageDown)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 260, "the field doesn't use Page Down: its scroll view does")
    }

    @Test func keysAtTheEndAreNotUsedAndKeyboardScrollingCanBeTurnedOff() {
        let f = ScrollFixture(window: window)
        #expect(!f.scroll.handleScrollKey(UIKey(keyCode: .keyboardUpArrow)), "at the top: Up is not used")
        #expect(!f.scroll.handleScrollKey(UIKey(keyCode: .keyboardLeftArrow)), "no horizontal scrolling")
        #expect(!f.scroll.handleScrollKey(UIKey(keyCode: .keyboardPageDown, modifierFlags: .command)))
        f.scroll.allowsKeyboardScrolling = false
        pressKey(window, .keyboardPageDown)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 0)
    }

    // MARK: Focus

    @Test func tabScrollsTheNewlyFocusedControlIntoView() {
        let f = ScrollFixture(window: window)
        let far = UIButton(type: .system)
        far.setTitle("Far", for: .normal)
        far.frame = CGRect(x: 50, y: 800, width: 200, height: 44)
        f.scroll.addSubview(far)
        window.setFocusedView(f.button)
        pressKey(window, .keyboardTab)
        #expect(window.focusedView === far, "a control the scroll view clips away is still a candidate")
        f.run(1)
        #expect(f.scroll.contentOffset.y == 544, "scrolled just far enough to show it (its bottom, 844, at the bottom)")
        #expect(window.hitTest(CGPoint(x: 150, y: 280), with: nil) === far)
        pressKey(window, .keyboardTab)
        #expect(window.focusedView === f.button)
        f.run(1)
        #expect(f.scroll.contentOffset.y == 100)
    }

    @Test func aScrollViewIsAFocusScrollingContainer() {
        let container: FocusScrollingContainer = UIScrollView()
        container.scrollRectToVisible(.zero, animated: false)
    }
}
