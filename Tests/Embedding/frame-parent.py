#!/usr/bin/python3
"""--parent x11:XID of an app's window that a window manager has put into its frame but
not yet given WM_STATE (what first-open reads when the app sends its parent string at its
map, before the window manager has managed the window; on a loaded machine under openbox
1 of 9 starts of client-example-gtk4-vala): the window is transient for the app's window,
not for the frame, which is the window manager's.

Made by hand on a display without a window manager: a "frame" of one X connection,
the app's window of another reparented into it, no WM_STATE anywhere.

    frame-parent.py FIRST_OPEN HELPER
"""
import ctypes
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402

SPEC = """[First Open]
AppId=org.example.Car
Name=Car
Version=1.3.0

[Welcome 1]
Icon=emblem-favorite-symbolic
Title=Car
Subtitle=A car is a wheeled motor vehicle used for transportation.
"""

x = ctypes.CDLL("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XCreateSimpleWindow.restype = ctypes.c_ulong
x.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                  ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_ulong]
x.XReparentWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int]
x.XMapWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x.XStoreName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_char_p]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x.XCloseDisplay.argtypes = [ctypes.c_void_p]


def main():
    first_open, helper = sys.argv[1], sys.argv[2]
    testing.require_display("xdotool", "xprop")
    display = os.environ["DISPLAY"].encode()
    manager, app = x.XOpenDisplay(display), x.XOpenDisplay(display)
    if not manager or not app:
        testing.fail("cannot open the display")
    frame = x.XCreateSimpleWindow(manager, x.XDefaultRootWindow(manager), 100, 100, 640, 480, 0, 0, 0)
    x.XMapWindow(manager, frame)
    x.XSync(manager, 0)
    window = x.XCreateSimpleWindow(app, x.XDefaultRootWindow(app), 0, 0, 640, 460, 0, 0, 0)
    x.XStoreName(app, window, b"Car")
    x.XReparentWindow(app, window, frame, 0, 20)
    x.XMapWindow(app, window)
    x.XSync(app, 0)
    process = None
    try:
        with tempfile.TemporaryDirectory(prefix="first-open-frame-parent-") as root:
            env = dict(os.environ, FIRST_OPEN_HELPER=helper)
            record = testing.private_xdg(env, root)
            spec = os.path.join(root, "car.spec")
            with open(spec, "w", encoding="utf-8") as file:
                file.write(SPEC)
            process = testing.LoggedProcess([first_open, spec, "--parent", f"x11:{window:#x}"], env,
                                            os.path.join(root, "first-open.log"))
            dialog = testing.wait("no visible window titled 'Welcome to Car'",
                                  lambda: testing.windows("Welcome to Car"), logs=[process])[-1]
            parent = testing.transient_for(dialog)
            testing.check(f"the window is transient for the app's window {window:#x}, not the window "
                          f"manager's frame {frame:#x} (it is transient for {parent and hex(parent)})",
                          parent == window)
            testing.check("nothing recorded before the window is dismissed", testing.read_record(
                os.path.join(record, "org.example.Car.state")) is None)
            process.stop("the window over the app")
    finally:
        if process is not None:
            process.kill()
        x.XCloseDisplay(app)
        x.XCloseDisplay(manager)


if __name__ == "__main__":
    main()
