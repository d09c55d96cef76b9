import Foundation
import Testing

/// The route of one tap, as "Target-action, control events and tracking" writes it out and the
/// README lists it, names at most six files, in order, and each of them exists: the route stays
/// true when files move.
struct TapRouteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The paths of the numbered list that follows `heading` in the file at `path`.
    static func route(in path: String, after heading: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        guard let start = text.range(of: heading) else { return [] }
        var paths: [String] = []
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty && !paths.isEmpty { break }
            guard let first = trimmed.first, first.isNumber, let dot = trimmed.firstIndex(of: "."),
                  let open = trimmed[dot...].firstIndex(of: "`") else { continue }
            let rest = trimmed[trimmed.index(after: open)...]
            guard let close = rest.firstIndex(of: "`") else { continue }
            paths.append(String(rest[..<close]))
        }
        return paths
    }

    @Test func theArticleNamesAtMostSixFilesThatExist() throws {
        let paths = try Self.route(in: "Sources/SDLControlsCore/SDLControlsCore.docc/ControlEventsAndTracking.md",
                                   after: "### The route of one tap")
        #expect((1...6).contains(paths.count), "\(paths)")
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path) exists")
        }
    }

    @Test func theReadmeListsTheSameRoute() throws {
        let article = try Self.route(in: "Sources/SDLControlsCore/SDLControlsCore.docc/ControlEventsAndTracking.md",
                                     after: "### The route of one tap")
        let readme = try Self.route(in: "README.md", after: "To follow one left click on a `UIButton`")
        #expect(readme == article && !readme.isEmpty, "README \(readme) vs article \(article)")
    }
}
