#!/usr/bin/python3
"""The GTK module (libfirst-open-gtk-module.so) in unmodified GTK 3 apps, under the
test's X server, with private XDG directories:

  exclusions   dialog-only processes (a first window that is a dialog; a program named
               zenity), an app without metainfo, an app that embeds libfirst-open
               itself (one window, its own), each with the module's reason; and an
               app with metainfo, for which first-open is started with
               appstream:APPID --parent x11:<the app window's XID>.
  wayland      a compositor without xdg-foreign: first-open without --parent, and no
               warning in the app.
  whats-new    an update (record seeded older): What's New over the app's window
               (WM_TRANSIENT_FOR), Enter dismisses and records, the app keeps working
               (typing reaches it), a second start shows nothing (first-open exits 2);
               the module named twice in GTK_MODULES starts first-open once.
  parent-gone  the app replaces its first main window right after first-open was started
               over it: first-open shows nothing (exit 2, nothing recorded, nothing in the
               app's output), and What's New goes over the new main window.
  dialog-first a dialog before the main window (a session-restore prompt): What's New
               over the main window once the dialog is answered.
  many-windows under openbox, an app that maps 500 windows quickly: What's New over the
               window on top, on top itself and focused; Escape dismisses it.
  many-windows-at-once
               under openbox, an app that shows its main window and 499 more at once
               and closes those once What's New was seen over the top one (25 s after
               they were shown at the earliest): What's New over the window on top, on
               top and focused; left open, it goes with that window (exit 2, nothing
               recorded) and comes over the main window, focused; Return records it.
  focus-moves  under openbox, the focus goes to another window of the app while What's New
               is open: taken back right after What's New was focused (a window manager
               handing it on), left where the user clicked, and where the user activated
               a window once What's New had it for 2 s.
  app-quits    under openbox, the app quits while What's New is open: first-open exits 2,
               nothing recorded, no window left.
  names        every way an app names itself leads to its metainfo (the index): a <id>
               that is not the file's name (eog), another case (Thunar), the program name
               when the GApplication id has no file (simple-scan), a desktop-id launchable
               for an app without GApplication (GIMP); at the first start after a
               metainfo change too (the index rebuilt while the app runs), and with a
               FIFO where the index belongs (it must not block the app), beside
               another file whose launchable names the app, and with an index that
               cannot be written.
  kwin         on KWin 5.27 on Wayland (kwin_wayland --virtual, Tests/Desktops), which
               offers xdg-foreign v2 only (GDK 3 exports through v1): the module exports
               the app's window through v2 itself, and KWin (its scripting) has What's
               New transient for the app's window; the app's window closing closes it
               (first-open exits 2, nothing recorded).
  gnome-shell  on GNOME Shell 43 on Wayland (gnome-shell --headless, Tests/Desktops, read
               through org.gnome.Shell.Eval): GDK exports the app's window (xdg-foreign
               v1); What's New transient for it, modal and focused; Enter dismisses and
               records; the app's window closing closes it (exit 2, nothing recorded),
               counted over --starts N starts (default 1; docs/gtk-module.md: 20).
  log          the decision log ($XDG_STATE_HOME/first-open/gtk-module.log, written when it
               exists) names the decision with G_MESSAGES_DEBUG unset.
  not-apps     processes that load the module with GTK_MODULES set session-wide but are
               not apps (issue 30.7): real GNOME Shell (--x11: GNOME Shell 43 starts GTK 3
               inside the compositor; 48 maps no GTK 3, its X11 frames are drawn by the
               GTK 4 helper mutter-x11-frames) and xfwm4, first-open's own window helper,
               and copies of the test app as a daemon in a libexec folder, a Python script
               there, and programs named gsd-test-daemon and gnome-shell: each that maps
               the module says "not an app" in one line of the decision log and nothing
               else (a compositor that maps neither GTK 3 nor the module logs nothing), and
               none starts first-open (its command writes a marker), while an ordinary app
               started after them has first-open started.

first-open is started through a wrapper that runs the real binary and appends its
arguments and exit status to a log, which is how the test sees what the module did.

    run-module-test.py CASE --module SO --first-open BIN --app APP [--embedding-app APP] [--starts N]
"""
import argparse
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import fail  # noqa: E402

APP_ID = "org.example.ModuleTest"
DEADLINE = 30.0

METAINFO = """<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>org.example.ModuleTest</id>
  <name>Module Test</name>
  <summary>An app that knows nothing of first-open</summary>
  <metadata_license>CC0-1.0</metadata_license>
  <launchable type="desktop-id">org.example.ModuleTest.desktop</launchable>
  <releases>
    <release version="1.1" date="2026-11-01">
      <description><p>Tabs can be moved between windows.</p></description>
    </release>
    <release version="1.0" date="2026-06-01">
      <description><p>The first release.</p></description>
    </release>
  </releases>
</component>
"""


def run(*command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


class Session:
    def __init__(self, args, root):
        self.args = args
        self.root = root
        self.log = os.path.join(root, "first-open.log")
        env = dict(os.environ)
        testing.private_xdg(env, root, cache=True)
        # The system's data stays visible (icon theme, MIME database, GSettings schemas).
        env["XDG_DATA_DIRS"] = "/usr/local/share:/usr/share"
        wrapper = os.path.join(root, "first-open-wrapper")
        # FIRST_OPEN_TEST_DELAY: seconds the wrapper waits before first-open runs (a
        # machine slower to start it than the app is to replace its window).
        # `first-open index` (the module rebuilding its metainfo index) is not logged.
        # printf, not echo: sh's echo reads backslashes in a handle (mutter's are random
        # printable strings) as escapes, and `\c` ended the line there.
        with open(wrapper, "w") as f:
            f.write('#!/bin/sh\n[ "$1" = index ] && exec "%s" "$@"\nsleep "${FIRST_OPEN_TEST_DELAY:-0}"\n"%s" "$@"\n'
                    'status=$?\nprintf "%%s -> %%s\\n" "$*" "$status" >> "%s"\nexit $status\n'
                    % (args.first_open, args.first_open, self.log))
        os.chmod(wrapper, stat.S_IRWXU)
        env["GTK_MODULES"] = args.module
        env["FIRST_OPEN_GTK_MODULE_COMMAND"] = wrapper
        env["G_MESSAGES_DEBUG"] = "first-open-gtk-module"
        env["NO_AT_BRIDGE"] = "1"
        env["GDK_GL"] = "disable"
        env.pop("GDK_BACKEND", None)
        self.env = env
        self.processes = []

    def install_metainfo(self):
        folder = os.path.join(self.env["XDG_DATA_HOME"], "metainfo")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, APP_ID + ".metainfo.xml"), "w") as f:
            f.write(METAINFO)

    def start(self, command, env=None, cwd=None):
        out = open(os.path.join(self.root, f"app-{len(self.processes)}.log"), "w+")
        process = subprocess.Popen(command, env=env or self.env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                   text=True)
        self.processes.append((process, out))
        return process, out

    def output(self, out):
        out.flush()
        with open(out.name) as f:
            return f.read()

    def wait_for_output(self, out, text, what):
        deadline = time.time() + DEADLINE
        while time.time() < deadline:
            if text in self.output(out):
                return
            time.sleep(0.05)
        fail(f"{what}: no '{text}' within {DEADLINE} s; output:\n{self.output(out)}")

    def logged(self):
        return open(self.log).read() if os.path.exists(self.log) else ""

    def wait_for_log(self, count):
        deadline = time.time() + DEADLINE
        while time.time() < deadline:
            lines = self.logged().splitlines()
            if len(lines) >= count:
                return lines
            time.sleep(0.05)
        fail(f"first-open ran {len(self.logged().splitlines())} times, expected {count}")

    def stop_all(self):
        for process, out in self.processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
            out.close()
        self.processes = []


def window(title, timeout=DEADLINE, log=None):
    """The X id of the visible window with this title; `log` (a started app's output
    file) is shown when none appears."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = run("xdotool", "search", "--onlyvisible", "--name", f"^{title}$").stdout.split()
        if found:
            return int(found[0])
        time.sleep(0.1)
    output = ""
    if log is not None:
        log.flush()
        output = "; the app's output:\n" + open(log.name).read()
    fail(f"no window titled {title} within {timeout} s{output}")


def window_count(title):
    return len(run("xdotool", "search", "--onlyvisible", "--name", f"^{title}$").stdout.split())


def transient_for(xid):
    text = run("xprop", "-id", str(xid), "WM_TRANSIENT_FOR").stdout
    return int(text.split("#")[-1].strip(), 16) if "#" in text else None


def press(xid, key):
    run("xdotool", "windowfocus", "--sync", str(xid))
    time.sleep(0.6)  # keys count from 0.5 s after the window was shown or focused (docs/window.md)
    if run("xdotool", "key", "--clearmodifiers", key).returncode != 0:
        fail(f"xdotool could not press {key}")


def check_exclusions(args, session):
    session.install_metainfo()
    # 1. The first window is a dialog with no parent (as zenity's): nothing is started.
    _, out = session.start([args.app, "--app-id", APP_ID, "--dialog-only"])
    session.wait_for_output(out, "the first window is a dialog", "dialog-only app")
    # 2. A dialog tool by name: a copy of the app called zenity, with a main window.
    zenity = os.path.join(session.root, "zenity")
    shutil.copy(args.app, zenity)
    _, out = session.start([zenity, "--app-id", APP_ID])
    session.wait_for_output(out, "a dialog-only program: zenity", "program named zenity")
    # 3. An app without metainfo.
    _, out = session.start([args.app, "--app-id", "org.example.NoNotes"])
    session.wait_for_output(out, "no metainfo for any name of the app: org.example.NoNotes, module-test-app",
                            "app without metainfo")
    # 3b. Metainfo only under a relative XDG_DATA_DIRS entry (resolved against the app's
    # folder): ignored, as the XDG specification says.
    relative = os.path.join(session.root, "relative-share", "metainfo")
    os.makedirs(relative)
    with open(os.path.join(relative, "org.example.Relative.metainfo.xml"), "w") as f:
        f.write(METAINFO.replace(APP_ID, "org.example.Relative"))
    relative_env = dict(session.env, XDG_DATA_DIRS="relative-share:" + session.env["XDG_DATA_DIRS"])
    _, out = session.start([args.app, "--app-id", "org.example.Relative"], env=relative_env, cwd=session.root)
    session.wait_for_output(out, "no metainfo for any name of the app: org.example.Relative, module-test-app",
                            "relative XDG_DATA_DIRS")
    # 4. A plain gtk_init app whose program name has no desktop file: no app id.
    _, out = session.start([args.app])
    session.wait_for_output(out, "no metainfo for any name of the app: -, module-test-app", "app without an id")
    if args.embedding_app:
        # 5. An app that embeds libfirst-open: its own Welcome, and only that one.
        _, out = session.start([args.embedding_app, args.car_spec])
        session.wait_for_output(out, "the app uses libfirst-open itself", "libfirst-open app")
        window("Welcome to Car")
        if window_count("Welcome to Car") != 1:
            fail("the embedding app shows more than one window")
    session.stop_all()
    if session.logged():
        fail(f"first-open was started for an excluded app: {session.logged()}")
    # 6. An app with metainfo: first-open for it, parented to its main window.
    _, out = session.start([args.app, "--app-id", APP_ID])
    app_window = window("Module test app", log=out)
    line = session.wait_for_log(1)[0]
    expected = f"appstream:{APP_ID} --parent x11:{app_window:x} -> "
    if not line.startswith(expected):
        fail(f"first-open ran as '{line}', expected '{expected}…'")
    session.stop_all()
    print("ok: exclusions and the app id")


def check_wayland(args, session):
    """On a compositor without xdg-foreign (headless Weston 10) the module asks nothing
    of the app's window (no warning in the app) and first-open gets no --parent."""
    session.install_metainfo()
    runtime = os.path.join(session.root, "runtime")
    os.makedirs(runtime, mode=0o700)
    socket = f"first-open-module-{os.getpid()}"
    weston_env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
    weston_env.pop("DISPLAY", None)
    weston = subprocess.Popen(["weston", "--backend=headless-backend.so", f"--socket={socket}", "--idle-time=0"],
                              env=weston_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 10
        while not os.path.exists(os.path.join(runtime, socket)) and time.time() < deadline:
            time.sleep(0.05)
        session.env.update(XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=socket, GDK_BACKEND="wayland")
        session.env.pop("DISPLAY", None)
        _, out = session.start([args.app, "--app-id", APP_ID])
        session.wait_for_output(out, "cannot export the window (xdg-foreign); unparented: " + APP_ID,
                                "app on Wayland")
        line = session.wait_for_log(1)[0]
        if not line.startswith(f"appstream:{APP_ID} -> "):
            fail(f"first-open ran as '{line}', expected no --parent")
        if "Server is missing xdg_foreign" in session.output(out):
            fail("the app logged GDK's xdg-foreign warning")
        session.stop_all()
    finally:
        weston.terminate()
        weston.wait()
    print("ok: Wayland without xdg-foreign: unparented, no warning in the app")


def check_whats_new(args, session):
    session.install_metainfo()
    # Named twice (an environment.d line appended to a GTK_MODULES that had it): GTK loads
    # it once, and first-open runs once (wait_for_log(2) below counts every run).
    session.env["GTK_MODULES"] = args.module + ":" + args.module
    seeded = run(args.first_open, "mark-seen", "--version", "1.0", f"appstream:{APP_ID}", env=session.env)
    if seeded.returncode != 0:
        fail(f"mark-seen: {seeded.stderr}")
    app, out = session.start([args.app, "--app-id", APP_ID])
    app_window = window("Module test app", log=out)
    dialog = window("What’s New in Module Test|What's New in Module Test")
    if transient_for(dialog) != app_window:
        fail(f"What's New is transient for {transient_for(dialog)}, not the app's window {app_window}")
    press(dialog, "Return")
    lines = session.wait_for_log(1)
    if not lines[0].endswith("-> 0"):
        fail(f"first-open did not report a shown and dismissed window: {lines}")
    state = open(os.path.join(session.env["XDG_STATE_HOME"], "first-open", APP_ID + ".state")).read()
    if "Version=1.1" not in state:
        fail(f"the record was not updated: {state}")
    # The app keeps working: typing reaches its entry.
    press(app_window, "x")
    session.wait_for_output(out, "typed: x", "the app after What's New")
    if app.poll() is not None:
        fail("the app ended")
    session.stop_all()
    # Second start: nothing is due; first-open says so with 2 (--parent), no window.
    session.start([args.app, "--app-id", APP_ID])
    window("Module test app")
    lines = session.wait_for_log(2)
    if not lines[1].endswith("-> 2"):
        fail(f"the second start did not end with 'nothing shown': {lines}")
    session.stop_all()
    print("ok: What's New once, over the app's window")


def check_kwin(args, session):
    desktops = testing.desktops()  # Tests/Desktops: starts and reads KWin
    seed(args, session)
    with desktops.KWinWayland() as kwin:
        testing.on_wayland(session.env, kwin)
        app, out = session.start([args.app, "--app-id", APP_ID])
        titles = WHATS_NEW.split("|")

        def whats_new(timeout, where=lambda w: True):
            found = desktops.wait_for(lambda: [w for w in kwin.windows() if w.title in titles and where(w)],
                                      timeout=timeout, step=0.2)
            return found[0] if found else None
        dialog = whats_new(DEADLINE, lambda w: w.transient_for is not None) or whats_new(1)
        if dialog is None or dialog.transient_for != "Module test app":
            fail(f"What's New on KWin: {dialog} (app output: {session.output(out)}; "
                 f"first-open ran: {session.logged()!r}; windows: {kwin.windows()})")
        # The app's window goes (the app quits): the export ends, KWin tells the window
        # helper, and What's New closes with it; nothing recorded.
        app.terminate()
        app.wait(10)
        lines = session.wait_for_log(1)
        if not (lines[0].startswith(f"appstream:{APP_ID} --parent wayland:") and lines[0].endswith("-> 2")):
            fail(f"first-open ran as {lines}, expected --parent wayland:HANDLE and exit 2")
        if recorded(session) != "1.0":
            fail(f"recorded {recorded(session)} though What's New was not dismissed")
        if whats_new(1) is not None:
            fail("What's New stayed open after the app's window went")
        session.stop_all()
    print("ok: KWin Wayland: What's New transient for the app's window (xdg-foreign v2), closed with it")



def check_gnome_shell(args, session):
    """GNOME Shell 43 headless on Wayland (Tests/Desktops, read through Eval): GDK 3 exports
    the app's window through xdg-foreign v1, and GNOME Shell has What's New transient for
    it, modal and focused; Enter (0.6 s after the focus) dismisses it and records; in
    every further start (--starts N, default 1) the app's window closing closes it
    (first-open exits 2, nothing recorded)."""
    desktops = testing.desktops()  # Tests/Desktops: starts and reads GNOME Shell
    seed(args, session)
    titles = WHATS_NEW.split("|")
    shell = testing.start_desktop(desktops.GnomeShellWayland, "GNOME Shell")
    try:
        testing.on_wayland(session.env, shell)
        shell.make_keyboard()  # seconds before its first key (a new one drops keys at first)

        def whats_new(timeout, where=lambda w: True):
            found = desktops.wait_for(lambda: [w for w in shell.windows() if w.title in titles and where(w)],
                                      timeout=timeout, step=0.2)
            return found[0] if found else None

        def start_app():
            """The app started; its What's New as GNOME Shell sees it once it has a parent
            (GNOME Shell may list it a moment before), or a failure's description."""
            app, out = session.start([args.app, "--app-id", APP_ID])
            dialog = whats_new(DEADLINE, lambda w: w.transient_for is not None) or whats_new(1)
            problem = None
            if dialog is None:
                problem = "no What's New"
            elif dialog.transient_for != "Module test app" or dialog.fields.get("transient_pid") != app.pid:
                problem = f"transient for {dialog.transient_for!r} (pid {dialog.fields.get('transient_pid')})"
            elif not dialog.modal:
                problem = "not modal"
            if problem:
                problem += (f": {dialog} (app output: {session.output(out)}; first-open ran: {session.logged()!r}; "
                            f"windows: {shell.windows()})")
            return app, out, dialog, problem

        # 1. Transient for the app's window, modal, focused; Enter dismisses and records.
        app, out, dialog, problem = start_app()
        if problem:
            fail(f"What's New on GNOME Shell: {problem}")
        if whats_new(10, lambda w: w.focused) is None:
            fail(f"What's New does not get the focus: {shell.windows()}")
        # Keys count from 0.5 s after the window was focused (docs/window.md). A window busy
        # as it gains the focus (a loaded machine) handles the focus late and counts from
        # then, ignoring a Return that came sooner, as it would a person's: while nothing
        # happened 3 s later, Return is pressed again, as a person would, up to three times
        # (as scripts/test-debian-package.sh does).
        for attempt in range(3):
            time.sleep(0.6)
            shell.press_key("Return")
            if desktops.wait_for(lambda: session.logged(), timeout=3):
                break
            print(f"(Return pressed again: nothing after attempt {attempt + 1})")
        line = session.wait_for_log(1)[0]
        if not (line.startswith(f"appstream:{APP_ID} --parent wayland:") and line.endswith("-> 0")):
            fail(f"first-open ran as {line!r}, expected --parent wayland:HANDLE and exit 0 (Enter)")
        if recorded(session) != "1.1":
            fail(f"Enter did not record 1.1: {recorded(session)}")
        if app.poll() is not None:
            fail("the app ended")
        session.stop_all()
        print("ok: GNOME Shell Wayland: What's New transient for the app's window, modal, focused; Enter records")

        # 2. The app's window closes while What's New is open (the app quits: SIGUSR1
        # destroys its windows): the export ends, mutter tells the window helper, and What's
        # New closes with it; nothing recorded. Counted over --starts starts.
        transient, problems = 0, []
        for start in range(args.starts):
            for command in (["reset", f"appstream:{APP_ID}"], ["mark-seen", "--version", "1.0", f"appstream:{APP_ID}"]):
                done = run(args.first_open, *command, env=session.env)
                if done.returncode != 0:
                    fail(f"{' '.join(command)}: {done.stderr}")
            before = len(session.logged().splitlines())
            app, out, dialog, problem = start_app()
            if problem is None:
                app.send_signal(signal.SIGUSR1)
                app.wait(20)
                lines = desktops.wait_for(lambda: session.logged().splitlines()[before:], timeout=DEADLINE)
                line = lines[0] if lines else "(first-open did not end)"
                if not (line.startswith(f"appstream:{APP_ID} --parent wayland:") and line.endswith("-> 2")):
                    problem = f"first-open ran as {line!r}, expected --parent wayland:HANDLE and exit 2"
                elif recorded(session) != "1.0":
                    problem = f"recorded {recorded(session)} though What's New was not dismissed"
                elif whats_new(1) is not None:
                    problem = "What's New stayed open after the app's window went"
            if problem:
                problems.append(f"start {start + 1}: {problem}")
            else:
                transient += 1
            session.stop_all()
        # mutter's handles are random printable strings: about 3 in 10 have a space (issue 24),
        # some a backslash.
        handles = [line.split(" --parent wayland:", 1)[1].rsplit(" -> ", 1)[0]
                   for line in session.logged().splitlines() if " --parent wayland:" in line]
        print(f"{transient} of {args.starts} starts: What's New transient for the app's window, modal, "
              f"closed with it (exit 2, nothing recorded); of {len(handles)} handles {sum(' ' in h for h in handles)} "
              f"had a space, {sum(chr(92) in h for h in handles)} a backslash")
        if problems:
            fail("; ".join(problems[:3]))
    finally:
        shell.stop()
    print("ok: GNOME Shell Wayland: the app's window closing closes What's New")


def seed(args, session, version="1.0"):
    session.install_metainfo()
    seeded = run(args.first_open, "mark-seen", "--version", version, f"appstream:{APP_ID}", env=session.env)
    if seeded.returncode != 0:
        fail(f"mark-seen: {seeded.stderr}")
    # The metainfo index current before the app starts (the names case tests it stale).
    if run(args.first_open, "index", env=session.env).returncode != 0:
        fail("first-open index failed")


def recorded(session):
    path = os.path.join(session.env["XDG_STATE_HOME"], "first-open", APP_ID + ".state")
    text = open(path).read()
    return next(line[len("Version="):] for line in text.splitlines() if line.startswith("Version="))


WHATS_NEW = "What’s New in Module Test|What's New in Module Test"


def check_parent_gone(args, session):
    seed(args, session)
    session.env["FIRST_OPEN_TEST_DELAY"] = "0.6"
    app, out = session.start([args.app, "--app-id", APP_ID, "--replace-window", "300"])
    first = window("Module test first", log=out)
    line = session.wait_for_log(1)[0]
    if not line.startswith(f"appstream:{APP_ID} --parent x11:{first:x} -> 2"):
        fail(f"first-open over the replaced window ran as '{line}', expected '… x11:{first:x} -> 2'")
    app_window = window("Module test app", log=out)
    dialog = window(WHATS_NEW, log=out)
    if transient_for(dialog) != app_window:
        fail(f"What's New is transient for {transient_for(dialog)}, not the new main window {app_window}")
    press(dialog, "Return")
    lines = session.wait_for_log(2)
    if not lines[1].startswith(f"appstream:{APP_ID} --parent x11:{app_window:x} -> 0"):
        fail(f"first-open over the new window: {lines}")
    if recorded(session) != "1.1":
        fail("not recorded after Enter")
    if "no such X11 window" in session.output(out) or "nothing:" in session.output(out):
        fail(f"first-open wrote into the app's output:\n{session.output(out)}")
    session.stop_all()
    print("ok: a window gone before What's New maps shows nothing; What's New over the next")


def check_dialog_first(args, session):
    seed(args, session)
    app, out = session.start([args.app, "--app-id", APP_ID, "--dialog-first"])
    question = window("Module test question", log=out)
    session.wait_for_output(out, "the first window is a dialog; waiting for a main window", "dialog first")
    time.sleep(1.0)
    if session.logged():
        fail(f"first-open ran over a dialog: {session.logged()}")
    press(question, "Return")
    app_window = window("Module test app", log=out)
    dialog = window(WHATS_NEW, log=out)
    if transient_for(dialog) != app_window:
        fail(f"What's New is transient for {transient_for(dialog)}, not the main window {app_window}")
    press(dialog, "Return")
    if not session.wait_for_log(1)[0].endswith("-> 0") or recorded(session) != "1.1":
        fail(f"not dismissed and recorded: {session.logged()}")
    session.stop_all()
    print("ok: a dialog first, then What's New over the main window")


def start_window_manager(session):
    """A window manager (openbox) on the test's X server: stacking and focus as on a desktop."""
    # FIRST_OPEN_TEST_WM=xfwm4 (or another) tries the case under that one instead; xfwm4
    # needs a session bus for its settings (xfconfd): run the test under dbus-run-session.
    command = os.environ.get("FIRST_OPEN_TEST_WM", "openbox --sm-disable --config-file /dev/null").split()
    wm = subprocess.Popen(command, env=session.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        if "window id" in run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").stdout:
            return wm
        time.sleep(0.1)
    fail(f"{command[0]} did not start")


def stacking():
    """The managed windows bottom to top (_NET_CLIENT_LIST_STACKING)."""
    text = run("xprop", "-root", "_NET_CLIENT_LIST_STACKING").stdout
    return [int(x.strip(), 16) for x in text.split("#")[-1].split(",")] if "#" in text else []


def active_window():
    text = run("xprop", "-root", "_NET_ACTIVE_WINDOW").stdout
    return int(text.split("#")[-1].strip().split(",")[0], 16) if "#" in text else None


def check_many_windows(args, session):
    seed(args, session)
    wm = start_window_manager(session)
    try:
        app, out = session.start([args.app, "--app-id", APP_ID, "--many-windows", "500"])
        app_window = window("Module test app", timeout=120, log=out)
        dialog = window(WHATS_NEW, timeout=60, log=out)
        if transient_for(dialog) != app_window:
            fail(f"What's New is transient for {transient_for(dialog)} ({run('xdotool', 'getwindowname', str(transient_for(dialog))).stdout.strip()}), not the window on top {app_window}; log: {session.logged()}")
        focused_at_map = active_window()
        # The window manager may focus the app's windows only after What's New is mapped
        # (busy with the 500), and more than 5 s after on a loaded machine: What's New
        # then asks for the focus its app's windows have, for 30 s after its map.
        held, seen = focus_held(dialog)
        if not held:
            active = active_window()
            fail(f"What's New is not focused: {active} "
                 f"({run('xdotool', 'getwindowname', str(active)).stdout.strip()}); What's New {dialog}, app {app_window}; "
                 f"focused when What's New appeared: {focused_at_map}; focused since (window, s): {seen}")
        order = stacking()
        if not order or order[-1] != dialog:
            fail(f"What's New {dialog} is not on top: the top is {order[-3:]}")
        # Escape, to whatever has the focus (no windowfocus): it must be What's New.
        run("xdotool", "key", "--clearmodifiers", "Escape")
        if not session.wait_for_log(1)[0].endswith("-> 0") or recorded(session) != "1.1":
            fail(f"Escape did not dismiss What's New: {session.logged()}")
        session.stop_all()
    finally:
        wm.terminate()
        wm.wait()
    print("ok: 500 windows: What's New on top of them, focused, Escape dismisses it")


def focus_held(xid, hold=1.0):
    """Whether `xid` gets the focus within DEADLINE and keeps it for `hold` seconds (keys
    count from 0.5 s after the window was focused): a window manager still working
    through an app's start-up windows may move the focus on once more. Returns that and
    the focused windows seen, in order (for the failure)."""
    start = time.time()
    since = None
    seen = []
    while time.time() < start + DEADLINE:
        active = active_window()
        if not seen or seen[-1][0] != active:
            seen.append((active, round(time.time() - start, 1)))
        if active == xid:
            since = since or time.time()
            if time.time() - since >= hold:
                return True, seen
        else:
            since = None
        time.sleep(0.1)
    return False, seen


def check_focused_on_top(dialog, parent, what):
    focused, seen = focus_held(dialog)
    if transient_for(dialog) != parent:
        fail(f"{what}: What's New is transient for {transient_for(dialog)}, not {parent}")
    if not focused:
        active = active_window()
        name = run("xdotool", "getwindowname", str(active)).stdout.strip() if active else None
        fail(f"{what}: What's New {dialog} is not focused: {active} ({name!r}; its parent: {parent}); focused since (window, s): {seen}")
    order = stacking()
    if not order or order[-1] != dialog:
        fail(f"{what}: What's New {dialog} is not on top: the top is {order[-3:]}")


def check_many_windows_at_once(args, session):
    """Issue 30, item 10: the app shows its main window and right after it 499 more, all
    in one go, and closes those 499 later. The module starts first-open once they are up,
    over the window on top (the last one mapped): What's New comes over it, on top and
    focused. Left open, it goes with that window (first-open exits 2, nothing recorded),
    and then comes over the app's main window, which is still there; Return dismisses and
    records it. Before, What's New was lost for good: the module tried again only when the
    window went within 10 s of first-open's start. The 499 stay up until the test has seen
    What's New over the top one and 25 s have passed since they were shown (at least 11 s
    after What's New appeared, so more than 10 s after first-open started): the app closes
    them on SIGUSR2. Windows are looked for through the test's own X connection
    (testing.XClient): `xdotool search` reads the whole tree of 500 windows and their
    frames, and with the two 500-window tests at once (dh_auto_test) took more than 20 s
    to find the top one."""
    seed(args, session)
    wm = start_window_manager(session)
    x = testing.XClient(os.environ["DISPLAY"])
    titles = WHATS_NEW.split("|")

    def shown(what, *window_titles):
        """The visible window titled one of `window_titles` (generous: the X server is
        busy with the 500 windows); fails with first-open's runs and the app's output."""
        end = time.time() + DEADLINE * 3
        while time.time() < end:
            found = x.shown(*window_titles)
            if found:
                return found[0]
            time.sleep(0.2)
        fail(f"{what}: no window titled {' or '.join(window_titles)} within {DEADLINE * 3:.0f} s; "
             f"log: {session.logged()}; the app's output:\n{session.output(out)[-1500:]}")

    try:
        started = time.time()
        app, out = session.start([args.app, "--app-id", APP_ID, "--more-windows", "499"])
        session.wait_for_output(out, "shown 499 more windows", "the app")
        shown_at = time.time()
        main = shown("the app", "Module test app")
        top = shown("the app", "Module test window 499")
        dialog = shown("over the window on top", *titles)
        dialog_at = time.time()
        print(f"What's New over the window on top {dialog_at - started:.1f} s after the app started")
        check_focused_on_top(dialog, top, "over the window on top")
        time.sleep(max(0.0, max(shown_at + 25, dialog_at + 11) - time.time()))
        app.send_signal(signal.SIGUSR2)
        session.wait_for_output(out, "closing the 499 more windows", "the app")
        lines = session.wait_for_log(1)
        if not lines[0].endswith("-> 2") or recorded(session) != "1.0":
            fail(f"the first first-open did not end with nothing recorded when its window went: {lines}")
        dialog = shown("after the window it was over went away, over the main window", *titles)
        check_focused_on_top(dialog, main, "over the main window")
        # Return, to whatever has the focus: it must be What's New.
        run("xdotool", "key", "--clearmodifiers", "Return")
        lines = session.wait_for_log(2)
        if not lines[1].endswith("-> 0") or recorded(session) != "1.1":
            fail(f"Return did not dismiss and record What's New: {lines}")
        session.stop_all()
    finally:
        x.close()
        wm.terminate()
        wm.wait()
    print("ok: 500 windows at once: What's New over the window on top, then over the main window; Return records it")


def keeps_focus(xid, seconds=1.5):
    """Whether `xid` has the focus for the next `seconds` without a break."""
    end = time.time() + seconds
    while time.time() < end:
        if active_window() != xid:
            return False
        time.sleep(0.1)
    return True


def geometry(xid):
    """The window's frame as the window manager placed it: x, y, width, height."""
    values = dict(line.split("=", 1) for line in
                  run("xdotool", "getwindowgeometry", "--shell", str(xid)).stdout.split())
    return tuple(int(values[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))


def uncovered_point(xid, above):
    """A point inside `xid`, 10 px in from a corner or an edge's middle, that none of the
    windows `above` covers; None when there is none."""
    x, y, w, h = geometry(xid)
    covers = [geometry(a) for a in above]
    for px in (x + 10, x + w // 2, x + w - 11):
        for py in (y + 10, y + h // 2, y + h - 11):
            if not any(ax <= px < ax + aw and ay <= py < ay + ah for ax, ay, aw, ah in covers):
                return px, py
    return None


def check_focus_moves(args, session):
    """What's New over the app's window on top (openbox), and the focus moving among the
    app's windows while it is open:
    1. right after What's New got the focus, another window of the app gets it without
       the user having typed or clicked in that window (as a window manager still busy
       with the app's start-up hands it on): What's New takes it back;
    2. the user clicks in another window of the app: that window keeps the focus, and
       the app has the keys typed there;
    3. once What's New has kept the focus for 2 s, a window of the app activated then (a
       taskbar click) keeps the focus: What's New no longer watches;
    and Escape in What's New then dismisses and records it."""
    seed(args, session)
    wm = start_window_manager(session)
    try:
        app, out = session.start([args.app, "--app-id", APP_ID, "--more-windows", "1"])
        session.wait_for_output(out, "shown 1 more windows", "the app")
        main = window("Module test app", log=out)
        top = window("Module test window 1", log=out)
        dialog = window(WHATS_NEW, log=out)
        if transient_for(dialog) != top:
            fail(f"What's New is transient for {transient_for(dialog)}, not the window on top {top}")
        deadline = time.time() + DEADLINE
        while time.time() < deadline and active_window() != dialog:
            time.sleep(0.05)
        if active_window() != dialog:
            fail(f"What's New {dialog} did not get the focus: {active_window()}")
        # 1. Handed on without the user: taken back.
        run("xdotool", "windowactivate", "--sync", str(main))
        held, seen = focus_held(dialog, hold=0.3)
        if not held:
            fail(f"the focus went to the app's other window {main} and What's New did not take it back: "
                 f"focused since (window, s): {seen}")
        print("ok: the focus handed on to another window of the app comes back to What's New")
        # 2. The user clicks in the app's other window, where What's New and the window
        # on top leave it visible: the click focuses it and is the app's (user time).
        point = uncovered_point(main, [dialog, top])
        if point is None:
            fail(f"no point of the app's window {main} is outside What's New and the window on top: "
                 f"{[geometry(w) for w in (main, dialog, top)]}")
        run("xdotool", "mousemove", "--sync", str(point[0]), str(point[1]), "click", "1")
        if not keeps_focus(main):
            user_time = run("xprop", "-id", str(main), "_NET_WM_USER_TIME").stdout.strip()
            fail(f"What's New took the focus from the window {main} the user clicked in: {active_window()} "
                 f"(its {user_time})")
        run("xdotool", "key", "--clearmodifiers", "x")
        session.wait_for_output(out, "typed: x", "the app's other window")
        print("ok: a window of the app the user clicked in keeps the focus, and the app has the keys typed there")
        # 3. What's New focused for 2 s and more: it no longer watches.
        run("xdotool", "windowactivate", "--sync", str(dialog))
        held, seen = focus_held(dialog, hold=2.5)
        if not held:
            fail(f"What's New {dialog} did not keep the focus once activated: focused since (window, s): {seen}")
        run("xdotool", "windowactivate", "--sync", str(main))
        if not keeps_focus(main):
            fail(f"What's New took the focus from {main} after it had kept it for 2 s: {active_window()}")
        print("ok: after 2 s with the focus, What's New leaves a window the user activates alone")
        run("xdotool", "windowactivate", "--sync", str(dialog))
        if not focus_held(dialog, hold=0.6)[0]:
            fail(f"What's New {dialog} did not get the focus back: {active_window()}")
        run("xdotool", "key", "--clearmodifiers", "Escape")
        if not session.wait_for_log(1)[0].endswith("-> 0") or recorded(session) != "1.1":
            fail(f"Escape did not dismiss and record What's New: {session.logged()}")
        session.stop_all()
    finally:
        wm.terminate()
        wm.wait()
    print("ok: What's New takes the focus back from the app's other windows until it has kept it for 2 s")


def check_app_quits(args, session):
    seed(args, session)
    wm = start_window_manager(session)
    try:
        app, out = session.start([args.app, "--app-id", APP_ID])
        window("Module test app", log=out)
        window(WHATS_NEW, log=out)
        app.send_signal(signal.SIGUSR1)
        if app.wait(20) != 0:
            fail(f"the app did not quit cleanly: {app.returncode}")
        line = session.wait_for_log(1)[0]
        if not line.endswith("-> 2"):
            fail(f"first-open ended '{line}' when the app quit, expected 2")
        if window_count(WHATS_NEW) != 0:
            fail("What's New outlived the app")
        if recorded(session) != "1.0":
            fail("recorded although the user never dismissed it")
        session.stop_all()
    finally:
        wm.terminate()
        wm.wait()
    print("ok: the app quits while What's New is open: exit 2, nothing recorded")


NAMED_APPS = [
    # (file name, <id>, launchable, app arguments (a copy of the app under PROGRAM),
    #  program, the name first-open is started with)
    ("viewer-like.appdata.xml", "org.example.ViewerLike.desktop", None,
     ["--app-id", "org.example.ViewerLike"], None, "org.example.ViewerLike"),
    ("org.example.filerlike.appdata.xml", "org.example.FilerLike", "org.example.FilerLike.desktop",
     ["--app-id", "org.example.FilerLike"], None, "org.example.FilerLike"),
    ("scanner-like.appdata.xml", "scanner-like.desktop", None,
     ["--app-id", "org.example.ScannerLike"], "scanner-like", "scanner-like"),
    ("org.example.PainterLike.appdata.xml", "org.example.PainterLike", "painter-like.desktop",
     [], "painter-like", "painter-like"),
]


def named_metainfo(component_id, launchable):
    text = METAINFO.replace("<id>org.example.ModuleTest</id>", f"<id>{component_id}</id>")
    return text.replace('<launchable type="desktop-id">org.example.ModuleTest.desktop</launchable>',
                        f'<launchable type="desktop-id">{launchable}</launchable>' if launchable else "")


def dismiss_whats_new_over(session, command, started_as, runs, what):
    """Starts the app (COMMAND); What's New must come over its window; Return dismisses
    it, and first-open's run number RUNS must be appstream:STARTED_AS over that window."""
    _, out = session.start(command)
    app_window = window("Module test app", log=out)
    dialog = window(WHATS_NEW, log=out)
    if transient_for(dialog) != app_window:
        fail(f"{what}: What's New is not transient for the app's window")
    press(dialog, "Return")
    line = session.wait_for_log(runs)[-1]
    if not line.startswith(f"appstream:{started_as} --parent x11:{app_window:x} -> 0"):
        fail(f"{what}: first-open ran as '{line}', expected appstream:{started_as} … -> 0")
    session.stop_all()


def check_names(args, session):
    folder = os.path.join(session.env["XDG_DATA_HOME"], "metainfo")
    os.makedirs(folder, exist_ok=True)
    runs = 0
    for file_name, component_id, launchable, app_args, program, started_as in NAMED_APPS:
        path = os.path.join(folder, file_name)
        # Added now: the index is not current at this start (as after an update).
        with open(path, "w") as f:
            f.write(named_metainfo(component_id, launchable))
        seeded = run(args.first_open, "mark-seen", "--version", "1.0", path, env=session.env)
        if seeded.returncode != 0:
            fail(f"mark-seen {path}: {seeded.stderr}")
        app = args.app
        if program:
            app = os.path.join(session.root, program)
            shutil.copy(args.app, app)
        runs += 1
        dismiss_whats_new_over(session, [app] + app_args, started_as, runs, file_name)
        print(f"ok: {file_name} (<id>{component_id}</id>) found as {started_as}")
    print("ok: every name leads to the metainfo file")

    # A FIFO where the index belongs (or any file that is not one) must not block the
    # app: the module reads the index on the app's main thread. It is not current, so the
    # module rebuilds it in the background and still finds the app.
    file_name, _, _, app_args, _, started_as = NAMED_APPS[0]
    path = os.path.join(folder, file_name)
    for command in (["reset", path], ["mark-seen", "--version", "1.0", path]):
        done = run(args.first_open, *command, env=session.env)
        if done.returncode != 0:
            fail(f"{' '.join(command)}: {done.stderr}")
    cache = os.path.join(session.env["XDG_CACHE_HOME"], "first-open")
    indexes = [name for name in os.listdir(cache) if name.startswith("metainfo-index-")]
    if len(indexes) != 1:
        fail(f"expected one metainfo index for the app's data folders, found {indexes}")
    index = os.path.join(cache, indexes[0])
    os.remove(index)
    os.mkfifo(index)
    runs += 1
    dismiss_whats_new_over(session, [args.app] + app_args, started_as, runs, "with a FIFO for the index")
    print("ok: a FIFO for the index neither blocks the app nor stops the module")

    # Another package's file whose desktop-id launchable names this app's desktop file,
    # sorting first: the app's own <id> wins, What's New is the app's (not "What's New in
    # Bravo" over it), and nothing is recorded for the other app.
    file_name, component_id, _, app_args, _, started_as = NAMED_APPS[0]
    path = os.path.join(folder, file_name)
    with open(os.path.join(folder, "a0.appdata.xml"), "w") as f:
        f.write(named_metainfo("org.example.Bravo", component_id).replace("<name>Module Test</name>",
                                                                          "<name>Bravo</name>"))
    for command in (["reset", path], ["mark-seen", "--version", "1.0", path]):
        done = run(args.first_open, *command, env=session.env)
        if done.returncode != 0:
            fail(f"{' '.join(command)}: {done.stderr}")
    runs += 1
    dismiss_whats_new_over(session, [args.app] + app_args, started_as, runs, "beside another file's launchable")
    bravo = os.path.join(session.env["XDG_STATE_HOME"], "first-open", "org.example.Bravo.state")
    if os.path.exists(bravo):
        fail("the other app's record was written")
    print("ok: another file's launchable does not take the app's name")

    # No index can be written (a file where its folder belongs; a read-only or full cache
    # is the same to first-open): the module asks first-open, which answers from the files.
    shutil.rmtree(cache)
    open(cache, "w").close()
    for command in (["reset", path], ["mark-seen", "--version", "1.0", path]):
        done = run(args.first_open, *command, env=session.env)
        if done.returncode != 0:
            fail(f"{' '.join(command)}: {done.stderr}")
    runs += 1
    dismiss_whats_new_over(session, [args.app] + app_args, started_as, runs, "with an unwritable index")
    os.remove(cache)
    print("ok: an index that cannot be written still finds the app")


def check_log(args, session):
    session.install_metainfo()
    del session.env["G_MESSAGES_DEBUG"]
    folder = os.path.join(session.env["XDG_STATE_HOME"], "first-open")
    os.makedirs(folder, exist_ok=True)
    log = os.path.join(folder, "gtk-module.log")
    # No log file: the module creates none.
    _, out = session.start([args.app, "--app-id", "org.example.NoNotes"])
    window("Module test app", log=out)
    time.sleep(1.0)
    session.stop_all()
    if os.path.exists(log):
        fail("the module created its log")
    open(log, "w").close()
    _, out = session.start([args.app, "--app-id", "org.example.NoNotes"])
    window("Module test app", log=out)
    deadline = time.time() + DEADLINE
    expected = "no metainfo for any name of the app: org.example.NoNotes, module-test-app"
    while time.time() < deadline and expected not in open(log).read():
        time.sleep(0.1)
    text = open(log).read()
    if "module-test-app[" not in text or expected not in text:
        fail(f"the log does not name the decision: {text!r}")
    if "first-open-gtk-module" in session.output(out):
        fail("the module wrote to the app's output without G_MESSAGES_DEBUG")
    session.stop_all()
    print("ok: the decision log names the decision")

    # Nothing due (the current version recorded): the log also has first-open's verdict,
    # so "why did nothing show?" is answered there (issue 34, item 6).
    seeded = run(args.first_open, "mark-seen", "appstream:" + APP_ID, env=session.env)
    if seeded.returncode != 0:
        fail(f"mark-seen: {seeded.stderr}")
    _, out = session.start([args.app, "--app-id", APP_ID])
    window("Module test app", log=out)
    deadline = time.time() + DEADLINE
    while time.time() < deadline and "\nnothing: " not in open(log).read():
        time.sleep(0.1)
    text = open(log).read()
    if f"starting first-open for: appstream:{APP_ID}" not in text or "\nnothing: " not in text:
        fail(f"the log has no verdict of first-open: {text!r}")
    if "nothing: " in session.output(out):
        fail("first-open's verdict went to the app's output")
    session.stop_all()
    print("ok: the decision log has first-open's verdict")


NOT_AN_APP = "not an app, nothing installed: "
PYTHON_APP = """#!/usr/bin/python3
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk
window = Gtk.Window(title="Module test script")
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
"""


def decisions(log):
    """The decision log as (program, pid, decision) triples."""
    if not os.path.exists(log):
        return []
    found = [re.match(r"^\S+ (.*?)\[(\d+)\] (.*)$", line) for line in open(log).read().splitlines()]
    return [(m.group(1), int(m.group(2)), m.group(3)) for m in found if m]


def marker_command(session, name):
    """A stand-in for first-open that only notes it was started (arguments included):
    nothing may start it in a process that is not an app, not even `first-open index`."""
    marker = os.path.join(session.root, f"started-{name}")
    script = os.path.join(session.root, f"first-open-marker-{name}")
    with open(script, "w") as f:
        f.write('#!/bin/sh\nprintf "%%s\\n" "$*" >> "%s"\n' % marker)
    os.chmod(script, stat.S_IRWXU)
    return script, marker


def maps_of(pid):
    """The files a running process maps (/proc/PID/maps), as real paths."""
    with open(f"/proc/{pid}/maps") as f:
        return {os.path.realpath(line.split(None, 5)[5].strip()) for line in f if len(line.split(None, 5)) == 6
                and line.split(None, 5)[5].startswith("/")}


def check_not_apps(args, session):
    desktops = testing.desktops()  # Tests/Desktops: GNOME Shell and xfwm4 on a private Xvfb
    session.install_metainfo()  # what would make any of them start first-open
    del session.env["G_MESSAGES_DEBUG"]  # the decision log alone, as in a session
    log = os.path.join(session.env["XDG_STATE_HOME"], "first-open", "gtk-module.log")
    os.makedirs(os.path.dirname(log), exist_ok=True)
    open(log, "w").close()
    markers = []
    # (what, command, its window's title, the one line expected)
    cases = []
    # Each its own app id with metainfo (one GApplication id would make the later ones
    # hand over to the first where a session bus runs).
    metainfo = os.path.join(session.env["XDG_DATA_HOME"], "metainfo")
    for folder, name, why in [("libexec", "fo-test-daemon", None),
                              ("bin", "gsd-test-daemon", "a settings daemon, by its program name"),
                              ("bin", "gnome-shell", "the compositor or a part of GNOME Shell, by its program name")]:
        os.makedirs(os.path.join(session.root, folder), exist_ok=True)
        copy = os.path.join(session.root, folder, name)  # a copy: /proc/self/exe of a symbolic link is its target
        shutil.copy(args.app, copy)
        why = why or f"a helper program in libexec: {copy}"
        app_id = f"org.example.NotAnApp{len(cases)}"
        with open(os.path.join(metainfo, app_id + ".metainfo.xml"), "w") as f:
            f.write(METAINFO.replace(APP_ID, app_id))
        cases.append((name, [copy, "--app-id", app_id], "Module test app", f"{NOT_AN_APP}{name} ({why})"))
    script = os.path.join(session.root, "libexec", "fo-test-script")
    with open(script, "w") as f:
        f.write(PYTHON_APP)
    os.chmod(script, stat.S_IRWXU)
    cases.append(("a Python script in libexec", [script], "Module test script",
                  f"{NOT_AN_APP}fo-test-script (a helper script in libexec: {script})"))
    # first-open's own window helper, as the module's first-open run starts it (its
    # program name is first-open, its file first-open-window).
    cases.append(("first-open's window helper", [args.first_open, "show", "--force", "whats-new", f"appstream:{APP_ID}"],
                  None, f"{NOT_AN_APP}first-open (first-open's own process, by its program name)"))
    started = []
    for what, command, title, expected in cases:
        command_path, marker = marker_command(session, str(len(markers)))
        markers.append(marker)
        process, out = session.start(command, env=dict(session.env, FIRST_OPEN_GTK_MODULE_COMMAND=command_path))
        started.append((what, process, out, title, expected))
    # Every window mapped (the module, were it there, would be on its way to first-open).
    for title in {title or WHATS_NEW for _, _, _, title, _ in started}:
        count = sum((t or WHATS_NEW) == title for _, _, _, t, _ in started)
        deadline = time.time() + DEADLINE
        while time.time() < deadline and window_count(title) < count:
            time.sleep(0.1)
        if window_count(title) < count:
            fail(f"{window_count(title)} windows titled {title}, expected {count}; outputs: "
                 + "; ".join(session.output(out) for _, _, out, _, _ in started))
    # Real desktops on X servers of their own: GNOME Shell (43: GTK 3 inside the
    # compositor) and xfwm4 (a GTK 3 window manager), with the module in their environment.
    shells = []
    try:
        for wm, expected in [("gnome-shell-x11", f"{NOT_AN_APP}gnome-shell (a compositor: mutter's meta_display_get_type is loaded)"),
                             ("xfwm4", f"{NOT_AN_APP}xfwm4 (the window manager, by its program name)")]:
            desktop = desktops.X11WindowManager(wm)
            command_path, marker = marker_command(session, wm)
            markers.append(marker)
            desktop_log = os.path.join(desktop.env["XDG_STATE_HOME"], "first-open", "gtk-module.log")
            os.makedirs(os.path.dirname(desktop_log))
            open(desktop_log, "w").close()
            desktop.env.update(GTK_MODULES=args.module, FIRST_OPEN_GTK_MODULE_COMMAND=command_path)
            try:
                desktop.__enter__()
            except (desktops.DesktopError, OSError) as error:  # it fails, never skips
                fail(f"{wm} did not start: {error}")
            shells.append((wm, desktop, desktop_log, expected))
        # An ordinary app started after all of them: first-open is started for it (the
        # module would have been as far in each of them by now).
        _, out = session.start([args.app, "--app-id", APP_ID])
        window("Module test app", log=out)
        session.wait_for_log(1)
        for wm, desktop, desktop_log, expected in shells:
            lines = [d for d in decisions(desktop_log) if d[1] == desktop.process.pid]
            # What the compositor maps decides what it must log: GNOME Shell 43 starts
            # GTK 3 inside (the module loads and says why it stays idle); mutter 44 and
            # later draw X11 frames in a GTK 4 helper (mutter-x11-frames), so GNOME Shell
            # 48 maps no GTK 3 and no module, which installs nothing by construction.
            mapped = maps_of(desktop.process.pid)
            module_mapped = os.path.realpath(args.module) in mapped
            gtk3_mapped = any(os.path.basename(path).startswith("libgtk-3.so") for path in mapped)
            if module_mapped or gtk3_mapped:
                if not module_mapped:
                    fail(f"{wm} maps GTK 3 with GTK_MODULES={args.module} set but not the module: {sorted(mapped)}")
                if [d[2] for d in lines] != [expected]:
                    fail(f"{wm} logged {lines}, expected the one line {expected!r}; its log: "
                         f"{open(desktop_log).read()!r}")
                print(f"ok: {wm}: {expected}")
            else:
                if lines:
                    fail(f"{wm} maps neither GTK 3 nor the module but logged {lines}")
                print(f"ok: {wm}: maps neither GTK 3 nor the module (nothing can be installed there), logged nothing")
    finally:
        for _, desktop, _, _ in shells:
            desktop.stop()
    logged = decisions(log)
    control = [d for d in logged if d[0] == "module-test-app" and d[2].startswith("starting first-open for")]
    if not control:
        fail(f"the ordinary app did not start first-open: {logged}")
    for what, process, out, title, expected in started:
        lines = [d[2] for d in logged if d[1] == process.pid]
        if lines != [expected]:
            fail(f"{what} logged {lines}, expected the one line {expected!r}; output: {session.output(out)}")
        print(f"ok: {what}: {expected}")
    for marker in markers:
        if os.path.exists(marker):
            fail(f"the module started first-open in a process that is not an app: {open(marker).read()!r}")
    session.stop_all()
    print("ok: nothing installed in processes that are not apps; one line each says why")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("case", choices=["exclusions", "wayland", "whats-new", "parent-gone", "dialog-first",
                                         "many-windows", "many-windows-at-once", "focus-moves", "app-quits", "log", "names", "kwin",
                                         "gnome-shell", "not-apps"])
    parser.add_argument("--module", required=True)
    parser.add_argument("--first-open", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--embedding-app")
    parser.add_argument("--car-spec")
    parser.add_argument("--lib-dir")
    parser.add_argument("--starts", type=int, default=1,
                        help="gnome-shell: how many starts to count (docs/gtk-module.md's figure: 20)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        if os.environ.get("FIRST_OPEN_REQUIRE_DISPLAY") == "1":
            fail("FIRST_OPEN_REQUIRE_DISPLAY=1 but DISPLAY is unset")
        sys.exit(77)
    root = tempfile.mkdtemp(prefix="first-open-module-")
    # One X client connected for the whole test: an X server without -noreset resets when
    # its last client leaves, and an app started then cannot open the display.
    keeper = subprocess.Popen(["xprop", "-root", "-spy", "_NET_ACTIVE_WINDOW"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    session = Session(args, root)
    if args.lib_dir:
        session.env["LD_LIBRARY_PATH"] = args.lib_dir
    try:
        cases = {"exclusions": check_exclusions, "wayland": check_wayland, "whats-new": check_whats_new,
                 "parent-gone": check_parent_gone, "dialog-first": check_dialog_first,
                 "many-windows": check_many_windows,
                 "many-windows-at-once": check_many_windows_at_once, "focus-moves": check_focus_moves,
                 "app-quits": check_app_quits, "log": check_log,
                 "names": check_names, "kwin": check_kwin,
                 "gnome-shell": check_gnome_shell, "not-apps": check_not_apps}
        cases[args.case](args, session)
    finally:
        session.stop_all()
        keeper.terminate()
        keeper.wait()
        shutil.rmtree(root, ignore_errors=True)


if os.environ.get("FIRST_OPEN_TEST_WM"):
    main()  # another window manager tried by hand (xfwm4 wants xfconfd from the caller's bus)
else:
    # The apps run on a session bus of the test's own, with nothing activatable on it
    # (Tests/Desktops/session_bus.py): a GtkApplication (GTK 3 and 4) activates the
    # desktop's portals on the bus it inherits, and xdg-document-portal's mount outlived
    # the test (issue 30.9).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Desktops"))
    from session_bus import LeftBehind, PrivateSessionBus  # noqa: E402
    try:
        with PrivateSessionBus():
            main()
    except LeftBehind as error:
        print(f"FAIL: the test left something behind: {error}", file=sys.stderr)
        sys.exit(1)
