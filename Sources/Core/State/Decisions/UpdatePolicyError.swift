/// A policy name that is not one of `major`, `minor`, `patch`, `any`.
package enum UpdatePolicyError: Error, Equatable, CustomStringConvertible {
    /// The name as written.
    case unknownChange(String)

    package var description: String {
        switch self {
        case let .unknownChange(text):
            let valid = UpdatePolicy.Change.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown policy \(Quoted.text(text)): expected one of \(valid)"
        }
    }
}
