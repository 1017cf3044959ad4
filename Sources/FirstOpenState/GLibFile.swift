internal import CGLib
import Glibc

/// Whole-file reads and writes through GLib.
package enum GLibFile {
    /// Reads `path` and hands its bytes (NUL-terminated by GLib) to `body`.
    static func withContents<T>(
        of path: String, _ body: (UnsafePointer<gchar>, Int) throws -> T
    ) throws -> T {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            throw GLibFailure(consuming: error)
        }
        defer { g_free(contents) }
        return try body(contents, Int(length))
    }

    /// `g_file_set_contents_full` with `CONSISTENT | DURABLE`: a temp file in the same
    /// directory, fsync, rename; readers see the old or the new file, never a part.
    static func write(_ data: UnsafePointer<gchar>, length: Int, to path: String, mode: Int32) throws(GLibFailure) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(
            rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        if g_file_set_contents_full(path, data, gssize(length), flags, mode, &error) == 0 {
            throw GLibFailure(consuming: error)
        }
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
