#!/usr/bin/env bash
# Installs the Debian packages the build, the demo and the tests need.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail

packages=(
    libgtk-3-dev pkg-config        # the GTK 3 module map
    libglib2.0-dev libpcre2-dev    # static GLib and PCRE2 archives for the static first-open
    xvfb xauth xdotool x11-utils   # headless X display for GTK tests and screenshots (xprop)
    weston                         # headless Wayland compositor for the Wayland session test
    adwaita-icon-theme librsvg2-common fonts-dejavu-core  # deterministic look
    gettext                        # msgfmt for the translations
    desktop-file-utils appstream   # validating data/ files
    meson ninja-build              # the distribution build
    gcc gobject-introspection libgirepository1.0-dev valac  # libfirst-open: C, GIR, typelib, vapi (vapigen)
    python3-gi gir1.2-gtk-3.0 gjs  # libfirst-open's Python and JavaScript examples and tests
    # the accessibility tests (Tests/Accessibility/): a private session bus, the AT-SPI
    # bus and registry, Python's Atspi bindings, and the Orca screen reader itself
    dbus-daemon at-spi2-core gir1.2-atspi-2.0 orca
    dpkg-dev debhelper build-essential lintian  # the Debian packages (scripts/test-debian-package.sh)
)

# `scripts/setup.sh --benchmark` also installs what benchmarks/run.py needs.
if [ "${1:-}" = "--benchmark" ]; then
    packages+=(python3 libx11-dev   # run.py and its C references (mapwatch.c uses Xlib)
               yad zenity)           # the peers a login script would otherwise use
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
