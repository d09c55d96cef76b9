import Foundation
import SDLControls

/// The events ``TreeFuzzer`` pushes: SDL events as devices send them (mouse, fingers, wheel,
/// keys, text, controllers and their hot-plug, window events), coherent strokes (drags,
/// flings, holds) and chaotic events, and the lift of every contact at a segment's end.
extension TreeFuzzer {
    // MARK: Events

    private func push(_ e: inout SDL_Event) { _ = SDL_PushEvent(&e) }

    private func units(_ v: CGFloat) -> Int32 { Int32(saturating: (v * host.windowUnitsPerPoint).rounded()) }

    func mouseButton(down: Bool, at p: CGPoint, button: UInt8 = UInt8(SDL_BUTTON_LEFT), clicks: UInt8 = 1) {
        var e = SDL_Event()
        e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        e.button.windowID = windowID
        e.button.button = button
        e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = clicks
        e.button.x = units(p.x)
        e.button.y = units(p.y)
        if down { pressedButtons.insert(button) }
        push(&e)
    }

    func mouseMotion(to p: CGPoint, held: Bool) {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.windowID = windowID
        e.motion.state = held ? 1 : 0
        e.motion.x = units(p.x)
        e.motion.y = units(p.y)
        push(&e)
    }

    func finger(_ type: SDL_EventType, id: Int64, at p: CGPoint, device: Int64 = 1) {
        var e = SDL_Event()
        e.type = type.rawValue
        let size = host.windowSizeInPoints
        e.tfinger.windowID = windowID
        e.tfinger.touchId = device
        e.tfinger.fingerId = id
        e.tfinger.x = Float(size.width > 0 ? p.x / size.width : 0)
        e.tfinger.y = Float(size.height > 0 ? p.y / size.height : 0)
        e.tfinger.pressure = 1
        if type == SDL_FINGERDOWN { pressedFingers.insert([device, id]) }
        push(&e)
    }

    /// A wheel notch or trackpad step at `p` (`dy` positive scrolls content up, as SDL's y).
    func wheel(at p: CGPoint, dx: Float, dy: Float) {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.windowID = windowID
        e.wheel.preciseX = dx
        e.wheel.preciseY = dy
        e.wheel.x = Int32(dx.isFinite ? max(-1e6, min(1e6, dx)).rounded() : 0)
        e.wheel.y = Int32(dy.isFinite ? max(-1e6, min(1e6, dy)).rounded() : 0)
        e.wheel.direction = rng.chance(0.9) ? SDL_MOUSEWHEEL_NORMAL.rawValue : SDL_MOUSEWHEEL_FLIPPED.rawValue
        e.wheel.mouseX = units(p.x)
        e.wheel.mouseY = units(p.y)
        push(&e)
    }

    func key(_ scancode: SDL_Scancode, down: Bool, mod: UInt16 = 0, repeats: Bool = false) {
        var e = SDL_Event()
        e.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        e.key.windowID = windowID
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.key.repeat = repeats ? 1 : 0
        e.key.keysym.scancode = scancode
        e.key.keysym.sym = SDL_GetKeyFromScancode(scancode)
        e.key.keysym.mod = mod
        push(&e)
    }

    /// A press, sometimes autorepeated, and usually its release.
    func keyPress(_ scancode: SDL_Scancode, mod: UInt16 = 0) {
        key(scancode, down: true, mod: mod)
        if rng.chance(0.1) { for _ in 0..<rng.int(1...4) { key(scancode, down: true, mod: mod, repeats: true) } }
        if rng.chance(0.85) { key(scancode, down: false, mod: mod) }
    }

    /// Committed text, up to SDL's 31 bytes: `bytes` as they are (invalid UTF-8 included).
    func textInput(_ bytes: [UInt8], editing: Bool = false) {
        var e = SDL_Event()
        e.type = editing ? SDL_TEXTEDITING.rawValue : SDL_TEXTINPUT.rawValue
        e.text.windowID = windowID
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            let n = min(bytes.count, raw.count - 1)
            for i in 0..<n { raw[i] = bytes[i] }
            raw[n] = 0
        }
        if editing {
            e.edit.start = Int32(rng.int(-1...8))
            e.edit.length = Int32(rng.int(-1...8))
        }
        push(&e)
    }

    func controllerButton(_ button: UInt8, down: Bool, which: Int32) {
        var e = SDL_Event()
        e.type = down ? SDL_CONTROLLERBUTTONDOWN.rawValue : SDL_CONTROLLERBUTTONUP.rawValue
        e.cbutton.which = which
        e.cbutton.button = button
        e.cbutton.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.cbutton.timestamp = SDL_GetTicks()
        push(&e)
    }

    /// A controller button press: released at once, a few events later, or at the segment's end.
    func controllerPress(_ button: UInt8, which: Int32) {
        controllerButton(button, down: true, which: which)
        if rng.chance(0.7) {
            controllerButton(button, down: false, which: which)
        } else {
            heldControllerButtons.append((which, button))
        }
    }

    /// Releases a held controller button, if any.
    func releaseControllerButton() {
        guard !heldControllerButtons.isEmpty else { return }
        let (which, button) = heldControllerButtons.remove(at: rng.int(0...heldControllerButtons.count - 1))
        controllerButton(button, down: false, which: which)
    }

    func controllerAxis(_ axis: UInt8, value: Int16, which: Int32) {
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.which = which
        e.caxis.axis = axis
        e.caxis.value = value
        push(&e)
    }

    /// A hot-plug event as SDL sends them: ADDED names a device index, REMOVED an instance id.
    func controllerDevice(added: Bool, which: Int32) {
        var e = SDL_Event()
        e.type = added ? SDL_CONTROLLERDEVICEADDED.rawValue : SDL_CONTROLLERDEVICEREMOVED.rawValue
        e.cdevice.which = which
        push(&e)
    }

    /// Plugs in (SDL then sends ADDED and the host opens it) or unplugs a virtual controller.
    func virtualHotPlug() {
        var virtuals: [Int32] = []
        for i in 0..<SDL_NumJoysticks() where SDL_JoystickIsVirtual(i) == SDL_TRUE { virtuals.append(i) }
        if virtuals.count < 3, virtuals.isEmpty || rng.chance(0.5) {
            _ = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, Int32(SDL_CONTROLLER_AXIS_MAX.rawValue),
                                          Int32(SDL_CONTROLLER_BUTTON_MAX.rawValue), 0)
        } else if let index = virtuals.randomElement(using: &rng) {
            _ = SDL_JoystickDetachVirtual(index)
        }
    }

    /// Detaches every virtual controller (before the host quits the subsystem).
    func unplugVirtualControllers() {
        var i = SDL_NumJoysticks() - 1
        while i >= 0 {
            if SDL_JoystickIsVirtual(i) == SDL_TRUE { _ = SDL_JoystickDetachVirtual(i) }
            i -= 1
        }
    }

    /// A controller id to send as: an open one, or one nobody opened.
    func controllerID() -> Int32 {
        let open = host.openGameControllers
        if !open.isEmpty, rng.chance(0.7) { return Int32(rng.pick(open)) }
        return rng.pick([0, 1, 7, -1, .max, .min])
    }

    func windowEvent() {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.windowID = windowID
        let id = rng.pick([SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_RESTORED,
                           SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_ENTER, SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_SIZE_CHANGED])
        e.window.event = UInt8(id.rawValue)
        if id == SDL_WINDOWEVENT_SIZE_CHANGED, rng.chance(0.5) {
            let side = rng.pick([320, 640, 960, 1_200] as [CGFloat])
            SDL_SetWindowSize(host.sdlWindow, units(side), units(rng.pick([200, 480, 640, side])))
        }
        push(&e)
    }

    // MARK: Strokes

    /// The visible controls in window coordinates (hidden and faded subtrees skipped).
    func visibleControls(in root: UIView? = nil) -> [UIView] {
        if root == nil, let targetCache { return targetCache }
        var found: [UIView] = []
        func walk(_ v: UIView) {
            guard !v.isHidden, v.alpha > 0.01 else { return }
            if v is UIControl, v.bounds.width > 0, v.bounds.height > 0 { found.append(v) }
            for s in v.subviews { walk(s) }
        }
        walk(root ?? host.window)
        if root == nil { targetCache = found }
        return found
    }

    /// A point inside `view` (or just beyond its edge), in window coordinates.
    func point(in view: UIView, spread: CGFloat = 0) -> CGPoint {
        let f = view.convert(view.bounds, to: nil)
        let x = f.minX - spread + CGFloat.random(in: 0...1, using: &rng) * (f.width + 2 * spread)
        let y = f.minY - spread + CGFloat.random(in: 0...1, using: &rng) * (f.height + 2 * spread)
        return CGPoint(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0)
    }

    func randomPoint() -> CGPoint {
        let s = host.windowSizeInPoints
        return CGPoint(x: CGFloat.random(in: 0...max(1, s.width), using: &rng), y: CGFloat.random(in: 0...max(1, s.height), using: &rng))
    }

    /// A free contact for a new stroke, or nil when all are down.
    private func freeContact() -> Int? {
        let used = Set(strokes.map(\.contact))
        let free = (0...4).filter { !used.contains($0) }
        return free.isEmpty ? nil : rng.pick(free)
    }

    /// Presses at `p` and keeps the contact for `steps` moves of `velocity` (± `jitter`).
    @discardableResult
    func beginStroke(at p: CGPoint, velocity: CGPoint, steps: Int, jitter: CGFloat, target: UIView? = nil) -> Bool {
        guard let contact = freeContact() else { return false }
        strokes.append(Stroke(contact: contact, at: p, velocity: velocity, steps: steps, jitter: jitter, target: target))
        if contact == 0 { mouseButton(down: true, at: p, clicks: UInt8(rng.int(1...2))) } else { finger(SDL_FINGERDOWN, id: Int64(contact), at: p) }
        return true
    }

    /// A drag: slow moves along a gently turning path.
    func beginDrag(at p: CGPoint, direction: CGPoint, target: UIView? = nil) {
        let speed = CGFloat(rng.int(2...14))
        beginStroke(at: p, velocity: CGPoint(x: direction.x * speed, y: direction.y * speed), steps: rng.int(4...60),
                    jitter: CGFloat(rng.int(0...3)), target: target)
    }

    /// A fling: a few fast moves, then the lift.
    func beginFling(at p: CGPoint, direction: CGPoint) {
        let speed = CGFloat(rng.int(40...160))
        beginStroke(at: p, velocity: CGPoint(x: direction.x * speed, y: direction.y * speed), steps: rng.int(2...5), jitter: 2)
    }

    /// A press held still (a finger resting on a control for many frames, trembling a little).
    func beginHold(at p: CGPoint, target: UIView?) {
        beginStroke(at: p, velocity: .zero, steps: rng.int(20...240), jitter: CGFloat(rng.int(0...2)), target: target)
    }

    /// The next event of a random stroke in progress: a move, or the lift when its path is done.
    /// Returns false when no stroke is down.
    @discardableResult
    func stepStroke() -> Bool {
        guard !strokes.isEmpty else { return false }
        let i = rng.int(0...strokes.count - 1)
        var s = strokes[i]
        if s.steps <= 0 {
            strokes.remove(at: i)
            endStroke(s)
            return true
        }
        s.steps -= 1
        if s.jitter > 0 {
            // The path turns a little at each step, as a hand's does.
            s.velocity.x += CGFloat.random(in: -0.3...0.3, using: &rng) * s.jitter
            s.velocity.y += CGFloat.random(in: -0.3...0.3, using: &rng) * s.jitter
        }
        s.at = CGPoint(x: s.at.x + s.velocity.x + CGFloat.random(in: -1...1, using: &rng) * s.jitter,
                       y: s.at.y + s.velocity.y + CGFloat.random(in: -1...1, using: &rng) * s.jitter)
        strokes[i] = s
        if s.contact == 0 { mouseMotion(to: s.at, held: true) } else { finger(SDL_FINGERMOTION, id: Int64(s.contact), at: s.at) }
        return true
    }

    private func endStroke(_ s: Stroke) {
        if s.contact == 0 {
            mouseButton(down: false, at: s.at)
            pressedButtons.remove(UInt8(SDL_BUTTON_LEFT))
        } else {
            finger(SDL_FINGERUP, id: Int64(s.contact), at: s.at)
            pressedFingers.remove([1, Int64(s.contact)])
        }
    }

    /// The views strokes in progress began on.
    var heldTargets: [UIView] { strokes.compactMap(\.target) }

    /// A chaotic event: unpaired downs and ups, hostile coordinates, other devices, keys.
    func pushChaos() {
        var e = SDL_Event()
        let p = rng.chance(0.5) ? (visibleControls().randomElement(using: &rng).map { point(in: $0, spread: 20) } ?? randomPoint()) : randomPoint()
        switch rng.int(0...9) {
        case 0, 1:
            e.type = rng.chance(0.5) ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.windowID = windowID
            e.button.which = rng.chance(0.9) ? 0 : SDL_TOUCH_MOUSEID
            e.button.button = rng.chance(0.8) ? UInt8(SDL_BUTTON_LEFT) : UInt8(rng.int(0...255))
            if e.type == SDL_MOUSEBUTTONDOWN.rawValue { pressedButtons.insert(e.button.button) }
            e.button.state = UInt8(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = UInt8(rng.int(0...3))
            e.button.x = rng.chance(0.9) ? units(p.x) : rng.pick(Hostile.int32s)
            e.button.y = rng.chance(0.9) ? units(p.y) : rng.pick(Hostile.int32s)
        case 2:
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.windowID = windowID
            e.motion.state = UInt32(rng.int(0...1))
            e.motion.x = rng.chance(0.9) ? units(p.x) : rng.pick(Hostile.int32s)
            e.motion.y = rng.chance(0.9) ? units(p.y) : rng.pick(Hostile.int32s)
        case 3, 4:
            let kind = rng.int(0...2)
            let id = Int64(rng.int(5...7))   // fingers strokes don't use
            let device: Int64 = rng.pick([1, 2, SDL_MOUSE_TOUCHID])
            finger([SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP][kind], id: id, at: rng.chance(0.9) ? p : CGPoint(x: rng.pick(Hostile.doubles), y: rng.pick(Hostile.doubles)), device: device)
        case 5:
            wheel(at: p, dx: rng.chance(0.7) ? 0 : Float(rng.pick(Hostile.doubles)), dy: rng.chance(0.5) ? Float(rng.int(-3...3)) : Float(rng.pick(Hostile.doubles)))
        case 6, 7:
            let code = rng.chance(0.6) ? rng.pick(EventFuzzer.interestingKeys) : SDL_Scancode(rawValue: UInt32(rng.int(0...511)))
            key(code, down: rng.chance(0.55), mod: rng.chance(0.7) ? 0 : UInt16(truncatingIfNeeded: rng.next()), repeats: rng.chance(0.1))
        case 8:
            windowEvent()
        default:
            var bytes = Array(rng.pick(Hostile.strings + ["a", "é", "👍"]).utf8.prefix(31))
            if rng.chance(0.3) { bytes = (0..<rng.int(0...31)).map { _ in UInt8(truncatingIfNeeded: rng.next()) | 0x80 } }
            textInput(bytes, editing: rng.chance(0.3))
        }
        if e.type != 0 { push(&e) }
    }
    // MARK: Segment end

    /// Lifts every stroke, mouse button and finger, and releases held controller buttons.
    func liftEverything() {
        for s in strokes { endStroke(s) }
        strokes.removeAll()
        for button in pressedButtons.union([UInt8(SDL_BUTTON_LEFT)]).sorted() {
            mouseButton(down: false, at: CGPoint(x: 1, y: 1), button: button)
        }
        pressedButtons.removeAll()
        for finger in pressedFingers {
            var f = FuzzHost.fingerUp(finger, windowID: windowID)
            push(&f)
        }
        pressedFingers.removeAll()
        for (which, button) in heldControllerButtons { controllerButton(button, down: false, which: which) }
        heldControllerButtons.removeAll()
    }
}
