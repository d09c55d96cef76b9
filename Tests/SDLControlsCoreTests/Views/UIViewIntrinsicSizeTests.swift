import Testing
import Foundation
@testable import SDLControlsCore

/// Natural sizes of the standard controls, which stack views lay out with (UIKit's sizes),
/// and their setters telling layout when the natural size changes.
@MainActor
struct IntrinsicContentSizeTests {
    let window = makeTestWindow()

    @Test func standardControlSizes() {
        #expect(UISwitch().intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(UIStepper().intrinsicContentSize == CGSize(width: 94, height: 32))
        #expect(UISlider().intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UISlider.naturalHeight))
        let segmented = UISegmentedControl(items: ["One", "Two"])
        #expect(segmented.intrinsicContentSize.height == 32)
        #expect(segmented.intrinsicContentSize.width > 0)
        let field = UITextField()
        field.borderStyle = .roundedRect
        #expect(field.intrinsicContentSize.height >= 34, "rounded-rect fields are at least 34 high")
        let pages = UIPageControl()
        pages.numberOfPages = 3
        #expect(pages.intrinsicContentSize.width > 0 && pages.intrinsicContentSize.height > 0)
        #expect(UIDatePicker().intrinsicContentSize.width == 320)
        let button = UIButton(type: .system)
        button.setTitle("OK", for: .normal)
        let title = button.titleLabel.intrinsicContentSize
        // As wide as its title (zero contentEdgeInsets, as UIKit's), 6 points of its own above and below.
        #expect(button.intrinsicContentSize == CGSize(width: title.width.rounded(.up), height: (max(title.height, 20) + 12).rounded(.up)))
        #expect(UIView().intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    /// A new title redraws the title label and lays the button out again; the plate, which
    /// doesn't depend on the title, keeps its geometry. A title for another state shows only
    /// in that state.
    @Test func aNewTitleRedrawsTheLabelNotThePlate() {
        let button = UIButton(configuration: .tinted())
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 30)
        button.setTitle("Start", for: .normal)
        window.addSubview(button)
        button.layoutIfNeeded()
        let plate = button.appearanceGeneration, label = button.titleLabel.appearanceGeneration
        button.setTitle("Stop", for: .normal)
        #expect(button.titleLabel.text == "Stop")
        #expect(button.titleLabel.appearanceGeneration != label, "the label draws the new title")
        #expect(button.appearanceGeneration == plate, "the plate is not redrawn")
        #expect(button.needsLayoutPass, "the title is placed again")
        button.setTitle("Held", for: .highlighted)
        #expect(button.titleLabel.text == "Stop")
        button.isHighlighted = true
        #expect(button.titleLabel.text == "Held")
        button.removeFromSuperview()
    }

    /// Each case changes a control's natural size through a setter: the stack it is in must
    /// lay out again and give it the new size.
    @Test func settersThatChangeTheNaturalSizeReachTheStack() {
        let label = UILabel()
        label.text = "a"
        let button = UIButton(type: .system)
        button.setTitle("b", for: .normal)
        let segmented = UISegmentedControl(items: ["x"])
        let field = UITextField()
        let pages = UIPageControl()
        pages.numberOfPages = 1
        let image = UIImageView()
        let stack = UIStackView(arrangedSubviews: [label, button, segmented, field, pages, image, UIView()])
        stack.frame = CGRect(x: 0, y: 0, width: 400, height: 1000)
        stack.axis = .vertical
        stack.alignment = .leading
        window.addSubview(stack)
        let changes: [(String, UIView, () -> Void)] = [
            ("label text", label, { label.text = "a much longer text" }),
            ("label font", label, { label.font = .systemFont(ofSize: 30) }),
            ("button title", button, { button.setTitle("a much longer title", for: .normal) }),
            ("button insets", button, { button.contentEdgeInsets = UIEdgeInsets(all: 20) }),
            ("button title font", button, { button.titleLabel.font = .systemFont(ofSize: 30) }),
            ("segment inserted", segmented, { segmented.insertSegment(withTitle: "longer segment", at: 1, animated: false) }),
            ("field text", field, { field.text = "typed a lot of text here" }),
            ("field placeholder", field, { field.placeholder = "an even longer placeholder text" }),
            ("pages", pages, { pages.numberOfPages = 7 }),
            ("image", image, { image.image = UIImage(url: URL(fileURLWithPath: "/nonexistent.png"), name: nil, size: CGSize(width: 40, height: 30), scale: 1) }),
        ]
        for (name, view, change) in changes {
            window.layoutIfNeeded()
            let before = view.frame.size
            change()
            #expect(stack.needsLayoutPass, "\(name)")
            window.layoutIfNeeded()
            #expect(view.frame.size != before, "\(name)")
            #expect(view.frame.size.width == view.intrinsicContentSize.width, "\(name)")
        }
    }
}
