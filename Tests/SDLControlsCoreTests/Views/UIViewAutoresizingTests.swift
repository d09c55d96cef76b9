import Testing
import Foundation
@testable import SDLControlsCore

/// UIView.autoresizingMask: applied when the superview's bounds change size, as UIKit does.
/// A superview 100×100 grows to 200×150; the child starts at (10, 10, 30, 30), so its right
/// margin is 60 and its bottom margin 60.
@MainActor
struct UIViewAutoresizingTests {
    nonisolated static let cases: [(UIView.AutoresizingMask, CGRect, String)] = [
        ([], CGRect(x: 10, y: 10, width: 30, height: 30), "nothing flexible: the frame stays"),
        (.flexibleWidth, CGRect(x: 10, y: 10, width: 130, height: 30), "the width takes the whole change"),
        (.flexibleLeftMargin, CGRect(x: 110, y: 10, width: 30, height: 30), "pinned to the right edge"),
        (.flexibleRightMargin, CGRect(x: 10, y: 10, width: 30, height: 30), "the right margin grows"),
        ([.flexibleLeftMargin, .flexibleRightMargin], CGRect(x: 10 + 100.0 * 10 / 70, y: 10, width: 30, height: 30),
         "margins share the change in proportion (10 : 60)"),
        ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], CGRect(x: 20, y: 10, width: 60, height: 30),
         "all three share it in proportion (10 : 30 : 60)"),
        ([.flexibleHeight, .flexibleTopMargin], CGRect(x: 10, y: 10 + 50.0 * 10 / 40, width: 30, height: 30 + 50.0 * 30 / 40),
         "top margin and height share the 50 points"),
        (.flexibleBottomMargin, CGRect(x: 10, y: 10, width: 30, height: 30), "the bottom margin grows"),
        ([.flexibleWidth, .flexibleHeight], CGRect(x: 10, y: 10, width: 130, height: 80), "both sizes"),
    ]

    @Test(arguments: cases)
    func growingSuperview(_ c: (UIView.AutoresizingMask, CGRect, String)) {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        child.autoresizingMask = c.0
        parent.addSubview(child)
        parent.frame.size = CGSize(width: 200, height: 150)
        #expect(abs(child.frame.minX - c.1.minX) < 0.0001 && abs(child.frame.minY - c.1.minY) < 0.0001, "\(c.2)")
        #expect(abs(child.frame.width - c.1.width) < 0.0001 && abs(child.frame.height - c.1.height) < 0.0001, "\(c.2)")
    }

    @Test func shrinkingNeverGivesANegativeSize() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(child)
        parent.bounds = CGRect(x: 0, y: 0, width: 40, height: 10)
        #expect(child.frame.size == CGSize(width: 40, height: 10))
        parent.frame.size = .zero
        #expect(child.frame.size == .zero)
    }

    @Test func zeroLengthPartsShareEqually() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        parent.addSubview(child)
        parent.frame.size.width = 140
        #expect(child.frame.minX == 20, "both margins are 0: each takes half")
    }

    @Test func autoresizesSubviewsFalseKeepsSubviews() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = .flexibleWidth
        parent.addSubview(child)
        parent.frame.size.width = 300
        #expect(child.frame.width == 100)
        #expect(UIView().autoresizesSubviews)
        #expect(UIView().autoresizingMask == [])
    }

    @Test func windowResizeReachesTheTree() {
        let window = makeTestWindow(size: CGSize(width: 400, height: 300))
        let content = UIView(frame: window.bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let footer = UIView(frame: CGRect(x: 0, y: 260, width: 400, height: 40))
        footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        window.addSubview(content)
        content.addSubview(footer)
        window.frame = CGRect(x: 0, y: 0, width: 800, height: 600)
        #expect(content.frame == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(footer.frame == CGRect(x: 0, y: 560, width: 800, height: 40))
        #expect(content.needsLayoutPass, "resized views lay out again")
    }

    @Test func rawValuesMatchUIKit() {
        #expect(UIView.AutoresizingMask.flexibleLeftMargin.rawValue == 1)
        #expect(UIView.AutoresizingMask.flexibleWidth.rawValue == 2)
        #expect(UIView.AutoresizingMask.flexibleRightMargin.rawValue == 4)
        #expect(UIView.AutoresizingMask.flexibleTopMargin.rawValue == 8)
        #expect(UIView.AutoresizingMask.flexibleHeight.rawValue == 16)
        #expect(UIView.AutoresizingMask.flexibleBottomMargin.rawValue == 32)
    }
}
