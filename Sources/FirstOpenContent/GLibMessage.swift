internal import CGLib

/// GLib error messages as the spec reader prints them.
enum GLibMessage {
    /// Frees `error` and returns its message (`nil` when there was no error).
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
