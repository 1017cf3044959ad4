/// The documented caps on what a spec (and the files it names) may make the window and
/// the login path do, so work stays small and linear whatever the input: `validate`
/// warns when a spec goes over one, and every command — the login path, `explain`,
/// `show`, `screenshot` — cuts to it the same way (warnings never change the verdict).
/// See `docs/spec-format.md`.
public enum SpecLimits {
    /// `[Welcome N]` rows shown; the rows after the first 50 (by number) are left out.
    public static let welcomeRows = 50
    /// Versions of `[Release V N]` groups considered: the newest 1000.
    public static let releaseVersions = 1000
    /// `<release>` elements of a metainfo file read, in file order (AppStream lists the
    /// newest first); later ones are skipped unread.
    public static let metainfoReleases = 1000
    /// Characters of `Name` and `SecondaryLabel` shown.
    public static let nameLength = 100
    /// Bytes of a `SecondaryURL`: a longer one is never cut (that opens the wrong page);
    /// the window leaves its button out. Browsers and sitemaps keep to this length, and
    /// the link-failure message that shows the address stays quick to lay out.
    public static let urlLength = 2048
    /// Characters of a row's `Title` (and of a metainfo paragraph or item) shown.
    public static let titleLength = 300
    /// Characters of a row's `Subtitle` shown.
    public static let subtitleLength = 1000

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
