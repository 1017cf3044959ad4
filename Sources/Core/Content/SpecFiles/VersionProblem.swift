internal import FirstOpenState

// The one wording of "not a version" for spec files: the parser's `[Release V N]`
// groups and SpecFile's checks of the versions it reads.

/// `nil` when `text` is a version, else why not: "is not a version: <reason>".
func versionProblem(_ text: String) -> String? {
    if case let .failure(problem) = parsedVersion(text) { return problem.text }
    return nil
}

/// Why a text is not a version, as `versionProblem` words it.
struct VersionProblem: Error {
    let text: String
}

/// `text` as a version, or why it is not one ("is not a version: <reason>").
func parsedVersion(_ text: String) -> Result<Version, VersionProblem> {
    do {
        return .success(try Version(text))
    } catch {
        switch error {
        case .empty: return .failure(VersionProblem(text: "is not a version: it is empty"))
        case let .invalid(_, reason): return .failure(VersionProblem(text: "is not a version: \(reason)"))
        }
    }
}
