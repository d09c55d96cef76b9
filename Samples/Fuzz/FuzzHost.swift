import Foundation
import SDLControls

/// What every fuzz segment, of the samples or of a built tree, starts from and ends with.
@MainActor
enum FuzzHost {
    /// The pixels per point segments draw at (1× twice as often).
    static let scales: [CGFloat] = [1, 1, 2, 0.25]

    /// A fresh headless host for one segment: 960 × 640 points at `scale`, logging nothing,
    /// on `clock`, with SDL's queue emptied of the last segment's events.
    static func make(scale: CGFloat, clock: @escaping () -> TimeInterval) throws -> SDLHost {
        let host = try SDLHost.headless(size: CGSize(width: 960, height: 640), scale: scale)
        host.log = { _ in }
        host.clock = clock
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        return host
    }

    /// The lift of a finger a segment put down (`finger` is [touch id, finger id]).
    static func fingerUp(_ finger: [Int64], windowID: UInt32) -> SDL_Event {
        var f = SDL_Event()
        f.type = SDL_FINGERUP.rawValue
        f.tfinger.windowID = windowID
        f.tfinger.touchId = finger[0]
        f.tfinger.fingerId = finger[1]
        f.tfinger.x = 0.5
        f.tfinger.y = 0.5
        return f
    }
}
