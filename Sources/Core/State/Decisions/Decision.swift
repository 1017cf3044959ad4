/// What to present at start-up, decided by ``PresentationDecider``.
public enum Decision: Sendable, Equatable {
    /// No record of the app: show "Welcome to ‹App›".
    case welcome(current: Version)
    /// A significant upgrade: show "What's New in ‹App›" with the notes of every
    /// version after `from` up to `to`.
    case whatsNew(from: Version, to: Version)
    /// Show nothing, for the given reason.
    case nothing(NothingReason)

    /// Whether a window should be shown.
    package var showsWindow: Bool {
        if case .nothing = self { return false }
        return true
    }

    /// One line whose first word is `welcome`, `whats-new` or `nothing`, naming the
    /// app as "this app".
    public var explanation: String { explanation(appID: nil, policy: nil) }

    /// One line whose first word is `welcome`, `whats-new` or `nothing`, then the
    /// versions and the reason, e.g.
    /// `whats-new: 1.2.0 -> 1.3.0 (minor upgrade, policy minor)`.
    /// - Parameters:
    ///   - appID: names the app in `welcome` and `nothing` lines; nil says "this app".
    ///   - policy: the policy the decision was made with, named in `whats-new` lines
    ///     (an `insignificant` reason carries its own).
    package func explanation(appID: String?, policy: UpdatePolicy? = nil) -> String {
        let app = appID ?? "this app"
        switch self {
        case let .welcome(current):
            return "welcome: no record of \(app); current version \(current)"
        case let .whatsNew(from, to):
            let change = VersionChange(from: from, to: to).name
            let policyNote = policy.map { ", policy \($0)" } ?? ""
            return "whats-new: \(from) -> \(to) (\(change) upgrade\(policyNote))"
        case let .nothing(reason):
            return "nothing: " + Self.describe(reason, app: app)
        }
    }

    private static func describe(_ reason: NothingReason, app: String) -> String {
        switch reason {
        case let .sameVersion(version):
            return "\(version) already seen"
        case let .downgrade(recorded, current):
            return "downgrade from \(recorded) to \(current); record keeps \(recorded)"
        case let .unusableRecord(current):
            return "the record of \(app) was unusable; a returning user is not welcomed again (current version \(current))"
        case let .whatsNewDisabled(from, to):
            return "What's New is turned off for \(app) (\(from) -> \(to))"
        case let .insignificant(from, to, policy):
            if !policy.includesPrereleases && to.isPrerelease {
                return "\(to) is a pre-release; policy \(policy) does not count pre-releases (recorded \(from))"
            }
            switch VersionChange(from: from, to: to) {
            case .final:
                return "\(to) is the final release of \(from) (policy \(policy))"
            case .prerelease:
                return "\(to) is a pre-release update of \(from) (policy \(policy))"
            case .postrelease:
                return "\(to) is a post-release of \(from) (policy \(policy))"
            case .none:
                return "\(to) is the same release as \(from) (policy \(policy))"
            case let change:
                return "\(to) is a \(change.name) release of \(from) (policy \(policy))"
            }
        }
    }
}
