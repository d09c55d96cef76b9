import Testing
import Foundation
@testable import SDLControlsCore

/// A view that can take focus (plain views can't) and records focus updates.
@MainActor
final class FocusProbe: UIView {
    var refuses = false
    var updates: [(previous: UIView?, next: UIView?, heading: UIFocusHeading)] = []
    override var canBecomeFocused: Bool { true }
    override func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { !refuses }
    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        updates.append((context.previouslyFocusedView, context.nextFocusedView, context.focusHeading))
    }
}

/// A container that scrolls, as a scroll view will: it records what it was asked to show,
/// and reports `target` as where an animated scroll it started will stop.
@MainActor
final class ScrollingProbe: UIView, FocusScrollingContainer {
    var shown: [CGRect] = []
    var target: CGPoint?
    func scrollRectToVisible(_ rect: CGRect, animated: Bool) { shown.append(rect) }
    var focusScrollTarget: CGPoint? { target }
}

/// A plain container that records the focus updates it is told about.
@MainActor
final class FocusUpdateRecorder: UIView {
    var updates: [(previous: UIView?, next: UIView?)] = []
    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        updates.append((context.previouslyFocusedView, context.nextFocusedView))
    }
}

/// The spatial focus engine through the window's public API: containers first, edges and
/// wrapping, the adjustable rule, preferred focus, hooks, the ring, and candidates.
@MainActor
struct FocusEngineTests {
    /// A window whose ring shows, as after a key press: these tests are about where focus goes.
    let window: UIWindow = {
        let window = makeTestWindow(size: CGSize(width: 600, height: 400))
        window.isFocusRingVisible = true
        return window
    }()

    @discardableResult
    private func button(_ title: String, _ frame: CGRect, in parent: UIView? = nil) -> UIButton {
        addButton(title, frame, to: parent ?? window)
    }

    private func container(_ frame: CGRect) -> UIView {
        let v = UIView(frame: frame)
        window.addSubview(v)
        return v
    }

    private func label(_ v: UIView?) -> String { v?.accessibilityLabel ?? "nil" }

    // MARK: Directions and containers

    @Test func focusMovesWithinItsContainerFirst() {
        // Two side-by-side panels. From A1, "down" finds A2 far below in its own panel rather
        // than B1, which lies that way too and nearer, but in the other panel.
        let left = container(CGRect(x: 0, y: 0, width: 300, height: 400))
        let right = container(CGRect(x: 300, y: 0, width: 300, height: 400))
        let a1 = button("A1", CGRect(x: 10, y: 10, width: 90, height: 30), in: left)
        button("A2", CGRect(x: 10, y: 330, width: 90, height: 30), in: left)
        button("B1", CGRect(x: 10, y: 60, width: 90, height: 30), in: right)
        window.setFocusedView(a1)
        #expect(label(window.moveFocus(.down)) == "A2")
        // From A2 nothing lies right inside the left panel: the search widens to the window.
        #expect(label(window.moveFocus(.right)) == "B1")
    }

    @Test func focusStopsAtTheEdgeByDefault() {
        let top = button("Top", CGRect(x: 10, y: 10, width: 90, height: 30))
        button("Bottom", CGRect(x: 10, y: 60, width: 90, height: 30))
        window.setFocusedView(top)
        #expect(window.moveFocus(.up) == nil)
        #expect(window.focusedView === top)
        #expect(label(window.moveFocus(.down)) == "Bottom")
        #expect(window.moveFocus(.down) == nil, "nothing below: focus stays")
        #expect(label(window.focusedView) == "Bottom")
    }

    @Test func aWrappingContainerWrapsToItsOppositeEdge() {
        let menu = container(CGRect(x: 0, y: 0, width: 200, height: 400))
        menu.wrapsFocusAtEdges = true
        let items = (0..<3).map { button("Item \($0)", CGRect(x: 10, y: 10 + CGFloat($0) * 50, width: 150, height: 30), in: menu) }
        button("Outside", CGRect(x: 300, y: 300, width: 90, height: 30))
        window.setFocusedView(items[2])
        #expect(label(window.moveFocus(.down)) == "Item 0", "down from the last item wraps to the first")
        #expect(label(window.moveFocus(.up)) == "Item 2", "and up from the first to the last")
        // Right: nothing in the menu that way, and no other item in its row to wrap to, so
        // the search goes on out of the menu.
        #expect(label(window.moveFocus(.right)) == "Outside")
    }

    @Test func hiddenDisabledAndNonInteractiveViewsAreSkipped() {
        let a = button("A", CGRect(x: 10, y: 10, width: 90, height: 30))
        button("Hidden", CGRect(x: 10, y: 60, width: 90, height: 30)).isHidden = true
        button("Disabled", CGRect(x: 10, y: 110, width: 90, height: 30)).isEnabled = false
        button("Inert", CGRect(x: 10, y: 160, width: 90, height: 30)).isUserInteractionEnabled = false
        button("Faded", CGRect(x: 10, y: 210, width: 90, height: 30)).alpha = 0
        button("Shown", CGRect(x: 10, y: 260, width: 90, height: 30))
        window.setFocusedView(a)
        #expect(label(window.moveFocus(.down)) == "Shown")
        #expect(window.focusableViews.map { label($0) } == ["A", "Shown"])
    }

    @Test func viewsOffScreenOrClippedAwayAreNotCandidates() {
        let a = button("A", CGRect(x: 10, y: 10, width: 90, height: 30))
        button("Below the window", CGRect(x: 10, y: 500, width: 90, height: 30))
        let clip = container(CGRect(x: 0, y: 100, width: 200, height: 50))
        clip.clipsToBounds = true
        button("Clipped", CGRect(x: 10, y: 80, width: 90, height: 30), in: clip)
        button("Half in", CGRect(x: 10, y: 30, width: 90, height: 30), in: clip)
        window.setFocusedView(a)
        #expect(window.focusableViews.map { label($0) } == ["A", "Half in"])
        #expect(label(window.moveFocus(.down)) == "Half in")
        #expect(window.moveFocus(.down) == nil)
    }

    @Test func contentOfAScrollingContainerIsReachableAndScrolledIntoView() {
        let a = button("A", CGRect(x: 10, y: 10, width: 90, height: 30))
        let scroller = ScrollingProbe(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        scroller.clipsToBounds = true
        window.addSubview(scroller)
        let far = button("Far", CGRect(x: 10, y: 250, width: 90, height: 30), in: scroller)
        window.setFocusedView(a)
        #expect(window.focusableViews.contains { $0 === far })
        #expect(window.moveFocus(.down) === far)
        #expect(scroller.shown == [CGRect(x: 10, y: 250, width: 90, height: 30)], "asked with the rect in its own coordinates")
    }

    @Test func anOuterContainerIsAskedWhereTheViewWillBeOnceTheInnerOneHasScrolled() {
        // Nested on one axis: the inner container is animating to y 400, so the view, now at
        // 450…480 in it, will sit at 50…80 in its frame, 150…180 in the outer one.
        let outer = ScrollingProbe(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(outer)
        let inner = ScrollingProbe(frame: CGRect(x: 0, y: 100, width: 300, height: 100))
        inner.target = CGPoint(x: 0, y: 400)
        outer.addSubview(inner)
        let row = button("Row", CGRect(x: 10, y: 450, width: 90, height: 30), in: inner)
        window.setFocusedView(row)
        #expect(inner.shown == [CGRect(x: 10, y: 450, width: 90, height: 30)])
        #expect(outer.shown == [CGRect(x: 10, y: 150, width: 90, height: 30)], "not 550, where it is now")
    }

    @Test func focusIntoAListNestedInAScrollViewOnTheSameAxisEndsInSight() {
        // The outer scroll view (content 1200 tall) holds a list at y 300 (200 tall, content
        // 1000). Shift+Tab from the top control wraps to the list's last row, which both
        // scroll views must bring into the window, the outer one to where the inner one stops.
        let outer = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        outer.contentSize = CGSize(width: 400, height: 1200)
        window.addSubview(outer)
        let top = button("Top", CGRect(x: 10, y: 10, width: 90, height: 30), in: outer)
        let list = UIScrollView(frame: CGRect(x: 0, y: 300, width: 400, height: 200))
        list.contentSize = CGSize(width: 400, height: 1000)
        outer.addSubview(list)
        let rows = (0..<20).map { button("R\($0)", CGRect(x: 10, y: CGFloat($0) * 50, width: 90, height: 30), in: list) }
        window.setFocusedView(top)
        window.moveFocus(.previous)
        #expect(window.focusedView === rows[19])
        let clock = window.frameClock
        for _ in 0..<120 { clock.advanceTime(to: clock.currentTime + 1.0 / 60) }
        let r = rows[19].convert(rows[19].bounds, to: nil)
        #expect(window.bounds.contains(r), "the row in the window: \(r)")
        #expect(list.convert(list.bounds, to: nil).contains(r), "and in its list: \(r)")
        #expect(list.contentOffset.y == 780 && outer.contentOffset.y == 100, "each scrolled as little as it could")
    }

    // MARK: Losing focus

    /// Each way a focused view can stop being focusable, and removal, which has always
    /// cleared focus at once.
    enum FocusLoss: String, CaseIterable {
        case disabled, hidden, faded, inert, containerHidden, containerInert, removed
    }

    @Test(arguments: FocusLoss.allCases)
    func aFocusedViewThatCanNoLongerTakeFocusLosesItAsOnRemoval(_ loss: FocusLoss) {
        button("Top", CGRect(x: 10, y: 10, width: 90, height: 30))
        let panel = FocusUpdateRecorder(frame: CGRect(x: 0, y: 50, width: 300, height: 100))
        window.addSubview(panel)
        let mid = button("Mid", CGRect(x: 10, y: 10, width: 90, height: 30), in: panel)
        button("Low", CGRect(x: 10, y: 160, width: 90, height: 30))
        window.setFocusedView(mid)
        #expect(mid.isFocused && window.focusedView === mid)
        switch loss {
        case .disabled: mid.isEnabled = false
        case .hidden: mid.isHidden = true
        case .faded: mid.alpha = 0
        case .inert: mid.isUserInteractionEnabled = false
        case .containerHidden: panel.isHidden = true
        case .containerInert: panel.isUserInteractionEnabled = false
        case .removed: mid.removeFromSuperview()
        }
        window.updateFocusIfNeeded()   // once a frame in the host
        #expect(window.focusedView == nil, "focus goes nowhere")
        #expect(!mid.isFocused && !mid.state.contains(.focused), "no ring on a control that lost focus")
        #expect(panel.updates.last.map { $0.previous === mid && $0.next == nil } == true, "the hooks are told")
        // Focus starts over as with nothing focused: a controller direction goes to the
        // preferred view (the top-left one), an arrow key does nothing.
        #expect(!window.handleFocusKey(UIKey(keyCode: .keyboardDownArrow), isRepeat: false))
        #expect(window.send(.buttonDown(.dpadDown, timestamp: 0)))
        #expect(label(window.focusedView) == "Top")
        window.send(.buttonUp(.dpadDown, timestamp: 0))
    }

    /// Where the removed view sits: itself, or inside a container that is removed.
    enum RemovedRoot: String, CaseIterable { case field, container }

    /// Removing a focused, editing text field clears focus and ends editing exactly once, at
    /// once, even when its `editingDidEnd` action (delivered immediately) tries to focus it
    /// again or make it first responder while it is still on its way out.
    @Test(arguments: RemovedRoot.allCases)
    func removingAFocusedEditingFieldEndsFocusAndEditingOnceEvenIfItsActionRefocusesIt(_ root: RemovedRoot) {
        UIApplication.shared.actionDelivery = .immediate
        defer { UIApplication.shared.actionDelivery = .batched }
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.addSubview(panel)
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        panel.addSubview(field)
        var ended = 0, focusedDuringEnd: [UIView?] = []
        field.addAction(UIAction { [window] _ in
            ended += 1
            window.setFocusedView(field)
            _ = field.becomeFirstResponder()
            focusedDuringEnd.append(window.focusedView)
        }, for: .editingDidEnd)
        window.setFocusedView(field)
        #expect(window.focusedView === field && field.isEditing && field.isFirstResponder)
        switch root {
        case .field: field.removeFromSuperview()
        case .container: panel.removeFromSuperview()
        }
        #expect(ended == 1, "editingDidEnd ran once")
        #expect(focusedDuringEnd.allSatisfy { $0 == nil }, "the action could not focus the leaving field")
        #expect(window.focusedView == nil, "focus is gone at once, not a frame later")
        #expect(!field.isFocused && !field.isEditing && !field.isFirstResponder)
        #expect(window.firstResponder == nil)
        window.updateFocusIfNeeded()
        #expect(ended == 1 && window.focusedView == nil)
        // Back in the window, it takes focus again as any field does.
        window.addSubview(field)
        window.setFocusedView(field)
        #expect(window.focusedView === field && field.isEditing)
        flush()
    }

    /// A view moved from one window to another can't be focused in the old window by hooks
    /// that run during the move, and is focusable in the new one.
    @Test func aViewMovedToAnotherWindowCantBeRefocusedInTheOldOneDuringTheMove() {
        let other = makeTestWindow(size: CGSize(width: 300, height: 200))
        let b = button("Moving", CGRect(x: 10, y: 10, width: 90, height: 30))
        var seenDuringMove: UIView?? = .none
        let recorder = FocusUpdateRecorder(frame: window.bounds)
        window.addSubview(recorder)
        recorder.addSubview(b)
        window.setFocusedView(b)
        b.addAction(UIAction { _ in }, for: .touchUpInside)
        final class Spy: UIView {
            var onWillMove: (() -> Void)?
            override func willMove(toWindow newWindow: UIWindow?) { onWillMove?() }
        }
        let spy = Spy(frame: .zero)
        b.addSubview(spy)
        spy.onWillMove = { [window] in
            window.setFocusedView(b)
            seenDuringMove = .some(window.focusedView)
        }
        other.addSubview(b)
        #expect(seenDuringMove == .some(nil), "no focus for a view on its way out")
        #expect(window.focusedView == nil)
        other.setFocusedView(b)
        #expect(other.focusedView === b)
    }

    // MARK: Adjustable controls and keys

    @Test func leftAndRightAdjustAnAdjustableControlUpAndDownMoveFocus() {
        let above = button("Above", CGRect(x: 10, y: 10, width: 90, height: 30))
        let slider = UISlider(frame: CGRect(x: 10, y: 60, width: 200, height: 34))
        slider.accessibilityLabel = "Slider"
        window.addSubview(slider)
        button("Beside", CGRect(x: 300, y: 60, width: 90, height: 30))
        window.setFocusedView(slider)
        pressKey(window, .keyboardRightArrow)
        #expect(abs(slider.value - 0.1) < 0.0001)
        #expect(window.focusedView === slider, "right adjusted the slider; it did not move focus")
        pressKey(window, .keyboardUpArrow)
        #expect(window.focusedView === above)
        pressKey(window, .keyboardRightArrow)
        #expect(label(window.focusedView) == "Beside", "on a button all four arrows move focus")
        flush()
    }

    /// Every sample is fully usable with a controller alone: a control beyond a slider in its
    /// row is reachable without Tab. At the end of the range a
    /// fresh press moves focus on; a repeat (a held key or D-pad) stays on the control.
    @Test func aFreshPressAtTheEndOfTheRangeMovesFocusOnARepeatStays() {
        let before = button("Before", CGRect(x: 10, y: 60, width: 80, height: 30))
        let slider = UISlider(frame: CGRect(x: 100, y: 60, width: 200, height: 34))
        slider.accessibilityLabel = "Slider"
        slider.value = 0.9
        window.addSubview(slider)
        let beyond = button("Beyond", CGRect(x: 320, y: 60, width: 80, height: 30))
        var changes = 0
        slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        window.setFocusedView(slider)
        #expect(window.handleFocusKey(UIKey(keyCode: .keyboardRightArrow), isRepeat: false))
        #expect(slider.value == 1 && window.focusedView === slider, "a step that moves the value stays")
        #expect(window.handleFocusKey(UIKey(keyCode: .keyboardRightArrow), isRepeat: true))
        #expect(window.focusedView === slider, "a repeat at the end of the range stays")
        #expect(window.handleFocusKey(UIKey(keyCode: .keyboardRightArrow), isRepeat: false))
        #expect(window.focusedView === beyond, "a fresh press at the end moves focus on")
        // The same from the other end, with the D-pad (the controller's press is fresh).
        slider.value = 0
        window.setFocusedView(slider)
        #expect(window.send(.buttonDown(.dpadLeft, timestamp: 0)))
        window.send(.buttonUp(.dpadLeft, timestamp: 0))
        #expect(window.focusedView === before)
        flush()
        #expect(changes == 1, "only the step that moved the value sent valueChanged")
    }

    /// The same rule for an adjustable view that is not a control: its accessibility value
    /// is what shows whether a step moved it.
    @Test func anAdjustableViewThatIsNotAControlMovesFocusOnWhenItsValueStays() {
        final class Dial: UIView {
            var level = 0
            override var canBecomeFocused: Bool { true }
            override var accessibilityTraits: UIAccessibilityTraits { get { .adjustable } set {} }
            override var accessibilityValue: String? { get { "\(level)" } set {} }
            override func accessibilityIncrement() { level = min(2, level + 1) }
            override func accessibilityDecrement() { level = max(0, level - 1) }
        }
        let dial = Dial(frame: CGRect(x: 10, y: 60, width: 60, height: 60))
        window.addSubview(dial)
        let beyond = button("Beyond", CGRect(x: 100, y: 60, width: 80, height: 30))
        window.setFocusedView(dial)
        pressKey(window, .keyboardRightArrow)
        pressKey(window, .keyboardRightArrow)
        #expect(dial.level == 2 && window.focusedView === dial)
        pressKey(window, .keyboardRightArrow)
        #expect(window.focusedView === beyond)
    }

    /// UIKit's `UIView.isFocused` (UIFocusItem): a focusable view that is not a control can
    /// ask whether it has focus; here, as a control's, while the ring shows.
    @Test func aPlainFocusableViewKnowsWhetherItIsFocused() {
        final class Tile: UIView { override var canBecomeFocused: Bool { true } }
        let tile = Tile(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
        window.addSubview(tile)
        let other = button("Other", CGRect(x: 100, y: 10, width: 80, height: 30))
        let asView: UIView = tile
        #expect(!asView.isFocused)
        window.setFocusedView(tile)
        #expect(asView.isFocused)
        window.isFocusRingVisible = false
        #expect(!asView.isFocused, "no ring shown: as a control's isFocused")
        window.isFocusRingVisible = true
        window.setFocusedView(other)
        #expect(!asView.isFocused)
        tile.removeFromSuperview()
        #expect(!asView.isFocused)
    }

    @Test func arrowsWithNothingFocusedAreLeftAlone() {
        button("A", CGRect(x: 10, y: 10, width: 90, height: 30))
        let press = UIPress(phase: .began, key: UIKey(keyCode: .keyboardDownArrow), timestamp: 0)
        window.send(press)
        #expect(window.focusedView == nil, "Tab starts keyboard focus, not an arrow")
        #expect(!window.handleFocusKey(UIKey(keyCode: .keyboardDownArrow), isRepeat: false))
    }

    @Test func tabReadsAMixedHeightRowLeftToRight() {
        // Centred on one line: the taller button starts higher. Fixed 8-point rows read it out
        // of order.
        let tall = button("Tall", CGRect(x: 200, y: 100, width: 90, height: 44))
        let short = UISwitch(frame: CGRect(x: 20, y: 108, width: 51, height: 28))
        short.accessibilityLabel = "Short"
        window.addSubview(short)
        button("Next line", CGRect(x: 20, y: 200, width: 90, height: 30))
        #expect(window.focusableViews.map { label($0) } == ["Short", "Tall", "Next line"])
        pressKey(window, .keyboardTab)
        pressKey(window, .keyboardTab)
        #expect(window.focusedView === tall)
    }

    @Test func nextAndPreviousHeadingsFollowReadingOrder() {
        let a = button("A", CGRect(x: 10, y: 10, width: 90, height: 30))
        let b = button("B", CGRect(x: 200, y: 10, width: 90, height: 30))
        window.setFocusedView(a)
        #expect(window.moveFocus(.next) === b)
        #expect(window.moveFocus(.next) === a, "wraps")
        #expect(window.moveFocus(.previous) === b)
    }

    // MARK: Preferred focus

    @Test func preferredFocusIsFollowedIntoContainers() {
        button("First", CGRect(x: 10, y: 10, width: 90, height: 30))
        let panel = container(CGRect(x: 0, y: 100, width: 600, height: 300))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 300))
        panel.addSubview(inner)
        button("Panel first", CGRect(x: 10, y: 10, width: 90, height: 30), in: inner)
        let chosen = button("Chosen", CGRect(x: 300, y: 200, width: 90, height: 30), in: inner)
        window.preferredFocusedView = panel
        panel.preferredFocusedView = inner
        // No preference inside `inner`: its first view in reading order.
        #expect(label(window.moveFocus(.down)) == "Panel first", "a direction with nothing focused takes the preferred view")
        inner.preferredFocusedView = chosen
        window.setFocusedView(nil)
        window.setNeedsFocusUpdate()
        window.updateFocusIfNeeded()
        #expect(window.focusedView === chosen)
    }

    @Test func preferenceCyclesAndDeadEndsFallBackToReadingOrder() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(a)
        a.addSubview(b)
        button("Only", CGRect(x: 50, y: 50, width: 90, height: 30), in: b)
        window.preferredFocusedView = a
        a.preferredFocusedView = b
        b.preferredFocusedView = a   // a cycle
        window.setNeedsFocusUpdate()
        window.updateFocusIfNeeded()
        #expect(label(window.focusedView) == "Only")
    }

    @Test func aFocusUpdateRequestIsIgnoredWhenFocusIsElsewhere() {
        let outside = button("Outside", CGRect(x: 10, y: 10, width: 90, height: 30))
        let panel = container(CGRect(x: 0, y: 100, width: 600, height: 300))
        let inside = button("Inside", CGRect(x: 10, y: 10, width: 90, height: 30), in: panel)
        window.setFocusedView(outside)
        panel.setNeedsFocusUpdate()
        panel.updateFocusIfNeeded()
        #expect(window.focusedView === outside)
        // Once the focused view is hidden, the request applies.
        outside.isHidden = true
        panel.setNeedsFocusUpdate()
        panel.updateFocusIfNeeded()
        #expect(window.focusedView === inside)
    }

    // MARK: Hooks

    @Test func hooksAreAskedAndToldOncePerViewWithTheHeading() {
        let a = FocusProbe(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let b = FocusProbe(frame: CGRect(x: 10, y: 100, width: 50, height: 50))
        a.accessibilityLabel = "a"
        b.accessibilityLabel = "b"
        window.addSubview(a)
        window.addSubview(b)
        window.setFocusedView(a)
        #expect(a.updates.count == 1 && a.updates[0].previous == nil && a.updates[0].next === a && a.updates[0].heading == [])
        #expect(b.updates.isEmpty, "b is not involved")
        #expect(window.moveFocus(.down) === b)
        #expect(a.updates.count == 2 && b.updates.count == 1)
        #expect(b.updates[0].previous === a && b.updates[0].next === b && b.updates[0].heading == .down)
        b.refuses = true
        #expect(window.moveFocus(.up) == nil, "b refuses to let focus go")
        #expect(window.focusedView === b)
        #expect(!window.setFocusedView(a))
        #expect(window.setFocusedView(nil), "clearing focus can't be refused")
    }

    @Test func coordinatedAnimationsRunAndCompleteWithinTheUpdate() {
        final class Animating: UIButton {
            var log: [String] = []
            override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
                coordinator.addCoordinatedAnimations({ self.log.append("animate") }, completion: { self.log.append("done") })
                log.append("after add")
            }
        }
        let a = Animating(frame: CGRect(x: 10, y: 10, width: 90, height: 30))
        window.addSubview(a)
        window.setFocusedView(a)
        #expect(a.log == ["animate", "after add", "done"])
    }

    // MARK: Text fields

    @Test func focusByDirectionDoesNotBeginEditingButTabAndActivationDo() {
        let top = button("Top", CGRect(x: 10, y: 10, width: 90, height: 30))
        let field = UITextField(frame: CGRect(x: 10, y: 60, width: 200, height: 34))
        window.addSubview(field)
        window.setFocusedView(top)
        #expect(window.moveFocus(.down) === field)
        #expect(!field.isEditing, "passing over a field raises no keyboard")
        pressKey(window, .keyboardReturnOrEnter)
        #expect(field.isEditing, "Return activates: editing begins")
        #expect(window.moveFocus(.up) === top)
        #expect(!field.isEditing, "moving focus away ends editing")
        pressKey(window, .keyboardTab)
        #expect(window.focusedView === field && field.isEditing, "Tab begins editing (desktop habit)")
        flush()
    }

    // MARK: The ring

    @Test func theRingFollowsTheLastInputAndATouchMovesFocus() {
        let fresh = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(!fresh.isFocusRingVisible, "a new window shows no ring until a key or controller press")
        let a = button("A", CGRect(x: 10, y: 10, width: 90, height: 30))
        let b = button("B", CGRect(x: 200, y: 10, width: 90, height: 30))
        window.setFocusedView(a)
        #expect(window.isFocusRingVisible && a.isFocused && a.state.contains(.focused))
        window.simulateTap(at: CGPoint(x: 240, y: 25))
        #expect(!window.isFocusRingVisible)
        #expect(window.focusedView === b, "focus follows the touch to a control that can take it")
        #expect(!b.isFocused && !a.isFocused, "without a ring")
        pressKey(window, .keyboardLeftArrow)
        #expect(window.focusedView === a && a.isFocused && window.isFocusRingVisible, "a key shows it again")
        window.simulateTap(at: CGPoint(x: 400, y: 300))
        #expect(window.focusedView == nil, "a touch on nothing focusable clears focus")
        flush()
    }

    @Test func keysAFieldBeingEditedTakesShowNoRingAndTabOutOfItDoes() {
        let window = makeTestWindow(size: CGSize(width: 600, height: 400))
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        field.text = "abc"
        window.addSubview(field)
        let next = UIButton(type: .system)
        next.setTitle("Next", for: .normal)
        next.frame = CGRect(x: 10, y: 60, width: 90, height: 30)
        window.addSubview(next)
        window.simulateTap(at: CGPoint(x: 100, y: 27))
        #expect(field.isEditing && !window.isFocusRingVisible, "edited by touch: no ring")
        for key in [UIKeyboardHIDUsage.keyboardLeftArrow, .keyboardDeleteOrBackspace] { pressKey(window, key) }
        #expect(window.insertText("x"))
        #expect(!window.isFocusRingVisible, "typing and the caret show no ring")
        pressKey(window, .keyboardReturnOrEnter)
        #expect(!field.isEditing && !window.isFocusRingVisible, "Return ends editing without a ring, as on iOS")
        window.simulateTap(at: CGPoint(x: 100, y: 27))
        #expect(field.isEditing)
        pressKey(window, .keyboardTab)
        #expect(window.focusedView === next && window.isFocusRingVisible && next.isFocused, "Tab out of the field: keyboard navigation")
        flush()
    }

    @Test func aTouchMovingFocusLeavesAnEditingFieldEditing() {
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        window.addSubview(field)
        let b = button("B", CGRect(x: 300, y: 10, width: 90, height: 30))
        #expect(field.becomeFirstResponder())
        window.simulateTap(at: CGPoint(x: 340, y: 25))
        #expect(window.focusedView === b)
        #expect(field.isEditing, "a tap elsewhere ends no editing (as in UIKit)")
        flush()
    }

    @Test func theRingIsDrawnOnlyWhileShown() {
        let a = button("A", CGRect(x: 100, y: 100, width: 90, height: 30))
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let plain = list.vertices.count
        window.setFocusedView(a)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let ringed = list.vertices.count
        #expect(ringed > plain)
        window.isFocusRingVisible = false
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(list.vertices.count == plain)
    }
}
