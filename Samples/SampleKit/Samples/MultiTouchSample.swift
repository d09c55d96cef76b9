import Foundation
import SDLControls

/// Several sliders and a knob that fingers drag at the same time: each touch belongs to
/// the control it began on (rule C11), so two fingers move two controls independently.
@MainActor
final class MultiTouchSample: SampleScene {
    let sliders: [UISlider] = (0..<4).map { _ in UISlider() }
    let values: [UILabel] = (0..<4).map { _ in UILabel() }
    let knob = RotaryKnob(frame: .zero)
    let knobValue = UILabel()
    let hint = UILabel()

    override init() {
        super.init()
        let colors: [UIColor] = [.systemBlue, .systemGreen, .systemOrange, .systemPurple]
        for (i, s) in sliders.enumerated() {
            s.minimumValue = 0
            s.maximumValue = 100
            s.value = Float(20 * (i + 1))
            s.tintColor = colors[i]
            s.accessibilityLabel = "Slider \(i + 1)"
            s.addAction(UIAction { [weak self] _ in self?.refresh() }, for: .valueChanged)
            root.addSubview(s)
            values[i].font = .systemFont(ofSize: 15, weight: .medium)
            root.addSubview(values[i])
        }
        knob.accessibilityLabel = "Knob"
        knob.addAction(UIAction { [weak self] _ in self?.refresh() }, for: .valueChanged)
        root.addSubview(knob)
        knobValue.textAlignment = .center
        root.addSubview(knobValue)
        hint.text = "On a touch screen, drag several sliders and the knob at once."
        hint.textColor = .secondaryLabel
        hint.font = .systemFont(ofSize: 14)
        root.addSubview(hint)
        refresh()
        root.onLayout = { [weak self] b in
            guard let self else { return }
            hint.frame = CGRect(x: 30, y: 16, width: b.width - 60, height: 20)
            let width = min(640, max(120, b.width - 320))   // long enough to drag, never the whole screen
            for (i, s) in sliders.enumerated() {
                s.frame = CGRect(x: 30, y: 60 + CGFloat(i) * 70, width: width - 70, height: 34)
                values[i].frame = CGRect(x: width - 30, y: 60 + CGFloat(i) * 70, width: 60, height: 34)
            }
            knob.frame = CGRect(x: width + 50, y: 70, width: 180, height: 180)
            knobValue.frame = CGRect(x: width + 50, y: 260, width: 180, height: 24)
        }
    }

    private func refresh() {
        // Formatted, not Int(…): a slider's value is any Float its limits allow.
        for (i, s) in sliders.enumerated() { values[i].text = String(format: "%.0f", Double(s.value)) }
        knobValue.text = "Knob \(knob.accessibilityValue ?? "")"
    }
}
