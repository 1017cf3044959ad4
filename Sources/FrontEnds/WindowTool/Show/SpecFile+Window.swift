internal import FirstOpenContent
internal import FirstOpenFlow
import FirstOpenToolSupport
import FirstOpenViews
internal import FirstOpenState

#if canImport(Glibc)
import Glibc
import FirstOpenGTKWrappers
#endif

extension SpecFile {
    /// Lets icon-theme names resolve in the `icons` folder next to the spec file first
    /// (`icons/hicolor/scalable/apps/APPID.svg`), so an app's own icon shows before the
    /// app is installed. Call after GTK is initialised.
    ///
    /// GtkIconTheme opens a theme's `index.theme` and `icon-theme.cache` by path itself,
    /// so the folder is only added when each of those it holds is a regular file of a
    /// sane size (a FIFO there would block the window); icons are checked when loaded.
    @MainActor
    func addIconFolderToTheme() {
        let directory = (path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ".") + "/icons"
        guard IconTheme.isSafeFolder(directory) else {
            Diagnostics.warning("\(directory): not used: a theme file in it is not a regular file")
            return
        }
        IconTheme.prependSearchPath(directory)
    }
}
