/// The keys a spec file may use, per group — the public contract of the format
/// (docs/spec-format.md). Keys starting with `X-` are free for vendors, as in
/// `.desktop` files, and never warned about.
enum SpecKeys {
    /// `[First Open]`.
    static let main: [String] = [
        "AppId", "Name", "Icon", "AccentColor", "Version", "VersionFrom", "Policy",
        "CountPrereleases", "ShowWhatsNew", "ReleaseNotes", "Metainfo", "SecondaryLabel", "SecondaryURL",
    ]
    /// `[First Open]` keys that take `Key[locale]=` translations. (Arrays, not sets: two
    /// names are searched as fast, and a `Set<String>` costs the login path a generic
    /// metadata instantiation, ~6 % of its CPU time, measured with perf.)
    static let mainLocalized: [String] = ["Name", "SecondaryLabel"]
    /// `[Welcome N]` and `[Release V N]`.
    static let row: [String] = ["Icon", "Title", "Subtitle", "Color"]
    /// Row keys that take translations.
    static let rowLocalized: [String] = ["Title", "Subtitle"]

    /// The group prefix of Welcome rows.
    static let welcomePrefix = "Welcome"
    /// The group prefix of What's New rows.
    static let releasePrefix = "Release"
}
