import SDLControlsSDL2
import Foundation

/// Replays an ``/SDLControlsCore/InputScript`` by pushing real SDL events into the queue, frame by frame,
/// so replayed input goes through exactly the path live input takes.
///
/// ```swift
/// let player = InputScriptPlayer(script: try InputScript(parsing: text), host: host)
/// host.run(frames: player.script.lastFrame + 2) { frame in player.pushEvents(forFrame: frame); return true }
/// ```
/// The `onFrame` callback of ``SDLHost/run(frames:onFrame:)`` runs after events were polled,
/// so the pushed events are handled at the start of the next frame.
///
/// A script file of any length plays from an ``/SDLControlsCore/InputScriptStream``
/// (``init(stream:host:)``): the player reads entries only as their frames come, so memory
/// holds the frames in flight, not the file, and the first frame plays at once. A malformed
/// line met on the way stops the replay there: ``error`` says which, and the player is
/// finished.
///
/// SDL's event queue holds at most 65,535 events. When it is full, `SDL_PushEvent` fails: the
/// player stops pushing for that frame and keeps the rest, in order, for the next call
/// (``waitingEventCount``) **(project choice)**: nothing is dropped, a flood arrives over
/// several frames, and no further entry is read until the queue takes what waits. Scripts
/// built in code may hold any numbers: coordinates are clamped to `Int32` window units, a
/// resize to 1…16384 points.
///
/// `pad add KIND N` plugs in one of SDL's virtual controllers, with the USB ids of a
/// controller SDL reports as that kind (an Xbox One pad, a DualSense, a Switch Pro
/// controller, or none for generic), so the host sees a real device arrive
/// (`SDL_CONTROLLERDEVICEADDED`, then its kind, its prompts); the script's later `pad` lines
/// for controller N are sent as that device's. `pad remove N` unplugs it; what is still
/// plugged in is unplugged when the player goes. Once a script has plugged a controller in,
/// its `pad` lines for a number it did not plug in (or unplugged) come from no device (an
/// id SDL doesn't hand out), so they can't drive a controller that happens to have that id. SDL's game controller subsystem must be up
/// (a standalone or headless host starts it; an embedded host's game does): otherwise
/// ``error`` says so and the replay stops there. A `pad remove` of a number the script never
/// added does nothing.
@MainActor
public final class InputScriptPlayer {
    /// The script given to ``init(script:host:)``; empty for a player reading a stream.
    public let script: InputScript
    /// Weak: a player or recorder outliving its host does nothing rather than crash.
    private weak var host: SDLHost?
    /// Where entries come from: the script's entries, or a stream read as frames come.
    private let stream: InputScriptStream
    /// Events of entries already taken that did not fit in SDL's queue yet, in order.
    private var waiting: [SDL_Event] = []
    private var waitingHead = 0

    /// The malformed line that stopped a streamed replay, or the controller SDL could not
    /// plug in (nil while all is well).
    public private(set) var error: InputScriptError?

    /// Virtual controllers the script plugged in: SDL's instance id by the script's number.
    private var pluggedIn: [Int: SDL_JoystickID] = [:]
    /// Whether the script has plugged a controller in: from then on its numbers are its own
    /// (see ``deviceID(_:)``).
    private var plugsControllersIn = false
    /// Where a script that plugs controllers in sends the numbers it never plugged in: ids SDL
    /// doesn't hand out (it counts up from 0), so they can't reach a device by accident.
    static let unpluggedIDBase: Int32 = 0x4000_0000

    /// USB ids SDL reports as each kind of controller.
    static func usbIDs(of type: UIGameControllerType) -> (vendor: UInt16, product: UInt16) {
        switch type {
        case .xbox: (0x045e, 0x02ea)          // Xbox One controller
        case .playStation: (0x054c, 0x0ce6)   // DualSense
        case .nintendo: (0x057e, 0x2009)      // Switch Pro controller
        case .generic: (0, 0)                 // none: SDL's virtual type
        }
    }

    isolated deinit {
        for id in pluggedIn.values { InputScriptPlayer.unplug(id) }
    }

    /// Whether SDL knows `name` as a key (`SDL_GetScancodeFromName`): pass it to
    /// ``/SDLControlsCore/InputScript/init(parsing:isKeyName:)`` so a script with a misspelt
    /// key ("Tabb") stops at its line instead of replaying a key SDL doesn't know.
    public static func isKeyName(_ name: String) -> Bool {
        SDL_GetScancodeFromName(name) != SDL_SCANCODE_UNKNOWN
    }

    /// Creates a player of a script in memory for `host`.
    public init(script: InputScript, host: SDLHost) {
        self.script = script
        self.host = host
        stream = InputScriptStream(script: script)
    }

    /// Creates a player that reads `stream` as the replay goes (see the overview).
    public init(stream: InputScriptStream, host: SDLHost) {
        script = InputScript()
        self.host = host
        self.stream = stream
    }

    /// Whether every event has been pushed (or a malformed line stopped the replay).
    public var isFinished: Bool { nextEntry() == nil && waitingEventCount == 0 }

    /// Whether the replay is over once `frame` has run: every event pushed and then handled
    /// (events pushed in a frame's `onFrame` are handled in the next frame). The condition to
    /// stop ``SDLHost/run(frames:onFrame:)`` on, for a script of unknown length.
    public func isDone(after frame: Int) -> Bool { isFinished && frame > lastFrameRead }

    /// The frame of the last entry read so far (-1 before any): with ``isFinished``, the
    /// script's last frame.
    public var lastFrameRead: Int { stream.lastFrameRead }

    /// Events due by now that are still waiting for room in SDL's queue.
    public var waitingEventCount: Int { waiting.count - waitingHead }

    /// The next entry to push, read from the stream when needed; nil at the end or after an
    /// error (kept in ``error``).
    private func nextEntry() -> InputScript.Entry? {
        guard error == nil else { return nil }
        do {
            return try stream.peek()
        } catch let e as InputScriptError {
            error = e
        } catch {
            self.error = InputScriptError(line: 0, message: "\(error)")
        }
        return nil
    }

    /// Pushes the events of `frame` (and any earlier ones not yet pushed), as many as SDL's
    /// queue takes; the rest wait for the next call.
    public func pushEvents(forFrame frame: Int) {
        guard pushWaiting() else { return }
        while let entry = nextEntry(), entry.frame <= frame {
            _ = try? stream.next()   // the entry just peeked
            switch entry.event {
            case .controllerAdded(let type, let controller):
                plugIn(type, as: controller, frame: entry.frame)
                continue
            case .controllerRemoved(let controller):
                if let id = pluggedIn.removeValue(forKey: controller) { InputScriptPlayer.unplug(id) }
                continue
            default:
                break
            }
            let events = sdlEvents(for: entry.event)
            for (i, event) in events.enumerated() {
                var e = event
                if SDL_PushEvent(&e) != 1 {
                    // Full (or filtered): keep this one and the rest for the next frame.
                    waiting.append(contentsOf: events[i...])
                    return
                }
            }
        }
    }

    /// Plugs in a virtual controller of `type` as the script's controller `number` (one
    /// already plugged in under that number is unplugged first).
    private func plugIn(_ type: UIGameControllerType, as number: Int, frame: Int) {
        if let old = pluggedIn.removeValue(forKey: number) { InputScriptPlayer.unplug(old) }
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        desc.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        desc.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        (desc.vendor_id, desc.product_id) = InputScriptPlayer.usbIDs(of: type)
        let index = SDL_JoystickAttachVirtualEx(&desc)
        guard index >= 0 else {
            error = InputScriptError(line: 0, message: "frame \(frame): pad add: SDL could not plug in a virtual controller (\(sdlError()))")
            return
        }
        pluggedIn[number] = SDL_JoystickGetDeviceInstanceID(index)
        plugsControllersIn = true
    }

    /// Unplugs the virtual controller SDL knows as `instance`, if it is still there.
    private static func unplug(_ instance: SDL_JoystickID) {
        if let index = (0..<SDL_NumJoysticks()).first(where: { SDL_JoystickGetDeviceInstanceID($0) == instance }) {
            SDL_JoystickDetachVirtual(index)
        }
    }

    /// The id SDL events carry for the script's controller `number`: the virtual device's
    /// when the script plugged one in under that number; else the number itself (a recorded
    /// session's instance id), or, in a script that plugs controllers in, an id in a range SDL
    /// doesn't hand out, so a number it never plugged in (or unplugged) reaches no device.
    private func deviceID(_ number: Int) -> SDL_JoystickID {
        if let id = pluggedIn[number] { return id }
        guard plugsControllersIn else { return SDL_JoystickID(clamping: number) }
        return InputScriptPlayer.unpluggedIDBase + SDL_JoystickID(clamping: min(max(0, number), 0x3FFF_FFFF))
    }

    /// Pushes what waited from earlier frames; false when the queue filled up again.
    private func pushWaiting() -> Bool {
        while waitingHead < waiting.count {
            var e = waiting[waitingHead]
            guard SDL_PushEvent(&e) == 1 else { return false }
            waitingHead += 1
        }
        waiting.removeAll(keepingCapacity: true)
        waitingHead = 0
        return true
    }

    /// The SDL events that reproduce one scripted event.
    func sdlEvents(for event: InputScript.Event) -> [SDL_Event] {
        guard let host else { return [] }
        let windowID = host.sdlWindowID
        var e = SDL_Event()
        switch event {
        case .mouse(let phase, let p):
            // UI points to the window coordinates a real mouse reports (SDL then applies the
            // game's logical size, as it does for a real mouse).
            let (x, y) = host.windowCoordinates(of: p)
            if phase == .move {
                e.type = SDL_MOUSEMOTION.rawValue
                e.motion.windowID = windowID
                e.motion.x = x
                e.motion.y = y
                e.motion.state = 1   // SDL_BUTTON_LMASK (a function-like macro Swift can't import)
            } else {
                e.type = phase == .down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
                e.button.windowID = windowID
                e.button.button = UInt8(SDL_BUTTON_LEFT)
                e.button.state = UInt8(phase == .down ? SDL_PRESSED : SDL_RELEASED)
                e.button.clicks = 1
                e.button.x = x
                e.button.y = y
            }
        case .finger(let phase, let id, let p):
            e.type = phase == .down ? SDL_FINGERDOWN.rawValue : (phase == .up ? SDL_FINGERUP.rawValue : SDL_FINGERMOTION.rawValue)
            e.tfinger.windowID = windowID
            e.tfinger.touchId = InputScriptPlayer.scriptTouchDevice
            e.tfinger.fingerId = id
            (e.tfinger.x, e.tfinger.y) = host.normalizedWindowPosition(of: p)   // SDL maps it into the viewport
        case .key(let down, let name, let mods):
            let scancode = SDL_GetScancodeFromName(name)
            e.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
            e.key.windowID = windowID
            e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.key.keysym.scancode = scancode
            e.key.keysym.sym = SDL_GetKeyFromScancode(scancode)
            var m: UInt32 = 0
            if mods.contains(.shift) { m |= KMOD_LSHIFT.rawValue }
            if mods.contains(.control) { m |= KMOD_LCTRL.rawValue }
            if mods.contains(.alternate) { m |= KMOD_LALT.rawValue }
            if mods.contains(.command) { m |= KMOD_LGUI.rawValue }
            e.key.keysym.mod = UInt16(m)
        case .text(let text):
            // SDL_TEXTINPUT carries at most 31 bytes: longer text becomes several events.
            return InputScriptPlayer.utf8Chunks(text, maxBytes: 31).map { chunk in
                var t = SDL_Event()
                t.type = SDL_TEXTINPUT.rawValue
                t.text.windowID = windowID
                InputScriptPlayer.copy(chunk, into: &t.text.text)
                return t
            }
        case .compose(let text, let cursor):
            e.type = SDL_TEXTEDITING.rawValue
            e.edit.windowID = windowID
            e.edit.start = Int32(clamping: cursor)
            e.edit.length = 0
            InputScriptPlayer.copy(InputScriptPlayer.utf8Chunks(text, maxBytes: 31).first ?? "", into: &e.edit.text)
        case .focus(let gained):
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.windowID = windowID
            e.window.event = UInt8((gained ? SDL_WINDOWEVENT_FOCUS_GAINED : SDL_WINDOWEVENT_FOCUS_LOST).rawValue)
        case .resize(let size):
            let unit = host.windowUnitsPerPoint   // a resize is in window points
            func side(_ v: CGFloat) -> Int32 { Int32(saturating: (min(max(v.isNaN ? 1 : v, 1), 16384) * unit).rounded()) }
            let w = side(size.width), h = side(size.height)
            SDL_SetWindowSize(host.sdlWindow, w, h)
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.windowID = windowID
            e.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
            e.window.data1 = w
            e.window.data2 = h
        case .controller(let kind, let controller):
            // As an opened SDL game controller reports them; `which` is the instance id.
            switch kind {
            case .buttonDown(let b), .buttonUp(let b):
                let down: Bool
                if case .buttonDown = kind { down = true } else { down = false }
                e.type = down ? SDL_CONTROLLERBUTTONDOWN.rawValue : SDL_CONTROLLERBUTTONUP.rawValue
                e.cbutton.which = deviceID(controller)
                e.cbutton.button = UInt8(b.rawValue)
                e.cbutton.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            case .axisMoved(let a, let v):
                e.type = SDL_CONTROLLERAXISMOTION.rawValue
                e.caxis.which = deviceID(controller)
                e.caxis.axis = UInt8(a.rawValue)
                e.caxis.value = Int16((min(1, max(-1, v.isNaN ? 0 : v)) * 32767).rounded())
            }
        case .controllerAdded, .controllerRemoved:
            return []   // not events: devices plugged in and out (see `pushEvents`)
        case .quit:
            e.type = SDL_QUIT.rawValue
        }
        return [e]
    }

    /// The touch device id scripted fingers use.
    static let scriptTouchDevice: Int64 = 0x5C41_0001

    static func utf8Chunks(_ text: String, maxBytes: Int) -> [String] {
        var chunks: [String] = []
        var current = ""
        for ch in text {
            if current.utf8.count + String(ch).utf8.count > maxBytes, !current.isEmpty {
                chunks.append(current)
                current = ""
            }
            current.append(ch)
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    static func copy<T>(_ string: String, into buffer: inout T) {
        withUnsafeMutableBytes(of: &buffer) { raw in
            let bytes = Array(string.utf8.prefix(raw.count - 1))
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
    }
}

/// Records live SDL events as an ``/SDLControlsCore/InputScript`` (the inverse of ``InputScriptPlayer``).
/// Feed it every event with the frame it was handled in; save ``script``'s `text`.
///
/// What it writes always reads back **(project choice)**: coordinates beyond
/// ±``/SDLControlsCore/UIView/maximumCoordinate`` are clamped to it; a finger down or move at a NaN or
/// infinite position is skipped (the window drops it too) and a finger up there is written
/// at the finger's last recorded position; events after ``/SDLControlsCore/InputScript/maximumFrame`` are
/// not recorded.
@MainActor
public final class InputScriptRecorder {
    /// What has been recorded.
    public private(set) var script = InputScript()
    /// Weak: a player or recorder outliving its host does nothing rather than crash.
    private weak var host: SDLHost?
    private var mouseDown = false
    /// Where each recorded finger was last written, so an up at a bad position can be written.
    private var lastFingerLocation: [Int64: CGPoint] = [:]
    /// The window size last written (SDL reports one change as `RESIZED` and `SIZE_CHANGED`).
    private var lastSize: CGSize?

    /// Creates a recorder for `host`.
    public init(host: SDLHost) {
        self.host = host
    }

    /// Records `event` if it is one the format covers (left mouse, fingers, keys, text,
    /// composition, focus, resize, game controller buttons and axes, quit); other events
    /// are skipped.
    public func record(_ event: SDL_Event, frame: Int) {
        guard let host else { return }
        let type = SDL_EventType(event.type)
        guard frame >= 0, frame <= InputScript.maximumFrame else { return }
        func add(_ e: InputScript.Event) { script.entries.append(.init(frame: frame, event: e)) }
        func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            CGPoint(x: UIView.sanitizedCoordinate(x), y: UIView.sanitizedCoordinate(y))
        }
        switch type {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT), event.button.which != SDLPlatformBackend.touchMouseID else { return }
            mouseDown = type == SDL_MOUSEBUTTONDOWN
            let at = host.location(ofMouseX: event.button.x, y: event.button.y)
            add(.mouse(mouseDown ? .down : .up, point(at.x, at.y)))
        case SDL_MOUSEMOTION:
            guard mouseDown, event.motion.which != SDLPlatformBackend.touchMouseID else { return }
            let at = host.location(ofMouseX: event.motion.x, y: event.motion.y)
            add(.mouse(.move, point(at.x, at.y)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            guard event.tfinger.touchId != SDLPlatformBackend.mouseTouchID else { return }
            let id = event.tfinger.fingerId
            let raw = host.location(ofFingerX: event.tfinger.x, y: event.tfinger.y)
            let phase: InputScript.Phase = type == SDL_FINGERDOWN ? .down : (type == SDL_FINGERUP ? .up : .move)
            let p: CGPoint
            if raw.x.isFinite && raw.y.isFinite {
                p = point(raw.x, raw.y)
            } else if phase == .up, let last = lastFingerLocation[id] {
                p = last
            } else {
                return
            }
            lastFingerLocation[id] = phase == .up ? nil : p
            add(.finger(phase, id: id, p))
        case SDL_KEYDOWN, SDL_KEYUP:
            guard event.key.repeat == 0 else { return }
            let name = String(cString: SDL_GetScancodeName(event.key.keysym.scancode))
            guard !name.isEmpty else { return }
            add(.key(down: type == SDL_KEYDOWN, name: name, modifiers: SDLPlatformBackend.modifiers(event.key.keysym.mod)))
        case SDL_TEXTINPUT:
            add(.text(SDLPlatformBackend.string(fromCText: event.text.text)))
        case SDL_TEXTEDITING:
            add(.compose(SDLPlatformBackend.string(fromCText: event.edit.text), cursor: Int(event.edit.start)))
        case SDL_TEXTEDITING_EXT:
            add(.compose(SDLPlatformBackend.string(fromHeapText: event.editExt.text), cursor: Int(event.editExt.start)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST: add(.focus(gained: false))
            case SDL_WINDOWEVENT_FOCUS_GAINED: add(.focus(gained: true))
            case SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED:
                // Both: a user's resize sends the two, a resize made in code (a replayed
                // script's) only SIZE_CHANGED; one line per new size.
                let unit = host.windowUnitsPerPoint
                let size = CGSize(width: CGFloat(event.window.data1) / unit, height: CGFloat(event.window.data2) / unit)
                guard size != lastSize else { return }
                lastSize = size
                add(.resize(size))
            default: break
            }
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let b = UIGameControllerInput.Button(rawValue: Int(event.cbutton.button)) else { return }
            add(.controller(type == SDL_CONTROLLERBUTTONDOWN ? .buttonDown(b) : .buttonUp(b), controller: Int(max(0, event.cbutton.which))))
        case SDL_CONTROLLERAXISMOTION:
            guard let a = UIGameControllerInput.Axis(rawValue: Int(event.caxis.axis)) else { return }
            add(.controller(.axisMoved(a, value: SDLGameControllerInput.normalized(event.caxis.value)), controller: Int(max(0, event.caxis.which))))
        case SDL_CONTROLLERDEVICEADDED:
            // `which` is a device index: the line names the device by its instance id, which
            // its button and axis lines carry.
            let index = event.cdevice.which
            let instance = SDL_JoystickGetDeviceInstanceID(index)
            guard instance >= 0, SDL_IsGameController(index) == SDL_TRUE else { return }
            add(.controllerAdded(SDLGameControllerInput.controllerType(SDL_GameControllerTypeForIndex(index)), controller: Int(instance)))
        case SDL_CONTROLLERDEVICEREMOVED:
            add(.controllerRemoved(controller: Int(max(0, event.cdevice.which))))
        case SDL_QUIT:
            add(.quit)
        default:
            break
        }
    }
}

