internal import FirstOpenGTKWrappers
public import FirstOpenViewsModel

extension FirstOpenColor {
    /// Whether `gdk_rgba_parse` accepts the colour.
    public var isValid: Bool { RGBA.isParsable(cssColor) }
}
