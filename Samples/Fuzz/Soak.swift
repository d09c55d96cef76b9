import Foundation
import SDLControls
import SampleKit

/// The soak: the sample launcher on a headless host, rendering every frame, replaying a script
/// over and over (by default `Samples/Scripts/tour.script`, which opens, uses and leaves every
/// sample), with resident memory, anonymous (heap) memory and texture bytes sampled along the way.
/// A leak or an unbounded cache shows as a curve that keeps rising.
@MainActor
enum Soak {
    struct Point {
        var frame: Int
        var residentMiB: Double
        var heapMiB: Double
        var textureMiB: Double
    }

    static func run(frames: Int, scriptPath: String, points: Int = 10) throws -> [Point] {
        let script = try InputScript(parsing: String(contentsOfFile: scriptPath, encoding: .utf8))
        let host = try SDLHost.headless(size: CGSize(width: 960, height: 640))
        defer { host.shutdown() }
        host.log = { _ in }
        var t = 0.0
        host.clock = { t }
        var o = LauncherOptions()
        o.headless = true
        let launcher = Launcher(host: host, options: o)
        defer { launcher.close() }
        var player = InputScriptPlayer(script: script, host: host)
        let period = script.lastFrame + 4
        var local = 0
        var curve: [Point] = []
        let every = max(1, frames / points)
        for f in 0..<frames {
            player.pushEvents(forFrame: local)
            launcher.runFrame(render: true)
            t += 1.0 / 60
            local += 1
            if local >= period {
                local = 0
                player = InputScriptPlayer(script: script, host: host)
            }
            if f % every == every - 1 || f == frames - 1 {
                curve.append(Point(frame: f + 1, residentMiB: residentMiB(), heapMiB: heapMiB(),
                                   textureMiB: Double(host.counters.textureBytes) / 1_048_576))
            }
        }
        return curve
    }

    /// Resident memory of this process (Linux: /proc/self/statm), MiB.
    static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Anonymous resident memory (heap and other private memory, no mapped files), MiB
    /// (Linux: RssAnon in /proc/self/status); 0 where unavailable.
    static func heapMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
              let kb = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return kb / 1024
    }
}
