extension ContentStrings {
    /// The content module's own texts ("Version 1.3", "And 2 more updates", "Release
    /// Notes") translated in the `first-open` gettext domain.
    public static var translated: ContentStrings {
        ContentStrings(
            versionHeading: { BuiltInStrings.versionHeading($0) },
            footnote: { changes, updates in
                // Left-out versions are what the user cares about; left-out rows of
                // shown versions are counted with them.
                BuiltInStrings.moreUpdates(changes + updates)
            },
            // TRANSLATORS: The button that opens the full release notes in a browser.
            releaseNotesLabel: Localization.gettext("Release Notes"))
    }
}
