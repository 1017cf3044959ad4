internal import CGtk

/// A push button with a text label (`GtkButton`).
@MainActor
public final class Button: Widget {
    /// A button labelled with `label` (plain text, no mnemonics).
    public init(label: String) {
        super.init(sinking: gtk_button_new_with_label(label))
    }

    /// The button's text.
    public var label: String {
        get { gtk_button_get_label(fo_button(widgetPointer)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(fo_button(widgetPointer), newValue) }
    }

    /// Runs `action` each time the button is activated (click, Enter, Space).
    public func onClicked(_ action: @escaping @MainActor () -> Void) {
        connect("clicked", handler: action)
    }

    /// Activates the button as a click or the Enter key would.
    func click() {
        gtk_button_clicked(fo_button(widgetPointer))
    }
}
