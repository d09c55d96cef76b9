import Foundation
import SDLControls

/// Every control in every state, side by side, with a light/dark switch; on the Values page,
/// progress views in both styles (the Advance button moves them) and activity indicators
/// (the Spin switch starts and stops them).
@MainActor
final class GallerySample: SampleScene {
    static let states = ["Normal", "Highlighted", "Disabled", "Selected / on", "Focused"]
    let darkSwitch = UISwitch()
    let darkLabel = UILabel()
    let section = UISegmentedControl(items: ["Buttons & toggles", "Values", "Text & date"])
    let lastAction = UILabel()
    /// The Values page's progress views (both styles), moved by the Advance button, and its
    /// activity indicators, started and stopped by a switch.
    let progressBar = UIProgressView(progressViewStyle: .default)
    let toolbarProgress = UIProgressView(progressViewStyle: .bar)
    let progressLabel = UILabel()
    let advance = UIButton(type: .system)
    let spinners = [UIActivityIndicatorView(style: .medium), UIActivityIndicatorView(style: .large)]
    let spinSwitch = UISwitch()
    let spinLabel = UILabel()
    /// The progress shown, in tenths (whole steps: the label never shows 59%).
    private var progressTenths = 4
    private var pages: [GalleryTable] = []
    private var scrolls: [UIScrollView] = []

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
        // One grid for every section: the columns stay put when the section changes.
        let grid = (first: pages.map(\.naturalFirstColumn).max() ?? 0, column: pages.map(\.naturalColumnWidth).max() ?? 0)
        for p in pages { p.sharedGrid = grid }
        for p in pages {
            let scroll = UIScrollView()
            scroll.delaysContentTouches = false   // a press on a control reacts at once (see ScrollingContent)
            scroll.addSubview(p)
            scrolls.append(scroll)
            root.addSubview(scroll)
        }
        showPage(0)
        root.onLayout = { [weak self] b in
            guard let self else { return }
            // Top bar: the section control takes what the dark-mode switch leaves.
            darkLabel.sizeToFit()
            darkSwitch.sizeToFit()
            let darkWidth = darkSwitch.frame.width + 8 + darkLabel.frame.width
            darkLabel.frame = CGRect(x: b.width - 20 - darkLabel.frame.width, y: 14, width: darkLabel.frame.width, height: 31)
            darkSwitch.frame.origin = CGPoint(x: darkLabel.frame.minX - 8 - darkSwitch.frame.width, y: 14)
            section.sizeToFit()
            let sectionWidth = min(max(section.frame.width, 460), b.width - 40 - darkWidth - 24)
            section.frame = CGRect(x: 20, y: 14, width: sectionWidth, height: 32)
            // The footer, then the page between: it scrolls (both ways) when the table is larger.
            let footer = lastAction.sizeThatFits(CGSize(width: b.width - 40, height: 0)).height
            lastAction.frame = CGRect(x: 20, y: b.height - 10 - footer, width: b.width - 40, height: footer)
            for (page, scroll) in zip(pages, scrolls) {
                scroll.frame = CGRect(x: 0, y: 58, width: b.width, height: max(0, lastAction.frame.minY - 8 - 58))
                page.frame.size = page.sizeThatFits(.zero)
                scroll.contentSize = page.frame.size
            }
        }
    }

    override func update(frame: Int) {
        darkSwitch.isOn = root.window?.overrideUserInterfaceStyle == .dark
    }

    private func showPage(_ i: Int) {
        for (n, s) in scrolls.enumerated() { s.isHidden = n != i }
        // A page larger than the window says so, as iOS does when a scroll view appears.
        if scrolls.indices.contains(i) { scrolls[i].flashScrollIndicators() }
    }

    /// A page of rows: a row label, then one control per state.
    private func page(_ rows: [(String, (Int) -> UIControl)], cellWidth: CGFloat = 150) -> GalleryTable {
        let table = GalleryTable(states: GallerySample.states, minimumColumnWidth: cellWidth)
        for (name, make) in rows {
            var row: [UIControl] = []
            for s in 0..<GallerySample.states.count {
                let c = make(s)
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
            table.addRow(name, row)
        }
        return table
    }

    private func button(_ conf: UIButton.Configuration?, _ title: String) -> (Int) -> UIControl {
        { _ in
            let b = UIButton(type: .system)
            b.configuration = conf
            b.setTitle(title, for: .normal)
            return b
        }
    }

    private func buttonsPage() -> GalleryTable {
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

    private func valuesPage() -> GalleryTable {
        let p = page([
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
        ])
        // Views without states (no state columns): each row's views with what drives them.
        // Row labels no wider than the other pages' keep the shared grid (and the script's
        // clicks) where they were.
        for bar in [progressBar, toolbarProgress] { bar.progress = Float(progressTenths) / 10 }
        progressBar.accessibilityLabel = "Progress"
        toolbarProgress.accessibilityLabel = "Progress, bar style"
        progressLabel.font = .monospacedDigitSystemFont(ofSize: 15, weight: .regular)
        progressLabel.textColor = .secondaryLabel
        progressLabel.text = "\(progressTenths * 10)%"
        progressLabel.isAccessibilityElement = false   // the progress view says its value
        advance.configuration = .tinted()
        advance.setTitle("Advance", for: .normal)
        advance.addAction(UIAction(title: "Advance") { [weak self] _ in self?.advanceProgress() }, for: .primaryActionTriggered)
        p.addRow("Progress", [GalleryStrip([(progressBar, 300), (progressLabel, 44), (advance, nil)])])
        p.addRow("Bar style", [GalleryStrip([(toolbarProgress, 300)])])
        spinners[0].accessibilityLabel = "Activity, medium"
        spinners[1].accessibilityLabel = "Activity, large"
        for s in spinners { s.startAnimating() }
        spinSwitch.isOn = true
        spinSwitch.accessibilityLabel = "Spin"
        spinSwitch.addAction(UIAction(title: "Spin") { [weak self] _ in self?.spinChanged() }, for: .valueChanged)
        spinLabel.text = "Spin"
        spinLabel.isAccessibilityElement = false   // the switch carries it as its label
        p.addRow("Activity", [GalleryStrip([(spinners[0], nil), (spinners[1], nil), (spinSwitch, nil), (spinLabel, nil)])])
        return p
    }

    /// Advance: a fifth more, animated; from full back to empty.
    private func advanceProgress() {
        progressTenths = progressTenths >= 10 ? 0 : min(10, progressTenths + 2)
        for bar in [progressBar, toolbarProgress] { bar.setProgress(Float(progressTenths) / 10, animated: true) }
        progressLabel.text = "\(progressTenths * 10)%"
        lastAction.text = "Primary action: Advance (progress \(progressTenths * 10)%)"
    }

    /// The Spin switch starts or stops both indicators (stopped, they hide).
    private func spinChanged() {
        for s in spinners {
            if spinSwitch.isOn { s.startAnimating() } else { s.stopAnimating() }
        }
        lastAction.text = "Value changed: Spin \(spinSwitch.isOn ? "on" : "off")"
    }

    private func textPage() -> GalleryTable {
        let p = page([
            ("Text field", { s in
                let f = UITextField()
                f.borderStyle = .roundedRect
                f.placeholder = "Name"
                if s >= 2 { f.text = "Ada" }
                return f
            }),
        ])
        // The same date in each of the three styles (UTC and a fixed locale, so the tour's
        // screenshots never change).
        func picker(_ style: UIDatePickerStyle, _ label: String) -> UIDatePicker {
            let picker = UIDatePicker()
            picker.datePickerMode = .dateAndTime
            picker.preferredDatePickerStyle = style
            picker.timeZone = TimeZone(identifier: "UTC")
            picker.locale = Locale(identifier: "en_US_POSIX")
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            picker.calendar = utc
            picker.date = utc.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 9, minute: 30))!
            picker.accessibilityLabel = label
            return picker
        }
        p.addRow("Compact picker", [picker(.compact, "Compact date")])
        // The row label lines up with the picker's month title (the middle of its 44-point header).
        p.addRow("Date picker", [picker(.inline, "Date")], labelCentre: 22)
        p.addRow("Wheels", [picker(.wheels, "Wheels date")])
        return p
    }
}

/// The gallery's table: a header of state names, then rows of a label and one control per
/// state, each control at its natural size at the start of its column (a text field or a
/// slider takes the column), or a label and one view across the columns (a date picker, a
/// ``GalleryStrip`` of views that have no states). Columns are as wide as the widest control
/// needs (at least `minimumColumnWidth`) and rows as tall as their tallest control; a row's
/// label is centred on the same line as its controls. The table reports its size (`sizeThatFits`), and the
/// gallery scrolls it when the window is smaller.
@MainActor
final class GalleryTable: UIView {
    private let stateLabels: [UILabel]
    private var rows: [(label: UILabel, controls: [UIView], labelCentre: CGFloat?)] = []
    let minimumColumnWidth: CGFloat
    static let leading: CGFloat = 20
    static let headerHeight: CGFloat = 28
    static let rowPadding: CGFloat = 20
    static let columnGap: CGFloat = 20

    init(states: [String], minimumColumnWidth: CGFloat) {
        self.minimumColumnWidth = minimumColumnWidth
        stateLabels = states.map { text in
            let l = UILabel()
            l.text = text
            l.font = .systemFont(ofSize: 13, weight: .semibold)
            l.textColor = .secondaryLabel
            return l
        }
        super.init(frame: .zero)
        for l in stateLabels { addSubview(l) }
    }

    /// Adds a row; `labelCentre` puts the label's centre that far below the row's top
    /// (default: the middle of the row).
    func addRow(_ name: String, _ controls: [UIView], labelCentre: CGFloat? = nil) {
        let l = UILabel()
        l.text = name
        l.font = .systemFont(ofSize: 14, weight: .medium)
        l.textColor = .secondaryLabel
        addSubview(l)
        for c in controls { addSubview(c) }
        rows.append((l, controls, labelCentre))
        setNeedsLayout()
    }

    /// A control's size in its cell: its natural size; the column's width for controls that
    /// have no natural width.
    private func cellSize(of c: UIView, column: CGFloat) -> CGSize {
        if c is UITextField { return CGSize(width: column - GalleryTable.columnGap, height: 34) }
        if c is UISlider { return CGSize(width: column - GalleryTable.columnGap, height: 34) }
        let fit = c.sizeThatFits(.zero)
        return CGSize(width: max(fit.width, 28), height: max(fit.height, 28))
    }

    /// The first column's and the state columns' widths of every section together (set by
    /// the gallery), so switching sections doesn't move the grid.
    var sharedGrid: (first: CGFloat, column: CGFloat)? { didSet { setNeedsLayout() } }

    private var firstColumn: CGFloat { max(naturalFirstColumn, sharedGrid?.first ?? 0) }
    private var columnWidth: CGFloat { max(naturalColumnWidth, sharedGrid?.column ?? 0) }

    /// The first column this table's row labels need.
    var naturalFirstColumn: CGFloat {
        let widest = rows.map { $0.label.sizeThatFits(.zero).width }.max() ?? 0
        return GalleryTable.leading + max(110, widest.rounded(.up) + 16)
    }

    /// The state column this table's headers and controls need.
    var naturalColumnWidth: CGFloat {
        var w = minimumColumnWidth
        for l in stateLabels { w = max(w, l.sizeThatFits(.zero).width.rounded(.up) + GalleryTable.columnGap) }
        for row in rows where row.controls.count > 1 {
            for c in row.controls where !(c is UITextField || c is UISlider) {
                w = max(w, c.sizeThatFits(.zero).width.rounded(.up) + GalleryTable.columnGap)
            }
        }
        return w
    }

    private func rowHeight(_ row: (label: UILabel, controls: [UIView], labelCentre: CGFloat?), column: CGFloat) -> CGFloat {
        (row.controls.map { cellSize(of: $0, column: column).height }.max() ?? 0) + GalleryTable.rowPadding
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let column = columnWidth
        let width = firstColumn + CGFloat(stateLabels.count) * column + GalleryTable.leading - GalleryTable.columnGap
        let height = GalleryTable.headerHeight + rows.reduce(0) { $0 + rowHeight($1, column: column) }
        // A row of one wide control (the date picker) may be wider than the columns.
        let widest = rows.filter { $0.controls.count == 1 }.map { firstColumn + cellSize(of: $0.controls[0], column: column).width }.max() ?? 0
        return CGSize(width: max(width, widest + GalleryTable.leading), height: height)
    }

    override func layoutSubviews() {
        let first = firstColumn, column = columnWidth
        for (i, l) in stateLabels.enumerated() {
            l.frame = CGRect(x: first + CGFloat(i) * column, y: 0, width: column - GalleryTable.columnGap, height: 20)
        }
        var y = GalleryTable.headerHeight
        for row in rows {
            let h = rowHeight(row, column: column)
            let centre = y + (row.labelCentre.map { $0 + GalleryTable.rowPadding / 2 } ?? h / 2)
            let label = row.label.sizeThatFits(.zero).height
            row.label.frame = CGRect(x: GalleryTable.leading, y: (centre - label / 2).rounded(), width: first - GalleryTable.leading - 8,
                                     height: label)
            for (i, c) in row.controls.enumerated() {
                let s = cellSize(of: c, column: column)
                let top = row.labelCentre == nil ? (y + (h - s.height) / 2).rounded() : y + GalleryTable.rowPadding / 2
                // A text button (no plate) is as wide as its text, which so lines up with the
                // column, as plated buttons line up their plates. Selected, it shows its plate
                // where its hover look goes, beyond the text: the plate lines up instead.
                var x = first + CGFloat(i) * column
                if let b = c as? UIButton, b.configuration == nil, b.buttonType == .system, b.isSelected,
                   let plate = b.hoverHighlightRect(at: .zero) { x -= plate.minX }
                c.frame = CGRect(x: x, y: top, width: s.width, height: s.height)
            }
            y += h
        }
    }
}

/// Views side by side on one line, centred on it, 16 points apart, for a gallery row of views
/// that have no state columns (a progress view and the button that moves it). Each view is
/// as wide as given, or its natural width.
@MainActor
final class GalleryStrip: UIView {
    private let items: [(view: UIView, width: CGFloat?)]
    static let gap: CGFloat = 16

    init(_ items: [(UIView, CGFloat?)]) {
        self.items = items.map { (view: $0.0, width: $0.1) }
        super.init(frame: .zero)
        for item in self.items { addSubview(item.view) }
    }

    private func size(of item: (view: UIView, width: CGFloat?)) -> CGSize {
        let natural = item.view.sizeThatFits(.zero)
        return CGSize(width: item.width ?? natural.width, height: natural.height)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let sizes = items.map(size(of:))
        let width = sizes.reduce(0) { $0 + $1.width } + GalleryStrip.gap * CGFloat(max(0, sizes.count - 1))
        return CGSize(width: width.rounded(.up), height: (sizes.map(\.height).max() ?? 0).rounded(.up))
    }

    override func layoutSubviews() {
        var x: CGFloat = 0
        for item in items {
            let s = size(of: item)
            item.view.frame = CGRect(x: x, y: ((bounds.height - s.height) / 2).rounded(), width: s.width, height: s.height)
            x += s.width + GalleryStrip.gap
        }
    }
}
