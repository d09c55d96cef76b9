import SDLControlsSDL2
import Foundation

/// Rasterizes lines of text with SDL_ttf into one atlas texture and remembers where each is.
///
/// - A line is rasterized once per (text, font, pixel size) and reused until the atlas is
///   reset, so a still UI rasterizes nothing.
/// - Packing is by shelves. When the atlas is full the whole atlas is reset (its
///   ``generation`` changes, which tells the draw traversal to rebuild geometry) and the
///   frame is built again, so texture memory stays at one fixed texture.
/// - The atlas also holds a white block that shapes sample.
@MainActor
final class TextAtlas {
    static let size: Int32 = 2048
    /// Top-left white block (shapes sample its center).
    static let whiteBlock: Int32 = 4

    private(set) var texture: OpaquePointer?
    private(set) var generation: UInt64 = 1
    /// Set when a run did not fit; the host resets and rebuilds the frame.
    private(set) var overflowed = false
    private let renderer: OpaquePointer
    let fonts: FontLibrary

    private struct RunKey: Hashable {
        var text: String
        var path: String
        var pixelSize: Int
    }
    private var runs: [RunKey: TextRun] = [:]
    private var shelves: [(y: Int32, height: Int32, x: Int32)] = []
    private var nextShelfY: Int32 = TextAtlas.whiteBlock + 1
    private var pixelBuffer: [UInt32] = []

    // Counters, reset by the host each frame.
    var runsRasterized = 0
    var uploads = 0
    var uploadedBytes = 0

    init(renderer: OpaquePointer, fonts: FontLibrary) {
        self.renderer = renderer
        self.fonts = fonts
        createTexture()
    }

    /// Texture bytes this atlas holds on the GPU.
    var textureBytes: Int { texture == nil ? 0 : Int(TextAtlas.size) * Int(TextAtlas.size) * 4 }

    var whiteTexel: (u: Float, v: Float) {
        let c = Float(TextAtlas.whiteBlock) / 2 / Float(TextAtlas.size)
        return (c, c)
    }

    /// Drops every run and recreates the texture (after a device reset, or when full).
    func reset(recreateTexture: Bool) {
        runs.removeAll(keepingCapacity: true)
        shelves.removeAll(keepingCapacity: true)
        nextShelfY = TextAtlas.whiteBlock + 1
        overflowed = false
        generation &+= 1
        if recreateTexture {
            if let texture { SDL_DestroyTexture(texture) }
            texture = nil
            createTexture()
        }
    }

    private func createTexture() {
        guard let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                          Int32(SDL_TEXTUREACCESS_STATIC.rawValue), TextAtlas.size, TextAtlas.size) else {
            texture = nil
            return
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        // Clear to transparent, then the white block.
        let row = [UInt32](repeating: 0, count: Int(TextAtlas.size) * 64)
        row.withUnsafeBytes { raw in
            var y: Int32 = 0
            while y < TextAtlas.size {
                var r = SDL_Rect(x: 0, y: y, w: TextAtlas.size, h: 64)
                SDL_UpdateTexture(tex, &r, raw.baseAddress, TextAtlas.size * 4)
                y += 64
            }
        }
        let white = [UInt32](repeating: 0xFFFF_FFFF, count: Int(TextAtlas.whiteBlock * TextAtlas.whiteBlock))
        white.withUnsafeBytes { raw in
            var r = SDL_Rect(x: 0, y: 0, w: TextAtlas.whiteBlock, h: TextAtlas.whiteBlock)
            SDL_UpdateTexture(tex, &r, raw.baseAddress, TextAtlas.whiteBlock * 4)
        }
        uploads += 1
        uploadedBytes += textureBytes
        texture = tex
    }

    /// The atlas rectangle of `text` in `font` at `scale`, rasterizing it on first use.
    func run(_ text: String, font: UIFont, scale: CGFloat) -> TextRun? {
        guard texture != nil, !text.isEmpty else { return nil }
        let pixelSize = Int(saturating: (font.pointSize * scale).rounded())   // FontLibrary clamps it to 1...2000
        let path = fonts.path(for: font)
        let key = RunKey(text: text, path: path, pixelSize: pixelSize)
        if let run = runs[key] { return run }
        guard !overflowed else { return nil }
        guard let run = rasterize(text, path: path, pixelSize: pixelSize) else { return nil }
        runs[key] = run
        return run
    }

    private func rasterize(_ text: String, path: String, pixelSize: Int) -> TextRun? {
        let segments = fonts.segments(of: text, mainPath: path, pixelSize: pixelSize)
        guard let mainFont = segments.first?.font ?? fonts.font(path: path, pixelSize: pixelSize) else { return nil }
        var surfaces: [(UnsafeMutablePointer<SDL_Surface>, ascent: Int32)] = []
        defer { for s in surfaces { SDL_FreeSurface(s.0) } }
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        var width: Int32 = 0
        let ascent = TTF_FontAscent(mainFont)
        var height = TTF_FontHeight(mainFont)
        for seg in segments {
            guard let raw = TTF_RenderUTF8_Blended(seg.font, seg.text, white) else { continue }
            // SDL_ttf returns ARGB8888; convert defensively if a build differs.
            var s = raw
            if raw.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue,
               let conv = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) {
                SDL_FreeSurface(raw)
                s = conv
            }
            let a = TTF_FontAscent(seg.font)
            surfaces.append((s, a))
            width += s.pointee.w
            height = max(height, s.pointee.h + max(0, ascent - a))
        }
        guard width > 0, height > 0 else { return nil }
        let w = min(width, TextAtlas.size - 2), h = min(height, TextAtlas.size - 2)
        guard let origin = allocate(width: w, height: h) else {
            overflowed = true
            return nil
        }
        // Compose the segments on a shared baseline into one buffer.
        pixelBuffer.removeAll(keepingCapacity: true)
        pixelBuffer.append(contentsOf: repeatElement(0, count: Int(w * h)))
        var x: Int32 = 0
        for (s, a) in surfaces {
            let dy = max(0, ascent - a)
            let pitch = Int(s.pointee.pitch) / 4
            let src = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            for row in 0..<Int(s.pointee.h) where Int32(row) + dy < h {
                for col in 0..<Int(s.pointee.w) where x + Int32(col) < w {
                    pixelBuffer[(row + Int(dy)) * Int(w) + Int(x) + col] = src[row * pitch + col]
                }
            }
            x += s.pointee.w
        }
        var rect = SDL_Rect(x: origin.x, y: origin.y, w: w, h: h)
        pixelBuffer.withUnsafeBytes { raw in
            _ = SDL_UpdateTexture(texture, &rect, raw.baseAddress, w * 4)
        }
        runsRasterized += 1
        uploads += 1
        uploadedBytes += Int(w * h * 4)
        let s = Float(TextAtlas.size)
        return TextRun(texture: .atlas, u0: Float(origin.x) / s, v0: Float(origin.y) / s,
                       u1: Float(origin.x + w) / s, v1: Float(origin.y + h) / s, pixelWidth: Int(w), pixelHeight: Int(h))
    }

    /// Shelf packing with one pixel of padding.
    private func allocate(width: Int32, height: Int32) -> (x: Int32, y: Int32)? {
        let w = width + 1, h = height + 1
        for i in shelves.indices where shelves[i].height >= h && shelves[i].height <= h + h / 3 + 2
            && shelves[i].x + w <= TextAtlas.size {
            let x = shelves[i].x
            shelves[i].x += w
            return (x, shelves[i].y)
        }
        guard nextShelfY + h <= TextAtlas.size, w <= TextAtlas.size else { return nil }
        shelves.append((nextShelfY, h, w))
        defer { nextShelfY += h }
        return (0, nextShelfY)
    }

    func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
    }
}
