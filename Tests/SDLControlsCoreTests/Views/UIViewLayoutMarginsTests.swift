import Testing
import Foundation
@testable import SDLControlsCore

/// Layout margins and the safe area.
@MainActor
struct UIViewLayoutMarginsTests {
    @Test func defaultsAreEightPointsAndNoSafeArea() {
        let v = UIView()
        #expect(v.layoutMargins == UIEdgeInsets(all: 8))
        #expect(v.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        #expect(v.safeAreaInsets == .zero)
        #expect(!v.preservesSuperviewLayoutMargins)
    }

    @Test func directionalMarginsFollowTheLayoutDirection() {
        let v = UIView()
        v.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(v.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        v.semanticContentAttribute = .forceRightToLeft
        #expect(v.layoutMargins == UIEdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
        // Physical margins stay physical.
        v.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        #expect(v.layoutMargins == UIEdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        #expect(v.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 5, leading: 8, bottom: 7, trailing: 6))
    }

    @Test func settingMarginsLaysOutAgainAndRejectsNaN() {
        let v = UIView()
        v.layoutIfNeeded()
        v.layoutMargins = UIEdgeInsets(top: .nan, left: .infinity, bottom: 2, right: 3)
        #expect(v.layoutMargins == UIEdgeInsets(top: 0, left: 0, bottom: 2, right: 3))
        #expect(v.needsLayoutPass)
    }

    @Test func preservingTheSuperviewsMargins() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        parent.layoutMargins = UIEdgeInsets(all: 20)
        let child = UIStackView(frame: CGRect(x: 5, y: 0, width: 190, height: 200))
        child.layoutMargins = .zero
        parent.addSubview(child)
        child.isLayoutMarginsRelativeArrangement = true
        let item = SizedView(10, 10)
        child.addArrangedSubview(item)
        child.layoutIfNeeded()
        #expect(item.frame.minX == 0)
        child.preservesSuperviewLayoutMargins = true
        child.layoutIfNeeded()
        #expect(item.frame.minX == 15, "kept clear of the parent's 20-point margin")
        #expect(item.frame.minY == 20)
    }
}
