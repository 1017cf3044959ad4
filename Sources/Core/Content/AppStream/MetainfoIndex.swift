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
/// compared case-insensitively here: no two installed apps differ only by case).
///
/// Which file a name is, when several claim it (``Claim``): a file's own name outranks any
/// `<id>`, and an `<id>` any launchable — a launchable in one package's file never takes
/// another app's name from that app's own file. Between claims of the same kind the
/// earlier folder wins, in the order `appstream:` searches (`metainfo/` then `appdata/`,
/// `$XDG_DATA_HOME` then `$XDG_DATA_DIRS`: a user's own copy overrides the system's). Two
/// files of one folder that claim a name the same way are no answer at all: the name is
/// written as ambiguous (a `!` line), and looking it up finds nothing, with a word why.
///
/// Built once per change of the metainfo folders, like GTK's icon cache, and kept in
/// `$XDG_CACHE_HOME/first-open/metainfo-index-HASH`, one file per list of folders (apps
/// started with different `XDG_DATA_DIRS` keep their own), read with one open:
/// ```
/// first-open metainfo index 1
/// folder 1733100000.123456789 /usr/share/metainfo
/// folder - /usr/local/share/metainfo          (a folder that does not exist)
///
/// org.gnome.eog<TAB>/usr/share/metainfo/eog.appdata.xml
/// !org.example.twin<TAB>/usr/share/metainfo/a.metainfo.xml<TAB>/usr/share/metainfo/b.metainfo.xml
/// ```
/// HASH is the first 16 hex digits of the SHA-256 of the folder paths, each followed by a
/// newline. The folder lines are the stamp: the index is current while every folder's
/// modification time (which changes when a file is added, removed or renamed in it) and
/// the list of folders are as written. The GTK module (C) reads the same file and checks
/// the same stamp; when it is not current the module asks `first-open index --find`,
/// which answers from the files themselves whether or not the index can be written.
package enum MetainfoIndex {
    /// The first line of an index file.
    package static let formatLine = "first-open metainfo index 1"
    /// An index larger than this is not one (a few hundred apps take ~100 KB).
    static let sizeLimit = 8 * 1024 * 1024

    /// How a file claims a name, strongest first.
    enum Claim: Int, Comparable {
        /// `org.gnome.Maps.metainfo.xml` is `org.gnome.Maps`.
        case fileName
        /// Its `<id>`.
        case componentID
        /// Its `<launchable type="desktop-id">`.
        case launchable

        static func < (lhs: Claim, rhs: Claim) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the index says of the names it knows.
    package struct Entries: Sendable, Equatable {
        /// Each name (``key(_:)``) and its metainfo file.
        package var paths: [String: String] = [:]
        /// Each name two files of one folder claim alike, and those files.
        package var ambiguous: [String: [String]] = [:]
    }

    /// `$XDG_CACHE_HOME/first-open/metainfo-index-HASH` for the folders searched now.
    package static var path: String { path(for: folders) }

    /// The index file for `folders`.
    static func path(for folders: [String]) -> String {
        let list = folders.map { $0 + "\n" }.joined()
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, list, -1)
        defer { g_free(digest) }
        let hash = digest.map { String(String(cString: $0).prefix(16)) } ?? "0"
        return XDGDirectory.userCache + "/first-open/metainfo-index-" + hash
    }

    /// The folders searched, in order.
    static var folders: [String] {
        let directories = AppStreamLookup.dataDirectories
        return ["metainfo", "appdata"].flatMap { folder in directories.map { $0 + "/" + folder } }
    }

    /// How a name is compared: ASCII lower case, without a `.desktop` suffix.
    package static func key(_ name: String) -> String {
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

    /// A name two files of one folder claim alike: never a guess.
    package struct Ambiguity: Sendable, Equatable, CustomStringConvertible {
        /// The name as it was asked for.
        package var name: String
        /// The files that claim it.
        package var files: [String]

        /// `name`, claimed alike by `files`.
        package init(name: String, files: [String]) {
            self.name = name
            self.files = files
        }

        package var description: String {
            "\(quoted(name)) is claimed alike by \(files.joined(separator: " and ")); neither is taken for it"
        }
    }

    /// The result of looking names up.
    package enum Lookup: Sendable, Equatable {
        /// `name` (one of those asked for) is the app of the metainfo file at `path`.
        case found(name: String, path: String)
        /// No file claims any of the names; the names two files claim alike, if any.
        case notFound(ambiguous: [Ambiguity])
    }

    /// The metainfo file of the first of `names` the index knows, from a current index
    /// (rebuilt and written first when it is not current), checked against the file
    /// itself: a file found must still name the app (its file name, `<id>` or launchable
    /// is the name), or the index is rebuilt once and asked again. `built`: entries just
    /// built from the files, used instead of the index file (and not checked again).
    package static func lookUp(_ names: [String], in built: Entries? = nil) -> Lookup {
        // Entries read from the index file may be older than the files; built ones are not.
        var fresh = built != nil
        var entries: Entries
        if let built {
            entries = built
        } else if let indexed = current() {
            entries = indexed
        } else {
            entries = update().entries
            fresh = true
        }
        for _ in 0..<2 {
            var stale = false
            for name in names {
                let key = key(name)
                if let path = entries.paths[key], g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 {
                    if fresh || claims(path, key) { return .found(name: name, path: path) }
                    stale = true
                }
            }
            guard stale, !fresh else { break }
            entries = update().entries
            fresh = true
        }
        return .notFound(ambiguous: names.compactMap { name in
            entries.ambiguous[key(name)].map { Ambiguity(name: name, files: $0) }
        })
    }

    /// Whether the file at `path` names the app `key` (file name, `<id>` or launchable).
    static func claims(_ path: String, _ key: String) -> Bool {
        let file = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
        if let stem = stem(of: file), Self.key(stem) == key { return true }
        guard let metainfo = try? MetainfoReleases(path: path, readingNotes: false) else { return false }
        return [metainfo.componentID, metainfo.desktopID].contains { $0.map(Self.key) == key }
    }

    /// A metainfo file name without `.metainfo.xml` or `.appdata.xml`.
    private static func stem(of file: String) -> String? {
        for suffix in [".metainfo.xml", ".appdata.xml"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count))
        }
        return nil
    }

    /// The index file's entries when it is current, else nil.
    static func current() -> Entries? {
        let folders = folders
        guard let bytes = try? CheckedFile.read(path(for: folders), limit: sizeLimit) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let header = formatLine + "\n" + stamp(of: folders) + "\n"
        guard text.hasPrefix(header) else { return nil }
        var entries = Entries()
        for line in text.dropFirst(header.count).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2 else { continue }
            if fields[0].hasPrefix("!") {
                entries.ambiguous[String(fields[0].dropFirst())] = Array(fields.dropFirst())
            } else {
                entries.paths[fields[0]] = fields[1]
            }
        }
        return entries
    }

    /// What ``update()`` did.
    package struct Update: Sendable {
        /// The entries it built.
        package var entries: Entries
        /// The index file it wrote, or tried to.
        package var path: String
        /// Why the file could not be written; nil when it was.
        package var writeError: String?
    }

    /// Builds the index from the installed files and writes it. A write that fails (a
    /// full disk, a read-only cache, another user's folder) still returns the entries,
    /// and says why in ``Update/writeError``.
    @discardableResult
    package static func update() -> Update {
        let folders = folders
        // Stamped before reading: a file added meanwhile makes the next reader rebuild.
        let stamp = stamp(of: folders)
        let entries = build(folders: folders)
        var lines: [String] = []
        for (key, path) in entries.paths.sorted(by: { $0.key < $1.key }) { lines.append(key + "\t" + path) }
        for (key, files) in entries.ambiguous.sorted(by: { $0.key < $1.key }) {
            lines.append("!" + key + "\t" + files.joined(separator: "\t"))
        }
        let file = path(for: folders)
        let error = write(formatLine + "\n" + stamp + "\n" + lines.map { $0 + "\n" }.joined(), to: file)
        return Update(entries: entries, path: file, writeError: error)
    }

    /// Every name of every file in `folders` (the rules above).
    static func build(folders: [String]) -> Entries {
        struct Best { var claim: Claim; var folder: Int; var paths: [String] }
        var best: [String: Best] = [:]
        for (folderIndex, folder) in folders.enumerated() {
            for name in metainfoFileNames(in: folder) {
                let path = folder + "/" + name
                // A path with a tab or newline would break the line format.
                guard !path.contains(where: { $0 == "\t" || $0 == "\n" }), let stem = stem(of: name) else { continue }
                var claims: [(String, Claim)] = [(stem, .fileName)]
                if let metainfo = try? MetainfoReleases(path: path, readingNotes: false) {
                    claims += [(metainfo.componentID, Claim.componentID), (metainfo.desktopID, Claim.launchable)]
                        .compactMap { name, claim in name.map { ($0, claim) } }
                }
                var seen: Set<String> = []
                for (name, claim) in claims {
                    let key = key(name)
                    // One file's strongest claim of a name is its claim.
                    guard !key.isEmpty, !key.contains(where: { $0 == "\t" || $0 == "\n" }), !key.hasPrefix("!"),
                          seen.insert(key).inserted else { continue }
                    guard let known = best[key] else {
                        best[key] = Best(claim: claim, folder: folderIndex, paths: [path])
                        continue
                    }
                    if (claim, folderIndex) < (known.claim, known.folder) {
                        best[key] = Best(claim: claim, folder: folderIndex, paths: [path])
                    } else if claim == known.claim, folderIndex == known.folder {
                        best[key]?.paths.append(path)
                    }
                }
            }
        }
        var entries = Entries()
        for (key, found) in best {
            if found.paths.count == 1 { entries.paths[key] = found.paths[0] } else { entries.ambiguous[key] = found.paths }
        }
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

    /// Writes `text` to `file`; why it could not, or nil.
    private static func write(_ text: String, to file: String) -> String? {
        let directory = String(file[..<file.lastIndex(of: "/")!])
        if let other = OtherUsersFolder.find(creatingIn: directory) { return other.description }
        if let error = GLibFile.makeDirectory(directory, mode: 0o700) { return "\(directory): \(error)" }
        do {
            try GLibFile.write(text, to: file, mode: 0o644)
        } catch {
            return "\(error)"
        }
        return nil
    }
}
