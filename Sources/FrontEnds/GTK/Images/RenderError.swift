/// Why a window could not be rendered to an image.
package enum RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The PNG could not be written (directory missing, no permission, disk full).
    case cannotWrite(path: String, reason: String)
    /// The scale is outside 1...4.
    case unsupportedScale(Int)
    /// The window has no size yet (no display, or nothing in it).
    case nothingToDraw

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .unsupportedScale(let scale):
            "scale \(scale) is not supported (expected 1, 2, 3 or 4)"
        case .nothingToDraw:
            "the window has nothing to draw (is a display available?)"
        }
    }
}
