internal import CGtk

/// A client-side title bar (`GtkHeaderBar`) that shows only the window's close button:
/// no title (the window's title is still set, for window managers, task switchers and
/// screen readers) and no minimise or maximise button (a fixed-size dialog has neither).
@MainActor
package final class HeaderBar: Container {
    package init() {
        super.init(sinking: gtk_header_bar_new())
        gtk_header_bar_set_show_close_button(bar, 1)
        // An empty custom title: a header bar otherwise shows the window's title.
        gtk_header_bar_set_custom_title(bar, gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
    }

    private var bar: UnsafeMutablePointer<GtkHeaderBar> { fo_header_bar(widgetPointer) }
}
