import FirstOpenCommandLine
import FirstOpenViews

extension SpecFile {
    /// Loads a spec for the window: colours are checked with `gdk_rgba_parse`.
    static func loadForWindow(_ path: String, locale: String? = nil) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(path: path, locale: locale, colorValidator: RGBA.isParsable)
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
    }

    /// Loads a spec for the login path: colours are checked as the GTK-free decision
    /// checked them, so a colour only GDK rejects falls back to the defaults in the
    /// window instead of failing at every login.
    static func loadForLogin(_ path: String) throws(CommandFailure) -> SpecFile {
        do {
            return try SpecFile(path: path)
        } catch {
            throw CommandFailure("\(error)", code: .badSpec)
        }
    }

    /// Lets icon-theme names resolve in the `icons` folder next to the spec file first
    /// (`icons/hicolor/scalable/apps/APPID.svg`), so an app's own icon shows before the
    /// app is installed. Call after GTK is initialised.
    @MainActor
    func addIconFolderToTheme() {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        IconTheme.prependSearchPath(directory + "/icons")
    }
}
