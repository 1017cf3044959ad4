/// Why ``PresentationDecider`` decided to show nothing.
public enum NothingReason: Sendable, Equatable {
    /// The recorded version is the current one (in ordering: `1.0` and `1.0.0` are the same).
    case sameVersion(Version)
    /// An upgrade too small for the policy (a patch release under `minor`, or a
    /// pre-release when pre-releases do not count).
    case insignificant(from: Version, to: Version, policy: UpdatePolicy)
    /// The current version is lower than the recorded one; the record keeps the higher.
    case downgrade(recorded: Version, current: Version)
    /// A significant upgrade, but What's New is turned off (user choice or admin setting).
    case whatsNewDisabled(from: Version, to: Version)
    /// The record could not be used (corrupt): it existed, so the user has been here
    /// before and is not welcomed again; `current` is what a fresh record holds.
    case unusableRecord(current: Version)
}
