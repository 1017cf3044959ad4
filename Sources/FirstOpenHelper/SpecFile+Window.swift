import FirstOpenCommandLine
import FirstOpenViews

extension SpecFile {
    /// Lets icon-theme names resolve in the `icons` folder next to the spec file first
    /// (`icons/hicolor/scalable/apps/APPID.svg`), so an app's own icon shows before the
    /// app is installed. Call after GTK is initialised.
    @MainActor
    func addIconFolderToTheme() {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        IconTheme.prependSearchPath(directory + "/icons")
    }
}
