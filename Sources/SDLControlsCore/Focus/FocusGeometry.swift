import Foundation

/// The geometry of the focus engine, on plain rectangles in window coordinates, so it can be
/// tested without views.
///
/// **Reading order** (Tab): rectangles are grouped into visual lines, then read line by line
/// from the top, and left to right within a line (right to left in right-to-left layouts).
/// A line starts at the highest rectangle not yet placed (its *anchor*); another rectangle
/// is on that line when its vertical extent overlaps the anchor's by at least half the
/// smaller of the two heights. So a row of controls of mixed heights, aligned by their tops,
/// centres or bottoms, is one line, and a tall control beside two short ones stacked is read
/// before them (or after them, when it is to their right). Comparing with the anchor only,
/// not with the whole line, keeps a staircase of overlapping rows from merging into one line.
///
/// **Direction** (arrows, D-pad, stick), for a source rectangle S and a heading, say right:
/// - C is *in the beam* when it overlaps S vertically (for up/down: horizontally);
/// - C in the beam lies that way when it begins right of S's left edge and ends right of S's
///   right edge, so overlapping neighbours in a row count; C outside the beam must begin at
///   or past S's right edge (a wide view below that starts a little left of S is not "left");
/// - a candidate in the beam beats one outside it; only moving up or down may one outside
///   the beam still compete, on score, when it ends before the beam candidate begins;
/// - otherwise the lower score wins: 13 × (gap along the heading)² + (offset of the centres
///   across it)², so a near candidate slightly off-axis beats a far one straight ahead
///   (Android's focus finder uses the same weighting); ties go to the earlier in reading order.
enum FocusGeometry {
    /// The weight of the gap along the heading against the offset across it.
    static let majorAxisWeight: CGFloat = 13

    // MARK: Reading order

    /// Indices of `rects` in reading order.
    static func readingOrder(_ rects: [CGRect], rightToLeft: Bool = false) -> [Int] {
        let byTop = rects.indices.sorted { a, b in
            let ra = rects[a], rb = rects[b]
            if ra.minY != rb.minY { return ra.minY < rb.minY }
            if ra.minX != rb.minX { return rightToLeft ? ra.maxX > rb.maxX : ra.minX < rb.minX }
            return a < b
        }
        var placed = [Bool](repeating: false, count: rects.count)
        var order: [Int] = []
        order.reserveCapacity(rects.count)
        var line: [Int] = []
        for (position, anchor) in byTop.enumerated() where !placed[anchor] {
            let a = rects[anchor]
            line.removeAll(keepingCapacity: true)
            line.append(anchor)
            placed[anchor] = true
            // Sorted by top: nothing starting at or below the anchor's bottom can overlap it.
            var next = position + 1
            while next < byTop.count, rects[byTop[next]].minY < a.maxY {
                let candidate = byTop[next]
                if !placed[candidate], onSameLine(anchor: a, rects[candidate]) {
                    line.append(candidate)
                    placed[candidate] = true
                }
                next += 1
            }
            line.sort { x, y in
                let rx = rects[x], ry = rects[y]
                if rightToLeft { if rx.maxX != ry.maxX { return rx.maxX > ry.maxX } } else if rx.minX != ry.minX { return rx.minX < ry.minX }
                if rx.minY != ry.minY { return rx.minY < ry.minY }
                return x < y
            }
            order.append(contentsOf: line)
        }
        return order
    }

    /// Whether `rect` reads on the line that `anchor` starts.
    static func onSameLine(anchor: CGRect, _ rect: CGRect) -> Bool {
        let overlap = min(anchor.maxY, rect.maxY) - max(anchor.minY, rect.minY)
        let smaller = min(anchor.height, rect.height)
        return overlap > 0 && overlap >= smaller / 2
    }

    // MARK: Direction

    /// The index of the best candidate from `source` in `heading` (up, down, left or right),
    /// or nil when none lies that way. `candidates` should be in reading order (ties). With
    /// `inBeamOnly`, only candidates in the source's row or column count (wrapping).
    static func bestCandidate(from source: CGRect, heading: UIFocusHeading, among candidates: [CGRect],
                              inBeamOnly: Bool = false) -> Int? {
        let s = canonical(source, heading)
        let vertical = heading == .up || heading == .down
        var best: Int?
        var bestRect = CGRect.null
        for (i, rect) in candidates.enumerated() {
            let c = canonical(rect, heading)
            let beam = inBeam(s, c)
            guard isCandidate(s, c), beam || s.maxX <= c.minX, !inBeamOnly || beam else { continue }
            if best == nil || isBetter(s, c, than: bestRect, vertical: vertical) {
                best = i
                bestRect = c
            }
        }
        return best
    }

    /// `rect` turned so that `heading` points right (+x): left mirrors x, down swaps the
    /// axes, up swaps and mirrors.
    static func canonical(_ r: CGRect, _ heading: UIFocusHeading) -> CGRect {
        switch heading {
        case .left: return CGRect(x: -r.maxX, y: r.minY, width: r.width, height: r.height)
        case .down: return CGRect(x: r.minY, y: r.minX, width: r.height, height: r.width)
        case .up: return CGRect(x: -r.maxY, y: r.minX, width: r.height, height: r.width)
        default: return r
        }
    }

    /// In canonical space (heading right): `c` lies to the right of `s`.
    static func isCandidate(_ s: CGRect, _ c: CGRect) -> Bool {
        (s.minX < c.minX || s.maxX <= c.minX) && s.maxX < c.maxX
    }

    static func inBeam(_ s: CGRect, _ c: CGRect) -> Bool {
        c.maxY > s.minY && c.minY < s.maxY
    }

    static func gap(_ s: CGRect, _ c: CGRect) -> CGFloat { max(0, c.minX - s.maxX) }

    static func farGap(_ s: CGRect, _ c: CGRect) -> CGFloat { max(1, c.maxX - s.maxX) }

    static func score(_ s: CGRect, _ c: CGRect) -> CGFloat {
        let major = gap(s, c)
        let minor = abs(c.midY - s.midY)
        return majorAxisWeight * major * major + minor * minor
    }

    /// Whether `a` beats `b` (both candidates) from `s`, in canonical space.
    static func isBetter(_ s: CGRect, _ a: CGRect, than b: CGRect, vertical: Bool) -> Bool {
        if beamBeats(s, a, b, vertical: vertical) { return true }
        if beamBeats(s, b, a, vertical: vertical) { return false }
        return score(s, a) < score(s, b)
    }

    /// `a` is in the beam and `b` is not, and that settles it.
    static func beamBeats(_ s: CGRect, _ a: CGRect, _ b: CGRect, vertical: Bool) -> Bool {
        guard inBeam(s, a), !inBeam(s, b) else { return false }
        // b overlaps the source along the heading: it is not clearly "that way".
        if !(s.maxX <= b.minX) { return true }
        if !vertical { return true }
        return gap(s, a) < farGap(s, b)
    }
}
