import Foundation
import Testing
@testable import SDLControlsCore

/// `pixelRounded(_:)` stands in for `rounded(_:)` on the drawing path; it must give the same
/// value for every input the drawing path can meet, halves and huge values included.
struct PixelRoundingTests {
    static let rules: [FloatingPointRoundingRule] = [.toNearestOrAwayFromZero, .up, .down, .towardZero]

    static var floats: [Float] {
        var v: [Float] = [0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.49999997, 0.50000006, 1e-30, -1e-30,
                          8_388_607.5, -8_388_607.5, 8_388_608, 16_777_218, -16_777_216, 3.4e38, -3.4e38,
                          .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var g = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { v.append(Float.random(in: -5_000...5_000, using: &g)) }
        for k in -400...400 { v.append(Float(k) / 4) }   // every quarter pixel: halves exactly
        return v
    }

    @Test(arguments: rules)
    func floatsRoundAsRounded(rule: FloatingPointRoundingRule) {
        for x in Self.floats {
            #expect(x.pixelRounded(rule) == x.rounded(rule), "\(x) \(rule)")
        }
        #expect(Float.nan.pixelRounded(rule).isNaN)
    }

    @Test(arguments: rules)
    func doublesAndCGFloatsRoundAsRounded(rule: FloatingPointRoundingRule) {
        var values = Self.floats.map(Double.init)
        values += [4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496, 1e300, -1e300, 0.49999999999999994]
        for x in values {
            #expect(x.pixelRounded(rule) == x.rounded(rule), "\(x) \(rule)")
            #expect(CGFloat(x).pixelRounded(rule) == CGFloat(x).rounded(rule), "\(x) \(rule)")
        }
        #expect(Double.nan.pixelRounded(rule).isNaN)
    }
}
