internal import CGtk
internal import CForeignWindow
package import FirstOpenGTKWrappers

/// The X server's time when a window of ours last gained the focus: GTK's
/// "focus-in-event" carries no time, but the XInput 2 FocusIn that GDK 3 receives does.
/// Read from the "focus-in-event" handler (the filter has seen the FocusIn by then), it
/// tells when the focus came even when the window handles it late. X11 only.
@MainActor
package final class FocusTimeWatch {
    /// Written by the filter, on the main thread's event dispatch.
    private final class LastTime: @unchecked Sendable {
        var value: UInt32 = 0
    }

    private let last = LastTime()
    private var gdkWindow: OpaquePointer?

    package init() {}

    /// Starts watching `window` (realized: its `GdkWindow` exists); once.
    package func watch(_ window: Window) {
        guard gdkWindow == nil, let gdkWindow = window.gdkWindow else { return }
        self.gdkWindow = gdkWindow
        gdk_window_add_filter(gdkWindow, Self.filter, Unmanaged.passUnretained(last).toOpaque())
    }

    /// The server's time of the last FocusIn seen; nil before any (or off X11).
    package var lastFocusTime: UInt32? {
        last.value == 0 ? nil : last.value
    }

    /// Stops watching; call before the window is destroyed.
    package func stop() {
        guard let gdkWindow else { return }
        gdk_window_remove_filter(gdkWindow, Self.filter, Unmanaged.passUnretained(last).toOpaque())
        self.gdkWindow = nil
    }

    // Formed outside actor code (a closure literal written in main-actor code and handed
    // to C would check its isolation on entry). GDK runs filters on the thread that
    // dispatches the display's events: the main thread.
    private static let filter: GdkFilterFunc = { xevent, _, data in
        if let xevent, let data {
            let time = fo_x11_focus_in_time(xevent)
            if time != 0 { Unmanaged<LastTime>.fromOpaque(data).takeUnretainedValue().value = time }
        }
        return GDK_FILTER_CONTINUE
    }
}
