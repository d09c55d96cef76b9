import SDLControls
import Foundation
import Testing
@testable import SDLControls
#if canImport(Glibc)
import Glibc
#endif

/// What a player or a file can send that blocks or grows without end: an image or font path
/// that is a named pipe, and text whose size animates through hundreds of pixel sizes.
///
/// The time limit names a test that blocks for good. In a parallel run its clock also counts
/// the wait for the main actor behind other suites' tests, so it is generous, and the test
/// checks its own running time against the minute.
@MainActor
struct HostilePathsAndSizesTests {
    /// Dark pixels in the frame (text is drawn dark on the white window).
    private func ink(_ host: SDLHost) -> Int {
        host.readPixels().pixels.reduce(0) { n, p in n + ((p >> 16 & 0xFF) < 128 ? 1 : 0) }
    }

    @Test(.timeLimit(.minutes(10)))
    func aNamedPipeGivenAsAnImageOrFontIsRefusedWithoutBlocking() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipeImage = dir.appendingPathComponent("evil.png"), pipeFont = dir.appendingPathComponent("evil.ttf")
        #expect(mkfifo(pipeImage.path, 0o644) == 0 && mkfifo(pipeFont.path, 0o644) == 0)

        // Each of these opened the pipe and waited for a writer that never comes.
        #expect(UIImage(contentsOfFile: pipeImage.path) == nil)
        let saved = UIImage.assetSearchPaths
        UIImage.assetSearchPaths = [dir]
        defer { UIImage.assetSearchPaths = saved }
        #expect(UIImage(named: "evil") == nil)
        let direct = UIImage(url: pipeImage, name: nil, size: nil, scale: 1)
        #expect(direct.size == .zero, "no header read from a pipe")

        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var log: [String] = []
        host.log = { log.append($0) }
        let imageView = UIImageView(image: UIImage(url: pipeImage, name: nil, size: CGSize(width: 20, height: 20), scale: 1))
        imageView.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let label = UILabel(frame: CGRect(x: 0, y: 40, width: 200, height: 30))
        label.font = try #require(UIFont(name: pipeFont.path, size: 15))
        label.text = "Pipe"
        host.window.addSubview(imageView)
        host.window.addSubview(label)
        host.update()
        host.renderFrame()
        #expect(ink(host) > 0, "the label draws in the main font")
        #expect(log.contains { $0.contains(pipeImage.path) && $0.contains("regular file") }, "the image is reported: \(log)")
    }

    @Test func textWhoseSizeAnimatesKeepsABoundedNumberOfFontsOpenAndKeepsDrawing() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240))
        defer { host.shutdown() }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        label.text = "Zoom é"
        host.window.addSubview(label)
        var most = 0
        for size in stride(from: CGFloat(4), through: 120, by: 1) {
            label.font = .systemFont(ofSize: size)
            host.update()
            host.renderFrame()
            most = max(most, host.backend.glyphs.openPixelSizes.count)
        }
        #expect(most <= GlyphCache.maximumOpenSizes, "at most \(GlyphCache.maximumOpenSizes) sizes open, saw \(most)")
        #expect(host.fonts.openCount <= GlyphCache.maximumOpenSizes * (1 + host.fonts.fallbacks.count))
        #expect(ink(host) > 0)
        // A size let go of long ago is opened again and draws the same pixels as before.
        label.font = .systemFont(ofSize: 17)
        host.update()
        host.renderFrame()
        let first = host.readPixels().pixels
        for size in stride(from: CGFloat(30), through: 90, by: 1) {
            label.font = .systemFont(ofSize: size)
            host.update()
            host.renderFrame()
        }
        label.font = .systemFont(ofSize: 17)
        host.update()
        host.renderFrame()
        #expect(host.readPixels().pixels == first, "reopened at 17 points, drawn the same")
    }

    @Test func hugeSizesKeepFewerFontsOpen() throws {
        let host = try makeHeadlessHost(size: CGSize(width: 320, height: 240), scale: 2)
        defer { host.shutdown() }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        label.text = "W"
        host.window.addSubview(label)
        for size in stride(from: CGFloat(100), through: 400, by: 20) {
            label.font = .systemFont(ofSize: size)
            host.update()
            host.renderFrame()
            let sizes = host.backend.glyphs.openPixelSizes
            #expect(sizes.reduce(0) { $0 + $1 * $1 } <= GlyphCache.maximumOpenSizeArea, "open: \(sizes.sorted())")
            #expect(sizes.contains(Int(size * 2)), "the size in use stays open")
        }
        #expect(ink(host) > 0)
    }
}
