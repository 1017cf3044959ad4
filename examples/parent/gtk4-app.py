#!/usr/bin/python3
"""A GTK 4 app (GTK 4 cannot load the GTK 3 window) showing its What's New over its own
window: it starts `first-open SPEC --parent HANDLE` with the handle of its window, as
the XDG Desktop Portal names a parent window, and learns from the exit status whether
the user saw the window (0) or nothing was shown (2).

    examples/parent/gtk4-app.py SPEC [--exit-when-done]

FIRST_OPEN names the first-open binary (default: first-open on PATH).
`--exit-when-done` quits once first-open has ended (the tests use it)."""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk  # noqa: E402

# GDK's backend modules are imported before any window exists: PyGObject gives an
# object the methods of the most derived class it has imported *when the object is
# first wrapped*, so a GdkWaylandToplevel wrapped before GdkWayland was imported has no
# export_handle (AttributeError on every Wayland desktop).
try:
    gi.require_version("GdkX11", "4.0")
    from gi.repository import GdkX11  # noqa: E402
except (ImportError, ValueError):
    GdkX11 = None
try:
    gi.require_version("GdkWayland", "4.0")
    from gi.repository import GdkWayland  # noqa: E402
except (ImportError, ValueError):
    GdkWayland = None

SPEC = sys.argv[1]
EXIT_WHEN_DONE = "--exit-when-done" in sys.argv[2:]


def window_handle(window, then):
    """Calls then("x11:XID" or "wayland:HANDLE" or None) for this window's surface."""
    surface = window.get_surface()
    if GdkX11 is not None and isinstance(surface, GdkX11.X11Surface):
        then("x11:%x" % GdkX11.X11Surface.get_xid(surface))
    elif GdkWayland is not None and isinstance(surface, GdkWayland.WaylandToplevel):
        exported = surface.export_handle(lambda _toplevel, handle, *_: then("wayland:" + handle))
        if not exported:  # the compositor has no xdg-foreign: show it unparented
            then(None)
    else:
        then(None)


def run_first_open(app, window, handle):
    argv = [os.environ.get("FIRST_OPEN", "first-open"), SPEC]
    if handle:
        argv += ["--parent", handle]
    print("parent", handle or "none", flush=True)
    process = Gio.Subprocess.new(argv, Gio.SubprocessFlags.NONE)

    def done(process, result):
        process.wait_finish(result)
        status = process.get_exit_status()
        print("first-open exited", status, "(shown and dismissed)" if status == 0 else "", flush=True)
        if EXIT_WHEN_DONE:
            app.quit()

    process.wait_async(None, done)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="GTK 4 app")
    window.set_default_size(640, 480)
    window.set_child(Gtk.Label(label="A GTK 4 window"))
    # Once the window is on screen and the app is idle, as the GTK module does for GTK 3 apps.
    window.connect("map", lambda w: GLib.idle_add(
        lambda: window_handle(w, lambda handle: run_first_open(app, w, handle)) and False))
    window.present()


app = Gtk.Application(application_id="org.example.Gtk4App", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
sys.exit(app.run([sys.argv[0]]))
