import Testing
import Foundation
@testable import SDLControlsCore

/// Rule D1: a button's titles, title colours, images and background images are set per
/// state, and a state with none set uses normal's, as UIKit documents ("if a title is not
/// specified for a state, the default is to use the title associated with the normal state").
@MainActor
struct UIButtonStateTests {
    let window = makeTestWindow()

    @Test func aStateWithNothingSetUsesNormalsEvenWhenItsFlagsHaveValues() {
        let button = UIButton(type: .system)
        button.setTitle("N", for: .normal)
        button.setTitle("S", for: .selected)
        button.setTitle("H", for: .highlighted)
        button.setTitle("D", for: .disabled)
        #expect(button.title(for: .selected) == "S" && button.title(for: .highlighted) == "H")
        // A selected button being pressed: normal's, as on iOS, until the combination is set.
        #expect(button.title(for: [.selected, .highlighted]) == "N")
        #expect(button.title(for: [.disabled, .selected]) == "N")
        button.setTitle("SH", for: [.selected, .highlighted])
        #expect(button.title(for: [.selected, .highlighted]) == "SH")

        let red = UIColor.red, green = UIColor.green
        button.setTitleColor(red, for: .normal)
        button.setTitleColor(green, for: .selected)
        #expect(button.titleColor(for: [.selected, .highlighted]) == red)
        #expect(button.titleColor(for: .selected) == green)
    }

    /// What the button shows follows the same rule as it is pressed.
    @Test func aPressedSelectedButtonShowsNormalsTitle() {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 10, y: 10, width: 120, height: 44)
        button.setTitle("Play", for: .normal)
        button.setTitle("Pause", for: .selected)
        button.isSelected = true
        window.addSubview(button)
        #expect(button.currentTitle == "Pause")
        window.simulateTouchDown(at: CGPoint(x: 70, y: 32), time: 1)
        #expect(button.isHighlighted && button.currentTitle == "Play")
        window.simulateTouchUp(at: CGPoint(x: 70, y: 32), time: 1.05)
        UIApplication.shared.deliverPendingActions()
        #expect(button.currentTitle == "Pause")
    }
}

/// `UIButton.Configuration`'s title and image, and `configurationUpdateHandler`, as UIKit's.
@MainActor
struct UIButtonConfigurationTests {
    let window = makeTestWindow()

    @Test func theConfigurationsTitleAndImageShowUnlessAStateTitleIsSet() {
        var c = UIButton.Configuration.filled()
        c.title = "Go"
        c.image = UIImage(url: URL(fileURLWithPath: "/nonexistent.png"), name: nil, size: CGSize(width: 12, height: 12), scale: 1)
        let button = UIButton(configuration: c)
        #expect(button.contentEdgeInsets == c.contentInsets, "made with a configuration or given one later: the same button")
        #expect(button.currentTitle == "Go" && button.titleLabel.text == "Go")
        #expect(button.currentImage != nil && !button.imageView.isHidden)
        #expect(button.accessibilityLabel == "Go")
        let narrow = button.intrinsicContentSize.width
        c.title = "Go further"
        button.configuration = c
        #expect(button.titleLabel.text == "Go further")
        #expect(button.intrinsicContentSize.width > narrow, "a longer title is a wider button")
        button.setTitle("Stop", for: .normal)
        #expect(button.currentTitle == "Stop", "a title set for the state comes first")
    }

    @Test func theUpdateHandlerRunsOnEveryStateChange() {
        var c = UIButton.Configuration.tinted()
        c.title = "Play"
        let button = UIButton(configuration: c)
        button.frame = CGRect(x: 10, y: 10, width: 120, height: 44)
        window.addSubview(button)
        var runs = 0
        button.configurationUpdateHandler = { b in
            runs += 1
            var c = b.configuration
            c?.title = b.isHighlighted ? "Held" : (b.isSelected ? "Pause" : "Play")
            b.configuration = c
        }
        #expect(runs == 1, "setting the handler runs it once")
        button.changesSelectionAsPrimaryAction = true
        window.simulateTouchDown(at: CGPoint(x: 70, y: 32), time: 1)
        #expect(button.titleLabel.text == "Held")
        window.simulateTouchUp(at: CGPoint(x: 70, y: 32), time: 1.05)
        UIApplication.shared.deliverPendingActions()
        #expect(button.isSelected && button.titleLabel.text == "Pause")
        button.isEnabled = false
        #expect(runs >= 4)
        button.setNeedsUpdateConfiguration()
        #expect(button.titleLabel.text == "Pause")
    }

    /// A handler that changes the state it reads (here, every time) runs once per change
    /// from outside, not again for its own change.
    @Test func aHandlerThatChangesTheStateDoesNotRunItselfAgain() {
        let button = UIButton(configuration: .plain())
        var runs = 0
        button.configurationUpdateHandler = { b in
            runs += 1
            b.isSelected.toggle()
        }
        #expect(runs == 1 && button.isSelected)
        button.isEnabled = false
        #expect(runs == 2 && !button.isSelected)
    }
}

/// `contentEdgeInsets` starts at zero for every button type, as Apple documents for
/// `UIButton.contentEdgeInsets`: "The default value is zero." A system button keeps its own
/// vertical padding inside its size (UIKit's is about 30 points tall for a one-line title),
/// none beside the title: it is as wide as its content, and a leading-aligned one starts its
/// title at its leading edge, lined up with labels at the same x.
@MainActor
struct UIButtonContentInsetsTests {
    let window = makeTestWindow()

    @Test func everyNewButtonsContentEdgeInsetsAreZero() {
        let system = UIButton(type: .system)
        #expect(system.contentEdgeInsets == .zero, "Apple: \"The default value is zero.\"")
        #expect(UIButton(type: .custom).contentEdgeInsets == .zero)
        #expect(UIButton(type: .close).contentEdgeInsets == .zero)
        #expect(UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 30)).contentEdgeInsets == .zero)
        #expect(UIButton(primaryAction: UIAction(title: "Go") { _ in }).contentEdgeInsets == .zero)
    }

    @Test func aSystemButtonIsAsWideAsItsContentAndKeepsItsNaturalHeight() {
        let button = UIButton(type: .system)
        button.setTitle("Learn more", for: .normal)
        let title = button.titleLabel.intrinsicContentSize
        let natural = (max(title.height, 20) + 12).rounded(.up)   // 6 points of its own above and below
        #expect(button.intrinsicContentSize == CGSize(width: title.width.rounded(.up), height: natural))
        #expect((30...34).contains(natural), "about UIKit's 30 points for a one-line title")
        button.sizeToFit()
        #expect(button.bounds.size == button.intrinsicContentSize)
        // Insets given above and below take the place of the button's own padding.
        button.contentEdgeInsets = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        #expect(button.intrinsicContentSize == CGSize(width: title.width.rounded(.up) + 32,
                                                      height: (max(title.height, 20) + 22).rounded(.up)))
    }

    @Test func aLeadingAlignedSystemButtonsTitleStartsAtItsLeadingEdge() {
        let label = UILabel(frame: CGRect(x: 16, y: 10, width: 200, height: 20))
        label.text = "Music volume"
        let button = UIButton(type: .system)
        button.setTitle("Apply", for: .normal)
        button.frame = CGRect(x: 16, y: 40, width: 200, height: 36)
        button.contentHorizontalAlignment = .leading
        window.addSubview(label)
        window.addSubview(button)
        button.layoutIfNeeded()
        #expect(button.titleLabel.frame.origin.x == 0)
        #expect(button.convert(button.titleLabel.frame.origin, to: window).x == label.frame.minX,
                "lined up with the label above it, as on iOS")
        let centred = button.titleLabel.frame
        #expect(abs(centred.midY - button.bounds.midY) <= 1, "the title stays centred in the height")
    }

    @Test func aConfigurationTakenAwayLeavesZeroInsets() {
        let button = UIButton(type: .system)
        button.setTitle("Options", for: .normal)
        let plain = button.intrinsicContentSize
        button.configuration = .tinted()
        #expect(button.contentEdgeInsets == UIButton.Configuration.tinted().contentInsets, "a configuration still sets them")
        button.configuration = nil
        #expect(button.contentEdgeInsets == .zero, "the type's default again, zero")
        #expect(button.intrinsicContentSize == plain)
        let made = UIButton(configuration: .filled())
        made.configuration = nil
        #expect(made.contentEdgeInsets == .zero)
    }

    /// A tinted plate is its colour at 16% (28% pressed), and a plain button's pressed plate
    /// the tint at 10%: the colour's own alpha is replaced, not multiplied (as
    /// `withAlphaComponent`), whatever alpha the colour had.
    @Test func aTintedPlateIsItsColourAtTheStylesOpacity() {
        let window = makeTestWindow(size: CGSize(width: 300, height: 200))
        var conf = UIButton.Configuration.tinted()
        conf.baseBackgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let button = UIButton(configuration: conf)
        button.frame = CGRect(x: 10, y: 10, width: 120, height: 44)
        window.addSubview(button)
        func plateAlphas() -> Set<UInt8> {
            let list = DrawList()
            window.buildDrawList(into: list, scale: 1, resources: nil)
            return Set(list.vertices.filter { $0.r == 255 && $0.g == 0 && $0.b == 0 && $0.a > 0 }.map(\.a))
        }
        #expect(plateAlphas().contains(UInt8((255 * 0.16).rounded())), "16% of red, not 8%")
        button.isHighlighted = true
        #expect(plateAlphas().contains(UInt8((255 * 0.28).rounded())))
        button.configuration = .plain()
        button.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.25)
        #expect(plateAlphas().contains(UInt8((255 * 0.1).rounded())), "a pressed plain plate: the tint at 10%")
    }
}
