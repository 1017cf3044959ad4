package import FirstOpenState

/// Which of the two windows is shown.
public enum FirstOpenWindowKind: String, Sendable, CaseIterable, Hashable {
    /// "Welcome to ‹App›": the first start.
    case welcome
    /// "What's New in ‹App›": after a significant update.
    case whatsNew = "whats-new"
}

extension FirstOpenWindowKind {
    /// The one line for a spec that has no window of this kind to show (libfirst-open's
    /// error, `screenshot`'s refusal): `PATH: nothing to show for KIND (no …)`.
    package func nothingToShow(in path: String, upTo current: Version, after from: Version? = nil) -> String {
        let missing = self == .welcome
            ? "(no [Welcome N] rows)"
            : "(no release notes up to \(current)\(from.map { " after \($0)" } ?? ""))"
        return "\(path): nothing to show for \(rawValue) \(missing)"
    }
}
