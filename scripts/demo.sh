#!/usr/bin/env bash
# The main job: builds the demo app and shows its Welcome window on your
# display. Where there is no display, renders it to out/demo-welcome.png instead.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --demo   # only what the demo needs (scripts/test.sh installs the rest)
scripts/build-translations.sh .build/locale
swift build --product first-open-demo >&2
demo="$(swift build --show-bin-path)/first-open-demo"
export FIRST_OPEN_LOCALEDIR="$PWD/.build/locale" GDK_GL=disable

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    exec "$demo" "$@"
fi
mkdir -p out
xvfb-run -a -s "-screen 0 1280x1024x24 -dpi 96 -nolisten tcp" \
    "$demo" --screenshot out/demo-welcome.png "$@"
echo "No display: rendered the Welcome window to out/demo-welcome.png"
