internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CFirstOpenBridge
import FirstOpenViews

/// A failure reported to the C caller as a `GError` in the `FIRST_OPEN_ERROR` domain.
struct LibraryError: Error {
    /// A `FirstOpenError` code of first-open.h (the C enum itself: its values live there only).
    let code: FirstOpenError
    let message: String

    init(_ code: FirstOpenError, _ message: String) {
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
    var errorCode: FirstOpenError {
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

// Swift spellings of first-open.h's error codes (the values are C's).
extension FirstOpenError {
    static var badSpec: FirstOpenError { FIRST_OPEN_ERROR_BAD_SPEC }
    static var state: FirstOpenError { FIRST_OPEN_ERROR_STATE }
    static var noDisplay: FirstOpenError { FIRST_OPEN_ERROR_NO_DISPLAY }
    static var noContent: FirstOpenError { FIRST_OPEN_ERROR_NO_CONTENT }
    static var cannotWrite: FirstOpenError { FIRST_OPEN_ERROR_CANNOT_WRITE }
    static var failed: FirstOpenError { FIRST_OPEN_ERROR_FAILED }
}
