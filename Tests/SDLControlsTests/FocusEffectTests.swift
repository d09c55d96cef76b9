import Testing
import Foundation
@testable import SDLControls
@testable import SDLControlsCore
import SDLControlsSDL2

/// `UIView.focusEffect`, `UIFocusEffect` and `UIFocusHaloEffect`: what a focused control draws,
/// checked in the pixels SDL renders.
@MainActor struct FocusEffectTests {
    /// A button on a plain background, rendered unfocused and then focused.
    private func frames(_ configure: (UIButton) -> Void) throws -> (before: [UInt32], after: [UInt32], width: Int, button: CGRect) {
        let host = try makeHeadlessHost(size: CGSize(width: 200, height: 120))
        defer { host.shutdown() }
        host.window.backgroundColor = .white
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 40, width: 100, height: 40)
        button.setTitle("Go", for: .normal)
        host.window.addSubview(button)
        configure(button)
        host.renderFrame()
        host.renderFrame()   // both frames from the pixel cache, which rounds a little differently
        let before = host.readPixels()
        button.isFocused = true
        host.renderFrame()
        return (before.pixels, host.readPixels().pixels, before.width, button.frame)
    }

    private func changed(_ f: (before: [UInt32], after: [UInt32], width: Int, button: CGRect), _ x: CGFloat, _ y: CGFloat) -> Bool {
        let i = Int(y) * f.width + Int(x)
        return f.before[i] != f.after[i]
    }

    @Test func controlsStartWithTheSystemEffectAndPlainViewsWithNone() {
        #expect(UIView().focusEffect == nil)
        let effect = UIButton(type: .system).focusEffect
        #expect(effect.map { type(of: $0) == UIFocusEffect.self } == true, "the base class: the system's ring")
        #expect(UISlider().focusEffect != nil && UISwitch().focusEffect != nil)
        #expect(type(of: UIFocusHaloEffect.effect()) == UIFocusHaloEffect.self)
    }

    @Test func anAssignedEffectIsACopy() throws {
        let view = UISwitch()
        let halo = UIFocusHaloEffect(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.focusEffect = halo
        halo.position = .inside
        let kept = try #require(view.focusEffect as? UIFocusHaloEffect)
        #expect(kept !== halo && kept.position == .automatic, "changing the original after assigning changes nothing")
        #expect(kept.shape == CGRect(x: 0, y: 0, width: 10, height: 10) && kept.cornerRadius == 0)
    }

    @Test func badRadiiDrawSquareCorners() {
        for r in [-4, CGFloat.nan, .infinity] {
            let halo = UIFocusHaloEffect(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: r, curve: .circular)
            #expect(halo.cornerRadius == 0)
        }
    }

    /// Shapes no one should give still render a frame: nothing for non-finite ones, and a huge
    /// one is clipped as any huge shape is.
    @Test func hostileShapesDrawSafely() throws {
        let shapes = [CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
                      CGRect(x: -1e30, y: -1e30, width: 2e30, height: 2e30), CGRect(x: 5, y: 5, width: -40, height: -40), .zero]
        for shape in shapes {
            for position in [UIFocusHaloEffect.Position.outside, .inside, .automatic] {
                let f = try frames { b in
                    let halo = UIFocusHaloEffect(roundedRect: shape, cornerRadius: 1e9, curve: .circular)
                    halo.position = position
                    b.focusEffect = halo
                }
                #expect(f.after.count == 200 * 120, "\(shape) \(position): a frame was drawn")
            }
        }
    }

    @Test func theSystemRingLiesOutsideTheBounds() throws {
        let f = try frames { _ in }
        #expect(changed(f, f.button.midX, f.button.minY - 3.5), "the ring 2–5 points above the button")
        #expect(!changed(f, f.button.midX, f.button.minY + 1.5), "nothing just inside the edge")
    }

    @Test func aNilEffectDrawsNoRing() throws {
        let f = try frames { $0.focusEffect = nil }
        let differing = zip(f.before, f.after).enumerated().filter { $0.element.0 != $0.element.1 }.map { ($0.offset % f.width, $0.offset / f.width) }
        #expect(differing.isEmpty, "focused with no effect looks as unfocused: \(differing.count) pixels differ, first \(differing.prefix(5))")
    }

    @Test func anInsideHaloStaysWithinItsShape() throws {
        let f = try frames { b in
            let halo = UIFocusHaloEffect(roundedRect: b.bounds, cornerRadius: 6, curve: .continuous)
            halo.position = .inside
            b.focusEffect = halo
        }
        #expect(changed(f, f.button.midX, f.button.minY + 1.5) && changed(f, f.button.minX + 1.5, f.button.midY), "the ring along the inside of the edge")
        for y in stride(from: 0, to: CGFloat(120), by: 1) {
            for x in stride(from: 0, to: CGFloat(200), by: 1) where !f.button.contains(CGPoint(x: x + 0.5, y: y + 0.5)) {
                if changed(f, x, y) { Issue.record("changed outside the button at \(x), \(y)"); return }
            }
        }
    }

    @Test func anOutsideHaloFollowsItsOwnShape() throws {
        // A shape 10 points larger than the bounds on every side: the ring moves out with it.
        let f = try frames { b in
            let halo = UIFocusHaloEffect(rect: b.bounds.insetBy(dx: -10, dy: -10))
            halo.position = .outside
            b.focusEffect = halo
        }
        #expect(changed(f, f.button.midX, f.button.minY - 13.5), "the ring 2–5 points outside the shape")
        #expect(!changed(f, f.button.midX, f.button.minY - 3.5), "not where the bounds' ring would be")
    }
}
