#!/usr/bin/env python3
"""Benchmarks for first-open, each printed as a ratio against references measured
in the same run on the same machine (DESIGN.md, "Performance"; figures and the
machine in docs/performance.md).

  1. login, nothing to show, for both builds of the login binary: the default
     (fully static) and the one the Debian package ships (-Dlogin_linking=dynamic,
     `--packaged`), and a third where given (`--debian-runtime`: the packaged build
     linked against the toolchain's shared Swift runtime, on Debian 13 libswiftlang's,
     found through its RUNPATH): `first-open SPEC` for an already seen version vs a
     small C program that reads the same spec and record with GLib (nothing.c); a Swift
     program that only prints a line, linked as each build (and for the dynamic
     builds once more with GLib loaded), shows the floor. Also
     checks that the process maps no GTK, GDK, X11, Wayland or cairo library.
  1b. login, nothing to show, no spec, every build: `first-open appstream:APPID` for
     an app whose metainfo file is all there is (a generated one the size of GNOME
     Software 43.5's, ~200 KiB: 20 releases, 12 languages), vs a small C program that
     reads the same metainfo file with GMarkup and the same record (nothing-metainfo.c).
  2. login, window due: `first-open SPEC` (Welcome due; it execs the window
     helper) with the caller's environment, as a session starts it, until the
     window is mapped (X11 MapNotify, seen by mapwatch.c) and until its first frame
     is drawn; vs the same window in plain C GTK 3 (window.c) with GDK_GL=disable:
     the C floor, built with first-open's widget structure (header bar, scrolled
     header and rows, hidden info bar, Continue + secondary button; the ratios are
     against it), and DESIGN.md's plain window (no header bar) as an extra line; the
     same C program with the caller's environment, and the
     peers a login script would otherwise use: `yad` and `zenity --info` with the
     same title.
  3. screenshot batch: N variants rendered by one `first-open screenshot` vs one
     process start per variant.

All programs of a section are run interleaved (one run of each in turn), so a
machine that gets busier or quieter during the run affects them alike; times are
medians. The binaries are copied into a scratch folder first, as an installer writes
them: a binary the linker has just written (through mmap) started up to 0.5 ms slower
per run here than a copy of it. Usage: benchmarks/run.py [--runs N] [--bin DIR]
[--packaged FILE] [--debian-runtime FILE] [--login-only] (needs an X display: run it
under xvfb-run, as scripts/benchmark.sh does; --login-only measures sections 1 and 1b,
which need no display and no window helper).
"""
import argparse
import os
import platform
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "data", "examples", "org.example.Car.spec")
TITLE = "Welcome to Car"
TOOLS = {}  # the small C launchers, compiled into the work folder by main()


def compile_c(source, output, packages):
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", *packages], text=True).split() if packages else []
    subprocess.check_call(["cc", "-O2", "-o", output, os.path.join(ROOT, "benchmarks", source), *flags])


def run_tool(tool, command, env):
    result = subprocess.run([TOOLS[tool], *command], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"benchmark: {' '.join(command)} failed: {result.stderr.strip()}")
    return [float(field) for field in result.stdout.split()]


def interleaved(programs, runs, measure):
    """Runs every program once per round, `runs` rounds; returns, per program, the
    list of measurements (each a list of numbers)."""
    samples = {name: [] for name in programs}
    for _ in range(runs):
        for name, (command, env) in programs.items():
            samples[name].append(measure(command, env))
    return samples


def median(samples, index):
    return statistics.median(sample[index] for sample in samples)


def loader_log(binary, env, spec):
    """The loader's LD_DEBUG=libs log of the nothing path, or None for a static binary,
    which has no loader (no PT_INTERP, no PT_DYNAMIC) and maps no shared library."""
    with open(binary, "rb") as f:
        head = f.read(64)
        phoff, = struct.unpack_from("<Q", head, 32)
        phentsize, phnum = struct.unpack_from("<HH", head, 54)
        f.seek(phoff)
        headers = f.read(phentsize * phnum)
    types = [struct.unpack_from("<I", headers, i * phentsize)[0] for i in range(phnum)]
    if 3 not in types and 2 not in types:
        return None
    return subprocess.run([binary, spec], env=dict(env, LD_DEBUG="libs"), capture_output=True, text=True).stderr


def loader_report(log):
    """Whether the nothing path maps a GTK library, from its loader_log."""
    if log is None:
        return "none (statically linked: no loader, no shared library)"
    found = [lib for lib in ["libgtk-3", "libgdk-3", "libX11", "libwayland-client", "libcairo"] if lib in log]
    return f"YES: {', '.join(found)} (regression)" if found else "none (dynamically linked; LD_DEBUG=libs)"


def search_path(binary):
    """The binary's RUNPATH or RPATH (readelf -d), or 'none'."""
    if not shutil.which("readelf"):
        return "unknown (no readelf)"
    dynamic = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True).stdout
    paths = [line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines()
             if "(RUNPATH)" in line or "(RPATH)" in line]
    return ", ".join(paths) or "none"


def loaded_libraries(log):
    """The shared libraries the loader initialised, in order, from a loader_log."""
    names = []
    for line in log.splitlines():
        if "calling init:" in line:
            name = os.path.basename(line.split("calling init:", 1)[1].strip())
            if name not in names:
                names.append(name)
    return names


def machine_description():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def load_line(label):
    load = os.getloadavg()
    cores = os.cpu_count() or 1
    busy = " (BUSY: other work competes for the CPUs; ratios are the figures to use)" if load[0] > 0.5 * cores else ""
    return f"{label}: load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {cores} cores{busy}"


def login_section(title, builds, runs, argument, env, reference_label, reference_command, floors=True):
    """The nothing-due login path of each build for `argument` (already marked seen)
    against its C reference, all interleaved; with `floors`, the Swift floor of each
    build too."""
    print(f"\nlogin, nothing to show: {title} (median of {runs} interleaved runs; wall time, peak RSS, "
          f"CPU time = user + system):")
    programs = {reference_label: (reference_command, env)}
    for label, binary, floor in builds:
        programs[f"first-open, {label}"] = ([binary, argument], env)
    if floors:
        for label, binary, build_floors in builds:
            for suffix, floor in build_floors:
                programs[f"(Swift floor{suffix}: prints a line; build: {label})"] = ([floor], env)
    samples = interleaved(programs, runs, lambda command, e: run_tool("rusage", command, e))
    ref = [median(samples[reference_label], i) for i in range(3)]
    for name in programs:
        ms, kib, cpu = (median(samples[name], i) for i in range(3))
        row = f"  {name:52s} {ms * 1000:6.2f} ms {kib / 1024:5.1f} MiB  CPU {cpu * 1000:5.2f} ms"
        if name != reference_label:
            row += f"  {ms / ref[0]:4.2f}x time {kib / 1024 - ref[1] / 1024:+5.1f} MiB  {cpu / ref[2]:4.2f}x CPU"
        print(row)


def print_row(label, milliseconds, mib, reference_ms=None, reference_mib=None):
    ratio = ""
    if reference_ms:
        ratio = f"  {milliseconds / reference_ms:5.2f}x time"
        if reference_mib:
            ratio += f"  {mib - reference_mib:+6.1f} MiB"
    print(f"  {label:44s} {milliseconds:8.2f} ms  {mib:6.1f} MiB{ratio}")


def write_translated_metainfo(path, releases=20, languages=12):
    """A metainfo file shaped like a GNOME app's as distributions ship it: every
    paragraph and item of every release translated (itstool's layout)."""
    langs = ["ar", "be", "ca", "cs", "da", "de", "el", "es", "eu", "fa", "fi", "fr", "gl", "he", "hr", "hu",
             "id", "it", "ja", "ka", "ko", "nl", "pl", "pt_BR", "ru", "sv", "tr", "uk", "zh_CN"][:languages]

    def unit(tag, text):
        lines = ["<%s>%s</%s>" % (tag, text, tag)]
        lines += ['<%s xml:lang="%s">%s (%s)</%s>' % (tag, lang, text, lang, tag) for lang in langs]
        return "\n".join(lines)

    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<component type="desktop-application">',
           "<id>org.example.Notes</id>", unit("name", "Notes"), "<releases>"]
    major = 40 + releases // 6
    for index in range(releases):
        version = "%d.%d" % (major - index // 6, 5 - index % 6)
        kind = ' type="development"' if index % 6 == 5 and index else ""
        out.append('<release version="%s" date="2024-01-01"%s><description>' % (version, kind))
        out.append(unit("p", "This is a stable release with the following changes:"))
        out.append("<ul>")
        out += [unit("li", "Change number %d of version %s, described in one sentence" % (i, version))
                for i in range(8)]
        out.append("</ul></description></release>")
    out += ["</releases>", "</component>"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30, help="rounds for the nothing-due path")
    parser.add_argument("--window-runs", type=int, default=11, help="rounds for the window path")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--packaged", help="first-open built as the Debian package builds it "
                        "(-Dlogin_linking=dynamic; scripts/benchmark.sh builds it)")
    parser.add_argument("--debian-runtime", help="first-open built as packaged but linked against the "
                        "toolchain's shared Swift runtime (on Debian 13 libswiftlang's; scripts/benchmark.sh "
                        "--shared-swift-runtime builds it)")
    parser.add_argument("--batch", type=int, default=8, help="variants in the screenshot batch")
    parser.add_argument("--skip-screenshots", action="store_true")
    parser.add_argument("--login-only", action="store_true",
                        help="only the nothing-due login paths (sections 1 and 1b): no window, no screenshots")
    args = parser.parse_args()

    print(f"machine: {machine_description()}")
    print(load_line("at start"))
    work = tempfile.mkdtemp(prefix="first-open-bench-")
    try:
        # Copies, as installed (see above); the window helper next to first-open, where
        # first-open looks for it.
        static_dir, packaged_dir = os.path.join(work, "static"), os.path.join(work, "packaged")
        shared_dir = os.path.join(work, "shared")
        for folder, login in [(static_dir, os.path.join(args.bin, "first-open")), (packaged_dir, args.packaged),
                              (shared_dir, args.debian_runtime)]:
            if login:
                os.makedirs(folder)
                shutil.copy2(login, os.path.join(folder, "first-open"))
                if not args.login_only:
                    shutil.copy2(os.path.join(args.bin, "first-open-window"),
                                 os.path.join(folder, "first-open-window"))
        first_open = os.path.join(static_dir, "first-open")
        # The caller's environment, as a session starts first-open, with a private record.
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"),
                   XDG_CONFIG_HOME=os.path.join(work, "config"))
        env.pop("FIRST_OPEN_QUIT_WHEN_DRAWN", None)
        for name, source, packages in [("nothing", "nothing.c", ["glib-2.0"]),
                                       ("nothing-metainfo", "nothing-metainfo.c", ["glib-2.0"]),
                                       ("window", "window.c", ["gtk+-3.0"]),
                                       ("rusage", "rusage.c", []), ("mapwatch", "mapwatch.c", ["x11"])]:
            TOOLS[name] = os.path.join(work, name)
            compile_c(source, TOOLS[name], packages)
        # The Swift floor, linked as each build of the login binary is: fully static, or
        # as Package.swift and debian/rules link the packaged build (without its symbol
        # order, which lists first-open's functions); both with Sources/Shims/CProgramStart,
        # as the programs are. The packaged build's floor also once with GLib loaded
        # (nothing called): what a dynamic Swift + GLib program costs before any work.
        floor_source = os.path.join(ROOT, "benchmarks", "floor.swift")
        start = os.path.join(ROOT, "Sources", "Shims", "CProgramStart")
        start_objects = []
        # The toolchain's clang (swiftcall): Debian's swiftlang has it next to swiftc only.
        swiftc_folder = os.path.dirname(os.path.realpath(shutil.which("swiftc") or "swiftc"))
        clang = os.path.join(swiftc_folder, "clang") if os.path.exists(os.path.join(swiftc_folder, "clang")) else "clang"
        for name in ["program_arguments.c", "runtime_paths.c"]:
            start_objects.append(os.path.join(work, name + ".o"))
            subprocess.check_call([clang, "-O2", "-fPIC", "-I", os.path.join(start, "include"), "-c",
                                   os.path.join(start, name), "-o", start_objects[-1]])
        # build-aux/no-icu: as Package.swift links the static first-open (Debian's Swift
        # names ICU archives it does not ship; the folder's files say why).
        link_as = {"static": ["-static-executable", "-L", os.path.join(ROOT, "build-aux", "no-icu")],
                   "packaged": ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                "-Xlinker", "--no-export-dynamic", "-L", os.path.join(ROOT, "build-aux", "static-libstdc++"),
                                "-Xclang-linker", "-static-libgcc",
                                "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"]}
        # The same without -static-stdlib: swiftc then links the toolchain's libswiftCore.so
        # and gives the program a RUNPATH to it, as SwiftPM's build of first-open gets.
        link_as["shared"] = [flag for flag in link_as["packaged"] if flag != "-static-stdlib"]
        glib_loaded = ["-Xlinker", "--no-as-needed", "-lglib-2.0"]
        builds = []
        for key, label, folder in [("static", "static (default build)", static_dir),
                                   ("packaged", "as packaged (-Dlogin_linking=dynamic)", packaged_dir),
                                   ("shared", "as packaged, shared Swift runtime", shared_dir)]:
            if not os.path.isdir(folder):
                continue
            floors = []
            for suffix, extra in [("", []), (" + GLib", glib_loaded if key != "static" else None)]:
                if extra is None:
                    continue
                floor = os.path.join(work, f"floor-{key}{suffix.strip(' +').lower()}")
                subprocess.check_call(["swiftc", "-O", *link_as[key], *extra, "-o", floor, floor_source, *start_objects],
                                      stderr=subprocess.DEVNULL)
                floors.append((suffix, floor))
            builds.append((label, os.path.join(folder, "first-open"), floors))

        # 1. The login path with nothing to show.
        subprocess.check_call([first_open, "mark-seen", SPEC], env=env, stdout=subprocess.DEVNULL)
        login_section("spec file", builds, args.runs, SPEC, env,
                      "C + GLib keyfile reader (nothing.c)", [TOOLS["nothing"], SPEC])
        logs = {binary: loader_log(binary, env, SPEC) for _, binary, _ in builds}
        for label, binary, _ in builds:
            print(f"  GTK/GDK/X11/Wayland/cairo libraries mapped, {label}: {loader_report(logs[binary])}")
        for label, binary, _ in builds:
            if logs[binary] is not None:
                libraries = loaded_libraries(logs[binary])
                print(f"  shared libraries loaded, {label}: {len(libraries)} ({', '.join(libraries)}); "
                      f"RUNPATH: {search_path(binary)}")
        if not args.packaged:
            print("  (the packaged build was not measured: pass --packaged, as scripts/benchmark.sh does)")

        # 1b. The same with no spec: the app's installed metainfo file is all there is.
        share = os.path.join(work, "share")
        os.makedirs(os.path.join(share, "metainfo"))
        metainfo = os.path.join(share, "metainfo", "org.example.Notes.metainfo.xml")
        write_translated_metainfo(metainfo)
        meta_env = dict(env, XDG_DATA_DIRS=share + ":/usr/share")
        app = "appstream:org.example.Notes"
        subprocess.check_call([first_open, "mark-seen", app], env=meta_env, stdout=subprocess.DEVNULL)
        login_section(f"no spec, a {os.path.getsize(metainfo) // 1024} KiB metainfo file (appstream:APPID)",
                      builds, args.runs, app, meta_env, "C + GLib GMarkup reader (nothing-metainfo.c)",
                      [TOOLS["nothing-metainfo"], metainfo], floors=False)

        if args.login_only:
            print()
            print(load_line("at end"))
            return

        # 2. The login path with a window due, until mapped and until the first frame.
        # A fresh record folder: Welcome is due at every run (quitting after the first
        # frame is no dismissal, so nothing is recorded).
        draw_env = dict(env, FIRST_OPEN_QUIT_WHEN_DRAWN="1", XDG_STATE_HOME=os.path.join(work, "window-state"))
        icons = os.path.join(os.path.dirname(SPEC), "icons")
        text = "A car (or automobile) is a wheeled motor vehicle used for transportation."
        programs = {
            "first-open": (["--until-exit", TITLE, first_open, SPEC], draw_env),
            "C floor": (["--until-exit", TITLE, TOOLS["window"], "--like-first-open", icons],
                        dict(env, GDK_GL="disable")),
            "C plain window": (["--until-exit", TITLE, TOOLS["window"], icons], dict(env, GDK_GL="disable")),
            "C, caller env": (["--until-exit", TITLE, TOOLS["window"], "--like-first-open", icons], env),
        }
        peers = {"yad": ["yad", "--title", TITLE, "--text", text],
                 "zenity --info": ["zenity", "--info", "--title", TITLE, "--text", text]}
        missing = []
        for name, command in peers.items():
            if shutil.which(command[0]):
                programs[name] = ([TITLE, *command], env)
            else:
                missing.append(command[0])
        samples = interleaved(programs, args.window_runs, lambda command, e: run_tool("mapwatch", command, e))
        gl = os.environ.get("GDK_GL")
        print(f"\nlogin, window due (median of {args.window_runs} interleaved runs; first-open, yad and zenity with "
              f"the caller's environment: GDK_GL {'=' + gl if gl else 'unset'}; only the C floor gets GDK_GL=disable; "
              f"every run is the first GTK program on the display):")
        print("  until mapped (X11 MapNotify; peak RSS by then):")
        floor_ms, floor_mib = median(samples["C floor"], 0) * 1000, median(samples["C floor"], 1) / 1024
        floor_label = "C floor (window.c --like-first-open, GDK_GL=disable)"
        labels = {"C floor": floor_label, "C plain window": "C plain window (DESIGN.md's first floor, no header bar)"}
        for name in programs:
            print_row(labels.get(name, name),
                      median(samples[name], 0) * 1000, median(samples[name], 1) / 1024,
                      None if name == "C floor" else floor_ms, None if name == "C floor" else floor_mib)
        print("  until the first frame is drawn (the program quits then; peak RSS):")
        frame_ms, frame_mib = median(samples["C floor"], 2) * 1000, median(samples["C floor"], 3) / 1024
        for name in ["C floor", "C plain window", "C, caller env", "first-open"]:
            print_row(labels.get(name, name),
                      median(samples[name], 2) * 1000, median(samples[name], 3) / 1024,
                      None if name == "C floor" else frame_ms, None if name == "C floor" else frame_mib)
        # CPU time moves far less than wall time when other work competes for the cores.
        cpu = {name: (median(samples[name], 4) * 1000, median(samples[name], 5) * 1000)
               for name in ["C floor", "first-open"]}
        print(f"  CPU time (user + system, all threads): until mapped: C floor {cpu['C floor'][0]:.1f} ms, "
              f"first-open {cpu['first-open'][0]:.1f} ms ({cpu['first-open'][0] / cpu['C floor'][0]:.2f}x); "
              f"until the first frame: C floor {cpu['C floor'][1]:.1f} ms, first-open {cpu['first-open'][1]:.1f} ms "
              f"({cpu['first-open'][1] / cpu['C floor'][1]:.2f}x)")
        ours_map = median(samples["first-open"], 0) * 1000
        for name in peers:
            if name in samples:
                print(f"  first-open mapped in {ours_map / (median(samples[name], 0) * 1000):.2f}x the time of {name}")
        if missing:
            print(f"  not measured (not installed: {', '.join(missing)}; scripts/setup.sh --benchmark installs them)")

        # 3. Screenshot batch vs one process per image.
        if not args.skip_screenshots:
            locales = ["en", "de", "fr", "es", "he", "ar", "en", "de"][: max(1, min(args.batch, 8))]
            out = os.path.join(work, "shots")
            os.makedirs(out)
            batch_command = [first_open, "screenshot", SPEC, "--locale", ",".join(sorted(set(locales))),
                             "--theme", "light,dark", "--output", os.path.join(out, "{locale}-{theme}.png")]
            variants = len(set(locales)) * 2
            single = [first_open, "screenshot", SPEC, "--output", os.path.join(out, "single.png")]
            samples = interleaved({"batch": (batch_command, env), "single": (single, env)}, 3,
                                  lambda command, e: run_tool("rusage", command, e))
            batch_time, batch_rss = median(samples["batch"], 0), median(samples["batch"], 1) / 1024
            single_time, single_rss = median(samples["single"], 0), median(samples["single"], 1) / 1024
            per_image = (batch_time - single_time) / max(1, variants - 1)
            print("\nscreenshot batch:")
            print(f"  one process, {variants} images  {batch_time * 1000:8.1f} ms  {batch_rss:7.1f} MiB")
            print(f"  one process, 1 image    {single_time * 1000:8.1f} ms  {single_rss:7.1f} MiB")
            print(f"  per extra image         {per_image * 1000:8.1f} ms")
            print(f"  ratio per-image / process start  {per_image / single_time:5.2f}")
        print()
        print(load_line("at end"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
