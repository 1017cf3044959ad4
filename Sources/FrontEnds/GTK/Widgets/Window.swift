package import CGtk
internal import CForeignWindow

/// A toplevel window (`GtkWindow`).
///
/// GTK owns toplevel windows (they are never floating); this wrapper adds one reference
/// of its own so the pointer stays valid, and the window leaves the screen only through
/// `destroy()` — dropping the wrapper does not close a window.
@MainActor
package class Window: Container {
    /// A new, hidden toplevel window titled `title`.
    package convenience init(title: String) {
        self.init(sinking: gtk_window_new(GTK_WINDOW_TOPLEVEL))
        self.title = title
    }

    /// Wraps an existing window owned by someone else (e.g. the app's main window).
    package convenience init(existing pointer: UnsafeMutablePointer<GtkWindow>) {
        self.init(sinking: fo_widget(pointer))
    }

    package override init(sinking pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(sinking: pointer)
        // Notice destruction by anyone (the user, GTK, the app) so destroy() is not
        // called on a window that is already going away.
        connect("destroy") { [weak self] in self?.isDestroyed = true }
    }

    package var windowPointer: UnsafeMutablePointer<GtkWindow> { fo_window(widgetPointer) }

    /// Names the realized window for desktops as the app `appID` called `name` (WM_CLASS
    /// on X11; the app id on Wayland, once mapped) instead of the process's program name.
    package func setIdentity(appID: String, name: String) {
        guard let gdkWindow = gtk_widget_get_window(widgetPointer) else { return }
        _ = fo_set_window_identity(gdkWindow, appID, name)
    }

    /// The window's own icon from the icon theme (`_NET_WM_ICON` on X11; Wayland has no
    /// window icons).
    package func setIconName(_ name: String) {
        gtk_window_set_icon_name(windowPointer, name)
    }

    /// The title shown by the window manager (and used as the accessible name).
    package var title: String {
        get { gtk_window_get_title(windowPointer).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(windowPointer, newValue) }
    }

    /// The size the window opens with (it still grows to fit its content).
    package func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(windowPointer, Int32(width), Int32(height))
    }

    /// Shows the window and raises it to the user.
    package func present() {
        gtk_window_present(windowPointer)
    }

    /// Asks the window manager for the focus as of `time` (the X server's clock:
    /// ``serverTime``), as a request of the application's own (`_NET_ACTIVE_WINDOW`).
    package func present(at time: UInt32) {
        gtk_window_present_with_time(windowPointer, time)
    }

    /// Whether the window has the keyboard focus among the desktop's windows.
    package var isActive: Bool {
        gtk_window_is_active(windowPointer) != 0
    }

    /// Sends the requests queued for the window's display (X11, Wayland) to the server now
    /// instead of when the main loop next waits.
    package func flushDisplay() {
        gdk_display_flush(gtk_widget_get_display(widgetPointer))
    }

    /// Closes the window for good: GTK drops its own reference and the window's
    /// "destroy" handlers run. Safe to call more than once.
    package func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        gtk_widget_destroy(widgetPointer)
    }

    /// Whether the window was destroyed (through this wrapper or otherwise).
    package private(set) var isDestroyed = false

    /// Runs `action` when the window is destroyed (closed by the user or by code).
    package func onDestroy(_ action: @escaping @MainActor () -> Void) {
        connect("destroy", handler: action)
    }

    // MARK: Dialog behaviour

    /// Whether the window blocks input to the app's other windows.
    package var isModal: Bool {
        get { gtk_window_get_modal(windowPointer) != 0 }
        set { gtk_window_set_modal(windowPointer, newValue ? 1 : 0) }
    }

    /// Keeps the window above `parent`, centred on it by the window manager.
    package func setTransient(for parent: Window?) {
        gtk_window_set_transient_for(windowPointer, parent?.windowPointer)
    }

    /// Destroys this window when its transient parent is destroyed.
    package var destroysWithParent: Bool {
        get { gtk_window_get_destroy_with_parent(windowPointer) != 0 }
        set { gtk_window_set_destroy_with_parent(windowPointer, newValue ? 1 : 0) }
    }

    /// Whether the user may resize the window; a fixed window is sized to its content.
    package var isResizable: Bool {
        get { gtk_window_get_resizable(windowPointer) != 0 }
        set { gtk_window_set_resizable(windowPointer, newValue ? 1 : 0) }
    }

    /// Where the window opens.
    package enum Placement {
        case centeredOnParent, centered
        /// At this position on the screen (a window of another process as parent).
        case at(x: Int, y: Int)
    }

    package func place(_ placement: Placement) {
        switch placement {
        case .centeredOnParent: gtk_window_set_position(windowPointer, GTK_WIN_POS_CENTER_ON_PARENT)
        case .centered: gtk_window_set_position(windowPointer, GTK_WIN_POS_CENTER)
        case .at(let x, let y):
            gtk_window_set_position(windowPointer, GTK_WIN_POS_NONE)
            gtk_window_move(windowPointer, Int32(x), Int32(y))
        }
    }

    /// Marks the window as a dialog for the window manager, kept out of the task bar when
    /// it has a parent.
    package func markAsDialog(skipsTaskbar: Bool) {
        gtk_window_set_type_hint(windowPointer, GDK_WINDOW_TYPE_HINT_DIALOG)
        gtk_window_set_skip_taskbar_hint(windowPointer, skipsTaskbar ? 1 : 0)
    }

    /// Puts `titleBar` where the window manager's title bar would be (client-side
    /// decorations).
    package func setTitleBar(_ titleBar: Widget) {
        gtk_window_set_titlebar(windowPointer, titleBar.widgetPointer)
    }

    /// Makes `widget` the default widget, activated by Enter.
    package func setDefaultWidget(_ widget: Widget) {
        widget.canBeDefault = true
        gtk_window_set_default(windowPointer, widget.widgetPointer)
    }

    /// Whether `widget` is the window's default widget.
    package func isDefaultWidget(_ widget: Widget) -> Bool {
        gtk_window_get_default_widget(windowPointer) == widget.widgetPointer
    }

    /// The work area (the monitor minus panels) of the monitor the window is on, or of
    /// the primary monitor before it is shown; `nil` without a display.
    package var workArea: Rectangle? {
        guard let display = gdk_display_get_default() else { return nil }
        var monitor: OpaquePointer?
        if let gdkWindow = gtk_widget_get_window(widgetPointer) {
            monitor = gdk_display_get_monitor_at_window(display, gdkWindow)
        } else if let parent = gtk_window_get_transient_for(windowPointer),
                  let parentWindow = gtk_widget_get_window(fo_widget(parent)) {
            monitor = gdk_display_get_monitor_at_window(display, parentWindow)
        }
        if monitor == nil { monitor = gdk_display_get_primary_monitor(display) }
        if monitor == nil { monitor = gdk_display_get_monitor(display, 0) }
        guard let monitor else { return nil }
        var rect = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &rect)
        return Rectangle(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }

    /// The window's current size in logical pixels.
    package var size: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_size(windowPointer, &width, &height)
        return (Int(width), Int(height))
    }

    /// Whether the window is on a Wayland display (GDK's Wayland backend).
    package var isOnWayland: Bool {
        gtk_widget_get_display(widgetPointer).map { fo_display_is_wayland($0) != 0 } ?? false
    }

    /// The X server's time now, in the clock of X events' timestamps (a round trip); nil
    /// when the window is not realized or not on X11.
    package var serverTime: UInt32? {
        guard let gdkWindow else { return nil }
        let time = fo_x11_server_time(gdkWindow)
        return time == 0 ? nil : UInt32(time)
    }

    /// The window's `GdkWindow`, once realized.
    package var gdkWindow: OpaquePointer? { gtk_widget_get_window(widgetPointer) }

    /// Where GTK places the window (`gtk_window_get_position`: the coordinates
    /// `place(.at(x:y:))` takes).
    package var position: (x: Int, y: Int) {
        var x: Int32 = 0
        var y: Int32 = 0
        gtk_window_get_position(windowPointer, &x, &y)
        return (Int(x), Int(y))
    }
}
