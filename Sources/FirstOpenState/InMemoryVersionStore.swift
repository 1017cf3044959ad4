import Synchronization

/// A ``VersionStore`` in memory, for tests and for apps that keep state elsewhere.
/// Thread-safe. App IDs are validated as in ``KeyFileVersionStore``.
public final class InMemoryVersionStore: VersionStore, Sendable {
    private let records: Mutex<[String: Version]>

    /// A store holding `records` (app ID → version).
    public init(_ records: [String: Version] = [:]) {
        self.records = Mutex(records)
    }

    public func recordedVersion(for appID: String) throws(StoreError) -> Version? {
        try AppID.validate(appID)
        return records.withLock { $0[appID] }
    }

    public func record(_ version: Version, for appID: String) throws(StoreError) {
        try AppID.validate(appID)
        records.withLock { records in
            if let stored = records[appID], stored >= version { return }
            records[appID] = version
        }
    }

    public func forget(_ appID: String) throws(StoreError) {
        try AppID.validate(appID)
        _ = records.withLock { $0.removeValue(forKey: appID) }
    }
}
