/// ``PresentationFlow`` with the window shown in this process: the engine behind ``Window/welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
/// and ``Window/whatsNewView(appID:appName:version:policy:store:imageName:mainColor:informationDetailViews:onDismiss:)``,
/// for apps that build their ``WindowContent`` themselves (e.g. What's New rows for
/// every version the user skipped).
@MainActor
public enum WindowPresenter {
    /// Decides with `session`; when there is something to show, asks `content` for the
    /// window and presents it over `parent`; records the current version when the user
    /// dismisses it (not when it opens, so a crash shows it again next time).
    ///
    /// - `content` returning `nil` means "nothing to show for this case" (no welcome
    ///   rows, no notes for the versions crossed): the version is recorded silently.
    /// - The store's lock (``VersionStore/tryLock(appID:)``) is held while the window is
    ///   open, so two starts at once show it once.
    /// - Errors (an unreadable record, a bad colour, no display) show nothing, record
    ///   nothing, and are printed as one line on stderr. A corrupt record is kept aside
    ///   and replaced by a fresh one (the user has been here before): nothing is shown.
    /// - Parameter onDismiss: called once when the window goes away, after recording.
    @discardableResult
    public static func present(
        over parent: Window?,
        session: FirstOpenSession,
        content: (Decision) -> WindowContent?,
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> PresentationOutcome {
        PresentationFlow(session: session).present(over: parent, content: content, onDismiss: onDismiss)
    }
}

extension PresentationFlow {
    /// The flow with the window shown in this process, over `parent`: the Swift
    /// embedding API and libfirst-open. The version is recorded when the user dismisses
    /// the window (not when it opens, so a crash shows it again next time); the app's
    /// lock is held while it is open.
    /// - Parameters:
    ///   - only: show only this kind; a decision for the other kind is left alone
    ///     (neither shown nor recorded), as `welcomeView` and `whatsNewView` attached to
    ///     the same window need.
    ///   - content: the window for a decision; nil records silently.
    ///   - onDismiss: called once when the window goes away, after recording.
    /// - Returns: what happened; a failure was also printed as one line on stderr.
    @MainActor
    public func present(
        over parent: Window?,
        only: FirstOpenKind? = nil,
        content: (Decision) throws(FirstOpenFailure) -> WindowContent?,
        onDismiss: (@MainActor (DismissalReason) -> Void)? = nil
    ) -> PresentationOutcome {
        let appID = session.appID
        let step: Step
        do {
            step = try run(only: only, content: content)
        } catch {
            return Self.fail(error)
        }
        switch step {
        case .nothing(let decision):
            return .nothing(decision)
        case .quiet(let reason, _):
            return .quietSession(reason)
        case .noDisplay(let look):
            return .nothing(look.decision)  // not asked for: GTK says so when the dialog is built
        case .alreadyShowing:
            return .alreadyShowing
        case .repaired(let problem):
            Diagnostics.warn("\(appID): \(problem); wrote a fresh record")
            return .nothing(.nothing(.unusableRecord(current: session.currentVersion)))
        case .recordedSilently(let decision):
            return .recordedWithoutShowing(decision)
        case .show(let presentation):
            let dialog: FirstOpenDialog
            do {
                dialog = try FirstOpenDialog(content: presentation.content, parent: parent)
            } catch {
                presentation.finish()
                return Self.fail(FirstOpenFailure(error, about: appID))
            }
            dialog.onDismiss = { reason in
                if reason.isUserDismissal {
                    do {
                        try presentation.recordDismissal()
                    } catch {
                        Diagnostics.warn("\(appID): \(error)")
                    }
                }
                presentation.finish()
                onDismiss?(reason)
            }
            dialog.present()
            return .presented(dialog)
        }
    }

    private static func fail(_ failure: FirstOpenFailure) -> PresentationOutcome {
        Diagnostics.warn(failure.description)
        return .failed(failure)
    }
}

extension FirstOpenFailure {
    /// Why a window could not be built; the line starts with `subject` (an app ID, a spec path).
    public init(_ error: FirstOpenViewsError, about subject: String) {
        switch error {
        case .noDisplay: self = .noDisplay("\(subject): \(error)")
        case .invalidColor, .style: self = .badValue("\(subject): \(error)")
        }
    }

    /// Why rendering to `path` failed (`first-open screenshot`, `render_png`).
    public init(_ error: RenderError, path: String) {
        switch error {
        case .cannotWrite(let path, let reason): self = .cannotWrite(path: path, reason: reason)
        case .unsupportedScale, .nothingToDraw: self = .software("\(path): \(error)")
        }
    }
}

/// The earlier name of ``WindowPresenter``, renamed so that it is not confused with the
/// C library's GObject `FirstOpenPresenter`.
@available(*, deprecated, renamed: "WindowPresenter")
public typealias FirstOpenPresenter = WindowPresenter
