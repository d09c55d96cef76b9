import Foundation
import SDLControls

/// Thousands of controls at once, with a live overlay of the frame's CPU time and the
/// renderer's counters: a still UI costs almost nothing because the draw list is reused.
@MainActor
final class StressSample: SampleScene {
    static let controlCount = 2_000
    let overlay = UILabel()
    let grid = UIView()
    let animate = UISwitch()
    let animateLabel = UILabel()
    private var controls: [UIView] = []
    private var sliders: [UISlider] = []
    /// Grid buttons tapped so far.
    private(set) var tapped = 0

    override init() {
        super.init()
        root.addSubview(grid)
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
        root.addSubview(overlay)
        animate.accessibilityLabel = "Animate"
        animate.addAction(UIAction(title: "animate") { _ in }, for: .valueChanged)
        root.addSubview(animate)
        animateLabel.text = "Move every slider each frame"
        animateLabel.font = .systemFont(ofSize: 13)
        root.addSubview(animateLabel)
        root.onLayout = { [weak self] b in
            guard let self else { return }
            overlay.frame = CGRect(x: 10, y: 8, width: min(b.width - 20, 560), height: 28)
            animate.sizeToFit()
            animate.frame.origin = CGPoint(x: min(b.width - 20, 560) + 20, y: 6)
            animateLabel.frame = CGRect(x: animate.frame.maxX + 8, y: 6, width: 220, height: 31)
            grid.frame = CGRect(x: 0, y: 44, width: b.width, height: b.height - 44)
            let cell = CGSize(width: 96, height: 34)
            let columns = max(1, Int(b.width / cell.width))
            for (i, v) in controls.enumerated() {
                let c = i % columns, r = i / columns
                v.frame = CGRect(x: CGFloat(c) * cell.width + 4, y: CGFloat(r) * cell.height + 2,
                                 width: cell.width - 8, height: cell.height - 4)
            }
        }
    }

    override func update(frame: Int) {
        if animate.isOn {
            for (i, s) in sliders.enumerated() { s.value = Float((frame + i) % 100) / 100 }
        }
        guard frame % 15 == 1, let host else { return }
        let c = host.counters
        overlay.text = String(format: "%d controls · %.2f ms CPU · %d draw calls · %dk vertices", StressSample.controlCount,
                              lastFrameMilliseconds, c.geometrySubmissions, c.vertices / 1000)
    }
}
