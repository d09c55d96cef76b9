import Foundation
import Testing
@testable import SDLControls

/// The host's two halves talk through values: the platform half takes an event, its time
/// and the renderer half's `PointerSpace`, and answers with an outcome (consumed, and what
/// the host should do); it never calls back into the host. Each half works on its own here,
/// with a window of the test's and values the test makes.
@MainActor
struct HostHalvesTests {
    /// A platform half for a window of its own, on a headless host's SDL window.
    private func platform(_ host: SDLHost) -> (SDLPlatformBackend, UIWindow) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.isHidden = false   // visible, not key: the host's window stays key
        return (SDLPlatformBackend(window: window, sdlWindow: host.sdlWindow, embedded: false), window)
    }

    /// A pointer space for a 400 × 200-pixel window drawn at 2 pixels per point.
    private var twoX: PointerSpace {
        var state = WindowRenderState()
        state.outputSize = CGSize(width: 400, height: 200)
        state.windowSize = CGSize(width: 400, height: 200)
        state.viewport = CGRect(x: 0, y: 0, width: 400, height: 200)
        return PointerSpace(state: state, placement: SDLHost.Placement(space: .windowPoints, size: CGSize(width: 200, height: 100),
                                                                      pixelsPerPoint: 2, origin: .zero))
    }

    @Test func aPressLandsWhereThePointerSpaceItWasGivenSays() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (platform, window) = platform(host)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 60, y: 20, width: 60, height: 30)
        window.addSubview(button)
        // (180, 70) window units are (90, 35) points at 2 pixels per point: on the button.
        let down = platform.handle(SDLEvents.mouseButton(host, down: true, x: 180, y: 70), input: .init(time: 7.5, space: twoX))
        #expect(down.consumed)
        #expect(down.requests.isEmpty)
        #expect(button.isTracking && button.isHighlighted)
        let touch = try #require(window.touch(forContactID: SDLPlatformBackend.mouseContactID))
        #expect(touch.location(in: nil) == CGPoint(x: 90, y: 35))
        #expect(touch.timestamp == 7.5, "the time is the one given with the event")
        // The same position at 1 pixel per point is (180, 70) points: off the button, and
        // the press (a new one: the old touch is cancelled) goes to the game.
        var oneX = twoX
        oneX.placement.pixelsPerPoint = 1
        let again = platform.handle(SDLEvents.mouseButton(host, down: true, x: 180, y: 70), input: .init(time: 8, space: oneX))
        #expect(!again.consumed)
        #expect(!button.isTracking)
    }

    @Test func windowAndRenderEventsComeBackAsRequests() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (platform, _) = platform(host)
        let input = SDLPlatformBackend.Input(time: 0, space: twoX)
        let resized = platform.handle(SDLEvents.window(host, SDL_WINDOWEVENT_SIZE_CHANGED), input: input)
        #expect(!resized.consumed)
        #expect(resized.requests == [.readWindowMetrics, .showFrame])
        let closed = platform.handle(SDLEvents.window(host, SDL_WINDOWEVENT_CLOSE), input: input)
        #expect(closed.requests == [.quit, .showFrame])
        var event = SDL_Event()
        for (type, expected) in [(SDL_RENDER_DEVICE_RESET, SDLPlatformBackend.Requests.recreateTextures),
                                 (SDL_RENDER_TARGETS_RESET, .recreateTextures), (SDL_QUIT, .quit)] {
            event.type = type.rawValue
            let outcome = platform.handle(event, input: input)
            #expect(!outcome.consumed)
            #expect(outcome.requests == expected)
        }
    }

    @Test func anotherWindowsEventsAreNeitherTakenNorActedOn() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (platform, window) = platform(host)
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        let other = platform.sdlWindowID &+ 1000
        var events = [SDLEvents.text(host, "x"), SDLEvents.window(host, SDL_WINDOWEVENT_SIZE_CHANGED),
                      SDLEvents.mouseButton(host, down: true, x: 10, y: 10)]
        events[0].text.windowID = other
        events[1].window.windowID = other
        events[2].button.windowID = other
        for event in events {
            #expect(!platform.needsPointerSpace(event))
            let outcome = platform.handle(event, input: .init(time: 0, space: twoX))
            #expect(!outcome.consumed)
            #expect(outcome.requests.isEmpty)
        }
        #expect(field.text == "")
        #expect(window.touch(forContactID: SDLPlatformBackend.mouseContactID) == nil)
    }

    @Test func onlyThisWindowsPointerEventsAskForThePointerSpace() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let (platform, _) = platform(host)
        #expect(platform.needsPointerSpace(SDLEvents.mouseButton(host, down: true, x: 1, y: 1)))
        #expect(platform.needsPointerSpace(SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5)))
        #expect(platform.needsPointerSpace(SDLEvents.wheel(host, y: 1)))
        #expect(!platform.needsPointerSpace(SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_A)))
        // SDL's mouse copy of a touch is answered from the touch's own press.
        #expect(!platform.needsPointerSpace(SDLEvents.mouseMotion(host, x: 1, y: 1, which: SDLPlatformBackend.touchMouseID)))
    }

    @Test func theRendererHalfPlacesTheUIAndReportsWhatChanged() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 200), scale: 2)
        defer { host.shutdown() }
        let backend = host.backend
        let first = backend.place(reading: .always)
        #expect(first.placement.size == CGSize(width: 300, height: 200))
        #expect(first.placement.pixelsPerPoint == 2)
        #expect(!first.moved && !first.textScaleChanged, "nothing changed since the host placed it")
        // A logical size the game sets: game units, read only when asked to read.
        SDL_RenderSetLogicalSize(host.renderer, 150, 100)
        defer { SDL_RenderSetLogicalSize(host.renderer, 0, 0) }
        backend.handOverToGame()
        let unread = backend.place(reading: .never)
        #expect(!unread.moved)
        let read = backend.place(reading: .ifStale)
        #expect(read.moved && read.textScaleChanged)
        #expect(read.placement.space == .gameUnits)
        #expect(read.placement.size == CGSize(width: 150, height: 100))
        #expect(read.placement.pixelsPerPoint == 4)
        #expect(backend.pointerSpace.placement == read.placement, "the platform half gets the same placement as a value")
    }
}
