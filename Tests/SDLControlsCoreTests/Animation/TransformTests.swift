import Testing
import Foundation
@testable import SDLControlsCore

/// `UIView.transform`: about the centre, in frames, hit-testing, conversions, touches and drawing.
@MainActor
struct TransformTests {
    let window = makeTestWindow()

    private func near(_ a: CGPoint, _ b: CGPoint, _ e: CGFloat = 1e-6) -> Bool { abs(a.x - b.x) < e && abs(a.y - b.y) < e }

    @Test func affineTransformsComposeAsCoreGraphicsDoes() {
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 2), "translate first, then scale")
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(near(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1)), "positive angles turn clockwise with y down")
        let u = CGAffineTransform.identity.scaledBy(x: 2, y: 3).rotated(by: 0.3).translatedBy(x: 5, y: -7)
        #expect(near(CGPoint(x: 4, y: 9).applying(u).applying(u.inverted()), CGPoint(x: 4, y: 9), 1e-9))
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat, "a transform that can't be inverted comes back unchanged")
        #expect(CGRect(x: 0, y: 0, width: 10, height: 20).applying(r).size.width.rounded() == 20)
    }

    @Test func aTransformAppliesAboutTheCentreAndFrameIsTheBoxAroundIt() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        window.addSubview(v)
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(v.center == CGPoint(x: 150, y: 125))
        #expect(v.bounds.size == CGSize(width: 100, height: 50))
        let f = v.frame
        #expect(abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9)
        #expect(abs(f.midX - 150) < 1e-9 && abs(f.midY - 125) < 1e-9)
        v.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(v.center == CGPoint(x: 20, y: 10), "setting frame sets the centre…")
        #expect(v.bounds.size == CGSize(width: 40, height: 20), "…and the bounds' size")
    }

    @Test func hitTestingAndConversionFollowTheTransformAtOneAndTwoTimes() {
        for scale in [1.0, 2.0] as [CGFloat] {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            window.addSubview(parent)
            parent.transform = CGAffineTransform(scaleX: scale, y: scale)   // about (200, 200)
            let v = UIView(frame: CGRect(x: 150, y: 180, width: 100, height: 40))
            parent.addSubview(v)
            v.transform = CGAffineTransform(rotationAngle: .pi / 2)   // now 40 wide, 100 tall about (200, 200)
            let top = v.convert(CGPoint(x: 50, y: 0), to: nil)   // the middle of its top edge
            #expect(near(top, CGPoint(x: 200 + 20 * scale, y: 200)), "at \(scale)×: \(top)")
            #expect(near(v.convert(top, from: nil), CGPoint(x: 50, y: 0), 1e-9))
            #expect(window.hitTest(CGPoint(x: 200, y: 200 + 45 * scale), with: nil) === v, "inside its turned shape")
            #expect(window.hitTest(CGPoint(x: 200 + 45 * scale, y: 200), with: nil) === parent, "outside it, though inside its untransformed frame")
            let r = v.convert(v.bounds, to: nil)
            #expect(abs(r.width - 40 * scale) < 1e-9 && abs(r.height - 100 * scale) < 1e-9)
            parent.removeFromSuperview()
        }
    }

    @Test func aFlattenedOrNaNTransformIsNeverHitAndDrawsNothing() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        v.backgroundColor = .red
        window.addSubview(v)
        for t in [CGAffineTransform(scaleX: 0, y: 1), CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
                  CGAffineTransform(translationX: .infinity, y: 0)] {
            v.transform = t
            #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === window)
            let list = DrawList()
            window.buildDrawList(into: list, scale: 1, resources: nil)
            #expect(list.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            #expect(!list.vertices.contains { $0.r == 255 && $0.g == 0 && $0.a > 0 }, "nothing red drawn for \(t)")
        }
        v.transform = .identity
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === v)
    }

    @Test func aTurnedSliderTracksTouchesAlongItsOwnAxis() {
        let slider = UISlider(frame: CGRect(x: 100, y: 180, width: 200, height: 40))
        slider.minimumValue = 0
        slider.maximumValue = 1
        slider.value = 0
        window.addSubview(slider)
        slider.transform = CGAffineTransform(rotationAngle: -.pi / 2)   // minimum at the bottom, as a volume fader
        // The thumb at value 0 sits at the slider's leading end: now its bottom, about (200, 300 - 14).
        let thumb = slider.convert(CGPoint(x: 14, y: 20), to: nil)
        #expect(abs(thumb.x - 200) < 1 && abs(thumb.y - 286) < 1)
        window.simulateTouchDown(at: thumb)
        window.simulateTouchMove(to: CGPoint(x: thumb.x, y: thumb.y - 86))
        window.simulateTouchMove(to: CGPoint(x: thumb.x, y: thumb.y - 172))
        window.simulateTouchUp(at: CGPoint(x: thumb.x, y: thumb.y - 172))
        #expect(slider.value > 0.9, "dragging up along the turned track raises it: \(slider.value)")
    }

    @Test func aScaledLabelIsBuiltAtTheDrawnScaleAndARotationDrawsTurnedGeometry() {
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 20))
        v.backgroundColor = .blue
        window.addSubview(v)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.buildDrawList(into: list, scale: 1, resources: nil)
        let blue = list.vertices.filter { $0.b == 255 && $0.r == 0 && $0.a == 255 }
        let xs = blue.map(\.x), ys = blue.map(\.y)
        #expect(abs((xs.max()! - xs.min()!) - 20) < 1.5, "turned a quarter: 20 wide")
        #expect(abs((ys.max()! - ys.min()!) - 100) < 1.5, "and 100 tall")
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        let stats = window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(stats.viewsRedrawn == 1, "built again at twice the scale (crisp)")
        #expect(v.drawCache?.scale == 2)
    }

    @Test func hugeFiniteTransformsDrawNothingAndNeverTrap() {
        let v = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        v.backgroundColor = .red
        v.clipsToBounds = true
        v.addSubview(UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10)))
        window.addSubview(v)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        for t in [CGAffineTransform(scaleX: 1e308, y: 1), CGAffineTransform(scaleX: 1e8, y: 1e9),
                  CGAffineTransform(translationX: 1e300, y: -1e300), CGAffineTransform(scaleX: 3, y: 3)] {
            v.transform = t
            window.buildDrawList(into: list, scale: 2, resources: nil)
            #expect(list.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
        #expect(list.vertices.contains { $0.r == 255 && $0.g == 0 }, "a sane zoom is drawn again")
    }

    /// In-flight values that would pass Double's range (a spring overshooting from a huge
    /// transform, two nested blocks' offsets added) read as the model value, never infinite.
    @Test func inFlightTransformsPastDoublesRangeReadAsTheModelValue() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        window.addSubview(v)
        v.transform = CGAffineTransform(translationX: 1e306, y: 0)
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: -1e4, options: [],
                       animations: { v.transform = .identity })
        let w = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        window.addSubview(w)
        UIView.animate(withDuration: 1) {
            w.transform = CGAffineTransform(rotationAngle: 1)
            UIView.animate(withDuration: 1) { w.transform = CGAffineTransform(translationX: -1.7976931348623157e308, y: 0) }
        }
        window.frameClock.advanceTime(to: 0)
        window.frameClock.advanceTime(to: 0.1)
        window.frameClock.advanceTime(to: 0.2)
        for view in [v, w] {
            let t = view.presentation().transform
            let finite = [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy { $0.isFinite }
            #expect(finite, "\(t)")
        }
        #expect(v.presentation().transform.tx == 0, "the overflowing lane reads as the model's")
        #expect(w.presentation().transform.tx == -1.7976931348623157e308)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 1, resources: nil)
        #expect(list.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
}
