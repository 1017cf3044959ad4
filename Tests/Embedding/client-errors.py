#!/usr/bin/python3
"""libfirst-open-client's typelibs from Python with Gtk 4.0 loaded first, and its outcomes
and errors without a window:

- FirstOpenClient-1.0 and FirstOpenClientGtk4-1.0 load after gi.require_version('Gtk',
  '4.0'), and the process maps no GTK 3;
- a record of the current version: nothing-due, with and without a parent;
- a missing spec and a spec without AppId=: FirstOpenClient.Error.BAD_SPEC with
  first-open's message; a first-open that cannot be started: FirstOpenClient.Error.FAILED.

    client-errors.py SPEC   (FIRST_OPEN_CLIENT_COMMAND, FIRST_OPEN_HELPER: the build's)
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
from firstopen_testing import fail  # noqa: E402

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402,F401

gi.require_version("FirstOpenClient", "1.0")
gi.require_version("FirstOpenClientGtk4", "1.0")
from gi.repository import FirstOpenClient, FirstOpenClientGtk4  # noqa: E402,F401


def present(source, parent=None):
    """(outcome nick, None) or (None, GLib.Error)."""
    loop = GLib.MainLoop()
    answer = []

    def done(_source, result, _data):
        try:
            answer.append((FirstOpenClient.present_finish(result).value_nick, None))
        except GLib.Error as error:
            answer.append((None, error))
        loop.quit()

    FirstOpenClient.present_async(source, parent, None, done, None)
    GLib.timeout_add_seconds(30, loop.quit)
    loop.run()
    if not answer:
        fail(f"present_async({source!r}, {parent!r}): no answer within 30 s")
    return answer[0]


def expect_error(source, code, words, what):
    outcome, error = present(source, "x11:1")
    if error is None:
        fail(f"{what}: outcome {outcome}, expected an error")
    if not error.matches(FirstOpenClient.error_quark(), code):
        fail(f"{what}: {error.domain} {error.code} {error.message!r}, expected FirstOpenClient.Error {code}")
    if words not in error.message:
        fail(f"{what}: the message {error.message!r} does not say {words!r}")


spec = sys.argv[1]
with open("/proc/self/maps", encoding="utf-8") as maps:
    mapped = maps.read()
if "libgtk-4.so" not in mapped or "libgtk-3.so" in mapped:
    fail("the process should map libgtk-4 and no libgtk-3")

with tempfile.TemporaryDirectory(prefix="first-open-client-errors-") as root:
    for variable in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        os.environ[variable] = os.path.join(root, variable.lower())
        os.makedirs(os.environ[variable])
    record = os.path.join(os.environ["XDG_STATE_HOME"], "first-open", "org.example.Car.state")
    os.makedirs(os.path.dirname(record))
    with open(record, "w", encoding="utf-8") as file:
        file.write("[First Open]\nVersion=1.3.0\n")

    for parent in (None, "x11:1"):
        outcome, error = present(spec, parent)
        if error is not None or outcome != "nothing-due":
            fail(f"seen already, parent {parent}: {outcome} {error}")

    expect_error(os.path.join(root, "missing.spec"), FirstOpenClient.Error.BAD_SPEC,
                 "No such file", "a missing spec")
    broken = os.path.join(root, "broken.spec")
    with open(broken, "w", encoding="utf-8") as file:
        file.write("[First Open]\nName=Broken\nVersion=1.0\n")
    expect_error(broken, FirstOpenClient.Error.BAD_SPEC, "AppId", "a spec without AppId=")

    os.environ["FIRST_OPEN_CLIENT_COMMAND"] = os.path.join(root, "no-such-first-open")
    expect_error(spec, FirstOpenClient.Error.FAILED, "cannot start", "no first-open")
    if open(record, encoding="utf-8").read() != "[First Open]\nVersion=1.3.0\n":
        fail("the record changed")
print("ok: FirstOpenClient with Gtk 4.0 in Python: nothing-due, BAD_SPEC (missing, no AppId=), FAILED (no first-open)")
