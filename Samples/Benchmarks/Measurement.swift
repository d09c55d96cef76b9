import CMallocCounter
import Foundation
import SDLControls

/// Clocks, statistics, heap counts and process memory: the benchmark's instruments.
enum Clock {
    /// CPU seconds of this thread (`CLOCK_THREAD_CPUTIME_ID`), the clock every frame-cost
    /// figure uses: other processes on a shared machine don't inflate it. It is the same clock
    /// ``SDLHost/lastRenderTimings`` uses, so the phases add up.
    static func cpu() -> Double { RenderTimings.threadCPUTime() }

    /// Wall-clock seconds (`CLOCK_MONOTONIC`), for start-up, which includes file I/O.
    static func wall() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// The cost of one `cpu()` reading, in seconds (each measured phase pays about two).
    static func cpuReadingCost() -> Double {
        let n = 2_000
        let start = cpu()
        var sink = 0.0
        for _ in 0..<n { sink += cpu() }
        let total = cpu() - start
        return sink.isNaN ? 0 : total / Double(n)
    }
}

/// Samples of one measured quantity. Storage is reserved up front so that recording a
/// sample between measured phases never allocates.
struct Samples {
    private(set) var values: [Double] = []

    init(capacity: Int) { values.reserveCapacity(capacity) }

    mutating func add(_ v: Double) { values.append(v) }

    var count: Int { values.count }
    var mean: Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    var sum: Double { values.reduce(0, +) }
    var max: Double { values.max() ?? 0 }

    /// The nearest-rank percentile (`p` in 0...100).
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }

    /// Mean, p50 and p95, scaled by `unit` (1000: seconds to milliseconds).
    func summary(unit: Double) -> JSON {
        .object([("mean", .number(mean * unit)), ("p50", .number(percentile(50) * unit)),
                 ("p95", .number(percentile(95) * unit))])
    }
}

/// The process-wide heap counters of the `CMallocCounter` wrappers.
struct HeapCounts {
    var allocations: Int
    var frees: Int
    var bytesAllocated: Int
    var bytesFreed: Int

    /// Reads the counters; allocates nothing.
    static func now() -> HeapCounts {
        let c = cmalloc_counts()
        return HeapCounts(allocations: Int(c.allocations), frees: Int(c.frees),
                          bytesAllocated: Int(c.bytesAllocated), bytesFreed: Int(c.bytesFreed))
    }

    /// Bytes live on the heap that were allocated after `earlier` (allocated minus freed).
    func netBytes(since earlier: HeapCounts) -> Int {
        (bytesAllocated - earlier.bytesAllocated) - (bytesFreed - earlier.bytesFreed)
    }

    /// Allocations made since `earlier`.
    func allocations(since earlier: HeapCounts) -> Int { allocations - earlier.allocations }

    /// Whether the wrappers see this process's allocations (the executable's malloc won over
    /// glibc's); checked with an allocation the Swift runtime makes.
    static func counterIsActive() -> Bool {
        let before = now()
        let array = [Int](repeating: 7, count: 1_000)
        let after = now()
        return array.count == 1_000 && after.allocations > before.allocations
    }
}

/// Resident memory of this process, from `/proc/self/status`.
enum ProcessMemory {
    /// (VmHWM, VmRSS) in KiB: the peak and the current resident set.
    static func residentKiB() -> (peak: Int, current: Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        var peak = 0, current = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmHWM:") { peak = kib(line) }
            if line.hasPrefix("VmRSS:") { current = kib(line) }
        }
        return (peak, current)
    }

    private static func kib(_ line: Substring) -> Int {
        Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
}

/// Fresh processes: memory, start-up, idle CPU and the ImGui peer are measured in children,
/// which print one JSON object as their last line.
enum ChildProcess {
    /// Runs `path` with `arguments` (and `environment` when given; the child's standard error
    /// dropped when `quiet`) and returns the last line of its output that starts with "{";
    /// throws naming `label`, the exit status and the output when it fails or prints none.
    static func lastJSONLine(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                             quiet: Bool = false, label: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        if quiet { process.standardError = FileHandle.nullDevice }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, let line = text.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
            throw BenchError.childFailed("\(label) exited \(process.terminationStatus)" + (text.isEmpty ? "" : ": \(text)"))
        }
        return String(line)
    }

    /// ``lastJSONLine(_:_:environment:quiet:label:)`` read as a JSON object.
    static func lastJSONObject(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                               quiet: Bool = false, label: String) throws -> [String: Any] {
        let line = try lastJSONLine(path, arguments, environment: environment, quiet: quiet, label: label)
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw BenchError.childFailed("\(label) printed no JSON object: \(line)")
        }
        return object
    }
}
