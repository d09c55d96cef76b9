import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// The consumed table for keys, key by key, through real SDL events (README "Embedding in your
/// game"): whether `handle(_:)` tells the game a key-down and its key-up were used.
@MainActor
struct ConsumedKeysTests {
    /// Who has the keyboard when the key is pressed.
    enum Situation: String, CaseIterable, Sendable {
        case focusedButton, focusedSlider, editingTextField, nothingFocused
        case navigationOffFocusedButton, navigationOffFocusedSlider, navigationOffEditingTextField
    }

    /// One key of the table.
    struct Key: CustomStringConvertible, Sendable {
        let name: String
        let scancode: SDL_Scancode
        var shift = false
        var description: String { name }
    }

    static let keys: [Key] = [
        Key(name: "Tab", scancode: SDL_SCANCODE_TAB), Key(name: "Shift+Tab", scancode: SDL_SCANCODE_TAB, shift: true),
        Key(name: "Space", scancode: SDL_SCANCODE_SPACE), Key(name: "Return", scancode: SDL_SCANCODE_RETURN),
        Key(name: "Escape", scancode: SDL_SCANCODE_ESCAPE), Key(name: "Left", scancode: SDL_SCANCODE_LEFT),
        Key(name: "Right", scancode: SDL_SCANCODE_RIGHT), Key(name: "Up", scancode: SDL_SCANCODE_UP),
        Key(name: "Down", scancode: SDL_SCANCODE_DOWN), Key(name: "A", scancode: SDL_SCANCODE_A),
        Key(name: "F5", scancode: SDL_SCANCODE_F5), Key(name: "Backspace", scancode: SDL_SCANCODE_BACKSPACE),
    ]

    /// The expected answer (key-down and its key-up alike), in `keys` order. The layout is a
    /// column: button, slider, text field; so Down from the button reaches the slider, Up from
    /// the button reaches nothing, and so on.
    static let table: [Situation: [Bool]] = [
        //                               Tab    S-Tab  Space  Return Esc    Left   Right  Up     Down   A      F5     Bksp
        .focusedButton:                 [true,  true,  true,  true,  false, false, false, false, true,  false, false, false],
        .focusedSlider:                 [true,  true,  false, false, false, true,  true,  true,  true,  false, false, false],
        .editingTextField:              [true,  true,  true,  true,  true,  true,  true,  true,  true,  true,  false, true],
        .nothingFocused:                [true,  true,  false, false, false, false, false, false, false, false, false, false],
        .navigationOffFocusedButton:    [false, false, false, false, false, false, false, false, false, false, false, false],
        .navigationOffFocusedSlider:    [false, false, false, false, false, false, false, false, false, false, false, false],
        .navigationOffEditingTextField: [false, false, true,  true,  true,  true,  true,  true,  true,  true,  false, true],
    ]

    @MainActor
    struct Scene {
        let host: SDLHost
        let button = UIButton(type: .system)
        let slider = UISlider()
        let field = UITextField()
        var focusBefore: UIView?
        var sliderBefore: Float = 0.5
        var selectionBefore = NSRange(location: 0, length: 0)
    }

    private func makeScene(_ situation: Situation) throws -> Scene {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        var scene = Scene(host: host)
        scene.button.setTitle("Fire", for: .normal)
        scene.button.frame = CGRect(x: 20, y: 20, width: 100, height: 36)
        scene.slider.frame = CGRect(x: 20, y: 80, width: 200, height: 34)
        scene.slider.value = 0.5
        scene.field.borderStyle = .roundedRect
        scene.field.text = "name"
        scene.field.frame = CGRect(x: 20, y: 140, width: 200, height: 34)
        for v in [scene.button, scene.slider, scene.field] as [UIView] { host.window.addSubview(v) }
        host.update()
        let click = { (v: UIView) in
            let c = CGPoint(x: v.frame.midX, y: v.frame.midY)
            _ = handled(host, SDLEvents.mouseButton(host, down: true, x: Int32(c.x), y: Int32(c.y)))
            _ = handled(host, SDLEvents.mouseButton(host, down: false, x: Int32(c.x), y: Int32(c.y)))
        }
        switch situation {
        case .focusedButton: host.window.setFocusedView(scene.button)
        case .focusedSlider: host.window.setFocusedView(scene.slider)
        case .editingTextField: host.window.setFocusedView(scene.field)
        case .nothingFocused: break
        case .navigationOffFocusedButton:
            host.focusNavigation = .gameController
            click(scene.button)   // focus follows the click
        case .navigationOffFocusedSlider:
            host.focusNavigation = .gameController
            host.window.setFocusedView(scene.slider)
        case .navigationOffEditingTextField:
            host.focusNavigation = .gameController
            click(scene.field)
        }
        host.update()
        scene.focusBefore = host.window.focusedView
        scene.sliderBefore = scene.slider.value
        scene.selectionBefore = scene.field.selectedRange
        return scene
    }

    @Test(arguments: Situation.allCases)
    func everyKeyInEverySituation(_ situation: Situation) throws {
        let expected = try #require(Self.table[situation])
        for (i, key) in Self.keys.enumerated() {
            let scene = try makeScene(situation)
            defer { scene.host.shutdown() }
            let host = scene.host
            var taps = 0
            scene.button.addAction(UIAction { _ in taps += 1 }, for: .primaryActionTriggered)
            let editing = scene.field.isEditing
            if situation == .editingTextField || situation == .navigationOffEditingTextField {
                #expect(editing, "\(situation): the field edits before \(key)")
            }
            let mod = key.shift ? UInt16(KMOD_LSHIFT.rawValue) : 0
            let down = handled(host, SDLEvents.key(host, down: true, scancode: key.scancode, mod: mod))
            let up = handled(host, SDLEvents.key(host, down: false, scancode: key.scancode, mod: mod))
            host.update()
            #expect(down == expected[i], "\(situation) \(key): key-down consumed \(down), expected \(expected[i])")
            #expect(up == down, "\(situation) \(key): the key-up follows its key-down")
            // What the UI did with it, so "consumed" is never a guess.
            let acted = host.window.focusedView !== scene.focusBefore || scene.slider.value != scene.sliderBefore || taps > 0
                || scene.field.isEditing != editing || (editing && (scene.field.text != "name" || scene.field.selectedRange != scene.selectionBefore))
            if !down {
                #expect(!acted, "\(situation) \(key): not consumed, so the UI must not have acted on it")
            } else if key.name != "A" || !editing {
                // Typing keys while editing are swallowed (their text comes as SDL_TEXTINPUT).
                #expect(acted || editing, "\(situation) \(key): consumed, so the UI acted on it")
            }
        }
    }

    @Test func textInputIsConsumedOnlyWhileATextResponderEdits() throws {
        let scene = try makeScene(.editingTextField)
        defer { scene.host.shutdown() }
        let host = scene.host
        #expect(host.wantsTextInput && host.wantsKeyboard)
        #expect(handled(host, SDLEvents.text(host, "x")))
        #expect(handled(host, SDLEvents.text(host, "に", editing: true, start: 1)))
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_ESCAPE)), "the IME's while composing")
        #expect(handled(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_ESCAPE)))
        #expect(scene.field.isEditing)
        #expect(handled(host, SDLEvents.text(host, "", editing: true)), "the composition is cancelled")
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_ESCAPE)))
        #expect(handled(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_ESCAPE)))
        host.update()
        #expect(!scene.field.isEditing, "Escape ended editing")
        #expect(!host.wantsTextInput)
        #expect(!handled(host, SDLEvents.text(host, "y")), "nobody edits: the game's text")
        #expect(scene.field.text == "x", "the typed x replaced the selected text")
    }

    @Test func aHeldKeyBelongsToWhoeverTookItsFirstKeyDown() throws {
        let scene = try makeScene(.nothingFocused)
        defer { scene.host.shutdown() }
        let host = scene.host
        // The game's Backspace is held; the player clicks into the field meanwhile.
        #expect(!handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_BACKSPACE)))
        _ = handled(host, SDLEvents.mouseButton(host, down: true, x: 100, y: 157))
        _ = handled(host, SDLEvents.mouseButton(host, down: false, x: 100, y: 157))
        host.update()
        #expect(scene.field.isEditing)
        #expect(!handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_BACKSPACE, repeat: true)),
                "the repeat is the game's…")
        #expect(scene.field.text == "name", "…and not delivered to the field")
        #expect(!handled(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_BACKSPACE)))
        // A fresh press is the field's, and so are its repeats and its key-up.
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_BACKSPACE)))
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_BACKSPACE, repeat: true)))
        #expect(scene.field.text == "na")
        // Return ends editing on its key-down; its key-up is still the UI's.
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_RETURN)))
        #expect(!scene.field.isEditing)
        #expect(handled(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_RETURN)),
                "no lone key-up for the game")
        #expect(handled(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_BACKSPACE)))
    }

    @Test func anEmbeddedHostLeavesTheKeyboardToTheGameByDefault() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        defer { ui.shutdown() }
        #expect(ui.focusNavigation == .gameController)
        #expect(ui.endsEditingOnPressOutsideUI)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        ui.window.addSubview(button)
        ui.update()
        for code in [SDL_SCANCODE_TAB, SDL_SCANCODE_SPACE, SDL_SCANCODE_RETURN, SDL_SCANCODE_DOWN] {
            #expect(!handled(ui, SDLEvents.key(ui, down: true, scancode: code)), "\(code): the game's")
            #expect(!handled(ui, SDLEvents.key(ui, down: false, scancode: code)))
        }
        #expect(ui.window.focusedView == nil)
        ui.focusNavigation = .all   // the game opens its menu
        #expect(handled(ui, SDLEvents.key(ui, down: true, scancode: SDL_SCANCODE_TAB)))
        #expect(ui.window.focusedView === button)
        #expect(ui.wantsKeyboard)
    }
}

/// A game's own window and software renderer on the dummy driver, for embedded hosts.
@MainActor
final class EmbeddedGame {
    let window: OpaquePointer
    let renderer: OpaquePointer
    private var closed = false

    init(width: Int32 = 320, height: Int32 = 240) throws {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw SDLControlsError.initializationFailed(String(cString: SDL_GetError())) }
        guard let w = SDL_CreateWindow("game", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue) else {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLControlsError.windowCreationFailed(String(cString: SDL_GetError()))
        }
        guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(w)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw SDLControlsError.rendererCreationFailed(String(cString: SDL_GetError()))
        }
        window = w
        renderer = r
    }

    /// Destroys the renderer and window and quits video (once).
    func close() {
        guard !closed else { return }
        closed = true
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }
}
