import Foundation

/// The window pixels that changed since the UI's pixels were last drawn: a few rectangles
/// (merged as they come), or everything.
package struct DamageRegion: Sendable {
    /// The rectangles, at most ``maximumRects``; empty when nothing changed.
    package private(set) var rects: [PixelRect] = []
    /// Whether everything must be drawn again (scale, style or resources changed, or the
    /// host asked).
    package private(set) var isFull = false
    /// Rectangles kept apart before all of them merge into one: enough for a hundred
    /// scattered controls changing to redraw a hundred small rectangles rather than the box
    /// around them all (a compositor draws them in one batch).
    package static let maximumRects = 256

    package init() {}

    /// Whether nothing changed.
    package var isEmpty: Bool { !isFull && rects.isEmpty }

    /// Pixels covered (rectangles may overlap a little after merging).
    package var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Adds a changed rectangle, merging it with one it overlaps or touches.
    package mutating func add(_ r: PixelRect) {
        guard !isFull, !r.isEmpty else { return }
        var merged = r
        var i = 0
        while i < rects.count {
            let o = rects[i]
            if o.contains(merged) { return }
            let grown = PixelRect(x: o.x &- 1, y: o.y &- 1, width: o.width &+ 2, height: o.height &+ 2)
            if grown.intersects(merged) {
                merged = merged.union(o)
                rects.remove(at: i)
                i = 0
                continue
            }
            i += 1
        }
        rects.append(merged)
        if rects.count > DamageRegion.maximumRects {
            // Many scattered changes: one rectangle around them all is cheaper to keep than
            // to merge pair by pair, and a compositor draws that much anyway.
            var all = rects[0]
            for r in rects { all = all.union(r) }
            rects.removeAll(keepingCapacity: true)
            rects.append(all)
        }
    }

    /// Everything changed.
    package mutating func setFull() {
        isFull = true
        rects.removeAll(keepingCapacity: true)
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
        if c != columns || r != rows || cells.count != c * r {
            columns = c
            rows = r
            cells = [Int32](repeating: 0, count: c * r)
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
        cells.withUnsafeMutableBufferPointer { cells in
            for row in r0...r1 {
                for col in c0...c1 { cells[row * columns + col] = max(0, cells[row * columns + col] &+ delta) }
            }
        }
    }

    /// Rebuilds ``rects`` from the cells: runs of occupied cells per row, a run with the same
    /// columns as one in the row above extending it downwards.
    mutating func finish() {
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
