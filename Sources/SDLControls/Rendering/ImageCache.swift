import SDLControlsSDL2
import Foundation

/// Loads `UIImage` files with SDL2_image and keeps them as textures, one per file.
/// A missing or undecodable file is remembered as failed (and reported once), so a bad
/// asset costs nothing after the first frame and draws nothing.
@MainActor
final class ImageCache {
    private let renderer: OpaquePointer
    private var textures: [URL: (texture: OpaquePointer, handle: TextureHandle, w: Int32, h: Int32)] = [:]
    private var failed: Set<URL> = []
    private var byHandle: [Int: OpaquePointer] = [:]
    private var nextHandle = 1
    var uploads = 0
    var uploadedBytes = 0
    /// Messages about images that could not be loaded (for logs and tests).
    private(set) var failures: [String] = []

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    func texture(for image: UIImage) -> (handle: TextureHandle, pixelWidth: Int, pixelHeight: Int)? {
        if let t = textures[image.url] { return (t.handle, Int(t.w), Int(t.h)) }
        guard !failed.contains(image.url) else { return nil }
        guard let surface = IMG_Load(image.url.path) else {
            failed.insert(image.url)
            failures.append("\(image.url.path): \(sdlError())")
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else {
            failed.insert(image.url)
            failures.append("\(image.url.path): \(sdlError())")
            return nil
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let handle = TextureHandle(rawValue: nextHandle)
        nextHandle += 1
        let w = surface.pointee.w, h = surface.pointee.h
        textures[image.url] = (tex, handle, w, h)
        byHandle[handle.rawValue] = tex
        uploads += 1
        uploadedBytes += Int(w * h * 4)
        return (handle, Int(w), Int(h))
    }

    func sdlTexture(for handle: TextureHandle) -> OpaquePointer? {
        byHandle[handle.rawValue]
    }

    var textureBytes: Int { textures.values.reduce(0) { $0 + Int($1.w) * Int($1.h) * 4 } }

    /// Forgets every texture (after a device reset they are invalid); files load again on use.
    func reset() {
        for t in textures.values { SDL_DestroyTexture(t.texture) }
        textures.removeAll()
        byHandle.removeAll()
        failed.removeAll()
    }
}
