import SDLControlsSDL2
import Foundation

/// Starting and stopping SDL and its two satellite libraries for a host, in pairs (SDL and
/// SDL_ttf count their users; SDL_image is counted in `SDLSharedState`).
@MainActor
enum SDLLibraries {
    /// Starts SDL's video and events for a host that creates its window, then the satellites.
    /// `wantsWindow`: a window a person sees is asked for, so SDL's invisible fallback drivers
    /// are an error unless the user chose them.
    static func start(wantsWindow: Bool, skippedWayland: Bool = false) throws {
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
            try startSatellites()
        } catch {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw error
        }
    }

    /// SDL_ttf (counted by SDL_ttf itself) and SDL_image (counted across hosts).
    static func startSatellites() throws {
        guard TTF_Init() == 0 else { throw SDLControlsError.initializationFailed("SDL_ttf: " + sdlError()) }
        do {
            try SDLSharedState.acquireImageLibrary()
        } catch {
            TTF_Quit()
            throw error
        }
    }

    static func stopSatellites() {
        SDLSharedState.releaseImageLibrary()
        TTF_Quit()
    }

    /// Undoes ``start(wantsWindow:skippedWayland:)``.
    static func stop() {
        stopSatellites()
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
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
}
