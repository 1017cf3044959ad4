package import CGtk
internal import FirstOpenSystem

/// GTK icon themes: the default one, and private ones for a window's own icon folders.
@MainActor
package enum IconTheme {
    /// Looks up icon-theme names in `directory` first (a folder laid out like
    /// `/usr/share/icons`: `hicolor/scalable/apps/NAME.svg`, …) in the process's default
    /// theme. For a process that owns itself (the window helper, screenshots); an app's
    /// window gets a private theme of its content's icon folders instead
    /// (``privateTheme(searching:)``), which leaves the app's default theme alone. Call
    /// after `GTK.initialize()`; a missing folder is ignored.
    package static func prependSearchPath(_ directory: String) {
        guard let theme = gtk_icon_theme_get_default() else { return }
        gtk_icon_theme_prepend_search_path(theme, directory)
    }

    /// Whether GtkIconTheme may be pointed at `directory`: it opens each theme's
    /// `index.theme` and `icon-theme.cache` by path itself, so each of those the folder
    /// holds must be a regular file of a sane size (a FIFO there would block the window).
    /// Stray files in the folder are ignored; a missing folder is safe (and empty).
    package static func isSafeFolder(_ directory: String) -> Bool {
        var candidates = [directory + "/icon-theme.cache"]
        if let dir = g_dir_open(directory, 0, nil) {
            defer { g_dir_close(dir) }
            while let entry = g_dir_read_name(dir) {
                // Only theme folders matter: a stray file (a README) is no theme.
                let path = directory + "/" + String(cString: entry)
                guard g_file_test(path, G_FILE_TEST_IS_DIR) != 0 else { continue }
                candidates += [path + "/index.theme", path + "/icon-theme.cache"]
            }
        }
        return candidates.allSatisfy { candidate in
            do throws(CheckedFile.Failure) {
                try CheckedFile.check(candidate, limit: CheckedFile.metainfoLimit)
                return true
            } catch {
                return error == .missing
            }
        }
    }

    /// A theme of the default screen (so it follows the user's icon theme setting) that
    /// searches `directories` before the usual search path, made once per list and kept.
    /// That is the default theme itself when its search path already starts with them
    /// (the window helper prepends the spec's folder to its own default theme): a second
    /// `GtkIconTheme` would read the same theme indexes again before the window maps
    /// (~30 M instructions, docs/performance.md).
    package static func privateTheme(searching directories: [String]) -> UnsafeMutablePointer<GtkIconTheme>? {
        if let theme = privateThemes[directories] { return theme }
        let safe = directories.filter { isSafeFolder($0) }
        guard !safe.isEmpty else { return nil }
        if let theme = gtk_icon_theme_get_default(), searchPath(of: theme).starts(with: safe) {
            privateThemes[directories] = theme
            return theme
        }
        guard let theme = gtk_icon_theme_new() else { return nil }
        if let screen = gdk_screen_get_default() { gtk_icon_theme_set_screen(theme, screen) }
        for directory in safe.reversed() { gtk_icon_theme_prepend_search_path(theme, directory) }
        privateThemes[directories] = theme
        return theme
    }

    private static func searchPath(of theme: UnsafeMutablePointer<GtkIconTheme>) -> [String] {
        var path: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var count: Int32 = 0
        gtk_icon_theme_get_search_path(theme, &path, &count)
        defer { g_strfreev(path) }
        return (0..<Int(count)).compactMap { index in path?[index].map { String(cString: $0) } }
    }

    private static var privateThemes: [[String]: UnsafeMutablePointer<GtkIconTheme>] = [:]
}
