package import FirstOpenFlow

/// The process exit codes of `first-open`, from sysexits(3). Scripts and autostart
/// entries rely on them: extend, never renumber.
package enum ExitCode: Int32, Sendable {
    /// Done: the window was shown, or there was nothing to show.
    case ok = 0
    /// `screenshot --compare`: at least one image differs from its golden image
    /// (or the golden image is missing), as `cmp` and `diff` exit 1.
    case imagesDiffer = 1
    /// `show --parent`: no window was shown and dismissed by the user — nothing was due
    /// (or the session is quiet, another first-open is showing it, there is no display),
    /// or the parent window went away while it was open. Without `--parent` these exit 0.
    case notShown = 2
    /// `show --detailed-status`: the parent window was gone before the window
    /// could map, or went away while it was open; nothing was recorded (2 without
    /// `--detailed-status`).
    case parentGone = 3
    /// `show --detailed-status`: another first-open is showing this app's window
    /// already (it holds the app's lock); nothing was shown here (2 without
    /// `--detailed-status`).
    case alreadyShowing = 4
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// The spec file, a release-notes file or a value in them is wrong (EX_DATAERR).
    case badSpec = 65
    /// A display was required and none could be opened, or the display went away while
    /// a window was open or a screenshot was rendering (EX_UNAVAILABLE).
    case noDisplay = 69
    /// Internal error (EX_SOFTWARE), e.g. the window helper is missing.
    case software = 70
    /// An output file (screenshot, autostart entry) could not be written (EX_CANTCREAT).
    case cannotWrite = 73
    /// Reading or writing the state failed (EX_IOERR).
    case ioError = 74
    /// Started set-user-ID or set-group-ID, which first-open refuses; or asked to create
    /// files in a folder of another user (`sudo -E`: root with the user's `HOME` and
    /// `XDG_*`), which it refuses before showing or recording anything (EX_NOPERM).
    case noPermission = 77
}

extension ExitCode {
    /// The exit status of a failure: the one place a ``FirstOpenFailure`` becomes one.
    package init(_ failure: FirstOpenFailure) {
        switch failure {
        // Out of file descriptors or memory: nothing is wrong with the spec.
        case .spec(.outOfResources): self = .ioError
        case .spec, .badValue, .noContent, .changedSinceDecision: self = .badSpec
        case .state(.otherUsersFolder): self = .noPermission
        case .state: self = .ioError
        case .noDisplay: self = .noDisplay
        case .cannotWrite: self = .cannotWrite
        case .software: self = .software
        }
    }
}
