import SDLControlsSDL2
import Foundation

/// The platform half of the host: turns SDL events into the core's platform-neutral input
/// and answers whether the UI consumed each one.
///
/// Handled:
/// - Mouse buttons down / motion / up → one touch of type `.indirectPointer`, begun by the
///   first button pressed and ended when that button lifts (a button pressed again, or a
///   left click during a right or middle touch, cancels it and begins a new one: a lost up
///   never leaves the mouse stuck). `UIEvent.buttonMask` says which
///   buttons are held: left is `.primary`, right `.secondary`, middle `.button(3)`, the side
///   buttons `.button(4)` and `.button(5)`. A right or middle click reaches the view under
///   it but presses no control and scrolls nothing (`UIControl.touchesBegan`).
/// - While a button pressed on a view is held, the mouse is captured (`SDLPointer.swift`),
///   so a drag that leaves the window keeps tracking; released when the button lifts.
/// - Motion with no button down is hover (``UIWindow/sendHover(at:)``): hovered views,
///   hover looks, and the cursor (``SDLHost/managesCursor``); no touch is sent.
///   `SDL_WINDOWEVENT_LEAVE` clears it.
/// - `SDL_MOUSEWHEEL` → ``UIWindow/sendScroll(_:at:isPrecise:)`` at the pointer: the scroll
///   view under it scrolls ``SDLHost/wheelScrollDistance`` points per notch. Whole-notch
///   values glide; fractional ones (a trackpad, a high-resolution wheel) apply at once. SDL's
///   values are used as reported: with `SDL_MOUSEWHEEL_FLIPPED` they already follow the
///   user's "natural scrolling" setting, so content moves as in the system's other apps.
/// - `SDL_FINGERDOWN/MOTION/UP` → one touch per finger (any number at once).
/// - Positions in the game's coordinate system (`Rendering/RenderPlacement.swift`): mouse
///   positions in window units, or in logical units when the game set a logical size; finger
///   positions normalized to the renderer's viewport; both become UI points the way the UI is
///   drawn (``SDLHost/placement``), so a press lands on the control drawn under it.
/// - Duplicates make no touch: mouse events SDL synthesized from touches (`which ==
///   SDL_TOUCH_MOUSEID`) and touch events synthesized from the mouse (`touchId ==
///   SDL_MOUSE_TOUCHID`). They are answered as the original press is (consumed when a view
///   takes a press there), so a tap on a control doesn't also reach the game as a click.
/// - Timestamps from the host's clock (monotonic, or its fixed step), not SDL's 32-bit
///   milliseconds (which wrap after about 49.7 days).
/// - Every touch cancelled on focus loss, minimize, hide, and `SDL_APP_WILLENTERBACKGROUND`.
/// - A press no view takes ends editing when ``SDLHost/endsEditingOnPressOutsideUI`` is on.
/// - `SDL_KEYDOWN/UP` → `UIPress` through the responder chain from the first responder;
///   `SDL_TEXTINPUT` → `insertText`; `SDL_TEXTEDITING` and `SDL_TEXTEDITING_EXT` (a longer
///   one, whose heap text whoever polled it frees) → `setMarkedText` (IME composition).
/// - Resize, display and pixel-density changes → the window's bounds and scale.
/// - `SDL_WINDOWEVENT_CLOSE` of the host's window → ``SDLHost/pollEvents()`` returns false.
/// - `SDL_RENDER_TARGETS_RESET` / `SDL_RENDER_DEVICE_RESET` → textures recreated.
/// - Events for other windows (`windowID`) are left alone and reported as not consumed.
/// - `SDL_CONTROLLER*` → `SDLGameControllerInput.swift` (hot-plug, buttons, axes).
///
/// Not handled: pen pressure, drag-and-drop of files, relative mouse mode, custom (bitmap)
/// cursors. They are reported as not consumed.
///
/// **Consumed**, the answer of ``SDLHost/handle(_:)``: true exactly when the UI used the
/// event, so the game should ignore it.
///
/// | Event | Consumed when |
/// |---|---|
/// | mouse button down (left, right, middle, side), finger down | a view takes the press (hit-testing finds a view other than the bare root window); a second button while one is held: the touch belongs to a view |
/// | motion with a button held, finger motion | the touch belongs to a view |
/// | mouse button up, finger up | the touch belonged to a view |
/// | mouse or finger events SDL made from the other device | as the original press: a view takes a press where it began |
/// | wheel | a scroll view under the pointer scrolls that way (even when it is already at its end) |
/// | motion without a button (hover) | never |
/// | key down | a responder used it: the first responder's own keys (an editing text field's typing, caret, Return and Escape; the date picker's arrows), or, with keyboard navigation on, Tab that moved focus, Space / Return that activated the focused control, an arrow that adjusted it or moved focus |
/// | key repeat, key up | the key's first key-down was consumed (a held key belongs to whoever took it) |
/// | text input, IME composition | a text responder is first responder and took it |
/// | controller button, axis | the UI used it (`UIWindow+GameController.swift`) |
/// | window, app, render, controller device events, quit | never: the UI reacts, the game sees them too |
/// | any event for another window, or after shutdown | never |
@MainActor
struct SDLInputTranslator {
    /// The contact id used for the mouse.
    static let mouseContactID: Int64 = .min + 1
    /// `SDL_TOUCH_MOUSEID`: SDL's `(Uint32)-1`, which Swift can't import as written.
    static let touchMouseID = SDL_TOUCH_MOUSEID
    /// `SDL_MOUSE_TOUCHID`.
    static let mouseTouchID = SDL_MOUSE_TOUCHID

    private var fingerIDs: [FingerKey: Int64] = [:]
    private var nextFingerID: Int64 = 1
    /// Whether the mouse's touch is down.
    private(set) var mouseDown = false
    /// The buttons held while the mouse's touch is down, and the one that began it.
    private var mouseButtons: UIEvent.ButtonMask = []
    private var mouseTouchButton: UIEvent.ButtonMask = []

    /// Whether a view takes the press SDL made a duplicate of, from the duplicate's down to its
    /// up: a mouse click made from a finger, and a finger made from the mouse.
    private var touchMadeClickTaken = false
    private var clickMadeTouchTaken = false

    /// The contacts down now: the mouse's and each finger's.
    var activeContactIDs: [Int64] { (mouseDown ? [Self.mouseContactID] : []) + fingerIDs.values }

    private struct FingerKey: Hashable {
        var touchID: Int64
        var fingerID: Int64
    }

    mutating func handle(_ event: SDL_Event, host: SDLHost) -> Bool {
        let type = SDL_EventType(event.type)
        let window = host.window
        switch type {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard host.isOurWindow(b.windowID) else { return false }
            let bit = Self.buttonMask(forSDLButton: b.button)
            guard !bit.isEmpty else { return false }
            host.refreshRenderStateForInput()   // the state SDL converted the position with
            let p = host.location(ofMouseX: b.x, y: b.y)
            if b.which == Self.touchMouseID {
                return Self.duplicate(&touchMadeClickTaken, down: type == SDL_MOUSEBUTTONDOWN, at: p, host: host)
            }
            if type == SDL_MOUSEBUTTONDOWN {
                if mouseDown {
                    if !mouseButtons.contains(bit) && (bit != .primary || mouseTouchButton == .primary) {
                        // Another button while one is held: the same touch, reported from its next sample.
                        mouseButtons.insert(bit)
                        return host.contactIsOwned(Self.mouseContactID)
                    }
                    // A button pressed again (its up was lost: released outside the window, an
                    // event dropped), or a left click while a right or middle touch is down: the
                    // old touch is cancelled and a new one begins, so a lost up never leaves
                    // the mouse unable to click **(project choice)**.
                    window.send(TouchSample(id: Self.mouseContactID, phase: .cancelled, location: p, timestamp: host.now(),
                                            type: .indirectPointer, buttonMask: mouseButtons))
                    host.pointer.endCapture()
                }
                mouseDown = true
                mouseButtons = bit
                mouseTouchButton = bit
                host.hoverLocation = p
                host.pointerWhereabouts = .at(p)
                window.send(TouchSample(id: Self.mouseContactID, phase: .began, location: p, timestamp: host.now(),
                                        type: .indirectPointer, buttonMask: bit, modifierFlags: Self.heldModifiers()))
                let taken = pressTaken(Self.mouseContactID, host: host)
                if taken { host.pointer.beginCapture(window: host.sdlWindow) }
                return taken
            } else {
                guard mouseDown, mouseButtons.contains(bit) else { return false }
                let owned = host.contactIsOwned(Self.mouseContactID)
                guard bit == mouseTouchButton else {
                    mouseButtons.remove(bit)   // a second button lifted; the touch goes on
                    return owned
                }
                let held = mouseButtons
                mouseDown = false
                mouseButtons = []
                window.send(TouchSample(id: Self.mouseContactID, phase: .ended, location: p, timestamp: host.now(),
                                        type: .indirectPointer, buttonMask: held))
                host.pointer.endCapture()
                // Hover follows the pointer again, from where the button was released.
                host.hover(at: p)
                return owned
            }
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard host.isOurWindow(m.windowID) else { return false }
            guard m.which != Self.touchMouseID else { return touchMadeClickTaken }
            host.refreshRenderStateForInput()
            let p = host.location(ofMouseX: m.x, y: m.y)
            guard mouseDown else {
                host.hover(at: p)   // hover: no touch
                return false
            }
            host.hoverLocation = p
            host.pointerWhereabouts = .at(p)
            window.send(TouchSample(id: Self.mouseContactID, phase: .moved, location: p, timestamp: host.now(),
                                    type: .indirectPointer, buttonMask: mouseButtons))
            return host.contactIsOwned(Self.mouseContactID)
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != Self.touchMouseID, host.isOurWindow(w.windowID) else { return false }
            host.refreshRenderStateForInput()
            // Where the pointer last was (SDL converted that position for the game's logical
            // size; it doesn't convert the wheel's own in SDL 2.26); outside the window, or in
            // a letterbox bar outside the UI, the wheel is the game's. Before the first motion,
            // the wheel's own position, in window units.
            let p: CGPoint
            switch host.pointerWhereabouts {
            case .at(let last): p = last
            case .outsideWindow: return false
            case .unknown: p = host.location(ofWindowX: CGFloat(w.mouseX), y: CGFloat(w.mouseY))
            }
            var dx = CGFloat(w.preciseX), dy = CGFloat(w.preciseY)
            if dx == 0 && dy == 0 {   // an event made without the precise values (SDL < 2.0.18, a test)
                dx = CGFloat(w.x)
                dy = CGFloat(w.y)
            }
            guard dx.isFinite, dy.isFinite else { return false }
            let precise = dx != dx.rounded() || dy != dy.rounded()
            let k = host.wheelScrollDistance
            // SDL: x > 0 to the right, y > 0 away from the user (content above comes into view);
            // the UI: a positive delta shows content further right or down.
            return window.sendScroll(CGPoint(x: dx * k, y: -dy * k), at: p, isPrecise: precise)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            guard host.isOurWindow(f.windowID) else { return false }
            let key = FingerKey(touchID: f.touchId, fingerID: f.fingerId)
            host.refreshRenderStateForInput()
            let p = host.location(ofFingerX: f.x, y: f.y)
            if f.touchId == Self.mouseTouchID {
                guard type != SDL_FINGERMOTION else { return clickMadeTouchTaken }
                return Self.duplicate(&clickMadeTouchTaken, down: type == SDL_FINGERDOWN, at: p, host: host)
            }
            let id: Int64
            if type == SDL_FINGERDOWN {
                if let stale = fingerIDs[key] {
                    // A second down for a finger that is already down: end the old touch first
                    // (cancelled), as the window does for a duplicate `began` sample.
                    window.send(TouchSample(id: stale, phase: .cancelled, location: p, timestamp: host.now(), type: .direct))
                }
                id = nextFingerID
                nextFingerID += 1
                fingerIDs[key] = id
            } else {
                guard let known = fingerIDs[key] else { return false }
                id = known
            }
            let phase: UITouch.Phase = type == SDL_FINGERDOWN ? .began : (type == SDL_FINGERUP ? .ended : .moved)
            if phase == .ended { fingerIDs[key] = nil }
            let ownedBefore = host.contactIsOwned(id)
            window.send(TouchSample(id: id, phase: phase, location: p, timestamp: host.now(), type: .direct))
            return phase == .began ? pressTaken(id, host: host) : ownedBefore
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = event.key
            guard host.isOurWindow(k.windowID) else { return false }
            let key = UIKey(keyCode: UIKeyboardHIDUsage(rawValue: Int(k.keysym.scancode.rawValue)),
                            modifierFlags: Self.modifiers(k.keysym.mod), characters: Self.characters(k.keysym.sym))
            let press = UIPress(phase: type == SDL_KEYDOWN ? .began : .ended, key: key, timestamp: host.now(), isRepeat: k.repeat != 0)
            return window.send(press)
        case SDL_TEXTINPUT:
            let t = event.text
            guard host.isOurWindow(t.windowID) else { return false }
            return window.insertText(Self.string(fromCText: t.text))
        case SDL_TEXTEDITING:
            let t = event.edit
            guard host.isOurWindow(t.windowID) else { return false }
            return window.setMarkedText(Self.string(fromCText: t.text), selectedRange: NSRange(location: Int(t.start), length: Int(t.length)))
        case SDL_TEXTEDITING_EXT:
            // A composition too long for SDL_TEXTEDITING's 32 bytes (SDL sends these with
            // SDL_HINT_IME_SUPPORT_EXTENDED_TEXT on). Its text is heap memory that whoever
            // polled the event frees: read here, freed by `pollEvents` or by the game's loop.
            let t = event.editExt
            guard host.isOurWindow(t.windowID) else { return false }
            return window.setMarkedText(Self.string(fromHeapText: t.text), selectedRange: NSRange(location: Int(t.start), length: Int(t.length)))
        case SDL_WINDOWEVENT:
            let w = event.window
            guard host.isOurWindow(w.windowID) else { return false }
            switch SDL_WindowEventID(UInt32(w.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN:
                cancelAll(host)
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                host.refreshWindowMetrics()
            case SDL_WINDOWEVENT_LEAVE:
                host.hover(at: nil)   // the pointer left: nothing is hovered
            case SDL_WINDOWEVENT_CLOSE:
                host.requestQuit()   // with several windows SDL sends SDL_QUIT only for the last
            default:
                break
            }
            return false
        case SDL_APP_WILLENTERBACKGROUND:
            cancelAll(host)
            return false
        case SDL_CONTROLLERDEVICEADDED, SDL_CONTROLLERDEVICEREMOVED, SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP,
             SDL_CONTROLLERAXISMOTION:
            return host.gameControllers.handle(event, host: host)
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            host.recreateTextures()
            return false
        default:
            return false
        }
    }

    /// A press SDL made from another device's (a click from a finger, sent just before the
    /// finger's own event; a finger from a click) makes no touch: the original does. It is
    /// answered as the original will be, so a game that acts on clicks doesn't also act on a
    /// tap the UI took: at its down, whether a view takes a press there (as
    /// ``SDLHost/wantsPress(at:)``), and the same until its up.
    private static func duplicate(_ taken: inout Bool, down: Bool, at p: CGPoint, host: SDLHost) -> Bool {
        if down {
            taken = host.wantsPress(at: p)
            return taken
        }
        defer { taken = false }
        return taken
    }

    /// Whether a view took the press that just began on contact `id`; a press no view took
    /// ends editing when the host asks for it.
    private func pressTaken(_ id: Int64, host: SDLHost) -> Bool {
        let taken = host.contactIsOwned(id)
        if !taken, host.endsEditingOnPressOutsideUI { host.window.endEditing(false) }
        return taken
    }

    private mutating func cancelAll(_ host: SDLHost) {
        host.window.cancelAllTouches()
        host.window.cancelGameControllerInput()
        mouseDown = false
        mouseButtons = []
        fingerIDs.removeAll()
        host.pointer.endCapture()
    }

    /// The modifier keys held now (a mouse or finger event carries none: SDL's keyboard state).
    static func heldModifiers() -> UIKeyModifierFlags {
        modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
    }

    /// `UIEvent.ButtonMask` numbers buttons primary 1, secondary 2, then the rest; SDL numbers
    /// them left 1, middle 2, right 3, X1 4, X2 5. Empty for 0 and numbers past 62.
    static func buttonMask(forSDLButton button: UInt8) -> UIEvent.ButtonMask {
        switch Int(button) {
        case Int(SDL_BUTTON_LEFT): return .primary
        case Int(SDL_BUTTON_RIGHT): return .secondary
        case Int(SDL_BUTTON_MIDDLE): return .button(3)
        case let n: return .button(n)
        }
    }

    static func modifiers(_ mod: UInt16) -> UIKeyModifierFlags {
        var f: UIKeyModifierFlags = []
        let m = UInt32(mod)
        if m & KMOD_SHIFT.rawValue != 0 { f.insert(.shift) }
        if m & KMOD_CTRL.rawValue != 0 { f.insert(.control) }
        if m & KMOD_ALT.rawValue != 0 { f.insert(.alternate) }
        if m & KMOD_GUI.rawValue != 0 { f.insert(.command) }
        if m & KMOD_CAPS.rawValue != 0 { f.insert(.alphaShift) }
        return f
    }

    /// The UTF-8 text in one of SDL's fixed-size, NUL-terminated event buffers (invalid
    /// bytes become U+FFFD).
    /// The text of an `SDL_TEXTEDITING_EXT` event: empty when null, at most
    /// ``maximumHeapTextBytes`` read (a composition is a few words; a pointer to something
    /// without an end is not read past that).
    static func string(fromHeapText text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        let count = strnlen(text, maximumHeapTextBytes)
        return text.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// The most bytes of an extended composition's text read.
    static let maximumHeapTextBytes = 64 * 1024

    static func string<Buffer>(fromCText buffer: Buffer) -> String {
        withUnsafeBytes(of: buffer) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }

    static func characters(_ sym: SDL_Keycode) -> String {
        guard sym >= 0x20, sym < 0x7F, let s = Unicode.Scalar(UInt32(sym)) else { return "" }
        return String(Character(s))
    }
}
