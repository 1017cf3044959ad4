internal import FirstOpenState
public import FirstOpenContent
internal import FirstOpenViewsModel
/// What one check did, as `first-open SPEC --parent HANDLE` reported it (its exit status
/// and its one line on stdout). Delivered once, on the GLib main loop's thread.
public enum FirstOpenOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The window was shown over the parent and the user dismissed it; first-open
    /// recorded the version.
    case shownAndDismissed(FirstOpenWindowKind)
    /// No window was shown: nothing was due, a quiet session, no display, another
    /// first-open already showing it, or a first start with no rows (recorded silently).
    /// The text is first-open's reason (its line without `nothing: `).
    case nothingDue(String)
    /// The parent window was gone before the window could be shown, or went away while it
    /// was open; nothing was recorded, so it shows again next time.
    case parentGone
    /// first-open could not be run, or failed (a bad version, an unwritable record…);
    /// nothing was shown or recorded.
    case failed(FirstOpenClientError)

    /// Whether the user saw and dismissed a window.
    public var wasShown: Bool {
        if case .shownAndDismissed = self { return true }
        return false
    }

    /// One line for a log, e.g. `shown and dismissed: welcome`.
    public var description: String {
        switch self {
        case .shownAndDismissed(let kind): "shown and dismissed: \(kind.rawValue)"
        case .nothingDue(let reason): "nothing due: \(reason)"
        case .parentGone: "parent gone"
        case .failed(let error): "failed: \(error)"
        }
    }
}

/// Why a check failed: first-open's error line (without its `first-open: ` prefix), and
/// its exit status (sysexits: 65 a bad value, 74 an I/O error…) when it ran.
public struct FirstOpenClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for people.
    public let message: String
    /// first-open's exit status; `nil` when it did not run or was killed by a signal.
    public let exitStatus: Int32?

    /// An error with `message` and, when first-open ran, its exit status.
    public init(message: String, exitStatus: Int32? = nil) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// The message, and first-open's exit status when it ran.
    public var description: String {
        exitStatus.map { "\(message) (exit \($0))" } ?? message
    }
}
