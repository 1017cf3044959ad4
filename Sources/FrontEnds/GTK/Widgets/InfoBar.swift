internal import CGtk

/// A message bar above the buttons (`GtkInfoBar`), coloured by the theme for its kind.
@MainActor
package final class InfoBar: Container {
    /// A warning bar (the theme's warning colours).
    package init() {
        super.init(sinking: gtk_info_bar_new())
        gtk_info_bar_set_message_type(bar, GTK_MESSAGE_WARNING)
    }

    private var bar: UnsafeMutablePointer<GtkInfoBar> { fo_info_bar(widgetPointer) }

    /// Adds `widget` to the message part of the bar.
    package func addContent(_ widget: Widget) {
        gtk_container_add(fo_container(gtk_info_bar_get_content_area(bar)), widget.widgetPointer)
    }

    /// Adds `button` to the bar's buttons (at the end edge).
    package func addAction(_ button: Widget) {
        gtk_container_add(fo_container(gtk_info_bar_get_action_area(bar)), button.widgetPointer)
    }
}
