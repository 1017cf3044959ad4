#!/usr/bin/python3
"""What a screen reader is given: runs the real `first-open` window on a private
AT-SPI bus and checks the accessible tree and the keyboard, as Orca meets them.

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/check-atspi.py BIN_DIR

BIN_DIR holds `first-open` and `first-open-window`. Needs an X display (DISPLAY; the
test suite runs under Xvfb), xdotool, and the Debian packages at-spi2-core,
gir1.2-atspi-2.0 and python3-gi. NO_AT_BRIDGE must not be set for the window (this
script removes it). Prints one line per check and exits 1 if any failed.

Run by Tests/FirstOpenToolTests/AccessibilityTreeTests.swift.
"""

import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from a11y_support import check, summary, wait_for, press as press_in  # noqa: E402  (next to this script)
import a11y_support  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
from firstopen_testing import finish  # noqa: E402

BIN_DIR = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
FIRST_OPEN = os.path.join(BIN_DIR, "first-open")
TITLE = "What's New in Car"

SPEC = """[First Open]
AppId=org.example.AccessibilityCheck
Name=Car
Icon=starred-symbolic
Version=2.0
SecondaryLabel=Release Notes
SecondaryURL=file:///nonexistent/first-open-accessibility-check/notes.html

[Release 2.0 1]
Icon=weather-clear-night-symbolic
Title=Dark style
Subtitle=Car follows the system's dark style.

[Release 2.0 2]
Icon=object-select-symbolic
Title=Faster start

[Release 1.5 1]
Icon=airplane-mode-symbolic
Title=Flights
Subtitle=Plan trips that include a flight.
"""

NOTES_TITLE = "What's New in Notes"

NOTES_SPEC = """[First Open]
AppId=org.example.AccessibilityNotes
Name=Notes
Version=2.0
ReleaseNotes=notes.metainfo.xml
"""

NOTES_METAINFO = """<component type="desktop-application"><id>org.example.AccessibilityNotes</id><releases>
  <release version="2.0" date="2024-09-16"><description>
    <p>A <em>new</em> sidebar.</p>
    <ul><li>Transit routes</li><li>Night mode</li></ul>
    <ol><li>Open the route</li><li>Press Share</li></ol>
  </description></release>
  <release version="2.0~beta" date="2024-08-05" type="development"><description>
    <p>Printing.</p>
  </description></release>
</releases></component>
"""


class Session(a11y_support.Session):
    """The shared private session, with the spec to show."""

    def __init__(self):
        super().__init__("first-open-atspi-")
        self.spec = os.path.join(self.root, "car.spec")
        with open(self.spec, "w", encoding="utf-8") as f:
            f.write(SPEC)
        self.env["GTK_A11Y"] = "atspi"

    def run(self, *args):
        return subprocess.run([FIRST_OPEN, *args], env=self.env, capture_output=True, text=True, timeout=60)

    def start(self, *args):
        return subprocess.Popen([FIRST_OPEN, *args], env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)


def find_window(title, timeout=20):
    """The accessible of the toplevel named `title`, once an app exposes it."""
    def lookup():
        desktop = Atspi.get_desktop(0)
        desktop.clear_cache()
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is None:
                continue
            for j in range(app.get_child_count()):
                window = app.get_child_at_index(j)
                if window is not None and window.get_name() == title:
                    return window
        return None
    return wait_for(lookup, timeout=timeout, interval=0.1)


def walk(obj, depth=0):
    yield obj, depth
    for i in range(obj.get_child_count()):
        child = obj.get_child_at_index(i)
        if child is not None:
            yield from walk(child, depth + 1)


def states(obj):
    obj.clear_cache()
    return obj.get_state_set()


def role_name(obj):
    return obj.get_role_name()


def press(keys, title=TITLE):
    """Presses keys in the window titled `title`."""
    return press_in(keys, title)


def focused(window):
    for obj, _ in walk(window):
        if states(obj).contains(Atspi.StateType.FOCUSED):
            return obj
    return None


def check_tree(window):
    check(window.get_role() == Atspi.Role.DIALOG,
          "the window's role is dialog (Orca reads a dialog's content), got %s" % role_name(window))
    check(window.get_name() == TITLE, "the window is named %r" % TITLE)
    summary = ("Version 2.0.\nDark style. Car follows the system's dark style.\nFaster start.\n"
               "Version 1.5.\nFlights. Plan trips that include a flight.")
    check(window.get_description() == summary,
          "the window's description reads the rows (Orca speaks it after the role): %r" % window.get_description())

    objects = list(walk(window))
    headings = [o for o, _ in objects if o.get_role() == Atspi.Role.HEADING]
    levels = {o.get_name(): o.get_attributes().get("level") for o in headings}
    check(levels.get(TITLE) == "1", "the headline is a heading of level 1 named %r: %r" % (TITLE, levels))
    check(levels.get("Version 2.0") == "2" and levels.get("Version 1.5") == "2",
          "version headings are headings of level 2: %r" % levels)

    items = [o for o, _ in objects if o.get_role() == Atspi.Role.LIST_ITEM]
    rows = [(o.get_name(), o.get_description()) for o in items]
    check(rows == [("Dark style", "Car follows the system's dark style."), ("Faster start", ""),
                   ("Flights", "Plan trips that include a flight.")],
          "rows read as title + subtitle: %r" % rows)
    labels = [[c.get_name() for c, _ in walk(o) if c.get_role() == Atspi.Role.LABEL] for o in items]
    check(labels[1:2] == [["Faster start"]], "a row without subtitle exposes no empty label: %r" % labels)
    empty = [(role_name(o), depth) for o, depth in objects
             if o.get_role() == Atspi.Role.LABEL and not o.get_name()
             and states(o).contains(Atspi.StateType.SHOWING)]
    check(not empty, "no empty label on screen: %r" % empty)

    images = [(role_name(o), o.get_name()) for o, _ in objects
              if o.get_role() in (Atspi.Role.IMAGE, Atspi.Role.ICON)]
    check(not images, "no icon is exposed as an image: %r" % images)
    redundant = [o.get_name() for o, _ in objects if o.get_role() == Atspi.Role.REDUNDANT_OBJECT]
    check(redundant.count("") == 4 and [n for n in redundant if n] == ["Car"],
          "the 4 icons are unnamed redundant objects, and the app name (part of the heading's name): %r"
          % redundant)

    focusable = []
    for o, _ in objects:
        s = states(o)
        if s.contains(Atspi.StateType.FOCUSABLE) and s.contains(Atspi.StateType.VISIBLE):
            focusable.append((role_name(o), o.get_name(), s.contains(Atspi.StateType.SHOWING)))
    check(all(name for _, name, _ in focusable), "every focusable object is named: %r" % focusable)
    check(all(showing for _, _, showing in focusable), "every focusable object is showing: %r" % focusable)
    check([name for _, name, _ in focusable] == ["Continue", "Release Notes", "Don't show after updates"],
          "focusable objects are the three controls: %r" % focusable)


def check_release_notes(session):
    """AppStream release notes: headings per version with their dates, paragraphs as
    text, lists as lists of named items, bullets and numbers left out."""
    spec = os.path.join(session.root, "notes.spec")
    with open(spec, "w", encoding="utf-8") as f:
        f.write(NOTES_SPEC)
    with open(os.path.join(session.root, "notes.metainfo.xml"), "w", encoding="utf-8") as f:
        f.write(NOTES_METAINFO)
    session.run("mark-seen", spec, "--version", "1.0")
    window_process = session.start(spec)
    window = find_window(NOTES_TITLE)
    if not check(window is not None, "the release-notes window appears"):
        window_process.terminate()
        finish(window_process)
        return
    objects = list(walk(window))
    headings = {o.get_name(): o.get_attributes().get("level")
                for o, _ in objects if o.get_role() == Atspi.Role.HEADING}
    check(headings.get("Version 2.0") == "2" and headings.get("Version 2.0~beta") == "2",
          "each version is a heading of level 2: %r" % headings)
    labels = [o.get_name() for o, _ in objects if o.get_role() == Atspi.Role.LABEL]
    for text in ["16 September 2024", "Pre-release, 5 August 2024", "A new sidebar.", "Printing."]:
        check(text in labels, "%r is read as text: %r" % (text, labels))
    lists = [o for o, _ in objects if o.get_role() == Atspi.Role.LIST]
    items = [[c.get_name() for c, _ in walk(lst) if c.get_role() == Atspi.Role.LIST_ITEM] for lst in lists]
    check(items == [["Transit routes", "Night mode"], ["Open the route", "Press Share"]],
          "bullets and numbered items are lists of named list items: %r" % items)
    markers = [o.get_name() for o, _ in objects if o.get_role() == Atspi.Role.REDUNDANT_OBJECT]
    check("1." not in labels and "\u2022" not in labels and markers.count("") >= 4,
          "bullets and numbers are unnamed redundant objects: %r" % markers)
    description = window.get_description()
    check(description.startswith("Version 2.0.\n16 September 2024.\nA new sidebar.\nTransit routes.")
          and description.endswith("Version 2.0~beta.\nPre-release, 5 August 2024.\nPrinting."),
          "the window's description reads the notes in order: %r" % description)
    press(["Escape"], NOTES_TITLE)
    status, out, _ = finish(window_process)
    check(status == 0 and "recorded" in out, "Escape dismisses the release notes: %r" % out)


def main():
    if not os.environ.get("DISPLAY"):
        print("check-atspi.py: no DISPLAY; run under xvfb-run", file=sys.stderr)
        return 69
    launcher = a11y_support.start()
    session = Session()
    try:
        seeded = session.run("mark-seen", session.spec, "--version", "1.0")
        check(seeded.returncode == 0, "seeded the record at 1.0: %s" % seeded.stderr.strip())

        # 1. The tree, Tab order, scrolling stops and the Release Notes failure; Escape.
        window_process = session.start(session.spec)
        window = find_window(TITLE)
        if not check(window is not None, "the What's New window appears on the AT-SPI bus"):
            window_process.terminate()
            status, out, err = finish(window_process)
            print("first-open exited %s\nstdout: %s\nstderr: %s" % (status, out, err))
            return 1
        check_tree(window)

        first = wait_for(lambda: focused(window))
        check(first is not None and first.get_name() == "Continue", "Continue has the focus when it opens")
        order = []
        before = first
        for _ in range(3):
            press(["Tab"])
            # The focus moves on: wait for another object than before to have it.
            now = wait_for(lambda: (lambda obj: obj if obj is not None and obj != before else None)(focused(window)),
                           timeout=5)
            before = now
            order.append(now.get_name() if now else None)
        check(order == ["Release Notes", "Don't show after updates", "Continue"],
              "Tab visits Release Notes, the check box, Continue: %r" % order)

        press(["alt+r"])
        alert = wait_for(lambda: next((o for o, _ in walk(window) if o.get_role() == Atspi.Role.ALERT
                                       and states(o).contains(Atspi.StateType.SHOWING)), None))
        check(alert is not None and alert.get_name() == "The link could not be opened."
              and alert.get_description().startswith("file:///nonexistent/"),
              "Alt+R with no handler shows an alert with the address: %r"
              % (((alert.get_name(), alert.get_description()) if alert else None),))
        now = wait_for(lambda: focused(window))
        check(now is not None and now.get_name() == "Copy Link", "the focus moves to Copy Link")

        press(["alt+d"])
        check_box = next(o for o, _ in walk(window) if o.get_role() == Atspi.Role.CHECK_BOX)
        check(wait_for(lambda: states(check_box).contains(Atspi.StateType.CHECKED)),
              "Alt+D checks \"Don't show after updates\"")
        press(["Escape"])
        status, out, err = finish(window_process)
        check(status == 0 and "whats-new: escaped; recorded" in out, "Escape dismisses and records: %r" % out)
        check("turned off" not in out, "Escape does not store \"Don't show after updates\"")
        err_lines = [line for line in err.splitlines() if "nonexistent" in line]
        check(len(err_lines) == 1 and err_lines[0].startswith('first-open: cannot open "file:///nonexistent/'),
              "one line on stderr for the link: %r" % err_lines)

        # 2. Alt+D then Alt+C: Continue stores the opt-out.
        session.run("reset", session.spec)
        session.run("mark-seen", session.spec, "--version", "1.0")
        window_process = session.start(session.spec)
        window = find_window(TITLE)
        if check(window is not None, "the window appears again"):
            press(["alt+d"])
            check_box = next(o for o, _ in walk(window) if o.get_role() == Atspi.Role.CHECK_BOX)
            wait_for(lambda: states(check_box).contains(Atspi.StateType.CHECKED))
            press(["alt+c"])
        status, out, err = finish(window_process)
        check(status == 0 and "whats-new: continued; recorded" in out and "whats-new: turned off" in out,
              "Alt+C continues and stores \"Don't show after updates\": %r" % out)

        # 3. Enter presses Continue (forced window: state untouched, exit 0).
        window_process = session.start("show", "--force", "whats-new", session.spec)
        window = find_window(TITLE)
        if check(window is not None, "the forced window appears"):
            # Scrolling keys never dismiss; Enter does.
            press(["Next", "Prior"])
            time.sleep(0.2)  # nothing to wait for: the window must stay open
            check(window_process.poll() is None, "Page Down and Page Up leave the window open")
            press(["Return"])
        status, out, err = finish(window_process)
        check(status == 0, "Enter dismisses the window (exit %s)" % status)

        # 4. AppStream release notes.
        check_release_notes(session)
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
