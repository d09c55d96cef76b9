import Foundation
import SDLControlsSDL2

/// Errors the SDL host reports instead of crashing.
public enum SDLControlsError: Error, CustomStringConvertible, Equatable {
    /// `SDL_Init` (or a satellite library's init) failed; the SDL message is attached.
    case initializationFailed(String)
    /// No window could be created.
    case windowCreationFailed(String)
    /// Neither an accelerated nor the software renderer could be created.
    case rendererCreationFailed(String)
    /// No usable font was found; lists every path that was tried.
    case fontNotFound(searched: [String])
    /// A font file exists but SDL_ttf could not open it (corrupt, truncated or not a font),
    /// and no other font was found.
    case fontUnreadable(path: String, reason: String)
    /// Saving a screenshot failed.
    case screenshotFailed(String)
    /// The window has no display to open on.
    case noDisplay(String)

    /// A one-line explanation. Paths and SDL's messages are quoted with control and bidi
    /// characters shown as escapes (`\u{1B}`), so printing it can't act on a terminal.
    public var description: String { unescapedDescription.escapedForMessage }

    private var unescapedDescription: String {
        switch self {
        case .initializationFailed(let m): return "SDL could not start: \(m)"
        case .windowCreationFailed(let m): return "SDL could not create a window: \(m)"
        case .rendererCreationFailed(let m): return "SDL could not create a renderer: \(m)"
        case .fontNotFound(let searched):
            return "No UI font found. Install one (Debian: apt-get install fonts-dejavu-core) or pass a font file. Searched: "
                + searched.joined(separator: ", ")
        case .fontUnreadable(let path, let reason):
            return "Font file \(path) exists but is not a font SDL_ttf can read (corrupt, truncated or another format): \(reason)"
        case .screenshotFailed(let m): return "Screenshot failed: \(m)"
        case .noDisplay(let m):
            return "No display available (\(m)). Run headless with --headless (SDL_VIDEODRIVER=dummy), or in a virtual display: xvfb-run swift run sample-launcher"
        }
    }
}

/// The last SDL error message.
func sdlError() -> String {
    String(cString: SDL_GetError())
}
