import Testing
import Foundation
@testable import SDLControlsCore

/// A view with a settable natural size, as a label or button has.
@MainActor
final class SizedView: UIView {
    var natural: CGSize { didSet { invalidateIntrinsicContentSize() } }
    init(_ width: CGFloat, _ height: CGFloat) {
        natural = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: CGSize { natural }
}

/// A stack that counts its layout passes.
@MainActor
final class CountingStackView: UIStackView {
    var layouts = 0
    override func layoutSubviews() {
        layouts += 1
        super.layoutSubviews()
    }
}

/// UIStackView, checked against UIKit's documented rules (UIStackView class reference and
/// the comments of UIStackView.h): distributions, alignments, spacing, hidden views,
/// hugging and compression resistance, margins and nesting.
@MainActor
struct UIStackViewTests {
    let window = makeTestWindow(size: CGSize(width: 600, height: 600))

    /// A stack in the window with `views`, laid out.
    private func stack(_ views: [UIView], axis: NSLayoutConstraint.Axis = .horizontal, frame: CGRect,
                       configure: (UIStackView) -> Void = { _ in }) -> UIStackView {
        let s = UIStackView(arrangedSubviews: views)
        s.axis = axis
        s.frame = frame
        configure(s)
        window.addSubview(s)
        window.layoutIfNeeded()
        return s
    }

    /// The views' extents along an axis (origin, length).
    private func extents(_ views: [UIView], _ axis: NSLayoutConstraint.Axis) -> [[CGFloat]] {
        views.map { axis == .horizontal ? [$0.frame.minX, $0.frame.width] : [$0.frame.minY, $0.frame.height] }
    }

    private func rounded(_ values: [[CGFloat]]) -> [[CGFloat]] {
        values.map { $0.map { ($0 * 100).rounded() / 100 } }
    }

    // MARK: Distribution (UIStackView.Distribution), underflow

    /// Three views 40, 60, 100 long with 10 of spacing in 300: 80 points to spare. Each case
    /// gives the (origin, length) UIKit's rule for that distribution yields.
    nonisolated static let underflowCases: [(UIStackView.Distribution, [[CGFloat]], String)] = [
        (.fill, [[0, 120], [130, 60], [200, 100]], "fill: the first of the lowest-hugging views takes the extra"),
        (.fillEqually, [[0, 93.33], [103.33, 93.33], [206.67, 93.33]], "fillEqually: all the same length"),
        (.fillProportionally, [[0, 56], [66, 84], [160, 140]], "fillProportionally: extra shared by natural length"),
        (.equalSpacing, [[0, 40], [90, 60], [200, 100]], "equalSpacing: natural lengths, extra shared by the gaps"),
        (.equalCentering, [[0, 40], [105, 60], [200, 100]], "equalCentering: centres 115 apart, ends pinned"),
    ]

    @Test(arguments: underflowCases, [NSLayoutConstraint.Axis.horizontal, .vertical])
    func distributionUnderflow(_ c: (UIStackView.Distribution, [[CGFloat]], String), axis: NSLayoutConstraint.Axis) {
        let views = [40, 60, 100].map { axis == .horizontal ? SizedView($0, 20) : SizedView(20, $0) }
        let frame = axis == .horizontal ? CGRect(x: 0, y: 0, width: 300, height: 50) : CGRect(x: 0, y: 0, width: 50, height: 300)
        _ = stack(views, axis: axis, frame: frame) { $0.distribution = c.0; $0.spacing = 10 }
        #expect(rounded(extents(views, axis)) == c.1, "\(c.2)")
    }

    /// Three views 100, 150, 100 long with 10 of spacing in 300: 70 points missing.
    nonisolated static let overflowCases: [(UIStackView.Distribution, [[CGFloat]], String)] = [
        (.fill, [[0, 100], [110, 150], [270, 30]], "fill: equal compression resistance, the last gives first"),
        (.fillEqually, [[0, 93.33], [103.33, 93.33], [206.67, 93.33]], "fillEqually: all squeezed equally"),
        (.fillProportionally, [[0, 80], [90, 120], [220, 80]], "fillProportionally: squeezed in proportion"),
        (.equalSpacing, [[0, 100], [110, 150], [270, 30]], "equalSpacing: compression resistance, then order"),
        (.equalCentering, [[0, 100], [110, 150], [270, 30]], "equalCentering: minimum spacing kept, then squeezed"),
    ]

    @Test(arguments: overflowCases)
    func distributionOverflow(_ c: (UIStackView.Distribution, [[CGFloat]], String)) {
        let views = [100, 150, 100].map { SizedView($0, 20) }
        _ = stack(views, frame: CGRect(x: 0, y: 0, width: 300, height: 50)) { $0.distribution = c.0; $0.spacing = 10 }
        #expect(rounded(extents(views, .horizontal)) == c.1, "\(c.2)")
    }

    @Test func fillShrinksTheLowestCompressionResistanceFirst() {
        let views = [100, 150, 100].map { SizedView($0, 20) }
        views[1].setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        _ = stack(views, frame: CGRect(x: 0, y: 0, width: 300, height: 50)) { $0.spacing = 10 }
        #expect(extents(views, .horizontal) == [[0, 100], [110, 80], [200, 100]])
    }

    @Test func fillGrowsTheLowestHuggingFirst() {
        let views = [40, 60, 100].map { SizedView($0, 20) }
        views[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        _ = stack(views, frame: CGRect(x: 0, y: 0, width: 300, height: 50)) { $0.spacing = 10 }
        #expect(extents(views, .horizontal) == [[0, 40], [50, 60], [120, 180]])
    }

    @Test func aViewWithoutIntrinsicLengthTakesTheExtraBeforeAnyHuggingView() {
        // UIKit: a view with no intrinsic size has no hugging constraint at all.
        let label = SizedView(60, 20)
        label.setContentHuggingPriority(UILayoutPriority(1), for: .horizontal)
        let spacer = UIView()
        let button = SizedView(80, 20)
        _ = stack([label, spacer, button], frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        #expect(extents([label, spacer, button], .horizontal) == [[0, 60], [60, 160], [220, 80]])
    }

    @Test func aSliderInARowTakesTheRestAndASwitchKeepsItsSize() {
        let label = UILabel()
        label.text = "Volume"
        let slider = UISlider()
        let toggle = UISwitch()
        _ = stack([label, slider, toggle], frame: CGRect(x: 0, y: 0, width: 400, height: 40)) { $0.spacing = 8; $0.alignment = .center }
        #expect(label.frame.width == label.intrinsicContentSize.width)
        #expect(toggle.frame.size == CGSize(width: 51, height: 31))
        #expect(slider.frame.minX == label.frame.maxX + 8)
        #expect(slider.frame.maxX == toggle.frame.minX - 8)
        #expect(toggle.frame.maxX == 400)
        #expect(slider.frame.height == UISlider.naturalHeight)
    }

    @Test func aSingleViewFillsForEveryDistribution() {
        // "The stack view pins the first and last arranged view flush with its edge."
        for d in [UIStackView.Distribution.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering] {
            let v = SizedView(40, 20)
            let s = stack([v], frame: CGRect(x: 0, y: 0, width: 200, height: 30)) { $0.distribution = d }
            #expect(v.frame == CGRect(x: 0, y: 0, width: 200, height: 30), "\(d)")
            s.removeFromSuperview()
        }
    }

    @Test func equalCenteringThatWouldCrowdFallsBackToEqualSpacing() {
        let views = [SizedView(150, 20), SizedView(10, 20), SizedView(10, 20)]
        _ = stack(views, frame: CGRect(x: 0, y: 0, width: 200, height: 30)) { $0.distribution = .equalCentering; $0.spacing = 10 }
        // Equal centres (step 95) would put the second view inside the first's spacing.
        #expect(extents(views, .horizontal) == [[0, 150], [165, 10], [190, 10]])
    }

    // MARK: Alignment (UIStackView.Alignment)

    /// Horizontal stack 100 high, views 20, 40 and 60 high: (y, height) of each.
    nonisolated static let horizontalAlignmentCases: [(UIStackView.Alignment, [[CGFloat]])] = [
        (.fill, [[0, 100], [0, 100], [0, 100]]),
        (.top, [[0, 20], [0, 40], [0, 60]]),
        (.center, [[40, 20], [30, 40], [20, 60]]),
        (.bottom, [[80, 20], [60, 40], [40, 60]]),
        // Views without text line up their bottom edges as baselines, hanging from the top.
        (.firstBaseline, [[40, 20], [20, 40], [0, 60]]),
        (.lastBaseline, [[40, 20], [20, 40], [0, 60]]),
    ]

    @Test(arguments: horizontalAlignmentCases)
    func horizontalAlignment(_ c: (UIStackView.Alignment, [[CGFloat]])) {
        let views = [20, 40, 60].map { SizedView(30, $0) }
        _ = stack(views, frame: CGRect(x: 0, y: 0, width: 90, height: 100)) { $0.alignment = c.0 }
        #expect(extents(views, .vertical) == c.1, "\(c.0)")
        #expect(views.map(\.frame.minX) == [0, 30, 60])
    }

    /// Vertical stack 100 wide, views 20, 40 and 60 wide: (x, width) in LTR and in RTL.
    nonisolated static let verticalAlignmentCases: [(UIStackView.Alignment, [[CGFloat]], [[CGFloat]])] = [
        (.fill, [[0, 100], [0, 100], [0, 100]], [[0, 100], [0, 100], [0, 100]]),
        (.leading, [[0, 20], [0, 40], [0, 60]], [[80, 20], [60, 40], [40, 60]]),
        (.center, [[40, 20], [30, 40], [20, 60]], [[40, 20], [30, 40], [20, 60]]),
        (.trailing, [[80, 20], [60, 40], [40, 60]], [[0, 20], [0, 40], [0, 60]]),
        (.firstBaseline, [[0, 20], [0, 40], [0, 60]], [[80, 20], [60, 40], [40, 60]]),
        (.lastBaseline, [[80, 20], [60, 40], [40, 60]], [[0, 20], [0, 40], [0, 60]]),
    ]

    @Test(arguments: verticalAlignmentCases)
    func verticalAlignment(_ c: (UIStackView.Alignment, [[CGFloat]], [[CGFloat]])) {
        let views = [20, 40, 60].map { SizedView($0, 30) }
        let s = stack(views, axis: .vertical, frame: CGRect(x: 0, y: 0, width: 100, height: 90)) { $0.alignment = c.0 }
        #expect(extents(views, .horizontal) == c.1, "\(c.0) LTR")
        #expect(views.map(\.frame.minY) == [0, 30, 60])
        s.semanticContentAttribute = .forceRightToLeft
        window.layoutIfNeeded()
        #expect(extents(views, .horizontal) == c.2, "\(c.0) RTL")
    }

    @Test func horizontalStacksRunFromTheLeadingEdge() {
        let views = [SizedView(40, 20), SizedView(60, 20)]
        let s = stack(views, frame: CGRect(x: 0, y: 0, width: 200, height: 20)) { $0.spacing = 10; $0.distribution = .equalSpacing }
        s.semanticContentAttribute = .forceRightToLeft
        window.layoutIfNeeded()
        #expect(extents(views, .horizontal) == [[160, 40], [0, 60]])
    }

    @Test(arguments: [UIStackView.Alignment.firstBaseline, .lastBaseline])
    func labelsOfDifferentSizesShareABaseline(_ alignment: UIStackView.Alignment) {
        let small = UILabel(), big = UILabel(), plain = SizedView(20, 10)
        small.text = "small"
        big.text = "Big"
        big.font = .systemFont(ofSize: 34)
        let s = stack([small, big, plain], frame: CGRect(x: 0, y: 0, width: 300, height: 100)) { $0.alignment = alignment }
        let m = window.textMeasurer
        let baseline = { (label: UILabel) -> CGFloat in
            let lm = m.metrics(of: label.font)
            return label.frame.minY + ((label.frame.height - lm.lineHeight) / 2).rounded(.down) + lm.ascender
        }
        #expect(baseline(small) == baseline(big))
        #expect(plain.frame.maxY == baseline(big), "a view without text uses its bottom edge")
        #expect(big.frame.minY == 0, "the tallest part hangs from the top")
        #expect(s.intrinsicContentSize.height == big.frame.height)
    }

    @Test func buttonsAndTextFieldsAlignByTheirTextBaseline() {
        let label = UILabel()
        label.text = "Name"
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.text = "Ada"
        let button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        _ = stack([label, field, button], frame: CGRect(x: 0, y: 0, width: 400, height: 80)) { $0.alignment = .firstBaseline; $0.spacing = 8 }
        let m = window.textMeasurer
        let lm = m.metrics(of: label.font)
        let labelBaseline = label.frame.minY + ((label.frame.height - lm.lineHeight) / 2).rounded(.down) + lm.ascender
        let fieldBaseline = field.frame.minY + field.firstBaselineFromTop(forHeight: field.frame.height)
        button.layoutIfNeeded()
        let bm = m.metrics(of: button.titleLabel.font)
        let t = button.titleLabel.frame
        let buttonBaseline = button.frame.minY + t.minY + ((t.height - bm.lineHeight) / 2).rounded(.down) + bm.ascender
        #expect(labelBaseline == fieldBaseline)
        #expect(labelBaseline == buttonBaseline)
    }

    // MARK: Spacing

    @Test func customSpacingAfterAViewAndSystemSpacing() {
        let views = [SizedView(10, 10), SizedView(10, 10), SizedView(10, 10)]
        // A trailing spacer (no intrinsic width) takes the extra room.
        let s = stack(views + [UIView()], frame: CGRect(x: 0, y: 0, width: 100, height: 10)) { $0.spacing = 4 }
        #expect(s.customSpacing(after: views[0]) == UIStackView.spacingUseDefault)
        s.setCustomSpacing(20, after: views[0])
        s.setCustomSpacing(UIStackView.spacingUseSystem, after: views[1])
        window.layoutIfNeeded()
        #expect(s.customSpacing(after: views[0]) == 20)
        #expect(views.map(\.frame.minX) == [0, 30, 48])
        s.setCustomSpacing(UIStackView.spacingUseDefault, after: views[0])
        window.layoutIfNeeded()
        #expect(s.customSpacing(after: views[0]) == UIStackView.spacingUseDefault)
        #expect(views.map(\.frame.minX) == [0, 14, 32])
        s.removeArrangedSubview(views[1])
        #expect(s.customSpacing(after: views[1]) == UIStackView.spacingUseDefault, "removing forgets its custom spacing")
        s.spacing = UIStackView.spacingUseSystem
        window.layoutIfNeeded()
        #expect(views[2].frame.minX == 18)
    }

    @Test func spacingRejectsNaN() {
        let s = UIStackView()
        s.spacing = .nan
        #expect(s.spacing == 0)
        let v = SizedView(1, 1)
        s.addArrangedSubview(v)
        s.setCustomSpacing(.infinity, after: v)
        #expect(s.customSpacing(after: v) == UIStackView.spacingUseDefault)
    }

    // MARK: Hidden arranged views collapse

    @Test func hiddenViewsCollapseWithTheirSpacing() {
        let views = [SizedView(40, 20), SizedView(60, 20), SizedView(100, 20)]
        let s = stack(views + [UIView()], frame: CGRect(x: 0, y: 0, width: 300, height: 20)) { $0.spacing = 10 }
        s.setCustomSpacing(50, after: views[1])
        window.layoutIfNeeded()
        views[1].isHidden = true
        #expect(s.needsLayoutPass, "hiding an arranged view lays the stack out again")
        window.layoutIfNeeded()
        #expect(views[2].frame.minX == 50, "no room and no custom spacing for the hidden view")
        #expect(s.intrinsicContentSize.width == CGFloat(40 + 10 + 100 + 10))
        views[1].isHidden = false
        window.layoutIfNeeded()
        #expect(views[2].frame.minX == CGFloat(40 + 10 + 60 + 50))
    }

    @Test func allHiddenGivesAnEmptyNaturalSize() {
        let v = SizedView(40, 20)
        let s = stack([v], frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        v.isHidden = true
        #expect(s.intrinsicContentSize == .zero)
        s.isLayoutMarginsRelativeArrangement = true
        #expect(s.intrinsicContentSize == CGSize(width: 16, height: 16))
    }

    // MARK: Arranged subviews

    @Test func arrangedSubviewsAreASubsetOfSubviews() {
        let s = UIStackView()
        let a = UIView(), b = UIView(), c = UIView()
        s.addSubview(c)
        s.addArrangedSubview(a)
        s.addArrangedSubview(c)
        #expect(s.arrangedSubviews == [a, c])
        #expect(s.subviews == [c, a], "an existing subview keeps its place in subviews")
        s.insertArrangedSubview(b, at: 1)
        #expect(s.arrangedSubviews == [a, b, c])
        s.insertArrangedSubview(c, at: 0)
        #expect(s.arrangedSubviews == [c, a, b], "an arranged view moves")
        s.insertArrangedSubview(UIView(), at: 99)
        #expect(s.arrangedSubviews.count == 4, "an index past the end appends")
        s.removeArrangedSubview(a)
        #expect(!s.arrangedSubviews.contains(a))
        #expect(a.superview === s, "removeArrangedSubview keeps it as a subview")
        b.removeFromSuperview()
        #expect(!s.arrangedSubviews.contains(b), "leaving the stack leaves the arrangement")
        s.addArrangedSubview(s)
        #expect(!s.arrangedSubviews.contains(s))
        let other = UIStackView()
        other.addArrangedSubview(c)
        #expect(!s.arrangedSubviews.contains(c) && other.arrangedSubviews == [c], "arranging in another stack moves it")
        s.addArrangedSubview(c)
        #expect(s.arrangedSubviews.last === c && s.arrangedSubviews.filter { $0 === c }.count == 1 && other.arrangedSubviews.isEmpty)
    }

    // MARK: Margins

    @Test func marginsRelativeArrangement() {
        let views = [SizedView(40, 20), SizedView(60, 20)]
        let s = stack(views, frame: CGRect(x: 0, y: 0, width: 200, height: 50)) { $0.isLayoutMarginsRelativeArrangement = true }
        #expect(views[0].frame == CGRect(x: 8, y: 8, width: 124, height: 34), "UIKit's default margins are 8")
        s.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 10, bottom: 3, trailing: 20)
        window.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 10, y: 1, width: 110, height: 46))
        #expect(views[1].frame.maxX == 180)
        #expect(s.intrinsicContentSize == CGSize(width: 130, height: 24))
        s.semanticContentAttribute = .forceRightToLeft
        window.layoutIfNeeded()
        #expect(views[0].frame.maxX == 190, "leading is the right edge in RTL")
        #expect(s.layoutMargins == UIEdgeInsets(top: 1, left: 20, bottom: 3, right: 10))
    }

    // MARK: Natural size and nesting

    @Test func naturalSizeForEachAxisAndDistribution() {
        let h = UIStackView(arrangedSubviews: [SizedView(40, 20), SizedView(60, 30)])
        h.spacing = 5
        #expect(h.intrinsicContentSize == CGSize(width: 105, height: 30))
        h.distribution = .fillEqually
        #expect(h.intrinsicContentSize == CGSize(width: 125, height: 30), "as long as the longest item, each")
        let v = UIStackView(arrangedSubviews: [SizedView(40, 20), SizedView(60, 30)])
        v.axis = .vertical
        v.spacing = 5
        #expect(v.intrinsicContentSize == CGSize(width: 60, height: 55))
        #expect(v.sizeThatFits(CGSize(width: 300, height: 300)) == CGSize(width: 60, height: 55), "sizeToFit gives the natural size")
        let fitted = v.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                               verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 300, height: 55))
        #expect(v.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 60, height: 55))
    }

    @Test func nestedStacksTakeTheirNaturalSize() {
        let row = UIStackView(arrangedSubviews: [SizedView(40, 20), SizedView(60, 30)])
        row.spacing = 5
        let title = SizedView(100, 24)
        // A plain view at the end takes the room left over (it has no hugging).
        let column = stack([title, row, UIView()], axis: .vertical, frame: CGRect(x: 0, y: 0, width: 300, height: 200)) {
            $0.alignment = .leading
            $0.spacing = 10
        }
        #expect(row.frame == CGRect(x: 0, y: 34, width: 105, height: 30))
        #expect(column.intrinsicContentSize == CGSize(width: 105, height: 74))
        // A change deep inside reaches the outer stack.
        (row.arrangedSubviews[1] as! SizedView).natural = CGSize(width: 80, height: 50)
        #expect(column.needsLayoutPass)
        window.layoutIfNeeded()
        #expect(row.frame == CGRect(x: 0, y: 34, width: 125, height: 50))
        #expect(column.intrinsicContentSize == CGSize(width: 125, height: 94))
    }

    @Test func wrappingLabelsAreMeasuredAtTheirWidth() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = String(repeating: "word ", count: 40)
        let footer = SizedView(10, 10)
        let s = UIStackView(arrangedSubviews: [label, footer])
        s.axis = .vertical
        // The way to size a stack for a scroll view: measure it at the width it gets.
        let height = s.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                               verticalFittingPriority: .fittingSizeLevel).height
        s.frame = CGRect(x: 0, y: 0, width: 200, height: height)
        window.addSubview(s)
        window.layoutIfNeeded()
        #expect(height == label.frame.height + 10)
        let lines = label.displayedLines.count
        #expect(lines > 2)
        let lineHeight = window.textMeasurer.metrics(of: label.font).lineHeight
        #expect(label.frame.width == 200)
        #expect(label.frame.height == lineHeight * CGFloat(lines), "the height the wrapped lines need")
        #expect(footer.frame.minY == label.frame.maxY)
    }

    @Test func theReadmeExample() {
        let title = UILabel()
        title.text = "Settings"
        let saveButton = UIButton(type: .system)
        saveButton.setTitle("Save", for: .normal)
        // As in README.md, "Layout".
        let name = UILabel()
        name.text = "Volume"
        let volume = UIStackView(arrangedSubviews: [name, UISlider(), UISwitch()])
        volume.spacing = 8
        volume.alignment = .center
        let panel = UIStackView(arrangedSubviews: [title, volume, saveButton])
        panel.axis = .vertical
        panel.spacing = 12
        panel.isLayoutMarginsRelativeArrangement = true
        panel.frame = CGRect(origin: .zero, size: panel.systemLayoutSizeFitting(
            CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel))
        window.addSubview(panel)
        window.layoutIfNeeded()
        let rowHeight = max(name.intrinsicContentSize.height, UISlider.naturalHeight, 31)
        #expect(panel.frame.size == CGSize(width: 320, height: 8 + title.intrinsicContentSize.height + 12 + rowHeight + 12
                                               + saveButton.intrinsicContentSize.height + 8))
        let slider = volume.arrangedSubviews[1]
        #expect(volume.frame.width == 304)
        #expect(slider.frame.width == 304 - name.intrinsicContentSize.width - 51 - 16)
        #expect(saveButton.frame.maxY == panel.bounds.maxY - 8)
    }

    @Test func arrangedViewsIgnoreTheirAutoresizingMask() {
        let v = SizedView(40, 20)
        v.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        let s = stack([v], frame: CGRect(x: 0, y: 0, width: 100, height: 20)) { $0.alignment = .leading }
        s.frame.size.width = 300
        #expect(v.frame == CGRect(x: 0, y: 0, width: 100, height: 20), "not autoresized; laid out at the next pass")
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 0, y: 0, width: 300, height: 20))
    }

    // MARK: Costs

    @Test func aStackOf1000ViewsLaysOutOnlyWhenSomethingChanged() {
        let views = (0..<1000).map { _ in SizedView(100, 20) }
        let s = CountingStackView(arrangedSubviews: views)
        s.axis = .vertical
        s.frame = CGRect(x: 0, y: 0, width: 200, height: 20_000)
        window.addSubview(s)
        window.layoutIfNeeded()
        #expect(s.layouts == 1)
        window.layoutIfNeeded()
        window.layoutIfNeeded()
        #expect(s.layouts == 1, "nothing changed: no layout")
        views[500].natural = CGSize(width: 100, height: 40)
        window.layoutIfNeeded()
        #expect(s.layouts == 2)
        #expect(views[501].frame.minY == CGFloat(501 * 20 + 20))
        window.layoutIfNeeded()
        #expect(s.layouts == 2, "setting the frames was no new change")
        views[3].isHidden = true
        window.layoutIfNeeded()
        #expect(s.layouts == 3)
    }
}

/// Content hugging and compression resistance: UILayoutPriority and UIKit's defaults.
@MainActor
struct UILayoutPriorityTests {
    @Test func constantsAndArithmetic() {
        #expect(UILayoutPriority.required.rawValue == 1000)
        #expect(UILayoutPriority.defaultHigh.rawValue == 750)
        #expect(UILayoutPriority.defaultLow.rawValue == 250)
        #expect(UILayoutPriority.fittingSizeLevel.rawValue == 50)
        #expect(UILayoutPriority(rawValue: 251) == .defaultLow + 1)
        #expect(UILayoutPriority(999) == .required - 1)
        #expect(UILayoutPriority.defaultLow < .defaultHigh)
        #expect(NSLayoutConstraint.Axis.horizontal.rawValue == 0 && NSLayoutConstraint.Axis.vertical.rawValue == 1)
        #expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom == .trailing)
        #expect(UIStackView.Distribution.equalCentering.rawValue == 4 && UIStackView.Alignment.lastBaseline.rawValue == 5)
    }

    /// UIKit's defaults for views made in code: hugging 250 (750 for switches and steppers),
    /// compression resistance 750, on both axes.
    @Test func defaultsPerClass() {
        let views: [(UIView, Float)] = [
            (UIView(), 250), (UILabel(), 250), (UIButton(), 250), (UISlider(), 250), (UISegmentedControl(), 250),
            (UITextField(), 250), (UIPageControl(), 250), (UIDatePicker(), 250), (UIImageView(), 250), (UIStackView(), 250),
            (UISwitch(), 750), (UIStepper(), 750),
        ]
        for (view, hugging) in views {
            for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
                #expect(view.contentHuggingPriority(for: axis).rawValue == hugging, "\(type(of: view))")
                #expect(view.contentCompressionResistancePriority(for: axis) == .defaultHigh, "\(type(of: view))")
            }
        }
    }

    @Test func settingPerAxis() {
        let v = UIView()
        v.setContentHuggingPriority(.required, for: .vertical)
        v.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        #expect(v.contentHuggingPriority(for: .vertical) == .required)
        #expect(v.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .horizontal) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test func systemLayoutSizeFittingFollowsPriorities() {
        let v = SizedView(40, 20)
        #expect(v.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 40, height: 20))
        #expect(v.systemLayoutSizeFitting(CGSize(width: 100, height: 5), withHorizontalFittingPriority: .required,
                                          verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 100, height: 20))
        // 500 beats hugging (250) but not compression resistance (750).
        #expect(v.systemLayoutSizeFitting(CGSize(width: 100, height: 5), withHorizontalFittingPriority: UILayoutPriority(500),
                                          verticalFittingPriority: UILayoutPriority(500)) == CGSize(width: 100, height: 20))
        #expect(UIView().systemLayoutSizeFitting(CGSize(width: 30, height: 40)) == CGSize(width: 30, height: 40),
                "no intrinsic size: the target")
    }
}
