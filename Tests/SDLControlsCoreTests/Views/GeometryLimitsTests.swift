import Testing
import Foundation
@testable import SDLControlsCore

/// The geometry boundary: finite but huge numbers entering views, drawing and touches are
/// clamped to the documented range (`UIView.maximumCoordinate`) and never trap later.
@MainActor
struct GeometryLimitsTests {
    let window = makeTestWindow()
    static let limit = UIView.maximumCoordinate

    @Test func hugeFramesAreClampedToTheDocumentedRange() {
        let v = UIView(frame: CGRect(x: 1e12, y: -1e300, width: 1e12, height: .greatestFiniteMagnitude))
        #expect(v.frame == CGRect(x: Self.limit, y: -Self.limit, width: Self.limit, height: Self.limit))
        v.frame = CGRect(x: -5e20, y: 3, width: -4e20, height: 10)
        #expect(v.frame.minX == -Self.limit && v.frame.width == Self.limit)
        v.bounds = CGRect(x: 1e40, y: 0, width: 1e40, height: 20)
        #expect(v.bounds.minX == Self.limit && v.bounds.width == Self.limit)
        v.center = CGPoint(x: 9.2e18, y: -9.2e18)
        #expect(abs(v.frame.minX) <= Self.limit && abs(v.frame.minY) <= Self.limit)
        #expect(Int(v.frame.maxX * 8) > 0, "geometry can be converted to Int without checks")
    }

    @Test func aHugeClippingViewWithASubviewDraws() {
        // Before the boundary: a 1e12-point clipsToBounds view trapped converting its clip to Int32.
        let clip = UIView(frame: CGRect(x: -1e7, y: -1e7, width: 1e12, height: 1e12))
        clip.clipsToBounds = true
        clip.backgroundColor = .systemBlue
        let inner = UIView(frame: CGRect(x: 1e7, y: 1e7, width: 100, height: 100))
        inner.backgroundColor = .systemRed
        clip.addSubview(inner)
        window.addSubview(clip)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 8, resources: nil)
        var clips: [PixelRect] = []
        list.assemble { command, _, _ in if let c = command.clip { clips.append(c) } }
        #expect(!clips.isEmpty)
        for c in clips {
            #expect(c.x >= 0 && c.y >= 0 && Int(c.x) + Int(c.width) <= 400 * 8 && Int(c.y) + Int(c.height) <= 400 * 8,
                    "the clip is the visible part, inside the window")
        }
    }

    @Test func aHugeCornerRadiusDraws() {
        // Before: a radius over about 2.7 million pixels made the arc step 0 and trapped.
        let v = UIView(frame: CGRect(x: 0, y: 0, width: Self.limit, height: Self.limit))
        v.backgroundColor = .systemBlue
        v.cornerRadius = 1e7
        v.borderWidth = 3
        v.borderColor = .label
        window.addSubview(v)
        let list = DrawList()
        window.buildDrawList(into: list, scale: 8, resources: nil)
        // (Without the host's atlas nothing is tessellated here; HostBadInputTests draws it.)
        let most = DrawContext.arcSegments(radius: 1e6)
        #expect(DrawContext.arcSegments(radius: 1e9) == most, "capped, not zero steps")
        #expect(DrawContext.arcSegments(radius: .greatestFiniteMagnitude) == most)
    }

    @Test func cornerRadiusAndBorderWidthAreSanitized() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.cornerRadius = .nan
        #expect(v.cornerRadius == 0)
        v.cornerRadius = -4
        #expect(v.cornerRadius == 0)
        v.cornerRadius = .infinity
        #expect(v.cornerRadius == 0)
        v.cornerRadius = 1e30
        #expect(v.cornerRadius == Self.limit)
        v.borderWidth = .nan
        #expect(v.borderWidth == 0)
        v.borderWidth = 1e30
        #expect(v.borderWidth == Self.limit)
        v.borderWidth = 2
        #expect(v.borderWidth == 2)
    }

    @Test func touchLocationsAreClampedWhereTheyEnter() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        window.send(TouchSample(id: 1, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: 1))
        window.send(TouchSample(id: 1, phase: .moved, location: CGPoint(x: 1e30, y: -9.3e18), timestamp: 2))
        let touch = window.touch(forContactID: 1)
        #expect(touch?.locationInWindow == CGPoint(x: Self.limit, y: -Self.limit))
        window.send(TouchSample(id: 1, phase: .ended, location: CGPoint(x: 1e30, y: 0), timestamp: 3))
        flush()
        #expect(!control.isTracking)
    }

    @Test func pixelRectsSaturateInsteadOfTrapping() {
        let r = PixelRect(rounding: CGRect(x: -1e20, y: 1e20, width: 3e20, height: 5))
        #expect(r.x == .min && r.y == .max && r.width == .max && r.height == 0)
        let big = PixelRect(x: .max - 10, y: .max - 10, width: .max, height: .max)
        let i = big.intersection(PixelRect(x: 0, y: 0, width: .max, height: .max))
        #expect(i.x == .max - 10 && i.width == 10)
        #expect(Int32(saturating: Double.nan) == 0)
        // The CGFloat fast path (drawing) gives what the generic one gives.
        for v: CGFloat in [.nan, .infinity, -.infinity, 3e9, -3e9, 2_147_483_647.5, -2_147_483_648.5, -2.7, 2.7, 0, 1e-300] {
            #expect(Int32(saturating: v) == Int32(saturating: Double(v)), "\(v)")
        }
        // So does the Float one (vertex bounds); 2,147,483,520 is the largest Float below 2³¹.
        for v: Float in [.nan, .infinity, -.infinity, 3e9, -3e9, 2_147_483_520, 2_147_483_648, -2_147_483_648, -2.7, 2.7, 0, 1e-30] {
            #expect(Int32(saturating: v) == Int32(saturating: Double(v)), "\(v)")
        }
        #expect(Int32(saturating: Float(2_147_483_520)) == 2_147_483_520)
        #expect(Int32(saturating: 1e300) == .max && Int32(saturating: -1e300) == .min)
        #expect(Int(saturating: Double.infinity) == .max && Int(saturating: 9.3e18) == .max)
        #expect(UInt8(saturating: 255.9) == 255 && UInt8(saturating: -3.0) == 0)
    }
}
