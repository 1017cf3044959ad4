/// Why the version record could not be read or written. One clear line each.
///
/// Any error from ``VersionStore/recordedVersion(for:)`` means "this user may have a
/// record": callers must not show Welcome then.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The app ID is not a reverse-DNS name that is safe as a file name.
    case invalidAppID(String)
    /// The record exists but is not a valid record. It was moved aside to `keptAs`
    /// (never deleted); the next ``VersionStore/record(_:for:)`` writes a fresh one.
    case corrupt(path: String, keptAs: String, reason: String)
    /// The record exists (or may exist) but cannot be read.
    case unreadable(path: String, reason: String)
    /// The record, its directory or its lock file cannot be written.
    case unwritable(path: String, reason: String)
    /// The record's folder (or the home it lies in) belongs to another user than the
    /// one this process runs as (`sudo -E`): nothing is created there, so the user's own
    /// first-open keeps its records. Exit status 77.
    case otherUsersFolder(directory: String, owner: String)

    /// One line naming the record's path and what is wrong.
    public var description: String {
        switch self {
        case let .invalidAppID(appID):
            return "invalid app ID \(Quoted.text(appID)): use a reverse-DNS name of letters, digits, '.', '_' and '-' not starting with '.' (e.g. org.example.Car)"
        case let .corrupt(path, keptAs, reason):
            if keptAs == path {
                return "corrupt state record \(path) (\(reason)); left in place"
            }
            return "corrupt state record \(path) (\(reason)); kept as \(keptAs)"
        case let .unreadable(path, reason):
            return "cannot read state record \(path): \(reason)"
        case let .unwritable(path, reason):
            return "cannot write state record \(path): \(reason)"
        case let .otherUsersFolder(directory, owner):
            return "refusing to write state records in \(directory): \(owner)"
        }
    }
}
