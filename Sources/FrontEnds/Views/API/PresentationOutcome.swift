public import FirstOpenState
internal import FirstOpenContent
public import FirstOpenFlow
/// What ``PresentationFlow/present(over:only:content:onDismiss:)`` did.
public enum PresentationOutcome {
    /// The window is on screen; the record is written when the user dismisses it.
    case presented(FirstOpenDialog)
    /// The decision was to show nothing (same version, downgrade, minor change, a
    /// corrupt record that was replaced, …).
    case nothing(Decision)
    /// There was something to show but no content for it: recorded without showing.
    case recordedWithoutShowing(Decision)
    /// This app's window is on screen already and holds the app's lock: shown by this
    /// process (a second call while the first window shows) or by another one (a second
    /// start, the login autostart entry). Nothing shown, nothing recorded. libfirst-open
    /// reports it as `FIRST_OPEN_OUTCOME_ALREADY_SHOWING`.
    case alreadyShowing
    /// A quiet session (live, guest, greeter, system account): nothing shown or recorded.
    case quietSession(String)
    /// Nothing was shown or recorded; one line on stderr said why.
    case failed(FirstOpenFailure)

    /// The dialog, when one was presented.
    public var dialog: FirstOpenDialog? {
        if case .presented(let dialog) = self { return dialog }
        return nil
    }
}
