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
    /// 0.55 em per grapheme, one line high.
    public func size(of text: String, font: UIFont) -> CGSize {
        CGSize(width: (CGFloat(text.count) * font.pointSize * 0.55).rounded(.up), height: metrics(of: font).lineHeight)
    }
    /// Typical proportions of a UI font.
    public func metrics(of font: UIFont) -> FontMetrics {
        FontMetrics(ascender: (font.pointSize * 0.93).rounded(.up), descender: (font.pointSize * 0.24).rounded(.up),
                    lineHeight: (font.pointSize * 1.17).rounded(.up))
    }
}

/// A piece of rasterized text in a texture: a line of text (one font), ready to draw as a
/// textured quad. Coordinates are in the texture's pixels.
public struct TextRun: Hashable, Sendable {
    /// The texture holding the pixels (usually ``TextureHandle/atlas``).
    public var texture: TextureHandle
    /// Texture coordinates of the run's rectangle, 0...1.
    public var u0: Float, v0: Float, u1: Float, v1: Float
    /// Size of the run in output pixels.
    public var pixelWidth: Int
    /// Height of the run in output pixels.
    public var pixelHeight: Int
    /// Creates a run.
    public init(texture: TextureHandle, u0: Float, v0: Float, u1: Float, v1: Float, pixelWidth: Int, pixelHeight: Int) {
        self.texture = texture; self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }
}

/// What the draw traversal needs from the host: rasterized text, image textures and the
/// white texel that shapes sample. Implemented by the SDL host's renderer.
@MainActor
public protocol DrawResources: TextMeasuring {
    /// The texture coordinate of an opaque white texel in ``TextureHandle/atlas``.
    var whiteTexel: (u: Float, v: Float) { get }
    /// Changes whenever cached texture coordinates become invalid (the atlas was reset or
    /// recreated); the traversal then rebuilds all geometry.
    var resourceGeneration: UInt64 { get }
    /// `text` rasterized at `scale` pixels per point, white with alpha (vertex colours tint it).
    func textRun(_ text: String, font: UIFont, scale: CGFloat) -> TextRun?
    /// The texture for `image` and its size in pixels, loading it on first use; nil when it
    /// can't be loaded (a missing or corrupt file draws nothing).
    func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)?
}

extension UIView {
    /// What this view measures text with for layout: its window's measurer, else the
    /// application's (the SDL host's while one runs, else an estimate).
    public var textMeasurer: TextMeasuring { window?.hostTextMeasurer ?? UIApplication.shared.textMeasurer }
}
