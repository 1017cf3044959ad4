internal import Glibc

/// One-line messages on standard error, prefixed with "first-open: ".
enum Diagnostics {
    static func warn(_ message: String) {
        let line = "first-open: " + message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(STDERR_FILENO, buffer.baseAddress, buffer.count - 1)
        }
    }
}
