import Foundation
import SDLControls

/// A vertical scroll view showing one content view laid out at the scroll view's width (less
/// `insets`, at most ``maximumContentWidth``, centred beyond it) and as tall as it needs
/// (`systemLayoutSizeFitting` at that width): content taller than the screen scrolls, with
/// the wheel, a drag, the page keys, or focus moving into it. Every sample screen uses one,
/// so nothing is out of reach at 600×420 (README, "Scrolling").
///
/// The screens are mostly controls, so the scroll view gives a press to the control at once
/// (`delaysContentTouches` off: a slider follows the mouse from its first frame, as the
/// samples' scripts expect); a drag that starts between controls still scrolls, and so do the
/// wheel and the keys.
@MainActor
final class ScrollingContent: UIView {
    let scroll = UIScrollView()
    let content: UIView
    /// Space around the content inside the scrolled area.
    var insets = UIEdgeInsets(top: 16, left: 20, bottom: 20, right: 20) { didSet { setNeedsLayout() } }
    /// The widest the content gets (wider screens centre it).
    var maximumContentWidth: CGFloat = .greatestFiniteMagnitude { didSet { setNeedsLayout() } }
    /// The smallest width the content is laid out at (narrower screens scroll it sideways too).
    var minimumContentWidth: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// Whether content narrower than the screen is centred (else it stays at the left inset).
    var centresContent = true { didSet { setNeedsLayout() } }

    init(_ content: UIView) {
        self.content = content
        super.init(frame: .zero)
        scroll.delaysContentTouches = false
        scroll.addSubview(content)
        addSubview(scroll)
    }

    override func layoutSubviews() {
        scroll.frame = bounds
        let available = bounds.width - insets.left - insets.right
        let width = max(minimumContentWidth, min(available, maximumContentWidth))
        let height = content.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel).height
        let x = insets.left + (centresContent ? max(0, ((available - width) / 2).rounded(.down)) : 0)
        content.frame = CGRect(x: x, y: insets.top, width: width, height: height)
        scroll.contentSize = CGSize(width: max(bounds.width, width + insets.left + insets.right),
                                    height: height + insets.top + insets.bottom)
    }
}

/// A view of a fixed width in a stack (a form's label column): its one subview fills it, and
/// its height is the subview's natural height (at least `minimumHeight`).
@MainActor
final class FixedWidth: UIView {
    let view: UIView
    let width: CGFloat
    let minimumHeight: CGFloat

    init(_ view: UIView, width: CGFloat, minimumHeight: CGFloat = 0) {
        self.view = view
        self.width = width
        self.minimumHeight = minimumHeight
        super.init(frame: .zero)
        addSubview(view)
        setContentHuggingPriority(.required, for: .horizontal)
        setContentCompressionResistancePriority(.required, for: .horizontal)
    }

    override var intrinsicContentSize: CGSize {
        CGSize(width: width, height: max(minimumHeight, view.intrinsicContentSize.height))
    }

    override func layoutSubviews() { view.frame = bounds }
}
