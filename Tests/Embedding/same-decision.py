#!/usr/bin/python3
"""libfirst-open makes the same decision as `first-open SPEC`: for each state (no
record, same version, an older one, a newer one, a corrupt record) and each setting
(user Policy=, ShowWhatsNew=false, an admin lock), `first-open explain` and the
library's present_if_needed must agree on welcome / whats-new / nothing. Each case runs
in fresh private XDG directories. And they share the lock: while an app shows the
window through the library, `first-open SPEC` (the autostart entry) shows nothing.
Needs a display (xvfb-run); skips (77) without one unless FIRST_OPEN_REQUIRE_DISPLAY=1.

    same-decision.py FIRST_OPEN_BINARY LIBRARY_DIR SPEC
"""
import os
import subprocess
import sys
import tempfile

# Runs in a child: GLib reads the XDG directories once per process.
CHILD = r"""
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen, Gtk
Gtk.init(None)
presenter = FirstOpen.Presenter.new(sys.argv[1])
kinds = []
presenter.connect("dismissed", lambda presenter, kind, reason: kinds.append(kind.value_nick))
if presenter.present_if_needed(None):
    presenter.dismiss()  # programmatic: nothing recorded
    print(kinds[0])
else:
    print("nothing")
"""

# Shows the window through the library and keeps it open until stdin closes.
HOLDER = r"""
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen, GLib, Gtk
Gtk.init(None)
presenter = FirstOpen.Presenter.new(sys.argv[1])
print("presented" if presenter.present_if_needed(None) else "nothing", flush=True)
GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP,
                  lambda *args: Gtk.main_quit())
Gtk.main()
"""

CASES = [
    # (name, recorded state file text or None, user conf, admin conf)
    ("no record", None, "", ""),
    ("same version", "[First Open]\nVersion=1.3.0\n", "", ""),
    ("minor upgrade", "[First Open]\nVersion=1.2.0\n", "", ""),
    ("skipped versions", "[First Open]\nVersion=1.0\n", "", ""),
    ("pre-release to its release", "[First Open]\nVersion=1.3.0~rc1\n", "", ""),
    ("downgrade", "[First Open]\nVersion=1.4.0\n", "", ""),
    ("corrupt record", "[First Open]\nVersion=not a version\n", "", ""),
    ("user Policy=major", "[First Open]\nVersion=1.2.0\n", "[Defaults]\nPolicy=major\n", ""),
    ("user ShowWhatsNew=false", "[First Open]\nVersion=1.2.0\n",
     "[App org.example.Car]\nShowWhatsNew=false\n", ""),
    ("admin lock wins", "[First Open]\nVersion=1.2.0\n", "[Defaults]\nShowWhatsNew=false\n",
     "[Defaults]\nShowWhatsNew=true\nLocked=ShowWhatsNew\n"),
]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def shares_the_lock(first_open, library_dir, spec):
    with tempfile.TemporaryDirectory(prefix="first-open-same-lock-") as root:
        env = dict(os.environ, XDG_STATE_HOME=root + "/state", XDG_CONFIG_HOME=root + "/config",
                   XDG_CONFIG_DIRS=root + "/etc", LD_LIBRARY_PATH=library_dir,
                   GI_TYPELIB_PATH=library_dir, NO_AT_BRIDGE="1")
        holder = subprocess.Popen(["/usr/bin/python3", "-c", HOLDER, spec], env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        try:
            first_line = holder.stdout.readline().strip()
            if first_line != "presented":
                print(f"FAIL: shared lock: the app did not present the window ({first_line!r})")
                return False
            shown = subprocess.run([first_open, spec], env=env, capture_output=True, text=True, timeout=30)
            expected = "nothing: another first-open is already showing org.example.Car"
            record = os.path.exists(root + "/state/first-open/org.example.Car.state")
            ok = shown.returncode == 0 and expected in shown.stdout and not record
            print(f"{'ok' if ok else 'FAIL'}: shared lock: while the app shows Welcome, first-open SPEC "
                  f"says {shown.stdout.strip()!r} (exit {shown.returncode}); record written: {record}")
            return ok
        finally:
            holder.stdin.close()
            try:
                holder.wait(10)
            except subprocess.TimeoutExpired:
                holder.kill()


def main():
    first_open, library_dir, spec = sys.argv[1:4]
    if not os.environ.get("DISPLAY"):
        if os.environ.get("FIRST_OPEN_REQUIRE_DISPLAY") == "1":
            print("FAIL: no DISPLAY (run under xvfb-run)", file=sys.stderr)
            sys.exit(1)
        print("SKIP: no DISPLAY")
        sys.exit(77)
    failures = 0
    seen = set()
    for name, record, user, admin in CASES:
        with tempfile.TemporaryDirectory(prefix="first-open-same-decision-") as root:
            env = dict(os.environ, XDG_STATE_HOME=root + "/state", XDG_CONFIG_HOME=root + "/config",
                       XDG_CONFIG_DIRS=root + "/etc", LD_LIBRARY_PATH=library_dir,
                       GI_TYPELIB_PATH=library_dir, NO_AT_BRIDGE="1")
            if record is not None:
                write(root + "/state/first-open/org.example.Car.state", record)
            if user:
                write(root + "/config/first-open/first-open.conf", user)
            if admin:
                write(root + "/etc/first-open/first-open.conf", admin)
            explained = subprocess.run([first_open, "explain", spec], env=env, capture_output=True,
                                       text=True, timeout=30)
            cli = explained.stdout.split(":")[0].strip() if explained.returncode == 0 else f"exit {explained.returncode}"
            child = subprocess.run(["/usr/bin/python3", "-c", CHILD, spec], env=env, capture_output=True,
                                   text=True, timeout=60)
            library = child.stdout.strip() if child.returncode == 0 else f"exit {child.returncode}: {child.stderr}"
            verdict = "ok" if cli == library and cli in ("welcome", "whats-new", "nothing") else "FAIL"
            failures += verdict != "ok"
            seen.add(cli)
            print(f"{verdict}: {name}: first-open explain: {cli}; library: {library}")
    failures += not shares_the_lock(first_open, library_dir, spec)
    if seen != {"welcome", "whats-new", "nothing"}:
        print(f"FAIL: the cases did not cover every outcome ({sorted(seen)})")
        failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
