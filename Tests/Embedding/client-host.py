#!/usr/bin/python3
"""A GTK 4 host for run-client-example.py's scenarios that the examples do not play:

    client-host.py SPEC close-window   SIGUSR1 destroys the host's window while first-open's
                                       window is open over it (expect parent-gone)
    client-host.py SPEC cancel         SIGUSR1 cancels the call (expect cancelled)
    client-host.py SPEC twice          two calls at once over the same window (expect one
                                       window: one call already-showing, the other shown)

It prints "outcome: NICK", "cancelled" or "error: DOMAIN CODE MESSAGE" on stderr, one line
per call, and "window 0xXID" once its window is exported.
"""
import signal
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("FirstOpenClient", "1.0")
gi.require_version("FirstOpenClientGtk4", "1.0")
from gi.repository import FirstOpenClient, FirstOpenClientGtk4, Gio, GLib, Gtk  # noqa: E402,F401

spec_path, mode = sys.argv[1], sys.argv[2]
cancellable = Gio.Cancellable()


def say(line):
    print(line, file=sys.stderr, flush=True)


def on_presented(_source, result, app):
    try:
        say("outcome: " + FirstOpenClientGtk4.present_finish(result).value_nick)
    except GLib.Error as error:
        if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED):
            say("cancelled")
        else:
            say(f"error: {error.domain} {error.code} {error.message}")
    app.release()


def on_activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Car", default_width=640, default_height=480)
    window.set_child(Gtk.Label(label="Car: the app's main window"))
    window.present()

    def on_usr1():
        if mode == "close-window":
            window.destroy()
        elif mode == "cancel":
            cancellable.cancel()
        return GLib.SOURCE_CONTINUE

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, on_usr1)
    FirstOpenClientGtk4.parent_export(window, lambda _w, parent: say(f"window {parent}"))
    for _ in range(2 if mode == "twice" else 1):
        app.hold()
        FirstOpenClientGtk4.present_async(spec_path, window, cancellable, on_presented, app)


app = Gtk.Application(application_id="org.example.Car", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", on_activate)
sys.exit(app.run([sys.argv[0]]))
