import Testing
import Foundation
@testable import SDLControlsCore

/// Records layout and tint callbacks of several views into one ordered list.
@MainActor
private final class LayoutJournal {
    var entries: [String] = []
}

@MainActor
private final class RecordingLayoutView: UIView {
    let name: String
    let journal: LayoutJournal
    var layoutCount = 0
    var tintChanges = 0
    /// Run inside layoutSubviews (to place children).
    var onLayout: ((RecordingLayoutView) -> Void)?

    init(_ name: String, _ journal: LayoutJournal, frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) {
        self.name = name
        self.journal = journal
        super.init(frame: frame)
    }

    override func layoutSubviews() {
        layoutCount += 1
        journal.entries.append(name)
        onLayout?(self)
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        tintChanges += 1
    }
}

/// A view with a natural size, as a label would have.
@MainActor
private final class FixedContentView: UIView {
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 42, height: 17) }
    override var intrinsicContentSize: CGSize { CGSize(width: 42, height: 17) }
}

@MainActor
struct UIViewLayoutTests {
    let window = makeTestWindow()

    // MARK: setNeedsLayout / layoutIfNeeded

    @Test func aNewViewNeedsLayoutAndIsLaidOutOnce() {
        let journal = LayoutJournal()
        let v = RecordingLayoutView("v", journal)
        #expect(v.needsLayoutPass)
        v.layoutIfNeeded()
        #expect(v.layoutCount == 1)
        #expect(!v.needsLayoutPass)
        v.layoutIfNeeded()
        #expect(v.layoutCount == 1, "nothing pending: no second layout")
    }

    @Test func setNeedsLayoutCoalesces() {
        let journal = LayoutJournal()
        let v = RecordingLayoutView("v", journal)
        v.layoutIfNeeded()
        v.setNeedsLayout()
        v.setNeedsLayout()
        v.setNeedsLayout()
        #expect(v.layoutCount == 1, "setNeedsLayout does not lay out at once")
        v.layoutIfNeeded()
        #expect(v.layoutCount == 2, "several requests, one layout")
    }

    @Test func layoutRunsTopDownParentBeforeChildren() {
        let journal = LayoutJournal()
        let root = RecordingLayoutView("root", journal)
        let a = RecordingLayoutView("a", journal)
        let a1 = RecordingLayoutView("a1", journal)
        let b = RecordingLayoutView("b", journal)
        root.addSubview(a)
        a.addSubview(a1)
        root.addSubview(b)
        window.addSubview(root)
        window.layoutIfNeeded()
        #expect(journal.entries == ["root", "a", "a1", "b"])
        #expect([root, a, a1, b].allSatisfy { $0.layoutCount == 1 })
    }

    @Test func onlyViewsThatNeedLayoutAreLaidOutButTheirSubtreeIsVisited() {
        let journal = LayoutJournal()
        let root = RecordingLayoutView("root", journal)
        let a = RecordingLayoutView("a", journal)
        let a1 = RecordingLayoutView("a1", journal)
        root.addSubview(a)
        a.addSubview(a1)
        window.addSubview(root)
        window.layoutIfNeeded()
        journal.entries.removeAll()

        a1.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(journal.entries == ["a1"], "a clean ancestor is passed through, not laid out")
    }

    @Test func parentPlacesChildrenBeforeTheyLayOut() {
        let journal = LayoutJournal()
        let parent = RecordingLayoutView("parent", journal, frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let child = RecordingLayoutView("child", journal, frame: .zero)
        var childWidthSeenInItsLayout: CGFloat = -1
        child.onLayout = { childWidthSeenInItsLayout = $0.bounds.width }
        parent.onLayout = { p in child.frame = CGRect(x: 0, y: 0, width: p.bounds.width / 2, height: 20) }
        parent.addSubview(child)
        window.addSubview(parent)
        window.layoutIfNeeded()
        #expect(childWidthSeenInItsLayout == 150, "the child lays out after its parent sized it")
        #expect(child.layoutCount == 1)
        #expect(parent.layoutCount == 1)
    }

    /// A pass that placed views leaves nothing flagged, so a window that laid out doesn't ask
    /// for another frame; what a child's layout asks of its parent stays for the next pass.
    @Test func aPassLeavesOnlyWhatIsStillPendingFlagged() {
        let journal = LayoutJournal()
        let parent = RecordingLayoutView("parent", journal, frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let child = RecordingLayoutView("child", journal, frame: .zero)
        parent.onLayout = { p in child.frame = CGRect(x: 0, y: 0, width: p.bounds.width / 2, height: 20) }
        parent.addSubview(child)
        window.addSubview(parent)
        window.layoutIfNeeded()
        #expect(child.bounds.width == 150 && child.layoutCount == 1)
        #expect(!window.subtreeNeedsLayout && !parent.subtreeNeedsLayout && !child.subtreeNeedsLayout,
                "the child's new frame was laid out in the same pass")
        window.needsRedraw = false
        #expect(!window.needsFrame)

        var asked = false
        child.onLayout = { c in if !asked { asked = true; c.superview?.setNeedsLayout() } }
        child.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(parent.needsLayoutPass && window.subtreeNeedsLayout, "the parent's new request waits for the next pass")
        window.layoutIfNeeded()
        #expect(parent.layoutCount == 2 && !window.subtreeNeedsLayout)
    }

    @Test func frameSizeChangeMarksTheViewAndItsSuperview() {
        let journal = LayoutJournal()
        let parent = RecordingLayoutView("parent", journal)
        let child = RecordingLayoutView("child", journal)
        let sibling = RecordingLayoutView("sibling", journal)
        parent.addSubview(child)
        parent.addSubview(sibling)
        window.addSubview(parent)
        window.layoutIfNeeded()
        #expect(!parent.needsLayoutPass && !child.needsLayoutPass)

        child.frame.size = CGSize(width: 60, height: 60)
        #expect(child.needsLayoutPass)
        #expect(parent.needsLayoutPass)
        #expect(!sibling.needsLayoutPass)
        #expect(!window.needsLayoutPass, "only the direct superview")

        journal.entries.removeAll()
        window.layoutIfNeeded()
        #expect(journal.entries == ["parent", "child"])
    }

    @Test func boundsSizeChangeMarksTheView() {
        let journal = LayoutJournal()
        let parent = RecordingLayoutView("parent", journal)
        let child = RecordingLayoutView("child", journal)
        parent.addSubview(child)
        parent.layoutIfNeeded()
        child.bounds.size = CGSize(width: 10, height: 10)
        #expect(child.needsLayoutPass)
        #expect(parent.needsLayoutPass)
    }

    @Test func movingWithoutResizingDoesNotMarkLayout() {
        let journal = LayoutJournal()
        let parent = RecordingLayoutView("parent", journal)
        let child = RecordingLayoutView("child", journal)
        parent.addSubview(child)
        parent.layoutIfNeeded()
        child.frame.origin = CGPoint(x: 30, y: 40)
        child.center = CGPoint(x: 5, y: 5)
        child.frame = child.frame
        #expect(!child.needsLayoutPass)
        #expect(!parent.needsLayoutPass)
    }

    @Test func addingAndRemovingSubviewsMarksLayout() {
        let journal = LayoutJournal()
        let parent = RecordingLayoutView("parent", journal)
        let child = RecordingLayoutView("child", journal)
        parent.layoutIfNeeded()
        child.layoutIfNeeded()
        parent.addSubview(child)
        #expect(parent.needsLayoutPass, "addSubview lays out the receiver")
        #expect(child.needsLayoutPass, "and the added view")
        parent.layoutIfNeeded()
        child.removeFromSuperview()
        #expect(parent.needsLayoutPass, "removal lays out the old superview")
    }

    @Test func layoutSubviewsMayRemoveSiblingsSafely() {
        let journal = LayoutJournal()
        let root = RecordingLayoutView("root", journal)
        let first = RecordingLayoutView("first", journal)
        let second = RecordingLayoutView("second", journal)
        root.addSubview(first)
        root.addSubview(second)
        first.onLayout = { _ in second.removeFromSuperview() }
        root.layoutIfNeeded()
        #expect(first.layoutCount == 1)
        #expect(root.subviews == [first])
        #expect(second.layoutCount == 0, "a view removed during the pass is not laid out as part of this tree")
    }

    @Test func subviewsAddedDuringLayoutAreLaidOutInTheSamePass() {
        let journal = LayoutJournal()
        let root = RecordingLayoutView("root", journal)
        let added = RecordingLayoutView("added", journal)
        root.onLayout = { r in if added.superview == nil { r.addSubview(added) } }
        root.layoutIfNeeded()
        #expect(journal.entries == ["root", "added"])
    }

    @Test func setNeedsLayoutInsideLayoutSubviewsWaitsForTheNextPass() {
        let journal = LayoutJournal()
        let v = RecordingLayoutView("v", journal)
        v.onLayout = { $0.setNeedsLayout() }
        v.layoutIfNeeded()
        #expect(v.layoutCount == 1, "no loop within one pass")
        #expect(v.needsLayoutPass)
        v.layoutIfNeeded()
        #expect(v.layoutCount == 2)
    }

    // MARK: Sizing

    @Test func intrinsicContentSizeDefaultsToNoMetric() {
        #expect(UIView.noIntrinsicMetric == -1)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        #expect(v.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    @Test func sizeThatFitsDefaultsToTheCurrentSize() {
        let v = UIView(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
        #expect(v.sizeThatFits(CGSize(width: 1000, height: 1000)) == CGSize(width: 30, height: 40))
        #expect(v.sizeThatFits(.zero) == CGSize(width: 30, height: 40))
        v.sizeToFit()
        #expect(v.frame == CGRect(x: 5, y: 6, width: 30, height: 40), "the default sizeToFit changes nothing")
    }

    @Test func sizeToFitUsesSizeThatFitsAndKeepsTheOrigin() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let v = FixedContentView(frame: CGRect(x: 12, y: 34, width: 200, height: 200))
        parent.addSubview(v)
        parent.layoutIfNeeded()
        v.sizeToFit()
        #expect(v.frame == CGRect(x: 12, y: 34, width: 42, height: 17))
        #expect(v.needsLayoutPass && parent.needsLayoutPass, "a size change from sizeToFit marks layout")
    }

    // MARK: Tint

    @Test func tintColorDefaultsToSystemBlueAndIsInherited() {
        let parent = UIView(), child = UIView(), grandchild = UIView()
        parent.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.tintColor == UIColor.systemBlue)
        parent.tintColor = .red
        #expect(child.tintColor == UIColor.red)
        #expect(grandchild.tintColor == UIColor.red)
        child.tintColor = .green
        #expect(grandchild.tintColor == UIColor.green)
        #expect(parent.tintColor == UIColor.red)
        child.tintColor = nil
        #expect(child.tintColor == UIColor.red, "nil goes back to inheriting")
        #expect(grandchild.tintColor == UIColor.red)
    }

    @Test func tintFollowsTheViewToANewSuperview() {
        let red = UIView(), green = UIView()
        red.tintColor = .red
        green.tintColor = .green
        let child = UIView()
        red.addSubview(child)
        #expect(child.tintColor == UIColor.red)
        green.addSubview(child)
        #expect(child.tintColor == UIColor.green)
        child.removeFromSuperview()
        #expect(child.tintColor == UIColor.systemBlue)
    }

    @Test func windowTintReachesEveryView() {
        let v = UIView(), w = UIView()
        v.addSubview(w)
        window.addSubview(v)
        window.tintColor = .systemRed
        #expect(w.tintColor == UIColor.systemRed)
        window.tintColor = nil
        #expect(w.tintColor == UIColor.systemBlue)
    }

    @Test func tintColorDidChangeReachesInheritingSubviewsOnly() {
        let journal = LayoutJournal()
        let root = RecordingLayoutView("root", journal)
        let inheriting = RecordingLayoutView("inheriting", journal)
        let inheritingLeaf = RecordingLayoutView("inheritingLeaf", journal)
        let ownTint = RecordingLayoutView("ownTint", journal)
        let underOwnTint = RecordingLayoutView("underOwnTint", journal)
        root.addSubview(inheriting)
        inheriting.addSubview(inheritingLeaf)
        root.addSubview(ownTint)
        ownTint.addSubview(underOwnTint)
        ownTint.tintColor = .green
        let views = [root, inheriting, inheritingLeaf, ownTint, underOwnTint]
        for v in views { v.tintChanges = 0 }

        root.tintColor = .red
        #expect(root.tintChanges == 1)
        #expect(inheriting.tintChanges == 1)
        #expect(inheritingLeaf.tintChanges == 1)
        #expect(ownTint.tintChanges == 0, "a subview with its own tint is not notified")
        #expect(underOwnTint.tintChanges == 0, "nor is anything that inherits from it")

        root.tintColor = .red
        #expect(root.tintChanges == 1, "setting the same tint again notifies nobody")

        ownTint.tintColor = .blue
        #expect(ownTint.tintChanges == 1)
        #expect(underOwnTint.tintChanges == 1)
        #expect(root.tintChanges == 1, "ancestors are not notified")
    }

    @Test func tintColorDidChangeMarksTheViewForRedrawing() {
        let v = UIView()
        let before = v.appearanceGeneration
        v.tintColor = .red
        #expect(v.appearanceGeneration != before)
    }

    // MARK: Layout direction

    @Test func semanticContentAttributeDecidesTheLayoutDirection() {
        let app = UIApplication.shared
        let saved = app.userInterfaceLayoutDirection
        defer { app.userInterfaceLayoutDirection = saved }
        let v = UIView()

        app.userInterfaceLayoutDirection = .leftToRight
        #expect(v.semanticContentAttribute == .unspecified)
        #expect(v.effectiveUserInterfaceLayoutDirection == .leftToRight)
        v.semanticContentAttribute = .forceRightToLeft
        #expect(v.effectiveUserInterfaceLayoutDirection == .rightToLeft)

        app.userInterfaceLayoutDirection = .rightToLeft
        v.semanticContentAttribute = .unspecified
        #expect(v.effectiveUserInterfaceLayoutDirection == .rightToLeft, "unspecified follows the application")
        for attribute in [UISemanticContentAttribute.forceLeftToRight, .playback, .spatial] {
            v.semanticContentAttribute = attribute
            #expect(v.effectiveUserInterfaceLayoutDirection == .leftToRight, "\(attribute) stays left to right")
        }
        v.semanticContentAttribute = .forceRightToLeft
        #expect(v.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    @Test func userInterfaceLayoutDirectionForAttribute() {
        let app = UIApplication.shared
        let saved = app.userInterfaceLayoutDirection
        defer { app.userInterfaceLayoutDirection = saved }
        app.userInterfaceLayoutDirection = .leftToRight
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        app.userInterfaceLayoutDirection = .rightToLeft
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback) == .leftToRight)
    }

    @Test func changingSemanticContentAttributeMarksLayout() {
        let v = UIView()
        v.layoutIfNeeded()
        v.semanticContentAttribute = .forceRightToLeft
        #expect(v.needsLayoutPass)
    }

    // MARK: Interface style

    @Test func overrideUserInterfaceStyleIsInherited() {
        let parent = UIView(), child = UIView(), grandchild = UIView()
        parent.addSubview(child)
        child.addSubview(grandchild)
        window.addSubview(parent)
        #expect(grandchild.userInterfaceStyle == .light, "unspecified everywhere: light")
        #expect(grandchild.overrideUserInterfaceStyle == .unspecified)

        window.overrideUserInterfaceStyle = .dark
        #expect(grandchild.userInterfaceStyle == .dark, "the window's override reaches every view")

        child.overrideUserInterfaceStyle = .light
        #expect(grandchild.userInterfaceStyle == .light, "the nearest override wins")
        #expect(parent.userInterfaceStyle == .dark)

        child.overrideUserInterfaceStyle = .unspecified
        #expect(grandchild.userInterfaceStyle == .dark)

        child.removeFromSuperview()
        #expect(grandchild.userInterfaceStyle == .light, "out of the dark tree, back to light")
    }

    @Test func changingTheStyleRedrawsTheSubtree() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        let before = child.appearanceGeneration
        parent.overrideUserInterfaceStyle = .dark
        #expect(child.appearanceGeneration != before)
    }
}
