import FirstOpenViews

/// A failure reported to the C caller as a `GError` in the `FIRST_OPEN_ERROR` domain.
struct LibraryError: Error {
    /// The codes of `FirstOpenError` in first-open.h (same order, same values).
    enum Code: Int32 {
        case badSpec = 0
        case state = 1
        case noDisplay = 2
        case noContent = 3
        case cannotWrite = 4
        case failed = 5
    }

    let code: Code
    let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension LibraryError {
    /// A flow failure as a `GError`: the one place a ``FirstOpenFailure`` becomes a
    /// `FIRST_OPEN_ERROR` code.
    init(_ failure: FirstOpenFailure) {
        self.init(failure.errorCode, failure.description)
    }
}

extension FirstOpenFailure {
    /// The `FirstOpenError` code (first-open.h) of this failure.
    var errorCode: LibraryError.Code {
        switch self {
        case .spec, .badValue, .changedSinceDecision: .badSpec
        case .noContent: .noContent
        case .state: .state
        case .noDisplay: .noDisplay
        case .cannotWrite: .cannotWrite
        case .software: .failed
        }
    }
}
