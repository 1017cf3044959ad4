/// The few texts the content module writes itself (not from a spec file). They live
/// here, in one place, so a caller with gettext (the GTK window helper, the CLI) can
/// pass translated ones; ``english`` is the default.
public struct ContentStrings: Sendable {
    /// The heading of one version's section when a What's New window lists several:
    /// given the version as written (`1.3`), e.g. "Version 1.3".
    package var versionHeading: @Sendable (String) -> String
    /// The footnote when rows or versions were left out: given the number of left-out
    /// rows of the shown versions (changes) and of left-out older versions (updates),
    /// e.g. "And 2 more updates". Never called with two zeros.
    package var footnote: @Sendable (_ changes: Int, _ updates: Int) -> String
    /// The label of the secondary button made from a release's details URL when the
    /// spec names none, e.g. "Release Notes".
    package var releaseNotesLabel: String
    /// What the section of the version the user now runs says when that release has no
    /// notes: "No details for this release", as GNOME Software says.
    package var noDetails: String

    /// Creates a set of strings.
    package init(
        versionHeading: @escaping @Sendable (String) -> String,
        footnote: @escaping @Sendable (_ changes: Int, _ updates: Int) -> String,
        releaseNotesLabel: String,
        noDetails: String = "No details for this release"
    ) {
        self.versionHeading = versionHeading
        self.footnote = footnote
        self.releaseNotesLabel = releaseNotesLabel
        self.noDetails = noDetails
    }

    /// The English originals: "Version %s", "And N more changes", "And N more
    /// updates", "And N more changes and M more updates", "Release Notes", "No details
    /// for this release".
    public static let english = ContentStrings(
        versionHeading: { "Version \($0)" },
        footnote: { changes, updates in
            let changesText = changes == 1 ? "1 more change" : "\(changes) more changes"
            let updatesText = updates == 1 ? "1 more update" : "\(updates) more updates"
            switch (changes, updates) {
            case (0, _): return "And \(updatesText)"
            case (_, 0): return "And \(changesText)"
            default: return "And \(changesText) and \(updatesText)"
            }
        },
        releaseNotesLabel: "Release Notes")
}
