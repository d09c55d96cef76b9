import SDLControlsSDL2
import Foundation

/// The platform half of the host. Does:
/// - turn SDL's mouse, finger, wheel, key, text and IME events for its window into the
///   window's touches, presses, scrolls and text, and answer whether the UI consumed each;
/// - capture the mouse while a press on a view is held; track hover, and show the cursor the
///   hovered views ask for while it manages the cursor;
/// - keep SDL's text input on while a text responder edits, the IME rectangle at the caret;
/// - pass game controllers' buttons and sticks on (and open the controllers, unless embedded);
/// - cancel every touch when the window loses focus or the app goes to the background.
/// It takes values, not calls: an event, its time and the renderer half's ``PointerSpace``.
/// It gives back an ``Outcome``: consumed or not, and ``Requests`` for the host.
/// Does not: draw, read the render state, or take another window's events. What is handled
/// and when an event counts as consumed: the DocC article "Input from SDL".
@MainActor
final class SDLPlatformBackend {
    /// What the host gives with each event: values read before it.
    struct Input {
        /// The time of the event: the host's clock, or its fixed step.
        var time: TimeInterval
        /// How SDL's positions become UI points (from the renderer half).
        var space: PointerSpace
    }

    /// What an event asks of the rest of the host.
    struct Requests: OptionSet {
        let rawValue: UInt8
        /// The window was resized or moved to another display: read its size and density.
        static let readWindowMetrics = Requests(rawValue: 1 << 0)
        /// The renderer lost its textures: make them again.
        static let recreateTextures = Requests(rawValue: 1 << 1)
        /// The user asked to quit, or closed the window.
        static let quit = Requests(rawValue: 1 << 2)
        /// The window was exposed or changed: present a frame even if the UI didn't change.
        static let showFrame = Requests(rawValue: 1 << 3)
    }

    /// The answer to one event.
    struct Outcome {
        /// Whether the UI used the event, so the game should ignore it.
        var consumed = false
        /// What the host should do about it.
        var requests: Requests = []
    }

    /// The contact id used for the mouse.
    static let mouseContactID: Int64 = .min + 1
    /// `SDL_TOUCH_MOUSEID`: SDL's `(Uint32)-1`, which Swift can't import as written.
    static let touchMouseID = SDL_TOUCH_MOUSEID
    /// `SDL_MOUSE_TOUCHID`.
    static let mouseTouchID = SDL_MOUSE_TOUCHID

    let window: UIWindow
    let sdlWindow: OpaquePointer
    /// The SDL window's id, kept so events are matched without touching a window the game
    /// may have destroyed.
    let sdlWindowID: UInt32
    /// Game controllers: opened here unless embedded.
    let gameControllers: SDLGameControllerInput
    /// Cursors and mouse capture.
    let pointer = SDLPointer()
    /// Whether the cursor the hovered views ask for is shown (``SDLHost/managesCursor``);
    /// changed with ``setManagesCursor(_:showNow:)``.
    var managesCursor: Bool
    /// Points scrolled per notch of the wheel (``SDLHost/wheelScrollDistance``).
    var wheelScrollDistance: CGFloat = 40 {
        didSet {
            if !wheelScrollDistance.isFinite { wheelScrollDistance = 40 } else if wheelScrollDistance < 0 {
                wheelScrollDistance = 0
            } else if wheelScrollDistance > 10_000 { wheelScrollDistance = 10_000 }
        }
    }
    /// Whether a press no view takes ends editing (``SDLHost/endsEditingOnPressOutsideUI``).
    var endsEditingOnPressOutsideUI: Bool
    /// Where the mouse is over the UI (``SDLHost/hoverLocation``).
    var hoverLocation: CGPoint?
    /// Where the mouse pointer last was, in UI points (outside the UI's bounds too), as mouse
    /// events reported it: the wheel scrolls what is there.
    var pointerWhereabouts = PointerWhereabouts.unknown

    /// What is known of the mouse pointer's position.
    enum PointerWhereabouts: Equatable {
        /// No mouse event yet.
        case unknown
        /// At this UI point (possibly outside the UI, in a letterbox bar).
        case at(CGPoint)
        /// Outside the window (`SDL_WINDOWEVENT_LEAVE`).
        case outsideWindow
    }

    // The contacts down: the mouse's touch and the buttons held, and each finger's touch.
    var fingerIDs: [FingerKey: Int64] = [:]
    var nextFingerID: Int64 = 1
    var mouseDown = false
    var mouseButtons: UIEvent.ButtonMask = []
    /// The button that began the mouse's touch.
    var mouseTouchButton: UIEvent.ButtonMask = []
    /// Whether a view takes the press SDL made a duplicate of, from the duplicate's down to its
    /// up: a mouse click made from a finger, and a finger made from the mouse.
    var touchMadeClickTaken = false
    var clickMadeTouchTaken = false
    var textInputOwned = false
    var lastIMERect: SDL_Rect?

    struct FingerKey: Hashable {
        var touchID: Int64
        var fingerID: Int64
    }

    init(window: UIWindow, sdlWindow: OpaquePointer, embedded: Bool) {
        self.window = window
        self.sdlWindow = sdlWindow
        sdlWindowID = SDL_GetWindowID(sdlWindow)
        managesCursor = !embedded
        endsEditingOnPressOutsideUI = embedded
        gameControllers = SDLGameControllerInput(opensControllers: !embedded)
    }

    /// Whether `id` names this window (0: events SDL sends to no window in particular).
    func isOurWindow(_ id: UInt32) -> Bool {
        id == 0 || id == sdlWindowID
    }

    /// Whether `event` is a pointer event for this window, whose positions need the render
    /// state the game left (the host reads it once per batch of events).
    func needsPointerSpace(_ event: SDL_Event) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: return isOurWindow(event.button.windowID)
        case SDL_MOUSEMOTION: return isOurWindow(event.motion.windowID) && event.motion.which != Self.touchMouseID
        case SDL_MOUSEWHEEL: return isOurWindow(event.wheel.windowID) && event.wheel.which != Self.touchMouseID
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP: return isOurWindow(event.tfinger.windowID)
        default: return false
        }
    }

    /// Feeds one SDL event to the window; says whether it was consumed and what the host
    /// should do.
    func handle(_ event: SDL_Event, input: Input) -> Outcome {
        let type = SDL_EventType(event.type)
        var outcome = Outcome()
        switch type {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            outcome.consumed = handleMouseButton(event.button, down: type == SDL_MOUSEBUTTONDOWN, input: input)
        case SDL_MOUSEMOTION:
            outcome.consumed = handleMouseMotion(event.motion, input: input)
        case SDL_MOUSEWHEEL:
            outcome.consumed = handleWheel(event.wheel, input: input)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            outcome.consumed = handleFinger(event.tfinger, type: type, input: input)
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = event.key
            guard isOurWindow(k.windowID) else { break }
            let key = UIKey(keyCode: UIKeyboardHIDUsage(rawValue: Int(k.keysym.scancode.rawValue)),
                            modifierFlags: Self.modifiers(k.keysym.mod), characters: Self.characters(k.keysym.sym))
            outcome.consumed = window.send(UIPress(phase: type == SDL_KEYDOWN ? .began : .ended, key: key, timestamp: input.time,
                                                   isRepeat: k.repeat != 0))
        case SDL_TEXTINPUT:
            guard isOurWindow(event.text.windowID) else { break }
            outcome.consumed = window.insertText(Self.string(fromCText: event.text.text))
        case SDL_TEXTEDITING:
            let t = event.edit
            guard isOurWindow(t.windowID) else { break }
            outcome.consumed = window.setMarkedText(Self.string(fromCText: t.text), selectedRange: NSRange(location: Int(t.start), length: Int(t.length)))
        case SDL_TEXTEDITING_EXT:
            // A composition too long for SDL_TEXTEDITING's 32 bytes (SDL sends these with
            // SDL_HINT_IME_SUPPORT_EXTENDED_TEXT on). Its text is heap memory that whoever
            // polled the event frees: read here, freed by `pollEvents` or by the game's loop.
            let t = event.editExt
            guard isOurWindow(t.windowID) else { break }
            outcome.consumed = window.setMarkedText(Self.string(fromHeapText: t.text), selectedRange: NSRange(location: Int(t.start), length: Int(t.length)))
        case SDL_WINDOWEVENT:
            guard isOurWindow(event.window.windowID) else { break }
            outcome.requests.insert(.showFrame)
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN: cancelAll()
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED: outcome.requests.insert(.readWindowMetrics)
            case SDL_WINDOWEVENT_LEAVE: hover(at: nil)   // the pointer left: nothing is hovered
            case SDL_WINDOWEVENT_CLOSE: outcome.requests.insert(.quit)   // SDL sends SDL_QUIT only for the last window
            default: break
            }
        case SDL_QUIT:
            outcome.requests.insert(.quit)
        case SDL_APP_WILLENTERBACKGROUND:
            cancelAll()
        case SDL_CONTROLLERDEVICEADDED, SDL_CONTROLLERDEVICEREMOVED, SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP,
             SDL_CONTROLLERAXISMOTION:
            outcome.consumed = gameControllers.handle(event, window: window, time: input.time, takesInput: takesControllerInput)
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            outcome.requests.insert(.recreateTextures)
        default:
            break
        }
        return outcome
    }

    /// Whether this window acts on controller buttons and sticks (see `SDLGameControllerInput`):
    /// it has keyboard focus, or no window of the process does and its host is the oldest live
    /// one. A window of the game's without a host that has focus takes them from all.
    var takesControllerInput: Bool {
        if let focused = SDL_GetKeyboardFocus() { return focused == sdlWindow }
        return SDLSharedState.oldestLiveHost?.sdlWindowID == sdlWindowID
    }

    /// Every touch and held controller direction cancelled, the mouse released.
    func cancelAll() {
        window.cancelAllTouches()
        window.cancelGameControllerInput()
        mouseDown = false
        mouseButtons = []
        fingerIDs.removeAll()
        pointer.endCapture()
    }

    // MARK: Mouse, fingers, wheel

    func handleMouseButton(_ b: SDL_MouseButtonEvent, down: Bool, input: Input) -> Bool {
        guard isOurWindow(b.windowID) else { return false }
        let bit = Self.buttonMask(forSDLButton: b.button)
        guard !bit.isEmpty else { return false }
        let p = input.space.location(ofMouseX: b.x, y: b.y)
        if b.which == Self.touchMouseID {
            return duplicate(&touchMadeClickTaken, down: down, at: p, type: .direct)   // a finger's click
        }
        if down {
            if mouseDown {
                if !mouseButtons.contains(bit) && (bit != .primary || mouseTouchButton == .primary) {
                    // Another button while one is held: the same touch, reported from its next sample.
                    mouseButtons.insert(bit)
                    return contactIsOwned(Self.mouseContactID)
                }
                // A button pressed again (its up was lost: released outside the window, an
                // event dropped), or a left click while a right or middle touch is down: the
                // old touch is cancelled and a new one begins, so a lost up never leaves
                // the mouse unable to click **(project choice)**.
                window.send(TouchSample(id: Self.mouseContactID, phase: .cancelled, location: p, timestamp: input.time,
                                        type: .indirectPointer, buttonMask: mouseButtons))
                pointer.endCapture()
            }
            mouseDown = true
            mouseButtons = bit
            mouseTouchButton = bit
            hoverLocation = p
            pointerWhereabouts = .at(p)
            window.send(TouchSample(id: Self.mouseContactID, phase: .began, location: p, timestamp: input.time,
                                    type: .indirectPointer, buttonMask: bit, modifierFlags: Self.heldModifiers()))
            let taken = pressTaken(Self.mouseContactID)
            if taken { pointer.beginCapture(window: sdlWindow) }
            return taken
        }
        guard mouseDown, mouseButtons.contains(bit) else { return false }
        let owned = contactIsOwned(Self.mouseContactID)
        guard bit == mouseTouchButton else {
            mouseButtons.remove(bit)   // a second button lifted; the touch goes on
            return owned
        }
        let held = mouseButtons
        mouseDown = false
        mouseButtons = []
        window.send(TouchSample(id: Self.mouseContactID, phase: .ended, location: p, timestamp: input.time,
                                type: .indirectPointer, buttonMask: held))
        pointer.endCapture()
        hover(at: p)   // hover follows the pointer again, from where the button was released
        return owned
    }

    func handleMouseMotion(_ m: SDL_MouseMotionEvent, input: Input) -> Bool {
        guard isOurWindow(m.windowID) else { return false }
        guard m.which != Self.touchMouseID else { return touchMadeClickTaken }
        let p = input.space.location(ofMouseX: m.x, y: m.y)
        guard mouseDown else {
            hover(at: p)   // hover: no touch
            return false
        }
        hoverLocation = p
        pointerWhereabouts = .at(p)
        window.send(TouchSample(id: Self.mouseContactID, phase: .moved, location: p, timestamp: input.time,
                                type: .indirectPointer, buttonMask: mouseButtons))
        return contactIsOwned(Self.mouseContactID)
    }

    func handleWheel(_ w: SDL_MouseWheelEvent, input: Input) -> Bool {
        guard w.which != Self.touchMouseID, isOurWindow(w.windowID) else { return false }
        // Where the pointer last was (SDL converted that position for the game's logical
        // size; it doesn't convert the wheel's own in SDL 2.26); outside the window, or in
        // a letterbox bar outside the UI, the wheel is the game's. Before the first motion,
        // the wheel's own position, in window units.
        let p: CGPoint
        switch pointerWhereabouts {
        case .at(let last): p = last
        case .outsideWindow: return false
        case .unknown: p = input.space.location(ofWindowX: CGFloat(w.mouseX), y: CGFloat(w.mouseY))
        }
        var dx = CGFloat(w.preciseX), dy = CGFloat(w.preciseY)
        if dx == 0 && dy == 0 {   // an event made without the precise values (SDL < 2.0.18, a test)
            dx = CGFloat(w.x)
            dy = CGFloat(w.y)
        }
        guard dx.isFinite, dy.isFinite else { return false }
        let precise = dx != dx.rounded() || dy != dy.rounded()
        let k = wheelScrollDistance
        // SDL: x > 0 to the right, y > 0 away from the user (content above comes into view);
        // the UI: a positive delta shows content further right or down.
        return window.sendScroll(CGPoint(x: dx * k, y: -dy * k), at: p, isPrecise: precise)
    }

    func handleFinger(_ f: SDL_TouchFingerEvent, type: SDL_EventType, input: Input) -> Bool {
        guard isOurWindow(f.windowID) else { return false }
        let key = FingerKey(touchID: f.touchId, fingerID: f.fingerId)
        let p = input.space.location(ofFingerX: f.x, y: f.y)
        if f.touchId == Self.mouseTouchID {
            guard type != SDL_FINGERMOTION else { return clickMadeTouchTaken }
            return duplicate(&clickMadeTouchTaken, down: type == SDL_FINGERDOWN, at: p, type: .indirectPointer)   // a click's finger
        }
        let id: Int64
        if type == SDL_FINGERDOWN {
            if let stale = fingerIDs[key] {
                // A second down for a finger that is already down: end the old touch first
                // (cancelled), as the window does for a duplicate `began` sample.
                window.send(TouchSample(id: stale, phase: .cancelled, location: p, timestamp: input.time, type: .direct))
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
        let ownedBefore = contactIsOwned(id)
        window.send(TouchSample(id: id, phase: phase, location: p, timestamp: input.time, type: .direct))
        return phase == .began ? pressTaken(id) : ownedBefore
    }

    /// A press SDL made from another device's (a click from a finger, sent just before the
    /// finger's own event; a finger from a click) makes no touch: the original does. It is
    /// answered as the original will be, so a game that acts on clicks doesn't also act on a
    /// tap the UI took: at its down, whether a view or a recognizer takes a press of the
    /// original's `type` there (as ``SDLHost/wantsPress(at:)``), and the same until its up.
    private func duplicate(_ taken: inout Bool, down: Bool, at p: CGPoint, type: UITouch.TouchType) -> Bool {
        if down {
            taken = wantsPress(at: p, type: type)
            return taken
        }
        defer { taken = false }
        return taken
    }

    /// Whether a view took the press that just began on contact `id`; a press no view took
    /// ends editing when the host asks for it.
    private func pressTaken(_ id: Int64) -> Bool {
        let taken = contactIsOwned(id)
        if !taken, endsEditingOnPressOutsideUI { window.endEditing(false) }
        return taken
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

    // MARK: Questions

    /// The contacts (mouse, fingers) down now.
    var activeContactIDs: [Int64] { (mouseDown ? [Self.mouseContactID] : []) + fingerIDs.values }

    /// Whether a view owns the touch of contact `id` (the UI uses it; the game should not).
    func contactIsOwned(_ id: Int64) -> Bool {
        guard let touch = window.touch(forContactID: id) else { return false }
        // A gesture recognizer that took it (one on the window itself included) uses it.
        if touch.isTakenByGestureRecognizers { return true }
        guard let view = touch.view else { return false }
        // A touch on the bare root window (no background) falls through to the game.
        return view !== window || window.backgroundColor != nil
    }

    /// Whether a press at `location` (UI points) would be taken by a view: hit-testing finds
    /// a view other than the bare root window (a root window with a background takes it).
    func wantsPress(at location: CGPoint, type: UITouch.TouchType = .direct) -> Bool {
        guard location.x.isFinite, location.y.isFinite else { return false }
        window.layoutIfNeeded()
        guard let view = window.hitTest(location, with: nil) else { return false }
        return view !== window || window.backgroundColor != nil || window.recognizersWouldTakePress(at: location, type: type)
    }
}
