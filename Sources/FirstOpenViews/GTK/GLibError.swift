internal import CGtk

/// A `GError` copied into Swift. The C error is freed as soon as it is read, so
/// no caller can forget `g_error_free`.
public struct GLibError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The error domain's name, e.g. `g-file-error-quark`.
    public let domain: String
    /// The domain-specific code.
    public let code: Int
    /// GLib's human-readable message.
    public let message: String

    public var description: String { message }

    /// An error with the given parts (for errors not read from GLib).
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Takes ownership of `error` and frees it.
    init(consuming error: UnsafeMutablePointer<GError>) {
        domain = g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "unknown"
        code = Int(error.pointee.code)
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }

    /// Runs `body` with a `GError **` and throws (freeing the error) when it set one.
    /// Returns what `body` returned otherwise.
    static func check<Result>(
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Result
    ) throws(GLibError) -> Result {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error {
            throw GLibError(consuming: error)
        }
        return result
    }
}
