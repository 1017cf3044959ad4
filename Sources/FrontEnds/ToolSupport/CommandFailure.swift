public import FirstOpenFlow

/// An error that ends the command with one line on stderr and an exit code.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    /// What is printed after `first-open: `.
    public var message: String
    /// The exit status.
    public var code: ExitCode

    /// Creates a failure.
    public init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}

extension CommandFailure {
    /// The failure's line, with its exit status (``ExitCode/init(_:)``).
    public init(_ failure: FirstOpenFailure) {
        self.init(failure.description, code: ExitCode(failure))
    }
}
