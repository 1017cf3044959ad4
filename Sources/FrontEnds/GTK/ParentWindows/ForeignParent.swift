internal import CGtk
internal import CForeignWindow

/// A window of another process that a GTK window of ours is modal and transient for
/// (``ParentWindowHandle``), as xdg-desktop-portal-gtk parents its dialogs:
/// - X11: `gdk_x11_window_foreign_new_for_display` wraps the other window (the client
///   toplevel that contains the id given: see `fo_foreign_x11_toplevel`), and
///   `gdk_window_set_transient_for` sets `WM_TRANSIENT_FOR` on ours. The other window's
///   `DestroyNotify` is watched (our own event mask on it; the other client's is
///   untouched), so the window does not outlive the app it belongs to.
/// - Wayland: the handle is imported through xdg-foreign by us (`fo_wayland_import`), v2
///   where the compositor offers it (KWin 5.27 offers only v2, which GTK 3 does not
///   speak), else v1 (mutter 43). A handle the compositor knows no window by is
///   ``ParentWindowError/noSuchWindow(_:)`` (GDK's own import drops that answer), and the
///   import's `destroyed` event says when the other window goes. The parent is set
///   with v2's `set_parent_of` on each map; over v1 GDK sets it
///   (`gdk_wayland_window_set_transient_for_exported`, which has done so since GTK 3.22,
///   before the window's first commit) and our import only watches.
@MainActor
package final class ForeignParent {
    package let handle: ParentWindowHandle
    /// The other process's window (X11 only; GDK's foreign `GdkWindow`, one reference ours).
    private var foreignWindow: OpaquePointer?
    /// The other process's window imported (Wayland only; ours to free).
    private var foreignImport: OpaquePointer?
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
            var namesWindow: gboolean = 0
            guard let imported = fo_wayland_import(display, text, &namesWindow) else {
                throw .noForeignSupport(handle)
            }
            guard namesWindow != 0 else {
                fo_wayland_import_free(imported)
                throw .noSuchWindow(handle)
            }
            if fo_wayland_import_version(imported) == 2 {
                fo_wayland_import_parent_on_map(imported, window.widgetPointer)
            } else {
                _ = fo_wayland_set_transient_for_exported(ours, text)
            }
            foreignImport = imported
        }
    }

    /// Calls `action` once, from the main loop, when the other window is destroyed (X11:
    /// its `DestroyNotify`; Wayland: the import's `destroyed`).
    package func onParentDestroyed(_ action: @escaping @MainActor () -> Void) {
        guard watch == nil else { return }
        if let foreignImport {
            let watch = DestroyWatch(action)
            self.watch = watch
            fo_wayland_import_watch(foreignImport, Self.importDestroyed, Unmanaged.passUnretained(watch).toOpaque())
            return
        }
        guard let foreignWindow else { return }
        let watch = DestroyWatch(action)
        self.watch = watch
        gdk_window_add_filter(foreignWindow, Self.destroyFilter, Unmanaged.passUnretained(watch).toOpaque())
        // Gone between being found and being watched (an app that quits right after
        // starting first-open): no DestroyNotify will come, so the action runs now.
        if fo_x11_watch_destroy(foreignWindow) == 0 {
            IdleCallback.schedule { watch.fire() }
        }
    }

    /// `fo_wayland_import_watch`'s callback: from the main loop (a GLib idle source).
    private static let importDestroyed: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let data else { return }
        let watch = Unmanaged<DestroyWatch>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { watch.fire() }
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
        foreignWindow.flatMap { Self.visibleFrame(of: $0) }
    }

    /// Whether the other window has the keyboard focus, as the window manager reports it
    /// (X11 `_NET_ACTIVE_WINDOW`), or another window of its process has it that the user
    /// has not pressed a key or clicked in since `time` (the X server's clock: a window
    /// the window manager focused on its own); false on Wayland or when it is gone.
    package func hasFocus(untouchedSince time: UInt32) -> Bool {
        foreignWindow.map { fo_x11_is_active_window($0, time) != 0 } ?? false
    }

    /// The visible frame of an X11 toplevel `GdkWindow` (``frame``), ours or another's.
    package static func visibleFrame(of gdkWindow: OpaquePointer) -> Rectangle? {
        var rect = GdkRectangle()
        guard fo_x11_visible_frame(gdkWindow, &rect) != 0 else { return nil }
        return Rectangle(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }

    /// Stops watching and drops the reference to the other window; call once our window is gone.
    package func detach() {
        if let foreignImport {
            // Freed with its idle source, so the watch's callback never comes after this.
            fo_wayland_import_free(foreignImport)
            self.foreignImport = nil
            watch = nil
        }
        guard let foreignWindow else { return }
        if let watch {
            gdk_window_remove_filter(foreignWindow, Self.destroyFilter, Unmanaged.passUnretained(watch).toOpaque())
            self.watch = nil
        }
        g_object_unref(UnsafeMutableRawPointer(foreignWindow))
        self.foreignWindow = nil
    }

    /// The closure a `GdkFilterFunc` or the import's watch reaches through its data
    /// pointer; owned by the ``ForeignParent`` (the filter or the import goes before it).
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
