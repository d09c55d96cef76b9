import SDLControlsSDL2
import Foundation

/// The render state the UI changes while it draws, saved before and put back exactly after:
/// the one way the library saves and restores a renderer's state (the host around a frame or
/// a read-back, the pixel cache around drawing into its own texture).
///
/// It keeps draw colour, blend mode, scale, viewport and clip rectangle, and the render target
/// with the logical size SDL resets when the target changes. Viewport and clip are read at
/// scale 1, in output pixels, and put back the way that reproduces both the pixels and what
/// the game reads back with its own scale. A target switched away while the snapshot was held
/// is bound again first (SDL only restores the window's own settings on that switch, so a
/// game drawing into its own texture gets its settings back from here).
struct RenderStateSnapshot {
    let renderer: OpaquePointer
    /// The bound render target (nil: the window).
    let target: OpaquePointer?
    var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
    var blend = SDL_BLENDMODE_NONE
    var scaleX: Float = 1, scaleY: Float = 1
    /// Viewport and clip as the game's getters report them (its scale's units) and in pixels.
    var viewportUnits = SDL_Rect(), viewportPixels = SDL_Rect()
    var clipEnabled = false
    var clipUnits = SDL_Rect(), clipPixels = SDL_Rect()
    /// The logical size (0 × 0: none) and integer scaling, put back only with the target.
    var logicalW: Int32 = 0, logicalH: Int32 = 0
    var integerScale = SDL_FALSE

    /// Saves the state and leaves the renderer at scale 1 (viewport and clip unchanged).
    init(renderer: OpaquePointer) {
        self.renderer = renderer
        target = SDL_GetRenderTarget(renderer)
        SDL_GetRenderDrawColor(renderer, &r, &g, &b, &a)
        SDL_GetRenderDrawBlendMode(renderer, &blend)
        SDL_RenderGetLogicalSize(renderer, &logicalW, &logicalH)
        integerScale = SDL_RenderGetIntegerScale(renderer)
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        clipEnabled = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        let scaled = scaleX.isFinite && scaleY.isFinite && scaleX > 0 && scaleY > 0
        if scaled {
            SDL_RenderGetViewport(renderer, &viewportUnits)
            SDL_RenderGetClipRect(renderer, &clipUnits)
        }
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderGetViewport(renderer, &viewportPixels)
        SDL_RenderGetClipRect(renderer, &clipPixels)
        if !scaled {
            viewportUnits = viewportPixels
            clipUnits = clipPixels
        }
    }

    /// The game's viewport in output pixels.
    var viewport: CGRect {
        CGRect(x: CGFloat(viewportPixels.x), y: CGFloat(viewportPixels.y), width: CGFloat(viewportPixels.w), height: CGFloat(viewportPixels.h))
    }

    /// Whether setting `units` at the saved scale gives exactly `pixels` (then the game's
    /// rectangle is put back as it set it; otherwise the pixels are).
    private func reproduces(_ units: SDL_Rect, _ pixels: SDL_Rect) -> Bool {
        let sx = Double(scaleX), sy = Double(scaleY)
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0 else { return false }
        return Int32(exactly: (Double(units.x) * sx).rounded(.down)) == pixels.x
            && Int32(exactly: (Double(units.y) * sy).rounded(.down)) == pixels.y
            && Int32(exactly: (Double(units.w) * sx).rounded(.down)) == pixels.w
            && Int32(exactly: (Double(units.h) * sy).rounded(.down)) == pixels.h
    }

    /// Puts everything back.
    func restore() {
        if SDL_GetRenderTarget(renderer) != target {
            SDL_SetRenderTarget(renderer, target)
            if logicalW > 0 && logicalH > 0 {
                SDL_RenderSetLogicalSize(renderer, logicalW, logicalH)
                SDL_RenderSetIntegerScale(renderer, integerScale)
            }
        }
        let viewportAsUnits = reproduces(viewportUnits, viewportPixels)
        let clipAsUnits = clipEnabled && reproduces(clipUnits, clipPixels)
        SDL_RenderSetScale(renderer, 1, 1)
        var vp = viewportPixels, clip = clipPixels
        if !viewportAsUnits { SDL_RenderSetViewport(renderer, &vp) }
        if !clipEnabled {
            SDL_RenderSetClipRect(renderer, nil)
        } else if !clipAsUnits {
            SDL_RenderSetClipRect(renderer, &clip)
        }
        SDL_RenderSetScale(renderer, scaleX, scaleY)
        var vu = viewportUnits, cu = clipUnits
        if viewportAsUnits { SDL_RenderSetViewport(renderer, &vu) }
        if clipAsUnits { SDL_RenderSetClipRect(renderer, &cu) }
        SDL_SetRenderDrawBlendMode(renderer, blend)
        SDL_SetRenderDrawColor(renderer, r, g, b, a)
    }

    /// Reads a rectangle getter at scale 1 (in pixels), then puts the scale back.
    static func pixelRect(_ get: (inout SDL_Rect) -> Void, restoring scale: (OpaquePointer, Float, Float)) -> CGRect {
        SDL_RenderSetScale(scale.0, 1, 1)
        var r = SDL_Rect()
        get(&r)
        SDL_RenderSetScale(scale.0, scale.1, scale.2)
        return CGRect(x: CGFloat(r.x), y: CGFloat(r.y), width: CGFloat(max(0, r.w)), height: CGFloat(max(0, r.h)))
    }
}
