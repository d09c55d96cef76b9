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
///
/// The host composes two halves that talk through values, as Dear ImGui's SDL backends meet
/// only in its IO and draw data: the platform half (`Platform/SDLPlatformBackend.swift`:
/// events in, consumed answers out) and the renderer half (`Renderer/SDLRenderBackend.swift`:
/// placement, textures, submission). The host owns creation, the loop and shutdown. What the
/// process shares (SDL, SDL_image, SDL_ttf, hints, text input, the clipboard) is counted in
/// `Host/SDLSharedState.swift`, so hosts leave it as they found it.
///
/// Standalone and headless hosts differ from embedded ones in their defaults (focus
/// navigation, ending editing, the cursor, who opens SDL and controllers): see
/// <doc:EmbeddingInAGame>.
///
/// After ``shutdown()`` (or once the game has destroyed the window or renderer) every call is
/// a documented no-op: ``handle(_:)`` returns false, ``update()``, ``render()`` and
/// ``renderFrame()`` do nothing, ``pollEvents()`` returns false without taking events,
/// ``run(frames:onFrame:)`` returns 0, ``screenshot(to:)`` throws.
@MainActor
public final class SDLHost {
    /// The root of the UI. Add your views to it.
    public let window: UIWindow
    /// How the host was created.
    public let mode: Mode
    /// The SDL window.
    public let sdlWindow: OpaquePointer
    /// The SDL renderer.
    public let renderer: OpaquePointer
    /// GPU-side counters of the last ``render()``.
    public internal(set) var counters = FrameCounters()
    /// Core-side counters of the last draw-list build.
    public internal(set) var drawStats = DrawStats()
    /// CPU time of the last ``render()`` split into draw-list build and submission (and, after
    /// ``renderFrame()``, clear and present), for benchmarks and overlays.
    public internal(set) var lastRenderTimings = RenderTimings()
    /// The colour standalone frames are cleared to.
    public var clearColor: UIColor
    /// Seconds on a monotonic clock since the host started; replace for deterministic tests.
    /// Not read while ``fixedTimeStep`` is set.
    public var clock: () -> TimeInterval {
        get { time.clock }
        set { time.clock = newValue }
    }
    /// A fixed time step: each ``update()`` advances the UI's time by exactly this many seconds,
    /// and input is stamped with the current step's time, so a run with the same input gives
    /// the same frames and pixels whatever the machine's speed (goldens, screenshots, replays).
    /// Nil (the default) follows ``clock``. Time continues from where it is when the step is
    /// set or changed; values that are not finite or not positive turn it off, and back on
    /// ``clock`` time never runs backwards (it holds until the clock catches up).
    public var fixedTimeStep: TimeInterval? {
        get { time.fixedStep }
        set { time.setFixedStep(newValue, current: window.frameClock.currentTime) }
    }
    /// Whether ``shutdown()`` ran; then every call is a no-op (see the overview).
    public private(set) var isShutDown = false
    /// Where the host writes one-line notices: the renderer chosen, and each file that failed to
    /// load (an image or a font: once per file, with the path and the reason).
    /// Every notice is one line, with control and bidi characters of the paths and reasons
    /// it quotes shown as escapes (`\u{1B}`), so a file's name can't act on a terminal.
    public var log: (String) -> Void = { FileHandle.standardError.write(Data(("SDLControls: " + $0 + "\n").utf8)) }

    /// The platform half: events in, consumed answers out.
    let platform: SDLPlatformBackend
    /// The renderer half: placement, textures, drawing.
    let backend: SDLRenderBackend
    let fonts: FontLibrary
    var time: FrameTime
    private let ownsSDL: Bool
    /// Whether `renderer` is the window's own (`SDL_GetRenderer`), so its life can be checked.
    private let rendererIsTheWindows: Bool
    /// Whether this host holds the hints a standalone host sets (click-through, extended IME text).
    private var holdsStandaloneHints = false
    private var reportedDetached = false
    var quitRequested = false
    /// How deep the host is in its own calls that run the app's code (see ``shutdown()``),
    /// and a ``shutdown()`` asked for meanwhile, done when the outermost returns.
    private var callDepth = 0
    private var teardownPending = false
    /// Problems found while creating the host (a corrupt font skipped), logged on the first
    /// ``update()`` so a `log` set after creation sees them.
    var pendingNotices: [String] = []
    /// The window needs presenting even if the UI did not change (first frame, window events).
    var presentPending = true

    /// The SDL window's id (events name their window by it).
    var sdlWindowID: UInt32 { platform.sdlWindowID }

    // MARK: Creating

    /// Creates a standalone (or, with `configuration.headless`, headless) host with its own
    /// window and renderer.
    public convenience init(configuration: Configuration) throws {
        let skipsWayland = !configuration.headless && SDLLibraries.waylandIsUnreachable(ProcessInfo.processInfo.environment)
        // Driver hints are read when video starts and the renderer is created, then put back:
        // a later host (or the game) starts SDL with the drivers it would have had. Without a
        // Wayland compositor to reach, only X11 is tried (libwayland would print its own error).
        let driverHints: [(String, String)] = configuration.headless
            ? [(SDL_HINT_VIDEODRIVER, "dummy"), (SDL_HINT_RENDER_DRIVER, "software")]
            : skipsWayland ? [(SDL_HINT_VIDEODRIVER, "x11,kmsdrm")] : []
        for (name, value) in driverHints { SDLSharedState.holdHint(name, value) }
        defer { for (name, _) in driverHints { SDLSharedState.releaseHint(name) } }
        try SDLLibraries.start(wantsWindow: !configuration.headless, skippedWayland: skipsWayland)
        let scale = configuration.scale.flatMap { $0.isFinite ? min(max($0, SDLHost.scaleRange.lowerBound), SDLHost.scaleRange.upperBound) : nil }
        func pixels(_ points: CGFloat) -> Int32 {
            max(1, min(16384, Int32(saturating: ((points.isFinite ? points : 1) * (scale ?? 1)).rounded())))
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if configuration.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let pos = SDL_WINDOWPOS_UNDEFINED
        guard let sdlWindow = SDL_CreateWindow(configuration.title, pos, pos, pixels(configuration.size.width),
                                               pixels(configuration.size.height), flags) else {
            let message = sdlError()
            SDLLibraries.stop()
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
            SDLLibraries.stop()
            throw SDLControlsError.rendererCreationFailed(message)
        }
        do {
            try self.init(window: sdlWindow, renderer: renderer, mode: configuration.headless ? .headless : .standalone,
                          fonts: configuration.fonts, forcedScale: scale, ownsSDL: true, clearColor: configuration.clearColor)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(sdlWindow)
            SDLLibraries.stop()
            throw error
        }
        if mode == .standalone { notice("renderer \(rendererDescription)") }
        // SDL starts with text input on; only a focused text responder wants it (unless another
        // host's is editing now).
        if !SDLSharedState.hostsUseTextInput { SDL_StopTextInput() }
        // The click that focuses the window also clicks (macOS), for as long as a host runs;
        // IME compositions of any length arrive whole (`SDL_TEXTEDITING_EXT`, which
        // `pollEvents` frees) rather than cut to 31 bytes.
        SDLSharedState.holdHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDLSharedState.holdHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")
        holdsStandaloneHints = true
        focusNavigation = configuration.focusNavigation
        fixedTimeStep = configuration.fixedTimeStep
        layoutSpace = configuration.layoutSpace
    }

    /// Creates a headless host: dummy video driver, software renderer, `size` points at
    /// `scale` pixels per point.
    public static func headless(size: CGSize = CGSize(width: 640, height: 480), scale: CGFloat = 1,
                                fonts: FontConfiguration = FontConfiguration()) throws -> SDLHost {
        try SDLHost(configuration: Configuration(size: size, scale: scale, vsync: false, headless: true, fonts: fonts))
    }

    /// Embeds the UI in a game that owns `window`, `renderer` and the loop. SDL (video) must
    /// already be initialized by the game; the host initializes SDL_ttf and SDL_image, and
    /// ``shutdown()`` leaves them, SDL and the render state as the game had them. Call
    /// ``shutdown()`` before destroying the window and renderer (a host that finds them
    /// destroyed stops, and logs it once).
    public convenience init(embeddingWindow window: OpaquePointer, renderer: OpaquePointer,
                            fonts: FontConfiguration = FontConfiguration()) throws {
        guard SDL_WasInit(SDL_INIT_VIDEO) != 0 else {
            throw SDLControlsError.initializationFailed("the game must call SDL_Init(SDL_INIT_VIDEO) before embedding")
        }
        let id = SDL_GetWindowID(window)
        guard id != 0, SDL_GetWindowFromID(id) == window else {
            throw SDLControlsError.initializationFailed("the window passed to SDLHost(embeddingWindow:) is not an SDL window")
        }
        try SDLLibraries.startSatellites()
        do {
            try self.init(window: window, renderer: renderer, mode: .embedded, fonts: fonts, forcedScale: nil, ownsSDL: false,
                          clearColor: .clear)
        } catch {
            SDLLibraries.stopSatellites()
            throw error
        }
    }

    private init(window sdlWindow: OpaquePointer, renderer: OpaquePointer, mode: Mode, fonts: FontConfiguration,
                 forcedScale: CGFloat?, ownsSDL: Bool, clearColor: UIColor) throws {
        self.sdlWindow = sdlWindow
        self.renderer = renderer
        rendererIsTheWindows = SDL_GetRenderer(sdlWindow) == renderer
        self.mode = mode
        self.ownsSDL = ownsSDL
        self.clearColor = clearColor
        self.fonts = try FontLibrary(configuration: fonts)
        let start = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        time = FrameTime(clock: { Double(SDL_GetPerformanceCounter() &- start) / frequency })
        window = UIWindow(frame: .zero)
        platform = SDLPlatformBackend(window: window, sdlWindow: sdlWindow, embedded: mode == .embedded)
        backend = SDLRenderBackend(renderer: renderer, window: sdlWindow, fonts: self.fonts, forcedScale: forcedScale)
        // Text is measured with this host's fonts: in its window, and for views in no window
        // while it is the newest running host (UIApplication.textMeasurer finds it there).
        window.hostTextMeasurer = backend
        SDLSharedState.acquireClipboard()
        SDLSharedState.register(self)
        window.backgroundColor = nil   // a bare window lets presses through to the game
        window.focusNavigation = mode == .embedded ? .gameController : .all
        readWindowMetrics()
        window.makeKeyAndVisible()
        platform.gameControllers.start(log: { [weak self] message in self?.notice(message) })
        // Files that fail to load are reported once each, through `log` (which users may replace).
        backend.images.report = { [weak self] message in self?.notice(message) }
        // A refused image now measures zero: views sized to it lay out again.
        backend.images.onRefused = { [weak self] _ in self?.window.invalidateIntrinsicSizesInSubtree() }
        self.fonts.report = { [weak self] message in self?.notice(message) }
        pendingNotices = self.fonts.notices
    }

    /// Shuts down a host nobody shut down (see ``shutdown()``).
    isolated deinit {
        shutdown()
    }

    // MARK: Shutting down

    /// Releases the renderer's textures and, for hosts that created them, the window,
    /// renderer and SDL. An embedded host leaves SDL, SDL_image, SDL_ttf, hints and text input
    /// as the game had them (see `SDLSharedState.swift`). Safe to call twice; every call on
    /// the host after it is a no-op. Runs on its own if the host is released without it.
    ///
    /// Called from the app's code while the host is running it (an action, a `draw(_:)` or
    /// `layoutSubviews()` override, `onFrame`), the host stops at once (``isShutDown``, and
    /// every call after it does nothing) and lets go of SDL when the host's own call returns:
    /// the rest of that call still uses the renderer it was drawing with.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if callDepth > 0 { teardownPending = true } else { tearDown() }
    }

    /// Runs `body` as a call of the host's into the app's code (see ``shutdown()``): a
    /// shutdown asked for meanwhile tears down once the outermost such call returns.
    func running<T>(_ body: () -> T) -> T {
        callDepth += 1
        defer {
            callDepth -= 1
            if callDepth == 0, teardownPending {
                teardownPending = false
                tearDown()
            }
        }
        return body()
    }

    /// Releases what ``shutdown()`` lets go of.
    private func tearDown() {
        let alive = rendererIsAlive
        window.cancelAllTouches()
        // What waits in the window's queue (the cancels above included) is not lost: the next
        // flush of any host, or UIApplication's, delivers it with the actions of controls in
        // no window.
        window.handOverPendingActions()
        platform.shutdown(windowExists: alive)
        // Measuring leaves this host before its fonts close: views whose measurer changes may
        // measure at once (a button checks whether its title's natural size changed). Views in
        // no window then measure with another running host's fonts, or the estimate.
        window.hostTextMeasurer = nil
        if alive { backend.destroy() }   // a destroyed renderer took its textures with it
        fonts.closeAll()
        SDLSharedState.releaseClipboard()
        SDLSharedState.unregister(self)
        if window.isKeyWindow, let other = SDLSharedState.liveHosts.last {
            other.window.makeKey()   // keys and nil-target actions go to a host that still runs
        }
        if holdsStandaloneHints {
            holdsStandaloneHints = false
            SDLSharedState.releaseHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH)
            SDLSharedState.releaseHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT)
        }
        if ownsSDL {
            if alive { SDL_DestroyRenderer(renderer) }
            if SDL_GetWindowFromID(sdlWindowID) == sdlWindow { SDL_DestroyWindow(sdlWindow) }
            SDLLibraries.stop()
        } else {
            SDLLibraries.stopSatellites()
        }
    }

    /// Whether the window and renderer still exist (a game may destroy them before
    /// ``shutdown()``; SDL then has freed the textures).
    var rendererIsAlive: Bool {
        guard let w = SDL_GetWindowFromID(sdlWindowID), w == sdlWindow else { return false }
        return !rendererIsTheWindows || SDL_GetRenderer(w) == renderer
    }

    /// Whether calls should do anything: not shut down, and the window and renderer exist
    /// (reported once when they don't).
    var isUsable: Bool {
        guard !isShutDown else { return false }
        guard rendererIsAlive else {
            if !reportedDetached {
                reportedDetached = true
                notice("the window or renderer was destroyed before shutdown(); the UI does nothing more")
            }
            return false
        }
        return true
    }

    /// Writes one notice to ``log``: the one place the host's messages leave it, escaped.
    func notice(_ message: String) {
        log(message.escapedForMessage)
    }
}
