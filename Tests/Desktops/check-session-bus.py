#!/usr/bin/python3
"""What a GTK 4 host does to a session bus where xdg-desktop-portal is installed, and that
session_bus.PrivateSessionBus keeps a test from leaving anything behind (issue 30, item 9).

    /usr/bin/python3 Tests/Desktops/check-session-bus.py [SERVICE_FOLDER]

Needs DISPLAY (a GTK 4 window). SERVICE_FOLDER (default /usr/share/dbus-1/services)
holds the desktop's D-Bus services, xdg-desktop-portal's among them:
1. a bus with that folder: a GTK 4 app that asks for the document portal (as one sharing
   a file does) activates xdg-document-portal and its FUSE mount in
   $XDG_RUNTIME_DIR/doc; both outlive the app, and PrivateSessionBus must say so
   (LeftBehind), with whatever else the app activated (xdg-desktop-portal on Debian 12,
   the accessibility bus on Debian 13). Nothing activated fails the
   check: the portals are not installed (scripts/setup.sh installs xdg-desktop-portal).
2. the tests' own bus (no service folder): the same app leaves nothing.
Prints one line per check; exits 1 if one failed."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session_bus import LeftBehind, PrivateSessionBus  # noqa: E402

APP = """
import gi
gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk
app = Gtk.Application(application_id="org.example.SessionBusCheck")
def activate(app):
    Gtk.ApplicationWindow(application=app, title="session bus check").present()
    # As an app that shares a file does (GtkFileDialog, drag and drop): GTK 4.8 (Debian
    # 12) reached the document portal on its own at start-up, GTK 4.18 (Debian 13) only
    # when it needs it. Where the desktop's services are not on the bus this fails, and
    # the app goes on as GTK does without the portal.
    try:
        Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
            "org.freedesktop.portal.Documents", "/org/freedesktop/portal/documents",
            "org.freedesktop.portal.Documents", "GetMountPoint", None, None,
            Gio.DBusCallFlags.NONE, 20000)
    except GLib.Error:
        pass
    GLib.timeout_add(1500, app.quit)
app.connect("activate", activate)
app.run([])
"""

failures = []


def check(condition, what, detail=""):
    print(("ok   " if condition else "FAIL ") + what + ("" if condition else ": " + str(detail)), flush=True)
    if not condition:
        failures.append(what)


def run_app():
    env = dict(os.environ, NO_AT_BRIDGE="1", GDK_BACKEND="x11")
    return subprocess.run(["/usr/bin/python3", "-c", APP], env=env, capture_output=True, text=True, timeout=60)


def main():
    if not os.environ.get("DISPLAY"):
        print("FAIL no DISPLAY (run under xvfb-run)")
        return 1
    folder = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dbus-1/services"
    with tempfile.TemporaryDirectory(prefix="first-open-runtime-") as runtime:
        os.chmod(runtime, 0o700)
        os.environ["XDG_RUNTIME_DIR"] = runtime  # as dh_auto_test gives the tests one
        left = None
        try:
            with PrivateSessionBus(service_folders=[folder]):
                result = run_app()
        except LeftBehind as error:
            left = str(error)
        check(result.returncode == 0, "the GTK 4 app ran (bus with the desktop's services)", result.stderr[-500:])
        check(left is not None and "xdg-document-portal" in left and os.path.join(runtime, "doc") in left,
              "with the desktop's services, the portals and the document portal's mount outlive the app "
              "and are reported", left)
        print("     " + (left or "nothing left"))

        left = None
        try:
            with PrivateSessionBus():
                result = run_app()
        except LeftBehind as error:
            left = str(error)
        check(result.returncode == 0, "the GTK 4 app ran (the tests' own bus)", result.stderr[-500:])
        check(left is None, "on the tests' own bus nothing is activated and nothing is left", left)
        check(not os.path.ismount(os.path.join(runtime, "doc")), "no mount in the runtime folder at the end")
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
