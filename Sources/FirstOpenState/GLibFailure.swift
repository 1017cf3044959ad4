internal import CGLib
import Glibc

/// A GError turned into Swift values (the GError itself is freed). Shared with the
/// other GLib-only modules of the package (the spec reader).
package struct GLibFailure: Error, CustomStringConvertible {
    let domain: GQuark
    let code: Int32
    /// GLib's message.
    package let message: String

    /// Takes ownership of `error` and frees it.
    init(consuming error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            domain = 0
            code = 0
            message = "unknown error"
            return
        }
        defer { g_error_free(error) }
        domain = error.pointee.domain
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// GLib's message.
    package var description: String { message }

    /// Whether this is `G_FILE_ERROR` with the given code.
    func isFileError(_ fileError: GFileError) -> Bool {
        domain == g_file_error_quark() && code == Int32(bitPattern: fileError.rawValue)
    }
}
