import SDLControlsSDL2
import Foundation

extension SDLHost {
    /// When the host keeps the UI's pixels in a cached render target and redraws only what
    /// changed, instead of drawing every view's geometry every frame. **(project choice)**
    public enum PixelCaching: Sendable {
        /// Whenever the renderer supports render targets: measured to pay with SDL's software
        /// renderer and with OpenGL (see the README's Performance).
        case automatic
        /// Whenever the renderer supports render targets.
        case always
        /// Never: every frame draws the geometry (still cached per view, so only changed
        /// views are tessellated again).
        case never
    }

    /// When the UI's pixels are cached between frames (`.automatic` by default). Falls back
    /// to drawing directly where render targets are missing or the window is larger than
    /// the renderer's largest texture.
    public var pixelCaching: PixelCaching {
        get {
            switch backend.compositor.policy {
            case .automatic: return .automatic
            case .always: return .always
            case .never: return .never
            }
        }
        set {
            let policy: UICompositor.Policy
            switch newValue {
            case .automatic: policy = .automatic
            case .always: policy = .always
            case .never: policy = .never
            }
            guard policy != backend.compositor.policy else { return }
            backend.compositor.policy = policy
            backend.compositor.invalidate(destroyTarget: true)
            window.setNeedsFullRedraw()
        }
    }

    /// Whether the UI's pixels are cached with the current renderer and setting.
    public var cachesPixels: Bool { backend.compositor.cachesPixels }

    /// The host's glyphs, tiles and images, for tools in this package (benchmarks).
    package var drawResources: DrawResources { backend }
}
