import Testing
import Foundation
@testable import SDLControlsCore

/// The identity rule of `ImmediateView`: (scope, kind, name, occurrence). Which retained
/// control a declaration gets from frame to frame, across conditionals above it, duplicates,
/// loops with `ui.id`, reordering, renamed titles and moves into rows.
@MainActor
@Suite(.serialized)
struct ImmediateIdentityTests {
    init() { resetApplication() }

    @Test func everyDeclarationKeepsItsControlFromFrameToFrame() {
        let h = ImmediateHarness()
        var on = false, volume: Float = 0.5, count = 2.0, mode = 0, name = "Ada"
        func declare(_ ui: ImmediateUI) -> [UIView?] {
            var views: [UIView?] = []
            ui.label("Settings"); views.append(ui.lastView)
            ui.button("Play"); views.append(ui.lastView)
            ui.toggle("Sound", isOn: &on); views.append(ui.lastView)
            ui.slider("Volume", value: &volume, in: 0...1); views.append(ui.lastView)
            ui.stepper("Lives", value: &count, in: 1...9, step: 1); views.append(ui.lastView)
            ui.segmented(["Easy", "Hard"], selection: &mode); views.append(ui.lastView)
            ui.textField("Name", text: &name); views.append(ui.lastView)
            ui.row { ui in ui.button("A"); ui.button("B") }; views.append(ui.lastView)
            return views
        }
        var first: [UIView?] = [], second: [UIView?] = []
        h.frame { ui in first = declare(ui) }
        h.frame { ui in second = declare(ui) }
        #expect(first.count == 8 && first.allSatisfy { $0 != nil })
        #expect(zip(first, second).allSatisfy { $0 === $1 }, "the same retained views, build after build")
        #expect(first[0] is UILabel && first[1] is UIButton && first[2] is UISwitch && first[3] is UISlider)
        #expect(first[4] is UIStepper && first[5] is UISegmentedControl && first[6] is UITextField && first[7] is UIStackView)
        #expect(first.allSatisfy { $0?.window === h.window }, "every control is in the window")
    }

    @Test func aSliderBeingDraggedSurvivesAConditionalAppearingAndDisappearingAbove() {
        let h = ImmediateHarness()
        var showAdvanced = false, advanced = false, volume: Float = 0.2
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            if showAdvanced {
                ui.label("Advanced")
                ui.toggle("Expert mode", isOn: &advanced)
                ui.button("Calibrate")
            }
            ui.slider("Volume", value: &volume, in: 0...1)
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        guard let s = slider else { Issue.record("no slider"); return }
        let log = EventLog(s)
        h.window.simulateTouchDown(at: h.thumb(s))
        h.window.simulateTouchMove(to: h.along(s, 0.5))
        h.frame(build)
        #expect(abs(volume - 0.5) < 0.02)
        let yBefore = h.centre(s).y

        showAdvanced = true
        h.frame(build)
        #expect(slider === s, "the same slider")
        #expect(s.isTracking && s.isHighlighted, "still tracking its touch and highlighted")
        #expect(h.centre(s).y > yBefore, "it moved down under the new declarations")
        #expect(abs(volume - 0.5) < 0.02 && abs(s.value - 0.5) < 0.02, "its value is kept")

        h.window.simulateTouchMove(to: h.along(s, 0.8))
        h.frame(build)
        #expect(abs(volume - 0.8) < 0.05, "the drag goes on where the slider is now")

        showAdvanced = false
        h.frame(build)
        #expect(slider === s && s.isTracking)
        h.window.simulateTouchUp(at: h.along(s, 0.9))
        h.frame(build)
        #expect(abs(volume - 0.9) < 0.05)
        #expect(!log.names.contains("touchCancel"))
        #expect(log.names.first == "touchDown" && log.names.last == "touchUpInside")
        #expect(log.names.filter { $0 == "touchUpInside" }.count == 1)
    }

    @Test func aConditionalOfAnotherKindOrTitleAboveNeverShiftsIdentity() {
        let h = ImmediateHarness()
        var extra = false, on = true, a = false
        var target: UIView?
        func build(_ ui: ImmediateUI) {
            if extra {
                ui.toggle("Other", isOn: &a)        // same kind, other title
                ui.button("Sound")                  // other kind, same title
            }
            ui.toggle("Sound", isOn: &on)
            target = ui.lastView
        }
        h.frame(build)
        let before = target
        extra = true
        h.frame(build)
        #expect(target === before)
        extra = false
        h.frame(build)
        #expect(target === before)
    }

    @Test func twoDeclarationsOfTheSameKindAndTitleInOneScopeStayDistinct() {
        let h = ImmediateHarness()
        var first: UIButton?, second: UIButton?
        var results: [Bool] = []
        func build(_ ui: ImmediateUI) {
            let a = ui.button("Delete")
            first = ui.last(UIButton.self)
            let b = ui.button("Delete")
            second = ui.last(UIButton.self)
            results = [a, b]
        }
        h.frame(build)
        #expect(first != nil && second != nil && first !== second)
        h.window.simulateTap(at: h.centre(second!))
        h.frame(build)
        #expect(results == [false, true], "only the second reports the tap")
        h.window.simulateTap(at: h.centre(first!), time: 10)
        h.frame(build)
        #expect(results == [true, false])
    }

    @Test func aConditionalOfTheSameKindAndTitleAboveShiftsOccurrencesAndAnIDScopeKeepsThem() {
        let h = ImmediateHarness()
        var extra = false
        var kept: UIView?
        // The documented case: the same kind and title above takes occurrence 0.
        func plain(_ ui: ImmediateUI) {
            if extra { ui.button("OK") }
            ui.button("OK")
            kept = ui.lastView
        }
        h.frame(plain)
        let original = kept
        extra = true
        h.frame(plain)
        #expect(kept !== original, "occurrence 0 now belongs to the conditional")

        // The fix the rule names: a scope of its own.
        extra = false
        func scoped(_ ui: ImmediateUI) {
            if extra { ui.button("OK") }
            ui.id("main") { ui in ui.button("OK") }
            kept = ui.lastView
        }
        h.frame(scoped)
        let scopedOriginal = kept
        extra = true
        h.frame(scoped)
        #expect(kept === scopedOriginal)
    }

    struct Item { var id: Int; var on: Bool }

    @Test func idScopesInALoopFollowTheirItemsWhenReorderedAddedAndRemoved() {
        let h = ImmediateHarness()
        var items = [Item(id: 1, on: false), Item(id: 2, on: true), Item(id: 3, on: false)]
        var switches: [Int: UISwitch] = [:]
        func build(_ ui: ImmediateUI) {
            for i in items.indices {
                ui.id(items[i].id) { ui in
                    ui.toggle("Enabled", isOn: &items[i].on)   // the same title in every item
                    switches[items[i].id] = ui.last(UISwitch.self)
                }
            }
        }
        h.frame(build)
        let original = switches
        #expect(Set(original.values.map(ObjectIdentifier.init)).count == 3, "three distinct switches")
        #expect(original[2]?.isOn == true && original[1]?.isOn == false)

        // Hold a touch on item 3's switch while the list is reordered.
        h.window.simulateTouchDown(at: h.centre(original[3]!))
        items = [items[2], items[0], items[1]]
        h.frame(build)
        for (id, s) in switches { #expect(s === original[id], "item \(id) keeps its switch") }
        #expect(original[3]!.isTracking, "a reorder keeps the touch")
        let ys = [3, 1, 2].map { h.centre(switches[$0]!).y }
        #expect(ys == ys.sorted(), "the switches are laid out in the new order")
        #expect(original[2]!.isOn, "item 2's switch still shows its state")

        // Remove item 1, add item 4.
        items.remove(at: 1)
        items.append(Item(id: 4, on: true))
        switches = [:]
        h.frame(build)
        #expect(switches[3] === original[3] && switches[2] === original[2])
        #expect(switches[4] != nil && switches[4] !== original[1])
        #expect(original[1]!.window == nil, "the removed item's switch left the window")
        #expect(switches[4]!.isOn)
        h.window.simulateTouchUp(at: h.centre(original[3]!))
        h.frame(build)
        #expect(items.first { $0.id == 3 }?.on == true, "the held switch toggled on release")
    }

    @Test func twoIDScopesWithTheSameKeyAreDistinct() {
        let h = ImmediateHarness()
        var a: UIView?, b: UIView?
        h.frame { ui in
            ui.id("row") { ui in ui.button("Go"); a = ui.lastView }
            ui.id("row") { ui in ui.button("Go"); b = ui.lastView }
        }
        #expect(a != nil && b != nil && a !== b)
    }

    @Test func aNamedDeclarationKeepsItsControlWhenItsTitleChanges() {
        let h = ImmediateHarness()
        var paused = false
        var named: UIButton?, unnamed: UIButton?
        func build(_ ui: ImmediateUI) {
            if ui.id("pause").button(paused ? "Resume" : "Pause") { paused.toggle() }
            named = ui.last(UIButton.self)
            ui.button(paused ? "Play" : "Stop")
            unnamed = ui.last(UIButton.self)
        }
        h.frame(build)
        let (n0, u0) = (named!, unnamed!)
        h.window.setFocusedView(n0)
        h.window.simulateTap(at: h.centre(n0))
        h.frame(build)
        #expect(paused)
        h.frame(build)
        #expect(named === n0, "named by key: the same button")
        #expect(n0.title(for: .normal) == "Resume")
        #expect(h.window.focusedView === n0, "and it keeps focus")
        #expect(unnamed !== u0, "named by its title: a new button for a new title")
        #expect(u0.window == nil)
    }

    @Test func aLabelKeepsItsUILabelWhenItsTextChanges() {
        let h = ImmediateHarness()
        var score = 0
        var label: UILabel?
        func build(_ ui: ImmediateUI) {
            ui.label("Score \(score)")
            label = ui.last(UILabel.self)
        }
        h.frame(build)
        let first = label
        score = 12
        h.frame(build)
        #expect(label === first)
        #expect(label?.text == "Score 12")
    }

    @Test func aControlMovedIntoARowAndOutAgainKeepsItsTouch() {
        let h = ImmediateHarness()
        var inRow = false, volume: Float = 0.3
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            if inRow {
                ui.row { ui in
                    ui.button("Mute")
                    ui.slider("Volume", value: &volume, in: 0...1)
                    slider = ui.last(UISlider.self)
                }
            } else {
                ui.slider("Volume", value: &volume, in: 0...1)
                slider = ui.last(UISlider.self)
            }
        }
        h.frame(build)
        let s = slider!
        let log = EventLog(s)
        h.window.simulateTouchDown(at: h.thumb(s))
        let column = s.superview
        inRow = true
        h.frame(build)
        #expect(slider === s && s.isTracking)
        #expect(s.superview !== column || s.superview?.superview is UIStackView, "re-parented into the row")
        inRow = false
        h.frame(build)
        #expect(slider === s && s.isTracking)
        h.window.simulateTouchUp(at: h.thumb(s))
        flush()
        #expect(!log.names.contains("touchCancel"))
        #expect(log.names.last == "touchUpInside")
    }

    @Test func aConditionalRowAboveDoesNotChangeTheControlsOfTheRowBelow() {
        let h = ImmediateHarness()
        var extra = false, on = false
        var toggle: UIView?
        func build(_ ui: ImmediateUI) {
            if extra { ui.row { ui in ui.button("X") } }
            ui.row { ui in
                ui.toggle("Fast", isOn: &on)
                toggle = ui.lastView
            }
        }
        h.frame(build)
        let t = toggle
        h.window.simulateTouchDown(at: h.centre(t!))
        extra = true
        h.frame(build)
        #expect(toggle === t)
        #expect((t as? UIControl)?.isTracking == true, "rows are layout only: the toggle keeps its touch")
    }

    @Test func customViewsAreCreatedOnceAndUpdatedEveryBuild() {
        let h = ImmediateHarness()
        var made = 0, updates = 0
        var view: UIView?
        func build(_ ui: ImmediateUI) {
            ui.custom({ () -> UIView in made += 1; let v = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30)); return v }()) { v in
                updates += 1
                v.backgroundColor = .systemRed
            }
            view = ui.lastView
        }
        h.frame(build)
        let first = view
        h.frame(build)
        h.frame(build)
        #expect(made == 1 && updates == 3)
        #expect(view === first && first?.window === h.window)
        #expect(first?.bounds.size == CGSize(width: 40, height: 30), "no intrinsic size: the frame it was made with")
    }

    @Test func aKeyNotEqualToItselfStillNamesOneControl() {
        let h = ImmediateHarness()
        var taps = 0
        var buttons: [UIView?] = []
        var fields: [UITextField?] = []
        var text = ""
        func build(_ ui: ImmediateUI) {
            if ui.id(Double.nan).button("Tap") { taps += 1 }
            buttons.append(ui.lastView)
            ui.id(Float.nan) { ui in
                ui.textField("Name", text: &text)
                fields.append(ui.last(UITextField.self))
            }
        }
        h.frame(build)
        h.window.simulateTap(at: h.centre(buttons[0]!))
        h.frame(build)
        h.frame(build)
        #expect(buttons.allSatisfy { $0 === buttons[0] }, "a NaN key keeps its control from build to build")
        #expect(taps == 1)
        #expect(fields[2]!.becomeFirstResponder())
        h.window.insertText("a")
        h.frame(build)
        #expect(fields.allSatisfy { $0 === fields[0] } && fields[0]!.isFirstResponder && text == "a")
    }

    @Test func aCustomViewWithNoWidthOfItsOwnTakesTheWidthItIsOffered() {
        let h = ImmediateHarness()   // 400 points wide, plain style
        var plain: UIView?, nested: ImmediateView?, inner: UIButton?, inRow: UIView?, fixed: UIView?
        func build(_ ui: ImmediateUI) {
            ui.custom(UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 20)))
            plain = ui.lastView
            ui.custom(ImmediateView(style: .plain)) { v in
                v.build { inside in
                    inside.button("Inner")
                    inner = inside.last(UIButton.self)
                }
            }
            nested = ui.last(ImmediateView.self)
            ui.row { ui in
                ui.button("Left")
                ui.custom(UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 20)))
                inRow = ui.lastView
            }
            ui.custom(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 20)))
            fixed = ui.lastView
        }
        h.frame(build)
        h.frame(build)   // the nested view lays out at its new width
        #expect(plain!.bounds.width == h.view.bounds.width, "a plain UIView() spans the column")
        #expect(nested!.bounds.width == h.view.bounds.width)
        #expect(inner!.bounds.width > 0 && nested!.bounds.height >= inner!.frame.maxY, "a nested ImmediateView lays out its own declarations")
        #expect(inRow!.bounds.width > 100, "in a row it takes the spare width, as a slider does")
        #expect(inRow!.convert(inRow!.bounds, to: h.view).maxX <= h.view.bounds.width + 0.5)
        #expect(fixed!.bounds.width == 50, "a width given by make is kept")
    }

    @Test func declarationsOutsideABuildAndNestedBuildsDoNothing() {
        let h = ImmediateHarness()
        var captured: ImmediateUI?
        var nestedRan = false
        h.frame { ui in
            captured = ui
            ui.button("One")
            h.view.build { _ in nestedRan = true }
        }
        #expect(!nestedRan)
        #expect(captured?.button("Late") == false)
        #expect(captured?.lastView == nil)
        h.frame { ui in ui.button("One") }
        #expect(h.all(UIButton.self).count == 1)
    }
}
