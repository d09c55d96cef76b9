import Foundation

/// Which blocks of a window's list lie in which tile of the window: picking the blocks that
/// meet a few damaged rectangles then reads only those tiles' blocks, so ten controls
/// changing among 10,000 cost what ten cost. Built once per collection of the list (when what
/// is drawn where changed), from each block's ``DrawList/Item/area``.
struct BlockIndex {
    /// Tiles are at least this many pixels square, and larger when the list spans more than
    /// ``maximumTilesPerSide`` of them (a huge or far-flung UI keeps the index small).
    static let minimumTileSide: Int64 = 256
    static let maximumTilesPerSide: Int64 = 64

    private(set) var isBuilt = false
    private var originX: Int64 = 0, originY: Int64 = 0
    private var tileSide: Int64 = minimumTileSide
    private var columns = 0, rows = 0
    /// The items of tile `t` are `entries[starts[t]..<starts[t + 1]]`, in list order.
    private var starts: [Int32] = []
    private var entries: [Int32] = []
    /// ``select(_:meeting:into:)`` marks an item taken with the query's number (no clearing).
    private var taken: [UInt32] = []
    private var query: UInt32 = 0
    private var found: [Int32] = []
    /// Per tile, while ``build(_:)`` runs.
    private var counts: [Int32] = []

    /// Sorts without allocating (the standard library's sort takes a scratch buffer, an
    /// allocation per query): insertion sort when short, heapsort otherwise.
    static func sortInPlace(_ a: inout [Int32]) {
        let n = a.count
        guard n > 1 else { return }
        a.withUnsafeMutableBufferPointer { b in
            if n <= 32 {
                for i in 1..<n {
                    let v = b[i]
                    var j = i - 1
                    while j >= 0, b[j] > v { b[j + 1] = b[j]; j -= 1 }
                    b[j + 1] = v
                }
                return
            }
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end, b[child] < b[child + 1] { child += 1 }
                    guard b[root] < b[child] else { return }
                    b.swapAt(root, child)
                    root = child
                }
            }
            for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
            for end in stride(from: n - 1, to: 0, by: -1) {
                b.swapAt(0, end)
                siftDown(0, end)
            }
        }
    }

    /// Forgets the index (the list changed).
    mutating func invalidate() { isBuilt = false }

    /// Files every item of `items` under the tiles its area meets.
    mutating func build(_ items: [DrawList.Item]) {
        isBuilt = true
        var x0 = Int64.max, y0 = Int64.max, x1 = Int64.min, y1 = Int64.min
        for item in items where !item.area.isEmpty {
            let a = item.area
            x0 = min(x0, Int64(a.x)); y0 = min(y0, Int64(a.y))
            x1 = max(x1, Int64(a.x) + Int64(a.width)); y1 = max(y1, Int64(a.y) + Int64(a.height))
        }
        starts.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        if taken.count < items.count {
            // Grown with room to spare, so a list that grows a little each frame doesn't
            // allocate each frame.
            taken = [UInt32](repeating: 0, count: max(items.count, taken.count * 2)); query = 0
        }
        guard x0 < x1, y0 < y1 else { columns = 0; rows = 0; return }
        originX = x0; originY = y0
        let span = max(x1 - x0, y1 - y0)
        tileSide = max(BlockIndex.minimumTileSide, (span + BlockIndex.maximumTilesPerSide - 1) / BlockIndex.maximumTilesPerSide)
        columns = Int((x1 - x0 + tileSide - 1) / tileSide)
        rows = Int((y1 - y0 + tileSide - 1) / tileSide)
        // Two passes (count, then place): one array of entries, no array per tile.
        // Storage kept between builds (a list rebuilt every frame, as while views move,
        // allocates nothing once grown).
        counts.removeAll(keepingCapacity: true)
        counts.append(contentsOf: repeatElement(0, count: columns * rows + 1))
        for item in items where !item.area.isEmpty {
            guard let t = tiles(item.area) else { continue }
            for row in t.rows { for col in t.columns { counts[row * columns + col] += 1 } }
        }
        starts.reserveCapacity(columns * rows + 1)
        var running: Int32 = 0
        for t in 0..<(columns * rows) {
            starts.append(running)
            running += counts[t]
            counts[t] = starts[t]
        }
        starts.append(running)
        entries.removeAll(keepingCapacity: true)
        entries.append(contentsOf: repeatElement(0, count: Int(running)))
        for (i, item) in items.enumerated() where !item.area.isEmpty {
            guard let t = tiles(item.area) else { continue }
            for row in t.rows {
                for col in t.columns {
                    let k = row * columns + col
                    entries[Int(counts[k])] = Int32(i)
                    counts[k] += 1
                }
            }
        }
    }

    /// Appends to `out`, in list order, the items of `items` whose area meets `r`.
    mutating func select(_ items: [DrawList.Item], meeting r: PixelRect, into out: inout [DrawList.Item]) {
        guard isBuilt, columns > 0, !r.isEmpty else { return }
        query &+= 1
        if query == 0 {   // wrapped: start the marks afresh
            for i in taken.indices { taken[i] = 0 }
            query = 1
        }
        found.removeAll(keepingCapacity: true)
        guard let t = tiles(r) else { return }
        // Plain loops, not a closure: stored arrays written inside a closure that a method of
        // `self` calls are copied on each write (measured: an allocation per block found).
        for row in t.rows {
            for col in t.columns {
                let k = row * columns + col
                for e in Int(starts[k])..<Int(starts[k + 1]) {
                    let i = Int(entries[e])
                    guard taken[i] != query else { continue }   // (an item spanning tiles)
                    if items[i].area.intersects(r) {
                        taken[i] = query
                        found.append(Int32(i))
                    }
                }
            }
        }
        BlockIndex.sortInPlace(&found)
        for i in found { out.append(items[Int(i)]) }
    }

    /// The columns and rows of the tiles `r` meets (nil: none).
    private func tiles(_ r: PixelRect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let c0 = max(0, (Int64(r.x) - originX) / tileSide)
        let c1 = min(Int64(columns - 1), (Int64(r.x) + Int64(r.width) - 1 - originX) / tileSide)
        let r0 = max(0, (Int64(r.y) - originY) / tileSide)
        let r1 = min(Int64(rows - 1), (Int64(r.y) + Int64(r.height) - 1 - originY) / tileSide)
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (Int(c0)...Int(c1), Int(r0)...Int(r1))
    }
}
