#!/usr/bin/env python3
"""How a What's New window's cost grows with its content (issue 26): time until the
window is mapped (X11 MapNotify, mapwatch.c), until its first frame is drawn (the
window helper quits then: FIRST_OPEN_QUIT_WHEN_DRAWN), and the peak RSS at both, for
metainfo files whose window crosses N = 1, 10, 100 and 1000 releases (each release
three paragraphs and a five-item list, as real GNOME release notes look), the largest
file under the window's caps (docs/spec-format.md, "Limits": 4000 texts and ~250,000
characters in 160 releases), the N = 1000 file crossed by one release only (its
old notes are left unread), and three hostile files under the 4 MiB file cap (one
3 MB paragraph, one 1 MB word, 10,000 <li>); then the peak RSS 3 s after the start of
a window left open (what it builds without the user scrolling). Every figure is printed with its ratio
against N = 1 measured in the same run, interleaved (one run of each file in turn,
medians), so a machine that gets busier affects them alike.

    benchmarks/notes-curve.py [--runs N] [--bin DIR]

Needs an X display (scripts/benchmark.sh runs it under a private Xvfb after
benchmarks/run.py). The binaries are copied into a scratch folder first, as run.py does.
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
TITLE = "What's New in Notes"


def release(version, body):
    return (f'<release version="{version}" date="2024-01-01"><description>\n{body}\n'
            f'</description><url type="details">https://example.org/{version}</url></release>')


def write(path, releases):
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<component type="desktop-application">\n'
                "<id>org.example.Notes</id>\n<name>Notes</name>\n<releases>\n"
                + "\n".join(releases) + "\n</releases>\n</component>\n")


def typical(version):
    paragraphs = "\n".join(f"<p>Paragraph {i} of version {version}: a sentence or two about what changed, "
                           f"as release notes are written.</p>" for i in range(3))
    items = "".join(f"<li>Change {i} of version {version}, in one line</li>" for i in range(5))
    return release(version, f"{paragraphs}\n<ul>{items}</ul>")


def files(work):
    made = {}
    for count in [1, 10, 100, 1000]:
        path = os.path.join(work, f"n{count}.metainfo.xml")
        write(path, [typical(f"{version}.0") for version in range(count, 0, -1)])
        made[f"N={count}"] = path
        if count == 1000:
            # An update that crosses one release of a long history: the usual case.
            made["1 of 1000 (--from 999.0)"] = path
    # Exactly the window's text cap (4000 texts, 248,000 characters) in 160 releases.
    item = "x" * 55
    path = os.path.join(work, "capped.metainfo.xml")
    write(path, [release(f"{v}.0", "<ul>" + "".join(f"<li>{v}.{i:02d} {item}</li>" for i in range(25)) + "</ul>")
                 for v in range(160, 0, -1)])
    made["largest under the caps"] = path
    for slug, name, body in [("paragraph", "3 MB paragraph", "<p>" + "lorem ipsum " * 262144 + "</p>"),
                             ("word", "1 MB word", "<p>" + "x" * (1 << 20) + "</p>"),
                             ("items", "10,000 <li>", "<ul>" + "".join(f"<li>i{i}</li>" for i in range(10000)) + "</ul>")]:
        path = os.path.join(work, slug + ".metainfo.xml")
        write(path, [release("2.0", body)])
        made[name] = path
    return made


def start(name):
    """The recorded version of a case: every release crossed, but for "1 of 1000"."""
    return "999.0" if name.startswith("1 of") else "0"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7, help="rounds (each runs every file once)")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="first-open-notes-")
    try:
        for name in ["first-open", "first-open-window"]:
            shutil.copy2(os.path.join(args.bin, name), os.path.join(work, name))
        mapwatch = os.path.join(work, "mapwatch")
        flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "x11"], text=True).split()
        subprocess.check_call(["cc", "-O2", "-o", mapwatch, os.path.join(ROOT, "benchmarks", "mapwatch.c"), *flags])
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"), XDG_CONFIG_HOME=os.path.join(work, "config"),
                   FIRST_OPEN_QUIT_WHEN_DRAWN="1")
        inputs = files(work)
        samples = {name: [] for name in inputs}
        for _ in range(args.runs):
            for name, path in inputs.items():
                command = [mapwatch, "--until-exit", TITLE, os.path.join(work, "first-open"),
                           "show", "--force", "whats-new", "--from", start(name), path]
                result = subprocess.run(command, env=env, capture_output=True, text=True)
                if result.returncode != 0:
                    sys.exit(f"notes-curve: {name}: {result.stderr.strip()}")
                samples[name].append([float(field) for field in result.stdout.split()])
        # Once the window has built what it builds without the user (the first screen,
        # then about ten screens from idle time): its peak RSS 3 s after the start.
        settled = {}
        env_shown = dict(env)
        env_shown.pop("FIRST_OPEN_QUIT_WHEN_DRAWN")
        for name, path in inputs.items():
            process = subprocess.Popen([os.path.join(work, "first-open"), "show", "--force", "whats-new", "--from",
                                        start(name), path], env=env_shown, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            time.sleep(3)
            with open(f"/proc/{process.pid}/status") as status:
                settled[name] = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
            process.terminate()
            process.wait()
        load = os.getloadavg()
        print(f"\nWhat's New window by content (median of {args.runs} interleaved runs; load average "
              f"{load[0]:.2f} on {os.cpu_count()} cores; ratios against N=1 of the same run):")
        print(f"  {'content':26s} {'file':>8s} {'mapped':>9s} {'RSS':>8s} {'drawn':>9s} {'RSS':>8s}"
              f"   {'mapped':>7s} {'drawn':>7s} {'RSS drawn':>10s} {'RSS at 3 s':>11s}")

        def med(name, index):
            return statistics.median(sample[index] for sample in samples[name])

        base = [med("N=1", i) for i in range(4)]
        for name, path in inputs.items():
            mapped, mapped_kib, drawn, drawn_kib = (med(name, i) for i in range(4))
            size = os.path.getsize(path)
            size_text = f"{size / 1024:.0f} KiB" if size < 1 << 20 else f"{size / (1 << 20):.1f} MiB"
            print(f"  {name:26s} {size_text:>8s} {mapped * 1000:6.1f} ms {mapped_kib / 1024:5.1f} MiB"
                  f" {drawn * 1000:6.1f} ms {drawn_kib / 1024:5.1f} MiB"
                  f"   {mapped / base[0]:6.2f}x {drawn / base[2]:6.2f}x {(drawn_kib - base[3]) / 1024:+7.1f} MiB"
                  f" {(settled[name] - settled['N=1']) / 1024:+7.1f} MiB")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
