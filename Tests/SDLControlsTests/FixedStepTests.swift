import SDLControls
import Foundation
import Testing
@testable import SDLControls

/// Deterministic time: with ``SDLHost/fixedTimeStep`` animations and timers
/// run on steps, not on the machine's speed, so two runs give identical pixels.
@MainActor
struct FixedStepTests {
    /// A run that catches a segmented control's plate and a switch's thumb mid-slide, on a
    /// host whose wall clock is real (and ignored) and whose frames take uneven time.
    private func run(jitter: Bool) throws -> (pixels: [UInt32], time: TimeInterval, settled: [UInt32]) {
        let host = try makeHeadlessHost(size: CGSize(width: 300, height: 100), scale: 1)
        defer { host.shutdown() }
        host.clock = { ProcessInfo.processInfo.systemUptime }   // a real clock: must not matter
        host.fixedTimeStep = 1.0 / 60
        host.window.backgroundColor = .systemBackground
        let segmented = UISegmentedControl(items: ["One", "Two", "Three"])
        segmented.frame = CGRect(x: 10, y: 10, width: 270, height: 32)
        segmented.selectedSegmentIndex = 0
        let toggle = UISwitch(frame: CGRect(x: 10, y: 55, width: 51, height: 31))
        host.window.addSubview(segmented)
        host.window.addSubview(toggle)
        host.update()
        host.renderFrame()
        for (x, y) in [(230, 26), (35, 70)] as [(Int32, Int32)] {
            _ = handled(host, SDLEvents.mouseButton(host, down: true, x: x, y: y))
            _ = handled(host, SDLEvents.mouseButton(host, down: false, x: x, y: y))
        }
        for i in 0..<6 {
            if jitter { usleep(UInt32(1_000 + (i * 7_919) % 9_000)) }
            host.update()
            host.renderFrame()
        }
        let mid = host.readPixels().pixels
        let time = host.window.frameClock.currentTime
        for _ in 0..<30 { host.update() }
        host.renderFrame()
        return (mid, time, host.readPixels().pixels)
    }

    @Test func twoFixedStepRunsGiveIdenticalPixels() throws {
        let a = try run(jitter: false)
        let b = try run(jitter: true)
        #expect(a.time == 6.0 / 60, "seven updates: 0, 1/60 … 6/60 s")
        #expect(a.time == b.time)
        #expect(a.pixels == b.pixels, "identical pixels whatever the frames cost")
        #expect(a.pixels != a.settled, "and the frame caught the animations mid-way")
        #expect(a.settled == b.settled)
    }

    @Test func inputIsStampedWithTheStepsTime() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        host.window.addSubview(GreenTarget())
        host.fixedTimeStep = 0.25
        host.update()   // frame 0 at 0 s
        host.update()   // frame 1 at 0.25 s
        _ = handled(host, SDLEvents.mouseButton(host, down: true, x: 30, y: 55))
        #expect(host.window.touch(forContactID: SDLPlatformBackend.mouseContactID)?.timestamp == 0.5, "frame 2's input")
        _ = handled(host, SDLEvents.mouseButton(host, down: false, x: 30, y: 55))
        host.update()
        #expect(host.window.frameClock.currentTime == 0.5)
    }

    @Test func aStepContinuesFromTheCurrentTimeAndBadStepsTurnItOff() throws {
        let host = try makeHeadlessHost()
        defer { host.shutdown() }
        var t: TimeInterval = 10
        host.clock = { t }
        host.update()
        #expect(host.window.frameClock.currentTime == 10)
        host.fixedTimeStep = 1
        host.update()
        host.update()
        #expect(host.window.frameClock.currentTime == 11, "10, then 11: no jump back to 0")
        host.fixedTimeStep = 0.5
        host.update()
        host.update()
        #expect(host.window.frameClock.currentTime == 12.5, "a new step continues where the old one was (12, 12.5)")
        for bad in [0, -1, Double.nan, .infinity] {
            host.fixedTimeStep = bad
            #expect(host.fixedTimeStep == nil, "\(bad)")
        }
        t = 20
        host.update()
        #expect(host.window.frameClock.currentTime == 20, "the clock again")
    }
}
