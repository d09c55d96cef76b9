#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one check for files the library reads by path (images and fonts): they must be
/// readable regular files (symbolic links to one count). A named pipe, socket or device given
/// as an image or font would block the game's thread in `open` or `read`, or never end
/// (`/dev/zero`), so anything else is refused as missing.
package enum RegularFile {
    /// Whether `path` names a regular file this process can read.
    package static func isReadable(_ path: String) -> Bool {
        guard !path.isEmpty, !path.utf8.contains(0) else { return false }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, R_OK) == 0
    }
}
