import Testing
import Foundation
@testable import SDLControlsCore

/// A layout pass settles in one go: a view that resizes its subviews in `layoutSubviews()`
/// is not marked as needing layout again by them (it placed them), while a resize from
/// anywhere else still lays the superview out.
@MainActor
struct UIViewLayoutSettleTests {
    let window = makeTestWindow()

    final class Parent: UIView {
        let child = UIView()
        var layouts = 0
        var width: CGFloat = 100
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(child)
        }
        override func layoutSubviews() {
            layouts += 1
            child.frame = CGRect(x: 0, y: 0, width: width, height: 20)
        }
    }

    @Test func resizingSubviewsInLayoutSubviewsDoesNotAskForAnotherPass() {
        let parent = Parent(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(parent)
        window.layoutIfNeeded()
        #expect(parent.layouts == 1)
        #expect(!parent.needsLayoutPass)
        parent.width = 150
        parent.setNeedsLayout()
        window.layoutIfNeeded()
        window.layoutIfNeeded()
        #expect(parent.layouts == 2, "one pass per change")
    }

    @Test func aSubviewResizedFromOutsideStillLaysItsSuperviewOut() {
        let parent = Parent(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(parent)
        window.layoutIfNeeded()
        parent.child.frame.size = CGSize(width: 10, height: 10)
        #expect(parent.needsLayoutPass)
    }
}
