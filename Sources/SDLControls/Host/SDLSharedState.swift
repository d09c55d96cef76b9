import SDLControlsSDL2
import Foundation

/// What SDL, SDL_image and SDL_ttf hold for the whole process, shared by every host and by
/// the game: counted here so that hosts leave it as they found it. Everything else a host
/// uses (clock and timers, focus, text measurement, input state) is its own.
///
/// | Shared thing | Rule |
/// |---|---|
/// | SDL subsystems (video, events, game controllers) | `SDL_InitSubSystem` / `SDL_QuitSubSystem` in pairs by hosts that need them; SDL counts them. An embedded host initializes none. |
/// | SDL_ttf | `TTF_Init` / `TTF_Quit` in pairs per host (SDL_ttf counts them); a host closes its fonts first. |
/// | SDL_image | `IMG_Quit` unloads every codec at once, so the hosts count themselves: the formats the hosts' `IMG_Init` added (those not loaded before) are unloaded when the last host shuts down, and the ones loaded before are loaded again. |
/// | SDL hints | a host that needs a hint sets it and puts back the value it found when the last host that needed it shuts down (the driver hints of a headless host: right after its window and renderer exist). |
/// | Text input (`SDL_StartTextInput`) | on while some host's text responder edits; turned off again only if it was off before (a game's own text input stays on). |
/// | Game controllers' button and axis events (they name no window) | taken by the host whose window has keyboard focus, else by the oldest live host (`SDLHost.takesControllerInput`). |
/// | Clipboard (`UIPasteboard.general.backend`) | SDL's clipboard while at least one host runs, unless the app set its own backend first. |
///
/// Isolated to the main actor, as the hosts are; nothing here is touched from elsewhere.
@MainActor
enum SDLSharedState {
    // MARK: Hosts

    private static var hosts: [WeakHost] = []

    private struct WeakHost {
        weak var host: SDLHost?
    }

    /// The hosts that have not shut down, oldest first.
    static var liveHosts: [SDLHost] { hosts.compactMap(\.host).filter { !$0.isShutDown } }

    /// The oldest host that has not shut down (no array made: asked per controller event).
    static var oldestLiveHost: SDLHost? {
        for entry in hosts { if let host = entry.host, !host.isShutDown { return host } }
        return nil
    }

    static func register(_ host: SDLHost) {
        hosts = hosts.filter { $0.host != nil } + [WeakHost(host: host)]
    }

    static func unregister(_ host: SDLHost) {
        hosts = hosts.filter { $0.host != nil && $0.host !== host }
    }

    // MARK: SDL_image

    private static var imageUsers = 0
    /// The `IMG_Init` flags the hosts added (not loaded before a host asked for them).
    private static var imageFlagsAdded: Int32 = 0

    /// Loads the PNG and JPEG codecs for a host. Throws when PNG can't be loaded.
    static func acquireImageLibrary() throws {
        let before = IMG_Init(0)
        let after = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue))
        imageFlagsAdded |= after & ~before
        guard after & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            let message = "SDL_image: " + sdlError()
            restoreImageFlagsIfUnused()
            throw SDLControlsError.initializationFailed(message)
        }
        imageUsers += 1
    }

    /// A host is done with SDL_image; the last one puts its codecs back as it found them.
    static func releaseImageLibrary() {
        imageUsers = max(0, imageUsers - 1)
        restoreImageFlagsIfUnused()
    }

    private static func restoreImageFlagsIfUnused() {
        guard imageUsers == 0 else { return }
        let now = IMG_Init(0)
        if now & imageFlagsAdded != 0 {
            // IMG_Quit can't unload one format: unload all, then load the others again.
            IMG_Quit()
            let keep = now & ~imageFlagsAdded
            if keep != 0 { _ = IMG_Init(keep) }
        }
        imageFlagsAdded = 0
    }

    // MARK: Hints

    private static var hintOverrides: [String: (count: Int, previous: String?)] = [:]

    /// Sets hint `name` to `value` (overriding the environment) for as long as someone
    /// holds it; the first holder remembers the value it found.
    static func holdHint(_ name: String, _ value: String) {
        if var entry = hintOverrides[name] {
            entry.count += 1
            hintOverrides[name] = entry
        } else {
            hintOverrides[name] = (1, SDL_GetHint(name).map { String(cString: $0) })
        }
        SDL_SetHintWithPriority(name, value, SDL_HINT_OVERRIDE)
    }

    /// Lets go of a hint set by ``holdHint(_:_:)``; the last holder puts back what it found.
    static func releaseHint(_ name: String) {
        guard var entry = hintOverrides[name] else { return }
        entry.count -= 1
        guard entry.count <= 0 else {
            hintOverrides[name] = entry
            return
        }
        hintOverrides[name] = nil
        // ResetHint returns to the environment's value (or none); a value set in code before
        // the host is set again.
        SDL_ResetHint(name)
        let environment = ProcessInfo.processInfo.environment[name]
        if let previous = entry.previous, previous != environment {
            SDL_SetHint(name, previous)
        }
    }

    // MARK: Text input

    private static var textInputUsers = 0
    private static var textInputStartedByHosts = false

    /// Whether some host's text responder is editing (SDL text input is on for it).
    static var hostsUseTextInput: Bool { textInputUsers > 0 }

    /// A host's text responder began editing: text input goes on if it was off.
    static func beginTextInput() {
        if textInputUsers == 0 {
            textInputStartedByHosts = SDL_IsTextInputActive() == SDL_FALSE
            if textInputStartedByHosts { SDL_StartTextInput() }
        }
        textInputUsers += 1
    }

    /// A host's text responder stopped editing: the last one turns text input off if a host
    /// turned it on.
    static func endTextInput() {
        textInputUsers = max(0, textInputUsers - 1)
        if textInputUsers == 0, textInputStartedByHosts {
            SDL_StopTextInput()
            textInputStartedByHosts = false
        }
    }

    // MARK: Clipboard

    private static var clipboardUsers = 0
    private static var installedClipboard = false

    /// Connects `UIPasteboard.general` to SDL's clipboard while hosts run, unless the app
    /// installed its own backend.
    static func acquireClipboard() {
        clipboardUsers += 1
        guard clipboardUsers == 1, UIPasteboard.general.backend == nil else { return }
        UIPasteboard.general.backend = UIPasteboard.Backend(
            read: {
                guard SDL_WasInit(SDL_INIT_VIDEO) != 0, SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
                defer { SDL_free(raw) }
                return String(cString: raw)
            },
            write: { text in
                guard SDL_WasInit(SDL_INIT_VIDEO) != 0 else { return }
                SDL_SetClipboardText(text)
            })
        installedClipboard = true
    }

    /// A host shut down: the last one disconnects the clipboard it connected.
    static func releaseClipboard() {
        clipboardUsers = max(0, clipboardUsers - 1)
        if clipboardUsers == 0, installedClipboard {
            UIPasteboard.general.backend = nil
            installedClipboard = false
        }
    }
}
