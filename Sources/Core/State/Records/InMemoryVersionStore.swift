import Synchronization

/// A ``VersionStore`` in memory, for tests and for apps that keep state elsewhere.
/// Thread-safe. App IDs are validated as in ``KeyFileVersionStore``.
package final class InMemoryVersionStore: VersionStore, Sendable {
    private let records: Mutex<[String: Version]>
    /// App IDs whose window lock is held.
    private let locked = Mutex<Set<String>>([])

    /// A store holding `records` (app ID → version).
    package init(_ records: [String: Version] = [:]) {
        self.records = Mutex(records)
    }

    /// The recorded version. A record in memory is never corrupt, so nothing moves.
    package func recordedVersion(for appID: String, movingCorruptRecordAside: Bool) throws(StoreError) -> Version? {
        try AppID.validate(appID)
        return records.withLock { $0[appID] }
    }

    /// Records `version` unless a higher or equal one is recorded (see ``VersionStore``).
    @discardableResult
    package func recordKeepingHigher(_ version: Version, for appID: String) throws(StoreError)
        -> (stored: Version, replacedCorrupt: StoreError?)
    {
        try AppID.validate(appID)
        let stored = records.withLock { records in
            if let stored = records[appID], stored >= version { return stored }
            records[appID] = version
            return version
        }
        return (stored, nil)
    }

    /// An in-process lock per app ID, so two windows of this process show it once.
    package func tryLock(appID: String) throws(StoreError) -> StateLock? {
        try AppID.validate(appID)
        guard locked.withLock({ $0.insert(appID).inserted }) else { return nil }
        return StateLock(releasing: { _ = self.locked.withLock { $0.remove(appID) } })
    }

    /// Removes the record; the next start shows Welcome.
    package func forget(_ appID: String) throws(StoreError) {
        try AppID.validate(appID)
        _ = records.withLock { $0.removeValue(forKey: appID) }
    }
}
