/// One app's start-up check: decides from the store without writing, and records only
/// when the caller says the window was dismissed (a crash or a logout before the user
/// saw the window shows it again next time).
package struct FirstOpenSession {
    /// The app whose record is read and written.
    package let appID: String
    /// The version running now.
    package let currentVersion: Version
    /// Which upgrades show What's New.
    package let policy: UpdatePolicy
    /// Where the record lives.
    package let store: any VersionStore
    /// False when What's New is turned off (user choice or admin setting).
    package let showsWhatsNew: Bool

    /// A check for `appID` at `currentVersion`, reading and writing `store`.
    package init(
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

    /// The recorded version, nil when there is none. Changes nothing: a corrupt record
    /// is reported (``StoreError/corrupt(path:keptAs:reason:)``) and left in place.
    package func recordedVersion() throws(StoreError) -> Version? {
        try store.recordedVersion(for: appID, movingCorruptRecordAside: false)
    }

    /// What to present now. Writes nothing.
    /// - Throws: ``StoreError`` from the store; the caller must then not show Welcome.
    package func decide() throws(StoreError) -> Decision {
        PresentationDecider.decide(
            recorded: try recordedVersion(),
            current: currentVersion,
            policy: policy,
            showsWhatsNew: showsWhatsNew)
    }

    /// ``decide()``, with a corrupt record taken as what it says: a record existed, so
    /// this is a returning user and nothing is shown (``NothingReason/unusableRecord(current:)``).
    /// Writes nothing; the record is left in place.
    /// - Returns: the decision, and the corrupt record if there is one.
    /// - Throws: other ``StoreError``s (an unreadable record).
    package func decideLeavingCorruptRecord() throws(StoreError) -> (decision: Decision, recordProblem: StoreError?) {
        do {
            return (try decide(), nil)
        } catch {
            guard case .corrupt = error else { throw error }
            return (.nothing(.unusableRecord(current: currentVersion)), error)
        }
    }

    /// ``decide()`` for callers with no one to ask: a corrupt record is replaced at once
    /// by a fresh record of the current version (its bytes kept aside), and nothing is
    /// shown — a record existed, so the user has been here before and must not be
    /// welcomed again on this start or the next. The store repairs under its record
    /// lock, after reading the record again, and in one step
    /// (``VersionStore/recordKeepingHigher(_:for:)``): a concurrent start never finds no
    /// record and never moves aside a fresh one.
    /// - Returns: the decision, and the problem that was repaired (to report it).
    /// - Throws: other ``StoreError``s, and a failure to write the fresh record.
    package func decideRepairingCorruptRecord() throws(StoreError) -> (decision: Decision, repaired: StoreError?) {
        let (decision, problem) = try decideLeavingCorruptRecord()
        guard let problem else { return (decision, nil) }
        let (_, replaced) = try store.recordKeepingHigher(currentVersion, for: appID)
        return (decision, replaced ?? problem)
    }

    /// Records the current version after the user dismissed the window. Never lowers
    /// a higher record.
    package func recordDismissal() throws(StoreError) {
        try store.record(currentVersion, for: appID)
    }

    /// Records `version` (default: the current version) without showing anything —
    /// for admins pre-seeding accounts, scripts, and cases with no content to show.
    /// Never lowers a higher record.
    package func recordWithoutShowing(version: Version? = nil) throws(StoreError) {
        try store.record(version ?? currentVersion, for: appID)
    }
}
