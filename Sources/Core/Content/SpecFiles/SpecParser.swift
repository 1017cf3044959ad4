internal import CGLib
internal import FirstOpenState

/// Reads a spec file into its parts, recording every problem on the way. Both
/// ``SpecFile`` (which refuses the file at the first error) and ``SpecValidator``
/// (which lists them all) use it, so the two never disagree.
final class SpecParser {
    /// A problem, and for errors the typed error the loader throws.
    struct Finding {
        var problem: SpecProblem
        var error: SpecError?
    }

    /// Everything a valid spec says. Fields of a spec with errors hold defaults.
    struct Contents {
        var appID = ""
        var name = ""
        var iconName: String?
        var accentColor = WindowContent.defaultAccentColor
        var versionSource = VersionSource.literal("")
        var metainfoVersion: Version?
        /// `Version=`, parsed (once: the login path reads it at every login).
        var literalVersion: Version?
        var policy: UpdatePolicy?
        var showsWhatsNew = true
        var releaseNotesPath: String?
        var welcomeRows: [InformationRow] = []
        var releases: [ReleaseNotes] = []
        var secondaryAction: SecondaryAction?
        /// The spec's bytes when its rows were left unread (``readsRows`` `false`), for
        /// ``SpecParser/parseRows(_:)`` later.
        var unreadRows: [UInt8]?
    }

    /// The `[Welcome N]` rows and the `[Release V N]` groups' releases, and the
    /// `[First Open]` texts that ``parse()`` left untranslated with them.
    struct Rows {
        var welcomeRows: [InformationRow] = []
        var releases: [ReleaseNotes] = []
        /// `Name` translated.
        var name: String?
        /// `SecondaryLabel` translated.
        var secondaryLabel: String?
    }

    let file: String
    /// The spec's text when it was handed over in memory (an app's GResource), else `nil`:
    /// `file` is then only the name used in messages.
    let data: [UInt8]?
    let locale: String?
    let colorValidator: (String) -> Bool
    /// Whether the `ReleaseNotes=` metainfo file is read now; `false` leaves it for
    /// ``SpecFile/loadingReleaseNotes()`` (the login path reads it only when What's New is due).
    let readsReleaseNotes: Bool
    /// Whether the `[Welcome N]` and `[Release V N]` groups are read now; `false` leaves
    /// them (and the `ReleaseNotes=` file) for ``parseRows(_:)``: the login path reads
    /// them only when a window is due. `Name` and `SecondaryLabel` are then read
    /// untranslated (checked the same way), and translated by ``parseRows(_:)``: the
    /// first translation lookup reads the locale's alias table and builds its language
    /// list, ~130,000 instructions the login path spent for a name it does not show.
    let readsRows: Bool
    /// Whether warnings are collected. ``SpecFile`` only throws the first error, so it
    /// skips the work that finds nothing but warnings (the duplicate-key scan).
    let collectsWarnings: Bool
    private(set) var findings: [Finding] = []
    /// The spec file's directory, absolute: relative paths in it resolve against it.
    private let directory: String
    /// The notes of releases up to this version are left unread in the metainfo files
    /// (``MetainfoReleases/init(path:locale:readingNotes:notesAfter:)``): a What's New
    /// window from that version never shows them. `nil`: all are read.
    var notesAfter: Version?
    /// See ``MetainfoReleases/init(path:locale:readingNotes:notesAfter:countingOnlyPast:)``.
    var countingOnlyPast: Int?
    /// Metainfo files already parsed (VersionFrom and ReleaseNotes may name the same).
    private var metainfoCache: [String: Result<MetainfoReleases, SpecError>] = [:]

    init(file: String, locale: String?, colorValidator: @escaping (String) -> Bool, readsReleaseNotes: Bool = true,
         readsRows: Bool = true, collectsWarnings: Bool = true) {
        self.file = file
        self.data = nil
        self.locale = locale
        self.colorValidator = colorValidator
        self.readsReleaseNotes = readsReleaseNotes && readsRows
        self.readsRows = readsRows
        self.collectsWarnings = collectsWarnings
        self.directory = SpecParser.directory(of: file)
    }

    /// Reads a spec held in memory; `name` names it in messages and relative paths in it
    /// (icons, release notes) resolve against `directory` (made absolute).
    init(data: [UInt8], name: String, directory: String, locale: String?, colorValidator: @escaping (String) -> Bool,
         collectsWarnings: Bool = true) {
        self.file = name
        self.data = data
        self.locale = locale
        self.colorValidator = colorValidator
        self.readsReleaseNotes = true
        self.readsRows = true
        self.collectsWarnings = collectsWarnings
        self.directory = SpecParser.absolute(directory)
    }

    /// The first error, which the loader throws.
    var firstError: SpecError? { findings.lazy.compactMap(\.error).first }

    // MARK: Reporting

    /// The number of errors found so far (counted, not recounted: a spec has thousands of rows).
    private var errorCount = 0

    private func report(_ error: SpecError, group: String? = nil, key: String? = nil) {
        errorCount += 1
        let problem = SpecProblem(
            severity: .error, file: file,
            group: group ?? error.group, key: key ?? error.key,
            message: group == nil && key == nil ? error.detail : error.description)
        findings.append(Finding(problem: problem, error: error))
    }

    private func warn(group: String?, key: String?, _ message: String) {
        guard collectsWarnings else { return }
        findings.append(Finding(
            problem: SpecProblem(severity: .warning, file: file, group: group, key: key, message: message),
            error: nil))
    }

    private func invalid(_ group: String?, _ key: String?, _ message: String) {
        report(.invalid(file: file, group: group, key: key, message: message))
    }

    private func badValue(_ group: String, _ key: String, _ value: String, _ reason: String) {
        report(.badValue(file: file, group: group, key: key, value: value, reason: reason))
    }

    // MARK: Reading

    /// Reads the whole file; `nil` when it is no keyfile at all.
    func parse() -> Contents? {
        // One checked read (regular file, bounded, never blocks); the same bytes go to
        // GKeyFile and to the duplicate scan.
        let bytes: [UInt8]
        if let data {
            // A spec handed over in memory is held to the same cap as a file.
            guard data.count <= CheckedFile.specLimit else {
                let tooLarge = CheckedFile.Failure.tooLarge(limit: CheckedFile.specLimit)
                report(.unreadable(file: file, reason: tooLarge.description))
                return nil
            }
            bytes = data
        } else {
            do {
                bytes = try CheckedFile.read(file, limit: CheckedFile.specLimit)
            } catch {
                if case let .outOfResources(reason) = error {
                    report(.outOfResources(file: file, reason: reason))
                } else {
                    report(.unreadable(file: file, reason: error.description))
                }
                return nil
            }
        }
        guard let keyFile = keyFile(bytes) else { return nil }
        defer {
            if collectsWarnings {
                for finding in DuplicateScan(bytes).findings {
                    warn(group: finding.group, key: finding.key, finding.message)
                }
            }
        }

        var contents = Contents()
        let groups = keyFile.groups
        let main = SpecFile.mainGroup
        if groups.contains(main) {
            readMain(keyFile, into: &contents)
        } else {
            report(.missingGroup(file: file, group: main))
        }
        guard readsRows else {
            contents.unreadRows = bytes
            return contents
        }
        let rows = readRows(keyFile, groups: groups)
        contents.welcomeRows = rows.welcomeRows
        contents.releases = rows.releases
            + (readsReleaseNotes ? metainfoReleases(contents.releaseNotesPath) : [])
        return contents
    }

    /// Reads the row groups of a spec whose ``parse()`` left them unread (the same
    /// bytes), reporting their problems as ``parse()`` would have; `nil` when the bytes
    /// are no keyfile.
    func parseRows(_ bytes: [UInt8]) -> Rows? {
        guard let keyFile = keyFile(bytes) else { return nil }
        var rows = readRows(keyFile, groups: keyFile.groups)
        let main = SpecFile.mainGroup
        for key in ["Name", "SecondaryLabel"] where keyFile.hasKey(key, in: main) {
            guard let text = localized(key, in: main, keyFile) else { continue }
            let shown = checkedName(text, group: main, key: key)
            if key == "Name" { rows.name = shown } else { rows.secondaryLabel = shown }
        }
        return rows
    }

    private func keyFile(_ bytes: [UInt8]) -> KeyFile? {
        do throws(KeyFile.LoadFailure) {
            return try KeyFile(data: bytes)
        } catch {
            switch error {
            case let .unreadable(reason): report(.unreadable(file: file, reason: reason))
            case let .malformed(reason):
                report(.notKeyFile(file: file, reason: Quoted.line(reason) + Self.metainfoHint(bytes)))
            }
            return nil
        }
    }

    /// A word on the naming rule when a file read as a spec is XML: a metainfo file is
    /// recognised by its name (`*.metainfo.xml`, `*.appdata.xml`), not its content.
    static func metainfoHint(_ bytes: [UInt8]) -> String {
        let start = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard start.first == UInt8(ascii: "<") else { return "" }
        return " (it looks like XML: an AppStream metainfo file is read as one only when its name ends in "
            + ".metainfo.xml or .appdata.xml)"
    }

    private func readRows(_ keyFile: KeyFile, groups: [String]) -> Rows {
        let main = SpecFile.mainGroup

        var welcome: [(number: Int, group: String, row: InformationRow?)] = []
        var release: [(version: Version, text: String, number: Int, group: String, row: InformationRow?)] = []
        // Looked up by number (and version), not searched: work stays linear in the groups.
        var welcomeGroups: [Int: String] = [:]
        var releaseGroups: [Version: [Int: String]] = [:]
        for group in groups where group != main {
            if let number = rowNumber(group, prefix: SpecKeys.welcomePrefix) {
                guard let number = number else { continue }
                if let other = welcomeGroups[number] {
                    invalid(group, nil, "row number \(number) is also used by [\(Quoted.name(other))]")
                    continue
                }
                welcomeGroups[number] = group
                welcome.append((number, group, readRow(keyFile, group: group)))
            } else if let parsed = releaseGroup(group) {
                guard let (version, text, number) = parsed else { continue }
                if let other = releaseGroups[version]?[number] {
                    invalid(group, nil, "row number \(number) of version \(text) is also used by [\(Quoted.name(other))]")
                    continue
                }
                releaseGroups[version, default: [:]][number] = group
                release.append((version, text, number, group, readRow(keyFile, group: group)))
            } else if !group.hasPrefix("X-") {
                warn(group: group, key: nil,
                     "unknown group; expected [\(main)], [Welcome N] or [Release VERSION N] (vendor groups start with X-)")
            }
        }

        var welcomeRows = welcome.sorted { $0.number < $1.number }.compactMap(\.row)
        if welcomeRows.count > SpecLimits.welcomeRows {
            warn(group: nil, key: nil,
                 "\(welcomeRows.count) Welcome rows; only the first \(SpecLimits.welcomeRows) are shown")
            welcomeRows.removeSubrange(SpecLimits.welcomeRows...)
        }
        return Rows(welcomeRows: welcomeRows, releases: specReleases(release))
    }

    private func readMain(_ keyFile: KeyFile, into contents: inout Contents) {
        let group = SpecFile.mainGroup
        let keys = keyFile.keys(in: group)
        checkKeys(keys, keyFile, group: group, known: SpecKeys.main, localized: SpecKeys.mainLocalized)
        checkControlCharacters(keys, keyFile, group: group)

        if let appID = keyFile.value("AppId", in: group) {
            // The state store's rule is the hard one (the ID names its files); a
            // GApplication-style reverse-DNS name is what everyone else expects.
            if !AppID.isValid(appID) {
                badValue(group, "AppId", appID,
                         "is not a valid app ID (letters, digits, '.', '_' and '-', such as org.example.App)")
            } else if !AppID.isReverseDNS(appID) {
                warn(group: group, key: "AppId",
                     "\(quoted(appID)) is not a reverse-DNS application ID such as org.example.App")
            }
            contents.appID = appID
        } else if !keyFile.hasKey("AppId", in: group) {
            report(.missingKey(file: file, group: group, key: "AppId"))
        }

        // Required keys must exist untranslated, so the check is the same in every locale.
        if keyFile.hasKey("Name", in: group), let name = translatable("Name", in: group, keyFile) {
            contents.name = checkedName(name, group: group, key: "Name")
        } else if !keyFile.hasKey("Name", in: group) {
            report(.missingKey(file: file, group: group, key: "Name"))
        }

        if let icon = keyFile.value("Icon", in: group) {
            if isBlank(icon) { invalid(group, "Icon", "must not be empty") }
            contents.iconName = resolveIcon(icon)
            if icon.contains("/"), let resolved = contents.iconName {
                checkImageFile(resolved, group: group, key: "Icon")
            }
        }

        if let color = keyFile.value("AccentColor", in: group) {
            checkColor(color, group: group, key: "AccentColor")
            contents.accentColor = color
        }

        readVersionSource(keyFile, into: &contents)

        if let text = keyFile.value("Policy", in: group) {
            do {
                contents.policy = try UpdatePolicy(parsing: text)
            } catch {
                let valid = UpdatePolicy.Change.allCases.map(\.rawValue).joined(separator: ", ")
                badValue(group, "Policy", text, "is not a policy; expected one of \(valid)")
            }
        }
        if let countsPrereleases = boolean("CountPrereleases", in: group, keyFile) {
            var policy = contents.policy ?? UpdatePolicy()
            policy.countsPrereleases = countsPrereleases
            contents.policy = policy
        }
        contents.showsWhatsNew = boolean("ShowWhatsNew", in: group, keyFile) ?? true

        if let path = keyFile.value("ReleaseNotes", in: group), keyFile.hasKey("Metainfo", in: group) {
            _ = path
            invalid(group, "ReleaseNotes", "conflicts with Metainfo, which names the release notes too; give only Metainfo")
        } else if let path = keyFile.value("ReleaseNotes", in: group) {
            if isBlank(path) {
                invalid(group, "ReleaseNotes", "must not be empty")
            } else {
                let resolved = resolve(path)
                contents.releaseNotesPath = resolved
                if readsReleaseNotes, case let .failure(error) = metainfo(resolved) {
                    report(error.located(inSpec: file, group: group, key: "ReleaseNotes"))
                }
            }
        }

        let label = keyFile.hasKey("SecondaryLabel", in: group)
            ? translatable("SecondaryLabel", in: group, keyFile) : nil
        let url = keyFile.value("SecondaryURL", in: group)
        switch (label, url) {
        case let (label?, url?):
            if isBlank(label) { invalid(group, "SecondaryLabel", "must not be empty") }
            if checkURL(url, group: group, key: "SecondaryURL") {
                let shown = capped(label, SpecLimits.nameLength, group: group, key: "SecondaryLabel")
                if url.utf8.count > SpecLimits.urlLength {
                    // Never cut: a cut URL opens the wrong page.
                    warn(group: group, key: "SecondaryURL",
                         "\(quoted(url)) is longer than \(SpecLimits.urlLength) characters; the window shows no \(quoted(shown)) button")
                } else {
                    contents.secondaryAction = SecondaryAction(label: shown, url: url)
                }
            }
        case (_?, nil):
            invalid(group, "SecondaryURL", "missing; SecondaryLabel needs a SecondaryURL to open")
        case (nil, _?):
            invalid(group, "SecondaryLabel", "missing; SecondaryURL needs a SecondaryLabel for its button")
        case (nil, nil):
            break
        }
    }

    private func readVersionSource(_ keyFile: KeyFile, into contents: inout Contents) {
        let group = SpecFile.mainGroup
        let literal = keyFile.value("Version", in: group)
        let from = keyFile.value("VersionFrom", in: group)
        if literal != nil, from != nil {
            invalid(group, "VersionFrom", "conflicts with Version; give only one of them")
        }
        if let metainfo = keyFile.value("Metainfo", in: group) {
            if literal != nil || from != nil {
                invalid(group, "Metainfo", "conflicts with \(literal != nil ? "Version" : "VersionFrom"): the version is "
                            + "the metainfo file's newest stable release; give only Metainfo")
                return
            }
            readMetainfoKey(metainfo, into: &contents)
            return
        }
        if let literal {
            contents.versionSource = .literal(literal)
            switch parsedVersion(literal) {
            case let .success(version): contents.literalVersion = version
            case let .failure(reason): badValue(group, "Version", literal, reason.text)
            }
        } else if let from {
            if from.hasPrefix(VersionSource.osReleasePrefix) {
                let key = String(from.dropFirst(VersionSource.osReleasePrefix.count))
                contents.versionSource = .osRelease(key: key)
                if !OSRelease.isValidKey(key) {
                    badValue(group, "VersionFrom", from, "does not name an os-release key (such as os-release:VERSION_ID)")
                }
            } else if from.hasPrefix(VersionSource.metainfoPrefix) {
                let path = String(from.dropFirst(VersionSource.metainfoPrefix.count))
                if isBlank(path) {
                    badValue(group, "VersionFrom", from, "does not name a metainfo file")
                    return
                }
                readMetainfoVersion(resolve(path), key: "VersionFrom", into: &contents)
            } else {
                badValue(group, "VersionFrom", from, "is neither os-release:KEY nor metainfo:PATH")
            }
        } else if !keyFile.hasKey("Version", in: group), !keyFile.hasKey("VersionFrom", in: group) {
            invalid(group, "Version", "missing required key (or VersionFrom or Metainfo)")
        }
    }

    /// `Metainfo=`: the app's metainfo file gives the current version and the release
    /// notes (`VersionFrom=metainfo:` and `ReleaseNotes=` in one key). A path is resolved
    /// against the spec file's directory; `appstream:APPID` is the installed file of that
    /// app (``AppStreamLookup``), wherever the app installed its spec.
    private func readMetainfoKey(_ value: String, into contents: inout Contents) {
        let group = SpecFile.mainGroup
        if isBlank(value) {
            invalid(group, "Metainfo", "must not be empty")
            return
        }
        let path: String
        if value.hasPrefix(AppStreamLookup.prefix) {
            let appID = String(value.dropFirst(AppStreamLookup.prefix.count))
            switch AppStreamLookup.lookUp(appID) {
            case let .found(_, found): path = found
            case let .notFound(ambiguous):
                badValue(group, "Metainfo", value, AppStreamLookup.notFoundReason(appID, ambiguous: ambiguous))
                return
            }
        } else {
            path = resolve(value)
        }
        contents.releaseNotesPath = path
        readMetainfoVersion(path, key: "Metainfo", into: &contents)
    }

    /// The current version from the metainfo file at `path`: its newest stable release,
    /// the one rule for a metainfo file wherever it is named (`appstream:`, a metainfo
    /// path, `VersionFrom=metainfo:`, `Metainfo=`); development releases are notes.
    private func readMetainfoVersion(_ path: String, key: String, into contents: inout Contents) {
        let group = SpecFile.mainGroup
        contents.versionSource = .metainfo(path: path)
        switch metainfo(path) {
        case let .success(releases):
            if let newest = releases.newestStable {
                contents.metainfoVersion = newest.version
            } else {
                report(SpecError.metainfo(file: path, line: nil, column: nil,
                                          reason: "has no stable <release> with a version: no current version")
                           .located(inSpec: file, group: group, key: key))
            }
        case let .failure(error):
            report(error.located(inSpec: file, group: group, key: key))
        }
    }

    /// A `[Welcome N]` or `[Release V N]` group's row; `nil` after an error.
    private func readRow(_ keyFile: KeyFile, group: String) -> InformationRow? {
        let keys = keyFile.keys(in: group)
        if keys.isEmpty {
            invalid(group, nil, "empty row; it needs Icon and Title")
            return nil
        }
        checkKeys(keyFile.keys(in: group), keyFile, group: group, known: SpecKeys.row, localized: SpecKeys.rowLocalized)
        let errorsBefore = errorCount

        let icon = keyFile.value("Icon", in: group)
        if let icon {
            if isBlank(icon) { invalid(group, "Icon", "must not be empty") }
        } else if !keyFile.hasKey("Icon", in: group) {
            report(.missingKey(file: file, group: group, key: "Icon"))
        }
        let title = keyFile.hasKey("Title", in: group) ? localized("Title", in: group, keyFile) : nil
        if let title {
            if isBlank(title) { invalid(group, "Title", "must not be empty") }
        } else if !keyFile.hasKey("Title", in: group) {
            report(.missingKey(file: file, group: group, key: "Title"))
        }
        let color = keyFile.value("Color", in: group)
        if let color { checkColor(color, group: group, key: "Color") }

        guard errorCount == errorsBefore, let icon, let title else {
            return nil
        }
        return InformationRow(
            title: capped(title, SpecLimits.titleLength, group: group, key: "Title"),
            subtitle: capped(localized("Subtitle", in: group, keyFile) ?? "", SpecLimits.subtitleLength,
                             group: group, key: "Subtitle"),
            iconName: resolveIcon(icon),
            color: color)
    }

    /// Warns when an image file the window would load is not a regular file or is over
    /// the size cap (the window then shows no icon). Opened without blocking, not read.
    private func checkImageFile(_ path: String, group: String, key: String) {
        do throws(CheckedFile.Failure) {
            try CheckedFile.check(path, limit: CheckedFile.imageLimit)
        } catch {
            if error == .missing {
                warn(group: group, key: key, "\(path) does not exist; the window shows no icon")
                return
            }
            warn(group: group, key: key, "\(path) \(error); the window shows no icon")
        }
    }

    /// `text`, or its first `limit` characters and an ellipsis with a warning: the cap
    /// every command applies the same way (``SpecLimits``).
    /// A one-line name (`Name`, `SecondaryLabel`) as the window shows it: reported when
    /// blank, cut to ``SpecLimits/nameLength`` with a warning.
    private func checkedName(_ text: String, group: String, key: String) -> String {
        if isBlank(text) { invalid(group, key, "must not be empty") }
        return capped(text, SpecLimits.nameLength, group: group, key: key)
    }

    private func capped(_ text: String, _ limit: Int, group: String, key: String) -> String {
        guard let cut = SpecLimits.cut(text, to: limit) else { return text }
        warn(group: group, key: key, "longer than \(limit) characters; the rest is not shown")
        return cut
    }

    // MARK: Group names

    /// `.some(N)` for `[Welcome N]`, `.some(nil)` for a malformed Welcome group
    /// (reported), `nil` for other groups.
    private func rowNumber(_ group: String, prefix: String) -> Int?? {
        guard group == prefix || group.hasPrefix(prefix + " ") else { return nil }
        let rest = group.dropFirst(prefix.count).drop { $0 == " " }
        guard let number = number(rest) else {
            invalid(group, nil, "expected [\(prefix) N] with a row number N such as 1, 2, 3")
            return .some(nil)
        }
        return .some(number)
    }

    /// `.some((version, text, N))` for `[Release V N]`, `.some(nil)` for a malformed
    /// Release group (reported), `nil` for other groups.
    private func releaseGroup(_ group: String) -> (Version, String, Int)?? {
        let prefix = SpecKeys.releasePrefix
        guard group == prefix || group.hasPrefix(prefix + " ") else { return nil }
        let words = group.dropFirst(prefix.count).split(separator: " ")
        guard words.count == 2, let number = number(words[1]) else {
            invalid(group, nil, "expected [\(prefix) VERSION N] such as [\(prefix) 1.3.0 1]")
            return .some(nil)
        }
        let text = String(words[0])
        guard let version = try? Version(text) else {
            invalid(group, nil, "\(quoted(text)) " + (versionProblem(text) ?? "is not a version"))
            return .some(nil)
        }
        return .some((version, text, number))
    }

    private func number<S: StringProtocol>(_ text: S) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int(text)
    }

    // MARK: Releases

    private func specReleases(
        _ rows: [(version: Version, text: String, number: Int, group: String, row: InformationRow?)]
    ) -> [ReleaseNotes] {
        var releases: [ReleaseNotes] = []
        var indexOfVersion: [Version: Int] = [:]
        for entry in rows.sorted(by: { $0.number < $1.number }) {
            guard let row = entry.row else { continue }
            if let index = indexOfVersion[entry.version] {
                releases[index].rows.append(row)
            } else {
                indexOfVersion[entry.version] = releases.count
                releases.append(ReleaseNotes(version: entry.version, versionText: entry.text, rows: [row]))
            }
        }
        guard releases.count > SpecLimits.releaseVersions else { return releases }
        warn(group: nil, key: nil,
             "[Release …] groups of \(releases.count) versions; only the newest \(SpecLimits.releaseVersions) are considered")
        return Array(releases.sorted { $0.version > $1.version }.prefix(SpecLimits.releaseVersions))
    }

    private func metainfoReleases(_ path: String?) -> [ReleaseNotes] {
        guard let path, case let .success(parsed) = metainfo(path) else { return [] }
        // Notes that can never show, and why, with the line (MetainfoReleases.Finding).
        for finding in parsed.findings {
            warn(group: SpecFile.mainGroup, key: "ReleaseNotes", "\(finding.file):\(finding.line): \(finding.message)")
        }
        let missingExternal = parsed.hasExternalReleases && parsed.releases.isEmpty
        if !missingExternal, !parsed.releases.contains(where: \.hasNotes) {
            warn(group: SpecFile.mainGroup, key: "ReleaseNotes",
                 parsed.releases.isEmpty
                     ? "\(path): no <release> with a version: What's New never shows notes from it"
                     : "\(path): no <release> has a <description> (for this locale): What's New never shows notes from it")
        }
        if parsed.skippedReleaseCount > 0 {
            warn(group: SpecFile.mainGroup, key: "ReleaseNotes",
                 "\(path): more than \(SpecLimits.metainfoReleases) releases; the last \(parsed.skippedReleaseCount) are not read")
        }
        return parsed.releases
    }

    private func metainfo(_ path: String) -> Result<MetainfoReleases, SpecError> {
        if let cached = metainfoCache[path] { return cached }
        let result: Result<MetainfoReleases, SpecError>
        do {
            result = .success(try MetainfoReleases(path: path, locale: locale, notesAfter: notesAfter,
                                                   countingOnlyPast: countingOnlyPast))
        } catch {
            result = .failure(error)
        }
        metainfoCache[path] = result
        return result
    }

    // MARK: Key checks

    /// Warns about unknown keys and translations of keys that take none.
    /// Also reports known keys whose value is not UTF-8 or has a bad escape: an error
    /// (GLib would read them as absent, and they would be reported as missing), a warning
    /// for a translation (GLib falls back to the untranslated text).
    private func checkKeys(_ keys: [String], _ keyFile: KeyFile, group: String, known: [String], localized: [String]) {
        for key in keys where !key.hasPrefix("X-") {
            let base = Self.baseKey(key)
            let isKnown = known.contains(base)
            if isKnown, let problem = keyFile.valueProblem(key, in: group) {
                if base == key {
                    invalid(group, key, problem.message)
                } else {
                    warn(group: group, key: key, problem.message + "; the untranslated value is used")
                }
            }
            if !isKnown {
                warn(group: group, key: key, "unknown key; known keys are " + known.joined(separator: ", "))
            } else if base != key, !localized.contains(base) {
                warn(group: group, key: key, "\(base) is not translatable; the translation is ignored")
            }
        }
    }

    /// Keys whose every value (translations included) must be free of control
    /// characters: one-line texts of the window and the URL, which messages quote and a
    /// browser receives. A line break in a name is allowed (it splits the headline or the
    /// button label in two, which may be meant) but `validate` says so.
    private static let plainTextKeys = ["Name", "SecondaryLabel", "SecondaryURL"]

    /// Reports control characters (C0 but line breaks in names, DEL, C1) in
    /// ``plainTextKeys``: ESC and BEL in a URL reached the terminal of whoever read the
    /// message. Every translation is checked, so the verdict is the same in every locale.
    private func checkControlCharacters(_ keys: [String], _ keyFile: KeyFile, group: String) {
        for key in keys {
            let base = Self.baseKey(key)
            guard Self.plainTextKeys.contains(base), let value = keyFile.value(key, in: group) else { continue }
            let allowsLineBreaks = base != "SecondaryURL"
            var lineBreak = false
            for scalar in value.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                if scalar == "\n", allowsLineBreaks {
                    lineBreak = true
                    continue
                }
                badValue(group, key, value, "contains a control character (\(Quoted.name(String(scalar)))); "
                             + (allowsLineBreaks ? "names must be plain text" : "URLs must be plain text"))
                lineBreak = false
                break
            }
            if lineBreak {
                warn(group: group, key: key, "\(quoted(value)) contains a line break, which splits "
                         + (base == "Name" ? "the headline" : "the button's label") + " in two")
            }
        }
    }

    /// `Name` of `Name[de]`. A byte search: `[` is ASCII, and a Character search runs
    /// the grapheme breaker for every key at every login.
    private static func baseKey(_ key: String) -> String {
        guard let bracket = key.utf8.firstIndex(of: UInt8(ascii: "[")) else { return key }
        return String(key[..<bracket])
    }

    private func checkColor(_ color: String, group: String, key: String) {
        if !colorValidator(color) {
            badValue(group, key, color, "is not a colour gdk_rgba_parse accepts")
        }
    }

    /// Whether `url` is an http, https or file URL (reported otherwise).
    private func checkURL(_ url: String, group: String, key: String) -> Bool {
        guard SecondaryAction.isOpenableURL(url) else {
            badValue(group, key, url, "is not an http, https or file URL")
            return false
        }
        return true
    }

    private func localized(_ key: String, in group: String, _ keyFile: KeyFile) -> String? {
        keyFile.localizedString(key, in: group, languages: languages)
    }

    /// The languages of ``localized(_:in:_:)``, found on first use (not on the login
    /// path that reads no translation).
    private lazy var languages: [String] = LocaleVariants.list(for: locale)

    /// A `[First Open]` text translated, or untranslated while the rows are left unread
    /// (``readsRows``).
    private func translatable(_ key: String, in group: String, _ keyFile: KeyFile) -> String? {
        readsRows ? localized(key, in: group, keyFile) : keyFile.value(key, in: group)
    }

    private func boolean(_ key: String, in group: String, _ keyFile: KeyFile) -> Bool? {
        switch keyFile.booleanIfPresent(key, in: group) {
        case let .success(value)?:
            return value
        case .failure?:
            badValue(group, key, keyFile.rawValue(key, in: group) ?? "", "is not true or false")
            return nil
        case nil:
            return nil
        }
    }

    private func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }

    // MARK: Paths

    /// An icon with a `/` is a file: relative ones resolve against the spec's
    /// directory. Anything else is an icon-theme name.
    private func resolveIcon(_ icon: String) -> String {
        icon.contains("/") ? resolve(icon) : icon
    }

    /// `path` made absolute against the spec file's directory (absolute paths are
    /// only normalised).
    func resolve(_ path: String) -> String {
        guard let result = g_canonicalize_filename(path, directory) else { return path }
        defer { g_free(result) }
        return String(cString: result)
    }

    private static func absolute(_ directory: String) -> String {
        guard let absolute = g_canonicalize_filename(directory, nil) else { return directory }
        defer { g_free(absolute) }
        return String(cString: absolute)
    }

    private static func directory(of file: String) -> String {
        guard let absolute = g_canonicalize_filename(file, nil) else { return "." }
        defer { g_free(absolute) }
        guard let directory = g_path_get_dirname(absolute) else { return "." }
        defer { g_free(directory) }
        return String(cString: directory)
    }
}
