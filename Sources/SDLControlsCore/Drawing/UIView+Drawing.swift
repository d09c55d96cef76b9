import Foundation

// `@exclusivity(unchecked)`, `unowned(unsafe)` and `@inline(__always)` in this file and in
// ViewDrawCache.swift (the drawing pass and the view draw cache): removing them costs +5.8% of
// the instructions outside the SDL libraries in S, +0.7% in IM (callgrind, `controls-bench
// --quick --only` the scenario), measured 2026-11-29.

/// Counters of one draw-list build, for tests and benchmarks.
public struct DrawStats: Hashable, Sendable {
    /// Whether anything changed since the last build (false: nothing to tessellate or draw).
    public var rebuilt = false
    /// Views visited by the traversal: those that changed, their ancestors, and the subviews
    /// of a view whose position, clip, opacity, style or dimming changed. An unchanged
    /// subtree is skipped whole.
    public var viewsVisited = 0
    /// Views whose geometry was tessellated again (cache misses).
    public var viewsRedrawn = 0
    /// Visited views whose own drawing was skipped because it lies outside the window or clip.
    public var viewsCulled = 0
    /// Views that put pixels on the window, visited or not.
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
    /// style are the same) the list is left as it was and `rebuilt` is false; otherwise the
    /// pass visits only the views that changed and their ancestors (an unchanged subtree is
    /// skipped whole), and visited views whose own appearance, phase, opacity and style are
    /// unchanged reuse their cached geometry, translated.
    @discardableResult
    public func buildDrawList(into list: DrawList, scale: CGFloat, resources: DrawResources?) -> DrawStats {
        var stats = prepareDrawing(scale: scale, resources: resources)
        if stats.rebuilt {
            collectDrawList(into: list)
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
        guard needsRedraw || !sameKey || needsFullWalk else { return stats }
        stats.rebuilt = true
        drawPass &+= 1
        let visible = CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
        let gridWidth = Int32(saturating: visible.width.rounded(.up)), gridHeight = Int32(saturating: visible.height.rounded(.up))
        if !sameKey || needsFullWalk || !occupancy.fits(width: gridWidth, height: gridHeight) {
            // Every view again: a new epoch makes every cache stale (unreached), and the
            // occupancy counts start from nothing.
            damage.setFull()
            drawEpoch &+= 1
            occupancy.reset(width: gridWidth, height: gridHeight)
            needsFullWalk = false
        }
        // The walk owns damage and occupancy until it ends (moved, not copied: no allocation).
        var walk = DrawWalk(context: DrawContext.shared, resources: resources, resourceGeneration: generation,
                            scale: scale, epoch: drawEpoch, stats: stats,
                            damage: DamageRegion(), occupancy: OccupancyGrid())
        swap(&walk.damage, &damage)
        swap(&walk.occupancy, &occupancy)
        // Both outlive the pass: `resources` is our argument, the measurer held here.
        let measurer = hostTextMeasurer ?? UIApplication.shared.textMeasurer
        walk.context.beginPass(resources: resources, measurer: measurer)
        _ = updateDrawing(&walk, origin: .zero, visible: visible, clip: nil, opacity: 1, style: style, dimming: nil,
                          backdrop: nil)
        walk.context.endPass()
        withExtendedLifetime(measurer) {}
        walk.stats.viewsDrawn = drawCache.map { $0.reachedEpoch == drawEpoch ? $0.subtreeDrawn : 0 } ?? 0
        walk.occupancy.finish()
        // Anything a view's drawing invalidated meanwhile went to the window's (now empty) region.
        walk.damage.formUnion(damage)
        walk.damage.normalize()   // disjoint rectangles for the compositor, merged once
        swap(&walk.damage, &damage)
        swap(&walk.occupancy, &occupancy)
        // A view marked while the pass ran (a property set from `draw(_:)`) is drawn next frame.
        needsRedraw = needsDrawingWalk
        lastDrawKey = (scale, generation, style)
        drawStructure = drawCache.map { $0.reachedEpoch == drawEpoch ? $0.subtreeStructure : 0 } ?? 0
        return walk.stats
    }

    /// Makes `list` the cached geometry of every view drawn by the last
    /// ``prepareDrawing(scale:resources:)``, back to front. Walks the tree only when what is
    /// drawn where changed since `list` was collected (``drawStructure``); a list of the
    /// blocks meeting a few rectangles is then picked from it with
    /// ``DrawList/select(from:clippedTo:)``, without walking the tree.
    package func collectDrawList(into list: DrawList) {
        // Nothing moved, added or removed: the blocks are the same (their contents may have
        // changed; they are read when the list is assembled).
        if let s = list.collectedStructure, s == drawStructure { return }
        list.reset()
        collect(into: list, epoch: drawEpoch)
        list.collectedStructure = drawStructure
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

    /// Everything must be drawn again (the host's textures or output changed): the next pass
    /// visits every view and marks the whole window changed.
    package func setNeedsFullRedraw() {
        needsRedraw = true
        needsFullWalk = true
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
    /// ``UIWindow/drawEpoch``: a cache whose ``ViewDrawCache/reachedEpoch`` equals it is current.
    let epoch: UInt64
    var stats: DrawStats
    /// The window's ``UIWindow/damage`` and ``UIWindow/occupancy``, moved here for the walk:
    /// reaching them through the window took a reference count on it per view (slow: views
    /// refer to their window weakly, which moves its counts to a side table).
    var damage: DamageRegion
    var occupancy: OccupancyGrid
    /// How the views being visited are placed when a transform or an animation on the way
    /// turns, scales or moves them (their superview's bounds coordinates to window pixels);
    /// nil when they are only translated (by the `origin` each is given). Set by a view
    /// around the visit of its subviews.
    var space: DrawSpace?
    /// The opacity applied when drawing (fading views and their subviews), not baked into
    /// cached geometry.
    var fade: CGFloat = 1
}

/// A superview's bounds coordinates (points) to window pixels, when more than a translation
/// places its subviews.
struct DrawSpace: Equatable {
    var a: Double, b: Double, c: Double, d: Double
    var tx: Double, ty: Double
    /// The largest zoom (pixels per pixel) and offset (pixels) a placed view is drawn with; past
    /// them (or at NaN) it draws nothing.
    static let maximumZoom = 1e6
    static let maximumOffset = 1e9

    /// An animation moves, turns or scales this part of the tree: cached geometry is drawn
    /// where it lands (at any fraction of a pixel or scale) instead of being built again.
    var moving: Bool

    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }
}

/// A hash of what is drawn where (caches, translations, clips, segments) in order, built per
/// subtree: when the window's is unchanged, last pass's list of blocks is still right (only
/// their contents changed).
struct StructureHash {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    mutating func mix(_ v: UInt64) {
        value = (value ^ v) &* 0x0000_0100_0000_01B3
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
    /// a change of order, a removal). The next pass visits this view.
    func invalidateDrawnArea() {
        guard let w = storedWindow else { return }
        w.needsRedraw = true
        markForDrawingWalk()
        guard let c = drawCache, c.reachedEpoch == w.drawEpoch, c.damagedAfterPass != w.drawPass else { return }
        c.damagedAfterPass = w.drawPass
        if !c.subtree.isEmpty { w.damage.add(c.subtree) }
    }

    /// Marks this view and its ancestors for the next drawing pass, which skips unmarked
    /// subtrees. A marked view's ancestors are all marked (a pass clears the marks of the views
    /// it visits or forgets), so marking stops at the first one already marked.
    /// Each newly marked view is also listed in its superview's ``markedSubviews``, so the
    /// pass goes straight to it (unless the superview's subviews changed: then the pass visits
    /// them all, and the list stays short however often a view is removed and added).
    func markForDrawingWalk() {
        var v: UIView = self
        while !v.needsDrawingWalk {
            v.needsDrawingWalk = true
            guard let sup = v.storedSuperview else { return }
            if !sup.subviewsChanged { sup.markedSubviews.append(Unmanaged.passUnretained(v)) }
            v = sup
        }
    }

    /// This subtree is no longer drawn (hidden, transparent, clipped away or removed from
    /// `window`): the pixels its views covered change, they leave the occupancy grid, and
    /// their caches stop being current, so they are visited in full when drawn again.
    /// Visits only the views that were drawn or marked.
    func forgetDrawing(damage: inout DamageRegion, occupancy: inout OccupancyGrid, epoch: UInt64) {
        needsDrawingWalk = false
        markedSubviews.removeAll(keepingCapacity: true)
        subviewsChanged = true   // drawn again: every subview visited
        if let c = drawCache, c.reachedEpoch == epoch {
            c.reachedEpoch = 0
            damage.add(c.drawn)
            occupancy.remove(c.drawn)
            c.drawn = .zero
            c.subtree = .zero
            c.children = ChildAggregate()
            if let m = viewMotion, !m.drawnPictures.isEmpty {
                damage.add(m.drawnPictures)
                occupancy.remove(m.drawnPictures)
                m.drawnPictures = .zero
            }
        }
        for sub in subviews where sub.needsDrawingWalk || sub.drawCache?.reachedEpoch == epoch {
            sub.forgetDrawing(damage: &damage, occupancy: &occupancy, epoch: epoch)
        }
    }

    /// ``forgetDrawing(damage:occupancy:epoch:)`` outside a pass (a view leaving its window).
    func forgetDrawing(in window: UIWindow) {
        window.needsRedraw = true
        forgetDrawing(damage: &window.damage, occupancy: &window.occupancy, epoch: window.drawEpoch)
    }

    /// Updates this view's cached geometry and its subviews', recording changed pixels.
    /// `origin` is the pixel position of this view's frame origin; `visible` the window area
    /// (pixels) that can show anything: the window, narrowed by clipping ancestors. Returns
    /// the window pixels the subtree covers.
    func updateDrawing(_ walk: inout DrawWalk, origin: CGPoint, visible: CGRect, clip: PixelRect?, opacity: CGFloat,
                       style: UIUserInterfaceStyle, dimming: DrawContext.Dimming?,
                       backdrop: (red: CGFloat, green: CGFloat, blue: CGFloat)?) -> PixelRect {
        needsDrawingWalk = false
        let motion = viewMotion
        var opacity = opacity
        var fade = walk.fade
        if let m = motion, m.fadingCount > 0 || m.dissolve != nil {
            // A fading view's alpha is applied as it is drawn (its geometry is not built again
            // each frame); it joins the baked opacity when the fade ends.
            if m.fadingCount > 0 { fade *= CGFloat(min(max(presentationValue(.alpha)[0], 0), 1)) } else { opacity *= alpha }
            if let d = m.dissolve { fade *= CGFloat(1 - min(max(d.opacity, 0), 1)) }
        } else {
            opacity *= alpha
        }
        guard !isHidden, opacity * fade > 0.001 || motion?.dissolve != nil else {
            forgetDrawing(damage: &walk.damage, occupancy: &walk.occupancy, epoch: walk.epoch)
            return .zero
        }
        walk.stats.viewsVisited += 1
        let scale = walk.scale
        // Placement: the plain case is a translation by `origin`; a transform, an animation
        // of the geometry, or a placed ancestor gives a map from the view's pixels instead.
        var origin = origin
        var size = storedFrame.size
        var bo = storedBoundsOrigin
        var map: DrawSpace?
        if walk.space != nil || motion != nil {
            let space = walk.space ?? DrawSpace(a: Double(scale), b: 0, c: 0, d: Double(scale),
                                                tx: Double(origin.x - scale * storedFrame.minX),
                                                ty: Double(origin.y - scale * storedFrame.minY), moving: false)
            var center = CGPoint(x: storedFrame.midX, y: storedFrame.midY)
            var t = CGAffineTransform.identity
            var moving = space.moving
            if let m = motion {
                t = m.transform
                if !m.animations.isEmpty {
                    let c = presentationValue(.center), z = presentationValue(.size), o = presentationValue(.boundsOrigin)
                    center = CGPoint(x: c[0], y: c[1])
                    size = CGSize(width: max(0, z[0]), height: max(0, z[1]))
                    bo = CGPoint(x: o[0], y: o[1])
                    if m.offset(.transform) != .zero {
                        let v = presentationValue(.transform)
                        var parts = TransformComponents()
                        parts.scaleX = v[0]; parts.scaleY = v[1]; parts.shear = v[2]; parts.rotation = v[3]; parts.tx = v[4]; parts.ty = v[5]
                        t = parts.transform
                    }
                    moving = moving || m.movingCount > 0
                }
            }
            // A transform with a NaN, an infinite value or no area: drawn as nothing.
            let det = t.a * t.d - t.b * t.c
            guard det.isFinite, abs(det) > 1e-9, t.tx.isFinite, t.ty.isFinite, center.x.isFinite, center.y.isFinite else {
                forgetDrawing(damage: &walk.damage, occupancy: &walk.occupancy, epoch: walk.epoch)
                return .zero
            }
            // Pixels of this view (its bounds at `scale`, frame corner at 0) to window pixels.
            let s = Double(scale)
            let la = (space.a * t.a + space.c * t.b) / s, lb = (space.b * t.a + space.d * t.b) / s
            let lc = (space.a * t.c + space.c * t.d) / s, ld = (space.b * t.c + space.d * t.d) / s
            let hx = Double(size.width) / 2, hy = Double(size.height) / 2
            let px = Double(center.x) + Double(t.tx) - (Double(t.a) * hx + Double(t.c) * hy)
            let py = Double(center.y) + Double(t.ty) - (Double(t.b) * hx + Double(t.d) * hy)
            let (ox, oy) = space.apply(px, py)
            // The one check of what a transform gives the renderer: a zoom beyond a million or a
            // place beyond a billion pixels (finite, but past what pixel rectangles hold) is
            // drawn as nothing, as a transform with no area is.
            let limit = DrawSpace.maximumZoom
            guard abs(la) <= limit, abs(lb) <= limit, abs(lc) <= limit, abs(ld) <= limit,
                  abs(ox) <= DrawSpace.maximumOffset, abs(oy) <= DrawSpace.maximumOffset else {
                forgetDrawing(damage: &walk.damage, occupancy: &walk.occupancy, epoch: walk.epoch)
                return .zero
            }
            if !moving, abs(la - 1) < 1e-9, abs(ld - 1) < 1e-9, abs(lb) < 1e-9, abs(lc) < 1e-9 {
                origin = CGPoint(x: ox, y: oy)   // only translated after all: the plain case
            } else {
                map = DrawSpace(a: la, b: lb, c: lc, d: ld, tx: ox, ty: oy, moving: moving)
            }
        }
        let style = overrideUserInterfaceStyle == .unspecified ? style : overrideUserInterfaceStyle
        let dimming = dimming ?? (drawsDisabledDimmed ? DrawContext.Dimming(opacity: Theme.disabledAlpha, backdrop: backdrop) : nil)
        if drawCache == nil { drawCache = ViewDrawCache() }
        // Made once and never replaced, and held by this view for the whole walk: used
        // without a reference count (an atomic increment and decrement per view and pass).
        unowned(unsafe) let cache = drawCache.unsafelyUnwrapped
        var pixelBounds = CGRect(x: origin.x, y: origin.y, width: size.width * scale, height: size.height * scale)
        if let m = map {
            // The box around the mapped bounds.
            // (Plain comparisons: arrays here would allocate per view and frame.)
            let w = Double(size.width * scale), h = Double(size.height * scale)
            let p0 = m.apply(0, 0), p1 = m.apply(w, 0), p2 = m.apply(0, h), p3 = m.apply(w, h)
            let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
            let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
            pixelBounds = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let overhang = UIView.drawingOverhang * scale
        let wasDrawn = cache.reachedEpoch == walk.epoch
        let oldDrawn = wasDrawn ? cache.drawn : .zero
        var own = PixelRect.zero
        var changed = !wasDrawn
        // Off-screen: skip this view's own drawing; subviews may still lie on screen.
        // (Plain comparisons: Foundation's `insetBy` and `intersects` are calls, per view.)
        if !visible.isEmpty, pixelBounds.minX - overhang < visible.maxX, visible.minX < pixelBounds.maxX + overhang,
           pixelBounds.minY - overhang < visible.maxY, visible.minY < pixelBounds.maxY + overhang {
            var tx: Int32 = 0, ty: Int32 = 0
            var phase = SIMD2<Float>(0, 0)
            var buildScale = scale
            var reusable = cache.scale == scale
            // How its own drawing is placed (its subviews use `map`): nil when a whole-pixel
            // translation of geometry built at its phase does.
            var drawMap = map
            if let m = map {
                // Built at the scale it is drawn at (text stays crisp under a zoom).
                let zoom = ((m.a * m.d - m.b * m.c).magnitude).squareRoot()
                let quantized = CGFloat(min(max((zoom * 16).rounded() / 16, 1.0 / 16), 16))
                buildScale = scale * quantized
                let tolerance = 1e-6 * max(1, zoom)
                if abs(m.b) < tolerance, abs(m.c) < tolerance, abs(m.a - m.d) < tolerance, m.a > 0 {
                    // Moved and zoomed evenly: drawn as the plain case, built at the zoom, so the
                    // pieces of its shapes meet on whole pixels as they were built (stretching
                    // them leaves seams where renderers round their edges). At rest it is built
                    // at its exact zoom; while an animation zooms it, at steps of 1/32 (a pop
                    // builds it a few times, not every frame); while one only moves it, its
                    // cached geometry keeps its phase and moves by whole pixels (views moving
                    // together keep their offsets exactly).
                    let k = min(max(m.a, 1.0 / 16), 16)
                    buildScale = scale * CGFloat(m.moving ? (k * 32).rounded() / 32 : k)
                    drawMap = nil
                    if m.moving, cache.scale == buildScale {
                        phase = cache.phase
                        tx = Int32(saturating: (m.tx - Double(phase.x)).rounded())
                        ty = Int32(saturating: (m.ty - Double(phase.y)).rounded())
                        reusable = true
                    } else {
                        let fx = m.tx.rounded(.down), fy = m.ty.rounded(.down)
                        tx = Int32(saturating: fx); ty = Int32(saturating: fy)
                        phase = SIMD2(Float(m.tx - fx), Float(m.ty - fy))
                        reusable = cache.scale == buildScale && cache.phase == phase
                    }
                } else {
                    // Turned, stretched or zooming: built at phase 0; while an animation moves
                    // it, what is cached is drawn wherever it lands.
                    reusable = m.moving ? cache.scale > 0 : (cache.scale == buildScale && cache.phase == phase)
                }
            } else {
                let fx = origin.x.pixelRounded(.down), fy = origin.y.pixelRounded(.down)
                tx = Int32(saturating: fx); ty = Int32(saturating: fy)
                phase = SIMD2(Float(origin.x - fx), Float(origin.y - fy))
                reusable = reusable && cache.phase == phase
            }
            if cache.generation != appearanceGeneration || !reusable
                || cache.opacity != opacity || cache.style != style || cache.resourceGeneration != walk.resourceGeneration
                || cache.dimming != dimming {
                walk.stats.viewsRedrawn += 1
                let context = walk.context
                context.begin(phase: SIMD2(phase.x - Float(bo.x * buildScale), phase.y - Float(bo.y * buildScale)), scale: buildScale,
                              opacity: opacity, dimming: dimming, style: style)
                drawOwnContent(in: context, size: size)
                cache.store(context)
                cache.generation = appearanceGeneration
                cache.scale = buildScale
                cache.phase = phase
                cache.opacity = opacity
                cache.style = style
                cache.resourceGeneration = walk.resourceGeneration
                cache.dimming = dimming
                changed = true
            }
            var placement: ItemPlacement?
            if let m = drawMap {
                // Cached pixels (at the cache's scale and phase) to window pixels.
                let k = Double(scale / cache.scale)
                let a = m.a * k, b = m.b * k, c = m.c * k, d = m.d * k
                let px = Double(cache.phase.x), py = Double(cache.phase.y)
                var p = ItemPlacement(a: Float(a), b: Float(b), c: Float(c), d: Float(d),
                                      tx: Float(m.tx - (a * px + c * py)), ty: Float(m.ty - (b * px + d * py)),
                                      fade: Float(fade))
                p.bounds = p.mapped(cache.localBounds)
                placement = p
            } else if fade < 1 {
                var p = ItemPlacement(tx: Float(tx), ty: Float(ty), fade: Float(fade))
                var r = cache.localBounds
                r.x = r.x &+ tx
                r.y = r.y &+ ty
                p.bounds = cache.localBounds.isEmpty ? .zero : r
                placement = p
            }
            if cache.translationX != tx || cache.translationY != ty || cache.clip != clip || cache.placement != placement { changed = true }
            cache.translationX = tx
            cache.translationY = ty
            cache.clip = clip
            cache.placement = placement
            if let p = placement {
                if let c = clip { own = p.bounds.intersection(c) } else { own = p.bounds }
            } else if !cache.localBounds.isEmpty {
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
        if own != oldDrawn {
            walk.occupancy.remove(oldDrawn)
            walk.occupancy.add(own)
        }
        cache.drawn = own
        cache.reachedEpoch = walk.epoch
        var structure = StructureHash()
        if !own.isEmpty {
            structure.mix(UInt64(UInt(bitPattern: Unmanaged.passUnretained(cache).toOpaque())))
            structure.mix(UInt64(UInt32(bitPattern: cache.translationX)) << 32 | UInt64(UInt32(bitPattern: cache.translationY)))
            // Where it is drawn, coarsely: what the window's list of blocks records for picking
            // blocks by area (``DrawList/select(from:clippedTo:)``), so text a pixel wider does
            // not make the whole list be collected again.
            let area = own.blockArea
            structure.mix(UInt64(UInt32(bitPattern: area.x)) << 32 | UInt64(UInt32(bitPattern: area.y)))
            structure.mix(UInt64(UInt32(bitPattern: area.width)) << 32 | UInt64(UInt32(bitPattern: area.height)))
            if let c = clip { structure.mix(UInt64(UInt32(bitPattern: c.x)) << 32 | UInt64(UInt32(bitPattern: c.y)) ^ UInt64(c.width) << 16 ^ UInt64(c.height)) }
            structure.mix(cache.segmentTextures)
            if let p = cache.placement {
                structure.mix(UInt64(p.a.bitPattern) << 32 | UInt64(p.b.bitPattern))
                structure.mix(UInt64(p.c.bitPattern) << 32 | UInt64(p.d.bitPattern))
                structure.mix(UInt64(p.tx.bitPattern) << 32 | UInt64(p.ty.bitPattern))
                structure.mix(UInt64(p.fade.bitPattern))
            }
        }
        var pictures = PixelRect.zero
        if let m = motion {
            // Old looks fading out over the new (see ``UIView/transition(with:duration:options:animations:completion:)``
            // and ``UIView/fadeOutPicture(of:duration:)``): their pixels change every frame, and
            // they occupy the window like the view's own drawing until they are gone.
            if let d = m.dissolve {
                walk.damage.add(d.area)
                pictures = d.area
                structure.mix(UInt64(Float(d.opacity).bitPattern) | 1 << 40)
            }
            for g in m.ghosts {
                walk.damage.add(g.area)
                pictures = pictures.union(g.area)
                structure.mix(UInt64(Float(g.opacity).bitPattern) | 1 << 41)
            }
            let old = wasDrawn ? m.drawnPictures : .zero
            if pictures != old {
                walk.damage.add(old)
                walk.occupancy.remove(old)
                walk.occupancy.add(pictures)
            }
            m.drawnPictures = pictures
        }
        if !subviews.isEmpty {
            let savedSpace = walk.space, savedFade = walk.fade
            // The subviews' space: this view's bounds coordinates to window pixels.
            walk.space = map.map { m in
                let s = Double(scale)
                return DrawSpace(a: m.a * s, b: m.b * s, c: m.c * s, d: m.d * s,
                                 tx: m.tx - s * (m.a * Double(bo.x) + m.c * Double(bo.y)),
                                 ty: m.ty - s * (m.b * Double(bo.x) + m.d * Double(bo.y)), moving: m.moving)
            }
            walk.fade = fade
            updateSubviewsDrawing(&walk, cache: cache, origin: origin, pixelBounds: pixelBounds, visible: visible, clip: clip,
                                  opacity: opacity, style: style, dimming: dimming, backdrop: backdrop, wasDrawn: wasDrawn,
                                  boundsOrigin: bo)
            walk.space = savedSpace
            walk.fade = savedFade
        } else if cache.children.drawn != 0 || !cache.children.covered.isEmpty {
            cache.children = ChildAggregate()
        }
        structure.mix(cache.children.order)
        structure.mix(cache.children.sum)
        cache.subtree = own.union(pictures).union(cache.children.covered)
        cache.subtreeStructure = structure.value
        cache.subtreeDrawn = (own.isEmpty ? 0 : 1) + cache.children.drawn
        return cache.subtree
    }

    /// The subviews' part of ``updateDrawing(_:origin:visible:clip:opacity:style:dimming:backdrop:)``:
    /// every subview when what they inherit changed (or the subviews did), otherwise only the
    /// ones marked since the last pass (``markedSubviews``), so a pass costs what changed and
    /// not how many subviews a view has. Keeps ``ViewDrawCache/children`` up to date.
    private func updateSubviewsDrawing(_ walk: inout DrawWalk, cache: ViewDrawCache, origin: CGPoint, pixelBounds: CGRect,
                                       visible: CGRect, clip: PixelRect?, opacity: CGFloat, style: UIUserInterfaceStyle,
                                       dimming: DrawContext.Dimming?, backdrop: (red: CGFloat, green: CGFloat, blue: CGFloat)?,
                                       wasDrawn: Bool, boundsOrigin bo: CGPoint) {
        let scale = walk.scale
        var childVisible = visible
        var childClip = clip
        if clipsToBounds {
            childVisible = visible.intersection(pixelBounds)
            if childVisible.isNull || childVisible.isEmpty {
                // Clipped away: nothing below is drawn, and next time every subview is visited.
                for sub in subviews { sub.forgetDrawing(damage: &walk.damage, occupancy: &walk.occupancy, epoch: walk.epoch) }
                cache.childContext = nil
                cache.children = ChildAggregate()
                markedSubviews.removeAll(keepingCapacity: true)
                subviewsChanged = false
                return
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
        let context = ChildContext(origin: origin, boundsOrigin: bo, visible: childVisible, clip: childClip,
                                   opacity: opacity, space: walk.space, fade: walk.fade, style: style, dimming: dimming,
                                   backdrop: childBackdrop.map { SIMD4(Double($0.red), Double($0.green), Double($0.blue), 1) }
                                       ?? SIMD4(repeating: -1))
        let sameContext: Bool
        if let box = cache.childContext {
            sameContext = box.value == context
            if !sameContext { box.value = context }
        } else {
            sameContext = false
            cache.childContext = ChildContextBox(context)
        }
        @inline(__always)
        func visit(_ sub: UIView) -> PixelRect {
            let f = sub.storedFrame
            let o = CGPoint(x: origin.x + (f.minX - bo.x) * scale, y: origin.y + (f.minY - bo.y) * scale)
            return sub.updateDrawing(&walk, origin: o, visible: childVisible, clip: childClip, opacity: opacity,
                                     style: style, dimming: dimming, backdrop: childBackdrop)
        }
        // Only the marked subviews, when they are few: the others are as the last pass left
        // them. (When most are marked, the loop over all of them below is cheaper.)
        if wasDrawn, sameContext, !subviewsChanged, markedSubviews.count * 4 < subviews.count {
            guard !markedSubviews.isEmpty else { return }
            var marked: [Unmanaged<UIView>] = []
            swap(&marked, &markedSubviews)
            var children = cache.children
            for entry in marked {
                // A subview removed meanwhile (by a `draw(_:)`) may be freed: stop; the next
                // pass visits every subview.
                guard !subviewsChanged else { break }
                let sub = entry.takeUnretainedValue()
                guard sub.needsDrawingWalk else { continue }
                let before = ChildAggregate.contribution(of: sub, epoch: walk.epoch)
                children.covered = children.covered.union(visit(sub))
                let after = ChildAggregate.contribution(of: sub, epoch: walk.epoch)
                children.sum = children.sum &- before.hash &+ after.hash
                children.drawn += after.drawn - before.drawn
            }
            cache.children = children
            // Keep the array's storage for the next pass (no allocation once grown), unless
            // the pass marked subviews meanwhile (a property set from `draw(_:)`).
            if markedSubviews.isEmpty {
                marked.removeAll(keepingCapacity: true)
                swap(&marked, &markedSubviews)
            }
            return
        }
        // Every subview: a subview unmarked and current whose surroundings are unchanged is
        // taken as it is; the aggregate is made afresh (exact again).
        markedSubviews.removeAll(keepingCapacity: true)
        subviewsChanged = false
        var children = ChildAggregate()
        var order = StructureHash()
        for sub in subviews {
            order.mix(UInt64(UInt(bitPattern: ObjectIdentifier(sub))))
            if sameContext, wasDrawn, !sub.needsDrawingWalk, let c = sub.drawCache, c.reachedEpoch == walk.epoch {
                children.covered = children.covered.union(c.subtree)
            } else {
                children.covered = children.covered.union(visit(sub))
            }
            let part = ChildAggregate.contribution(of: sub, epoch: walk.epoch)
            children.sum = children.sum &+ part.hash
            children.drawn += part.drawn
        }
        children.order = order.value
        cache.children = children
    }

    /// Appends the cached blocks of this subtree that the last pass drew.
    func collect(into list: DrawList, epoch: UInt64) {
        guard let cache = drawCache, cache.reachedEpoch == epoch else { return }
        if !cache.drawn.isEmpty {
            if let p = cache.placement {
                list.append(cache, placement: p, clip: cache.clip, area: cache.drawn.blockArea)
            } else {
                list.append(cache, dx: cache.translationX, dy: cache.translationY, clip: cache.clip, area: cache.drawn.blockArea)
            }
        }
        for sub in subviews { sub.collect(into: list, epoch: epoch) }
        if let m = viewMotion {
            if let d = m.dissolve { d.collect(into: list) }
            for g in m.ghosts { g.collect(into: list) }
        }
    }

    /// Background, border, then `draw(_:)`, then a control's hover highlight and focus ring.
    /// `size` is the bounds' size drawn (in flight while a size animation runs).
    func drawOwnContent(in context: DrawContext, size: CGSize? = nil) {
        var b = bounds
        var background = backgroundColor, radius = cornerRadius, width = borderWidth, border = borderColor
        if let m = viewMotion, m.redrawingCount > 0 {
            // In-flight values of an animation that changes what is drawn.
            if let size { b.size = size }
            if m.offset(.backgroundColor) != .zero { background = UIView.color(from: presentationValue(.backgroundColor)) }
            if m.offset(.borderColor) != .zero { border = UIView.color(from: presentationValue(.borderColor)) }
            radius = CGFloat(max(0, presentationValue(.cornerRadius)[0]))
            width = CGFloat(max(0, presentationValue(.borderWidth)[0]))
        }
        if let bg = background {
            context.fillRoundedRect(b, radius: radius, color: bg)
        }
        if width > 0, let bc = border {
            context.strokeRoundedRect(b, radius: radius, width: width, color: bc)
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
