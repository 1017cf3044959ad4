#!/usr/bin/python3
"""What Orca says: runs the Orca screen reader and the real `first-open` What's New
window on a private AT-SPI bus, presses Tab and Escape, and checks the speech Orca
generated (its debug log has a "SPEECH OUTPUT" line per utterance; no sound card or
speech synthesiser is needed for that).

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/check-orca.py BIN_DIR SPEC

Needs an X display, xdotool and the Debian packages orca and at-spi2-core. Prints
what Orca said and one line per check; exits 1 if any failed.

Run by Tests/FirstOpenToolTests/AccessibilityTreeTests.swift.
"""

import os
import re
import subprocess
import sys
import time

import a11y_support  # next to this script
from a11y_support import check, summary, wait_for, window_id

BIN_DIR = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
SPEC = sys.argv[2] if len(sys.argv) > 2 else "data/examples/org.example.Car.spec"
TITLE = "What's New in Car"


def spoken(log):
    """The utterances in Orca's debug log, in order."""
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    return [m.group(1) for m in re.finditer(r"SPEECH OUTPUT: '(.*?)' ?\{'established'", text, re.S)]


def orca_major():
    """The installed Orca's major version (the Debian package's: `orca --version` needs a display)."""
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "orca"], capture_output=True, text=True).stdout
    match = re.match(r"(?:\d+:)?(\d+)", version)
    return int(match.group(1)) if match else 0


# How Orca names a GtkButton's role: "push button" in Orca 43 (Debian 12), "button" in
# Orca 48 (Debian 13), which otherwise reads the window the same.
BUTTON = "push button" if orca_major() <= 43 else "button"


def key(window, name):
    subprocess.run([a11y_support.XDOTOOL, "windowfocus", "--sync", window], capture_output=True)
    time.sleep(a11y_support.KEY_DELAY)
    subprocess.run([a11y_support.XDOTOOL, "key", "--clearmodifiers", name], capture_output=True)


def main():
    if not os.environ.get("DISPLAY"):
        print("check-orca.py: no DISPLAY; run under xvfb-run", file=sys.stderr)
        return 69
    session = a11y_support.Session("first-open-orca-")
    root = session.root
    log = os.path.join(root, "orca.log")
    processes = []
    try:
        processes.append(a11y_support.start())
        # Orca's own environment: the private home (its settings, speech-dispatcher's
        # socket); the window's: the private XDG folders too (show --force records nothing).
        orca_env = dict(os.environ)
        orca_env.pop("NO_AT_BRIDGE", None)
        orca_env["HOME"] = root
        # Speech's audio client (libpulse) makes its runtime folder in $XDG_RUNTIME_DIR,
        # else as $TMPDIR/pulse-*, which outlived the test: a private one, removed with root.
        runtime = os.path.join(root, "runtime")
        os.makedirs(runtime, mode=0o700)
        orca_env["XDG_RUNTIME_DIR"] = runtime
        env = session.env
        os.makedirs(os.path.join(root, "orca"))
        orca = subprocess.Popen(["orca", "--debug-file", log, "-u", os.path.join(root, "orca")],
                                env=orca_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(orca)
        # Orca's debug log is written in blocks: it is complete only once Orca has quit,
        # so the steps below wait for Orca's event listeners and then go by time rather
        # than by what Orca said.
        if not check(a11y_support.wait_for_event_listeners("Window:"), "Orca listens to window events"):
            return 1
        time.sleep(1)
        window_process = subprocess.Popen([os.path.join(BIN_DIR, "first-open"), "show", "--force", "whats-new", SPEC],
                                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(window_process)

        window = wait_for(lambda: window_id(TITLE), interval=0.1)
        if not check(window is not None, "the window appears"):
            return 1
        time.sleep(3)
        key(window, "Tab")
        time.sleep(1.5)
        key(window, "Escape")
        wait_for(lambda: window_process.poll() is not None, timeout=5)
        time.sleep(1)
        orca.terminate()
        try:
            orca.wait(timeout=10)
        except subprocess.TimeoutExpired:
            orca.kill()
        check("Screen reader on." in spoken(log), "Orca ran and logged its speech")

        said = [s for s in spoken(log) if s != "Screen reader on."]
        print("Orca said:")
        for utterance in said:
            print("    " + " ".join(utterance.split()))
        flat = [" ".join(s.split()) for s in said]
        check(any(s.startswith("What's New in Car dialog") for s in flat),
              "Orca announces the window as a dialog (a frame gets its title only)")
        check(any("Dark style. Car follows the system's dark style." in s and
                  "Tram stops. Routes show the tram stops along the way." in s for s in flat),
              "Orca reads the rows, title and subtitle, when the window opens")
        check("Continue %s." % BUTTON in flat, "then the focused Continue button")
        check("Release Notes %s." % BUTTON in flat, "Tab: the Release Notes button")
        check(not any("scroll pane" in s or " frame" in s for s in flat), "no scroll pane, no frame")
        check(window_process.returncode == 0, "Escape closed the window")
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        session.close()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
