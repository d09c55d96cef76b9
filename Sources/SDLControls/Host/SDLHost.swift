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
/// The host is made of two halves, as Dear ImGui's SDL backends are: the platform half
/// (`Input/SDLInputTranslator.swift`: events in, consumed answers out, text input, game
/// controllers) and the renderer half (`Rendering/SDLRenderBackend.swift` and
/// `Rendering/RenderPlacement.swift`: the game's coordinate system, textures, submission).
/// Each opens with what it does and does not do. What the process shares (SDL subsystems,
/// SDL_image and SDL_ttf, hints, text input, the clipboard) is counted in
/// `Host/SDLSharedState.swift`, so hosts leave it as they found it.
///
/// Per mode **(project choices)**:
///
/// | | Standalone, headless | Embedded |
/// |---|---|---|
/// | ``focusNavigation`` | ``/SDLControlsCore/FocusNavigation/all`` | ``/SDLControlsCore/FocusNavigation/gameController``: Tab, the arrows and Space are the game's |
/// | ``endsEditingOnPressOutsideUI`` | false (as UIKit) | true: a click into the game ends editing |
/// | ``layoutSpace`` | ``LayoutSpace/automatic`` | ``LayoutSpace/automatic`` |
/// | ``managesCursor`` | true: the I-beam over text fields, the arrow elsewhere | false: the game's cursor is left alone (``cursor`` says what the UI would show) |
/// | SDL, controllers | initialized and opened by the host | the game's |
///
/// After ``shutdown()`` (or once the game has destroyed the window or renderer) every call is
/// a documented no-op: ``handle(_:)`` returns false, ``update()``, ``render()`` and
/// ``renderFrame()`` do nothing, ``pollEvents()`` returns false without taking events,
/// ``run(frames:onFrame:)`` returns 0, ``screenshot(to:)`` throws.
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
        /// The window size in points; the window is 1…16384 pixels per side (size × scale),
        /// NaN or infinite sides become 1 point.
        public var size: CGSize
        /// Pixels per point to force (headless 2× golden images); nil follows the display.
        /// Clamped to 0.25…8 **(project choice)**; NaN or infinite acts as nil.
        public var scale: CGFloat?
        /// Wait for vsync when presenting.
        public var vsync: Bool
        /// Use the dummy video driver and software renderer.
        public var headless: Bool
        /// Fonts to use.
        public var fonts: FontConfiguration
        /// The colour behind the UI in standalone mode.
        public var clearColor: UIColor
        /// Which inputs move focus (``SDLHost/focusNavigation``); everything by default.
        public var focusNavigation: FocusNavigation
        /// A fixed time step per ``SDLHost/update()`` (``SDLHost/fixedTimeStep``); nil follows
        /// the wall clock.
        public var fixedTimeStep: TimeInterval?
        /// What one UI point is (``SDLHost/layoutSpace``).
        public var layoutSpace: LayoutSpace

        /// Creates a configuration.
        public init(title: String = "SDLControls", size: CGSize = CGSize(width: 960, height: 640), scale: CGFloat? = nil,
                    vsync: Bool = true, headless: Bool = false, fonts: FontConfiguration = FontConfiguration(),
                    clearColor: UIColor = .systemBackground, focusNavigation: FocusNavigation = .all,
                    fixedTimeStep: TimeInterval? = nil, layoutSpace: LayoutSpace = .automatic) {
            self.title = title
            self.size = size
            self.scale = scale
            self.vsync = vsync
            self.headless = headless
            self.fonts = fonts
            self.clearColor = clearColor
            self.focusNavigation = focusNavigation
            self.fixedTimeStep = fixedTimeStep
            self.layoutSpace = layoutSpace
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
    /// Output pixels per window point (2 on a HiDPI display), whatever ``layoutSpace`` is.
    public private(set) var pixelScale: CGFloat = 1
    /// The SDL window's size in window points (``window``'s bounds in
    /// ``LayoutSpace/windowPoints``; see ``placement`` for the UI's size in other spaces).
    public private(set) var windowSizeInPoints: CGSize = .zero
    /// GPU-side counters of the last ``render()``.
    public private(set) var counters = FrameCounters()
    /// Core-side counters of the last draw-list build.
    public private(set) var drawStats = DrawStats()
    /// CPU time of the last ``render()`` split into draw-list build and submission (and, after
    /// ``renderFrame()``, clear and present), for benchmarks and overlays.
    public private(set) var lastRenderTimings = RenderTimings()
    /// Where the mouse is (UI points, in ``window``'s coordinates), nil before it moves and
    /// after it leaves the window; also updated while a button is held. No touch is sent for
    /// hover; the window's hovered views are ``/SDLControlsCore/UIWindow/hoverLocation``'s.
    public internal(set) var hoverLocation: CGPoint?
    /// Where the mouse pointer last was, in UI points (outside the UI's bounds too), as mouse
    /// events reported it: the wheel scrolls what is there.
    var pointerWhereabouts = PointerWhereabouts.unknown

    /// What the host knows of the mouse pointer's position.
    enum PointerWhereabouts: Equatable {
        /// No mouse event yet.
        case unknown
        /// At this UI point (possibly outside the UI, in a letterbox bar).
        case at(CGPoint)
        /// Outside the window (`SDL_WINDOWEVENT_LEAVE`).
        case outsideWindow
    }
    /// Whether the host shows the cursor the hovered views ask for (the I-beam over a text
    /// field, the arrow elsewhere; ``/SDLControlsCore/UIView/pointerCursor``) with `SDL_SetCursor`. True for
    /// standalone and headless hosts, false for embedded ones **(project choice)**: a game
    /// owns its cursor (it may hide it, or draw its own), so the UI never changes it unless
    /// the game turns this on; a game drawing its own cursor reads ``cursor``. Turning it off
    /// puts SDL's default cursor back if the UI's is showing.
    public var managesCursor: Bool {
        didSet {
            guard managesCursor != oldValue, isUsable else { return }
            if managesCursor { updateCursor() } else { pointer.restoreDefault() }
        }
    }
    /// The cursor the UI wants now (``/SDLControlsCore/UIWindow/effectivePointerCursor``), whether or not the
    /// host shows it (``managesCursor``).
    public var cursor: UIPointerCursor { window.effectivePointerCursor }
    /// How far (points) one notch of the mouse wheel scrolls: SDL's wheel values are
    /// multiplied by it. 40 by default; NaN and infinite values become 40, negative ones 0,
    /// at most 10,000.
    public var wheelScrollDistance: CGFloat = 40 {
        didSet {
            if !wheelScrollDistance.isFinite { wheelScrollDistance = 40 } else if wheelScrollDistance < 0 {
                wheelScrollDistance = 0
            } else if wheelScrollDistance > 10_000 { wheelScrollDistance = 10_000 }
        }
    }
    /// The colour standalone frames are cleared to.
    public var clearColor: UIColor
    /// Seconds on a monotonic clock since the host started; replace for deterministic tests.
    /// Not read while ``fixedTimeStep`` is set.
    public var clock: () -> TimeInterval
    /// What one UI point is and how the UI sits over the game's render state (see
    /// ``LayoutSpace``); ``LayoutSpace/automatic`` by default. Takes effect at once.
    public var layoutSpace: LayoutSpace = .automatic {
        didSet { if oldValue != layoutSpace { refreshPlacement() } }
    }
    /// Where the UI is on the window's output, from ``layoutSpace`` and the game's render
    /// state as last read (by ``update()``, ``render()`` and pointer events).
    public private(set) var placement = Placement(space: .windowPoints, size: .zero, pixelsPerPoint: 1, origin: .zero)
    /// Which inputs move and use focus (``/SDLControlsCore/UIWindow/focusNavigation`` of ``window``). Standalone
    /// and headless hosts start with ``/SDLControlsCore/FocusNavigation/all``; embedded hosts with
    /// ``/SDLControlsCore/FocusNavigation/gameController`` only **(project choice)**: games bind Tab, the arrows,
    /// Space and Return, and send every key through ``handle(_:)``, so the keyboard moves
    /// focus only when the game asks for it. An editing text field gets its keys either way.
    public var focusNavigation: FocusNavigation {
        get { window.focusNavigation }
        set { window.focusNavigation = newValue }
    }
    /// Whether a press (click or touch) that no view takes, one that goes to the game, ends
    /// editing in the window (``/SDLControlsCore/UIView/endEditing(_:)`` without force, so a text field's
    /// delegate may refuse). True for embedded hosts, false otherwise **(project choice; UIKit
    /// ends editing only when told)**: a player who clicks back into the game gets the arrow
    /// keys back.
    public var endsEditingOnPressOutsideUI: Bool
    /// A fixed time step: each ``update()`` advances the UI's time by exactly this many seconds,
    /// and input is stamped with the current step's time, so a run with the same input gives
    /// the same frames and pixels whatever the machine's speed (goldens, screenshots, replays).
    /// Nil (the default) follows ``clock``. Time continues from where it is when the step is
    /// set or changed; values that are not finite or not positive turn it off, and back on
    /// ``clock`` time never runs backwards (it holds until the clock catches up).
    public var fixedTimeStep: TimeInterval? {
        didSet {
            if let step = fixedTimeStep, !(step.isFinite && step > 0) { fixedTimeStep = nil }
            guard fixedTimeStep != oldValue else { return }
            // Count steps from here (time = start + steps × step, so it doesn't drift).
            fixedStart = oldValue.map { fixedStart + Double(fixedSteps) * $0 } ?? window.frameClock.currentTime
            fixedSteps = 0
        }
    }
    /// Whether ``shutdown()`` ran; then every call is a no-op (see the overview).
    public private(set) var isShutDown = false
    /// Where the host writes one-line notices: the renderer chosen, and each file that failed to
    /// load (an image or a font: once per file, with the path and the reason).
    /// Every notice is one line, with control and bidi characters of the paths and reasons
    /// it quotes shown as escapes (`\u{1B}`), so a file's name can't act on a terminal.
    public var log: (String) -> Void = { FileHandle.standardError.write(Data(("SDLControls: " + $0 + "\n").utf8)) }

    /// Writes one notice to ``log``: the one place the host's messages leave it, escaped.
    func notice(_ message: String) {
        log(message.escapedForMessage)
    }

    let backend: SDLRenderBackend
    /// Game controllers (`Input/SDLGameControllerInput.swift`): opened here unless embedded.
    let gameControllers: SDLGameControllerInput
    /// Cursors and mouse capture (`Input/SDLPointer.swift`).
    let pointer = SDLPointer()
    let fonts: FontLibrary
    private var translator = SDLInputTranslator()
    private let forcedScale: CGFloat?
    private let ownsSDL: Bool
    /// The SDL window's id, kept so events are matched without touching a window the game
    /// may have destroyed.
    let sdlWindowID: UInt32
    /// Whether `renderer` is the window's own (`SDL_GetRenderer`), so its life can be checked.
    private let rendererIsTheWindows: Bool
    /// The window's render state as last read with no render target bound.
    var windowState = WindowRenderState()
    /// Whether ``windowState`` is not the window's: never read, or the window changed since.
    private var windowStateIsStale = true
    private var textInputOwned = false
    private var lastIMERect: SDL_Rect?
    /// Whether this host holds the hints a standalone host sets (click-through, extended IME text).
    private var holdsStandaloneHints = false
    private var reportedDetached = false
    private var quitRequested = false
    /// How deep the host is in its own calls that run the app's code (see ``shutdown()``).
    private var callDepth = 0
    /// A ``shutdown()`` asked for during such a call, done when it returns.
    private var teardownPending = false
    /// Whether ``windowState`` was read since the game last had a chance to change it (the end
    /// of ``update()`` or ``render()``).
    private var renderStateIsCurrent = false
    /// While ``fixedTimeStep`` is set: the time it was set at and the updates since.
    private var fixedStart: TimeInterval = 0
    private var fixedSteps = 0
    /// Problems found while creating the host (a corrupt font skipped), logged on the first
    /// ``update()`` so a `log` set after creation sees them.
    private var pendingNotices: [String] = []
    /// The window needs presenting even if the UI did not change (first frame, window events).
    private var presentPending = true

    // MARK: Creating

    /// Creates a standalone (or, with `configuration.headless`, headless) host with its own
    /// window and renderer.
    public convenience init(configuration: Configuration) throws {
        let skipsWayland = !configuration.headless && SDLHost.waylandIsUnreachable(ProcessInfo.processInfo.environment)
        if configuration.headless {
            // Read when video starts and the renderer is created, then put back: a later host
            // (or the game) starts SDL with the drivers it would have had.
            SDLSharedState.holdHint(SDL_HINT_VIDEODRIVER, "dummy")
            SDLSharedState.holdHint(SDL_HINT_RENDER_DRIVER, "software")
        } else if skipsWayland {
            // SDL tries Wayland after X11; with nothing to connect to, libwayland prints an
            // error line of its own before failing. A dead X display then says one thing.
            SDLSharedState.holdHint(SDL_HINT_VIDEODRIVER, "x11,kmsdrm")
        }
        defer {
            if configuration.headless {
                SDLSharedState.releaseHint(SDL_HINT_VIDEODRIVER)
                SDLSharedState.releaseHint(SDL_HINT_RENDER_DRIVER)
            } else if skipsWayland {
                SDLSharedState.releaseHint(SDL_HINT_VIDEODRIVER)
            }
        }
        try SDLHost.initializeLibraries(wantsWindow: !configuration.headless, skippedWayland: skipsWayland)
        let scale = configuration.scale.flatMap { $0.isFinite ? min(max($0, SDLHost.scaleRange.lowerBound), SDLHost.scaleRange.upperBound) : nil }
        func pixels(_ points: CGFloat) -> Int32 {
            max(1, min(16384, Int32(saturating: ((points.isFinite ? points : 1) * (scale ?? 1)).rounded())))
        }
        let w = pixels(configuration.size.width), h = pixels(configuration.size.height)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if configuration.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let pos = SDL_WINDOWPOS_UNDEFINED
        guard let sdlWindow = SDL_CreateWindow(configuration.title, pos, pos, w, h, flags) else {
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

    /// Whether SDL's Wayland driver could not connect anyway, so it isn't tried: no
    /// `WAYLAND_DISPLAY`, `WAYLAND_SOCKET` or `XDG_RUNTIME_DIR` (where a compositor's socket
    /// lives), an X display named, and no video driver chosen (`SDL_VIDEODRIVER`).
    static func waylandIsUnreachable(_ environment: [String: String]) -> Bool {
        #if os(Linux) || os(FreeBSD) || os(OpenBSD)
        func named(_ key: String) -> Bool { !(environment[key] ?? "").isEmpty }
        return named("DISPLAY") && !named("WAYLAND_DISPLAY") && !named("WAYLAND_SOCKET") && !named("XDG_RUNTIME_DIR")
            && !named("SDL_VIDEODRIVER") && SDL_GetHint(SDL_HINT_VIDEODRIVER) == nil
        #else
        return false
        #endif
    }

    /// The pixels per point a host can be forced to (``Configuration/scale`` is clamped to it).
    nonisolated public static let scaleRange: ClosedRange<CGFloat> = 0.25...8

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
        try SDLHost.initializeSatellites()
        do {
            try self.init(window: window, renderer: renderer, mode: .embedded, fonts: fonts, forcedScale: nil, ownsSDL: false,
                          clearColor: .clear)
        } catch {
            SDLHost.shutdownSatellites()
            throw error
        }
    }

    private init(window sdlWindow: OpaquePointer, renderer: OpaquePointer, mode: Mode, fonts: FontConfiguration,
                 forcedScale: CGFloat?, ownsSDL: Bool, clearColor: UIColor) throws {
        self.sdlWindow = sdlWindow
        self.renderer = renderer
        sdlWindowID = SDL_GetWindowID(sdlWindow)
        rendererIsTheWindows = SDL_GetRenderer(sdlWindow) == renderer
        self.mode = mode
        endsEditingOnPressOutsideUI = mode == .embedded
        managesCursor = mode != .embedded
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
        // while it is the newest running host (UIApplication.textMeasurer finds it there).
        self.window.hostTextMeasurer = backend
        SDLSharedState.acquireClipboard()
        SDLSharedState.register(self)
        self.window.backgroundColor = nil   // a bare window lets presses through to the game
        self.window.focusNavigation = mode == .embedded ? .gameController : .all
        refreshWindowMetrics()
        self.window.makeKeyAndVisible()
        gameControllers.start(log: { [weak self] message in self?.notice(message) })
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

    /// The game controllers this host has open (SDL joystick instance ids, ascending). A
    /// standalone or headless host opens every controller SDL reports and closes it when it
    /// is unplugged; an embedded host leaves controllers to the game (empty).
    public var openGameControllers: [Int] { gameControllers.opened.keys.map { Int($0) }.sorted() }

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
        if callDepth > 0 {
            teardownPending = true
        } else {
            tearDown()
        }
    }

    /// Runs `body` as a call of the host's into the app's code (see ``shutdown()``): a
    /// shutdown asked for meanwhile tears down once the outermost such call returns.
    @inline(__always)
    private func running<T>(_ body: () -> T) -> T {
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
        if alive { pointer.shutdown() }   // capture released, default cursor back, cursors freed
        gameControllers.stop()
        // Measuring leaves this host before its fonts close: views whose measurer changes may
        // measure at once (a button checks whether its title's natural size changed). Views in
        // no window then measure with another running host's fonts, or the estimate.
        window.hostTextMeasurer = nil
        if alive { backend.destroy() }   // a destroyed renderer took its textures with it
        fonts.closeAll()
        if textInputOwned {
            textInputOwned = false
            SDLSharedState.endTextInput()
        }
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
            SDLHost.shutdownLibraries()
        } else {
            SDLHost.shutdownSatellites()
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
    private var isUsable: Bool {
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

    private static func initializeLibraries(wantsWindow: Bool, skippedWayland: Bool = false) throws {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let message = sdlError()
            let lowered = message.lowercased()
            if lowered.contains("video device") || lowered.contains("display") {
                throw SDLControlsError.noDisplay(message)
            }
            if skippedWayland {
                // Only X11 could be reached, and it could not.
                let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
                throw SDLControlsError.noDisplay("no X server answers at DISPLAY=\(display)")
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

    /// SDL_ttf (counted by SDL_ttf itself) and SDL_image (counted across hosts).
    private static func initializeSatellites() throws {
        guard TTF_Init() == 0 else { throw SDLControlsError.initializationFailed("SDL_ttf: " + sdlError()) }
        do {
            try SDLSharedState.acquireImageLibrary()
        } catch {
            TTF_Quit()
            throw error
        }
    }

    private static func shutdownSatellites() {
        SDLSharedState.releaseImageLibrary()
        TTF_Quit()
    }

    private static func shutdownLibraries() {
        shutdownSatellites()
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    }

    // MARK: Per frame

    /// Feeds one SDL event to the UI. Returns true when the UI consumed it and the game
    /// should ignore it (the table is in `SDLInputTranslator` and the README). Events may come
    /// before the first ``update()``; after ``shutdown()`` this returns false.
    @discardableResult
    public func handle(_ event: SDL_Event) -> Bool {
        guard isUsable else { return false }
        if SDL_EventType(event.type) == SDL_QUIT { quitRequested = true }
        if SDL_EventType(event.type) == SDL_WINDOWEVENT { presentPending = true }   // exposed, resized: show the frame again
        return running { translator.handle(event, host: self) }
    }

    /// The per-frame update: reads the game's render state (``placement``), starts the frame,
    /// runs this window's timers, delivers the batched actions (rule E1), lays out the tree
    /// and keeps SDL's text input in step with the first responder. Call it once a frame
    /// after handling the frame's events and before ``render()``.
    public func update() {
        guard isUsable else { return }
        running { updateFrame() }
    }

    private func updateFrame() {
        refreshRenderState()
        if !pendingNotices.isEmpty {
            for message in pendingNotices { notice(message) }
            pendingNotices.removeAll()
        }
        window.beginFrame()
        // This window's timers (autorepeat, caret blink, animations) before actions (rule E1).
        window.frameClock.advanceTime(to: now())
        // Only this window's actions (another host delivers its own), then those of controls
        // in no window.
        window.deliverPendingActions()
        UIApplication.shared.deliverDetachedActions()
        guard !isShutDown else { return }   // an action shut the host down
        window.layoutIfNeeded()
        window.updateFocusIfNeeded()   // a focus reset asked for this frame, now that layout is done
        window.updateHover()           // content scrolled or laid out under a still pointer
        updateCursor()
        syncTextInput()
        if fixedTimeStep != nil { fixedSteps += 1 }   // the next frame's input and update
        renderStateIsCurrent = false                   // the game draws next, and may change it
    }

    /// Draws the UI into the current render target, where ``placement`` puts it: brings the
    /// views' cached geometry up to date at the output's pixels per point and draws it at
    /// render scale 1, reusing the UI's cached pixels where nothing changed (see
    /// `SDLRenderBackend` and `UICompositor`, and ``pixelCaching``); then puts back the draw
    /// colour, blend mode, scale, viewport and clip rectangle exactly. The render target is
    /// left as found (redrawing part of the pixel cache switches to its texture for a moment
    /// and back). Works without a prior ``update()`` (layout happens here then).
    ///
    /// A render target stands for the window's whole output **(project choice)**: the UI is
    /// laid out as on the window and drawn scaled by the target's size over the output's
    /// (the smaller ratio when they differ by axis), so a game that draws the target over the
    /// whole window gets the UI, and its hit-testing, where it would be without the target.
    public func render() {
        guard isUsable else { return }
        running { renderUI() }
    }

    private func renderUI() {
        refreshRenderState()
        let saved = RenderStateSnapshot(renderer: renderer)   // leaves scale 1
        var origin = placement.origin
        var pixelsPerPoint = placement.pixelsPerPoint
        var viewport: CGRect? = placement.space == .gameUnits ? windowState.viewport : nil
        if saved.target != nil {
            var tw: Int32 = 0, th: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &tw, &th)
            let o = windowState.outputSize
            let k = o.width > 0 && o.height > 0 ? min(CGFloat(tw) / o.width, CGFloat(th) / o.height) : 1
            if k.isFinite, k > 0 {
                origin = CGPoint(x: origin.x * k, y: origin.y * k)
                pixelsPerPoint = min(max(pixelsPerPoint * k, SDLHost.pixelsPerPointRange.lowerBound), SDLHost.pixelsPerPointRange.upperBound)
                viewport = viewport.map { CGRect(x: $0.minX * k, y: $0.minY * k, width: $0.width * k, height: $0.height * k) }
            }
        }
        if var r = viewport.map({ SDL_Rect(x: Int32(saturating: $0.minX.rounded()), y: Int32(saturating: $0.minY.rounded()),
                                           w: Int32(saturating: $0.width.rounded()), h: Int32(saturating: $0.height.rounded())) }) {
            SDL_RenderSetViewport(renderer, &r)
        } else {
            SDL_RenderSetViewport(renderer, nil)
        }
        let frame = backend.renderUI(window, scale: pixelsPerPoint, log: log)
        drawStats = frame.stats
        counters = frame.counters
        lastRenderTimings = frame.timings
        saved.restore()
        renderStateIsCurrent = false
    }

    /// One standalone frame: clear, ``render()``, present. Embedded games don't call this.
    public func renderFrame() {
        guard isUsable else { return }
        running { clearRenderAndPresent() }
    }

    private func clearRenderAndPresent() {
        // Components, not resolvedColor(with:): that creates a UIColor, a heap allocation every frame.
        let c = clearColor.resolvedComponents(with: window.userInterfaceStyle)
        SDL_SetRenderDrawColor(renderer, UIColor.byte(c.red), UIColor.byte(c.green), UIColor.byte(c.blue), UIColor.byte(c.alpha))
        let clearStart = RenderTimings.threadCPUTime()
        SDL_RenderClear(renderer)
        let clear = RenderTimings.threadCPUTime() - clearStart
        render()
        guard !isShutDown else { return }   // the app's drawing shut the host down
        let presentStart = RenderTimings.threadCPUTime()
        SDL_RenderPresent(renderer)
        lastRenderTimings.clear = clear
        lastRenderTimings.present = RenderTimings.threadCPUTime() - presentStart
    }

    /// Polls every pending SDL event into ``handle(_:)``. Returns false once the user asked to
    /// quit (`SDL_QUIT`, or the host's window was closed). With two hosts in one process, poll
    /// once yourself and give every event to each host's ``handle(_:)`` instead: each takes
    /// only its own window's events, and this method would drop the other window's.
    @discardableResult
    public func pollEvents() -> Bool {
        guard isUsable else { return false }
        var event = SDL_Event()
        // Stops when an event's action shut the host down: the rest stay queued for the game.
        while !isShutDown, SDL_PollEvent(&event) != 0 {
            handle(event)
            // Polled here, so freed here, as SDL asks (a game that polls frees its own).
            if event.type == SDL_TEXTEDITING_EXT.rawValue { SDL_free(event.editExt.text) }
        }
        return !quitRequested && !isShutDown
    }

    /// Runs the standalone loop: events, ``update()``, `onFrame`, ``renderFrame()``; until the
    /// user quits, `frames` frames have run, or `onFrame` returns false. Returns the number
    /// of frames run. Does not shut the host down.
    ///
    /// Without `frames` and `onFrame` the loop draws on demand: a frame is drawn only when
    /// the UI changed (``/SDLControlsCore/UIWindow/needsFrame``) or the window needs it, and in between the
    /// loop sleeps until an event arrives or the next timer (caret blink, animation step,
    /// autorepeat) is due, so a still UI costs no CPU **(project choice)**. With `frames`
    /// or `onFrame` the caller's code runs every frame and every frame is drawn.
    @discardableResult
    public func run(frames: Int? = nil, onFrame: ((Int) -> Bool)? = nil) -> Int {
        guard isUsable else { return 0 }
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

    /// The current render target's pixels as ARGB8888, row by row, with its size: the whole
    /// target, whatever viewport or scale the game set. Empty after ``shutdown()``.
    public func readPixels() -> (width: Int, height: Int, pixels: [UInt32]) {
        guard isUsable else { return (0, 0, []) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0 else { return (0, 0, []) }
        var pixels = [UInt32](repeating: 0, count: Int(w) * Int(h))
        let saved = RenderStateSnapshot(renderer: renderer)   // SDL reads the viewport: read it all
        SDL_RenderSetViewport(renderer, nil)
        pixels.withUnsafeMutableBytes { raw in
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, raw.baseAddress, w * 4)
        }
        saved.restore()
        return (Int(w), Int(h), pixels)
    }

    /// Writes the current frame to a PNG file (SDL2_image). Throws after ``shutdown()``.
    public func screenshot(to path: String) throws {
        guard isUsable else { throw SDLControlsError.screenshotFailed("the host was shut down") }
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
        id == 0 || id == sdlWindowID
    }

    /// The time of input and timers: the current fixed step, or ``clock``.
    func now() -> TimeInterval {
        guard let step = fixedTimeStep else { return clock() }
        return fixedStart + Double(fixedSteps) * step
    }

    /// The pointer is at `location` with no button held (nil: it left the window): the
    /// window's hover follows, and the cursor. A location outside the window counts as left.
    func hover(at location: CGPoint?) {
        pointerWhereabouts = location.map { .at($0) } ?? .outsideWindow
        let inside = location.map { window.bounds.contains($0) } ?? false
        hoverLocation = inside ? location : nil
        window.sendHover(at: hoverLocation)
        updateCursor()
    }

    /// Shows the cursor the hovered views ask for, while the host manages it and the pointer
    /// is over the window.
    func updateCursor() {
        guard managesCursor, window.hoverLocation != nil else { return }
        pointer.show(window.effectivePointerCursor)
    }

    /// Asks ``run(frames:onFrame:)`` and ``pollEvents()`` to stop (the window was closed).
    func requestQuit() { quitRequested = true }

    /// SDL window units (mouse coordinates, window sizes) per window point: 1, or the forced
    /// scale of a headless host.
    public var windowUnitsPerPoint: CGFloat { forcedScale ?? 1 }

    /// The contacts (mouse, fingers) the translator has down.
    var activeContactIDs: [Int64] { translator.activeContactIDs }

    /// Whether a view owns the touch of contact `id` (the UI uses it; the game should not).
    func contactIsOwned(_ id: Int64) -> Bool {
        guard let touch = window.touch(forContactID: id), let view = touch.view else { return false }
        // A touch on the bare root window (no background) falls through to the game.
        return view !== window || window.backgroundColor != nil
    }

    /// Reads the window's size and pixel density (a resize or display change); resizes the
    /// root view and redraws.
    func refreshWindowMetrics() {
        windowStateIsStale = true
        refreshRenderState()
        window.setNeedsLayout()
        window.needsRedraw = true
    }

    /// Reads the game's render state for the window and updates ``placement``. While the game
    /// has a render target bound, SDL reports the target's state, so the window's is kept as
    /// last read; when there is none to keep (a host created while the game's target is
    /// bound, a resize seen while it is) the target is unbound for the read and bound again
    /// with its own settings, since laying the UI out for a state it never read (1 × 1)
    /// would draw nothing for as long as the game keeps its target bound.
    func refreshRenderState() {
        if let state = WindowRenderState.read(renderer: renderer, window: sdlWindow) {
            windowState = state
            windowStateIsStale = false
        } else if windowStateIsStale {
            let saved = RenderStateSnapshot(renderer: renderer)
            SDL_SetRenderTarget(renderer, nil)   // SDL puts the window's own settings back
            if let state = WindowRenderState.read(renderer: renderer, window: sdlWindow) { windowState = state }
            saved.restore()   // the game's target, with its viewport, scale, clip and logical size
            windowStateIsStale = false
        }
        refreshPlacement()
        renderStateIsCurrent = true
    }

    /// Reads the render state for a pointer event: once per batch of events (SDL converted
    /// them all with the state the game left after its last frame), not once per event.
    func refreshRenderStateForInput() {
        if !renderStateIsCurrent { refreshRenderState() }
    }

    /// Recomputes ``placement`` (and the window-point metrics) from the last render state;
    /// resizes ``window`` when the UI's size changed.
    func refreshPlacement() {
        let points = SDLHost.placement(space: .windowPoints, state: windowState, forcedScale: forcedScale)
        pixelScale = points.pixelsPerPoint
        windowSizeInPoints = points.size
        let p = SDLHost.placement(space: layoutSpace, state: windowState, forcedScale: forcedScale)
        let frame = CGRect(origin: .zero, size: p.size)
        if window.frame != frame {
            window.frame = frame
            window.setNeedsLayout()
        }
        if p != placement {
            placement = p
            window.needsRedraw = true
        }
        if backend.pixelScale != p.pixelsPerPoint {
            // Text is measured at the scale it is drawn at (the placement's, a game's logical
            // scale included), so a view's measured width is its drawn width.
            backend.pixelScale = p.pixelsPerPoint
            window.textMetricsDidChange()
        }
    }

    func recreateTextures() {
        backend.recreateTextures()
        window.needsRedraw = true
    }

    /// SDL text input on while this window's first responder takes text (counted across
    /// hosts, so one host's field ending doesn't stop another's, and a game's own text input
    /// stays on); the IME rectangle follows the caret, set only when it moves.
    private func syncTextInput() {
        let input = window.firstResponder as? UIKeyInput
        if (input != nil) != textInputOwned {
            textInputOwned = input != nil
            if textInputOwned { SDLSharedState.beginTextInput() } else { SDLSharedState.endTextInput() }
            lastIMERect = nil
        }
        if let composing = input as? UITextInputComposing {
            var rect = windowRect(of: composing.caretRectInWindow)
            if lastIMERect.map({ $0.x != rect.x || $0.y != rect.y || $0.w != rect.w || $0.h != rect.h }) ?? true {
                SDL_SetTextInputRect(&rect)
                lastIMERect = rect
            }
        }
    }
}
