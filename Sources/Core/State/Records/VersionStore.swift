/// Where the last version a user saw is kept, one record per app ID.
///
/// Every store gives the three guarantees the presentation flow relies on, so no
/// caller needs to know which store it has:
/// - **Reading changes nothing** unless asked: ``recordedVersion(for:movingCorruptRecordAside:)``
///   with `false` reports a corrupt record and leaves it where it is.
/// - **Never lowering**: ``recordKeepingHigher(_:for:)`` keeps a higher (or equal)
///   record, and replaces a corrupt one in one step, so concurrent writers end at the
///   highest version and a concurrent reader never finds no record.
/// - **One window at a time**: ``tryLock(appID:)`` lets one process (or one window of
///   this process) show the app's window; a second start finds it held.
public protocol VersionStore: AnyObject {
    /// The recorded version; nil when there is no record (a first start). A corrupt
    /// record is moved aside (kept, never deleted) when `movingCorruptRecordAside` is
    /// true; otherwise it is reported and left in place (`keptAs` is then its own path).
    /// - Throws: ``StoreError``; the caller must then not show Welcome.
    func recordedVersion(for appID: String, movingCorruptRecordAside: Bool) throws(StoreError) -> Version?

    /// Records `version` unless a higher or equal one is recorded; a corrupt record is
    /// replaced in one step (its bytes kept aside).
    /// - Returns: the version recorded afterwards (`version`, or the higher one kept),
    ///   and the corrupt record that was replaced, if any.
    @discardableResult
    func recordKeepingHigher(_ version: Version, for appID: String) throws(StoreError)
        -> (stored: Version, replacedCorrupt: StoreError?)

    /// Removes the record, so the next start shows Welcome. No record is not an error.
    func forget(_ appID: String) throws(StoreError)

    /// Takes the app's window lock without waiting.
    /// - Returns: the lock (held until released or deinitialised), or nil when another
    ///   process or window holds it.
    func tryLock(appID: String) throws(StoreError) -> StateLock?
}

extension VersionStore {
    /// The recorded version; a corrupt record is moved aside and reported.
    /// - Throws: ``StoreError``; the caller must then not show Welcome.
    package func recordedVersion(for appID: String) throws(StoreError) -> Version? {
        try recordedVersion(for: appID, movingCorruptRecordAside: true)
    }

    /// Records `version` as seen. Never lowers: when the stored version is higher
    /// (or equal in ordering) it is kept.
    package func record(_ version: Version, for appID: String) throws(StoreError) {
        try recordKeepingHigher(version, for: appID)
    }
}
