import Testing
import Foundation
@testable import SDLControlsCore

@MainActor
private final class RefusingDelegate: UITextFieldDelegate {
    var allowsEnd = false
    var asked = 0
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        asked += 1
        return allowsEnd
    }
}

@MainActor
private final class StubbornResponder: UIView {
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { false }
}

/// `UIView.endEditing(_:)` as UIKit documents it.
@MainActor
struct UIViewEndEditingTests {
    let window = makeTestWindow()
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 30))

    init() {
        window.addSubview(container)
        container.addSubview(field)
    }

    @Test func endsEditingOfATextFieldInTheSubtree() {
        let log = EventLog(field)
        #expect(field.becomeFirstResponder())
        #expect(container.endEditing(false))
        #expect(!field.isEditing && window.firstResponder == nil)
        flush()
        #expect(log.names == ["editingDidBegin", "editingDidEnd"])
    }

    @Test func theDelegateMayRefuseUnlessForced() {
        let delegate = RefusingDelegate()
        field.delegate = delegate
        #expect(field.becomeFirstResponder())
        #expect(!window.endEditing(false), "asked and refused")
        #expect(delegate.asked == 1 && field.isEditing)
        let log = EventLog(field)
        #expect(window.endEditing(true), "forced: never asked")
        #expect(delegate.asked == 1)
        #expect(!field.isEditing && !field.isFirstResponder)
        flush()
        #expect(log.names == ["editingDidEnd"])
    }

    @Test func aFirstResponderOutsideTheSubtreeIsLeftAlone() {
        let other = UIView(frame: CGRect(x: 0, y: 300, width: 50, height: 50))
        window.addSubview(other)
        #expect(field.becomeFirstResponder())
        #expect(other.endEditing(true), "nothing in its subtree is first responder")
        #expect(field.isEditing)
        #expect(field.endEditing(false), "the view itself counts")
        #expect(!field.isEditing)
    }

    @Test func withNoFirstResponderItAnswersTrue() {
        #expect(window.endEditing(false))
        let loose = UIView(frame: .zero)
        #expect(loose.endEditing(true), "a view in no window")
    }

    @Test func forceRemovesAResponderThatRefusesToResign() {
        let stubborn = StubbornResponder(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(stubborn)
        #expect(stubborn.becomeFirstResponder())
        #expect(!container.endEditing(false))
        #expect(window.firstResponder === stubborn)
        #expect(container.endEditing(true))
        #expect(window.firstResponder == nil)
    }
}
