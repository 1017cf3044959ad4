internal import FirstOpenState
public import FirstOpenContent
internal import FirstOpenFlow
extension ContentStrings {
    /// The content module's own texts ("Version 1.3", "And 3 more changes and 2 more
    /// updates", "Release Notes", "No details for this release") translated in the `first-open` gettext domain.
    public static var translated: ContentStrings {
        ContentStrings(
            versionHeading: { BuiltInStrings.versionHeading($0) },
            footnote: { changes, updates in BuiltInStrings.footnote(changes: changes, updates: updates) },
            releaseNotesLabel: BuiltInStrings.releaseNotesLabel,
            noDetails: BuiltInStrings.noDetails)
    }
}
