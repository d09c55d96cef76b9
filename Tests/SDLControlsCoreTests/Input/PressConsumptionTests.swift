import Testing
import Foundation
@testable import SDLControlsCore

/// A responder that handles the keys in `handled` (without calling super) and passes the rest
/// up, recording what it saw.
@MainActor
final class PressRecordingKeyView: UIView {
    var handled: Set<UIKeyboardHIDUsage> = []
    var began: [Int] = []
    var ended: [Int] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
        began.append(key.keyCode.rawValue)
        if !handled.contains(key.keyCode) { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let key = presses.first?.key { ended.append(key.keyCode.rawValue) }
        super.pressesEnded(presses, with: event)
    }
}

/// The application delegate can handle what the window passed up (UIKit's chain end).
@MainActor
private final class KeyDelegate: UIResponder {
    var handles = false
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if !handles { super.pressesBegan(presses, with: event) }
    }
}

/// ``UIWindow/send(_:)-(UIPress)``: a press is used unless it reaches the end of the responder
/// chain; a held key belongs to whoever took its first key-down.
@MainActor
struct PressConsumptionTests {
    let window = makeTestWindow()
    let key = PressRecordingKeyView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))

    init() {
        window.addSubview(key)
        #expect(key.becomeFirstResponder())
    }

    private func down(_ code: UIKeyboardHIDUsage, repeat r: Bool = false) -> Bool {
        window.send(UIPress(phase: .began, key: UIKey(keyCode: code), timestamp: 0, isRepeat: r))
    }

    private func up(_ code: UIKeyboardHIDUsage) -> Bool {
        window.send(UIPress(phase: .ended, key: UIKey(keyCode: code), timestamp: 0))
    }

    @Test func aPressThatReachesTheEndOfTheChainIsUnused() {
        #expect(!down(.keyboardA), "view → window (not a focus key) → application → no delegate")
        #expect(!up(.keyboardA))
        key.handled = [.keyboardA]
        #expect(down(.keyboardA), "the first responder kept it")
        #expect(up(.keyboardA), "its key-up belongs to the UI too")
    }

    @Test func theApplicationDelegateIsPartOfTheChain() {
        let delegate = KeyDelegate()
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        #expect(!down(.keyboardA))
        _ = up(.keyboardA)
        delegate.handles = true
        #expect(down(.keyboardA), "handled by the last responder before the end")
        #expect(up(.keyboardA))
    }

    @Test func repeatsAndTheKeyUpFollowTheFirstKeyDown() {
        #expect(!down(.keyboardA))
        key.handled = [.keyboardA]   // the UI would take it now…
        #expect(!down(.keyboardA, repeat: true), "…but the held key is the game's")
        #expect(key.began == [0x04], "a repeat of the game's key is not delivered at all")
        #expect(!up(.keyboardA), "and its key-up is the game's")
        #expect(key.ended == [0x04], "key-ups are always delivered")

        #expect(down(.keyboardA))
        key.handled = []             // the UI would pass it now…
        #expect(down(.keyboardA, repeat: true), "…but the held key is the UI's")
        #expect(up(.keyboardA))
    }

    @Test func aRepeatOrKeyUpWithNoKeyDownSeen() {
        key.handled = [.init(rawValue: 0x05)]
        #expect(down(.init(rawValue: 0x05), repeat: true), "a repeat of a key never seen counts as a first key-down")
        #expect(up(.init(rawValue: 0x05)))
        #expect(!up(.keyboardX), "a key-up with no key-down seen is free: the game's")
    }

    @Test func keysAreTrackedPerKey() {
        key.handled = [.keyboardA]
        #expect(down(.keyboardA))
        #expect(!down(.init(rawValue: 0x05)))
        #expect(!up(.init(rawValue: 0x05)))
        #expect(up(.keyboardA))
    }

    @Test func keyboardNavigationOffLeavesFocusKeysUnused() {
        key.resignFirstResponder()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 100, width: 80, height: 30)
        window.addSubview(button)
        #expect(window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardTab), timestamp: 0)))
        _ = up(.keyboardTab)
        #expect(window.focusedView === button)
        window.focusNavigation = .gameController
        window.isFocusRingVisible = false
        #expect(!down(.keyboardTab))
        #expect(!down(.keyboardSpacebar))
        #expect(!down(.keyboardReturnOrEnter))
        #expect(!down(.keyboardDownArrow))
        #expect(!window.isFocusRingVisible, "with keyboard navigation off a key shows no ring")
        #expect(window.focusedView === button)
    }
}
