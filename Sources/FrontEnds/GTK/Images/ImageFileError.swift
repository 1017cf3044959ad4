/// Why an image could not be read or written.
package struct ImageFileError: Error, CustomStringConvertible, Sendable {
    /// The image file.
    package var path: String
    /// What went wrong, from GdkPixbuf.
    package var reason: String
    /// An error about `path`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "\(path): \(reason)" }
}
