#!/usr/bin/env bash
# The AppStream campaign: first-open on real metainfo files, as a new user would meet
# them. Downloads a broad set of Debian desktop packages (GNOME, KDE, Xfce) with
# `apt-get download`, unpacks them with `dpkg-deb -x` (never installed), and for every
# metainfo file found (/usr/share/metainfo, /usr/share/appdata) runs, with a spec that
# names the file (VersionFrom=metainfo:, ReleaseNotes=):
#   first-open validate
#   first-open explain, from the oldest release the file lists (a record seeded there)
#   first-open screenshot --kind whats-new --from OLDEST
# then prints a tally: files, validate clean/warn/fail by message, explain verdicts,
# rendered, median render time. Figures: docs/spec-format.md ("Real metainfo files").
#
#   scripts/appstream-campaign.sh [PACKAGE…]     (default: the list below)
#
# Everything downloaded or rendered stays in .build/appstream-campaign (never
# committed: it is third-party text). Needs network access to the Debian archive
# (run `apt-get update` once first) and xvfb (the renderer starts its own server).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=("$@")
if [ ${#packages[@]} -eq 0 ]; then
    packages=(
        # GNOME core and circle apps
        gnome-software gnome-software-common gnome-calculator gnome-calendar gnome-clocks
        gnome-contacts gnome-maps gnome-weather gnome-text-editor gedit gedit-common nautilus
        nautilus-data evince evince-common eog totem totem-common rhythmbox rhythmbox-data
        cheese gnome-disk-utility baobab gnome-system-monitor gnome-terminal gnome-characters
        gnome-font-viewer gnome-logs gnome-music gnome-photos gnome-sound-recorder gnome-tweaks
        gnome-boxes simple-scan file-roller seahorse epiphany-browser epiphany-browser-data
        evolution evolution-common geary gnome-connections gnome-console meld gitg lollypop
        shotwell shotwell-common polari dconf-editor gnome-dictionary d-spy sysprof
        gnome-firmware gnome-screenshot deja-dup endeavour gnome-builder gnome-usage
        gnome-chess gnome-mines quadrapassel iagno aisleriot gnome-sudoku four-in-a-row
        swell-foop tali gnome-2048 hitori lightsoff gnome-robots gnome-nibbles gnome-klotski
        gnome-mahjongg gnome-taquin gnome-tetravex five-or-more pitivi transmission-gtk
        fragments shortwave
        # KDE
        kate kwrite konsole dolphin okular gwenview ark kcalc spectacle elisa filelight
        partitionmanager kcharselect kolourpaint konversation kmahjongg kmines kpat ksudoku
        knights kgeography kompare kfind sweeper kamoso kwalletmanager ktimer kteatime
        kdiamond bomber granatier
        # Xfce and others
        mousepad ristretto thunar xfce4-terminal parole xfburn xfce4-screenshooter
        xfce4-taskmanager xfce4-dict catfish galculator
    )
fi

scripts/build-translations.sh .build/locale >/dev/null
swift build -c release --static-swift-stdlib --product first-open >&2
swift build -c release --static-swift-stdlib --product first-open-window >&2
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"

work="$PWD/.build/appstream-campaign"
mkdir -p "$work/debs" "$work/root"
missing=()
for package in "${packages[@]}"; do
    if ! compgen -G "$work/debs/${package}_*.deb" >/dev/null; then
        (cd "$work/debs" && apt-get download -q "$package" >/dev/null 2>&1) || missing+=("$package")
    fi
done
for deb in "$work"/debs/*.deb; do
    name=$(basename "$deb" .deb)
    [ -d "$work/root/$name" ] || dpkg-deb -x "$deb" "$work/root/$name"
done
[ ${#missing[@]} -eq 0 ] || echo "not downloadable (apt-get update?): ${missing[*]}" >&2

FIRST_OPEN_LOCALEDIR="$PWD/.build/locale" exec python3 - "$bin" "$work" "${#packages[@]}" <<'EOF'
"""Runs first-open on every metainfo file under WORK/root and prints the tally."""
import collections
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

BIN, WORK, ASKED = sys.argv[1], sys.argv[2], int(sys.argv[3])
FIRST_OPEN = os.path.join(BIN, "first-open")
runs = os.path.join(WORK, "runs")
shutil.rmtree(runs, ignore_errors=True)
os.makedirs(runs)
env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8",
           XDG_STATE_HOME=os.path.join(runs, "state"), XDG_CONFIG_HOME=os.path.join(runs, "config"),
           XDG_CONFIG_DIRS=os.path.join(runs, "etc-xdg"))
env.pop("DISPLAY", None)  # explain must not depend on a display; screenshot starts its own


def run(*args):
    return subprocess.run([FIRST_OPEN, *args], env=env, capture_output=True, text=True, timeout=120)


def shape(line):
    """A validate message with its file, values and numbers taken out, to count kinds."""
    message = line.split(": warning: ", 1)[-1].split(": error: ", 1)[-1]
    message = re.sub(r"(/[^\s:]+)+", "PATH", message)
    message = re.sub(r"\"[^\"]*\"|“[^”]*”", "\"…\"", message)
    message = re.sub(r"\d+", "N", message)
    return message


files = sorted(p for d in ("metainfo", "appdata")
               for p in glob.glob(os.path.join(WORK, "root", "*", "usr", "share", d, "*.xml")))
packages = {p.split(os.sep)[len(WORK.split(os.sep)) + 1] for p in files}
verdicts = collections.Counter()
kinds = collections.Counter()
explained = collections.Counter()
rendered, render_times, not_rendered = 0, [], collections.Counter()
with_releases = with_notes = development_with_notes = 0

for index, path in enumerate(files):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        verdicts["unparsable XML (Python)"] += 1
        continue
    component_id = (root.findtext("id") or "").strip().removesuffix(".desktop")
    app_id = component_id if re.fullmatch(r"[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+", component_id) \
        else "org.example.campaign.n%d" % index
    name = (root.findtext("name") or component_id or "App").strip().replace("\n", " ")
    releases = root.findall("./releases/release")
    if releases:
        with_releases += 1
    noted = [r for r in releases if r.find("description") is not None]
    if noted:
        with_notes += 1
    development_with_notes += sum(1 for r in noted if r.get("type") == "development")
    spec = os.path.join(runs, "%03d.spec" % index)
    with open(spec, "w", encoding="utf-8") as f:
        f.write("[First Open]\nAppId=%s\nName=%s\nVersionFrom=metainfo:%s\nReleaseNotes=%s\n"
                % (app_id, name, path, path))

    result = run("validate", spec)
    lines = [l for l in result.stdout.splitlines() if ": warning: " in l or ": error: " in l]
    verdict = "fail" if result.returncode != 0 else ("warn" if lines else "clean")
    verdicts[verdict] += 1
    for line in lines:
        kinds[("error: " if ": error: " in line else "warning: ") + shape(line)] += 1
    if result.returncode != 0:
        continue

    versions = [r.get("version") for r in releases if r.get("version")]
    if not versions:
        explained["no release version to start from"] += 1
        continue
    oldest = versions[-1]
    run("reset", spec)
    seeded = run("mark-seen", spec, "--version", oldest)
    if seeded.returncode != 0:
        explained["mark-seen %s failed (%d)" % (oldest, seeded.returncode)] += 1
        continue
    explain = run("explain", spec)
    explained[(explain.stdout.split() or ["exit %d" % explain.returncode])[0].rstrip(":")] += 1

    output = os.path.join(runs, "%03d.png" % index)
    start = time.monotonic()
    shot = run("screenshot", spec, "--kind", "whats-new", "--from", oldest, "--output", output)
    elapsed = time.monotonic() - start
    if shot.returncode == 0 and os.path.exists(output):
        rendered += 1
        render_times.append(elapsed)
    else:
        reason = (shot.stderr.strip().splitlines() or ["exit %d" % shot.returncode])[-1]
        not_rendered[shape(reason)] += 1

print("packages: %d asked, %d with metainfo files" % (ASKED, len(packages)))
print("metainfo files: %d (%d with <releases>, %d with a release description, "
      "%d development releases with a description)" % (len(files), with_releases, with_notes,
                                                       development_with_notes))
print("validate: %d clean, %d with warnings, %d failed" % (verdicts["clean"], verdicts["warn"], verdicts["fail"]))
for kind, count in kinds.most_common():
    print("  %4d  %s" % (count, kind))
print("explain from the oldest listed release: " + ", ".join("%s %d" % kv for kv in explained.most_common()))
print("screenshot --kind whats-new: %d rendered" % rendered
      + (", median %.0f ms per run (a process and its private Xvfb each)" % (statistics.median(render_times) * 1000)
         if render_times else ""))
for reason, count in not_rendered.most_common():
    print("  not rendered %4d  %s" % (count, reason))
print("renders and specs: %s" % runs)
EOF
