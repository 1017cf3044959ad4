#!/usr/bin/python3
"""What a screen reader is given over a GTK 4 host: the What's New window a GTK 4 app
shows through libfirst-open-client (examples/gtk4-c), on a private AT-SPI bus, checked
with check-atspi.py's own checks (the same tree, names and text as the GTK 3 path),
then Orca's speech (check-orca.py's parsing), and the keyboard.

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/check-gtk4-host.py \\
        FIRST_OPEN HELPER LIB_DIR HOST_PROGRAM [--orca]

FIRST_OPEN and HELPER are first-open and first-open-window; LIB_DIR libfirst-open-client (the
Meson build's native/libfirst-open-client); HOST_PROGRAM is a GTK 4 app called as the
examples are (`HOST_PROGRAM SPEC`; it reports "outcome: NICK" on stderr). Needs an X
display (the suite's Xvfb; no window manager: xdotool gives the focus), xdotool,
at-spi2-core, gir1.2-atspi-2.0 and, with --orca, orca. Prints one line per check and
exits 1 if any failed, 69 without a display.

Checks:
1. The GTK 4 host's own window "Car" and the window "What's New in Car" are on the bus,
   from two processes (the host maps no GTK 3: the window is first-open's).
2. check-atspi.py's check_tree: role dialog, the name, the description that lists the
   rows, headings with levels, rows as title + subtitle, no image, three named controls.
3. Continue has the focus once the window has it (no window manager here: xdotool gives
   it); Tab visits Release Notes, the check box, Continue.
4. Escape dismisses it: the host reports "outcome: shown", the record holds 2.0.
5. With --orca (a second start, after a reset): Orca announces "What's New in Car
   dialog", reads the rows, then "Continue push button".

Run by Tests/Embedding/meson.build (client-atspi, client-orca).
"""

import importlib.util
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import a11y_support  # noqa: E402
from a11y_support import check, summary, wait_for  # noqa: E402


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIRST_OPEN, HELPER, LIB_DIR, HOST = (os.path.abspath(a) for a in sys.argv[1:5])
ORCA = "--orca" in sys.argv[5:]
atspi = load("check-atspi")
orca_check = load("check-orca")
atspi.FIRST_OPEN = FIRST_OPEN
TITLE = atspi.TITLE


class Host:
    """The GTK 4 app, started over the spec with the build's client library."""

    def __init__(self, session, name):
        env = dict(session.env)
        env.pop("GDK_GL", None)  # only first-open's own processes set it
        env.update(LD_LIBRARY_PATH=LIB_DIR, GI_TYPELIB_PATH=LIB_DIR,
                   FIRST_OPEN_CLIENT_COMMAND=FIRST_OPEN, FIRST_OPEN_HELPER=HELPER)
        self.log_path = os.path.join(session.root, name + ".log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen([HOST, session.spec], env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)

    def lines(self):
        with open(self.log_path, "rb") as log:
            return log.read().decode("utf-8", "replace").splitlines()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def record(session):
    try:
        with open(os.path.join(session.root, "state", "first-open", "org.example.AccessibilityCheck.state")) as f:
            return f.read()
    except OSError:
        return ""


def check_tree_over_host(session):
    host = Host(session, "atspi")
    try:
        window = atspi.find_window(TITLE)
        if not check(window is not None, "the What's New window over the GTK 4 host is on the AT-SPI bus"):
            print("\n".join(host.lines()))
            return
        host_window = atspi.find_window("Car", timeout=5)
        check(host_window is not None and host_window.get_process_id() == host.process.pid,
              "the GTK 4 host's window 'Car' is on the bus, from the host's process")
        check(window.get_process_id() not in (host.process.pid, 0),
              "the What's New window is another process's (first-open's), not the host's")
        atspi.check_tree(window)

        # No window manager here gives it the keyboard focus (the desktops do: run-client-example.py).
        subprocess.run([a11y_support.XDOTOOL, "windowfocus", "--sync", a11y_support.window_id(TITLE)],
                       capture_output=True)
        first = wait_for(lambda: atspi.focused(window))
        check(first is not None and first.get_name() == "Continue",
              "Continue has the focus once the window has the keyboard focus")
        order, before = [], first
        for _ in range(3):
            atspi.press(["Tab"])
            now = wait_for(lambda: (lambda obj: obj if obj is not None and obj != before else None)(
                atspi.focused(window)), timeout=5)
            before = now
            order.append(now.get_name() if now else None)
        check(order == ["Release Notes", "Don't show after updates", "Continue"],
              "Tab visits Release Notes, the check box, Continue: %r" % order)
        check(record(session).count("Version=1.0") == 1, "nothing is recorded while it is open")
        atspi.press(["Escape"])
        check(wait_for(lambda: "outcome: shown" in host.lines(), timeout=15) is True,
              "Escape dismisses it: the host reports 'outcome: shown': %r" % host.lines()[-3:])
        check("Version=2.0" in record(session), "and the record holds 2.0: %r" % record(session))
        check(host.process.poll() is None, "the host runs on")
    finally:
        host.stop()


def check_orca_over_host(session):
    """Orca, started before the host, and what it says when the window opens."""
    log = os.path.join(session.root, "orca.log")
    orca_env = dict(os.environ)
    orca_env.pop("NO_AT_BRIDGE", None)
    orca_env["HOME"] = session.root
    runtime = os.path.join(session.root, "runtime")
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    orca_env["XDG_RUNTIME_DIR"] = runtime
    os.makedirs(os.path.join(session.root, "orca"), exist_ok=True)
    orca = subprocess.Popen(["orca", "--debug-file", log, "-u", os.path.join(session.root, "orca")],
                            env=orca_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    host = None
    try:
        if not check(a11y_support.wait_for_event_listeners("Window:"), "Orca listens to window events"):
            return
        time.sleep(1)
        host = Host(session, "orca")
        # A limit, not a timing check: under dh_auto_test (two tests at once on two
        # cores) with Orca running, the window was not there after 20 s once (Debian 13).
        window = wait_for(lambda: a11y_support.window_id(TITLE), timeout=90, interval=0.1)
        if not check(window is not None, "the window appears over the GTK 4 host"):
            return
        time.sleep(3)
        orca_check.key(window, "Escape")
        wait_for(lambda: "outcome: shown" in host.lines(), timeout=10)
        time.sleep(1)
    finally:
        orca.terminate()
        try:
            orca.wait(timeout=10)
        except subprocess.TimeoutExpired:
            orca.kill()
        if host is not None:
            host.stop()
    flat = [" ".join(s.split()) for s in orca_check.spoken(log) if s != "Screen reader on."]
    print("Orca said:")
    for utterance in flat:
        print("    " + utterance)
    check(any(s.startswith(TITLE + " dialog") for s in flat),
          "Orca announces the window over the GTK 4 host as a dialog")
    check(any("Dark style. Car follows the system's dark style." in s and "Flights. Plan trips" in s for s in flat),
          "Orca reads the rows, title and subtitle, when it opens")
    check("Continue %s." % orca_check.BUTTON in flat, "then the focused Continue button")  # Orca 43: "push button"


def main():
    if not os.environ.get("DISPLAY"):
        print("check-gtk4-host.py: no DISPLAY; run under xvfb-run", file=sys.stderr)
        return 69
    launcher = a11y_support.start()
    session = atspi.Session()
    try:
        seeded = session.run("mark-seen", session.spec, "--version", "1.0")
        check(seeded.returncode == 0, "seeded the record at 1.0: %s" % seeded.stderr.strip())
        check_tree_over_host(session)
        if ORCA:
            session.run("reset", session.spec)
            session.run("mark-seen", session.spec, "--version", "1.0")
            check_orca_over_host(session)
    finally:
        session.close()
        launcher.terminate()
        try:
            launcher.wait(timeout=5)
        except subprocess.TimeoutExpired:
            launcher.kill()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
