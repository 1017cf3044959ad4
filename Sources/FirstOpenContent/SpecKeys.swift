/// The keys a spec file may use, per group — the public contract of the format
/// (docs/spec-format.md). Keys starting with `X-` are free for vendors, as in
/// `.desktop` files, and never warned about.
enum SpecKeys {
    /// `[First Open]`.
    static let main: [String] = [
        "AppId", "Name", "Icon", "AccentColor", "Version", "VersionFrom", "Policy",
        "CountPrereleases", "ShowWhatsNew", "ReleaseNotes", "SecondaryLabel", "SecondaryURL",
    ]
    /// `[First Open]` keys that take `Key[locale]=` translations.
    static let mainLocalized: Set<String> = ["Name", "SecondaryLabel"]
    /// `[Welcome N]` and `[Release V N]`.
    static let row: [String] = ["Icon", "Title", "Subtitle", "Color"]
    /// Row keys that take translations.
    static let rowLocalized: Set<String> = ["Title", "Subtitle"]

    /// The group prefix of Welcome rows.
    static let welcomePrefix = "Welcome"
    /// The group prefix of What's New rows.
    static let releasePrefix = "Release"
}
