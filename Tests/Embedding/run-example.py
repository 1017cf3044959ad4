#!/usr/bin/python3
"""Runs one of libfirst-open's example apps (examples/) as a user would, twice:

1. The app starts with a fresh, private state (XDG_STATE_HOME etc. in a temporary
   directory; with --seed-version, a record of that older version): it must report
   "presented", the window (--title) must be on screen, a key press (xdotool; Enter,
   or --key Escape) must dismiss it ("dismissed: continued" / "escaped"), the record
   must hold the spec's version, and the app must still be running.
2. The app starts again with the same state: it must report "nothing due".
3. With --update-to V: the app starts again with V appended to its command line (an
   update): the window --update-title must show, --update-key dismisses it, and the
   record must hold V.

Apps of the C library report those words on stderr. With --debug-log (the Swift API,
which prints nothing of its own), the library's GLib debug log (G_MESSAGES_DEBUG=
first-open) tells what each check did: "<id>: welcome check: shown", "...: nothing: ...";
a dismissal is seen in the record.

The app runs with the Swift toolchain removed from PATH and LD_LIBRARY_PATH: the
library must need nothing from it. Needs an X display (run under xvfb-run) and
xdotool; without a display it skips (exit 77) unless FIRST_OPEN_REQUIRE_DISPLAY=1.

    run-example.py [--lib-dir DIR] [--typelib-dir DIR] [--seed-version OLD] [--key Escape]
                   [--debug-log] [--update-to V --update-title T [--update-key K]]
                   --app-id ID --version V --title TITLE -- COMMAND [ARG...]
"""
import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import DEADLINE, fail, read_record  # noqa: E402


def host_environment(args, root):
    env = dict(os.environ)
    testing.private_xdg(env, root)
    env["PATH"] = testing.without_swift(env.get("PATH", "/usr/bin:/bin"))
    library_path = testing.without_swift(env.get("LD_LIBRARY_PATH", ""))
    if args.lib_dir:
        library_path = ":".join(p for p in [args.lib_dir, library_path] if p)
    env["LD_LIBRARY_PATH"] = library_path
    if args.typelib_dir:
        env["GI_TYPELIB_PATH"] = args.typelib_dir
    env["NO_AT_BRIDGE"] = "1"
    if args.debug_log:
        env["G_MESSAGES_DEBUG"] = "first-open"
    return env


class Host(testing.LoggedProcess):
    def wait_until(self, found, wanted, what):
        """Waits until `found(lines)` is true; fails on an error line, an exit or the deadline."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            lines = self.output().splitlines()
            for line in lines:
                if line.startswith("error:") or "CRITICAL" in line:
                    fail(f"{what}: the app reported {line!r}\n{self.output()}")
            result = found(lines)
            if result:
                return result
            if self.process.poll() is not None:
                fail(f"{what}: the app exited ({self.process.returncode}) before printing {wanted}\n{self.output()}")
            time.sleep(0.05)
        fail(f"{what}: no {wanted} within {DEADLINE:.0f} s\n{self.output()}")

    def wait_for_line(self, wanted, what):
        """Waits until the app printed one of `wanted`; returns it."""
        return self.wait_until(lambda lines: next((line for line in lines if line in wanted), None), wanted, what)

    def wait_for_checks(self, app_id, shown, what):
        """--debug-log: waits until both checks (welcome, whats-new) logged what they did;
        exactly the one named `shown` (or none) must have shown its window."""
        def checks(lines):
            outcomes = {}
            for line in lines:
                for kind in ("welcome", "whats-new"):
                    marker = f": {app_id}: {kind} check: "
                    if marker in line:
                        outcomes[kind] = line.split(marker, 1)[1]
            return outcomes if len(outcomes) == 2 else None
        outcomes = self.wait_until(checks, "a debug line from each check", what)
        for kind, outcome in outcomes.items():
            if (outcome == "shown") != (kind == shown):
                fail(f"{what}: expected {shown or 'no'} window; the {kind} check said {outcome!r}\n{self.output()}")


def press_key_in_window(title, key):
    testing.press(testing.wait(f"no visible window titled {title!r}", lambda: testing.windows(title))[-1], key)


def wait_for_record(record, version, what):
    testing.wait(f"{what}: the record does not hold Version={version}", lambda: testing.records(record, version))


def present_and_dismiss(args, env, root, record, command, title, key, version, seeded, what):
    """One start that must show `title`; `key` dismisses it and `version` is recorded."""
    host = Host(command, env, os.path.join(root, f"{what.replace(' ', '-')}.log"))
    try:
        if args.debug_log:
            host.wait_for_checks(args.app_id, "welcome" if title.startswith("Welcome") else "whats-new", what)
        else:
            host.wait_for_line({"presented"}, what)
        if (read_record(record) is not None) != seeded:
            fail(f"{what}: the record was written before the window was dismissed")
        press_key_in_window(title, key)
        if args.debug_log:
            wait_for_record(record, version, f"{what}, after {key}")
        else:
            reason = {"Return": "continued", "Escape": "escaped"}[key]
            host.wait_for_line({f"dismissed: {reason}"}, f"{what}, after {key}")
            wait_for_record(record, version, f"{what}, after {key}")
        host.stop(f"{what}, after dismissal")
    finally:
        host.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib-dir")
    parser.add_argument("--typelib-dir")
    parser.add_argument("--app-id", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--title", required=True)
    parser.add_argument("--seed-version", help="record this (older) version before the first start")
    parser.add_argument("--key", choices=["Return", "Escape"], default="Return")
    parser.add_argument("--debug-log", action="store_true",
                        help="read what the checks did from the library's debug log (Swift API)")
    parser.add_argument("--update-to", help="a third start with this version appended to the command")
    parser.add_argument("--update-title", help="the window the update start must show")
    parser.add_argument("--update-key", choices=["Return", "Escape"], default="Return")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()

    testing.require_display("xdotool")

    with tempfile.TemporaryDirectory(prefix="first-open-example-") as root:
        env = host_environment(args, root)
        record = os.path.join(env["XDG_STATE_HOME"], "first-open", args.app_id + ".state")
        if args.seed_version:
            testing.seed_record(record, args.seed_version)

        present_and_dismiss(args, env, root, record, args.command, args.title, args.key, args.version,
                            bool(args.seed_version), "first start")

        second = Host(args.command, env, os.path.join(root, "second.log"))
        try:
            if args.debug_log:
                second.wait_for_checks(args.app_id, None, "second start")
            else:
                second.wait_for_line({"nothing due"}, "second start")
            second.stop("second start")
        finally:
            second.kill()
        if not testing.records(record, args.version):
            fail(f"second start: the record changed:\n{read_record(record)}")

        if args.update_to:
            present_and_dismiss(args, env, root, record, args.command + [args.update_to], args.update_title,
                                args.update_key, args.update_to, True, "update start")
    update = (f"; update to {args.update_to}: {args.update_title!r} dismissed with {args.update_key}, recorded"
              if args.update_to else "")
    print(f"ok: {' '.join(args.command[:2])}: {args.title!r} presented, dismissed with {args.key}, "
          f"recorded {args.version}; "
          f"second start: nothing due{update}")


if __name__ == "__main__":
    # The hosts run on a session bus of the test's own, with nothing activatable on it
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
