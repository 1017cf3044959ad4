internal import FirstOpenState

/// One-line messages on standard error, prefixed with "first-open: ".
enum Diagnostics {
    /// Prints `first-open: message` on stderr.
    static func warn(_ message: String) {
        StandardStream.error("first-open: " + message + "\n")
    }
}
