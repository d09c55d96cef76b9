import Foundation
import SDLControls

/// B4: a script of SDL events (taps, mouse drags, two fingers dragging two sliders at once,
/// typed text, and hover motion to round the count) pushed through ``SDLHost/handle(_:)``,
/// a few events a frame, as a game forwards them.
///
/// Every event that must cause an action adds an expectation (control, control event, and
/// the frame it belongs to) from the controls' documented rules, not from observation:
/// a tap on a button → touchUpInside at the lift; a drag on a continuous slider →
/// valueChanged at touch-down, at every move and at the lift (rule D3); text typed into the
/// focused field → editingChanged per insertion. Deliveries reported by
/// `UIApplication.actionDeliveryObserver` are matched against the expectations in order
/// (actions are delivered in event order, rule E1): a delivery with no matching expectation
/// is extra, an expectation left unmatched is lost.
///
/// Frame numbers: events are handled before ``SDLHost/update()``, which starts the frame
/// (bumps `UIApplication.frameNumber`) and delivers the actions. An event handled while
/// `frameNumber` is F therefore belongs to frame F + 1; latency is the delivery's frame
/// minus that, and 0 means "in the update right after the event".
@MainActor
final class InputBenchmark {
    static let windowSize = CGSize(width: 800, height: 400)

    struct Expectation {
        let frame: UInt64
        let control: ObjectIdentifier
        let events: UIControl.Event
    }

    let host: SDLHost
    let buttons: [UIButton]
    let mouseSlider = UISlider(frame: CGRect(x: 20, y: 100, width: 360, height: 34))
    let sliderA = UISlider(frame: CGRect(x: 20, y: 180, width: 360, height: 34))
    let sliderB = UISlider(frame: CGRect(x: 420, y: 180, width: 360, height: 34))
    let field = UITextField(frame: CGRect(x: 20, y: 260, width: 360, height: 36))
    private let windowID: UInt32

    private var expected: [Expectation] = []
    private var nextExpected = 0
    private(set) var delivered = 0
    private(set) var handlerRuns = 0
    private(set) var extra = 0
    private(set) var maxLatency: Int64 = 0
    private(set) var latencyFramesTotal: Int64 = 0
    private(set) var eventsHandled = 0
    private(set) var eventsByKind: [String: Int] = [:]
    private var timeByKind: [String: Double] = [:]
    private var handleTime = Samples(capacity: 1)
    private var updateTime = Samples(capacity: 1)
    private var eventsPerFrame = Samples(capacity: 1)

    init() throws {
        host = try makeHost(size: InputBenchmark.windowSize)
        windowID = SDL_GetWindowID(host.sdlWindow)
        buttons = (0..<8).map { i in
            let b = UIButton(configuration: .filled())
            b.setTitle("Tap \(i)", for: .normal)
            b.frame = CGRect(x: 20 + CGFloat(i) * 95, y: 20, width: 85, height: 44)
            return b
        }
        for b in buttons { host.window.addSubview(b) }
        for s in [mouseSlider, sliderA, sliderB] {
            s.value = 0.5
            host.window.addSubview(s)
        }
        field.placeholder = "Type here"
        host.window.addSubview(field)
        let count = UIAction { [unowned self] _ in handlerRuns += 1 }
        for b in buttons { b.addAction(count, for: .touchUpInside) }
        for s in [mouseSlider, sliderA, sliderB] { s.addAction(count, for: .valueChanged) }
        field.addAction(count, for: .editingChanged)
        UIApplication.shared.actionDeliveryObserver = { [unowned self] record in observe(record) }
        host.update()
        host.renderFrame()
    }

    func shutdown() {
        UIApplication.shared.actionDeliveryObserver = nil
        host.shutdown()
    }

    private func observe(_ record: ActionDeliveryRecord) {
        delivered += 1
        guard nextExpected < expected.count else { extra += 1; return }
        let e = expected[nextExpected]
        guard e.control == ObjectIdentifier(record.sender), e.events == record.controlEvents else { extra += 1; return }
        nextExpected += 1
        let latency = Int64(record.frame) - Int64(e.frame)
        latencyFramesTotal += latency
        maxLatency = max(maxLatency, abs(latency))
    }

    // MARK: Script

    /// One frame's events, each with the action it must cause (if any).
    typealias Frame = [(event: SDL_Event, kind: String, expects: (UIControl, UIControl.Event)?)]

    private func mouseButton(_ down: Bool, _ p: CGPoint) -> SDL_Event {
        var e = SDL_Event()
        e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        e.button.windowID = windowID
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = Int32(p.x.rounded())
        e.button.y = Int32(p.y.rounded())
        return e
    }

    private func mouseMotion(_ p: CGPoint, held: Bool) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.windowID = windowID
        e.motion.x = Int32(p.x.rounded())
        e.motion.y = Int32(p.y.rounded())
        e.motion.state = held ? 1 : 0   // SDL_BUTTON_LMASK
        return e
    }

    private func finger(_ type: SDL_EventType, id: Int64, _ p: CGPoint) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.windowID = windowID
        e.tfinger.touchId = 77
        e.tfinger.fingerId = id
        e.tfinger.x = Float(p.x / InputBenchmark.windowSize.width)
        e.tfinger.y = Float(p.y / InputBenchmark.windowSize.height)
        return e
    }

    private func textInput(_ s: String) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        e.text.windowID = windowID
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            for (i, byte) in s.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        return e
    }

    /// The centre of a slider's thumb, in window points (sliders are children of the window).
    private func thumbCenter(_ s: UISlider) -> CGPoint {
        let r = s.thumbRect(forBounds: s.bounds, trackRect: s.trackRect(forBounds: s.bounds), value: s.value)
        return CGPoint(x: s.frame.minX + r.midX, y: s.frame.midY)
    }

    /// A step that keeps the thumb on the track: towards the middle.
    private func step(for s: UISlider) -> CGFloat { s.value > 0.5 ? -6 : 6 }

    private func tap(_ b: UIButton) -> [Frame] {
        let p = CGPoint(x: b.frame.midX, y: b.frame.midY)
        return [[(mouseButton(true, p), "mouse_button", nil)],
                [(mouseButton(false, p), "mouse_button", (b, .touchUpInside))]]
    }

    private func mouseDrag(moves: Int) -> [Frame] {
        let s = mouseSlider
        var p = thumbCenter(s)
        let dx = step(for: s)
        var frames: [Frame] = [[(mouseButton(true, p), "mouse_button", (s, .valueChanged))]]
        for i in 0..<moves {
            p.x += dx
            let e = (mouseMotion(p, held: true), "mouse_motion", Optional((s as UIControl, UIControl.Event.valueChanged)))
            if i % 2 == 0 { frames.append([e]) } else { frames[frames.count - 1].append(e) }   // two moves a frame
        }
        frames.append([(mouseButton(false, p), "mouse_button", (s, .valueChanged))])
        return frames
    }

    private func twoFingers(moves: Int) -> [Frame] {
        var a = thumbCenter(sliderA), b = thumbCenter(sliderB)
        let da = step(for: sliderA), db = step(for: sliderB)
        var frames: [Frame] = [[(finger(SDL_FINGERDOWN, id: 1, a), "finger", (sliderA, .valueChanged)),
                                (finger(SDL_FINGERDOWN, id: 2, b), "finger", (sliderB, .valueChanged))]]
        for _ in 0..<moves {
            a.x += da
            b.x += db
            frames.append([(finger(SDL_FINGERMOTION, id: 1, a), "finger", (sliderA, .valueChanged)),
                           (finger(SDL_FINGERMOTION, id: 2, b), "finger", (sliderB, .valueChanged))])
        }
        frames.append([(finger(SDL_FINGERUP, id: 1, a), "finger", (sliderA, .valueChanged)),
                       (finger(SDL_FINGERUP, id: 2, b), "finger", (sliderB, .valueChanged))])
        return frames
    }

    private func typing(characters: Int) -> [Frame] {
        let p = CGPoint(x: field.frame.midX, y: field.frame.midY)
        var frames: [Frame] = [[(mouseButton(true, p), "mouse_button", nil)], [(mouseButton(false, p), "mouse_button", nil)]]
        let letters = Array("sdlcontrols")
        for i in 0..<characters {
            let e = (textInput(String(letters[i % letters.count])), "text", Optional((field as UIControl, UIControl.Event.editingChanged)))
            if i % 4 == 0 { frames.append([e]) } else { frames[frames.count - 1].append(e) }   // four characters a frame
        }
        return frames
    }

    private func hover(_ count: Int) -> [Frame] {
        var frames: [Frame] = []
        for i in 0..<count {
            let e = (mouseMotion(CGPoint(x: 600 + CGFloat(i % 50), y: 330), held: false), "mouse_motion_hover", nil as (UIControl, UIControl.Event)?)
            if i % 4 == 0 { frames.append([e]) } else { frames[frames.count - 1].append(e) }
        }
        return frames
    }

    // MARK: Running

    /// Plays gestures in rotation until exactly `totalEvents` events have been handled.
    func run(totalEvents: Int) {
        handleTime = Samples(capacity: totalEvents)
        updateTime = Samples(capacity: totalEvents)
        eventsPerFrame = Samples(capacity: totalEvents)
        expected.reserveCapacity(totalEvents)
        var gesture = 0
        while eventsHandled < totalEvents {
            let frames: [Frame]
            switch gesture % 4 {
            case 0: frames = tap(buttons[(gesture / 4) % buttons.count])
            case 1: frames = mouseDrag(moves: 8)
            case 2: frames = twoFingers(moves: 8)
            default:
                field.text = ""   // in code: sends nothing; keeps the field under its length limit
                frames = typing(characters: 20)
            }
            gesture += 1
            let size = frames.reduce(0) { $0 + $1.count }
            play(eventsHandled + size <= totalEvents ? frames : hover(totalEvents - eventsHandled))
        }
        // Deliver anything still queued (nothing should be), then one more frame.
        host.update()
    }

    private func play(_ frames: [Frame]) {
        for frame in frames {
            let app = UIApplication.shared
            let belongsTo = app.frameNumber + 1
            let t0 = Clock.cpu()
            var dt: [Double] = []
            dt.reserveCapacity(frame.count)
            for item in frame {
                // Each event timed apart (one clock reading, ~0.3 µs, is included in each).
                let e0 = Clock.cpu()
                host.handle(item.event)
                dt.append(Clock.cpu() - e0)
            }
            let t1 = Clock.cpu()
            for (i, item) in frame.enumerated() {
                eventsByKind[item.kind, default: 0] += 1
                timeByKind[item.kind, default: 0] += dt[i]
                if let (control, events) = item.expects {
                    expected.append(Expectation(frame: belongsTo, control: ObjectIdentifier(control), events: events))
                }
            }
            eventsHandled += frame.count
            host.update()
            let t2 = Clock.cpu()
            host.renderFrame()
            handleTime.add(t1 - t0)
            updateTime.add(t2 - t1)
            eventsPerFrame.add(Double(frame.count))
        }
    }

    var lost: Int { expected.count - nextExpected }

    var json: JSON {
        let events = Double(max(1, eventsHandled))
        return .object([
            ("events", .int(eventsHandled)),
            ("events_by_kind", .object(eventsByKind.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("handle_us_per_event_by_kind", .object(eventsByKind.sorted { $0.key < $1.key }.map {
                ($0.key, .number((timeByKind[$0.key] ?? 0) / Double(max(1, $0.value)) * 1e6))
            })),
            ("frames", .int(handleTime.count)),
            ("handle_us_per_event", .number(handleTime.sum / events * 1e6)),
            ("handle_and_update_us_per_event", .number((handleTime.sum + updateTime.sum) / events * 1e6)),
            ("update_ms_per_frame", updateTime.summary(unit: 1000)),
            ("actions_expected", .int(expected.count)),
            ("actions_delivered", .int(delivered)),
            ("action_handlers_run", .int(handlerRuns)),
            ("actions_lost", .int(lost)),
            ("actions_extra", .int(extra)),
            ("latency_frames_max", .int(Int(maxLatency))),
            ("latency_frames_mean", .number(Double(latencyFramesTotal) / Double(max(1, nextExpected)))),
        ])
    }
}
