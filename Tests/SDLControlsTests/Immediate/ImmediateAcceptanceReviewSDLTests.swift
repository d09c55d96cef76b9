import SDLControls
import Foundation
import Testing
@testable import SDLControls
@testable import SDLControlsCore

/// Issue 13 acceptance review, through a real SDL host and SDL's event queue.
@MainActor
@Suite(.serialized)
struct ImmediateAcceptanceReviewSDLTests {
    private func centre(_ v: UIView) -> (Int32, Int32) {
        let p = v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: nil)
        return (Int32(p.x), Int32(p.y))
    }

    /// Issue: "document … how it fits `SDLHost.run(frames:onFrame:)`"; docs: "With
    /// `SDLHost.run(frames:onFrame:)`, build inside `onFrame`, which runs after `update()`" so
    /// a click is reported in the same frame (0 frames of latency).
    @Test func aClickQueuedBeforeAFrameOfRunIsReportedByThatFramesBuild() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 200))
        defer { host.shutdown() }
        let view = ImmediateView(frame: host.window.bounds, style: .plain)
        host.window.addSubview(view)
        var firedInFrame: [Int] = []
        var button: UIView?
        host.run(frames: 1) { frame in
            view.build { ui in if ui.button("Go") { firedInFrame.append(frame) }; button = ui.lastView }
            return true
        }
        host.window.layoutIfNeeded()
        let b = centre(button!)
        var down = SDLEvents.mouseButton(host, down: true, x: b.0, y: b.1)
        var up = SDLEvents.mouseButton(host, down: false, x: b.0, y: b.1)
        SDL_PushEvent(&down)
        SDL_PushEvent(&up)
        host.run(frames: 2) { frame in
            view.build { ui in if ui.button("Go") { firedInFrame.append(frame) } }
            return true
        }
        #expect(firedInFrame == [0], "reported by the build of the frame whose events carried the click")
    }

    /// Issue, Removal: the removed control "loses focus and ends editing, as any view leaving
    /// its window does"; a text field being edited turns SDL text input on (`wantsTextInput`),
    /// and removing it must turn it off again at the next update.
    @Test func removingTheFieldBeingEditedTurnsSDLTextInputOff() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 200))
        defer { host.shutdown() }
        SDL_StopTextInput()
        let view = ImmediateView(frame: host.window.bounds, style: .plain)
        host.window.addSubview(view)
        var show = true, name = ""
        var field: UIView?
        func frame() {
            host.update()
            view.build { ui in
                if show { ui.textField("Name", text: &name); field = ui.lastView }
            }
            host.renderFrame()
        }
        frame()
        let f = centre(field!)
        push(host, SDLEvents.mouseButton(host, down: true, x: f.0, y: f.1))
        push(host, SDLEvents.mouseButton(host, down: false, x: f.0, y: f.1))
        frame()
        frame()
        #expect(host.wantsTextInput)
        #expect(SDL_IsTextInputActive() == SDL_TRUE)
        push(host, SDLEvents.text(host, "Ada"))
        frame()
        #expect(name == "Ada")
        show = false
        frame()
        frame()
        #expect(!host.wantsTextInput)
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
        push(host, SDLEvents.text(host, "Z"))
        frame()
        #expect(name == "Ada")
    }

    /// Issue, Identity: "a slider being dragged below an `if showAdvanced { … }` that turns on
    /// keeps its touch, its highlight and its value", with the mouse through SDL.
    @Test func aSliderDraggedWithTheMouseSurvivesAConditionalAppearingAbove() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 400, height: 400))
        defer { host.shutdown() }
        let view = ImmediateView(frame: host.window.bounds, style: .insetGrouped)
        host.window.addSubview(view)
        var showAdvanced = false, detail = false, volume: Float = 0.2, results: [Bool] = []
        var slider: UISlider?
        func frame() {
            host.update()
            view.build { ui in
                ui.label("Settings")
                if showAdvanced {
                    ui.toggle("Details", isOn: &detail)
                    ui.button("Calibrate")
                }
                results.append(ui.slider("Volume", value: &volume, in: 0...1))
                slider = ui.last(UISlider.self)
            }
            host.renderFrame()
        }
        frame()
        let s = slider!
        var cancels = 0
        s.addAction(UIAction { _ in cancels += 1 }, for: .touchCancel)
        let thumb = s.thumbRect(forBounds: s.bounds, trackRect: s.trackRect(forBounds: s.bounds), value: s.value)
        let start = s.convert(CGPoint(x: thumb.midX, y: thumb.midY), to: nil)
        let track = s.convert(s.trackRect(forBounds: s.bounds), to: nil)
        push(host, SDLEvents.mouseButton(host, down: true, x: Int32(start.x), y: Int32(start.y)))
        push(host, SDLEvents.mouseMotion(host, x: Int32(track.minX + track.width * 0.5), y: Int32(start.y)))
        frame()
        #expect(results.last == true && abs(volume - 0.5) < 0.05)
        showAdvanced = true
        frame()
        #expect(slider === s && s.isTracking && s.isHighlighted)
        #expect(abs(s.value - 0.5) < 0.05 && volume == s.value)
        push(host, SDLEvents.mouseMotion(host, x: Int32(track.minX + track.width * 0.9), y: Int32(start.y)))
        frame()
        #expect(results.last == true && volume > 0.8)
        push(host, SDLEvents.mouseButton(host, down: false, x: Int32(track.minX + track.width * 0.9), y: Int32(start.y)))
        frame()
        #expect(cancels == 0 && !s.isTracking)
    }
}
