internal import CGtk

/// The default GTK icon theme.
@MainActor
package enum IconTheme {
    /// Looks up icon-theme names in `directory` first (a folder laid out like
    /// `/usr/share/icons`: `hicolor/scalable/apps/NAME.svg`, …). Used for the `icons`
    /// folder next to a spec file, so an app's own icon shows in screenshots before the
    /// app is installed. Call after `GTK.initialize()`; a missing folder is ignored.
    package static func prependSearchPath(_ directory: String) {
        guard let theme = gtk_icon_theme_get_default() else { return }
        gtk_icon_theme_prepend_search_path(theme, directory)
    }
}
