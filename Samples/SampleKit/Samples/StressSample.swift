import Foundation
import SDLControls

/// Thousands of controls at once, with a live overlay of the frame's CPU time and the
/// renderer's counters: a still UI costs almost nothing because the draw list is reused, and
/// scrolling the grid moves cached geometry without drawing any control again.
@MainActor
final class StressSample: SampleScene {
    static let controlCount = 2_000
    let overlay = UILabel()
    let grid = UIView()
    let scroll = UIScrollView()
    let animate = UISwitch()
    let animateLabel = UILabel()
    private var controls: [UIView] = []
    private var sliders: [UISlider] = []
    /// Grid buttons tapped so far.
    private(set) var tapped = 0

    override init() {
        super.init()
        // The grid scrolls (wheel, drag, keys): every one of the controls can be reached.
        scroll.addSubview(grid)
        root.addSubview(scroll)
        for i in 0..<StressSample.controlCount {
            let v: UIView
            switch i % 5 {
            case 0:
                let b = UIButton(configuration: .tinted())
                b.setTitle("\(i)", for: .normal)
                b.addAction(UIAction(title: "grid button") { [weak self] _ in
                    guard let self else { return }
                    tapped += 1
                }, for: .primaryActionTriggered)
                v = b
            case 1:
                let s = UISwitch()
                s.isOn = i % 2 == 0
                v = s
            case 2:
                let s = UISlider()
                s.value = Float(i % 10) / 10
                sliders.append(s)
                v = s
            case 3:
                let s = UIStepper()
                v = s
            default:
                let l = UILabel()
                l.text = "L\(i)"
                l.font = .systemFont(ofSize: 12)
                v = l
            }
            controls.append(v)
            grid.addSubview(v)
        }
        overlay.font = .systemFont(ofSize: 14, weight: .semibold)
        overlay.textColor = .white
        overlay.backgroundColor = UIColor(white: 0, alpha: 0.7)
        overlay.cornerRadius = 8
        overlay.textAlignment = .center
        overlay.text = "Measuring the first frame…"   // the figures arrive with the second
        root.addSubview(overlay)
        animate.accessibilityLabel = "Animate"
        animate.addAction(UIAction(title: "animate") { _ in }, for: .valueChanged)
        root.addSubview(animate)
        animateLabel.text = "Move every slider each frame"
        animateLabel.font = .systemFont(ofSize: 13)
        root.addSubview(animateLabel)
        root.onLayout = { [weak self] b in
            guard let self else { return }
            // The overlay and the switch share a row when both fit, else take one row each.
            animate.sizeToFit()
            animateLabel.sizeToFit()
            let switchWidth = animate.frame.width + 8 + animateLabel.frame.width
            let overlayWidth: CGFloat = 660   // the longest figures ("12.34 ms", "99k") still fit
            let oneRow = b.width - 20 >= overlayWidth + 20 + switchWidth
            overlay.frame = CGRect(x: 10, y: 8, width: oneRow ? overlayWidth : b.width - 20, height: 28)
            animate.frame.origin = oneRow ? CGPoint(x: overlay.frame.maxX + 20, y: 6) : CGPoint(x: 10, y: 42)
            animateLabel.frame = CGRect(x: animate.frame.maxX + 8, y: animate.frame.minY, width: animateLabel.frame.width, height: 31)
            let top: CGFloat = oneRow ? 44 : 80
            scroll.frame = CGRect(x: 0, y: top, width: b.width, height: max(0, b.height - top))
            let cell = CGSize(width: 96, height: 34)
            let columns = max(1, Int(b.width / cell.width))
            for (i, v) in controls.enumerated() {
                let c = i % columns, r = i / columns
                v.frame = CGRect(x: CGFloat(c) * cell.width + 4, y: CGFloat(r) * cell.height + 2,
                                 width: cell.width - 8, height: cell.height - 4)
            }
            let rows = (controls.count + columns - 1) / columns
            grid.frame = CGRect(x: 0, y: 0, width: b.width, height: CGFloat(rows) * cell.height + 4)
            scroll.contentSize = grid.frame.size
        }
    }

    override func update(frame: Int) {
        if animate.isOn {
            for (i, s) in sliders.enumerated() { s.value = Float((frame + i) % 100) / 100 }
        }
        guard frame % 15 == 1, let host else { return }
        let c = host.counters
        // A still frame submits no geometry: the cached UI pixels are copied instead, so both
        // kinds of draw call are shown (a lone "0 draw calls" read like nothing was drawn).
        overlay.text = String(format: "%d controls · %.2f ms CPU · draws: %d geometry, %d cached, %d clears · %dk vertices",
                              StressSample.controlCount, lastFrameMilliseconds, c.geometrySubmissions, c.compositeCopies,
                              c.cacheClears, c.vertices / 1000)
    }
}
