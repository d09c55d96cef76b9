import Foundation

/// The window pixels that changed since the UI's pixels were last drawn: a few rectangles
/// (merged as they come), or everything.
package struct DamageRegion: Sendable {
    /// The rectangles; empty when nothing changed. After ``normalize()`` no two overlap or
    /// touch, and there are at most ``maximumRects``.
    package private(set) var rects: [PixelRect] = []
    /// Whether everything must be drawn again (scale, style or resources changed, or the
    /// host asked).
    package private(set) var isFull = false
    /// Rectangles kept apart before all of them merge into one: enough for a hundred
    /// scattered controls changing to redraw a hundred small rectangles rather than the box
    /// around them all (a compositor draws them in one batch). Fewer when they crowd.
    package static let maximumRects = 256
    /// Rectangles that cover at least 1 / `crowding` of the box around them all become that
    /// box: a region where most things changed (every control of a grid) is redrawn whole
    /// anyway. Scattered changes (one control in ten) stay apart.
    static let crowding = 4
    /// Up to this many rectangles, each one added is merged at once (a scan); past it they
    /// are appended and merged together by ``normalize()``, once: a frame that changes a
    /// thousand controls in any order (all the labels, then all the sliders) would otherwise
    /// scan hundreds of rectangles per change.
    static let mergedAsAdded = 32

    /// The box around ``rects`` and the pixels they cover (counted twice where appended
    /// rectangles overlap: the crowding test only needs an estimate).
    private var bounds = PixelRect.zero
    private var covered = 0
    /// Rectangles were appended without merging since the last ``normalize()``.
    private var needsNormalizing = false
    /// Storage for ``normalize()`` (kept: no allocation per frame).
    private var scratch: [PixelRect] = []
    private var active: [Int] = []

    package init() {}

    /// Whether nothing changed.
    package var isEmpty: Bool { !isFull && rects.isEmpty }

    /// Pixels covered (rectangles may overlap a little after merging).
    package var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Adds a changed rectangle, merging it with one it overlaps or touches (or, past
    /// ``mergedAsAdded`` rectangles, leaving that to ``normalize()``).
    package mutating func add(_ r: PixelRect) {
        guard !isFull, !r.isEmpty else { return }
        if let last = rects.last, last.contains(r) { return }   // (a view's parts, one after another)
        guard rects.count < DamageRegion.mergedAsAdded else {
            rects.append(r)
            bounds = bounds.union(r)
            covered += r.area
            needsNormalizing = true
            // Bounded however many changes come before the next pass.
            if rects.count >= 4 * DamageRegion.maximumRects { normalize() }
            return
        }
        var merged = r
        var i = 0
        while i < rects.count {
            let o = rects[i]
            if o.contains(merged) { return }
            if DamageRegion.touch(o, merged) {
                merged = merged.union(o)
                covered -= o.area
                rects.remove(at: i)
                i = 0
                continue
            }
            i += 1
        }
        guard !rects.isEmpty else {
            rects.append(merged)
            bounds = merged
            covered = merged.area
            return
        }
        let box = bounds.union(merged)
        if box.area <= DamageRegion.crowding * (covered + merged.area) {
            collapse(to: box)
            return
        }
        rects.append(merged)
        bounds = box
        covered += merged.area
    }

    /// Merges appended rectangles that overlap or touch until none do, then applies the
    /// crowding rule and ``maximumRects``. Sorted by left edge and swept, so each rectangle
    /// is compared with those its x range meets; repeated while a merge grew a rectangle
    /// into one already passed (rare: one or two sweeps).
    package mutating func normalize() {
        guard needsNormalizing, !isFull else { return }
        needsNormalizing = false
        // Crowded already (most of a grid changed)? Then the box, with no sweep. Overlaps are
        // counted twice here, so this may take the box a little early: never wrong, only more.
        if rects.count > 1 && bounds.area <= DamageRegion.crowding * covered {
            collapse(to: bounds)
            return
        }
        // Locals (swapped with the kept storage): the sweep reads one while changing the other.
        var out: [PixelRect] = [], live: [Int] = []
        swap(&out, &scratch)
        swap(&live, &active)
        var merging = true
        while merging {
            merging = false
            rects.sort { $0.x < $1.x }
            out.removeAll(keepingCapacity: true)
            live.removeAll(keepingCapacity: true)
            for r in rects {
                var m = r
                // Drop from the live set what ends left of this one (it can't touch it).
                // (Order in the live set doesn't matter: removal swaps in the last one.)
                var k = 0
                while k < live.count {
                    let o = out[live[k]]
                    if o.isEmpty || Int64(o.x) + Int64(o.width) < Int64(m.x) - 1 {
                        live.swapAt(k, live.count - 1)
                        live.removeLast()
                    } else {
                        k += 1
                    }
                }
                k = 0
                while k < live.count {
                    let o = out[live[k]]
                    if DamageRegion.touch(o, m) {
                        m = m.union(o)
                        out[live[k]] = .zero   // merged away
                        live.swapAt(k, live.count - 1)
                        live.removeLast()
                        merging = true
                        k = 0
                        continue
                    }
                    k += 1
                }
                live.append(out.count)
                out.append(m)
            }
            rects.removeAll(keepingCapacity: true)
            for r in out where !r.isEmpty { rects.append(r) }
        }
        swap(&out, &scratch)
        swap(&live, &active)
        var box = PixelRect.zero
        covered = 0
        for r in rects {
            box = box.isEmpty ? r : box.union(r)
            covered += r.area
        }
        bounds = box
        if rects.count > 1 && (rects.count > DamageRegion.maximumRects || box.area <= DamageRegion.crowding * covered) {
            collapse(to: box)
        }
    }

    /// Whether `a` and `b` overlap or touch (a rectangle one pixel apart counts).
    private static func touch(_ a: PixelRect, _ b: PixelRect) -> Bool {
        PixelRect(x: a.x &- 1, y: a.y &- 1, width: a.width &+ 2, height: a.height &+ 2).intersects(b)
    }

    private mutating func collapse(to box: PixelRect) {
        if rects.count == 1 {
            rects[0] = box
        } else {
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        }
        bounds = box
        covered = box.area
    }

    /// Everything changed.
    package mutating func setFull() {
        isFull = true
        rects.removeAll(keepingCapacity: true)
        covered = 0
        needsNormalizing = false
    }

    /// Adds everything `other` records.
    package mutating func formUnion(_ other: DamageRegion) {
        if other.isFull { setFull(); return }
        for r in other.rects { add(r) }
    }

    /// Starts afresh (after the changes were drawn).
    package mutating func clear() {
        isFull = false
        rects.removeAll(keepingCapacity: true)
        covered = 0
        needsNormalizing = false
    }
}

/// Which cells of the window (``cellSize`` pixels square) hold any UI pixels, and the few
/// rectangles that cover them: compositing cached UI pixels over a game's scene only needs to
/// copy those.
///
/// Kept up to date as views change rather than rebuilt each pass: a cell counts the drawn
/// rectangles that touch it, and a view's rectangle is added when it is drawn and removed when
/// it moves, changes or stops being drawn, so a pass that visits only the views that changed
/// still leaves the grid exact.
package struct OccupancyGrid: Sendable {
    /// The side of a cell in pixels.
    package static let cellSize: Int32 = 64
    package private(set) var columns = 0
    package private(set) var rows = 0
    /// How many drawn rectangles touch each cell.
    private var cells: [Int32] = []
    /// Rectangles covering every occupied cell (runs of cells per row, equal runs of
    /// consecutive rows merged), clipped to the window.
    package private(set) var rects: [PixelRect] = []
    private var width: Int32 = 0, height: Int32 = 0
    /// ``finish()``'s runs of the row above and of the current row: only their capacity is
    /// kept between passes, so a pass allocates nothing once they have grown.
    private var openRuns: [PixelRect] = []
    private var rowRuns: [PixelRect] = []
    /// Whether a cell became occupied or empty since ``finish()`` last made ``rects``: only
    /// then do they change, so a pass that moved nothing across a cell's emptiness skips
    /// the scan of every cell (a window's worth: 4,096 cells at 4096 × 4096 pixels).
    private var cellsChanged = true

    package init() {}

    /// Whether the grid was made for a window `width` × `height` pixels.
    func fits(width: Int32, height: Int32) -> Bool {
        self.width == max(0, width) && self.height == max(0, height)
    }

    /// Empties the grid for a window `width` × `height` pixels (every rectangle is added again).
    mutating func reset(width: Int32, height: Int32) {
        self.width = max(0, width)
        self.height = max(0, height)
        let c = Int((Int64(self.width) + Int64(OccupancyGrid.cellSize) - 1) / Int64(OccupancyGrid.cellSize))
        let r = Int((Int64(self.height) + Int64(OccupancyGrid.cellSize) - 1) / Int64(OccupancyGrid.cellSize))
        cellsChanged = true
        if c != columns || r != rows || cells.count != c * r {
            columns = c
            rows = r
            cells = [Int32](repeating: 0, count: c * r)
            // Room for the runs of a row (at most every other cell) and a few per row in all,
            // so a picture that moves (and finds new shapes now and then) doesn't grow them
            // frame after frame.
            openRuns.reserveCapacity(c / 2 + 1)
            rowRuns.reserveCapacity(c / 2 + 1)
            rects.reserveCapacity(min(c * r, 4 * (c + r)))
        } else {
            for i in cells.indices { cells[i] = 0 }
        }
    }

    /// Counts `r` in the cells it touches.
    mutating func add(_ r: PixelRect) { count(r, by: 1) }

    /// Takes back an earlier ``add(_:)`` of `r`.
    mutating func remove(_ r: PixelRect) { count(r, by: -1) }

    private mutating func count(_ r: PixelRect, by delta: Int32) {
        guard !r.isEmpty, columns > 0, rows > 0 else { return }
        let s = Int64(OccupancyGrid.cellSize)
        let c0 = Int(max(0, Int64(r.x) / s)), c1 = Int(min(Int64(columns - 1), (Int64(r.x) + Int64(r.width) - 1) / s))
        let r0 = Int(max(0, Int64(r.y) / s)), r1 = Int(min(Int64(rows - 1), (Int64(r.y) + Int64(r.height) - 1) / s))
        guard c0 <= c1, r0 <= r1 else { return }
        let columns = columns
        // One uniqueness check per rectangle, not per cell.
        var changed = false
        cells.withUnsafeMutableBufferPointer { cells in
            for row in r0...r1 {
                for col in c0...c1 {
                    let old = cells[row * columns + col]
                    let new = max(0, old &+ delta)
                    cells[row * columns + col] = new
                    if (old > 0) != (new > 0) { changed = true }
                }
            }
        }
        if changed { cellsChanged = true }
    }

    /// Rebuilds ``rects`` from the cells: runs of occupied cells per row, a run with the same
    /// columns as one in the row above extending it downwards. Nothing to do when no cell
    /// became occupied or empty since the last rebuild.
    mutating func finish() {
        guard cellsChanged else { return }
        cellsChanged = false
        rects.removeAll(keepingCapacity: true)
        let s = OccupancyGrid.cellSize
        openRuns.removeAll(keepingCapacity: true)
        for row in 0..<rows {
            rowRuns.removeAll(keepingCapacity: true)
            var col = 0
            while col < columns {
                guard cells[row * columns + col] > 0 else { col += 1; continue }
                let start = col
                while col < columns && cells[row * columns + col] > 0 { col += 1 }
                let run = PixelRect(x: Int32(start) * s, y: Int32(row) * s, width: Int32(col - start) * s, height: s)
                if let i = openRuns.firstIndex(where: { $0.x == run.x && $0.width == run.width && $0.y + $0.height == run.y }) {
                    var grown = openRuns.remove(at: i)
                    grown.height += s
                    rowRuns.append(grown)
                } else {
                    rowRuns.append(run)
                }
            }
            rects.append(contentsOf: openRuns)
            swap(&openRuns, &rowRuns)
        }
        rects.append(contentsOf: openRuns)
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        for i in rects.indices { rects[i] = rects[i].intersection(bounds) }
    }

    /// Pixels the rectangles cover.
    package var area: Int { rects.reduce(0) { $0 + $1.area } }
}
