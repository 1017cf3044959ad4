#!/usr/bin/python3
"""outcome-app.c's modes `async` and `second-call` through GObject Introspection
(PyGObject): FirstOpen.Presenter.present_async / present_finish and FirstOpen.Outcome.
Prints the same lines on stderr; run by outcome.py.

    outcome-app.py MODE SPEC
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("FirstOpen", "1.0")
from gi.repository import FirstOpen, Gio, GLib, Gtk  # noqa: E402


def say(line):
    print(line, file=sys.stderr, flush=True)


def on_dismissed(presenter, kind, reason):
    say(f"dismissed: {reason.value_nick}")


def new_presenter(spec_path):
    presenter = FirstOpen.Presenter(path=spec_path)
    presenter.connect("dismissed", on_dismissed)
    return presenter


def main():
    mode, spec_path = sys.argv[1], sys.argv[2]
    window = Gtk.Window(title="Car", default_width=1000, default_height=900)
    window.add(Gtk.Label(label="Car: the app's main window"))
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    presenter = new_presenter(spec_path)
    pending = []

    def reporter(label, quit_after):
        def on_presented(source, result):
            try:
                outcome = source.present_finish(result)
                if not isinstance(outcome, FirstOpen.Outcome):
                    say(f"error: present_finish returned {outcome!r}, not a FirstOpen.Outcome")
                else:
                    say(f"{label}: {outcome.value_nick}")
            except GLib.Error as error:
                if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED):
                    say(f"{label}: cancelled")
                else:
                    say(f"{label}: error: {error.message}")
            pending.remove(label)
            if quit_after and not pending:
                Gtk.main_quit()
        return on_presented

    if mode == "async":
        pending.append("outcome")
        presenter.present_async(window, None, reporter("outcome", False))
        say("presenting")
        Gtk.main()
    elif mode == "second-call":
        if not presenter.present_if_needed(window):
            say("error: the first call showed nothing")
            sys.exit(1)
        say("presented")
        other = new_presenter(spec_path)
        pending.extend(["second call", "other presenter"])
        presenter.present_async(window, None, reporter("second call", True))
        other.present_async(window, None, reporter("other presenter", True))
        Gtk.main()
        presenter.dismiss()
    else:
        say(f"usage: unknown mode {mode}")
        sys.exit(2)


if __name__ == "__main__":
    main()
