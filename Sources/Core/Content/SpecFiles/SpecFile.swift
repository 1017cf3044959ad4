internal import CGLib
public import FirstOpenState

/// One app's (or one desktop's) Welcome and What's New window, as described by a
/// spec file: the XDG keyfile format of `.desktop` files, read with GLib's GKeyFile,
/// so `Title[de]=` translations and the usual translation tools work. The keys are a
/// public contract, documented in `docs/spec-format.md`.
///
/// Loading checks everything `SpecValidator` checks and fails with the first error;
/// warnings (unknown keys, …) do not stop it. All text is kept verbatim: it is never
/// interpreted as markup.
public struct SpecFile: Sendable {
    /// The group holding the app's keys.
    package static let mainGroup = "First Open"

    /// The spec file, as named to the initialiser.
    package var path: String
    /// The locale translations were picked for; `nil`: the process's locale.
    package var locale: String?
    /// `AppId=`: names the state record, reverse-DNS.
    package var appID: String
    /// `Name=` (translated): shown in the accent colour under the headline.
    package var name: String
    /// `Icon=`: an icon-theme name, or an absolute path (relative ones are resolved
    /// against the spec's directory); `nil` for no icon.
    package var iconName: String?
    /// `AccentColor=`, or ``WindowContent/defaultAccentColor``.
    package var accentColor: String
    /// `Version=` or `VersionFrom=`; relative metainfo paths are already resolved.
    package var versionSource: VersionSource
    /// `Policy=` and `CountPrereleases=`: which updates count as significant.
    package var policy: UpdatePolicy
    /// `ShowWhatsNew=` (default `true`): `false` never shows What's New, only Welcome.
    package var showsWhatsNew: Bool
    /// `ReleaseNotes=`, resolved: the AppStream metainfo file whose releases add to
    /// the spec's own, or `nil`.
    package var releaseNotesPath: String?
    /// The `[Welcome N]` rows in numeric order; empty until ``loadingRows(colorValidator:)``
    /// when the spec was loaded with `readingContent: false`.
    package var welcomeRows: [InformationRow]
    /// The `[Release V N]` groups merged with the `ReleaseNotes=` file's releases
    /// (a version both define takes the spec's rows), newest first. The file's
    /// releases are missing until ``loadingReleaseNotes()`` when the spec was loaded
    /// with `readingReleaseNotes: false` (or `readingContent: false`), the spec's own
    /// until ``loadingRows(colorValidator:)`` when it was loaded with `readingContent: false`.
    package var releases: [ReleaseNotes]
    /// Whether ``releases`` holds the `ReleaseNotes=` file's releases (or there is no
    /// such file).
    package private(set) var hasReleaseNotes: Bool
    /// `SecondaryLabel=` (translated) and `SecondaryURL=`, or `nil`.
    package var secondaryAction: SecondaryAction?

    /// The newest release of a `VersionFrom=metainfo:` file, read when loading.
    private var metainfoVersion: Version?
    /// `Version=` and its text, parsed when loading (``versionSource`` is a `var`: the
    /// text tells whether it still applies).
    private var literalVersion: (text: String, version: Version)?
    /// The spec's bytes while its row groups are unread (`readingContent: false`).
    private var unreadRows: [UInt8]?
    /// A metainfo source's launchable desktop id and stock icon while the icon is
    /// unlooked-up (`readingContent: false`: the desktop file is read only for a window).
    private var unreadMetainfoIcon: (desktopID: String?, stockIcon: String?)?

    /// Whether ``welcomeRows`` and the spec's own ``releases`` are read.
    package var hasRows: Bool { unreadRows == nil }

    /// Loads the spec file at `path`, translating `Name`, `Title`, `Subtitle` and
    /// `SecondaryLabel` for `locale` (`nil`: the process's locale) with GLib's
    /// fallbacks (`de_DE.UTF-8@euro` → `de_DE@euro` → `de_DE` → `de` → untranslated).
    ///
    /// - Parameter colorValidator: decides whether a colour parses; by default
    ///   ``ColorSyntax/accepts(_:)``, the one check `validate`, the login path and the
    ///   window share.
    /// - Parameter readingReleaseNotes: `false` leaves the `ReleaseNotes=` metainfo
    ///   file unread (and unchecked) until ``loadingReleaseNotes()``: the login path
    ///   pays for the XML only when What's New is due.
    /// - Parameter readingContent: `false` reads and checks only the `[First Open]`
    ///   group (what the decision needs) and leaves the `[Welcome N]` and
    ///   `[Release V N]` groups and the `ReleaseNotes=` file for
    ///   ``loadingContent(for:colorValidator:)``: the login path checks a window's rows
    ///   only when that window is due. ``name`` and the secondary action's label stay
    ///   untranslated until then.
    /// - Throws: the first error `SpecValidator` would report (in the parts read).
    ///
    /// - Parameter notesAfter: the notes of releases up to this version in the metainfo
    ///   files are left unread (a What's New window from that version never shows them).
    package init(
        path: String,
        locale: String? = nil,
        colorValidator: (String) -> Bool = ColorSyntax.accepts,
        readingReleaseNotes: Bool = true,
        readingContent: Bool = true,
        notesAfter: Version? = nil,
        countingOnlyPast: Int? = nil
    ) throws(SpecError) {
        let readsNotes = readingReleaseNotes && readingContent
        try self.init(path: path, locale: locale, colorValidator: colorValidator,
                      readingReleaseNotes: readsNotes) { validator in
            let parser = SpecParser(file: path, locale: locale, colorValidator: validator, readsReleaseNotes: readsNotes,
                                    readsRows: readingContent, collectsWarnings: false)
            parser.notesAfter = notesAfter
            parser.countingOnlyPast = countingOnlyPast
            return parser
        }
    }

    /// Loads and checks the spec file at `path` as `first-open SPEC` does: its
    /// `[First Open]` group, rows, colours and `ReleaseNotes=` file; `locale` picks the
    /// translations (`Title[de]=`; nil: the process's locale).
    /// - Throws: the first error `first-open validate` would report.
    public init(path: String, locale: String? = nil) throws(SpecError) {
        try self.init(path: path, locale: locale, colorValidator: ColorSyntax.accepts)
    }

    /// Loads a spec held in memory (e.g. from an app's GResource) as ``init(path:locale:colorValidator:)``
    /// loads a file.
    ///
    /// - Parameters:
    ///   - name: names the spec in messages and becomes ``path``.
    ///   - directory: relative `Icon=`, `ReleaseNotes=` and `VersionFrom=metainfo:`
    ///     paths resolve against it (a relative directory against the working directory).
    package init(
        data: [UInt8],
        name: String,
        directory: String,
        locale: String? = nil,
        colorValidator: (String) -> Bool = ColorSyntax.accepts
    ) throws(SpecError) {
        try self.init(path: name, locale: locale, colorValidator: colorValidator, readingReleaseNotes: true) { validator in
            SpecParser(data: data, name: name, directory: directory, locale: locale, colorValidator: validator,
                       collectsWarnings: false)
        }
    }

    private init(
        path: String,
        locale: String?,
        colorValidator: (String) -> Bool,
        readingReleaseNotes: Bool,
        makeParser: (@escaping (String) -> Bool) -> SpecParser
    ) throws(SpecError) {
        let parsed = withoutActuallyEscaping(colorValidator) { validator in
            let parser = makeParser(validator)
            let contents = parser.parse()
            return (contents, parser.firstError)
        }
        if let error = parsed.1 { throw error }
        guard let contents = parsed.0 else {
            throw .unreadable(file: path, reason: "cannot be read")
        }
        self.init(path: path, locale: locale, contents: contents, readingReleaseNotes: readingReleaseNotes)
    }

    /// A spec from what a ``SpecParser`` read without errors (``SpecValidator`` builds one
    /// from its own parse, so `validate` reads the files once).
    init(path: String, locale: String?, contents: SpecParser.Contents, readingReleaseNotes: Bool) {
        self.path = path
        self.locale = locale
        appID = contents.appID
        name = contents.name
        iconName = contents.iconName
        accentColor = contents.accentColor
        versionSource = contents.versionSource
        policy = contents.policy ?? UpdatePolicy()
        showsWhatsNew = contents.showsWhatsNew
        releaseNotesPath = contents.releaseNotesPath
        welcomeRows = contents.welcomeRows
        releases = ReleaseHistory(contents.releases).releases
        hasReleaseNotes = readingReleaseNotes || contents.releaseNotesPath == nil
        secondaryAction = contents.secondaryAction
        metainfoVersion = contents.metainfoVersion
        if case let .literal(text) = contents.versionSource, let version = contents.literalVersion {
            literalVersion = (text, version)
        }
        unreadRows = contents.unreadRows
    }

    /// The window of an app that ships an AppStream metainfo file and no spec: the app
    /// id (`<id>`, without a `.desktop` suffix), name (`<name>`, translated), icon (the
    /// `Icon=` of the `<launchable type="desktop-id">` desktop file, else
    /// `<icon type="stock">`), current version (the newest stable release, as GNOME
    /// Software takes it) and the release notes all come from the file. There are no
    /// Welcome rows, so a first run records silently; the policy, colours and
    /// "What's New" setting are the defaults (a spec that names the file in
    /// `ReleaseNotes=` and `VersionFrom=metainfo:` can change them and add Welcome rows).
    ///
    /// The desktop file is looked for in `applications/` next to the metainfo folder
    /// (`/usr/share/applications` for `/usr/share/metainfo/APPID.metainfo.xml`), then
    /// in `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`.
    /// - Throws: ``SpecError/metainfo(file:line:column:reason:)`` for a file that cannot be
    ///   read, is malformed, has no usable `<id>`, or no stable release with a version.
    ///
    /// - Parameter readingContent: `false` reads only what the decision needs (id,
    ///   untranslated name, versions) and leaves the notes, the name's translation and
    ///   the desktop file for ``loadingContent(for:colorValidator:)``: the login path
    ///   with nothing to show then costs about what a C program reading the same file
    ///   with GMarkup costs.
    ///
    /// - Parameter notesAfter: with `readingContent`, the notes of releases up to this
    ///   version are left unread (a What's New window from that version never shows them).
    package init(metainfoPath path: String, locale: String? = nil, readingContent: Bool = true,
                notesAfter: Version? = nil, countingOnlyPast: Int? = nil) throws(SpecError) {
        let metainfo = try MetainfoReleases(path: path, locale: locale, readingNotes: readingContent,
                                            notesAfter: readingContent ? notesAfter : nil,
                                            countingOnlyPast: countingOnlyPast)
        try self.init(metainfo: metainfo, path: path, locale: locale, readingContent: readingContent)
    }

    /// The window of an app described by its AppStream metainfo file alone (no spec):
    /// id, name, icon, newest stable version and release notes come from the file;
    /// there are no Welcome rows, so a first start records silently.
    /// - Throws: ``SpecError`` when the file cannot be read or gives no window.
    public init(metainfoPath path: String, locale: String? = nil) throws(SpecError) {
        try self.init(metainfoPath: path, locale: locale, readingContent: true)
    }

    /// ``init(metainfoPath:locale:)`` for a metainfo file held in memory
    /// (an app's GResource, as libadwaita's `adw_about_dialog_new_from_appdata` reads
    /// it); `name` names it in messages and records where it came from.
    public init(metainfoData data: [UInt8], name: String, locale: String? = nil) throws(SpecError) {
        let metainfo = try MetainfoReleases(data: data, file: name, locale: locale)
        try self.init(metainfo: metainfo, path: name, locale: locale, readingContent: true)
    }

    private init(metainfo: MetainfoReleases, path: String, locale: String?, readingContent: Bool) throws(SpecError) {
        var id = metainfo.componentID ?? ""
        if id.hasSuffix(".desktop") { id.removeLast(".desktop".count) }
        guard AppID.isValid(id) else {
            throw .metainfo(file: path, line: nil, column: nil,
                            reason: id.isEmpty ? "has no <id>" : "<id> \(quoted(id)) cannot name a record")
        }
        guard let current = metainfo.newestStable else {
            throw .metainfo(file: path, line: nil, column: nil,
                            reason: "has no stable <release> with a version: no current version")
        }
        self.path = path
        self.locale = locale
        appID = id
        name = metainfo.name ?? id
        iconName = readingContent
            ? SpecFile.launchableIcon(metainfo.desktopID, metainfoPath: path) ?? metainfo.stockIcon : nil
        unreadMetainfoIcon = readingContent ? nil : (metainfo.desktopID, metainfo.stockIcon)
        accentColor = WindowContent.defaultAccentColor
        versionSource = .metainfo(path: path)
        policy = UpdatePolicy()
        showsWhatsNew = true
        releaseNotesPath = path
        welcomeRows = []
        releases = readingContent ? ReleaseHistory(metainfo.releases).releases : []
        hasReleaseNotes = readingContent
        secondaryAction = nil
        metainfoVersion = current.version
        literalVersion = nil
        unreadRows = nil
    }

    /// The `Icon=` of the desktop file `desktopID` (read with GKeyFile), or `nil`.
    private static func launchableIcon(_ desktopID: String?, metainfoPath: String) -> String? {
        guard let desktopID, !desktopID.contains("/"), desktopID.hasSuffix(".desktop") else { return nil }
        var folders: [String] = []
        // /usr/share/metainfo/X.xml -> /usr/share/applications
        if let slash = metainfoPath.lastIndex(of: "/") {
            let metainfoFolder = String(metainfoPath[..<slash])
            if let parent = metainfoFolder.lastIndex(of: "/") {
                folders.append(String(metainfoFolder[..<parent]) + "/applications")
            }
        }
        folders += AppStreamLookup.dataDirectories.map { $0 + "/applications" }
        for folder in folders {
            let file = folder + "/" + desktopID
            guard let keyFile = try? KeyFile(path: file),
                  let icon = keyFile.value("Icon", in: "Desktop Entry"), !icon.isEmpty else { continue }
            // A relative path is no theme name and no file GTK would find either.
            return icon.contains("/") && !icon.hasPrefix("/") ? nil : icon
        }
        return nil
    }

    /// This spec with its `[Welcome N]` and `[Release V N]` rows read and ``name`` and the
    /// secondary action's label translated (itself when they already are), from the
    /// bytes read when loading.
    /// - Throws: the first error in those groups, as loading with `readingContent: true`
    ///   would have thrown it.
    package func loadingRows(colorValidator: (String) -> Bool = ColorSyntax.accepts) throws(SpecError) -> SpecFile {
        guard let unreadRows else { return self }
        let parsed = withoutActuallyEscaping(colorValidator) { validator in
            let parser = SpecParser(file: path, locale: locale, colorValidator: validator, readsReleaseNotes: false,
                                    collectsWarnings: false)
            let rows = parser.parseRows(unreadRows)
            return (rows, parser.firstError)
        }
        if let error = parsed.1 { throw error }
        guard let rows = parsed.0 else { throw .unreadable(file: path, reason: "cannot be read") }
        var loaded = self
        if let name = rows.name { loaded.name = name }
        if let label = rows.secondaryLabel { loaded.secondaryAction?.label = label }
        loaded.welcomeRows = rows.welcomeRows
        // The spec's own rows come first, so a version both define keeps them.
        loaded.releases = ReleaseHistory(rows.releases + releases).releases
        loaded.unreadRows = nil
        return loaded
    }

    /// This spec with everything the window of `kind` shows read: the rows
    /// (``loadingRows(colorValidator:)``) and, for What's New, the `ReleaseNotes=` file
    /// (``loadingReleaseNotes()``).
    package func loadingContent(
        for kind: FirstOpenWindowKind, colorValidator: (String) -> Bool = ColorSyntax.accepts, notesAfter: Version? = nil
    ) throws(SpecError) -> SpecFile {
        let withRows = try loadingRows(colorValidator: colorValidator)
        return kind == .whatsNew ? try withRows.loadingReleaseNotes(notesAfter: notesAfter) : withRows
    }

    /// This spec with the `ReleaseNotes=` file's releases merged in (itself when they
    /// already are).
    /// - Throws: ``SpecError`` when the file cannot be read or is no metainfo file,
    ///   as loading with `readingReleaseNotes: true` would have.
    ///
    /// - Parameter notesAfter: the notes of releases up to this version are left unread
    ///   (``MetainfoReleases/init(path:locale:readingNotes:notesAfter:)``): for a What's
    ///   New window from that version, which never shows them.
    package func loadingReleaseNotes(notesAfter: Version? = nil) throws(SpecError) -> SpecFile {
        guard !hasReleaseNotes, let releaseNotesPath else { return self }
        // The same error the eager loader throws for this file.
        let metainfo: MetainfoReleases
        do {
            metainfo = try MetainfoReleases(path: releaseNotesPath, locale: locale, notesAfter: notesAfter)
        } catch {
            throw error.located(inSpec: path, group: SpecFile.mainGroup, key: "ReleaseNotes")
        }
        var loaded = self
        if let unread = unreadMetainfoIcon {
            loaded.iconName = SpecFile.launchableIcon(unread.desktopID, metainfoPath: releaseNotesPath)
                ?? unread.stockIcon
            loaded.name = metainfo.name ?? appID  // translated now
            loaded.unreadMetainfoIcon = nil
        }
        // The spec's own rows come first, so a version both define keeps them.
        loaded.releases = ReleaseHistory(releases + metainfo.releases).releases
        loaded.hasReleaseNotes = true
        return loaded
    }

    /// The `icons` folder next to the spec file (`icons/hicolor/48x48/apps/APPID.png`),
    /// where the window looks up themed icon names first; empty when there is none.
    package var iconDirectories: [String] {
        let directory = (path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ".") + "/icons"
        return g_file_test(directory, G_FILE_TEST_IS_DIR) != 0 ? [directory] : []
    }

    /// The version the app (or system) has now, from ``versionSource``.
    ///
    /// - Parameter osReleasePath: the os-release file for `VersionFrom=os-release:KEY`;
    ///   when the default `/etc/os-release` cannot be read, `/usr/lib/os-release` is.
    /// - Throws: ``SpecError/versionUnavailable(file:key:reason:)`` when the source
    ///   gives no valid version.
    package func currentVersion(osReleasePath: String = "/etc/os-release") throws(SpecError) -> Version {
        switch versionSource {
        case let .literal(text):
            if let literalVersion, literalVersion.text == text { return literalVersion.version }
            guard let version = try? Version(text) else {
                throw .badValue(file: path, group: SpecFile.mainGroup, key: "Version",
                                value: text, reason: versionProblem(text) ?? "is not a version")
            }
            return version
        case let .osRelease(key):
            let release: OSRelease
            do {
                release = try OSRelease(path: osReleasePath)
            } catch {
                switch error {
                case let .unreadable(file, reason):
                    throw .versionUnavailable(file: path, key: "VersionFrom",
                                              reason: "cannot read \(file): \(reason)")
                }
            }
            guard let text = release.values[key], !text.isEmpty else {
                throw .versionUnavailable(file: path, key: "VersionFrom",
                                          reason: "\(release.path) has no \(key)")
            }
            guard let version = try? Version(text) else {
                throw .versionUnavailable(
                    file: path, key: "VersionFrom",
                    reason: "\(key)=\(quoted(text)) in \(release.path) " + (versionProblem(text) ?? "is not a version"))
            }
            return version
        case let .metainfo(metainfoPath):
            guard let metainfoVersion else {
                throw .versionUnavailable(file: path, key: "VersionFrom",
                                          reason: "\(metainfoPath) has no <release> with a valid version")
            }
            return metainfoVersion
        }
    }

    /// The content of the window `decision` asks for (``windowContent(kind:from:to:strings:)``
    /// with the decision's versions); `nil` for `.nothing` or when the spec has nothing
    /// to show for the case. `first-open SPEC` and the C library share it.
    public func windowContent(for decision: Decision, strings: ContentStrings = .english) -> WindowContent? {
        switch decision {
        case .welcome: windowContent(kind: .welcome, strings: strings)
        case let .whatsNew(from, to): windowContent(kind: .whatsNew, from: from, to: to, strings: strings)
        case .nothing: nil
        }
    }

    /// The content of the window of `kind`, or `nil` when there is nothing to show —
    /// the caller then records the version silently.
    ///
    /// - Welcome: the `[Welcome N]` rows; `nil` when there are none.
    /// - What's New: the notes of the versions crossed from `from` (the recorded
    ///   version) to `to` (the current one), newest first, capped, as
    ///   ``ReleaseHistory`` describes; `nil` when none of them has notes or the spec
    ///   says `ShowWhatsNew=false`. `from == nil` shows only the newest notes up to `to`.
    ///
    /// The secondary button is the spec's; without one, a What's New window links the
    /// newest shown release's `<url type="details">` as ``ContentStrings/releaseNotesLabel``.
    package func windowContent(
        kind: FirstOpenWindowKind,
        from: Version? = nil,
        to: Version? = nil,
        strings: ContentStrings = .english
    ) -> WindowContent? {
        switch kind {
        case .welcome:
            guard !welcomeRows.isEmpty else { return nil }
            var content = WindowContent(
                kind: .welcome, appName: name, iconName: iconName, accentColor: accentColor,
                sections: [ContentSection(rows: welcomeRows)], secondaryAction: secondaryAction)
            content.iconDirectories = iconDirectories
            return content
        case .whatsNew:
            guard showsWhatsNew,
                  let notes = ReleaseHistory(releases).sections(from: from, to: to, strings: strings)
            else { return nil }
            // The newest shown release's page (the current version's when it has one).
            let details = notes.shown.lazy.compactMap(\.detailsURL).first.map {
                SecondaryAction(label: strings.releaseNotesLabel, url: $0)
            }
            var content = WindowContent(
                kind: .whatsNew, appName: name, iconName: iconName, accentColor: accentColor,
                sections: notes.sections, footnote: notes.footnote,
                secondaryAction: secondaryAction ?? details)
            content.iconDirectories = iconDirectories
            return content
        }
    }
}

extension SpecFile {
    /// What the window of `kind` shows, read in one pass over each file: what
    /// `SpecFile(argument:readingContent: false)` followed by
    /// ``loadingContent(for:colorValidator:notesAfter:)`` gives, without reading the
    /// metainfo file twice (once for the versions, once for the notes). For the window
    /// helper, which has nothing to decide: `first-open` decided, and passed the kind.
    ///
    /// - Parameter notesAfter: What's New: the notes of releases up to this version are
    ///   left unread (the window from that version never shows them).
    /// - Throws: ``SpecError``, as the two steps would have thrown it: a broken
    ///   `ReleaseNotes=` file fails What's New only, broken `[Welcome N]` rows fail both.
    package init(argument: String, locale: String? = nil, forWindow kind: FirstOpenWindowKind,
                notesAfter: Version? = nil) throws(SpecError) {
        try self.init(argument: argument, locale: locale, forWindow: kind, notesAfter: notesAfter,
                      countingOnlyPast: SpecFile.notesReadBeforeCounting)
        // Releases past the first ones were only checked for notes: enough of those read
        // must be crossed and newer, or the window could reach one it has not read.
        guard let notesAfter, let to = try? currentVersion(), !fillsWindowBeforeUnreadNotes(from: notesAfter, to: to)
        else { return }
        try self.init(argument: argument, locale: locale, forWindow: kind, notesAfter: notesAfter, countingOnlyPast: nil)
    }

    /// Releases with notes read whole, newest first, before the rest are only checked
    /// for notes (``MetainfoReleases/init(path:locale:readingNotes:notesAfter:countingOnlyPast:)``):
    /// the window's ``SpecLimits/shownReleases`` and room for development releases newer
    /// than the current version.
    static let notesReadBeforeCounting = SpecLimits.shownReleases + 50

    /// Whether a What's New window from `from` to `to` is full (``NotesBudget``) before it
    /// reaches a release whose notes were left unread: at least ``SpecLimits/shownReleases``
    /// releases with notes read are crossed and newer than every such release.
    func fillsWindowBeforeUnreadNotes(from: Version, to: Version) -> Bool {
        guard let newestUnread = releases.lazy.filter(\.hasUnreadNotes).map(\.version).max() else { return true }
        let filling = releases.lazy.filter {
            !$0.hasUnreadNotes && $0.hasNotes && $0.version > newestUnread && $0.version > from && $0.version <= to
        }.count
        return filling >= SpecLimits.shownReleases
    }

    private init(argument: String, locale: String?, forWindow kind: FirstOpenWindowKind,
                 notesAfter: Version?, countingOnlyPast: Int?) throws(SpecError) {
        let readsNotes = kind == .whatsNew
        if argument.hasPrefix(AppStreamLookup.prefix) || AppStreamLookup.isMetainfoArgument(argument) {
            guard readsNotes else {
                // No Welcome rows in a metainfo file: nothing more to read for one.
                try self.init(argument: argument, locale: locale, readingContent: false)
                return
            }
            var path = argument
            if argument.hasPrefix(AppStreamLookup.prefix) {
                let appID = String(argument.dropFirst(AppStreamLookup.prefix.count))
                guard let found = AppStreamLookup.metainfoPath(for: appID) else {
                    // The same error as init(argument:).
                    try self.init(argument: argument, locale: locale, readingContent: false)
                    return
                }
                path = found
            }
            try self.init(metainfoPath: path, locale: locale, readingContent: true, notesAfter: notesAfter,
                          countingOnlyPast: countingOnlyPast)
        } else {
            try self.init(path: argument, locale: locale, readingReleaseNotes: readsNotes, readingContent: true,
                          notesAfter: readsNotes ? notesAfter : nil, countingOnlyPast: readsNotes ? countingOnlyPast : nil)
        }
    }
}
