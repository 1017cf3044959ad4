public import FirstOpenState

/// The What's New rows of one version, from a `[Release V N]` group of a spec file or
/// a `<release>` of an AppStream metainfo file.
public struct ReleaseNotes: Sendable, Hashable {
    /// AppStream's release types. Development releases are left out of a What's New
    /// window unless the current version is itself a pre-release.
    public enum Kind: String, Sendable, Hashable {
        /// A regular release (AppStream's default).
        case stable
        /// A development release: alpha, beta, release candidate.
        case development
        /// An unversioned snapshot build; treated like a stable release.
        case snapshot
    }

    /// The version, for ordering and range checks.
    public var version: Version
    /// The version as written in the file, for headings ("Version 1.3").
    public var versionText: String
    /// Stable, development or snapshot.
    public var kind: Kind
    /// The release date as written (`2024-05-01`), or `nil`.
    public var date: String?
    /// The rows, in display order; empty when the release has no description.
    public var rows: [InformationRow]
    /// A web page about this release (`<url type="details">`), or `nil`.
    public var detailsURL: String?

    /// Creates the notes of one version.
    public init(
        version: Version,
        versionText: String,
        kind: Kind = .stable,
        date: String? = nil,
        rows: [InformationRow],
        detailsURL: String? = nil
    ) {
        self.version = version
        self.versionText = versionText
        self.kind = kind
        self.date = date
        self.rows = rows
        self.detailsURL = detailsURL
    }
}
