internal import CGtk

/// Plain text (`GtkLabel`). Text is always set with `gtk_label_set_text`: it is never
/// parsed as Pango markup, so `<b>&amp;</b>` shows literally.
@MainActor
public final class Label: Widget {
    /// A label showing `text` literally.
    public init(_ text: String = "") {
        super.init(sinking: gtk_label_new(nil))
        self.text = text
    }

    private var label: UnsafeMutablePointer<GtkLabel> { fo_label(widgetPointer) }

    /// The text, set without markup parsing.
    public var text: String {
        get { gtk_label_get_text(label).map { String(cString: $0) } ?? "" }
        set {
            gtk_label_set_use_markup(label, 0)
            gtk_label_set_text(label, newValue)
        }
    }

    /// Whether the label interprets its text as Pango markup (always `false` here).
    var usesMarkup: Bool { gtk_label_get_use_markup(label) != 0 }

    /// Wraps long lines at word boundaries, and inside words that are too long.
    var wraps: Bool {
        get { gtk_label_get_line_wrap(label) != 0 }
        set {
            gtk_label_set_line_wrap(label, newValue ? 1 : 0)
            gtk_label_set_line_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        }
    }

    /// Horizontal text alignment, 0 = start (GTK mirrors it in right-to-left).
    var xAlign: Double {
        get { Double(gtk_label_get_xalign(label)) }
        set { gtk_label_set_xalign(label, Float(newValue)) }
    }

    /// Alignment of wrapped lines relative to each other.
    var justification: Justification {
        get {
            switch gtk_label_get_justify(label) {
            case GTK_JUSTIFY_CENTER: .center
            case GTK_JUSTIFY_RIGHT: .end
            default: .start
            }
        }
        set {
            switch newValue {
            case .start: gtk_label_set_justify(label, GTK_JUSTIFY_LEFT)
            case .center: gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
            case .end: gtk_label_set_justify(label, GTK_JUSTIFY_RIGHT)
            }
        }
    }

    /// How wrapped lines line up (`left`/`right` are mirrored by GTK in right-to-left).
    enum Justification {
        case start, center, end
    }

    /// The natural width in characters a wrapping label asks for (-1: no limit).
    var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(label)) }
        set { gtk_label_set_max_width_chars(label, Int32(newValue)) }
    }

    /// The minimum width in characters (-1: unset).
    var widthChars: Int {
        get { Int(gtk_label_get_width_chars(label)) }
        set { gtk_label_set_width_chars(label, Int32(newValue)) }
    }
}
