internal import CGLib
internal import FirstOpenState

/// Where an app's installed AppStream metainfo file is, for `appstream:APPID`: the
/// AppStream specification's folders, `metainfo/` first, then the legacy `appdata/`,
/// under `$XDG_DATA_HOME` and each of `$XDG_DATA_DIRS` in order.
package enum AppStreamLookup {
    /// The prefix of a SPEC argument that names an installed app: `appstream:org.gnome.Maps`.
    package static let prefix = "appstream:"

    /// Whether a SPEC argument names a metainfo file or an installed app's rather
    /// than a spec file: `appstream:APPID`, `*.metainfo.xml` or `*.appdata.xml`.
    package static func isMetainfoArgument(_ argument: String) -> Bool {
        argument.hasPrefix(prefix) || argument.hasSuffix(".metainfo.xml") || argument.hasSuffix(".appdata.xml")
    }

    /// `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`, without relative entries (the XDG
    /// specification says to ignore them, and docs/reliability.md promises it: GLib keeps
    /// them, and `appstream:` read a metainfo file under whatever folder it ran in).
    static var dataDirectories: [String] { XDGDirectory.data }

    /// The metainfo file of `appID`: `APPID.metainfo.xml` or `APPID.appdata.xml` (also
    /// with a `.desktop` suffix on the id as older files have), else the file
    /// ``MetainfoIndex`` knows under that name (its `<id>`, its desktop-id launchable, case
    /// aside: `appstream:org.gnome.eog` is `eog.appdata.xml`), or `nil`.
    package static func metainfoPath(for appID: String) -> String? {
        if case let .found(_, path) = lookUp(appID) { return path }
        return nil
    }

    /// ``metainfoPath(for:)`` with the names two files claim alike when none is found.
    package static func lookUp(_ appID: String) -> MetainfoIndex.Lookup {
        guard AppID.isValid(appID) else { return .notFound(ambiguous: []) }
        // The direct names first: the login path's files are found without the index.
        if let path = directMetainfoPath(for: appID) { return .found(name: appID, path: path) }
        return MetainfoIndex.lookUp([appID])
    }

    /// Why `appID` has no metainfo file: the names looked for, and a name two files claim.
    package static func notFoundReason(_ appID: String, ambiguous: [MetainfoIndex.Ambiguity]) -> String {
        if let ambiguity = ambiguous.first { return "no metainfo file for \(quoted(appID)): \(ambiguity)" }
        return "no metainfo file for \(quoted(appID)) in metainfo/ or appdata/ of $XDG_DATA_HOME or $XDG_DATA_DIRS "
            + "(looked for \(appID).metainfo.xml and \(appID).appdata.xml, also with .desktop before the suffix, "
            + "and a file whose <id> or desktop-id <launchable> is \(appID))"
    }

    /// `APPID.metainfo.xml` and the other names of the file itself, or `nil`.
    static func directMetainfoPath(for appID: String) -> String? {
        let names = [appID + ".metainfo.xml", appID + ".appdata.xml",
                     appID + ".desktop.metainfo.xml", appID + ".desktop.appdata.xml"]
        for folder in ["metainfo", "appdata"] {
            for directory in dataDirectories {
                for name in names {
                    let path = directory + "/" + folder + "/" + name
                    if g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0 { return path }
                }
            }
        }
        return nil
    }
}

extension SpecFile {
    /// Loads what a SPEC argument of `first-open` names: a spec file, a metainfo file
    /// (`*.metainfo.xml`, `*.appdata.xml`), or `appstream:APPID`, the installed
    /// metainfo file of that app (found in `$XDG_DATA_DIRS/metainfo`, then `appdata`).
    /// - Throws: ``SpecError``; for an `appstream:` id with no metainfo file,
    ///   ``SpecError/unreadable(file:reason:)`` naming the folders searched.
    public init(argument: String, locale: String? = nil) throws(SpecError) {
        try self.init(argument: argument, locale: locale, colorValidator: ColorSyntax.accepts)
    }

    /// Loads what a SPEC argument names: a spec file; a metainfo file
    /// (`*.metainfo.xml`, `*.appdata.xml`: ``init(metainfoPath:locale:)``); or
    /// `appstream:APPID`, the installed metainfo file of that app
    /// (``AppStreamLookup/metainfoPath(for:)``).
    /// - Throws: ``SpecError``; for an `appstream:` id with no metainfo file,
    ///   ``SpecError/unreadable(file:reason:)`` naming the folders searched.
    package init(
        argument: String,
        locale: String? = nil,
        colorValidator: (String) -> Bool = ColorSyntax.accepts,
        readingReleaseNotes: Bool = true,
        readingContent: Bool = true
    ) throws(SpecError) {
        if argument.hasPrefix(AppStreamLookup.prefix) {
            let appID = String(argument.dropFirst(AppStreamLookup.prefix.count))
            let path: String
            switch AppStreamLookup.lookUp(appID) {
            case let .found(_, found): path = found
            case let .notFound(ambiguous):
                throw .unreadable(file: argument, reason: AppStreamLookup.notFoundReason(appID, ambiguous: ambiguous))
            }
            try self.init(metainfoPath: path, locale: locale, readingContent: readingContent)
        } else if AppStreamLookup.isMetainfoArgument(argument) {
            try self.init(metainfoPath: argument, locale: locale, readingContent: readingContent)
        } else {
            try self.init(path: argument, locale: locale, colorValidator: colorValidator,
                          readingReleaseNotes: readingReleaseNotes, readingContent: readingContent)
        }
    }
}

/// `first-open validate` of a metainfo file or `appstream:APPID` (no spec): whether it
/// gives a window at all (an id, a stable release), and the release notes that can
/// never show, each as `FILE:LINE: warning: message`.
package enum MetainfoValidator {
    /// Every problem, errors first; empty when the file is clean.
    package static func validate(argument: String, locale: String? = nil) -> [SpecProblem] {
        let path: String
        if argument.hasPrefix(AppStreamLookup.prefix) {
            let appID = String(argument.dropFirst(AppStreamLookup.prefix.count))
            switch AppStreamLookup.lookUp(appID) {
            case let .found(_, found): path = found
            case let .notFound(ambiguous):
                return [problem(.error, argument, AppStreamLookup.notFoundReason(appID, ambiguous: ambiguous))]
            }
        } else {
            path = argument
        }
        do {
            _ = try SpecFile(metainfoPath: path, locale: locale)
        } catch {
            if case let .metainfo(file, line?, column?, reason) = error {
                return [problem(.error, "\(file):\(line):\(column)", reason)]
            }
            return [problem(.error, error.file, error.message)]
        }
        guard let parsed = try? MetainfoReleases(path: path, locale: locale) else { return [] }
        var problems = parsed.findings.map { problem(.warning, "\($0.file):\($0.line)", $0.message) }
        if !(parsed.hasExternalReleases && parsed.releases.isEmpty), !parsed.releases.contains(where: \.hasNotes) {
            problems.append(problem(.warning, path, "no <release> has a <description> (for this locale): "
                                        + "What's New never shows"))
        }
        return problems
    }

    private static func problem(_ severity: SpecProblem.Severity, _ file: String, _ message: String) -> SpecProblem {
        SpecProblem(severity: severity, file: file, group: nil, key: nil, message: message)
    }
}
