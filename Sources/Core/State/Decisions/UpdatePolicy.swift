/// Which version changes are worth a "What's New" window.
///
/// The default, ``Change/minor``, follows KDE's Welcome Center: bug-fix releases
/// pass silently. Pre-releases do not count by default: an upgrade *to* a
/// pre-release shows nothing, and a recorded pre-release is compared on its release
/// components (from `2.0~rc1` to `2.0` is no change under `minor`).
///
/// ``Change/any`` is the original FirstOpenViews' behaviour: every upgrade shows,
/// pre-release steps included (`1.0~rc1` -> `1.0`, `1.2.3~rc1` -> `1.2.3~rc2`), so
/// under it pre-releases always count (``includesPrereleases``).
public struct UpdatePolicy: Sendable, Hashable, CustomStringConvertible {
    /// The smallest change that counts.
    public enum Change: String, Sendable, CaseIterable {
        /// The epoch or the first release component changed.
        case major
        /// The epoch, the first or the second component changed.
        case minor
        /// The epoch or any of the first three components changed.
        case patch
        /// Any increase at all, pre-release steps included.
        case any
    }

    /// The smallest change that counts; `.minor` by default.
    package var change: Change
    /// Whether pre-releases count as versions of their own; `false` by default.
    /// ``Change/any`` counts them whatever this says (see ``includesPrereleases``).
    package var countsPrereleases: Bool

    /// Whether pre-releases take part in the decision: ``countsPrereleases``, or
    /// always under ``Change/any`` (every upgrade shows, as in the original).
    package var includesPrereleases: Bool { countsPrereleases || change == .any }

    /// `minor`, pre-releases not counted.
    public static let `default` = UpdatePolicy()

    /// A policy counting `change`-level upgrades (and pre-releases when asked).
    public init(change: Change = .minor, countsPrereleases: Bool = false) {
        self.change = change
        self.countsPrereleases = countsPrereleases
    }

    /// Reads `major`, `minor`, `patch` or `any` (case-insensitive, surrounding
    /// whitespace ignored), as written in spec and configuration files.
    /// - Throws: ``UpdatePolicyError`` listing the valid values.
    package init(parsing text: String) throws(UpdatePolicyError) {
        let word = String(text.filter { !$0.isWhitespace }).lowercased()
        guard let change = Change(rawValue: word) else {
            throw .unknownChange(text)
        }
        self.init(change: change)
    }

    /// `minor`, or `minor, counting pre-releases`.
    public var description: String {
        countsPrereleases ? "\(change.rawValue), counting pre-releases" : change.rawValue
    }

    /// Whether going from `from` to `to` is an upgrade this policy shows What's New for.
    ///
    /// Never for a downgrade or the same version. `any`: every increase, pre-release
    /// steps included (`1.0~rc1` -> `1.0`, `1.0~rc1` -> `1.0~rc2`). The other policies:
    /// without ``countsPrereleases``, never when `to` is a pre-release, and a
    /// pre-release `from` counts as its release components; `major`: epoch or major
    /// changed; `minor`: also minor; `patch`: also patch.
    package func isSignificant(from: Version, to: Version) -> Bool {
        guard to > from else { return false }
        if change == .any { return true }
        if !countsPrereleases && to.isPrerelease { return false }
        if from.epoch != to.epoch { return true }
        switch change {
        case .major:
            return from.major != to.major
        case .minor:
            return from.major != to.major || from.minor != to.minor
        case .patch:
            return from.major != to.major || from.minor != to.minor || from.patch != to.patch
        case .any:
            return true // handled above: `to > from` is all `any` asks
        }
    }
}
