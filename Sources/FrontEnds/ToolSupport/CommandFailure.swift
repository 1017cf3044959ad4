package import FirstOpenFlow

/// An error that ends the command with one line on stderr and an exit code.
package struct CommandFailure: Error, CustomStringConvertible, Sendable {
    /// What is printed after `first-open: `.
    package var message: String
    /// The exit status.
    package var code: ExitCode

    /// Creates a failure.
    package init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    package var description: String { message }
}

extension CommandFailure {
    /// The failure's line, with its exit status (``ExitCode/init(_:)``).
    package init(_ failure: FirstOpenFailure) {
        self.init(failure.description, code: ExitCode(failure))
    }
}
