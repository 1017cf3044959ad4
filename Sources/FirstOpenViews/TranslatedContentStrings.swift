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

extension RGBA {
    /// Whether `gdk_rgba_parse` accepts `text`: the colour check the window applies,
    /// handed to ``SpecValidator`` and ``SpecFile`` so `validate` agrees with `show`.
    public static func isParsable(_ text: String) -> Bool {
        (try? RGBA(parsing: text)) != nil
    }
}
