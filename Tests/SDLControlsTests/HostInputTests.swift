import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Input translation through real SDL events (SDL_PushEvent → SDL_PollEvent → host).
@MainActor
struct HostInputTests {
    private func control(in host: SDLHost, frame: CGRect = CGRect(x: 20, y: 20, width: 100, height: 40)) -> UIControl {
        let c = UIControl(frame: frame)
        c.backgroundColor = .systemBlue
        host.window.addSubview(c)
        return c
    }

    @Test func mouseClickOnControlSendsTapEventsInTheSameFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        let log = DeliveredEvents(c)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        #expect(c.isTracking && c.isHighlighted, "tracking state changes while input is handled (E1)")
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 30))
        #expect(log.names.isEmpty, "batched: delivered by update()")
        host.update()
        #expect(log.names == ["touchDown", "touchUpInside"])
    }

    @Test func mouseTouchIsAnIndirectPointer() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        let touch = host.window.touch(forContactID: SDLPlatformBackend.mouseContactID)
        #expect(touch?.type == .indirectPointer)
        #expect(touch?.view === c)
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 30))
    }

    @Test func mouseDragOutAndBackSendsExitAndEnter() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        let log = DeliveredEvents(c)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        push(host, SDLEvents.mouseMotion(host, x: 60, y: 35))
        push(host, SDLEvents.mouseMotion(host, x: 300, y: 230))   // beyond the 70-pt slop
        push(host, SDLEvents.mouseMotion(host, x: 290, y: 230))
        push(host, SDLEvents.mouseMotion(host, x: 70, y: 40))
        push(host, SDLEvents.mouseButton(host, down: false, x: 70, y: 40))
        host.update()
        #expect(log.collapsed == ["touchDown", "dragInside", "dragExit", "dragOutside", "dragEnter", "dragInside", "touchUpInside"])
    }

    @Test func hoverSendsNoTouch() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        let log = DeliveredEvents(c)
        let consumed = host.handle(SDLEvents.mouseMotion(host, x: 50, y: 30))
        host.update()
        #expect(!consumed)
        #expect(host.hoverLocation == CGPoint(x: 50, y: 30))
        #expect(host.window.activeTouchCount == 0)
        #expect(log.names.isEmpty)
    }

    @Test func twoFingersDragTwoControlsAtOnce() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 200))
        defer { host.shutdown() }
        let a = control(in: host, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = control(in: host, frame: CGRect(x: 300, y: 0, width: 100, height: 100))
        let logA = DeliveredEvents(a), logB = DeliveredEvents(b)
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: 0.1, y: 0.2))    // (40, 40) on a
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 2, x: 0.9, y: 0.2))    // (360, 40) on b
        #expect(a.isTracking && b.isTracking)
        push(host, SDLEvents.finger(host, SDL_FINGERMOTION, id: 1, x: 0.12, y: 0.25))
        push(host, SDLEvents.finger(host, SDL_FINGERMOTION, id: 2, x: 0.88, y: 0.25))
        push(host, SDLEvents.finger(host, SDL_FINGERUP, id: 2, x: 0.88, y: 0.25))
        #expect(a.isTracking && !b.isTracking)
        push(host, SDLEvents.finger(host, SDL_FINGERUP, id: 1, x: 0.12, y: 0.25))
        host.update()
        #expect(logA.names == ["touchDown", "dragInside", "touchUpInside"])
        #expect(logB.names == ["touchDown", "dragInside", "touchUpInside"])
    }

    @Test func fingerCoordinatesAreScaledToWindowPoints() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 200))
        defer { host.shutdown() }
        _ = control(in: host, frame: host.window.bounds)
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 5, x: 0.25, y: 0.5))
        let touch = host.window.touch(forContactID: 1)
        #expect(touch?.locationInWindow == CGPoint(x: 100, y: 100))
        #expect(touch?.type == .direct)
    }

    @Test func synthesizedDuplicatesMakeNoTouch() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        let log = DeliveredEvents(c)
        // Mouse events SDL made from a finger, and finger events SDL made from the mouse: no
        // touch, but answered as the press they duplicate (a view takes a press there).
        let fromTouch = host.handle(SDLEvents.mouseButton(host, down: true, x: 50, y: 30, which: SDLPlatformBackend.touchMouseID))
        let fromMouse = host.handle(SDLEvents.finger(host, SDL_FINGERDOWN, id: 1, x: 0.15, y: 0.12, touchID: SDLPlatformBackend.mouseTouchID))
        host.update()
        #expect(fromTouch && fromMouse)
        #expect(host.window.activeTouchCount == 0)
        #expect(log.names.isEmpty)
    }

    @Test(arguments: [SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN])
    func windowEventsCancelTracking(_ id: SDL_WindowEventID) throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        let log = DeliveredEvents(c)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        let consumed = host.handle(SDLEvents.window(host, id))
        #expect(!consumed, "window events are shared with the game")
        #expect(!c.isTracking && !c.isHighlighted)
        // The later release belongs to no touch: nothing more is sent.
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 30))
        host.update()
        #expect(log.names == ["touchDown", "touchCancel"])
    }

    @Test func appEnteringBackgroundCancelsTracking() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        let log = DeliveredEvents(c)
        push(host, SDLEvents.finger(host, SDL_FINGERDOWN, id: 3, x: 0.2, y: 0.15))
        var e = SDL_Event()
        e.type = SDL_APP_WILLENTERBACKGROUND.rawValue
        host.handle(e)
        host.update()
        #expect(log.names == ["touchDown", "touchCancel"])
    }

    @Test func consumedTellsTheGameWhatTheUIUsed() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        _ = control(in: host)
        #expect(host.handle(SDLEvents.mouseButton(host, down: true, x: 50, y: 30)))
        #expect(host.handle(SDLEvents.mouseMotion(host, x: 55, y: 30)))
        #expect(host.handle(SDLEvents.mouseButton(host, down: false, x: 55, y: 30)))
        // A click on the bare window (no view there) goes to the game.
        #expect(!host.handle(SDLEvents.mouseButton(host, down: true, x: 300, y: 200)))
        #expect(!host.handle(SDLEvents.mouseMotion(host, x: 301, y: 200)))
        #expect(!host.handle(SDLEvents.mouseButton(host, down: false, x: 301, y: 200)))
        // A right click on a view is the UI's (it reaches the view); on the bare window, the game's.
        #expect(host.handle(SDLEvents.mouseButton(host, down: true, x: 50, y: 30, button: UInt8(SDL_BUTTON_RIGHT))))
        #expect(host.handle(SDLEvents.mouseButton(host, down: false, x: 50, y: 30, button: UInt8(SDL_BUTTON_RIGHT))))
        #expect(!host.handle(SDLEvents.mouseButton(host, down: true, x: 300, y: 200, button: UInt8(SDL_BUTTON_RIGHT))))
        #expect(!host.handle(SDLEvents.mouseButton(host, down: false, x: 300, y: 200, button: UInt8(SDL_BUTTON_RIGHT))))
        // Unknown events are not used.
        var e = SDL_Event()
        e.type = SDL_JOYAXISMOTION.rawValue
        #expect(!host.handle(e))
    }

    @Test func eventsForOtherWindowsAreLeftToTheGame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let c = control(in: host)
        var down = SDLEvents.mouseButton(host, down: true, x: 50, y: 30)
        down.button.windowID = 9999
        #expect(!host.handle(down))
        var focus = SDLEvents.window(host, SDL_WINDOWEVENT_FOCUS_LOST)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        focus.window.windowID = 9999
        host.handle(focus)
        #expect(c.isTracking, "another window's focus loss does not cancel our touches")
    }

    @Test func touchTimestampsComeFromTheSessionClockNotSDL() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        _ = control(in: host)
        host.clock = { 1_234.5 }
        var e = SDLEvents.mouseButton(host, down: true, x: 50, y: 30)
        e.button.timestamp = UInt32.max   // an SDL tick about to wrap
        host.handle(e)
        #expect(host.window.touch(forContactID: SDLPlatformBackend.mouseContactID)?.timestamp == 1_234.5)
    }

    @Test func keysGoToTheFirstResponderAndFocus() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let a = UIButton(type: .system)
        a.setTitle("A", for: .normal)
        a.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        let b = UIButton(type: .system)
        b.setTitle("B", for: .normal)
        b.frame = CGRect(x: 100, y: 10, width: 80, height: 30)
        host.window.addSubview(a)
        host.window.addSubview(b)
        let log = DeliveredEvents(b)
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB))
        #expect(host.window.focusedView === a)
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB))
        #expect(host.window.focusedView === b && b.isFocused && b.state.contains(.focused))
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB, mod: UInt16(KMOD_LSHIFT.rawValue)))
        #expect(host.window.focusedView === a)
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB))
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_SPACE))
        push(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_SPACE))
        host.update()
        #expect(log.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test func shiftTabIntoAListNestedInAScrollViewShowsTheRow() throws {
        // A list (content 1000 tall) at y 300 inside a 400×400 scroll view (content 1200):
        // Shift+Tab from the top control wraps to the list's last row, which must end up in
        // the window once both scroll views have glided there.
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 400))
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        let outer = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        outer.contentSize = CGSize(width: 400, height: 1200)
        host.window.addSubview(outer)
        let top = UIButton(type: .system)
        top.setTitle("Top", for: .normal)
        top.frame = CGRect(x: 10, y: 10, width: 100, height: 30)
        outer.addSubview(top)
        let list = UIScrollView(frame: CGRect(x: 0, y: 300, width: 400, height: 200))
        list.contentSize = CGSize(width: 400, height: 1000)
        outer.addSubview(list)
        let rows = (0..<20).map { i in
            let b = UIButton(type: .system)
            b.setTitle("R\(i)", for: .normal)
            b.frame = CGRect(x: 10, y: CGFloat(i) * 50, width: 100, height: 30)
            list.addSubview(b)
            return b
        }
        host.window.setFocusedView(top)
        host.update()
        push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB, mod: UInt16(KMOD_LSHIFT.rawValue)))
        push(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_TAB, mod: UInt16(KMOD_LSHIFT.rawValue)))
        for _ in 0..<120 { host.update() }
        #expect(host.window.focusedView === rows[19])
        let r = rows[19].convert(rows[19].bounds, to: nil)
        #expect(host.window.bounds.contains(r), "the focused row at \(r)")
        #expect(list.convert(list.bounds, to: nil).contains(r), "inside its list")
    }

    @Test func textInputFollowsTheFirstResponder() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let field = TextSink(frame: CGRect(x: 10, y: 10, width: 100, height: 30))
        host.window.addSubview(field)
        host.update()
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
        #expect(field.becomeFirstResponder())
        host.update()
        #expect(SDL_IsTextInputActive() == SDL_TRUE)
        push(host, SDLEvents.text(host, "héllo"))
        push(host, SDLEvents.text(host, "日本", editing: true, start: 1, length: 0))
        #expect(field.text == "héllo")
        #expect(field.marked == "日本")
        #expect(field.resignFirstResponder())
        host.update()
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
        #expect(!host.handle(SDLEvents.text(host, "x")), "text with no text responder is not consumed")
    }

    @Test func resizingTheWindowUpdatesTheRootBounds() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        SDL_SetWindowSize(host.sdlWindow, 500, 300)
        host.handle(SDLEvents.window(host, SDL_WINDOWEVENT_SIZE_CHANGED))
        #expect(host.window.bounds.size == CGSize(width: 500, height: 300))
        #expect(host.windowSizeInPoints == CGSize(width: 500, height: 300))
    }
}

/// A minimal text responder for host tests.
@MainActor
final class TextSink: UIView, UITextInputComposing {
    var text = ""
    var marked: String?
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !text.isEmpty }
    func insertText(_ t: String) { text += t; marked = nil }
    func deleteBackward() { if !text.isEmpty { text.removeLast() } }
    func setMarkedText(_ t: String?, selectedRange: NSRange) { marked = t }
    func unmarkText() { marked = nil }
    var caretRectInWindow: CGRect { convert(CGRect(x: 0, y: 0, width: 2, height: bounds.height), to: nil) }
}
