/// One finding of `SpecValidator`, printed like `desktop-file-validate` does:
/// `car.spec: error: [First Open] AppId: missing required key`.
package struct SpecProblem: Sendable, Hashable, CustomStringConvertible {
    /// How bad a problem is.
    package enum Severity: String, Sendable, Hashable {
        /// The spec cannot be used: `SpecFile` refuses it, `first-open validate` fails.
        case error
        /// The spec works, but something in it is probably a mistake (an unknown key…).
        case warning
    }

    /// Error or warning.
    package var severity: Severity
    /// The spec file the problem was found in, as it was named to the validator.
    package var file: String
    /// The group the problem is in, without brackets (`First Open`), or `nil` for
    /// problems with the whole file.
    package var group: String?
    /// The key the problem is about (`AppId`), or `nil` for problems with a whole group.
    package var key: String?
    /// What is wrong, without file, group or key.
    package var message: String

    /// Creates a problem.
    package init(severity: Severity, file: String, group: String?, key: String?, message: String) {
        self.severity = severity
        self.file = file
        self.group = group
        self.key = key
        self.message = message
    }

    /// `file: severity: [Group] Key: message`.
    package var description: String {
        singleLine("\(file): \(severity.rawValue): " + locate(group: group, key: key) + message)
    }
}
