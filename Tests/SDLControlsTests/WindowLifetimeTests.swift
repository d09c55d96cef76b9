import Testing
@testable import SDLControls

/// A host's window and views are freed once the host is shut down and released, whatever the
/// pointer did. Regression: the hover chain held the window strongly (it ends at the window),
/// so any click, whose release is sent as a hover, kept the window and its tree alive for
/// ever (LeakSanitizer saw the 32-byte weak-reference side table).
@MainActor
struct WindowLifetimeTests {
    enum Pointer: CaseIterable, Sendable { case none, clickOnControl, clickOnBareWindow, pressThenCancel, hoverOnly }

    @Test(arguments: Pointer.allCases)
    func theWindowAndItsViewsAreFreedAfterShutdown(_ pointer: Pointer) throws {
        weak var probeWindow: UIWindow?
        weak var probeSwitch: UISwitch?
        do {
            let host = try makeHeadlessHost()
            let s = UISwitch(frame: CGRect(x: 10, y: 10, width: 51, height: 31))
            host.window.addSubview(s)
            host.update()
            func click(_ x: Int32, _ y: Int32) {
                push(host, SDLEvents.mouseButton(host, down: true, x: x, y: y))
                push(host, SDLEvents.mouseButton(host, down: false, x: x, y: y))
            }
            switch pointer {
            case .none: break
            case .clickOnControl: click(30, 25)
            case .clickOnBareWindow: click(300, 200)
            case .pressThenCancel:
                push(host, SDLEvents.mouseButton(host, down: true, x: 30, y: 25))
                host.update()
                host.window.cancelAllTouches()
            case .hoverOnly: host.window.sendHover(at: CGPoint(x: 30, y: 25))
            }
            host.update()
            host.renderFrame()
            if pointer == .clickOnControl || pointer == .hoverOnly { #expect(host.window.hoveredView != nil) }
            probeWindow = host.window
            probeSwitch = s
            host.shutdown()
        }
        #expect(probeSwitch == nil, "the switch is freed")
        #expect(probeWindow == nil, "the window is freed")
    }

    /// The drawing context every window shares keeps nothing of a host between passes: a
    /// host that drew and shut down is freed with its renderer backend (fonts, atlas, caches).
    @Test func aHostThatDrewIsFreedWithItsBackend() throws {
        weak var probeHost: SDLHost?
        weak var probeBackend: AnyObject?
        do {
            let host = try makeHeadlessHost()
            host.window.addSubview(UISwitch(frame: CGRect(x: 10, y: 10, width: 51, height: 31)))
            host.update()
            host.renderFrame()
            probeHost = host
            probeBackend = host.backend
            host.shutdown()
        }
        #expect(probeHost == nil, "the host is freed")
        #expect(probeBackend == nil, "its backend is freed")
    }

    /// Shutting a host down closes its fonts and opens none again. Regression: the window's
    /// measurer was taken away after the fonts closed, a button in it measured its title at
    /// once (to see whether its size changed) through the host, and the host reopened the
    /// font, never to close it (LeakSanitizer: SDL_ttf's font and its HarfBuzz face).
    @Test func shutdownLeavesNoFontOpen() throws {
        let host = try makeHeadlessHost()
        let button = UIButton(type: .system)
        button.setTitle("Pause", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        host.window.addSubview(button)
        host.update()
        host.renderFrame()
        #expect(host.fonts.openCount > 0, "drawing the title opened the UI font")
        host.shutdown()
        #expect(host.fonts.openCount == 0 && host.fonts.isClosed)
        // Measuring through the shut-down host afterwards estimates, opening nothing.
        let size = host.backend.size(of: "Pause", font: .systemFont(ofSize: 17))
        #expect(size.width > 0 && host.fonts.openCount == 0)
        #expect(host.fonts.font(path: host.fonts.path(for: .systemFont(ofSize: 17)), pixelSize: 17) == nil)
        _ = button.intrinsicContentSize   // the button, now windowless, measures with the estimate
        #expect(host.fonts.openCount == 0)
    }
}
