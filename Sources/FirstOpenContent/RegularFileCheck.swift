internal import CGLib

#if canImport(Glibc)
import Glibc
#endif

/// Guards the files a spec points at (release notes, os-release): they are read at
/// login, so a device, a FIFO or a huge file must not hang or exhaust the session.
enum RegularFileCheck {
    /// Larger than any real metainfo or os-release file by far.
    static let sizeLimit = 4 * 1024 * 1024

    /// Why `path` must not be read, or `nil` when it is a regular file within the limit
    /// (a missing file is left for the reader to report with its own message).
    static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "is not a regular file" }
        guard info.st_size <= sizeLimit else {
            return "is larger than \(sizeLimit / 1024 / 1024) MiB (\(info.st_size) bytes)"
        }
        return nil
    }
}
