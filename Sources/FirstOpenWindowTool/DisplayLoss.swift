internal import CGtk
import Glibc

/// What a window process does when its display goes away while the window is open (the
/// X server dies, the Wayland compositor crashes, the session ends): one line on stderr
/// and a documented exit status, instead of GDK's silent `_exit(1)` (X11) or
/// `g_error` abort (Wayland). Nothing is recorded: the user did not dismiss the window,
/// so it shows again next time.
///
/// - X11: `XSetIOErrorHandler`, called by Xlib once the connection is broken; the
///   handler must not return (Xlib exits after it), so it writes and `_exit`s.
/// - Wayland: GTK 3.24 logs a lost compositor as a message in the `Gdk` log domain
///   ("Error reading events from display: Broken pipe", "Error flushing display",
///   "Lost connection to Wayland compositor") and then calls `exit(1)`; a log handler for
///   that domain writes our line and `_exit`s first. Every other `Gdk` message keeps
///   GLib's default handling.
enum DisplayLoss {
    nonisolated(unsafe) private static var exitStatus: Int32 = 69
    nonisolated(unsafe) private static var line: [UInt8] = []

    /// Installs both handlers; call once GTK is initialised. `message` is printed as is
    /// (one line, newline added) and the process exits with `status`.
    @MainActor
    static func exit(status: Int32, message: String) {
        exitStatus = status
        line = Array((message + "\n").utf8)
        _ = XSetIOErrorHandler { _ in
            DisplayLoss.writeAndExit()
        }
        // GDK logs with the structured API, so a writer function (not g_log_set_handler)
        // sees it; everything else goes on to GLib's default writer unchanged. This is
        // the window helper's own process: no host application's logging is touched.
        g_log_set_writer_func({ level, fields, count, _ in
            var domain = ""
            var message = ""
            for index in 0..<Int(count) {
                guard let key = fields?[index].key, let value = fields?[index].value,
                      fields?[index].length ?? 0 < 0 else { continue }
                let text = String(cString: value.assumingMemoryBound(to: CChar.self))
                if strcmp(key, "GLIB_DOMAIN") == 0 { domain = text }
                if strcmp(key, "MESSAGE") == 0 { message = text }
            }
            let lost = ["Error reading events from display", "Error flushing display", "Lost connection to Wayland compositor"]
            if domain == "Gdk", lost.contains(where: message.hasPrefix) {
                DisplayLoss.writeAndExit()
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }

    /// Async-signal-safe enough for Xlib's handler: `write` and `_exit` only.
    private static func writeAndExit() -> Never {
        line.withUnsafeBytes { bytes in
            _ = Glibc.write(2, bytes.baseAddress, bytes.count)
        }
        _exit(exitStatus)
    }
}
