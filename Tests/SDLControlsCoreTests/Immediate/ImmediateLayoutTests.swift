import Testing
import Foundation
@testable import SDLControlsCore

/// Layout of an `ImmediateView`: stacks sized by intrinsic sizes, the width following the
/// view's bounds, titles beside or above controls as a settings screen shows them, rows whose
/// flexible items share the spare width, and the height of the content for a scroll view.
@MainActor
@Suite(.serialized)
struct ImmediateLayoutTests {
    init() { resetApplication() }

    /// A text field alone in an inset-grouped cell is borderless: its focus shows inside the
    /// whole cell, rounded as the group (as a button row's), not around its text line. Moved
    /// out of the cell, into a plain panel's column, it gets a field's own ring back.
    @Test func aTextFieldInACellShowsFocusInsideTheCell() throws {
        let h = ImmediateHarness(style: .insetGrouped, size: CGSize(width: 400, height: 300))
        var name = ""
        var field: UITextField?
        h.frame { ui in ui.textField("Name", text: &name); field = ui.last(UITextField.self) }
        let f = try #require(field)
        let cell = try #require(f.superview)
        let halo = try #require(f.focusEffect as? UIFocusHaloEffect, "a halo, not the field's own ring")
        #expect(halo.position == .inside)
        #expect(halo.shape == cell.convert(cell.bounds, to: f), "the whole cell, in the field's coordinates")
        #expect((halo.shape?.height ?? 0) > f.bounds.height)

        let plain = ImmediateHarness(size: CGSize(width: 400, height: 300))
        var other: UITextField?
        plain.frame { ui in ui.textField("Name", text: &name); other = ui.last(UITextField.self) }
        #expect(other.map { type(of: $0.focusEffect!) == UIFocusEffect.self } == true, "outside a cell: the system's ring")
    }

    /// A view declared with `custom` is the game's: moved out of the panel, then given the
    /// panel itself as a subview, it must not be measured through its old item (that looped
    /// from the panel through the item to the view and back until the stack overflowed) nor
    /// placed by it. In a child process: a regression is a crash.
    @Test func aCustomViewMovedElsewhereIsNoLongerMeasuredOrPlacedByItsItem() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let h = ImmediateHarness(size: CGSize(width: 400, height: 300))
                var made: UIStackView?
                h.frame { ui in _ = ui.custom(UIStackView()) { s in s.axis = .vertical; made = s } }
                guard let stack = made, let item = stack.superview else { exit(3) }
                h.window.addSubview(stack)              // the game moves its view out…
                stack.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
                stack.addArrangedSubview(h.view)        // …and puts the panel inside it
                item.invalidateIntrinsicContentSize()
                _ = h.view.systemLayoutSizeFitting(CGSize(width: 300, height: 0))
                h.window.layoutIfNeeded()
                _ = item.intrinsicContentSize
                h.frame { ui in _ = ui.custom(UIStackView()) { _ in } }
                guard stack.superview === h.window, h.view.superview === stack else { exit(4) }
                guard item.intrinsicContentSize.height < 100 else { exit(5) }
            }
        }
    }

    /// The panel's own column taken out of it (any view of the tree can be moved) and the panel
    /// put inside that column: measuring comes back to the column while it measures, and stops
    /// there instead of overflowing the stack.
    @Test func aColumnTakenOutOfItsPanelThatNowHoldsThePanelIsMeasuredWithoutEnd() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let h = ImmediateHarness(size: CGSize(width: 400, height: 300))
                var on = false
                h.frame { ui in ui.toggle("Sound", isOn: &on) }
                guard let column = h.view.subviews.compactMap({ $0 as? UIStackView }).first else { exit(3) }
                h.window.addSubview(column)
                column.addArrangedSubview(h.view)
                _ = h.view.intrinsicContentSize
                _ = column.systemLayoutSizeFitting(CGSize(width: 300, height: 0))
                h.window.layoutIfNeeded()
                h.frame { ui in ui.toggle("Sound", isOn: &on) }
            }
        }
    }

    @Test func aSettingsCellPutsTheTitleAtTheLeadingMarginAndTheSwitchAtTheTrailingOne() {
        let h = ImmediateHarness(style: .insetGrouped, size: CGSize(width: 400, height: 600))
        var on = false, lives = 3.0, volume: Float = 0.5
        var toggle: UISwitch?, stepper: UIStepper?, slider: UISlider?
        func build(_ ui: ImmediateUI) {
            ui.toggle("Sound", isOn: &on); toggle = ui.last(UISwitch.self)
            ui.stepper("Lives", value: &lives, in: 1...9, step: 1); stepper = ui.last(UIStepper.self)
            ui.slider("Volume", value: &volume, in: 0...1); slider = ui.last(UISlider.self)
        }
        h.frame(build)
        let cell = toggle!.superview!
        let cellFrame = cell.convert(cell.bounds, to: nil)
        let switchFrame = toggle!.convert(toggle!.bounds, to: nil)
        #expect(cellFrame.height >= 44, "a cell is at least 44 points tall")
        #expect(abs(cellFrame.maxX - 16 - switchFrame.maxX) < 0.5, "the switch ends at the cell's 16-point margin")
        #expect(abs(cellFrame.midY - switchFrame.midY) < 1, "centred in the cell")
        let title = h.all(UILabel.self).first { $0.text == "Sound" }!
        #expect(abs(title.convert(title.bounds, to: nil).minX - cellFrame.minX - 16) < 0.5)
        #expect(toggle!.accessibilityLabel == "Sound" && stepper!.accessibilityLabel == "Lives")
        // The slider's title is above it, and the slider spans the cell's content width.
        let sliderTitle = h.all(UILabel.self).first { $0.text == "Volume" }!
        let s = slider!.convert(slider!.bounds, to: nil)
        #expect(sliderTitle.convert(sliderTitle.bounds, to: nil).maxY <= s.minY + 0.5)
        #expect(abs(s.width - (cellFrame.width - 32)) < 0.5)
    }

    @Test func theWidthFollowsTheViewsBounds() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 400, height: 300))
        var volume: Float = 0.5
        var slider: UISlider?
        func build(_ ui: ImmediateUI) {
            ui.slider("", value: &volume, in: 0...1)
            slider = ui.last(UISlider.self)
        }
        h.frame(build)
        #expect(slider!.bounds.width == 400)
        h.view.frame.size.width = 250
        h.frame(build)
        #expect(slider!.bounds.width == 250)
    }

    @Test func flexibleItemsInARowShareTheSpareWidthEqually() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 400, height: 300))
        var r: Float = 0, g: Float = 0
        var sliders: [UISlider] = []
        var ok: UIButton?
        func build(_ ui: ImmediateUI) {
            sliders = []
            ui.row { ui in
                ui.slider("", value: &r, in: 0...1); sliders.append(ui.last(UISlider.self)!)
                ui.slider("", value: &g, in: 0...1); sliders.append(ui.last(UISlider.self)!)
            }
            ui.row { ui in
                ui.spacer()
                ui.button("OK"); ok = ui.last(UIButton.self)
                ui.spacer()
            }
        }
        h.frame(build)
        #expect(sliders[0].bounds.width > 100 && abs(sliders[0].bounds.width - sliders[1].bounds.width) <= 1)
        let okFrame = ok!.convert(ok!.bounds, to: nil)
        #expect(abs(okFrame.midX - 200) <= 1, "two spacers centre the button")
    }

    @Test func sizeThatFitsGivesTheContentsHeightForAScrollView() {
        let h = ImmediateHarness(style: .insetGrouped, size: CGSize(width: 320, height: 200))
        var values = Array(repeating: false, count: 20)
        func build(_ ui: ImmediateUI) {
            for i in 0..<20 { ui.id(i) { ui in ui.toggle("Option", isOn: &values[i]) } }
        }
        h.frame(build)
        let fit = h.view.sizeThatFits(CGSize(width: 320, height: 0))
        #expect(fit.width == 320)
        #expect(fit.height >= 20 * 44 + 40, "20 cells of 44 points and the margins")
        #expect(h.view.intrinsicContentSize.height == fit.height)
        // In a scroll view, sized to its content, the last toggle can be reached.
        let scroll = UIScrollView(frame: h.window.bounds)
        h.view.removeFromSuperview()
        scroll.addSubview(h.view)
        h.window.addSubview(scroll)
        h.view.frame = CGRect(origin: .zero, size: fit)
        scroll.contentSize = fit
        h.frame(build)
        let last = h.all(UISwitch.self).last!
        scroll.scrollRectToVisible(last.convert(last.bounds, to: scroll), animated: false)
        h.window.layoutIfNeeded()
        let onScreen = last.convert(last.bounds, to: nil)
        #expect(h.window.bounds.contains(onScreen))
        h.window.simulateTap(at: CGPoint(x: onScreen.midX, y: onScreen.midY))
        h.frame(build)
        #expect(values[19])
    }

    /// A label or title whose new text has the size the last layout placed (a counter) lays
    /// nothing out: only the label redraws. A new size lays the item and its stack out again.
    @Test func aNewTextOfTheSameSizeLaysNothingOutAndANewSizeDoes() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 400, height: 300))
        var text = "Item 0", title = "Sound A", on = false
        var label: UILabel?
        func build(_ ui: ImmediateUI) {
            ui.label(text); label = ui.last(UILabel.self)
            ui.id("sound").toggle(title, isOn: &on)   // named by its id: its title changes
        }
        h.frame(build)
        let item = label!.superview!
        let labelFrame = label!.frame
        let titleLabel = h.all(UILabel.self).first { $0.text == "Sound A" }!
        let titleFrame = titleLabel.frame

        text = "Item 1"; title = "Sound B"
        h.view.build(build)
        #expect(!h.window.subtreeNeedsLayout, "same sizes: no layout pending anywhere")
        #expect(label!.text == "Item 1" && titleLabel.text == "Sound B")
        h.window.layoutIfNeeded()
        #expect(label!.frame == labelFrame && titleLabel.frame == titleFrame)

        text = "Item 10"; title = "Sound AB"
        h.view.build(build)
        #expect(item.needsLayoutPass && titleLabel.superview!.needsLayoutPass, "wider texts lay their items out")
        h.window.layoutIfNeeded()
        #expect(label!.frame.width > labelFrame.width && titleLabel.frame.width > titleFrame.width)
    }

    /// Declaring the panel itself (or a view it is inside) through `custom` would take the
    /// panel out of its window: it does nothing, and the panel's other declarations stay.
    @Test func declaringThePanelItselfDoesNothing() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 300, height: 200))
        var on = false
        var hosted = true
        h.frame { ui in
            hosted = ui.custom(h.view) { _ in Issue.record("no update for a stand-in") }
            ui.custom(h.window as UIView)
            ui.toggle("Sound", isOn: &on)
        }
        #expect(!hosted)
        #expect(h.view.window === h.window && h.window.subviews.contains { $0 === h.view })
        #expect(h.all(UISwitch.self).count == 1)
    }
}
