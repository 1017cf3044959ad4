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
    init(mnemonic: String) {
        super.init(sinking: gtk_button_new_with_mnemonic(mnemonic))
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
    func click() {
        gtk_button_clicked(fo_button(widgetPointer))
    }
}
