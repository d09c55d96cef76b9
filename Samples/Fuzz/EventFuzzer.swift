import Foundation
import SDLControls
import SampleKit

/// Feeds seeded random SDL events through the sample launcher on a headless host, mutates the
/// view tree while it runs, and checks the invariants after every frame.
///
/// The run is cut into segments of a few thousand events. Each segment makes a fresh headless
/// host (at 1×, 2× or 0.25× pixels per point) and a launcher showing one sample or the list,
/// in batched or immediate delivery (alternating), and ends by lifting every contact it put
/// down: then no touch may be left in the window and nothing may be tracking (a stuck touch
/// is a violation). Quit events end a segment early, as they end the launcher.
@MainActor
final class EventFuzzer {
    struct Options {
        var seed: UInt64 = 1
        var events = 10_000
        var render = false
        var segmentEvents = 2_500
        var deliveries: [ActionDelivery] = [.batched, .immediate]
        var verbose = false
    }

    struct Report {
        var events = 0
        var frames = 0
        var segments = 0
        var mutations = 0
        /// Actions gesture recognizers in the fuzzer's trees called (each state change).
        var gestureActions = 0
        /// Motion mutations in the fuzzer's trees, and completions that came back.
        var motionActions = 0
        var motionCompletions = 0
        var quits = 0
        var seconds = 0.0
        var counts = ActionQueueCounts()
        var violationCount = 0
        var violations: [String] = []
    }

    let options: Options
    private var rng: SeededRandom
    private let checker = InvariantChecker()
    private var report = Report()
    private var host: SDLHost!
    private var launcher: Launcher!
    private var windowID: UInt32 = 0
    private var time: TimeInterval = 0
    /// Contacts this segment pressed, lifted at its end: the mouse and (touch id, finger id) pairs.
    private var pressedFingers: Set<[Int64]> = []
    /// Mouse buttons pushed down (lifted at the end of a segment).
    private var pressedButtons: Set<UInt8> = []
    /// Views the fuzzer took out of the tree, to put back somewhere later.
    private var parked: [UIView] = []
    private var mutationDepth = 0

    static let touchDevices: [Int64] = [1, 2, 7, SDL_MOUSE_TOUCHID, .max]
    static let interestingKeys: [SDL_Scancode] = [
        SDL_SCANCODE_TAB, SDL_SCANCODE_RETURN, SDL_SCANCODE_SPACE, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT,
        SDL_SCANCODE_UP, SDL_SCANCODE_DOWN, SDL_SCANCODE_BACKSPACE, SDL_SCANCODE_DELETE, SDL_SCANCODE_HOME,
        SDL_SCANCODE_END, SDL_SCANCODE_A, SDL_SCANCODE_C, SDL_SCANCODE_V, SDL_SCANCODE_X, SDL_SCANCODE_Z,
        SDL_SCANCODE_KP_ENTER, SDL_SCANCODE_PAGEUP, SDL_SCANCODE_ESCAPE,
    ]

    init(options: Options) {
        self.options = options
        rng = SeededRandom(seed: options.seed)
    }

    func run() -> Report {
        let start = DispatchTime.now().uptimeNanoseconds
        var segment = 0
        while report.events < options.events {
            runSegment(segment)
            segment += 1
            if options.verbose {
                FileHandle.standardError.write(Data("segment \(segment): \(report.events) events, \(report.frames) frames\n".utf8))
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        report.violationCount = checker.violationCount
        report.violations = checker.violations
        return report
    }

    // MARK: Segments

    private func runSegment(_ index: Int) {
        let samples = SampleCatalog.all.map(\.name) + ["(list)"]
        let sample = samples[index % samples.count]
        let delivery = options.deliveries[(index / samples.count) % options.deliveries.count]
        let scale = rng.pick(FuzzHost.scales)
        time = 0
        do {
            host = try FuzzHost.make(scale: scale) { [unowned self] in time }
        } catch {
            checker.fail("could not create a headless host: \(error)")
            report.events = options.events
            return
        }
        windowID = SDL_GetWindowID(host.sdlWindow)
        var o = LauncherOptions()
        o.headless = true
        o.sample = sample == "(list)" ? nil : sample
        launcher = Launcher(host: host, options: o)
        launcher.afterHostUpdate = { [unowned self] in checker.checkFocus(window: host.window) }
        UIApplication.shared.actionDelivery = delivery
        checker.attach()
        checker.onProbe = { [unowned self] control in
            // Mutations while actions run: the sender itself, or anything else.
            if rng.chance(0.02) { mutate(preferring: control) }
        }
        pressedFingers.removeAll()
        gestureDown.removeAll()
        parked.removeAll()
        report.segments += 1
        let budget = min(options.segmentEvents, options.events - report.events)
        var sent = 0
        var frame = 0
        var quit = false
        while sent < budget {
            checker.context = "seed \(options.seed) segment \(index) (\(sample), \(delivery), \(scale)x) frame \(frame)"
            checker.probeControls(in: host.window)
            let n = min(budget - sent, rng.int(0...rng.pick([2, 8, 24])))
            for _ in 0..<n { pushRandomEvent() }
            sent += n
            report.events += n
            let keepsRunning = runFrame()
            frame += 1
            if !keepsRunning { quit = true; break }
            if rng.chance(0.25) {
                for _ in 0..<rng.int(1...3) { mutate(preferring: nil) }
            }
        }
        if quit {
            report.quits += 1
        } else {
            // Lift every contact this segment put down: no touch may be left anywhere.
            checker.context = "seed \(options.seed) segment \(index) (\(sample), \(delivery)) end"
            liftEverything()
            if runFrame() {
                if host.window.activeTouchCount != 0 {
                    checker.fail("\(host.window.activeTouchCount) contact(s) still down after every finger and the mouse lifted")
                }
                checker.checkSettled(window: host.window)
            }
        }
        report.counts = UIApplication.shared.actionQueueCounts
        launcher.close()
        checker.afterClose()
        checker.detach()
        parked.removeAll()
        launcher = nil
        host.shutdown()
        host = nil
    }

    /// One launcher frame (deterministic time; sometimes a jump to fire timers), then the checks.
    private func runFrame() -> Bool {
        time += rng.chance(0.01) ? rng.pick([0, 0.6, 5, 60]) : 1.0 / 60
        checker.beforeFrame()
        targets = nil
        let keepsRunning = launcher.runFrame(render: options.render)
        report.frames += 1
        if options.render, keepsRunning, report.frames % 53 == 0 {
            checker.checkIncrementalDrawing(host: host) { launcher.drawAgain() }
        }
        checker.afterFrame(window: host.window, quit: !keepsRunning)
        checker.checkFocusInWindow(host.window)   // the sample's update and drawing ran after the check
        return keepsRunning
    }

    private func liftEverything() {
        // Every mouse button pressed goes up, as a real mouse's would (a touch begun by the
        // right or middle button ends with that button's up).
        for button in pressedButtons.union([UInt8(SDL_BUTTON_LEFT)]).sorted() {
            var e = SDL_Event()
            e.type = SDL_MOUSEBUTTONUP.rawValue
            e.button.windowID = windowID
            e.button.button = button
            e.button.state = UInt8(SDL_RELEASED)
            push(&e)
        }
        pressedButtons.removeAll()
        for finger in pressedFingers {
            var f = FuzzHost.fingerUp(finger, windowID: windowID)
            push(&f)
        }
    }

    private func push(_ e: inout SDL_Event) {
        _ = SDL_PushEvent(&e)
    }

    // MARK: Events

    private func targetWindowID() -> UInt32 {
        rng.chance(0.9) ? windowID : rng.pick([0, windowID &+ 1, .max])
    }

    /// Where the next pointer event goes, in window points: half the time at a visible control
    /// (inside it or just beyond its edge), so touches reach controls often; else anywhere.
    private var aim: CGPoint?

    /// The visible controls, found once a frame (the tree changes between frames).
    private var targets: [UIView]?

    private func chooseAim() {
        if targets == nil {
            var found: [UIView] = []
            func walk(_ v: UIView) {
                guard !v.isHidden, v.alpha > 0.01 else { return }
                if v is UIControl, v.bounds.width > 0, v.bounds.height > 0 { found.append(v) }
                for s in v.subviews { walk(s) }
            }
            walk(host.window)
            targets = found
        }
        let controls = targets ?? []
        guard rng.chance(0.5), !controls.isEmpty else { aim = nil; return }
        let c = rng.pick(controls)
        let f = c.convert(c.bounds, to: nil)
        let spread: CGFloat = rng.chance(0.8) ? 0 : 80
        aim = CGPoint(x: f.minX - spread + CGFloat.random(in: 0...1, using: &rng) * (f.width + 2 * spread),
                      y: f.minY - spread + CGFloat.random(in: 0...1, using: &rng) * (f.height + 2 * spread))
    }

    private func coordinate(_ extent: CGFloat, aimed: CGFloat?) -> Int32 {
        if let aimed, rng.chance(0.9) { return Int32(saturating: (aimed * host.windowUnitsPerPoint).rounded()) }
        if rng.chance(0.85) { return Int32(saturating: Double.random(in: 0..<Double(max(1, extent)), using: &rng)) }
        return rng.pick(Hostile.int32s)
    }

    private func normalized(_ aimed: CGFloat?, of extent: CGFloat) -> Float {
        if let aimed, extent > 0, rng.chance(0.9) { return Float(aimed / extent) }
        if rng.chance(0.85) { return Float.random(in: 0...1, using: &rng) }
        return Float(rng.pick(Hostile.doubles + [1.5, -0.5, 1.0000001]))
    }

    /// Contacts of coherent gestures that are down: 0 the mouse, 1...3 fingers of device 1.
    private var gestureDown: [Int: CGPoint] = [:]

    /// One step of a coherent gesture (press on a control, drag a little, lift), so taps and
    /// drags that complete are common among the chaos.
    private func pushGestureStep() {
        var e = SDL_Event()
        let contact = rng.int(0...3)
        let size = host.windowSizeInPoints
        let unit = host.windowUnitsPerPoint
        if let at = gestureDown[contact] {
            let lift = rng.chance(0.3)
            let p = lift ? at : CGPoint(x: at.x + CGFloat(rng.int(-25...25)), y: at.y + CGFloat(rng.int(-12...12)))
            gestureDown[contact] = lift ? nil : p
            if contact == 0 {
                e.type = lift ? SDL_MOUSEBUTTONUP.rawValue : SDL_MOUSEMOTION.rawValue
                if lift {
                    e.button.windowID = windowID
                    e.button.button = UInt8(SDL_BUTTON_LEFT)
                    e.button.x = Int32(saturating: (p.x * unit).rounded())
                    e.button.y = Int32(saturating: (p.y * unit).rounded())
                } else {
                    e.motion.windowID = windowID
                    e.motion.state = 1
                    e.motion.x = Int32(saturating: (p.x * unit).rounded())
                    e.motion.y = Int32(saturating: (p.y * unit).rounded())
                }
            } else {
                e.type = lift ? SDL_FINGERUP.rawValue : SDL_FINGERMOTION.rawValue
                fingerEvent(&e, contact: contact, at: p, in: size)
            }
        } else {
            chooseAim()
            guard let p = aim else { return }
            gestureDown[contact] = p
            if contact == 0 {
                e.type = SDL_MOUSEBUTTONDOWN.rawValue
                e.button.windowID = windowID
                e.button.button = UInt8(SDL_BUTTON_LEFT)
                e.button.state = UInt8(SDL_PRESSED)
                e.button.x = Int32(saturating: (p.x * unit).rounded())
                e.button.y = Int32(saturating: (p.y * unit).rounded())
            } else {
                e.type = SDL_FINGERDOWN.rawValue
                fingerEvent(&e, contact: contact, at: p, in: size)
                pressedFingers.insert([1, Int64(contact)])
            }
        }
        push(&e)
    }

    private func fingerEvent(_ e: inout SDL_Event, contact: Int, at p: CGPoint, in size: CGSize) {
        e.tfinger.windowID = windowID
        e.tfinger.touchId = 1
        e.tfinger.fingerId = Int64(contact)
        e.tfinger.x = Float(size.width > 0 ? p.x / size.width : 0)
        e.tfinger.y = Float(size.height > 0 ? p.y / size.height : 0)
    }

    private func pushRandomEvent() {
        if rng.chance(0.35) {
            pushGestureStep()
            return
        }
        var e = SDL_Event()
        let size = host.windowSizeInPoints
        let unit = host.windowUnitsPerPoint
        let w = size.width * unit, h = size.height * unit
        if aim == nil || rng.chance(0.3) { chooseAim() }
        switch rng.int(0...99) {
        case 0..<22:   // mouse buttons
            e.type = rng.chance(0.5) ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.windowID = targetWindowID()
            e.button.which = rng.chance(0.9) ? 0 : SDL_TOUCH_MOUSEID
            e.button.button = rng.chance(0.9) ? UInt8(SDL_BUTTON_LEFT) : UInt8(rng.int(0...255))
            if e.type == SDL_MOUSEBUTTONDOWN.rawValue { pressedButtons.insert(e.button.button) }
            e.button.state = UInt8(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = UInt8(rng.int(0...3))
            e.button.x = coordinate(w, aimed: aim?.x)
            e.button.y = coordinate(h, aimed: aim?.y)
        case 22..<42:  // mouse motion
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.windowID = targetWindowID()
            e.motion.which = rng.chance(0.9) ? 0 : SDL_TOUCH_MOUSEID
            e.motion.state = UInt32(rng.int(0...1))
            e.motion.x = coordinate(w, aimed: aim.map { $0.x + CGFloat(rng.int(-40...40)) })
            e.motion.y = coordinate(h, aimed: aim.map { $0.y + CGFloat(rng.int(-20...20)) })
            e.motion.xrel = rng.pick(Hostile.int32s)
        case 42..<66:  // fingers: duplicate downs, ups without downs, coordinates outside 0...1, NaN
            let kind = rng.int(0...2)
            e.type = [SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP][kind].rawValue
            e.tfinger.windowID = targetWindowID()
            e.tfinger.touchId = rng.pick(Self.touchDevices)
            e.tfinger.fingerId = Int64(rng.int(0...4))
            e.tfinger.x = normalized(aim?.x, of: size.width)
            e.tfinger.y = normalized(aim?.y, of: size.height)
            e.tfinger.pressure = Float(rng.pick(Hostile.doubles))
            if kind == 0 { pressedFingers.insert([e.tfinger.touchId, e.tfinger.fingerId]) }
        case 66..<80:  // keys
            let down = rng.chance(0.55)
            e.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
            e.key.windowID = targetWindowID()
            e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.key.repeat = rng.chance(0.1) ? 1 : 0
            var scancode = rng.chance(0.6) ? rng.pick(Self.interestingKeys) : SDL_Scancode(rawValue: UInt32(rng.int(0...511)))
            // Escape leaves the sample for the list: keep it rare so samples get most events.
            if scancode == SDL_SCANCODE_ESCAPE, !rng.chance(0.1) { scancode = SDL_SCANCODE_TAB }
            e.key.keysym.scancode = scancode
            e.key.keysym.sym = rng.chance(0.9) ? SDL_GetKeyFromScancode(scancode) : Int32(truncatingIfNeeded: rng.next())
            e.key.keysym.mod = rng.chance(0.6) ? 0 : UInt16(truncatingIfNeeded: rng.next())
        case 80..<86:  // committed text: valid, invalid UTF-8, full 32-byte buffers
            e.type = SDL_TEXTINPUT.rawValue
            e.text.windowID = targetWindowID()
            fillText(&e.text.text)
        case 86..<90:  // composition with any cursor and length
            e.type = SDL_TEXTEDITING.rawValue
            e.edit.windowID = targetWindowID()
            fillText(&e.edit.text)
            e.edit.start = rng.chance(0.7) ? Int32(rng.int(0...8)) : rng.pick(Hostile.int32s)
            e.edit.length = rng.chance(0.7) ? Int32(rng.int(0...8)) : rng.pick(Hostile.int32s)
        case 90..<97:  // window events
            windowEvent(&e)
        case 97:       // render resets
            e.type = rng.chance(0.5) ? SDL_RENDER_TARGETS_RESET.rawValue : SDL_RENDER_DEVICE_RESET.rawValue
        case 98:       // app life cycle and events nobody handles
            e.type = rng.pick([SDL_APP_WILLENTERBACKGROUND, SDL_APP_DIDENTERFOREGROUND, SDL_APP_LOWMEMORY, SDL_MOUSEWHEEL,
                               SDL_CONTROLLERBUTTONDOWN, SDL_JOYAXISMOTION, SDL_KEYMAPCHANGED, SDL_CLIPBOARDUPDATE,
                               SDL_EventType(SDL_USEREVENT.rawValue + 7)]).rawValue
            e.wheel.windowID = targetWindowID()
            e.wheel.y = rng.pick(Hostile.int32s)
            // Wheels scroll the scroll view under the pointer: whole notches, trackpad fractions,
            // and NaN, infinite and huge precise values.
            e.wheel.preciseY = rng.chance(0.5) ? Float(rng.int(-3...3)) : Float(rng.pick(Hostile.doubles))
            e.wheel.preciseX = rng.chance(0.8) ? 0 : Float(rng.pick(Hostile.doubles))
            e.wheel.mouseX = coordinate(w, aimed: aim?.x)
            e.wheel.mouseY = coordinate(h, aimed: aim?.y)
        default:       // quit, rarely
            if rng.chance(0.02) {
                e.type = SDL_QUIT.rawValue
            } else {
                e.type = SDL_WINDOWEVENT.rawValue
                e.window.windowID = windowID
                e.window.event = UInt8(rng.chance(0.5) ? SDL_WINDOWEVENT_FOCUS_LOST.rawValue : SDL_WINDOWEVENT_FOCUS_GAINED.rawValue)
            }
        }
        push(&e)
    }

    private func windowEvent(_ e: inout SDL_Event) {
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.windowID = targetWindowID()
        let ids: [SDL_WindowEventID] = [
            SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_MOVED,
            SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_MAXIMIZED,
            SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_ENTER, SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_FOCUS_GAINED,
            SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_CLOSE, SDL_WINDOWEVENT_TAKE_FOCUS, SDL_WINDOWEVENT_DISPLAY_CHANGED,
        ]
        let id = rng.pick(ids)
        e.window.event = rng.chance(0.98) ? UInt8(id.rawValue) : UInt8(rng.int(0...255))
        e.window.data1 = rng.pick(Hostile.int32s)
        e.window.data2 = rng.pick(Hostile.int32s)
        if id == SDL_WINDOWEVENT_RESIZED || id == SDL_WINDOWEVENT_SIZE_CHANGED, rng.chance(0.5) {
            // A real resize of the dummy window: tiny, ordinary, or (at 0.25 pixels per point)
            // 20,000 points. Pixel sides stay within 5,000 so the software renderer's
            // framebuffer stays small. The event's own data may still claim anything.
            let unit = host.windowUnitsPerPoint
            let side = rng.pick([1, 2, 320, 960, 1_500, unit < 1 ? 20_000 : 1_200] as [CGFloat])
            let w = Int32(saturating: (side * unit).rounded()), h = Int32(saturating: (rng.pick([1, 200, 640, side]) * unit).rounded())
            SDL_SetWindowSize(host.sdlWindow, max(1, min(5_000, w)), max(1, min(5_000, h)))
        }
    }

    /// Fills an SDL text buffer: a valid string, random bytes (invalid UTF-8), or all 32 bytes
    /// with no terminating NUL.
    private func fillText<T>(_ buffer: inout T) {
        withUnsafeMutableBytes(of: &buffer) { raw in
            switch rng.int(0...3) {
            case 0:
                let s = Array(rng.pick(Hostile.strings + ["a", "Z", "é", "にほ", "👍", "\t"]).utf8.prefix(raw.count - 1))
                for (i, b) in s.enumerated() { raw[i] = b }
                raw[s.count] = 0
            case 1:
                let n = rng.int(0...(raw.count - 1))
                for i in 0..<n { raw[i] = UInt8(truncatingIfNeeded: rng.next()) | 0x80 }
                raw[n] = 0
            default:
                for i in 0..<raw.count { raw[i] = UInt8(truncatingIfNeeded: rng.next()) }
            }
        }
    }

    // MARK: Tree mutations (through the public API)

    private func allViews() -> [UIView] {
        var out: [UIView] = []
        func walk(_ v: UIView, depth: Int) {
            if depth >= 2 { out.append(v) }   // below the launcher's root and its chrome
            for s in v.subviews { walk(s, depth: depth + 1) }
        }
        walk(host.window, depth: 0)
        return out
    }

    private func mutate(preferring preferred: UIView?) {
        guard host != nil, mutationDepth < 3 else { return }
        mutationDepth += 1
        defer { mutationDepth -= 1 }
        let views = allViews()
        guard !views.isEmpty else { return }
        let v = preferred ?? rng.pick(views)
        report.mutations += 1
        switch rng.int(0...18) {
        case 0:
            if v.superview != nil, parked.count < 16 { parked.append(v); v.removeFromSuperview() }
        case 1:
            if !parked.isEmpty {
                let p = parked.removeLast()
                let container = rng.pick(views)
                if !container.isDescendant(of: p) { container.insertSubview(p, at: rng.int(-1...container.subviews.count + 1)) }
            }
        case 2: (v as? UIControl)?.isEnabled.toggle()
        case 3: v.isHidden.toggle()
        case 4: v.frame = randomRect()
        case 5: v.alpha = CGFloat(rng.pick([0, 0.005, 0.5, 1] + Hostile.doubles))
        case 6: v.isUserInteractionEnabled.toggle()
        case 7: v.isExclusiveTouch.toggle()
        case 8: v.isMultipleTouchEnabled.toggle()
        case 9:
            v.cornerRadius = CGFloat(rng.pick(Hostile.doubles))
            v.borderWidth = CGFloat(rng.pick(Hostile.doubles))
            v.borderColor = .systemRed
        case 10: rng.pick(views).addSubview(newControl())
        case 11: setText(v)
        case 12:
            if let field = v as? UITextField {
                if field.isFirstResponder { _ = field.resignFirstResponder() } else { _ = field.becomeFirstResponder() }
            } else {
                host.window.setFocusedView(v)
            }
        case 13:
            if let s = v as? UISlider {
                s.minimumValue = Float(rng.pick(Hostile.doubles))
                s.maximumValue = Float(rng.pick(Hostile.doubles))
                s.value = Float(rng.pick(Hostile.doubles))
            } else if let s = v as? UIStepper {
                s.stepValue = rng.pick(Hostile.doubles)
                s.value = rng.pick(Hostile.doubles)
            } else if let s = v as? UISegmentedControl {
                s.selectedSegmentIndex = rng.pick([-1, 0, 1, 99, .max, .min])
            } else if let p = v as? UIPageControl {
                p.numberOfPages = rng.pick([0, 1, 3, 10_000, -5])
                p.currentPage = rng.pick([-1, 0, 2, .max])
            } else if let d = v as? UIDatePicker {
                d.date = Date(timeIntervalSince1970: rng.pick(Hostile.doubles))
                // Up to the ±18 hours TimeZone accepts (Foundation's formatter traps from 15).
                d.timeZone = TimeZone(secondsFromGMT: rng.int(-18 * 3600...18 * 3600))
                // Styles and modes change under the fingers: wheels mid-spin, editors open.
                d.preferredDatePickerStyle = rng.pick([.automatic, .wheels, .compact, .inline])
                if rng.chance(0.3) { d.datePickerMode = rng.pick([.date, .time, .dateAndTime, .countDownTimer]) }
            }
        case 14: (v as? UIControl)?.sendActions(for: rng.pick([.valueChanged, .primaryActionTriggered, .editingChanged]))
        case 15: v.bounds.origin = CGPoint(x: rng.pick(Hostile.doubles), y: rng.pick([0, 10, -1e9]))
        case 16: v.overrideUserInterfaceStyle = rng.pick([.dark, .light, .unspecified])
        case 17:
            // Sizes as a zoom animates them: many distinct pixel sizes, each opening fonts.
            let size = CGFloat(rng.chance(0.8) ? Double(rng.int(1...4000)) / 4 : rng.pick(Hostile.doubles))
            if let l = v as? UILabel { l.font = .systemFont(ofSize: size) } else if let f = v as? UITextField { f.font = .systemFont(ofSize: size) }
        default: v.setNeedsLayout(); v.setNeedsDisplay()
        }
    }

    private func randomRect() -> CGRect {
        if rng.chance(0.8) {
            return CGRect(x: rng.int(-50...900), y: rng.int(-50...600), width: rng.int(0...600), height: rng.int(0...300))
        }
        let d = Hostile.doubles
        return CGRect(x: rng.pick(d), y: rng.pick(d), width: rng.pick(d), height: rng.pick(d))
    }

    private func newControl() -> UIView {
        let v: UIView
        switch rng.int(0...8) {
        case 0:
            let b = UIButton(type: .system)
            b.setTitle(rng.pick(Hostile.strings), for: .normal)
            v = b
        case 1: v = UISwitch()
        case 2: v = UISlider()
        case 3: v = UIStepper()
        case 4: v = UISegmentedControl(items: [rng.pick(Hostile.strings), "B", rng.pick(Hostile.strings)])
        case 5:
            let f = UITextField()
            f.text = rng.pick(Hostile.strings)
            f.borderStyle = .roundedRect
            v = f
        case 6: v = UIPageControl()
        case 7:
            let l = UILabel()
            l.text = rng.pick(Hostile.strings)
            l.numberOfLines = rng.pick([0, 1, 3])
            v = l
        default:
            let c = UIControl()
            c.backgroundColor = .systemGreen
            v = c
        }
        v.frame = randomRect()
        return v
    }

    private func setText(_ v: UIView) {
        let s = rng.pick(Hostile.strings)
        if let l = v as? UILabel {
            l.text = s
            l.numberOfLines = rng.pick([0, 1, 2])
            l.lineBreakMode = rng.pick([.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle])
        } else if let f = v as? UITextField {
            f.text = s
        } else if let b = v as? UIButton {
            b.setTitle(s, for: .normal)
        } else if let seg = v as? UISegmentedControl, seg.numberOfSegments > 0 {
            seg.setTitle(s, forSegmentAt: rng.int(0...seg.numberOfSegments - 1))
        }
    }
}
