import Testing
import Foundation
@testable import SDLControlsCore

/// The focus engine's geometry on plain rectangles: reading order by visual lines (Tab) and
/// the nearest candidate in a direction (arrows, D-pad, stick).
struct FocusGeometryTests {
    private func r(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }

    // MARK: Reading order

    @Test(arguments: ["tops", "centres", "bottoms"])
    func aRowOfMixedHeightsReadsLeftToRight(alignment: String) {
        // A 44-point button, a 28-point segmented control and a 31-point switch on one line,
        // listed right to left, aligned three ways. Fixed 8-point rows split the centred and
        // bottom-aligned cases.
        let heights: [CGFloat] = [31, 28, 44]
        let xs: [CGFloat] = [300, 160, 20]
        let rects = zip(xs, heights).map { x, h -> CGRect in
            switch alignment {
            case "tops": return r(x, 100, 120, h)
            case "centres": return r(x, 122 - h / 2, 120, h)
            default: return r(x, 144 - h, 120, h)
            }
        }
        #expect(FocusGeometry.readingOrder(rects) == [2, 1, 0])
    }

    @Test func linesReadTopToBottom() {
        let rects = [r(200, 60, 80, 30), r(20, 60, 80, 30), r(200, 10, 80, 30), r(20, 10, 80, 30)]
        #expect(FocusGeometry.readingOrder(rects) == [3, 2, 1, 0])
    }

    @Test func aTallViewBesideTwoStackedOnesIsReadBeforeThem() {
        // The tall view starts a little lower than the top short one, but overlaps both.
        let rects = [r(200, 0, 100, 30), r(200, 50, 100, 30), r(20, 4, 100, 80)]
        #expect(FocusGeometry.readingOrder(rects) == [2, 0, 1])
    }

    @Test func aStaircaseOfSlightOverlapsStaysSeparateLines() {
        // Each overlaps the next by 5 of 30 points: less than half, so each is its own line,
        // read top to bottom even though they step leftwards.
        let rects = [r(300, 0, 60, 30), r(200, 25, 60, 30), r(100, 50, 60, 30), r(0, 75, 60, 30)]
        #expect(FocusGeometry.readingOrder(rects) == [0, 1, 2, 3])
    }

    @Test func rightToLeftReadsEachLineFromTheRight() {
        let rects = [r(20, 10, 80, 30), r(200, 12, 80, 26), r(20, 60, 80, 30), r(200, 60, 80, 30)]
        #expect(FocusGeometry.readingOrder(rects, rightToLeft: true) == [1, 0, 3, 2])
    }

    @Test func equalRectsKeepTheirOrder() {
        let rects = [r(10, 10, 50, 20), r(10, 10, 50, 20), r(10, 10, 50, 20)]
        #expect(FocusGeometry.readingOrder(rects) == [0, 1, 2])
    }

    // MARK: Direction

    @Test func theNearestCandidateInTheBeamWins() {
        let source = r(100, 100, 50, 30)
        let candidates = [r(400, 100, 50, 30), r(200, 105, 50, 30), r(160, 200, 50, 30)]
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: candidates) == 1)
    }

    @Test func movingSidewaysABeamCandidateBeatsACloserOneOffTheBeam() {
        let source = r(100, 100, 50, 30)
        // Just right and 40 points lower (out of the beam) against far right in line.
        let candidates = [r(160, 140, 50, 30), r(500, 100, 50, 30)]
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: candidates) == 1)
    }

    @Test func movingDownACandidateEntirelyBeforeTheBeamOneCompetesOnScore() {
        let source = r(100, 100, 50, 30)
        // A beam candidate far below, and one slightly to the side that ends before it begins.
        let candidates = [r(100, 400, 50, 30), r(160, 140, 50, 30)]
        #expect(FocusGeometry.bestCandidate(from: source, heading: .down, among: candidates) == 1)
        // Moving right, the same arrangement turned on its side prefers the beam.
        let turned = candidates.map { r($0.minY, $0.minX, $0.height, $0.width) }
        #expect(FocusGeometry.bestCandidate(from: r(100, 100, 30, 50), heading: .right, among: turned) == 0)
    }

    @Test func overlappingNeighboursCount() {
        // A wide view starting inside the source and reaching past it lies to the right.
        let source = r(100, 100, 100, 30)
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: [r(150, 100, 100, 30)]) == 0)
        // One starting at the same edge, or ending inside, does not.
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: [r(100, 100, 200, 30), r(20, 100, 150, 30)]) == nil)
        // Outside the beam, overlapping along the heading is not enough: a wide view below,
        // starting a little left of the source, is not "left" of it (the form's date picker
        // below its name field).
        #expect(FocusGeometry.bestCandidate(from: r(100, 68, 320, 36), heading: .left, among: [r(84, 208, 320, 320)]) == nil)
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: [r(150, 140, 100, 30)]) == nil)
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: [r(200, 140, 100, 30)]) == 0)
    }

    @Test(arguments: [(UIFocusHeading.up, 0), (.down, 1), (.left, 2), (.right, 3)])
    func eachHeadingFindsItsNeighbour(heading: UIFocusHeading, expected: Int) {
        let source = r(200, 200, 40, 40)
        let candidates = [r(200, 100, 40, 40), r(200, 300, 40, 40), r(100, 200, 40, 40), r(300, 200, 40, 40)]
        #expect(FocusGeometry.bestCandidate(from: source, heading: heading, among: candidates) == expected)
    }

    @Test func nothingThatWayIsNil() {
        let source = r(200, 200, 40, 40)
        #expect(FocusGeometry.bestCandidate(from: source, heading: .up, among: [r(200, 300, 40, 40), r(0, 200, 40, 40)]) == nil)
        #expect(FocusGeometry.bestCandidate(from: source, heading: .left, among: []) == nil)
    }

    @Test func aTieGoesToTheEarlierCandidate() {
        let source = r(200, 200, 40, 40)
        // Mirror images above and below the beam line, equally far.
        let candidates = [r(300, 180, 40, 10), r(300, 250, 40, 10)]
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: candidates) == 0)
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: candidates.reversed()) == 0)
    }

    @Test func nearOffAxisBeatsFarOffAxisByTheWeightedScore() {
        let source = r(0, 0, 40, 40)
        // Both out of the beam: 10 points away and 100 across, against 60 away and 45 across.
        let candidates = [r(50, 100, 40, 40), r(100, 45, 40, 40)]
        // 13·10² + 100² = 11,300 against 13·60² + 45² = 48,825.
        #expect(FocusGeometry.bestCandidate(from: source, heading: .right, among: candidates) == 0)
    }
}
