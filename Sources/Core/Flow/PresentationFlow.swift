public import FirstOpenContent
public import FirstOpenState

/// The one presentation flow behind every front end: `first-open SPEC` (which shows
/// the window by `exec`ing `first-open-window`), the Swift embedding API and
/// libfirst-open (which show it in their own process). They differ only in how the
/// window is shown.
///
/// ```
/// look()            decide from the record, changing nothing (a corrupt record is
///                   reported, left in place, and means "returning user")
/// run(after:)       nothing due ─────────────────────────────► .nothing
///                   quiet session (live, guest, system account) ► .quiet
///                   read the content (a broken row fails here)
///                   no display ──────────────────────────────► .noDisplay
///                   take the app's window lock; held ────────► .alreadyShowing
///                   decide again under the lock; a corrupt
///                   record is replaced in one step ──────────► .repaired
///                   nothing due any more ────────────────────► .nothing
///                   (decided otherwise: read the content again)
///                   no content for the case: record silently ► .recordedSilently
///                   otherwise ───────────────────────────────► .show(Presentation)
/// Presentation      the caller shows `content`; on the user's dismissal
///                   recordDismissal(); finish() releases the lock
/// ```
public struct PresentationFlow {
    /// The app, its current version, its policy and its record.
    package let session: FirstOpenSession
    /// Problems found in the settings files, one line each, for the caller to print.
    package let warnings: [String]
    /// The admin and user settings the session was made with (nil: the caller's session).
    package let settings: FirstOpenSettings?
    /// Why this session stays quiet, asked only when something is due (it may read
    /// `/proc/cmdline`, which the login fast path must not).
    private let quietReason: () -> String?

    /// A flow for a session the caller made (e.g. with its own store); no settings
    /// file is read and no session is quiet.
    package init(session: FirstOpenSession) {
        self.session = session
        warnings = []
        settings = nil
        quietReason = { nil }
    }

    /// A flow for `appID` at `currentVersion` with the settings files and the session
    /// of `environment`: the admin's and user's policy and What's New switch override
    /// the app's (`policy`, `showsWhatsNew`), and quiet sessions show nothing.
    package init(
        appID: String,
        currentVersion: Version,
        policy: UpdatePolicy,
        showsWhatsNew: Bool = true,
        store: any VersionStore,
        environment: SessionEnvironment = .host
    ) {
        let (settings, warnings) = environment.loadSettings(appID)
        self.settings = settings
        self.warnings = warnings
        session = FirstOpenSession(
            appID: appID,
            currentVersion: currentVersion,
            policy: settings.updatePolicy(default: policy),
            store: store,
            showsWhatsNew: settings.showsWhatsNew && showsWhatsNew)
        quietReason = { settings.quietReason(for: environment.quietSession()) }
    }

    /// The flow for a spec file: its app ID, version, policy and What's New switch, with
    /// the machine's admin and user settings and its session check (quiet sessions show
    /// nothing). Show the window with `present(over:only:content:onDismiss:)`
    /// (FirstOpenViews).
    /// - Throws: ``FirstOpenFailure/spec(_:)`` when the current version cannot be had.
    public init(spec: SpecFile, store: any VersionStore) throws(FirstOpenFailure) {
        try self.init(spec: spec, store: store, environment: .host)
    }

    /// ``init(spec:store:)`` with the settings and session check of `environment`
    /// (tests inject both instead of reading the host).
    package init(spec: SpecFile, store: any VersionStore, environment: SessionEnvironment) throws(FirstOpenFailure) {
        let current: Version
        do {
            current = try spec.currentVersion()
        } catch {
            throw .spec(error)
        }
        self.init(appID: spec.appID, currentVersion: current, policy: spec.policy,
                  showsWhatsNew: spec.showsWhatsNew, store: store, environment: environment)
    }

    /// What a start decides before taking any lock.
    package struct Look {
        /// The decision; `.nothing(.unusableRecord)` when the record is corrupt.
        package let decision: Decision
        /// The corrupt record, left in place: a returning user, never welcomed again.
        package let recordProblem: StoreError?
        /// Why the session stays quiet; only asked when a window is due or the record
        /// needs repairing.
        package let quietReason: String?
    }

    /// Decides, changing nothing (not even a corrupt record): `explain`, and the first
    /// step of ``run(after:only:hasDisplay:content:)``.
    package func look() throws(FirstOpenFailure) -> Look {
        let decision: Decision
        let problem: StoreError?
        do {
            (decision, problem) = try session.decideLeavingCorruptRecord()
        } catch {
            throw .state(error)
        }
        let quiet = decision.showsWindow || problem != nil ? quietReason() : nil
        return Look(decision: decision, recordProblem: problem, quietReason: quiet)
    }

    /// What a start did, or what is left for the caller to show.
    package enum Step {
        /// Nothing is due (or only a window of the other kind, with `only:`).
        case nothing(Decision)
        /// A quiet session: nothing shown, the record left as it is (even a corrupt one).
        case quiet(reason: String, Look)
        /// No display to show on: the window stays due, nothing recorded.
        case noDisplay(Look)
        /// Another process or window holds the app's lock and is showing it.
        case alreadyShowing
        /// The record was corrupt: a fresh record of the current version replaced it
        /// (its bytes kept aside; the error says where); nothing shown.
        case repaired(StoreError)
        /// A window was due but there is no content for it: recorded without showing.
        case recordedSilently(Decision)
        /// Show this window; the lock is held until ``Presentation/finish()``.
        case show(Presentation)
    }

    /// The rest of the flow after `look`: quiet check, lock, decide again under the lock
    /// (a concurrent start may have recorded meanwhile; a corrupt record is repaired
    /// there), content, and a silent record when there is none.
    /// - Parameters:
    ///   - only: show only this kind; a decision for the other kind is left alone
    ///     (`welcomeView` and `whatsNewView` on the same window).
    ///   - hasDisplay: false when no window can be shown: nothing is locked or written.
    ///   - content: the window for a decision; nil means nothing to show for this case.
    package func run(
        after look: Look,
        only: FirstOpenWindowKind? = nil,
        hasDisplay: Bool = true,
        content: (Decision) throws(FirstOpenFailure) -> WindowContent?
    ) throws(FirstOpenFailure) -> Step {
        // The login fast path: nothing due, no lock, nothing written.
        if !look.decision.showsWindow && look.recordProblem == nil { return .nothing(look.decision) }
        if let only, let due = look.decision.kind, due != only { return .nothing(look.decision) }
        if let reason = look.quietReason { return .quiet(reason: reason, look) }
        // The content is read before the lock: a broken row fails this start (one line)
        // whether or not a display is there, and never while holding the lock.
        let firstContent = look.decision.showsWindow ? try content(look.decision) : nil
        guard hasDisplay else { return .noDisplay(look) }

        let lock: StateLock
        let decision: Decision
        do {
            guard let acquired = try session.store.tryLock(appID: session.appID) else { return .alreadyShowing }
            lock = acquired
            let (again, repaired) = try session.decideRepairingCorruptRecord()
            if let repaired {
                lock.release()
                return .repaired(repaired)
            }
            decision = again
        } catch {
            throw .state(error)
        }
        guard decision.showsWindow, only == nil || decision.kind == only else {
            lock.release()
            return .nothing(decision)
        }
        let windowContent: WindowContent?
        do {
            // Decided differently under the lock (a concurrent start recorded meanwhile).
            windowContent = decision == look.decision ? firstContent : try content(decision)
        } catch {
            lock.release()
            throw error
        }
        guard let windowContent else {
            defer { lock.release() }
            do {
                try session.recordWithoutShowing()
            } catch {
                throw .state(error)
            }
            return .recordedSilently(decision)
        }
        return .show(Presentation(session: session, decision: decision, content: windowContent, lock: lock,
                                  settings: settings))
    }

    /// ``look()`` then ``run(after:only:hasDisplay:content:)``.
    package func run(
        only: FirstOpenWindowKind? = nil,
        hasDisplay: Bool = true,
        content: (Decision) throws(FirstOpenFailure) -> WindowContent?
    ) throws(FirstOpenFailure) -> Step {
        try run(after: try look(), only: only, hasDisplay: hasDisplay, content: content)
    }
}

/// A window that is due, with the app's lock held while it is shown: the last step of
/// ``PresentationFlow`` is the caller's (show it, in this process or in
/// `first-open-window`), then ``recordDismissal()`` when the user dismissed it.
package final class Presentation {
    /// The decision, made under the lock.
    package let decision: Decision
    /// What the window shows.
    package let content: WindowContent
    /// The app's window lock; `first-open` hands its descriptor to `first-open-window`.
    package let lock: StateLock
    /// The app whose window this is.
    package let appID: String
    /// The version recorded on dismissal.
    package let version: Version
    /// The admin and user settings it was decided with, read once per process (nil: the
    /// caller's own session); the window helper offers "Don't show after updates" by them.
    package let settings: FirstOpenSettings?
    private let store: any VersionStore

    convenience init(session: FirstOpenSession, decision: Decision, content: WindowContent, lock: StateLock,
                     settings: FirstOpenSettings?) {
        self.init(handedOver: decision, content: content, lock: lock, appID: session.appID,
                  version: session.currentVersion, store: session.store, settings: settings)
    }

    /// A presentation decided by ``PresentationFlow`` in another process and handed over,
    /// with its lock, to the process that shows it (`first-open` → `first-open-window`):
    /// that process records through the flow too (``WindowHandover`` in the tools).
    package init(handedOver decision: Decision, content: WindowContent, lock: StateLock,
                 appID: String, version: Version, store: any VersionStore, settings: FirstOpenSettings? = nil) {
        self.decision = decision
        self.settings = settings
        self.content = content
        self.lock = lock
        self.appID = appID
        self.version = version
        self.store = store
    }

    /// Records the current version after the user dismissed the window (never lowers).
    package func recordDismissal() throws(FirstOpenFailure) {
        do {
            try store.record(version, for: appID)
        } catch {
            throw .state(error)
        }
    }

    /// Releases the lock: the window is gone. Safe to call more than once.
    package func finish() {
        lock.release()
    }
}
