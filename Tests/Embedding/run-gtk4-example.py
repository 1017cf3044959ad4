#!/usr/bin/python3
"""Runs examples/swift-gtk4 (a Swift GTK 4 app on FirstOpenClient) as a user would, under
an X11 window manager (openbox, started here), four times, then twice under xfwm4 and twice
on GNOME Shell Wayland:

1. First start, fresh private state: "Welcome to Car" must appear, transient for the
   app's own window (WM_TRANSIENT_FOR, read with xprop), with nothing recorded yet; the
   app process must have libgtk-4 and no libgtk-3 mapped (/proc/PID/maps). Return
   (0.6 s after focus: the window ignores keys for 0.5 s) must dismiss it; the app must
   report "shown and dismissed: welcome" and the record hold 1.3.0.
   A second instance started at the same time must show no window of its own and report
   "nothing due: another first-open is already showing org.example.Car" (the lock).
2. Second start: the app must report "nothing due" and the record stay.
3. Update (1.4.0 appended): "What's New in Car", transient, Return, "shown and dismissed:
   whats-new", record 1.4.0.
4. Parent gone: another update (1.5.0): while "What's New in Car" is open the app goes
   away (SIGTERM, so its window is destroyed): the window must close and nothing be
   recorded.
5. Wayland: a first start on headless GNOME Shell (Tests/Desktops/desktops.py), the app
   and first-open without DISPLAY: the window's handle is exported through xdg-foreign
   (`wayland:HANDLE`), "Welcome to Car" must be modal, transient for "Car" (as GNOME
   Shell reports it) and focused; Return (from GNOME Shell's virtual keyboard) must
   dismiss it, the app report "shown and dismissed: welcome" and the record hold 1.3.0;
   then an update (1.4.0): "What's New in Car" the same way, recorded 1.4.0.
6. xfwm4 (before 5, on a private Xvfb): a first start and an update, Welcome then What's
   New, modal and transient for the app's window, dismissed with Return, recorded.
Every dialog under an X11 window manager must be modal (_NET_WM_STATE_MODAL).
No `first-open-client-*` folder may be left in $TMPDIR (the killed app's included).

`first-open` comes from BIN_DIR, put first on PATH (the app runs `first-open` from PATH).

    run-gtk4-example.py BIN_DIR APP
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import DEADLINE, fail, read_record, run, transient_for, wait  # noqa: E402

APP_ID = "org.example.Car"


def windows_named(title):
    return [str(window) for window in testing.windows(title)]


def app_windows_shown(count):
    windows = windows_named("Car")
    return windows if len(windows) >= count else None


class App(testing.LoggedProcess):
    def wait_for_outcome(self, what):
        def outcome():
            for line in self.output().splitlines():
                if line.startswith("car-app-gtk4: ") and not line.startswith("car-app-gtk4: this window"):
                    return line.removeprefix("car-app-gtk4: ")
            if self.process.poll() is not None:
                fail(f"{what}: the app exited ({self.process.returncode}):\n{self.output()}")
            return None
        return wait(f"{what}: no outcome from the app", outcome)


def check_libraries(pid, what):
    names = testing.maps_libraries(pid)
    if not any("libgtk-4" in name for name in names):
        fail(f"{what}: the app has no libgtk-4 mapped")
    if any("libgtk-3" in name for name in names):
        fail(f"{what}: the app has libgtk-3 mapped")


def show_and_dismiss(command, env, root, record, title, kind, version, seeded, what, twice=False):
    app = App(command, env, os.path.join(root, what.replace(" ", "-") + ".log"))
    other = App(command, env, os.path.join(root, what.replace(" ", "-") + "-other.log")) if twice else None
    try:
        app_windows = wait(f"{what}: not {1 + twice} windows 'Car'", lambda: app_windows_shown(1 + twice),
                           (app, other))
        dialog = wait(f"{what}: no window {title!r}", lambda: windows_named(title), (app, other))[-1]
        parent = transient_for(dialog)
        if parent not in [int(window) for window in app_windows]:
            fail(f"{what}: {title!r} is transient for {parent!r}, not for the app's window {app_windows}")
        check_modal(dialog, title, what)
        if other:
            # Which instance shows it is a race; the other must say why it shows nothing.
            shower, quiet = (app, other) if transient_is_of(parent, app.process.pid) else (other, app)
            outcome = quiet.wait_for_outcome(what + ", the other instance")
            if outcome != f"nothing due: another first-open is already showing {APP_ID}":
                fail(f"{what}: the other instance reported {outcome!r}\n{quiet.output()}")
            if len(windows_named(title)) != 1:
                fail(f"{what}: {len(windows_named(title))} windows titled {title!r}")
            quiet.stop(what + ", the other instance")
            app = shower
        check_libraries(app.process.pid, what)
        if (read_record(record) is not None) != seeded:
            fail(f"{what}: the record was written before the window was dismissed")
        testing.press(dialog, "Return")
        outcome = app.wait_for_outcome(what)
        if outcome != f"shown and dismissed: {kind}":
            fail(f"{what}: the app reported {outcome!r}\n{app.output()}")
        if not testing.records(record, version):
            fail(f"{what}: the record does not hold Version={version}:\n{read_record(record)}")
        check_libraries(app.process.pid, what + ", after dismissal")
        app.stop(what)
    finally:
        for instance in (app, other):
            if instance:
                instance.kill()


def check_modal(dialog, title, what):
    """The window manager keeps it modal: _NET_WM_STATE holds _NET_WM_STATE_MODAL."""
    state = run("xprop", "-id", dialog, "_NET_WM_STATE").stdout
    if "_NET_WM_STATE_MODAL" not in state:
        fail(f"{what}: {title!r} is not modal ({state.strip()!r})")


def transient_is_of(window, pid):
    """Whether X window `window` belongs to process `pid` (_NET_WM_PID)."""
    out = run("xprop", "-id", str(window), "_NET_WM_PID").stdout
    return out.strip().endswith(f"= {pid}")


def parent_goes_first(command, env, root, record, title, what):
    app = App(command, env, os.path.join(root, what.replace(" ", "-") + ".log"))
    try:
        wait(f"{what}: no window {title!r}", lambda: windows_named(title))
        app.process.send_signal(signal.SIGTERM)
        app.process.wait(10)
        wait(f"{what}: {title!r} still open after its parent went away", lambda: not windows_named(title))
        time.sleep(0.5)
        if not testing.records(record, "1.4.0"):
            fail(f"{what}: the record changed:\n{read_record(record)}")
    finally:
        app.kill()


def wayland_first_start(app_path, bin_dir):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    import desktops  # noqa: E402 (needs python3-gi; GNOME Shell is in scripts/setup.sh)
    what = "wayland first start"
    with tempfile.TemporaryDirectory(prefix="first-open-gtk4-wayland-") as root, \
            desktops.GnomeShellWayland() as desktop:
        env = dict(desktop.env)
        record = os.path.join(testing.private_xdg(env, root), APP_ID + ".state")
        env.pop("DISPLAY", None)
        env["GDK_BACKEND"] = "wayland"
        env["PATH"] = bin_dir + ":" + env.get("PATH", "/usr/bin:/bin")
        # The window helper of the same build: a first-open that Meson's build configured
        # names the installed one (/usr/local/libexec/…), which is not there.
        env["FIRST_OPEN_HELPER"] = os.path.join(bin_dir, "first-open-window")
        env["NO_AT_BRIDGE"] = "1"
        desktop.make_keyboard()  # early: a new virtual keyboard drops its first keys
        app = App([app_path], env, os.path.join(root, "wayland.log"))
        try:
            def dialog():
                return next((w for w in desktop.windows() if w.title == "Welcome to Car" and w.focused), None)
            window = desktops.wait_for(dialog, timeout=DEADLINE)
            if not window:
                fail(f"{what}: no focused 'Welcome to Car' within {DEADLINE:.0f} s: "
                     f"{desktop.windows()}\n{app.output()}")
            if window.transient_for != "Car" or not window.modal:
                fail(f"{what}: 'Welcome to Car' is not modal and transient for 'Car': {window}")
            check_libraries(app.process.pid, what)
            if read_record(record) is not None:
                fail(f"{what}: the record was written before the window was dismissed")
            time.sleep(1.0)  # past the window's 0.5 s guard after focus
            desktop.press_key("Return")
            outcome = app.wait_for_outcome(what)
            if outcome != "shown and dismissed: welcome":
                fail(f"{what}: the app reported {outcome!r}\n{app.output()}")
            if not testing.records(record, "1.3.0"):
                fail(f"{what}: the record does not hold Version=1.3.0:\n{read_record(record)}")
            app.stop(what)
        finally:
            if app.process.poll() is None:
                app.process.kill()
        wayland_update_start(desktop, desktops, [app_path, "1.4.0"], env, root, record)


def wayland_update_start(desktop, desktops, command, env, root, record):
    """After the first start on GNOME Shell, an update to 1.4.0: "What's New in Car" modal,
    transient for "Car", focused; Return: shown and dismissed, 1.4.0 recorded."""
    what = "wayland update start"
    app = App(command, env, os.path.join(root, "wayland-update.log"))
    try:
        window = desktops.wait_for(lambda: next((w for w in desktop.windows()
                                                 if w.title == "What's New in Car" and w.focused), None),
                                   timeout=DEADLINE)
        if not window:
            fail(f"{what}: no focused 'What's New in Car': {desktop.windows()}\n{app.output()}")
        if window.transient_for != "Car" or not window.modal:
            fail(f"{what}: 'What's New in Car' is not modal and transient for 'Car': {window}")
        check_libraries(app.process.pid, what)
        if "Version=1.3.0\n" not in (read_record(record) or ""):
            fail(f"{what}: the record changed before the window was dismissed:\n{read_record(record)}")
        time.sleep(1.0)  # past the window's 0.5 s guard after focus
        desktop.press_key("Return")
        outcome = app.wait_for_outcome(what)
        if outcome != "shown and dismissed: whats-new":
            fail(f"{what}: the app reported {outcome!r}\n{app.output()}")
        if "Version=1.4.0\n" not in (read_record(record) or ""):
            fail(f"{what}: the record does not hold Version=1.4.0:\n{read_record(record)}")
        app.stop(what)
    finally:
        if app.process.poll() is None:
            app.process.kill()


def x11_window_manager_starts(app_path, bin_dir, name):
    """A first start and an update under another X11 window manager of the test bed (xfwm4,
    mutter --x11), on a private Xvfb (desktops.py): Welcome, then What's New, each modal and
    transient for the app's window, dismissed with Return, recorded."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    import desktops  # noqa: E402
    with tempfile.TemporaryDirectory(prefix="first-open-gtk4-" + name + "-") as root, \
            desktops.X11WindowManager(name) as desktop:
        env = dict(desktop.env)
        for variable, sub in [("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
                              ("XDG_CONFIG_DIRS", "etc-xdg"), ("XDG_DATA_HOME", "data")]:
            env[variable] = os.path.join(root, sub)
            os.makedirs(env[variable], exist_ok=True)
        env["PATH"] = bin_dir + ":" + env.get("PATH", "/usr/bin:/bin")
        env["FIRST_OPEN_HELPER"] = os.path.join(bin_dir, "first-open-window")
        env["NO_AT_BRIDGE"] = "1"
        record = os.path.join(env["XDG_STATE_HOME"], "first-open", APP_ID + ".state")
        display = os.environ.get("DISPLAY")
        os.environ["DISPLAY"] = desktop.env["DISPLAY"]  # xdotool and xprop read that display
        try:
            show_and_dismiss([app_path], env, root, record, "Welcome to Car", "welcome", "1.3.0", False,
                             name + " first start")
            show_and_dismiss([app_path, "1.4.0"], env, root, record, "What's New in Car", "whats-new", "1.4.0",
                             True, name + " update start")
        finally:
            os.environ["DISPLAY"] = display


def main():
    bin_dir, app_path = sys.argv[1:3]
    testing.require_display("xdotool", "xprop", "openbox")
    for program in ("first-open", "first-open-window"):
        if not os.access(os.path.join(bin_dir, program), os.X_OK):
            fail(f"no {program} in {bin_dir}")

    with tempfile.TemporaryDirectory(prefix="first-open-gtk4-example-") as root:
        env = dict(os.environ)
        record = os.path.join(testing.private_xdg(env, root, home=True), APP_ID + ".state")
        env["PATH"] = bin_dir + ":" + env.get("PATH", "/usr/bin:/bin")
        # The window helper of the same build: a first-open that Meson's build configured
        # names the installed one (/usr/local/libexec/…), which is not there.
        env["FIRST_OPEN_HELPER"] = os.path.join(bin_dir, "first-open-window")
        env["NO_AT_BRIDGE"] = "1"
        env.pop("GDK_BACKEND", None)

        # A window manager, for WM_TRANSIENT_FOR to mean what it does on a desktop.
        manager = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            show_and_dismiss([app_path], env, root, record, "Welcome to Car", "welcome", "1.3.0", False,
                             "first start", twice=True)

            second = App([app_path], env, os.path.join(root, "second.log"))
            try:
                outcome = second.wait_for_outcome("second start")
                if not outcome.startswith("nothing due: "):
                    fail(f"second start: the app reported {outcome!r}\n{second.output()}")
                if windows_named("Welcome to Car") or windows_named("What's New in Car"):
                    fail("second start: a window is on screen")
                second.stop("second start")
            finally:
                second.kill()
            if not testing.records(record, "1.3.0"):
                fail(f"second start: the record changed:\n{read_record(record)}")

            show_and_dismiss([app_path, "1.4.0"], env, root, record, "What's New in Car", "whats-new", "1.4.0",
                             True, "update start")
            parent_goes_first([app_path, "1.5.0"], env, root, record, "What's New in Car", "parent gone")
        finally:
            manager.terminate()
            manager.wait(10)
    x11_window_manager_starts(app_path, bin_dir, "xfwm4")
    wayland_first_start(app_path, bin_dir)
    left = [name for name in os.listdir(tempfile.gettempdir()) if name.startswith("first-open-client-")]
    if left:
        fail(f"the client left {left} in {tempfile.gettempdir()}")
    print("ok: car-app-gtk4: 'Welcome to Car' transient for the app's window, once for two instances "
          "started together, dismissed with Return, recorded 1.3.0; second start: nothing due; update to 1.4.0: "
          "'What's New in Car' transient, dismissed with Return, recorded; the app gone under the window: "
          "closed, nothing recorded; under xfwm4 Welcome then What's New, modal and transient, recorded on Return; "
          "on GNOME Shell Wayland: 'Welcome to Car' then (update) 'What's New in Car' modal, transient for 'Car', "
          "dismissed with Return, recorded; libgtk-4 and no libgtk-3 in the app")


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
