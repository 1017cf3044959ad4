"""A D-Bus session bus of a test's own, for tests that run GTK hosts (apps, examples).

    with PrivateSessionBus() as bus:     # os.environ["DBUS_SESSION_BUS_ADDRESS"] is bus.address
        ...                              # start the hosts; they inherit the address

Why (issue 30, item 9): GTK 4, libadwaita and a GTK 3 `GtkApplication` ask
`org.freedesktop.portal.Desktop` on the session bus they are given (measured; our own
first-open-window, which has no GtkApplication, does not). Where `xdg-desktop-portal` is installed (any machine
with GNOME), that activates it, and it activates `xdg-document-portal`, which mounts a
FUSE file system at `$XDG_RUNTIME_DIR/doc` and keeps running. A test that used the bus
it inherited left both behind: the packager's own session bus, or one GDBus autolaunched
on the test's X display (`dbus-launch`) whose services took `dh_auto_test`'s private
`XDG_RUNTIME_DIR`, which `dh_auto_test` then could not remove (`dpkg-buildpackage` failed
though every test passed). This bus has no service folders: nothing can be activated on
it (the hosts fall back to their defaults, as without a portal), and the user's session
is never touched.

On exit it stops the bus and raises `LeftBehind` (the test fails) when a process still
uses the bus, or a FUSE mount appeared under `XDG_RUNTIME_DIR`, `HOME` or the temporary
folder while it ran: every test stops what it starts. `service_folders` is for showing
that this check fails (check-session-bus.py): a bus with the desktop's own service
folders activates the portals."""
import os
import signal
import subprocess
import tempfile
import time

CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={folder}</listen>
{services}  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


class LeftBehind(Exception):
    pass


def fuse_mounts():
    """The mount points of FUSE file systems (`/proc/self/mountinfo`)."""
    points = set()
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            separator = fields.index("-")
            if fields[separator + 1].startswith("fuse"):
                points.add(fields[4].replace("\\040", " "))
    return points


def processes_using(address):
    """The pids of processes (readable by us) whose environment names the bus `address`:
    its clients, and the services it activated (dbus-daemon gives them DBUS_STARTER_ADDRESS)."""
    wanted = {b"DBUS_SESSION_BUS_ADDRESS=" + address.encode(), b"DBUS_STARTER_ADDRESS=" + address.encode()}
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % name, "rb") as f:
                if wanted & set(f.read().split(b"\0")):
                    found.append(int(name))
        except OSError:
            pass
    return found


class PrivateSessionBus:
    def __init__(self, service_folders=()):
        self.service_folders = list(service_folders)
        self.address = None

    def __enter__(self):
        self.folder = tempfile.mkdtemp(prefix="first-open-session-bus-")
        config = os.path.join(self.folder, "session.conf")
        services = "".join("  <servicedir>%s</servicedir>\n" % folder for folder in self.service_folders)
        with open(config, "w") as f:
            f.write(CONFIG.format(folder=self.folder, services=services))
        self.watched = [os.path.realpath(path) for path in
                        (os.environ.get("XDG_RUNTIME_DIR"), os.environ.get("HOME"), tempfile.gettempdir()) if path]
        self.mounts_before = fuse_mounts()
        read, write = os.pipe()
        self.process = subprocess.Popen(["dbus-daemon", "--config-file=" + config, "--nofork",
                                         "--print-address=%d" % write], pass_fds=[write],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)
        os.close(write)
        with os.fdopen(read) as f:
            self.address = f.readline().strip()
        if not self.address:
            raise LeftBehind("dbus-daemon gave no address")
        self.previous = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = self.address
        return self

    def __exit__(self, exc_type, exc, traceback):
        if self.previous is None:
            os.environ.pop("DBUS_SESSION_BUS_ADDRESS", None)
        else:
            os.environ["DBUS_SESSION_BUS_ADDRESS"] = self.previous
        # What the test started has ended by now; what is left was activated on the bus
        # (its children), or is a host the test did not stop.
        deadline = time.monotonic() + 5
        left = processes_using(self.address)
        while left and time.monotonic() < deadline:
            time.sleep(0.1)
            left = processes_using(self.address)
        described = ["%d %s" % (pid, _command(pid)) for pid in left]
        new_mounts = self.new_mounts()
        for pid in left:
            _end(pid)
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for point in self.new_mounts():
            if subprocess.run(["fusermount3", "-uz", point], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode != 0:
                subprocess.run(["umount", "-l", point], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for name in os.listdir(self.folder):
            os.unlink(os.path.join(self.folder, name))
        os.rmdir(self.folder)
        problems = []
        if described:
            problems.append("processes still on the test's session bus (ended now): " + "; ".join(described))
        if new_mounts:
            problems.append("FUSE mounts left (unmounted now): " + ", ".join(new_mounts))
        if problems and exc_type is None:
            raise LeftBehind("; ".join(problems))
        return False


    def new_mounts(self):
        """FUSE mounts under the watched folders that were not there at the start."""
        return sorted(point for point in fuse_mounts() - self.mounts_before
                      if any(point == w or point.startswith(w + "/") for w in self.watched))


def _command(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def _end(pid):
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
