import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// Sample screenshots are deterministic: the launcher's headless runs use a
/// fixed step (60 a second unless `--fixed-step` says otherwise), so two runs of the same
/// script write the same pixels, even while an animation is under way.
@MainActor
struct FixedStepScreenshotTests {
    private func screenshot(frames: Int, fixedStep: Double?) throws -> [UInt32] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixed-step-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = LauncherOptions()
        options.headless = true
        options.sample = "gallery"
        options.script = SampleScriptTests.scripts.appendingPathComponent("gallery.script").path
        options.frames = frames
        options.fixedStep = fixedStep
        options.screenshot = path
        #expect(Launcher.run(options, output: { _ in }) == 0)
        return try #require(loadPNG(path))
    }

    @Test func twoRunsWriteIdenticalScreenshots() throws {
        // Frame 17: the segmented control tapped at frame 15 is mid-slide (0.25 s).
        let a = try screenshot(frames: 18, fixedStep: nil)
        let b = try screenshot(frames: 18, fixedStep: 60)
        #expect(a == b, "the headless default is --fixed-step 60")
        let slower = try screenshot(frames: 18, fixedStep: 240)
        #expect(slower != a, "a quarter of the time per frame: the slide is elsewhere")
        #expect(try screenshot(frames: 18, fixedStep: 240) == slower)
    }

    private func loadPNG(_ path: String) -> [UInt32]? {
        guard let raw = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(raw) }
        guard let s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(s) }
        let count = Int(s.pointee.pitch) / 4 * Int(s.pointee.h)
        return Array(UnsafeBufferPointer(start: s.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count))
    }
}
