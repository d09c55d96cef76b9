import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// The launcher and the samples with a game controller alone, through real SDL controller
/// events: a whole session through the launcher's loop (a script of pad events), and tables
/// of (focused control, direction) → newly focused control over the gallery and the form;
/// and for each sample, every view that can take focus reachable with the D-pad alone from
/// where a controller starts (nothing focused, D-pad down), B returning to the list.
@MainActor
struct ControllerNavigationTests {
    // MARK: A session through the launcher's own loop

    @Test func theLauncherIsUsableWithAControllerAlone() {
        var options = LauncherOptions()
        options.headless = true
        options.logActions = true
        options.script = SampleScriptTests.scripts.appendingPathComponent("controller.script").path
        var log: [String] = []
        var focused: String?
        var onList = false
        let code = Launcher.run(options, output: { log.append($0) }, inspect: { launcher in
            focused = launcher.host.window.focusedView?.accessibilityLabel
            onList = launcher.scene == nil && !launcher.list.isHidden
        })
        #expect(code == 0)
        #expect(log == [
            "frame 6: SampleRow \"Form\" primaryActionTriggered -> UIAction(Form)",
            "frame 12: UIStepper \"Guests\" valueChanged -> UIAction(guests)",
            "frame 16: UIDatePicker \"Date\" valueChanged -> UIAction(date chosen)",
            "frame 20: UIButton \"Submit\" primaryActionTriggered -> FormSample (typed method)",
            "frame 26: SampleRow \"Embedded game\" primaryActionTriggered -> UIAction(Embedded game)",
            "frame 28: UIButton \"Resume\" primaryActionTriggered -> UIAction(pause)",
            "frame 32: UIButton \"Pause\" primaryActionTriggered -> UIAction(pause)",
        ])
        #expect(onList, "B left the game for the list")
        #expect(focused == "Embedded game", "returning focuses the row of the sample that was open")
    }

    @Test func aRecordedControllerSessionReplaysToTheSameLog() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pad-\(UUID().uuidString).script").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        func run(script: String, record: String?) -> [String] {
            var options = LauncherOptions()
            options.headless = true
            options.logActions = true
            options.script = script
            options.record = record
            var log: [String] = []
            #expect(Launcher.run(options, output: { log.append($0) }) == 0)
            return log
        }
        let first = run(script: SampleScriptTests.scripts.appendingPathComponent("controller.script").path, record: path)
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(recorded.contains("pad down dpadDown") && recorded.contains("pad axis leftY"))
        #expect(!first.isEmpty)
        #expect(run(script: path, record: nil) == first)
    }

    // MARK: Tables: (focused control, direction) → newly focused control

    private func view(_ host: SDLHost, _ label: String) -> UIView? {
        host.window.focusableViews.first { $0.accessibilityLabel == label }
    }

    static let directions: [String: SDL_GameControllerButton] = [
        "up": SDL_CONTROLLER_BUTTON_DPAD_UP, "down": SDL_CONTROLLER_BUTTON_DPAD_DOWN,
        "left": SDL_CONTROLLER_BUTTON_DPAD_LEFT, "right": SDL_CONTROLLER_BUTTON_DPAD_RIGHT,
    ]

    /// Checks each (from, direction, to) row; `to` nil means focus stays on `from`.
    private func check(_ host: SDLHost, _ table: [(String, String, String?)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (from, direction, to) in table {
            guard let start = view(host, from) else {
                Issue.record("no focusable view \"\(from)\"", sourceLocation: sourceLocation)
                continue
            }
            #expect(host.window.setFocusedView(start), sourceLocation: sourceLocation)
            pressControllerButton(host, Self.directions[direction]!)
            let now = host.window.focusedView?.accessibilityLabel ?? "nil"
            #expect(now == (to ?? from), "\(from) \(direction) → \(now), expected \(to ?? from)", sourceLocation: sourceLocation)
        }
    }

    @Test func theFooterShowsPromptsForTheControllerInHand() throws {
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        let (host, launcher) = try launchHeadless(nil)
        defer { launcher.close(); host.shutdown() }
        func frame() { _ = launcher.runFrame(render: false) }
        frame()
        #expect(launcher.footer.isHidden, "no controller: no footer")
        #expect(launcher.list.frame.maxY == host.window.bounds.height)
        // A DualSense plugged in, and later unplugged, by an input script (SDL's virtual joystick).
        let player = InputScriptPlayer(script: try InputScript(parsing: "0 pad add playStation 1\n1 pad remove 1"), host: host)
        player.pushEvents(forFrame: 0)
        frame()
        #expect(!launcher.footer.isHidden)
        #expect(launcher.footer.frame.maxY == host.window.bounds.height)
        #expect(launcher.list.frame.maxY == launcher.footer.frame.minY, "the list ends above the footer")
        #expect(launcher.selectPrompt.accessibilityLabel == "Cross, Open")
        #expect(launcher.backPrompt.isHidden, "B does nothing on the list")
        launcher.open(try #require(SampleCatalog.named("gallery")))
        frame()
        #expect(launcher.selectPrompt.accessibilityLabel == "Cross, Select")
        #expect(launcher.backPrompt.accessibilityLabel == "Circle, Back")
        #expect(launcher.scene?.root.frame.maxY == launcher.footer.frame.minY)
        let prompts = launcher.backPrompt.convert(launcher.backPrompt.bounds, to: nil)
        #expect(prompts.maxX <= host.window.bounds.width - 16 + 0.5 && prompts.minX > host.window.bounds.midX,
                "at the trailing end of the footer")
        // Unplugged: the footer goes and the sample takes the room back.
        player.pushEvents(forFrame: 1)
        frame()
        #expect(launcher.footer.isHidden)
        #expect(launcher.scene?.root.frame.maxY == host.window.bounds.height)
    }

    @Test func aClickOpensASampleWithNothingFocusedSoTabStartsAtTheTop() throws {
        let (host, launcher) = try launchHeadless(nil)
        defer { launcher.close(); host.shutdown() }
        #expect(host.window.focusedView == nil && !host.window.isFocusRingVisible, "no key or controller press yet: no focus")
        let row = try #require(launcher.list.rows.first { $0.info.name == "form" })
        let p = row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil)
        for type in [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP] {
            var e = SDL_Event()
            e.type = type.rawValue
            e.button.windowID = SDL_GetWindowID(host.sdlWindow)
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = Int32(p.x)
            e.button.y = Int32(p.y)
            SDL_PushEvent(&e)
        }
        host.pollEvents()
        host.update()
        #expect(launcher.scene is FormSample)
        #expect(host.window.focusedView == nil && !host.window.isFocusRingVisible)
        var tab = SDL_Event()
        tab.type = SDL_KEYDOWN.rawValue
        tab.key.windowID = SDL_GetWindowID(host.sdlWindow)
        tab.key.keysym.scancode = SDL_SCANCODE_TAB
        SDL_PushEvent(&tab)
        host.pollEvents()
        #expect(host.window.focusedView?.accessibilityLabel == "Back", "reading order starts with the header")
        SDL_PushEvent(&tab)
        host.pollEvents()
        #expect(host.window.focusedView?.accessibilityLabel == "Name")
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)   // ends editing
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)   // back
        #expect(host.window.focusedView?.accessibilityLabel == "Form", "back with a controller: the sample's row")
    }

    @Test func galleryTable() throws {
        let (host, launcher) = try launchHeadless("gallery")
        defer { launcher.close(); host.shutdown() }
        #expect(host.window.focusedView == nil, "opened with no key or controller press yet: no focus")
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        #expect(host.window.focusedView?.accessibilityLabel == "Section", "the first press focuses the sample's first control")
        check(host, [
            ("Section", "up", "Back"),
            ("Back", "down", "Section"),
            ("Section", "down", "Play"),
            ("Play", "down", "Options"),
            ("Options", "down", "Cancel"),
            ("Cancel", "down", "Learn more"),
            ("Learn more", "down", "Switch, Normal"),
            ("Switch, Normal", "down", "Segmented, Normal"),
            ("Segmented, Normal", "down", nil),
            ("Segmented, Normal", "up", "Switch, Normal"),
            ("Play", "up", "Section"),
            // The only control that way, in the half-plane, wherever it is: nothing is unreachable.
            ("Play", "left", "Back"),
            ("Play", "right", "Dark mode"),
            ("Dark mode", "left", "Section"),
            ("Dark mode", "down", "Play"),
            ("Dark mode", "up", "Back"),
        ])
        // Left/right on the section control switch pages (it is adjustable); up/down leave it.
        host.window.setFocusedView(view(host, "Section"))
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
        #expect(host.window.focusedView?.accessibilityLabel == "Section")
        check(host, [
            ("Section", "down", "Slider, Normal"),
            ("Slider, Normal", "down", "Stepper, Normal"),
            ("Stepper, Normal", "down", "Page control, Normal"),
            ("Page control, Normal", "down", "Knob (custom), Normal"),
            ("Knob (custom), Normal", "up", "Page control, Normal"),
            ("Slider, Normal", "up", "Section"),
        ])
        host.window.setFocusedView(view(host, "Section"))
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER)
        check(host, [
            ("Section", "down", "Name"),
            ("Name", "down", "Compact date"),
            ("Compact date", "down", "Date"),
            ("Date", "down", "Wheels date"),
            ("Wheels date", "up", "Date"),
            ("Date", "up", "Compact date"),
            ("Compact date", "up", "Name"),
            ("Wheels date", "down", nil),
        ])
    }

    @Test func formTable() throws {
        let (host, launcher) = try launchHeadless("form")
        defer { launcher.close(); host.shutdown() }
        #expect(host.window.focusedView == nil, "opened with no key or controller press yet: no focus")
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        #expect(host.window.focusedView?.accessibilityLabel == "Name", "the first press focuses the form's first field")
        check(host, [
            ("Name", "down", "Email"),
            ("Email", "down", "Guests"),
            ("Guests", "down", "Date"),
            ("Date", "down", "Submit"),
            ("Submit", "up", "Date"),
            ("Date", "up", "Guests"),
            ("Guests", "up", "Email"),
            ("Email", "up", "Name"),
            ("Name", "up", "Back"),
            ("Back", "down", "Name"),
            ("Name", "right", nil),
            ("Name", "left", nil),
            ("Submit", "right", nil),
            ("Submit", "down", nil),
        ])
        // Adjustable controls keep left/right.
        let form = try #require(launcher.scene as? FormSample)
        host.window.setFocusedView(form.guests)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
        #expect(form.guests.value == 3 && host.window.focusedView === form.guests)
        let date = form.datePicker.date
        host.window.setFocusedView(form.datePicker)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_LEFT)
        #expect(form.datePicker.date == date.addingTimeInterval(-86_400) && host.window.focusedView === form.datePicker)
        // A on a field begins editing, B ends it; focus passing over a field doesn't.
        host.window.setFocusedView(view(host, "Guests"))
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_UP)
        #expect(host.window.focusedView === form.emailField && !form.emailField.isEditing)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_A)
        #expect(form.emailField.isEditing)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)
        #expect(!form.emailField.isEditing && launcher.scene != nil, "B ended editing; it did not leave the sample")
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)
        #expect(launcher.scene == nil, "then B went back to the list")
        #expect(host.window.focusedView?.accessibilityLabel == "Form")
    }

    // MARK: Reachability: every focusable view with the D-pad alone

    private func name(_ v: UIView) -> String {
        "\(type(of: v)) \"\(v.accessibilityLabel ?? "?")\" at \(v.convert(v.bounds, to: nil).origin)"
    }

    /// Breadth-first over the D-pad's moves from `first`: the engine's own step
    /// (`moveFocus`), except left/right on an adjustable control, which adjust it until the
    /// end of its range, where a fresh press moves focus on (the README's rule): those are
    /// real D-pad presses, up to 100 of them. `fixed` is left alone sideways (the gallery's
    /// section picker, whose left/right would change the section being searched).
    private func reachable(_ host: SDLHost, from first: UIView, fixed: UIView? = nil) -> Set<ObjectIdentifier> {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(first)]
        var queue: [UIView] = [first]
        while !queue.isEmpty {
            let v = queue.removeFirst()
            let adjustable = v.accessibilityTraits.contains(.adjustable)
            for d: UIFocusHeading in v === fixed ? [.up, .down] : [.up, .down, .left, .right] {
                guard host.window.setFocusedView(v) else { continue }
                host.window.endEditing(true)
                var now: UIView?
                if adjustable && (d == .left || d == .right) {
                    for _ in 0..<100 where host.window.focusedView === v {
                        pressControllerButton(host, d == .left ? SDL_CONTROLLER_BUTTON_DPAD_LEFT : SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
                    }
                    now = host.window.focusedView === v ? nil : host.window.focusedView
                } else {
                    now = host.window.moveFocus(d)
                }
                if let now, !seen.contains(ObjectIdentifier(now)) {
                    seen.insert(ObjectIdentifier(now))
                    queue.append(now)
                }
            }
        }
        return seen
    }

    /// The gallery's other sections (chosen with the D-pad on "Section") and the launcher's list.
    @Test(arguments: [1, 2])
    func everyGallerySectionIsReachable(_ index: Int) throws {
        let (host, launcher) = try launchHeadless("gallery")
        defer {
            launcher.close()
            host.shutdown()
        }
        let section = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Section" })
        host.window.setFocusedView(section)
        for _ in 0..<index { pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT) }
        host.update()
        #expect((section as? UISegmentedControl)?.selectedSegmentIndex == index)
        // "Dark mode" (header, right of the "Section" picker) is reached from the picker's last
        // segment with one more press right, which leaves this section: left out here, and
        // checked by `theGallerysDarkModeSwitchIsReachableFromTheLastSection`.
        let all = host.window.focusableViews.filter { $0.accessibilityLabel != "Back" && $0.accessibilityLabel != "Dark mode" }
        let seen = reachable(host, from: section, fixed: section)
        let missing = all.filter { $0.window != nil && !seen.contains(ObjectIdentifier($0)) }
        #expect(missing.isEmpty, "gallery section \(index): unreachable \(missing.map(name))")
        // The same with real SDL pad presses: no single D-pad press from any focusable view
        // lands on a view the search missed.
        var landed: [String] = []
        for v in all where v.window != nil && !missing.contains(where: { $0 === v }) {
            for d in [SDL_CONTROLLER_BUTTON_DPAD_UP, SDL_CONTROLLER_BUTTON_DPAD_DOWN,
                      SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDL_CONTROLLER_BUTTON_DPAD_RIGHT] {
                guard host.window.setFocusedView(v) else { continue }
                host.window.endEditing(true)
                pressControllerButton(host, d)
                if let now = host.window.focusedView, missing.contains(where: { $0 === now }) { landed.append("\(name(v)) \(d.rawValue) → \(name(now)) section \((section as? UISegmentedControl)?.selectedSegmentIndex ?? -1)") }
            }
        }
        #expect(landed.isEmpty, "the search and real presses agree: \(landed)")
    }

    @Test(arguments: SampleCatalog.all.map(\.name))
    func everyFocusableViewIsReachableWithTheDpad(_ sample: String) throws {
        let (host, launcher) = try launchHeadless(sample)
        defer {
            launcher.close()
            host.shutdown()
        }
        host.window.setFocusedView(nil)
        host.update()
        let all = host.window.focusableViews.filter { $0.accessibilityLabel != "Back" }
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        guard let first = host.window.focusedView else {
            Issue.record("\(sample): the D-pad focused nothing")
            return
        }
        // The gallery's section picker is left alone sideways: it would change what is searched
        // (its sections are `everyGallerySectionIsReachable`'s).
        let picker = host.window.focusableViews.first { $0.accessibilityLabel == "Section" }
        let seen = reachable(host, from: first, fixed: picker)
        let missing = all.filter { $0.window != nil && !seen.contains(ObjectIdentifier($0)) }
        #expect(missing.isEmpty, "\(sample): unreachable with the D-pad: \(missing.prefix(12).map(name)) (\(missing.count) of \(all.count))")
        // Leaving the sample with B.
        host.window.endEditing(true)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_B)
        #expect(launcher.scene == nil, "\(sample): B returns to the list")
    }

    /// The embedded game's HUD through real SDL pad events: Pause, the Speed slider and the
    /// Auto-fire switch sit in one row. Right from Pause reaches the slider; right presses raise it
    /// to its maximum, and the next fresh press moves on to the switch (README: at the end of its
    /// range a fresh press moves focus on), so every sample is usable with a controller alone. A
    /// held D-pad that repeats past the maximum stays on the slider.
    @Test func theGameHUDsSwitchIsReachableWithThePad() throws {
        let (host, launcher) = try launchHeadless("game")
        defer {
            launcher.close()
            host.shutdown()
        }
        let autoFire = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Auto-fire" })
        let speed = try #require(host.window.focusableViews.first { $0 is UISlider } as? UISlider)
        host.window.setFocusedView(nil)
        var visited: [String] = []
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        visited.append(host.window.focusedView?.accessibilityLabel ?? "nil")
        for _ in 0..<30 where host.window.focusedView !== autoFire {
            pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
            visited.append(host.window.focusedView?.accessibilityLabel ?? "nil")
        }
        #expect(host.window.focusedView === autoFire, "focus visited \(visited)")
        #expect(speed.value == speed.maximumValue, "the presses before raised the slider to its end")
        // Back onto the slider: a held left lowers it to its minimum and, repeating, stays there.
        pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_LEFT)
        #expect(host.window.focusedView === speed)
        var e = SDL_Event()
        e.type = SDL_CONTROLLERBUTTONDOWN.rawValue
        e.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue)
        e.cbutton.state = UInt8(SDL_PRESSED)
        SDL_PushEvent(&e)
        host.pollEvents()
        for _ in 0..<(60 * 3) { host.update() }   // 3 s held: 0.4 s, then a step every 0.1 s
        #expect(speed.value == speed.minimumValue)
        #expect(host.window.focusedView === speed, "a held, repeating press stays at the end of the range")
    }

    /// The gallery's header switch, beyond the section picker: from the picker's last segment,
    /// one more press right reaches it.
    @Test func theGallerysDarkModeSwitchIsReachableFromTheLastSection() throws {
        let (host, launcher) = try launchHeadless("gallery")
        defer {
            launcher.close()
            host.shutdown()
        }
        let section = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Section" } as? UISegmentedControl)
        let dark = try #require(host.window.focusableViews.first { $0.accessibilityLabel == "Dark mode" })
        host.window.setFocusedView(section)
        for _ in 0..<section.numberOfSegments where host.window.focusedView === section {
            pressControllerButton(host, SDL_CONTROLLER_BUTTON_DPAD_RIGHT)
        }
        #expect(section.selectedSegmentIndex == section.numberOfSegments - 1)
        #expect(host.window.focusedView === dark)
    }
}
