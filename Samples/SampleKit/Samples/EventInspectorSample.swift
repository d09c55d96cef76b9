import Foundation
import SDLControls

/// A custom control that overrides every tracking hook, as Apple's subclassing notes
/// describe, and reports each call and state change.
@MainActor
final class InspectorPad: UIControl {
    var report: ((String) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        accessibilityLabel = "Pad"
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        report?("beginTracking tapCount \(touch.tapCount)")
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        setNeedsDisplay()
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        report?("endTracking")
    }

    override func cancelTracking(with event: UIEvent?) {
        report?("cancelTracking")
        super.cancelTracking(with: event)
    }

    override func stateDidChange() {
        super.stateDidChange()
        report?("state \(describe(state))")
    }

    private func describe(_ s: State) -> String {
        var parts: [String] = []
        if s.contains(.highlighted) { parts.append("highlighted") }
        if s.contains(.disabled) { parts.append("disabled") }
        if s.contains(.selected) { parts.append("selected") }
        if s.contains(.focused) { parts.append("focused") }
        return parts.isEmpty ? "normal" : parts.joined(separator: "+")
    }

    /// The ring follows the pad's corners.
    override var focusRingCornerRadius: CGFloat { 20 }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        ctx.fillShadow(b.offsetBy(dx: 0, dy: 2), radius: 20, blur: 6, color: Theme.shadow)
        let fill: UIColor = !isEnabled ? Theme.controlFill : (isHighlighted ? tintColor : tintColor.withAlphaComponent(0.18))
        ctx.fillRoundedRect(b, radius: 20, color: fill)
        // The 70-point touch slop, drawn as a dashed outline would be noisy: a faint ring.
        ctx.strokeRoundedRect(b, radius: 20, width: 2, color: tintColor)
        let text = isTracking ? (isTouchInside ? "inside" : "outside (drag back!)") : "Touch me"
        let size = ctx.size(of: text, font: .systemFont(ofSize: 20, weight: .semibold))
        ctx.drawText(text, font: .systemFont(ofSize: 20, weight: .semibold), color: isHighlighted ? .white : .label,
                     at: CGPoint(x: (b.width - size.width) / 2, y: (b.height - size.height) / 2))
    }
}

/// A custom control and a live log of every control event and state change, with frame
/// numbers: drag out of the pad and back to see touchDragExit / touchDragEnter and the
/// 70-point slop; double-tap for touchDownRepeat.
@MainActor
final class EventInspectorSample: SampleScene {
    let pad = InspectorPad(frame: .zero)
    let enabledSwitch = UISwitch()
    let enabledLabel = UILabel()
    let logLabel = UILabel()
    let hint = UILabel()
    private var lines: [String] = []

    override init() {
        super.init()
        root.addSubview(pad)
        pad.report = { [weak self] in self?.append($0) }
        for (event, name) in UIControl.Event.names {
            pad.addAction(UIAction(identifier: .init("inspect-\(name)")) { [weak self] _ in self?.append("→ \(name)") }, for: event)
        }
        enabledSwitch.isOn = true
        enabledSwitch.accessibilityLabel = "Enabled"
        enabledSwitch.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            pad.isEnabled = enabledSwitch.isOn
        }, for: .valueChanged)
        root.addSubview(enabledSwitch)
        enabledLabel.text = "Enabled"
        root.addSubview(enabledLabel)
        hint.text = "Tracking calls and state changes happen at once; actions (→) arrive in one batch at the end of the frame."
        hint.numberOfLines = 0
        hint.font = .systemFont(ofSize: 13)
        hint.textColor = .secondaryLabel
        root.addSubview(hint)
        logLabel.numberOfLines = 0
        logLabel.font = .systemFont(ofSize: 14)
        logLabel.lineBreakMode = .byTruncatingTail
        root.addSubview(logLabel)
        root.onLayout = { [weak self] b in
            guard let self else { return }
            let left = min(300, b.width * 0.45)
            pad.frame = CGRect(x: 30, y: 30, width: left - 30, height: 150)
            enabledSwitch.sizeToFit()
            enabledSwitch.frame.origin = CGPoint(x: 30, y: 200)
            enabledLabel.frame = CGRect(x: enabledSwitch.frame.maxX + 10, y: 200, width: 120, height: enabledSwitch.frame.height)
            hint.frame = CGRect(x: 30, y: 250, width: left - 30, height: hint.sizeThatFits(CGSize(width: left - 30, height: 0)).height)
            logArea = CGRect(x: left + 30, y: 30, width: b.width - left - 50, height: b.height - 50)
            showLog()
        }
    }

    /// Where the log may grow: it starts at the top-left corner and grows down, so lines
    /// don't move as more arrive; the newest lines that fit are shown.
    private var logArea = CGRect.zero

    /// Lines logged so far, including those no longer kept.
    private var linesLogged = 0

    private func append(_ s: String) {
        // The frame number padded with figure spaces (a digit's width), so the events stay in
        // one column as the frame count grows a digit.
        let number = String(frame)
        let padded = String(repeating: "\u{2007}", count: max(0, 6 - number.count)) + number
        lines.append("\(padded)  \(s)")
        linesLogged += 1
        if lines.count > 200 { lines.removeFirst(lines.count - 200) }
        showLog()
    }

    private func showLog() {
        let lineHeight = max(1, logLabel.textMeasurer.metrics(of: logLabel.font).lineHeight)
        let visible = max(1, Int(logArea.height / lineHeight))
        // The newest lines that fit; when older ones don't, the first line says how many.
        var shown = Array(lines.suffix(visible))
        if linesLogged > shown.count {
            shown = Array(lines.suffix(max(0, visible - 1)))
            let hidden = linesLogged - shown.count
            shown.insert("… \(hidden) earlier \(hidden == 1 ? "line" : "lines") not shown", at: 0)
        }
        logLabel.text = shown.joined(separator: "\n")
        let height = min(logArea.height, logLabel.sizeThatFits(CGSize(width: logArea.width, height: 0)).height)
        logLabel.frame = CGRect(x: logArea.minX, y: logArea.minY, width: logArea.width, height: height)
    }
}
