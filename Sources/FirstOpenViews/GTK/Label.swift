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
    public var wraps: Bool {
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

    /// Makes the label exactly as wide as the widest whole number of its characters that
    /// fits in `pixels` (`width-chars` = `max-width-chars`), or restores `defaultChars`
    /// as the maximum for `nil`.
    ///
    /// GTK 3 measures a wrapping label from these character counts wherever it cannot ask
    /// for height-for-width (inside a `GtkViewport`); pinning both to the width the label
    /// is then given (with a start alignment) makes the measured height the drawn one.
    func setWrapWidth(_ pixels: Int?, defaultChars: Int) {
        guard let pixels else {
            gtk_label_set_width_chars(label, -1)
            gtk_label_set_max_width_chars(label, Int32(defaultChars))
            setSizeRequest(width: nil, height: nil)
            return
        }
        let context = gtk_widget_get_pango_context(widgetPointer)
        let metrics = pango_context_get_metrics(
            context, pango_context_get_font_description(context), pango_context_get_language(context))
        defer { pango_font_metrics_unref(metrics) }
        let charWidth = max(pango_font_metrics_get_approximate_char_width(metrics),
                            pango_font_metrics_get_approximate_digit_width(metrics))
        guard charWidth > 0 else { return }
        let chars = Int32(max(1, pixels * Int(PANGO_SCALE) / Int(charWidth)))
        gtk_label_set_width_chars(label, chars)
        gtk_label_set_max_width_chars(label, chars)
        // Every label of the column exactly that wide, however short its lines.
        let width = (Int(chars) * Int(charWidth) + Int(PANGO_SCALE) - 1) / Int(PANGO_SCALE)
        setSizeRequest(width: width, height: nil)
    }
}
