import Testing
import Foundation
@testable import SDLControlsCore

/// Drawing animations: moving, turning and fading views reuse their cached geometry; the
/// in-flight values are what is drawn.
@MainActor
struct MotionDrawingTests {
    let window = makeTestWindow()

    @Test func movingTurningAndFadingViewsAreNotTessellatedAgainWhileTheyAnimate() {
        var views: [UIView] = []
        for k in 0..<100 {
            let v = UIView(frame: CGRect(x: Double(k % 10) * 30, y: Double(k / 10) * 30, width: 24, height: 24))
            v.backgroundColor = .systemBlue
            v.cornerRadius = 6
            window.addSubview(v)
            views.append(v)
        }
        let list = DrawList()
        window.buildDrawList(into: list, scale: 2, resources: nil)
        UIView.animate(withDuration: 10, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: {
            for v in views {
                v.center.x += 37.3
                v.transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 1.3, y: 1.3)
                v.alpha = 0.4
            }
        })
        var redrawn = 0
        for frame in 0..<60 {
            window.frameClock.advanceTime(to: Double(frame) / 60)
            let stats = window.buildDrawList(into: list, scale: 2, resources: nil)
            #expect(stats.rebuilt)
            if frame > 0 { redrawn += stats.viewsRedrawn }
        }
        #expect(redrawn == 0, "cached geometry drawn moved, turned and faded")
        let alphas = Set(list.vertices.map(\.a))
        #expect(alphas.allSatisfy { $0 < 255 }, "faded as drawn")
    }

    @Test func whenTheAnimationEndsTheViewIsBuiltOnceAtItsModelValues() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        v.backgroundColor = .red
        window.addSubview(v)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        UIView.animate(withDuration: 0.5, animations: { v.center.x = 200.5; v.alpha = 0.5 })
        var total = 0
        for frame in 0...40 {
            window.frameClock.advanceTime(to: Double(frame) / 60)
            total += window.buildDrawList(into: list, scale: 1, resources: nil).viewsRedrawn
        }
        #expect(total == 1, "once, at the end")
        #expect(v.drawCache?.placement == nil, "back to a plain translation")
        let xs = list.vertices.map(\.x)
        #expect(xs.min()! == 175 && xs.max()! == 226, "175.5 to 225.5, with its edges' half-covered pixels")
        #expect(list.vertices.map(\.a).max() == 128, "at its model alpha, 0.5")
    }

    @Test func midAnimationFramesAreTheSameEveryRun() {
        func run() -> [DrawVertex] {
            let w = makeTestWindow()
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
            v.backgroundColor = .green
            v.cornerRadius = 8
            w.addSubview(v)
            let list = DrawList()
            w.buildDrawList(into: list, scale: 2, resources: nil)
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 2, options: [],
                           animations: { v.center = CGPoint(x: 200, y: 150); v.transform = CGAffineTransform(rotationAngle: 1) })
            for frame in 0...20 { w.frameClock.advanceTime(to: Double(frame) / 60) }
            w.buildDrawList(into: list, scale: 2, resources: nil)
            return list.vertices
        }
        #expect(run() == run())
    }

    @Test func aRotationHalfWayIsTheFullSizeViewTurnedHalfWay() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(v)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.transform = CGAffineTransform(rotationAngle: .pi / 2) })
        window.frameClock.advanceTime(to: 0)
        window.frameClock.advanceTime(to: 0.5)
        let t = v.presentation().transform
        #expect(abs(atan2(t.b, t.a) - .pi / 4) < 1e-9)
        #expect(abs((t.a * t.a + t.b * t.b).squareRoot() - 1) < 1e-9, "not shrunk")
    }

    @Test func aCrossDissolveDrawsTheOldLookFadingOutOverTheNew() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        v.backgroundColor = .red
        window.addSubview(v)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        var done: [Bool] = []
        UIView.transition(with: v, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                          animations: { v.backgroundColor = .blue }, completion: { done.append($0) })
        #expect(v.backgroundColor == .blue)
        window.frameClock.advanceTime(to: 0)
        window.frameClock.advanceTime(to: 0.25)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let red = list.vertices.filter { $0.r == 255 && $0.b == 0 }.map(\.a)
        let blue = list.vertices.filter { $0.b == 255 && $0.r == 0 }.map(\.a)
        #expect(red.allSatisfy { abs(Int($0) - 191) <= 1 } && !red.isEmpty, "old look at 75%")
        #expect(blue.allSatisfy { abs(Int($0) - 64) <= 1 } && !blue.isEmpty, "new look at 25%")
        window.frameClock.advanceTime(to: 1.1)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(done == [true])
        #expect(!list.vertices.contains { $0.r == 255 && $0.b == 0 }, "the old look is gone")
    }
}
