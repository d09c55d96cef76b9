import Foundation
import Testing

/// The README's "Immediate mode" section shows the Immediate sample's code: the build body
/// (at most 12 lines) and the retained twin, word for word.
struct ImmediateReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of the `panel.build { ui in … }` body, trimmed.
    static func buildBody(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("panel.build { ui in") }) else { return [] }
        let indent = lines[start].prefix { $0 == " " }.count
        var body: [String] = []
        for line in lines[(start + 1)...] {
            if line.trimmingCharacters(in: .whitespaces) == "}" && line.prefix(while: { $0 == " " }).count == indent { break }
            body.append(line.trimmingCharacters(in: .whitespaces))
        }
        return body
    }

    /// The retained twin's class, without doc comments.
    static func retainedClass(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "final class RetainedSettingsPanel: UIView {") else { return [] }
        var out: [String] = []
        for line in lines[start...] where !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
            out.append(line)
            if line == "}" { break }
        }
        return out
    }

    @Test func theReadmeShowsTheSamplesBuildBodyInAtMostTwelveLines() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let sample = try String(contentsOf: Self.root.appendingPathComponent("Samples/SampleKit/Samples/ImmediateSample.swift"), encoding: .utf8)
        let section = readme.components(separatedBy: "## Immediate mode").dropFirst().first ?? ""
        let body = Self.buildBody(sample)
        #expect(!body.isEmpty && body.count <= 12)
        #expect(Self.buildBody(section) == body)
        #expect(!Self.retainedClass(sample).isEmpty)
        #expect(Self.retainedClass(section) == Self.retainedClass(sample))
    }
}
