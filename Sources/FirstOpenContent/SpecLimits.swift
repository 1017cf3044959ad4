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
        var scalars = text.unicodeScalars.makeIterator()
        var kept = String.UnicodeScalarView()
        for _ in 0..<limit {
            guard let scalar = scalars.next() else { return nil }
            kept.append(scalar)
        }
        guard scalars.next() != nil else { return nil }
        return String(kept) + "\u{2026}"
    }
}
