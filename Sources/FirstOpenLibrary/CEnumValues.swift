import FirstOpenViews

// The values of first-open.h's enums (explicit there, part of the ABI).

extension FirstOpenKind {
    /// The kind for a `FirstOpenKind` value (checked in C: 0 or 1).
    init(cValue: Int32) {
        self = cValue == 1 ? .whatsNew : .welcome
    }

    /// `FIRST_OPEN_KIND_WELCOME` (0) or `FIRST_OPEN_KIND_WHATS_NEW` (1).
    var cValue: Int32 {
        self == .whatsNew ? 1 : 0
    }
}

extension DismissalReason {
    /// The `FirstOpenDismissalReason` value: `CONTINUED` (0), `ESCAPED` (1), `CLOSED` (2),
    /// `PROGRAMMATIC` (3).
    var cValue: Int32 {
        switch self {
        case .continued: 0
        case .escaped: 1
        case .closed: 2
        case .programmatic: 3
        }
    }
}
