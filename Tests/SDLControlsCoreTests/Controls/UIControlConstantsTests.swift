import Testing
import Foundation
@testable import SDLControlsCore

/// Rules A1–A3 ("A. Constants" in the DocC article "Target-action, control events and
/// tracking"): the raw values of the constants are part of the API, `state` is derived, and
/// content alignment resolves leading/trailing by layout direction.
@MainActor
struct UIControlConstantsTests {
    let window = makeTestWindow()

    // MARK: A1 UIControl.Event

    @Test func a1_eventRawValuesMatchUIKit() {
        let expected: [(UIControl.Event, UInt, String)] = [
            (.touchDown, 1 << 0, "touchDown"),
            (.touchDownRepeat, 1 << 1, "touchDownRepeat"),
            (.touchDragInside, 1 << 2, "touchDragInside"),
            (.touchDragOutside, 1 << 3, "touchDragOutside"),
            (.touchDragEnter, 1 << 4, "touchDragEnter"),
            (.touchDragExit, 1 << 5, "touchDragExit"),
            (.touchUpInside, 1 << 6, "touchUpInside"),
            (.touchUpOutside, 1 << 7, "touchUpOutside"),
            (.touchCancel, 1 << 8, "touchCancel"),
            (.valueChanged, 1 << 12, "valueChanged"),
            (.primaryActionTriggered, 1 << 13, "primaryActionTriggered"),
            (.menuActionTriggered, 1 << 14, "menuActionTriggered"),
            (.editingDidBegin, 1 << 16, "editingDidBegin"),
            (.editingChanged, 1 << 17, "editingChanged"),
            (.editingDidEnd, 1 << 18, "editingDidEnd"),
            (.editingDidEndOnExit, 1 << 19, "editingDidEndOnExit"),
            (.allTouchEvents, 0x0FFF, "allTouchEvents"),
            (.allEditingEvents, 0x000F_0000, "allEditingEvents"),
            (.applicationReserved, 0x0F00_0000, "applicationReserved"),
            (.systemReserved, 0xF000_0000, "systemReserved"),
            (.allEvents, 0xFFFF_FFFF, "allEvents"),
        ]
        for (event, raw, name) in expected {
            #expect(event.rawValue == raw, "\(name)")
        }
    }

    @Test func a1_eventIsAnOptionSetOverUInt() {
        // The raw type is UInt (a compile-time check) and the set algebra works on the bits.
        let raw: UInt = UIControl.Event.touchUpInside.rawValue
        #expect(raw == 64)
        let mask: UIControl.Event = [.touchDown, .valueChanged]
        #expect(mask.rawValue == 0x1001)
        #expect(mask.contains(.touchDown))
        #expect(!mask.contains(.touchUpInside))
        #expect(UIControl.Event(rawValue: 0x40) == .touchUpInside)
    }

    @Test func a1_groupMasksContainTheirMembersAndNothingElse() {
        let touches: [UIControl.Event] = [.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside,
                                          .touchDragEnter, .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel]
        let editing: [UIControl.Event] = [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]
        for e in touches {
            #expect(UIControl.Event.allTouchEvents.contains(e))
            #expect(UIControl.Event.allEditingEvents.isDisjoint(with: e))
        }
        for e in editing {
            #expect(UIControl.Event.allEditingEvents.contains(e))
            #expect(UIControl.Event.allTouchEvents.isDisjoint(with: e))
        }
        for e in [UIControl.Event.valueChanged, .primaryActionTriggered, .menuActionTriggered] {
            #expect(UIControl.Event.allTouchEvents.isDisjoint(with: e))
            #expect(UIControl.Event.allEditingEvents.isDisjoint(with: e))
        }
        #expect(UIControl.Event.applicationReserved.isDisjoint(with: .systemReserved))
        let union: UIControl.Event = [.allTouchEvents, .valueChanged, .primaryActionTriggered, .menuActionTriggered,
                                      .allEditingEvents, .applicationReserved, .systemReserved]
        #expect(UIControl.Event.allEvents.isSuperset(of: union))
    }

    // MARK: A2 UIControl.State

    @Test func a2_stateRawValuesMatchUIKit() {
        #expect(UIControl.State.normal.rawValue == 0)
        #expect(UIControl.State.highlighted.rawValue == 1 << 0)
        #expect(UIControl.State.disabled.rawValue == 1 << 1)
        #expect(UIControl.State.selected.rawValue == 1 << 2)
        #expect(UIControl.State.focused.rawValue == 1 << 3)
        #expect(UIControl.State.application.rawValue == 0x00FF_0000)
        #expect(UIControl.State.reserved.rawValue == 0xFF00_0000)
        let raw: UInt = UIControl.State.selected.rawValue   // the raw type is UInt
        #expect(raw == 4)
    }

    @Test func a2_newControlIsNormal() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(control.state == .normal)
        #expect(control.state.rawValue == 0)
        #expect(control.isEnabled && !control.isSelected && !control.isHighlighted && !control.isFocused)
    }

    @Test func a2_stateIsDerivedFromEachFlag() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.isHighlighted = true
        #expect(control.state == .highlighted)
        control.isHighlighted = false
        control.isSelected = true
        #expect(control.state == .selected)
        control.isSelected = false
        control.isFocused = true
        #expect(control.state == .focused)
        control.isFocused = false
        control.isEnabled = false
        #expect(control.state == .disabled)
        control.isEnabled = true
        #expect(control.state == .normal)
    }

    @Test func a2_disabledAndSelectedAtOnce() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.isSelected = true
        control.isEnabled = false
        #expect(control.state == [.disabled, .selected])
        #expect(control.state.rawValue == 0b110)
        #expect(control.state.contains(.disabled))
        #expect(control.state.contains(.selected))
        #expect(!control.state.contains(.highlighted))
    }

    @Test func a2_highlightedSelectedFocusedCombine() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.isHighlighted = true
        control.isSelected = true
        control.isFocused = true
        #expect(control.state == [.highlighted, .selected, .focused])
        #expect(control.state.rawValue == 0b1101)
        // Disabling clears the highlight (project choice) but keeps the other flags.
        control.isEnabled = false
        #expect(control.state == [.disabled, .selected, .focused])
    }

    @Test func a2_highlightIsIgnoredWhileDisabled() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.isEnabled = false
        control.isHighlighted = true
        #expect(!control.isHighlighted)
        #expect(!control.state.contains(.highlighted))
        #expect(control.state == .disabled)
    }

    @Test func a2_stateFollowsATouch() {
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        window.addSubview(control)
        control.isSelected = true
        window.simulateTouchDown(at: CGPoint(x: 50, y: 30))
        #expect(control.state == [.highlighted, .selected])
        window.simulateTouchUp(at: CGPoint(x: 50, y: 30))
        #expect(control.state == .selected)
        flush()
    }

    // MARK: A3 Content alignment

    @Test func a3_alignmentRawValues() {
        #expect(UIControl.ContentHorizontalAlignment.center.rawValue == 0)
        #expect(UIControl.ContentHorizontalAlignment.left.rawValue == 1)
        #expect(UIControl.ContentHorizontalAlignment.right.rawValue == 2)
        #expect(UIControl.ContentHorizontalAlignment.fill.rawValue == 3)
        #expect(UIControl.ContentHorizontalAlignment.leading.rawValue == 4)
        #expect(UIControl.ContentHorizontalAlignment.trailing.rawValue == 5)
        #expect(UIControl.ContentVerticalAlignment.center.rawValue == 0)
        #expect(UIControl.ContentVerticalAlignment.top.rawValue == 1)
        #expect(UIControl.ContentVerticalAlignment.bottom.rawValue == 2)
        #expect(UIControl.ContentVerticalAlignment.fill.rawValue == 3)
        #expect(UIControl.ContentHorizontalAlignment(rawValue: 4) == .leading)
        #expect(UIControl.ContentVerticalAlignment(rawValue: 2) == .bottom)
        #expect(UIControl.ContentHorizontalAlignment(rawValue: 6) == nil)
        #expect(UIControl.ContentVerticalAlignment(rawValue: 4) == nil)
    }

    @Test func a3_newControlIsCenteredBothWays() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(control.contentHorizontalAlignment == .center)
        #expect(control.contentVerticalAlignment == .center)
        #expect(control.effectiveContentHorizontalAlignment == .center)
    }

    /// Every horizontal alignment and what it resolves to, left to right and right to left.
    private static let resolved: [(UIControl.ContentHorizontalAlignment, ltr: UIControl.ContentHorizontalAlignment, rtl: UIControl.ContentHorizontalAlignment)] = [
        (.center, .center, .center),
        (.left, .left, .left),
        (.right, .right, .right),
        (.fill, .fill, .fill),
        (.leading, .left, .right),
        (.trailing, .right, .left),
    ]

    @Test func a3_leftToRightResolvesLeadingToLeft() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(control.effectiveUserInterfaceLayoutDirection == .leftToRight)
        for (alignment, ltr, _) in Self.resolved {
            control.contentHorizontalAlignment = alignment
            #expect(control.effectiveContentHorizontalAlignment == ltr, "\(alignment)")
        }
    }

    @Test func a3_forceRightToLeftFlipsLeadingAndTrailing() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.semanticContentAttribute = .forceRightToLeft
        for (alignment, _, rtl) in Self.resolved {
            control.contentHorizontalAlignment = alignment
            #expect(control.effectiveContentHorizontalAlignment == rtl, "\(alignment)")
        }
        // The stored value is not rewritten.
        control.contentHorizontalAlignment = .leading
        #expect(control.contentHorizontalAlignment == .leading)
    }

    @Test func a3_applicationRightToLeftFlipsLeadingAndTrailing() {
        let app = UIApplication.shared
        app.userInterfaceLayoutDirection = .rightToLeft
        defer { app.userInterfaceLayoutDirection = .leftToRight }
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(control)
        #expect(control.semanticContentAttribute == .unspecified)
        for (alignment, _, rtl) in Self.resolved {
            control.contentHorizontalAlignment = alignment
            #expect(control.effectiveContentHorizontalAlignment == rtl, "\(alignment)")
        }
    }

    @Test func a3_forcedLeftToRightWinsOverApplicationRightToLeft() {
        let app = UIApplication.shared
        app.userInterfaceLayoutDirection = .rightToLeft
        defer { app.userInterfaceLayoutDirection = .leftToRight }
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        for attribute in [UISemanticContentAttribute.forceLeftToRight, .playback, .spatial] {
            control.semanticContentAttribute = attribute
            control.contentHorizontalAlignment = .leading
            #expect(control.effectiveContentHorizontalAlignment == .left, "\(attribute)")
            control.contentHorizontalAlignment = .trailing
            #expect(control.effectiveContentHorizontalAlignment == .right, "\(attribute)")
        }
    }

    @Test func a3_directionChangeIsReadLive() {
        let app = UIApplication.shared
        defer { app.userInterfaceLayoutDirection = .leftToRight }
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.contentHorizontalAlignment = .trailing
        #expect(control.effectiveContentHorizontalAlignment == .right)
        app.userInterfaceLayoutDirection = .rightToLeft
        #expect(control.effectiveContentHorizontalAlignment == .left)
        control.semanticContentAttribute = .forceLeftToRight
        #expect(control.effectiveContentHorizontalAlignment == .right)
    }
}
