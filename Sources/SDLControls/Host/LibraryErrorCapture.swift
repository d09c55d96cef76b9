import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a C library call whose failures print their own text on standard error (libpng's
/// default handler writes `libpng error: …` and `libpng warning: …` there, under SDL_image),
/// and hands that text back instead, so the host can put it in its one-line reason, through
/// its log, escaped.
///
/// Standard error (file descriptor 2) points at a temporary file for the length of the call
/// and is put back after it. The call is synchronous on the main actor, so no other call of
/// ours overlaps it; a line another thread writes in that moment goes to the host's log with
/// the library's (not lost). When the temporary file can't be made, the call runs as it is.
enum LibraryErrorCapture {
    /// The most bytes of captured text kept (a library printing in a loop can't fill memory).
    static let maximumBytes = 4096

    /// `body`'s result and what it printed on standard error, as lines (empty, ignorable
    /// lines dropped).
    static func run<T>(_ body: () -> T) -> (result: T, lines: [String]) {
        fflush(nil)   // every stream (stderr itself is a C global Swift 6 won't read)
        guard let file = tmpfile() else { return (body(), []) }
        defer { fclose(file) }
        let saved = dup(2)
        guard saved >= 0 else { return (body(), []) }
        guard dup2(fileno(file), 2) >= 0 else {
            close(saved)
            return (body(), [])
        }
        let result = body()
        fflush(nil)   // every stream (stderr itself is a C global Swift 6 won't read)
        dup2(saved, 2)
        close(saved)
        var bytes = [UInt8](repeating: 0, count: maximumBytes)
        rewind(file)
        let n = fread(&bytes, 1, maximumBytes, file)
        let lines = bytes[0..<n].split(separator: 0x0A).map {
            String.escapedForMessage(bytes: $0).trimmingCharacters(in: .whitespaces)
        }
        return (result, lines.filter { !$0.isEmpty })
    }
}
