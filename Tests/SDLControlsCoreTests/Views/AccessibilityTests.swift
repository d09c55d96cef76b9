import Testing
import Foundation
@testable import SDLControlsCore

/// A control kind with its own default traits, as UIButton has `.button`.
@MainActor
private final class ButtonLikeControl: UIControl {
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }
}

@MainActor
struct AccessibilityTests {
    let window = makeTestWindow()

    // MARK: Plain views

    @Test func plainViewIsNotAnElementAndHasNoDescription() {
        let v = UIView()
        #expect(!v.isAccessibilityElement)
        #expect(v.accessibilityLabel == nil)
        #expect(v.accessibilityHint == nil)
        #expect(v.accessibilityValue == nil)
        #expect(v.accessibilityTraits == [])
    }

    @Test func plainViewPropertiesCanBeSet() {
        let v = UIView()
        v.isAccessibilityElement = true
        v.accessibilityLabel = "Score"
        v.accessibilityHint = "Your points this round"
        v.accessibilityValue = "42"
        v.accessibilityTraits = [.staticText, .updatesFrequently]
        #expect(v.isAccessibilityElement)
        #expect(v.accessibilityLabel == "Score")
        #expect(v.accessibilityHint == "Your points this round")
        #expect(v.accessibilityValue == "42")
        #expect(v.accessibilityTraits == [.staticText, .updatesFrequently])
        v.accessibilityLabel = nil
        #expect(v.accessibilityLabel == nil)
    }

    // MARK: Controls

    @Test func controlIsAnElementByDefault() {
        let c = UIControl()
        #expect(c.isAccessibilityElement)
        #expect(c.accessibilityTraits == [])
        c.isAccessibilityElement = false
        #expect(!c.isAccessibilityElement, "the default can be overridden")
        c.isAccessibilityElement = true
        #expect(c.isAccessibilityElement)
    }

    @Test func controlTraitsFollowEnabledAndSelected() {
        let c = UIControl()
        c.isEnabled = false
        #expect(c.accessibilityTraits == .notEnabled)
        c.isEnabled = true
        #expect(c.accessibilityTraits == [])
        c.isSelected = true
        #expect(c.accessibilityTraits == .selected)
        c.isEnabled = false
        #expect(c.accessibilityTraits == [.selected, .notEnabled])
        c.isEnabled = true
        c.isSelected = false
        #expect(c.accessibilityTraits == [])
    }

    @Test func settingTraitsKeepsTheDynamicAdditions() {
        let c = UIControl()
        c.accessibilityTraits = [.button, .header]
        #expect(c.accessibilityTraits == [.button, .header])
        c.isEnabled = false
        c.isSelected = true
        #expect(c.accessibilityTraits == [.button, .header, .notEnabled, .selected])
        c.accessibilityTraits = .link
        #expect(c.accessibilityTraits == [.link, .notEnabled, .selected], "setting replaces the static traits only")
        c.isEnabled = true
        c.isSelected = false
        #expect(c.accessibilityTraits == .link, "the dynamic traits are not stored")
    }

    @Test func defaultTraitsOfAControlKindApplyUntilSet() {
        let b = ButtonLikeControl()
        #expect(b.accessibilityTraits == .button)
        b.isEnabled = false
        #expect(b.accessibilityTraits == [.button, .notEnabled])
        b.accessibilityTraits = .link
        #expect(b.accessibilityTraits == [.link, .notEnabled], "set traits replace the kind's defaults")
        b.accessibilityTraits = []
        #expect(b.accessibilityTraits == .notEnabled, "an explicit empty set is kept, not the default")
    }

    // MARK: accessibilityFrame

    @Test func accessibilityFrameIsTheFrameInWindowCoordinates() {
        let outer = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        outer.addSubview(inner)
        window.addSubview(outer)
        #expect(inner.accessibilityFrame == CGRect(x: 60, y: 80, width: 30, height: 40))
        #expect(outer.accessibilityFrame == outer.frame)
    }

    @Test func accessibilityFrameFollowsLayoutChanges() {
        let outer = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        outer.addSubview(inner)
        window.addSubview(outer)
        outer.frame.origin = CGPoint(x: 0, y: 0)
        #expect(inner.accessibilityFrame == CGRect(x: 10, y: 20, width: 30, height: 40))
        inner.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(inner.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
        outer.bounds.origin = CGPoint(x: 0, y: 2)
        #expect(inner.accessibilityFrame == CGRect(x: 1, y: 0, width: 3, height: 4), "scrolling an ancestor moves it")
    }

    @Test func accessibilityFrameIgnoresTheViewsOwnScrollOffset() {
        let scroller = UIView(frame: CGRect(x: 20, y: 30, width: 100, height: 100))
        window.addSubview(scroller)
        scroller.bounds.origin = CGPoint(x: 0, y: 500)
        #expect(scroller.accessibilityFrame == CGRect(x: 20, y: 30, width: 100, height: 100),
                "a scrolled view still occupies its frame on screen")
    }

    @Test func settingAccessibilityFramePinsIt() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        window.addSubview(v)
        let pinned = CGRect(x: 0, y: 0, width: 44, height: 44)
        v.accessibilityFrame = pinned
        #expect(v.accessibilityFrame == pinned)
        v.frame = CGRect(x: 100, y: 100, width: 5, height: 5)
        #expect(v.accessibilityFrame == pinned, "a set frame no longer follows layout")
        v.removeFromSuperview()
        #expect(v.accessibilityFrame == pinned)
    }

    @Test func traitsAreDistinctOptions() {
        let all: [UIAccessibilityTraits] = [
            .button, .link, .image, .selected, .notEnabled, .staticText, .header, .adjustable,
            .keyboardKey, .updatesFrequently, .searchField, .toggleButton, .tabBar,
        ]
        var union: UIAccessibilityTraits = []
        for t in all {
            #expect(union.isDisjoint(with: t), "\(t.rawValue) overlaps another trait")
            union.formUnion(t)
        }
        #expect(Set(all.map(\.rawValue)).count == all.count)
    }
}
