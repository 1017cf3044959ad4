/// Why a user setting could not be written. One clear line each.
package enum SettingsError: Error, Equatable, CustomStringConvertible {
    /// The administrator locked this key (`Locked=` in `$XDG_CONFIG_DIRS`).
    case locked(key: String)
    /// The app ID is not a valid reverse-DNS name.
    case invalidAppID(String)
    /// The user configuration file or its directory cannot be written, or the existing
    /// file is broken and is left alone rather than overwritten.
    case unwritable(path: String, reason: String)

    package var description: String {
        switch self {
        case let .locked(key):
            return "\(key) is locked by the administrator"
        case let .invalidAppID(appID):
            return StoreError.invalidAppID(appID).description
        case let .unwritable(path, reason):
            return "cannot write settings \(path): \(reason)"
        }
    }
}
