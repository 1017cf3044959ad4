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
            // Window managers do not manage an override-redirect window (a menu, a
            // tooltip, a splash): a dialog transient for it was hidden by them.
            guard fo_x11_is_override_redirect(foreign) == 0 else {
                g_object_unref(UnsafeMutableRawPointer(foreign))
                throw .unmanaged(handle)
            }
            foreignWindow = foreign
            gdk_window_set_transient_for(ours, foreign)
        case .wayland(let text):
            guard fo_display_is_wayland(display) != 0 else { throw .otherDisplay(handle) }
            guard fo_wayland_has_xdg_importer(display) != 0 else {
                throw fo_wayland_has_only_xdg_importer_v2(display) != 0 ? .onlyForeignV2(handle) : .noForeignSupport(handle)
            }
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
        gdk_window_add_filter(foreignWindow, Self.destroyFilter, Unmanaged.passUnretained(watch).toOpaque())
        // Gone between being found and being watched (an app that quits right after
        // starting first-open): no DestroyNotify will come, so the action runs now.
        if fo_x11_watch_destroy(foreignWindow) == 0 {
            IdleCallback.schedule { watch.fire() }
        }
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

    /// Where the other window is on the screen as the user sees it (X11: the window
    /// manager's frame with its title bar, less a client-side shadow), to centre our
    /// window on it; nil on Wayland or when it is gone.
    package var frame: Rectangle? {
        foreignWindow.flatMap(Self.visibleFrame(of:))
    }

    /// Whether the other window has the keyboard focus, as the window manager reports it
    /// (X11 `_NET_ACTIVE_WINDOW`); false on Wayland or when it is gone.
    package var hasFocus: Bool {
        foreignWindow.map { fo_x11_is_active_window($0) != 0 } ?? false
    }

    /// The visible frame of an X11 toplevel `GdkWindow` (``frame``), ours or another's.
    package static func visibleFrame(of gdkWindow: OpaquePointer) -> Rectangle? {
        var rect = GdkRectangle()
        guard fo_x11_visible_frame(gdkWindow, &rect) != 0 else { return nil }
        return Rectangle(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
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
