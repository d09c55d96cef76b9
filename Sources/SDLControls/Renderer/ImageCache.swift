import SDLControlsSDL2
import Foundation

/// Loads `UIImage` files with SDL2_image and keeps them as textures, one per file.
///
/// - A missing, corrupt or truncated file, or one over the size limit, is remembered as
///   failed and reported once (through ``report``, the host's log) with the file and the
///   reason; it draws nothing and costs nothing after the first frame.
/// - Size limit: at most `UIImage.maximumPixelSide` pixels per side (or the renderer's
///   maximum texture size when that is smaller) and at most `UIImage.maximumPixelCount`
///   pixels (64 MiB as RGBA). PNG, JPEG, GIF and BMP sizes are read from the header and
///   checked *before* decoding, so a small file that claims billions of pixels is refused
///   without allocating them; other formats are checked after decoding. Larger images are
///   refused, not scaled: scale them offline.
/// - A refused image measures zero from then on (`UIImage.size`), and ``onRefused`` tells the
///   host so layout stops making room for it.
/// - What the decoding library prints on standard error (libpng's `libpng error:` lines) is
///   taken into the one-line reason instead (``LibraryErrorCapture``).
@MainActor
final class ImageCache {

    private let renderer: OpaquePointer
    /// Textures by file, and whether it is the file's template (white, its alpha kept).
    private var textures: [Key: (texture: OpaquePointer, handle: TextureHandle, w: Int, h: Int)] = [:]
    private struct Key: Hashable {
        let url: URL
        let template: Bool
    }
    private var failed: Set<URL> = []
    private var byHandle: [Int: OpaquePointer] = [:]
    private var nextHandle = 1
    /// The renderer's own limit per side, when it has one (0 for none).
    private let rendererMaximumSide: Int
    var uploads = 0
    var uploadedBytes = 0
    /// Messages about images that could not be loaded (for logs and tests).
    private(set) var failures: [String] = []
    /// Where each failure is reported once (the host sets it to its log).
    var report: ((String) -> Void)?
    /// Called when an image is first marked refused (its size became zero).
    var onRefused: ((UIImage) -> Void)?

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0 {
            rendererMaximumSide = Int(min(info.max_texture_width, info.max_texture_height))
        } else {
            rendererMaximumSide = 0
        }
    }

    /// The most pixels per side this renderer takes.
    var maximumSide: Int {
        rendererMaximumSide > 0 ? min(UIImage.maximumPixelSide, rendererMaximumSide) : UIImage.maximumPixelSide
    }

    /// Why an image of `width` × `height` pixels can't be loaded, or nil when it can.
    func limitProblem(width: Int, height: Int) -> String? {
        if width > maximumSide || height > maximumSide {
            return "\(width)×\(height) pixels is over the limit of \(maximumSide) pixels per side"
        }
        if width * height > UIImage.maximumPixelCount {
            return "\(width)×\(height) pixels is over the limit of \(UIImage.maximumPixelCount) pixels"
        }
        return nil
    }

    func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)? {
        let key = Key(url: image.url, template: image.renderingMode == .alwaysTemplate)
        if let t = textures[key] { return (t.handle, t.w, t.h) }
        guard !failed.contains(image.url) else {
            // Another UIImage of a file already refused: it measures zero too.
            if image.markRefused() { onRefused?(image) }
            return nil
        }
        guard image.url.isFileURL, RegularFile.isReadable(image.url.path) else {
            return fail(image, "not a readable regular file")
        }
        if let header = UIImage.pixelSize(ofFileAt: image.url),
           let problem = limitProblem(width: Int(header.width), height: Int(header.height)) {
            return fail(image, problem)
        }
        let (loaded, printed) = LibraryErrorCapture.run { IMG_Load(image.url.path) }
        // What the decoder printed explains a failure; after a success it was a warning
        // (an sRGB profile libpng finds odd, say), not worth a line.
        guard let surface = loaded else { return fail(image, ([sdlError()] + printed).filter { !$0.isEmpty }.joined(separator: "; ")) }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        if let problem = limitProblem(width: w, height: h) { return fail(image, problem) }
        var source = surface
        var converted: UnsafeMutablePointer<SDL_Surface>?
        defer { if let converted { SDL_FreeSurface(converted) } }
        if key.template {
            // Its shape only: every pixel white, its alpha kept, so a tint colours it whole.
            guard let c = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return fail(image, sdlError()) }
            converted = c
            if SDL_LockSurface(c) == 0 {
                let pitch = Int(c.pointee.pitch) / 4
                let px = c.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                for y in 0..<h { for x in 0..<w { px[y * pitch + x] |= 0x00FF_FFFF } }
                SDL_UnlockSurface(c)
            }
            source = c
        }
        guard let tex = SDL_CreateTextureFromSurface(renderer, source) else { return fail(image, sdlError()) }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let handle = TextureHandle(rawValue: nextHandle)
        nextHandle += 1
        textures[key] = (tex, handle, w, h)
        byHandle[handle.rawValue] = tex
        uploads += 1
        uploadedBytes += w * h * 4
        return (handle, w, h)
    }

    /// Remembers `image` as failed and reports it once.
    private func fail(_ image: UIImage, _ reason: String) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)? {
        failed.insert(image.url)
        if image.markRefused() { onRefused?(image) }
        let message = "image \(image.url.path) not loaded: \(reason.isEmpty ? "unknown error" : reason)"
        failures.append(message)
        report?(message)
        return nil
    }

    func sdlTexture(for handle: TextureHandle) -> OpaquePointer? {
        byHandle[handle.rawValue]
    }

    var textureBytes: Int { textures.values.reduce(0) { $0 + $1.w * $1.h * 4 } }

    /// Forgets every texture (after a device reset they are invalid); files load again on use.
    /// Failed files stay failed, so each is reported once.
    func reset() {
        for t in textures.values { SDL_DestroyTexture(t.texture) }
        textures.removeAll()
        byHandle.removeAll()
    }
}
