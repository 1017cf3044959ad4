internal import CGLib
#if canImport(Glibc)
internal import Glibc
#endif

extension FirstOpenParent {
    /// Calls `body` with the parent for the GTK 4 window of `widget` (a `GtkWindow *`, or
    /// any widget in the window, e.g. what an Adwaita for Swift view's storage holds) once
    /// the widget is mapped (right away when it is): `x11:XID` on X11, `wayland:HANDLE` once
    /// the compositor exported the window (xdg-foreign). `nil` when the window cannot be
    /// named to another process (Broadway, a compositor without xdg-foreign, KWin with
    /// GTK 4.8), or when this process has no GTK 4.
    ///
    /// This package links no GTK: the GTK 4, GDK and GObject functions are looked up in the
    /// app's process (`dlsym` with `RTLD_DEFAULT`), where the app's own GTK 4 put them, and
    /// only when `gtk_get_major_version()` there is 4. A widget finalized before it was
    /// mapped gets `nil`. Call it on the main thread.
    public static func whenMapped(gtk4Widget widget: UnsafeMutableRawPointer,
                                  _ body: @escaping @MainActor (FirstOpenParent?) -> Void) {
        guard let gtk = GTK4Symbols.resolve() else {
            body(nil)
            return
        }
        let request = GTK4HandleRequest(gtk: gtk, widget: widget, body: body)
        if gtk.widgetGetMapped(widget) != 0 {
            request.answer()
        } else {
            request.waitForMap()
        }
    }
}

/// The GTK 4, GDK and GObject functions the handle needs, from the process (`dlsym` with
/// `RTLD_DEFAULT`): present only when the app loaded GTK 4.
struct GTK4Symbols {
    typealias Pointer = UnsafeMutableRawPointer
    let widgetGetMapped: @convention(c) (Pointer) -> Int32
    let widgetGetNative: @convention(c) (Pointer) -> Pointer?
    let nativeGetSurface: @convention(c) (Pointer) -> Pointer?
    let connect: @convention(c) (Pointer, UnsafePointer<CChar>, Pointer, Pointer?, Pointer?, UInt32) -> UInt
    let disconnect: @convention(c) (Pointer, UInt) -> Void
    let isA: @convention(c) (Pointer, UInt) -> Int32
    let x11SurfaceType: (@convention(c) () -> UInt)?
    let x11SurfaceXID: (@convention(c) (Pointer) -> UInt)?
    let waylandToplevelType: (@convention(c) () -> UInt)?
    let waylandExport: (@convention(c) (Pointer, Pointer, Pointer?, Pointer?) -> Int32)?

    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    static func resolve() -> GTK4Symbols? {
        guard let major = symbol("gtk_get_major_version", as: (@convention(c) () -> UInt32).self), major() == 4,
              let widgetGetMapped = symbol("gtk_widget_get_mapped", as: (@convention(c) (Pointer) -> Int32).self),
              let widgetGetNative = symbol("gtk_widget_get_native", as: (@convention(c) (Pointer) -> Pointer?).self),
              let nativeGetSurface = symbol("gtk_native_get_surface", as: (@convention(c) (Pointer) -> Pointer?).self),
              let connect = symbol("g_signal_connect_data",
                                   as: (@convention(c) (Pointer, UnsafePointer<CChar>, Pointer, Pointer?, Pointer?, UInt32) -> UInt).self),
              let disconnect = symbol("g_signal_handler_disconnect", as: (@convention(c) (Pointer, UInt) -> Void).self),
              let isA = symbol("g_type_check_instance_is_a", as: (@convention(c) (Pointer, UInt) -> Int32).self)
        else { return nil }
        return GTK4Symbols(
            widgetGetMapped: widgetGetMapped, widgetGetNative: widgetGetNative, nativeGetSurface: nativeGetSurface,
            connect: connect, disconnect: disconnect, isA: isA,
            x11SurfaceType: symbol("gdk_x11_surface_get_type", as: (@convention(c) () -> UInt).self),
            x11SurfaceXID: symbol("gdk_x11_surface_get_xid", as: (@convention(c) (Pointer) -> UInt).self),
            waylandToplevelType: symbol("gdk_wayland_toplevel_get_type", as: (@convention(c) () -> UInt).self),
            waylandExport: symbol("gdk_wayland_toplevel_export_handle",
                                  as: (@convention(c) (Pointer, Pointer, Pointer?, Pointer?) -> Int32).self))
    }
}

/// One wait for a widget's window handle. It holds no reference on the widget: a widget
/// finalized before it was mapped drops the "map" handler, whose closure's notify then
/// answers `nil`.
@MainActor
final class GTK4HandleRequest {
    let gtk: GTK4Symbols
    let widget: UnsafeMutableRawPointer
    let body: @MainActor (FirstOpenParent?) -> Void
    private var mapHandler: UInt = 0
    private var answered = false
    /// Whether answer() ran (its answer may still be on the way from the compositor).
    private(set) var started = false

    init(gtk: GTK4Symbols, widget: UnsafeMutableRawPointer, body: @escaping @MainActor (FirstOpenParent?) -> Void) {
        self.gtk = gtk
        self.widget = widget
        self.body = body
    }

    /// "map" (`void (*)(GtkWidget *, gpointer)`), once; the handler's data is this request,
    /// released by the closure's notify (`GClosureNotify`), which GLib runs after the
    /// handler returns when the handler disconnects itself.
    func waitForMap() {
        let mapped: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            MainActor.assumeIsolated {
                let request = Unmanaged<GTK4HandleRequest>.fromOpaque(data!).takeUnretainedValue()
                let (gtk, widget, handler) = (request.gtk, request.widget, request.mapHandler)
                request.answer()
                gtk.disconnect(widget, handler)
            }
        }
        let released: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
            MainActor.assumeIsolated {
                // After answer() (which may still wait for the compositor) this only
                // releases; before it, the widget went away unmapped.
                let request = Unmanaged<GTK4HandleRequest>.fromOpaque(data!).takeRetainedValue()
                if !request.started { request.finish(nil) }
            }
        }
        let data = Unmanaged.passRetained(self).toOpaque()
        mapHandler = gtk.connect(widget, "map", unsafeBitCast(mapped, to: UnsafeMutableRawPointer.self), data,
                                 unsafeBitCast(released, to: UnsafeMutableRawPointer.self), 0)
    }

    func answer() {
        started = true
        guard let native = gtk.widgetGetNative(widget), let surface = gtk.nativeGetSurface(native) else {
            finish(nil)
            return
        }
        if let type = gtk.x11SurfaceType, let xid = gtk.x11SurfaceXID, gtk.isA(surface, type()) != 0 {
            finish("x11:" + String(xid(surface), radix: 16))
            return
        }
        if let type = gtk.waylandToplevelType, let export = gtk.waylandExport, gtk.isA(surface, type()) != 0 {
            // void (*)(GdkToplevel *, const char *handle, gpointer); the destroy notify
            // releases the request (called when the export is dropped, after the answer).
            let exported: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
                _, handle, data in
                MainActor.assumeIsolated {
                    let request = Unmanaged<GTK4HandleRequest>.fromOpaque(data!).takeUnretainedValue()
                    request.finish(handle.map { "wayland:" + String(cString: $0) })
                }
            }
            let released: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
                MainActor.assumeIsolated {
                    let request = Unmanaged<GTK4HandleRequest>.fromOpaque(data!).takeRetainedValue()
                    request.finish(nil)  // never answered: the export was dropped first
                }
            }
            let data = Unmanaged.passRetained(self).toOpaque()
            if export(surface, unsafeBitCast(exported, to: UnsafeMutableRawPointer.self), data,
                      unsafeBitCast(released, to: UnsafeMutableRawPointer.self)) != 0 {
                return
            }
            Unmanaged<GTK4HandleRequest>.fromOpaque(data).release()
        }
        finish(nil)
    }

    /// Calls `body` once; later calls (the notify after an answer) do nothing.
    func finish(_ handle: String?) {
        guard !answered else { return }
        answered = true
        body(handle.map { FirstOpenParent(portalHandle: $0) })
    }
}
