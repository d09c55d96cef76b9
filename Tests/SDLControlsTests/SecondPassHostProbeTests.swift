import SDLControls
import Foundation
import Testing
@testable import SDLControls

@MainActor
struct SecondPassHostProbeTests {
    final class Clock { var now: TimeInterval = 1 }

    private func host() throws -> (SDLHost, Clock) {
        let host = try makeHeadlessHost()
        let clock = Clock()
        host.clock = { clock.now }
        return (host, clock)
    }

    private func finger(_ host: SDLHost, _ type: SDL_EventType, _ id: Int64, _ x: Float, _ y: Float) -> Bool {
        handled(host, SDLEvents.finger(host, type, id: id, x: x / 320, y: y / 240))
    }

    /// A finger press as SDL delivers it with touch-mouse events on: the synthesized mouse down
    /// first, then the finger; on lift the finger up, then the mouse up (SDL_TOUCH_MOUSEID).
    private func fingerTapWithSynthesizedMouse(_ host: SDLHost, _ id: Int64, _ x: Int32, _ y: Int32)
        -> (mouseDown: Bool, fingerDown: Bool, fingerUp: Bool, mouseUp: Bool) {
        let md = handled(host, SDLEvents.mouseButton(host, down: true, x: x, y: y, which: UInt32.max))
        let fd = finger(host, SDL_FINGERDOWN, id, Float(x), Float(y))
        let fu = finger(host, SDL_FINGERUP, id, Float(x), Float(y))
        let mu = handled(host, SDLEvents.mouseButton(host, down: false, x: x, y: y, which: UInt32.max))
        return (md, fd, fu, mu)
    }

    final class OnlyTheWindowItself: UIGestureRecognizerDelegate {
        weak var window: UIView?
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { touch.view === window }
    }

    @Test func H1_delegateLookingAtTouchViewAnswersTheSynthesizedClickAsTheFinger() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let tap = UITapGestureRecognizer()
        let d = OnlyTheWindowItself()
        d.window = host.window
        tap.delegate = d
        host.window.addGestureRecognizer(tap)
        var taps = 0
        tap.addHandler { _ in taps += 1 }
        let r = fingerTapWithSynthesizedMouse(host, 1, 100, 100)
        host.update()
        #expect(taps == 1)
        #expect(r.fingerDown && r.fingerUp)
        #expect(r.mouseDown == r.fingerDown && r.mouseUp == r.fingerUp, "\(r)")
        #expect(host.wantsPress(at: CGPoint(x: 100, y: 100)), "a press there is taken by the tap")
    }

    final class RefusesFirst: UIGestureRecognizerDelegate {
        var calls = 0
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            calls += 1
            return calls > 1
        }
    }

    @Test func H2_delegateRefusingFirstTouchAcceptingSecond() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let tap = UITapGestureRecognizer()
        let d = RefusesFirst()
        tap.delegate = d
        host.window.addGestureRecognizer(tap)
        var taps = 0
        tap.addHandler { _ in taps += 1 }
        let first = fingerTapWithSynthesizedMouse(host, 1, 100, 100)
        let callsAfterFirst = d.calls
        host.update()
        #expect(taps == 0, "the first touch was refused")
        #expect(!first.fingerDown && !first.mouseDown, "\(first)")
        #expect(callsAfterFirst == 1, "shouldReceive asked once per touch, got \(callsAfterFirst)")
        let second = fingerTapWithSynthesizedMouse(host, 2, 100, 100)
        host.update()
        #expect(taps == 1)
        #expect(second.fingerDown && second.fingerUp)
        #expect(second.mouseDown == second.fingerDown && second.mouseUp == second.fingerUp, "\(second)")
    }

    @Test func H2b_plainFingersRefusedThenAccepted() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let tap = UITapGestureRecognizer()
        let d = RefusesFirst()
        tap.delegate = d
        host.window.addGestureRecognizer(tap)
        var taps = 0
        tap.addHandler { _ in taps += 1 }
        #expect(!finger(host, SDL_FINGERDOWN, 1, 100, 100))
        #expect(!finger(host, SDL_FINGERUP, 1, 100, 100))
        #expect(finger(host, SDL_FINGERDOWN, 2, 100, 100))
        #expect(finger(host, SDL_FINGERUP, 2, 100, 100))
        host.update()
        #expect(taps == 1)
    }

    @Test func H3_recognizerRemovingItselfMidPressKeepsThePressConsumed() throws {
        let (host, clock) = try host()
        defer { host.shutdown() }
        let press = UILongPressGestureRecognizer()
        host.window.addGestureRecognizer(press)
        press.addHandler { p in if p.state == .began { p.view?.removeGestureRecognizer(p) } }
        #expect(handled(host, SDLEvents.mouseButton(host, down: true, x: 100, y: 100)))
        clock.now += 0.6
        host.update()
        #expect(press.view == nil)
        #expect(handled(host, SDLEvents.mouseMotion(host, x: 140, y: 100)), "the rest of a consumed press is consumed")
        #expect(handled(host, SDLEvents.mouseButton(host, down: false, x: 140, y: 100)), "the up of a consumed down")
    }

    @Test func H4_mouseClickDelegateOnlyForPointerTouches() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        final class PointerOnly: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { touch.type == .indirectPointer }
        }
        let tap = UITapGestureRecognizer()
        let d = PointerOnly()
        tap.delegate = d
        host.window.addGestureRecognizer(tap)
        let wants = host.wantsPress(atMouseX: 100, y: 100)
        let down = handled(host, SDLEvents.mouseButton(host, down: true, x: 100, y: 100))
        _ = handled(host, SDLEvents.mouseButton(host, down: false, x: 100, y: 100))
        #expect(wants == down, "wantsPress(atMouseX:) \(wants) vs the click consumed \(down)")
    }
}
