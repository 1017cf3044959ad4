public import FirstOpenState

/// All known release notes of an app, and the rule that turns the versions a user
/// crossed into the sections of a What's New window.
///
/// The rule: the notes of every version V with `from < V <= to`, newest first, that
/// have rows. Development releases are left out unless `to` is itself a pre-release
/// (a beta tester sees the betas' notes; a stable user does not). When more than one
/// version is crossed, each gets a section headed "Version V"; a single version gets
/// one unheaded section. At most ``versionLimit`` versions and ``rowLimit`` rows are
/// shown — whole versions, except that the newest is cut to ``rowLimit`` rows when it
/// alone has more — and a footnote ("And 2 more updates") counts what was left out.
public struct ReleaseHistory: Sendable, Hashable {
    /// The most versions one What's New window lists.
    public static let versionLimit = 3
    /// The most rows one What's New window lists.
    public static let rowLimit = 12

    /// The releases, newest first.
    public var releases: [ReleaseNotes]

    /// Sorts `releases` newest first. For a version listed twice, the first one given
    /// wins (so pass the spec file's own notes before a metainfo file's).
    public init(_ releases: [ReleaseNotes]) {
        var seen: [ReleaseNotes] = []
        var versions = Set<Version>()
        for release in releases where versions.insert(release.version).inserted {
            seen.append(release)
        }
        // A stable sort keeps the given order of versions that compare equal.
        self.releases = seen.enumerated().sorted { lhs, rhs in
            lhs.element.version != rhs.element.version
                ? lhs.element.version > rhs.element.version
                : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The notes of the versions crossed going from `from` to `to`, newest first,
    /// without the empty ones. `from == nil` means "just the current notes": only the
    /// newest release up to `to`. `to == nil` means no upper bound.
    public func crossed(from: Version?, to: Version?) -> [ReleaseNotes] {
        let includesDevelopment = to?.isPrerelease ?? false
        let candidates = releases.filter { release in
            !release.rows.isEmpty
                && (includesDevelopment || release.kind != .development)
                && (to.map { release.version <= $0 } ?? true)
                && (from.map { release.version > $0 } ?? true)
        }
        return from == nil ? Array(candidates.prefix(1)) : candidates
    }

    /// The sections and footnote of a What's New window from `from` to `to` (see the
    /// type's rule), or `nil` when no crossed version has notes.
    public func sections(
        from: Version?, to: Version?, strings: ContentStrings = .english
    ) -> (sections: [ContentSection], footnote: String?, shown: [ReleaseNotes])? {
        let notes = crossed(from: from, to: to)
        guard !notes.isEmpty else { return nil }
        let headed = notes.count > 1
        var sections: [ContentSection] = []
        var shown: [ReleaseNotes] = []
        var rowCount = 0
        var leftOutRows = 0
        for (index, release) in notes.enumerated() {
            if index >= ReleaseHistory.versionLimit { break }
            var rows = release.rows
            if index == 0 {
                leftOutRows = max(0, rows.count - ReleaseHistory.rowLimit)
                rows = Array(rows.prefix(ReleaseHistory.rowLimit))
            } else if rowCount + rows.count > ReleaseHistory.rowLimit {
                break
            }
            rowCount += rows.count
            shown.append(release)
            sections.append(ContentSection(
                heading: headed ? strings.versionHeading(release.versionText) : nil, rows: rows))
        }
        let leftOutVersions = notes.count - shown.count
        let footnote = leftOutRows == 0 && leftOutVersions == 0
            ? nil : strings.footnote(leftOutRows, leftOutVersions)
        return (sections, footnote, shown)
    }
}
