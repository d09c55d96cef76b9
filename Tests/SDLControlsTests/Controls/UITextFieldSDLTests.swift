import SDLControls
import Foundation
import Testing
@testable import SDLControls
@testable import SDLControlsCore

/// Records a text field's control events by name, in delivery order.
@MainActor
final class TextFieldEventNames {
    private(set) var names: [String] = []
    static let events: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchUpInside, "touchUpInside"),
        (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        (.primaryActionTriggered, "primaryActionTriggered"),
    ]
    init(_ field: UITextField) {
        for (event, name) in Self.events {
            field.addAction(UIAction(identifier: .init("names-\(name)")) { [weak self] _ in self?.names.append(name) }, for: event)
        }
    }
    func clear() { names.removeAll() }
}

/// Rule D8 through real SDL events: every input below is an `SDL_Event` pushed onto SDL's
/// queue (`SDL_PushEvent`) and pumped through the host's input translation, exactly as a
/// mouse, a keyboard, an IME and the system clipboard would deliver them.
@MainActor
struct UITextFieldSDLTests {
    static let frame = CGRect(x: 20, y: 20, width: 240, height: 34)

    private func makeField(_ host: SDLHost) -> (UITextField, TextFieldEventNames) {
        let field = UITextField(frame: Self.frame)
        field.borderStyle = .roundedRect
        host.window.addSubview(field)
        host.update()
        return (field, TextFieldEventNames(field))
    }

    private func click(_ host: SDLHost, x: Int32, y: Int32) {
        push(host, SDLEvents.mouseButton(host, down: true, x: x, y: y))
        push(host, SDLEvents.mouseButton(host, down: false, x: x, y: y))
        host.update()
    }

    private func key(_ host: SDLHost, _ scancode: SDL_Scancode, mod: SDL_Keymod = KMOD_NONE) {
        push(host, SDLEvents.key(host, down: true, scancode: scancode, mod: UInt16(mod.rawValue)))
        push(host, SDLEvents.key(host, down: false, scancode: scancode, mod: UInt16(mod.rawValue)))
        host.update()
    }

    private func text(_ host: SDLHost, _ s: String) {
        push(host, SDLEvents.text(host, s))
        host.update()
    }

    private func composing(_ host: SDLHost, _ s: String, cursor: Int32) {
        push(host, SDLEvents.text(host, s, editing: true, start: cursor, length: 0))
        host.update()
    }

    /// An extended composition: SDL_TEXTEDITING_EXT, with its text on the heap, whole. A
    /// standalone host turns the hint on and frees what `pollEvents` polled; a game that polls
    /// and hands the event to `handle` frees it itself.
    @Test func aCompositionLongerThanSDLsBufferArrivesWholeAsTextEditingExt() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 120))
        defer { host.shutdown() }
        #expect(SDL_GetHintBoolean(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, SDL_FALSE) == SDL_TRUE,
                "a standalone host asks SDL for compositions of any length")
        let (field, _) = makeField(host)
        click(host, x: 60, y: 37)
        #expect(field.isEditing)
        let long = "にほんごのにゅうりょくはとてもながいです"   // 60 bytes: SDL_TEXTEDITING would cut it
        #expect(long.utf8.count > 31)
        func ext(_ text: String, start: Int32) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_TEXTEDITING_EXT.rawValue
            e.editExt.windowID = SDL_GetWindowID(host.sdlWindow)
            e.editExt.text = SDL_strdup(text)
            e.editExt.start = start
            e.editExt.length = 0
            return e
        }
        // Queued and polled by the host, which frees the text.
        var queued = ext(long, start: 20)
        #expect(SDL_PushEvent(&queued) == 1)
        #expect(host.pollEvents())
        #expect(field.markedText == long)
        // Handed over by a game's own loop: read, not freed (the game frees it).
        let owned = ext(String(long.prefix(10)), start: 10)
        #expect(host.handle(owned))
        #expect(field.markedText == String(long.prefix(10)))
        SDL_free(owned.editExt.text)
        // A null text (SDL promises none; a game's hand-made event might) is an empty composition.
        var empty = ext("", start: 0)
        SDL_free(empty.editExt.text)
        empty.editExt.text = nil
        host.handle(empty)
        #expect(field.markedText == nil)
        #expect(field.text == "")
    }

    @Test func d8_fullSessionThroughSDLEvents() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 120))
        defer { host.shutdown() }
        let (field, log) = makeField(host)
        SDL_SetClipboardText("")

        // A click into the field begins editing and turns SDL text input on.
        click(host, x: 60, y: 37)
        #expect(field.isEditing)
        #expect(SDL_IsTextInputActive() == SDL_TRUE, "the host started text input for the field")
        #expect(log.names == ["editingDidBegin", "touchDown", "touchUpInside"])
        log.clear()

        // Typing arrives as SDL_TEXTINPUT.
        text(host, "Hi")
        text(host, " there")
        #expect(field.text == "Hi there")

        // IME: SDL_TEXTEDITING shows a composition (not text yet), then the commit arrives as
        // SDL_TEXTINPUT followed by an empty SDL_TEXTEDITING.
        composing(host, "ni", cursor: 2)
        #expect(field.markedText == "ni")
        #expect(field.text == "Hi there")
        composing(host, "nihao", cursor: 5)
        #expect(field.markedText == "nihao")
        push(host, SDLEvents.text(host, "你好"))
        push(host, SDLEvents.text(host, "", editing: true))
        host.update()
        #expect(field.text == "Hi there你好")
        #expect(field.markedText == nil)

        // Backspace as SDL_KEYDOWN deletes one grapheme.
        key(host, SDL_SCANCODE_BACKSPACE)
        #expect(field.text == "Hi there你")

        // Ctrl+A, Ctrl+C copy to SDL's clipboard.
        key(host, SDL_SCANCODE_A, mod: KMOD_LCTRL)
        key(host, SDL_SCANCODE_C, mod: KMOD_LCTRL)
        #expect(SDL_HasClipboardText() == SDL_TRUE)
        let copied = SDL_GetClipboardText().map { raw in defer { SDL_free(raw) }; return String(cString: raw) }
        #expect(copied == "Hi there你")

        // Ctrl+V pastes what another application put on SDL's clipboard.
        key(host, SDL_SCANCODE_END)
        SDL_SetClipboardText(" & more")
        key(host, SDL_SCANCODE_V, mod: KMOD_LCTRL)
        #expect(field.text == "Hi there你 & more")

        // Return ends editing and turns text input off.
        key(host, SDL_SCANCODE_RETURN)
        #expect(!field.isEditing)
        #expect(SDL_IsTextInputActive() == SDL_FALSE, "the host stopped text input")
        #expect(log.names == [
            "editingChanged", "editingChanged",          // "Hi", " there"
            "editingChanged",                            // the committed composition
            "editingChanged",                            // Backspace
            "editingChanged",                            // Ctrl+V
            "editingDidEndOnExit", "primaryActionTriggered", "editingDidEnd",
        ])
    }

    @Test func d8_keyDownWithItsTextInputInsertsOnce() throws {
        // A real keyboard sends SDL_KEYDOWN and then SDL_TEXTINPUT for a printable key; the
        // field takes the text and swallows the key, so Space doesn't activate anything.
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 120))
        defer { host.shutdown() }
        let (field, log) = makeField(host)
        click(host, x: 60, y: 37)
        log.clear()
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_A, sym: SDL_Keycode(UInt8(ascii: "a"))))
        push(host, SDLEvents.text(host, "a"))
        push(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_A, sym: SDL_Keycode(UInt8(ascii: "a"))))
        var space = SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_SPACE, sym: SDL_Keycode(UInt8(ascii: " ")))
        #expect(host.handle(space), "a key while editing is consumed: the game should ignore it")
        push(host, SDLEvents.text(host, " "))
        space.type = SDL_KEYUP.rawValue
        push(host, space)
        host.update()
        #expect(field.text == "a ")
        #expect(log.names == ["editingChanged", "editingChanged"], "no touchDown/touchUpInside from Space")
    }

    @Test func d8_tabAndClickElsewhereEndEditingWithEditingDidEnd() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 160))
        defer { host.shutdown() }
        let (first, log1) = makeField(host)
        let second = UITextField(frame: CGRect(x: 20, y: 80, width: 240, height: 34))
        second.borderStyle = .roundedRect
        host.window.addSubview(second)
        let log2 = TextFieldEventNames(second)
        click(host, x: 60, y: 37)
        log1.clear()
        key(host, SDL_SCANCODE_TAB)
        #expect(second.isEditing && !first.isEditing)
        #expect(log1.names == ["editingDidEnd"])
        #expect(log2.names == ["editingDidBegin"])
        #expect(SDL_IsTextInputActive() == SDL_TRUE, "still on: the new first responder takes text")
        // The application ends editing when the user clicks elsewhere.
        second.resignFirstResponder()
        host.update()
        #expect(log2.names == ["editingDidBegin", "editingDidEnd"])
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
    }

    @Test func dragSelectionAndDoubleClickThroughTheMouse() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 120))
        defer { host.shutdown() }
        let (field, _) = makeField(host)
        field.text = "alpha beta gamma"
        host.update()
        // Drag from before "beta" to past the end of the text. Layout knows where offset 6
        // is drawn even before editing begins.
        field.selectedRange = NSRange(location: 6, length: 0)
        let caretX = field.caretRectInWindow.minX
        push(host, SDLEvents.mouseButton(host, down: true, x: Int32(caretX.rounded()), y: 37))
        push(host, SDLEvents.mouseMotion(host, x: 150, y: 37))
        push(host, SDLEvents.mouseMotion(host, x: 250, y: 37))
        push(host, SDLEvents.mouseButton(host, down: false, x: 250, y: 37))
        host.update()
        #expect(field.selectedRange == NSRange(location: 6, length: 10))
        // Two quick clicks on "alpha" select the word (the host's clock makes them quick).
        host.clock = { [t = 10.0] in t }
        push(host, SDLEvents.mouseButton(host, down: true, x: 40, y: 37))
        push(host, SDLEvents.mouseButton(host, down: false, x: 40, y: 37))
        push(host, SDLEvents.mouseButton(host, down: true, x: 40, y: 37))
        push(host, SDLEvents.mouseButton(host, down: false, x: 40, y: 37))
        host.update()
        #expect(field.selectedRange == NSRange(location: 0, length: 5))
    }
    @Test func megabytePasteThroughSDLsClipboardStaysFast() throws {
        // Bad input: a megabyte on the system clipboard, and a long run of zero-width
        // characters (SDL_ttf measures them as nothing, so no span ever gets wide).
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 120))
        defer { host.shutdown() }
        let (field, log) = makeField(host)
        click(host, x: 60, y: 37)
        log.clear()
        let start = ContinuousClock.now
        SDL_SetClipboardText(String(repeating: "The quick brown fox. ", count: 50_000))   // 1,050,000 bytes
        key(host, SDL_SCANCODE_V, mod: KMOD_LCTRL)
        host.renderFrame()
        #expect(field.text?.utf16.count == UITextField.maximumTextLength)
        #expect(host.counters.glyphRunsRasterized <= 40, "only the visible glyphs are rasterized, each once")
        key(host, SDL_SCANCODE_HOME)
        host.renderFrame()
        key(host, SDL_SCANCODE_A, mod: KMOD_LCTRL)
        SDL_SetClipboardText(String(repeating: "\u{200B}", count: 60_000) + "end")
        key(host, SDL_SCANCODE_V, mod: KMOD_LCTRL)
        host.renderFrame()
        #expect(field.text?.hasSuffix("end") == true)
        key(host, SDL_SCANCODE_HOME)
        key(host, SDL_SCANCODE_END)
        host.renderFrame()
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(log.names == ["editingChanged", "editingChanged"])
        let caret = field.caretRectInWindow
        #expect(caret.maxX <= field.convert(field.bounds, to: nil).maxX)
    }

    // MARK: Modifier keys, and selecting with the mouse

    /// SDL reports AltGr as Ctrl with right Alt on Windows: the key types its character and
    /// runs no shortcut (Polish AltGr+A is "ą", Czech AltGr+V "@"), and the game doesn't get it.
    @Test func altGrTypesItsCharacterAndRunsNoShortcut() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (field, _) = makeField(host)
        field.text = "hello"
        UIPasteboard.general.string = "CLIP"
        #expect(field.becomeFirstResponder())
        let altGr = UInt16(KMOD_LCTRL.rawValue | KMOD_RALT.rawValue)
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_A, mod: altGr)))
        text(host, "ą")
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_V, mod: altGr)))
        text(host, "@")
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_Q, mod: altGr)))
        host.update()
        #expect(field.text == "helloą@")
        // Plain Ctrl is still the shortcut.
        key(host, SDL_SCANCODE_A, mod: KMOD_LCTRL)
        #expect(field.selectedRange == NSRange(location: 0, length: 7))
    }

    /// Return with Alt (a game's full-screen toggle), Ctrl or Command is the game's: the field
    /// keeps editing and reports it not consumed.
    @Test func aModifiedReturnIsTheGames() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (field, log) = makeField(host)
        #expect(field.becomeFirstResponder())
        log.clear()
        #expect(!handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_RETURN, mod: UInt16(KMOD_LALT.rawValue))))
        #expect(field.isEditing && log.names.isEmpty)
        #expect(handled(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_RETURN)))
        host.update()
        #expect(!field.isEditing && log.names.contains("editingDidEndOnExit"))
    }

    /// A double click on the right half of a word's last letter selects that word, not the
    /// space after it (the nearest boundary is after the letter; the letter is under the pointer).
    @Test func aDoubleClickOnTheRightHalfOfALastLetterSelectsItsWord() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (field, _) = makeField(host)
        field.text = "alpha beta"
        #expect(field.becomeFirstResponder())
        host.update()
        // The x of "alpha"'s last letter, three quarters across: between the caret x of 4 and 5.
        field.setSelection(anchor: 4, focus: 4)
        let x4 = field.caretRectInWindow.midX
        field.setSelection(anchor: 5, focus: 5)
        let x5 = field.caretRectInWindow.midX
        let x = Int32((x4 + (x5 - x4) * 0.75).rounded()), y = Int32(Self.frame.midY)
        push(host, SDLEvents.mouseButton(host, down: true, x: x, y: y))
        push(host, SDLEvents.mouseButton(host, down: false, x: x, y: y))
        var second = SDLEvents.mouseButton(host, down: true, x: x, y: y)
        second.button.clicks = 2
        push(host, second)
        push(host, SDLEvents.mouseButton(host, down: false, x: x, y: y))
        host.update()
        #expect(field.selectedRange == NSRange(location: 0, length: 5))
    }

    /// Shift held with a click in a field that edits extends the selection from its anchor
    /// (the mouse event carries no modifiers: SDL's keyboard state says Shift is held).
    @Test func aShiftClickExtendsTheSelection() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown(); SDL_SetModState(KMOD_NONE) }
        let (field, _) = makeField(host)
        field.text = "alpha beta gamma"
        #expect(field.becomeFirstResponder())
        key(host, SDL_SCANCODE_HOME)
        #expect(field.selectedRange == NSRange(location: 0, length: 0))
        field.setSelection(anchor: 10, focus: 10)
        let x = Int32(field.caretRectInWindow.midX.rounded()), y = Int32(Self.frame.midY)
        field.setSelection(anchor: 0, focus: 0)
        SDL_SetModState(KMOD_LSHIFT)
        click(host, x: x, y: y)
        SDL_SetModState(KMOD_NONE)
        #expect(field.selectedRange == NSRange(location: 0, length: 10))
        field.setSelection(anchor: 2, focus: 2)
        let x2 = Int32(field.caretRectInWindow.midX.rounded())
        field.setSelection(anchor: 10, focus: 16)
        click(host, x: x2, y: y)   // a plain click (far enough not to count as a second tap) puts the caret there
        #expect(field.selectedRange == NSRange(location: 2, length: 0))
    }

    /// A drag held past the field's trailing edge goes on selecting and scrolling, a character
    /// every 0.05 s, while the pointer stays there; it stops when it comes back or lifts.
    @Test func aDragHeldPastTheEdgeKeepsSelecting() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        let (field, _) = makeField(host)
        field.text = String(repeating: "abcdefghij", count: 20)
        #expect(field.becomeFirstResponder())
        key(host, SDL_SCANCODE_HOME)
        let y = Int32(Self.frame.midY)
        push(host, SDLEvents.mouseButton(host, down: true, x: 30, y: y))
        push(host, SDLEvents.mouseMotion(host, x: 300, y: y))   // past the trailing edge (x 260)
        host.update()
        let first = field.selectedRange.length
        for _ in 0..<60 { host.update() }   // one second held still
        let held = field.selectedRange.length
        #expect(held >= first + 15, "about 20 more characters in a second: \(first) → \(held)")
        push(host, SDLEvents.mouseMotion(host, x: 200, y: y))   // back inside: the drag follows the pointer
        host.update()
        let inside = field.selectedRange.length
        for _ in 0..<30 { host.update() }
        #expect(field.selectedRange.length == inside, "no more scrolling once the pointer is back")
        push(host, SDLEvents.mouseButton(host, down: false, x: 200, y: y))
        host.update()
        #expect(field.dragScrollTimer == nil)
    }
}
