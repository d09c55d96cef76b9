import Foundation

extension UIView {
    /// The view this one is a subview of. Not retained (the superview holds its subviews):
    /// when a superview is freed, subviews kept alive elsewhere are left with none, as in UIKit.
    public var superview: UIView? { storedSuperview }

    /// The window at the root of this view's tree, if it is in one.
    public var window: UIWindow? { storedWindow }

    /// Adds `view` at the front (end of ``subviews``), removing it from its old superview
    /// (which gets ``willRemoveSubview(_:)``). Adding a view to itself or to one of its own
    /// subviews is ignored, as it would make a cycle.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of ``subviews`` (clamped to the valid range).
    public func insertSubview(_ view: UIView, at index: Int) {
        guard !view.isAncestor(of: self) else { return }
        if view.superview === self {
            // Re-inserting moves it without leaving the tree.
            guard let old = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: old)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            view.invalidateDrawnArea()   // its pixels are now above or below others
            return
        }
        let newWindow = self as? UIWindow ?? window
        // While the hooks below run, the view can't take focus or first responder in the
        // window it is leaving (see UIWindow.isLeaving).
        let leaving = view.window.flatMap { $0 !== newWindow ? $0 : nil }
        leaving?.beginRemoving(view)
        defer { leaving?.endRemoving(view) }
        // UIKit tells the old superview whenever a subview's superview changes, not only on
        // removeFromSuperview.
        view.superview?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if view.window !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        // Those hooks ran the app's code: it may have made `view` an ancestor of this view
        // (the insert would close a cycle, and every walk of the tree would never end), so
        // the add is dropped then, as one that names an ancestor is.
        guard !view.isAncestor(of: self) else { return }
        let oldWindow = view.window
        view.detachFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.storedSuperview = self
        // The window as it is now (the hooks may have moved this view meanwhile): the view
        // never reports a window whose tree it isn't in.
        let settled = self as? UIWindow ?? window
        if settled !== newWindow, oldWindow !== settled { view.propagateWillMove(toWindow: settled) }
        if oldWindow !== settled { view.propagateDidMove(toWindow: settled) }
        view.didMoveToSuperview()
        didAddSubview(view)
        if view.storedTintColor == nil { view.notifyTintChange() }
        view.setNeedsLayout()
        setNeedsLayout()
        // The new subview is drawn (and its pixels marked changed) on the next pass.
        if let w = storedWindow {
            w.needsRedraw = true
            view.markForDrawingWalk()
        }
    }

    /// Inserts `view` just below `sibling`; appends when `sibling` is not a subview.
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard view !== sibling else { return }
        let i = subviews.firstIndex(where: { $0 === sibling }) ?? subviews.count
        insertSubview(view, at: indexAfterRemoving(view, i))
    }

    /// Inserts `view` just above `sibling`; appends when `sibling` is not a subview.
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard view !== sibling else { return }
        let i = subviews.firstIndex(where: { $0 === sibling }).map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: indexAfterRemoving(view, i))
    }

    /// `index` in ``subviews`` as it will be once `view` is taken out (re-inserting a
    /// current subview removes it first, shifting the views after it down by one).
    private func indexAfterRemoving(_ view: UIView, _ index: Int) -> Int {
        guard view.superview === self, let current = subviews.firstIndex(where: { $0 === view }), current < index else { return index }
        return index - 1
    }

    /// Removes this view from its superview (and window). Touches tracked by the removed
    /// views are cancelled with a nil event (rule C8).
    public func removeFromSuperview() {
        guard let sup = superview else { return }
        let leaving = window
        leaving?.beginRemoving(self)
        defer { leaving?.endRemoving(self) }
        sup.willRemoveSubview(self)
        willMove(toSuperview: nil)
        let hadWindow = window != nil
        if hadWindow { propagateWillMove(toWindow: nil) }
        detachFromSuperview()
        if hadWindow { propagateDidMove(toWindow: nil) }
        didMoveToSuperview()
        if storedTintColor == nil { notifyTintChange() }
    }

    /// Moves a subview to the front (drawn last, hit-tested first).
    public func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
        view.invalidateDrawnArea()
    }

    /// Moves a subview to the back (drawn first, hit-tested last).
    public func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
        view.invalidateDrawnArea()
    }

    /// Whether this view is `view` or one of its ancestors.
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let cur = v {
            if cur === view { return true }
            v = cur.superview
        }
        return false
    }

    func isAncestor(of view: UIView) -> Bool { view.isDescendant(of: self) }

    /// The first view with `tag` in this view's subtree, this view included (depth first).
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in subviews {
            if let found = sub.viewWithTag(tag) { return found }
        }
        return nil
    }

    private func detachFromSuperview() {
        guard let sup = storedSuperview else { return }
        // While still in its window: the pixels it covered change, and its views leave the
        // window's drawing (drawn afresh wherever they go next).
        invalidateDrawnArea()
        if let w = storedWindow { forgetDrawing(in: w) }
        if let i = sup.subviews.firstIndex(where: { $0 === self }) { sup.subviews.remove(at: i) }
        storedSuperview = nil
        sup.setNeedsLayout()
    }

    func propagateWillMove(toWindow newWindow: UIWindow?) {
        if let old = window, old !== newWindow {
            // Cancel touches and give up first responder before leaving (rule C8).
            old.viewWillLeaveWindow(self)
            // Its animations end where they are going (their completions get false).
            if viewMotion != nil { old.existingViewAnimator?.viewLeft(self) }
        }
        willMove(toWindow: newWindow)
        for sub in subviews { sub.propagateWillMove(toWindow: newWindow) }
    }

    func propagateDidMove(toWindow newWindow: UIWindow?) {
        storedWindow = newWindow
        // Natural sizes were measured with the old window's text measurer.
        cachedIntrinsicSize = nil
        (self as? UIStackView)?.constrainedFittingCache = nil
        didMoveToWindow()
        for sub in subviews { sub.propagateDidMove(toWindow: newWindow) }
    }
}
