internal import CGtk

/// Process-wide GTK set-up and the main loop.
@MainActor
package enum GTK {
    private static var initialized = false

    /// Initialises GTK once (`gtk_init_check`). Returns `false` when no display can be
    /// opened (neither `DISPLAY` nor `WAYLAND_DISPLAY` usable); calling again after
    /// success returns `true` without doing anything.
    ///
    /// GTK's own start-up calls `setlocale(LC_ALL, "")` and sets the default text
    /// direction from the locale.
    @discardableResult
    package static func initialize() -> Bool {
        if initialized { return true }
        guard gtk_init_check(nil, nil) != 0 else { return false }
        initialized = true
        return true
    }

    /// Whether `initialize()` succeeded.
    package static var isInitialized: Bool { initialized }

    /// Runs the main loop until `quitMainLoop()`.
    package static func runMainLoop() {
        gtk_main()
    }

    /// Makes the innermost `runMainLoop()` return.
    package static func quitMainLoop() {
        if gtk_main_level() > 0 { gtk_main_quit() }
    }

    /// Handles every pending event and idle callback (layout, drawing) without blocking.
    package static func processPendingEvents() {
        var budget = 10_000
        while gtk_events_pending() != 0, budget > 0 {
            gtk_main_iteration_do(0)
            budget -= 1
        }
    }

    /// Turns off cursor blinking and animations (for deterministic renders) and returns
    /// a closure that restores the previous settings.
    package static func disableAnimations() -> @MainActor () -> Void {
        guard let settings = GTKSettings.current else { return {} }
        let blink = settings.boolean("gtk-cursor-blink")
        let animations = settings.boolean("gtk-enable-animations")
        settings.set("gtk-cursor-blink", false)
        settings.set("gtk-enable-animations", false)
        return {
            settings.set("gtk-cursor-blink", blink)
            settings.set("gtk-enable-animations", animations)
        }
    }

    /// The program name GLib knows (`g_get_prgname`), if any.
    package static var programName: String? {
        g_get_prgname().map { String(cString: $0) }
    }

    /// The application's display name (`g_get_application_name`, falling back to the
    /// program name), if any.
    package static var applicationName: String? {
        g_get_application_name().map { String(cString: $0) }
    }
}
