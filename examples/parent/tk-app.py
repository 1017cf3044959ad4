#!/usr/bin/python3
"""A Tk app showing its What's New over its own window: `first-open SPEC --parent
x11:XID` with the X id of its toplevel (Tk's `wm frame`: the window the window manager
sees; `winfo_id` is the inner one). The exit status says whether the user saw the window
(0) or nothing was shown (2).

    examples/parent/tk-app.py SPEC [--exit-when-done]

FIRST_OPEN names the first-open binary (default: first-open on PATH)."""
import os
import subprocess
import sys
import tkinter

SPEC = sys.argv[1]
EXIT_WHEN_DONE = "--exit-when-done" in sys.argv[2:]

root = tkinter.Tk()
root.title("Tk app")
root.geometry("640x480")
tkinter.Label(root, text="A Tk window").pack(expand=True)


def start_first_open():
    handle = "x11:%x" % int(root.wm_frame(), 16)
    print("parent", handle, flush=True)
    process = subprocess.Popen([os.environ.get("FIRST_OPEN", "first-open"), SPEC, "--parent", handle])

    def poll():
        status = process.poll()
        if status is None:
            root.after(50, poll)  # Tk's own loop keeps running: the app stays responsive
            return
        print("first-open exited", status, "(shown and dismissed)" if status == 0 else "", flush=True)
        if EXIT_WHEN_DONE:
            root.destroy()

    poll()


root.wait_visibility()
root.after_idle(start_first_open)
root.mainloop()
