import Foundation

/// One vertex of the draw list, in pixels. Its memory layout is the same as SDL's
/// `SDL_Vertex` (position, RGBA8 colour, texture coordinate), so a host can submit the
/// array without converting it.
public struct DrawVertex: Hashable, Sendable {
    /// Position x, in output pixels.
    public var x: Float
    /// Position y, in output pixels.
    public var y: Float
    /// Colour red (multiplies the texture).
    public var r: UInt8
    /// Colour green.
    public var g: UInt8
    /// Colour blue.
    public var b: UInt8
    /// Colour alpha.
    public var a: UInt8
    /// Texture coordinate u, 0...1.
    public var u: Float
    /// Texture coordinate v, 0...1.
    public var v: Float

    /// Creates a vertex.
    @inlinable
    public init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float, v: Float) {
        self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
    }
}

/// A texture the host owns, named by a small integer. ``atlas`` is the shared texture that
/// holds a white texel (for shapes) and rasterized text, so most frames use it alone.
public struct TextureHandle: Hashable, Sendable {
    /// The host's id.
    public var rawValue: Int
    /// Creates a handle.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The shared shape-and-text atlas.
    public static let atlas = TextureHandle(rawValue: 0)
}

/// A clip rectangle in whole output pixels.
public struct PixelRect: Hashable, Sendable {
    /// Left edge.
    public var x: Int32
    /// Top edge.
    public var y: Int32
    /// Width.
    public var width: Int32
    /// Height.
    public var height: Int32
    /// Creates a rectangle.
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The whole pixels covered by `rect` (edges rounded), saturating at `Int32`'s range
    /// instead of trapping for a rectangle too large or too far away.
    package init(rounding rect: CGRect) {
        func edge(_ v: CGFloat) -> Int64 { Int64(Int32(saturating: v.rounded())) }
        let x0 = edge(rect.minX), y0 = edge(rect.minY), x1 = edge(rect.maxX), y1 = edge(rect.maxY)
        self.init(x: Int32(x0), y: Int32(y0), width: Int32(clamping: x1 - x0), height: Int32(clamping: y1 - y0))
    }

    /// The overlap of two rectangles (zero size when they don't overlap).
    public func intersection(_ o: PixelRect) -> PixelRect {
        // In Int64: an edge of x + width can pass Int32.max.
        let x0 = max(Int64(x), Int64(o.x)), y0 = max(Int64(y), Int64(o.y))
        let x1 = min(Int64(x) + Int64(width), Int64(o.x) + Int64(o.width))
        let y1 = min(Int64(y) + Int64(height), Int64(o.y) + Int64(o.height))
        return PixelRect(x: Int32(clamping: x0), y: Int32(clamping: y0), width: Int32(clamping: x1 - x0), height: Int32(clamping: y1 - y0))
    }
}

/// A run of indices drawn with one texture and one clip rectangle: one geometry submission.
public struct DrawCommand: Hashable, Sendable {
    /// The texture.
    public var texture: TextureHandle
    /// The clip rectangle; nil draws unclipped.
    public var clip: PixelRect?
    /// First index in ``DrawList/indices``.
    public var indexStart: Int
    /// Number of indices (a multiple of 3).
    public var indexCount: Int
}

/// The output of drawing a window: vertices, indices and commands, in the spirit of Dear
/// ImGui's ImDrawData. The core fills it; the SDL host submits each command with
/// `SDL_RenderGeometry`. A new command starts only when the texture or the clip changes.
public final class DrawList {
    /// Every vertex of the frame.
    public private(set) var vertices: [DrawVertex] = []
    /// Triangle indices into ``vertices``.
    public private(set) var indices: [Int32] = []
    /// The submissions, in order.
    public private(set) var commands: [DrawCommand] = []
    var clipStack: [PixelRect] = []

    /// Creates an empty list.
    public init() {}

    /// Empties the list, keeping its storage (no allocation in steady state).
    public func reset() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        clipStack.removeAll(keepingCapacity: true)
    }

    /// The clip currently applied to new geometry.
    public var currentClip: PixelRect? { clipStack.last }

    /// Clips following geometry to `rect` (intersected with the current clip).
    public func pushClip(_ rect: PixelRect) {
        clipStack.append(currentClip.map { $0.intersection(rect) } ?? rect)
    }

    /// Restores the previous clip.
    public func popClip() {
        _ = clipStack.popLast()
    }

    /// Appends a block of geometry whose indices are relative to its own first vertex.
    public func append<V: Collection, I: Collection>(vertices vs: V, indices ids: I, texture: TextureHandle)
    where V.Element == DrawVertex, I.Element == Int32 {
        guard !ids.isEmpty else { return }
        let base = Int32(vertices.count)
        vertices.append(contentsOf: vs)
        openCommand(texture: texture, count: ids.count)
        if base == 0 {
            indices.append(contentsOf: ids)
        } else {
            for i in ids { indices.append(i &+ base) }
        }
    }

    private func openCommand(texture: TextureHandle, count: Int) {
        let clip = currentClip
        if var last = commands.last, last.texture == texture, last.clip == clip {
            last.indexCount += count
            commands[commands.count - 1] = last
        } else {
            commands.append(DrawCommand(texture: texture, clip: clip, indexStart: indices.count, indexCount: count))
        }
    }
}
