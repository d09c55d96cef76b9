import Testing
import Foundation
@testable import SDLControlsCore

/// A view whose move hooks run a closure (the app's code, run while the tree changes).
@MainActor
private final class HookView: UIView {
    var onWillMoveToSuperview: ((UIView?) -> Void)?
    var onWillMoveToWindow: ((UIWindow?) -> Void)?
    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        onWillMoveToSuperview?(newSuperview)
    }
    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        onWillMoveToWindow?(newWindow)
    }
}

@MainActor
private final class HookDelegate: UITextFieldDelegate {
    var didBegin: ((UITextField) -> Void)?
    var didEnd: ((UITextField) -> Void)?
    func textFieldDidBeginEditing(_ textField: UITextField) { didBegin?(textField) }
    func textFieldDidEndEditing(_ textField: UITextField) { didEnd?(textField) }
}

@MainActor
private final class FocusHookControl: UIControl {
    var onDidUpdateFocus: ((UIFocusUpdateContext) -> Void)?
    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        super.didUpdateFocus(in: context, with: coordinator)
        onDidUpdateFocus?(context)
    }
}

/// The app's code runs inside the library's: hooks, delegates and focus callbacks that change
/// the tree, the first responder or focus while the library is changing them. None of it may
/// crash (a cycle in the tree, recursion without end) or leave state that contradicts itself.
///
/// The time limits name a test that never returns. In a parallel run their clock also counts
/// the wait for the main actor behind other suites' tests, so they are generous, and each such
/// test checks its own running time against the minute.
@MainActor
struct ReentrancyTests {
    /// The hooks of `addSubview` run before the view is inserted: one that makes the new
    /// superview a subview of the view being added would close a cycle, and every walk of the
    /// tree (tint, layout, drawing) would never end. The add is dropped, as one naming an
    /// ancestor is.
    @Test(.timeLimit(.minutes(10))) func aHookThatWouldCloseACycleDropsTheAdd() {
        let window = makeTestWindow()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = HookView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(parent)
        var fired = false
        child.onWillMoveToSuperview = { [unowned child] newSuperview in
            guard !fired, let p = newSuperview else { return }
            fired = true
            child.addSubview(p)
        }
        parent.addSubview(child)
        #expect(!(parent.superview === child && child.superview === parent), "no cycle")
        #expect(parent.superview === child && child.superview == nil, "the hook's own add stands; the outer one is dropped")
        window.layoutIfNeeded()
        _ = window.hitTest(CGPoint(x: 10, y: 10), with: nil)

        // The same through a stack: nothing is arranged that isn't a subview.
        let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let other = HookView()
        other.onWillMoveToSuperview = { [unowned other] newSuperview in
            if let s = newSuperview { other.addSubview(s) }
        }
        stack.addArrangedSubview(other)
        #expect(stack.arrangedSubviews.isEmpty && other.superview == nil)
    }

    /// A hook that takes the new superview out of the window: the view that was added reports
    /// the window its superview is in now (none), so it can't take the window's keys.
    @Test func aViewReportsTheWindowItsSuperviewIsInAfterTheHooks() {
        let window = makeTestWindow()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(parent)
        let child = HookView(frame: CGRect(x: 0, y: 0, width: 150, height: 60))
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        child.addSubview(field)
        var fired = false
        child.onWillMoveToWindow = { _ in
            guard !fired else { return }
            fired = true
            parent.removeFromSuperview()
        }
        parent.addSubview(child)
        #expect(parent.window == nil && child.window == nil && field.window == nil)
        #expect(!field.becomeFirstResponder())
        #expect(window.firstResponder == nil)
    }

    /// A delegate that ends editing as it begins and begins again as it ends: it stops after a
    /// few rounds, and the field's state agrees with itself.
    @Test(.timeLimit(.minutes(10))) func aDelegateThatBeginsAndEndsInTurnStops() {
        let window = makeTestWindow()
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        window.addSubview(field)
        let delegate = HookDelegate()
        delegate.didBegin = { $0.resignFirstResponder() }
        delegate.didEnd = { _ = $0.becomeFirstResponder() }
        field.delegate = delegate
        _ = field.becomeFirstResponder()
        #expect(field.isEditing == (window.firstResponder === field), "editing exactly when first responder")
        delegate.didBegin = nil
        delegate.didEnd = nil
        _ = field.resignFirstResponder()
        #expect(field.becomeFirstResponder() && field.isEditing, "the field works afterwards")
    }

    /// A's end hook makes A first responder again while B is taking over: B fails, and only
    /// one field edits.
    @Test func aResignHookThatTakesFirstResponderBackKeepsOneFieldEditing() {
        let window = makeTestWindow()
        let a = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        let b = UITextField(frame: CGRect(x: 10, y: 50, width: 200, height: 30))
        window.addSubview(a)
        window.addSubview(b)
        let delegate = HookDelegate()
        var once = true
        delegate.didEnd = { field in
            if once { once = false; _ = field.becomeFirstResponder() }
        }
        a.delegate = delegate
        #expect(a.becomeFirstResponder())
        let took = b.becomeFirstResponder()
        #expect(!took)
        #expect([a, b].filter(\.isEditing).count == 1)
        #expect(window.firstResponder === a && a.isEditing)
    }

    /// Two views that send focus to each other from `didUpdateFocus`: it stops after a few
    /// updates; focus is on one of them, which knows it.
    @Test(.timeLimit(.minutes(10))) func focusPingPongStops() {
        let window = makeTestWindow()
        window.isFocusRingVisible = true   // as after a key: isFocused follows focus
        let a = FocusHookControl(frame: CGRect(x: 10, y: 10, width: 80, height: 40))
        let b = FocusHookControl(frame: CGRect(x: 10, y: 60, width: 80, height: 40))
        window.addSubview(a)
        window.addSubview(b)
        a.onDidUpdateFocus = { c in if c.nextFocusedView === a { window.setFocusedView(b) } }
        b.onDidUpdateFocus = { c in if c.nextFocusedView === b { window.setFocusedView(a) } }
        window.setFocusedView(a)
        let focused = window.focusedView
        #expect(focused === a || focused === b)
        #expect(a.isFocused == (focused === a) && b.isFocused == (focused === b))
        // A single redirect from the hook still works.
        a.onDidUpdateFocus = nil
        b.onDidUpdateFocus = { c in if c.nextFocusedView === b { window.setFocusedView(a) } }
        window.setFocusedView(nil)
        window.setFocusedView(b)
        #expect(window.focusedView === a)
    }
}
