import Testing
import Foundation
@testable import SDLControlsCore

/// A stack view as a scroll view's content, laid out the way the README shows without Auto
/// Layout: the container sizes the stack to its width and sets the content size from it.
@MainActor
struct UIScrollViewStackTests {
    let window = makeTestWindow()

    final class CountingStack: UIStackView {
        var layouts = 0
        override func layoutSubviews() {
            layouts += 1
            super.layoutSubviews()
        }
    }

    /// A screen with a list: the scroll view fills it, the stack is as wide as the scroll view
    /// and as tall as its content.
    final class ListScreen: UIView {
        let scroll = UIScrollView()
        let stack = CountingStack()
        var layouts = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            stack.axis = .vertical
            stack.spacing = 8
            scroll.addSubview(stack)
            addSubview(scroll)
        }

        override func layoutSubviews() {
            layouts += 1
            scroll.frame = bounds
            let fit = stack.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0),
                                                    withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
            stack.frame = CGRect(x: 0, y: 0, width: bounds.width, height: fit.height)
            scroll.contentSize = stack.frame.size
        }
    }

    func makeScreen(rows: Int) -> (ListScreen, [UILabel]) {
        let screen = ListScreen(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        var labels: [UILabel] = []
        for i in 0..<rows {
            let label = UILabel()
            label.text = "Level \(i + 1)"
            labels.append(label)
            screen.stack.addArrangedSubview(label)
        }
        window.addSubview(screen)
        window.layoutIfNeeded()
        return (screen, labels)
    }

    @Test func theContentSizeComesFromTheStack() {
        let (screen, labels) = makeScreen(rows: 50)
        let rowHeight = labels[0].intrinsicContentSize.height
        #expect(rowHeight > 0)
        #expect(screen.scroll.contentSize == CGSize(width: 300, height: 50 * rowHeight + 49 * 8))
        #expect(labels[49].frame.maxY == screen.scroll.contentSize.height)
        #expect(labels[10].frame.width == 300, "fill alignment: as wide as the stack")
    }

    @Test func scrollingAThousandRowStackLaysNothingOutButTheScrollView() {
        let (screen, _) = makeScreen(rows: 1000)
        let stackLayouts = screen.stack.layouts, screenLayouts = screen.layouts
        for frame in 1...30 {
            screen.scroll.contentOffset = CGPoint(x: 0, y: CGFloat(frame) * 37)
            window.layoutIfNeeded()
        }
        #expect(screen.stack.layouts == stackLayouts, "a pure scroll doesn't lay the stack out")
        #expect(screen.layouts == screenLayouts)
        // Something in it changes: the stack lays out once, the screen measures again.
        let before = screen.scroll.contentSize.height
        let extra = UILabel()
        extra.text = "Bonus level"
        screen.stack.addArrangedSubview(extra)
        window.layoutIfNeeded()
        #expect(screen.stack.layouts == stackLayouts + 1)
        #expect(screen.scroll.contentSize.height > before)
        window.layoutIfNeeded()
        #expect(screen.stack.layouts == stackLayouts + 1, "and then nothing again")
    }

    @Test func aRowThatChangesHeightResizesTheContent() {
        let (screen, labels) = makeScreen(rows: 20)
        let before = screen.scroll.contentSize.height
        labels[3].font = .systemFont(ofSize: 40)
        window.layoutIfNeeded()
        #expect(screen.scroll.contentSize.height > before, "invalidateIntrinsicContentSize reached the screen's layout")
        #expect(labels[4].frame.minY == labels[3].frame.maxY + 8)
    }

    @Test func aButtonInAScrolledStackTakesATap() {
        resetApplication(); defer { resetApplication() }
        let (screen, _) = makeScreen(rows: 40)
        let button = UIButton(type: .system)
        button.setTitle("Play", for: .normal)
        screen.stack.insertArrangedSubview(button, at: 30)
        window.layoutIfNeeded()
        let events = EventLog(button)
        screen.scroll.scrollRectToVisible(button.frame, animated: false)
        let center = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil)
        #expect(center.y > 0 && center.y < 400, "scrolled into view")
        window.simulateTap(at: center, time: 10)
        flush()
        #expect(events.collapsed == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }
}
