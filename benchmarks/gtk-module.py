#!/usr/bin/python3
"""What the GTK module costs an unmodified GTK 3 app with nothing due: Mousepad's time
until its main window is mapped and its peak RSS then (mapwatch.c), with and without
GTK_MODULES=<the module>, interleaved run by run, under the current X display (run it
under xvfb-run). The record says the installed version was seen, so first-open (started
by the module at idle, in its own process) decides "nothing".

    xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \\
        benchmarks/gtk-module.py --module .build/meson/native/gtk-module/libfirst-open-gtk-module.so \\
                                 --first-open .build/meson/Sources/first-open [--runs 30]

Prints the medians, their ratio and difference, the median of the per-round ratios
(both programs run back to back in each round), and the machine's load average.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TITLE = "Untitled 1 - Mousepad"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--module", required=True)
    parser.add_argument("--first-open", required=True)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--app", default="/usr/bin/mousepad")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        sys.exit("gtk-module.py: no DISPLAY (run it under xvfb-run)")
    work = tempfile.mkdtemp(prefix="first-open-module-bench-")
    try:
        mapwatch = os.path.join(work, "mapwatch")
        flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "x11"], text=True).split()
        subprocess.check_call(["cc", "-O2", "-o", mapwatch, os.path.join(ROOT, "benchmarks", "mapwatch.c"), *flags])
        env = dict(os.environ)
        for name in ["XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME"]:
            env[name] = os.path.join(work, name.lower())
            os.makedirs(env[name], exist_ok=True)
        env.pop("GTK_MODULES", None)
        env["NO_AT_BRIDGE"] = "1"
        env["FIRST_OPEN_GTK_MODULE_COMMAND"] = os.path.abspath(args.first_open)
        # Nothing due: the installed version is the one recorded.
        seen = subprocess.run([args.first_open, "mark-seen", "appstream:org.xfce.mousepad"], env=env,
                              capture_output=True, text=True)
        if seen.returncode != 0:
            sys.exit(f"gtk-module.py: mark-seen failed: {seen.stderr.strip()}")
        print(f"record: {seen.stdout.strip()}")
        with_module = dict(env, GTK_MODULES=os.path.abspath(args.module))
        programs = {"without the module": env, "with the module": with_module}
        samples = {name: [] for name in programs}
        load_before = os.getloadavg()
        for _ in range(args.runs):
            for name, program_env in programs.items():
                result = subprocess.run([mapwatch, TITLE, args.app], env=program_env, capture_output=True, text=True)
                if result.returncode != 0:
                    sys.exit(f"gtk-module.py: {name}: {result.stderr.strip()}")
                samples[name].append([float(field) for field in result.stdout.split()])
        load_after = os.getloadavg()
        base_ms = statistics.median(s[0] for s in samples["without the module"]) * 1000
        base_kib = statistics.median(s[1] for s in samples["without the module"])
        print(f"{args.app}: time until its window is mapped, peak RSS then; median of {args.runs} interleaved runs")
        for name, values in samples.items():
            ms = statistics.median(s[0] for s in values) * 1000
            kib = statistics.median(s[1] for s in values)
            low = min(s[0] for s in values) * 1000
            high = max(s[0] for s in values) * 1000
            print(f"  {name:20} {ms:7.1f} ms (range {low:.1f}-{high:.1f})  {kib / 1024:6.1f} MiB"
                  f"  {ms / base_ms:5.3f}x  {(kib - base_kib) / 1024:+.2f} MiB")
        # Each round runs both back to back: the ratio within a round moves less with the
        # machine's load than the ratio of the medians.
        pairs = [w[0] / wo[0] for w, wo in zip(samples["with the module"], samples["without the module"])]
        quartiles = statistics.quantiles(pairs, n=4)
        print(f"  per-round ratio (with / without): median {statistics.median(pairs):.3f}x, "
              f"quartiles {quartiles[0]:.3f}x-{quartiles[2]:.3f}x")
        print(f"  load average before {load_before[0]:.1f}, after {load_after[0]:.1f} (2 cores, shared)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
