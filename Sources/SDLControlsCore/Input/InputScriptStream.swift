import Foundation

/// An ``InputScript`` read an entry at a time, from a file or from text, for replaying scripts
/// of any length: memory holds one line and the entries not yet replayed, never the file, and
/// the first entry is ready as soon as its line is read.
///
/// ```swift
/// let stream = try InputScriptStream(contentsOfFile: "session.script", isKeyName: InputScriptPlayer.isKeyName)
/// while let entry = try stream.next() { print(entry.frame, entry.event) }
/// ```
///
/// The format, the limits and the errors are ``InputScript``'s (one parser reads a line for
/// both), plus what only a file can get wrong:
/// - a line that isn't UTF-8 stops with `line N: not UTF-8 text`;
/// - a line longer than ``maximumLineBytes`` stops with its line number **(project choice)**:
///   a script's lines are short, and a file of one endless line must not be read whole;
/// - a path that isn't a readable regular file (missing, a folder, a pipe, a device) fails at
///   once with ``InputScriptStreamError``.
///
/// After an error, or the end, ``next()`` returns nil. Reading is on the caller's thread.
public final class InputScriptStream {
    /// The longest line read: 1 MiB **(project choice)**.
    public static let maximumLineBytes = 1 << 20

    /// Bytes read from the file at a time.
    static let chunkBytes = 1 << 16

    private let handle: FileHandle?
    private let isKeyName: ((String) -> Bool)?
    /// Read but not yet consumed bytes: `buffer[position...]`.
    private var buffer: [UInt8]
    private var position = 0
    private var endOfInput: Bool
    /// The last line ended with CR: an LF right after it belongs to the same line break.
    private var afterCR = false
    private var lineNumber = 0
    private var finished = false
    private var peeked: InputScript.Entry?

    /// The most bytes held at once while reading (tests check that memory follows the
    /// longest line, not the file).
    package private(set) var peakBufferedBytes = 0

    /// The frame of the last entry read (-1 before the first): entries are in frame order,
    /// so no entry still to come is earlier.
    public private(set) var lastFrameRead = -1

    /// A stream over the file at `path`. `isKeyName` as in ``InputScript/init(parsing:isKeyName:)``.
    public init(contentsOfFile path: String, isKeyName: ((String) -> Bool)? = nil) throws {
        guard RegularFile.isReadable(path) else { throw InputScriptStreamError.notAReadableFile(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InputScriptStreamError.notAReadableFile(path) }
        self.handle = handle
        self.isKeyName = isKeyName
        buffer = []
        endOfInput = false
    }

    /// A stream over `text` (already in memory).
    public init(text: String, isKeyName: ((String) -> Bool)? = nil) {
        handle = nil
        self.isKeyName = isKeyName
        buffer = Array(text.utf8)
        endOfInput = true
    }

    /// A stream over a script already parsed (a player replays every script through a stream).
    public convenience init(script: InputScript) {
        self.init(text: "")
        parsed = script.entries
    }

    /// Entries of a parsed script, taken in order, instead of text.
    private var parsed: [InputScript.Entry] = []
    private var parsedIndex = 0

    deinit { try? handle?.close() }

    /// The next entry without taking it; nil at the end.
    public func peek() throws -> InputScript.Entry? {
        if peeked == nil { peeked = try read() }
        return peeked
    }

    /// Takes the next entry; nil at the end (or after an error was thrown).
    public func next() throws -> InputScript.Entry? {
        if let p = peeked {
            peeked = nil
            return p
        }
        return try read()
    }

    private func read() throws -> InputScript.Entry? {
        if parsedIndex < parsed.count {
            let entry = parsed[parsedIndex]
            parsedIndex += 1
            lastFrameRead = entry.frame
            return entry
        }
        guard !finished else { return nil }
        do {
            while let bytes = try nextLine() {
                lineNumber += 1
                var slice = bytes[...]
                if lineNumber == 1, slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }   // a byte-order mark
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw InputScriptError(line: lineNumber, message: "not UTF-8 text")
                }
                let previous = lastFrameRead >= 0 ? lastFrameRead : nil
                if let entry = try InputScript.entry(parsing: Substring(text), line: lineNumber, after: previous, isKeyName: isKeyName) {
                    lastFrameRead = entry.frame
                    return entry
                }
            }
        } catch {
            finished = true
            throw error
        }
        finished = true
        return nil
    }

    /// The next line's bytes without its break (LF, CRLF or CR); nil after the last.
    private func nextLine() throws -> [UInt8]? {
        var scanned = position
        while true {
            if afterCR, position < buffer.count {
                afterCR = false
                if buffer[position] == 0x0A {
                    position += 1
                    scanned = max(scanned, position)
                }
            }
            if let end = buffer[scanned...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                let line = Array(buffer[position..<end])
                afterCR = buffer[end] == 0x0D
                position = end + 1
                return line
            }
            if buffer.count - position > InputScriptStream.maximumLineBytes {
                throw InputScriptError(line: lineNumber + 1, message: "line is longer than \(InputScriptStream.maximumLineBytes) bytes")
            }
            scanned = buffer.count
            if endOfInput {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                return line
            }
            // Keep the unread part and read more.
            buffer.removeSubrange(0..<position)
            scanned -= position
            position = 0
            let chunk: Data?
            do {
                chunk = try handle?.read(upToCount: InputScriptStream.chunkBytes)
            } catch {
                throw InputScriptError(line: lineNumber + 1, message: "the file could not be read (\(error.localizedDescription))")
            }
            if let chunk, !chunk.isEmpty {
                buffer.append(contentsOf: chunk)
                peakBufferedBytes = max(peakBufferedBytes, buffer.count)
            } else {
                endOfInput = true
            }
        }
    }
}

/// A script file that can't be opened.
public enum InputScriptStreamError: Error, Equatable, CustomStringConvertible {
    /// The path is not a readable regular file (missing, a folder, a pipe, a device, no permission).
    case notAReadableFile(String)

    /// One line, the path escaped.
    public var description: String {
        switch self {
        case .notAReadableFile(let path): return "can't read script \(path.escapedForMessage): not a readable regular file"
        }
    }
}
