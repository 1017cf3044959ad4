#!/usr/bin/python3
"""FirstOpen.Presenter.new_from_appdata from Python, as an app with only an AppStream
metainfo file uses it (issue 15): from the app's GResource, and (None) the installed
metainfo file of the default GApplication's id; no spec anywhere.

    appdata.py LIB_DIR METAINFO      (needs an X display: xvfb-run)

The driver compiles METAINFO into a GResource, installs a copy under a private
XDG_DATA_DIRS and runs the checks in a child process with that environment.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Support"))
import firstopen_testing as testing  # noqa: E402
from firstopen_testing import check, fail  # noqa: E402

APP_ID = "org.example.ResourceNotes"
RESOURCE = "/org/example/App/app.metainfo.xml"


def driver(lib_dir, metainfo):
    testing.require_display()
    with tempfile.TemporaryDirectory(prefix="first-open-appdata-") as root:
        os.makedirs(os.path.join(root, "share", "metainfo"))
        shutil.copy(metainfo, os.path.join(root, "share", "metainfo", APP_ID + ".metainfo.xml"))
        shutil.copy(metainfo, os.path.join(root, "app.metainfo.xml"))
        with open(os.path.join(root, "app.gresource.xml"), "w", encoding="utf-8") as f:
            f.write('<gresources><gresource prefix="/org/example/App">'
                    '<file>app.metainfo.xml</file></gresource></gresources>\n')
        subprocess.check_call(["glib-compile-resources", "--sourcedir", root, "--target",
                               os.path.join(root, "app.gresource"), os.path.join(root, "app.gresource.xml")])
        env = dict(os.environ, GI_TYPELIB_PATH=lib_dir, NO_AT_BRIDGE="1",
                   LD_LIBRARY_PATH=":".join(p for p in [lib_dir, os.environ.get("LD_LIBRARY_PATH", "")] if p),
                   XDG_DATA_DIRS=os.path.join(root, "share") + ":/usr/share",
                   XDG_DATA_HOME=os.path.join(root, "data-home"),
                   XDG_STATE_HOME=os.path.join(root, "state"), XDG_CONFIG_HOME=os.path.join(root, "config"),
                   XDG_CONFIG_DIRS=os.path.join(root, "etc-xdg"))
        result = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", root], env=env,
                                stdin=subprocess.DEVNULL, timeout=120)
        sys.exit(result.returncode)


def child(root):
    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("FirstOpen", "1.0")
    from gi.repository import FirstOpen, Gio, GLib, Gtk

    window = testing.gtk3_host_window(Gtk)

    Gio.Resource.load(os.path.join(root, "app.gresource"))._register()
    presenter = FirstOpen.Presenter.new_from_appdata(RESOURCE)
    check("new_from_appdata(resource): the id comes from <id>", presenter.get_app_id() == APP_ID)
    built = FirstOpen.Presenter(appdata_resource_path=RESOURCE)
    check("Presenter(appdata_resource_path=) as bindings construct it",
          built.init(None) and built.props.app_id == APP_ID)
    try:
        FirstOpen.Presenter.new_from_appdata(None)
    except GLib.Error as error:
        check("new_from_appdata(None) without a default GApplication: BAD_SPEC",
              error.matches(FirstOpen.error_quark(), FirstOpen.Error.BAD_SPEC)
              and "no default GApplication" in error.message)
    else:
        fail("new_from_appdata(None) without a default GApplication raised no GError")

    app = Gio.Application(application_id=APP_ID, flags=Gio.ApplicationFlags.NON_UNIQUE)
    app.set_default()
    installed = FirstOpen.Presenter.new_from_appdata(None)
    check("new_from_appdata(None): the default GApplication's installed metainfo file",
          installed.get_app_id() == APP_ID and installed.props.path == "appstream:" + APP_ID)
    # No Welcome rows in a metainfo file: the first run records the newest stable release.
    check("present_if_needed: nothing shown on a first run", installed.present_if_needed(window) is False)
    record = os.path.join(os.environ["XDG_STATE_HOME"], "first-open", APP_ID + ".state")
    with open(record, encoding="utf-8") as f:
        check("the first run recorded 2.0 silently", "Version=2.0" in f.read())


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
    elif len(sys.argv) == 3:
        driver(sys.argv[1], sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
