import Testing
import Foundation
@testable import SDLControlsCore

/// Layout of an `ImmediateView`: stacks sized by intrinsic sizes, the width following the
/// view's bounds, titles beside or above controls as a settings screen shows them, rows whose
/// flexible items share the spare width, and the height of the content for a scroll view.
@MainActor
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

    // MARK: Rows, the column, spacers and titles

    /// `ui.row { ui in … }` lays its declarations out horizontally; the default flow is
    /// vertical.
    @Test func aRowIsHorizontalAndTheColumnVertical() {
        let h = ImmediateHarness()
        var v: [UIView] = []
        h.frame { ui in
            ui.button("A"); v.append(ui.lastView!)
            ui.button("B"); v.append(ui.lastView!)
            ui.row { ui in
                ui.button("C"); v.append(ui.lastView!)
                ui.button("D"); v.append(ui.lastView!)
            }
        }
        let f = v.map { $0.convert($0.bounds, to: nil) }
        #expect(f[1].minY >= f[0].maxY, "column: B below A")
        #expect(f[2].minY >= f[1].maxY, "the row below B")
        #expect(f[3].minX >= f[2].maxX && abs(f[3].midY - f[2].midY) < 1, "row: D beside C")
    }

    /// Docs: plain style "Declarations stacked with the system spacing (8 points)"; README
    /// "Looks": each control sized by its `intrinsicContentSize`.
    @Test func thePlainColumnUsesEightPointsAndIntrinsicSizes() {
        let h = ImmediateHarness()
        var on = false, count = 0.0
        var v: [UIView] = []
        h.frame { ui in
            ui.toggle("", isOn: &on); v.append(ui.lastView!)
            ui.stepper("", value: &count, in: 0...3, step: 1); v.append(ui.lastView!)
        }
        let f = v.map { $0.convert($0.bounds, to: nil) }
        #expect(f[0].size == v[0].intrinsicContentSize)
        #expect(f[1].size == v[1].intrinsicContentSize)
        #expect(abs(f[1].minY - f[0].maxY - 8) < 0.5)
    }

    /// Titles beside or above their controls as a settings screen on iOS shows them (README:
    /// slider titles above them, switches and steppers at the trailing margin).
    @Test func sliderTitlesAreAboveAndStepperTitlesBeside() {
        let h = ImmediateHarness(style: .insetGrouped)
        var level: Float = 0.5, count = 1.0
        var slider: UIView?, stepper: UIView?
        h.frame { ui in
            ui.slider("Volume", value: &level, in: 0...1); slider = ui.lastView
            ui.stepper("Lives", value: &count, in: 0...5, step: 1); stepper = ui.lastView
        }
        let labels = h.all(UILabel.self)
        let volume = labels.first { $0.text == "Volume" }!, lives = labels.first { $0.text == "Lives" }!
        let vf = volume.convert(volume.bounds, to: nil), sf = slider!.convert(slider!.bounds, to: nil)
        let lf = lives.convert(lives.bounds, to: nil), stf = stepper!.convert(stepper!.bounds, to: nil)
        #expect(vf.maxY <= sf.minY + 0.5, "slider title above")
        #expect(lf.maxX <= stf.minX && abs(lf.midY - stf.midY) < 1, "stepper title beside")
        #expect(abs(stf.maxX - (h.view.bounds.width - 16 - 16)) < 1, "stepper at the trailing margin")
    }

    /// Looks, with a very long title: the switch stays whole inside the cell at the trailing
    /// margin and the title stops before it (iOS truncates the title).
    @Test func aVeryLongTitleNeverPushesTheSwitchOutOfItsCell() {
        let h = ImmediateHarness(style: .insetGrouped)
        var on = false
        var toggle: UIView?
        let title = String(repeating: "Very long title ", count: 30)
        h.frame { ui in ui.toggle(title, isOn: &on); toggle = ui.lastView }
        let sw = toggle!.convert(toggle!.bounds, to: nil)
        #expect(sw.size == toggle!.intrinsicContentSize)
        #expect(sw.maxX <= h.view.bounds.width - 16 && sw.minX > 16)
        let label = h.all(UILabel.self).first { $0.text == title }!
        let lf = label.convert(label.bounds, to: nil)
        #expect(lf.maxX <= sw.minX && lf.minX >= 16)
    }

    /// A zero-width view: no crash, no negative sizes; then a width: laid out across it.
    @Test func aZeroWidthViewLaysOutWithoutNegativeSizes() {
        let h = ImmediateHarness(style: .insetGrouped)
        h.view.frame.size.width = 0
        var level: Float = 0.5, on = true, name = ""
        func build(_ ui: ImmediateUI) {
            ui.toggle("Sound", isOn: &on)
            ui.slider("Volume", value: &level, in: 0...1)
            ui.row { ui in ui.button("A"); ui.textField("Name", text: &name) }
        }
        h.frame(build)
        func walk(_ v: UIView) -> Bool {
            guard v.frame.width >= 0 && v.frame.height >= 0, v.frame.width.isFinite, v.frame.height.isFinite else { return false }
            return v.subviews.allSatisfy(walk)
        }
        #expect(walk(h.view))
        h.view.frame.size.width = 300
        h.frame(build)
        #expect(walk(h.view))
        let s = h.all(UISlider.self).first!
        #expect(s.bounds.width > 200)
    }

    /// Docs: "In the plain style's column it [spacer] takes the height the view has beyond its
    /// content".
    @Test func aPlainSpacerPushesWhatFollowsToTheBottom() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 300, height: 500))
        var bottom: UIView?
        h.frame { ui in
            ui.button("Top")
            ui.spacer()
            ui.button("Bottom"); bottom = ui.lastView
        }
        let f = bottom!.convert(bottom!.bounds, to: nil)
        #expect(abs(f.maxY - 500) < 1)
    }

    /// Docs: "In a row … two spacers centre what is between them"; a spacer "pushing what
    /// follows to the trailing edge".
    @Test func aSpacerInARowPushesWhatFollowsToTheTrailingEdge() {
        let h = ImmediateHarness(style: .plain, size: CGSize(width: 300, height: 400))
        var a: UIView?, b: UIView?
        h.frame { ui in
            ui.row { ui in
                ui.button("A"); a = ui.lastView
                ui.spacer()
                ui.button("B"); b = ui.lastView
            }
        }
        let af = a!.convert(a!.bounds, to: nil), bf = b!.convert(b!.bounds, to: nil)
        #expect(abs(af.minX) < 1 && abs(bf.maxX - 300) < 1)
    }

    /// Looks in right-to-left: "titles at the leading margin, switches and steppers at the
    /// trailing one" (README): mirrored.
    @Test func rightToLeftPutsTheTitleOnTheRightAndTheSwitchOnTheLeft() {
        let h = ImmediateHarness(style: .insetGrouped)
        UIApplication.shared.userInterfaceLayoutDirection = .rightToLeft
        defer { resetApplication() }
        var on = false
        var toggle: UIView?
        h.frame { ui in ui.toggle("Sound", isOn: &on); toggle = ui.lastView }
        h.view.setNeedsLayout()
        h.window.layoutIfNeeded()
        let sw = toggle!.convert(toggle!.bounds, to: nil)
        let label = h.all(UILabel.self).first { $0.text == "Sound" }!
        let lf = label.convert(label.bounds, to: nil)
        #expect(sw.maxX < lf.minX, "switch left of its title")
        #expect(abs(sw.minX - 32) < 1, "at the trailing (left) margin")
    }

    /// Docs: a plain view without background: "Taps between controls reach what is behind".
    @Test func aTapOnAPlainPanelsEmptySpaceReachesTheViewBehind() {
        let h = ImmediateHarness(style: .plain)
        let behind = UIButton(type: .system)
        behind.setTitle("Game", for: .normal)
        behind.frame = CGRect(x: 0, y: 300, width: 400, height: 100)
        h.window.insertSubview(behind, at: 0)
        let log = EventLog(behind)
        h.frame { ui in ui.button("HUD") }
        h.window.simulateTap(at: CGPoint(x: 200, y: 350))
        flush()
        #expect(log.names.contains("touchUpInside"))
    }

    /// An `ImmediateView` can sit anywhere in a retained tree: in a vertical `UIStackView` it is
    /// sized by its content, and grows when its content does.
    @Test func anImmediateViewInARetainedStackViewIsSizedByItsContent() {
        resetApplication()
        let window = makeTestWindow(size: CGSize(width: 400, height: 800))
        let stack = UIStackView()
        stack.axis = .vertical
        stack.alignment = .fill
        let panel = ImmediateView(style: .plain)
        let footer = UILabel()
        footer.text = "Footer"
        stack.addArrangedSubview(panel)
        stack.addArrangedSubview(footer)
        window.addSubview(stack)
        var count = 1
        func frame() {
            panel.build { ui in for i in 0..<count { ui.id(i) { ui in ui.button("B") } } }
            let size = stack.systemLayoutSizeFitting(CGSize(width: 400, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
            stack.frame = CGRect(origin: .zero, size: size)
            window.layoutIfNeeded()
        }
        frame()
        let small = panel.frame.height
        #expect(small > 0 && panel.frame.width == 400)
        count = 4
        frame()
        #expect(panel.frame.height > small * 2)
        #expect(footer.frame.minY >= panel.frame.maxY)
        let buttons = panel.subviews.flatMap(\.subviews)
        _ = buttons
        var last: UIView?
        panel.build { ui in for i in 0..<count { ui.id(i) { ui in ui.button("B"); last = ui.lastView } } }
        window.layoutIfNeeded()
        let lf = last!.convert(last!.bounds, to: nil)
        #expect(lf.maxY <= panel.frame.maxY + 0.5, "the last button is inside the panel")
    }
}
