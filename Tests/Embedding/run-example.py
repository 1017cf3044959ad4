#!/usr/bin/python3
"""Runs one of libfirst-open's example apps (examples/) as a user would, twice:

1. The app starts with a fresh, private state (XDG_STATE_HOME etc. in a temporary
   directory; with --seed-version, a record of that older version): it must report
   "presented", the window (--title) must be on screen, a key press (xdotool; Enter,
   or --key Escape) must dismiss it ("dismissed: continued" / "escaped"), the record
   must hold the spec's version, and the app must still be running.
2. The app starts again with the same state: it must report "nothing due".

The app runs with the Swift toolchain removed from PATH and LD_LIBRARY_PATH: the
library must need nothing from it. Needs an X display (run under xvfb-run) and
xdotool; without a display it skips (exit 77) unless FIRST_OPEN_REQUIRE_DISPLAY=1.

    run-example.py [--lib-dir DIR] [--typelib-dir DIR] [--seed-version OLD] [--key Escape]
                   --app-id ID --version V --title TITLE -- COMMAND [ARG...]
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

DEADLINE = 30.0


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def host_environment(args, root):
    env = dict(os.environ)
    for name, sub in [("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"),
                      ("XDG_CONFIG_DIRS", "etc-xdg"), ("XDG_DATA_HOME", "data")]:
        env[name] = os.path.join(root, sub)
        os.makedirs(env[name], exist_ok=True)

    def without_swift(value):
        return ":".join(p for p in value.split(":") if p and "swift" not in p.lower())

    env["PATH"] = without_swift(env.get("PATH", "/usr/bin:/bin"))
    library_path = without_swift(env.get("LD_LIBRARY_PATH", ""))
    if args.lib_dir:
        library_path = ":".join(p for p in [args.lib_dir, library_path] if p)
    env["LD_LIBRARY_PATH"] = library_path
    if args.typelib_dir:
        env["GI_TYPELIB_PATH"] = args.typelib_dir
    env["NO_AT_BRIDGE"] = "1"
    return env


class Host:
    def __init__(self, command, env, log_path):
        self.log_path = log_path
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)

    def output(self):
        with open(self.log_path, "rb") as log:
            return log.read().decode("utf-8", "replace")

    def wait_for_line(self, wanted, what):
        """Waits until the app printed one of `wanted`; returns it. Fails on anything else."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            lines = self.output().splitlines()
            for line in lines:
                if line in wanted:
                    return line
                if line.startswith("error:") or "CRITICAL" in line:
                    fail(f"{what}: the app reported {line!r}\n{self.output()}")
            if self.process.poll() is not None:
                fail(f"{what}: the app exited ({self.process.returncode}) before printing {wanted}\n{self.output()}")
            time.sleep(0.05)
        fail(f"{what}: no {wanted} within {DEADLINE:.0f} s\n{self.output()}")

    def stop(self, what):
        if self.process.poll() is not None:
            fail(f"{what}: the app is not running any more (exit {self.process.returncode})\n{self.output()}")
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def xdotool(*arguments):
    return subprocess.run(["xdotool", *arguments], capture_output=True, text=True, timeout=20)


def press_key_in_window(title, key):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        found = xdotool("search", "--onlyvisible", "--name", f"^{title}$")
        windows = found.stdout.split()
        if windows:
            xdotool("windowfocus", "--sync", windows[-1])
            pressed = xdotool("key", "--clearmodifiers", key)
            if pressed.returncode != 0:
                fail(f"xdotool key {key}: {pressed.stderr.strip()}")
            return
        time.sleep(0.1)
    fail(f"no visible window titled {title!r} within {DEADLINE:.0f} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib-dir")
    parser.add_argument("--typelib-dir")
    parser.add_argument("--app-id", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--title", required=True)
    parser.add_argument("--seed-version", help="record this (older) version before the first start")
    parser.add_argument("--key", choices=["Return", "Escape"], default="Return")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()

    if not os.environ.get("DISPLAY"):
        if os.environ.get("FIRST_OPEN_REQUIRE_DISPLAY") == "1":
            fail("no DISPLAY (run under xvfb-run)")
        print("SKIP: no DISPLAY (run under xvfb-run)")
        sys.exit(77)
    if shutil.which("xdotool") is None:
        fail("xdotool is not installed")

    with tempfile.TemporaryDirectory(prefix="first-open-example-") as root:
        env = host_environment(args, root)
        record = os.path.join(env["XDG_STATE_HOME"], "first-open", args.app_id + ".state")
        if args.seed_version:
            os.makedirs(os.path.dirname(record), exist_ok=True)
            with open(record, "w", encoding="utf-8") as file:
                file.write(f"[First Open]\nVersion={args.seed_version}\n")

        first = Host(args.command, env, os.path.join(root, "first.log"))
        try:
            first.wait_for_line({"presented"}, "first start")
            if os.path.exists(record) != bool(args.seed_version):
                fail("the record was written before the window was dismissed")
            press_key_in_window(args.title, args.key)
            reason = {"Return": "continued", "Escape": "escaped"}[args.key]
            first.wait_for_line({f"dismissed: {reason}"}, f"after {args.key}")
            try:
                with open(record, encoding="utf-8") as file:
                    text = file.read()
            except OSError as error:
                fail(f"no record after dismissal: {error}")
            if f"Version={args.version}\n" not in text:
                fail(f"the record does not hold Version={args.version}:\n{text}")
            first.stop("after dismissal")
        finally:
            if first.process.poll() is None:
                first.process.kill()

        second = Host(args.command, env, os.path.join(root, "second.log"))
        try:
            second.wait_for_line({"nothing due"}, "second start")
            second.stop("second start")
        finally:
            if second.process.poll() is None:
                second.process.kill()
    print(f"ok: {' '.join(args.command[:2])}: {args.title!r} presented, dismissed with {args.key}, "
          f"recorded {args.version}; "
          "second start: nothing due")


if __name__ == "__main__":
    main()
