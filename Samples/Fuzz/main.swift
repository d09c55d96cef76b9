// controls-fuzz: seeded fuzzing of SDLControls through real SDL events (issue 10).
//
//     swift run -c release controls-fuzz --seed 1 --events 200000             # CI size
//     swift run -c release controls-fuzz --seed 7 --events 10000000 --update-only
//     swift run -c release controls-fuzz --scripts 20000                       # the script fuzzer
//     swift run -c release controls-fuzz --text                                # hostile-text frame times
//     swift run -c release controls-fuzz --soak 100000                         # memory over a long run
//
// Exits 1 when an invariant breaks (the messages name the seed, segment and frame, so the run
// can be repeated); a crash is a crash. Headless: dummy video driver, software renderer.
import Foundation
import SDLControls

let arguments = Array(CommandLine.arguments.dropFirst())

func value(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("controls-fuzz: \(message)\n".utf8))
    exit(2)
}

if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    controls-fuzz: seeded fuzzing of SDLControls through real SDL events (issue 10).

    Usage: controls-fuzz [--seed S] [--events N] [--update-only] [--delivery batched|immediate|both]
                         [--scripts N] [--text] [--soak FRAMES [--soak-script PATH]] [--verbose]

      --seed S          the run's seed (default 1); the same seed repeats the same run
      --events N        SDL events to send through the launcher (default 10,000; 0 skips)
      --update-only     handle events and update, but don't draw (about 10× more events a second)
      --delivery MODE   batched, immediate or both (default both, alternating by segment)
      --scripts N       also run N random and mutated input scripts through the parser and player
      --text            print frame times with hostile text (first frame, then the slowest)
      --soak FRAMES     render FRAMES frames replaying a script over and over (default
                        Samples/Scripts/tour.script: every sample opened, used and left) and
                        print resident memory, heap and texture bytes along the way
      --verbose         a line per segment on standard error

    Events: mouse and finger streams with duplicate downs, ups without downs, coordinates far
    outside the window, normalized finger coordinates outside 0...1, NaN and infinite;
    SDL_TOUCH_MOUSEID and SDL_MOUSE_TOUCHID duplicates; window events (resizes, focus lost,
    minimize, hidden, other window ids); keys with random scancodes and modifiers; text input
    with invalid UTF-8 and full 32-byte buffers; composition with any cursor and length;
    render target and device resets; quit. The tree is mutated while it runs (views added,
    removed and moved, controls disabled mid-touch, hostile frames, values and text), also
    from inside actions. Invariants are checked after every frame (see Invariants.swift).
    """)
    exit(0)
}

func number<T: FixedWidthInteger>(_ flag: String, default fallback: T) -> T {
    guard let text = value(flag) else { return fallback }
    guard let n = T(text), n >= 0 else { fail("\(flag) needs a whole number, not \"\(text)\"") }
    return n
}

let seed: UInt64 = number("--seed", default: 1)
let events: Int = number("--events", default: ["--scripts", "--text", "--soak"].contains(where: arguments.contains) ? 0 : 10_000)
let scripts: Int = number("--scripts", default: 0)
let deliveries: [ActionDelivery]
switch value("--delivery") ?? "both" {
case "batched": deliveries = [.batched]
case "immediate": deliveries = [.immediate]
case "both": deliveries = [.batched, .immediate]
default: fail("--delivery is batched, immediate or both")
}

var exitCode: Int32 = 0
MainActor.assumeIsolated {
    if events > 0 {
        var options = EventFuzzer.Options()
        options.seed = seed
        options.events = events
        options.render = !arguments.contains("--update-only")
        options.deliveries = deliveries
        options.verbose = arguments.contains("--verbose")
        let r = EventFuzzer(options: options).run()
        let rate = Double(r.events) / max(r.seconds, 1e-9)
        print(String(format: "events: seed %llu, %d events in %d frames, %d segments (%d ended by quit), %@, %@",
                     seed, r.events, r.frames, r.segments, r.quits, options.render ? "rendering" : "update-only",
                     deliveries.count == 2 ? "batched and immediate" : "\(deliveries[0])"))
        print(String(format: "events: %.1f s, %.0f events/s; %d tree mutations; actions queued %d, delivered %d, dropped %d, discarded %d",
                     r.seconds, rate, r.mutations, r.counts.queued, r.counts.delivered, r.counts.dropped, r.counts.discarded))
        print("events: invariant violations: \(r.violationCount)")
        for v in r.violations { print("  " + v) }
        if r.violationCount > 0 { exitCode = 1 }
    }
    if scripts > 0 {
        let r = ScriptFuzzer(seed: seed, scripts: scripts).run()
        print(String(format: "scripts: seed %llu, %d scripts (%d parsed, %d rejected with line N), %d replayed (%d events) in %.1f s; slowest parse %.1f ms",
                     seed, r.scripts, r.parsed, r.rejected, r.replayed, r.replayedEvents, r.seconds, r.slowestParse * 1000))
        print("scripts: violations: \(r.violations.count)")
        for v in r.violations { print("  " + v) }
        if !r.violations.isEmpty { exitCode = 1 }
    }
    if let soak = value("--soak") {
        guard let frames = Int(soak), frames > 0 else { fail("--soak needs a number of frames") }
        let path = value("--soak-script") ?? "Samples/Scripts/tour.script"
        do {
            let curve = try Soak.run(frames: frames, scriptPath: path)
            print("soak: \(frames) frames rendered, replaying \(path) over and over")
            print("soak:    frame   resident MiB   anonymous MiB   texture MiB")
            for p in curve {
                print(String(format: "soak: %8d %14.1f %15.1f %13.1f", p.frame, p.residentMiB, p.heapMiB, p.textureMiB))
            }
            if let first = curve.first, let last = curve.last {
                print(String(format: "soak: from the first sample to the last: resident %+.1f MiB, anonymous %+.1f MiB, textures %+.1f MiB",
                             last.residentMiB - first.residentMiB, last.heapMiB - first.heapMiB, last.textureMiB - first.textureMiB))
            }
        } catch {
            fail("soak: \(error)")
        }
    }
    if arguments.contains("--text") {
        do {
            let (lines, met) = try TextStress.run()
            for l in lines { print("text: " + l) }
            print("text: \(met ? "every frame after the first within 100 ms" : "a frame after the first took over 100 ms")")
        } catch {
            fail("\(error)")
        }
    }
}
exit(exitCode)
