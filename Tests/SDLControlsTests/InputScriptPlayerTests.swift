import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// The script player and recorder at the edges: numbers a script built in code may hold,
/// SDL's 65,535-event queue, and live events the format can't express as they are.
@MainActor
struct InputScriptPlayerTests {
    /// Drains SDL's queue, counting events of `type`.
    private func drain(counting type: SDL_EventType) -> Int {
        var e = SDL_Event()
        var n = 0
        while SDL_PollEvent(&e) != 0 { if SDL_EventType(e.type) == type { n += 1 } }
        return n
    }

    @Test func hugeCoordinatesInAScriptBuiltInCodeDoNotTrap() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let script = InputScript(entries: [
            .init(frame: 0, event: .mouse(.down, CGPoint(x: 1e300, y: -.infinity))),
            .init(frame: 0, event: .mouse(.up, CGPoint(x: CGFloat.nan, y: 0))),
            .init(frame: 0, event: .finger(.down, id: 1, CGPoint(x: 1e300, y: .nan))),
            .init(frame: 0, event: .finger(.up, id: 1, CGPoint(x: 1, y: 1))),
            .init(frame: 0, event: .resize(CGSize(width: 1e300, height: .nan))),
        ])
        let player = InputScriptPlayer(script: script, host: host)
        let events = script.entries.flatMap { player.sdlEvents(for: $0.event) }
        #expect(events[0].button.x == .max && events[0].button.y == .min)
        #expect(events[1].button.x == 0)
        player.pushEvents(forFrame: 0)
        host.pollEvents()
        host.update()
        #expect(host.window.activeTouchCount == 0)
        #expect(host.window.bounds.width <= 16384)
    }

    @Test func replayPastSDLsQueueKeepsTheRestForTheNextFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        _ = drain(counting: SDL_KEYDOWN)
        let count = 70_000
        let script = InputScript(entries: (0..<count).map { _ in .init(frame: 0, event: .key(down: true, name: "A", modifiers: [])) })
        let player = InputScriptPlayer(script: script, host: host)
        player.pushEvents(forFrame: 0)
        #expect(player.waitingEventCount > 0, "SDL's queue holds 65,535: the rest waits")
        #expect(!player.isFinished)
        var delivered = drain(counting: SDL_KEYDOWN)
        #expect(delivered < count)
        player.pushEvents(forFrame: 1)
        delivered += drain(counting: SDL_KEYDOWN)
        #expect(delivered == count, "nothing dropped")
        #expect(player.isFinished)
    }

    /// A streamed flood: entries are read from the stream only while SDL's queue takes their
    /// events, so one frame's 70,000 lines are not all held at once, and nothing is dropped.
    @Test func aStreamedFloodIsReadAsTheQueueTakesIt() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        _ = drain(counting: SDL_KEYDOWN)
        let count = 70_000
        let stream = InputScriptStream(text: String(repeating: "0 key down A\n", count: count))
        let player = InputScriptPlayer(stream: stream, host: host)
        player.pushEvents(forFrame: 0)
        #expect(player.waitingEventCount <= 1, "the entry that did not fit waits; the rest stay unread")
        #expect(!player.isFinished)
        var delivered = drain(counting: SDL_KEYDOWN)
        for frame in 1...3 {
            player.pushEvents(forFrame: frame)
            delivered += drain(counting: SDL_KEYDOWN)
        }
        #expect(delivered == count, "nothing dropped")
        #expect(player.isFinished && player.error == nil && player.lastFrameRead == 0)
    }

    /// A malformed line met mid-replay stops the replay at that line: what came before was
    /// pushed, the error names the line, and the player is finished.
    @Test func aStreamedReplayStopsAtAMalformedLine() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        _ = drain(counting: SDL_KEYDOWN)
        let stream = InputScriptStream(text: "1 key down A\n2 key up A\n5 key down Tabb\n6 key down A\n", isKeyName: InputScriptPlayer.isKeyName)
        let player = InputScriptPlayer(stream: stream, host: host)
        var downs = 0
        for frame in 0...8 {
            player.pushEvents(forFrame: frame)
            downs += drain(counting: SDL_KEYDOWN)
        }
        #expect(downs == 1, "the line before the error played; none after it")
        #expect(player.error == InputScriptError(line: 3, message: "unknown key name \"Tabb\""))
        #expect(player.isFinished)
    }

    @Test func recordedFingersAtBadPositionsReadBack() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 200))
        defer { host.shutdown() }
        let recorder = InputScriptRecorder(host: host)
        recorder.record(SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5), frame: 0)
        recorder.record(SDLEvents.finger(host, SDL_FINGERMOTION, id: 1, x: .infinity, y: 0.5), frame: 1)
        recorder.record(SDLEvents.finger(host, SDL_FINGERMOTION, id: 1, x: 1e30, y: -1e30), frame: 2)
        recorder.record(SDLEvents.finger(host, SDL_FINGERMOTION, id: 1, x: .nan, y: 0), frame: 3)
        recorder.record(SDLEvents.finger(host, SDL_FINGERUP, id: 1, x: .nan, y: .nan), frame: 4)
        recorder.record(SDLEvents.finger(host, SDL_FINGERDOWN, id: 2, x: .nan, y: 0), frame: 5)
        recorder.record(SDLEvents.finger(host, SDL_FINGERUP, id: 2, x: .nan, y: 0), frame: 6)
        recorder.record(SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_A), frame: InputScript.maximumFrame + 1)
        let text = recorder.script.text
        #expect(!text.contains("nan") && !text.contains("inf"))
        let back = try InputScript(parsing: text)
        let limit = UIView.maximumCoordinate
        #expect(back.entries.map(\.event) == [
            .finger(.down, id: 1, CGPoint(x: 200, y: 100)),
            .finger(.move, id: 1, CGPoint(x: limit, y: -limit)),
            .finger(.up, id: 1, CGPoint(x: limit, y: -limit)),
        ], "non-finite downs and moves skipped, the up written where the finger was, past the frame limit nothing")
    }
}
