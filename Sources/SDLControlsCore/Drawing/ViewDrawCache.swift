import Foundation

// `@exclusivity(unchecked)`, `unowned(unsafe)` and `@inline(__always)` in this file and in
// UIView+Drawing.swift (the view draw cache and the drawing pass): removing them costs +5.8% of
// the instructions outside the SDL libraries in S, +0.7% in IM (callgrind, `controls-bench
// --quick --only` the scenario), measured 2026-11-29.

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
    /// The window's ``UIWindow/drawEpoch`` when a pass last reached this view; any other value
    /// (0 after ``UIView/forgetDrawing(in:)``): what follows is stale and the view not drawn.
    @exclusivity(unchecked) var reachedEpoch: UInt64 = 0
    @exclusivity(unchecked) var translationX: Int32 = 0
    @exclusivity(unchecked) var translationY: Int32 = 0
    @exclusivity(unchecked) var clip: PixelRect?
    /// How it was drawn when more than translated (see ``ItemPlacement``); nil otherwise.
    @exclusivity(unchecked) var placement: ItemPlacement?
    /// Window pixels its own geometry covers (clipped); empty when it draws nothing or is culled.
    @exclusivity(unchecked) var drawn = PixelRect.zero
    /// Window pixels this view and its subviews cover.
    @exclusivity(unchecked) var subtree = PixelRect.zero
    /// The last pass after which ``subtree`` was already marked changed (once is enough).
    @exclusivity(unchecked) var damagedAfterPass: UInt64 = .max
    /// A hash of what this view and its subviews draw where (see ``DrawWalk/structure``).
    @exclusivity(unchecked) var subtreeStructure: UInt64 = 0
    /// Views of this subtree that put pixels on the window.
    @exclusivity(unchecked) var subtreeDrawn = 0
    /// What this view passed to its subviews last time (nil: it has none, or never did).
    /// Boxed: most views are leaves and would carry it for nothing.
    @exclusivity(unchecked) var childContext: ChildContextBox?
    /// What its subviews' subtrees add up to, kept as they change.
    @exclusivity(unchecked) var children = ChildAggregate()

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

extension PixelRect {
    /// The rectangle grown outwards to multiples of 32 pixels: the area a block of the
    /// window's list is filed under (see `DrawList.Item.area`).
    @inline(__always)   // as a call: +0.6% of the UI side of E's changing grid (callgrind, 2026-11-29)
    var blockArea: PixelRect {
        guard !isEmpty else { return .zero }
        let x0 = Int64(x) & ~31, y0 = Int64(y) & ~31
        let x1 = (Int64(x) + Int64(width) + 31) & ~31, y1 = (Int64(y) + Int64(height) + 31) & ~31
        return PixelRect(x: Int32(clamping: x0), y: Int32(clamping: y0), width: Int32(clamping: x1 - x0), height: Int32(clamping: y1 - y0))
    }
}

/// What a view hands its subviews in a drawing pass. When it is the same as last pass, a
/// subview that was reached then and has nothing marked in its subtree is skipped whole.
struct ChildContext: Equatable {
    var origin: CGPoint
    var boundsOrigin: CGPoint
    var visible: CGRect
    var clip: PixelRect?
    var opacity: CGFloat
    var space: DrawSpace?
    var fade: CGFloat
    var style: UIUserInterfaceStyle
    var dimming: DrawContext.Dimming?
    /// The opaque colour behind the subviews, as (red, green, blue, 1); all −1 when none.
    var backdrop: SIMD4<Double>
}

/// What a view's subviews' subtrees add up to, kept up to date as single subviews change, so a
/// pass that visits one subview of thousands touches none of the others.
struct ChildAggregate {
    /// Window pixels the subtrees cover. When only some subviews were visited it can be larger
    /// than they cover now (a rectangle can't be taken out of a union): it is used for
    /// damage, where more is safe, and made exact whenever every subview is visited.
    var covered = PixelRect.zero
    /// The sum of the subviews' hashed structures: one subview's can be swapped in and out.
    var sum: UInt64 = 0
    /// A hash of the subviews' order (set when every subview is visited, which a change of
    /// order or membership causes).
    var order: UInt64 = 0
    /// Views of the subtrees that put pixels on the window.
    var drawn = 0

    /// What `sub` adds to its superview's aggregate: nothing unless the pass reached it.
    @MainActor @inline(__always)
    static func contribution(of sub: UIView, epoch: UInt64) -> (hash: UInt64, drawn: Int) {
        guard sub.drawCache != nil else { return (0, 0) }
        // Held by `sub` for the whole pass: read without a reference count.
        unowned(unsafe) let c = sub.drawCache.unsafelyUnwrapped
        guard c.reachedEpoch == epoch else { return (0, 0) }
        // A strong mix of the view's identity and structure: sums of these rarely cancel.
        var z = c.subtreeStructure ^ UInt64(UInt(bitPattern: ObjectIdentifier(sub))) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31), c.subtreeDrawn)
    }
}

/// A ``ChildContext`` kept by a view that has subviews.
final class ChildContextBox {
    @exclusivity(unchecked) var value: ChildContext
    init(_ value: ChildContext) { self.value = value }
}
