import FirstOpenToolSupport
import FirstOpenViews
internal import FirstOpenState

#if canImport(Glibc)
import Glibc
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
        guard Self.themeFilesAreSafe(in: directory) else {
            Diagnostics.warning("\(directory): not used: a theme file in it is not a regular file")
            return
        }
        IconTheme.prependSearchPath(directory)
    }

    private static func themeFilesAreSafe(in directory: String) -> Bool {
        var candidates = [directory + "/icon-theme.cache"]
        if let dir = opendir(directory) {
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                candidates += [directory + "/" + name + "/index.theme", directory + "/" + name + "/icon-theme.cache"]
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
}
