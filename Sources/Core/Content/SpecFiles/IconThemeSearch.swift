internal import CGLib
internal import FirstOpenState

/// Whether any icon theme on GTK's search path has an icon of a given name: what
/// `validate` asks of a themed `Icon=` (a name no theme has shows no icon anywhere).
///
/// Written out over the directories rather than asked of `GtkIconTheme`: that answers
/// only for the current theme and the themes it inherits, needs a display, and the
/// question here is about every theme a user might run. The search path is GTK 3's
/// default (`$XDG_DATA_HOME/icons`, `~/.icons`, `$XDG_DATA_DIRS/icons`,
/// `/usr/share/pixmaps`) plus the caller's extra folders (the spec's `icons/`).
package struct IconThemeSearch: Sendable {
    /// The folders that may hold icon files directly (theme size/context folders, and
    /// `pixmaps`), found once.
    package let directories: [String]

    /// Extensions GTK 3 loads from themes.
    private static let extensions = [".png", ".svg", ".xpm", ".symbolic.png"]

    /// Collects the folders of every theme under the search path and `extra`.
    package init(extra: [String] = []) {
        // GTK's order: the user's data folder, ~/.icons, then the system's data folders
        // (the same XDG walk as the `appstream:` lookup; relative entries are ignored,
        // as the XDG specification says).
        let data = XDGDirectory.data
        var bases = extra + [data[0] + "/icons"]
        bases.append(XDGDirectory.home + "/.icons")
        bases += data.dropFirst().map { $0 + "/icons" }
        var found = ["/usr/share/pixmaps"]
        for base in bases {
            found.append(base)
            // theme/size/context or theme/context/size (and theme/size for a few).
            IconThemeSearch.collect(base, depth: 3, into: &found)
        }
        directories = found
    }

    /// Whether some folder holds `name` with an extension GTK loads; a `-symbolic`
    /// name is also found as the full-colour icon GTK 3 falls back to.
    package func has(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains("/") else { return false }
        var names = [name]
        if name.hasSuffix("-symbolic") { names.append(String(name.dropLast("-symbolic".count))) }
        for directory in directories {
            for candidate in names {
                for ext in IconThemeSearch.extensions
                where g_file_test(directory + "/" + candidate + ext, G_FILE_TEST_IS_REGULAR) != 0 {
                    return true
                }
            }
        }
        return false
    }

    private static func collect(_ directory: String, depth: Int, into found: inout [String]) {
        guard depth > 0, let dir = g_dir_open(directory, 0, nil) else { return }
        defer { g_dir_close(dir) }
        while let entry = g_dir_read_name(dir) {
            let path = directory + "/" + String(cString: entry)
            guard g_file_test(path, G_FILE_TEST_IS_DIR) != 0, g_file_test(path, G_FILE_TEST_IS_SYMLINK) == 0 else {
                continue
            }
            found.append(path)
            collect(path, depth: depth - 1, into: &found)
        }
    }
}
