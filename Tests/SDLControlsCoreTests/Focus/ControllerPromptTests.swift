import Testing
import Foundation
@testable import SDLControlsCore

/// Controller prompts in the core: which kind of controller the window draws prompts for as
/// controllers connect, are used and go; what a prompt shows, measures and says for each kind;
/// prompts that follow the window against pinned ones; bad input.
@MainActor
struct ControllerPromptTests {
    let window = makeTestWindow(size: CGSize(width: 600, height: 400))

    private func press(_ b: UIGameControllerInput.Button, controller: Int) {
        window.send(.buttonDown(b, controller: controller, timestamp: 0))
        window.send(.buttonUp(b, controller: controller, timestamp: 0))
    }

    @Test func windowDrawsForTheLastConnectedUntilAnotherIsUsed() {
        #expect(window.gameControllerType == nil, "no controller: nothing to draw for")
        window.gameControllerConnected(1, type: .xbox)
        #expect(window.gameControllerType == .xbox)
        window.gameControllerConnected(2, type: .playStation)
        #expect(window.gameControllerType == .playStation, "the one just plugged in")
        press(.south, controller: 1)
        #expect(window.gameControllerType == .xbox, "a press on the first takes the prompts back")
        window.send(.axis(.leftX, 0.3, controller: 2, timestamp: 0))
        #expect(window.gameControllerType == .xbox, "a stick inside its dead zone is not a change of hands")
        window.send(.axis(.rightTrigger, 0.9, controller: 2, timestamp: 0))
        #expect(window.gameControllerType == .playStation, "a trigger pulled is")
        window.gameControllerDisconnected(2)
        #expect(window.gameControllerType == .xbox, "back to the one left")
        #expect(window.connectedGameControllers.map(\.controller) == [1])
        window.gameControllerDisconnected(1)
        #expect(window.gameControllerType == nil)
        #expect(window.connectedGameControllers.isEmpty)
    }

    @Test func unknownIdsAndRepeatedConnectionsAreSafe() {
        window.gameControllerDisconnected(42)   // never connected: nothing happens
        #expect(window.gameControllerType == nil)
        press(.south, controller: 7)             // input from a controller never connected
        #expect(window.gameControllerType == nil, "input alone doesn't make a controller known")
        window.gameControllerConnected(1, type: .generic)
        window.gameControllerConnected(2, type: .xbox)
        window.gameControllerConnected(1, type: .nintendo)   // the same id again: its kind changes, not its place
        #expect(window.connectedGameControllers.map(\.controller) == [1, 2])
        #expect(window.connectedGameControllers.map(\.type) == [.nintendo, .xbox])
        #expect(window.gameControllerType == .xbox)
        press(.east, controller: 1)
        #expect(window.gameControllerType == .nintendo)
        window.send(.axis(.leftY, .nan, controller: 2, timestamp: 0))
        #expect(window.gameControllerType == .nintendo, "a NaN axis is centred")
    }

    @Test func disconnectingForgetsWhatTheControllerHeld() {
        window.gameControllerConnected(3, type: .xbox)
        window.send(.buttonDown(.dpadDown, controller: 3, timestamp: 0))
        window.gameControllerDisconnected(3)
        #expect(window.trackedControllerCount == 0)
    }

    @Test func everyButtonHasANameOnEveryKind() {
        for type in UIGameControllerType.allCases {
            let names = UIGameControllerInput.Button.allCases.map { type.name(of: $0) }
            #expect(names.allSatisfy { !$0.isEmpty })
            let faces = [UIGameControllerInput.Button.south, .east, .west, .north].map { type.name(of: $0) }
            #expect(Set(faces).count == 4, "\(type): four face buttons, four names")
        }
        #expect(UIGameControllerType.xbox.name(of: .south) == "A")
        #expect(UIGameControllerType.playStation.name(of: .south) == "Cross")
        #expect(UIGameControllerType.playStation.name(of: .north) == "Triangle")
        #expect(UIGameControllerType.nintendo.name(of: .south) == "A", "SDL reports Nintendo's buttons by label")
        #expect(UIGameControllerType.nintendo.name(of: .start) == "Plus")
        #expect(UIGameControllerType.xbox.name(of: .leftShoulder) == "LB")
        #expect(UIGameControllerType.playStation.name(of: .leftShoulder) == "L1")
        #expect(UIGameControllerType.generic.name(of: .south) == "Bottom button")
    }

    @Test func promptTakesNoRoomUntilAControllerConnects() {
        let prompt = UIControllerPromptView(button: .south, title: "Select")
        window.addSubview(prompt)
        #expect(prompt.effectiveControllerType == nil)
        #expect(prompt.intrinsicContentSize == .zero)
        #expect(prompt.titleLabel.isHidden)
        #expect(!prompt.isAccessibilityElement)
        window.gameControllerConnected(1, type: .xbox)
        #expect(prompt.effectiveControllerType == .xbox)
        #expect(!prompt.titleLabel.isHidden)
        let size = prompt.intrinsicContentSize
        let d = prompt.glyphHeight
        #expect(size.height == d)
        #expect(size.width > d + (d / 3).rounded(), "glyph, gap, then the title")
        #expect(prompt.isAccessibilityElement)
        #expect(prompt.accessibilityLabel == "A, Select")
        #expect(prompt.accessibilityTraits == .staticText)
        window.gameControllerConnected(2, type: .playStation)
        #expect(prompt.accessibilityLabel == "Cross, Select")
        window.gameControllerDisconnected(2)
        window.gameControllerDisconnected(1)
        #expect(prompt.intrinsicContentSize == .zero)
        #expect(prompt.titleLabel.isHidden)
    }

    @Test func promptInAStackResizesWhenTheControllerChanges() {
        let select = UIControllerPromptView(button: .start, title: "Pause")
        let back = UIControllerPromptView(button: .east, title: "Back")
        let stack = UIStackView(arrangedSubviews: [select, back])
        stack.spacing = 12
        stack.distribution = .equalSpacing   // each prompt at its natural width
        stack.frame = CGRect(x: 0, y: 0, width: 400, height: 30)
        window.addSubview(stack)
        window.gameControllerConnected(1, type: .xbox)
        window.layoutIfNeeded()
        let xboxWidth = select.frame.width
        #expect(xboxWidth == select.intrinsicContentSize.width)
        window.gameControllerConnected(2, type: .playStation)
        window.layoutIfNeeded()
        #expect(select.frame.width == select.intrinsicContentSize.width, "the stack laid out again")
        #expect(select.frame.width > xboxWidth, "PlayStation's OPTIONS capsule is wider than Xbox's menu disc")
    }

    @Test func aPromptHostedInAnImmediateRowAppearsWhenAControllerConnects() {
        let h = ImmediateHarness()
        var prompt: UIControllerPromptView?
        var button: UIButton?
        func build(_ ui: ImmediateUI) {
            ui.row { ui in
                ui.custom(UIControllerPromptView(button: .south, title: "Jump")) { prompt = $0 }
                ui.button("Pause")
                button = ui.last(UIButton.self)
            }
        }
        h.frame(build)
        let before = button!.convert(button!.bounds, to: nil).minX
        #expect(prompt!.bounds.width == 0, "no controller: the prompt takes no room")
        h.window.gameControllerConnected(1, type: .xbox)
        h.frame(build)
        #expect(prompt!.bounds.width == prompt!.intrinsicContentSize.width && prompt!.bounds.width > 0)
        #expect(button!.convert(button!.bounds, to: nil).minX > before, "the row made room for it")
    }

    @Test func aPinnedKindIgnoresTheWindow() {
        let prompt = UIControllerPromptView(button: .north)
        prompt.controllerType = .nintendo
        #expect(prompt.effectiveControllerType == .nintendo, "pinned: drawn even outside a window")
        window.addSubview(prompt)
        window.gameControllerConnected(1, type: .playStation)
        #expect(prompt.effectiveControllerType == .nintendo)
        #expect(prompt.accessibilityLabel == "Y")
        prompt.controllerType = nil
        #expect(prompt.effectiveControllerType == .playStation)
        #expect(prompt.accessibilityLabel == "Triangle")
    }

    @Test func titleSitsAfterTheGlyphOnTheLayoutsLeadingSide() {
        window.gameControllerConnected(1, type: .xbox)
        let ltr = UIControllerPromptView(button: .south, title: "Jump")
        let rtl = UIControllerPromptView(button: .south, title: "Jump")
        rtl.semanticContentAttribute = .forceRightToLeft
        for p in [ltr, rtl] {
            window.addSubview(p)
            p.sizeToFit()
            p.layoutIfNeeded()
        }
        let lead = ltr.glyphHeight + (ltr.glyphHeight / 3).rounded()
        #expect(ltr.titleLabel.frame.minX == lead)
        #expect(rtl.titleLabel.frame.minX == 0)
        #expect(rtl.titleLabel.frame.maxX == rtl.bounds.width - lead)
    }

    @Test func badInputGetsDocumentedAnswers() {
        window.gameControllerConnected(1, type: .generic)
        let prompt = UIControllerPromptView(button: .touchpad, title: "")
        window.addSubview(prompt)
        prompt.font = nil
        #expect(prompt.font == UIControllerPromptView.defaultFont, "nil restores the default font")
        prompt.textColor = nil
        #expect(prompt.textColor == .label)
        // No title: the glyph alone.
        let glyphOnly = prompt.intrinsicContentSize
        #expect(glyphOnly.height == prompt.glyphHeight)
        #expect(prompt.accessibilityLabel == "Touchpad")
        // Narrower than natural: the title gets what is left, never a negative width.
        prompt.title = "A very long title that does not fit"
        prompt.frame = CGRect(x: 0, y: 0, width: 10, height: 4)
        prompt.layoutIfNeeded()
        #expect(prompt.titleLabel.frame.width == 0)
        #expect(prompt.titleLabel.lineBreakMode == .byTruncatingTail)
    }
}
