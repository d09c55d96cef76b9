import Foundation

/// What one frame cost the GPU side, readable from code after ``SDLHost/render()``.
public struct FrameCounters: Hashable, Sendable, CustomStringConvertible {
    /// `SDL_RenderGeometry` calls.
    public var geometrySubmissions = 0
    /// Vertices submitted.
    public var vertices = 0
    /// Indices submitted.
    public var indices = 0
    /// Times consecutive submissions used a different texture.
    public var textureSwitches = 0
    /// Glyphs (and whole runs of text that needs shaping) rasterized with SDL_ttf this frame;
    /// 0 in steady state, and once each glyph has been seen, 0 even while text changes.
    public var glyphRunsRasterized = 0
    /// Texture uploads this frame (0 in steady state).
    public var textureUploads = 0
    /// Bytes uploaded to textures this frame.
    public var uploadedBytes = 0
    /// Bytes held in textures the host owns (the atlas, images and ``cachedPixelBytes``).
    public var textureBytes = 0
    /// Bytes of the UI's cached pixels (render targets the size of the occupied regions of
    /// the window; 0 when nothing is cached).
    public var cachedPixelBytes = 0
    /// Times the atlas was grown or emptied during this frame because it was full (the frame
    /// was then built again); steady text never fills it, so this stays 0.
    public var atlasResets = 0
    /// Whether the draw list was rebuilt (false: nothing changed, last list resubmitted).
    public var drawListRebuilt = false
    /// Views whose geometry was tessellated again this frame.
    public var viewsRedrawn = 0
    /// Views the drawing pass visited this frame: those that changed, their ancestors, and
    /// the subviews of a view that moved, scrolled, faded or changed style (unchanged
    /// subtrees are skipped whole).
    public var viewsVisited = 0
    /// Copies of cached UI pixels onto the render target (0 when the frame drew its geometry
    /// directly; see `UICompositor`).
    public var compositeCopies = 0
    /// Rectangles of the cached UI pixels cleared and drawn again this frame.
    public var redrawnRects = 0
    /// Calls that clear rectangles of the cached pixels before they are drawn again (one
    /// per cached region drawn into, whatever the number of rectangles).
    public var cacheClears = 0
    /// `SDL_SetRenderTarget` calls: into a cached region and back to the game's target (two
    /// per region drawn into; 0 in a still frame or one drawn directly). An accelerated
    /// renderer flushes its queued work at each.
    public var renderTargetSwitches = 0
    /// Everything the frame handed the renderer to draw: geometry submissions, copies of
    /// cached pixels and cache clears. What a driver's per-call cost multiplies.
    public var drawCalls: Int { geometrySubmissions + compositeCopies + cacheClears }
    /// UI pixels drawn this frame (into the cache, or directly); 0 when the cached pixels
    /// were reused as they were.
    public var redrawnPixels = 0

    /// Creates zeroed counters.
    public init() {}

    /// One line, for logs.
    public var description: String {
        "submissions=\(geometrySubmissions) vertices=\(vertices) indices=\(indices) textureSwitches=\(textureSwitches) "
            + "runsRasterized=\(glyphRunsRasterized) uploads=\(textureUploads) uploadedBytes=\(uploadedBytes) "
            + "textureBytes=\(textureBytes) atlasResets=\(atlasResets) rebuilt=\(drawListRebuilt) viewsRedrawn=\(viewsRedrawn) viewsVisited=\(viewsVisited) "
            + "compositeCopies=\(compositeCopies) cacheClears=\(cacheClears) renderTargetSwitches=\(renderTargetSwitches) "
            + "redrawnRects=\(redrawnRects) redrawnPixels=\(redrawnPixels)"
    }
}
