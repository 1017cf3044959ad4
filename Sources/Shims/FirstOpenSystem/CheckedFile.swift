import Glibc

/// The one checked read for every file the login path, `explain`, `mark-seen`, `show`
/// and `screenshot` open that they did not write themselves a moment ago: spec files,
/// icons, metainfo, os-release, records, settings.
///
/// - **Never blocks:** the file is opened with `O_NONBLOCK`, so a FIFO (or a device)
///   put where a file is expected returns at once instead of hanging the login while
///   it holds the app's lock.
/// - **Regular files only:** the check is `fstat` on the descriptor that was opened,
///   not `stat` before `open`, so the file cannot be swapped between check and read.
/// - **Bounded:** at most `limit` bytes are read; a larger file (or one that grows while
///   it is read, or a `/proc` file reporting size 0) is refused, never read whole.
///
/// Written on top of `open`/`fstat`/`read` rather than `g_file_get_contents`, which
/// opens without `O_NONBLOCK`, `stat`s by path and reads any size.
package enum CheckedFile {
    /// Why a file was not read. `description` is the reason alone (callers name the file).
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// No such file (`ENOENT`).
        case missing
        /// A directory, FIFO, socket or device where a regular file was expected.
        case notRegularFile(kind: String)
        /// Larger than the limit for this kind of file.
        case tooLarge(limit: Int)
        /// `open` or `read` failed otherwise (permissions, I/O).
        case unreadable(reason: String)
        /// The process or the system ran out of file descriptors or memory (`EMFILE`,
        /// `ENFILE`, `ENOMEM`): nothing is wrong with the file.
        case outOfResources(reason: String)

        package var description: String {
            switch self {
            case .missing: return "No such file or directory"
            case let .notRegularFile(kind): return "is not a regular file (it is \(kind))"
            case let .tooLarge(limit): return "is larger than \(CheckedFile.describe(bytes: limit)); refused"
            case let .unreadable(reason), let .outOfResources(reason): return reason
            }
        }
    }

    /// Spec files: far more than a real one with every translation (see `docs/spec-format.md`).
    package static let specLimit = 4 * 1024 * 1024
    /// AppStream metainfo files named by `ReleaseNotes=` / `VersionFrom=metainfo:`.
    package static let metainfoLimit = 4 * 1024 * 1024
    /// Icon image files (`Icon=/path`).
    package static let imageLimit = 8 * 1024 * 1024
    /// os-release, settings, lock files and `/proc/cmdline`: small files. (Records have
    /// their own, smaller cap: `KeyFileVersionStore.recordLimit`.)
    package static let smallFileLimit = 256 * 1024

    /// Reads the whole of `path` (at most `limit` bytes) and returns its bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let (fd, size) = try openChecked(path, limit: limit)
        defer { close(fd) }
        // An uninitialised buffer of the file's size (+1 to see the end in the same
        // read; at least a page for /proc files, which report 0), not a zero-filled
        // fixed chunk: a 2 KiB spec then touches one page instead of sixteen, and every
        // page touched is a page fault at every login (docs/performance.md).
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: min(max(size + 1, 4096), limit + 1), alignment: 1)
        defer { chunk.deallocate() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(size, limit) + 1) // + 1: withContents appends a NUL
        while true {
            let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
        return bytes
    }

    /// Checks, without reading it, that `path` is a regular file of at most `limit`
    /// bytes — for files a library opens by path itself (an icon theme's icons).
    package static func check(_ path: String, limit: Int) throws(Failure) {
        close(try openChecked(path, limit: limit).fd)
    }

    /// Opens `path` without blocking (a FIFO never stalls the open) and checks the
    /// opened descriptor with ``checkRegularFile(_:limit:)``; returns it with the file's
    /// size, and the caller closes it.
    private static func openChecked(_ path: String, limit: Int) throws(Failure) -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing }
            if code == EMFILE || code == ENFILE || code == ENOMEM {
                throw .outOfResources(reason: String(cString: strerror(code)))
            }
            throw .unreadable(reason: String(cString: strerror(code)))
        }
        do {
            return (fd, try checkRegularFile(fd, limit: limit))
        } catch {
            close(fd)
            throw error
        }
    }

    /// ``read(_:limit:)``, handing the bytes to `body` NUL-terminated (for C parsers).
    package static func withContents<T>(
        of path: String, limit: Int, _ body: (UnsafePointer<CChar>, Int) throws -> T
    ) throws -> T {
        var bytes = try read(path, limit: limit)
        let length = bytes.count
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                try body($0, length)
            }
        }
    }

    /// Throws unless the open descriptor `fd` is a regular file of at most `limit` bytes;
    /// returns its size.
    @discardableResult
    package static func checkRegularFile(_ fd: Int32, limit: Int) throws(Failure) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notRegularFile(kind: kindName(type)) }
        guard info.st_size <= limit else { throw .tooLarge(limit: limit) }
        return Int(info.st_size)
    }

    /// `4 MiB`, `256 KiB`, `12 bytes`.
    package static func describe(bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / 1024 / 1024) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }

    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }
}
