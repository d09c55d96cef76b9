import Foundation
import Testing
@testable import SDLControls

/// Two hosts side by side in one process, as a tool with two windows runs them: every event is
/// polled once and given to both hosts' `handle`. Each host takes only its own window's clicks,
/// keys and text, delivers only its own window's actions in its own `update()`, and counts its
/// own frames.
@MainActor
struct TwoHostsTests {
    /// Pushes `events` through SDL's queue and gives every polled event to both hosts.
    private func deliver(_ events: [SDL_Event], to hosts: [SDLHost]) {
        for var e in events { SDL_PushEvent(&e) }
        var out = SDL_Event()
        while SDL_PollEvent(&out) != 0 { for h in hosts { _ = h.handle(out) } }
    }

    private func tap(_ host: SDLHost, at p: (Int32, Int32)) -> [SDL_Event] {
        [SDLEvents.mouseButton(host, down: true, x: p.0, y: p.1), SDLEvents.mouseButton(host, down: false, x: p.0, y: p.1)]
    }

    private func button(_ title: String, in host: SDLHost, log: @escaping (String) -> Void) -> UIButton {
        let b = UIButton(type: .system)
        b.setTitle(title, for: .normal)
        b.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        b.addAction(UIAction { _ in log(title) }, for: .touchUpInside)
        host.window.addSubview(b)
        return b
    }

    @Test func eachUpdateDeliversOnlyItsOwnWindowsActions() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown(); a.shutdown() }
        var log: [String] = []
        _ = button("A", in: a) { log.append($0) }
        _ = button("B", in: b) { log.append($0) }
        a.update(); b.update()
        deliver(tap(a, at: (60, 40)) + tap(b, at: (60, 40)), to: [a, b])
        #expect(a.window.pendingActionCount == 1 && b.window.pendingActionCount == 1, "each window queued its own")
        a.update()
        #expect(log == ["A"], "A's update ran A's action only")
        #expect(b.window.hasPendingActions, "B's waits for B's own update, after B's layout")
        b.update()
        #expect(log == ["A", "B"])
    }

    @Test func eachHostCountsItsOwnFrames() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown(); a.shutdown() }
        let a0 = a.window.frameNumber, b0 = b.window.frameNumber
        a.update(); a.update(); b.update()
        #expect(a.window.frameNumber == a0 + 2 && b.window.frameNumber == b0 + 1)
        var records: [(String, UInt64)] = []
        UIApplication.shared.actionDeliveryObserver = { r in records.append((r.sender.accessibilityLabel ?? "", r.frame)) }
        defer { UIApplication.shared.actionDeliveryObserver = nil }
        _ = button("A", in: a) { _ in }
        _ = button("B", in: b) { _ in }
        a.update(); b.update()
        deliver(tap(a, at: (60, 40)) + tap(b, at: (60, 40)), to: [a, b])
        a.update(); b.update()
        let frames = Dictionary(records.map { ($0.0, $0.1) }, uniquingKeysWith: { x, _ in x })
        #expect(frames["A"] == a.window.frameNumber && frames["B"] == b.window.frameNumber,
                "a record carries its own window's frame: \(records)")
    }

    /// Tab, text and a click aimed at window B (by its id), given to both hosts: only B acts.
    @Test func keysTextAndClicksForAnotherWindowAreNotTaken() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown(); a.shutdown() }
        var log: [String] = []
        let ba = button("A", in: a) { log.append($0) }
        let bb = button("B", in: b) { log.append($0) }
        let fa = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        let fb = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        a.window.addSubview(fa); b.window.addSubview(fb)
        a.update(); b.update()
        a.window.setFocusedView(ba)
        b.window.setFocusedView(bb)
        let tab = [SDLEvents.key(b, down: true, scancode: SDL_SCANCODE_TAB), SDLEvents.key(b, down: false, scancode: SDL_SCANCODE_TAB)]
        var consumed: [Bool] = []
        for var e in tab { SDL_PushEvent(&e) }
        var out = SDL_Event()
        while SDL_PollEvent(&out) != 0 { consumed += [a.handle(out), b.handle(out)] }
        #expect(consumed == [false, true, false, true], "only B takes B's keys")
        #expect(a.window.focusedView === ba, "A's focus did not move")
        #expect(b.window.focusedView === fb && fb.isEditing, "Tab moved B's focus to its field")
        a.window.setFocusedView(fa)
        #expect(fa.isEditing)
        deliver([SDLEvents.text(b, "hi")], to: [a, b])
        #expect(fb.text == "hi" && fa.text == "", "B's text went to B's field only")
        deliver(tap(b, at: (60, 40)), to: [a, b])
        a.update(); b.update()
        #expect(log == ["B"], "B's click tapped B's button only")
    }

    /// An event naming a window no host owns is taken by neither.
    @Test func eventsForAWindowNoHostOwnsAreNotTaken() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown(); a.shutdown() }
        _ = button("A", in: a) { _ in }
        a.update(); b.update()
        let stranger: UInt32 = 0xBAD
        var events = tap(a, at: (60, 40)) + [SDLEvents.key(a, down: true, scancode: SDL_SCANCODE_TAB), SDLEvents.text(a, "x")]
        for i in events.indices {
            events[i].button.windowID = stranger   // the same offset for button, key and text events
        }
        for var e in events {
            SDL_PushEvent(&e)
            var out = SDL_Event()
            while SDL_PollEvent(&out) != 0 { #expect(!a.handle(out) && !b.handle(out)) }
        }
        a.update(); b.update()
        #expect(!a.window.hasPendingActions && a.window.focusedView == nil)
    }

    /// A control that moves to the other host's window after its action was queued: the action
    /// is delivered once, by the window it was sent in.
    @Test func anActionQueuedBeforeItsControlMovedToAnotherWindowIsDeliveredOnce() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown(); a.shutdown() }
        var log: [String] = []
        let moving = button("M", in: a) { log.append($0) }
        a.update(); b.update()
        deliver(tap(a, at: (60, 40)), to: [a, b])
        b.window.addSubview(moving)
        b.update()
        #expect(log.isEmpty, "B's update has nothing of A's")
        a.update()
        #expect(log == ["M"])
        b.update(); a.update()
        #expect(log == ["M"], "once")
    }

    /// A host shut down with actions waiting: they are not lost; the next flush delivers them
    /// with the actions of controls in no window.
    @Test func actionsOfAClosedWindowAreDeliveredNotLost() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown() }
        var log: [String] = []
        var kept: UIButton? = button("A", in: a) { log.append($0) }
        a.update()
        deliver(tap(a, at: (60, 40)), to: [a, b])
        #expect(a.window.pendingActionCount == 1)
        a.shutdown()
        b.update()
        #expect(log == ["A"], "delivered by the next update")
        b.update()
        #expect(log == ["A"], "once")
        kept = nil
        _ = kept
    }

    /// Events given to two hosts in any interleaving: every tap is delivered exactly once, by
    /// its own window, whatever order the hosts update in.
    @Test func interleavedEventsAndUpdatesDeliverEveryTapOnceInItsWindow() throws {
        let a = try makeHeadlessHost(), b = try makeHeadlessHost()
        defer { b.shutdown(); a.shutdown() }
        var tapsA = 0, tapsB = 0
        _ = button("A", in: a) { _ in tapsA += 1 }
        _ = button("B", in: b) { _ in tapsB += 1 }
        a.update(); b.update()
        var rng = SystemRandomNumberGenerator()
        var sentA = 0, sentB = 0
        for _ in 0..<200 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: deliver(tap(a, at: (60, 40)), to: Bool.random(using: &rng) ? [a, b] : [b, a]); sentA += 1
            case 1: deliver(tap(b, at: (60, 40)), to: Bool.random(using: &rng) ? [a, b] : [b, a]); sentB += 1
            case 2: a.update()
            default: b.update()
            }
        }
        a.update(); b.update()
        #expect(tapsA == sentA && tapsB == sentB)
    }
}
