/// One row of the window: a symbolic icon, a bold title and a grey, wrapping subtitle.
public struct InformationRow: Sendable, Hashable {
    /// The bold first line. Plain text, never markup.
    public var title: String
    /// The grey, wrapping text below the title. Plain text, never markup.
    public var subtitle: String
    /// An icon-theme name (usually `…-symbolic`) or an absolute image path.
    public var iconName: String
    /// A colour in any syntax `gdk_rgba_parse` accepts; `nil` uses the window's accent colour.
    public var color: String?

    /// Creates a row.
    public init(title: String, subtitle: String, iconName: String, color: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.iconName = iconName
        self.color = color
    }
}
