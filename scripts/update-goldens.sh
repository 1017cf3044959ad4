#!/bin/sh
# Regenerates the golden images of Tests/FirstOpenToolTests/ScreenshotGoldenTests.swift
# (on Debian 13 those of Tests/Golden/debian-13, its own, in the same layout):
#   Tests/Golden/{welcome,whats-new}-{en,he}-{light,dark}@{1,2}x.png   (16 PNGs)
# from data/examples/org.example.Car.spec, all in one `first-open screenshot` process, and
#   Tests/Golden/notes/whats-new-{en,he}-{light,dark}@1x.png           (4 PNGs)
# a long What's New of AppStream release notes from Tests/Golden/notes/org.example.Maps.spec
# (the user recorded 2.4 and now has 3.5).
# Run it after an intended change to the window, the example spec or a translation,
# LOOK at the changed images (git diff --stat Tests/Golden; an image viewer), then
# commit them with the change.
#
#   scripts/update-goldens.sh [--scratch-path DIR]     (default DIR: .build)
#
# Needs xvfb (the renderer starts a private Xvfb server) and gettext (msgfmt).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
scratch="$root/.build"
if [ "${1:-}" = "--scratch-path" ] && [ -n "${2:-}" ]; then
    scratch=$2
elif [ $# -gt 0 ]; then
    echo "usage: scripts/update-goldens.sh [--scratch-path DIR]" >&2
    exit 64
fi

cd "$root"
# Debian 13's golden images are its own (ScreenshotFixture.goldenDirectory says why).
golden=Tests/Golden
if grep -qx 'ID=debian' /etc/os-release && grep -qx 'VERSION_ID="\{0,1\}13"\{0,1\}' /etc/os-release; then
    golden=Tests/Golden/debian-13
fi
mkdir -p "$golden/notes"
swift build --scratch-path "$scratch" --product first-open >&2
swift build --scratch-path "$scratch" --product first-open-window >&2
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
scripts/build-translations.sh "$root/.build/locale" >&2

# Keep in step with ScreenshotGoldenTests.matrixArguments.
FIRST_OPEN_LOCALEDIR="$root/.build/locale" "$bin/first-open" screenshot data/examples/org.example.Car.spec \
    --kind welcome,whats-new --locale en,he --theme light,dark --scale 1,2 --width 480 \
    --output "$golden/{kind}-{locale}-{theme}@{scale}x.png"
FIRST_OPEN_LOCALEDIR="$root/.build/locale" "$bin/first-open" screenshot Tests/Golden/notes/org.example.Maps.spec \
    --kind whats-new --from 2.4 --locale en,he --theme light,dark --scale 1 --width 480 \
    --output "$golden/notes/{kind}-{locale}-{theme}@{scale}x.png"
