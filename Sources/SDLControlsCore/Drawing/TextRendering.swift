import Foundation

/// Line metrics of a font, in points.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the tallest glyphs.
    public var ascender: CGFloat
    /// Distance from the baseline to the bottom of the lowest glyphs (positive).
    public var descender: CGFloat
    /// Recommended distance between baselines.
    public var lineHeight: CGFloat
    /// Creates metrics.
    public init(ascender: CGFloat, descender: CGFloat, lineHeight: CGFloat) {
        self.ascender = ascender; self.descender = descender; self.lineHeight = lineHeight
    }
}

/// Measures text for layout (`sizeThatFits`, truncation). The SDL host implements it with
/// SDL_ttf; without a host, ``ApproximateTextMeasurer`` estimates.
@MainActor
public protocol TextMeasuring: AnyObject {
    /// The size of one line of `text` in points.
    func size(of text: String, font: UIFont) -> CGSize
    /// The font's line metrics in points.
    func metrics(of font: UIFont) -> FontMetrics
}

/// A measurer for code that runs without a renderer (core tests, tools): a fixed
/// advance per character. Real hosts replace it.
@MainActor
public final class ApproximateTextMeasurer: TextMeasuring {
    /// Creates the measurer.
    public init() {}
    /// 0.55 em per grapheme of the text as drawn (`String.displayText`), one line high.
    public func size(of text: String, font: UIFont) -> CGSize {
        CGSize(width: (CGFloat(text.displayText.count) * font.pointSize * 0.55).rounded(.up), height: metrics(of: font).lineHeight)
    }
    /// Typical proportions of a UI font.
    public func metrics(of font: UIFont) -> FontMetrics {
        FontMetrics(ascender: (font.pointSize * 0.93).rounded(.up), descender: (font.pointSize * 0.24).rounded(.up),
                    lineHeight: (font.pointSize * 1.17).rounded(.up))
    }
}

/// One glyph (or, for text that needs shaping, one whole shaped run) ready to draw: a
/// rectangle in pixels relative to the line's top-left corner and where its pixels are.
public struct GlyphQuad: Hashable, Sendable {
    /// Left edge, pixels from the line's origin.
    public var x0: Float
    /// Top edge.
    public var y0: Float
    /// Right edge.
    public var x1: Float
    /// Bottom edge.
    public var y1: Float
    /// The pixels.
    public var region: AtlasRegion
    /// Creates a quad.
    public init(x0: Float, y0: Float, x1: Float, y1: Float, region: AtlasRegion) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1; self.region = region
    }
}

/// A line of text laid out for drawing: its glyph quads and its size in pixels. Reused
/// between calls (its storage keeps its capacity), so drawing text allocates nothing in
/// steady state.
public struct GlyphRun: Sendable {
    /// The quads, in drawing order.
    public var quads: [GlyphQuad] = []
    /// The advance width of the line in pixels: what ``TextMeasuring/size(of:font:)`` reports
    /// (times the scale).
    public var width: Float = 0
    /// The line height in pixels.
    public var height: Float = 0
    /// An empty run.
    public init() {}
}

/// What the draw traversal needs from the host: glyphs and shape tiles in its atlas, image
/// textures, and the white texel that plain fills sample. Implemented by the SDL host's
/// renderer.
@MainActor
public protocol DrawResources: TextMeasuring {
    /// The texture coordinate of an opaque white texel in ``TextureHandle/atlas``.
    var whiteTexel: (u: Float, v: Float) { get }
    /// Changes whenever cached texture coordinates become invalid (the atlas was reset,
    /// grown or recreated); the traversal then rebuilds all geometry.
    var resourceGeneration: UInt64 { get }
    /// Whether tiles and glyphs carry their colour in their pixels (drawn with a white vertex
    /// colour) instead of being white masks tinted by the vertex colour. The software
    /// renderer copies untinted pixels several times faster than tinted ones.
    var bakesColors: Bool { get }
    /// The atlas region of a shape tile, rasterizing it on first use; nil when it can't be
    /// placed (the atlas is full: the host grows or resets it and builds the frame again).
    func tile(_ key: ShapeTileKey) -> AtlasRegion?
    /// The atlas region of a composite of stacked shape tiles (colours baked), rasterizing it
    /// on first use; nil when it can't be placed (the shapes are then drawn one by one).
    func compositeTile(_ key: CompositeTileKey) -> AtlasRegion?
    /// Lays out one line of `text` at `scale` pixels per point in `color` (ARGB; white when
    /// colours are not baked) into `run`, rasterizing glyphs on first use. Returns false
    /// when nothing can be drawn.
    func layoutGlyphs(_ text: String, font: UIFont, scale: CGFloat, color: UInt32, into run: inout GlyphRun) -> Bool
    /// The texture for `image` and its size in pixels, loading it on first use; nil when it
    /// can't be loaded (a missing or corrupt file draws nothing).
    func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)?
}

extension DrawResources {
    /// No composites: each layer is drawn as its own tile (resources that predate them).
    public func compositeTile(_ key: CompositeTileKey) -> AtlasRegion? { nil }
}

extension UIView {
    /// What this view measures text with for layout: its window's measurer, else the
    /// application's (the SDL host's while one runs, else an estimate).
    public var textMeasurer: TextMeasuring { window?.hostTextMeasurer ?? UIApplication.shared.textMeasurer }
}
