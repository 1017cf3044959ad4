"""Real desktops as the test bed: starts a compositor or window manager the way
scripts/test.sh starts Xvfb, and reads what *it* says about our windows.

    with GnomeShellWayland() as desktop:      # gnome-shell --headless --wayland (mutter inside)
        desktop.env                           # the environment a client of it runs in
        desktop.windows()                     # [Window]: as the compositor sees them

- GNOME Shell on Wayland: `gnome-shell --headless --wayland --no-x11 --virtual-monitor`,
  asked with `org.gnome.Shell.Eval` (`--unsafe-mode`): mutter's own `MetaWindow`s.
- mutter on Wayland (`mutter --headless --wayland --virtual-monitor`): mutter's debug log
  (`MUTTER_VERBOSE`): where it placed each window and why.
- KWin on Wayland: `kwin_wayland --virtual`, asked with a KWin script (print() goes to
  KWin's stderr). Debian's binary carries a file capability (cap_sys_resource) that a
  container refuses to exec: a copy without it runs (the copy's name must end with
  `kwin_wayland`: KWin's platform plugin refuses any other program).
- X11 window managers (xfwm4, openbox, mutter --x11) on a private Xvfb: what they set
  (`_NET_FRAME_EXTENTS`, `_NET_WM_STATE`, `_NET_ACTIVE_WINDOW`, `_NET_WORKAREA`) and what
  the X server says (xwininfo).

Each desktop runs on private D-Bus buses (mutter and GNOME Shell want a system bus; an
empty one serves) in a private XDG_RUNTIME_DIR. A desktop that cannot start raises
DesktopError: the test fails, it never skips."""
import ctypes
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

import gi
from gi.repository import Gio, GLib  # noqa: E402


class DesktopError(Exception):
    pass


BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>{kind}</type>
  <listen>unix:dir={folder}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


_libc = ctypes.CDLL(None, use_errno=True)


def _die_with_parent():
    """In a started desktop process: killed when the harness dies, however it dies (a
    test killed at its time-out left GNOME Shell running)."""
    _libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def wait_for(predicate, timeout=20.0, step=0.05):
    """predicate()'s first true value within timeout seconds, else None."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            return None
        time.sleep(step)


class Window:
    """One toplevel as the desktop reports it. x, y, width, height: the visible frame
    (title bar or header bar included, client-side shadows excluded)."""

    def __init__(self, **fields):
        self.title = fields.get("title")
        self.x = fields.get("x")
        self.y = fields.get("y")
        self.width = fields.get("width")
        self.height = fields.get("height")
        self.transient_for = fields.get("transient_for")  # the parent's title, or None
        self.modal = fields.get("modal")
        self.focused = fields.get("focused")
        self.wm_class = fields.get("wm_class")  # (instance, class) on X11; class only on Wayland
        self.app_id = fields.get("app_id")  # Wayland app id / GTK application id
        self.app = fields.get("app")  # the desktop file the desktop matched it to
        self.app_name = fields.get("app_name")
        self.type = fields.get("type")
        self.fields = fields

    @property
    def centre(self):
        return (self.x + self.width / 2, self.y + self.height / 2)

    def __repr__(self):
        return "Window(%s)" % json.dumps(self.fields, sort_keys=True)


def offset(window, other):
    """How far window's centre is from other's (a Window or a rect (x, y, w, h))."""
    if not isinstance(other, Window):
        x, y, w, h = other
        other = Window(x=x, y=y, width=w, height=h)
    (ax, ay), (bx, by) = window.centre, other.centre
    return (ax - bx, ay - by)


class Desktop:
    """A private session: runtime folder, session and system buses, the desktop's process."""

    name = "desktop"
    wayland = True

    def __init__(self, width=1280, height=800):
        self.width = width
        self.height = height
        self.folder = tempfile.mkdtemp(prefix="first-open-%s-" % self.name)
        self.runtime = os.path.join(self.folder, "runtime")
        os.mkdir(self.runtime, 0o700)
        self.processes = []
        self.log_path = os.path.join(self.folder, "desktop.log")
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("DISPLAY", "WAYLAND_DISPLAY", "GDK_BACKEND", "DBUS_SESSION_BUS_ADDRESS",
                                 "DBUS_SYSTEM_BUS_ADDRESS", "NO_AT_BRIDGE", "XDG_SESSION_TYPE",
                                 "XDG_CURRENT_DESKTOP")}
        self.env["XDG_RUNTIME_DIR"] = self.runtime
        # A home of its own: the desktops write their settings and caches there (kwinrc,
        # ksycoca, xfconf, dconf, gnome-shell's state), never into the host user's home.
        home = os.path.join(self.folder, "home")
        self.env["HOME"] = home
        for name, sub in [("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"),
                          ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state")]:
            self.env[name] = os.path.join(home, sub)
            os.makedirs(self.env[name], mode=0o700)
        # Settings in a keyfile of that home (the private buses have no dconf service), set
        # as a returning user's: GNOME Shell 43 opens its "Welcome to GNOME" tour dialog,
        # modal in the overview, for a user who never saw it, and a window waiting for the
        # overview to close would wait for the tour (check-desktop.py's overview check
        # shows the start-up overview itself).
        self.env["GSETTINGS_BACKEND"] = "keyfile"
        settings = os.path.join(self.env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
        os.makedirs(settings)
        with open(os.path.join(settings, "keyfile"), "w") as f:
            f.write("[org/gnome/shell]\nwelcome-dialog-last-shown-version='%s'\n" % "999")
        # No accessibility bus on these buses: GTK would wait for one.
        self.env["NO_AT_BRIDGE"] = "1"
        self.env["GDK_GL"] = "disable"
        self.env["GSK_RENDERER"] = "cairo"
        self.env["GTK_A11Y"] = "none"

    # -- processes

    def spawn(self, argv, env=None, log=None, **kwargs):
        out = open(log, "ab") if log else subprocess.DEVNULL
        process = subprocess.Popen(argv, env=env or self.env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True, preexec_fn=_die_with_parent,
                                   **kwargs)
        self.processes.append(process)
        return process

    def bus(self, kind):
        folder = os.path.join(self.folder, kind + "-bus")
        os.mkdir(folder)
        config = os.path.join(self.folder, kind + "-bus.conf")
        with open(config, "w") as f:
            f.write(BUS_CONFIG.format(kind=kind, folder=folder))
        read, write = os.pipe()
        process = subprocess.Popen(["dbus-daemon", "--config-file=" + config, "--nofork",
                                    "--print-address=%d" % write], pass_fds=[write],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True, preexec_fn=_die_with_parent)
        os.close(write)
        self.processes.append(process)
        with os.fdopen(read) as f:
            address = f.readline().strip()
        if not address:
            raise DesktopError("dbus-daemon (%s) gave no address" % kind)
        return address

    def __enter__(self):
        try:
            self.env["DBUS_SESSION_BUS_ADDRESS"] = self.bus("session")
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_):
        self.stop()

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for process in reversed(self.processes):
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes = []
        if os.environ.get("FIRST_OPEN_KEEP_DESKTOP_LOGS"):
            print("logs kept in", self.folder)
        else:
            shutil.rmtree(self.folder, ignore_errors=True)

    def log(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def wait_for_socket(self, path, process, what):
        if not wait_for(lambda: os.path.exists(path) or process.poll() is not None, timeout=30):
            raise DesktopError("%s made no socket %s in 30 s:\n%s" % (what, path, self.log()[-3000:]))
        if process.poll() is not None:
            raise DesktopError("%s exited with %s:\n%s" % (what, process.returncode, self.log()[-3000:]))

    # -- what the desktop says

    def windows(self):
        raise NotImplementedError

    def window(self, title, timeout=20.0, where=lambda w: True):
        """The window with this title once the desktop shows it (mapped) and `where` holds, else None."""
        def find():
            for w in self.windows():
                if w.title == title and w.width and where(w):
                    return w
            return None
        found = wait_for(find, timeout=timeout, step=0.1)
        if found is None:
            return None
        # A compositor may list a window a moment before it places it: read again until
        # two reads 0.2 s apart agree.
        for _ in range(10):
            time.sleep(0.2)
            again = find()
            if again is None or (again.x, again.y, again.width, again.height) == (found.x, found.y, found.width, found.height):
                return again or found
            found = again
        return found

    def work_area(self):
        raise NotImplementedError


class GnomeShellWayland(Desktop):
    """GNOME Shell 43 (mutter 43) headless on Wayland; read through org.gnome.Shell.Eval."""

    name = "gnome-shell-wayland"
    program = ["gnome-shell", "--wayland", "--headless", "--unsafe-mode", "--no-x11"]

    def start(self):
        self.env["DBUS_SYSTEM_BUS_ADDRESS"] = self.bus("system")
        socket = "wayland-first-open"
        environment = dict(self.env)
        self.process = self.spawn(self.program + ["--virtual-monitor", "%dx%d" % (self.width, self.height),
                                                  "--wayland-display=" + socket],
                                  env=environment, log=self.log_path)
        self.wait_for_socket(os.path.join(self.runtime, socket), self.process, self.program[0])
        self.env["WAYLAND_DISPLAY"] = socket
        self.env["XDG_SESSION_TYPE"] = "wayland"
        self.env["XDG_CURRENT_DESKTOP"] = "GNOME"
        # The shell is ready once its D-Bus interface answers.
        if not wait_for(lambda: self.eval("true", check=False) is not None, timeout=60, step=0.2):
            raise DesktopError("gnome-shell does not answer org.gnome.Shell.Eval:\n" + self.log()[-3000:])
        # Headless GNOME Shell opens its start-up overview as a session does, once its
        # start-up animation is over (seconds later in a new home): wait for that, then
        # leave the overview, as a user does.
        wait_for(lambda: self.eval("Main.layoutManager._startingUp") is False, timeout=30, step=0.2)
        self.eval("Main.overview.hide(); true", check=False)
        wait_for(lambda: self.eval("Main.overview.visible") is False, timeout=10)

    def eval(self, script, check=True):
        """The JSON value of a JavaScript expression evaluated inside GNOME Shell."""
        try:
            connection = Gio.DBusConnection.new_for_address_sync(
                self.env["DBUS_SESSION_BUS_ADDRESS"],
                Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                None, None)
            reply = connection.call_sync("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval",
                                         GLib.Variant("(s)", (script,)), GLib.VariantType("(bs)"),
                                         Gio.DBusCallFlags.NONE, 20000, None)
            connection.close_sync(None)
        except GLib.Error as error:
            if check:
                raise DesktopError("Eval failed: %s" % error.message)
            return None
        ok, text = reply.unpack()
        if not ok:
            if check:
                raise DesktopError("Eval failed: %s" % text)
            return None
        return json.loads(text) if text else None

    WINDOWS = """
    global.display.list_all_windows().map(w => {
        const r = w.get_frame_rect();
        const t = w.get_transient_for();
        const app = imports.gi.Shell.WindowTracker.get_default().get_window_app(w);
        return {title: w.get_title(), x: r.x, y: r.y, width: r.width, height: r.height,
                transient_for: t ? t.get_title() : null, pid: w.get_pid(), transient_pid: t ? t.get_pid() : null,
                modal: w.get_window_type() === imports.gi.Meta.WindowType.MODAL_DIALOG,
                type: w.get_window_type(), focused: w.has_focus(),
                wm_class: [w.get_wm_class_instance(), w.get_wm_class()],
                app_id: w.get_gtk_application_id() || w.get_wm_class(),
                app: app ? app.get_id() : null, app_name: app ? app.get_name() : null,
                mapped: !w.is_hidden()};
    })""" 

    def windows(self):
        return [Window(**fields) for fields in self.eval(self.WINDOWS) or []]

    def press_key(self, name):
        """Presses and releases a key (a Clutter key name: "Return", "Escape") on a virtual
        keyboard inside GNOME Shell: it goes to the window that has the focus, as a typed key
        does (there is no xdotool on Wayland). A new virtual keyboard drops the keys sent
        right after it was made (measured: the first key lost), so it is made once, and
        used 0.5 s later (make_keyboard() early gives it longer)."""
        if self.make_keyboard():
            time.sleep(0.5)
        self.eval("""(() => {
            const Clutter = imports.gi.Clutter, GLib = imports.gi.GLib, keyboard = global._firstOpenKeyboard;
            keyboard.notify_keyval(GLib.get_monotonic_time(), Clutter.KEY_%s, Clutter.KeyState.PRESSED);
            keyboard.notify_keyval(GLib.get_monotonic_time(), Clutter.KEY_%s, Clutter.KeyState.RELEASED);
            return true; })()""" % (name, name))

    def make_keyboard(self):
        """Makes press_key()'s virtual keyboard unless made; whether it was made now."""
        return self.eval("""(() => {
            if (global._firstOpenKeyboard) return false;
            const Clutter = imports.gi.Clutter;
            global._firstOpenKeyboard = Clutter.get_default_backend().get_default_seat()
                .create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
            return true; })()""")

    def work_area(self):
        area = self.eval("(() => { const a = global.workspace_manager.get_active_workspace().get_work_area_for_monitor(0);"
                         " return [a.x, a.y, a.width, a.height]; })()")
        return tuple(area)


class MutterWayland(Desktop):
    """mutter 43 or 48 headless on Wayland (no shell); read from its debug log (MUTTER_VERBOSE):
    mutter names Wayland windows W1, W2… there, so a window is found by the order of
    appearance, and only where it was placed is known."""

    name = "mutter-wayland"

    def start(self):
        self.env["DBUS_SYSTEM_BUS_ADDRESS"] = self.bus("system")
        socket = "wayland-first-open"
        environment = dict(self.env, MUTTER_VERBOSE="1")
        self.process = self.spawn(["mutter", "--wayland", "--headless", "--no-x11", "--virtual-monitor",
                                   "%dx%d" % (self.width, self.height), "--wayland-display=" + socket],
                                  env=environment, log=self.log_path)
        self.wait_for_socket(os.path.join(self.runtime, socket), self.process, "mutter")
        self.env["WAYLAND_DISPLAY"] = socket

    def placements(self):
        """[(window name, how, (x, y, w, h))]: each window's first placement, in order."""
        found, seen = [], set()
        lines = self.log().splitlines()
        for i, line in enumerate(lines):
            match = re.search(r"PLACEMENT: Placing window (\S+)", line)
            if not match or match.group(1) in seen:
                continue
            name = match.group(1)
            how = "placed"
            for later in lines[i + 1:i + 40]:
                if "Centered window %s" % name in later:
                    how = "centred"
                # mutter 43 writes the rectangle as "X,Y +W,H", mutter 48 as "X,Y WxH".
                rect = re.search(r"info->current is (-?\d+),(-?\d+) (?:\+(\d+),(\d+)|(\d+)x(\d+)) "
                                 r"after constrain_partially_onscreen", later)
                if rect:
                    seen.add(name)
                    found.append((name, how, tuple(int(v) for v in rect.groups() if v is not None)))
                    break
        return found

    def windows(self):
        return []

    def work_area(self):
        return (0, 0, self.width, self.height)


class KWinWayland(Desktop):
    """KWin 5.27 or 6 on Wayland with a virtual output; read with a KWin script."""

    name = "kwin-wayland"

    def start(self):
        # The copy without the file capability (see the module's doc).
        folder = os.path.join(self.folder, "kwin")
        os.mkdir(folder)
        binary = os.path.join(folder, "kwin_wayland")
        shutil.copy("/usr/bin/kwin_wayland", binary)
        socket = "wayland-first-open"
        self.process = self.spawn([binary, "--virtual", "--width", str(self.width), "--height", str(self.height),
                                   "--socket", socket, "--no-lockscreen", "--no-global-shortcuts",
                                   "--no-kactivities"],
                                  log=self.log_path)
        self.wait_for_socket(os.path.join(self.runtime, socket), self.process, "kwin_wayland")
        self.env["WAYLAND_DISPLAY"] = socket
        self.env["XDG_SESSION_TYPE"] = "wayland"
        self.env["XDG_CURRENT_DESKTOP"] = "KDE"
        self.queries = 0
        if self.run_script("print('QUERY ' + JSON.stringify(true));") is None:
            raise DesktopError("KWin does not run scripts:\n" + self.log()[-3000:])

    def run_script(self, body):
        """Runs a KWin script that prints 'QUERY <json>'; returns the JSON value."""
        self.queries += 1
        marker = "Q%d" % self.queries
        path = os.path.join(self.folder, marker + ".js")
        with open(path, "w") as f:
            f.write(body.replace("'QUERY '", "'%s '" % marker))

        def gdbus(*args):
            return subprocess.run(["gdbus", "call", "--session", "--dest", "org.kde.KWin"] + list(args),
                                  env=self.env, capture_output=True, text=True, timeout=20)
        loaded = wait_for(lambda: gdbus("--object-path", "/Scripting", "--method",
                                        "org.kde.kwin.Scripting.loadScript", path, marker).returncode == 0,
                          timeout=20, step=0.2)
        if not loaded:
            return None
        gdbus("--object-path", "/Scripting", "--method", "org.kde.kwin.Scripting.start")

        def answer():
            for line in self.log().splitlines():
                if line.startswith("js: %s " % marker):
                    return line[len("js: %s " % marker):]
            return None
        text = wait_for(answer, timeout=10)
        gdbus("--object-path", "/Scripting", "--method", "org.kde.kwin.Scripting.unloadScript", marker)
        return json.loads(text) if text else None

    WINDOWS = """
    // KWin 5 lists windows with clientList(), KWin 6 with windowList().
    var all = workspace.windowList ? workspace.windowList() : workspace.clientList();
    var found = all.map(function (c) {
        var r = c.frameGeometry;
        return {title: c.caption, x: r.x, y: r.y, width: r.width, height: r.height,
                transient_for: c.transientFor ? c.transientFor.caption : null,
                modal: c.modal, focused: c.active, type: c.windowType, dialog: c.dialog,
                wm_class: [c.resourceName, c.resourceClass], app_id: c.resourceClass,
                app: c.desktopFileName, app_name: null};
    });
    print('QUERY ' + JSON.stringify(found));
    """

    def windows(self):
        return [Window(**fields) for fields in self.run_script(self.WINDOWS) or []]

    def work_area(self):
        area = self.run_script("var a = workspace.clientArea(KWin.PlacementArea, workspace.activeScreen,"
                               " workspace.currentDesktop);"
                               "print('QUERY ' + JSON.stringify([a.x, a.y, a.width, a.height]));")
        return tuple(area)


class X11WindowManager(Desktop):
    """An X11 window manager on a private Xvfb; read with xprop and xwininfo."""

    wayland = False
    programs = {
        "xfwm4": ["xfwm4", "--compositor=off", "--sm-client-disable"],
        "openbox": ["openbox", "--sm-disable"],
        "mutter-x11": ["mutter", "--x11", "--replace", "--sm-disable"],
        "gnome-shell-x11": ["gnome-shell", "--x11", "--replace", "--unsafe-mode"],
    }

    # GNOME Shell on X11 answers Eval too (its start-up overview: check-desktop.py).
    eval = GnomeShellWayland.eval

    def __init__(self, wm="xfwm4", while_starting=None, **kwargs):
        self.name = wm
        # Called with the desktop right after the window manager was started, before it is
        # waited for (what a session starts alongside it: autostart under gnome-session).
        self.while_starting = while_starting
        super().__init__(**kwargs)

    def start(self):
        read, write = os.pipe()
        self.xvfb = self.spawn(["Xvfb", "-displayfd", str(write), "-screen", "0",
                                "%dx%dx24" % (self.width, self.height), "-dpi", "96", "-nolisten", "tcp",
                                "-noreset"], pass_fds=[write])
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise DesktopError("Xvfb gave no display number")
        self.env["DISPLAY"] = ":" + number
        self.env["XDG_SESSION_TYPE"] = "x11"
        if self.name in ("mutter-x11", "gnome-shell-x11"):
            self.env["DBUS_SYSTEM_BUS_ADDRESS"] = self.bus("system")
        if self.name == "gnome-shell-x11":
            self.env["XDG_CURRENT_DESKTOP"] = "GNOME"
        self.process = self.spawn(self.programs[self.name], log=self.log_path)
        if self.while_starting is not None:
            self.while_starting(self)
        # A window manager has taken the display once it names itself on the root window.
        if not wait_for(lambda: self.process.poll() is not None or self.wm_name(), timeout=30):
            raise DesktopError("%s did not start:\n%s" % (self.name, self.log()[-3000:]))
        if self.process.poll() is not None:
            raise DesktopError("%s exited with %s:\n%s" % (self.name, self.process.returncode, self.log()[-3000:]))
        if self.name == "gnome-shell-x11" and not wait_for(lambda: self.eval("true", check=False) is not None,
                                                          timeout=60, step=0.2):
            raise DesktopError("gnome-shell does not answer org.gnome.Shell.Eval:\n" + self.log()[-3000:])

    def name_has_owner(self, name):
        """Whether NAME has an owner on the session bus."""
        try:
            connection = Gio.DBusConnection.new_for_address_sync(
                self.env["DBUS_SESSION_BUS_ADDRESS"],
                Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                None, None)
            reply = connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                         "NameHasOwner", GLib.Variant("(s)", (name,)), GLib.VariantType("(b)"),
                                         Gio.DBusCallFlags.NONE, 2000, None)
            connection.close_sync(None)
        except GLib.Error:
            return False
        return reply.unpack()[0]

    def xprop(self, *args):
        result = subprocess.run(["xprop"] + list(args), env=self.env, capture_output=True, text=True, timeout=10)
        return result.stdout if result.returncode == 0 else ""

    def wm_name(self):
        check = re.search(r"window id # (0x[0-9a-f]+)", self.xprop("-root", "_NET_SUPPORTING_WM_CHECK"))
        if not check:
            return None
        name = re.search(r'= "(.*)"', self.xprop("-id", check.group(1), "_NET_WM_NAME"))
        return name.group(1) if name else None

    @staticmethod
    def numbers(text):
        match = re.search(r"= (.*)$", text.strip(), re.M)
        return [int(v, 0) for v in re.findall(r"-?(?:0x[0-9a-f]+|\d+)", match.group(1))] if match else []

    def client_ids(self):
        return [int(v, 16) for v in re.findall(r"0x[0-9a-f]+", self.xprop("-root", "_NET_CLIENT_LIST").split("=")[-1])]

    def describe(self, xid):
        props = self.xprop("-id", hex(xid), "_NET_WM_NAME", "WM_TRANSIENT_FOR", "_NET_WM_STATE", "WM_CLASS",
                           "_NET_FRAME_EXTENTS", "_GTK_FRAME_EXTENTS", "_NET_WM_WINDOW_TYPE", "_GTK_APPLICATION_ID")
        get = lambda name: next((l for l in props.splitlines() if l.startswith(name + "(") or l.startswith(name + ":")), "")
        title = re.search(r'= "(.*)"', get("_NET_WM_NAME"))
        info = subprocess.run(["xwininfo", "-id", hex(xid)], env=self.env, capture_output=True, text=True).stdout
        values = {key: int(value) for key, value in
                  re.findall(r"(Absolute upper-left X|Absolute upper-left Y|Width|Height):\s+(-?\d+)", info)}
        if not values:
            return None
        x, y = values["Absolute upper-left X"], values["Absolute upper-left Y"]
        w, h = values["Width"], values["Height"]
        # The visible frame: the client plus the WM's frame, less GTK's client-side shadow.
        left, right, top, bottom = (self.numbers(get("_NET_FRAME_EXTENTS")) + [0, 0, 0, 0])[:4]
        sl, sr, st, sb = (self.numbers(get("_GTK_FRAME_EXTENTS")) + [0, 0, 0, 0])[:4]
        x, y, w, h = x - left + sl, y - top + st, w + left + right - sl - sr, h + top + bottom - st - sb
        transient = re.search(r"window id # (0x[0-9a-f]+)", get("WM_TRANSIENT_FOR"))
        wm_class = re.findall(r'"([^"]*)"', get("WM_CLASS"))
        app_id = re.search(r'= "(.*)"', get("_GTK_APPLICATION_ID"))
        return dict(xid=xid, title=title.group(1) if title else None, x=x, y=y, width=w, height=h,
                    transient_xid=int(transient.group(1), 16) if transient else None,
                    modal="_NET_WM_STATE_MODAL" in get("_NET_WM_STATE"),
                    hidden="_NET_WM_STATE_HIDDEN" in get("_NET_WM_STATE"),
                    type=get("_NET_WM_WINDOW_TYPE").split("= ")[-1].strip(),
                    wm_class=wm_class, app_id=app_id.group(1) if app_id else None)

    def windows(self):
        described = [d for d in (self.describe(xid) for xid in self.client_ids()) if d]
        titles = {d["xid"]: d["title"] for d in described}
        active = re.search(r"window id # (0x[0-9a-f]+)", self.xprop("-root", "_NET_ACTIVE_WINDOW"))
        active = int(active.group(1), 16) if active else None
        focus = subprocess.run(["xdotool", "getwindowfocus"], env=self.env, capture_output=True, text=True).stdout
        focus = int(focus) if focus.strip().isdigit() else None
        for d in described:
            d["transient_for"] = titles.get(d["transient_xid"], d["transient_xid"] and hex(d["transient_xid"]))
            d["focused"] = d["xid"] in (active, focus)
        return [Window(**d) for d in described]

    def work_area(self):
        values = self.numbers(self.xprop("-root", "_NET_WORKAREA"))
        return tuple(values[:4]) if len(values) >= 4 else (0, 0, self.width, self.height)


def all_desktops():
    return {"gnome-shell-wayland": GnomeShellWayland, "mutter-wayland": MutterWayland,
            "kwin-wayland": KWinWayland,
            "xfwm4": lambda: X11WindowManager("xfwm4"), "openbox": lambda: X11WindowManager("openbox"),
            "mutter-x11": lambda: X11WindowManager("mutter-x11"),
            "gnome-shell-x11": lambda: X11WindowManager("gnome-shell-x11")}
