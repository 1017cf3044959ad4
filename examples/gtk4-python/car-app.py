#!/usr/bin/python3
"""A GTK 4 + libadwaita app in Python (PyGObject) that shows its Welcome / What's New
window over its own window through libfirst-open-client's typelibs (GTK 4 cannot load
libfirst-open, which is GTK 3).

    ./car-app.py /usr/share/first-open/org.example.Car.spec

first-open decides and shows the window in a process of its own; the app's main loop
goes on, and the callback gets the outcome. It reports on stderr what happened
("outcome: shown", "outcome: nothing-due", "outcome: parent-gone", "error: ...");
the project's tests read these lines.
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
gi.require_version("FirstOpenClient", "1.0")
gi.require_version("FirstOpenClientGtk4", "1.0")
from gi.repository import Adw, FirstOpenClient, FirstOpenClientGtk4, Gio, GLib, Gtk  # noqa: E402,F401

spec_path = sys.argv[1] if len(sys.argv) > 1 else "data/examples/org.example.Car.spec"


def on_presented(_source, result, app):
    try:
        outcome = FirstOpenClientGtk4.present_finish(result)
        # SHOWN: the user dismissed it and the version is recorded.
        print("outcome:", outcome.value_nick, file=sys.stderr, flush=True)
    except GLib.Error as error:
        # A failure never stops the app: it runs on without the window.
        print("error:", error.message, file=sys.stderr, flush=True)
    app.release()


def on_activate(app):
    header = Adw.HeaderBar()
    page = Adw.StatusPage(title="Car", description="Car: the app's main window",
                          icon_name="starred-symbolic", vexpand=True)
    content = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    content.append(header)
    content.append(page)
    window = Adw.ApplicationWindow(application=app, title="Car", default_width=640, default_height=480,
                                   content=content)
    window.present()

    # Over the window once it is mapped; the app stays up until the outcome is known,
    # even when its window is closed first.
    app.hold()
    FirstOpenClientGtk4.present_async(spec_path, window, None, on_presented, app)


app = Adw.Application(application_id="org.example.Car", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", on_activate)
sys.exit(app.run([sys.argv[0]]))
