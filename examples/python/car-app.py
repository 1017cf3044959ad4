#!/usr/bin/python3
"""A GTK 3 app in Python (PyGObject) that shows its Welcome / What's New window
through libfirst-open's typelib.

    ./car-app.py /usr/share/first-open/org.example.Car.spec

It reports on stderr what the library did ("presented", "nothing due",
"dismissed: continued", "error: ..."); the project's tests read these lines.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen, GLib, Gtk  # noqa: E402


def on_dismissed(presenter, kind, reason):
    # Every reason but PROGRAMMATIC was the user's: the version is recorded now.
    print("dismissed:", reason.value_nick, file=sys.stderr, flush=True)


spec_path = sys.argv[1] if len(sys.argv) > 1 else "data/examples/org.example.Car.spec"

window = Gtk.Window(title="Car", default_width=640, default_height=480)
window.add(Gtk.Label(label="Car: the app's main window"))
window.connect("destroy", Gtk.main_quit)
window.show_all()

# The one-line version, without the dismissal signal:
#   FirstOpen.present_if_needed(window, spec_path)
try:
    presenter = FirstOpen.Presenter(path=spec_path)   # reads the spec when first used
    presenter.connect("dismissed", on_dismissed)
    shown = presenter.present_if_needed(window)
    print("presented" if shown else "nothing due", file=sys.stderr, flush=True)
except GLib.Error as error:
    # A failure never stops the app: it runs on without the window.
    print("error:", error.message, file=sys.stderr, flush=True)

Gtk.main()
