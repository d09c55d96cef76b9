import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Gesture recognizers fed by real SDL events (fingers, the mouse, the wheel) through the host,
/// and what the host reports consumed.
@MainActor
struct GestureHostTests {
    /// A host whose clock the test moves (recognizers' timers run on it).
    private func host() throws -> (SDLHost, Clock) {
        let host = try makeHeadlessHost()
        let clock = Clock()
        host.clock = { clock.now }
        return (host, clock)
    }

    final class Clock { var now: TimeInterval = 1 }

    private func finger(_ host: SDLHost, _ type: SDL_EventType, _ id: Int64, _ x: Float, _ y: Float) -> Bool {
        handled(host, SDLEvents.finger(host, type, id: id, x: x / 320, y: y / 240))
    }

    private func panel(in host: SDLHost) -> UIView {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        v.backgroundColor = .systemTeal
        host.window.addSubview(v)
        return v
    }

    @Test func twoFingersPinchAndRotateThroughSDLTogetherWhenTheDelegateAllows() throws {
        let (host, clock) = try host()
        defer { host.shutdown() }
        let v = panel(in: host)
        let pinch = UIPinchGestureRecognizer(), rotation = UIRotationGestureRecognizer()
        final class Both: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        let both = Both()
        pinch.delegate = both
        v.addGestureRecognizer(pinch)
        v.addGestureRecognizer(rotation)
        #expect(finger(host, SDL_FINGERDOWN, 1, 100, 120))
        #expect(finger(host, SDL_FINGERDOWN, 2, 200, 120))
        clock.now += 0.02
        #expect(finger(host, SDL_FINGERMOTION, 2, 220, 160))
        host.update()
        #expect(pinch.state == .changed || pinch.state == .began)
        #expect(pinch.scale > 1.05)
        #expect(rotation.rotation > 0.3, "turned clockwise on screen")
        #expect(finger(host, SDL_FINGERUP, 2, 220, 160))
        #expect(finger(host, SDL_FINGERUP, 1, 100, 120))
        host.update()
        #expect(pinch.state == .possible && rotation.state == .possible)
    }

    @Test func aMouseDragPansAndTheWheelPansWhenAllowed() throws {
        let (host, clock) = try host()
        defer { host.shutdown() }
        let v = panel(in: host)
        host.update()   // the wheel's pause is timed on the frame clock, which a frame starts
        let pan = UIPanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        v.addGestureRecognizer(pan)
        var translations: [CGPoint] = []
        var states: [UIGestureRecognizer.State] = []
        pan.addHandler { p in
            translations.append(p.translation(in: v))
            states.append(p.state)
        }
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50))
        clock.now += 0.02
        push(host, SDLEvents.mouseMotion(host, x: 90, y: 60))
        push(host, SDLEvents.mouseButton(host, down: false, x: 90, y: 60))
        #expect(states == [.began, .ended])
        #expect(translations.last == CGPoint(x: 40, y: 10))
        states.removeAll()
        push(host, SDLEvents.mouseMotion(host, x: 100, y: 100))
        #expect(handled(host, SDLEvents.wheel(host, y: -1)), "the wheel over the pan is consumed")
        host.update()
        #expect(states == [.began])
        clock.now += UIPanGestureRecognizer.scrollEndDelay + 0.05
        host.update()
        #expect(states == [.began, .ended])
    }

    @Test func aLongPressBeginsOnTheHostsClockAndCancelsTheButtonUnderIt() throws {
        let (host, clock) = try host()
        defer { host.shutdown() }
        let v = panel(in: host)
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        v.addSubview(button)
        var cancels = 0, ups = 0
        button.addAction(UIAction { _ in cancels += 1 }, for: .touchCancel)
        button.addAction(UIAction { _ in ups += 1 }, for: .touchUpInside)
        let press = UILongPressGestureRecognizer()
        v.addGestureRecognizer(press)
        var began = 0
        press.addHandler { if $0.state == .began { began += 1 } }
        push(host, SDLEvents.mouseButton(host, down: true, x: 150, y: 120))
        clock.now += 0.3
        host.update()
        #expect(began == 0 && button.isHighlighted)
        clock.now += 0.3
        host.update()
        #expect(began == 1)
        push(host, SDLEvents.mouseButton(host, down: false, x: 150, y: 120))
        host.update()
        #expect(cancels == 1 && ups == 0)
    }

    @Test func aClickOnAButtonUnderATapRecognizerStillTapsTheButton() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let v = panel(in: host)
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        v.addSubview(button)
        var ups = 0, taps = 0
        button.addAction(UIAction { _ in ups += 1 }, for: .touchUpInside)
        v.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        push(host, SDLEvents.mouseButton(host, down: true, x: 150, y: 120))
        push(host, SDLEvents.mouseButton(host, down: false, x: 150, y: 120))
        host.update()
        #expect(ups == 1 && taps == 0)
        push(host, SDLEvents.mouseButton(host, down: true, x: 20, y: 200))
        push(host, SDLEvents.mouseButton(host, down: false, x: 20, y: 200))
        host.update()
        #expect(taps == 1)
    }

    @Test func aRightClickTapsARecognizerThatAsksForTheSecondaryButton() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let v = panel(in: host)
        var rights = 0
        let tap = UITapGestureRecognizer { _ in rights += 1 }
        tap.buttonMaskRequired = .secondary
        v.addGestureRecognizer(tap)
        let right = UInt8(SDL_BUTTON_RIGHT)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50, button: right))
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 50, button: right))
        #expect(rights == 1)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50))
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 50))
        #expect(rights == 1, "a left click is not a right-click tap")
    }

    @Test func aRecognizerOnTheBareWindowTakesPressesThatWouldFallThroughToTheGame() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let hud = UIButton(type: .system)
        hud.setTitle("Menu", for: .normal)
        hud.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        host.window.addSubview(hud)
        #expect(!host.wantsPress(at: CGPoint(x: 200, y: 200)), "the bare window is the game's")
        #expect(!finger(host, SDL_FINGERDOWN, 1, 200, 200))
        #expect(!finger(host, SDL_FINGERUP, 1, 200, 200))
        let zoom = UIPinchGestureRecognizer()
        host.window.addGestureRecognizer(zoom)
        #expect(host.wantsPress(at: CGPoint(x: 200, y: 200)))
        #expect(finger(host, SDL_FINGERDOWN, 1, 150, 150))
        #expect(finger(host, SDL_FINGERDOWN, 2, 250, 150))
        #expect(finger(host, SDL_FINGERMOTION, 2, 300, 150))
        #expect(zoom.scale > 1.4)
        #expect(finger(host, SDL_FINGERUP, 2, 300, 150))
        #expect(finger(host, SDL_FINGERUP, 1, 150, 150))
        let refuse = ScriptedRefusal()
        zoom.delegate = refuse
        #expect(!host.wantsPress(at: CGPoint(x: 200, y: 200)), "a delegate that refuses the touch lets it fall through")
        #expect(!finger(host, SDL_FINGERDOWN, 3, 200, 200))
        #expect(!finger(host, SDL_FINGERUP, 3, 200, 200))
        zoom.delegate = nil
        zoom.isEnabled = false
        #expect(!host.wantsPress(at: CGPoint(x: 200, y: 200)), "nor does a disabled one take it")
    }

    @Test func aQuickFingerFlickSwipesAndASlowOneDoesNot() throws {
        let (host, clock) = try host()
        defer { host.shutdown() }
        let v = panel(in: host)
        var swipes = 0
        let swipe = UISwipeGestureRecognizer { _ in swipes += 1 }
        swipe.direction = .left
        v.addGestureRecognizer(swipe)
        #expect(finger(host, SDL_FINGERDOWN, 1, 250, 100))
        for x in stride(from: Float(230), through: 170, by: -20) {
            clock.now += 0.016
            _ = finger(host, SDL_FINGERMOTION, 1, x, 101)
        }
        #expect(finger(host, SDL_FINGERUP, 1, 170, 101))
        #expect(swipes == 1)
        clock.now += 1
        #expect(finger(host, SDL_FINGERDOWN, 1, 250, 100))
        for x in stride(from: Float(230), through: 170, by: -20) {
            clock.now += 0.3   // 0.9 s for 80 points: a drag, not a swipe
            _ = finger(host, SDL_FINGERMOTION, 1, x, 101)
        }
        #expect(finger(host, SDL_FINGERUP, 1, 170, 101))
        #expect(swipes == 1)
    }

    @Test func theMouseHoveringWithoutAButtonDrivesAHoverRecognizer() throws {
        let (host, _) = try host()
        defer { host.shutdown() }
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 80, height: 60))
        host.window.addSubview(card)
        var states: [UIGestureRecognizer.State] = []
        var where_: [CGPoint] = []
        card.addGestureRecognizer(UIHoverGestureRecognizer { h in
            states.append(h.state)
            where_.append(h.location(in: card))
        })
        #expect(!handled(host, SDLEvents.mouseMotion(host, x: 20, y: 20)))
        #expect(!handled(host, SDLEvents.mouseMotion(host, x: 110, y: 120)), "hover is never consumed")
        push(host, SDLEvents.mouseMotion(host, x: 130, y: 125))
        push(host, SDLEvents.mouseMotion(host, x: 300, y: 200))
        #expect(states == [.began, .changed, .ended])
        #expect(where_.prefix(2) == [CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 25)])
    }

    final class ScriptedRefusal: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { false }
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

    final class RefusesFirst: UIGestureRecognizerDelegate {
        var calls = 0
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            calls += 1
            return calls > 1
        }
    }

    @Test func aClickSDLMadeFromAFingerIsAnsweredAsTheFingerWhenADelegateLooksAtTheTouchsView() throws {
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

    @Test func aFingerTheDelegateRefusesFallsThroughAndTheNextIsTaken() throws {
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

    @Test func aPressStaysConsumedToItsUpWhenItsRecognizerIsTakenOff() throws {
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

    @Test func wantsPressAtAMousePositionAsksTheDelegateAboutAMouseTouch() throws {
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
