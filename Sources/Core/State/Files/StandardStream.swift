#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered writes to standard output and standard error, shared by the CLI, the
/// window helper, the view layer and the demo: lines reach a login session's journal
/// whole and in order, even when the process `exec`s right after.
package enum StandardStream {
    /// Writes `text` to standard output.
    package static func output(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error.
    package static func error(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// The one way the package's programs and libraries report on standard error:
    /// `first-open: message` (or another program's name), one line.
    package static func errorLine(_ message: String, program: String = "first-open") {
        error(program + ": " + message + "\n")
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
