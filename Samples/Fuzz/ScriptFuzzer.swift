import Foundation
import SDLControls
import SampleKit

/// Random and mutated input scripts through the parser and the player.
///
/// Each script is either valid (written by `InputScript.text` from random events) or a valid
/// one mutated: bytes flipped, tokens deleted, duplicated or replaced by hostile ones (huge
/// numbers, NaN, 1 MB words, control characters, CR and CRLF line ends, broken escapes). Checks:
/// - a bad script always fails with `InputScriptError` whose line is one of the script's lines
///   and whose message is short (`line N: …`, at most a few hundred characters);
/// - a script that parses writes text that parses back to the same text (the writer and the
///   reader agree);
/// - parsing never takes more than a second;
/// - every tenth script that parses is replayed through the player and the sample launcher
///   on a headless host (update-only), all of its events, without a crash.
@MainActor
final class ScriptFuzzer {
    struct Report {
        var scripts = 0
        var parsed = 0
        var rejected = 0
        var replayed = 0
        var replayedEvents = 0
        var seconds = 0.0
        var slowestParse = 0.0
        var violations: [String] = []
    }

    private var rng: SeededRandom
    private let count: Int
    private let seed: UInt64
    private var report = Report()

    init(seed: UInt64, scripts: Int) {
        self.seed = seed
        count = scripts
        rng = SeededRandom(seed: seed ^ 0x5C41_97F0)
    }

    private func fail(_ message: String) {
        if report.violations.count < 50 { report.violations.append("seed \(seed) script \(report.scripts): \(message)") }
    }

    func run() -> Report {
        let start = DispatchTime.now().uptimeNanoseconds
        var host: SDLHost?
        var launcher: Launcher?
        defer { launcher?.close(); host?.shutdown() }
        for i in 0..<count {
            report.scripts = i
            var text = randomScript()
            if rng.chance(0.8) {
                for _ in 0..<rng.int(1...4) { text = mutate(text) }
            }
            let t0 = DispatchTime.now().uptimeNanoseconds
            let result: Result<InputScript, Error> = Result { try InputScript(parsing: text) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            report.slowestParse = max(report.slowestParse, seconds)
            if seconds > 1 { fail("parsing took \(seconds) s") }
            if seconds > 0.1, ProcessInfo.processInfo.environment["FUZZ_DEBUG"] != nil {
                let sample = text.prefix(200).replacingOccurrences(of: "\n", with: "⏎")
                FileHandle.standardError.write(Data("slow parse \(seconds)s, \(text.utf8.count) bytes: \(sample)\n".utf8))
            }
            switch result {
            case .failure(let error as InputScriptError):
                report.rejected += 1
                let lines = lineCount(text)
                if !(1...max(1, lines)).contains(error.line) { fail("error on line \(error.line) of a \(lines)-line script") }
                if !error.description.hasPrefix("line \(error.line): ") { fail("error not in the line N form: \(error.description.prefix(80))") }
                if error.description.count > 300 { fail("error message of \(error.description.count) characters") }
            case .failure(let error):
                fail("unexpected error type \(type(of: error)): \(error)")
            case .success(let script):
                report.parsed += 1
                let written = script.text
                do {
                    let again = try InputScript(parsing: written)
                    if again.text != written { fail("written text does not read back the same") }
                } catch {
                    fail("written text does not parse: \(error)")
                }
                if i % 10 == 0, !script.entries.isEmpty {
                    if host == nil {
                        do {
                            host = try SDLHost.headless(size: CGSize(width: 640, height: 480))
                        } catch {
                            fail("no headless host: \(error)")
                            continue
                        }
                        host?.log = { _ in }
                        var o = LauncherOptions()
                        o.headless = true
                        o.sample = "gallery"
                        launcher = Launcher(host: host!, options: o)
                    }
                    replay(script, host: host!, launcher: launcher!)
                }
            }
        }
        report.scripts = count
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return report
    }

    /// Plays every event of `script`: up to 30 frames in order, then everything left at once.
    private func replay(_ script: InputScript, host: SDLHost, launcher: Launcher) {
        report.replayed += 1
        report.replayedEvents += script.entries.count
        let player = InputScriptPlayer(script: script, host: host)
        let first = script.entries.first?.frame ?? 0
        for f in 0..<30 {
            player.pushEvents(forFrame: first + f)
            if !launcher.runFrame(render: false) { break }
        }
        var rounds = 0
        while !player.isFinished, rounds < 1_000 {
            player.pushEvents(forFrame: .max)
            if !launcher.runFrame(render: false) { break }
            rounds += 1
        }
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    }

    private func lineCount(_ text: String) -> Int {
        // Independent of the parser's splitter: LF, CRLF and CR each end a line.
        text.replacingOccurrences(of: "\r\n", with: "\n").split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }).count
    }

    // MARK: Generating

    private func randomPoint() -> CGPoint {
        CGPoint(x: CGFloat(rng.int(-20...700)) + (rng.chance(0.3) ? 0.25 : 0), y: CGFloat(rng.int(-20...500)))
    }

    private func randomEvent() -> InputScript.Event {
        let phases: [InputScript.Phase] = [.down, .move, .up]
        switch rng.int(0...8) {
        case 0, 1: return .mouse(rng.pick(phases), randomPoint())
        case 2: return .finger(rng.pick(phases), id: Int64(rng.int(-2...5)), randomPoint())
        case 3: return .key(down: rng.chance(0.5), name: rng.pick(["Tab", "Return", "Space", "A", "Left", "Keypad Enter", "Escape", "#", "Left Shift"]),
                            modifiers: rng.chance(0.5) ? [] : [.shift, .control])
        case 4: return .text(rng.pick(Hostile.strings.filter { $0.utf8.count < 2_000 } + ["héllo \"q\" \\ \n"]))
        case 5: return .compose(rng.pick(["", "にほ", "a\u{0}b"]), cursor: rng.int(0...4))
        case 6: return .focus(gained: rng.chance(0.5))
        case 7: return .resize(CGSize(width: rng.int(1...2000), height: rng.int(1...2000)))
        default: return rng.chance(0.1) ? .quit : .mouse(.move, randomPoint())
        }
    }

    private func randomScript() -> String {
        var frame = 0
        var entries: [InputScript.Entry] = []
        for _ in 0..<rng.int(0...40) {
            frame += rng.pick([0, 0, 1, 2, 10])
            entries.append(.init(frame: frame, event: randomEvent()))
        }
        var text = InputScript(entries: entries).text
        if rng.chance(0.2) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        if rng.chance(0.05) { text = text.replacingOccurrences(of: "\n", with: "\r") }
        return text
    }

    // MARK: Mutating

    static let hostileTokens: [String] = [
        "1e300", "-1e300", "nan", "inf", "-inf", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "100000000000", "1000001", "0x10", "+5", "1.5", "-0", "", "\"", "\\", "\"\\u{110000}\"", "\"\\u{}\"", "\"\\q\"",
        "\"unterminated", "#", "mouse", "finger", "key", "text", "compose", "focus", "resize", "quit", "down", "up", "move",
        "\u{0}", "\u{FEFF}", "\u{2028}", "👩‍👩‍👧", String(repeating: "9", count: 400),
    ]

    private func mutate(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard !lines.isEmpty else { return text }
        let li = rng.int(0...lines.count - 1)
        var tokens = lines[li].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        switch rng.int(0...9) {
        case 0, 1:   // replace a token with a hostile one
            if !tokens.isEmpty { tokens[rng.int(0...tokens.count - 1)] = rng.pick(Self.hostileTokens) }
        case 2:      // delete a token
            if !tokens.isEmpty { tokens.remove(at: rng.int(0...tokens.count - 1)) }
        case 3:      // duplicate a token
            if !tokens.isEmpty { let t = rng.pick(tokens); tokens.insert(t, at: rng.int(0...tokens.count)) }
        case 4:      // a huge token (up to 1 MB)
            let size = rng.chance(0.05) ? 1_000_000 : (rng.chance(0.3) ? 100_000 : 1_000)
            tokens.insert(String(repeating: rng.pick(["z", "9", "é"]), count: size), at: rng.int(0...tokens.count))
        case 5:      // flip a byte
            var bytes = Array(lines[li].utf8)
            if !bytes.isEmpty { bytes[rng.int(0...bytes.count - 1)] = UInt8(truncatingIfNeeded: rng.next()) }
            lines[li] = String(decoding: bytes, as: UTF8.self)
            return lines.joined(separator: "\n")
        case 6:      // swap two lines (frame order)
            let lj = rng.int(0...lines.count - 1)
            lines.swapAt(li, lj)
            return lines.joined(separator: "\n")
        case 7:      // a stray CR or control character
            lines[li] += rng.pick(["\r", "\u{0}", "\t", "\u{1B}"])
            return lines.joined(separator: "\n")
        case 8:      // truncate the script anywhere
            let bytes = Array(text.utf8)
            return String(decoding: bytes.prefix(rng.int(0...bytes.count)), as: UTF8.self)
        default:     // a frame number at the limits
            if !tokens.isEmpty { tokens[0] = rng.pick(["0", "1000000", "1000001", "-1", "99999999999999999999"]) }
        }
        lines[li] = tokens.joined(separator: " ")
        return lines.joined(separator: "\n")
    }
}
