internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CFirstOpenBridge
import FirstOpenViews

// The values of first-open.h's enums, taken from the C header itself
// (native/libfirst-open/first-open-enums.h through CFirstOpenBridge): one table, in C.
// The C enum `FirstOpenKind` is the Swift `FirstOpenWindowKind` (named apart, so that
// neither needs its module's name here).

extension FirstOpenWindowKind {
    /// The kind for a `FirstOpenKind` value (checked in C: welcome or what's new).
    init(cValue: Int32) {
        self = UInt32(bitPattern: cValue) == FIRST_OPEN_KIND_WHATS_NEW.rawValue ? .whatsNew : .welcome
    }

    /// `FIRST_OPEN_KIND_WELCOME` or `FIRST_OPEN_KIND_WHATS_NEW`.
    var cValue: Int32 {
        Int32(bitPattern: (self == .whatsNew ? FIRST_OPEN_KIND_WHATS_NEW : FIRST_OPEN_KIND_WELCOME).rawValue)
    }
}

extension DismissalReason {
    /// The `FirstOpenDismissalReason` value.
    var cValue: Int32 {
        let value = switch self {
        case .continued: FIRST_OPEN_DISMISSAL_REASON_CONTINUED
        case .escaped: FIRST_OPEN_DISMISSAL_REASON_ESCAPED
        case .closed: FIRST_OPEN_DISMISSAL_REASON_CLOSED
        case .programmatic: FIRST_OPEN_DISMISSAL_REASON_PROGRAMMATIC
        }
        return Int32(bitPattern: value.rawValue)
    }
}

extension PresentationOutcome {
    /// The `FirstOpenOutcome` of a start that showed no window: nothing due, recorded
    /// without showing, quiet session, already showing (shown windows and failures are
    /// reported otherwise: the dismissal, a `GError`).
    var cOutcomeWithoutWindow: Int32 {
        let value = switch self {
        case .recordedWithoutShowing: FIRST_OPEN_OUTCOME_RECORDED_WITHOUT_SHOWING
        case .alreadyShowing: FIRST_OPEN_OUTCOME_ALREADY_SHOWING
        case .quietSession: FIRST_OPEN_OUTCOME_QUIET_SESSION
        case .nothing, .presented, .failed: FIRST_OPEN_OUTCOME_NOTHING_DUE
        }
        return Int32(bitPattern: value.rawValue)
    }
}
