internal import CGLib
internal import FirstOpenState
import Glibc

/// Every name an installed app goes by, mapped to its metainfo file: the GTK module's and
/// `appstream:`'s way from what an app calls itself to its release notes.
///
/// Real apps name themselves in several ways: eog's GApplication id is `org.gnome.eog`,
/// its file `eog.appdata.xml` (`<id>org.gnome.eog.desktop</id>`); simple-scan's and yelp's
/// GApplication ids (`org.gnome.SimpleScan`, `org.gnome.Yelp`) match no file while their
/// program names do; Thunar is `org.xfce.Thunar`, its file `org.xfce.thunar.appdata.xml`;
/// GIMP has no GApplication id and its `<launchable type="desktop-id">` (`gimp.desktop`)
/// is what ties its program name to `org.gimp.GIMP.appdata.xml`. So each file is indexed
/// under its file name without the suffix, its `<id>` and its desktop-id launchable, each
/// without `.desktop` and in ASCII lower case (desktop-file ids and component ids are
/// compared case-insensitively here: no two installed apps differ only by case). The
/// first file of a name wins, in the order `appstream:` searches: `metainfo/` then
/// `appdata/`, `$XDG_DATA_HOME` then `$XDG_DATA_DIRS`.
///
/// Built once per change of the metainfo folders, like GTK's icon cache, and kept in
/// `$XDG_CACHE_HOME/first-open/metainfo-index`, read with one open:
/// ```
/// first-open metainfo index 1
/// folder 1733100000.123456789 /usr/share/metainfo
/// folder - /usr/local/share/metainfo          (a folder that does not exist)
///
/// org.gnome.eog<TAB>/usr/share/metainfo/eog.appdata.xml
/// ```
/// The folder lines are the stamp: the index is current while every folder's
/// modification time (which changes when a file is added, removed or renamed in it) and
/// the list of folders are as written. The GTK module (C) reads the same file and checks
/// the same stamp; when it is not current the module starts `first-open index` in the
/// background and looks the names up directly for that start.
public enum MetainfoIndex {
    /// The first line of an index file.
    public static let formatLine = "first-open metainfo index 1"
    /// An index larger than this is not one (a few hundred apps take ~100 KB).
    static let sizeLimit = 8 * 1024 * 1024

    /// `$XDG_CACHE_HOME/first-open/metainfo-index`.
    public static var path: String { XDGDirectory.userCache + "/first-open/metainfo-index" }

    /// The folders searched, in order.
    static var folders: [String] {
        let directories = AppStreamLookup.dataDirectories
        return ["metainfo", "appdata"].flatMap { folder in directories.map { $0 + "/" + folder } }
    }

    /// How a name is compared: ASCII lower case, without a `.desktop` suffix.
    public static func key(_ name: String) -> String {
        var lowered = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
        }))
        if lowered.hasSuffix(".desktop") { lowered.removeLast(".desktop".count) }
        return lowered
    }

    /// The stamp: one `folder MTIME PATH` line per folder.
    static func stamp(of folders: [String]) -> String {
        var text = ""
        for folder in folders {
            var info = stat()
            if stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                let nanoseconds = String(info.st_mtim.tv_nsec)
                text += "folder \(info.st_mtim.tv_sec).\(String(repeating: "0", count: max(0, 9 - nanoseconds.count)) + nanoseconds) \(folder)\n"
            } else {
                text += "folder - \(folder)\n"
            }
        }
        return text
    }

    /// The metainfo file of the first of `names` the index knows, from a current index
    /// (rebuilt and written first when it is not current).
    public static func metainfoPath(forAnyOf names: [String]) -> String? {
        let entries = current() ?? update()
        for name in names {
            if let path = entries[key(name)], g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 { return path }
        }
        return nil
    }

    /// The index file's entries when it is current, else nil.
    static func current() -> [String: String]? {
        guard let bytes = try? CheckedFile.read(path, limit: sizeLimit) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let header = formatLine + "\n" + stamp(of: folders) + "\n"
        guard text.hasPrefix(header) else { return nil }
        var entries: [String: String] = [:]
        for line in text.dropFirst(header.count).split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            entries[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        return entries
    }

    /// Builds the index from the installed files and writes it (a write that fails, e.g.
    /// in a cache folder of another user, only means the next start builds it again).
    /// - Returns: its entries.
    @discardableResult
    public static func update() -> [String: String] {
        let folders = folders
        // Stamped before reading: a file added meanwhile makes the next reader rebuild.
        let stamp = stamp(of: folders)
        var entries: [String: String] = [:]
        var lines: [String] = []
        for folder in folders {
            for name in metainfoFileNames(in: folder) {
                let path = folder + "/" + name
                var names = [String(name.dropLast(name.hasSuffix(".metainfo.xml") ? 13 : 12))]
                if let metainfo = try? MetainfoReleases(path: path, readingNotes: false) {
                    names += [metainfo.componentID, metainfo.desktopID].compactMap { $0 }
                }
                for name in names {
                    let key = key(name)
                    // A key or path with a tab or newline would break the line format.
                    guard !key.isEmpty, entries[key] == nil, !key.contains(where: { $0 == "\t" || $0 == "\n" }),
                          !path.contains(where: { $0 == "\t" || $0 == "\n" }) else { continue }
                    entries[key] = path
                    lines.append(key + "\t" + path)
                }
            }
        }
        write(formatLine + "\n" + stamp + "\n" + lines.joined(separator: "\n") + "\n")
        return entries
    }

    /// The `*.metainfo.xml` and `*.appdata.xml` regular files of `folder`, sorted.
    private static func metainfoFileNames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".metainfo.xml") || name.hasSuffix(".appdata.xml"), !name.hasPrefix(".") else { continue }
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted()
    }

    private static func write(_ text: String) {
        let file = path
        let directory = String(file[..<file.lastIndex(of: "/")!])
        guard OtherUsersFolder.find(creatingIn: directory) == nil,
              GLibFile.makeDirectory(directory, mode: 0o700) == nil else { return }
        try? GLibFile.write(text, to: file, mode: 0o644)
    }
}
