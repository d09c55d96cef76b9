import Foundation
@testable import SampleKit
@testable import SDLControls

/// Runs the launcher on `sample` in-process at 960×640, headless, on a 60 Hz clock, laid out
/// (nil: the list).
@MainActor
func launchHeadless(_ sample: String?) throws -> (SDLHost, Launcher) {
    let app = UIApplication.shared
    app.actionDelivery = .batched
    app.discardPendingActions()
    app.actionDeliveryObserver = nil
    let host = try SDLHost.headless(size: CGSize(width: 960, height: 640))
    var t: TimeInterval = 0
    host.clock = { t += 1.0 / 60; return t }
    host.log = { _ in }
    var options = LauncherOptions()
    options.headless = true
    options.sample = sample
    let launcher = Launcher(host: host, options: options, output: { _ in }, errors: { _ in })
    host.update()
    return (host, launcher)
}

/// Pushes a controller button's press and release through SDL's queue, then runs a frame.
@MainActor
func pressControllerButton(_ host: SDLHost, _ button: SDL_GameControllerButton) {
    for down in [true, false] {
        var e = SDL_Event()
        e.type = down ? SDL_CONTROLLERBUTTONDOWN.rawValue : SDL_CONTROLLERBUTTONUP.rawValue
        e.cbutton.button = UInt8(button.rawValue)
        e.cbutton.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        SDL_PushEvent(&e)
    }
    host.pollEvents()
    host.update()
}
