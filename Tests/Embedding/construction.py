#!/usr/bin/python3
"""FirstOpen.Presenter constructed every way Python and GJS allow, in odd orders and
from the wrong threads: the host process must never crash.

Before libfirst-open had construct-only properties and GInitable,
`FirstOpen.Presenter()` followed by `present_if_needed()` segfaulted the host (139),
and any call from a thread other than GTK's main thread trapped in the Swift runtime
(SIGILL). Now a presenter without a spec reports FIRST_OPEN_ERROR_BAD_SPEC as a
GError, and a wrong-thread call is a GLib critical that returns FALSE/NULL.

This script is the driver: it runs its own checks in a child Python process
(--child) and construction.js under gjs, each with a private XDG state, and requires
that each exits 0 and printed the expected criticals (and no other).

    construction.py LIB_DIR SPEC [GJS]      (needs an X display: xvfb-run)
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import check, fail  # noqa: E402

WRONG_THREAD = "called from a thread other than GTK's main thread"


def run_child(name, command, expected_criticals, env):
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, timeout=120)
    out = result.stdout.decode("utf-8", "replace")
    err = result.stderr.decode("utf-8", "replace")
    if result.returncode != 0:
        fail(f"{name}: exit status {result.returncode} (negative: killed by that signal)\n"
             f"stdout:\n{out}\nstderr:\n{err}")
    criticals = [line for line in err.splitlines() if "CRITICAL" in line]
    wrong_thread = [line for line in criticals if WRONG_THREAD in line]
    if len(wrong_thread) != expected_criticals or len(criticals) != len(wrong_thread):
        fail(f"{name}: expected {expected_criticals} wrong-thread criticals and no other, got:\n{err}")
    print(out, end="")
    print(f"ok: {name}: {len(out.splitlines())} checks, {len(wrong_thread)} wrong-thread criticals, no crash")


def driver():
    testing.require_display()
    lib_dir, spec = sys.argv[1], sys.argv[2]
    gjs = sys.argv[3] if len(sys.argv) > 3 else None
    with tempfile.TemporaryDirectory(prefix="first-open-construction-") as root:
        env = dict(os.environ)
        env["LD_LIBRARY_PATH"] = ":".join(p for p in [lib_dir, env.get("LD_LIBRARY_PATH", "")] if p)
        env["GI_TYPELIB_PATH"] = lib_dir
        env["NO_AT_BRIDGE"] = "1"
        env.pop("G_DEBUG", None)  # criticals are expected: they must not abort
        for name in ["XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS"]:
            env[name] = os.path.join(root, "python", name.lower())
            os.makedirs(env[name])
        run_child("python", [sys.executable, os.path.abspath(__file__), "--child", spec], 10, env)
        if gjs:
            for name in ["XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS"]:
                env[name] = os.path.join(root, "gjs", name.lower())
                os.makedirs(env[name])
            script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "construction.js")
            run_child("gjs", [gjs, script, spec], 0, env)


# --- the child: the checks ---------------------------------------------------------

def child(spec):
    import threading

    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("FirstOpen", "1.0")
    from gi.repository import FirstOpen, GLib, Gtk

    window = testing.gtk3_host_window(Gtk)

    def bad_spec(call, what, message=None):
        try:
            call()
        except GLib.Error as error:
            check(f"{what}: GError BAD_SPEC",
                  error.matches(FirstOpen.error_quark(), FirstOpen.Error.BAD_SPEC)
                  and (message is None or message in error.message))
        else:
            check(f"{what}: raised a GError", False)

    def pump():
        while Gtk.events_pending():
            Gtk.main_iteration()

    # No spec at all: every method reports it, nothing crashes.
    empty = FirstOpen.Presenter()
    bad_spec(lambda: empty.present_if_needed(window), "Presenter() then present_if_needed()", "has no spec")
    bad_spec(lambda: empty.present_if_needed(None), "Presenter() then present_if_needed(None)")
    bad_spec(lambda: empty.present(window, FirstOpen.Kind.WELCOME), "Presenter() then present()")
    bad_spec(lambda: empty.render_png(FirstOpen.Kind.WELCOME, 1, 0, "/nonexistent/x.png"), "Presenter() then render_png()")
    bad_spec(lambda: empty.init(None), "Presenter() then init()")
    bad_spec(lambda: empty.init(None), "Presenter() then init() again")
    check("Presenter(): app_id is None", empty.get_app_id() is None and empty.props.app_id is None)
    check("Presenter(): not showing", empty.get_showing() is False)
    empty.dismiss()
    check("Presenter(): dismiss() does nothing", True)

    # Every source, as a binding constructs it.
    with open(spec, "rb") as f:
        spec_bytes = f.read()
    base = os.path.dirname(spec)
    check("Presenter(path=) app_id", FirstOpen.Presenter(path=spec).props.app_id == "org.example.Car")
    check("Presenter(path=) then init()", FirstOpen.Presenter(path=spec).init(None) is True)
    twice = FirstOpen.Presenter(path=spec)
    check("init() twice", twice.init(None) and twice.init(None) and twice.get_app_id() == "org.example.Car")
    check("Presenter(bytes=, base_path=)",
          FirstOpen.Presenter(bytes=GLib.Bytes.new(spec_bytes), base_path=base).get_app_id() == "org.example.Car")
    check("Presenter.new()", FirstOpen.Presenter.new(spec).get_app_id() == "org.example.Car")
    check("Presenter.new_from_bytes()",
          FirstOpen.Presenter.new_from_bytes(GLib.Bytes.new(spec_bytes), base).get_app_id() == "org.example.Car")
    check("GObject.new-style Presenter(path=) keeps the path", FirstOpen.Presenter(path=spec).props.path == spec)
    bad_spec(lambda: FirstOpen.Presenter(path="/nonexistent/x.spec").present_if_needed(window),
             "Presenter(path=missing)", "/nonexistent/x.spec")
    bad_spec(lambda: FirstOpen.Presenter(resource_path="/no/such/resource").init(None),
             "Presenter(resource_path=missing)", "/no/such/resource")
    bad_spec(lambda: FirstOpen.Presenter(path=spec, bytes=GLib.Bytes.new(spec_bytes)).init(None),
             "Presenter(path=, bytes=)", "more than one spec")
    bad_spec(lambda: FirstOpen.Presenter.new("/nonexistent/x.spec"), "Presenter.new(missing)")
    bad_spec(lambda: FirstOpen.Presenter(bytes=GLib.Bytes.new(b"not a key file")).init(None), "Presenter(bytes=garbage)")

    # Shown, dismissed, in odd orders.
    presenter = FirstOpen.Presenter(path=spec)
    dismissals = []
    presenter.connect("dismissed", lambda _p, kind, reason: dismissals.append((kind, reason)))
    presenter.dismiss()  # nothing shown yet
    check("Presenter(path=) present_if_needed() shows the window", presenter.present_if_needed(window) is True)
    check("showing", presenter.props.showing is True)
    check("a second present_if_needed() while showing: False", presenter.present_if_needed(window) is False)
    check("present() while showing: False", presenter.present(window, FirstOpen.Kind.WHATS_NEW) is False)
    pump()
    presenter.dismiss()
    pump()
    check("dismiss(): programmatic", dismissals == [(FirstOpen.Kind.WELCOME, FirstOpen.DismissalReason.PROGRAMMATIC)])
    check("not showing after dismiss()", presenter.props.showing is False)
    # Dropped while showing: the presenter keeps itself alive until the window goes.
    shown = FirstOpen.Presenter(path=spec)
    check("present() a forced kind", shown.present(None, FirstOpen.Kind.WELCOME) is True)
    del shown
    pump()
    for toplevel in Gtk.Window.list_toplevels():
        if toplevel.get_title() == "Welcome to Car":
            toplevel.destroy()
    pump()
    check("a dropped, shown presenter survives until its window goes", True)

    # The wrong threads: a critical each (10 in all), FALSE/None, never a trap.
    loaded = FirstOpen.Presenter.new(spec)
    unloaded = FirstOpen.Presenter(path=spec)
    results = {}

    def worker():
        results["new"] = _call(lambda: FirstOpen.Presenter.new(spec))                           # 1
        results["present_if_needed"] = loaded.present_if_needed(window)                        # 2
        results["present"] = loaded.present(None, FirstOpen.Kind.WELCOME)                      # 3
        results["render"] = loaded.render_png(FirstOpen.Kind.WELCOME, 1, 0, "/tmp/never.png")  # 4
        results["app_id"] = loaded.get_app_id()                                                # 5
        loaded.dismiss()                                                                        # 6
        results["init"] = _call(lambda: unloaded.init(None))                                   # 7
        results["function"] = FirstOpen.present_if_needed(None, spec)                          # 8
        results["from_bytes"] = _call(lambda: FirstOpen.Presenter.new_from_bytes(GLib.Bytes.new(spec_bytes), None))  # 9
        results["constructed"] = FirstOpen.Presenter(path=spec)  # construction itself is allowed anywhere
        results["constructed_app_id"] = results["constructed"].get_app_id()                    # 10
        # The last reference of a presenter whose spec was read on the main thread,
        # dropped here: finalizers may run on any thread.
        results.pop("keep", None)

    def _call(function):
        try:
            return function()
        except (GLib.Error, TypeError) as error:
            return error

    results["keep"] = FirstOpen.Presenter.new(spec)
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    check("wrong thread: Presenter.new() gives no presenter", not isinstance(results["new"], FirstOpen.Presenter))
    check("wrong thread: present_if_needed() is False", results["present_if_needed"] is False)
    check("wrong thread: present() is False", results["present"] is False)
    check("wrong thread: render_png() is False", results["render"] is False and not os.path.exists("/tmp/never.png"))
    check("wrong thread: get_app_id() is None", results["app_id"] is None)
    check("wrong thread: init() raises a GError", isinstance(results["init"], GLib.Error))
    check("wrong thread: first_open_present_if_needed() is False", results["function"] is False)
    check("wrong thread: new_from_bytes() gives no presenter",
          not isinstance(results["from_bytes"], FirstOpen.Presenter))
    check("wrong thread: get_app_id() of a presenter constructed there is None", results["constructed_app_id"] is None)
    # Loaded on a worker (refused), then used on the main thread: it works.
    check("constructed on a worker, used on the main thread", results["constructed"].get_app_id() == "org.example.Car")
    check("the presenters the worker touched still work", loaded.get_app_id() == "org.example.Car"
          and unloaded.init(None) is True)
    window.destroy()
    pump()


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2])
    else:
        driver()
