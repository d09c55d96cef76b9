import Foundation
import SDLControls

/// A view that performs the named action "resetScore:" for anything inside it: the
/// responder-chain half of target-action. It declares the action by overriding
/// `actionMethod(for:)`.
@MainActor
final class ScoreBoard: UIView {
    var score = 0 { didSet { label.text = "Score: \(score)" } }
    let label = UILabel()
    var onReset: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        cornerRadius = 14
        label.font = .systemFont(ofSize: 22, weight: .bold)
        label.text = "Score: 0"
        addSubview(label)
    }

    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        switch action {
        case "resetScore:":
            return ActionMethod { [weak self] (_: Any?) in
                guard let self else { return }
                score = 0
                onReset?()
            }
        default:
            return super.actionMethod(for: action)
        }
    }

    override func layoutSubviews() {
        label.frame = CGRect(x: 16, y: 12, width: bounds.width - 32, height: 30)
    }
}

/// Target-action three ways, showing where each action lands.
@MainActor
final class TargetActionSample: SampleScene {
    let board = ScoreBoard()
    let typedButton = UIButton(configuration: .filled())
    let namedButton = UIButton(configuration: .tinted())
    let closureButton = UIButton(configuration: .gray())
    let explanation = UILabel()
    let landed = UILabel()
    private var history: [String] = []

    override init() {
        super.init()
        root.addSubview(board)
        // 1. A typed method reference: checked by the compiler, target held weakly.
        typedButton.setTitle("+10 (typed target)", for: .normal)
        typedButton.addTarget(self, action: TargetActionSample.addTen, for: .touchUpInside)
        // 2. A named action with a nil target: travels the responder chain from the button
        //    up to the ScoreBoard, which performs "resetScore:".
        namedButton.setTitle("Reset (nil target → chain)", for: .normal)
        namedButton.addTarget(nil, action: "resetScore:", for: .touchUpInside)
        // 3. A closure.
        closureButton.setTitle("+1 (UIAction)", for: .normal)
        closureButton.addAction(UIAction(title: "add one") { [weak self] _ in
            guard let self else { return }
            board.score += 1
            note("UIAction closure ran: +1")
        }, for: .primaryActionTriggered)
        for b in [typedButton, namedButton, closureButton] { board.addSubview(b) }
        board.onReset = { [weak self] in self?.note("\"resetScore:\" found in ScoreBoard via the responder chain") }
        explanation.numberOfLines = 0
        explanation.font = .systemFont(ofSize: 14)
        explanation.textColor = .secondaryLabel
        explanation.text = "Typed: addTarget(self, action: TargetActionSample.addTen, for: .touchUpInside)\nNamed: addTarget(nil, action: \"resetScore:\", for: .touchUpInside)\nClosure: addAction(UIAction { … }, for: .primaryActionTriggered)"
        root.addSubview(explanation)
        landed.numberOfLines = 0
        landed.font = .systemFont(ofSize: 15)
        landed.text = "Tap a button: the line below says where its action landed."
        root.addSubview(landed)
        root.accessibilityLabel = "Target-action"
        root.onLayout = { [weak self] in self?.layout($0) }
    }

    private func addTen(_ sender: UIButton) {
        board.score += 10
        note("typed method TargetActionSample.addTen(_:) ran, sender \(sender.currentTitle ?? "")")
    }

    private func note(_ s: String) {
        history.append("frame \(frame): \(s)")
        landed.text = history.suffix(6).joined(separator: "\n")
    }

    private func layout(_ bounds: CGRect) {
        let w = min(bounds.width - 40, 640)
        board.frame = CGRect(x: 20, y: 20, width: w, height: 120)
        var x: CGFloat = 16
        for b in [typedButton, namedButton, closureButton] {
            b.sizeToFit()
            b.frame.origin = CGPoint(x: x, y: 60)
            x += b.frame.width + 10
        }
        explanation.frame = CGRect(x: 20, y: 156, width: w, height: explanation.sizeThatFits(CGSize(width: w, height: 0)).height)
        landed.frame = CGRect(x: 20, y: explanation.frame.maxY + 16, width: w, height: 140)
    }
}
