/// Decide → content → show → record: the engine behind ``Window/welcomeView(appID:appName:version:store:imageName:mainColor:informationDetailViews:onDismiss:)``
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
    /// - With a ``KeyFileVersionStore`` the app's lock is held while the window is open,
    ///   so two starts at once show it once.
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
        present(over: parent, session: session, only: nil, content: content, onDismiss: onDismiss)
    }

    /// ``present(over:session:content:onDismiss:)`` for one kind of window only: a
    /// decision for the other kind is left alone (neither shown nor recorded), as
    /// `welcomeView` and `whatsNewView` attached to the same window need.
    static func present(
        over parent: Window?,
        session: FirstOpenSession,
        only kind: FirstOpenKind?,
        content: (Decision) -> WindowContent?,
        onDismiss: (@MainActor (DismissalReason) -> Void)?
    ) -> PresentationOutcome {
        let decision: Decision
        do {
            let (decided, repaired) = try session.decideRepairingCorruptRecord()
            if let repaired { Diagnostics.warn("\(session.appID): \(repaired); wrote a fresh record") }
            decision = decided
        } catch {
            return fail("\(session.appID): \(error)")
        }
        guard decision.showsWindow else { return .nothing(decision) }
        if let kind, decision.kind != kind { return .nothing(decision) }
        guard let windowContent = content(decision) else {
            do {
                try session.recordWithoutShowing()
            } catch {
                return fail("\(session.appID): \(error)")
            }
            return .recordedWithoutShowing(decision)
        }
        return show(windowContent, over: parent, session: session, decision: decision, onDismiss: onDismiss)
    }

    /// Shows `content` for a decision already made, holding the lock and recording on
    /// user dismissal.
    @discardableResult
    static func show(
        _ content: WindowContent,
        over parent: Window?,
        session: FirstOpenSession,
        decision: Decision,
        onDismiss: (@MainActor (DismissalReason) -> Void)?
    ) -> PresentationOutcome {
        var lock: StateLock?
        if let store = session.store as? KeyFileVersionStore {
            do {
                guard let acquired = try store.tryLock(appID: session.appID) else { return .alreadyShowing }
                lock = acquired
                // Another start may have recorded between our decision and the lock.
                guard try session.decide() == decision else {
                    acquired.release()
                    return .nothing(decision)
                }
            } catch {
                lock?.release()
                return fail("\(session.appID): \(error)")
            }
        }
        let dialog: FirstOpenDialog
        do {
            dialog = try FirstOpenDialog(content: content, parent: parent)
        } catch {
            lock?.release()
            return fail("\(session.appID): \(error)")
        }
        dialog.onDismiss = { reason in
            if reason.isUserDismissal {
                do {
                    try session.recordDismissal()
                } catch {
                    Diagnostics.warn("\(session.appID): \(error)")
                }
            }
            lock?.release()
            onDismiss?(reason)
        }
        dialog.present()
        return .presented(dialog)
    }

    private static func fail(_ message: String) -> PresentationOutcome {
        Diagnostics.warn(message)
        return .failed(message)
    }
}

/// The earlier name of ``WindowPresenter``, renamed so that it is not confused with the
/// C library's GObject `FirstOpenPresenter`.
@available(*, deprecated, renamed: "WindowPresenter")
public typealias FirstOpenPresenter = WindowPresenter
