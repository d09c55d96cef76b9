import Testing
import Foundation
@testable import SDLControlsCore

/// `ui.transition(_:)` and `layoutChangeAnimationDuration`: declarations that animate in, fade
/// out when no longer declared, and controls that move to new places.
@MainActor
struct ImmediateTransitionTests {
    let window = makeTestWindow(size: CGSize(width: 400, height: 600))

    private func panel() -> ImmediateView {
        let v = ImmediateView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), style: .plain)
        window.addSubview(v)
        return v
    }

    @Test func aDeclarationWithATransitionFadesAndGrowsInWhenFirstDeclared() {
        let v = panel()
        var show = false
        func build() { v.build { ui in ui.label("Top"); if show { ui.transition(.scale(0.5)).button("Pop") } } }
        build()
        v.layoutIfNeeded()
        show = true
        build()
        let button = try! #require(v.ui.nodes.values.first { $0.view is UIButton }?.placed)
        #expect(button.alpha == 1 && button.transform == .identity, "the model holds its final look at once")
        window.frameClock.advanceTime(to: 0)
        #expect(button.presentation().alpha == 0)
        #expect(abs(button.presentation().transform.a - 0.5) < 1e-9)
        window.frameClock.advanceTime(to: 0.1)
        #expect(button.presentation().alpha > 0 && button.presentation().alpha < 1)
        window.frameClock.advanceTime(to: 0.3)
        #expect(button.presentation().alpha == 1 && button.presentation().transform == .identity)
    }

    @Test func aTransitionAppliesToTheNextDeclarationOnly() {
        let v = panel()
        v.build { ui in ui.transition(.opacity).label("A"); ui.label("B") }
        window.frameClock.advanceTime(to: 0)
        let labels = v.ui.nodes.values.compactMap { $0.view as? UILabel }
        let a = try! #require(labels.first { $0.text == "A" }), b = try! #require(labels.first { $0.text == "B" })
        #expect(a.superview!.presentation().alpha == 0 || a.presentation().alpha == 0)
        #expect(b.presentation().alpha == 1 && (b.superview?.presentation().alpha ?? 1) == 1)
    }

    @Test func aDeclarationThatLeavesIsRemovedAtOnceAndItsPictureFadesOut() {
        let v = panel()
        var show = true
        func build() { v.build { ui in if show { ui.transition(.opacity.duration(0.5)).button("Gone") }; ui.label("Stays") } }
        build()
        window.frameClock.advanceTime(to: 0)
        window.frameClock.advanceTime(to: 1)   // it has faded in
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let drawnBefore = list.vertexCount
        show = false
        build()
        #expect(!v.ui.nodes.values.contains { $0.view is UIButton }, "removed at once")
        #expect(v.viewMotion?.ghosts.count == 1)
        window.frameClock.advanceTime(to: 1)
        window.frameClock.advanceTime(to: 1.25)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(list.vertexCount >= drawnBefore, "its picture is still drawn, fading")
        window.frameClock.advanceTime(to: 1.6)
        #expect(v.viewMotion?.ghosts.isEmpty == true)
    }

    @Test func withALayoutChangeDurationControlsMoveToTheirNewPlaces() {
        let v = panel()
        v.layoutChangeAnimationDuration = 0.4
        var header = false
        func build() { v.build { ui in if header { ui.label("Header") }; ui.button("Play") } }
        build()
        v.layoutIfNeeded()
        let button = try! #require(v.ui.nodes.values.first { $0.view is UIButton }?.placed)
        let before = button.frame.midY
        header = true
        build()
        let after = button.frame.midY
        #expect(after > before, "the model is at its new place at once")
        window.frameClock.advanceTime(to: 0)
        #expect(abs(button.presentation().center.y - before) < 1e-9, "drawn where it was")
        window.frameClock.advanceTime(to: 0.5)
        #expect(abs(button.presentation().center.y - after) < 1e-9)
        v.layoutChangeAnimationDuration = .nan
        #expect(v.layoutChangeAnimationDuration == 0)
    }
}
