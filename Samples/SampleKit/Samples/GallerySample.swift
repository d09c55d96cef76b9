import Foundation
import SDLControls

/// Every control in every state, side by side, with a light/dark switch.
@MainActor
final class GallerySample: SampleScene {
    static let states = ["Normal", "Highlighted", "Disabled", "Selected / on", "Focused"]
    let darkSwitch = UISwitch()
    let darkLabel = UILabel()
    let section = UISegmentedControl(items: ["Buttons & toggles", "Values", "Text & date"])
    let lastAction = UILabel()
    private var pages: [UIView] = []
    private var headers: [UILabel] = []

    override init() {
        super.init()
        darkSwitch.accessibilityLabel = "Dark mode"
        darkSwitch.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            root.window?.overrideUserInterfaceStyle = darkSwitch.isOn ? .dark : .light
        }, for: .valueChanged)
        root.addSubview(darkSwitch)
        darkLabel.text = "Dark"
        root.addSubview(darkLabel)
        section.selectedSegmentIndex = 0
        section.accessibilityLabel = "Section"
        section.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            showPage(section.selectedSegmentIndex)
        }, for: .valueChanged)
        root.addSubview(section)
        lastAction.font = .systemFont(ofSize: 13)
        lastAction.textColor = .secondaryLabel
        lastAction.text = "Use a control in the Normal column: its primary action shows here."
        root.addSubview(lastAction)
        pages = [buttonsPage(), valuesPage(), textPage()]
        for p in pages { root.addSubview(p) }
        showPage(0)
        root.onLayout = { [weak self] b in
            guard let self else { return }
            section.sizeToFit()
            section.frame = CGRect(x: 20, y: 14, width: min(460, b.width - 160), height: 32)
            darkSwitch.sizeToFit()
            darkSwitch.frame.origin = CGPoint(x: b.width - darkSwitch.frame.width - 70, y: 14)
            darkLabel.frame = CGRect(x: darkSwitch.frame.maxX + 8, y: 14, width: 60, height: 31)
            for p in pages { p.frame = CGRect(x: 0, y: 60, width: b.width, height: b.height - 90) }
            lastAction.frame = CGRect(x: 20, y: b.height - 28, width: b.width - 40, height: 20)
        }
    }

    override func update(frame: Int) {
        darkSwitch.isOn = root.window?.overrideUserInterfaceStyle == .dark
    }

    private func showPage(_ i: Int) {
        for (n, p) in pages.enumerated() { p.isHidden = n != i }
    }

    /// A page of rows: a row label, then one control per state.
    private func page(_ rows: [(String, (Int) -> UIControl)], rowHeight: CGFloat = 56, cellWidth: CGFloat = 150) -> UIView {
        let page = SampleRootView()
        var cells: [[UIControl]] = []
        var rowLabels: [UILabel] = []
        for (name, make) in rows {
            let l = UILabel()
            l.text = name
            l.font = .systemFont(ofSize: 14, weight: .medium)
            l.textColor = .secondaryLabel
            page.addSubview(l)
            rowLabels.append(l)
            var row: [UIControl] = []
            for s in 0..<GallerySample.states.count {
                let c = make(s)
                page.addSubview(c)
                if c.accessibilityLabel == nil { c.accessibilityLabel = "\(name), \(GallerySample.states[s])" }
                c.addAction(UIAction(title: name) { [weak self] action in
                    guard let self else { return }
                    lastAction.text = "Primary action: \(action.title) (\(GallerySample.states[s]) column)"
                }, for: .primaryActionTriggered)
                switch s {
                case 1: c.isHighlighted = true
                case 2: c.isEnabled = false
                case 3: c.isSelected = true
                case 4: c.isFocused = true
                default: break
                }
                // The state columns only show a look: touches and focus (keyboard, controller)
                // would change the state they show, so they take neither.
                if s == 1 || s == 3 || s == 4 { c.isUserInteractionEnabled = false }
                row.append(c)
            }
            cells.append(row)
        }
        let stateLabels = GallerySample.states.map { text -> UILabel in
            let l = UILabel()
            l.text = text
            l.font = .systemFont(ofSize: 13, weight: .semibold)
            l.textColor = .secondaryLabel
            page.addSubview(l)
            return l
        }
        page.onLayout = { b in
            let first: CGFloat = 130
            let width = min(cellWidth, (b.width - first - 20) / CGFloat(GallerySample.states.count))
            for (i, l) in stateLabels.enumerated() {
                l.frame = CGRect(x: first + CGFloat(i) * width, y: 0, width: width - 10, height: 20)
            }
            for (r, row) in cells.enumerated() {
                let y = 30 + CGFloat(r) * rowHeight
                rowLabels[r].frame = CGRect(x: 20, y: y, width: first - 24, height: 32)
                for (i, c) in row.enumerated() {
                    let fit = c.sizeThatFits(CGSize(width: width - 16, height: rowHeight))
                    // Text fields have no natural width: give them the cell.
                    let w = c is UITextField ? width - 16 : min(width - 16, max(fit.width, 40))
                    c.frame = CGRect(x: first + CGFloat(i) * width, y: y, width: w,
                                     height: min(rowHeight - 10, max(fit.height, 28)))
                }
            }
        }
        return page
    }

    private func button(_ conf: UIButton.Configuration?, _ title: String) -> (Int) -> UIControl {
        { _ in
            let b = UIButton(type: .system)
            b.configuration = conf
            b.setTitle(title, for: .normal)
            return b
        }
    }

    private func buttonsPage() -> UIView {
        page([
            ("Filled button", button(.filled(), "Play")),
            ("Tinted button", button(.tinted(), "Options")),
            ("Gray button", button(.gray(), "Cancel")),
            ("System button", button(nil, "Learn more")),
            ("Switch", { s in
                let w = UISwitch()
                w.isOn = s == 3
                return w
            }),
            ("Segmented", { _ in
                let c = UISegmentedControl(items: ["Easy", "Hard"])
                c.selectedSegmentIndex = 0
                return c
            }),
        ])
    }

    private func valuesPage() -> UIView {
        page([
            ("Slider", { _ in
                let s = UISlider()
                s.value = 0.6
                return s
            }),
            ("Stepper", { _ in
                let s = UIStepper()
                s.value = 5
                return s
            }),
            ("Page control", { _ in
                let p = UIPageControl()
                p.numberOfPages = 5
                p.currentPage = 2
                return p
            }),
            ("Knob (custom)", { _ in RotaryKnob(frame: CGRect(x: 0, y: 0, width: 44, height: 44)) }),
        ], rowHeight: 64)
    }

    private func textPage() -> UIView {
        let p = page([
            ("Text field", { s in
                let f = UITextField()
                f.borderStyle = .roundedRect
                f.placeholder = "Name"
                if s >= 2 { f.text = "Ada" }
                return f
            }),
        ], rowHeight: 56, cellWidth: 170)
        let picker = UIDatePicker()
        picker.datePickerMode = .dateAndTime
        picker.timeZone = TimeZone(identifier: "UTC")
        picker.locale = Locale(identifier: "en_US_POSIX")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        picker.calendar = utc
        picker.date = utc.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 9, minute: 30))!
        picker.accessibilityLabel = "Date"
        p.addSubview(picker)
        let old = (p as? SampleRootView)?.onLayout
        (p as? SampleRootView)?.onLayout = { b in
            old?(b)
            let size = picker.sizeThatFits(.zero)
            picker.frame = CGRect(x: 130, y: 100, width: size.width, height: size.height)
        }
        return p
    }
}
