package import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
package import FirstOpenGTKWrappers
/// Why a window could not be built.
package enum FirstOpenViewsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// GTK could not open a display (neither `DISPLAY` nor `WAYLAND_DISPLAY` usable).
    case noDisplay
    /// A colour did not parse; `field` says which one (e.g. "accent colour",
    /// "colour of row 2").
    case invalidColor(field: String, error: ColorParseError)
    /// GTK rejected the window's style sheet (a bug: it is built from parsed values).
    case style(GLibError)

    package var description: String {
        switch self {
        case .noDisplay:
            "cannot open a display (neither DISPLAY nor WAYLAND_DISPLAY is usable)"
        case .invalidColor(let field, let error):
            "\(field): \(error)"
        case .style(let error):
            "the window's style sheet was rejected: \(error)"
        }
    }
}
