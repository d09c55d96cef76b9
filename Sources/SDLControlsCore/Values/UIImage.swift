import Foundation

/// A reference to an image asset. The core knows its file and, once a host has loaded it,
/// its size; pixels live in the SDL host, which loads and caches them as textures.
public final class UIImage: Hashable, Sendable {
    /// Folders searched by ``init(named:)``, in order. The SDL host adds `Assets/` here.
    nonisolated(unsafe) public static var assetSearchPaths: [URL] = UIImage.defaultSearchPaths()

    /// The file this image comes from.
    public let url: URL
    /// The asset name it was created with, when created by name.
    public let name: String?
    /// The size in points (pixels divided by ``scale``). Read from the file header for PNG and
    /// BMP files; zero for other formats until a host decodes them and creates a sized image.
    public let size: CGSize
    /// Pixels per point (an `@2x` file has scale 2).
    public let scale: CGFloat

    /// Finds an image by asset name in ``assetSearchPaths``: `name`, `name.png`, `name@2x.png`
    /// and other common extensions. Returns nil when no file matches, as UIKit does.
    public convenience init?(named name: String) {
        guard !name.isEmpty, !name.contains("\0") else { return nil }
        let fm = FileManager.default
        for folder in UIImage.assetSearchPaths {
            for candidate in [name, name + ".png", name + "@2x.png", name + ".jpg", name + ".bmp"] {
                let url = folder.appendingPathComponent(candidate)
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue {
                    self.init(url: url, name: name, size: nil, scale: candidate.contains("@2x") ? 2 : 1)
                    return
                }
            }
        }
        return nil
    }

    /// An image from a file path; nil when the file does not exist.
    public convenience init?(contentsOfFile path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        self.init(url: URL(fileURLWithPath: path), name: nil, size: nil, scale: path.contains("@2x") ? 2 : 1)
    }

    /// An image with a known size in points (hosts use this after decoding the file); a nil
    /// size is read from the file header.
    public init(url: URL, name: String?, size: CGSize?, scale: CGFloat) {
        self.url = url
        self.name = name
        let scale = scale > 0 && scale.isFinite ? scale : 1
        self.scale = scale
        if let size {
            self.size = size
        } else if let px = UIImage.pixelSize(ofFileAt: url) {
            self.size = CGSize(width: px.width / scale, height: px.height / scale)
        } else {
            self.size = .zero
        }
    }

    /// Reads the pixel size from a PNG or BMP header without decoding; nil for other files.
    static func pixelSize(ofFileAt url: URL) -> CGSize? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 26), head.count >= 26 else { return nil }
        let b = [UInt8](head)
        func be32(_ i: Int) -> UInt32 { b[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        func le32(_ i: Int) -> Int32 { Int32(bitPattern: b[i..<i + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }) }
        if b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return CGSize(width: CGFloat(be32(16)), height: CGFloat(be32(20)))
        }
        if b[0] == 0x42, b[1] == 0x4D {
            // A negative height marks a top-down bitmap. `magnitude`, not `abs`: a hostile
            // Int32.min has no positive Int32.
            return CGSize(width: CGFloat(le32(18).magnitude), height: CGFloat(le32(22).magnitude))
        }
        return nil
    }

    /// Images are equal when they name the same file at the same scale.
    public static func == (a: UIImage, b: UIImage) -> Bool { a.url == b.url && a.scale == b.scale }
    /// Hashes the file URL.
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }

    private static func defaultSearchPaths() -> [URL] {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return [cwd.appendingPathComponent("Assets"), cwd]
    }
}
