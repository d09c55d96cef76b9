import Testing
import Foundation
@testable import SDLControlsCore

/// A shared, ordered record of hierarchy hooks across several views.
@MainActor
private final class HookJournal {
    var entries: [String] = []
    func clear() { entries.removeAll() }
}

/// A view that writes every hierarchy hook into a journal, with what it saw at that moment.
@MainActor
private final class HookView: UIView {
    let name: String
    let journal: HookJournal
    /// `superview`/`window` as seen inside the hooks, for checking "before"/"after" states.
    var superviewSeenInWillMoveToSuperview: String?
    var windowSeenInWillMoveToWindow: String?
    var windowSeenInDidMoveToWindow: String?
    var subviewStillAttachedInWillRemove: Bool?

    init(_ name: String, _ journal: HookJournal, frame: CGRect = .zero) {
        self.name = name
        self.journal = journal
        super.init(frame: frame)
    }

    static func label(_ view: UIView?) -> String {
        switch view {
        case nil: return "nil"
        case let hook as HookView: return hook.name
        case is UIWindow: return "window"
        default: return "view"
        }
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        superviewSeenInWillMoveToSuperview = HookView.label(superview)
        journal.entries.append("\(name).willMove(toSuperview: \(HookView.label(newSuperview)))")
    }

    override func didMoveToSuperview() {
        journal.entries.append("\(name).didMoveToSuperview")
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        windowSeenInWillMoveToWindow = HookView.label(window)
        journal.entries.append("\(name).willMove(toWindow: \(HookView.label(newWindow)))")
    }

    override func didMoveToWindow() {
        windowSeenInDidMoveToWindow = HookView.label(window)
        journal.entries.append("\(name).didMoveToWindow")
    }

    override func didAddSubview(_ subview: UIView) {
        journal.entries.append("\(name).didAddSubview(\(HookView.label(subview)))")
    }

    override func willRemoveSubview(_ subview: UIView) {
        subviewStillAttachedInWillRemove = subview.superview === self && subviews.contains { $0 === subview }
        journal.entries.append("\(name).willRemoveSubview(\(HookView.label(subview)))")
    }
}

@MainActor
struct UIViewHierarchyTests {
    let window = makeTestWindow()

    // MARK: Adding, inserting, removing

    @Test func addSubviewAppendsAtTheFrontAndSetsSuperview() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        #expect(parent.subviews == [a, b])
        #expect(a.superview === parent)
        #expect(b.superview === parent)
        #expect(parent.superview == nil)
    }

    @Test func insertSubviewAtIndexClampsTheIndex() {
        let parent = UIView()
        let a = UIView(), b = UIView(), c = UIView(), d = UIView()
        parent.addSubview(a)
        parent.insertSubview(b, at: 0)
        #expect(parent.subviews == [b, a])
        parent.insertSubview(c, at: 1)
        #expect(parent.subviews == [b, c, a])
        parent.insertSubview(d, at: 99)
        #expect(parent.subviews == [b, c, a, d], "an index past the end appends")
        let e = UIView()
        parent.insertSubview(e, at: -5)
        #expect(parent.subviews == [e, b, c, a, d], "a negative index inserts at the back")
    }

    @Test func insertSubviewAboveAndBelowASibling() {
        let parent = UIView()
        let a = UIView(), b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        let below = UIView(), above = UIView()
        parent.insertSubview(below, belowSubview: b)
        #expect(parent.subviews == [a, below, b])
        parent.insertSubview(above, aboveSubview: a)
        #expect(parent.subviews == [a, above, below, b])
        let top = UIView()
        parent.insertSubview(top, aboveSubview: b)
        #expect(parent.subviews.last === top)
    }

    @Test func insertRelativeToANonSubviewAppends() {
        let parent = UIView()
        let a = UIView()
        parent.addSubview(a)
        let stranger = UIView()
        let x = UIView(), y = UIView()
        parent.insertSubview(x, belowSubview: stranger)
        parent.insertSubview(y, aboveSubview: stranger)
        #expect(parent.subviews == [a, x, y])
        #expect(stranger.superview == nil)
    }

    @Test func reAddingAnExistingSubviewMovesItWithinTheSameSuperview() {
        let parent = UIView()
        let a = UIView(), b = UIView(), c = UIView()
        for v in [a, b, c] { parent.addSubview(v) }
        parent.addSubview(a)
        #expect(parent.subviews == [b, c, a], "addSubview of a current subview brings it to the front")
        parent.insertSubview(a, at: 0)
        #expect(parent.subviews == [a, b, c])
        #expect(parent.subviews.count == 3, "never duplicated")
        #expect(a.superview === parent)
    }

    @Test func reorderingAnExistingSubviewAboveOrBelowASibling() {
        let parent = UIView()
        let a = UIView(), b = UIView(), c = UIView()
        for v in [a, b, c] { parent.addSubview(v) }
        parent.insertSubview(a, belowSubview: c)
        #expect(parent.subviews == [b, a, c], "moved from before the sibling to just below it")
        parent.insertSubview(c, belowSubview: b)
        #expect(parent.subviews == [c, b, a], "moved from after the sibling to just below it")
        parent.insertSubview(c, aboveSubview: b)
        #expect(parent.subviews == [b, c, a], "moved from before the sibling to just above it")
        parent.insertSubview(a, aboveSubview: b)
        #expect(parent.subviews == [b, a, c], "moved from after the sibling to just above it")
        parent.insertSubview(a, aboveSubview: a)
        parent.insertSubview(a, belowSubview: a)
        #expect(parent.subviews == [b, a, c], "relative to itself: unchanged")
    }

    @Test func removeFromSuperviewDetachesTheView() {
        let parent = UIView()
        let a = UIView(), b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        window.addSubview(parent)
        a.removeFromSuperview()
        #expect(parent.subviews == [b])
        #expect(a.superview == nil)
        #expect(a.window == nil)
        // A second removal, and removing a view that never had a superview, do nothing.
        a.removeFromSuperview()
        UIView().removeFromSuperview()
        #expect(parent.subviews == [b])
    }

    @Test func superviewHoldsSubviewsStronglyAndSubviewsHoldTheirSuperviewWeakly() {
        let parent = UIView()
        weak var weakChild: UIView?
        do {
            let child = UIView()
            weakChild = child
            parent.addSubview(child)
        }
        #expect(weakChild != nil, "the superview keeps its subview alive")
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil, "removed and unreferenced: released")

        let child = UIView()
        weak var weakParent: UIView?
        do {
            let p = UIView()
            weakParent = p
            p.addSubview(child)
        }
        #expect(weakParent == nil, "a subview does not keep its superview alive")
        #expect(child.superview == nil)
    }

    @Test func bringToFrontAndSendToBackReorder() {
        let parent = UIView()
        let a = UIView(), b = UIView(), c = UIView()
        for v in [a, b, c] { parent.addSubview(v) }
        parent.bringSubviewToFront(a)
        #expect(parent.subviews == [b, c, a])
        parent.sendSubviewToBack(c)
        #expect(parent.subviews == [c, b, a])
        parent.bringSubviewToFront(a)
        #expect(parent.subviews == [c, b, a], "already in front: unchanged")
        let stranger = UIView()
        parent.bringSubviewToFront(stranger)
        parent.sendSubviewToBack(stranger)
        #expect(parent.subviews == [c, b, a], "a non-subview is ignored")
        #expect(stranger.superview == nil)
    }

    @Test func addingToAnotherSuperviewMovesTheView() {
        let first = UIView(), second = UIView()
        let v = UIView()
        first.addSubview(v)
        second.addSubview(v)
        #expect(first.subviews.isEmpty)
        #expect(second.subviews == [v])
        #expect(v.superview === second)
    }

    // MARK: Cycles

    @Test func addingAViewToItselfIsIgnored() {
        let v = UIView()
        v.addSubview(v)
        #expect(v.subviews.isEmpty)
        #expect(v.superview == nil)
    }

    @Test func addingAnAncestorToItsDescendantIsIgnored() {
        let root = UIView(), middle = UIView(), leaf = UIView()
        root.addSubview(middle)
        middle.addSubview(leaf)
        window.addSubview(root)

        leaf.addSubview(root)
        middle.insertSubview(root, at: 0)
        leaf.insertSubview(middle, aboveSubview: UIView())

        #expect(leaf.subviews.isEmpty)
        #expect(middle.subviews == [leaf])
        #expect(root.superview === window)
        #expect(middle.superview === root)
        #expect(root.window === window)
        #expect(!root.isDescendant(of: leaf))
    }

    // MARK: Window propagation

    @Test func windowPropagatesToTheWholeSubtree() {
        let root = UIView(), middle = UIView(), leaf = UIView(), sibling = UIView()
        root.addSubview(middle)
        middle.addSubview(leaf)
        root.addSubview(sibling)
        #expect([root, middle, leaf, sibling].allSatisfy { $0.window == nil })

        window.addSubview(root)
        #expect([root, middle, leaf, sibling].allSatisfy { $0.window === window })

        // A view added below something already in the window gets the window too.
        let late = UIView()
        leaf.addSubview(late)
        #expect(late.window === window)

        middle.removeFromSuperview()
        #expect(middle.window == nil)
        #expect(leaf.window == nil)
        #expect(late.window == nil)
        #expect(sibling.window === window, "the rest of the tree stays in the window")
    }

    @Test func movingBetweenWindowsUpdatesTheSubtree() {
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let root = UIView(), leaf = UIView()
        root.addSubview(leaf)
        window.addSubview(root)
        other.addSubview(root)
        #expect(root.window === other)
        #expect(leaf.window === other)
        #expect(window.subviews.isEmpty)
    }

    @Test func aWindowIsItsOwnWindow() {
        #expect(window.window === window)
        #expect(window.superview == nil)
        #expect(window.isDescendant(of: window))
    }

    // MARK: Hook order

    @Test func addHooksRunInUIKitOrder() {
        let journal = HookJournal()
        let parent = HookView("parent", journal)
        window.addSubview(parent)
        let child = HookView("child", journal)
        let grandchild = HookView("grandchild", journal)
        child.addSubview(grandchild)
        journal.clear()

        parent.addSubview(child)
        #expect(journal.entries == [
            "child.willMove(toSuperview: parent)",
            "child.willMove(toWindow: window)",
            "grandchild.willMove(toWindow: window)",
            "child.didMoveToWindow",
            "grandchild.didMoveToWindow",
            "child.didMoveToSuperview",
            "parent.didAddSubview(child)",
        ])
        #expect(child.superviewSeenInWillMoveToSuperview == "nil", "willMove(toSuperview:) runs before the move")
        #expect(child.windowSeenInWillMoveToWindow == "nil", "willMove(toWindow:) runs before the move")
        #expect(child.windowSeenInDidMoveToWindow == "window", "didMoveToWindow runs after the move")
        #expect(grandchild.windowSeenInDidMoveToWindow == "window")
    }

    @Test func addingOutsideAWindowRunsNoWindowHooks() {
        let journal = HookJournal()
        let parent = HookView("parent", journal)
        let child = HookView("child", journal)
        parent.addSubview(child)
        #expect(journal.entries == [
            "child.willMove(toSuperview: parent)",
            "child.didMoveToSuperview",
            "parent.didAddSubview(child)",
        ])
    }

    @Test func removeHooksRunInUIKitOrder() {
        let journal = HookJournal()
        let parent = HookView("parent", journal)
        let child = HookView("child", journal)
        let grandchild = HookView("grandchild", journal)
        window.addSubview(parent)
        parent.addSubview(child)
        child.addSubview(grandchild)
        journal.clear()

        child.removeFromSuperview()
        #expect(journal.entries == [
            "parent.willRemoveSubview(child)",
            "child.willMove(toSuperview: nil)",
            "child.willMove(toWindow: nil)",
            "grandchild.willMove(toWindow: nil)",
            "child.didMoveToWindow",
            "grandchild.didMoveToWindow",
            "child.didMoveToSuperview",
        ])
        #expect(parent.subviewStillAttachedInWillRemove == true, "willRemoveSubview runs while the subview is still attached")
        #expect(child.windowSeenInWillMoveToWindow == "window")
        #expect(child.windowSeenInDidMoveToWindow == "nil")
    }

    @Test func movingToAnotherSuperviewTellsTheOldSuperview() {
        // UIKit: willRemoveSubview "is called when the subview's superview changes or when the
        // subview is removed from the view hierarchy completely".
        let journal = HookJournal()
        let oldParent = HookView("old", journal)
        let newParent = HookView("new", journal)
        let child = HookView("child", journal)
        window.addSubview(oldParent)
        window.addSubview(newParent)
        oldParent.addSubview(child)
        journal.clear()

        newParent.addSubview(child)
        #expect(journal.entries.filter { $0.hasPrefix("old.") } == ["old.willRemoveSubview(child)"])
        #expect(oldParent.subviewStillAttachedInWillRemove == true)
        #expect(child.superviewSeenInWillMoveToSuperview == "old")
        let e = journal.entries
        let removeIndex = e.firstIndex(of: "old.willRemoveSubview(child)")
        let didMoveIndex = e.firstIndex(of: "child.didMoveToSuperview")
        #expect(removeIndex != nil && didMoveIndex != nil && removeIndex! < didMoveIndex!)
        #expect(e.last == "new.didAddSubview(child)")
        #expect(e.contains("child.willMove(toSuperview: new)"))
        #expect(!e.contains { $0.contains("Window") }, "same window: no window hooks")
    }

    @Test func movingBetweenWindowsRunsWindowHooksOnce() {
        let journal = HookJournal()
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = HookView("child", journal)
        window.addSubview(child)
        journal.clear()
        other.addSubview(child)
        #expect(journal.entries == [
            "child.willMove(toSuperview: window)",
            "child.willMove(toWindow: window)",
            "child.didMoveToWindow",
            "child.didMoveToSuperview",
        ])
        #expect(child.windowSeenInDidMoveToWindow == "window")
        #expect(child.window === other)
    }

    @Test func reorderingRunsNoMoveHooks() {
        let journal = HookJournal()
        let parent = HookView("parent", journal)
        let a = HookView("a", journal), b = HookView("b", journal)
        parent.addSubview(a)
        parent.addSubview(b)
        journal.clear()
        parent.bringSubviewToFront(a)
        parent.sendSubviewToBack(a)
        parent.insertSubview(b, at: 0)
        #expect(journal.entries.isEmpty)
        #expect(parent.subviews == [b, a])
    }

    @Test func ignoredCycleRunsNoHooks() {
        let journal = HookJournal()
        let parent = HookView("parent", journal)
        let child = HookView("child", journal)
        parent.addSubview(child)
        journal.clear()
        child.addSubview(parent)
        #expect(journal.entries.isEmpty)
    }

    // MARK: Tags and descendants

    @Test func viewWithTagIncludesSelfAndSearchesDepthFirst() {
        let root = UIView(); root.tag = 1
        let first = UIView(); first.tag = 2
        let deep = UIView(); deep.tag = 7
        let second = UIView(); second.tag = 7
        root.addSubview(first)
        first.addSubview(deep)
        root.addSubview(second)

        #expect(root.viewWithTag(1) === root, "the receiver itself is checked first")
        #expect(root.viewWithTag(7) === deep, "depth first: the first subview's subtree before the next subview")
        #expect(root.viewWithTag(2) === first)
        #expect(root.viewWithTag(42) == nil)
        #expect(first.viewWithTag(7) === deep)
        #expect(second.viewWithTag(2) == nil, "only the receiver's subtree is searched")
        #expect(deep.viewWithTag(1) == nil, "ancestors are not searched")
    }

    @Test func viewWithTagZeroFindsAnUntaggedReceiver() {
        let v = UIView()
        v.addSubview(UIView())
        #expect(v.viewWithTag(0) === v, "tag defaults to 0")
    }

    @Test func isDescendantOf() {
        let root = UIView(), child = UIView(), grandchild = UIView(), sibling = UIView()
        root.addSubview(child)
        child.addSubview(grandchild)
        root.addSubview(sibling)
        #expect(grandchild.isDescendant(of: grandchild), "a view is a descendant of itself")
        #expect(grandchild.isDescendant(of: child))
        #expect(grandchild.isDescendant(of: root))
        #expect(!grandchild.isDescendant(of: sibling))
        #expect(!root.isDescendant(of: grandchild))
        #expect(!sibling.isDescendant(of: child))
        window.addSubview(root)
        #expect(grandchild.isDescendant(of: window))
    }

    /// A superview holds its subviews, not the other way round: when the last reference to a
    /// superview goes, subviews held elsewhere are left without one (and are not kept pointing
    /// at freed memory), as UIKit's superview clears them when it is freed.
    @Test func freedSuperviewLeavesSurvivingSubviewsWithoutOne() {
        let child = UIView(), grandchild = UIView()
        weak var freed: UIView?
        do {
            let parent = UIView()
            parent.addSubview(child)
            child.addSubview(grandchild)
            freed = parent
            #expect(child.superview === parent)
        }
        #expect(freed == nil, "the subview does not keep its superview alive")
        #expect(child.superview == nil)
        #expect(grandchild.superview === child, "only the freed view's own subviews lose their superview")
        child.removeFromSuperview()   // a no-op now, not a use of the freed view
        let other = UIView()
        other.addSubview(child)
        #expect(child.superview === other && other.subviews.count == 1)
    }

    /// A subclass that takes its subviews out while it is being freed (UIKit code sometimes
    /// does, in `dealloc`) runs the normal removal against itself: no crash, and the subviews
    /// end without a superview.
    @Test func subviewsRemovedDuringTheSuperviewsDeinit() {
        final class Emptying: UIView {
            isolated deinit { for s in subviews { s.removeFromSuperview() } }
        }
        let a = UIView(), b = UIView()
        do {
            let parent = Emptying()
            parent.addSubview(a)
            parent.addSubview(b)
        }
        #expect(a.superview == nil && b.superview == nil)
    }
}
