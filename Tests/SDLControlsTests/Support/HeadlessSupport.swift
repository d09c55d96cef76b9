import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// A headless host (dummy video driver, software renderer) over a reset application.
/// Call `shutdown()` when done (use `defer`).
@MainActor
func makeHeadlessHost(size: CGSize = CGSize(width: 320, height: 240), scale: CGFloat = 1,
                      fonts: FontConfiguration = FontConfiguration()) throws -> SDLHost {
    let app = UIApplication.shared
    app.actionDelivery = .batched
    app.discardPendingActions()
    app.actionDeliveryObserver = nil
    app.delegate = nil
    app.userInterfaceLayoutDirection = .leftToRight
    app.chosenTextMeasurer = nil   // views in no window measure with the host's fonts
    let host = try SDLHost.headless(size: size, scale: scale, fonts: fonts)
    var t: TimeInterval = 0
    host.clock = { t += 0.001; return t }   // deterministic, strictly increasing
    host.log = { _ in }
    return host
}

/// A headless host for golden images: time advances by a fixed 1/60 s per `update()`
/// (``SDLHost/fixedTimeStep``), so what a golden shows never depends on the machine's speed.
@MainActor
func makeGoldenHost(size: CGSize, scale: CGFloat) throws -> SDLHost {
    let host = try makeHeadlessHost(size: size, scale: scale)
    host.fixedTimeStep = 1.0 / 60
    return host
}

/// Folder of the golden images (beside these tests).
let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

/// Renders one frame and compares it with `Golden/<name>.png`.
///
/// Pixels may differ by `tolerance` per channel; at most `maxDifferentFraction` of pixels
/// may exceed it (antialiasing differences between SDL builds). With
/// `SDLCONTROLS_RECORD_GOLDEN=1`, or when the file is missing, the frame is written there
/// (and a missing file fails the test so it is reviewed and committed). A diff image is
/// written next to the test run's temporary folder on failure.
@MainActor
func expectMatchesGolden(_ host: SDLHost, _ name: String, tolerance: Int = 24, maxDifferentFraction: Double = 0.002,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    host.update()
    host.renderFrame()
    try expectMatchesGolden(host.readPixels(), name, tolerance: tolerance, maxDifferentFraction: maxDifferentFraction,
                            sourceLocation: sourceLocation)
}

/// Compares pixels (ARGB8888, as ``SDLHost/readPixels()`` gives them: a frame, or a picture
/// composed from several frames) with `Golden/<name>.png`, as ``expectMatchesGolden(_:_:tolerance:maxDifferentFraction:sourceLocation:)``.
@MainActor
func expectMatchesGolden(_ frame: (width: Int, height: Int, pixels: [UInt32]), _ name: String, tolerance: Int = 24,
                         maxDifferentFraction: Double = 0.002, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = goldenFolder.appendingPathComponent(name + ".png")
    let record = ProcessInfo.processInfo.environment["SDLCONTROLS_RECORD_GOLDEN"] == "1"
    if record || !FileManager.default.fileExists(atPath: url.path) {
        try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
        try savePNG(frame, to: url.path)
        if !record { Issue.record("Recorded missing golden image \(url.path); review it and commit it", sourceLocation: sourceLocation) }
        return
    }
    guard let golden = loadARGB(url.path) else {
        Issue.record("Golden image \(url.path) could not be read", sourceLocation: sourceLocation)
        return
    }
    #expect(golden.width == frame.width && golden.height == frame.height, "size differs from \(name)", sourceLocation: sourceLocation)
    guard golden.width == frame.width, golden.height == frame.height else { return }
    let different = pixelDifference(frame.pixels, golden.pixels, tolerance: tolerance).over
    let fraction = Double(different) / Double(max(1, frame.pixels.count))
    if fraction > maxDifferentFraction {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("actual-" + name + ".png").path
        try? savePNG(frame, to: out)
        Issue.record("\(name): \(different) pixels differ (\(fraction)); actual frame written to \(out)", sourceLocation: sourceLocation)
    }
}

/// How far two frames of ARGB8888 pixels differ: how many pixels have a channel more than
/// `tolerance` apart, and the largest difference of any channel. `ignoringAlpha` compares
/// colour only (a window's read-back alpha means nothing). Frames of different sizes differ
/// everywhere.
func pixelDifference(_ a: [UInt32], _ b: [UInt32], tolerance: Int = 0, ignoringAlpha: Bool = false) -> (over: Int, worst: Int) {
    guard a.count == b.count else { return (max(a.count, b.count), 255) }
    var over = 0, worst = 0
    let channels: UInt32 = ignoringAlpha ? 24 : 32
    for i in a.indices where a[i] != b[i] {
        var w = 0
        for shift in stride(from: UInt32(0), to: channels, by: 8) {
            w = max(w, abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)))
        }
        worst = max(worst, w)
        if w > tolerance { over += 1 }
    }
    return (over, worst)
}

/// A half-transparent blue rounded panel over the game's red scene, for four frames (the
/// first drawn directly, the later ones composited from the cache): the pixel inside the
/// panel in each.
@MainActor
func translucentPanelSamples(_ ui: SDLHost, renderer: OpaquePointer) -> [UInt32] {
    let hud = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
    hud.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)
    hud.cornerRadius = 10
    ui.window.addSubview(hud)
    var samples: [UInt32] = []
    for _ in 0..<4 {
        SDL_SetRenderDrawColor(renderer, 200, 0, 0, 255)
        SDL_RenderClear(renderer)
        ui.update()
        ui.render()
        let px = ui.readPixels()
        samples.append(px.pixels[30 * px.width + 40])
        SDL_RenderPresent(renderer)
    }
    return samples
}

/// Whether an ARGB pixel is half blue over red (200, 0, 0), within 2 levels.
func isHalfBlueOverRed(_ s: UInt32) -> Bool {
    abs(Int((s >> 16) & 0xFF) - 100) <= 2 && abs(Int(s & 0xFF) - 128) <= 2
}

/// Writes ARGB8888 pixels as a PNG.
@MainActor
func savePNG(_ frame: (width: Int, height: Int, pixels: [UInt32]), to path: String) throws {
    var pixels = frame.pixels
    let result: Int32 = pixels.withUnsafeMutableBytes { raw in
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(frame.width), Int32(frame.height), 32,
                                                               Int32(frame.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -1 }
        defer { SDL_FreeSurface(surface) }
        return IMG_SavePNG(surface, path)
    }
    guard result == 0 else { throw SDLControlsError.screenshotFailed(path) }
}

/// Loads a PNG as ARGB8888 pixels.
@MainActor
func loadARGB(_ path: String) -> (width: Int, height: Int, pixels: [UInt32])? {
    guard let raw = IMG_Load(path) else { return nil }
    defer { SDL_FreeSurface(raw) }
    guard let s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
    defer { SDL_FreeSurface(s) }
    let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch) / 4
    let src = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
    var pixels = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h { for x in 0..<w { pixels[y * w + x] = src[y * pitch + x] } }
    return (w, h, pixels)
}

/// Pushes an SDL event through SDL's queue (as a real device would) and pumps it into the host.
@MainActor
func push(_ host: SDLHost, _ event: SDL_Event) {
    var e = event
    SDL_PushEvent(&e)
    host.pollEvents()
}

/// Pushes `event` through SDL's queue (its event watchers apply, as for a real device) and
/// returns ``SDLHost/handle(_:)``'s answer for it (other queued events are handled too).
@MainActor
func handled(_ host: SDLHost, _ event: SDL_Event) -> Bool {
    var e = event
    SDL_PushEvent(&e)
    var out = SDL_Event()
    var answer = false
    while SDL_PollEvent(&out) != 0 {
        let used = host.handle(out)
        if out.type == event.type { answer = used }
    }
    return answer
}

/// Builders for SDL events aimed at the host's window.
@MainActor
enum SDLEvents {
    static func mouseButton(_ host: SDLHost, down: Bool, x: Int32, y: Int32, button: UInt8 = UInt8(SDL_BUTTON_LEFT),
                            which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        e.button.windowID = SDL_GetWindowID(host.sdlWindow)
        e.button.which = which
        e.button.button = button
        e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = x
        e.button.y = y
        return e
    }

    static func mouseMotion(_ host: SDLHost, x: Int32, y: Int32, which: UInt32 = 0, windowID: UInt32? = nil) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.windowID = windowID ?? SDL_GetWindowID(host.sdlWindow)
        e.motion.which = which
        e.motion.x = x
        e.motion.y = y
        return e
    }

    /// A wheel turn of `y` notches (`x` sideways), with the wheel's own position.
    static func wheel(_ host: SDLHost, x: Float = 0, y: Float, flipped: Bool = false, mouseX: Int32 = 0, mouseY: Int32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.windowID = SDL_GetWindowID(host.sdlWindow)
        e.wheel.preciseX = x
        e.wheel.preciseY = y
        e.wheel.x = Int32(x.rounded(.towardZero))
        e.wheel.y = Int32(y.rounded(.towardZero))
        e.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
        e.wheel.mouseX = mouseX
        e.wheel.mouseY = mouseY
        return e
    }

    static func finger(_ host: SDLHost, _ type: SDL_EventType, id: Int64, x: Float, y: Float, touchID: Int64 = 7) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.touchId = touchID
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        e.tfinger.windowID = SDL_GetWindowID(host.sdlWindow)
        return e
    }

    static func window(_ host: SDLHost, _ id: SDL_WindowEventID) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.windowID = SDL_GetWindowID(host.sdlWindow)
        e.window.event = UInt8(id.rawValue)
        return e
    }

    static func key(_ host: SDLHost, down: Bool, scancode: SDL_Scancode, mod: UInt16 = 0, sym: SDL_Keycode = 0, repeat r: Bool = false) -> SDL_Event {
        var e = SDL_Event()
        e.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        e.key.windowID = SDL_GetWindowID(host.sdlWindow)
        e.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.key.repeat = r ? 1 : 0
        e.key.keysym.scancode = scancode
        e.key.keysym.sym = sym
        e.key.keysym.mod = mod
        return e
    }

    static func text(_ host: SDLHost, _ string: String, editing: Bool = false, start: Int32 = 0, length: Int32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = editing ? SDL_TEXTEDITING.rawValue : SDL_TEXTINPUT.rawValue
        let id = SDL_GetWindowID(host.sdlWindow)
        let bytes = Array(string.utf8.prefix(31))
        if editing {
            e.edit.windowID = id
            e.edit.start = start
            e.edit.length = length
            withUnsafeMutableBytes(of: &e.edit.text) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
                raw[bytes.count] = 0
            }
        } else {
            e.text.windowID = id
            withUnsafeMutableBytes(of: &e.text.text) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
                raw[bytes.count] = 0
            }
        }
        return e
    }
}

/// Records the control events a control delivers, by name, in delivery order.
@MainActor
final class DeliveredEvents {
    private(set) var names: [String] = []
    static let all: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
        (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    init(_ control: UIControl) {
        for (event, name) in DeliveredEvents.all {
            control.addAction(UIAction(identifier: .init("rec-\(name)")) { [unowned self] _ in self.names.append(name) }, for: event)
        }
    }

    /// Names with consecutive repeats collapsed.
    var collapsed: [String] {
        var out: [String] = []
        for n in names where out.last != n { out.append(n) }
        return out
    }
}

/// A column of `n` system buttons titled and labelled B0…, `gap` points apart, in the host's window.
@MainActor
func buttonColumn(_ host: SDLHost, _ n: Int, gap: CGFloat = 40) -> [UIButton] {
    (0..<n).map { i in
        let b = UIButton(type: .system)
        b.setTitle("B\(i)", for: .normal)
        b.accessibilityLabel = "B\(i)"
        b.frame = CGRect(x: 20, y: 10 + CGFloat(i) * gap, width: 100, height: 30)
        host.window.addSubview(b)
        return b
    }
}

/// A game's own hidden SDL window (`width` × `height`, dummy video driver) and software
/// renderer, with `subsystems` started for the body and stopped after; the window and
/// renderer are destroyed after the body (a host embedded in them must be shut down in it).
@MainActor
func withGameWindow(width: Int32 = 200, height: Int32 = 120, subsystems: UInt32 = SDL_INIT_VIDEO,
                    _ body: @MainActor (OpaquePointer, OpaquePointer) throws -> Void) throws {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
    #expect(SDL_InitSubSystem(subsystems) == 0)
    defer { SDL_QuitSubSystem(subsystems) }
    // Called outside #require: the macro splits the call, and the C string made for a
    // literal argument would be freed before SDL reads it.
    let created = SDL_CreateWindow("game", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue)
    let window = try #require(created)
    defer { SDL_DestroyWindow(window) }
    let renderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
    defer { SDL_DestroyRenderer(renderer) }
    try body(window, renderer)
}
