import Foundation

/// Cached geometry of one view's own drawing (background, border, `draw(_:)`), in window
/// pixels, with what it was built for.
final class ViewDrawCache {
    var vertices: [DrawVertex] = []
    var indices: [Int32] = []
    var segments: [(texture: TextureHandle, indexStart: Int, indexCount: Int)] = []
    var generation: UInt64 = 0
    var origin: CGPoint = .zero
    var scale: CGFloat = 0
    var opacity: CGFloat = -1
    var style: UIUserInterfaceStyle = .unspecified
    var resourceGeneration: UInt64 = .max
}

/// Counters of one draw-list build, for tests and benchmarks.
public struct DrawStats: Hashable, Sendable {
    /// Whether the list was rebuilt (false: nothing changed, last frame's list reused).
    public var rebuilt = false
    /// Views visited by the traversal.
    public var viewsVisited = 0
    /// Views whose geometry was tessellated again (cache misses).
    public var viewsRedrawn = 0
    /// Views whose own drawing was skipped because it lies outside the window or clip.
    public var viewsCulled = 0
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
    /// `setNeedsDisplay()` since the last build (and the scale and resources are the same)
    /// the list is left as it was and `rebuilt` is false; otherwise views whose own
    /// appearance, position, opacity and style are unchanged reuse their cached geometry.
    @discardableResult
    public func buildDrawList(into list: DrawList, scale: CGFloat, resources: DrawResources?) -> DrawStats {
        layoutIfNeeded()
        var stats = DrawStats()
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let generation = resources?.resourceGeneration ?? 0
        let style = userInterfaceStyle
        if !needsRedraw, let key = lastDrawKey, key.scale == scale, key.generation == generation, key.style == style {
            stats.vertexCount = list.vertices.count
            stats.indexCount = list.indices.count
            stats.commandCount = list.commands.count
            return stats
        }
        list.reset()
        stats.rebuilt = true
        let context = DrawContext.shared
        if !isHidden {
            let visible = CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
            drawSubtree(into: list, context: context, origin: CGPoint(x: -bounds.minX * scale, y: -bounds.minY * scale),
                        visible: visible, scale: scale, opacity: 1, resources: resources, stats: &stats)
        }
        needsRedraw = false
        lastDrawKey = (scale, generation, style)
        stats.vertexCount = list.vertices.count
        stats.indexCount = list.indices.count
        stats.commandCount = list.commands.count
        return stats
    }
}

extension DrawContext {
    static let shared = DrawContext()
}

extension UIView {
    /// How far (points) a view may draw outside its bounds (shadows, focus rings): culling
    /// keeps a view whose bounds grown by this much touch the visible area.
    static let drawingOverhang: CGFloat = 12

    /// Draws this view (its own geometry, cached) and then its subviews.
    /// `origin` is the pixel position of this view's coordinate origin; `visible` the window
    /// area (pixels) that can show anything: the window, narrowed by clipping ancestors.
    func drawSubtree(into list: DrawList, context: DrawContext, origin: CGPoint, visible: CGRect, scale: CGFloat,
                     opacity: CGFloat, resources: DrawResources?, stats: inout DrawStats) {
        let opacity = opacity * alpha
        guard !isHidden, opacity > 0.001 else { return }
        stats.viewsVisited += 1
        let b = bounds
        let pixelBounds = CGRect(x: origin.x + b.minX * scale, y: origin.y + b.minY * scale, width: b.width * scale, height: b.height * scale)
        let overhang = UIView.drawingOverhang * scale
        // Off-screen: skip this view's own drawing; subviews may still lie on screen.
        if pixelBounds.insetBy(dx: -overhang, dy: -overhang).intersects(visible) {
            drawOwnGeometry(into: list, context: context, origin: origin, scale: scale, opacity: opacity, resources: resources, stats: &stats)
        } else {
            stats.viewsCulled += 1
        }
        guard !subviews.isEmpty else { return }
        var childVisible = visible
        if clipsToBounds {
            childVisible = visible.intersection(pixelBounds)
            if childVisible.isNull || childVisible.isEmpty { return }
            // The visible part only: a clipping view far larger than the window (a finite but
            // huge frame) still gives a clip rectangle inside Int32.
            list.pushClip(PixelRect(rounding: childVisible))
        }
        for sub in subviews {
            let o = CGPoint(x: origin.x + (sub.frame.minX - sub.bounds.minX) * scale,
                            y: origin.y + (sub.frame.minY - sub.bounds.minY) * scale)
            sub.drawSubtree(into: list, context: context, origin: o, visible: childVisible, scale: scale,
                            opacity: opacity, resources: resources, stats: &stats)
        }
        if clipsToBounds { list.popClip() }
    }

    /// This view's own geometry: reused from the cache when nothing it depends on changed.
    private func drawOwnGeometry(into list: DrawList, context: DrawContext, origin: CGPoint, scale: CGFloat,
                                 opacity: CGFloat, resources: DrawResources?, stats: inout DrawStats) {
        let style = userInterfaceStyle
        let resourceGen = resources?.resourceGeneration ?? 0
        let cache = drawCache ?? ViewDrawCache()
        drawCache = cache
        if cache.generation != appearanceGeneration || cache.origin != origin || cache.scale != scale
            || cache.opacity != opacity || cache.style != style || cache.resourceGeneration != resourceGen {
            stats.viewsRedrawn += 1
            // Tessellate into the shared context, then keep a copy for later frames.
            context.begin(origin: origin, scale: scale, opacity: opacity, style: style, resources: resources)
            drawOwnContent(in: context)
            cache.vertices.removeAll(keepingCapacity: true)
            cache.vertices.append(contentsOf: context.vertices)
            cache.indices.removeAll(keepingCapacity: true)
            cache.indices.append(contentsOf: context.indices)
            // Copied into the cache's own storage: sharing the context's buffer would make the
            // context's next `removeAll(keepingCapacity:)` allocate a fresh one for every view.
            cache.segments.removeAll(keepingCapacity: true)
            cache.segments.append(contentsOf: context.segments)
            cache.generation = appearanceGeneration
            cache.origin = origin
            cache.scale = scale
            cache.opacity = opacity
            cache.style = style
            cache.resourceGeneration = resourceGen
        }
        if cache.segments.count == 1, let seg = cache.segments.first {
            list.append(vertices: cache.vertices, indices: cache.indices, texture: seg.texture)
        } else {
            for seg in cache.segments {
                // Each segment's indices refer to the whole vertex block; append the block
                // once per segment only when textures alternate (rare: images in a view).
                list.append(vertices: cache.vertices,
                            indices: cache.indices[seg.indexStart..<seg.indexStart + seg.indexCount],
                            texture: seg.texture)
            }
        }
    }

    /// Background, border, then `draw(_:)`.
    func drawOwnContent(in context: DrawContext) {
        let b = bounds
        if let bg = backgroundColor {
            context.fillRoundedRect(b, radius: cornerRadius, color: bg)
        }
        if borderWidth > 0, let bc = borderColor {
            context.strokeRoundedRect(b, radius: cornerRadius, width: borderWidth, color: bc)
        }
        let previous = DrawContext.current
        DrawContext.current = context
        draw(b)
        DrawContext.current = previous
        if let control = self as? UIControl, control.isFocused {
            // The focus ring outside the bounds in the tint colour, and a faint halo around it.
            let outset = Theme.focusRingGap + Theme.focusRingWidth
            let tint: UIColor = tintColor
            context.strokeRoundedRect(b.insetBy(dx: -outset, dy: -outset), radius: control.focusRingCornerRadius + outset,
                                      width: Theme.focusRingWidth, color: tint)
            let halo = outset + Theme.focusHaloWidth
            context.strokeRoundedRect(b.insetBy(dx: -halo, dy: -halo), radius: control.focusRingCornerRadius + halo,
                                      width: Theme.focusHaloWidth, color: tint.withAlphaComponent(Theme.focusHaloAlpha))
        }
    }
}
