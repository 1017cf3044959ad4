/// One row of the window: a symbolic icon, a bold title and a grey, wrapping subtitle.
package struct InformationRow: Sendable, Hashable {
    /// The bold first line. Plain text, never markup.
    package var title: String
    /// The grey, wrapping text below the title. Plain text, never markup.
    package var subtitle: String
    /// An icon-theme name (usually `…-symbolic`) or an absolute image path.
    package var iconName: String
    /// A colour in any syntax `gdk_rgba_parse` accepts; `nil` uses the window's accent colour.
    package var color: String?

    /// Creates a row.
    package init(title: String, subtitle: String, iconName: String, color: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.iconName = iconName
        self.color = color
    }
}
