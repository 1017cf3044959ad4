#!/bin/sh
# Regenerates docs/screenshots/*.png, the README's pictures: the real window on screen
# (title bar with its close button included, as a user sees it), each on a private
# Xvfb without a window manager, grabbed with GDK from the root window.
#
#   scripts/update-docs-screenshots.sh        (after `swift build`)
#
# Unlike the golden images (`first-open screenshot`, offscreen and pinned), these use
# the session's defaults plus the variables of each variant (GTK_THEME, GDK_SCALE,
# GDK_DPI_SCALE, LANGUAGE): they show what those settings do. Needs xvfb, xdotool,
# python3-gi with gir1.2-gtk-3.0. LOOK at the images before committing them.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bin=$(swift build --show-bin-path)
out="$root/docs/screenshots"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
scripts/build-translations.sh "$scratch/locale" >/dev/null

car=data/examples/org.example.Car.spec
# The example spec with a link nothing can open, for the "could not be opened" message.
sed 's|^SecondaryURL=.*|SecondaryURL=file:///nonexistent/car/news.html|' "$car" > "$scratch/car-no-link.spec"
cp -r data/examples/icons "$scratch/icons"
cp data/examples/org.example.Car.metainfo.xml "$scratch/"

# shot NAME SCREEN TITLE "KEYS" ENV... -- COMMAND...
shot() {
    name=$1 screen=$2 title=$3 keys=$4
    shift 4
    envs=""
    while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
    shift
    rm -f "$scratch/display"
    Xvfb -displayfd 3 -screen 0 "${screen}x24" -dpi 96 -nolisten tcp 3>"$scratch/display" 2>/dev/null &
    xpid=$!
    for _ in $(seq 100); do [ -s "$scratch/display" ] && break; sleep 0.05; done
    display=":$(cat "$scratch/display")"
    env DISPLAY="$display" FIRST_OPEN_LOCALEDIR="$scratch/locale" GDK_GL=disable NO_AT_BRIDGE=1 \
        XDG_STATE_HOME="$scratch/state" XDG_CONFIG_HOME="$scratch/config" LC_ALL=C.UTF-8 LANGUAGE=en \
        $envs "$@" >/dev/null 2>&1 &
    pid=$!
    window=""
    for _ in $(seq 200); do
        window=$(DISPLAY="$display" xdotool search --onlyvisible --name "^$title\$" 2>/dev/null | head -n 1) && [ -n "$window" ] && break
        sleep 0.1
    done
    sleep 0.8
    for key in $keys; do
        # Keys count from 0.5 s after the window was shown or focused (docs/window.md).
        DISPLAY="$display" xdotool windowfocus --sync "$window" sleep 0.6 key --clearmodifiers "$key"
        sleep 0.4
    done
    sleep 0.5
    eval "$(DISPLAY="$display" xdotool getwindowgeometry --shell "$window")"
    DISPLAY="$display" /usr/bin/python3 - "$out/$name" "$X" "$Y" "$WIDTH" "$HEIGHT" <<'EOF'
import sys
import gi
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk
path, x, y, width, height = sys.argv[1], *map(int, sys.argv[2:6])
root = Gdk.get_default_root_window()
Gdk.pixbuf_get_from_window(root, x, y, width, height).savev(path, "png", [], [])
EOF
    kill "$pid" "$xpid" 2>/dev/null || true
    wait "$pid" "$xpid" 2>/dev/null || true
    echo "$out/$name"
}

welcome="Welcome to Car"
whatsnew="What's New in Car"
shot welcome-light.png 1280x1024 "$welcome" "" -- "$bin/first-open" show --force welcome "$car"
shot whats-new-dark.png 1280x1024 "$whatsnew" "" GTK_THEME=Adwaita:dark -- "$bin/first-open" show --force whats-new "$car"
shot welcome-rtl.png 1280x1024 "ברוכים הבאים ל־Car" "" LANGUAGE=he -- "$bin/first-open" show --force welcome "$car"
shot welcome-high-contrast.png 1280x1024 "$welcome" "" GTK_THEME=HighContrast -- "$bin/first-open" show --force welcome "$car"
shot whats-new-high-contrast-inverse.png 1280x1024 "$whatsnew" "" GTK_THEME=HighContrastInverse -- "$bin/first-open" show --force whats-new "$car"
shot welcome-large-text.png 1024x768 "$welcome" "" GDK_DPI_SCALE=1.5 -- "$bin/first-open" show --force welcome "$car"
shot welcome-scale2.png 1024x768 "$welcome" "" GDK_SCALE=2 -- "$bin/first-open" show --force welcome "$car"
shot keyboard-focus.png 1280x1024 "$welcome" "Tab Tab" -- "$bin/first-open" show --force welcome "$car"
shot link-not-opened.png 1280x1024 "Neu in Car" "alt+v" LANGUAGE=de -- "$bin/first-open" show --force whats-new "$scratch/car-no-link.spec"
shot many-rows.png 1024x768 "$welcome" "Next" -- "$bin/first-open-demo" --rows 30
shot hostile-text.png 1280x1024 "$welcome" "" -- "$bin/first-open-demo" --hostile-text
