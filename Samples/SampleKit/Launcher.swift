import Foundation
import SDLControls

/// The sample launcher: a list of samples, a header with a back button, and the frame loop.
///
/// Everything works with a game controller alone: the D-pad or left stick moves focus, A opens
/// the focused sample (or uses the focused control), B returns to the list (the window's
/// ``UIWindow/controllerBackHandler``), as Escape and "‹ Samples" do. Opened with a key or a
/// controller, a sample focuses its first control, and returning focuses the sample's row;
/// opened with a click or a tap, nothing is focused, so Tab starts at the top. While a
/// controller is connected, a footer shows its buttons' prompts (``UIControllerPromptView``),
/// drawn for the controller in hand and following hot-plug.
///
/// The loop is written the way an SDL game embeds the UI: poll each event, give it to
/// ``SDLHost/handle(_:)``, pass what the UI did not consume to the game (the sample),
/// ``SDLHost/update()`` once a frame, draw the game, ``SDLHost/render()`` over it, present.
@MainActor
public final class Launcher {
    let host: SDLHost
    let options: LauncherOptions
    /// Where `--log-actions` lines go.
    let output: (String) -> Void
    /// Where error messages go.
    let errors: (String) -> Void
    let rootView = SampleRootView()
    let header = UIView()
    let backButton = UIButton(type: .system)
    let titleLabel = UILabel()
    /// The controller prompts along the bottom, shown while a controller is connected.
    let footer = UIView()
    let selectPrompt = UIControllerPromptView(button: .south, title: "Open")
    let backPrompt = UIControllerPromptView(button: .east, title: "Back")
    private let prompts = UIStackView()
    private(set) var list: SampleListView!
    private(set) var scene: SampleScene?
    private(set) var currentInfo: SampleInfo?
    /// Scenes the user left this frame. They stay alive until the frame's actions are delivered
    /// (leaving cancels their touches, which queues `touchCancel`, and a tap in the same frame
    /// queued its actions), so every queued action runs with its scene alive; then they go.
    private var leftScenes: [SampleScene] = []
    private var player: InputScriptPlayer?
    private var recorder: InputScriptRecorder?
    private lazy var lastSize = host.window.bounds.size
    /// The frame being run, 0-based (scripts and the action log use it).
    public private(set) var frame = 0
    /// Runs right after each frame's `host.update()`, before the sample's own update: where
    /// the fuzzer checks what `update()` promises (focus dropped from unfocusable views).
    public var afterHostUpdate: (() -> Void)?
    static let headerHeight: CGFloat = 48
    static let footerHeight: CGFloat = 36
    /// The controller the footer was laid out for (nil: hidden, no controller connected); the
    /// prompts' widths depend on it.
    private var footerController: UIGameControllerType?

    /// Runs the launcher with command-line arguments; returns the process exit code.
    ///
    /// With no display (``displayAppearsAvailable(environment:)`` says none, or SDL can't
    /// open video) and nothing on the command line that only a window can give, it runs the
    /// headless tour into ``defaultTourFolder`` instead of failing, and exits 0.
    public static func main(arguments: [String]) -> Int32 {
        let options: LauncherOptions
        do {
            options = try LauncherOptions.parse(arguments)
        } catch {
            writeError("\(error) (see --help)")
            return 2
        }
        if options.help {
            print(LauncherOptions.helpText)
            return 0
        }
        if options.list {
            for s in SampleCatalog.all { print("\(s.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(s.summary)") }
            return 0
        }
        // Unbuffered, so a script driving the launcher sees each action as it happens.
        let printLine: (String) -> Void = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        if let folder = options.tour {
            if let option = optionNeedingOneRun(options) {
                writeError("--tour runs each sample with its own script and names its screenshots; leave out \(option)")
                return 2
            }
            return tour(options, into: folder, output: printLine)
        }
        let standIn: ((String) -> Int32)? = options.headless || optionNeedingOneRun(options) != nil ? nil : { reason in
            printLine("No display (\(reason)): instead of a window, here is every sample running headless.")
            return tour(options, into: defaultTourFolder, output: printLine)
        }
        // Judged before SDL starts, so its drivers' probing prints nothing.
        if !options.headless && !displayAppearsAvailable(environment: ProcessInfo.processInfo.environment) {
            if let standIn { return standIn("DISPLAY and WAYLAND_DISPLAY are not set") }
            writeError(noDisplayAdvice)
            return 1
        }
        return run(options, output: printLine, whenNoDisplay: standIn)
    }

    /// Writes one error line to standard error: the one place the launcher's errors leave it,
    /// with control and bidi characters of the paths, values and script text they quote shown
    /// as escapes (`\u{1B}`), so a file's name or a script can't act on the terminal.
    nonisolated public static func writeError(_ message: String) {
        FileHandle.standardError.write(Data(("sample-launcher: " + message.escapedForMessage + "\n").utf8))
    }

    /// What to do when there is no display and the command line needs a window.
    static let noDisplayAdvice = "no display to open a window on. Run headless: swift run sample-launcher --headless --screenshot out.png, "
        + "or every sample: swift run sample-launcher --tour tour, or in a virtual display: xvfb-run swift run sample-launcher"

    /// Runs with parsed options; action-log lines go to `output`, error lines to `errors`
    /// (standard error by default). `inspect` sees the launcher after the last frame (tests).
    /// When SDL finds no display and `whenNoDisplay` is given, its answer (given SDL's
    /// reason) is the exit code instead of an error. Returns the exit code.
    public static func run(_ options: LauncherOptions, output: @escaping (String) -> Void,
                           errors: @escaping (String) -> Void = Launcher.writeError,
                           whenNoDisplay: ((String) -> Int32)? = nil,
                           inspect: ((Launcher) -> Void)? = nil) -> Int32 {
        func fail(_ message: String) -> Int32 {
            errors(message)
            return 1
        }
        if let name = options.sample, SampleCatalog.named(name) == nil {
            return fail("no sample named \"\(name)\"; try --list")
        }
        // A script is read as it plays (a file of any length starts at once); its first entry
        // is read now, so a path that is no script fails before a window opens.
        var script: InputScriptStream?
        if let path = options.script {
            do {
                let stream = try InputScriptStream(contentsOfFile: path, isKeyName: InputScriptPlayer.isKeyName)
                _ = try stream.peek()
                script = stream
            } catch let e as InputScriptError {
                return fail("\(path): \(e)")
            } catch {
                return fail("\(error)")
            }
        }
        let host: SDLHost
        do {
            host = try SDLHost(configuration: .init(title: "SDLControls samples", size: options.size, scale: options.scale,
                                                     vsync: !options.headless, headless: options.headless))
        } catch SDLControlsError.noDisplay(let reason) {
            if let whenNoDisplay { return whenNoDisplay(reason) }
            return fail(noDisplayAdvice)
        } catch {
            return fail("\(error)")
        }
        defer { host.shutdown() }
        // Deterministic time when asked, and always headless: each frame is 1/N s, so replays
        // and screenshots are repeatable.
        if let steps = options.fixedStep ?? (options.headless ? 60 : nil) { host.fixedTimeStep = 1 / steps }
        let launcher = Launcher(host: host, options: options, output: output, errors: errors)
        let code = launcher.loop(script: script)
        inspect?(launcher)
        launcher.close()
        return code
    }

    init(host: SDLHost, options: LauncherOptions, output: @escaping (String) -> Void, errors: @escaping (String) -> Void) {
        self.host = host
        self.options = options
        self.output = output
        self.errors = errors
        let app = UIApplication.shared
        app.actionDelivery = .batched
        if options.logActions {
            app.actionDeliveryObserver = { [weak self] record in self?.log(record) }
        }
        if options.dark { host.window.overrideUserInterfaceStyle = .dark }
        buildChrome()
        host.window.controllerBackHandler = { [weak self] in
            guard let self, scene != nil else { return false }   // on the list B is not used
            showList()
            return true
        }
        if let name = options.sample, let info = SampleCatalog.named(name) {
            open(info)
        } else {
            showList()
        }
    }

    private func buildChrome() {
        rootView.backgroundColor = .systemBackground
        rootView.frame = host.window.bounds
        host.window.addSubview(rootView)
        // A controller direction with nothing focused (a sample opened by a click) starts on the
        // screen's first control (resetFocus), not on the header's back button.
        host.window.preferredFocusedView = rootView
        header.backgroundColor = .secondarySystemBackground
        rootView.addSubview(header)
        backButton.setTitle("‹ Samples", for: .normal)
        // Room beside the title to tap (a system button is as wide as its title, as UIKit's).
        backButton.contentEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        backButton.accessibilityLabel = "Back"
        backButton.addTarget(self, action: Launcher.backTapped, for: .primaryActionTriggered)
        header.addSubview(backButton)
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        header.addSubview(titleLabel)
        list = SampleListView { [weak self] info in self?.open(info) }
        rootView.addSubview(list)
        footer.backgroundColor = .secondarySystemBackground
        prompts.axis = .horizontal
        prompts.spacing = 20
        prompts.alignment = .center
        prompts.addArrangedSubview(selectPrompt)
        prompts.addArrangedSubview(backPrompt)
        footer.addSubview(prompts)
        rootView.addSubview(footer)
    }

    private func backTapped() {
        showList()
    }

    /// Takes the current scene off screen; it is freed after this frame's actions (``leftScenes``).
    private func leaveScene() {
        guard let old = scene else { return }
        old.close()
        old.root.removeFromSuperview()
        leftScenes.append(old)
        scene = nil
    }

    /// Opens a sample.
    func open(_ info: SampleInfo) {
        leaveScene()
        let s = info.make()
        s.host = host
        s.frame = frame
        scene = s
        currentInfo = info
        rootView.addSubview(s.root)
        list.isHidden = true
        backButton.isHidden = false
        selectPrompt.title = "Select"
        backPrompt.isHidden = false
        titleLabel.text = info.title
        rootView.backgroundColor = s.root.backgroundColor == nil ? nil : .systemBackground
        rootView.passesTouchesThrough = s.root.passesTouchesThrough
        layoutChrome()
        resetFocus(to: s.root)
    }

    /// Returns to the list.
    func showList() {
        // Coming back, focus the row of the sample that was open.
        list.preferredFocusedView = currentInfo.flatMap { info in list.rows.first { $0.info.name == info.name } }
        leaveScene()
        currentInfo = nil
        list.isHidden = false
        backButton.isHidden = true
        selectPrompt.title = "Open"
        backPrompt.isHidden = true   // B does nothing on the list
        titleLabel.text = "SDLControls samples"
        rootView.backgroundColor = .systemBackground
        rootView.passesTouchesThrough = false
        layoutChrome()
        resetFocus(to: list)
    }

    /// Keyboard and controller users get focus on the new screen's first control (once it is
    /// laid out, in host.update()); pointer users get none.
    private func resetFocus(to screen: UIView) {
        rootView.preferredFocusedView = screen
        if host.window.isFocusRingVisible {
            rootView.setNeedsFocusUpdate()
        } else {
            host.window.setFocusedView(nil)
        }
    }

    private func layoutChrome() {
        let b = host.window.bounds
        rootView.frame = b
        header.frame = CGRect(x: 0, y: 0, width: b.width, height: Launcher.headerHeight)
        backButton.sizeToFit()
        backButton.frame.origin = CGPoint(x: 8, y: (Launcher.headerHeight - backButton.frame.height) / 2)
        titleLabel.frame = CGRect(x: 120, y: 0, width: max(0, b.width - 240), height: Launcher.headerHeight)
        footerController = host.window.gameControllerType
        let footerHeight = footerController != nil ? Launcher.footerHeight : 0
        footer.isHidden = footerController == nil
        footer.frame = CGRect(x: 0, y: max(Launcher.headerHeight, b.height - footerHeight), width: b.width, height: footerHeight)
        // The prompts at the trailing end, as consoles put them.
        let size = prompts.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        let x = footer.effectiveUserInterfaceLayoutDirection == .rightToLeft ? 16 : b.width - 16 - size.width
        prompts.frame = CGRect(x: max(0, x), y: (footerHeight - size.height) / 2, width: min(size.width, b.width), height: size.height)
        let content = CGRect(x: 0, y: Launcher.headerHeight, width: b.width,
                             height: max(0, b.height - Launcher.headerHeight - footerHeight))
        list.frame = content
        scene?.root.frame = content
    }

    /// One line per visible accessibility element: label, value, traits, frame in window points.
    func dumpAccessibility() {
        func walk(_ v: UIView) {
            guard !v.isHidden else { return }
            // Every element, labelled or not (an unlabelled one is a finding in itself).
            if v.isAccessibilityElement {
                // Labels and values are app text: quoted with control characters escaped.
                let label = (v.accessibilityLabel ?? "").escapedForMessage
                let f = v.accessibilityFrame
                let value = v.accessibilityValue.map { " value=\"\($0.escapedForMessage)\"" } ?? ""
                output(String(format: "%@ \"%@\"%@ frame=(%.0f, %.0f, %.0f, %.0f) center=(%.0f, %.0f)",
                              String(describing: type(of: v)), label, value, f.minX, f.minY, f.width, f.height, f.midX, f.midY))
                return   // an element's subviews are part of it (a button's title label)
            }
            for s in v.subviews { walk(s) }
        }
        walk(host.window)
    }

    private func log(_ record: ActionDeliveryRecord) {
        let sender = String(describing: type(of: record.sender))
        let label = record.sender.accessibilityLabel.map { "\"\($0.escapedForMessage)\"" } ?? "-"
        output("frame \(frame): \(sender) \(label) \(record.controlEvents) -> \(record.receivers.joined(separator: ", "))")
    }

    /// The frame loop. Returns the exit code.
    func loop(script: InputScriptStream?) -> Int32 {
        player = script.map { InputScriptPlayer(stream: $0, host: host) }
        recorder = options.record.map { _ in InputScriptRecorder(host: host) }
        // Headless, by default: until the script is done (its last events pushed in one frame
        // and handled in the next); one frame without a script.
        func keepsRunning() -> Bool {
            if let frames = options.frames { return frame < frames }
            guard options.headless else { return true }
            guard let player else { return frame < 1 }
            return !player.isDone(after: frame - 1)
        }
        running: while keepsRunning() {
            if case .quit = step(render: true) { break running }
            if player?.error != nil { break running }
        }
        if options.dumpAccessibility { dumpAccessibility() }
        var code: Int32 = 0
        if let error = player?.error, let path = options.script {
            // A malformed line further on: what played stays played (recorded, screenshot).
            errors("\(path): \(error)")
            code = 1
        }
        // The recording first: a screenshot that can't be written loses no input.
        if let recorder, let path = options.record {
            do {
                try recorder.script.text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                errors("can't write \(path): \(error.localizedDescription)")
                code = 1
            }
        }
        if let path = options.screenshot {
            // The last frame, whatever ended the loop (the frame count, the script's quit, the
            // window closed; with --frames 0, the UI as opened): drawn again, nothing having
            // changed since, and read before it is presented.
            draw()
            do {
                try host.screenshot(to: path)
            } catch {
                errors("\(error)")   // "Screenshot failed: PATH: why"
                code = 1
            }
        }
        return code
    }

    /// Creates a launcher over a host you made (headless for a fuzzer or a test), showing the
    /// list or `options.sample`, for code that drives frames itself with ``runFrame(render:)``.
    /// Call ``close()`` when done, before shutting the host down.
    public convenience init(host: SDLHost, options: LauncherOptions) {
        self.init(host: host, options: options, output: { _ in }, errors: { _ in })
    }

    /// Runs one frame the way the launcher's loop does: handles every event in SDL's queue
    /// (push yours first), updates, and draws and presents unless `render` is false (a faster
    /// update-only frame for fuzzing). Returns false when the frame saw `SDL_QUIT`: the
    /// launcher's loop would stop there.
    @discardableResult
    public func runFrame(render: Bool = true) -> Bool {
        if case .quit = step(render: render) { return false }
        return true
    }

    private enum StepResult {
        case next, quit
    }

    /// One frame: events, update, then (when `render`) draw and present.
    private func step(render: Bool) -> StepResult {
        scene?.frame = frame
        player?.pushEvents(forFrame: frame)
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            recorder?.record(event, frame: frame)
            let consumed = host.handle(event)
            let type = SDL_EventType(event.type)
            if type == SDL_QUIT { return .quit }
            guard !consumed else { continue }
            // Escape returns to the list only when the UI did not use it (a text field
            // that is editing takes it, and what was typed stays).
            if type == SDL_KEYDOWN, event.key.keysym.scancode == SDL_SCANCODE_ESCAPE, scene != nil {
                showList()
                continue
            }
            scene?.handleUnconsumed(event, host: host)
        }
        if host.window.bounds.size != lastSize || footerController != host.window.gameControllerType {
            lastSize = host.window.bounds.size
            layoutChrome()   // resized, or a controller came, went or changed hands: the footer follows
        }
        let started = DispatchTime.now().uptimeNanoseconds
        host.update()
        afterHostUpdate?()
        // This frame's actions have run (those of scenes left this frame included): free them.
        leftScenes.removeAll()
        scene?.update(frame: frame)
        defer { frame += 1 }
        guard render else { return .next }
        draw()
        scene?.lastFrameMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        SDL_RenderPresent(host.renderer)
        return .next
    }

    /// Draws the current frame again (the background, the scene behind the UI, the UI) without
    /// handling events, updating or presenting: what a screenshot or a check of the pixels
    /// needs.
    public func drawAgain() { draw() }

    /// Draws the frame (the background, the scene behind the UI, the UI) without presenting it.
    private func draw() {
        let bg = UIColor.systemBackground.resolvedColor(with: host.window.userInterfaceStyle).rgba8
        SDL_SetRenderDrawColor(host.renderer, bg.r, bg.g, bg.b, 255)
        SDL_RenderClear(host.renderer)
        scene?.drawBehindUI(renderer: host.renderer, pixelScale: host.pixelScale,
                            contentOrigin: CGPoint(x: 0, y: Launcher.headerHeight))
        host.render()
    }

    /// Closes the sample and detaches from the application (the host shuts down after):
    /// cancels touches, delivers what they queued, and clears the action observer.
    public func close() {
        // Cancel touches while the sample is alive: its controls report cancels to it.
        host.window.cancelAllTouches()
        UIApplication.shared.deliverPendingActions()
        scene?.close()
        leftScenes.removeAll()
        UIApplication.shared.actionDeliveryObserver = nil
        UIApplication.shared.discardPendingActions()
        host.window.controllerBackHandler = nil
        host.window.overrideUserInterfaceStyle = .unspecified
    }
}
