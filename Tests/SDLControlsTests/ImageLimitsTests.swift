import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Images that lie, are broken, or are too large: no crash, a documented limit, and one log
/// line per file naming it and the reason.
@MainActor
struct ImageLimitsTests {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-limits-\(UUID().uuidString)")

    /// A PNG that is only a signature, an IHDR claiming `width` × `height`, and IEND: 45 bytes.
    static func headerOnlyPNG(width: UInt32, height: UInt32) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            bytes += be(UInt32(data.count)) + body + be(crc32(body))
        }
        chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        chunk("IEND", [])
        let url = folder.appendingPathComponent("lying-\(width)x\(height).png")
        try Data(bytes).write(to: url)
        return url
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    /// A real PNG of `width` × `height` written with SDL.
    static func realPNG(width: Int32, height: Int32) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("real-\(width)x\(height)-\(UUID().uuidString).png")
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        SDL_FillRect(surface, nil, 0xFF20_8040)
        #expect(IMG_SavePNG(surface, url.path) == 0)
        SDL_FreeSurface(surface)
        return url
    }

    /// A new atlas (no text drawn): its side never grew.
    static let atlasBytes = Int(TextureAtlas.initialSide) * Int(TextureAtlas.initialSide) * 4

    private func host() throws -> (SDLHost, () -> [String]) {
        let host = try makeHeadlessHost()
        host.pixelCaching = .never   // texture bytes are then the atlas's and the images'
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        host.log = { lines.all.append($0) }
        return (host, { lines.all })
    }

    /// Draws `image` in a view that fits itself to it and clips a subview, for two frames.
    private func show(_ image: UIImage, in host: SDLHost) {
        let view = UIImageView(image: image)
        view.sizeToFit()
        view.clipsToBounds = true
        view.addSubview(UIView(frame: CGRect(x: 1, y: 1, width: 10, height: 10)))
        view.subviews[0].backgroundColor = .systemRed
        host.window.addSubview(view)
        for _ in 0..<2 {
            host.update()
            host.renderFrame()
        }
    }

    @Test func aPNGWhoseHeaderClaimsFourBillionPixelsASideIsSafe() throws {
        // Before: the image view took the header's 4294967295 points and its clip trapped.
        let url = try Self.headerOnlyPNG(width: .max, height: .max)
        #expect(try Data(contentsOf: url).count == 45)
        let image = try #require(UIImage(contentsOfFile: url.path))
        #expect(image.size == .zero, "a side over 2^31 − 1 breaks the PNG rules: no size")
        let (host, log) = try host()
        defer { host.shutdown() }
        show(image, in: host)
        #expect(log().count == 1)
        #expect(log().first?.contains(url.path) == true)
    }

    @Test(arguments: [(23_200, 23_200), (32_768, 16_384), (16_384, 16_384), (8_193, 1), (4_097, 4_096)])
    func imagesOverTheLimitAreRefusedBeforeDecoding(_ w: Int, _ h: Int) throws {
        let url = try Self.headerOnlyPNG(width: UInt32(w), height: UInt32(h))
        let image = try #require(UIImage(contentsOfFile: url.path))
        #expect(image.size == .zero, "an image that will never draw takes no room in layout")
        let (host, log) = try host()
        defer { host.shutdown() }
        show(image, in: host)
        #expect(log().count == 1, "reported once")
        let line = try #require(log().first)
        #expect(line.contains(url.path) && line.contains("\(w)×\(h) pixels is over the limit"), "\(line)")
        #expect(host.counters.textureBytes == Self.atlasBytes, "no image texture, only the atlas")
    }

    @Test func aRealImageOverTheSideLimitIsRefusedAndOneInsideIsDrawn() throws {
        let wide = try Self.realPNG(width: 8200, height: 2)
        let fine = try Self.realPNG(width: 8000, height: 2)
        let (host, log) = try host()
        defer { host.shutdown() }
        show(try #require(UIImage(contentsOfFile: wide.path)), in: host)
        show(try #require(UIImage(contentsOfFile: fine.path)), in: host)
        #expect(log().count == 1)
        #expect(log().first?.contains("8200×2 pixels is over the limit of 8192 pixels per side") == true)
        #expect(host.counters.textureBytes == Self.atlasBytes + 8000 * 2 * 4)
    }

    @Test func truncatedAndCorruptImagesAreReportedOnceWithTheReason() throws {
        let good = try Data(contentsOf: try Self.realPNG(width: 64, height: 64))
        let truncated = Self.folder.appendingPathComponent("truncated.png")
        try good.prefix(good.count / 2).write(to: truncated)
        let corrupt = Self.folder.appendingPathComponent("corrupt.png")
        var bytes = [UInt8](good)
        for i in 40..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try Data(bytes).write(to: corrupt)
        let (host, log) = try host()
        defer { host.shutdown() }
        for url in [truncated, corrupt] {
            show(try #require(UIImage(contentsOfFile: url.path)), in: host)
        }
        var reset = SDL_Event()
        reset.type = SDL_RENDER_DEVICE_RESET.rawValue
        host.handle(reset)   // a device reset: failed files are not tried (or reported) again
        host.update()
        host.renderFrame()
        #expect(log().count == 2)
        for (line, url) in zip(log(), [truncated, corrupt]) {
            #expect(line.hasPrefix("image \(url.path) not loaded: ") && line.count > "image \(url.path) not loaded: ".count + 3, "\(line)")
        }
    }

    /// A corrupt PNG with a valid header: `UIImage.size` gives the header's size until a host
    /// tries the file; once refused it measures zero (this instance, and any other of the
    /// same file a host is asked to draw), and a stack view sized by it lays out again.
    @Test func aRefusedImageMeasuresZeroAndLayoutStopsMakingRoomForIt() throws {
        let good = try Data(contentsOf: try Self.realPNG(width: 64, height: 48))
        let corrupt = Self.folder.appendingPathComponent("corrupt-sized-\(UUID().uuidString).png")
        var bytes = [UInt8](good)
        for i in 40..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try Data(bytes).write(to: corrupt)
        let image = try #require(UIImage(contentsOfFile: corrupt.path))
        #expect(image.size == CGSize(width: 64, height: 48), "the header's size, before any host tried it")
        let (host, log) = try host()
        defer { host.shutdown() }
        let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        stack.axis = .horizontal
        stack.alignment = .leading
        stack.distribution = .fill
        let imageView = UIImageView(image: image)
        imageView.setContentHuggingPriority(.required, for: .horizontal)   // an icon beside its text
        let label = UILabel()
        label.text = "after"
        stack.addArrangedSubview(imageView)
        stack.addArrangedSubview(label)
        host.window.addSubview(stack)
        for _ in 0..<3 {
            host.update()
            host.renderFrame()
        }
        #expect(image.size == .zero)
        #expect(imageView.intrinsicContentSize == .zero)
        #expect(imageView.frame.width == 0 && label.frame.minX == 0, "the label moved into the room: \(label.frame)")
        let again = try #require(UIImage(contentsOfFile: corrupt.path))
        #expect(again.size == CGSize(width: 64, height: 48), "a new instance knows only its header")
        let fixed = UIImageView(frame: CGRect(x: 0, y: 120, width: 64, height: 48))
        fixed.image = again
        host.window.addSubview(fixed)
        for _ in 0..<2 {
            host.update()
            host.renderFrame()
        }
        #expect(again.size == .zero, "asked to draw a file already refused, it measures zero too")
        #expect(log().count == 1, "reported once: \(log())")
    }

    /// libpng prints `libpng error: …` on standard error by itself; that text belongs in the
    /// host's one-line reason, through its log. In a child process, whose standard error the
    /// test reads whole.
    @Test func whatTheDecoderPrintsGoesIntoTheLogLineNotStandardError() async throws {
        let good = try Data(contentsOf: try Self.realPNG(width: 64, height: 64))
        let corrupt = Self.folder.appendingPathComponent("corrupt-stderr.png")
        var bytes = [UInt8](good)
        for i in 40..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try Data(bytes).write(to: corrupt)
        let path: String = corrupt.path
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) { [path = path as String] in
            await MainActor.run {
                guard let host = try? makeHeadlessHost() else { exit(3) }
                var lines: [String] = []
                host.log = { lines.append($0) }
                guard let image = UIImage(contentsOfFile: path) else { exit(4) }
                let view = UIImageView(image: image)
                view.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
                host.window.addSubview(view)
                host.update()
                host.renderFrame()
                host.shutdown()
                print(lines.joined(separator: "\n"))
            }
        }
        let out = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let err = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!err.contains("libpng"), "nothing printed by the library itself: \(err)")
        let line = out.split(separator: "\n").first { $0.hasPrefix("image \(path) not loaded: ") }
        #expect(line?.contains("libpng error") == true, "the decoder's own words are in the one line: \(out)")
    }

    /// A file name with an escape sequence is quoted with it escaped: the log line can't
    /// retitle or recolour the terminal that shows it.
    @Test func aPathWithControlCharactersIsEscapedInTheLogLine() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        let hostile = Self.folder.appendingPathComponent("evil\u{1B}]0;pwned\u{7}.png")
        try Data("not a png".utf8).write(to: hostile)
        let (host, log) = try host()
        defer { host.shutdown() }
        show(try #require(UIImage(contentsOfFile: hostile.path)), in: host)
        let line = try #require(log().first)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line.debugDescription)")
        #expect(line.contains("evil\\u{1B}]0;pwned\\u{7}.png"))
    }

    @Test func headerSizesOfOtherFormats() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        let gif = Self.folder.appendingPathComponent("a.gif")
        try Data(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00] + [UInt8](repeating: 0, count: 20)).write(to: gif)
        #expect(UIImage.pixelSize(ofFileAt: gif) == CGSize(width: 320, height: 240))
        // A JPEG with an APP0 segment, then a baseline start of frame of 1024 × 768.
        let jpg = Self.folder.appendingPathComponent("a.jpg")
        var j: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
        j += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x00, 0x04, 0x00, 0x03] + [UInt8](repeating: 0, count: 20)
        try Data(j).write(to: jpg)
        #expect(UIImage.pixelSize(ofFileAt: jpg) == CGSize(width: 1024, height: 768))
        let notIHDR = Self.folder.appendingPathComponent("no-ihdr.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IDAT".utf8) + [0, 0, 0, 5, 0, 0, 0, 5, 8, 6]).write(to: notIHDR)
        #expect(UIImage.pixelSize(ofFileAt: notIHDR) == nil)
    }

    /// The test itself is on the main actor, which waits while the threads run: tests that
    /// change the paths on the main actor (and put them back) can't do so meanwhile.
    @Test func assetSearchPathsCanBeReadAndWrittenFromAnyThread() {
        let paths = UIImage.assetSearchPaths
        // Readers and writers on several threads at once: the lock keeps every read whole.
        DispatchQueue.concurrentPerform(iterations: 64) { @Sendable i in
            if i % 8 == 0 {
                UIImage.assetSearchPaths = paths
            } else {
                #expect(UIImage.assetSearchPaths.count == paths.count)
            }
        }
        #expect(UIImage.assetSearchPaths == paths)
    }
}

private extension Int32 {
    var squared: Int { Int(self) * Int(self) }
}
