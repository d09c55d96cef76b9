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
    /// The card's stack (score and buttons), which sizes the board.
    var card: UIStackView?

    /// The card's size at a width.
    override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                          verticalFittingPriority: UILayoutPriority) -> CGSize {
        guard let card else { return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority, verticalFittingPriority: verticalFittingPriority) }
        let size = card.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        return CGSize(width: targetSize.width, height: size.height)
    }

    /// No natural width; its height is measured at the stack's width (systemLayoutSizeFitting).
    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 0) }

    override func layoutSubviews() {
        card?.frame = bounds
    }

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
            note("UIAction closure: +1")
        }, for: .primaryActionTriggered)
        board.onReset = { [weak self] in self?.note("\"resetScore:\" found in ScoreBoard up the responder chain") }
        // The card: the score, then the buttons in a row (a column when the row doesn't fit),
        // 16 points of padding on every side.
        buttons.spacing = 10
        buttons.alignment = .center
        for b in [typedButton, namedButton, closureButton] { buttons.addArrangedSubview(b) }
        let card = UIStackView(arrangedSubviews: [board.label, buttons])
        card.axis = .vertical
        card.alignment = .leading
        card.spacing = 12
        card.isLayoutMarginsRelativeArrangement = true
        card.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        board.addSubview(card)
        board.card = card
        explanation.numberOfLines = 0
        explanation.font = .systemFont(ofSize: 13)
        explanation.textColor = .secondaryLabel
        explanation.text = "Typed: addTarget(self, action: TargetActionSample.addTen, for: .touchUpInside)\nNamed: addTarget(nil, action: \"resetScore:\", for: .touchUpInside)\nClosure: addAction(UIAction { … }, for: .primaryActionTriggered)"
        landed.numberOfLines = 0
        landed.font = .systemFont(ofSize: 14)
        landed.text = "Tap a button: the lines below say where its action landed."
        let column = UIStackView(arrangedSubviews: [board, explanation, landed])
        column.axis = .vertical
        column.spacing = 16
        let scrolling = ScrollingContent(column)
        scrolling.maximumContentWidth = 640
        scrolling.centresContent = false
        root.addSubview(scrolling)
        root.accessibilityLabel = "Target-action"
        root.onLayout = { [weak self] b in
            guard let self else { return }
            // The buttons stay in a row while it fits inside the card's padding.
            let width = min(b.width - scrolling.insets.left - scrolling.insets.right, scrolling.maximumContentWidth) - 32
            let row = [typedButton, namedButton, closureButton].reduce(0) { $0 + $1.sizeThatFits(.zero).width } + 2 * buttons.spacing
            buttons.axis = row <= width ? .horizontal : .vertical
            buttons.alignment = row <= width ? .center : .leading
            scrolling.frame = b
        }
    }

    private let buttons = UIStackView()

    private func addTen(_ sender: UIButton) {
        board.score += 10
        note("TargetActionSample.addTen(_:) ran (typed method, sender \(type(of: sender)))")
    }

    private func note(_ s: String) {
        history.append("frame \(frame): \(s)")
        landed.text = history.suffix(6).joined(separator: "\n")
    }
}
