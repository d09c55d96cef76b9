import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Records the SDL cursor and capture calls a host makes (the dummy video driver has neither
/// system cursors nor capture), standing in for SDL behind `SDLPointer.Calls`.
@MainActor
final class FakeSDLPointer {
    private(set) var created: [SDL_SystemCursor] = []
    private(set) var freed: [OpaquePointer] = []
    private(set) var captureCalls: [Bool] = []
    var current: OpaquePointer?
    var gameHoldsCapture = false
    let defaultCursor = OpaquePointer(bitPattern: 0xD0)!
    private var next = 0x100

    /// Cursors created and not freed.
    var live: Int { created.count - freed.count }
    var isCaptured: Bool { captureCalls.last ?? false }

    func install(on host: SDLHost) {
        current = defaultCursor
        host.platform.pointer.calls = SDLPointer.Calls(
            createSystemCursor: { [self] id in
                created.append(id)
                next += 0x10
                return OpaquePointer(bitPattern: next)
            },
            freeCursor: { [self] c in freed.append(c) },
            setCursor: { [self] c in current = c },
            currentCursor: { [self] in current },
            defaultCursor: { [self] in defaultCursor },
            captureMouse: { [self] on in
                captureCalls.append(on)
                return 0
            },
            windowHasCapture: { [self] _ in gameHoldsCapture })
    }
}

/// A view that records the touches and hover it gets, with the event's button mask.
@MainActor
final class PointerProbe: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began \(event?.buttonMask.rawValue ?? -1)")
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("moved \(event?.buttonMask.rawValue ?? -1)")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("ended \(event?.buttonMask.rawValue ?? -1)")
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("cancelled")
    }
    /// The touch entries of ``log``.
    var touches: [String] { log.filter { !$0.hasPrefix("hover") } }
    override func hoverBegan(at location: CGPoint) { log.append("hoverBegan \(Int(location.x)),\(Int(location.y))") }
    override func hoverMoved(to location: CGPoint) { log.append("hoverMoved \(Int(location.x)),\(Int(location.y))") }
    override func hoverEnded() { log.append("hoverEnded") }
}


/// The desktop pointer through real SDL events: the wheel, hover, cursors, right and middle
/// buttons and mouse capture.
@MainActor
struct PointerTests {
    /// A 200×100 list of 20 rows of 30 points at (10, 10) in a 320×240 window.
    private func list(in host: SDLHost) -> UIScrollView {
        let scroll = UIScrollView(frame: CGRect(x: 10, y: 10, width: 200, height: 100))
        scroll.contentSize = CGSize(width: 200, height: 600)
        for i in 0..<20 {
            let row = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 30, width: 200, height: 30))
            row.backgroundColor = i % 2 == 0 ? .systemGray : .systemBackground
            scroll.addSubview(row)
        }
        host.window.addSubview(scroll)
        return scroll
    }

    /// Pixels that differ by more than 8 levels in a channel between two frames, in the columns
    /// `xs`: cached and direct drawing may round translucent fills and glyph edges a few
    /// levels apart, while the hover look moves a light plate by about 16.
    private func differing(_ a: [UInt32], _ b: [UInt32], xs: Range<Int>, width: Int) -> Int {
        var n = 0
        for i in a.indices where xs.contains(i % width) && a[i] != b[i] {
            for shift in stride(from: UInt32(0), to: 32, by: 8) where abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)) > 8 {
                n += 1
                break
            }
        }
        return n
    }

    private func frames(_ host: SDLHost, _ n: Int) {
        for _ in 0..<n { host.update() }
    }

    // MARK: Wheel

    @Test func aWheelNotchGlidesTheScrollViewUnderThePointerAndIsConsumed() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        let scroll = list(in: host)
        push(host, SDLEvents.mouseMotion(host, x: 100, y: 50))
        // One notch towards the user (y < 0 in SDL) shows content further down.
        let consumed = host.handle(SDLEvents.wheel(host, y: -1))
        #expect(consumed, "a scroll view took the wheel")
        #expect(scroll.contentOffset.y == 0, "a notch glides: nothing moves until time passes")
        frames(host, 2)
        let early = scroll.contentOffset.y
        frames(host, 60)
        #expect(early > 0 && early < host.wheelScrollDistance, "the first frame is part of the way")
        #expect(scroll.contentOffset.y == host.wheelScrollDistance, "one notch is wheelScrollDistance points")
        // Two notches away from the user scroll back up (and stop at the top).
        _ = host.handle(SDLEvents.wheel(host, y: 2))
        frames(host, 60)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func preciseWheelValuesApplyAtOnceAndFlippedValuesAreUsedAsReported() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let scroll = list(in: host)
        push(host, SDLEvents.mouseMotion(host, x: 100, y: 50))
        _ = host.handle(SDLEvents.wheel(host, y: -0.5))
        #expect(scroll.contentOffset.y == host.wheelScrollDistance / 2, "fractional (trackpad) values move the content at once")
        // SDL_MOUSEWHEEL_FLIPPED: the values already follow the user's natural-scrolling
        // setting, so the same value scrolls the same way.
        _ = host.handle(SDLEvents.wheel(host, y: -0.5, flipped: true))
        #expect(scroll.contentOffset.y == host.wheelScrollDistance)
        host.wheelScrollDistance = .nan
        #expect(host.wheelScrollDistance == 40, "a bad distance becomes the default")
    }

    @Test func aWheelOutsideAnyScrollViewOrAlongAnAxisNoneScrollsIsNotConsumed() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let scroll = list(in: host)
        push(host, SDLEvents.mouseMotion(host, x: 280, y: 200))
        #expect(!host.handle(SDLEvents.wheel(host, y: -1)), "over the bare window: the game's")
        push(host, SDLEvents.mouseMotion(host, x: 100, y: 50))
        #expect(!host.handle(SDLEvents.wheel(host, x: 1, y: 0)), "a vertical list doesn't scroll sideways")
        _ = host.handle(SDLEvents.wheel(host, y: 0.5))
        #expect(host.handle(SDLEvents.wheel(host, y: 0.5)), "at its top the list still keeps the wheel")
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func theWheelUsesItsOwnPositionBeforeTheFirstMotion() throws {
        let host = try makeHeadlessHost(scale: 2)
        defer { host.shutdown() }
        let scroll = list(in: host)
        #expect(host.handle(SDLEvents.wheel(host, y: -0.25, mouseX: 200, mouseY: 100)), "(100, 50) points at 2x")
        #expect(scroll.contentOffset.y == host.wheelScrollDistance / 4)
    }

    // MARK: Hover

    @Test func hoverEntersMovesAndLeavesViewsAndIsNeverConsumed() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let outer = PointerProbe(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let inner = PointerProbe(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        outer.addSubview(inner)
        host.window.addSubview(outer)
        #expect(!host.handle(SDLEvents.mouseMotion(host, x: 10, y: 10)))
        #expect(outer.isHovered && !inner.isHovered)
        #expect(host.window.hoveredView === outer)
        push(host, SDLEvents.mouseMotion(host, x: 60, y: 70))
        #expect(outer.isHovered && inner.isHovered, "the hovered view and its superviews")
        push(host, SDLEvents.mouseMotion(host, x: 61, y: 70))
        push(host, SDLEvents.mouseMotion(host, x: 150, y: 150))
        #expect(!inner.isHovered)
        push(host, SDLEvents.window(host, SDL_WINDOWEVENT_LEAVE))
        #expect(!outer.isHovered && host.hoverLocation == nil && host.window.hoverLocation == nil)
        #expect(outer.log == ["hoverBegan 10,10", "hoverMoved 60,70", "hoverMoved 61,70", "hoverMoved 150,150", "hoverEnded"])
        #expect(inner.log == ["hoverBegan 10,20", "hoverMoved 11,20", "hoverEnded"])
    }

    @Test func hoverStaysWhileAButtonIsHeldAndFollowsThePointerAfterTheRelease() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let a = UIButton(type: .system), b = UIButton(type: .system)
        a.setTitle("A", for: .normal)
        b.setTitle("B", for: .normal)
        a.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
        b.frame = CGRect(x: 150, y: 10, width: 80, height: 40)
        host.window.addSubview(a)
        host.window.addSubview(b)
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 30))
        #expect(a.isHovered)
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        push(host, SDLEvents.mouseMotion(host, x: 190, y: 30))
        #expect(a.isHovered && !b.isHovered, "a drag doesn't move hover")
        push(host, SDLEvents.mouseButton(host, down: false, x: 190, y: 30))
        #expect(!a.isHovered && b.isHovered, "the release does")
        b.isEnabled = false
        host.update()
        #expect(!b.isHovered, "a disabled control takes no touches, so it is not hovered (checked each frame)")
        b.isEnabled = true
        b.isPointerInteractionEnabled = false
        host.update()
        #expect(!b.isHovered, "UIButton.isHovered: only with pointer interaction")
    }

    @Test func contentScrolledUnderAStillPointerIsHoveredInTheNextFrame() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let scroll = list(in: host)
        push(host, SDLEvents.mouseMotion(host, x: 100, y: 15))   // row 0
        let first = scroll.subviews.first { $0.isHovered && $0 !== scroll }
        #expect(first?.frame.minY == 0)
        scroll.contentOffset = CGPoint(x: 0, y: 60)
        host.update()
        let now = scroll.subviews.first { $0.isHovered }
        #expect(now?.frame.minY == 60, "row 2 is under the pointer now")
        #expect(first?.isHovered == false)
    }

    @Test func removingAHoveredViewEndsItsHover() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let probe = PointerProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.window.addSubview(probe)
        push(host, SDLEvents.mouseMotion(host, x: 10, y: 10))
        probe.removeFromSuperview()
        #expect(!probe.isHovered)
        #expect(probe.log == ["hoverBegan 10,10", "hoverEnded"])
        host.update()
        #expect(host.window.hoveredView === host.window)
    }

    @Test func theHoverLookRedrawsOnlyTheControlUnderThePointer() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let a = UIButton(configuration: .gray()), b = UIButton(configuration: .gray())
        a.setTitle("A", for: .normal)
        b.setTitle("B", for: .normal)
        a.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
        b.frame = CGRect(x: 150, y: 10, width: 80, height: 40)
        host.window.addSubview(a)
        host.window.addSubview(b)
        host.update()
        host.renderFrame()
        let before = host.readPixels()
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 30))
        host.update()
        host.renderFrame()
        #expect(host.drawStats.viewsRedrawn == 1, "only the hovered button is tessellated again")
        let after = host.readPixels()
        let corner = 15 * after.width + 15   // inside a's plate, away from its title
        #expect(after.pixels[corner] != before.pixels[corner], "the plate darkens under the pointer")
        #expect(differing(after.pixels, before.pixels, xs: 140..<320, width: after.width) == 0, "b is as it was")
        push(host, SDLEvents.mouseMotion(host, x: 55, y: 30))
        host.update()
        host.renderFrame()
        #expect(host.drawStats.viewsRedrawn == 0, "moving within the plate changes nothing")
        push(host, SDLEvents.mouseButton(host, down: true, x: 55, y: 30))
        host.update()
        host.renderFrame()
        let pressed = host.readPixels()
        push(host, SDLEvents.mouseButton(host, down: false, x: 55, y: 30))
        push(host, SDLEvents.window(host, SDL_WINDOWEVENT_LEAVE))
        host.update()
        host.renderFrame()
        #expect(differing(host.readPixels().pixels, before.pixels, xs: 0..<320, width: after.width) == 0,
                "leaving the window takes the look away")
        #expect(pressed.pixels[corner] != after.pixels[corner], "a press shows the highlighted look, not the hover look")
    }

    @Test func aPlainButtonsHoverRoomComesFromItsInsetsAndOnlyTheShortfallLiesOutside() {
        let system = UIButton(type: .system)   // zero insets; its own 6 points above and below the title
        system.setTitle("Learn more", for: .normal)
        system.sizeToFit()
        #expect(system.hoverHighlightRect(at: .zero) == system.bounds.insetBy(dx: -6, dy: 0),
                "as wide as its title: 6 points beside it lie outside, none above or below")
        system.contentEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        system.sizeToFit()
        #expect(system.hoverHighlightRect(at: .zero) == system.bounds, "padded enough: its own frame")
        let custom = UIButton(type: .custom)   // no insets
        custom.frame = CGRect(x: 0, y: 0, width: 80, height: 30)
        #expect(custom.hoverHighlightRect(at: .zero) == CGRect(x: -6, y: -2, width: 92, height: 34))
        custom.contentEdgeInsets = UIEdgeInsets(top: 1, left: 4, bottom: 5, right: 0)
        #expect(custom.hoverHighlightRect(at: .zero) == CGRect(x: -2, y: -1, width: 88, height: 31), "only what each inset lacks")
        let plated = UIButton(configuration: .gray())
        plated.frame = CGRect(x: 0, y: 0, width: 80, height: 30)
        #expect(plated.hoverHighlightRect(at: .zero) == plated.bounds, "a plate highlights itself")
        custom.isPointerInteractionEnabled = false
        #expect(custom.hoverHighlightRect(at: .zero) == nil)
    }

    // MARK: Cursors

    @Test func theIBeamShowsOverATextFieldAndTheArrowElsewhere() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let sdl = FakeSDLPointer()
        sdl.install(on: host)
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 150, height: 34))
        host.window.addSubview(field)
        #expect(host.managesCursor, "standalone and headless hosts manage the cursor")
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
        #expect(host.cursor == .iBeam)
        #expect(sdl.created == [SDL_SYSTEM_CURSOR_IBEAM])
        #expect(sdl.current != sdl.defaultCursor)
        push(host, SDLEvents.mouseMotion(host, x: 250, y: 200))
        #expect(host.cursor == .arrow && sdl.current == sdl.defaultCursor, "the arrow is SDL's default cursor")
        for _ in 0..<3 {
            push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
            push(host, SDLEvents.mouseMotion(host, x: 250, y: 200))
        }
        #expect(sdl.created.count == 1, "created once per host")
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
        // Selecting text by dragging out of the field keeps the I-beam.
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 20))
        push(host, SDLEvents.mouseMotion(host, x: 250, y: 200))
        #expect(host.cursor == .iBeam)
        push(host, SDLEvents.mouseButton(host, down: false, x: 250, y: 200))
        #expect(host.cursor == .arrow)
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
        host.shutdown()
        #expect(sdl.current == sdl.defaultCursor, "shutdown puts the default cursor back")
        #expect(sdl.live == 0, "and frees what it created")
    }

    @Test func aViewNamesItsCursorAndADisabledFieldShowsTheArrow() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let sdl = FakeSDLPointer()
        sdl.install(on: host)
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        panel.pointerCursor = .crosshair
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 150, height: 34))
        panel.addSubview(field)
        host.window.addSubview(panel)
        push(host, SDLEvents.mouseMotion(host, x: 200, y: 200))
        #expect(host.cursor == .crosshair && sdl.created == [SDL_SYSTEM_CURSOR_CROSSHAIR])
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
        #expect(host.cursor == .iBeam, "the innermost view's cursor wins")
        field.isEnabled = false
        host.update()
        #expect(host.cursor == .crosshair, "a disabled field is not hovered: its superview's cursor")
    }

    @Test func anEmbeddedHostLeavesTheCursorToTheGameUnlessAsked() throws {
        let maker = try makeHeadlessHost()
        defer { maker.shutdown() }
        let ui = try SDLHost(embeddingWindow: maker.sdlWindow, renderer: maker.renderer)
        defer { ui.shutdown() }
        ui.log = { _ in }
        let sdl = FakeSDLPointer()
        sdl.install(on: ui)
        let gameCursor = OpaquePointer(bitPattern: 0x6A)!
        sdl.current = gameCursor
        ui.window.addSubview(UITextField(frame: CGRect(x: 10, y: 10, width: 150, height: 34)))
        #expect(!ui.managesCursor)
        _ = ui.handle(SDLEvents.mouseMotion(maker, x: 50, y: 20))
        #expect(ui.cursor == .iBeam, "the game can read what the UI wants")
        #expect(sdl.current == gameCursor && sdl.created.isEmpty, "and its cursor is left alone")
        ui.managesCursor = true
        #expect(sdl.current != gameCursor && sdl.created == [SDL_SYSTEM_CURSOR_IBEAM])
        ui.managesCursor = false
        #expect(sdl.current == sdl.defaultCursor, "turned off: the UI's cursor goes")
        ui.shutdown()
        #expect(sdl.live == 0)
    }

    @Test func withoutSystemCursorsTheHostCreatesNoneAndNothingBreaks() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        host.window.addSubview(UITextField(frame: CGRect(x: 10, y: 10, width: 150, height: 34)))
        // The dummy driver's SDL_CreateSystemCursor fails: asked once, then left alone.
        for _ in 0..<3 {
            push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
            push(host, SDLEvents.mouseMotion(host, x: 250, y: 200))
        }
        #expect(host.platform.pointer.createdCursorCount == 0)
        push(host, SDLEvents.mouseMotion(host, x: 50, y: 20))
        #expect(host.cursor == .iBeam)
    }

    // MARK: Buttons

    @Test func aRightClickReachesTheViewWithTheSecondaryMaskAndPressesNoControl() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let probe = PointerProbe(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let button = UIButton(configuration: .filled())
        button.setTitle("OK", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        probe.addSubview(button)
        host.window.addSubview(probe)
        let events = DeliveredEvents(button)
        let right = UInt8(SDL_BUTTON_RIGHT)
        #expect(host.handle(SDLEvents.mouseButton(host, down: true, x: 50, y: 30, button: right)), "a view took it: consumed")
        #expect(!button.isTracking && !button.isHighlighted)
        push(host, SDLEvents.mouseMotion(host, x: 52, y: 30))
        #expect(host.handle(SDLEvents.mouseButton(host, down: false, x: 52, y: 30, button: right)))
        host.update()
        #expect(events.names.isEmpty, "no control events for a secondary click")
        #expect(probe.touches == ["began 2", "moved 2", "ended 2"], "it went up the responder chain with .secondary")
        // On the probe itself, and with the middle button.
        probe.log = []
        push(host, SDLEvents.mouseButton(host, down: true, x: 200, y: 200, button: UInt8(SDL_BUTTON_MIDDLE)))
        push(host, SDLEvents.mouseButton(host, down: false, x: 200, y: 200, button: UInt8(SDL_BUTTON_MIDDLE)))
        #expect(probe.touches == ["began 4", "ended 4"], "the middle button is .button(3)")
        #expect(UIEvent.ButtonMask.button(1) == .primary && UIEvent.ButtonMask.button(2) == .secondary)
        #expect(UIEvent.ButtonMask.button(0).isEmpty && UIEvent.ButtonMask.button(99).isEmpty)
    }

    @Test func aSecondButtonWhileOneIsHeldJoinsTheMaskAndTheFirstEndsTheTouch() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let probe = PointerProbe(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        host.window.addSubview(probe)
        push(host, SDLEvents.mouseButton(host, down: true, x: 20, y: 20))
        push(host, SDLEvents.mouseButton(host, down: true, x: 20, y: 20, button: UInt8(SDL_BUTTON_RIGHT)))
        push(host, SDLEvents.mouseMotion(host, x: 30, y: 20))
        push(host, SDLEvents.mouseButton(host, down: false, x: 30, y: 20, button: UInt8(SDL_BUTTON_RIGHT)))
        push(host, SDLEvents.mouseMotion(host, x: 40, y: 20))
        push(host, SDLEvents.mouseButton(host, down: false, x: 40, y: 20))
        #expect(probe.touches == ["began 1", "moved 3", "moved 1", "ended 1"])
        #expect(host.window.activeTouchCount == 0)
    }

    @Test func aLostButtonUpNeverLeavesTheMouseStuck() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let sdl = FakeSDLPointer()
        sdl.install(on: host)
        let button = UIButton(configuration: .filled())
        button.setTitle("OK", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        host.window.addSubview(button)
        let events = DeliveredEvents(button)
        // A right press whose up never comes (released outside the window, say): a left click works.
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30, button: UInt8(SDL_BUTTON_RIGHT)))
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 30))
        host.update()
        #expect(events.names == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        // A left press whose up was lost, then another: the first is cancelled, the second taps.
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 30))
        push(host, SDLEvents.mouseButton(host, down: true, x: 52, y: 30))
        push(host, SDLEvents.mouseButton(host, down: false, x: 52, y: 30))
        host.update()
        #expect(events.names.dropFirst(3).filter { $0 != "touchDownRepeat" } == ["touchDown", "touchCancel", "touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(host.window.activeTouchCount == 0 && !sdl.isCaptured, "nothing left down, no capture left")
    }

    @Test func aRightDragDoesNotScroll() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let scroll = list(in: host)
        let right = UInt8(SDL_BUTTON_RIGHT)
        push(host, SDLEvents.mouseButton(host, down: true, x: 100, y: 100, button: right))
        for y in stride(from: Int32(95), through: 20, by: -5) { push(host, SDLEvents.mouseMotion(host, x: 100, y: y)) }
        push(host, SDLEvents.mouseButton(host, down: false, x: 100, y: 20, button: right))
        #expect(scroll.contentOffset == .zero && !scroll.isDragging)
    }

    // MARK: Capture

    @Test func aPressOnAViewCapturesTheMouseUntilItsButtonLifts() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let sdl = FakeSDLPointer()
        sdl.install(on: host)
        let slider = UISlider(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        slider.value = 0.5
        host.window.addSubview(slider)
        let events = DeliveredEvents(slider)
        push(host, SDLEvents.mouseButton(host, down: true, x: 110, y: 27))
        #expect(sdl.captureCalls == [true])
        // The drag leaves the window: with the capture SDL keeps reporting it, and the slider
        // keeps tracking to the edge.
        push(host, SDLEvents.mouseMotion(host, x: -40, y: 27))
        #expect(slider.isTracking && slider.value == 0)
        push(host, SDLEvents.mouseMotion(host, x: 500, y: 300))
        #expect(slider.isTracking && slider.value == 1)
        push(host, SDLEvents.mouseButton(host, down: false, x: 500, y: 300))
        #expect(sdl.captureCalls == [true, false], "released on the button's up")
        host.update()
        #expect(events.collapsed.last == "touchUpOutside")
        #expect(host.hoverLocation == nil, "released outside the window: nothing hovered")
    }

    @Test func noCaptureForAPressTheGameGetsOrWhenACaptureIsHeldAndNoneLeftAfterACancel() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        let sdl = FakeSDLPointer()
        sdl.install(on: host)
        host.window.addSubview(UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        push(host, SDLEvents.mouseButton(host, down: true, x: 200, y: 200))   // bare window
        push(host, SDLEvents.mouseButton(host, down: false, x: 200, y: 200))
        #expect(sdl.captureCalls.isEmpty, "the press was the game's")
        sdl.gameHoldsCapture = true
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50))
        push(host, SDLEvents.mouseButton(host, down: false, x: 50, y: 50))
        #expect(sdl.captureCalls.isEmpty, "someone holds a capture: neither taken nor released")
        sdl.gameHoldsCapture = false
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50))
        push(host, SDLEvents.window(host, SDL_WINDOWEVENT_FOCUS_LOST))
        #expect(sdl.captureCalls == [true, false], "focus lost cancels the touch and releases the capture")
        push(host, SDLEvents.mouseButton(host, down: true, x: 50, y: 50))
        host.shutdown()
        #expect(sdl.captureCalls == [true, false, true, false], "shutdown mid-press releases it")
    }

    // MARK: Keys

    @Test func tabScrollsTheNewlyFocusedControlIntoView() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        host.fixedTimeStep = 1.0 / 60
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        var buttons: [UIButton] = []
        for i in 0..<6 {
            let b = UIButton(configuration: .gray())
            b.setTitle("Button \(i)", for: .normal)
            b.frame = CGRect(x: 10, y: 10 + CGFloat(i) * 50, width: 120, height: 40)
            scroll.addSubview(b)
            buttons.append(b)
        }
        scroll.contentSize = CGSize(width: 320, height: 320)
        host.window.addSubview(scroll)
        host.update()
        for _ in 0..<4 {
            push(host, SDLEvents.key(host, down: true, scancode: SDL_SCANCODE_TAB))
            push(host, SDLEvents.key(host, down: false, scancode: SDL_SCANCODE_TAB))
            frames(host, 30)
        }
        #expect(host.window.focusedView === buttons[3])
        let frame = buttons[3].convert(buttons[3].bounds, to: scroll)
        #expect(scroll.bounds.contains(frame), "the focused button is in sight")
        #expect(scroll.contentOffset.y > 0)
    }
}

/// Costs of scrolling: once every view has been drawn, a frame where only a
/// scroll view's `contentOffset` changes re-tessellates nothing (cached geometry is moved by
/// whole pixels). Heap allocations of such frames are counted by `controls-bench` (scenario
/// S, a count target of 0), which links the malloc counter.
@MainActor
struct ScrollCostTests {
    @Test(arguments: [CGFloat(1), 2])
    func aFrameWhereOnlyTheOffsetChangesRetessellatesNoView(scale: CGFloat) throws {
        let host = try makeHeadlessHost(size: CGSize(width: 480, height: 320), scale: scale)
        defer { host.shutdown() }
        let scroll = UIScrollView(frame: host.window.bounds)
        let columns = 6, count = 2_000
        for i in 0..<count {
            let v: UIView
            switch i % 3 {
            case 0:
                let b = UIButton(configuration: .tinted())
                b.setTitle("\(i)", for: .normal)
                v = b
            case 1: v = UISwitch()
            default:
                let l = UILabel()
                l.text = "L\(i)"
                v = l
            }
            v.frame = CGRect(x: CGFloat(i % columns) * 80 + 2, y: CGFloat(i / columns) * 36 + 2, width: 76, height: 32)
            scroll.addSubview(v)
        }
        scroll.contentSize = CGSize(width: 480, height: CGFloat((count + columns - 1) / columns) * 36)
        host.window.addSubview(scroll)
        let end = scroll.contentSize.height - scroll.bounds.height
        var y: CGFloat = 0
        var first = 0
        while y < end {   // every row scrolls into sight once and is drawn for the first time
            host.update()
            host.renderFrame()
            first += host.counters.viewsRedrawn
            y = min(end, y + 100)
            scroll.contentOffset = CGPoint(x: 0, y: y)
        }
        #expect(first >= count, "each control was drawn once on the way down")
        var again = 0
        for _ in 0..<30 {
            y = y >= end ? end - 250 : end   // whole points: whole pixels at 1x and 2x
            scroll.contentOffset = CGPoint(x: 0, y: y)
            host.update()
            host.renderFrame()
            #expect(host.counters.drawListRebuilt)
            again += host.counters.viewsRedrawn
        }
        #expect(again == 0, "moving back and forth re-tessellates no view")
    }
}
