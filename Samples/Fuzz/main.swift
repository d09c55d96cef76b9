// controls-fuzz: seeded fuzzing of SDLControls through real SDL events.
//
//     swift run -c release controls-fuzz --seed 1 --events 200000             # CI size
//     swift run -c release controls-fuzz --seed 7 --events 10000000 --update-only
//     swift run -c release controls-fuzz --tree all --events 500000 --update-only  # each built tree
//     swift run -c release controls-fuzz --scripts 20000                       # the script fuzzer
//     swift run -c release controls-fuzz --text                                # hostile-text frame times
//     swift run -c release controls-fuzz --soak 100000                         # memory over a long run
//
// Exits 1 when an invariant breaks (the messages name the seed, segment and frame, so the run
// can be repeated); a crash is a crash. Headless: dummy video driver, software renderer.
import Foundation
import SDLControls

let arguments = FuzzArguments.parseOrExit2()   // FuzzArguments.swift: options, help, checks

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("controls-fuzz: \(message)\n".utf8))
    exit(2)
}

let seed = arguments.seed
let events = arguments.eventCount
let scripts = arguments.scripts
let deliveries = arguments.delivery.modes

var exitCode: Int32 = 0
MainActor.assumeIsolated {
    if events > 0, arguments.trees.contains(.samples) {
        var options = EventFuzzer.Options()
        options.seed = seed
        options.events = events
        options.render = !arguments.updateOnly
        options.deliveries = deliveries
        options.verbose = arguments.verbose
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
    for tree in arguments.trees where events > 0 && tree != .samples {
        var options = TreeFuzzer.Options()
        options.tree = tree
        options.seed = seed
        options.events = events
        options.render = !arguments.updateOnly
        options.deliveries = deliveries
        options.verbose = arguments.verbose
        let r = TreeFuzzer(options: options).run()
        let rate = Double(r.events) / max(r.seconds, 1e-9)
        let name = tree.rawValue
        print(String(format: "%@: seed %llu, %d events in %d frames, %d segments, %@, %@",
                     name, seed, r.events, r.frames, r.segments, options.render ? "rendering" : "update-only",
                     deliveries.count == 2 ? "batched and immediate" : "\(deliveries[0])"))
        print(String(format: "%@: %.1f s, %.0f events/s; %d tree mutations; %d gesture actions; %d motion actions, %d completions; actions queued %d, delivered %d, dropped %d, discarded %d",
                     name, r.seconds, rate, r.mutations, r.gestureActions, r.motionActions, r.motionCompletions, r.counts.queued, r.counts.delivered, r.counts.dropped, r.counts.discarded))
        print("\(name): invariant violations: \(r.violationCount)")
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
    if let frames = arguments.soak {
        let path = arguments.soakScript
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
    if arguments.text {
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
