internal import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
internal import FirstOpenState

/// One-line messages on standard error, prefixed with "first-open: ".
enum Diagnostics {
    /// Prints `first-open: message` on stderr.
    static func warn(_ message: String) {
        StandardStream.errorLine(message)
    }

    /// A GLib debug message in the `first-open` log domain: printed when the app runs
    /// with `G_MESSAGES_DEBUG=first-open` (or `all`), so a developer can see why no
    /// window appeared; silent otherwise, as GLib libraries' debug output is.
    static func debug(_ message: String) {
        fo_log_debug("first-open", message)
    }
}
