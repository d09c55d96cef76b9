import Foundation
import Testing
@testable import SDLControls

// The README's code snippets pasted as written, so they must
// compile against the current API; a few also run headless to check what the text says.

// MARK: "A window with a control, wired three ways"

@MainActor final class ReadmeMenu: UIResponder {
    var started = 0
    func startTapped(_ sender: UIButton) { started += 1 }          // 1. a typed method
}

@MainActor final class ReadmeRoot: UIView {
    var saved = 0
    override func actionMethod(for action: ActionSelector) -> ActionMethod? {
        action == "save:" ? ActionMethod { self.saved += 1 } : super.actionMethod(for: action)
    }
}

@MainActor func readmeWindowSnippetCompiles() {
    // Verbatim body (never run: it opens a real window).
    let host = try! SDLHost(configuration: .init(title: "Demo", size: CGSize(width: 640, height: 400)))
    let root = ReadmeRoot(frame: host.window.bounds)
    host.window.addSubview(root)
    let menu = ReadmeMenu()
    let button = UIButton(configuration: .filled())
    button.setTitle("Start", for: .normal)
    button.frame = CGRect(x: 20, y: 20, width: 140, height: 44)
    button.addTarget(menu, action: ReadmeMenu.startTapped, for: .touchUpInside)
    button.addTarget(nil, action: "save:", for: .touchUpInside)
    button.addAction(UIAction { _ in print("closure") }, for: .primaryActionTriggered)
    root.addSubview(button)
    host.run()
    host.shutdown()
}

// MARK: "Three ways to run"

@MainActor func readmeStandaloneSnippetCompiles(myPanel: UIView) throws {
    let host = try SDLHost(configuration: .init(title: "Tool", size: CGSize(width: 960, height: 640)))
    host.window.addSubview(myPanel)
    host.run()
}

// MARK: Scrolling

final class LevelList: UIView {
    let scroll = UIScrollView()
    let stack = UIStackView()           // axis .vertical, one row per level
    override func layoutSubviews() {
        scroll.frame = bounds
        let fit = stack.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0),
            withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        stack.frame = CGRect(x: 0, y: 0, width: bounds.width, height: fit.height)
        scroll.contentSize = stack.frame.size   // runs again when a row changes size
    }
}

@MainActor
struct ReadmeSnippetTests {
    @Test func wiredThreeWaysRunsHeadless() throws {
        let host = try SDLHost.headless(size: CGSize(width: 640, height: 400))
        defer { host.shutdown() }
        let root = ReadmeRoot(frame: host.window.bounds)
        host.window.addSubview(root)
        let menu = ReadmeMenu()
        var closure = 0
        let button = UIButton(configuration: .filled())
        button.setTitle("Start", for: .normal)
        button.frame = CGRect(x: 20, y: 20, width: 140, height: 44)
        button.addTarget(menu, action: ReadmeMenu.startTapped, for: .touchUpInside)
        button.addTarget(nil, action: "save:", for: .touchUpInside)
        button.addAction(UIAction { _ in closure += 1 }, for: .primaryActionTriggered)
        root.addSubview(button)
        host.window.simulateTap(at: CGPoint(x: 40, y: 40))
        host.update()
        #expect(menu.started == 1)
        #expect(root.saved == 1)
        #expect(closure == 1)
    }

    @Test func headlessSnippet() throws {
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let host = try SDLHost.headless(size: CGSize(width: 320, height: 240), scale: 2)   // a 2× frame
        defer { host.shutdown() }
        host.window.addSubview(panel)
        host.update(); host.renderFrame()
        let path = NSTemporaryDirectory() + "readme-panel@2x.png"
        try host.screenshot(to: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func haloSnippet() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        let cellButton = UIButton(type: .system)
        let halo = UIFocusHaloEffect(roundedRect: cell.bounds, cornerRadius: 10, curve: .continuous)
        halo.position = .inside
        cellButton.focusEffect = halo      // update it when the cell's size changes
    }

    @Test func touchesWithoutSDLSnippet() throws {
        let host = try SDLHost.headless(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        let window = host.window
        window.send(TouchSample(id: 1, phase: .began, location: CGPoint(x: 40, y: 20), timestamp: 0.0))
        window.send(TouchSample(id: 1, phase: .ended, location: CGPoint(x: 40, y: 20), timestamp: 0.1))
        window.cancelAllTouches()
        window.simulateTap(at: CGPoint(x: 40, y: 20))            // helpers: simulateDrag, simulateTouchDown/Move/Up
        window.send(UIPress(phase: .began, key: UIKey(keyCode: .keyboardTab), timestamp: 0.2))
        UIApplication.shared.deliverPendingActions()             // end the frame
        let t: TimeInterval = 0.3
        window.send(UIGameControllerInput.buttonDown(.south, timestamp: t))
    }

    @Test func namedApis() throws {
        let host = try SDLHost.headless(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        let ui = host
        _ = ui.wantsPress(at: .zero); _ = ui.wantsPress(atMouseX: 1, y: 1)
        _ = ui.wantsPointer; _ = ui.wantsKeyboard; _ = ui.wantsTextInput
        ui.focusNavigation = .all
        ui.layoutSpace = .windowPoints; ui.layoutSpace = .gameUnits; ui.layoutSpace = .automatic
        _ = ui.placement
        ui.pixelCaching = .never
        ui.managesCursor = true; _ = ui.cursor
        _ = ui.openGameControllers
        ui.fixedTimeStep = 1.0 / 60
        _ = ui.clock()
        #expect(ui.wheelScrollDistance == 40)
        ui.window.endEditing(true)
        _ = ui.window.sendScroll(CGPoint(x: 0, y: 40), at: .zero, isPrecise: false)
        ui.window.sendHover(at: CGPoint(x: 1, y: 1))
        _ = ui.window.isFocusRingVisible
        ui.window.controllerBackHandler = { true }
        _ = UIApplication.shared.actionQueueCounts
        UIApplication.shared.actionDeliveryObserver = nil
        _ = UIApplication.shared.maximumDeliveriesPerFlush
        _ = UIEvent.ButtonMask.primary; _ = UIEvent.ButtonMask.secondary; _ = UIEvent.ButtonMask.button(3)
        _ = UIView.maximumCoordinate; _ = SDLHost.scaleRange
        ui.window.frameClock.advanceTime(to: 1)
        #expect(ui.window.controllerRepeatDelay == 0.4)
        #expect(ui.window.controllerRepeatInterval == 0.1)
        #expect(ui.window.controllerStickThreshold == 0.5)
        #expect(ui.window.controllerStickReleaseThreshold == 0.3)
    }
}

// MARK: DocC articles' snippets

@MainActor final class ReadmePlainMenu {
    func startTapped(_ sender: UIButton) { print("start") }
}

@MainActor func gettingStartedSnippetCompiles() {
    let host = try! SDLHost(configuration: .init(title: "Demo", size: CGSize(width: 640, height: 400)))
    let menu = ReadmePlainMenu()
    let button = UIButton(configuration: .filled())
    button.setTitle("Start", for: .normal)
    button.frame = CGRect(x: 20, y: 20, width: 140, height: 44)
    button.addTarget(menu, action: ReadmePlainMenu.startTapped, for: .touchUpInside)
    button.addAction(UIAction { _ in print("closure") }, for: .primaryActionTriggered)
    host.window.addSubview(button)
    host.run()
    host.shutdown()
}

extension ReadmeSnippetTests {
    @Test func inputScriptsArticleSnippets() throws {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.makeKeyAndVisible()
        window.addSubview(button)
        window.simulateTap(at: CGPoint(x: 40, y: 20))
        window.send(TouchSample(id: 1, phase: .began, location: CGPoint(x: 40, y: 20), timestamp: 0.2))
        window.send(TouchSample(id: 1, phase: .ended, location: CGPoint(x: 40, y: 20), timestamp: 0.3))
        UIApplication.shared.deliverPendingActions()

        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let host = try SDLHost.headless(size: CGSize(width: 320, height: 240), scale: 2)
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        host.window.addSubview(panel)
        host.update()
        host.renderFrame()
        try host.screenshot(to: NSTemporaryDirectory() + "readme-panel2@2x.png")
        let (width, height, pixels) = host.readPixels()
        #expect(width == 640 && height == 480 && pixels.count == 640 * 480)

        let script = try InputScript(parsing: "# SDLControls input script 1\n1 mouse down 10 10\n2 mouse up 10 10\n")
        let player = InputScriptPlayer(script: script, host: host)
        host.run(frames: script.lastFrame + 2) { frame in
            player.pushEvents(forFrame: frame)
            return true
        }
        let recorder = InputScriptRecorder(host: host)
        _ = recorder.script.text
    }

    /// README "What the UI changes in SDL", hints row: "standalone hosts hold
    /// SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH while they run" (and nothing else?).
    @Test func hintsAHeadlessHostHolds() throws {
        func hint(_ name: String) -> String? { SDL_GetHint(name).map { String(cString: $0) } }
        let before = (hint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT), hint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH))
        let host = try SDLHost.headless(size: CGSize(width: 100, height: 100))
        let during = (hint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT), hint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH))
        host.shutdown()
        let after = (hint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT), hint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH))
        #expect(during.0 == "1")
        #expect(during.1 == "1")
        #expect(after.0 == before.0 && after.1 == before.1, "put back as found")
    }
}

extension ReadmeSnippetTests {
    /// README "Controls" and "Layout" numbers.
    @Test func readmeNumbers() throws {
        let host = try SDLHost.headless(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        #expect(host.focusNavigation == .all)
        #expect(host.endsEditingOnPressOutsideUI == false)
        #expect(host.managesCursor == true)
        #expect(host.window.backgroundColor == nil)
        let b = UIButton(type: .system)
        b.setTitle("Start", for: .normal)
        host.window.addSubview(b)
        #expect(b.contentEdgeInsets == .zero)
        #expect(UISwitch().intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(UIStepper().intrinsicContentSize == CGSize(width: 94, height: 32))
        // spacingUseSystem is UIKit's sentinel (FLT_MIN); stacks resolve it to 8 points.
        #expect(UIApplication.shared.maximumDeliveriesPerFlush == 10_000)
        #expect(UITextField.maximumTextLength == 100_000 && UITextField.layoutSpanLimit == 4_096)
        #expect(InputScript.maximumFrame == 1_000_000)
        #expect(UIStepper.autorepeatDelay == 0.5)
        #expect(UIScrollView.contentTouchDelay == 0.15)
    }
}

// MARK: "Input scripts, record and replay": a file streamed as it plays

extension ReadmeSnippetTests {
    @Test func streamedScriptSnippetPlaysToItsEnd() throws {
        let host = try SDLHost.headless(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        host.window.addSubview(button)
        let path = NSTemporaryDirectory() + "readme-session-\(UUID().uuidString).script"
        try "# SDLControls input script 1\n1 mouse down 10 10\n2 mouse up 10 10\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Verbatim from the README, with the file above.
        let player = InputScriptPlayer(stream: try InputScriptStream(contentsOfFile: path,
                                                                     isKeyName: InputScriptPlayer.isKeyName), host: host)
        host.run { frame in player.pushEvents(forFrame: frame); return !player.isDone(after: frame) }
        #expect(taps == 1 && player.isFinished && player.error == nil)
    }
}

// MARK: "Game controllers and focus": button prompts

extension ReadmeSnippetTests {
    @Test func buttonPromptSnippetFollowsTheConnectedController() throws {
        let hud = try SDLHost.headless(size: CGSize(width: 320, height: 240))
        defer { hud.shutdown() }
        // Verbatim from the README.
        let select = UIControllerPromptView(button: .south, title: "Select")
        let back = UIControllerPromptView(button: .east, title: "Back")
        let prompts = UIStackView(arrangedSubviews: [select, back])
        prompts.spacing = 20
        hud.window.addSubview(prompts)
        // What the text says: nothing drawn and no room taken until a controller connects.
        #expect(select.intrinsicContentSize == .zero && hud.window.gameControllerType == nil)
        hud.window.gameControllerConnected(1, type: .playStation)
        #expect(select.accessibilityLabel == "Cross, Select" && back.accessibilityLabel == "Circle, Back")
        #expect(UIGameControllerType.xbox.name(of: .leftShoulder) == "LB")
    }
}

// MARK: "Controls": date pickers in three styles

extension ReadmeSnippetTests {
    @Test func datePickerStyleSnippetShowsPills() throws {
        let host = try SDLHost.headless(size: CGSize(width: 480, height: 480))
        defer { host.shutdown() }
        // Verbatim from the README.
        let when = UIDatePicker()
        when.datePickerMode = .dateAndTime
        when.preferredDatePickerStyle = .compact   // "Nov 22, 2026" and "9:30 AM" pills
        when.addAction(UIAction { _ in print(when.date) }, for: .valueChanged)
        // What the text says.
        #expect(when.datePickerStyle == .compact && when.intrinsicContentSize.height == 34)
        when.preferredDatePickerStyle = .automatic
        #expect(when.datePickerStyle == .inline)
    }
}

// MARK: "Controls": progress and activity

extension ReadmeSnippetTests {
    @Test func progressAndActivitySnippetDoesWhatItSays() throws {
        let host = try makeGoldenHost(size: CGSize(width: 320, height: 120), scale: 1)
        defer { host.shutdown() }
        struct Task { let progress = Progress(totalUnitCount: 4) }
        let task = Task()
        let level = UIProgressView(progressViewStyle: .bar)
        // Verbatim from the README.
        let download = UIProgressView(progressViewStyle: .default)
        download.observedProgress = task.progress          // follows fractionCompleted
        level.setProgress(0.8, animated: true)             // `progress` is 0.8 now; the fill glides there
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.startAnimating()                           // hidden until started (hidesWhenStopped)
        // What the text says.
        for v in [download, level, spinner] { host.window.addSubview(v) }
        #expect(level.progress == 0.8)
        task.progress.completedUnitCount = 1
        host.update()
        #expect(download.progress == 0.25, "followed within a frame")
        #expect(!spinner.isHidden && UIActivityIndicatorView(style: .large).isHidden)
    }
}

// MARK: "Controls": resizable images

extension ReadmeSnippetTests {
    @Test func resizableImagesSnippetDoesWhatItSays() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-panel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pixels = [UInt32](repeating: 0xFF33_6699, count: 16 * 16)
        try savePNG((width: 16, height: 16, pixels: pixels), to: dir.appendingPathComponent("panel.png").path)
        let saved = UIImage.assetSearchPaths
        UIImage.assetSearchPaths = [dir]
        defer { UIImage.assetSearchPaths = saved }
        let button = UIButton(type: .custom)
        let frameView = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        // Verbatim from the README.
        let panel = UIImage(named: "panel")!.resizableImage(withCapInsets: UIEdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
        button.setBackgroundImage(panel, for: .normal)         // any size; the corners stay 6 points
        frameView.image = panel.resizableImage(withCapInsets: panel.capInsets, resizingMode: .stretch)
        // What the text says.
        #expect(button.backgroundImage(for: .normal)?.capInsets == UIEdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
        #expect(panel.resizingMode == .tile && frameView.image?.resizingMode == .stretch)
        #expect(frameView.image?.size == CGSize(width: 16, height: 16))
    }
}
