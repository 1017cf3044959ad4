internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import CGtk
import FirstOpenViews
import FirstOpenGTKWrappers

/// GTK start-up for the helper's own window process, with OpenGL off.
///
/// GTK 3 on X11 loads Mesa/GLX when it opens the display unless `GDK_GL=disable` is
/// set (~50 ms and ~55 MiB at every login, measured in docs/performance.md); the
/// window draws nothing that needs GL. GDK reads the variable once, in `gtk_init`, so
/// it is set for GTK's start-up only (``turnGLOffForStartup()``) and removed again: the
/// browser the Release Notes button starts (`gtk_show_uri_on_window`) and anything else
/// this process spawns must see the session's environment, not ours. A `GDK_GL` the
/// caller set is left as it is.
///
/// Only this process, which owns itself, does this. The embedding API
/// (``GTK/initialize()``) never changes a host application's environment.
@MainActor
enum WindowProcessGTK {
    /// The program name, WM_CLASS and Wayland app id of the window: the installed
    /// `first-open.desktop` (data/first-open.desktop).
    static let desktopID = "first-open"

    /// Sets `GDK_GL=disable` (unless the caller set `GDK_GL`) and returns what removes it
    /// again. Set before the window helper starts the thread that reads the spec and
    /// removed after it has ended: that thread reads the environment (the locale's
    /// languages, `XDG_DATA_DIRS`), which nothing may change while it runs (`setenv`
    /// is not safe against a `getenv` on another thread).
    static func turnGLOffForStartup() -> @MainActor () -> Void {
        guard g_getenv("GDK_GL") == nil else { return {} }
        g_setenv("GDK_GL", "disable", 1)
        return { g_unsetenv("GDK_GL") }
    }

    /// `GTK.initialize()` (call it while ``turnGLOffForStartup()`` is in force); with
    /// `backend` (`x11`, `wayland`), GDK opens that display only (`--parent` names a
    /// window of that windowing system; `gdk_set_allowed_backends` rather than
    /// `GDK_BACKEND`, which the processes this one starts would inherit).
    static func initialize(backend: String? = nil) -> Bool {
        if let backend { gdk_set_allowed_backends(backend) }
        // The window's identity for desktops: WM_CLASS "first-open", "First-open" on X11
        // and the app id "first-open" on Wayland (GTK 3 takes both from the program name
        // at gtk_init), which docks and top bars resolve to the installed
        // first-open.desktop (name and icon). GOption had set the program name to
        // "first-open show" (argv[0] of the command), a name with a space that no
        // desktop file can match.
        g_set_prgname(Self.desktopID)
        // main.swift has set the locale (setlocale(LC_ALL, "")) before anything else; GTK
        // would only set the same again. The locale stays as main set it for the
        // process's life: the thread that reads the spec formats dates and looks up
        // translations, and setlocale is not safe against that.
        gtk_disable_setlocale()
        return GTK.initialize()
    }
}
