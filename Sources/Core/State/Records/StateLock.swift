import Glibc

/// An app's window lock, held while its Welcome or What's New window is open, so that
/// two concurrent starts (two autostart entries, a double click) show the window once:
/// what ``VersionStore/tryLock(appID:)`` gives. A store of an app's own hands out an
/// in-process lock made with ``init(releasing:)``.
///
/// ``KeyFileVersionStore``'s is an exclusive, non-blocking `flock` on the app's lock file. The lock lasts while the
/// file descriptor is open: ``release()`` or deinit closes it. To hand it to the GTK
/// helper across `execv`, call ``keepAcrossExec()`` first; the helper adopts the
/// inherited descriptor with ``init(adoptingFileDescriptor:)``.
///
/// Only `close` releases the lock, never `LOCK_UN`: a forked child sharing the
/// descriptor must not unlock it for its parent.
///
/// Stores that keep no files (the package's `InMemoryVersionStore`) hand out an in-process
/// lock made with ``init(releasing:)``: it has no descriptor and cannot cross `execv`.
public final class StateLock {
    private var descriptor: Int32
    /// Releases an in-process lock; nil for a file lock.
    private var releaseInProcess: (() -> Void)?

    /// The open lock file's descriptor; -1 once released, and for an in-process lock.
    package var fileDescriptor: Int32 { descriptor }

    /// Whether the lock is still held by this object.
    package var isHeld: Bool { descriptor >= 0 || releaseInProcess != nil }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// An in-process lock, held until ``release()`` (or deinit) calls `release` once.
    public init(releasing release: @escaping () -> Void) {
        descriptor = -1
        releaseInProcess = release
    }

    /// Adopts an inherited descriptor (the helper side of an `execv` hand-over) and
    /// makes sure it holds the lock: re-locking an already locked open file is a no-op.
    /// The descriptor gets `FD_CLOEXEC` again so it does not leak further.
    /// - Returns: nil when `fd` is not open or another process holds the lock.
    package init?(adoptingFileDescriptor fd: Int32) {
        guard fd >= 0, fcntl(fd, F_GETFD) != -1 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
        let flags = fcntl(fd, F_GETFD)
        _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC)
        descriptor = fd
    }

    deinit {
        release()
    }

    /// Clears `FD_CLOEXEC` so the lock survives `execv` into the window helper, which
    /// records on dismissal and exits (releasing it).
    /// - Returns: false when the flag could not be changed (or the lock was released).
    @discardableResult
    package func keepAcrossExec() -> Bool {
        guard descriptor >= 0 else { return false }
        let flags = fcntl(descriptor, F_GETFD)
        guard flags != -1 else { return false }
        return fcntl(descriptor, F_SETFD, flags & ~FD_CLOEXEC) != -1
    }

    /// Releases the lock (closes the descriptor). Safe to call more than once.
    package func release() {
        if let releaseInProcess {
            self.releaseInProcess = nil
            releaseInProcess()
        }
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Opens (creating, mode 0644) and locks `path`; nil when someone else holds it.
    static func acquire(path: String) throws(StoreError) -> StateLock? {
        let fd = try openLockFile(path)
        var result: Int32
        repeat {
            result = flock(fd, LOCK_EX | LOCK_NB)
        } while result != 0 && errno == EINTR
        if result != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw .unwritable(path: path, reason: "cannot lock: \(errnoDescription(code))")
        }
        return StateLock(descriptor: fd)
    }

    /// Opens (creating) and locks `path`, waiting while another process holds it, but
    /// no longer than `timeout` seconds; nil when it is still held then. For short
    /// critical sections (a record's read-compare-write), never for a window's lifetime.
    static func acquire(path: String, waitingUpTo timeout: Double) throws(StoreError) -> StateLock? {
        let deadline = monotonicSeconds() + timeout
        var pause: UInt32 = 1_000
        while true {
            if let lock = try acquire(path: path) { return lock }
            if monotonicSeconds() >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// Opens a lock file without following a symbolic link and without blocking (a FIFO
    /// put in its place must not hang the login), and refuses anything but a regular file.
    private static func openLockFile(_ path: String) throws(StoreError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o644)
        guard fd >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "is a symbolic link; refused" : errnoDescription(code)
            throw .unwritable(path: path, reason: reason)
        }
        do {
            try CheckedFile.checkRegularFile(fd, limit: CheckedFile.smallFileLimit)
        } catch {
            close(fd)
            throw .unwritable(path: path, reason: error.description)
        }
        return fd
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
