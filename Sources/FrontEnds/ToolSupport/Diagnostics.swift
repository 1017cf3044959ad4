internal import FirstOpenState

/// Writes the one-line messages of `first-open` to stderr, prefixed with the program name.
public enum Diagnostics {
    /// The name printed before each message.
    public static let programName = "first-open"

    /// Prints `first-open: message` on stderr.
    public static func error(_ message: String) {
        StandardStream.errorLine(message, program: programName)
    }

    /// Prints `first-open: warning: message` on stderr.
    public static func warning(_ message: String) {
        StandardStream.errorLine("warning: " + message, program: programName)
    }

    /// Prints one line on stdout (the machine-readable channel: `explain`, `validate`).
    public static func output(_ line: String) {
        StandardStream.output(line + "\n")
    }
}
