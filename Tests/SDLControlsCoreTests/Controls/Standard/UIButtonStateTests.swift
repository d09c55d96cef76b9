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
