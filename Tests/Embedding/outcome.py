#!/usr/bin/python3
"""What libfirst-open reports and how it places its window, through an app that prints
what it was told (outcome-app.c, or outcome-app.py through GI), with a fresh private
state each time (XDG directories in a temporary directory, as run-example.py sets up):

- async: present_async over the shown window; after `xdotool key Return` (0.6 s after
  the window got the focus: keys count from 0.5 s) the signal says "continued", then
  the callback says "shown-and-dismissed", in that order, and the version is recorded;
  a second start gets "nothing-due".
- second-call: while the first call's window shows, present_async again on the same
  presenter and on another presenter of the same spec both say "already-showing";
  nothing is recorded.
- before-show: present_if_needed before the app's window is shown; the window maps
  after it, transient for it, modal, centred on it (within TOLERANCE px).
- before-show-openbox: the same under openbox (the window manager of the issue's report,
  which stacked the app's window over ours and focused it): ours is also on top and
  focused.
- destroy-before-map: the app's window destroyed before it was ever mapped: the signal
  says "programmatic", present_async "closed-by-app"; nothing recorded, no critical.
- cancel: the cancellable cancelled while the window shows: G_IO_ERROR_CANCELLED, the
  signal says "programmatic", nothing recorded.

    outcome.py --lib-dir DIR --typelib-dir DIR --mode MODE -- COMMAND [ARG...] SPEC
    (COMMAND gets MODE inserted before SPEC)
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
loader = importlib.util.spec_from_file_location("run_example", os.path.join(here, "run-example.py"))
run_example = importlib.util.module_from_spec(loader)
loader.loader.exec_module(run_example)
Host = run_example.Host
sys.path.insert(0, os.path.join(os.path.dirname(here), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import fail, read_record  # noqa: E402

APP_ID, VERSION, TITLE = "org.example.Car", "1.3.0", "Welcome to Car"
# Centred: GTK puts the window's middle on the parent's (to the pixel without a window
# manager); a window mapped before its parent sits at 0,0, hundreds of pixels off.
TOLERANCE = 48


def run(args, env, root, name):
    mode = "before-show" if args.mode == "before-show-openbox" else args.mode
    command = args.command[:-1] + [mode, args.command[-1]]
    return Host(command, env, os.path.join(root, f"{name}.log"))


def finish(host, what):
    """The app must end by itself, with status 0 (modes that exit)."""
    try:
        host.process.wait(testing.DEADLINE)
    except Exception:
        host.process.kill()
        fail(f"{what}: the app did not exit\n{host.output()}")
    if host.process.returncode != 0:
        fail(f"{what}: the app exited with {host.process.returncode}\n{host.output()}")
    for line in host.output().splitlines():
        if "CRITICAL" in line or "WARNING" in line or line.startswith("error:"):
            fail(f"{what}: {line!r}\n{host.output()}")


def xprop_root(name):
    return testing.run("xprop", "-root", name).stdout


def window_ids(prop):
    """Window ids of a root property (_NET_CLIENT_LIST_STACKING, _NET_ACTIVE_WINDOW)."""
    text = xprop_root(prop)
    return [int(x.strip(), 16) for x in text.split("#")[-1].split(",") if x.strip()] if "#" in text else []


def on_top_and_focused(title):
    """None when the window titled `title` is on top and focused (within 5 s); else why not."""
    found = testing.windows(title)
    if not found:
        return f"no visible window titled {title!r}"
    ours = found[-1]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        stacking, active = window_ids("_NET_CLIENT_LIST_STACKING"), window_ids("_NET_ACTIVE_WINDOW")
        if stacking and stacking[-1] == ours and active[:1] == [ours]:
            return None
        time.sleep(0.1)
    names = [testing.run("xdotool", "getwindowname", str(w)).stdout.strip() for w in stacking]
    active_name = testing.run("xdotool", "getwindowname", str(active[0])).stdout.strip() if active else None
    return f"stacking bottom to top {names}, focused {active_name!r}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib-dir")
    parser.add_argument("--typelib-dir")
    parser.add_argument("--mode", required=True,
                        choices=["async", "second-call", "before-show", "before-show-openbox",
                                 "destroy-before-map", "cancel"])
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    args.debug_log = False

    testing.require_display()

    with tempfile.TemporaryDirectory(prefix="first-open-outcome-") as root:
        env = run_example.host_environment(args, root)
        record = os.path.join(env["XDG_STATE_HOME"], "first-open", APP_ID + ".state")
        wm = testing.start_openbox(env) if args.mode == "before-show-openbox" else None
        host = run(args, env, root, args.mode)
        try:
            if args.mode == "async":
                host.wait_for_line({"presenting"}, "first start")
                run_example.press_key_in_window(TITLE, "Return")
                host.wait_for_line({"outcome: shown-and-dismissed"}, "first start, after Return")
                lines = host.output().splitlines()
                if "dismissed: continued" not in lines or \
                        lines.index("dismissed: continued") > lines.index("outcome: shown-and-dismissed"):
                    fail(f"first start: the signal did not say continued before the callback\n{host.output()}")
                run_example.wait_for_record(record, VERSION, "first start, after Return")
                host.stop("first start, after the callback")
                second = run(args, env, root, "second-start")
                try:
                    second.wait_for_line({"outcome: nothing-due"}, "second start")
                    second.stop("second start")
                finally:
                    second.kill()
                result = "Return: continued, then shown-and-dismissed, recorded; second start: nothing-due"
            elif args.mode == "second-call":
                finish(host, "second call")
                lines = host.output().splitlines()
                for wanted in ("presented", "second call: already-showing", "other presenter: already-showing",
                               "dismissed: programmatic"):
                    if wanted not in lines:
                        fail(f"no line {wanted!r}\n{host.output()}")
                if read_record(record) is not None:
                    fail(f"second call: a record was written\n{read_record(record)}")
                result = "second call and another presenter: already-showing, nothing recorded"
            elif args.mode in ("before-show", "before-show-openbox"):
                line = host.wait_until(lambda lines: next((l for l in lines if l.startswith("mapped: ")), None),
                                       "a 'mapped:' line", "present before show_all")
                fields = dict(field.split("=", 1) for field in line[len("mapped: "):].split())
                problems = [f"{name}={fields.get(name)}" for name in ("parent-mapped", "transient", "modal")
                            if fields.get(name) != "yes"]
                if abs(int(fields["dx"])) > TOLERANCE or abs(int(fields["dy"])) > TOLERANCE:
                    problems.append(f"not centred on the parent (dx={fields['dx']}, dy={fields['dy']})")
                if wm is not None:
                    problem = on_top_and_focused(TITLE)
                    if problem:
                        problems.append(f"not on top and focused under openbox: {problem}")
                if problems:
                    fail(f"present before show_all: {', '.join(problems)}\n{host.output()}")
                host.stop("present before show_all")
                result = f"mapped after its parent, transient, modal, centred (dx={fields['dx']}, dy={fields['dy']})"
                if wm is not None:
                    result += ", on top and focused under openbox"
            elif args.mode == "destroy-before-map":
                finish(host, "parent destroyed before its map")
                lines = host.output().splitlines()
                for wanted in ("dismissed: programmatic", "outcome: closed-by-app"):
                    if wanted not in lines:
                        fail(f"parent destroyed before its map: no line {wanted!r}\n{host.output()}")
                if read_record(record) is not None:
                    fail(f"parent destroyed before its map: a record was written\n{read_record(record)}")
                result = "programmatic, closed-by-app, nothing recorded"
            elif args.mode == "cancel":
                finish(host, "cancelled")
                lines = host.output().splitlines()
                for wanted in ("dismissed: programmatic", "outcome: cancelled"):
                    if wanted not in lines:
                        fail(f"cancelled: no line {wanted!r}\n{host.output()}")
                if read_record(record) is not None:
                    fail(f"cancelled: a record was written\n{read_record(record)}")
                result = "G_IO_ERROR_CANCELLED, programmatic, nothing recorded"
        finally:
            host.kill()
            if wm is not None:
                wm.terminate()
                try:
                    wm.wait(10)
                except subprocess.TimeoutExpired:
                    wm.kill()
                    wm.wait()
    print(f"ok: {' '.join(os.path.basename(part) for part in args.command[:2])} {args.mode}: {result}")


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
