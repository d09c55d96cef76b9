import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// A view whose drawing or layout runs a closure (the app's code, run by `render()`).
@MainActor
private final class CallbackView: UIView {
    var onDraw: (() -> Void)?
    var onLayout: (() -> Void)?
    override func draw(_ rect: CGRect) { onDraw?() }
    override func layoutSubviews() {
        super.layoutSubviews()
        onLayout?()
    }
}

/// `shutdown()` called from the app's code while the host runs it (an action, a draw, a
/// layout): the host stops at once, and lets go of SDL when its own call returns, never
/// before (the rest of that call still uses the renderer).
@MainActor
struct HostReentryTests {
    @Test func shutdownFromADrawOrALayoutWaitsForTheFrameToEnd() throws {
        for fromDraw in [true, false] {
            let host = try makeHeadlessHost()
            let view = CallbackView(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
            view.backgroundColor = .systemBlue
            host.window.addSubview(view)
            var rendererDuringCall: OpaquePointer?
            let stop = { [unowned host] in
                host.shutdown()
                rendererDuringCall = SDL_GetRenderer(host.sdlWindow)   // still there: the frame goes on
            }
            if fromDraw { view.onDraw = stop } else { view.onLayout = stop }
            host.update()
            if !fromDraw { view.setNeedsLayout() }
            host.renderFrame()
            #expect(host.isShutDown)
            #expect(rendererDuringCall != nil, "the renderer lives until the host's own call returns")
            #expect(SDL_GetWindowFromID(host.sdlWindowID) == nil, "then the host's window and renderer are gone")
            host.renderFrame()   // a no-op
            host.update()
        }
    }

    /// An embedded host shut down by an action while a text field edits leaves SDL's text
    /// input as the game had it (off), though the rest of `update()` would have kept it on.
    @Test func shutdownFromAnActionPutsTextInputBackAsTheGameHadIt() throws {
        let game = try EmbeddedGame()
        defer { game.close() }
        SDL_StopTextInput()
        let ui = try SDLHost(embeddingWindow: game.window, renderer: game.renderer)
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 150, height: 30))
        ui.window.addSubview(field)
        let quit = UIButton(type: .system)
        quit.setTitle("Quit", for: .normal)
        quit.frame = CGRect(x: 10, y: 60, width: 100, height: 40)
        quit.addAction(UIAction { [unowned ui] _ in ui.shutdown() }, for: .primaryActionTriggered)
        ui.window.addSubview(quit)
        ui.update()
        #expect(field.becomeFirstResponder())
        ui.update()
        #expect(SDL_IsTextInputActive() == SDL_TRUE)
        ui.handle(SDLEvents.finger(ui, SDL_FINGERDOWN, id: 1, x: 60 / 320, y: 80 / 240))
        ui.handle(SDLEvents.finger(ui, SDL_FINGERUP, id: 1, x: 60 / 320, y: 80 / 240))
        ui.update()   // delivers the action, which shuts the host down
        #expect(ui.isShutDown)
        #expect(SDL_IsTextInputActive() == SDL_FALSE, "text input is off, as the game had it")
    }
}
