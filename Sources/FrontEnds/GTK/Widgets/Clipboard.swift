internal import CGtk

/// The desktop's clipboard (the `CLIPBOARD` selection, what Ctrl+C and Ctrl+V use).
@MainActor
package enum Clipboard {
    /// Puts `text` on the clipboard of `widget`'s display.
    package static func setText(_ text: String, from widget: Widget) {
        let clipboard = gtk_widget_get_clipboard(widget.widgetPointer, gdk_atom_intern("CLIPBOARD", 0))
        gtk_clipboard_set_text(clipboard, text, -1)
    }
}
