package import CGtk

/// Left-to-right or right-to-left layout (`GtkTextDirection`).
package enum TextDirection: Sendable, Equatable {
    /// Not set on the widget: it follows the default direction.
    case none
    /// Latin, Cyrillic, Greek, CJK, … scripts.
    case leftToRight
    /// Arabic, Hebrew, Persian, … scripts: the layout is mirrored.
    case rightToLeft

    package init(_ value: GtkTextDirection) {
        switch value {
        case GTK_TEXT_DIR_LTR: self = .leftToRight
        case GTK_TEXT_DIR_RTL: self = .rightToLeft
        default: self = .none
        }
    }

    package var gtkValue: GtkTextDirection {
        switch self {
        case .none: GTK_TEXT_DIR_NONE
        case .leftToRight: GTK_TEXT_DIR_LTR
        case .rightToLeft: GTK_TEXT_DIR_RTL
        }
    }

    /// The direction new widgets get: GTK sets it in `gtk_init` from the locale
    /// (its own translation of "default:LTR").
    @MainActor
    /// The direction of widgets that set none (`gtk_widget_get/set_default_direction`).
    package static var defaultDirection: TextDirection {
        get { TextDirection(gtk_widget_get_default_direction()) }
        set { gtk_widget_set_default_direction(newValue.gtkValue) }
    }
}
