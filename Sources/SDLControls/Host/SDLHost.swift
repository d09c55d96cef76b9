import SDLControlsSDL2
import Foundation

/// Runs a `UIWindow` of controls in SDL: input translation, the per-frame update that
/// delivers batched actions, and drawing through `SDL_Renderer`.
///
/// Three ways in:
/// - **Standalone**: ``init(configuration:)`` creates a resizable, HiDPI-aware window and an
///   accelerated renderer with vsync (software when none), and ``run(frames:onFrame:)``
///   loops until the user quits.
/// - **Embedded**: ``init(embeddingWindow:renderer:fonts:)`` borrows a game's window and
///   renderer. The game forwards each event to ``handle(_:)`` (which says whether the UI
///   consumed it), calls ``update()`` once a frame, and ``render()`` after drawing its scene.
///   Embedded mode never presents and restores the render state it changes.
/// - **Headless**: ``headless(size:scale:fonts:)`` uses the dummy video driver and the
///   software renderer, for tests and CI; ``screenshot(to:)`` writes a PNG.
@MainActor
public final class SDLHost {
    /// How the host was created.
    public enum Mode: Sendable {
        /// The host owns the window, renderer and loop.
        case standalone
        /// A game owns them; the host draws over its scene.
        case embedded
        /// The dummy video driver and the software renderer.
        case headless
    }

    /// Settings for a window the host creates.
    public struct Configuration: Sendable {
        /// The window title.
        public var title: String
        /// The window size in points.
        public var size: CGSize
        /// Pixels per point to force (headless 2× golden images); nil follows the display.
        public var scale: CGFloat?
        /// Wait for vsync when presenting.
        public var vsync: Bool
        /// Use the dummy video driver and software renderer.
        public var headless: Bool
        /// Fonts to use.
        public var fonts: FontConfiguration
        /// The colour behind the UI in standalone mode.
        public var clearColor: UIColor

        /// Creates a configuration.
        public init(title: String = "SDLControls", size: CGSize = CGSize(width: 960, height: 640), scale: CGFloat? = nil,
                    vsync: Bool = true, headless: Bool = false, fonts: FontConfiguration = FontConfiguration(),
                    clearColor: UIColor = .systemBackground) {
            self.title = title
            self.size = size
            self.scale = scale
            self.vsync = vsync
            self.headless = headless
            self.fonts = fonts
            self.clearColor = clearColor
        }
    }

    /// The root of the UI. Add your views to it.
    public let window: UIWindow
    /// How the host was created.
    public let mode: Mode
    /// The SDL window.
    public let sdlWindow: OpaquePointer
    /// The SDL renderer.
    public let renderer: OpaquePointer
    /// The renderer SDL chose ("opengl", "software", …) and whether it is accelerated.
    public private(set) var rendererDescription: String = ""
    /// Output pixels per window point (2 on a HiDPI display).
    public private(set) var pixelScale: CGFloat = 1
    /// The window's size in points.
    public private(set) var windowSizeInPoints: CGSize = .zero
    /// GPU-side counters of the last ``render()``.
    public private(set) var counters = FrameCounters()
    /// Core-side counters of the last draw-list build.
    public private(set) var drawStats = DrawStats()
    /// CPU time of the last ``render()`` split into draw-list build and submission (and, after
    /// ``renderFrame()``, clear and present), for benchmarks and overlays.
    public private(set) var lastRenderTimings = RenderTimings()
    /// Where the mouse hovers (window points), nil before it moves; no touch is sent for hover.
    public internal(set) var hoverLocation: CGPoint?
    /// The colour standalone frames are cleared to.
    public var clearColor: UIColor
    /// Seconds on a monotonic clock since the host started; replace for deterministic tests.
    public var clock: () -> TimeInterval
    /// Where the host writes one-line notices (renderer chosen, assets that failed).
    public var log: (String) -> Void = { FileHandle.standardError.write(Data(("SDLControls: " + $0 + "\n").utf8)) }

    let backend: SDLRenderBackend
    /// Game controllers (`Input/SDLGameControllerInput.swift`): opened here unless embedded.
    let gameControllers: SDLGameControllerInput
    private let fonts: FontLibrary
    private var translator = SDLInputTranslator()
    private let forcedScale: CGFloat?
    private let ownsSDL: Bool
    private var textInputOwned = false
    private var isShutDown = false
    private var quitRequested = false
    /// The window needs presenting even if the UI did not change (first frame, window events).
    private var presentPending = true

    // MARK: Creating

    /// Creates a standalone (or, with `configuration.headless`, headless) host with its own
    /// window and renderer.
    public convenience init(configuration: Configuration) throws {
        if configuration.headless {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        }
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        try SDLHost.initializeLibraries(wantsWindow: !configuration.headless)
        let scale = configuration.scale.flatMap { $0.isFinite && $0 > 0 ? min($0, 8) : nil }
        let w = max(1, Int32(((configuration.size.width.isFinite ? configuration.size.width : 1) * (scale ?? 1)).rounded()))
        let h = max(1, Int32(((configuration.size.height.isFinite ? configuration.size.height : 1) * (scale ?? 1)).rounded()))
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if configuration.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let pos = SDL_WINDOWPOS_UNDEFINED
        guard let sdlWindow = SDL_CreateWindow(configuration.title, pos, pos, min(w, 16384), min(h, 16384), flags) else {
            let message = sdlError()
            SDLHost.shutdownLibraries()
            throw SDLControlsError.windowCreationFailed(message)
        }
        var chosen: OpaquePointer?
        if !configuration.headless {
            let accel = SDL_RENDERER_ACCELERATED.rawValue | (configuration.vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
            chosen = SDL_CreateRenderer(sdlWindow, -1, accel)
        }
        if chosen == nil { chosen = SDL_CreateRenderer(sdlWindow, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer = chosen else {
            let message = sdlError()
            SDL_DestroyWindow(sdlWindow)
            SDLHost.shutdownLibraries()
            throw SDLControlsError.rendererCreationFailed(message)
        }
        do {
            try self.init(window: sdlWindow, renderer: renderer, mode: configuration.headless ? .headless : .standalone,
                          fonts: configuration.fonts, forcedScale: scale, ownsSDL: true, clearColor: configuration.clearColor)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(sdlWindow)
            SDLHost.shutdownLibraries()
            throw error
        }
        if mode == .standalone { log("renderer \(rendererDescription)") }
        SDL_StopTextInput()   // SDL starts with text input on; only a focused text responder wants it
    }

    /// Creates a headless host: dummy video driver, software renderer, `size` points at
    /// `scale` pixels per point.
    public static func headless(size: CGSize = CGSize(width: 640, height: 480), scale: CGFloat = 1,
                                fonts: FontConfiguration = FontConfiguration()) throws -> SDLHost {
        try SDLHost(configuration: Configuration(size: size, scale: scale, vsync: false, headless: true, fonts: fonts))
    }

    /// Embeds the UI in a game that owns `window`, `renderer` and the loop. SDL (video) must
    /// already be initialized by the game; the host initializes SDL_ttf and SDL_image.
    public convenience init(embeddingWindow window: OpaquePointer, renderer: OpaquePointer,
                            fonts: FontConfiguration = FontConfiguration()) throws {
        guard SDL_WasInit(SDL_INIT_VIDEO) != 0 else {
            throw SDLControlsError.initializationFailed("the game must call SDL_Init(SDL_INIT_VIDEO) before embedding")
        }
        try SDLHost.initializeSatellites()
        try self.init(window: window, renderer: renderer, mode: .embedded, fonts: fonts, forcedScale: nil, ownsSDL: false,
                      clearColor: .clear)
    }

    private init(window sdlWindow: OpaquePointer, renderer: OpaquePointer, mode: Mode, fonts: FontConfiguration,
                 forcedScale: CGFloat?, ownsSDL: Bool, clearColor: UIColor) throws {
        self.sdlWindow = sdlWindow
        self.renderer = renderer
        self.mode = mode
        self.forcedScale = forcedScale
        self.ownsSDL = ownsSDL
        self.clearColor = clearColor
        self.fonts = try FontLibrary(configuration: fonts)
        gameControllers = SDLGameControllerInput(opensControllers: mode != .embedded)
        backend = SDLRenderBackend(renderer: renderer, fonts: self.fonts)
        let start = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        clock = { Double(SDL_GetPerformanceCounter() &- start) / frequency }
        self.window = UIWindow(frame: .zero)
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0 {
            let accelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
            let vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
            rendererDescription = String(cString: info.name) + (accelerated ? " (accelerated" : " (software") + (vsync ? ", vsync)" : ")")
        }
        // Text is measured with this host's fonts: in its window, and for views in no window
        // while it is the newest host (put back at shutdown).
        self.window.hostTextMeasurer = backend
        UIApplication.shared.textMeasurer = backend
        UIPasteboard.general.backend = UIPasteboard.Backend(
            read: {
                guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
                defer { SDL_free(raw) }
                return String(cString: raw)
            },
            write: { SDL_SetClipboardText($0) })
        if mode == .embedded {
            self.window.backgroundColor = nil
        } else {
            self.window.backgroundColor = nil
        }
        refreshWindowMetrics()
        self.window.makeKeyAndVisible()
        gameControllers.start(log: log)
    }

    /// The game controllers this host has open (SDL joystick instance ids, ascending). A
    /// standalone or headless host opens every controller SDL reports and closes it when it
    /// is unplugged; an embedded host leaves controllers to the game (empty).
    public var openGameControllers: [Int] { gameControllers.opened.keys.map { Int($0) }.sorted() }

    /// Releases the renderer's textures and, for hosts that created them, the window,
    /// renderer and SDL. Called by `run` when it returns; safe to call twice.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        window.cancelAllTouches()
        gameControllers.stop()
        backend.destroy()
        fonts.closeAll()
        window.hostTextMeasurer = nil
        if UIApplication.shared.textMeasurer === backend {
            // Another live host's measurer if there is one, else the estimate.
            UIApplication.shared.textMeasurer = UIApplication.shared.windows.compactMap(\.hostTextMeasurer).last
                ?? ApproximateTextMeasurer()
        }
        UIPasteboard.general.backend = nil
        if ownsSDL {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(sdlWindow)
            SDLHost.shutdownLibraries()
        } else {
            TTF_Quit()
            IMG_Quit()
        }
    }

    private static func initializeLibraries(wantsWindow: Bool) throws {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let message = sdlError()
            let lowered = message.lowercased()
            if lowered.contains("video device") || lowered.contains("display") {
                throw SDLControlsError.noDisplay(message)
            }
            throw SDLControlsError.initializationFailed(message)
        }
        // With no X11 or Wayland display SDL falls back to its invisible "offscreen" (or
        // "dummy") driver: a window nobody can see. Say so, unless the user chose that driver.
        if wantsWindow, let raw = SDL_GetCurrentVideoDriver() {
            let driver = String(cString: raw)
            let chosen = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"].map { !$0.isEmpty } ?? false
            if (driver == "offscreen" || driver == "dummy") && !chosen {
                SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
                throw SDLControlsError.noDisplay("SDL found no display and fell back to its \(driver) driver")
            }
        }
        do {
            try initializeSatellites()
        } catch {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw error
        }
    }

    private static func initializeSatellites() throws {
        guard TTF_Init() == 0 else { throw SDLControlsError.initializationFailed("SDL_ttf: " + sdlError()) }
        let wanted = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        if IMG_Init(wanted) & Int32(IMG_INIT_PNG.rawValue) == 0 {
            TTF_Quit()
            throw SDLControlsError.initializationFailed("SDL_image: " + sdlError())
        }
    }

    private static func shutdownLibraries() {
        IMG_Quit()
        TTF_Quit()
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    }

    // MARK: Per frame

    /// Feeds one SDL event to the UI. Returns true when the UI consumed it and the game
    /// should ignore it (see `SDLInputTranslator` for exactly what counts).
    @discardableResult
    public func handle(_ event: SDL_Event) -> Bool {
        if SDL_EventType(event.type) == SDL_QUIT { quitRequested = true }
        if SDL_EventType(event.type) == SDL_WINDOWEVENT { presentPending = true }   // exposed, resized: show the frame again
        return translator.handle(event, host: self)
    }

    /// The per-frame update: starts the frame, delivers the batched actions (rule E1),
    /// lays out the tree and keeps SDL's text input in step with the first responder.
    /// Call it once a frame after handling the frame's events and before ``render()``.
    public func update() {
        let app = UIApplication.shared
        app.beginFrame()
        // This window's timers (autorepeat, caret blink, animations) before actions (rule E1).
        window.frameClock.advanceTime(to: clock())
        app.deliverPendingActions()
        window.layoutIfNeeded()
        window.updateFocusIfNeeded()   // a focus reset asked for this frame, now that layout is done
        syncTextInput()
    }

    /// Draws the UI with the current render target: brings the views' cached geometry up to
    /// date and draws it, reusing the UI's cached pixels where nothing changed (see
    /// `SDLRenderBackend` and `UICompositor`). Saves and restores the render state it changes.
    public func render() {
        let saved = RenderStateGuard(renderer: renderer)
        SDL_RenderSetViewport(renderer, nil)
        SDL_RenderSetScale(renderer, 1, 1)
        let frame = backend.renderUI(window, scale: pixelScale, log: log)
        drawStats = frame.stats
        counters = frame.counters
        lastRenderTimings = frame.timings
        saved.restore()
    }

    /// One standalone frame: clear, ``render()``, present. Embedded games don't call this.
    public func renderFrame() {
        // Components, not resolvedColor(with:): that creates a UIColor, a heap allocation every frame.
        let c = clearColor.resolvedComponents(with: window.userInterfaceStyle)
        SDL_SetRenderDrawColor(renderer, UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()),
                               UInt8((c.blue * 255).rounded()), UInt8((c.alpha * 255).rounded()))
        let clearStart = RenderTimings.threadCPUTime()
        SDL_RenderClear(renderer)
        let clear = RenderTimings.threadCPUTime() - clearStart
        render()
        let presentStart = RenderTimings.threadCPUTime()
        SDL_RenderPresent(renderer)
        lastRenderTimings.clear = clear
        lastRenderTimings.present = RenderTimings.threadCPUTime() - presentStart
    }

    /// Polls every pending SDL event into ``handle(_:)``. Returns false once the user asked to quit.
    @discardableResult
    public func pollEvents() -> Bool {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            handle(event)
        }
        return !quitRequested
    }

    /// Runs the standalone loop: events, ``update()``, `onFrame`, ``renderFrame()``; until the
    /// user quits, `frames` frames have run, or `onFrame` returns false. Returns the number
    /// of frames run. Does not shut the host down.
    ///
    /// Without `frames` and `onFrame` the loop draws on demand: a frame is drawn only when
    /// the UI changed (``UIWindow/needsFrame``) or the window needs it, and in between the
    /// loop sleeps until an event arrives or the next timer (caret blink, animation step,
    /// autorepeat) is due, so a still UI costs no CPU **(project choice)**. With `frames`
    /// or `onFrame` the caller's code runs every frame and every frame is drawn.
    @discardableResult
    public func run(frames: Int? = nil, onFrame: ((Int) -> Bool)? = nil) -> Int {
        let onDemand = frames == nil && onFrame == nil
        var frame = 0
        while frames.map({ frame < $0 }) ?? true {
            guard pollEvents() else { break }
            update()
            if let onFrame, !onFrame(frame) { break }
            if !onDemand || presentPending || window.needsFrame {
                presentPending = false
                renderFrame()
            } else {
                waitForEventOrTimer()
            }
            frame += 1
        }
        return frame
    }

    /// Sleeps until an SDL event is queued or the window's next timer is due.
    private func waitForEventOrTimer() {
        var ms: Int32 = -1
        if let next = window.frameClock.nextFireTime {
            let remaining = ((next - clock()) * 1000).rounded(.up)
            guard remaining > 0 else { return }
            ms = Int32(min(remaining, 60_000))
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if driver == "dummy" || driver == "offscreen" {
            // These drivers can't block: SDL would wake every millisecond to poll. Sleep in
            // slices instead (an event pushed meanwhile waits at most one slice).
            guard SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE else { return }
            SDL_Delay(UInt32(ms < 0 ? 100 : min(ms, 100)))
        } else {
            SDL_WaitEventTimeout(nil, ms)
        }
    }

    // MARK: Screenshots

    /// The current render target's pixels as ARGB8888, row by row, with its size.
    public func readPixels() -> (width: Int, height: Int, pixels: [UInt32]) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0 else { return (0, 0, []) }
        var pixels = [UInt32](repeating: 0, count: Int(w * h))
        pixels.withUnsafeMutableBytes { raw in
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, raw.baseAddress, w * 4)
        }
        return (Int(w), Int(h), pixels)
    }

    /// Writes the current frame to a PNG file (SDL2_image).
    public func screenshot(to path: String) throws {
        var (w, h, pixels) = readPixels()
        guard w > 0 else { throw SDLControlsError.screenshotFailed("the renderer has no output") }
        let result: Int32 = pixels.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4),
                                                                   SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        h = 0
        guard result == 0 else { throw SDLControlsError.screenshotFailed("\(path): \(sdlError())") }
    }

    // MARK: Helpers used by input translation

    func isOurWindow(_ id: UInt32) -> Bool {
        id == 0 || id == SDL_GetWindowID(sdlWindow)
    }

    func now() -> TimeInterval { clock() }

    /// SDL window units (mouse coordinates, window sizes) per point: 1, or the forced scale
    /// of a headless host.
    public var windowUnitsPerPoint: CGFloat { forcedScale ?? 1 }

    /// Window units (SDL's mouse coordinates) to points.
    func points(fromWindowX x: CGFloat, y: CGFloat) -> CGPoint {
        let f = forcedScale ?? 1
        return CGPoint(x: x / f, y: y / f)
    }

    /// Whether a view owns the touch of contact `id` (the UI uses it; the game should not).
    func contactIsOwned(_ id: Int64) -> Bool {
        guard let touch = window.touch(forContactID: id), let view = touch.view else { return false }
        // A touch on the bare root window (no background) falls through to the game.
        return view !== window || window.backgroundColor != nil
    }

    /// Reads the window's size and pixel density; resizes the root view.
    func refreshWindowMetrics() {
        var ww: Int32 = 0, wh: Int32 = 0, ow: Int32 = 0, oh: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &ww, &wh)
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        if let f = forcedScale {
            pixelScale = f
            windowSizeInPoints = CGSize(width: CGFloat(ww) / f, height: CGFloat(wh) / f)
        } else {
            pixelScale = ww > 0 ? max(0.25, CGFloat(ow) / CGFloat(ww)) : 1
            windowSizeInPoints = CGSize(width: CGFloat(max(0, ww)), height: CGFloat(max(0, wh)))
        }
        window.frame = CGRect(origin: .zero, size: windowSizeInPoints)
        window.setNeedsLayout()
        window.needsRedraw = true
        if backend.pixelScale != pixelScale {
            backend.pixelScale = pixelScale   // text is measured at the scale it is drawn at
            window.textMetricsDidChange()
        }
    }

    func recreateTextures() {
        backend.recreateTextures()
        window.needsRedraw = true
    }

    private func syncTextInput() {
        let responder = window.firstResponder
        if let input = responder as? UIKeyInput {
            if !textInputOwned {
                SDL_StartTextInput()
                textInputOwned = true
            }
            if let composing = input as? UITextInputComposing {
                let r = composing.caretRectInWindow
                let f = forcedScale ?? 1
                var rect = SDL_Rect(x: Int32(clamping: Int((r.minX * f).rounded())), y: Int32(clamping: Int((r.minY * f).rounded())),
                                    w: Int32(clamping: Int((r.width * f).rounded())), h: Int32(clamping: Int((r.height * f).rounded())))
                SDL_SetTextInputRect(&rect)
            }
        } else if textInputOwned {
            SDL_StopTextInput()
            textInputOwned = false
        }
    }
}
