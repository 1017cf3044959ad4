/// Everything one Welcome or What's New window shows. Independent of GTK, so spec
/// files, the CLI and tests can build it without loading a toolkit.
public struct WindowContent: Sendable, Hashable {
    /// The accent colour used when none is given (GNOME's blue 3).
    package static let defaultAccentColor = "#1c71d8"

    /// Welcome or What's New.
    package var kind: FirstOpenWindowKind
    /// The app's name, shown in the accent colour under the headline.
    package var appName: String
    /// An icon-theme name or absolute image path for the large icon on top; `nil` for none.
    package var iconName: String?
    /// Colour of the app name, the Continue button and untinted row icons, in
    /// `gdk_rgba_parse` syntax.
    package var accentColor: String
    /// The rows, grouped; most windows have one section without a heading.
    package var sections: [ContentSection]
    /// A line under the rows, e.g. "And 3 more updates", or `nil`.
    package var footnote: String?
    /// The optional second button.
    package var secondaryAction: SecondaryAction?
    /// Whether a What's New window offers "Don't show after updates" (the login path
    /// does; embedding apps and screenshots decide for themselves).
    package var offersWhatsNewOptOut: Bool
    /// Folders laid out like `/usr/share/icons` (the spec's `icons/` folder) where this
    /// window looks up themed icon names first, in a theme of its own: the default
    /// icon theme of the process (an app's) is not changed.
    package var iconDirectories: [String] = []

    /// Creates the content of one window.
    package init(
        kind: FirstOpenWindowKind,
        appName: String,
        iconName: String? = nil,
        accentColor: String = WindowContent.defaultAccentColor,
        sections: [ContentSection],
        footnote: String? = nil,
        secondaryAction: SecondaryAction? = nil,
        offersWhatsNewOptOut: Bool = false
    ) {
        self.kind = kind
        self.appName = appName
        self.iconName = iconName
        self.accentColor = accentColor
        self.sections = sections
        self.footnote = footnote
        self.secondaryAction = secondaryAction
        self.offersWhatsNewOptOut = offersWhatsNewOptOut
    }

    /// All rows of all sections, in display order.
    package var allRows: [InformationRow] { sections.flatMap(\.rows) }
}
