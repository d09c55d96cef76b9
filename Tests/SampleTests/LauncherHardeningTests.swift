import Foundation
import Testing
@testable import SampleKit
@testable import SDLControls

/// The launcher driven through real SDL events (scripts replayed as SDL events) at the edges
/// that crashed it: leaving a sample in the frame it was used, Escape while a
/// text field is editing, and scripts with numbers beyond the limits.
@MainActor
struct LauncherHardeningTests {
    private func writeScript(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hardening-\(UUID().uuidString).script").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func options(_ sample: String, script: String?, frames: Int) -> LauncherOptions {
        var o = LauncherOptions()
        o.headless = true
        o.sample = sample
        o.frames = frames
        o.script = script
        return o
    }

    /// Every accessibility element's center (window points) after the sample's first frames.
    private func elementCenters(_ sample: String) -> [(label: String, x: Int, y: Int, kind: String)] {
        var o = options(sample, script: nil, frames: 2)
        o.dumpAccessibility = true
        var lines: [String] = []
        _ = Launcher.run(o, output: { lines.append($0) })
        return lines.compactMap { line in
            guard let open = line.range(of: "center=("), let label = line.split(separator: "\"").dropFirst().first else { return nil }
            let nums = line[open.upperBound...].dropLast().split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard nums.count == 2, let x = nums[0], let y = nums[1] else { return nil }
            return (String(label), x, y, String(line.prefix { $0 != " " }))
        }.filter { $0.label != "Back" }
    }

    /// Touching a control and leaving the sample in the same frame (Escape) used to free the
    /// scene with its actions queued; their `[unowned self]` handlers then crashed the
    /// launcher (11 of 14 such scripts). Every sample, several controls, down-then-leave and
    /// tap-then-leave.
    @Test(arguments: SampleCatalog.all.map(\.name))
    func touchingAControlAndLeavingInTheSameFrame(_ sample: String) throws {
        let centers = elementCenters(sample)
        #expect(!centers.isEmpty, "\(sample) has elements")
        let step = max(1, centers.count / 5)
        for element in stride(from: 0, to: centers.count, by: step).map({ centers[$0] }) {
            for tap in [false, true] {
                let p = "\(element.x) \(element.y)"
                let path = try writeScript("""
                1 mouse down \(p)
                \(tap ? "1 mouse up \(p)" : "")
                1 key down Escape
                1 key up Escape
                2 mouse down \(p)
                2 key down Escape
                2 key up Escape
                """)
                defer { try? FileManager.default.removeItem(atPath: path) }
                var errors: [String] = []
                let code = Launcher.run(options(sample, script: path, frames: 4), output: { _ in }, errors: { errors.append($0) })
                #expect(code == 0, "\(sample) \(element.label) tap \(tap): \(errors)")
            }
        }
    }

    @Test func escapeInsideAnEditingTextFieldKeepsTheFormAndWhatWasTyped() throws {
        let name = try #require(elementCenters("form").first { $0.label == "Name" && $0.kind == "UITextField" })
        let path = try writeScript("""
        1 mouse down \(name.x) \(name.y)
        1 mouse up \(name.x) \(name.y)
        2 text "Ada"
        3 key down Escape
        3 key up Escape
        """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var scene: SampleScene?
        var typed: String?
        let code = Launcher.run(options("form", script: path, frames: 6), output: { _ in }, inspect: { launcher in
            scene = launcher.scene
            typed = (launcher.scene as? FormSample)?.nameField.text
        })
        #expect(code == 0)
        #expect(scene is FormSample, "Escape went to the text field, not to the launcher")
        #expect(typed == "Ada")
    }

    @Test func escapeWithNothingEditingReturnsToTheList() throws {
        let path = try writeScript("1 key down Escape\n1 key up Escape\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var scene: SampleScene?
        var hadScene = true
        let code = Launcher.run(options("form", script: path, frames: 3), output: { _ in }, inspect: { launcher in
            scene = launcher.scene
            hadScene = launcher.scene != nil
        })
        #expect(code == 0)
        #expect(scene == nil && !hadScene)
    }

    @Test(arguments: [
        ("0 mouse down 1e300 0\n", "line 1: x \"1e300\" is beyond"),
        ("# ok\n1 compose \"x\" 1e300\n", "line 2: cursor must be a whole number"),
        ("9223372036854775807 quit\n", "line 1: frame 9223372036854775807 is over the limit"),
        ("100000000000 quit\n", "line 1: frame 100000000000 is over the limit"),
    ])
    func scriptsWithNumbersBeyondTheLimitsStopWithTheLine(_ text: String, _ message: String) throws {
        let path = try writeScript(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var o = options("gallery", script: path, frames: 1)
        o.frames = nil
        var errors: [String] = []
        let code = Launcher.run(o, output: { _ in }, errors: { errors.append($0) })
        #expect(code == 1)
        #expect(errors.first?.contains(message) == true, "\(errors)")
    }

    @Test func aCRLFScriptReplaysLikeItsLFOriginal() throws {
        let lf = try String(contentsOf: SampleScriptTests.scripts.appendingPathComponent("target-action.script"), encoding: .utf8)
        let path = try writeScript(lf.replacingOccurrences(of: "\n", with: "\r\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let original = SampleScriptTests.run("target-action")
        let crlf = SampleScriptTests.run("target-action", script: path)
        #expect(crlf.code == 0)
        #expect(!original.log.isEmpty && crlf.log == original.log)
    }

    /// App text the launcher prints (accessibility labels and values in `--dump-accessibility`
    /// and `--log-actions` lines) is quoted with control characters escaped.
    @Test func printedLabelsAndValuesShowControlCharactersAsEscapes() throws {
        let host = try SDLHost.headless(size: CGSize(width: 400, height: 300))
        defer { host.shutdown() }
        host.log = { _ in }
        var lines: [String] = []
        var o = LauncherOptions()
        o.headless = true
        o.sample = "gallery"
        o.logActions = true
        let launcher = Launcher(host: host, options: o, output: { lines.append($0) }, errors: { _ in })
        defer { launcher.close() }
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 300, y: 250, width: 80, height: 40)
        button.accessibilityLabel = "evil\u{1B}]0;pwned\u{7}"
        button.accessibilityValue = "v\u{0}\u{202E}"
        button.addAction(UIAction { _ in }, for: .touchUpInside)
        host.window.addSubview(button)
        launcher.dumpAccessibility()
        button.sendActions(for: .touchUpInside)
        host.update()
        let printed = lines.filter { $0.contains("evil") }
        #expect(printed.count == 2, "the dump line and the action line: \(lines)")
        for line in printed {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E }, "\(line.debugDescription)")
            #expect(line.contains("evil\\u{1B}]0;pwned\\u{7}"))
        }
        #expect(printed.first?.contains("value=\"v\\u{0}\\u{202E}\"") == true)
    }
}
