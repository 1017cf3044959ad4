#if canImport(Glibc)
import Glibc
#endif

/// Writes the one-line messages of `first-open` to stderr, prefixed with the program name.
public enum Diagnostics {
    /// The name printed before each message.
    public static let programName = "first-open"

    /// Prints `first-open: message` on stderr.
    public static func error(_ message: String) {
        write(to: STDERR_FILENO, "\(programName): \(message)\n")
    }

    /// Prints `first-open: warning: message` on stderr.
    public static func warning(_ message: String) {
        write(to: STDERR_FILENO, "\(programName): warning: \(message)\n")
    }

    /// Prints one line on stdout (the machine-readable channel: `explain`, `validate`).
    public static func output(_ line: String) {
        write(to: STDOUT_FILENO, line + "\n")
    }

    /// Unbuffered, so lines reach the journal in order even when the process `exec`s next.
    private static func write(to descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
