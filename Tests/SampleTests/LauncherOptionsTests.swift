import Foundation
import Testing
@testable import SampleKit

struct LauncherOptionsTests {
    @Test func parsesEveryOption() throws {
        let o = try LauncherOptions.parse(["--sample", "form", "--headless", "--frames", "12", "--size", "800x600",
                                           "--scale", "2", "--screenshot", "a.png", "--script", "s.script",
                                           "--record", "r.script", "--log-actions", "--dark", "--dump-accessibility", "--fixed-step", "30"])
        #expect(o.sample == "form" && o.headless && o.frames == 12)
        #expect(o.size == CGSize(width: 800, height: 600) && o.scale == 2)
        #expect(o.screenshot == "a.png" && o.script == "s.script" && o.record == "r.script")
        #expect(o.logActions && o.dark && o.dumpAccessibility)
        #expect(o.fixedStep == 30)
    }

    @Test(arguments: [["--frames"], ["--frames", "-1"], ["--size", "big"], ["--size", "0x10"], ["--scale", "nan"],
                      ["--scale", "100"], ["--scale", "1e-300"], ["--scale", "0.2"], ["--scale", "-1"], ["--bogus"],
                      ["--fixed-step"], ["--fixed-step", "0"], ["--fixed-step", "nan"], ["--fixed-step", "1e9"]])
    func rejectsBadOptionsWithAMessage(_ args: [String]) {
        #expect(throws: OptionError.self) { try LauncherOptions.parse(args) }
    }

    @Test func helpMentionsEveryOptionAndTheNoDisplayWays() {
        for flag in ["--list", "--sample", "--headless", "--frames", "--size", "--scale", "--screenshot", "--script",
                     "--record", "--log-actions", "--fixed-step", "--help", "xvfb-run"] {
            #expect(LauncherOptions.helpText.contains(flag), "\(flag)")
        }
    }

    @MainActor
    @Test func unknownSampleIsAnError() {
        var o = LauncherOptions()
        o.headless = true
        o.sample = "nope"
        var errors: [String] = []
        #expect(Launcher.run(o, output: { _ in }, errors: { errors.append($0) }) == 1)
        #expect(errors.first?.contains("no sample named") == true)
    }
}
