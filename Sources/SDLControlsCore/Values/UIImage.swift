import Foundation

/// A reference to an image asset. The core knows its file and, once a host has loaded it,
/// its size; pixels live in the SDL host, which loads and caches them as textures.
public final class UIImage: Hashable, Sendable {
    /// Folders searched by ``init(named:)``, in order: `Assets/` in the working folder, then
    /// the working folder. Safe to read and change from any thread (a lock guards it), as
    /// `UIImage(named:)` may be called from any thread.
    public static var assetSearchPaths: [URL] {
        get { searchPaths.withLock { $0 } }
        set { searchPaths.withLock { $0 = newValue } }
    }
    private static let searchPaths = Locked(UIImage.defaultSearchPaths())

    /// The file this image comes from.
    public let url: URL
    /// The asset name it was created with, when created by name.
    public let name: String?
    /// The size in points (pixels divided by ``scale``). Read from the file header for PNG,
    /// JPEG, GIF and BMP files; zero for other formats until a host decodes them and creates a
    /// sized image, and zero for a header that breaks its format's rules (a PNG side of 0 or
    /// over 2^31 − 1): such a file won't decode either.
    ///
    /// An image that will never draw measures zero, so layout does not make room for it: one
    /// whose header claims more than ``maximumPixelSide`` pixels per side or
    /// ``maximumPixelCount`` pixels, and one a host refused to load (not decodable, or over
    /// its renderer's own limit), from the moment it was refused.
    public var size: CGSize { isRefused ? .zero : headerSize }
    /// The size the file's header gave (or a host's decoder measured).
    private let headerSize: CGSize
    /// Set once a host has refused the file; read from any thread.
    private let refused: Locked<Bool>

    /// The most pixels per side of an image a host loads: 8,192 **(project choice)**. A host
    /// whose renderer takes less refuses more.
    public static let maximumPixelSide = 8192
    /// The most pixels of an image a host loads: 16,777,216 (4096 × 4096, 64 MiB as RGBA)
    /// **(project choice)**.
    public static let maximumPixelCount = 16_777_216

    /// Whether a host refused this image's file (it draws nothing and measures zero).
    package var isRefused: Bool { refused.withLock { $0 } }

    /// Marks the image refused by a host: from now on it measures zero. Returns whether it
    /// was not already marked (the caller then tells layout).
    @discardableResult
    package func markRefused() -> Bool {
        refused.withLock { was in
            defer { was = true }
            return !was
        }
    }
    /// Pixels per point (an `@2x` file has scale 2).
    public let scale: CGFloat
    /// The parts of the image (in points) that keep their size when it is drawn larger or
    /// smaller: the corners, and the edges across their length. `.zero` (not resizable) by
    /// default; set by ``resizableImage(withCapInsets:resizingMode:)``.
    public let capInsets: UIEdgeInsets
    /// How the middle of a resizable image fills its space: tiled (the default) or stretched.
    public let resizingMode: ResizingMode

    /// How the image's colours are used: as they are, or only its shape (alpha) in the
    /// tint colour of the view that draws it. See ``withRenderingMode(_:)``.
    public let renderingMode: RenderingMode

    /// Whether an image draws in its own colours or as a template.
    public enum RenderingMode: Int, Sendable {
        /// The drawing view decides; every view here draws such an image as it is.
        case automatic
        /// Always in its own colours.
        case alwaysOriginal
        /// Only its alpha, in the drawing view's tint colour (an icon in the game's colour).
        case alwaysTemplate
    }

    /// The same image (sliced the same way) with `renderingMode`. A template image is drawn
    /// by ``UIImageView`` in its ``UIView/tintColor`` (or its `imageTintColor` when set): each
    /// pixel keeps its alpha and takes the tint's colour.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(copying: self, capInsets: capInsets, resizingMode: resizingMode, renderingMode: renderingMode)
    }

    /// How the interior of a resizable image fills the space between its caps.
    public enum ResizingMode: Int, Sendable {
        /// Repeated at its own size; the last tile on each axis is cut. An interior of one
        /// pixel or less on an axis is stretched along it instead.
        case tile
        /// Scaled to fill.
        case stretch
    }

    /// The same image, resizable: `capInsets` (points) stay their size and the interior is
    /// tiled. See ``resizableImage(withCapInsets:resizingMode:)``.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The same image drawn as nine slices (a panel or button from one small picture): the
    /// corners keep their size in points, the edges stretch or tile along their length, and
    /// the interior fills the rest, by `resizingMode`.
    ///
    /// An inset that is negative, NaN or infinite counts as 0. Insets that add up to more
    /// than the image on an axis are scaled down together to fit it, and caps drawn into
    /// less room than they take are scaled down together the same way.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        let insets = UIEdgeInsets(top: clean(capInsets.top), left: clean(capInsets.left),
                                  bottom: clean(capInsets.bottom), right: clean(capInsets.right))
        return UIImage(copying: self, capInsets: insets, resizingMode: resizingMode, renderingMode: renderingMode)
    }

    private init(copying image: UIImage, capInsets: UIEdgeInsets, resizingMode: ResizingMode, renderingMode: RenderingMode) {
        url = image.url
        name = image.name
        scale = image.scale
        headerSize = image.headerSize
        refused = image.refused   // shared: the file is refused for every slicing of it
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.renderingMode = renderingMode
    }

    /// Finds an image by asset name in ``assetSearchPaths``: `name`, `name.png`, `name@2x.png`
    /// and other common extensions. Returns nil when no file matches, as UIKit does.
    public convenience init?(named name: String) {
        guard !name.isEmpty, !name.contains("\0") else { return nil }
        for folder in UIImage.assetSearchPaths {
            for candidate in [name, name + ".png", name + "@2x.png", name + ".jpg", name + ".bmp"] {
                let url = folder.appendingPathComponent(candidate)
                if RegularFile.isReadable(url.path) {
                    self.init(url: url, name: name, size: nil, scale: candidate.contains("@2x") ? 2 : 1)
                    return
                }
            }
        }
        return nil
    }

    /// An image from a file path; nil when the file does not exist or is not a readable
    /// regular file (a pipe or a device would block or never end).
    public convenience init?(contentsOfFile path: String) {
        guard RegularFile.isReadable(path) else { return nil }
        self.init(url: URL(fileURLWithPath: path), name: nil, size: nil, scale: path.contains("@2x") ? 2 : 1)
    }

    /// An image with a known size in points (hosts use this after decoding the file); a nil
    /// size is read from the file header.
    public init(url: URL, name: String?, size: CGSize?, scale: CGFloat) {
        self.url = url
        self.name = name
        refused = Locked(false)
        capInsets = .zero
        resizingMode = .tile
        renderingMode = .automatic
        let scale = scale > 0 && scale.isFinite ? scale : 1
        self.scale = scale
        if let size {
            headerSize = size
        } else if let px = UIImage.pixelSize(ofFileAt: url),
                  px.width <= CGFloat(UIImage.maximumPixelSide), px.height <= CGFloat(UIImage.maximumPixelSide),
                  px.width * px.height <= CGFloat(UIImage.maximumPixelCount) {
            headerSize = CGSize(width: px.width / scale, height: px.height / scale)
        } else {
            // No size, or one past the limits: hosts refuse such a file, so it takes no room.
            headerSize = .zero
        }
    }

    /// Reads the pixel size from a PNG, JPEG, GIF or BMP header without decoding; nil for
    /// other files and for headers that break their format's rules. Hosts also use it to
    /// refuse an image over their size limit before decoding it (a 65 KB PNG can claim
    /// 23,200 × 23,200 pixels).
    package static func pixelSize(ofFileAt url: URL) -> CGSize? {
        guard url.isFileURL, RegularFile.isReadable(url.path), let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 26), head.count >= 10 else { return nil }
        let b = [UInt8](head)
        func be32(_ i: Int) -> UInt32 { b[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        func le32(_ i: Int) -> Int32 { Int32(bitPattern: b[i..<i + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }) }
        if b.count >= 24, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The first chunk must be IHDR; each side is 1...2^31 − 1 (PNG specification).
            guard b[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
            let w = be32(16), h = be32(20)
            guard (1...0x7FFF_FFFF).contains(w), (1...0x7FFF_FFFF).contains(h) else { return nil }
            return CGSize(width: CGFloat(w), height: CGFloat(h))
        }
        if b.count >= 26, b[0] == 0x42, b[1] == 0x4D {
            // A negative height marks a top-down bitmap. `magnitude`, not `abs`: a hostile
            // Int32.min has no positive Int32.
            let w = le32(18).magnitude, h = le32(22).magnitude
            guard w > 0, h > 0 else { return nil }
            return CGSize(width: CGFloat(w), height: CGFloat(h))
        }
        if b[0..<6].elementsEqual(Array("GIF87a".utf8)) || b[0..<6].elementsEqual(Array("GIF89a".utf8)) {
            let w = UInt16(b[6]) | UInt16(b[7]) << 8, h = UInt16(b[8]) | UInt16(b[9]) << 8
            guard w > 0, h > 0 else { return nil }
            return CGSize(width: CGFloat(w), height: CGFloat(h))
        }
        if b[0] == 0xFF, b[1] == 0xD8 {
            try? handle.seek(toOffset: 0)
            return jpegPixelSize(handle)
        }
        return nil
    }

    /// The size in a JPEG's start-of-frame segment, found by walking the segments from the
    /// start (within the first 1 MiB: EXIF data and thumbnails come before it).
    private static func jpegPixelSize(_ handle: FileHandle) -> CGSize? {
        guard let data = try? handle.read(upToCount: 1 << 20) else { return nil }
        let b = [UInt8](data)
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }                        // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            // Start of frame (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6]), w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                guard w > 0, h > 0 else { return nil }
                return CGSize(width: CGFloat(w), height: CGFloat(h))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// Images are equal when they name the same file at the same scale, sliced and rendered
    /// the same way.
    public static func == (a: UIImage, b: UIImage) -> Bool {
        a.url == b.url && a.scale == b.scale && a.capInsets == b.capInsets && a.resizingMode == b.resizingMode
            && a.renderingMode == b.renderingMode
    }
    /// Hashes the file URL.
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }

    private static func defaultSearchPaths() -> [URL] {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return [cwd.appendingPathComponent("Assets"), cwd]
    }
}

/// A value guarded by a lock, for the few process-wide settings that any thread may read.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
