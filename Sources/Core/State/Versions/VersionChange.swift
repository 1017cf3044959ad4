/// How far apart two versions are, for explanations ("a patch release of 1.3.0").
enum VersionChange: Sendable, Equatable {
    case epoch, major, minor, patch
    /// A fourth or later release component (`1.3.0.1`).
    case micro
    /// Same release, different post-release (`1.1.1` -> `1.1.1w`).
    case postrelease
    /// Same release, different pre-release (`2.0~rc1` -> `2.0~rc2`).
    case prerelease
    /// Same release, from a pre-release to the final release (`2.0~rc2` -> `2.0`).
    case final
    /// Equal in ordering (differences only in revision or build metadata).
    case none

    init(from: Version, to: Version) {
        if from.epoch != to.epoch {
            self = .epoch
        } else if from.major != to.major {
            self = .major
        } else if from.minor != to.minor {
            self = .minor
        } else if from.patch != to.patch {
            self = .patch
        } else if Version.compareRelease(from, to) != 0 {
            self = .micro
        } else if !from.hasSamePostrelease(as: to) {
            self = .postrelease
        } else if from.hasSamePrerelease(as: to) {
            self = .none
        } else if to.isPrerelease {
            self = .prerelease
        } else {
            self = .final
        }
    }

    /// `major`, `pre-release`, ... as used in "(minor upgrade, policy minor)".
    var name: String {
        switch self {
        case .epoch: return "epoch"
        case .major: return "major"
        case .minor: return "minor"
        case .patch: return "patch"
        case .micro: return "micro"
        case .postrelease: return "post-release"
        case .prerelease: return "pre-release"
        case .final: return "final"
        case .none: return "no"
        }
    }
}
