package import FirstOpenState

/// The What's New notes of one version: rows from `[Release V N]` groups of a spec
/// file, or the `<description>` of a `<release>` of an AppStream metainfo file.
package struct ReleaseNotes: Sendable, Hashable {
    /// AppStream's release types. Development releases crossed on the way to the
    /// current version are shown, marked (see ``ReleaseHistory``).
    package enum Kind: String, Sendable, Hashable {
        /// A regular release (AppStream's default).
        case stable
        /// A development release: alpha, beta, release candidate.
        case development
        /// An unversioned snapshot build; treated like a stable release.
        case snapshot
    }

    /// The version, for ordering and range checks.
    package var version: Version
    /// The version as written in the file, for headings ("Version 1.3").
    package var versionText: String
    /// Stable, development or snapshot.
    package var kind: Kind
    /// The release date as written (`2024-05-01`), or `nil`.
    package var date: String?
    /// The spec's rows, in display order (metainfo releases have none).
    package var rows: [InformationRow]
    /// The metainfo release's `<description>`, in document order; empty for a spec's
    /// release and for a release without one.
    package var description: [DescriptionBlock]
    /// A web page about this release (`<url type="details">`), or `nil`.
    package var detailsURL: String?
    /// Paragraphs and items of the `<description>` left out by the caps on a list and a
    /// release (``SpecLimits/noteListItems``, ``SpecLimits/noteReleaseTexts``); the
    /// window says how many.
    package var cutTexts: Int

    /// Creates the notes of one version.
    package init(
        version: Version,
        versionText: String,
        kind: Kind = .stable,
        date: String? = nil,
        rows: [InformationRow] = [],
        description: [DescriptionBlock] = [],
        detailsURL: String? = nil,
        cutTexts: Int = 0
    ) {
        self.version = version
        self.versionText = versionText
        self.kind = kind
        self.date = date
        self.rows = rows
        self.description = description
        self.detailsURL = detailsURL
        self.cutTexts = cutTexts
    }

    /// The number of texts shown: each row, each paragraph and list item.
    var textCount: Int { rows.count + description.reduce(0) { $0 + $1.texts.count } }

    /// Whether there is anything to show for this version.
    package var hasNotes: Bool { !rows.isEmpty || !description.isEmpty || hasUnreadNotes }

    /// Whether the release has notes that were left unread (only counted) because no
    /// What's New window can show them: ``MetainfoReleases`` with `countingOnlyPast:`.
    package internal(set) var hasUnreadNotes = false

    /// Whether this is a pre-release: AppStream's `type="development"`, or a version
    /// that reads as one (`43.beta`, `1.0~rc1`).
    package var isPrerelease: Bool { kind == .development || version.isPrerelease }
}
