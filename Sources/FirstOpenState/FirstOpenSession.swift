/// One app's start-up check: decides from the store without writing, and records only
/// when the caller says the window was dismissed (a crash or a logout before the user
/// saw the window shows it again next time).
public struct FirstOpenSession {
    /// The app whose record is read and written.
    public let appID: String
    /// The version running now.
    public let currentVersion: Version
    /// Which upgrades show What's New.
    public let policy: UpdatePolicy
    /// Where the record lives.
    public let store: any VersionStore
    /// False when What's New is turned off (user choice or admin setting).
    public let showsWhatsNew: Bool

    /// A check for `appID` at `currentVersion`, reading and writing `store`.
    public init(
        appID: String,
        currentVersion: Version,
        policy: UpdatePolicy = .default,
        store: any VersionStore,
        showsWhatsNew: Bool = true
    ) {
        self.appID = appID
        self.currentVersion = currentVersion
        self.policy = policy
        self.store = store
        self.showsWhatsNew = showsWhatsNew
    }

    /// The recorded version, nil when there is none.
    public func recordedVersion() throws(StoreError) -> Version? {
        try store.recordedVersion(for: appID)
    }

    /// What to present now. Writes nothing.
    /// - Throws: ``StoreError`` from the store; the caller must then not show Welcome.
    public func decide() throws(StoreError) -> Decision {
        PresentationDecider.decide(
            recorded: try store.recordedVersion(for: appID),
            current: currentVersion,
            policy: policy,
            showsWhatsNew: showsWhatsNew)
    }

    /// ``decide()`` for callers with no one to ask: a corrupt record is replaced at once
    /// by a fresh record of the current version (its bytes kept aside), and nothing is
    /// shown — a record existed, so the user has been here before and must not be
    /// welcomed again on this start or the next. With a ``KeyFileVersionStore`` the
    /// repair happens only under the record lock, after reading the record again, and in
    /// one step (``KeyFileVersionStore/recordKeepingHigher(_:for:)``): a concurrent start
    /// never finds no record and never moves aside a fresh one.
    /// - Returns: the decision, and the problem that was repaired (to report it).
    /// - Throws: other ``StoreError``s, and a failure to write the fresh record.
    public func decideRepairingCorruptRecord() throws(StoreError) -> (decision: Decision, repaired: StoreError?) {
        guard let files = store as? KeyFileVersionStore else {
            do {
                return (try decide(), nil)
            } catch {
                guard case .corrupt = error else { throw error }
                try recordWithoutShowing()
                return (.nothing(.unusableRecord(current: currentVersion)), error)
            }
        }
        do {
            // Read without moving anything: the repair below happens under the record
            // lock, and only if the record is still corrupt there (a concurrent start may
            // have replaced it with a fresh one, which must never be moved aside).
            let recorded = try files.recordedVersion(for: appID, movingCorruptRecordAside: false)
            return (PresentationDecider.decide(recorded: recorded, current: currentVersion,
                                               policy: policy, showsWhatsNew: showsWhatsNew), nil)
        } catch {
            guard case .corrupt = error else { throw error }
            let (_, replaced) = try files.recordKeepingHigher(currentVersion, for: appID)
            return (.nothing(.unusableRecord(current: currentVersion)), replaced ?? error)
        }
    }

    /// Records the current version after the user dismissed the window. Never lowers
    /// a higher record.
    public func recordDismissal() throws(StoreError) {
        try store.record(currentVersion, for: appID)
    }

    /// Records `version` (default: the current version) without showing anything —
    /// for admins pre-seeding accounts, scripts, and cases with no content to show.
    /// Never lowers a higher record.
    public func recordWithoutShowing(version: Version? = nil) throws(StoreError) {
        try store.record(version ?? currentVersion, for: appID)
    }
}
