import Foundation

/// Cached geometry of one view's own drawing (background, border, `draw(_:)`, focus ring),
/// in the view's own pixel space: its frame's top-left corner rounded down to a whole pixel is
/// (0, 0). Drawing it elsewhere only adds a whole-pixel translation, so a view that moves
/// (or whose ancestor moves or scrolls) is not tessellated again; a move by a fraction of a
/// pixel changes `phase` and is.
final class ViewDrawCache {
    let geometry = GeometryBuffer()
    // What the geometry was built for.
    @exclusivity(unchecked) var generation: UInt64 = 0
    @exclusivity(unchecked) var scale: CGFloat = 0
    @exclusivity(unchecked) var phase = SIMD2<Float>(-1, -1)
    @exclusivity(unchecked) var opacity: CGFloat = -1
    @exclusivity(unchecked) var dimming: DrawContext.Dimming?
    @exclusivity(unchecked) var style: UIUserInterfaceStyle = .unspecified
    @exclusivity(unchecked) var resourceGeneration: UInt64 = .max
    /// A hash of the geometry's segment textures in order (part of the walk's structure hash,
    /// computed when the geometry is stored rather than on every pass).
    @exclusivity(unchecked) var segmentTextures: UInt64 = 0
    /// Pixels the geometry touches, in the view's pixel space.
    @exclusivity(unchecked) var localBounds = PixelRect.zero
    // Where it was drawn by the last pass that reached the view.
    /// The pass (``UIWindow/drawPass``) that last reached this view; older: not drawn now.
    @exclusivity(unchecked) var pass: UInt64 = 0
    @exclusivity(unchecked) var translationX: Int32 = 0
    @exclusivity(unchecked) var translationY: Int32 = 0
    @exclusivity(unchecked) var clip: PixelRect?
    /// Window pixels its own geometry covers (clipped); empty when it draws nothing or is culled.
    @exclusivity(unchecked) var drawn = PixelRect.zero
    /// Window pixels this view and its subviews cover.
    @exclusivity(unchecked) var subtree = PixelRect.zero
    /// The last pass after which ``subtree`` was already marked changed (once is enough).
    @exclusivity(unchecked) var damagedAfterPass: UInt64 = .max

    /// Keeps the context's output and what it was built for.
    @MainActor
    func store(_ context: DrawContext) {
        geometry.copy(from: context.out)
        var textures: UInt64 = 0x9E37_79B9_7F4A_7C15
        for seg in geometry.segments { textures = (textures ^ (UInt64(seg.texture.rawValue) << 8 | 1)) &* 0x0000_0100_0000_01B3 }
        segmentTextures = textures
        var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
        let v = geometry.vertices
        for k in 0..<geometry.vertexCount {
            let p = v[k]
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        if geometry.vertexCount == 0 || !(x1 > x0) || !(y1 > y0) {
            localBounds = .zero
        } else {
            let fx0 = x0.pixelRounded(.down), fy0 = y0.pixelRounded(.down)
            localBounds = PixelRect(x: Int32(saturating: fx0), y: Int32(saturating: fy0),
                                    width: Int32(saturating: x1.pixelRounded(.up) - fx0), height: Int32(saturating: y1.pixelRounded(.up) - fy0))
        }
    }
}

/// The window pixels that changed since the UI's pixels were last drawn: a few rectangles
/// (merged as they come), or everything.
package struct DamageRegion: Sendable {
    /// The rectangles, at most ``maximumRects``; empty when nothing changed.
    package private(set) var rects: [PixelRect] = []
    /// Whether everything must be drawn again (scale, style or resources changed, or the
    /// host asked).
    package private(set) var isFull = false
    /// Rectangles kept before the closest two merge.
    package static let maximumRects = 8

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

/// Which cells of the window (``cellSize`` pixels square) hold any UI pixels, from the last
/// drawing pass, and the few rectangles that cover them: compositing cached UI pixels over a
/// game's scene only needs to copy those.
package struct OccupancyGrid: Sendable {
    /// The side of a cell in pixels.
    package static let cellSize: Int32 = 64
    package private(set) var columns = 0
    package private(set) var rows = 0
    private var cells: [Bool] = []
    /// Rectangles covering every occupied cell (runs of cells per row, equal runs of
    /// consecutive rows merged), clipped to the window.
    package private(set) var rects: [PixelRect] = []
    private var width: Int32 = 0, height: Int32 = 0
    /// ``finish()``'s runs of the row above and of the current row: only their capacity is
    /// kept between passes, so a pass allocates nothing once they have grown.
    private var openRuns: [PixelRect] = []
    private var rowRuns: [PixelRect] = []

    package init() {}

    /// Starts a pass over a window `width` × `height` pixels.
    mutating func reset(width: Int32, height: Int32) {
        self.width = max(0, width)
        self.height = max(0, height)
        let c = Int((Int64(self.width) + Int64(OccupancyGrid.cellSize) - 1) / Int64(OccupancyGrid.cellSize))
        let r = Int((Int64(self.height) + Int64(OccupancyGrid.cellSize) - 1) / Int64(OccupancyGrid.cellSize))
        if c != columns || r != rows || cells.count != c * r {
            columns = c
            rows = r
            cells = [Bool](repeating: false, count: c * r)
        } else {
            for i in cells.indices { cells[i] = false }
        }
    }

    /// Marks the cells `r` touches.
    mutating func mark(_ r: PixelRect) {
        guard !r.isEmpty, columns > 0, rows > 0 else { return }
        let s = Int64(OccupancyGrid.cellSize)
        let c0 = Int(max(0, Int64(r.x) / s)), c1 = Int(min(Int64(columns - 1), (Int64(r.x) + Int64(r.width) - 1) / s))
        let r0 = Int(max(0, Int64(r.y) / s)), r1 = Int(min(Int64(rows - 1), (Int64(r.y) + Int64(r.height) - 1) / s))
        guard c0 <= c1, r0 <= r1 else { return }
        let columns = columns
        // One uniqueness check per rectangle, not per cell (every drawn view marks its cells).
        cells.withUnsafeMutableBufferPointer { cells in
            for row in r0...r1 {
                for col in c0...c1 { cells[row * columns + col] = true }
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
                guard cells[row * columns + col] else { col += 1; continue }
                let start = col
                while col < columns && cells[row * columns + col] { col += 1 }
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

/// Counters of one draw-list build, for tests and benchmarks.
public struct DrawStats: Hashable, Sendable {
    /// Whether anything changed since the last build (false: nothing to tessellate or draw).
    public var rebuilt = false
    /// Views visited by the traversal.
    public var viewsVisited = 0
    /// Views whose geometry was tessellated again (cache misses).
    public var viewsRedrawn = 0
    /// Views whose own drawing was skipped because it lies outside the window or clip.
    public var viewsCulled = 0
    /// Views that put pixels on the window.
    public var viewsDrawn = 0
    /// Vertices in the list.
    public var vertexCount = 0
    /// Indices in the list.
    public var indexCount = 0
    /// Commands (geometry submissions) in the list.
    public var commandCount = 0

    /// Zeroed stats.
    public init() {}
}

extension UIWindow {
    /// Lays out the tree and builds the frame's draw list into `list`, in output pixels
    /// (`scale` pixels per point).
    ///
    /// The tree is retained, so work follows change: when nothing was marked with
    /// `setNeedsDisplay()` or moved since the last build (and the scale, resources and
    /// style are the same) the list is left as it was and `rebuilt` is false; otherwise views
    /// whose own appearance, phase, opacity and style are unchanged reuse their cached
    /// geometry, translated.
    @discardableResult
    public func buildDrawList(into list: DrawList, scale: CGFloat, resources: DrawResources?) -> DrawStats {
        var stats = prepareDrawing(scale: scale, resources: resources)
        if stats.rebuilt {
            collectDrawList(into: list, region: nil)
            damage.clear()
        }
        stats.vertexCount = list.vertexCount
        stats.indexCount = list.indexCount
        stats.commandCount = list.commandCount()
        return stats
    }

    /// Brings every view's cached geometry up to date and records in ``damage`` the window
    /// pixels that changed. Returns `rebuilt == false` when nothing changed.
    package func prepareDrawing(scale: CGFloat, resources: DrawResources?) -> DrawStats {
        layoutIfNeeded()
        var stats = DrawStats()
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let generation = resources?.resourceGeneration ?? 0
        let style = overrideUserInterfaceStyle == .unspecified ? UIUserInterfaceStyle.light : overrideUserInterfaceStyle
        let sameKey = lastDrawKey.map { $0.scale == scale && $0.generation == generation && $0.style == style } ?? false
        guard needsRedraw || !sameKey else { return stats }
        if !sameKey { damage.setFull() }
        stats.rebuilt = true
        drawPass &+= 1
        // The walk owns damage and occupancy until it ends (moved, not copied: no allocation).
        var walk = DrawWalk(context: DrawContext.shared, resources: resources, resourceGeneration: generation,
                            scale: scale, pass: drawPass, stats: stats, damage: DamageRegion(), occupancy: OccupancyGrid())
        swap(&walk.damage, &damage)
        swap(&walk.occupancy, &occupancy)
        let visible = CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
        walk.occupancy.reset(width: Int32(saturating: visible.width.rounded(.up)), height: Int32(saturating: visible.height.rounded(.up)))
        if !isHidden {
            // Both outlive the pass: `resources` is our argument, the measurer held here.
            let measurer = hostTextMeasurer ?? UIApplication.shared.textMeasurer
            walk.context.beginPass(resources: resources, measurer: measurer)
            _ = updateDrawing(&walk, origin: .zero, visible: visible, clip: nil, opacity: 1, style: style, dimming: nil,
                              backdrop: nil)
            walk.context.endPass()
            withExtendedLifetime(measurer) {}
        }
        walk.occupancy.finish()
        // Anything a view's drawing invalidated meanwhile went to the window's (now empty) region.
        walk.damage.formUnion(damage)
        swap(&walk.damage, &damage)
        swap(&walk.occupancy, &occupancy)
        needsRedraw = false
        lastDrawKey = (scale, generation, style)
        drawStructure = walk.structure
        return walk.stats
    }

    /// Appends to `list` the cached geometry of every view drawn by the last
    /// ``prepareDrawing(scale:resources:)`` whose pixels meet `region` (all when nil), back to
    /// front.
    package func collectDrawList(into list: DrawList, region: [PixelRect]?) {
        // The whole window again with nothing moved, added or removed: the blocks are the same
        // (their contents may have changed; they are read when the list is assembled).
        if region == nil, let s = list.collectedStructure, s == drawStructure { return }
        list.reset()
        guard !isHidden else { return }
        collect(into: list, pass: drawPass, region: region)
        if region == nil { list.collectedStructure = drawStructure }
    }

    /// Whether the window has changes it hasn't drawn yet: a view marked with
    /// ``UIView/setNeedsDisplay()``, moved, shown, hidden or removed, or layout pending. A run
    /// loop with nothing to draw, no input and no timer due can sleep **(project choice)**.
    public var needsFrame: Bool { needsRedraw || subtreeNeedsLayout }

    /// Text measurement changed (the host's pixel density): every view lays out and draws again.
    package func textMetricsDidChange() {
        func visit(_ v: UIView) {
            v.textMetricsChanged()
            for s in v.subviews { visit(s) }
        }
        visit(self)
    }

    /// The scale of the last drawing pass (1 before the first).
    package var lastDrawKeyScale: CGFloat { lastDrawKey?.scale ?? 1 }

    /// Everything must be drawn again (the host's textures or output changed).
    package func setNeedsFullRedraw() {
        needsRedraw = true
        damage.setFull()
    }
}

/// The state of one traversal.
@MainActor
struct DrawWalk {
    /// ``DrawContext/shared``, which lives for the process: not reference-counted per view.
    unowned(unsafe) let context: DrawContext
    let resources: DrawResources?
    let resourceGeneration: UInt64
    let scale: CGFloat
    let pass: UInt64
    var stats: DrawStats
    /// The window's ``UIWindow/damage`` and ``UIWindow/occupancy``, moved here for the walk:
    /// reaching them through the window took a reference count on it per view (slow: views
    /// refer to their window weakly, which moves its counts to a side table).
    var damage: DamageRegion
    var occupancy: OccupancyGrid
    /// A hash of what is drawn where (caches, translations, clips, segments) in order: when
    /// it is unchanged, last pass's list of blocks is still right (only their contents changed).
    var structure: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    mutating func mix(_ v: UInt64) {
        structure = (structure ^ v) &* 0x0000_0100_0000_01B3
    }
}

extension DrawContext {
    static let shared = DrawContext()
}

extension UIView {
    /// How far (points) a view may draw outside its bounds (shadows, focus rings): culling
    /// keeps a view whose bounds grown by this much touch the visible area.
    static let drawingOverhang: CGFloat = 12

    /// Marks the pixels this view and its subviews were last drawn on as changed, and the
    /// window as needing a frame, without invalidating cached geometry (a move, a scroll,
    /// a change of order, a removal).
    func invalidateDrawnArea() {
        guard let w = storedWindow else { return }
        w.needsRedraw = true
        guard let c = drawCache, c.pass == w.drawPass, c.damagedAfterPass != w.drawPass else { return }
        c.damagedAfterPass = w.drawPass
        if !c.subtree.isEmpty { w.damage.add(c.subtree) }
    }

    /// Updates this view's cached geometry and its subviews', recording changed pixels.
    /// `origin` is the pixel position of this view's frame origin; `visible` the window area
    /// (pixels) that can show anything: the window, narrowed by clipping ancestors. Returns
    /// the window pixels the subtree covers.
    func updateDrawing(_ walk: inout DrawWalk, origin: CGPoint, visible: CGRect, clip: PixelRect?, opacity: CGFloat,
                       style: UIUserInterfaceStyle, dimming: DrawContext.Dimming?,
                       backdrop: (red: CGFloat, green: CGFloat, blue: CGFloat)?) -> PixelRect {
        let opacity = opacity * alpha
        guard !isHidden, opacity > 0.001 else { return .zero }
        walk.stats.viewsVisited += 1
        let scale = walk.scale
        let style = overrideUserInterfaceStyle == .unspecified ? style : overrideUserInterfaceStyle
        let dimming = dimming ?? (drawsDisabledDimmed ? DrawContext.Dimming(opacity: Theme.disabledAlpha, backdrop: backdrop) : nil)
        if drawCache == nil { drawCache = ViewDrawCache() }
        // Made once and never replaced, and held by this view for the whole walk: used
        // without a reference count (an atomic increment and decrement per view and pass).
        unowned(unsafe) let cache = drawCache.unsafelyUnwrapped
        let size = storedFrame.size
        let pixelBounds = CGRect(x: origin.x, y: origin.y, width: size.width * scale, height: size.height * scale)
        let overhang = UIView.drawingOverhang * scale
        let wasDrawn = cache.pass &+ 1 == walk.pass
        let oldDrawn = wasDrawn ? cache.drawn : .zero
        var own = PixelRect.zero
        var changed = !wasDrawn
        // Off-screen: skip this view's own drawing; subviews may still lie on screen.
        // (Plain comparisons: Foundation's `insetBy` and `intersects` are calls, per view.)
        if !visible.isEmpty, pixelBounds.minX - overhang < visible.maxX, visible.minX < pixelBounds.maxX + overhang,
           pixelBounds.minY - overhang < visible.maxY, visible.minY < pixelBounds.maxY + overhang {
            let fx = origin.x.pixelRounded(.down), fy = origin.y.pixelRounded(.down)
            let tx = Int32(saturating: fx), ty = Int32(saturating: fy)
            let phase = SIMD2(Float(origin.x - fx), Float(origin.y - fy))
            if cache.generation != appearanceGeneration || cache.scale != scale || cache.phase != phase
                || cache.opacity != opacity || cache.style != style || cache.resourceGeneration != walk.resourceGeneration
                || cache.dimming != dimming {
                walk.stats.viewsRedrawn += 1
                let context = walk.context
                let bo = storedBoundsOrigin
                context.begin(phase: SIMD2(phase.x - Float(bo.x * scale), phase.y - Float(bo.y * scale)), scale: scale,
                              opacity: opacity, dimming: dimming, style: style)
                drawOwnContent(in: context)
                cache.store(context)
                cache.generation = appearanceGeneration
                cache.scale = scale
                cache.phase = phase
                cache.opacity = opacity
                cache.style = style
                cache.resourceGeneration = walk.resourceGeneration
                cache.dimming = dimming
                changed = true
            }
            if cache.translationX != tx || cache.translationY != ty || cache.clip != clip { changed = true }
            cache.translationX = tx
            cache.translationY = ty
            cache.clip = clip
            if !cache.localBounds.isEmpty {
                var r = cache.localBounds
                r.x = r.x &+ tx
                r.y = r.y &+ ty
                // Not `clip.map { }`: a closure made here checks the main actor's executor per call.
                if let c = clip { own = r.intersection(c) } else { own = r }
            }
        } else {
            walk.stats.viewsCulled += 1
        }
        if changed || own != oldDrawn {
            walk.damage.add(oldDrawn)
            walk.damage.add(own)
        }
        cache.drawn = own
        cache.pass = walk.pass
        walk.occupancy.mark(own)
        if !own.isEmpty {
            walk.stats.viewsDrawn += 1
            walk.mix(UInt64(UInt(bitPattern: Unmanaged.passUnretained(cache).toOpaque())))
            walk.mix(UInt64(UInt32(bitPattern: cache.translationX)) << 32 | UInt64(UInt32(bitPattern: cache.translationY)))
            if let c = clip { walk.mix(UInt64(UInt32(bitPattern: c.x)) << 32 | UInt64(UInt32(bitPattern: c.y)) ^ UInt64(c.width) << 16 ^ UInt64(c.height)) }
            walk.mix(cache.segmentTextures)
        }
        var subtree = own
        if !subviews.isEmpty {
            var childVisible = visible
            var childClip = clip
            if clipsToBounds {
                childVisible = visible.intersection(pixelBounds)
                if childVisible.isNull || childVisible.isEmpty {
                    cache.subtree = subtree
                    return subtree
                }
                // The visible part only: a clipping view far larger than the window (a finite
                // but huge frame) still gives a clip rectangle inside Int32.
                let r = PixelRect(rounding: childVisible)
                if let c = clip { childClip = c.intersection(r) } else { childClip = r }
            }
            var childBackdrop = backdrop
            if let bg = backgroundColor {
                let c = bg.resolvedComponents(with: style)
                if c.alpha >= 0.999 { childBackdrop = (c.red, c.green, c.blue) }
            }
            let bo = storedBoundsOrigin
            for sub in subviews {
                let f = sub.storedFrame
                let o = CGPoint(x: origin.x + (f.minX - bo.x) * scale, y: origin.y + (f.minY - bo.y) * scale)
                subtree = subtree.union(sub.updateDrawing(&walk, origin: o, visible: childVisible, clip: childClip, opacity: opacity,
                                                          style: style, dimming: dimming, backdrop: childBackdrop))
            }
        }
        cache.subtree = subtree
        return subtree
    }

    /// Appends the cached blocks of this subtree that the last pass drew and that meet `region`.
    func collect(into list: DrawList, pass: UInt64, region: [PixelRect]?) {
        guard let cache = drawCache, cache.pass == pass else { return }
        if let region, !region.contains(where: { $0.intersects(cache.subtree) }) { return }
        if !cache.drawn.isEmpty, region.map({ $0.contains(where: { $0.intersects(cache.drawn) }) }) ?? true {
            list.append(cache, dx: cache.translationX, dy: cache.translationY, clip: cache.clip)
        }
        for sub in subviews { sub.collect(into: list, pass: pass, region: region) }
    }

    /// Background, border, then `draw(_:)`, then a control's hover highlight and focus ring.
    func drawOwnContent(in context: DrawContext) {
        let b = bounds
        if let bg = backgroundColor {
            context.fillRoundedRect(b, radius: cornerRadius, color: bg)
        }
        if borderWidth > 0, let bc = borderColor {
            context.strokeRoundedRect(b, radius: cornerRadius, width: borderWidth, color: bc)
        }
        draw(b)   // the pass made `context` current
        drawStateOverlays(in: context, bounds: b)
    }
}

extension UIControl {
    /// A control's hover highlight, then its focus ring (see ``UIView/drawStateOverlays(in:bounds:)``).
    func drawHoverAndFocus(in context: DrawContext, bounds b: CGRect) {
        let control = self
        control.drawHoverHighlight(in: context)
        guard control.isFocused, let effect = control.storedFocusEffect else { return }
        let halo = effect as? UIFocusHaloEffect
        let shape = halo?.shape ?? control.focusRingShape
        let radius = halo?.cornerRadius ?? control.focusRingCornerRadius   // shapes that aren't finite: the context draws nothing
        let tint: UIColor = tintColor
        let faint = tint.withAlphaComponent(Theme.focusHaloAlpha)
        if halo?.position == .inside {
            // The ring along the inside of the shape's edge, the faint halo inward of it: a
            // view that fills its container (a list cell) stays off its neighbours.
            let inner = Theme.focusRingWidth
            context.strokeRoundedRect(shape, radius: radius, width: Theme.focusRingWidth, color: tint)
            context.strokeRoundedRect(shape.insetBy(dx: inner, dy: inner), radius: max(0, radius - inner),
                                      width: Theme.focusHaloWidth, color: faint)
        } else {
            // The ring outside the shape in the tint colour, and a faint halo around it.
            let outset = Theme.focusRingGap + Theme.focusRingWidth
            context.strokeRoundedRect(shape.insetBy(dx: -outset, dy: -outset), radius: radius + outset,
                                      width: Theme.focusRingWidth, color: tint)
            let far = outset + Theme.focusHaloWidth
            context.strokeRoundedRect(shape.insetBy(dx: -far, dy: -far), radius: radius + far,
                                      width: Theme.focusHaloWidth, color: faint)
        }
    }
}
