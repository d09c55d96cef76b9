import Foundation
import Testing
@testable import SDLControlsCore

/// Scripts read an entry at a time: the same entries and errors as a whole parse, memory
/// bounded by the longest line rather than the file, and files that are not scripts refused.
struct InputScriptStreamTests {
    static func readAll(_ stream: InputScriptStream) throws -> [InputScript.Entry] {
        var entries: [InputScript.Entry] = []
        while let e = try stream.next() { entries.append(e) }
        return entries
    }

    /// Writes `bytes` to a new file in the temporary folder; the caller removes it
    /// (``remove(_:)``, deferred), so runs leave nothing behind.
    static func file(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).script")
        try Data(bytes).write(to: url)
        return url.path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    static let sample = "\u{FEFF}# SDLControls input script 1\r\n10 mouse down 120 40 # c\r\n12 mouse move 130.5 40\r14 mouse up 130 40\n\n"
        + "20 text \"héllo\\n\"\n30 key down Tab shift\n41 compose \"にほ\" 2\n64 pad down dpadDown\n70 quit"

    @Test func aStreamReadsTheEntriesAWholeParseReads() throws {
        let whole = try InputScript(parsing: Self.sample).entries
        #expect(whole.count == 8)
        #expect(try Self.readAll(InputScriptStream(text: Self.sample)) == whole)
        let path = try Self.file(Array(Self.sample.utf8))
        defer { Self.remove(path) }
        #expect(try Self.readAll(InputScriptStream(contentsOfFile: path)) == whole)
        #expect(try Self.readAll(InputScriptStream(script: InputScript(entries: whole))) == whole)
    }

    /// Line ends split across the file's read chunks (a CR at the end of one, its LF at the
    /// start of the next) count once, as in a whole parse.
    @Test func lineEndsAcrossReadChunksCountOnce() throws {
        var text = "# h\r\n"
        var lines = 1
        while text.utf8.count < 3 * InputScriptStream.chunkBytes {
            text += "\(lines) mouse move \(lines % 500) 7\r\n"
            lines += 1
        }
        for pad in 0..<4 {
            let padded = String(repeating: " ", count: pad) + text + "\(lines) mouse sideways 1 2\r\n"
            let path = try Self.file(Array(padded.utf8))
            defer { Self.remove(path) }
            let stream = try InputScriptStream(contentsOfFile: path)
            var count = 0
            do {
                while try stream.next() != nil { count += 1 }
                Issue.record("expected an error")
            } catch let error as InputScriptError {
                #expect(error.line == lines + 1, "CRLF is one line end, wherever the chunks split")
            }
            #expect(count == lines - 1)
            #expect(try stream.next() == nil, "after an error, nothing more")
        }
    }

    @Test func errorsNameTheirLineAndQuoteEscaped() throws {
        let stream = InputScriptStream(text: "1 quit\n\n3 \u{1B}]0;pwned\u{7} 1\n4 quit\n")
        #expect(try stream.next()?.frame == 1)
        do {
            _ = try stream.next()
            Issue.record("expected an error")
        } catch let error as InputScriptError {
            #expect(error.line == 3)
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "\(error.description.debugDescription)")
            #expect(error.description.contains("\\u{1B}]0;pwned\\u{7}"))
        }
        #expect(try stream.next() == nil)
    }

    @Test func aLineThatIsNotUTF8StopsWithItsNumber() throws {
        let bytes = Array("# h\n2 text \"caf".utf8) + [0xE9] + Array("\"\n3 quit\n".utf8)
        let path = try Self.file(bytes)
        defer { Self.remove(path) }
        let stream = try InputScriptStream(contentsOfFile: path)
        #expect(throws: InputScriptError(line: 2, message: "not UTF-8 text")) { try stream.next() }
    }

    /// A file of one endless line is not read whole: past the line limit it stops.
    @Test func aLineOverTheLimitStopsWithoutReadingTheFileWhole() throws {
        let bytes = Array("1 quit\n".utf8) + [UInt8](repeating: 0x7A, count: 4 * InputScriptStream.maximumLineBytes)
        let path = try Self.file(bytes)
        defer { Self.remove(path) }
        let stream = try InputScriptStream(contentsOfFile: path)
        #expect(try stream.next()?.event == .quit)
        #expect(throws: InputScriptError(line: 2, message: "line is longer than \(InputScriptStream.maximumLineBytes) bytes")) {
            try stream.next()
        }
        #expect(stream.peakBufferedBytes <= InputScriptStream.maximumLineBytes + 2 * InputScriptStream.chunkBytes)
    }

    /// Memory follows the lines in flight: a 12 MB script is read with a few chunks held.
    @Test func memoryFollowsTheLineNotTheFile() throws {
        var bytes: [UInt8] = Array("# SDLControls input script 1\n".utf8)
        let line = Array("7 mouse move 100 200\n".utf8)
        while bytes.count < 12_000_000 { bytes += line }
        let path = try Self.file(bytes)
        defer { Self.remove(path) }
        let stream = try InputScriptStream(contentsOfFile: path)
        #expect(try stream.next()?.frame == 7)
        #expect(stream.peakBufferedBytes <= InputScriptStream.chunkBytes, "the first entry came from the first chunk")
        var n = 1
        while try stream.next() != nil { n += 1 }
        #expect(n == (bytes.count - 29) / line.count)
        #expect(stream.peakBufferedBytes <= 2 * InputScriptStream.chunkBytes)
        #expect(stream.lastFrameRead == 7)
    }

    @Test(arguments: ["/dev/zero", "/tmp", "/nonexistent/x.script", "", "/dev/null"])
    func aPathThatIsNotARegularFileIsRefusedAtOnce(_ path: String) {
        #expect(throws: InputScriptStreamError.notAReadableFile(path)) { try InputScriptStream(contentsOfFile: path) }
    }

    @Test func peekDoesNotTakeTheEntry() throws {
        let stream = InputScriptStream(text: "1 quit\n2 quit\n")
        #expect(try stream.peek()?.frame == 1)
        #expect(try stream.peek()?.frame == 1)
        #expect(try stream.next()?.frame == 1)
        #expect(try stream.next()?.frame == 2)
        #expect(try stream.peek() == nil)
    }
}
