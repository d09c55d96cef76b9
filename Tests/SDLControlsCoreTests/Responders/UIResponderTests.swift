import Testing
import Foundation
@testable import SDLControlsCore

/// A view that can become first responder and records the first-responder calls it gets.
@MainActor
private final class FocusableView: UIView {
    var acceptsFirstResponder = true
    var allowsResign = true
    var resignCalls = 0
    var becomeCalls = 0

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override var canResignFirstResponder: Bool { allowsResign }

    @discardableResult
    override func becomeFirstResponder() -> Bool {
        becomeCalls += 1
        return super.becomeFirstResponder()
    }

    @discardableResult
    override func resignFirstResponder() -> Bool {
        resignCalls += 1
        return super.resignFirstResponder()
    }
}

/// A view that records the touch calls it gets and passes them on (as UIKit's
/// `super.touchesBegan` does).
@MainActor
private final class TouchRecordingView: UIView {
    var phases: [String] = []
    var touchedViews: [UIView?] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        phases.append("began")
        touchedViews.append(touches.first?.view)
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        phases.append("moved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        phases.append("ended")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        phases.append("cancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// A bare responder, used as the application delegate at the end of the chain.
@MainActor
private final class RecordingResponder: UIResponder {
    var began = 0
    var ended = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { ended += 1 }
}

@MainActor
struct UIResponderTests {
    let window = makeTestWindow()

    // MARK: Becoming and resigning

    @Test func defaultsRefuseToBecomeFirstResponder() {
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(plain)
        #expect(!plain.canBecomeFirstResponder)
        #expect(plain.canResignFirstResponder)
        #expect(!plain.becomeFirstResponder())
        #expect(!plain.isFirstResponder)
        #expect(window.firstResponder == nil)
        #expect(plain.resignFirstResponder(), "resigning when not first responder succeeds")
        #expect(!UIResponder().canBecomeFirstResponder)
    }

    @Test func becomeFirstResponderInAWindow() {
        let v = FocusableView()
        window.addSubview(v)
        #expect(v.becomeFirstResponder())
        #expect(v.isFirstResponder)
        #expect(window.firstResponder === v)
        #expect(v.becomeFirstResponder(), "asking again while first responder succeeds")
        #expect(window.firstResponder === v)
    }

    @Test func notInAWindowCannotBecomeFirstResponder() {
        let parent = UIView()
        let v = FocusableView()
        parent.addSubview(v)
        #expect(!v.becomeFirstResponder())
        #expect(!v.isFirstResponder)
        #expect(!FocusableView().becomeFirstResponder())
        #expect(!UIResponder().becomeFirstResponder(), "a bare responder has no window")
    }

    @Test func refusingToBecomeFirstResponderKeepsTheCurrentOne() {
        let current = FocusableView()
        let refusing = FocusableView()
        refusing.acceptsFirstResponder = false
        window.addSubview(current)
        window.addSubview(refusing)
        #expect(current.becomeFirstResponder())
        #expect(!refusing.becomeFirstResponder())
        #expect(window.firstResponder === current)
        #expect(current.resignCalls == 0, "the current one is not asked to resign for a refusal")
    }

    @Test func resignFirstResponderClearsIt() {
        let v = FocusableView()
        window.addSubview(v)
        v.becomeFirstResponder()
        #expect(v.resignFirstResponder())
        #expect(!v.isFirstResponder)
        #expect(window.firstResponder == nil)
    }

    @Test func canResignFirstResponderFalseRefuses() {
        let stubborn = FocusableView()
        stubborn.allowsResign = false
        let other = FocusableView()
        window.addSubview(stubborn)
        window.addSubview(other)
        #expect(stubborn.becomeFirstResponder())
        #expect(!stubborn.resignFirstResponder())
        #expect(stubborn.isFirstResponder)
        #expect(!other.becomeFirstResponder(), "the current first responder refuses to resign")
        #expect(stubborn.isFirstResponder)
        #expect(!other.isFirstResponder)
        stubborn.allowsResign = true
        #expect(other.becomeFirstResponder())
        #expect(other.isFirstResponder)
    }

    @Test func switchingFirstResponderResignsTheOldOne() {
        let a = FocusableView(), b = FocusableView()
        window.addSubview(a)
        window.addSubview(b)
        a.becomeFirstResponder()
        #expect(b.becomeFirstResponder())
        #expect(a.resignCalls == 1)
        #expect(!a.isFirstResponder)
        #expect(b.isFirstResponder)
        #expect(window.firstResponder === b)
    }

    @Test func eachWindowHasItsOwnFirstResponder() {
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = FocusableView(), b = FocusableView()
        window.addSubview(a)
        other.addSubview(b)
        #expect(a.becomeFirstResponder())
        #expect(b.becomeFirstResponder())
        #expect(a.isFirstResponder)
        #expect(b.isFirstResponder)
        #expect(a.resignCalls == 0)
        #expect(window.firstResponder === a)
        #expect(other.firstResponder === b)
    }

    @Test func removingTheFirstResponderFromItsWindowClearsIt() {
        let v = FocusableView()
        window.addSubview(v)
        v.becomeFirstResponder()
        v.removeFromSuperview()
        #expect(v.resignCalls == 1, "it is asked to resign")
        #expect(window.firstResponder == nil)
        #expect(!v.isFirstResponder)
    }

    @Test func removingAnAncestorOfTheFirstResponderClearsIt() {
        let container = UIView()
        let v = FocusableView()
        container.addSubview(v)
        window.addSubview(container)
        v.becomeFirstResponder()
        container.removeFromSuperview()
        #expect(window.firstResponder == nil)
        #expect(!v.isFirstResponder)
        // Back in the window it is not first responder again by itself.
        window.addSubview(container)
        #expect(!v.isFirstResponder)
    }

    @Test func aFirstResponderThatRefusesToResignIsStillClearedWhenRemoved() {
        let v = FocusableView()
        v.allowsResign = false
        window.addSubview(v)
        v.becomeFirstResponder()
        v.removeFromSuperview()
        #expect(window.firstResponder == nil, "a view outside the window cannot stay its first responder")
        #expect(!v.isFirstResponder)
    }

    @Test func movingTheFirstResponderToAnotherWindowClearsIt() {
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = FocusableView()
        window.addSubview(v)
        v.becomeFirstResponder()
        other.addSubview(v)
        #expect(window.firstResponder == nil)
        #expect(other.firstResponder == nil)
        #expect(!v.isFirstResponder)
    }

    @Test func movingTheFirstResponderWithinItsWindowKeepsIt() {
        let a = UIView(), b = UIView()
        window.addSubview(a)
        window.addSubview(b)
        let v = FocusableView()
        a.addSubview(v)
        v.becomeFirstResponder()
        b.addSubview(v)
        #expect(v.isFirstResponder)
        #expect(v.resignCalls == 0)
    }

    // MARK: The chain

    @Test func nextWalksViewSuperviewWindowApplicationDelegate() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        window.addSubview(parent)
        #expect(child.next === parent)
        #expect(parent.next === window)
        #expect(window.next === UIApplication.shared)
        UIApplication.shared.delegate = nil
        #expect(UIApplication.shared.next == nil, "no delegate: the chain ends")

        let delegate = RecordingResponder()
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        #expect(UIApplication.shared.next === delegate)
        #expect(delegate.next == nil)
    }

    @Test func aDetachedViewEndsTheChain() {
        let v = UIView()
        #expect(v.next == nil)
        let parent = UIView()
        parent.addSubview(v)
        #expect(v.next === parent)
        #expect(parent.next == nil, "a root that is not a window has no next")
    }

    @Test func applicationDelegateIsHeldWeakly() {
        do {
            let delegate = RecordingResponder()
            UIApplication.shared.delegate = delegate
            #expect(UIApplication.shared.next === delegate)
        }
        #expect(UIApplication.shared.delegate == nil)
        UIApplication.shared.delegate = nil
    }

    // MARK: Touch forwarding

    @Test func touchesOnAPlainViewGoUpToItsSuperview() {
        let parent = TouchRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        parent.addSubview(child)
        window.addSubview(parent)
        window.simulateTap(at: CGPoint(x: 60, y: 60))
        #expect(parent.phases == ["began", "ended"])
        #expect(parent.touchedViews.first.flatMap { $0 } === child, "the touch still belongs to the hit view")
    }

    @Test func movesAndCancelsAreForwardedToo() {
        let parent = TouchRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        parent.addSubview(child)
        window.addSubview(parent)
        window.simulateTouchDown(at: CGPoint(x: 60, y: 60))
        window.simulateTouchMove(to: CGPoint(x: 70, y: 70))
        window.cancelAllTouches()
        #expect(parent.phases == ["began", "moved", "cancelled"])
    }

    @Test func forwardingPassesEveryLevelUpToTheApplicationDelegate() {
        let delegate = RecordingResponder()
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        let outer = TouchRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let middle = TouchRecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let leaf = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        outer.addSubview(middle)
        middle.addSubview(leaf)
        window.addSubview(outer)
        window.simulateTap(at: CGPoint(x: 15, y: 15))
        #expect(middle.phases == ["began", "ended"])
        #expect(outer.phases == ["began", "ended"])
        #expect(delegate.began == 1, "window → application → delegate")
        #expect(delegate.ended == 1)
    }

    @Test func aResponderThatHandlesTouchesStopsForwarding() {
        let delegate = RecordingResponder()
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        let parent = TouchRecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let handler = RecordingResponderView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(handler)
        window.addSubview(parent)
        window.simulateTap(at: CGPoint(x: 10, y: 10))
        #expect(handler.began == 1)
        #expect(parent.phases.isEmpty, "an override that does not call super keeps the touch")
        #expect(delegate.began == 0)
    }
}

/// A view that handles touches itself and does not call super.
@MainActor
private final class RecordingResponderView: UIView {
    var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
