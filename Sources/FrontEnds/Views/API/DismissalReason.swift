internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
/// How a ``FirstOpenDialog`` went away. Reported exactly once through
/// ``FirstOpenDialog/onDismiss``.
public enum DismissalReason: Sendable, Equatable, CustomStringConvertible {
    /// The user pressed Continue (click, Enter or Space).
    case continued
    /// The user pressed Escape.
    case escaped
    /// The user closed the window with the window manager's close button (or Alt+F4).
    case closed
    /// Code closed it: ``FirstOpenDialog/dismiss()``, or its parent window was destroyed.
    case programmatic

    /// Whether the user dismissed the window (so it counts as seen). `programmatic` does
    /// not: the app went away under the window, and it shows again next time.
    public var isUserDismissal: Bool { self != .programmatic }

    /// The case's name, e.g. `continued` (as the debug log prints it).
    public var description: String {
        switch self {
        case .continued: "continued"
        case .escaped: "escaped"
        case .closed: "closed"
        case .programmatic: "programmatic"
        }
    }
}
