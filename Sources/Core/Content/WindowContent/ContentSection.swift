/// A group of rows with an optional heading (e.g. "Version 1.3" when a What's New
/// window lists several versions the user skipped), or one version's AppStream
/// release notes under its heading and date.
package struct ContentSection: Sendable, Hashable {
    /// Shown above the rows when not `nil`. Plain text.
    package var heading: String?
    /// The release date as written in the metainfo file (`2022-09-16`), shown under the
    /// heading in the user's locale; `nil` for none.
    package var date: String?
    /// Whether the section is a development release, marked as a pre-release.
    package var isPrerelease: Bool
    /// The rows of this section, in display order.
    package var rows: [InformationRow]
    /// The AppStream description of this section's release, after the rows.
    package var description: [DescriptionBlock]
    /// A dimmed line after the description: when the caps left some of it out ("And 12
    /// more changes"), or for the current version's release without notes ("No details
    /// for this release"); `nil` for none.
    package var note: String?

    /// Creates a section.
    package init(
        heading: String? = nil,
        date: String? = nil,
        isPrerelease: Bool = false,
        rows: [InformationRow] = [],
        description: [DescriptionBlock] = [],
        note: String? = nil
    ) {
        self.heading = heading
        self.date = date
        self.isPrerelease = isPrerelease
        self.rows = rows
        self.description = description
        self.note = note
    }

    /// Whether the section shows nothing but (perhaps) its heading.
    package var isEmpty: Bool { rows.isEmpty && description.isEmpty && note == nil }
}
