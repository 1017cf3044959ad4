internal import CGLib

/// GLib error messages as the spec reader prints them.
enum GLibMessage {
    /// Frees `error` and returns its message (`nil` when there was no error).
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// GLib quotes the offending line (“…”) in its parse errors; a binary file's
    /// "line" can be kilobytes long. Keep its start.
    static func elidingQuotedLine(_ message: String, limit: Int = 60) -> String {
        guard let open = message.firstIndex(of: "\u{201C}"),
              let close = message.lastIndex(of: "\u{201D}"), open < close else { return message }
        let quoted = message[message.index(after: open)..<close]
        guard quoted.count > limit else { return message }
        return String(message[...open]) + quoted.prefix(limit) + "\u{2026}" + message[close...]
    }
}
