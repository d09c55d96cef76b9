import Foundation
import SDLControls

/// B5: memory and start-up, measured in a fresh child process per case so that each peak
/// resident figure (VmHWM) belongs to that case alone and start-up is a cold start (SDL,
/// fonts and the atlas created for the first time in the process).
enum StartupBenchmark {
    static let childFlag = "--startup-child"

    /// In the child: create a host whose window fits `windowFor` controls, then `n` controls,
    /// then run the first frame and a few more; print one JSON line.
    @MainActor
    static func runChild(n: Int, windowFor: Int) throws {
        let t0 = Clock.wall()
        let host = try makeHost(size: ControlGrid.windowSize(for: windowFor))
        let t1 = Clock.wall()
        // One control of each kind first, so the fonts SDL_ttf opens for the first measurement
        // (hundreds of KiB, once per process) are not charged to the N controls.
        let warm = ControlGrid(count: 6, in: host.window)
        warm.remove()
        let t1b = Clock.wall()
        let h0 = HeapCounts.now()
        let grid = ControlGrid(count: n, in: host.window)
        let h1 = HeapCounts.now()
        let t2 = Clock.wall()
        host.update()
        host.renderFrame()
        let t3 = Clock.wall()
        let h2 = HeapCounts.now()
        for _ in 0..<2 {
            host.update()
            host.renderFrame()
        }
        let memory = ProcessMemory.residentKiB()
        let perControl = n > 0 ? Double(h1.netBytes(since: h0)) / Double(n) : 0
        let perControlDrawn = n > 0 ? Double(h2.netBytes(since: h0)) / Double(n) : 0
        let line: JSON = .object([
            ("n", .int(n)), ("window", .string("\(Int(ControlGrid.windowSize(for: windowFor).width))x\(Int(ControlGrid.windowSize(for: windowFor).height))")),
            ("heap_counter_active", .bool(HeapCounts.counterIsActive())),
            ("heap_bytes_per_control", .number(perControl)),
            ("heap_bytes_per_control_after_first_frame", .number(perControlDrawn)),
            ("host_create_ms", .number((t1 - t0) * 1000)),
            ("ui_create_ms", .number((t2 - t1b) * 1000)),
            ("font_warm_up_ms", .number((t1b - t1) * 1000)),
            ("first_frame_ms", .number((t3 - t2) * 1000)),
            ("time_to_first_presented_frame_ms", .number((t3 - t0) * 1000)),
            ("vm_hwm_kib", .int(memory.peak)),
            ("vm_rss_kib", .int(memory.current)),
        ])
        print(line.text)
        grid.remove()
        host.shutdown()
    }

    /// In the parent: runs the child and returns its line.
    static func spawn(n: Int, windowFor: Int) throws -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return try ChildProcess.lastJSONLine(exe, [childFlag, String(n), String(windowFor)], label: "startup child n=\(n)")
    }

    /// Reads a number out of a child's line (its own flat JSON object).
    static func value(_ key: String, in line: String) -> Double? {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object[key] as? NSNumber)?.doubleValue
    }
}

enum BenchError: Error, CustomStringConvertible {
    case childFailed(String)
    var description: String {
        switch self {
        case .childFailed(let s): return s
        }
    }
}
