internal import CGtk

/// A push button with a text label (`GtkButton`).
@MainActor
package final class Button: Widget {
    /// A button labelled with `label` (plain text, no mnemonics).
    package init(label: String) {
        super.init(sinking: gtk_button_new_with_label(label))
    }

    /// A button whose label has a mnemonic: the letter after `_` is underlined while
    /// Alt is held, and Alt+letter activates the button (`__` is a literal underscore).
    /// Make user text safe with ``Mnemonic/escaped(_:)`` first.
    package init(mnemonic: String) {
        super.init(sinking: gtk_button_new_with_mnemonic(mnemonic))
    }

    /// Lets the button's label wrap like the window's other text (at word boundaries, and
    /// inside a word longer than a line), centred, asking for at most `maxWidthChars`: a
    /// 100-character one-word label made the window wider than an 800 × 600 screen.
    package func wrapsLabel(maxWidthChars: Int) {
        let bin = UnsafeMutableRawPointer(widgetPointer).assumingMemoryBound(to: GtkBin.self)
        guard let child = gtk_bin_get_child(bin) else { return }
        let label = UnsafeMutableRawPointer(child).assumingMemoryBound(to: GtkLabel.self)
        gtk_label_set_line_wrap(label, 1)
        gtk_label_set_line_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(label, Int32(maxWidthChars))
        gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
    }

    /// The button's text as set (with its `_` mnemonic marker, if any).
    package var label: String {
        get { gtk_button_get_label(fo_button(widgetPointer)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(fo_button(widgetPointer), newValue) }
    }

    /// Runs `action` each time the button is activated (click, Enter, Space).
    package func onClicked(_ action: @escaping @MainActor () -> Void) {
        connect("clicked", handler: action)
    }

    /// Activates the button as a click or the Enter key would.
    package func click() {
        gtk_button_clicked(fo_button(widgetPointer))
    }
}
