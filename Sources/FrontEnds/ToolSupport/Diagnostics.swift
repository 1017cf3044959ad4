internal import FirstOpenState

/// Writes the one-line messages of `first-open` to stderr, prefixed with the program name.
package enum Diagnostics {
    /// The name printed before each message.
    package static let programName = "first-open"

    /// Prints `first-open: message` on stderr.
    package static func error(_ message: String) {
        StandardStream.errorLine(message, program: programName)
    }

    /// Prints `first-open: warning: message` on stderr.
    package static func warning(_ message: String) {
        StandardStream.errorLine("warning: " + message, program: programName)
    }

    /// Prints one line on stdout (the machine-readable channel: `explain`, `validate`).
    package static func output(_ line: String) {
        StandardStream.output(line + "\n")
    }
}
