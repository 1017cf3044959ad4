package import FirstOpenState

/// All known release notes of an app, and the rule that turns the versions a user
/// crossed into the sections of a What's New window.
///
/// The rule: the notes of every version V with `from < V <= to` that have notes, newest
/// first, whole up to the window's documented caps (``NotesBudget``; real files stay
/// well below them), and beyond them cut with a note that counts what was left out. Development releases in that range are shown too, marked
/// as pre-releases: GNOME apps put their feature notes in the alpha, beta and rc
/// releases, and a user going from 42 to 43 crossed them. Each version gets a section
/// headed "Version V" with its date when several versions are shown or the notes come
/// from a metainfo file (as GNOME Software heads each release); a single version of a
/// spec's own rows gets one unheaded section, as before.
///
/// With `from == nil` (no record: a screenshot, or `--force`) only the newest release
/// up to `to` is shown, and development releases only when `to` is itself a pre-release.
package struct ReleaseHistory: Sendable, Hashable {
    /// The releases, newest first.
    package var releases: [ReleaseNotes]

    /// Sorts `releases` newest first. For a version listed twice, the first one given
    /// wins (so pass the spec file's own notes before a metainfo file's), taking the
    /// other's date when it has none (a spec's rows have no date; its metainfo has).
    package init(_ releases: [ReleaseNotes]) {
        // Already newest first without a version twice (as a history read here is kept,
        // and most files list them): nothing to merge or sort. Checked in one pass; the
        // merge hashed every version of a 1000-release history twice per window.
        if zip(releases, releases.dropFirst()).allSatisfy({ $0.version > $1.version }) {
            self.releases = releases
            return
        }
        var seen: [ReleaseNotes] = []
        var index: [Version: Int] = [:]
        for release in releases {
            if let kept = index[release.version] {
                if seen[kept].date == nil { seen[kept].date = release.date }
                continue
            }
            index[release.version] = seen.count
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
    /// without the empty ones, except the release of `to` itself: when some crossed
    /// version has notes, the current version comes first even without any. `from == nil` means "just the current notes": only the
    /// newest release up to `to`. `to == nil` means no upper bound.
    package func crossed(from: Version?, to: Version?) -> [ReleaseNotes] {
        let includesDevelopment = from != nil || (to?.isPrerelease ?? false)
        let candidates = releases.filter { release in
            release.hasNotes
                && (includesDevelopment || release.kind != .development)
                && (to.map { release.version <= $0 } ?? true)
                && (from.map { release.version > $0 } ?? true)
        }
        let shown = from == nil ? Array(candidates.prefix(1)) : candidates
        // The version the user now runs is always named, with or without notes (as GNOME
        // Software does, "No details for this release"): a window that showed only
        // "Version 2.3.1" after an update to 2.4.0 never said which version this is.
        guard !shown.isEmpty, let to, shown.first?.version != to,
              let current = releases.first(where: { $0.version == to && !$0.hasNotes })
        else { return shown }
        return [current] + shown
    }

    /// The sections of a What's New window from `from` to `to` (see the type's rule),
    /// the releases they show, and a footnote, or `nil` when no crossed version has notes.
    ///
    /// The window's caps (``NotesBudget``) hold: a section whose texts were cut by a
    /// cap (of a list, a release or the window) ends with a note that counts them ("And
    /// 12 more changes"); releases left out are counted in the footnote ("And 750 more
    /// updates"). Below the caps there is no note and no footnote: nothing is cut.
    package func sections(
        from: Version?, to: Version?, strings: ContentStrings = .english
    ) -> (sections: [ContentSection], footnote: String?, shown: [ReleaseNotes])? {
        let notes = crossed(from: from, to: to)
        guard !notes.isEmpty else { return nil }
        let headed = notes.count > 1 || notes.contains { !$0.description.isEmpty }
        let budget = NotesBudget(notes)
        let sections = budget.shown.map { release, leftOut in
            let cut = release.cutTexts + leftOut
            return ContentSection(
                heading: headed ? strings.versionHeading(release.versionText) : nil,
                date: headed ? release.date : nil,
                isPrerelease: headed && release.isPrerelease,
                rows: release.rows,
                description: release.description,
                note: cut > 0 ? strings.footnote(cut, 0) : release.hasNotes ? nil : strings.noDetails)
        }
        let footnote = budget.leftOutReleases > 0 ? strings.footnote(0, budget.leftOutReleases) : nil
        return (sections, footnote, budget.shown.map(\.release))
    }
}
