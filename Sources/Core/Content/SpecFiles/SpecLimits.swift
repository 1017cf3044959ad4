/// The documented caps on what a spec (and the files it names) may make the window and
/// the login path do, so work stays small and linear whatever the input: `validate`
/// warns when a spec goes over one, and every command — the login path, `explain`,
/// `show`, `screenshot` — cuts to it the same way (warnings never change the verdict).
/// See `docs/spec-format.md`.
package enum SpecLimits {
    /// `[Welcome N]` rows shown; the rows after the first 50 (by number) are left out.
    package static let welcomeRows = 50
    /// Versions of `[Release V N]` groups considered: the newest 1000.
    package static let releaseVersions = 1000
    /// `<release>` elements of a metainfo file read, in file order (AppStream lists the
    /// newest first); later ones are skipped unread.
    package static let metainfoReleases = 1000
    /// Characters of `Name` and `SecondaryLabel` shown.
    package static let nameLength = 100
    /// Bytes of a `SecondaryURL`: a longer one is never cut (that opens the wrong page);
    /// the window leaves its button out. Browsers and sitemaps keep to this length, and
    /// the link-failure message that shows the address stays quick to lay out.
    package static let urlLength = 2048
    /// Characters of a row's `Title` shown.
    package static let titleLength = 300
    /// Characters of a row's `Subtitle` shown.
    package static let subtitleLength = 1000

    /// Characters of one metainfo paragraph or list item shown; the rest is cut with `…`.
    /// The longest of 64 real metainfo files (55 Debian desktop packages) has 405, its
    /// longest word 38: one 3 MB paragraph took the window 141 s to lay out.
    package static let noteTextLength = 2000
    /// Items of one metainfo `<ul>` or `<ol>` shown; the window says how many more
    /// ("And 12 more changes"). Real files: at most 39 (translator lists).
    package static let noteListItems = 100
    /// Paragraphs and items of one release's description shown, the rest counted as for a
    /// list. Real files: at most 55.
    package static let noteReleaseTexts = 250
    /// Releases a What's New window shows, newest first; the older ones crossed are
    /// counted in its footnote ("And 750 more updates"). Real files: GNOME Software's 93
    /// releases with notes are the most.
    package static let shownReleases = 250
    /// Paragraphs and items a What's New window shows in all: the releases after the one
    /// that reaches it are counted in the footnote. Real files: at most 1,394 (GNOME
    /// Software's whole history).
    package static let shownTexts = 4000
    /// Characters of notes a What's New window shows in all, counted as for
    /// ``shownTexts``. Real files: at most 61,069 (GNOME Software's whole history).
    package static let shownCharacters = 250_000

    /// `text` cut to `limit` characters (Unicode scalars) with an ellipsis, or `nil`
    /// when it fits. Counts no further than needed.
    static func cut(_ text: String, to limit: Int) -> String? {
        // A text has no more scalars than UTF-8 bytes, and the byte count is known: most
        // texts fit without being walked (copying them scalar by scalar cost ~3,000
        // instructions per row text).
        guard text.utf8.count > limit else { return nil }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return nil }
        return String(scalars[..<end]) + "\u{2026}"
    }
}
