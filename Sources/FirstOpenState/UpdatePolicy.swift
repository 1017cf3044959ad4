/// Which version changes are worth a "What's New" window.
///
/// The default, ``Change/minor``, follows KDE's Welcome Center: bug-fix releases
/// pass silently. Pre-releases do not count by default: an upgrade *to* a
/// pre-release shows nothing, and a recorded pre-release is compared on its release
/// components (from `2.0~rc1` to `2.0` is no change under `minor`).
public struct UpdatePolicy: Sendable, Hashable, CustomStringConvertible {
    /// The smallest change that counts.
    public enum Change: String, Sendable, CaseIterable {
        /// The epoch or the first release component changed.
        case major
        /// The epoch, the first or the second component changed.
        case minor
        /// The epoch or any of the first three components changed.
        case patch
        /// Any increase at all.
        case any
    }

    /// The smallest change that counts; `.minor` by default.
    public var change: Change
    /// Whether pre-releases count as versions of their own; `false` by default.
    public var countsPrereleases: Bool

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
    public init(parsing text: String) throws(UpdatePolicyError) {
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
    /// Never for a downgrade or the same version. Without ``countsPrereleases``, never
    /// when `to` is a pre-release, and a pre-release `from` counts as its release
    /// components. `major`: epoch or major changed; `minor`: also minor; `patch`: also
    /// patch; `any`: any increase (of the release components alone, unless
    /// pre-releases count).
    public func isSignificant(from: Version, to: Version) -> Bool {
        guard to > from else { return false }
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
            // `to > from` already holds; without pre-releases counting, the release
            // components alone must have grown (`2.0~rc1` -> `2.0` is not an increase).
            return countsPrereleases || Version.compareRelease(from, to) < 0
        }
    }
}
