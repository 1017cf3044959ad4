"""What the Python test programs share: failing in one line, the display requirement,
a program's output in a log file, waits with a deadline, X windows found and driven with
xdotool and read with xprop, the private XDG folders of a start, and the record.

The programs import it by path, as they are run (Meson, scripts/test.sh, by hand):

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
    import firstopen_testing as testing  # noqa: E402

Keep it small: what two test programs would otherwise write twice.
"""
import ctypes
import os
import shutil
import signal
import subprocess
import sys
import time

# Tests/, where the test programs' folders are.
TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# How long a test waits for what it needs (a window, a line, a record): generous, since
# a loaded machine is slow; what comes ends the wait at once.
DEADLINE = 30.0


def fail(message):
    """Ends the test program: one FAIL line (and what follows it) on stderr, exit 1."""
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def check(what, condition):
    """One check of a test program: `ok: WHAT` on stdout, or the program fails with it."""
    if not condition:
        fail(what)
    print(f"ok: {what}")


def gtk3_host_window(Gtk):
    """GTK 3 (the `Gtk` the caller imported, 3.0) started and a shown window titled
    "Host": the parent an app of libfirst-open hands to the presenter."""
    Gtk.init([])
    window = Gtk.Window(title="Host")
    window.show()
    return window


def require_display(*tools):
    """Skips (exit 77, Meson's skip) without DISPLAY, or fails when the suite requires a
    display (FIRST_OPEN_REQUIRE_DISPLAY=1, scripts/test.sh); fails when one of `tools` is
    not on PATH."""
    if not os.environ.get("DISPLAY"):
        if os.environ.get("FIRST_OPEN_REQUIRE_DISPLAY") == "1":
            fail("no DISPLAY (run under xvfb-run)")
        print("SKIP: no DISPLAY (run under xvfb-run)")
        sys.exit(77)
    for tool in tools:
        if shutil.which(tool) is None:
            fail(f"{tool} is not installed")


def run(*command):
    """Runs a short command (xdotool, xprop) to its end: its status and text output."""
    return subprocess.run(command, capture_output=True, text=True, timeout=20)


def wait(what, found, logs=(), deadline=DEADLINE, interval=0.05):
    """The first true value of `found()` within `deadline` seconds; else fails with
    `what` and the output of each of `logs` (LoggedProcess), so that a failure in CI can
    be read."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        result = found()
        if result:
            return result
        time.sleep(interval)
    said = "".join(f"\n--- {log.log_path}:\n{log.output()}" for log in logs if log)
    fail(f"{what} within {deadline:.0f} s{said}")


class LoggedProcess:
    """A program started with its stdout and stderr in a log file (never a pipe, which a
    chatty program could fill)."""

    def __init__(self, command, env, log_path):
        self.log_path = log_path
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)

    def output(self):
        """Everything it printed so far."""
        with open(self.log_path, "rb") as log:
            return log.read().decode("utf-8", "replace")

    def lines(self):
        return self.output().splitlines()

    def running(self):
        return self.process.poll() is None

    def stop(self, what):
        """Ends it with SIGTERM (SIGKILL after 10 s); it must still be running."""
        if not self.running():
            fail(f"{what}: the app is not running any more (exit {self.process.returncode})\n{self.output()}")
        self.terminate()

    def terminate(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def kill(self):
        """Kills it if it still runs (in a `finally`: a failed test leaves nothing behind)."""
        if self.running():
            self.process.kill()
            self.process.wait()


def start_openbox(env, *arguments):
    """openbox on the test's X server (its default configuration, or as `arguments` say),
    once it manages windows (_NET_SUPPORTING_WM_CHECK); fails when it does not start."""
    manager = subprocess.Popen(["openbox", "--sm-disable", *arguments], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while time.monotonic() < end:
        if "window id" in run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").stdout:
            return manager
        if manager.poll() is not None:
            break
        time.sleep(0.1)
    manager.kill()
    fail("openbox did not start")


def finish(process, timeout=10):
    """Waits for a process started with pipes (killed after `timeout` seconds):
    its status, stdout and stderr."""
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    return process.returncode, out, err


def desktops():
    """Tests/Desktops/desktops.py, which starts and reads real desktops (needs python3-gi;
    the desktops are in scripts/setup.sh)."""
    sys.path.insert(0, os.path.join(TESTS, "Desktops"))
    import desktops as module
    return module


def start_desktop(kind, name):
    """A desktop of desktops.py (`kind`, e.g. desktops().GnomeShellWayland) started; the
    test fails, never skips, when it does not start. Its `stop()` ends it."""
    module = desktops()
    try:
        desktop = kind()
        desktop.__enter__()
    except (module.DesktopError, OSError) as error:
        fail(f"{name} did not start: {error}")
    return desktop


def on_wayland(env, desktop):
    """Points `env` into a Wayland desktop's session (its runtime folder, display, bus,
    session type and desktop name), GDK on Wayland and no DISPLAY; returns `env`."""
    for name in ("XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_SESSION_TYPE",
                 "XDG_CURRENT_DESKTOP"):
        env[name] = desktop.env[name]
    env["GDK_BACKEND"] = "wayland"
    env.pop("DISPLAY", None)
    return env


def windows(title, pid=None):
    """The visible X windows titled exactly `title` (of process `pid`), oldest first."""
    command = ["xdotool", "search", "--onlyvisible"]
    if pid is not None:
        command += ["--pid", str(pid)]
    return [int(window) for window in run(*command, "--name", f"^{title}$").stdout.split()]


def window_property(xid, name):
    """An X window's property as xprop prints its value (after `=` or `#`), or None."""
    text = run("xprop", "-id", str(xid), name).stdout
    return text.split("=", 1)[-1].split("#")[-1].strip() if ("#" in text or "=" in text) else None


def transient_for(xid):
    """The window an X window is transient for (WM_TRANSIENT_FOR), or None."""
    value = window_property(xid, "WM_TRANSIENT_FOR")
    return int(value, 16) if value and value.startswith("0x") else None


def press(xid, key):
    """Focuses an X window and presses `key` in it, past the window's guard."""
    run("xdotool", "windowfocus", "--sync", str(xid))
    time.sleep(0.6)  # keys count from 0.5 s after the window was shown or focused (docs/window.md)
    pressed = run("xdotool", "key", "--clearmodifiers", key)
    if pressed.returncode != 0:
        fail(f"xdotool key {key}: {pressed.stderr.strip()}")


class _WindowAttributes(ctypes.Structure):
    # Xlib's XWindowAttributes, for its map_state.
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("class_", ctypes.c_int), ("bit_gravity", ctypes.c_int),
                ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong),
                ("map_installed", ctypes.c_int), ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


class XClient:
    """One X connection of the test's own (libX11 and libXtst): keys typed as a person
    types them (XTEST, as `xdotool key`) and whether a window is shown, with no program
    started per key or per look. On a loaded machine starting xdotool took longer than
    the 0.5 s of the typed-ahead guard (a test that typed "until 150 ms after the window
    is mapped" typed on well past them), and `xdotool search`, which reads every window
    of the tree, took more than 20 s over an app's 500 windows. Each key is in the server
    when `key` returns (XSync)."""

    _IS_VIEWABLE = 2

    def __init__(self, display):
        self.x = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        x = self.x
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XStringToKeysym.restype = ctypes.c_ulong
        x.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x.XKeysymToKeycode.restype = ctypes.c_ubyte
        x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long,
                                         ctypes.c_long, ctypes.c_int, ctypes.c_ulong,
                                         ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
                                         ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                                         ctypes.POINTER(ctypes.c_void_p)]
        x.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(_WindowAttributes)]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        # A window may go between two requests about it: its BadWindow is an answer here,
        # not the end of the test program (Xlib's default handler exits).
        self._ignore_errors = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda *_: 0)
        x.XSetErrorHandler(self._ignore_errors)
        self.display = x.XOpenDisplay(display.encode())
        if not self.display:
            fail(f"cannot open display {display}")
        self.root = x.XDefaultRootWindow(self.display)
        self.atoms = {name: x.XInternAtom(self.display, name.encode(), 0)
                      for name in ("_NET_CLIENT_LIST", "_NET_WM_NAME", "UTF8_STRING")}

    def close(self):
        if self.display:
            self.x.XCloseDisplay(self.display)
            self.display = None

    def key(self, name):
        """Presses and releases `name` (a keysym name: "Return") in whatever has the focus."""
        code = self.x.XKeysymToKeycode(self.display, self.x.XStringToKeysym(name.encode()))
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x.XSync(self.display, 0)

    def _property(self, window, atom, kind):
        actual, format_, count, after = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        if self.x.XGetWindowProperty(self.display, window, atom, 0, 1 << 20, 0, kind, ctypes.byref(actual),
                                     ctypes.byref(format_), ctypes.byref(count), ctypes.byref(after),
                                     ctypes.byref(data)) != 0 or not data.value:
            return None
        try:
            if format_.value == 32:  # Xlib hands 32-bit items as longs
                return list((ctypes.c_ulong * count.value).from_address(data.value))
            return ctypes.string_at(data.value, count.value)
        finally:
            self.x.XFree(data)

    def shown(self, *titles):
        """The X ids of the windows the window manager manages (_NET_CLIENT_LIST) that are
        titled one of `titles` and viewable (as `xdotool search --onlyvisible`)."""
        found = []
        for window in self._property(self.root, self.atoms["_NET_CLIENT_LIST"], 33) or []:  # XA_WINDOW
            name = self._property(window, self.atoms["_NET_WM_NAME"], self.atoms["UTF8_STRING"])
            if name is None or name.decode("utf-8", "replace") not in titles:
                continue
            attributes = _WindowAttributes()
            if self.x.XGetWindowAttributes(self.display, window, ctypes.byref(attributes)) and \
                    attributes.map_state == self._IS_VIEWABLE:
                found.append(window)
        return found


def without_swift(value):
    """A PATH-like list without the Swift toolchain's folders: an app must not find the
    toolchain's libraries by accident."""
    return ":".join(p for p in value.split(":") if p and "swift" not in p.lower())


def private_xdg(env, root, home=False, cache=False):
    """Points the XDG state, config and data folders of `env` (and HOME, XDG_CACHE_HOME)
    into `root`, made here; returns the record folder (XDG_STATE_HOME/first-open)."""
    folders = [("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
               ("XDG_CONFIG_DIRS", "etc-xdg"), ("XDG_DATA_HOME", "data")]
    folders += [("XDG_CACHE_HOME", "cache")] if cache else []
    folders += [("HOME", "home")] if home else []
    for name, sub in folders:
        env[name] = os.path.join(root, sub)
        os.makedirs(env[name], exist_ok=True)
    return os.path.join(env["XDG_STATE_HOME"], "first-open")


def read_record(path):
    """The record file's text, or None when there is none."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError:
        return None


def seed_record(path, version):
    """Records `version` as seen, as an earlier dismissal would have."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(f"[First Open]\nVersion={version}\n")


def records(path, version):
    """Whether the record holds `version`."""
    return f"Version={version}\n" in (read_record(path) or "")


def maps_libraries(pid):
    """The file names of the libraries process `pid` has mapped (/proc/PID/maps)."""
    with open(f"/proc/{pid}/maps", encoding="utf-8") as maps:
        return {os.path.basename(line.split()[-1]) for line in maps if "/" in line}
