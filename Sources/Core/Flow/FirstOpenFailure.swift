public import FirstOpenContent
public import FirstOpenState

/// Why a presentation, or a command around it, failed: one line each.
///
/// Every front end maps it in one place: the executables to an exit status
/// (`ExitCode(_:)` in FirstOpenToolSupport), libfirst-open to a `FIRST_OPEN_ERROR`
/// code (`FirstOpenFailure.errorCode` in its Swift half), the Swift embedding API
/// hands it over as it is (``PresentationFlow/Step``, `PresentationOutcome.failed`).
public enum FirstOpenFailure: Error, CustomStringConvertible, Sendable, Equatable {
    /// The spec file, or a file it names, cannot be used.
    case spec(SpecError)
    /// A value the embedding app passed cannot be used (a version that does not
    /// parse, a colour GTK rejects); the text names the value.
    case badValue(String)
    /// There is nothing to show for this kind of window (no rows, no release notes).
    case noContent(String)
    /// The record, its directory or its lock cannot be read or written.
    case state(StoreError)
    /// No display could be opened, or it went away while the window was open.
    case noDisplay(String)
    /// A file the caller asked for (a screenshot, an autostart entry) cannot be written.
    case cannotWrite(path: String, reason: String)
    /// What the window would show is not what was decided: the spec changed between
    /// the decision and the window (e.g. a symbolic link swapped). Nothing is shown or
    /// recorded; the next start decides again.
    case changedSinceDecision(String)
    /// An internal failure, e.g. the window tool is missing or cannot start.
    case software(String)

    /// One line that says what failed and names the file or value.
    public var description: String {
        switch self {
        case .spec(let error): error.description
        case .state(let error): error.description
        case .cannotWrite(let path, let reason): Quoted.line("cannot write \(path): \(reason)")
        case .badValue(let text), .noContent(let text), .noDisplay(let text),
            .changedSinceDecision(let text), .software(let text):
            text
        }
    }
}
