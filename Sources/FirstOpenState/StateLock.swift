import Glibc

/// An exclusive, non-blocking `flock` on an app's lock file, so that two concurrent
/// starts (two autostart entries, a double click) show the window once.
///
/// Obtain one with ``KeyFileVersionStore/tryLock(appID:)``. The lock lasts while the
/// file descriptor is open: ``release()`` or deinit closes it. To hand it to the GTK
/// helper across `execv`, call ``keepAcrossExec()`` first; the helper adopts the
/// inherited descriptor with ``init(adoptingFileDescriptor:)``.
///
/// Only `close` releases the lock, never `LOCK_UN`: a forked child sharing the
/// descriptor must not unlock it for its parent.
public final class StateLock {
    private var descriptor: Int32

    /// The open lock file's descriptor; -1 once released.
    public var fileDescriptor: Int32 { descriptor }

    /// Whether the lock is still held by this object.
    public var isHeld: Bool { descriptor >= 0 }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Adopts an inherited descriptor (the helper side of an `execv` hand-over) and
    /// makes sure it holds the lock: re-locking an already locked open file is a no-op.
    /// The descriptor gets `FD_CLOEXEC` again so it does not leak further.
    /// - Returns: nil when `fd` is not open or another process holds the lock.
    public init?(adoptingFileDescriptor fd: Int32) {
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
    public func keepAcrossExec() -> Bool {
        guard descriptor >= 0 else { return false }
        let flags = fcntl(descriptor, F_GETFD)
        guard flags != -1 else { return false }
        return fcntl(descriptor, F_SETFD, flags & ~FD_CLOEXEC) != -1
    }

    /// Releases the lock (closes the descriptor). Safe to call more than once.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Opens (creating, mode 0644) and locks `path`; nil when someone else holds it.
    static func acquire(path: String) throws(StoreError) -> StateLock? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .unwritable(path: path, reason: errnoDescription(errno))
        }
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
}
