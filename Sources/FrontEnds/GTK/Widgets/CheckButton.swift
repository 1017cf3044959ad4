internal import CGtk

/// A check box with a text label (`GtkCheckButton`).
@MainActor
package final class CheckButton: Widget {
    /// An unchecked box labelled with `label` (plain text, no mnemonics).
    package init(label: String) {
        super.init(sinking: gtk_check_button_new_with_label(label))
    }

    /// An unchecked box whose label has a mnemonic (see ``Button/init(mnemonic:)``).
    package init(mnemonic: String) {
        super.init(sinking: gtk_check_button_new_with_mnemonic(mnemonic))
    }

    /// The text next to the box as set (with its `_` mnemonic marker, if any).
    package var label: String {
        gtk_button_get_label(fo_button(widgetPointer)).map { String(cString: $0) } ?? ""
    }

    /// Whether the box is checked.
    package var isActive: Bool {
        get { gtk_toggle_button_get_active(fo_toggle_button(widgetPointer)) != 0 }
        set { gtk_toggle_button_set_active(fo_toggle_button(widgetPointer), newValue ? 1 : 0) }
    }
}
