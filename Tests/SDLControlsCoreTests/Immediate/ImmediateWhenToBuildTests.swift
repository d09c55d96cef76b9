import Testing
import Foundation
@testable import SDLControlsCore

/// When and where a build runs (ImmediateView docs, "When to call build"): a build before
/// `update()` reports one frame late but never loses a change; a frame without a build loses
/// no tap; a view built before it is in a window, taken out of it mid-touch, built from inside
/// an action, or nested inside another through `custom` works.
@MainActor
struct ImmediateWhenToBuildTests {
    init() { resetApplication() }

    // MARK: Build before update: never loses a change

    /// Docs ("When to call build"): "Called before `update()`, a build sees the user's change …
    /// the user's value is written back at once (a queued action counts as the user holding
    /// the control, so the game's old value is never pushed over it), and the `Bool` says true
    /// one frame late". README: "A build before `update()` reports actions one frame late but
    /// never loses a change". Here the user types and presses Return in one frame (D8: the
    /// field resigns), and the build runs before update().
    @Test func textTypedAndCommittedInOneFrameSurvivesABuildBeforeUpdate() {
        let h = ImmediateHarness()
        var name = "", results: [Bool] = []
        var field: UITextField?
        func build(_ ui: ImmediateUI) {
            results.append(ui.textField("Name", text: &name))
            field = ui.last(UITextField.self)
        }
        h.frameBuildingFirst(build)
        let f = field!
        #expect(f.becomeFirstResponder())
        h.frameBuildingFirst(build)
        h.window.insertText("Ada")
        pressKey(h.window, .keyboardReturnOrEnter)
        #expect(!f.isEditing, "Return ends editing (D8)")
        h.frameBuildingFirst(build)
        #expect(f.text == "Ada", "the game's old text was pushed over the user's")
        #expect(name == "Ada", "the user's text is written back")
        h.frameBuildingFirst(build)
        #expect(results.suffix(2).contains(true), "reported, one frame late at most")
    }

    /// The same rule for a standard toggle: a tap lands, the build runs before update.
    @Test func aToggleTappedBeforeABuildBeforeUpdateKeepsTheUsersState() {
        let h = ImmediateHarness()
        var on = false, results: [Bool] = []
        var toggle: UISwitch?
        func build(_ ui: ImmediateUI) {
            results.append(ui.toggle("Sound", isOn: &on)); toggle = ui.last(UISwitch.self)
        }
        h.frameBuildingFirst(build)
        h.window.simulateTap(at: h.centre(toggle!))
        h.frameBuildingFirst(build)
        #expect(toggle!.isOn && on)
        h.frameBuildingFirst(build)
        #expect(results == [false, false, true])
    }

    /// Docs: "``custom(_:keyPath:value:update:)`` binds … with the binding rules of the standard
    /// controls", and the build-before-update rule above ("a queued action counts as the user
    /// holding the control, so the game's old value is never pushed over it"). A `UISwitch`
    /// hosted with `keyPath: \.isOn` must behave as `ui.toggle` does in the same frames.
    @Test func aCustomControlTappedBeforeABuildBeforeUpdateKeepsTheUsersValue() {
        let h = ImmediateHarness()
        var on = false, results: [Bool] = []
        var control: UISwitch?
        func build(_ ui: ImmediateUI) {
            results.append(ui.custom(UISwitch(), keyPath: \.isOn, value: &on))
            control = ui.last(UISwitch.self)
        }
        h.frameBuildingFirst(build)
        h.window.simulateTap(at: h.centre(control!))
        #expect(control!.isOn, "the tap switched it")
        h.frameBuildingFirst(build)
        #expect(control!.isOn, "the game's old value was pushed over the user's")
        #expect(on, "the user's value is written back")
        h.frameBuildingFirst(build)
        #expect(results.suffix(2).contains(true))
    }

    /// A tap is reported in the build after its primary action was delivered: a frame in which
    /// the game does not build (a paused menu, say) does not lose the tap; the next build reports
    /// it.
    @Test func aTapInAFrameWithoutABuildIsReportedByTheNextBuild() {
        let h = ImmediateHarness()
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) { if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self) }
        h.frame(build)
        h.window.simulateTap(at: h.centre(button!))
        flush()                       // update() without a build this frame
        h.window.layoutIfNeeded()
        h.frame(build)
        h.frame(build)
        #expect(fired == 1)
    }

    // MARK: Where the view is when it builds

    /// A view may be built before it is in a window, and can sit anywhere in a retained tree.
    /// Built off-window, then added: taps are reported.
    @Test func aViewBuiltBeforeItIsInAWindowWorksOnceAdded() {
        resetApplication()
        let window = makeTestWindow(size: CGSize(width: 400, height: 400))
        let view = ImmediateView(frame: window.bounds, style: .plain)
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) { if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self) }
        view.build(build)
        view.build(build)
        #expect(button != nil && button!.window == nil)
        window.addSubview(view)
        view.build(build)
        window.layoutIfNeeded()
        let p = button!.convert(CGPoint(x: button!.bounds.midX, y: button!.bounds.midY), to: nil)
        window.simulateTap(at: p)
        UIApplication.shared.deliverPendingActions()
        view.build(build)
        #expect(fired == 1)
        view.removeFromSuperview()
        view.build(build)                // after the window is gone: harmless
        view.build { _ in }              // an empty build removes everything
        #expect(button!.superview == nil || button!.window == nil)
    }

    /// A view taken out of its window mid-touch cancels the touch (C8) and keeps working.
    @Test func aPanelRemovedFromItsWindowMidTouchCancelsAndBuildsOn() {
        let h = ImmediateHarness()
        var fired = 0
        var button: UIButton?
        func build(_ ui: ImmediateUI) { if ui.button("Go") { fired += 1 }; button = ui.last(UIButton.self) }
        h.frame(build)
        let b = button!
        let log = EventLog(b)
        h.window.simulateTouchDown(at: h.centre(b))
        h.view.removeFromSuperview()
        h.frame(build)
        flush()
        #expect(log.names == ["touchDown", "touchCancel"])
        h.window.addSubview(h.view)
        h.frame(build)
        #expect(button === b, "the control is kept: its declaration did not change")
        h.window.simulateTap(at: h.centre(b), time: 20)
        h.frame(build)
        #expect(fired == 1)
    }

    /// Docs: "A build that begins inside another build of the same view does nothing." A build
    /// started from inside an action (immediate delivery runs actions during the event) is not
    /// inside a build: it runs, and the tap is still reported once in all.
    @Test func aBuildFromInsideAnActionWithImmediateDeliveryReportsTheTapOnce() {
        let h = ImmediateHarness(delivery: .immediate)
        var fired = 0
        var button: UIButton?
        var build: ((ImmediateUI) -> Void)!
        build = { ui in
            if ui.button("Go") { fired += 1 }
            button = ui.last(UIButton.self)
            ui.configure(UIButton.self) { b in
                b.addAction(UIAction { [weak view = h.view] _ in view?.build(build) }, for: .primaryActionTriggered)
            }
        }
        h.frame(build)
        h.window.simulateTap(at: h.centre(button!))
        h.frame(build)
        h.frame(build)
        #expect(fired == 1)
    }

    /// A second ImmediateView built from inside the first's content (a nested panel hosted by
    /// `custom`, as a retained view can be hosted): both work.
    @Test func aNestedImmediateViewHostedByCustomIsBuiltInsideTheOuterBuild() {
        let h = ImmediateHarness()
        let inner = ImmediateView(style: .plain)
        var fired = 0
        var innerButton: UIButton?
        func build(_ ui: ImmediateUI) {
            ui.label("Outer")
            ui.custom(inner) { inner in
                inner.build { ui in
                    if ui.button("Inner") { fired += 1 }
                    innerButton = ui.last(UIButton.self)
                }
            }
        }
        h.frame(build)
        h.frame(build)
        let b = innerButton!
        #expect(b.window === h.window)
        #expect(inner.bounds.height > 0 && inner.bounds.width == h.view.bounds.width, "spans the column")
        h.window.simulateTap(at: h.centre(b))
        h.frame(build)
        #expect(fired == 1)
    }
}
