#!/usr/bin/python3
"""Runs a GTK 4 host of libfirst-open-client (examples/gtk4-c, examples/gtk4-python,
client-host.py) under openbox on the test's X server, as a user would.

Each start has a private state (XDG_STATE_HOME etc. in a temporary directory). The host
prints "outcome: NICK" / "cancelled" / "error: ..." on stderr; first-open's window is
found by its title with xdotool and dismissed with Return.

    --scenario example (default), COMMAND = an example app and its spec:
      1. first start: "Welcome to Car" shows, modal and transient for the host's window
         (WM_TRANSIENT_FOR), in another process; the host maps libgtk-4 and no libgtk-3;
         nothing is recorded before Return; Return: "outcome: shown", Version=1.3.0
         recorded, the host still runs.
      2. second start: "outcome: nothing-due", no window, the record unchanged.
      3. after an update (a fresh state recording 1.2.0): "What's New in Car", transient,
         Return: "outcome: shown", Version=1.3.0 recorded.
    --scenario parent-gone, COMMAND = client-host.py SPEC close-window: the host destroys
      its window (SIGUSR1) while Welcome is open: "outcome: parent-gone", the window goes,
      nothing recorded.
    --scenario cancel, COMMAND = client-host.py SPEC cancel: the call is cancelled
      (SIGUSR1) while Welcome is open: "cancelled", the window goes, first-open ended,
      nothing recorded.
    --scenario twice, COMMAND = client-host.py SPEC twice: two calls at once over the same
      window: one window only; one call "outcome: already-showing" while it is open, the other
      "outcome: shown" after Return; recorded.

    --scenario keyboard, COMMAND = an example app and its spec: Return typed every 50 ms
      from the host's start until 150 ms after Welcome is mapped (the keys a user typed
      into the app's window) leave it open and nothing recorded (the typed-ahead guard);
      Escape a second later dismisses it: "outcome: shown", recorded.

    --scenario same-pixels, COMMAND = an example app and its spec, --gtk3-host PROGRAM and
      --gtk3-lib-dir DIR (examples/c on libfirst-open, GTK 3 in process): Welcome over the
      GTK 4 host and Welcome over the GTK 3 app, each captured once drawn (GDK 3 reads the
      X window), are the same image pixel for pixel (the same window: first-open's
      FirstOpenDialog either way; Tests/Golden checks that window's rendering).

    --scenario gnome-shell, COMMAND = an example app and its spec, HOST = client-host.py:
      GNOME Shell headless on Wayland (Tests/Desktops; GTK 4.8 exports the host's window
      through xdg-foreign v1): Welcome transient for the host's window (as GNOME Shell
      sees it), modal, focused; Return: "outcome: shown", recorded; then client-host.py
      SPEC close-window (--host): the host's window closing closes it: parent-gone,
      nothing recorded.
    --scenario kwin, COMMAND = client-host.py SPEC cancel: KWin on Wayland. What the user
      gets is decided by the xdg-foreign exporters KWin offers (its registry, asked
      through GDK) and the host's GDK speaks (its libgtk-4): with one in common (KWin 6.3
      and GDK 4.18: v2) the host's window has a wayland: handle and Welcome is transient
      for it; with none (KWin 5.27 offers v2 only, GDK 4.8 speaks v1 only) the host
      prints "window None" and Welcome shows without a parent. Then the call is
      cancelled (SIGUSR1): "cancelled", the window goes, nothing recorded.

Needs DISPLAY (xvfb-run), xdotool, xprop and openbox: without a display it skips (77)
unless FIRST_OPEN_REQUIRE_DISPLAY=1; a window manager that does not start fails it.

    run-client-example.py --first-open BIN --helper BIN --lib-dir DIR [--lib-dir DIR]
                          [--scenario S] -- COMMAND [ARG...]
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import (DEADLINE, fail, press, read_record, run, transient_for,  # noqa: E402
                               window_property, windows)

APP_ID = "org.example.Car"
VERSION = "1.3.0"


def wait_for_window(title, host, what, pid=None):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        found = windows(title, pid)
        if found:
            return found[-1]
        host.check_running(what)
        time.sleep(0.1)
    fail(f"{what}: no visible window titled {title!r} within {DEADLINE:.0f} s\n{host.output()}")


def wait_until_gone(xid, what):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        if run("xprop", "-id", str(xid), "WM_NAME").returncode != 0:
            return
        time.sleep(0.1)
    fail(f"{what}: window {xid:#x} is still there after {DEADLINE:.0f} s")


class Host(testing.LoggedProcess):
    def check_errors(self, what):
        for line in self.lines():
            if line.startswith("error:") or "CRITICAL" in line or "Traceback" in line:
                fail(f"{what}: the host reported {line!r}\n{self.output()}")

    def check_running(self, what):
        self.check_errors(what)
        if self.process.poll() is not None:
            fail(f"{what}: the host exited ({self.process.returncode})\n{self.output()}")

    def wait_for_lines(self, wanted, count, what):
        """Waits until `count` lines equal to `wanted` were printed; fails on errors, and
        when the host exited without printing them (what it printed before it exited is
        read after the exit)."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            exited = self.process.poll() is not None
            if sum(1 for line in self.lines() if line == wanted) >= count:
                return
            self.check_errors(what)
            if exited:
                fail(f"{what}: the host exited ({self.process.returncode}) without {wanted!r}\n{self.output()}")
            time.sleep(0.05)
        fail(f"{what}: no {wanted!r} within {DEADLINE:.0f} s\n{self.output()}")

    def stop(self, what, may_have_exited=False):
        """Ends the host, which must still run; with may_have_exited, it may have exited 0
        (a host whose last window closed and whose call has finished quits)."""
        if may_have_exited and self.process.poll() == 0:
            self.check_errors(what)
            self.log.close()
            return
        self.check_running(what)
        self.terminate()


# The toolkit library the host must map (--toolkit): GTK 4's, or Qt's for examples/qt.
TOOLKIT_LIBRARIES = {"gtk4": "libgtk-4.so", "qt": "libQt5Gui.so"}
toolkit_library = TOOLKIT_LIBRARIES["gtk4"]


def check_maps(host, what):
    """The host's process maps its toolkit (GTK 4, or Qt) and no GTK 3: the client never
    loads GTK 3."""
    with open(f"/proc/{host.process.pid}/maps", encoding="utf-8") as maps:
        libraries = {line.split()[-1] for line in maps if "/" in line}
    names = {os.path.basename(path) for path in libraries}
    if not any(name.startswith(toolkit_library) for name in names):
        fail(f"{what}: the host does not map {toolkit_library}: {sorted(names)}")
    gtk3 = sorted(name for name in names if name.startswith(("libgtk-3.so", "libgdk-3.so", "libfirst-open.so")))
    if gtk3:
        fail(f"{what}: the host maps {gtk3}")
    if not any(name.startswith("libfirst-open-client.so") for name in names):
        fail(f"{what}: the host does not map libfirst-open-client: {sorted(names)}")


def check_dialog(dialog, host, host_window, what):
    parent = transient_for(dialog)
    if parent != host_window:
        def described(xid):
            name = run("xdotool", "getwindowname", str(xid)).stdout.strip()
            return f"{xid:#x} {name!r} (pid {window_property(xid, '_NET_WM_PID')})"
        fail(f"{what}: the window is transient for {parent and described(parent)}, not the host's window "
             f"{described(host_window)} (host pid {host.process.pid}; windows titled Car: "
             f"{[described(xid) for xid in windows('Car')]})")
    state = window_property(dialog, "_NET_WM_STATE") or ""
    if "_NET_WM_STATE_MODAL" not in state:
        fail(f"{what}: the window is not modal (_NET_WM_STATE = {state!r})")
    pid = window_property(dialog, "_NET_WM_PID")
    if pid == str(host.process.pid):
        fail(f"{what}: the window belongs to the host's process")


class Session:
    """A private state (XDG directories) for the host's starts."""

    def __init__(self, args, root, name, seed=None):
        self.env = dict(os.environ)
        base = os.path.join(root, name)
        for variable, sub in [("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
                              ("XDG_CONFIG_DIRS", "etc-xdg"), ("XDG_DATA_HOME", "data"),
                              ("XDG_CACHE_HOME", "cache")]:
            self.env[variable] = os.path.join(base, sub)
            os.makedirs(self.env[variable], exist_ok=True)
        self.env["HOME"] = base
        if not self.env.get("XDG_RUNTIME_DIR"):
            # Qt makes one under $TMPDIR otherwise, which would outlive the test.
            self.env["XDG_RUNTIME_DIR"] = os.path.join(base, "runtime")
            os.makedirs(self.env["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)

        def without_swift(value):
            return ":".join(p for p in value.split(":") if p and "swift" not in p.lower())

        self.env["PATH"] = without_swift(self.env.get("PATH", "/usr/bin:/bin"))
        self.env["LD_LIBRARY_PATH"] = ":".join(args.lib_dir)
        self.env["GI_TYPELIB_PATH"] = ":".join(args.lib_dir)
        self.env["FIRST_OPEN_CLIENT_COMMAND"] = args.first_open
        self.env["FIRST_OPEN_HELPER"] = args.helper
        self.env["NO_AT_BRIDGE"] = "1"
        self.env.pop("GDK_GL", None)  # only first-open's own processes set it
        self.record = os.path.join(self.env["XDG_STATE_HOME"], "first-open", APP_ID + ".state")
        if seed:
            os.makedirs(os.path.dirname(self.record), exist_ok=True)
            with open(self.record, "w", encoding="utf-8") as file:
                file.write(f"[First Open]\nVersion={seed}\n")
        self.root = base

    def host(self, command, name):
        return Host(command, self.env, os.path.join(self.root, name + ".log"))


def show_and_dismiss(session, command, title, seeded, what):
    host = session.host(command, what.replace(" ", "-"))
    try:
        dialog = wait_for_window(title, host, what)
        host_window = wait_for_window("Car", host, what, pid=host.process.pid)
        check_dialog(dialog, host, host_window, what)
        check_maps(host, what)
        if (read_record(session.record) is not None) != seeded:
            fail(f"{what}: the record was written before the window was dismissed")
        press(dialog, "Return")
        host.wait_for_lines("outcome: shown", 1, f"{what}, after Return")
        if f"Version={VERSION}\n" not in (read_record(session.record) or ""):
            fail(f"{what}: the record does not hold {VERSION}:\n{read_record(session.record)}")
        wait_until_gone(dialog, f"{what}, after Return")
        host.stop(f"{what}, after Return")
    finally:
        host.kill()


def scenario_example(args, root):
    session = Session(args, root, "fresh")
    show_and_dismiss(session, args.command, "Welcome to Car", False, "first start")
    second = session.host(args.command, "second")
    try:
        second.wait_for_lines("outcome: nothing-due", 1, "second start")
        if windows("Welcome to Car") or windows("What's New in Car"):
            fail("second start: a window showed")
        second.stop("second start")
    finally:
        second.kill()
    if f"Version={VERSION}\n" not in (read_record(session.record) or ""):
        fail(f"second start: the record changed:\n{read_record(session.record)}")
    updated = Session(args, root, "updated", seed="1.2.0")
    show_and_dismiss(updated, args.command, "What's New in Car", True, "update start")
    return ("'Welcome to Car' transient for the host's window, Return: shown, recorded; second start: "
            "nothing-due; after an update: 'What's New in Car', Return: shown, recorded; "
            f"the host maps {toolkit_library.split('.')[0]}, no libgtk-3")


def scenario_gone(args, root, mode):
    session = Session(args, root, mode)
    host = session.host(args.command, mode)
    try:
        dialog = wait_for_window("Welcome to Car", host, mode)
        host_window = wait_for_window("Car", host, mode, pid=host.process.pid)
        check_dialog(dialog, host, host_window, mode)
        helper = int(window_property(dialog, "_NET_WM_PID"))
        time.sleep(0.3)
        host.process.send_signal(signal.SIGUSR1)
        expected = "outcome: parent-gone" if mode == "close-window" else "cancelled"
        host.wait_for_lines(expected, 1, mode)
        wait_until_gone(dialog, mode)
        if os.path.exists(f"/proc/{helper}") and "zombie" not in open(f"/proc/{helper}/status").read().lower():
            fail(f"{mode}: first-open ({helper}) still runs")
        if read_record(session.record) is not None:
            fail(f"{mode}: something was recorded:\n{read_record(session.record)}")
        host.stop(mode, may_have_exited=mode == "close-window")
    finally:
        host.kill()
    return {"close-window": "the host's window closed first: parent-gone, the window went with it, nothing recorded",
            "cancel": "cancelled: the window went, first-open ended, nothing recorded"}[mode]


def scenario_twice(args, root):
    session = Session(args, root, "twice")
    host = session.host(args.command, "twice")
    try:
        dialog = wait_for_window("Welcome to Car", host, "twice")
        host.wait_for_lines("outcome: already-showing", 1, "twice: the other call")
        # However long the second call took: one window, all along.
        for _ in range(10):
            found = windows("Welcome to Car")
            if found != [dialog]:
                fail(f"twice: windows titled 'Welcome to Car': {found}")
            time.sleep(0.1)
        press(dialog, "Return")
        host.wait_for_lines("outcome: shown", 1, "twice, after Return")
        outcomes = [line for line in host.lines() if line.startswith("outcome:")]
        if sorted(outcomes) != ["outcome: already-showing", "outcome: shown"]:
            fail(f"twice: outcomes {outcomes}")
        if f"Version={VERSION}\n" not in (read_record(session.record) or ""):
            fail(f"twice: the record does not hold {VERSION}:\n{read_record(session.record)}")
        host.stop("twice")
    finally:
        host.kill()
    return "two calls at once: one window; one call already-showing, the other shown after Return, recorded"


def scenario_keyboard(args, root):
    session = Session(args, root, "keyboard")
    stop_typing = threading.Event()
    typed = [0]

    def type_returns():
        while not stop_typing.is_set():
            run("xdotool", "key", "Return")
            typed[0] += 1
            time.sleep(0.05)
    typist = threading.Thread(target=type_returns)
    typist.start()
    host = session.host(args.command, "keyboard")
    try:
        try:
            dialog = wait_for_window("Welcome to Car", host, "keyboard")
            time.sleep(0.15)
        finally:
            stop_typing.set()
            typist.join()
        time.sleep(1.0)
        if windows("Welcome to Car") != [dialog] or read_record(session.record) is not None:
            fail(f"keyboard: {typed[0]} Returns typed while Welcome appeared dismissed it\n{host.output()}")
        if any(line.startswith("outcome:") for line in host.lines()):
            fail(f"keyboard: an outcome before the user dismissed Welcome\n{host.output()}")
        press(dialog, "Escape")
        host.wait_for_lines("outcome: shown", 1, "keyboard, after Escape")
        if f"Version={VERSION}\n" not in (read_record(session.record) or ""):
            fail(f"keyboard: Escape did not record {VERSION}:\n{read_record(session.record)}")
        wait_until_gone(dialog, "keyboard, after Escape")
        host.stop("keyboard, after Escape")
    finally:
        host.kill()
    return (f"{typed[0]} Returns typed from the host's start until 150 ms after Welcome mapped left it open, "
            "nothing recorded; Escape: shown, recorded")


CAPTURE = """
import sys
import gi
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gdk, GdkX11
window = GdkX11.X11Window.foreign_new_for_display(Gdk.Display.get_default(), int(sys.argv[1]))
Gdk.pixbuf_get_from_window(window, 0, 0, window.get_width(), window.get_height()).savev(sys.argv[2], "png", [], [])
"""


def capture(xid, path, what):
    """The window's pixels once drawn: two captures 0.5 s apart that are the same file."""
    previous = None
    for attempt in range(10):
        time.sleep(0.5)
        result = subprocess.run(["/usr/bin/python3", "-c", CAPTURE, str(xid), f"{path}.{attempt}.png"],
                                capture_output=True, text=True, timeout=20)
        if result.returncode != 0:
            fail(f"{what}: cannot capture window {xid:#x}: {result.stderr}")
        with open(f"{path}.{attempt}.png", "rb") as file:
            data = file.read()
        if data == previous:
            return data
        previous = data
    fail(f"{what}: window {xid:#x} kept changing")


def captured_welcome(session, command, what):
    host = session.host(command, what)
    try:
        dialog = wait_for_window("Welcome to Car", host, what)
        run("xdotool", "windowfocus", "--sync", str(dialog))
        return capture(dialog, os.path.join(session.root, what), what)
    finally:
        host.kill()


def scenario_same_pixels(args, root):
    gtk4 = Session(args, root, "pixels-gtk4")
    over_gtk4 = captured_welcome(gtk4, args.command, "over-gtk4")
    gtk3 = Session(args, root, "pixels-gtk3")
    gtk3.env["LD_LIBRARY_PATH"] = args.gtk3_lib_dir
    over_gtk3 = captured_welcome(gtk3, [args.gtk3_host] + args.command[-1:], "over-gtk3")
    if over_gtk4 != over_gtk3:
        fail(f"Welcome over the GTK 4 host differs from Welcome in the GTK 3 app: {gtk4.root}, {gtk3.root}")
    return f"Welcome over the GTK 4 host is Welcome of the GTK 3 path, pixel for pixel ({len(over_gtk4)} bytes of PNG)"


def scenario_gnome_shell(args, root):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    import desktops  # noqa: E402 (Tests/Desktops: starts and reads GNOME Shell)
    try:
        shell = desktops.GnomeShellWayland()
        shell.__enter__()
    except (desktops.DesktopError, OSError) as error:  # it fails, never skips
        fail(f"GNOME Shell did not start: {error}")
    try:
        def on_wayland(session):
            for name in ("XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_SESSION_TYPE",
                         "XDG_CURRENT_DESKTOP"):
                session.env[name] = shell.env[name]
            session.env["GDK_BACKEND"] = "wayland"
            session.env.pop("DISPLAY", None)
            return session

        def dialog_over(host, title):
            def found():
                host.check_running(title)
                return [w for w in shell.windows() if w.title == title and w.transient_for is not None]
            dialogs = desktops.wait_for(found, timeout=DEADLINE, step=0.2)
            if not dialogs:
                fail(f"GNOME Shell: no {title!r} with a parent: {shell.windows()}\n{host.output()}")
            dialog = dialogs[0]
            if dialog.transient_for != "Car" or dialog.fields.get("transient_pid") != host.process.pid:
                fail(f"GNOME Shell: {title!r} is transient for {dialog.transient_for!r} "
                     f"(pid {dialog.fields.get('transient_pid')}), not the host's window: {dialog}")
            if not dialog.modal:
                fail(f"GNOME Shell: {title!r} is not modal: {dialog}")
            return dialog

        shell.make_keyboard()
        session = on_wayland(Session(args, root, "shell"))
        host = session.host(args.command, "shell-example")
        try:
            dialog_over(host, "Welcome to Car")
            if not desktops.wait_for(lambda: [w for w in shell.windows() if w.title == "Welcome to Car" and w.focused],
                                     timeout=10, step=0.2):
                fail(f"GNOME Shell: Welcome does not get the focus: {shell.windows()}")
            check_maps(host, "GNOME Shell")
            if read_record(session.record) is not None:
                fail("GNOME Shell: the record was written before the window was dismissed")
            # Keys count from 0.5 s after the focus; a loaded machine handles the focus late:
            # Return again while nothing happened, as a person would (run-module-test.py).
            for _ in range(3):
                time.sleep(0.6)
                shell.press_key("Return")
                if desktops.wait_for(lambda: "outcome: shown" in host.lines(), timeout=3):
                    break
            host.wait_for_lines("outcome: shown", 1, "GNOME Shell, after Return")
            if f"Version={VERSION}\n" not in (read_record(session.record) or ""):
                fail(f"GNOME Shell: the record does not hold {VERSION}:\n{read_record(session.record)}")
            host.stop("GNOME Shell, after Return")
        finally:
            host.kill()

        shell_update(args, root, shell, on_wayland, dialog_over)

        gone = on_wayland(Session(args, root, "shell-gone"))
        host = gone.host(["/usr/bin/python3", args.host, args.command[-1], "close-window"], "shell-gone")
        try:
            dialog_over(host, "Welcome to Car")
            time.sleep(0.3)
            host.process.send_signal(signal.SIGUSR1)
            host.wait_for_lines("outcome: parent-gone", 1, "GNOME Shell, the host's window closed")
            if desktops.wait_for(lambda: not [w for w in shell.windows() if w.title == "Welcome to Car"],
                                 timeout=10, step=0.2) is None:
                fail(f"GNOME Shell: Welcome stayed after the host's window closed: {shell.windows()}")
            if read_record(gone.record) is not None:
                fail(f"GNOME Shell: recorded though Welcome was not dismissed:\n{read_record(gone.record)}")
            host.stop("GNOME Shell, the host's window closed", may_have_exited=True)
        finally:
            host.kill()
    finally:
        shell.stop()
    return ("GNOME Shell Wayland: Welcome transient for the host's window (xdg-foreign), modal, focused, "
            "Return: shown, recorded; after an update What's New the same; the host's window closing closed it: "
            "parent-gone, nothing recorded")


def shell_press_until(shell, host, wanted):
    """Return from GNOME Shell's virtual keyboard until the host reports `wanted`: keys count
    from 0.5 s after the focus, which a loaded machine handles late (run-module-test.py)."""
    for _ in range(3):
        time.sleep(0.6)
        shell.press_key("Return")
        if desktops_wait(lambda: wanted in host.lines(), timeout=3):
            return


def desktops_wait(predicate, timeout):
    return import_desktops().wait_for(predicate, timeout=timeout)


def shell_update(args, root, shell, on_wayland, dialog_over):
    """After an update (a record of 1.2.0) on GNOME Shell: What's New over the host's
    window, modal, focused; the host maps no GTK 3; Return: shown, 1.3.0 recorded."""
    session = on_wayland(Session(args, root, "shell-update", seed="1.2.0"))
    host = session.host(args.command, "shell-update")
    try:
        dialog_over(host, "What's New in Car")
        if not desktops_wait(lambda: [w for w in shell.windows() if w.title == "What's New in Car" and w.focused],
                             timeout=10):
            fail(f"GNOME Shell: What's New does not get the focus: {shell.windows()}")
        check_maps(host, "GNOME Shell, update")
        if "Version=1.2.0\n" not in (read_record(session.record) or ""):
            fail(f"GNOME Shell: the record changed before What's New was dismissed:\n{read_record(session.record)}")
        shell_press_until(shell, host, "outcome: shown")
        host.wait_for_lines("outcome: shown", 1, "GNOME Shell, What's New, after Return")
        if f"Version={VERSION}\n" not in (read_record(session.record) or ""):
            fail(f"GNOME Shell: the record does not hold {VERSION}:\n{read_record(session.record)}")
        host.stop("GNOME Shell, What's New, after Return")
    finally:
        host.kill()


# What decides whether a GTK 4 window on Wayland gets a handle: the compositor's globals and
# the protocols the host's GDK speaks (gdk_toplevel_export_handle: v2 where GDK has it and
# the compositor offers it, else v1). Asked of GDK, not of a release number.
XDG_FOREIGN_EXPORTERS = ("zxdg_exporter_v1", "zxdg_exporter_v2")
REGISTRY_PROBE = """
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("GdkWayland", "4.0")
from gi.repository import Gdk, GdkWayland, Gtk
Gtk.init()
display = Gdk.Display.get_default()
if not isinstance(display, GdkWayland.WaylandDisplay):
    raise SystemExit(f"not a Wayland display: {display!r}")
print(" ".join(name for name in EXPORTERS if display.query_registry(name)))
""".replace("EXPORTERS", repr(XDG_FOREIGN_EXPORTERS))


def xdg_foreign_exporters(session, host):
    """The xdg-foreign exporters both the compositor (its registry, asked through GDK on
    the session's display) and the host's GDK (the interface names in the libgtk-4 it
    maps) have: the empty set means no handle."""
    probe = subprocess.run(["/usr/bin/python3", "-c", REGISTRY_PROBE], env=session.env, capture_output=True,
                           text=True, timeout=60)
    if probe.returncode != 0:
        fail(f"the registry probe failed ({probe.returncode}): {probe.stderr}")
    offered = set(probe.stdout.split())
    with open(f"/proc/{host.process.pid}/maps", encoding="utf-8") as maps:
        gtk = sorted({line.split()[-1] for line in maps if os.path.basename(line.split()[-1]).startswith("libgtk-4.so")})
    if not gtk:
        fail(f"the host maps no libgtk-4: {host.output()}")
    with open(gtk[0], "rb") as library:
        code = library.read()
    spoken = {name for name in XDG_FOREIGN_EXPORTERS if name.encode() + b"\0" in code}
    return offered & spoken, offered, spoken, gtk[0]


def scenario_kwin(args, root):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    import desktops  # noqa: E402 (Tests/Desktops: starts and reads KWin)
    try:
        kwin = desktops.KWinWayland()
        kwin.__enter__()
    except (desktops.DesktopError, OSError) as error:  # it fails, never skips
        fail(f"KWin did not start: {error}")
    try:
        session = Session(args, root, "kwin")
        for name in ("XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_SESSION_TYPE",
                     "XDG_CURRENT_DESKTOP"):
            session.env[name] = kwin.env[name]
        session.env["GDK_BACKEND"] = "wayland"
        session.env.pop("DISPLAY", None)
        host = session.host(args.command, "kwin")
        try:
            def handle_line():
                host.check_running("KWin")
                return [line for line in host.lines() if line.startswith("window ")]
            said = desktops.wait_for(handle_line, timeout=DEADLINE, step=0.1)
            if not said:
                fail(f"KWin: the host did not report its window's handle\n{host.output()}")
            handle = said[0][len("window "):]
            # KWin 5.27 offers v2 only and GDK 4.8 speaks v1 only: no handle, Welcome
            # without a parent. KWin 6.3 and GDK 4.18 both have v2: a wayland: handle and
            # Welcome modal over the host's window (docs/desktops.md).
            common, offered, spoken, gtk = xdg_foreign_exporters(session, host)
            if common and not handle.startswith("wayland:"):
                fail(f"KWin: the compositor offers {sorted(offered)} and {gtk} speaks {sorted(spoken)}, "
                     f"but the host's window has no handle ({handle!r})")
            if not common and handle != "None":
                fail(f"KWin: the host's window has the handle {handle!r} though the compositor offers "
                     f"{sorted(offered)} and {gtk} speaks {sorted(spoken)}")

            def welcome():
                host.check_running("KWin")
                return [w for w in kwin.windows() if w.title == "Welcome to Car"
                        and (w.transient_for is not None or not common)]
            dialogs = desktops.wait_for(welcome, timeout=DEADLINE, step=0.3)
            if not dialogs:
                fail(f"KWin: no 'Welcome to Car'{' with a parent' if common else ''}: {kwin.windows()}\n"
                     f"{host.output()}")
            if common:
                if dialogs[0].transient_for != "Car":
                    fail(f"KWin: Welcome is not transient for the host's window 'Car': {dialogs[0]}")
                print(f"KWin: Welcome over the host's window: {dialogs[0]}")
            elif dialogs[0].transient_for is not None:
                fail(f"KWin: Welcome has a parent though the host's window has no handle: {dialogs[0]}")
            check_maps(host, "KWin")
            host.process.send_signal(signal.SIGUSR1)
            host.wait_for_lines("cancelled", 1, "KWin, cancelled")
            if desktops.wait_for(lambda: not [w for w in kwin.windows() if w.title == "Welcome to Car"],
                                 timeout=10, step=0.3) is None:
                fail(f"KWin: Welcome stayed after the call was cancelled: {kwin.windows()}")
            if read_record(session.record) is not None:
                fail(f"KWin: recorded though Welcome was not dismissed:\n{read_record(session.record)}")
            host.stop("KWin, cancelled")
        finally:
            host.kill()
    finally:
        kwin.stop()
    if common:
        return (f"KWin Wayland (xdg-foreign: KWin offers {sorted(offered)}, GDK speaks {sorted(spoken)}): "
                f"handle {handle.split(':')[0]}:..., Welcome transient for the host's window (KWin's scripting "
                "reports modal false over a foreign parent: docs/desktops.md); "
                "cancelled: it went, nothing recorded")
    return (f"KWin Wayland (xdg-foreign: KWin offers {sorted(offered)}, GDK speaks {sorted(spoken)}): no handle, "
            "Welcome shown without a parent; cancelled: it went, nothing recorded")


def import_desktops():
    """Tests/Desktops/desktops.py: starts and reads real desktops."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    import desktops  # noqa: E402
    return desktops


def start_desktop_window_manager(name):
    """xfwm4 or mutter --x11 on a private Xvfb of its own, with its session bus
    (desktops.py); this run's X tools and hosts use that display from here on."""
    desktops = import_desktops()
    try:
        wm = desktops.X11WindowManager(name)
        wm.__enter__()
    except (desktops.DesktopError, OSError) as error:  # it fails, never skips
        fail(f"{name} did not start: {error}")
    for variable in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_SESSION_TYPE"):
        if variable in wm.env:
            os.environ[variable] = wm.env[variable]
    return wm


def start_window_manager(env):
    wm = subprocess.Popen(["openbox", "--sm-disable", "--config-file", "/dev/null"], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while time.monotonic() < end:
        if "window id" in run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").stdout:
            return wm
        if wm.poll() is not None:
            break
        time.sleep(0.1)
    wm.kill()
    fail("openbox did not start")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--first-open", required=True)
    parser.add_argument("--helper", required=True)
    parser.add_argument("--lib-dir", action="append", required=True)
    parser.add_argument("--scenario", choices=["example", "parent-gone", "cancel", "twice", "keyboard", "same-pixels", "gnome-shell",
                                 "kwin"],
                        default="example")
    parser.add_argument("--host", help="client-host.py, for --scenario gnome-shell")
    parser.add_argument("--gtk3-host", help="examples/c's app (libfirst-open), for --scenario same-pixels")
    parser.add_argument("--gtk3-lib-dir", help="libfirst-open's folder, for --scenario same-pixels")
    parser.add_argument("--window-manager", choices=["openbox", "xfwm4", "mutter-x11"], default="openbox",
                        help="openbox on the test's display, or xfwm4 / mutter --x11 on a private Xvfb")
    parser.add_argument("--toolkit", choices=sorted(TOOLKIT_LIBRARIES), default="gtk4",
                        help="the host's toolkit, whose library it must map (qt: examples/qt)")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    global toolkit_library
    toolkit_library = TOOLKIT_LIBRARIES[args.toolkit]

    if not os.environ.get("DISPLAY"):
        if os.environ.get("FIRST_OPEN_REQUIRE_DISPLAY") == "1":
            fail("no DISPLAY (run under xvfb-run)")
        print("SKIP: no DISPLAY (run under xvfb-run)")
        sys.exit(77)
    for tool in ("xdotool", "xprop", "openbox"):
        if shutil.which(tool) is None:
            fail(f"{tool} is not installed")
    if args.scenario in ("gnome-shell", "kwin"):
        with tempfile.TemporaryDirectory(prefix="first-open-client-") as root:
            said = scenario_gnome_shell(args, root) if args.scenario == "gnome-shell" else scenario_kwin(args, root)
        print(f"ok: {os.path.basename(args.command[-2] if len(args.command) > 1 else args.command[0])}: {said}")
        return
    if args.window_manager == "openbox":
        wm = start_window_manager(dict(os.environ))
    else:
        desktop = start_desktop_window_manager(args.window_manager)
    try:
        with tempfile.TemporaryDirectory(prefix="first-open-client-") as root:
            if args.scenario == "example":
                said = scenario_example(args, root)
            elif args.scenario == "twice":
                said = scenario_twice(args, root)
            elif args.scenario == "keyboard":
                said = scenario_keyboard(args, root)
            elif args.scenario == "same-pixels":
                said = scenario_same_pixels(args, root)
            else:
                said = scenario_gone(args, root, "close-window" if args.scenario == "parent-gone" else "cancel")
    finally:
        if args.window_manager == "openbox":
            wm.terminate()
            try:
                wm.wait(5)
            except subprocess.TimeoutExpired:
                wm.kill()
        else:
            desktop.stop()
    print(f"ok: {args.window_manager}: {os.path.basename(args.command[-2] if len(args.command) > 1 else args.command[0])}: {said}")


if __name__ == "__main__":
    # The hosts run on a session bus of the test's own, with nothing activatable on it
    # (Tests/Desktops/session_bus.py): GTK 4 and libadwaita activate the desktop's portals
    # on the bus they inherit, and xdg-document-portal's mount outlived the test (issue 30.9).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    from session_bus import LeftBehind, PrivateSessionBus  # noqa: E402
    try:
        with PrivateSessionBus():
            main()
    except LeftBehind as error:
        fail(f"the test left something behind: {error}")
