package import CGLib

/// A `GError` copied into Swift: the package's one bridge from GLib errors, used by
/// every module (state, spec reader, command line, window, helper). The C error is
/// freed here, as soon as it is read, so no caller handles `g_error_free`.
///
/// This module never loads GTK; GTK's functions report through the same `GError`, so
/// the view layer uses this type too.
package struct GLibError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The error domain's name, e.g. `g-file-error-quark`.
    package let domain: String
    /// The domain-specific code.
    package let code: Int
    /// GLib's human-readable message.
    package let message: String

    package var description: String { message }

    /// An error with the given parts (for errors not read from GLib).
    package init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Takes ownership of `error` and frees it. A GLib call that failed without
    /// setting an error (`nil`) gives `fallback` as the message.
    package init(consuming error: UnsafeMutablePointer<GError>?, fallback: String = "unknown error") {
        guard let error else {
            self.init(domain: "", code: 0, message: fallback)
            return
        }
        defer { g_error_free(error) }
        self.init(
            domain: g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "unknown",
            code: Int(error.pointee.code),
            message: error.pointee.message.map { String(cString: $0) } ?? fallback)
    }

    /// Runs `body` with a `GError **` and throws (freeing the error) when it set one.
    /// Returns what `body` returned otherwise.
    package static func check<Result>(
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Result
    ) throws(GLibError) -> Result {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error {
            throw GLibError(consuming: error)
        }
        return result
    }

    /// Runs a GLib call that returns a pointer it allocated: the pointer when there is
    /// one, else throws the error it set (`fallback` when none). The result decides, not
    /// the error: `g_key_file_get_string` returns the value *and* sets an error for a
    /// bad escape (`Name=a\`), so an error beside a result is freed and the result kept.
    /// (libFuzzer with LeakSanitizer found that leak: scripts/fuzz.sh.)
    package static func checkNonNull<Pointee>(
        fallback: String = "unknown error",
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutablePointer<Pointee>?
    ) throws(GLibError) -> UnsafeMutablePointer<Pointee> {
        var error: UnsafeMutablePointer<GError>?
        guard let result = body(&error) else {
            throw GLibError(consuming: error, fallback: fallback)
        }
        if let error { g_error_free(error) }
        return result
    }

    /// ``checkNonNull(fallback:_:)`` for calls returning an opaque object (`GdkPixbuf *`).
    package static func checkNonNull(
        fallback: String = "unknown error",
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> OpaquePointer?
    ) throws(GLibError) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        guard let result = body(&error) else {
            throw GLibError(consuming: error, fallback: fallback)
        }
        if let error { g_error_free(error) }
        return result
    }

    /// Runs a GLib call that returns a `gboolean` and sets a `GError **` on failure;
    /// throws when it returned `FALSE` (with `fallback` when it set no error).
    package static func checkSuccess(
        fallback: String = "unknown error",
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> gboolean
    ) throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        if body(&error) == 0 {
            throw GLibError(consuming: error, fallback: fallback)
        }
        if let error { g_error_free(error) }
    }

    /// Whether this error is `code` of the domain `quark` (e.g. `g_file_error_quark()`).
    package func matches(_ quark: GQuark, code: Int32) -> Bool {
        guard let name = g_quark_to_string(quark) else { return false }
        return domain == String(cString: name) && self.code == Int(code)
    }

    /// Whether this is `G_FILE_ERROR` with the given code.
    package func isFileError(_ fileError: GFileError) -> Bool {
        matches(g_file_error_quark(), code: Int32(bitPattern: fileError.rawValue))
    }
}
