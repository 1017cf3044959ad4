#!/usr/bin/env python3
"""Benchmarks for first-open, each printed as a ratio against a reference
measured in the same run on the same machine (DESIGN.md, "Performance").

  1. login, nothing to show: `first-open SPEC` for an already seen version vs a
     small C program that reads the same spec and record with GLib (nothing.c);
     also checks that the process mapped no GTK library.
  2. showing the window: `first-open-window show` until the first frame is drawn
     vs the same layout in plain C GTK 3 (window.c), both with GDK_GL=disable.
  3. screenshot batch: N variants rendered by one `first-open screenshot` vs one
     process start per variant.

Usage: benchmarks/run.py [--runs N] [--bin DIR]   (needs a display: run it under
xvfb-run, as scripts/benchmark.sh does). Wall time is the median of N runs;
memory is the median peak RSS (getrusage of each child).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "data", "examples", "org.example.Car.spec")
RUSAGE = None  # the launcher, compiled into the work folder by main()


def measure(command, env, runs):
    """Median wall seconds and median peak RSS (MiB) of `runs` runs of command,
    each started by the small C launcher rusage.c (see there why)."""
    times, rss = [], []
    for _ in range(runs):
        result = subprocess.run([RUSAGE, *command], env=env, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"benchmark: {' '.join(command)} failed: {result.stderr.strip()}")
        seconds, kib = result.stdout.split()
        times.append(float(seconds))
        rss.append(int(kib) / 1024)
    return statistics.median(times), statistics.median(rss)


def compile_reference(source, output, packages):
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", *packages], text=True).split() if packages else []
    subprocess.check_call(["cc", "-O2", "-o", output, os.path.join(ROOT, "benchmarks", source), *flags])


def report(name, ours, reference):
    (our_time, our_rss), (ref_time, ref_rss) = ours, reference
    print(f"{name}:")
    print(f"  first-open  {our_time * 1000:8.2f} ms  {our_rss:7.1f} MiB")
    print(f"  reference   {ref_time * 1000:8.2f} ms  {ref_rss:7.1f} MiB")
    print(f"  ratio       {our_time / ref_time:8.2f} x time  {our_rss / ref_rss:5.2f} x memory")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--batch", type=int, default=8, help="variants in the screenshot batch")
    args = parser.parse_args()
    first_open = os.path.join(args.bin, "first-open")
    helper = os.path.join(args.bin, "first-open-window")

    work = tempfile.mkdtemp(prefix="first-open-bench-")
    try:
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"),
                   XDG_CONFIG_HOME=os.path.join(work, "config"), GDK_GL="disable", NO_AT_BRIDGE="1")
        nothing = os.path.join(work, "nothing")
        window = os.path.join(work, "window")
        compile_reference("nothing.c", nothing, ["glib-2.0"])
        compile_reference("window.c", window, ["gtk+-3.0"])
        global RUSAGE
        RUSAGE = os.path.join(work, "rusage")
        compile_reference("rusage.c", RUSAGE, [])

        # 1. The login path with nothing to show.
        subprocess.check_call([first_open, "mark-seen", SPEC], env=env, stdout=subprocess.DEVNULL)
        maps = subprocess.run([first_open, SPEC], env=dict(env, LD_DEBUG="libs"),
                              capture_output=True, text=True).stderr
        gtk_loaded = "libgtk-3" in maps
        report("login, nothing to show (first-open SPEC vs C + GLib keyfile reader)",
               measure([first_open, SPEC], env, args.runs),
               measure([nothing, SPEC], env, args.runs))
        print(f"  GTK loaded on this path: {'YES (regression)' if gtk_loaded else 'no'}")
        floor = os.path.join(work, "floor")
        subprocess.check_call(["swiftc", "-O", "-static-stdlib", "-o", floor,
                               os.path.join(ROOT, "benchmarks", "floor.swift")])
        floor_time, floor_rss = measure([floor], env, args.runs)
        print(f"  (floor: a static Swift program that only prints a line: "
              f"{floor_time * 1000:.2f} ms, {floor_rss:.1f} MiB)")

        # 2. Showing the window until its first frame.
        draw_env = dict(env, FIRST_OPEN_QUIT_WHEN_DRAWN="1")
        report("show the Welcome window until drawn (vs the same window in C GTK 3)",
               measure([helper, "show", "--kind", "welcome", "--", SPEC], draw_env, max(5, args.runs // 3)),
               measure([window, os.path.join(os.path.dirname(SPEC), "icons")], env, max(5, args.runs // 3)))

        # 3. Screenshot batch vs one process per image.
        locales = ["en", "de", "fr", "es", "he", "ar", "en", "de"][: max(1, min(args.batch, 8))]
        out = os.path.join(work, "shots")
        os.makedirs(out)
        batch_command = [first_open, "screenshot", SPEC, "--locale", ",".join(sorted(set(locales))),
                         "--theme", "light,dark", "--output", os.path.join(out, "{locale}-{theme}.png")]
        variants = len(set(locales)) * 2
        single = [first_open, "screenshot", SPEC, "--output", os.path.join(out, "single.png")]
        batch_time, batch_rss = measure(batch_command, env, 3)
        single_time, single_rss = measure(single, env, 3)
        per_image = (batch_time - single_time) / max(1, variants - 1)
        print("screenshot batch:")
        print(f"  one process, {variants} images  {batch_time * 1000:8.1f} ms  {batch_rss:7.1f} MiB")
        print(f"  one process, 1 image    {single_time * 1000:8.1f} ms  {single_rss:7.1f} MiB")
        print(f"  per extra image         {per_image * 1000:8.1f} ms")
        print(f"  ratio per-image / process start  {per_image / single_time:5.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
