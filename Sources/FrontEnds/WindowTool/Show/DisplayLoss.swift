internal import CGtk
import Glibc
import FirstOpenGTKWrappers

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
///   "Lost connection to Wayland compositor") and then calls `exit(1)`; a log writer for
///   that domain writes our line and `_exit`s first. Every other message keeps GLib's
///   default handling.
///
/// Both handlers run on whatever thread logs or talks to the display: GLib's log writer
/// is called from GIO's worker threads too (opening a link in a session with a D-Bus
/// bus logs there). So nothing here is `@MainActor`: a closure formed in main-actor code
/// and handed to C carries Swift 6's isolation check, which traps (SIGILL) off the main
/// thread. The handlers read only what `exit(status:message:)` wrote before installing
/// them, and allocate nothing.
enum DisplayLoss {
    nonisolated(unsafe) private static var exitStatus: Int32 = 69
    nonisolated(unsafe) private static var line: [UInt8] = []

    /// The `Gdk` messages that mean the Wayland compositor is gone.
    private static let lostCompositorPrefixes: [StaticString] = [
        "Error reading events from display", "Error flushing display", "Lost connection to Wayland compositor",
    ]

    /// Installs both handlers; call once GTK is initialised, before any other thread
    /// can log. `message` is printed as is (one line, newline added) and the process
    /// exits with `status`.
    static func exit(status: Int32, message: String) {
        exitStatus = status
        line = Array((message + "\n").utf8)
        _ = XSetIOErrorHandler(ioErrorHandler)
        // GDK logs with the structured API, so a writer function (not g_log_set_handler)
        // sees it; everything goes on to GLib's default writer unchanged. This is the
        // window helper's own process: no host application's logging is touched.
        g_log_set_writer_func(logWriter, nil, nil)
    }

    private static let ioErrorHandler: FoXIOErrorHandler = { _ in
        DisplayLoss.writeAndExit()
    }

    private static let logWriter: GLogWriterFunc = { level, fields, count, _ in
        if let fields, DisplayLoss.isLostCompositor(fields, count: Int(count)) {
            DisplayLoss.writeAndExit()
        }
        return g_log_writer_default(level, fields, count, nil)
    }

    /// Whether a structured log message is GDK's lost-compositor message. Compares the
    /// C strings in place: this runs for every message of every thread.
    private static func isLostCompositor(_ fields: UnsafePointer<GLogField>, count: Int) -> Bool {
        var domainIsGdk = false
        var message: UnsafePointer<CChar>?
        for index in 0..<count {
            let field = fields[index]
            // A length of -1 marks a NUL-terminated string; other values are binary data.
            guard field.length < 0, let key = field.key, let value = field.value else { continue }
            let text = value.assumingMemoryBound(to: CChar.self)
            if strcmp(key, "GLIB_DOMAIN") == 0 { domainIsGdk = strcmp(text, "Gdk") == 0 }
            if strcmp(key, "MESSAGE") == 0 { message = UnsafePointer(text) }
        }
        guard domainIsGdk, let message else { return false }
        return lostCompositorPrefixes.contains { prefix in
            strncmp(message, UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self),
                    prefix.utf8CodeUnitCount) == 0
        }
    }

    /// Async-signal-safe enough for Xlib's handler: `write` and `_exit` only.
    private static func writeAndExit() -> Never {
        line.withUnsafeBytes { bytes in
            _ = Glibc.write(2, bytes.baseAddress, bytes.count)
        }
        _exit(exitStatus)
    }
}
