package import FirstOpenState
package import FirstOpenGTKWrappers
internal import CGtk

/// Opens a URI with the user's default handler (browser, mail client, file viewer).
///
/// Not `gtk_show_uri_on_window`: given a parent window, GTK 3.24 exports the window's
/// handle and launches asynchronously, only logging a failure, so "nothing can open this
/// link" never reaches the caller. GIO's `g_app_info_launch_default_for_uri_async` with
/// GDK's launch context (startup notification, the right display) reports it.
@MainActor
package enum URILauncher {
    /// Starts opening `uri` from `widget`'s display; `completion` runs on the main loop
    /// once it is known, with the error when nothing could open it.
    package static func open(_ uri: String, from widget: Widget, completion: @escaping @MainActor (GLibError?) -> Void) {
        guard let context = gdk_display_get_app_launch_context(gtk_widget_get_display(widget.widgetPointer)) else {
            completion(GLibError(domain: "first-open", code: 0, message: "no display to open a link from"))
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        gdk_app_launch_context_set_timestamp(context, guint32(GDK_CURRENT_TIME))
        let box = Unmanaged.passRetained(CompletionBox(completion)).toOpaque()
        g_app_info_launch_default_for_uri_async(
            uri, UnsafeMutablePointer<GAppLaunchContext>(context), nil, finished, box)
    }

    // @unchecked: created on the main thread, and GIO calls back on the main loop's thread.
    private final class CompletionBox: @unchecked Sendable {
        let completion: @MainActor (GLibError?) -> Void
        init(_ completion: @escaping @MainActor (GLibError?) -> Void) { self.completion = completion }
    }

    private static let finished: GAsyncReadyCallback = { _, result, data in
        guard let data else { return }
        let box = Unmanaged<CompletionBox>.fromOpaque(data).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        _ = g_app_info_launch_default_for_uri_finish(result, &error)
        let failure = error.map { GLibError(consuming: $0) }
        MainActor.assumeIsolated { box.completion(failure) }
    }
}
