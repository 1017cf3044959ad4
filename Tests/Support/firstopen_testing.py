"""What the Python test programs share: failing in one line, the display requirement,
a program's output in a log file, waits with a deadline, X windows found and driven with
xdotool and read with xprop, the private XDG folders of a start, and the record.

The programs import it by path, as they are run (Meson, scripts/test.sh, by hand):

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
    import firstopen_testing as testing  # noqa: E402

Keep it small: what two test programs would otherwise write twice.
"""
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
