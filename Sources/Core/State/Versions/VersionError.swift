/// Why a version string could not be read. The message names the bad text.
public enum VersionError: Error, Equatable, CustomStringConvertible {
    /// The text was empty or only whitespace.
    case empty
    /// The text is not a version; `reason` says what is wrong with it.
    case invalid(text: String, reason: String)

    /// One line naming the bad text and what is wrong with it.
    public var description: String {
        switch self {
        case .empty:
            return "invalid version \"\": the version is empty"
        case let .invalid(text, reason):
            return "invalid version \(Quoted.text(text)): \(reason)"
        }
    }
}
