import Foundation
import SDLControls

/// N mixed standard controls in a grid, every one inside the window (B1, B2, B3, B5).
///
/// Kinds cycle through button, slider, switch, stepper, segmented control and label. Each
/// control gets a 60×22-point frame in a 64×26-point cell, 64 cells a row, so the grid is
/// 4,096 points wide and 10,000 controls fill 157 rows (4,082 points): the window is sized
/// to the grid at scale 1 (4096×4082 at 10,000), so every control is visible and drawn.
/// All text uses one font (the system font at 12 points) except the segmented control's
/// own segment font.
@MainActor
final class ControlGrid {
    static let cell = CGSize(width: 64, height: 26)
    static let columns = 64
    static let inset: CGFloat = 2
    static let font = UIFont.systemFont(ofSize: 12)
    /// How many titles and label texts the changing grid (B3) cycles through: every frame
    /// changes every title, yet after the first few frames every text is in the atlas.
    static let changingTextCycle = 2

    /// The window size (points, scale 1) that shows all `count` controls.
    static func windowSize(for count: Int) -> CGSize {
        let rows = (count + columns - 1) / columns
        return CGSize(width: CGFloat(columns) * cell.width, height: max(64, CGFloat(rows) * cell.height))
    }

    let container: UIView
    private(set) var controls: [UIView] = []
    private var buttons: [(index: Int, view: UIButton)] = []
    private var sliders: [(index: Int, view: UISlider)] = []
    private var switches: [(index: Int, view: UISwitch)] = []
    private var steppers: [(index: Int, view: UIStepper)] = []
    private var segmented: [(index: Int, view: UISegmentedControl)] = []
    private var labels: [(index: Int, view: UILabel)] = []
    private let buttonTitles = (0..<ControlGrid.changingTextCycle).map { "Go \($0)" }
    private let labelTexts = (0..<ControlGrid.changingTextCycle).map { "Item \($0)" }

    /// How the controls are placed.
    enum Layout: String {
        /// 60×22 points in 64×26 cells, 64 to a row (``windowSize(for:)``).
        case grid
        /// A game HUD: 30 controls of 100×28 points, 15 down each side of a 1280×720 window
        /// (the ImGui peer's `--hud`).
        case hud
    }

    /// The HUD's window.
    static let hudWindow = CGSize(width: 1280, height: 720)

    /// The window a layout needs for `count` controls.
    static func windowSize(for count: Int, layout: Layout) -> CGSize {
        layout == .hud ? hudWindow : windowSize(for: count)
    }

    /// Builds `count` controls into a container that fills `window`.
    init(count: Int, in window: UIWindow, layout: Layout = .grid) {
        let size = ControlGrid.windowSize(for: count, layout: layout)
        container = UIView(frame: CGRect(origin: .zero, size: size))
        controls.reserveCapacity(count)
        for i in 0..<count {
            let v: UIView
            switch i % 6 {
            case 0:
                let b = UIButton(configuration: .tinted())
                b.configuration?.contentInsets = UIEdgeInsets(top: 2, left: 4, bottom: 2, right: 4)
                b.titleLabel.font = ControlGrid.font
                b.setTitle("B\(i)", for: .normal)
                buttons.append((i, b))
                v = b
            case 1:
                let s = UISlider()
                s.value = Float(i % 10) / 10
                sliders.append((i, s))
                v = s
            case 2:
                let s = UISwitch()
                s.isOn = i % 4 == 2
                switches.append((i, s))
                v = s
            case 3:
                let s = UIStepper()
                s.value = Double(i % 100)
                steppers.append((i, s))
                v = s
            case 4:
                let s = UISegmentedControl(items: ["A", "B"])
                s.selectedSegmentIndex = i % 2
                segmented.append((i, s))
                v = s
            default:
                let l = UILabel()
                l.font = ControlGrid.font
                l.text = "L\(i)"
                labels.append((i, l))
                v = l
            }
            if layout == .hud {
                let side = i < 15 ? 0 : 1, row = i % 15
                v.frame = CGRect(x: side == 0 ? 16 : ControlGrid.hudWindow.width - 16 - 100, y: 16 + CGFloat(row) * 40,
                                 width: 100, height: 28)
            } else {
                let column = i % ControlGrid.columns, row = i / ControlGrid.columns
                v.frame = CGRect(x: CGFloat(column) * ControlGrid.cell.width + ControlGrid.inset,
                                 y: CGFloat(row) * ControlGrid.cell.height + ControlGrid.inset,
                                 width: ControlGrid.cell.width - 2 * ControlGrid.inset,
                                 height: ControlGrid.cell.height - 2 * ControlGrid.inset)
            }
            container.addSubview(v)
            controls.append(v)
        }
        window.addSubview(container)
    }

    /// B3: every control changes its value or title (what a game's per-frame code would do).
    func change(frame f: Int) {
        let cycle = ControlGrid.changingTextCycle
        for (i, b) in buttons { b.setTitle(buttonTitles[(i + f) % cycle], for: .normal) }
        for (i, s) in sliders { s.value = Float((i + f) % 100) / 100 }
        for (_, s) in switches { s.isOn.toggle() }
        for (i, s) in steppers { s.value = Double((i + f) % 100) }
        for (i, s) in segmented { s.selectedSegmentIndex = (i + f) % 2 }
        for (i, l) in labels { l.text = labelTexts[(i + f) % cycle] }
    }

    /// Changes only the controls `changes` picks, as ``change(frame:)`` changes them (one in
    /// ten: index % 10 == frame % 10, as the ImGui peer's `--tenth`; ten in all: every
    /// count/10th).
    func change(frame f: Int, where changes: (Int) -> Bool) {
        let cycle = ControlGrid.changingTextCycle
        for (i, b) in buttons where changes(i) { b.setTitle(buttonTitles[(i + f) % cycle], for: .normal) }
        for (i, s) in sliders where changes(i) { s.value = Float((i + f) % 100) / 100 }
        for (i, s) in switches where changes(i) { s.isOn.toggle() }
        for (i, s) in steppers where changes(i) { s.value = Double((i + f) % 100) }
        for (i, s) in segmented where changes(i) { s.selectedSegmentIndex = (i + f) % 2 }
        for (i, l) in labels where changes(i) { l.text = labelTexts[(i + f) % cycle] }
    }

    /// Whether every control lies inside `bounds` (the window): "visible" is checked, not assumed.
    func allInside(_ bounds: CGRect) -> Bool {
        controls.allSatisfy { bounds.contains($0.frame) && !$0.isHidden && $0.alpha > 0 }
    }

    func remove() { container.removeFromSuperview() }
}

/// K labels whose text is new every frame (B3 text churn): every frame rasterizes K fresh
/// lines, so the text atlas fills up and is reset; texture memory must stay where it was.
@MainActor
final class LabelWall {
    static let cell = CGSize(width: 128, height: 20)
    static let columns = 32

    static func windowSize(for count: Int) -> CGSize {
        let rows = (count + columns - 1) / columns
        return CGSize(width: CGFloat(columns) * cell.width, height: max(64, CGFloat(rows) * cell.height))
    }

    let labels: [UILabel]
    let container: UIView

    init(count: Int, in window: UIWindow) {
        container = UIView(frame: CGRect(origin: .zero, size: LabelWall.windowSize(for: count)))
        labels = (0..<count).map { i in
            let l = UILabel(frame: CGRect(x: CGFloat(i % LabelWall.columns) * LabelWall.cell.width + 2,
                                          y: CGFloat(i / LabelWall.columns) * LabelWall.cell.height + 1,
                                          width: LabelWall.cell.width - 4, height: LabelWall.cell.height - 2))
            l.font = ControlGrid.font
            l.text = "\(i)"
            return l
        }
        for l in labels { container.addSubview(l) }
        window.addSubview(container)
    }

    /// New text in every label: the label's index and the frame number (never seen before).
    func change(frame f: Int) {
        for (i, l) in labels.enumerated() { l.text = "\(i): \(f)" }
    }
}
