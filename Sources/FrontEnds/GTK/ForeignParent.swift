internal import CGtk
internal import CForeignWindow

/// A window of another process that a GTK window of ours is modal and transient for
/// (``ParentWindowHandle``), as xdg-desktop-portal-gtk parents its dialogs:
/// - X11: `gdk_x11_window_foreign_new_for_display` wraps the other window (the client
///   toplevel that contains the id given: see `fo_foreign_x11_toplevel`), and
///   `gdk_window_set_transient_for` sets `WM_TRANSIENT_FOR` on ours. The other window's
///   `DestroyNotify` is watched (our own event mask on it; the other client's is
///   untouched), so the window does not outlive the app it belongs to.
/// - Wayland: `gdk_wayland_window_set_transient_for_exported` imports the handle through
///   xdg-foreign; the compositor keeps our window over the other one.
@MainActor
package final class ForeignParent {
    package let handle: ParentWindowHandle
    /// The other process's window (X11 only; GDK's foreign `GdkWindow`, one reference ours).
    private var foreignWindow: OpaquePointer?
    private var watch: DestroyWatch?

    /// Makes `window` (realized here) transient for `handle`'s window.
    /// - Throws: ``ParentWindowError`` when the window cannot be reached; `window` is then
    ///   left as it was.
    package init(attaching window: Window, to handle: ParentWindowHandle) throws(ParentWindowError) {
        self.handle = handle
        gtk_widget_realize(window.widgetPointer)
        guard let display = gtk_widget_get_display(window.widgetPointer),
              let ours = gtk_widget_get_window(window.widgetPointer) else {
            throw .otherDisplay(handle)
        }
        switch handle {
        case .x11(let id):
            guard fo_display_is_x11(display) != 0 else { throw .otherDisplay(handle) }
            guard let foreign = fo_foreign_x11_toplevel(display, id) else {
                throw .noSuchWindow(handle)
            }
            foreignWindow = foreign
            gdk_window_set_transient_for(ours, foreign)
        case .wayland(let text):
            guard fo_display_is_wayland(display) != 0 else { throw .otherDisplay(handle) }
            guard fo_wayland_has_xdg_importer(display) != 0 else { throw .noForeignSupport(handle) }
            let accepted = fo_wayland_set_transient_for_exported(ours, text)
            guard accepted != 0 else { throw .noForeignSupport(handle) }
        }
    }

    /// Calls `action` once, from the main loop, when the other window is destroyed
    /// (X11; a Wayland compositor gives no such notice to another client).
    package func onParentDestroyed(_ action: @escaping @MainActor () -> Void) {
        guard let foreignWindow, watch == nil else { return }
        let watch = DestroyWatch(action)
        self.watch = watch
        gdk_window_set_events(foreignWindow, GdkEventMask(gdk_window_get_events(foreignWindow).rawValue | GDK_STRUCTURE_MASK.rawValue))
        gdk_window_add_filter(foreignWindow, Self.destroyFilter, Unmanaged.passUnretained(watch).toOpaque())
    }

    /// One function for adding and removing the filter (GDK matches both function and data).
    private static let destroyFilter: GdkFilterFunc = { xevent, _, data in
        if let xevent, let data, fo_xevent_is_destroy_notify(xevent) != 0 {
            let watch = Unmanaged<DestroyWatch>.fromOpaque(data).takeUnretainedValue()
            // Not from inside GDK's event translation: from the main loop, once.
            MainActor.assumeIsolated { IdleCallback.schedule { watch.fire() } }
        }
        return GDK_FILTER_CONTINUE
    }

    /// Where the other window is on the screen (X11), to centre our window on it.
    package var frame: Rectangle? {
        guard let foreignWindow else { return nil }
        var x: Int32 = 0
        var y: Int32 = 0
        gdk_window_get_origin(foreignWindow, &x, &y)
        return Rectangle(x: Int(x), y: Int(y), width: Int(gdk_window_get_width(foreignWindow)),
                         height: Int(gdk_window_get_height(foreignWindow)))
    }

    /// Stops watching and drops the reference to the other window; call once our window is gone.
    package func detach() {
        guard let foreignWindow else { return }
        if let watch {
            gdk_window_remove_filter(foreignWindow, Self.destroyFilter, Unmanaged.passUnretained(watch).toOpaque())
            self.watch = nil
        }
        g_object_unref(UnsafeMutableRawPointer(foreignWindow))
        self.foreignWindow = nil
    }

    /// The closure a `GdkFilterFunc` reaches through its data pointer; owned by the
    /// ``ForeignParent`` (the filter is removed before it goes).
    @MainActor
    private final class DestroyWatch {
        private var action: (@MainActor () -> Void)?
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
        func fire() {
            let action = self.action
            self.action = nil
            action?()
        }
    }
}
