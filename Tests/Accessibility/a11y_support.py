"""What check-atspi.py and check-orca.py share: the AT-SPI bus of a private session,
a private login environment, checks that print one line each, xdotool key presses, and
waits on conditions (never fixed sleeps where a condition can be observed).

`dbus-run-session` gives a private session bus; `at-spi-bus-launcher` starts the
accessibility bus on it, where the registry (`org.a11y.atspi.Registry`) is started on
demand. A client that asks the registry for its applications before it is up gets "Couldn't
get application list" and libatspi keeps that broken state, so `start` returns only once
the registry answers. Clients find the bus through the X root window's AT_SPI_BUS
property before the session bus, and a previous test's launcher may have left its (dead)
address there: `start` puts the address in AT_SPI_BUS_ADDRESS, which wins over both, for
this process and the processes it starts.
"""

import os
import shutil
import subprocess
import tempfile
import time

from gi.repository import Gio, GLib

XDOTOOL = "/usr/bin/xdotool"
# The window ignores keys for 0.5 s after it was shown or gained the focus (typed-ahead
# keys: docs/window.md); a key press waits a little longer.
KEY_DELAY = 0.6

failures = []


def check(condition, message):
    """Prints `ok   MESSAGE` or `FAIL MESSAGE`; returns the condition."""
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)
    return condition


def summary():
    """Prints how many checks failed; returns the script's exit status."""
    print("%d failed" % len(failures) if failures else "all checks passed")
    return 1 if failures else 0


def wait_for(predicate, timeout=20, interval=0.05):
    """The first true value of `predicate()` within `timeout` seconds (else its last)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def window_id(title):
    """The X id of a visible window titled exactly `title`, or None."""
    found = subprocess.run([XDOTOOL, "search", "--onlyvisible", "--name", "^%s$" % title],
                           capture_output=True, text=True)
    ids = found.stdout.split()
    return ids[0] if ids else None


def press(keys, title):
    """Presses `keys` with xdotool in the window titled `title`; False if there is none."""
    window = window_id(title)
    if window is None:
        return False
    subprocess.run([XDOTOOL, "windowfocus", "--sync", window], capture_output=True)
    # Keys count from 0.5 s after the window was shown or focused (TypeAheadGuard).
    time.sleep(KEY_DELAY)
    subprocess.run([XDOTOOL, "key", "--clearmodifiers", *keys], capture_output=True)
    return True


class Session:
    """A private home and XDG folders, and the environment of a login session with the
    AT-SPI bridge on (NO_AT_BRIDGE removed: the bridge is what these tests are about)."""

    def __init__(self, prefix):
        self.root = tempfile.mkdtemp(prefix=prefix)
        env = dict(os.environ)
        env.pop("NO_AT_BRIDGE", None)
        env.update({
            "XDG_STATE_HOME": os.path.join(self.root, "state"),
            "XDG_CONFIG_HOME": os.path.join(self.root, "config"),
            "XDG_CONFIG_DIRS": os.path.join(self.root, "etc-xdg"),
            "HOME": self.root,
            "LANGUAGE": "en",
            "LC_ALL": "C.UTF-8",
            "GDK_GL": "disable",
        })
        self.env = env

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


def start(env=None, timeout=20):
    """Starts at-spi-bus-launcher and waits for the registry; returns the process.
    Sets AT_SPI_BUS_ADDRESS in os.environ (and in `env`, when given)."""
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    while time.monotonic() < deadline:
        try:
            # NO_AUTO_START: D-Bus activation would start a second launcher.
            address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                        GLib.VariantType("(s)"), Gio.DBusCallFlags.NO_AUTO_START, 2000,
                                        None).unpack()[0]
            bus = Gio.DBusConnection.new_for_address_sync(
                address,
                Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                None, None)
            bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                          "org.freedesktop.DBus.Properties", "Get",
                          GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "ChildCount")),
                          None, Gio.DBusCallFlags.NONE, 2000, None)
            bus.close_sync(None)
            os.environ["AT_SPI_BUS_ADDRESS"] = address
            if env is not None:
                env["AT_SPI_BUS_ADDRESS"] = address
            return launcher
        except GLib.Error:
            time.sleep(0.1)
    return launcher


def wait_for_event_listeners(prefix, timeout=60):
    """Waits until some client (a screen reader) has registered an AT-SPI event
    listener whose name starts with `prefix` (e.g. "Window:") with the registry: then
    it hears the events of a window that opens. Returns whether it did."""
    bus = Gio.DBusConnection.new_for_address_sync(
        os.environ["AT_SPI_BUS_ADDRESS"],
        Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            try:
                events = bus.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                       "org.a11y.atspi.Registry", "GetRegisteredEvents", None, None,
                                       Gio.DBusCallFlags.NONE, 2000, None).unpack()[0]
                if any(event.startswith(prefix) for _, event in events):
                    return True
            except GLib.Error:
                pass
            time.sleep(0.1)
        return False
    finally:
        bus.close_sync(None)
