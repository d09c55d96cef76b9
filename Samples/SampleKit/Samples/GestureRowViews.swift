import Foundation
import SDLControls

/// One row of the swipe list: a plain view (not a control) with a title. Swiped left once it
/// shows its "Delete" action on the right, as a table's swipe actions do; ``GesturesSample``
/// removes it on a second swipe left, and a swipe right hides the action again.
@MainActor
final class SwipeRowView: UIView {
    let titleLabel = UILabel()
    let actionLabel = UILabel()
    /// The row's face: it narrows to make room for the action beside it.
    private let face = UIView()
    /// Whether the "Delete" action shows.
    var isRevealed = false {
        didSet {
            guard oldValue != isRevealed else { return }
            actionLabel.isHidden = !isRevealed
            setNeedsLayout()
        }
    }

    /// How wide the uncovered action is.
    static let actionWidth: CGFloat = 84
    /// A row's height.
    static let height: CGFloat = 44

    init(title: String) {
        super.init(frame: .zero)
        isAccessibilityElement = true
        accessibilityLabel = title
        accessibilityHint = "Swipe left to show Delete, left again to remove"
        face.backgroundColor = .secondarySystemBackground
        face.cornerRadius = 10
        addSubview(face)
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: 16)
        face.addSubview(titleLabel)
        actionLabel.text = "Delete"
        actionLabel.font = .systemFont(ofSize: 15, weight: .semibold)
        actionLabel.textColor = .white
        actionLabel.textAlignment = .center
        actionLabel.backgroundColor = .systemRed
        actionLabel.cornerRadius = 10
        actionLabel.isHidden = true
        addSubview(actionLabel)
    }

    override func layoutSubviews() {
        let b = bounds
        let action = isRevealed ? min(Self.actionWidth, b.width / 2) : 0
        let gap: CGFloat = isRevealed ? 6 : 0
        face.frame = CGRect(x: 0, y: 0, width: b.width - action - gap, height: b.height)
        titleLabel.frame = CGRect(x: 14, y: 0, width: max(0, face.bounds.width - 28), height: b.height)
        actionLabel.frame = CGRect(x: b.width - action, y: 0, width: action, height: b.height)
    }
}

/// A card that counts long presses: highlighted while held (the recognizer began), back to
/// normal when it ends or is cancelled. ``GesturesSample`` attaches the recognizer.
@MainActor
final class HoldCardView: UIView {
    let titleLabel = UILabel()
    let countLabel = UILabel()
    /// Long presses so far (counted when one begins).
    var presses = 0 { didSet { refresh() } }
    /// Whether a long press is under way.
    var isHeld = false { didSet { refresh() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        cornerRadius = 14
        isAccessibilityElement = true
        accessibilityLabel = "Hold card"
        titleLabel.text = "Press and hold"
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        countLabel.font = .systemFont(ofSize: 14)
        addSubview(titleLabel)
        addSubview(countLabel)
        refresh()
    }

    private func refresh() {
        backgroundColor = isHeld ? .systemBlue : .secondarySystemBackground
        titleLabel.text = isHeld ? "Holding…" : "Press and hold"
        titleLabel.textColor = isHeld ? .white : .label
        countLabel.textColor = isHeld ? .white : .secondaryLabel
        countLabel.text = presses == 1 ? "1 long press" : "\(presses) long presses"
        accessibilityValue = countLabel.text
    }

    override func layoutSubviews() {
        let b = bounds
        let title = titleLabel.sizeThatFits(.zero).height, count = countLabel.sizeThatFits(.zero).height
        let top = max(0, ((b.height - title - 4 - count) / 2).rounded(.down))
        titleLabel.frame = CGRect(x: 16, y: top, width: max(0, b.width - 32), height: title)
        countLabel.frame = CGRect(x: 16, y: titleLabel.frame.maxY + 4, width: max(0, b.width - 32), height: count)
    }
}
