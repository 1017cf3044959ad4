internal import CGLib
import Glibc

/// Whole-file writes and directories through GLib (reads go through ``CheckedFile``).
package enum GLibFile {
    /// `g_file_set_contents_full` with `CONSISTENT | DURABLE`: a temp file in the same
    /// directory, fsync, rename; readers see the old or the new file, never a part.
    static func write(_ data: UnsafePointer<gchar>, length: Int, to path: String, mode: Int32) throws(GLibError) {
        let flags = GFileSetContentsFlags(
            rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        try GLibError.checkSuccess { g_file_set_contents_full(path, data, gssize(length), flags, mode, $0) }
    }

    /// ``write(_:length:to:mode:)`` of a text (for modules that do not import GLib).
    package static func write(_ text: String, to path: String, mode: Int32) throws(GLibError) {
        // The text goes in as a C string (Swift's NUL-terminated UTF-8 for the call): no
        // closure, whose typed throws Swift 6.0's withUnsafeBufferPointer would not pass on.
        try write(text, length: text.utf8.count, to: path, mode: mode)
    }

    /// `g_mkdir_with_parents`; returns the errno text on failure.
    package static func makeDirectory(_ path: String, mode: Int32) -> String? {
        if g_mkdir_with_parents(path, mode) == 0 { return nil }
        return errnoDescription(errno)
    }
}

/// `strerror` text for an errno value (GLib's copy is thread-safe).
func errnoDescription(_ code: Int32) -> String {
    String(cString: g_strerror(code))
}

/// The current time formatted with `g_date_time_format`; UTC when `utc`.
func formattedNow(_ format: String, utc: Bool) -> String {
    guard let now = utc ? g_date_time_new_now_utc() : g_date_time_new_now_local() else { return "unknown" }
    defer { g_date_time_unref(now) }
    guard let text = g_date_time_format(now, format) else { return "unknown" }
    defer { g_free(text) }
    return String(cString: text)
}
