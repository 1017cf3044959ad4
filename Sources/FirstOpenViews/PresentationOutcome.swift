/// What ``WindowPresenter/present(over:session:content:onDismiss:)`` did.
public enum PresentationOutcome {
    /// The window is on screen; the record is written when the user dismisses it.
    case presented(FirstOpenDialog)
    /// The decision was to show nothing (same version, downgrade, minor change, …).
    case nothing(Decision)
    /// There was something to show but no content for it: recorded without showing.
    case recordedWithoutShowing(Decision)
    /// Another process (a second start) holds this app's lock and is showing the window.
    case alreadyShowing
    /// Nothing was shown; one line says why (unreadable record, bad colour, no display).
    case failed(String)

    /// The dialog, when one was presented.
    public var dialog: FirstOpenDialog? {
        if case .presented(let dialog) = self { return dialog }
        return nil
    }
}
