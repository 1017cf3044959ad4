internal import CGtk
internal import CHeadingLabel

/// Plain text (`GtkLabel`). Text is always set with `gtk_label_set_text`: it is never
/// parsed as Pango markup, so `<b>&amp;</b>` shows literally.
@MainActor
package final class Label: Widget {
    /// A label showing `text` literally.
    package init(_ text: String = "") {
        super.init(sinking: gtk_label_new(nil))
        self.text = text
    }

    /// A label showing `text` literally that assistive technologies see as a heading
    /// of `level` (1 for the window's headline): ATK role heading plus the attribute
    /// "level", which screen readers announce ("heading level 1").
    package init(_ text: String, headingLevel level: Int) {
        super.init(sinking: fo_heading_label_new(Int32(level)))
        self.text = text
    }

    private var label: UnsafeMutablePointer<GtkLabel> { fo_label(widgetPointer) }

    /// Whether the user can select (and copy) the text.
    package var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }

    /// The direction of the text itself, from its first strong character (Pango's
    /// `pango_find_base_dir`): `.none` for text without one (digits, punctuation).
    package var textDirection: TextDirection {
        switch fo_find_base_dir(text, -1) {
        case PANGO_DIRECTION_LTR: .leftToRight
        case PANGO_DIRECTION_RTL: .rightToLeft
        default: .none
        }
    }

    /// Lines up every line of the text with the start edge of the window (left in
    /// left-to-right, right in right-to-left), whatever the text's own direction.
    ///
    /// Each paragraph keeps its own direction (Pango's auto-direction: an English
    /// sentence in a Hebrew window still ends with its full stop on the right), but
    /// Pango then swaps left and right alignment for a paragraph whose direction differs
    /// from the widget's — so English text in a right-to-left window would wrap
    /// left-aligned. Justifying such a label to the other side cancels that swap.
    package func alignToStartEdge() {
        let widget = direction == .none ? TextDirection.defaultDirection : direction
        let own = textDirection
        let differs = own != .none && widget != .none && own != widget
        justification = differs ? .end : .start
        xAlign = 0
    }

    /// The text, set without markup parsing.
    package var text: String {
        get { gtk_label_get_text(label).map { String(cString: $0) } ?? "" }
        set {
            gtk_label_set_use_markup(label, 0)
            gtk_label_set_text(label, newValue)
        }
    }

    /// How a run of a label's text is drawn, by a Pango attribute.
    package enum RunStyle: Sendable {
        /// `PANGO_STYLE_ITALIC`.
        case italic
        /// The `monospace` font family.
        case monospace
    }

    /// Shows the runs' texts one after the other as plain text, with a Pango attribute
    /// for each styled run (nil: none), so nothing in the text is ever parsed as markup.
    package func setText(runs: [(text: String, style: RunStyle?)]) {
        text = runs.map(\.text).joined()
        let list = pango_attr_list_new()
        defer { pango_attr_list_unref(list) }
        var offset = 0
        for run in runs {
            let length = run.text.utf8.count
            defer { offset += length }
            let attribute: UnsafeMutablePointer<PangoAttribute>?
            switch run.style {
            case nil: attribute = nil
            case .italic: attribute = pango_attr_style_new(PANGO_STYLE_ITALIC)
            case .monospace: attribute = pango_attr_family_new("monospace")
            }
            guard let attribute else { continue }
            // Byte offsets into the UTF-8 text, as Pango counts.
            attribute.pointee.start_index = guint(offset)
            attribute.pointee.end_index = guint(offset + length)
            pango_attr_list_insert(list, attribute)
        }
        gtk_label_set_attributes(label, list)
    }

    /// Whether the label interprets its text as Pango markup (always `false` here).
    package var usesMarkup: Bool { gtk_label_get_use_markup(label) != 0 }

    /// Wraps long lines at word boundaries, and inside words that are too long.
    package var wraps: Bool {
        get { gtk_label_get_line_wrap(label) != 0 }
        set {
            gtk_label_set_line_wrap(label, newValue ? 1 : 0)
            gtk_label_set_line_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        }
    }

    /// Shows the text on one line, cut in the middle with "…" where it does not fit
    /// (`PANGO_ELLIPSIZE_MIDDLE`), instead of wrapping it; the text itself stays whole.
    package var ellipsizesInTheMiddle: Bool {
        get { gtk_label_get_ellipsize(label) == PANGO_ELLIPSIZE_MIDDLE }
        set {
            if newValue { wraps = false }
            gtk_label_set_ellipsize(label, newValue ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_NONE)
        }
    }

    /// Horizontal text alignment, 0 = start (GTK mirrors it in right-to-left).
    package var xAlign: Double {
        get { Double(gtk_label_get_xalign(label)) }
        set { gtk_label_set_xalign(label, Float(newValue)) }
    }

    /// Alignment of wrapped lines relative to each other.
    package var justification: Justification {
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
    package enum Justification {
        case start, center, end
    }

    /// The natural width in characters a wrapping label asks for (-1: no limit).
    package var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(label)) }
        set { gtk_label_set_max_width_chars(label, Int32(newValue)) }
    }

    /// Makes the label exactly as wide as the widest whole number of its characters that
    /// fits in `pixels` (`width-chars` = `max-width-chars`), or, for `nil`, restores
    /// `defaultChars` as the maximum: the label then measures its natural width (for
    /// measuring widths only; see ``naturalWidthChars(maxChars:)``).
    ///
    /// GTK 3 measures a wrapping label from these character counts wherever it cannot ask
    /// for height-for-width (inside a `GtkViewport`); pinning both to the width the label
    /// is then given (with a start alignment) makes the measured height the drawn one.
    package func setWrapWidth(_ pixels: Int?, defaultChars: Int) {
        guard let pixels else {
            gtk_label_set_max_width_chars(label, Int32(defaultChars))
            gtk_label_set_width_chars(label, naturalWidthChars(maxChars: Int32(defaultChars)))
            setSizeRequest(width: nil, height: nil)
            return
        }
        guard let charWidth = charWidth else { return }
        let chars = Int32(max(1, pixels * Int(PANGO_SCALE) / Int(charWidth)))
        gtk_label_set_width_chars(label, chars)
        gtk_label_set_max_width_chars(label, chars)
        // Every label of the column exactly that wide, however short its lines.
        let width = (Int(chars) * Int(charWidth) + Int(PANGO_SCALE) - 1) / Int(PANGO_SCALE)
        setSizeRequest(width: width, height: nil)
    }

    /// What GTK counts as the width of one character of this label, in Pango units (it
    /// measures `width-chars` with the same metrics); Pango keeps them in the widget's
    /// context, so asking again is cheap.
    private var charWidth: Int32? {
        let context = gtk_widget_get_pango_context(widgetPointer)
        let metrics = pango_context_get_metrics(
            context, pango_context_get_font_description(context), pango_context_get_language(context))
        defer { pango_font_metrics_unref(metrics) }
        let width = max(pango_font_metrics_get_approximate_char_width(metrics),
                        pango_font_metrics_get_approximate_digit_width(metrics))
        return width > 0 ? width : nil
    }

    /// A `width-chars` for a wrapping label with `max-width-chars` = `maxChars` that
    /// leaves its natural width as it is and makes measuring it cheap; -1 (none) for a
    /// short text, where it would not.
    ///
    /// Without `width-chars`, GTK 3 measures a wrapping label's minimum width with a
    /// layout 0 wide: one line per word, each shaped again (~20 M instructions for a
    /// Welcome window's rows, measured in docs/performance.md; the widths are measured
    /// before the map). With `width-chars` = `c` that layout is `c` characters wide, and
    /// the natural width becomes the larger of `c` characters and what it was: the text
    /// on one line when it fits in `maxChars` characters, else its longest line wrapped
    /// at `maxChars`. Each is at least `c` characters wide, so nothing changes, when `c`
    /// is at most half the one-line width (measured here without the label's CSS text
    /// attributes: half leaves room for them) and at most `maxChars / 2 - 1`: a wrapped
    /// paragraph's first line ends only where the next word does not fit, so it or the
    /// line that word starts is at least half of `maxChars` less a space wide.
    /// `LabelMeasureTests` checks the natural widths on texts and fonts of every kind.
    package func naturalWidthChars(maxChars: Int32) -> Int32 {
        guard gtk_label_get_line_wrap(label) != 0, gtk_label_get_ellipsize(label) == PANGO_ELLIPSIZE_NONE,
              maxChars > 0, let charWidth else { return -1 }
        let layout = pango_layout_new(gtk_widget_get_pango_context(widgetPointer))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_text(layout, gtk_label_get_text(label), -1)
        var oneLine: Int32 = 0
        pango_layout_get_size(layout, &oneLine, nil)
        let chars = min(oneLine / (2 * charWidth), maxChars / 2 - 1)
        // A layout a few characters wide costs little more than none.
        return chars >= 4 ? chars : -1
    }
}
