/// Where the last version a user saw is kept, one record per app ID.
public protocol VersionStore: AnyObject {
    /// The recorded version; nil when there is no record (a first start).
    /// - Throws: ``StoreError``; the caller must then not show Welcome.
    func recordedVersion(for appID: String) throws(StoreError) -> Version?

    /// Records `version` as seen. Never lowers: when the stored version is higher
    /// (or equal in ordering) it is kept.
    func record(_ version: Version, for appID: String) throws(StoreError)

    /// Removes the record, so the next start shows Welcome. No record is not an error.
    func forget(_ appID: String) throws(StoreError)
}
