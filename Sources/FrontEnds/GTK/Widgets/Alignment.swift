package import CGtk

/// How a widget sits in the space its parent gives it (`GtkAlign`). `start` and `end`
/// follow the text direction.
package enum Alignment: Sendable, Equatable {
    /// Take all the space.
    case fill
    /// At the leading edge (left in left-to-right text).
    case start
    /// At the trailing edge.
    case end
    /// In the middle.
    case center
    /// On the text baseline of the row.
    case baseline

    package init(_ value: GtkAlign) {
        switch value {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        case GTK_ALIGN_BASELINE: self = .baseline
        default: self = .fill
        }
    }

    package var gtkValue: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }
}
